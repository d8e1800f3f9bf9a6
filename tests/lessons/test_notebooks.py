"""Every notebook runs top to bottom without error and is committed with its outputs cleared."""

import os
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def test_the_lesson_notebooks_are_there() -> None:
    assert {"tutorial.ipynb", "lesson.ipynb"} <= {p.name for p in NOTEBOOKS}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_outputs_are_cleared(path: Path) -> None:
    book = nbformat.read(path, as_version=4)
    for cell in book.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, f"{path.name}: clear the outputs"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
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


def test_the_tutorial_shows_every_step_of_the_path_in_order() -> None:
    import re

    from hearts_widget.lessons.path import STEPS

    book = nbformat.read(ROOT / "notebooks" / "tutorial.ipynb", as_version=4)
    source = "\n".join(cell.source for cell in book.cells if cell.cell_type == "code")
    shown = re.findall(r'step_view\("([\w-]+)"\)', source)
    assert shown == [s.key for s in STEPS if s.demo != "table"]
    assert "HeartsTable()" in source  # and it ends with a whole game


def test_the_voila_lesson_is_the_stepper_and_nothing_else() -> None:
    book = nbformat.read(ROOT / "notebooks" / "lesson.ipynb", as_version=4)
    assert [cell.cell_type for cell in book.cells] == ["code"]
    assert book.cells[0].source.rstrip().endswith("Lesson()")
