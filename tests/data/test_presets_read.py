"""The presets file is parsed once per process for each text (a build asks for it three times)."""

from __future__ import annotations

from pathlib import Path

import pytest

from printandplay.data import presets as presets_module
from printandplay.data.presets import PRESETS_FILE, load_presets
from printandplay.errors import DataError
from printandplay.units import MM


def test_the_presets_are_parsed_once_for_each_text(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    package = load_presets()
    parsed: list[str] = []
    original = presets_module._parse_presets

    def counting(path: Path, shown: str, text: str) -> presets_module.Presets:
        parsed.append(text)
        return original(path, shown, text)

    monkeypatch.setattr(presets_module, "_parse_presets", counting)
    copy = tmp_path / "presets.yaml"
    copy.write_text(PRESETS_FILE.read_text(encoding="utf-8"), encoding="utf-8")
    first = load_presets(copy)
    assert load_presets(copy) is first and len(parsed) == 1
    assert first.papers == package.papers and first.sizes == package.sizes  # as the package's
    copy.write_text("papers:\n  carre: {width: 100mm, height: 100mm}\nsizes: {}\n",
                    encoding="utf-8")
    changed = load_presets(copy)  # a new text is read again
    assert len(parsed) == 2 and changed is not first
    assert changed.papers["carre"].width == pytest.approx(100 * MM)
    copy.write_text("papers:\n  carre: {width: 1mm}\n", encoding="utf-8")
    for _ in range(2):  # a broken text is refused each time (errors are not kept)
        with pytest.raises(DataError):
            load_presets(copy)
    assert len(parsed) == 4
