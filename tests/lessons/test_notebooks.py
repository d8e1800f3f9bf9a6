"""Every notebook runs top to bottom without error and is committed with light outputs at most
(no widget state: python -m hearts_widget.lessons.light_outputs); the tutorial's own tests
(test_tutorial.py) run it with its exercises as given and answered."""

import os
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from hearts_widget.lessons.light_outputs import MAX_BYTES, heavy_parts

ROOT = Path(__file__).parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
RUN_HERE = [path for path in NOTEBOOKS if not path.name.startswith("tutorial")]


def test_the_lesson_notebooks_are_there() -> None:
    assert {"tutorial.ipynb", "lesson.ipynb"} <= {p.name for p in NOTEBOOKS}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_outputs_are_light(path: Path) -> None:
    book = nbformat.read(path, as_version=4)
    assert heavy_parts(book) == [], f"{path.name}: store it with python -m hearts_widget.lessons.light_outputs"
    assert path.stat().st_size < MAX_BYTES


@pytest.mark.parametrize("path", RUN_HERE, ids=lambda p: p.name)
def test_notebook_runs_top_to_bottom(path: Path) -> None:
    book = nbformat.read(path, as_version=4)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    client = NotebookClient(book, timeout=120, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute(env=env)
    errors = [o for cell in book.cells if cell.cell_type == "code" for o in cell.outputs if o.output_type == "error"]
    assert errors == []
    widgets = [o for cell in book.cells if cell.cell_type == "code" for o in cell.outputs
               if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert widgets, f"{path.name} shows no widget"


def test_the_voila_lesson_is_the_stepper_and_nothing_else() -> None:
    book = nbformat.read(ROOT / "notebooks" / "lesson.ipynb", as_version=4)
    assert [cell.cell_type for cell in book.cells] == ["code"]
    assert book.cells[0].source.rstrip().endswith("Lesson()")
