"""The picture each of the site's pages shows while Python starts in the browser.

``python -m hearts_widget.site.snapshot CONTENTS PAGES_JSON`` runs, for each page
and each language, the page's notebook code as the page's worker will (the same
:func:`hearts_widget.in_browser.run_cells`, in the folder of the notebook so its
lesson files are found, with ``LANGUAGE`` and ``QUERY_STRING`` set as the page
sets them) and prints the widgets it displays as ipywidgets' saved widget state
(the format of a notebook's ``application/vnd.jupyter.widget-state+json``): the
page's widget manager draws it at once, with the same code that draws the live
widgets. The site's builder runs it in a process of its own, so that the
widgets, the environment and the folder of one page do not touch the builder.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from hearts_widget.in_browser import run_cells
from hearts_widget.text.translate import DEFAULT_LANGUAGE, LANGUAGES


def page_environ(lang: str) -> dict[str, str]:
    """What the page tells Python of its address (``?lang=``), as Voilà does."""
    return {"QUERY_STRING": "", "LANGUAGE": DEFAULT_LANGUAGE} if lang == DEFAULT_LANGUAGE else \
        {"QUERY_STRING": f"lang={lang}", "LANGUAGE": lang}


def snapshot(cells: list[str], lang: str) -> dict[str, Any]:
    """The saved widget state of what the cells display in ``lang``: ``{"state", "views"}``."""
    import ipywidgets
    from ipywidgets.embed import dependency_state

    shown: list[Any] = []
    os.environ.update(page_environ(lang))
    try:
        run_cells(cells, shown.append)
        widgets = [value for value in shown if isinstance(value, ipywidgets.Widget)]
        if not widgets:
            raise ValueError("the notebook displays no widget")
        # Without the values that ipywidgets' own models have by default, which the page's
        # manager knows; other models (anywidget's: its module, its style sheet) whole.
        state = dependency_state(widgets, drop_defaults=True)
        whole = dependency_state(widgets, drop_defaults=False)
        state.update({model_id: entry for model_id, entry in whole.items()
                      if not entry["model_module"].startswith("@jupyter-widgets/")})
        return {"state": {"version_major": 2, "version_minor": 0, "state": state},
                "views": [widget.model_id for widget in widgets]}
    finally:
        ipywidgets.Widget.close_all()


def main(argv: list[str]) -> int:
    """CONTENTS PAGES: PAGES is a JSON file ``{page: {"folder": ..., "cells": [...]}}`` (the
    folder relative to CONTENTS); prints ``{page: {lang: snapshot}}`` as JSON."""
    contents, pages_file = Path(argv[0]), Path(argv[1])
    pages = json.loads(pages_file.read_text())
    shots: dict[str, dict[str, Any]] = {}
    for page, spec in pages.items():
        os.chdir(contents / spec["folder"])
        try:
            shots[page] = {lang: snapshot(spec["cells"], lang) for lang in LANGUAGES}
        except Exception as error:
            print(f"{page}: its notebook failed while the site's snapshot was made: "
                  f"{type(error).__name__}: {error}", file=sys.stderr)
            return 1
    json.dump(shots, sys.stdout, ensure_ascii=False)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
