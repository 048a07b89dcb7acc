"""The kit's documents (rules, references): rendered from their templates, styled, paginated
once per build, with the stock icons' credits when asked for."""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from printandplay.data.kit_words import game_words
from printandplay.data.stock_icons import BUNDLED_DIR
from printandplay.errors import DataError, Location
from printandplay.layout.document import DocumentComposer
from printandplay.layout.document_blocks import DocStyle
from printandplay.model.color import RGB, parse_color
from printandplay.model.game import Component, DocumentSection, Game
from printandplay.model.ops import Op
from printandplay.planning.face_cache import FaceCache
from printandplay.planning.faces import use_icons
from printandplay.planning.pages import PageSpec
from printandplay.planning.print_job import PrintJob

CREDITS_TEMPLATE = BUNDLED_DIR / "credits.md.j2"
CODE_ROLE = "mono"  # the font role of code blocks (fonts.yaml), when the fonts have one


class CardTexts:
    """Finds the card and field whose text a document's block shows, for error messages."""

    MIN_LENGTH = 6  # shorter values (a name, a number) would match by chance

    def __init__(self, components: Sequence[Component]) -> None:
        self.components = components
        self._texts: list[tuple[str, str]] | None = None

    def _index(self) -> list[tuple[str, str]]:
        texts: list[tuple[str, str]] = []
        for component in self.components:
            for name, value in component.values.items():
                for text in _strings(value):
                    if len(text.strip()) >= self.MIN_LENGTH:
                        where = component.where(name)
                        texts.append((text.strip(), f"{where}: {component.kind} "
                                                    f"'{component.id}', field '{name}'"))
        texts.sort(key=lambda item: -len(item[0]))  # the longest match first
        return texts

    def __call__(self, source: str) -> str | None:
        """``file:line: kind 'id', field 'name'`` of the card text inside ``source``."""
        if self._texts is None:
            self._texts = self._index()
        flat = " ".join(source.split())
        for text, origin in self._texts:
            if text in source or " ".join(text.split()) in flat:
                return origin
        return None


def _strings(value: Any) -> list[str]:
    """The strings inside a field's value (lists and maps included)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, Mapping):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in _strings(v)]
    return []


class _Credits(list[dict[str, Any]]):
    """The ``icon_credits`` of a document; remembers whether the template looked at it."""

    accessed = False

    def __iter__(self) -> Iterator[dict[str, Any]]:
        self.accessed = True
        return super().__iter__()

    def __len__(self) -> int:
        self.accessed = True
        return super().__len__()


def document_style(game: Game, section: DocumentSection, font_roles: Collection[str]) -> DocStyle:
    """The style of a document section: the game's ``document_style`` with its colours
    resolved (empty ones keep the built-in colours; the accent defaults to the game's)."""
    design = game.document_style
    where = design.location or Location(f"cards/{game.id}/game.yaml")
    for key in ("title_font", "body_font"):
        role = getattr(design, key)
        if role not in font_roles:
            raise DataError(where, f"document_style: {key} '{role}' is not a role of fonts.yaml "
                                   f"(it has: {', '.join(sorted(font_roles))})")
    base = DocStyle()

    def colour(written: str, default: RGB) -> RGB:
        return (parse_color(written, game.colors) or default) if written else default

    accent = design.accent or game.colors.get("accent", "#5a3380")
    return DocStyle(design=design, ink=colour(design.text_color, base.ink),
                    accent=parse_color(accent, game.colors) or (0, 0, 0),
                    callout_fill=colour(design.callout_color, base.callout_fill),
                    rule=colour(design.rule_color, base.rule),
                    footer=colour(design.footer_color, base.footer), columns=section.columns,
                    min_font_size=game.min_font_size,
                    code_font=CODE_ROLE if CODE_ROLE in font_roles else design.body_font)


class DocumentPlanner:
    """Sets the pages of the kit's documents, each rendered and paginated once per build for
    the same credits (and kept across rebuilds in the watch cache)."""

    def __init__(self, job: PrintJob, cache: FaceCache | None = None) -> None:
        self.job = job
        # rendered documents by section, credits asked for and credits printed: the guide's
        # page count and the kit's pages ask for each document (its template renders the
        # same text from the same values: the game's, and the stock icons' credits)
        self._rendered: dict[Hashable, tuple[DocumentSection, str, DocumentComposer, bool]] = {}
        # paginated documents by their rendered text: the guide's page count and the kit's
        # pages set each document once (the watch cache keeps them across rebuilds too)
        self._documents: dict[Hashable, tuple[tuple[Op, ...], ...]] = (
            cache.documents if cache is not None else {})

    def pages(self, section: DocumentSection, with_credits: bool = False
              ) -> tuple[list[PageSpec], bool]:
        """The pages of a document (``with_credits``: followed by the stock icons' credits),
        and whether its template printed the credits itself."""
        assets = self.job.assets
        page = self.job.portrait
        for _ in range(2):
            used = len(assets.icons.stock_used)
            source, composer, accessed = self._rendered_document(section, with_credits)
            game = assets.game
            key = (source, page, composer.style, section.title, game.name, game.language)
            cached = self._documents.get(key)
            if cached is None:
                paged = [tuple(ops) for ops in
                         composer.paginate(source, page, section.title, game.name)]
                self._documents[key] = tuple(paged)
            else:
                paged = list(cached)
                for ops in paged:
                    use_icons(assets.icons, ops)
            if not accessed or len(assets.icons.stock_used) == used:
                break
            # the credits are printed and the document uses stock icons of its own: again
        pages = [PageSpec(page, f"{section.title} {i + 1}", ops=ops, recto=i == 0,
                          section=section.title)
                 for i, ops in enumerate(paged)]
        return pages, accessed

    def _rendered_document(self, section: DocumentSection, with_credits: bool
                           ) -> tuple[str, DocumentComposer, bool]:
        """The document's source and composer (:meth:`_render`) with the credits of the stock
        icons used so far, and whether its template read them; rendered once per build for
        each section and credits."""
        listed = self.job.assets.icons.credits()
        key = (id(section), with_credits, tuple(
            (entry["author"], entry["licence"], tuple(entry["icons"])) for entry in listed))
        known = self._rendered.get(key)
        if known is None or known[0] is not section:
            credits = _Credits(listed)
            source, composer = self._render(section, credits, with_credits)
            known = self._rendered[key] = (section, source, composer, credits.accessed)
        return known[1], known[2], known[3]

    def _render(self, section: DocumentSection, credits: _Credits, with_credits: bool
                ) -> tuple[str, DocumentComposer]:
        """The document's Markdown source (its template rendered, the credits after it when
        asked for) and the composer that paginates it in the game's document style."""
        assets = self.job.assets
        game = assets.game
        context = dict(assets.base_context())
        context["icon_credits"] = credits
        display = f"templates/{game.id}/{section.template}"
        source = ""
        if section.template:
            source = assets.templates.render_file(section.template, context, section.location)
        if with_credits:
            block = assets.templates.render_string(
                CREDITS_TEMPLATE.read_text(encoding="utf-8"),
                dict(context, words=game_words(game)["credits"]),
                "printandplay/game_icons/credits.md.j2")
            source = source.rstrip("\n") + "\n\n" + block
        style = replace(document_style(game, section, assets.fonts.roles),
                        debug_boxes=self.job.options.debug_boxes,
                        rule_tags=self.job.options.debug_boxes)
        composer = DocumentComposer(assets.fonts, assets.icons.aspect, game.language, style,
                                    display, CardTexts(game.components))
        return source, composer
