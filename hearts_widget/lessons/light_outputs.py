"""Notebooks stored with light outputs: what a reader on GitHub or nbviewer sees.

A notebook run in a kernel holds its widgets' views and, in its metadata, their
whole state (a table's every trait). Stored here it keeps only the static
outputs: text, Markdown, and the pictures (the table's snapshot, the lesson's first
step, the arena's chart), so the repository shows the position without the widget machinery.

    python -m hearts_widget.lessons.light_outputs notebooks/tutorial.ipynb notebooks/tutorial-solutions.ipynb \
        notebooks/play.ipynb notebooks/variants.ipynb notebooks/lesson.ipynb

runs each notebook top to bottom (from its folder, this checkout on the path)
and stores it with light outputs.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

# Outputs that need a live kernel and the widget manager: dropped when storing.
WIDGET_MIMES = ("application/vnd.jupyter.widget-view+json", "application/vnd.hearts-widget.render-notice+json")
MAX_BYTES = 400_000  # a stored notebook with its outputs


def lighten(book: Any) -> Any:
    """``book`` (an nbformat notebook) with its widget outputs and widget state dropped, in place."""
    book.metadata.pop("widgets", None)
    for cell in book.cells:
        if cell.cell_type != "code":
            continue
        kept = []
        for output in cell.outputs:
            data = output.get("data")
            if data is not None and any(mime in data for mime in WIDGET_MIMES):
                if "text/html" not in data:
                    continue  # a widget's view: its snapshot, if it has one, is an output of its own
                for mime in WIDGET_MIMES:  # the lesson's: its snapshot is in its own display data
                    data.pop(mime, None)
                    output.get("metadata", {}).pop(mime, None)
            if output.get("output_type") == "stream" and output.get("name") == "stderr":
                continue  # the kernel's warnings are the machine's, not the reader's
            kept.append(output)
        cell.outputs = kept
    return book


def heavy_parts(book: Any) -> list[str]:
    """What makes ``book`` more than light: widget state or widget outputs (empty when light)."""
    found = ["widget state in the metadata"] if "widgets" in book.metadata else []
    for number, cell in enumerate(book.cells):
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            found += [f"cell {number}: {mime}" for mime in WIDGET_MIMES if mime in data]
    return found


def main() -> None:
    import nbformat
    from nbclient import NotebookClient

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="+", type=Path)
    args = parser.parse_args()
    root = Path(__file__).parents[2]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(root), os.environ.get("PYTHONPATH")]))}
    for path in args.notebooks:
        book = nbformat.read(path, as_version=4)
        NotebookClient(book, timeout=600, kernel_name="python3",
                       resources={"metadata": {"path": str(path.parent)}}).execute(env=env)
        nbformat.write(lighten(book), path)
        print(f"{path}: {path.stat().st_size} bytes")  # noqa: T201 - a maintainer's command


if __name__ == "__main__":
    main()
