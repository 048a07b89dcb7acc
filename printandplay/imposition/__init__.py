"""Items on sheets: the grid of slots and its mirrored backs, crop marks, fold-and-glue pairs,
items tiled over several sheets, and the sheet labels placed clear of them."""
