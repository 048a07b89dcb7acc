"""Building kits: load a game's assets, plan its pages, write the PDF (``build``), and the other
jobs that drive the stages (``watch``, ``calibrate``, ``new``, listings), with the checks of
where their outputs go."""
