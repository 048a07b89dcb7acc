"""What the renderer asks of a game's icons and images, as protocols.

The PDF writer (``render/``) is typed against these, so that it does not import the loaders of
``data/`` that provide them (:class:`~printandplay.data.icons.IconLibrary` and
:class:`~printandplay.data.images.ImageLibrary`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from printandplay.model.icon import Icon


class IconProvider(Protocol):
    """The icons a face may draw, by id."""

    def get(self, icon_id: str) -> Icon:
        """The icon named ``icon_id`` (an error naming close names if unknown)."""


class ImageProvider(Protocol):
    """The image files a face may draw, by name."""

    def path(self, name: str) -> Path:
        """The file of the image named ``name`` (an error if unknown)."""
