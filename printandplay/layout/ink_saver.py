"""``--ink-saver`` colours: full-bleed fills drawn as a pale tint, and the text, icons and
strokes drawn for such a fill recoloured so that they stay readable on the tint."""

from __future__ import annotations

from collections.abc import Callable

from printandplay.layout.face_geometry import box_rect
from printandplay.layout.legibility import GOOD_CONTRAST, contrast_ratio, relative_luminance
from printandplay.model.color import RGB
from printandplay.model.design import Box, FaceDesign
from printandplay.model.geometry import Rect

INK_SAVER_TINT = 0.15  # share of the colour kept in a full-bleed fill under --ink-saver
LIGHT = 0.6  # relative luminance above which a colour is light (unreadable on a pale fill)


def ink_saver_colors(ink: RGB, recolor: bool, bleed: bool, fill: RGB | None, color: RGB,
                     stroke: RGB | None) -> tuple[RGB | None, RGB, RGB | None]:
    """A box's ``(fill, text colour, stroke)`` under ink saver, ``ink`` being the face's
    full-bleed fill colour: a ``bleed`` fill (or a translucent one: a veil drawn for the dark
    fill) is drawn pale; with ``recolor`` (the box lies on no dark panel) light text, icons
    and strokes drawn for that fill take its colour."""
    if bleed and fill is not None:
        fill = pale_tint(fill)
    # text drawn for the dark fill: light, or too faint on its pale tint (the contrast rules
    # hold under ink saver too)
    if recolor and (relative_luminance(color) > LIGHT
                    or contrast_ratio(color, pale_tint(ink)) < GOOD_CONTRAST):
        color = readable_on(ink, pale_tint(ink))
    if recolor and stroke is not None and relative_luminance(stroke) > LIGHT:
        stroke = ink
    return fill, color, stroke


def pale_tint(color: RGB, strength: float = INK_SAVER_TINT) -> RGB:
    """``color`` mixed with white, keeping ``strength`` of it (what ``--ink-saver`` prints for
    a full-bleed fill the layout gives no ink-saver version of)."""
    return tuple(round(1 - strength * (1 - c), 4) for c in color)  # type: ignore[return-value]


def readable_on(color: RGB, background: RGB) -> RGB:
    """``color``, darkened just enough (towards black, in steps of 5 %) to reach the
    recommended contrast on ``background``: ink-saver text in the colour of the fill it
    replaces stays readable on that fill's pale tint."""
    for step in range(21):
        shade: RGB = tuple(round(c * (1 - step * 0.05), 4) for c in color)  # type: ignore[assignment]
        if contrast_ratio(shade, background) >= GOOD_CONTRAST:
            return shade
    return (0.0, 0.0, 0.0)


def on_dark_panel(box: Box, fill: RGB | None, panels: list[Rect], width: float,
                  height: float) -> bool:
    """True when ``box``'s text, icons or strokes lie on a dark panel drawn before them (light
    text there stays light; elsewhere it takes the ink). A dark opaque ``fill`` (not bleed)
    of the box is added to ``panels`` first: before its own text, so a dark box keeps white text."""
    if fill is not None and box.opacity >= 1.0 and relative_luminance(fill) <= LIGHT:  # (a veil of a
        panels.append(box_rect(box, width, height))  # dark colour over a pale tint is pale)
    if box.color is None and box.stroke is None:
        return False
    rect = box_rect(box, width, height)
    centre = Rect(rect.x + rect.w / 2, rect.y + rect.h / 2, 0, 0)
    return any(panel.contains(centre) for panel in panels)


def bleed_fill(design: FaceDesign, what: str, shown: Callable[[Box, str], bool],
               color: Callable[[Box, str], RGB | None]) -> RGB | None:
    """The colour of the design's first full-bleed fill drawn on a face, if any (``shown``:
    whether a box's ``when`` shows it on the face, ``color``: its fill's colour; both are
    given the box and what names it in errors)."""
    for box in design.boxes:
        if box.bleed and box.fill is not None:
            box_what = f"{what}, box '{box.name}' ({box.location})"
            if shown(box, box_what):
                fill = color(box, box_what)
                if fill is not None:
                    return fill
    return None
