"""Voilà's own "Error displaying widget: model not found", provoked: the
notebook closes the table's model right after displaying it, so the page's
widget manager never gets the model, as when the kernel's answer misses it
under load. The project's Voilà template loads the page once more (standalone
Voilà and a Jupyter server's /voila/render/ alike); a table that fails again
says what to do, in its own language, with a Reload button. And inside the table: a
redraw of the learner's own (a card chosen) that throws is drawn again. Each notebook
is the test's own (its folder, where the cell marks its first run) on the session's
shared servers."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from hearts_widget.text.classroom import render_retry_text
from servers import SharedServer

from .person import WAIT_MS, click_card, hand_cards, state_id, wait_for_change

RENDER_MS = 120_000
# The cell closes the model it has just displayed: on the first run only, or always (the
# kernel's working folder is the notebook's, a folder of the test's own).
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


@pytest.fixture(params=["voila", "voila-render"])
def fails_once(request: pytest.FixtureRequest) -> str:
    """The table failing on its first run: on standalone Voilà, or (``voila-render``) a
    Jupyter server's ``/voila/render/`` as on Binder and JupyterHub; the same template either way."""
    server: SharedServer = request.getfixturevalue("voila_server" if request.param == "voila" else "jupyter")
    return server.render(CELL.format(lang="en", always=False), "flaky")


@pytest.fixture
def fails_always(voila_server: SharedServer) -> str:
    """The table failing on every run, in Swahili, on standalone Voilà."""
    return voila_server.render(CELL.format(lang="sw", always=True), "flaky")


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


def test_a_choice_whose_drawing_fails_once_is_drawn_again(page: Page, instant_voila_url: str) -> None:
    """The learner's own redraw (the third card chosen to pass) fails once: the table draws
    it again a moment later, and the Pass button is there and takes the pass."""
    page.goto(instant_voila_url)
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
