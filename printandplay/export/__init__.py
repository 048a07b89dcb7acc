"""Exporting a game as images: one PNG per face with contact sheets, Tabletop Simulator decks.

The pictures are the engine's own PDF output rasterised with pypdfium2 (no second renderer to
drift from the PDF) and saved with Pillow. Only the commands that export import this package.
"""
