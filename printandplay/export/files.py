"""Writing the files of an export: every file written atomically (through
:func:`printandplay.render.temp_files.atomic_file`, as the PDFs are, which makes the folder
and turns a file-system error into one clear error naming the file); the exporters check the
folder and the files' names first (:func:`printandplay.kit.outputs.check_output_folder`)."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from printandplay.render.temp_files import atomic_file


def save_atomic(image: Image.Image, target: Path, **options: object) -> None:
    """Save ``image`` (``format`` and Pillow's options for it) as ``target``, atomically."""
    image_format = str(options.pop("format", "PNG"))
    with atomic_file(target) as temp:
        image.save(temp, format=image_format, **options)


def write_text_atomic(target: Path, text: str) -> None:
    """Write ``text`` (UTF-8) as ``target``, atomically."""
    with atomic_file(target) as temp:
        temp.write_text(text, encoding="utf-8", newline="")
