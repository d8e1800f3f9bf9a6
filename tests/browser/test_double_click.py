"""A learner who double-clicks Continue (Voilà; the bots at a fast pace, 0.05 s a card, so that
the tricks come quickly but are held) just continues, once:
no warning, and no card of theirs played by the second click, whether it comes before the
table has answered the first or after (when the Continue button has gone from under it).
Holding Enter down on Continue acts once too. Continue stays where it came while the coach's
word on the trick arrives, so a click already on its way lands on it."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from servers import SharedServer

from .person import WAIT_MS, choose_and_pass, click_card, hand_cards, state_id, wait_for_change

FAST_TABLE = "from hearts_widget import HeartsTable\nHeartsTable(pace=0.05)"


@pytest.fixture
def fast_url(voila_server: SharedServer) -> str:
    """A table whose bots play 0.05 s apart, as a Voilà page of this test's own (the shared server)."""
    return voila_server.render(FAST_TABLE, "fast")


def play_until_held(page: Page) -> None:
    """Play the first highlighted card until a completed trick waits on the table."""
    for _ in range(20):
        page.wait_for_function("() => document.querySelector('.hw-hand .hw-card.hw-legal, [data-key=continue]')",
                               timeout=WAIT_MS)
        if page.locator("[data-key=continue]").count():
            return
        before = state_id(page)
        click_card(page.locator(".hw-hand .hw-card.hw-legal").first)
        wait_for_change(page, before)
    raise AssertionError("no trick was completed")


def continued_once(page: Page, cards: int) -> None:
    """The table went on to the learner's next turn, with no warning and none of their cards played."""
    page.wait_for_function("() => document.querySelector('.hw-hand .hw-card.hw-legal') "
                           "&& !document.querySelector('[data-key=continue]')", timeout=WAIT_MS)
    expect(page.get_by_test_id("notice")).to_have_count(0)
    expect(hand_cards(page)).to_have_count(cards)
    expect(page.locator(".hw-root.hw-pending")).to_have_count(0)  # it takes the learner's clicks


def test_a_double_click_on_continue_just_continues(page: Page, fast_url: str, shots: Path) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(fast_url)
    hand_cards(page).first.wait_for(timeout=60_000)
    choose_and_pass(page)

    # Both clicks before the table answers (the browser's own double click).
    play_until_held(page)
    cards = hand_cards(page).count()
    page.locator("[data-key=continue]").dblclick()
    continued_once(page, cards)
    page.screenshot(path=shots / "double-click-continue.png")

    # The second click after the table has answered: the button has gone, and what is under
    # the pointer now (here the learner's card) must not take the click.
    before_play = state_id(page)
    click_card(page.locator(".hw-hand .hw-card.hw-legal").first)
    wait_for_change(page, before_play)
    play_until_held(page)
    cards = hand_cards(page).count()
    button = page.locator("[data-key=continue]").bounding_box()
    assert button is not None
    before = state_id(page)
    page.mouse.click(button["x"] + button["width"] / 2, button["y"] + button["height"] / 2)
    wait_for_change(page, before)
    card = page.locator(".hw-hand .hw-card").first.bounding_box()
    assert card is not None
    page.mouse.move(card["x"] + card["width"] / 2, card["y"] + card["height"] / 2)
    page.mouse.down(click_count=2)  # the second click of the double click
    page.mouse.up(click_count=2)
    continued_once(page, cards)


def test_holding_enter_on_continue_continues_once(page: Page, fast_url: str) -> None:
    """The key's repeats neither continue again nor play the card that receives focus;
    a new press of Enter plays it."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(fast_url)
    hand_cards(page).first.wait_for(timeout=60_000)
    choose_and_pass(page)
    play_until_held(page)
    cards = hand_cards(page).count()
    page.locator("[data-key=continue]").focus()
    before = state_id(page)
    page.keyboard.down("Enter")
    wait_for_change(page, before)
    continued_once(page, cards)
    expect(page.locator(".hw-hand .hw-card.hw-legal").first).to_be_focused()
    trick = page.locator("[data-testid=trick] .hw-played").count()
    for _ in range(3):
        page.keyboard.down("Enter")  # the key is still down: the browser's repeats
    page.keyboard.up("Enter")
    # A card the repeats played would reach the kernel before the hint asked for now, and the
    # table showing it before the hint's answer: once the hint shows, the hand is still whole.
    page.get_by_role("button", name="Hint").click()
    expect(page.get_by_test_id("hint")).to_contain_text("Coach")
    expect(hand_cards(page)).to_have_count(cards)
    expect(page.locator("[data-testid=trick] .hw-played")).to_have_count(trick)
    page.locator(".hw-hand .hw-card.hw-legal").first.focus()
    before = state_id(page)
    page.keyboard.press("Enter")
    wait_for_change(page, before)
    expect(hand_cards(page)).to_have_count(cards - 1)


# Continue's place each time the table changes while a completed trick is held (in the page, so no
# move between two looks of the test is missed): the state's id, the button's top, and where the
# coach's word is when there is one ("below" or "above" the button; "" when none yet).
WATCH_CONTINUE = """() => { window.hwContinueTops = []; const root = document.querySelector('.hw-root');
  new MutationObserver(() => { const button = root.querySelector('[data-key=continue]');
    if (!button) return;
    const word = root.querySelector('[data-testid=feedback]');
    const below = word && button.compareDocumentPosition(word) & Node.DOCUMENT_POSITION_FOLLOWING;
    const where = !word ? '' : below ? 'below' : 'above';
    window.hwContinueTops.push([root.dataset.stateId, Math.round(button.getBoundingClientRect().top), where]); })
    .observe(root, {subtree: true, childList: true, attributes: true, characterData: true}); }"""


def test_continue_stays_put_while_the_coachs_word_arrives(page: Page, fast_url: str) -> None:
    """The coach judges the learner's trick in a thread, so its word can come after Continue (often
    at a fast pace; at the default pace when the learner's card ends the trick). Over a whole hand
    played as a quick learner does (Continue clicked as soon as it comes), a held trick's Continue
    never moves, and the coach's word is below it: above it, the word's arrival moved the button
    34 px down, and a click on its way landed beside it."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(fast_url)
    hand_cards(page).first.wait_for(timeout=60_000)
    page.evaluate(WATCH_CONTINUE)
    choose_and_pass(page)
    for _ in range(13):
        play_until_held(page)
        before = state_id(page)
        page.locator("[data-key=continue]").click()
        wait_for_change(page, before)
    tops: dict[str, set[int]] = {}
    words: set[str] = set()
    for state, top, where in page.evaluate("window.hwContinueTops"):
        tops.setdefault(state, set()).add(top)
        words.add(where)
    moved = {state: sorted(seen) for state, seen in tops.items() if len(seen) > 1}
    assert not moved, f"Continue moved while its trick was held (state: tops): {moved}"
    # Where the word was seen while its trick was held, it was below Continue. (On a busy machine the
    # coach may judge every trick only after it was continued: nothing to place then. Requiring a
    # word seen failed CI once, with none seen in 13 tricks.)
    assert len(tops) == 13 and "above" not in words, (len(tops), words)
