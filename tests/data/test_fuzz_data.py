"""Property-based fuzzing (Hypothesis) of the data readers: the YAML reader with its bounds, the
SVG icon reader and the image checker. Whatever the input, the only allowed outcomes are a value
or a located ``DataError`` (``ValueError`` for the image checker, which the library wraps)."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import hypothesis_profiles  # noqa: F401 - the profile, before FUZZ copies it
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from printandplay.data.images import check_image
from printandplay.data.reader import Fields, Problems, as_str
from printandplay.data.svg import parse_svg
from printandplay.data.yamlio import parse_yaml
from printandplay.errors import DataError, Location

ROOT = Path(__file__).resolve().parent.parent.parent
ICONS = sorted((ROOT / "templates").glob("*/icons/*.svg"))[:12]
# inputs per test: the Hypothesis profile's (tests/hypothesis_profiles.py: ``ci`` by default, ``deep`` with
# HYPOTHESIS_PROFILE=deep)
FUZZ = settings(deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])

# Text made of YAML's structural characters, so that generated input reaches deep parser states.
YAML_ALPHABET = st.sampled_from(list("-?:,[]{}&*!|>'\"#%@` \n\t\\abc01.~<=") + ["<<", "- ", ": "])
yaml_like = st.lists(YAML_ALPHABET, max_size=120).map("".join)


def mutate(data: bytes, edits: list[tuple[int, int]], cut: int | None) -> bytes:
    out = bytearray(data)
    for position, value in edits:
        if out:
            out[position % len(out)] = value
    if cut is not None:
        del out[cut % (len(out) + 1):]
    return bytes(out)


EDITS = st.lists(st.tuples(st.integers(0, 1 << 20), st.integers(0, 255)), max_size=6)
CUT = st.none() | st.integers(0, 1 << 20)


def read_strictly(value: object) -> None:
    """What loaders do with a parsed file: strict field access on a mapping."""
    problems = Problems()
    fields = Fields(value, "file", problems, Location("f.yaml"))
    for key in list(fields.node)[:5]:
        fields.optional(str(key), as_str, "")
    fields.finish()


@FUZZ
@given(st.one_of(st.text(max_size=200), yaml_like))
def test_yaml_reader_gives_a_value_or_a_data_error(text: str) -> None:
    try:
        value = parse_yaml(text, "f.yaml")
    except DataError as err:
        assert str(err).startswith("f.yaml")
        return
    read_strictly(value)


@FUZZ
@given(st.lists(st.sampled_from(["a: &a [1, 2]\n", "b: [*a, *a, *a]\n", "- *a\n", "&x [",
                                 "*x, *x, *x]\n", "<<: *a\n", "c: &c {d: *a}\n"]), max_size=30))
def test_yaml_anchors_and_aliases_never_escape(parts: list[str]) -> None:
    try:
        parse_yaml("".join(parts), "f.yaml")
    except DataError:
        pass


@FUZZ
@given(st.sampled_from(ICONS), EDITS, CUT)
def test_svg_reader_gives_an_icon_or_a_data_error(path: Path, edits: list[tuple[int, int]],
                                                  cut: int | None) -> None:
    data = mutate(path.read_bytes(), edits, cut)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return  # the loader reports it before parsing (tested in test_asset_checks.py)
    try:
        icon = parse_svg(text, source="i.svg", icon_id="i")
    except DataError as err:
        assert str(err).startswith("i.svg")
        return
    assert icon.aspect > 0


@FUZZ
@given(st.text(max_size=300))
def test_svg_reader_on_any_text(text: str) -> None:
    try:
        parse_svg(text, source="i.svg", icon_id="i")
    except DataError:
        pass


def _png() -> bytes:
    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body)))
    raw = b"".join(b"\0" + bytes(range(24)) for _ in range(8))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 8, 8, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


PNG = _png()


@FUZZ
@given(EDITS, CUT)
@example([(19, 0)], None)  # a zero width: "image without a size", whatever inputs were drawn
def test_image_check_gives_a_size_or_a_value_error(edits: list[tuple[int, int]],
                                                   cut: int | None) -> None:
    try:
        width, height = check_image(mutate(PNG, edits, cut))
    except ValueError:
        return
    assert width > 0 and height > 0


def _jpeg_header(exif: bytes) -> bytes:
    """The start of a JPEG file: an EXIF segment holding ``exif``, then a frame of 40 × 20."""
    segment = b"Exif\0\0" + exif
    return (b"\xff\xd8\xff\xe1" + struct.pack(">H", len(segment) + 2) + segment
            + b"\xff\xc0\x00\x11\x08" + struct.pack(">HH", 20, 40) + b"\x03" + bytes(12))


def _exif(orientation: int, order: str = ">") -> bytes:
    mark = b"MM" if order == ">" else b"II"
    entry = struct.pack(order + "HHIHH", 0x0112, 3, 1, orientation, 0)
    return mark + struct.pack(order + "HI", 42, 8) + struct.pack(order + "H", 1) + entry


@FUZZ
@given(st.binary(max_size=80), EDITS, CUT)
@example(_exif(6), [], None)  # a quarter turn: the size the other way round
@example(_exif(8, "<"), [], None)
def test_a_jpeg_s_orientation_is_read_or_ignored(exif: bytes, edits: list[tuple[int, int]],
                                                 cut: int | None) -> None:
    """Whatever the EXIF data holds, a JPEG's header gives an orientation from 1 to 8 (1 when
    the data says nothing usable) or a ValueError; never another exception."""
    from printandplay.data.images import image_size, jpeg_frame

    data = mutate(_jpeg_header(exif), edits, cut)
    try:
        frame = jpeg_frame(data)
        size = image_size(data)
    except ValueError:
        return
    if frame is None:
        return
    assert 1 <= frame.orientation <= 8
    turned = frame.orientation >= 5
    assert size == ((frame.height, frame.width) if turned else (frame.width, frame.height))
    if not edits and cut is None and exif in (_exif(6), _exif(8, "<")):
        assert frame.orientation == (6 if exif == _exif(6) else 8) and size == (20, 40)
