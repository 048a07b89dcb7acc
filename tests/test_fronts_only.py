"""``--fronts-only`` (sheets of fronts alone, to sleeve over bought cards) and crop marks on the
back pages of ``--simplex`` sheets (issue 28)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import KITS_GROUP, planned_pages
from pypdf import PdfReader
from typer.testing import CliRunner

from printandplay.cli import app
from printandplay.model.ops import LineOp
from printandplay.planning.pages import MARK_COLOR

pytestmark = pytest.mark.xdist_group(KITS_GROUP)
runner = CliRunner()


def marks(page: object) -> list[LineOp]:
    return [op for op in page.ops  # type: ignore[attr-defined]
            if isinstance(op, LineOp) and op.color == MARK_COLOR]


def test_fronts_only_prints_each_sheet_of_fronts_and_no_back() -> None:
    duplex = planned_pages("licum")
    fronts = planned_pages("licum", fronts_only=True)
    assert not [p for p in fronts if p.side == "verso"]
    assert not [p for p in fronts if p.label == "blank" and p.section != "Impression et montage"]
    assert ([p.label for p in fronts if p.side == "recto"]
            == [p.label for p in duplex if p.side == "recto"])
    assert all(marks(p) for p in fronts if p.side == "recto" and len(p.placements) > 1)


def test_fronts_only_build_names_its_file_and_its_guide_says_so(tmp_path: Path) -> None:
    result = runner.invoke(app, ["build", "oups", "--fronts-only", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "oups-fronts-a4.pdf"
    assert Path(result.stdout.strip().splitlines()[-1]) == pdf
    reader = PdfReader(pdf)
    guide = reader.pages[0].extract_text()
    assert "Rectos seuls" in guide and "--fronts-only" in guide
    assert "--back-offset X,Y" not in guide  # no back to line up
    assert not [label for label in reader.page_labels if label.endswith(" verso")]
    bad = runner.invoke(app, ["build", "oups", "--fronts-only", "--fold", "--out", str(tmp_path)])
    assert bad.exit_code == 2 and "--fronts-only and --fold" in bad.output


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_simplex_back_pages_carry_crop_marks_lined_up_with_their_fronts(paper: str) -> None:
    pages = planned_pages("charlie", simplex=True, paper=paper)
    backs = [p for p in pages if p.side == "verso" and p.label != "blank"]
    assert backs
    for back in backs:
        front = next(p for p in pages if p.section == back.section and p.sheet == back.sheet
                     and p.side == "recto")
        lines = marks(back)
        assert lines, back.label
        # mirrored about the sheet's flip axis (long edge: across a portrait page, up a
        # landscape one): the cut lines of the fronts, turned over
        width, height = back.size.width, back.size.height
        if width < height:
            front_cuts = {round(m.x1, 2) for m in marks(front) if m.x1 == m.x2}
            back_cuts = {round(width - m.x1, 2) for m in lines if m.x1 == m.x2}
        else:
            front_cuts = {round(m.y1, 2) for m in marks(front) if m.y1 == m.y2}
            back_cuts = {round(height - m.y1, 2) for m in lines if m.y1 == m.y2}
        assert front_cuts and back_cuts == front_cuts, back.label
    duplex = [p for p in planned_pages("charlie", paper=paper) if p.side == "verso"]
    assert not any(marks(p) for p in duplex)  # duplex backs: the fronts' marks suffice
