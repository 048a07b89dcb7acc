"""The SVG basic shapes (circle, ellipse, rect, polyline, polygon) as path segments."""

from __future__ import annotations

from collections.abc import Sequence

from printandplay.model.icon import Segment

KAPPA = 0.5522847498
"""Control-point distance, as a fraction of the radius, of a cubic drawing a quarter circle."""


def ellipse_segments(cx: float, cy: float, rx: float, ry: float) -> tuple[Segment, ...]:
    """Four cubic quarter-arcs from (cx + rx, cy), turning towards +y, closed."""
    kx, ky = rx * KAPPA, ry * KAPPA
    return (
        ("M", cx + rx, cy),
        ("C", cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry),
        ("C", cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy),
        ("C", cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry),
        ("C", cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy),
        ("Z",),
    )


def rect_segments(x: float, y: float, width: float, height: float,
                  rx: float = 0.0, ry: float = 0.0) -> tuple[Segment, ...]:
    """A rectangle, its corners rounded by elliptic quarter-arcs when rx and ry are > 0.

    Radii are clamped to half the width and height, as SVG does.
    """
    rx, ry = min(rx, width / 2), min(ry, height / 2)
    right, bottom = x + width, y + height
    if rx <= 0 or ry <= 0:
        return (("M", x, y), ("L", right, y), ("L", right, bottom), ("L", x, bottom), ("Z",))
    kx, ky = rx * (1 - KAPPA), ry * (1 - KAPPA)
    segments: list[Segment] = [("M", x + rx, y)]
    corners = (
        ((right - rx, y), (right - kx, y, right, y + ky, right, y + ry)),
        ((right, bottom - ry), (right, bottom - ky, right - kx, bottom, right - rx, bottom)),
        ((x + rx, bottom), (x + kx, bottom, x, bottom - ky, x, bottom - ry)),
        ((x, y + ry), (x, y + ky, x + kx, y, x + rx, y)),
    )
    for (lx, ly), curve in corners:
        if (lx, ly) != segments[-1][-2:]:
            segments.append(("L", lx, ly))
        segments.append(("C", *curve))
    segments.append(("Z",))
    return tuple(segments)


def poly_segments(points: Sequence[float], closed: bool) -> tuple[Segment, ...]:
    """``M`` to the first point, ``L`` to the others, ``Z`` when ``closed``; () when empty."""
    pairs = list(zip(points[0::2], points[1::2], strict=False))
    if not pairs:
        return ()
    segments: list[Segment] = [("M", *pairs[0])]
    segments.extend(("L", x, y) for x, y in pairs[1:])
    if closed:
        segments.append(("Z",))
    return tuple(segments)

