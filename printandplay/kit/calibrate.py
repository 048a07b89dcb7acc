"""Writing the duplex calibration sheet."""

from __future__ import annotations

from pathlib import Path

from printandplay.data.fonts_loader import load_fonts
from printandplay.data.icons import IconLibrary
from printandplay.data.presets import load_presets, resolve_paper
from printandplay.errors import OptionError
from printandplay.imposition.grid import DEFAULT_MARGIN, Flip
from printandplay.kit.outputs import check_output
from printandplay.layout.calibration import calibration_pages
from printandplay.project import Resources
from printandplay.render.fonts import FontTable
from printandplay.render.pdf import PdfWriter


def build_calibration(resources: Resources, paper: str, flip: Flip,
                      out_dir: Path | None = None, margin: float = DEFAULT_MARGIN,
                      language: str = "fr") -> Path:
    """Write ``build/calibration-<paper>.pdf`` (front and back page), everything inside the
    printer ``margin`` (points), its instructions in ``language``."""
    size = resolve_paper(paper, load_presets())
    target = (out_dir or Path("build")) / f"calibration-{paper}.pdf"
    check_output(target, out_dir)
    fonts_file = resources.fonts_file()
    fonts = FontTable(load_fonts(fonts_file, resources.display(fonts_file)))
    try:
        pages = calibration_pages(size, flip, fonts, margin, paper, language)
    except ValueError as err:
        raise OptionError(f"--margin: {err}") from None
    writer = PdfWriter(target, IconLibrary([]), title="printandplay — calibration",
                       language=language)
    writer.print_preferences(flip)  # actual size, duplex on the edge being measured
    try:
        writer.page(pages.page, pages.front)
        writer.page(pages.page, pages.back)
        return writer.save()
    except BaseException:
        writer.discard()
        raise
