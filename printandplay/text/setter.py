"""The one text pipeline: typography → markup → tokens → fitted lines.

Faces, documents and the calibration sheet set their text through a :class:`TextSetter`:

1. :func:`~printandplay.text.typography.apply_typography` (the game's language);
2. :func:`~printandplay.text.markup.parse_markup` (``**bold**``, ``:icon:``…);
3. :func:`~printandplay.text.tokens.tokenize` (words, glue and breaks, measured in em);
4. :func:`~printandplay.text.fitting.fit_text` (lines, hyphenated in the language's
   :mod:`~printandplay.text.hyphenation` before shrinking, down to the minimum size).

One error policy: bad markup, a character no font has or anything else a step refuses becomes
a :class:`LayoutError` whose message starts with ``where`` (the box or the document line).
Text that is simply too big is not an error here: :meth:`TextSetter.fit` returns ``None`` and
the caller says what did not fit, in its own terms.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from printandplay.errors import LayoutError
from printandplay.model.fonts import FontMetrics
from printandplay.text.fitting import FittedText, TextStyle, fit_text
from printandplay.text.hyphenation import Hyphenator, hyphenator_for
from printandplay.text.markup import MarkupError, drop_rule_tags, parse_markup
from printandplay.text.tokens import Item, TokenCache, tokenize
from printandplay.text.typography import apply_typography

_PIECES_MAX = 20_000  # measured words kept (~300 bytes each: 100,000 cost ~25 MB at 100,000 cards)


class TextSetter:
    """Sets text for one set of fonts and one language, sharing measured words.

    With ``hyphenate`` (faces and documents), text that would not fit is hyphenated in the
    language before it shrinks (``TextStyle.hyphenate`` turns it off for one box)."""

    def __init__(self, metrics: FontMetrics, icon_aspect: Callable[[str], float],
                 language: str, hyphenate: bool = True) -> None:
        self.metrics = metrics
        self.icon_aspect = icon_aspect
        self.language = language
        self.cache = TokenCache()
        self.hyphenator: Hyphenator | None = hyphenator_for(language) if hyphenate else None

    def tokens(self, source: str, style: TextStyle, where: str) -> list[Item]:
        """The measured tokens of ``source`` (markup) in ``style``; errors name ``where``."""
        return self._tokens(self._typeset(source, style), style, where)

    def _typeset(self, source: str, style: TextStyle) -> str:
        """``source`` in the language's typography, without rule tags if ``style`` leaves
        them out."""
        if not style.rule_tags:
            source = drop_rule_tags(source)
        return apply_typography(source, self.language)

    def _tokens(self, text: str, style: TextStyle, where: str) -> list[Item]:
        """:meth:`tokens` of ``text`` already in the language's typography."""
        if len(self.cache) >= _PIECES_MAX:  # bounded: memory must not grow with cards
            self.cache.clear()
        try:
            return tokenize(parse_markup(text), style, self.metrics, self.icon_aspect,
                            self.cache)
        except (MarkupError, LayoutError) as err:
            raise LayoutError(f"{where}: {err}") from None

    def icon_names(self, source: str, prefix: str) -> list[str]:
        """The inline icons of ``source`` whose name starts with ``prefix`` (none if the
        markup is wrong: setting the text reports it)."""
        try:
            spans = parse_markup(apply_typography(source, self.language))
        except MarkupError:
            return []
        return [s.value for s in spans if s.kind == "icon" and s.value.startswith(prefix)]

    def fit(self, source: str, width: float, height: float, style: TextStyle,
            where: str) -> FittedText | None:
        """``source`` laid out in a ``width`` × ``height`` box, or ``None`` when it does not
        fit even at ``style.min_size``; errors name ``where``."""
        items = self._tokens(self._typeset(source, style), style, where)
        try:
            return fit_text(items, width, height, style, self.metrics, self.hyphenator)
        except LayoutError as err:
            raise LayoutError(f"{where}: {err}") from None

    def natural_width(self, source: str, style: TextStyle, where: str) -> float:
        """The width of ``source`` on one line at ``style.size``, in points."""
        items = self.tokens(source, style, where)
        return sum(getattr(item, "width", 0.0) for item in items) * style.size


# ``:Name:`` or ``:grande épée:``: looks like an inline icon, but icon names are lowercase
# ASCII without spaces, so it prints as text (the check skips an escaped ``\:``)
_ICON_LOOKALIKE = re.compile(r"(?<!\\):([^\W\d_][\w -]{0,40}?)(?<! ):")
_ICON_NAME = re.compile(r"[a-z][a-z0-9_-]*")


def icon_lookalike_warnings(source: str, what: str) -> Iterator[str]:
    """Warnings about ``:Name:`` lookalikes of inline icons (printed as text, not as icons)."""
    for match in _ICON_LOOKALIKE.finditer(source):
        name = match.group(1)
        if _ICON_NAME.fullmatch(name):
            continue
        yield (f"{what}: ':{name}:' is printed as text, not as an icon: icon names are "
               "lowercase letters, digits, '-' and '_', without spaces")
