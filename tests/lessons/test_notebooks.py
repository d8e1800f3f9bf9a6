"""Every notebook runs top to bottom without error and is committed with light outputs at most
(no widget state: python -m hearts_widget.lessons.light_outputs); the tutorial's own tests
(test_tutorial.py) run it with its exercises as given and answered."""

import os
from html import escape
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from hearts_widget.lessons.format import builtin_lesson
from hearts_widget.lessons.light_outputs import MAX_BYTES, heavy_parts, lighten
from hearts_widget.lessons.stepper import Lesson
from hearts_widget.text.ui import lesson_snapshot_note

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


def test_the_stored_lesson_shows_its_first_step_where_widgets_cannot_run() -> None:
    """GitHub shows the lesson notebook's stored output: the first step, as the lesson's snapshot."""
    book = nbformat.read(ROOT / "notebooks" / "lesson.ipynb", as_version=4)
    [output] = book.cells[0].outputs
    html = output["data"]["text/html"]
    first = builtin_lesson().steps[0]
    assert 'class="hearts-lesson-snapshot" lang="en"' in html and escape(first.title("en")) in html
    assert escape(first.body[0]("en")) in html and escape(lesson_snapshot_note("en")) in html


def test_lightening_keeps_the_lessons_snapshot_and_drops_its_widget() -> None:
    bundle = Lesson(lang="ceb", remember=False)._repr_mimebundle_()
    data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
    assert "application/vnd.jupyter.widget-view+json" in data, "a live front end draws the widget"
    output = nbformat.v4.new_output("display_data", data=data, metadata=metadata)
    table = nbformat.v4.new_output("display_data", data={"application/vnd.jupyter.widget-view+json": {}})
    book = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("Lesson()", outputs=[output, table])])
    book.metadata["widgets"] = {"state": {}}
    lighten(book)
    assert heavy_parts(book) == []
    [kept] = book.cells[0].outputs
    assert set(kept["data"]) == {"text/html", "text/plain"} and 'lang="ceb"' in kept["data"]["text/html"]
    assert lesson_snapshot_note("ceb") != lesson_snapshot_note("en")
    assert escape(lesson_snapshot_note("ceb")) in kept["data"]["text/html"]
