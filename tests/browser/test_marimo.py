"""The table in marimo (``notebooks/marimo_table.py`` run as an app): it shows the dealt
hand, takes a pass and a card, and the bots answer, every other host black-holed. The
table is the notebook's own, at the default pace: the trick held until the learner
continues (at any pace above 0) is what shows the bots have answered, and it costs
three bot cards' time."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from browser.person import WAIT_MS, click_card, hand_cards
from servers import ROOT, free_port, start_server, stop_server

pytest.importorskip("marimo")

NOTEBOOK = ROOT / "notebooks" / "marimo_table.py"
START_MS = 180_000  # marimo starts its kernel and runs the cell on the first visit; CI shares 2 cores


@pytest.fixture(scope="module")
def marimo_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``marimo run`` on the notebook: a server of its own, as marimo is no Jupyter server
    (each visit to the app is a session of its own)."""
    work = tmp_path_factory.mktemp("marimo")
    port = free_port()
    env = {"HOME": str(work), "PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT),
           "XDG_CONFIG_HOME": str(work / "config"), "XDG_CACHE_HOME": str(work / "cache")}
    proc = start_server([sys.executable, "-m", "marimo", "run", str(NOTEBOOK), "--headless", "--host", "127.0.0.1",
                         f"--port={port}", "--no-token", "--no-sandbox"], work, env, port, work / "marimo.log")
    yield f"http://127.0.0.1:{port}/"
    stop_server(proc)


def test_the_table_passes_and_plays_a_card_in_marimo(page: Page, marimo_url: str) -> None:
    page.goto(marimo_url)
    hand = hand_cards(page)
    expect(hand).to_have_count(13, timeout=START_MS)
    for index in range(3):
        click_card(hand.nth(index))
    page.get_by_role("button", name="Pass these three cards").click()
    # The pass is taken when the received cards are shown; until then every card of the hand
    # is highlighted as one that may be passed, and the three chosen ones are about to go.
    expect(page.locator(".hw-received")).to_contain_text("You received", timeout=WAIT_MS)
    legal = page.locator(".hw-hand .hw-card.hw-legal")
    legal.first.wait_for(timeout=WAIT_MS)
    played = legal.first.get_attribute("data-code")
    # That card, as a person clicks the card they chose (the first playable one may change under them).
    click_card(page.locator(f".hw-hand .hw-card.hw-legal[data-code='{played}']"))
    expect(hand).to_have_count(12, timeout=WAIT_MS)
    expect(page.get_by_test_id("trick").locator(f"[data-code='{played}']")).to_be_visible()
    # The bots answer: the trick fills to its four cards and stays until the learner continues.
    expect(page.get_by_test_id("trick").locator(".hw-played")).to_have_count(4, timeout=WAIT_MS)
