"""Voilà's own "Error displaying widget: model not found", provoked: the
notebook closes the table's model right after displaying it, so the page's
widget manager never gets the model, as when the kernel's answer misses it
under load. The project's Voilà template loads the page once more (standalone
Voilà and a Jupyter server's /voila/render/ alike); a table that fails again
says what to do, in its own language, with a Reload button. And inside the table: a
redraw of the learner's own (a card chosen) that throws is drawn again."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import Page, expect

from hearts_widget.text.classroom import render_retry_text
from servers import free_port, start_server, stop_server

from .conftest import jupyter_env
from .person import WAIT_MS, click_card, hand_cards, state_id, wait_for_change

RENDER_MS = 120_000
# The cell closes the model it has just displayed: on the first run only, or always.
CELL = """\
from pathlib import Path
from IPython.display import display
from hearts_widget import HeartsTable

table = HeartsTable(lang={lang!r})
display(table)
first = not Path("ran-once").exists()
Path("ran-once").touch()
if first or {always!r}:
    table.close()
"""


def serve(tmp_path: Path, lang: str, always: bool, under_server: bool = False) -> Iterator[str]:
    """Standalone Voilà on the notebook, or (``under_server``) a Jupyter server at
    ``/voila/render/`` as on Binder and JupyterHub; the same template either way."""
    folder = tmp_path / "nb"
    folder.mkdir()
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(CELL.format(lang=lang, always=always))])
    nbformat.write(notebook, folder / "flaky.ipynb")
    port = free_port()
    if under_server:
        args = [sys.executable, "-m", "jupyter", "server", "--no-browser", "--allow-root", "--ServerApp.token=",
                "--ServerApp.password=", "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}",
                f"--ServerApp.root_dir={folder}"]
        url = f"http://127.0.0.1:{port}/voila/render/flaky.ipynb"
    else:
        args = [sys.executable, "-m", "voila", "flaky.ipynb", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"]
        url = f"http://127.0.0.1:{port}/"
    proc = start_server(args, folder, jupyter_env(tmp_path / "home"), port, tmp_path / "server.log")
    yield url
    stop_server(proc)


@pytest.fixture(params=["voila", "voila-render"])
def fails_once(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[str]:
    yield from serve(tmp_path, "en", always=False, under_server=request.param == "voila-render")


@pytest.fixture
def fails_always(tmp_path: Path) -> Iterator[str]:
    yield from serve(tmp_path, "sw", always=True)


def count_loads(page: Page) -> list[str]:
    loads: list[str] = []
    page.on("load", lambda: loads.append(page.url))
    return loads


def test_a_table_voila_could_not_draw_comes_back_after_one_reload(page: Page, fails_once: str) -> None:
    loads = count_loads(page)
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if "model not found" in message.text else None)
    page.goto(fails_once, timeout=RENDER_MS)
    page.locator(".hw-hand .hw-card").first.wait_for(timeout=RENDER_MS)
    expect(page.get_by_role("button", name="Pass these three cards")).to_be_visible(timeout=WAIT_MS)
    assert len(loads) == 2, f"the page loaded {len(loads)} times (once failing, once drawn)"
    assert errors, "the first load did fail as Voilà fails (widget model not found)"
    expect(page.locator(".hearts-render-notice")).to_have_count(0)


def test_a_table_that_fails_again_says_what_to_do_in_its_language(page: Page, fails_always: str, shots: Path) -> None:
    loads = count_loads(page)
    page.goto(fails_always, timeout=RENDER_MS)
    words = render_retry_text("sw")
    notice = page.locator(".hearts-render-notice")
    expect(notice).to_contain_text(words["failed"], timeout=RENDER_MS)
    expect(notice.get_by_role("button", name=words["reload"])).to_be_visible()
    expect(page.get_by_text("Error displaying widget")).to_have_count(0)
    page.screenshot(path=shots / "render-failed-sw.png")
    assert len(loads) == 2, f"the page loaded {len(loads)} times (one retry, no loop)"
    notice.get_by_role("button", name=words["reload"]).click()  # the learner's own reload: tried, still says so
    expect(page.locator(".hearts-render-notice")).to_contain_text(words["failed"], timeout=RENDER_MS)
    assert len(loads) == 3


# The next time the table puts a node in its page, that one call throws (then the page is as before).
FAIL_NEXT_INSERT = """() => {
  const insert = Node.prototype.insertBefore;
  Node.prototype.insertBefore = function () {
    Node.prototype.insertBefore = insert;
    throw new Error("a drawing failure provoked by the test");
  };
}"""


def test_a_choice_whose_drawing_fails_once_is_drawn_again(page: Page, voila_url: str) -> None:
    """The learner's own redraw (the third card chosen to pass) fails once: the table draws
    it again a moment later, and the Pass button is there and takes the pass."""
    page.goto(voila_url)
    hand = hand_cards(page)
    hand.first.wait_for(timeout=RENDER_MS)
    confirm = page.get_by_role("button", name="Pass these three cards")
    for index in range(2):
        click_card(hand.nth(index))
    expect(confirm).to_be_disabled()
    page.evaluate(FAIL_NEXT_INSERT)
    click_card(hand.nth(2))
    expect(page.locator(".hw-hand .hw-card.hw-chosen")).to_have_count(3)
    expect(confirm).to_be_enabled()
    assert any("could not be drawn" in message.text for message in page.console_messages())
    before = state_id(page)
    confirm.click()
    wait_for_change(page, before)
    expect(page.locator(".hw-hand .hw-card.hw-chosen")).to_have_count(0)
    expect(page.get_by_test_id("render-failed")).to_have_count(0)
