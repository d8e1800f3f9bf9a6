"""The tutorial in JupyterLab and in Notebook 7, its exercises answered (tutorial-solutions.ipynb),
like a learner: run all, see the arena's progress bars and pictures, then play a hand at the table
where the learner's bot sits (named after its function), against it. The notebook is the test's
own on the session's shared Jupyter server."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import Page, expect

from servers import SharedServer

from .conftest import ROOT
from .lab import KERNEL_START_MS
from .person import (
    choose_and_pass,
    click_card,
    hide_settings,
    settings,
    sheet_rows,
    state_id,
    wait_for_change,
    wait_for_my_turn,
)

SOLUTIONS = ROOT / "notebooks" / "tutorial-solutions.ipynb"
RUN_ALL_MS = 600_000  # three arenas on a shared machine


@pytest.fixture(params=["lab", "notebook"])
def tutorial_url(tmp_path: Path, jupyter: SharedServer, request: pytest.FixtureRequest) -> str:
    """JupyterLab, or Notebook 7, on a copy of the answered tutorial without its stored outputs
    and its example table: the one table on the page is the learner's."""
    book = nbformat.read(SOLUTIONS, as_version=4)
    book.cells = [cell for cell in book.cells if not cell.source.startswith('HeartsTable(bots=["random"')]
    for cell in book.cells:  # what the page shows is then what this run made, not what the file stores
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    nbformat.write(book, tmp_path / "tutorial.ipynb")
    return (jupyter.lab if request.param == "lab" else jupyter.notebook7)(tmp_path / "tutorial.ipynb", "tutorial")


KERNEL_IDLE = """() => { const k = window.jupyterapp?.shell.currentWidget?.sessionContext?.session?.kernel;
  return k && k.status === 'idle'; }"""


def test_the_answered_tutorial_runs_and_its_bot_plays_a_hand(page: Page, tutorial_url: str, shots: Path) -> None:
    """The hand is played at the instant pace, chosen in the table's settings as a learner may
    (the pace is tested in Voilà)."""
    app = "lab" if "/lab/" in tutorial_url else "notebook7"
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(tutorial_url)
    page.wait_for_function(KERNEL_IDLE, timeout=KERNEL_START_MS)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    expect(page.get_by_text("Where next").first).to_be_attached(timeout=RUN_ALL_MS)  # the last cell has run
    page.wait_for_function(KERNEL_IDLE, timeout=RUN_ALL_MS)

    pictures = page.locator(".hearts-arena svg")
    expect(pictures).to_have_count(3)
    bars = page.locator(".widget-hprogress")  # ipywidgets' IntProgress
    expect(bars).to_have_count(3)
    bars.last.scroll_into_view_if_needed()
    expect(bars.last).to_be_visible()
    expect(bars.locator(".progress-bar-success")).to_have_count(3)  # each ran to its end
    pictures.last.scroll_into_view_if_needed()
    expect(pictures.last).to_be_visible()
    expect(page.locator(".jp-OutputArea-output", has_text="Well done")).to_have_count(6)  # every check
    page.screenshot(path=shots / f"tutorial-{app}-arena.png")

    table = page.locator(".hw-root")
    table.scroll_into_view_if_needed()
    expect(table).to_contain_text("West (better_bot)")
    snapshot = page.locator(".hearts-table-snapshot")
    expect(snapshot).to_be_hidden()  # the table is drawn: its static picture is not shown
    settings(table).locator("[data-key=pace]").select_option(label="Instant")
    hide_settings(table)
    choose_and_pass(page)
    rows = sheet_rows(page)
    plays = 0
    while sheet_rows(page) == rows:
        wait_for_my_turn(page)
        if sheet_rows(page) != rows:
            break
        before = state_id(page)
        click_card(page.locator(".hw-hand .hw-card.hw-legal").first)
        wait_for_change(page, before)
        plays += 1
        assert plays <= 13
    expect(page.locator(".hw-story")).to_contain_text("West (better_bot)")  # the narration names its cards
    table.screenshot(path=shots / f"tutorial-{app}-table.png")
