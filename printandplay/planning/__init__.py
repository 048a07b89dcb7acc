"""Planning a kit's pages in print order: documents, sheets of fronts and backs, tiles, blanks.

:class:`~printandplay.planning.planner.KitPlanner` turns a game's kit (or any list of
components) into :class:`~printandplay.planning.pages.PageSpec` pages for one paper and
:class:`~printandplay.planning.options.BuildOptions`, lazily (one page composed at a time). It owns
one collaborator per job:

- :mod:`~printandplay.planning.options`: what the user chose (``BuildOptions``);
- :mod:`~printandplay.planning.print_job`: the assets, options, paper and bleed of one build;
- :mod:`~printandplay.planning.faces`: faces composed through the watch cache, placed, forgotten;
- :mod:`~printandplay.planning.sheets`: sheets of fronts and backs (and their skeletons);
- :mod:`~printandplay.planning.fold_sheets`: fold-and-glue sheets (``--fold``);
- :mod:`~printandplay.planning.tiles`: items larger than the paper, on several sheets;
- :mod:`~printandplay.planning.sheet_labels`: each sheet's label;
- :mod:`~printandplay.planning.documents`: the rules and reference documents;
- :mod:`~printandplay.planning.print_order`: blank pages that keep fronts on sheet fronts;
- :mod:`~printandplay.planning.guide`: the "Impression et montage" guide.
"""
