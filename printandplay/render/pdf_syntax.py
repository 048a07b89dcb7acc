"""PDF's object syntax, written as text: names, strings, numbers, arrays and dictionaries
(ISO 32000-1, 7.3)."""

from __future__ import annotations

from collections.abc import Iterable

from reportlab.lib.rl_accel import fp_str

# the characters a name may hold as they are (the rest is written #xx)
_NAME_PLAIN = frozenset(range(0x21, 0x7F)) - frozenset(b"()<>[]{}/%#")


def format_name(name: str) -> str:
    """``name`` as a PDF name object (``/Roboto-Regular``; other bytes as ``#xx``)."""
    return "/" + "".join(chr(b) if b in _NAME_PLAIN else f"#{b:02X}"
                         for b in name.encode("utf-8"))


def format_text(text: str) -> str:
    """``text`` as a PDF text string: a literal for printable ASCII, else UTF-16BE with its
    byte order mark, in hex (any Unicode text, shown as is by viewers)."""
    if all(" " <= char <= "~" for char in text):
        escaped = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
        return f"({escaped})"
    return "<FEFF" + text.encode("utf-16-be").hex().upper() + ">"


def format_number(value: float) -> str:
    """A number as PDF writes it: at most six decimals, no exponent, no trailing zeros
    (ReportLab's ``fp_str``)."""
    return str(fp_str(value))


def format_array(values: Iterable[float]) -> str:
    """Numbers as a PDF array: ``[0 0 595.2756 841.8898]``."""
    return "[" + " ".join(map(format_number, values)) + "]"


def format_reference(number: int) -> str:
    """An indirect reference to object ``number``."""
    return f"{number} 0 R"


def format_dictionary(entries: dict[str, str]) -> str:
    """A dictionary of entries already formatted (keys without their slash), in the order
    given; ``<< >>`` when empty."""
    return "<< " + "".join(f"/{key} {value} " for key, value in entries.items()) + ">>"
