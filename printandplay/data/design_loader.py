"""Reading ``templates/<game>/layouts.yaml`` into face designs: styles and layouts, resolving
``extends``.

A layout may extend another layout (its boxes come first, in the parent's order; a box of the
same name updates the inherited one key by key). Its ``ink_saver:`` changes boxes key by key for
``--ink-saver`` builds (inherited the same way). A box, or a style, may extend a named style.
Cycles and unknown parents are errors naming the file and line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printandplay.data.box_fields import BOX_CONVERTERS, BOX_KEYS
from printandplay.data.reader import (
    Fields,
    Invalid,
    Problems,
    as_str,
    type_name,
)
from printandplay.data.yamlio import LocDict, load_yaml, parse_yaml
from printandplay.errors import Location, suggest
from printandplay.model.design import Box, Dim, FaceDesign
from printandplay.units import MM

Located = dict[str, tuple[Any, Location]]


def load_face_designs(path: Path, display: str, text: str | None = None
                      ) -> dict[str, FaceDesign]:
    """Load every layout of a ``layouts.yaml`` file, fully resolved (from ``text`` when the
    caller read the file already)."""
    data = load_yaml(path, display=display) if text is None else parse_yaml(text, display)
    problems = Problems()
    top = Fields(data, "layouts.yaml", problems, Location(display))
    styles = _named_mappings(top.raw("styles", {}), "style", problems, top.at("styles"))
    layouts = _named_mappings(top.raw("layouts", {}), "layout", problems, top.at("layouts"))
    top.finish()
    problems.raise_if_any()
    resolved: dict[str, FaceDesign] = {}
    for name in layouts:
        layout = _resolve_layout(name, layouts, styles, problems, [])
        if layout is not None:
            resolved[name] = layout
    problems.raise_if_any()
    return resolved


def _named_mappings(
    node: Any, what: str, problems: Problems, where: Location
) -> dict[str, LocDict]:
    if not isinstance(node, dict):
        plural = "boxes" if what == "box" else f"{what}s"
        problems.add(where, f"'{plural}' must be a mapping of names to {plural}")
        return {}
    out = {}
    for name, value in node.items():
        if not isinstance(value, LocDict):
            at = node.at(name) if isinstance(node, LocDict) else where
            problems.add(at, f"{what} '{name}' must be a mapping, got {type_name(value)}")
            continue
        out[str(name)] = value
    return out


def _located(node: LocDict) -> Located:
    return {key: (value, node.at(key)) for key, value in node.items()}


def _extended(what: str, name: str, table: dict[str, LocDict], problems: Problems,
              where: Location, seen: list[str]) -> LocDict | None:
    """The ``what`` (style or layout) called ``name`` that an ``extends`` names, or None when
    it is unknown or already in the chain ``seen`` (reported at ``where``)."""
    if name in seen:
        problems.add(where, f"circular extends: {' → '.join([*seen, name])}")
        return None
    if name not in table:
        problems.add(where, f"unknown {what} '{name}' in extends{suggest(name, table)}")
        return None
    return table[name]


def _style_chain(
    name: str, styles: dict[str, LocDict], problems: Problems, where: Location, seen: list[str]
) -> Located | None:
    node = _extended("style", name, styles, problems, where, seen)
    if node is None:
        return None
    merged: Located = {}
    parent = node.get("extends")
    if parent is not None:
        base = _style_chain(str(parent), styles, problems, node.at("extends"), [*seen, name])
        if base is None:
            return None
        merged.update(base)
    merged.update({k: v for k, v in _located(node).items() if k != "extends"})
    return merged


def _resolve_layout(name: str, layouts: dict[str, LocDict], styles: dict[str, LocDict],
                    problems: Problems, seen: list[str]) -> FaceDesign | None:
    raw = _layout_boxes(name, layouts, styles, problems, seen, layouts[name].location)
    if raw is None:
        return None
    boxes = []
    errors_before = len(problems.errors)
    for box_name, located in raw.items():
        box = _read_box(box_name, name, located, problems, layouts[name].location)
        if box is not None:
            boxes.append(box)
    where = layouts[name].location
    overrides = _ink_overrides(name, layouts, problems, [])
    ink_saver = None
    if overrides and len(problems.errors) == errors_before:  # a broken box: reported once
        variant = []
        for box_name, (_, at) in overrides.items():
            if box_name not in raw:
                problems.add(at, f"ink_saver of layout '{name}': no box '{box_name}' to change"
                                 f"{suggest(box_name, raw)}")
        for box_name, located in raw.items():
            changed = dict(located)
            changed.update(overrides.get(box_name, ({}, where))[0])
            box = _read_box(box_name, f"{name} (ink_saver)", changed, problems, where)
            if box is not None:
                variant.append(box)
        ink_saver = FaceDesign(name, tuple(variant), where)
    return FaceDesign(name, tuple(boxes), where, ink_saver)


def _ink_overrides(name: str, layouts: dict[str, LocDict], problems: Problems, seen: list[str]
                   ) -> dict[str, tuple[Located, Location]]:
    """The box changes a layout (and the layouts it extends) declares under ``ink_saver:``:
    box name → (changed keys, where the box's changes are written). A child's changes of a
    box are applied over its parent's."""
    node = layouts.get(name)
    if node is None or name in seen:
        return {}  # unknown parents and cycles are reported with the boxes
    result: dict[str, tuple[Located, Location]] = {}
    parent = node.get("extends")
    if isinstance(parent, str):
        result = {k: (dict(v[0]), v[1])
                  for k, v in _ink_overrides(parent, layouts, problems, [*seen, name]).items()}
    changes = node.get("ink_saver")
    if changes is None:
        return result
    where = node.at("ink_saver")
    for box_name, box_node in _named_mappings(changes, "box", problems, where).items():
        located = {k: v for k, v in _located(box_node).items()}
        previous = result.get(box_name, ({}, box_node.location))[0]
        result[box_name] = ({**previous, **located}, box_node.location)
    return result


def _layout_boxes(name: str, layouts: dict[str, LocDict], styles: dict[str, LocDict],
                  problems: Problems, seen: list[str], where: Location
                  ) -> dict[str, Located] | None:
    node = _extended("layout", name, layouts, problems, where, seen)
    if node is None:
        return None
    fields = Fields(node, f"layout '{name}'", problems, node.location)
    parent = fields.optional("extends", as_str, "")
    boxes_node = fields.raw("boxes", {})
    fields.raw("ink_saver", None)  # read by _ink_overrides
    fields.finish()
    result: dict[str, Located] = {}
    if parent:
        inherited = _layout_boxes(parent, layouts, styles, problems, [*seen, name],
                                  fields.at("extends"))
        if inherited is None:
            return None
        result = {k: dict(v) for k, v in inherited.items()}
    for box_name, box_node in _named_mappings(boxes_node, "box", problems,
                                              fields.at("boxes")).items():
        located = result.setdefault(box_name, {})
        style_name = box_node.get("extends")
        if style_name is not None:
            base = _style_chain(str(style_name), styles, problems, box_node.at("extends"), [])
            if base is not None:
                located.update(base)
        located.update({k: v for k, v in _located(box_node).items() if k != "extends"})
        located.setdefault("__location__", (None, box_node.location))
    return result


def _read_box(
    box: str, layout: str, located: Located, problems: Problems, fallback: Location
) -> Box | None:
    where = located.get("__location__", (None, fallback))[1]
    what = f"box '{box}' of layout '{layout}'"
    errors_before = len(problems.errors)
    values: dict[str, Any] = {}
    for key, (value, at) in located.items():
        if key == "__location__":
            continue
        if key not in BOX_KEYS:
            problems.add(at, f"unknown field '{key}' on {what}{suggest(key, BOX_KEYS)}")
            continue
        try:
            values[key] = BOX_CONVERTERS[key](value)
        except Invalid as err:
            problems.add(at, f"field '{key}' on {what}: {err}")
    if len(problems.errors) > errors_before:
        return None
    values.setdefault("x", Dim(0.0))
    values.setdefault("y", Dim(0.0))
    values.setdefault("width", Dim(1.0, True))
    values.setdefault("height", Dim(1.0, True))
    if values.get("rotate", 0) not in (0, 90, 180, 270):
        problems.add(located["rotate"][1], f"field 'rotate' on {what}: use 0, 90, 180 or 270")
        return None
    if not _check_size(values, located, what, where, problems):
        return None
    made = Box(name=box, location=where, **values)
    if made.min_size is not None and made.min_size > made.size:
        problems.add(located["min_size"][1], f"field 'min_size' on {what}: {made.min_size:g} is "
                     f"larger than the box's size {made.size:g}; the text shrinks from 'size' "
                     "down to 'min_size'")
        return None
    return made


def _check_size(values: dict[str, Any], located: Located, what: str, where: Location,
                problems: Problems) -> bool:
    """A box needs a positive width and height; a line may have one of them zero."""
    line = values.get("shape") == "line"
    zeros = []
    for key in ("width", "height"):
        dim: Dim = values[key]
        at = located[key][1] if key in located else where
        if dim.value < 0:
            problems.add(at, f"field '{key}' on {what}: a negative size, got {_shown(dim)}")
            return False
        if dim.value == 0:
            zeros.append((key, at, dim))
    if zeros and (not line or len(zeros) == 2):
        key, at, dim = zeros[0]
        needs = "a line needs a width or a height" if line else "a box needs a size > 0"
        problems.add(at, f"field '{key}' on {what}: {needs}, got {_shown(dim)}")
        return False
    return True


def _shown(dim: Dim) -> str:
    return f"{dim.value * 100:g}%" if dim.relative else f"{dim.value / MM:g}mm"
