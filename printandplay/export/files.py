"""Writing the files of an export: the folder and the files known in advance checked first
(:func:`prepare_folder`), every file written atomically (through
:func:`printandplay.render.temp_files.atomic_file`, as the PDFs are, which turns a file-system
error into one clear error naming the file)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from PIL import Image

from printandplay.errors import OptionError
from printandplay.kit.outputs import check_output_folder
from printandplay.render.temp_files import atomic_file


def prepare_folder(folder: Path, files: Iterable[str] = ()) -> None:
    """Check ``folder`` and the ``files`` to write in it (:func:`check_output_folder`), then
    make it."""
    check_output_folder(folder, files)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise OptionError(f"cannot make the folder {folder}: {error.strerror}") from None


def save_atomic(image: Image.Image, target: Path, **options: object) -> None:
    """Save ``image`` (``format`` and Pillow's options for it) as ``target``, atomically."""
    image_format = str(options.pop("format", "PNG"))
    with atomic_file(target) as temp:
        image.save(temp, format=image_format, **options)


def write_text_atomic(target: Path, text: str) -> None:
    """Write ``text`` (UTF-8) as ``target``, atomically."""
    with atomic_file(target) as temp:
        temp.write_text(text, encoding="utf-8", newline="")
