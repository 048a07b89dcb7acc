"""printandplay: tabletop games written as data, rendered into print-and-play kits."""

__version__ = "0.1.0"
