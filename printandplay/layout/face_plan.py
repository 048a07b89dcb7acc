"""What :class:`~printandplay.layout.face.FaceComposer` keeps between faces: per face design,
the boxes that do not depend on the card (:class:`DesignPlan`); per text, its fitted lines
(:class:`FitCache`). Both are found without hashing designs, boxes or styles per face: a
design's plan by the design's identity, a text style by a number."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from printandplay.layout.face_geometry import (
    DEFAULT_STROKE,
    Transform,
    box_rect,
    is_static_box,
    placement_transform,
)
from printandplay.layout.fills import Layer, layers
from printandplay.model.color import RGB
from printandplay.model.design import Box, FaceDesign
from printandplay.model.game import Kind
from printandplay.model.geometry import Rect
from printandplay.model.ops import Face, Op
from printandplay.text.fitting import FittedText, TextStyle

FITS_MAX = 256  # fitted texts kept (the same text on several cards is fitted once)


def box_geometry(box: Box, kind: Kind) -> tuple[Rect, Transform]:
    """The rectangle of ``box`` on a face of ``kind``, and the transform of its contents."""
    rect = box_rect(box, kind.size.width, kind.size.height)
    return rect, placement_transform(box, rect)


@dataclass
class DesignPlan:
    """What is kept of one face design on one kind: each box's ops when none of its templates
    varies (``None`` when one does; per box index, or per (index, ink, on a dark panel) with
    ``--ink-saver``), each box's geometry, and the face itself when no box varies. The plan
    holds its design: the design's id, its key, cannot be reused while the plan lives."""

    design: FaceDesign
    kind: Kind
    static: dict[Hashable, tuple[Op, ...] | None] = field(default_factory=dict)
    whole: Face | None = None
    _geometry: dict[int, tuple[Rect, Transform]] = field(default_factory=dict)
    # per key of ``static``: its ops and their legibility layers
    _layers: dict[Hashable, tuple[tuple[Op, ...], list[Layer]]] = field(default_factory=dict)
    last_text: int = field(init=False)  # the last box with a text or an icon (-1: none)
    # per box: how errors name it after the face (", box 'texte' (file:line)"), on first need
    _labels: list[str] | None = field(default=None, init=False)
    _same_edges: dict[float, bool] = field(default_factory=dict, init=False)  # per reach

    def __post_init__(self) -> None:
        self.last_text = max((index for index, box in enumerate(self.design.boxes)
                              if box.text is not None or box.icon is not None), default=-1)

    def layers(self, key: Hashable, ops: tuple[Op, ...]) -> list[Layer]:
        """:func:`~printandplay.layout.fills.layers` of a static box's ``ops`` (kept)."""
        found = self._layers.get(key)
        if found is None or found[0] is not ops:
            found = self._layers[key] = (ops, layers(ops))
        return found[1]

    def label(self, index: int) -> str:
        """How errors name box ``index`` after the face: ``, box 'texte' (file:line)``."""
        labels = self._labels
        if labels is None:
            labels = self._labels = [f", box '{box.name}' ({box.location})"
                                     for box in self.design.boxes]
        return labels[index]

    def same_edges(self, reach: float) -> bool:
        """Whether every face of the design draws the same within ``reach`` of its trim
        edges: each box that varies with the component (a template, a ``when``) lies farther
        inside the trim than ``reach`` plus its stroke, and is no board (cells, track, die).
        The colours along the edges (:func:`~printandplay.layout.fills.edge_fills`) of one
        face are then those of all."""
        same = self._same_edges.get(reach)
        if same is None:
            same = self._same_edges[reach] = self._fixed_near_edges(reach)
        return same

    def _fixed_near_edges(self, reach: float) -> bool:
        width, height = self.kind.size.width, self.kind.size.height
        for index, box in enumerate(self.design.boxes):
            if is_static_box(box):
                continue
            if box.bleed or box.grid or box.track or box.die:
                return False
            rect = self.geometry(index)[0]
            margin = reach + (box.stroke_width or DEFAULT_STROKE)
            if (rect.x < margin or rect.y < margin or rect.right > width - margin
                    or rect.top > height - margin):
                return False
        return True

    def geometry(self, index: int) -> tuple[Rect, Transform]:
        """Rectangle and content transform of box ``index``."""
        found = self._geometry.get(index)
        if found is None:
            found = self._geometry[index] = box_geometry(self.design.boxes[index], self.kind)
        return found


class FitCache:
    """Fitted texts by (source, width, height, style), bounded; each box's text style made
    once per colour and numbered (a key then hashes a number, not a style)."""

    def __init__(self, min_font_size: float, rule_tags: bool = False) -> None:
        self.min_font_size = min_font_size
        self.rule_tags = rule_tags  # print rule tags (``[[OUPS-SPELL-3]]``): --debug-boxes only
        self._fits: dict[tuple[Any, ...], FittedText | None] = {}
        # per (id of a box, colour): the box (kept: its id is not reused), style, number
        self._styles: dict[tuple[int, RGB], tuple[Box, TextStyle, int]] = {}
        self._numbers: dict[TextStyle, int] = {}
        self.repeated = False  # whether the last text fitted came from the cache
        # text boxes (design, box, ops, what lies under them) that passed the legibility check
        self.checked: set[Hashable] = set()

    def style(self, box: Box, color: RGB) -> tuple[TextStyle, int]:
        """How ``box`` sets its text in ``color``, and that style's number."""
        found = self._styles.get((id(box), color))
        if found is None or found[0] is not box:
            style = text_style(box, color, self.min_font_size, self.rule_tags)
            number = self._numbers.setdefault(style, len(self._numbers))
            found = self._styles[(id(box), color)] = (box, style, number)
        return found[1], found[2]

    def get(self, key: tuple[Any, ...]) -> tuple[bool, FittedText | None]:
        """Whether ``key`` (source, width, height, style number) was fitted, and the result
        (``None``: it did not fit)."""
        self.repeated = key in self._fits
        if self.repeated:
            return True, self._fits[key]
        return False, None

    def check_key(self, box: tuple[str, str], box_ops: Sequence[Op],
                  below: Sequence[Layer]) -> Hashable | None:
        """What the legibility check of a text box depends on (besides the composer's fonts
        and minimum size): its design and box names, its ops and the layers under them; only
        when its text came from the cache (a text met once is not worth keeping)."""
        return (*box, tuple(box_ops), tuple(below)) if self.repeated else None

    def passed(self, key: Hashable | None) -> None:
        """Note that the check of ``key`` (:meth:`check_key`) passed (bounded)."""
        if key is not None:
            if len(self.checked) >= FITS_MAX:
                self.checked.clear()
            self.checked.add(key)

    def put(self, key: tuple[Any, ...], fitted: FittedText | None) -> None:
        """Keep a result (bounded: memory must not grow with the cards)."""
        if len(self._fits) >= FITS_MAX:
            self._fits.clear()
        self._fits[key] = fitted


def text_style(box: Box, color: RGB, min_font_size: float, rule_tags: bool = False
               ) -> TextStyle:
    """How ``box`` sets its text in ``color``, never under ``min_font_size``; rule tags
    (``[[ID]]``) are left out unless ``rule_tags`` (players read the cards, not rule ids)."""
    smallest = box.min_size if box.min_size is not None else box.size
    return TextStyle(
        role=box.font, size=box.size,
        min_size=min(box.size, max(smallest, min_font_size)),
        leading=box.leading, align=box.align, valign=box.valign, color=color,
        bold=box.bold, italic=box.italic, icon_scale=box.icon_scale, wrap=box.wrap,
        hyphenate=box.font != "title",
        min_tag_size=min_font_size, rule_tags=rule_tags,
    )
