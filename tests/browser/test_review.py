"""The hand review in a real browser, like a person at the default settings (Voilà, 1280×800)
but for the bots' pace: a whole hand played at the instant pace (the pace itself is tested in
test_voila.py), then "Review this hand": the costly cards are marked beside their tricks in the
replay with what they cost, not the better card; "Try again" shows the learner's cards and the
trick as they were then and nothing else (no replay, no better card, no card played after the
learner's in that trick, anywhere in the page); the card played again is refused twice, then
the best card is told, and the best card is accepted.
The same for the pass: its reason in the review's list and beside the first trick, Try
again with the thirteen cards as dealt, and the best pass after two wrong tries."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from servers import SharedServer

from .person import WAIT_MS, choose_and_pass, continue_if_held, hand_cards, state_id, wait_for_change

# The learner sits South. Seed 1, passing the first three cards (7♣ Q♣ K♣, to West) and playing the last
# playable card each time, the learner makes costly choices (an inaccuracy, a blunder...): the review has marks.
TABLE = "from hearts_widget import HeartsTable\nHeartsTable(seed=1, pace=0)"


@pytest.fixture
def review_url(voila_server: SharedServer) -> str:
    return voila_server.render(TABLE)


def play_the_hand_with_the_last_playable_card(page: Page) -> list[str]:
    """Pass the first three cards, then play the last highlighted card each time, reading
    each completed trick (with the coach's word beside it, below Continue) before going on;
    the cards dealt, as the hand showed them at the pass ("7♣")."""
    dealt = [(label or "").split(",")[0] for label in
             (card.get_attribute("aria-label") for card in hand_cards(page).all())]
    choose_and_pass(page)
    review = page.get_by_role("button", name="Review this hand")
    while not review.count():
        page.wait_for_function(
            "() => document.querySelector('.hw-hand .hw-card.hw-legal, [data-key=continue], "
            "[data-key=review-open]')", timeout=WAIT_MS)
        feedback = page.get_by_test_id("feedback")
        if feedback.count() and page.locator("[data-key=continue]").count():  # in the trick's story, below Continue
            tell = page.get_by_test_id("tell")
            expect(tell.get_by_test_id("feedback")).to_have_count(1)
            assert feedback.bounding_box()["y"] > page.locator("[data-key=continue]").bounding_box()["y"]
        if continue_if_held(page) or review.count():
            continue
        if page.get_by_test_id("hand-over").count():  # the next hand's pass: its cards are not this hand's
            expect(review).to_have_count(1)  # the review's button comes with the hand's result
            continue
        before = state_id(page)
        page.locator(".hw-hand .hw-card.hw-legal").last.click()
        wait_for_change(page, before)
    return dealt


def review_on_the_first_screen(page: Page, shots: Path) -> None:
    """When the hand ends, "Review this hand" is on the first screen (the page scrolled to its
    top), with the hand's result and before the next hand's pass: at 1280×800 and on a 390-px
    phone (390×844); one such button on the page."""
    button = page.get_by_role("button", name="Review this hand")
    for width, height in ((390, 844), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        expect(button).to_have_count(1)
        expect(page.get_by_test_id("hand-over").get_by_role("button", name="Review this hand")).to_be_visible()
        bottom = page.evaluate("""(button) => {
          window.scrollTo(0, 0);
          for (const el of document.querySelectorAll("*")) if (el.scrollTop) el.scrollTop = 0;
          return button.getBoundingClientRect().bottom;
        }""", button.element_handle())
        passing = page.get_by_test_id("pass-prompt").bounding_box()
        assert bottom <= height, f"Review this hand ends at y={bottom:.0f}, below the first screen ({width}×{height})"
        assert passing is not None and bottom <= passing["y"] + 1, "and comes before the next hand's pass"
        page.screenshot(path=shots / f"review-first-screen-{width}.png")


def learner_cards_from(page: Page, trick: int, told: list[str]) -> tuple[list[str], list[str], list[str]]:
    """From the replay: the learner's cards in trick ``trick`` (1-based) and after it, and
    the cards played before and after the learner's in that trick; what the replay told of
    those tricks (discards, hearts broken...) added to ``told``."""
    back = page.locator("[data-key=replay-back]")
    forward = page.locator("[data-key=replay-forward]")
    while back.is_enabled():
        back.click()
    for _ in range(trick - 1):
        forward.click()
    mine: list[str] = []
    before: list[str] = []
    after: list[str] = []
    while True:
        told.extend(line.inner_text() for line in page.locator("[data-testid=replay] .hw-tell-line").all())
        cards = page.locator("[data-testid=replay] .hw-last-one")
        labels = [cards.nth(i).get_attribute("aria-label") or "" for i in range(cards.count())]
        you = next(i for i, label in enumerate(labels) if label.startswith("South: "))
        if not mine:
            before = [label.split(": ", 1)[1] for label in labels[:you]]
            after = [label.split(": ", 1)[1] for label in labels[you + 1:]]
        mine.append(labels[you].split(": ", 1)[1])
        if not forward.is_enabled():
            return mine, before, after
        forward.click()


def test_review_marks_the_costly_cards_and_try_again_shows_only_what_the_learner_saw(
        page: Page, review_url: str, shots: Path) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(review_url)
    hand_cards(page).first.wait_for(timeout=60_000)
    dealt = play_the_hand_with_the_last_playable_card(page)
    over = time.monotonic()
    review_on_the_first_screen(page, shots)
    page.get_by_role("button", name="Review this hand").click()
    # Opened at once: the review is ready, or its progress bar says how far the coach is.
    classes, progress = page.get_by_test_id("review-classes"), page.get_by_test_id("review-progress")
    expect(classes.or_(progress)).to_be_visible()
    if progress.is_visible():
        expect(progress.locator("progress")).to_be_visible()
        expect(progress).to_contain_text("The coach is looking at your cards")
    expect(classes).to_be_visible(timeout=WAIT_MS)
    ready = time.monotonic() - over
    print(f"the review was ready {ready:.1f} s after the hand ended (load average {os.getloadavg()})")
    assert ready <= 5, f"the review was ready {ready:.1f} s after the hand ended (goal: 5 s)"
    rows = page.locator("[data-testid=review-classes] tbody tr")
    expect(rows).to_have_count(4)
    assert int(rows.nth(1).locator("td").first.inner_text()) + int(rows.nth(2).locator("td").first.inner_text()) \
        + int(rows.nth(3).locator("td").first.inner_text()) >= 1
    # Find a costly card in the replay: its mark and reason sit beside its trick.
    back = page.locator("[data-key=replay-back]")
    mark = page.get_by_test_id("review-mark")
    while not mark.count():
        assert back.is_enabled(), "no trick of the replay carries a mark"
        back.click()
    # What it cost, not the better card: that is for the learner to find.
    expect(mark.first).to_contain_text(re.compile(r"cost you about [\d.]+ points\. Can you find a better card\?"))
    expect(mark.first).not_to_contain_text("better here")
    title = page.get_by_test_id("replay-title").inner_text()
    trick = int(re.search(r"\d+", title).group())  # type: ignore[union-attr]
    page.screenshot(path=shots / "review-marks.png", full_page=True)
    told: list[str] = []
    played_then, seen_before, played_after = learner_cards_from(page, trick, told)
    learner_cards_from(page, 1, told)
    # The replay tells what the live table told (in this hand a discard, hearts broken).
    assert len(told) >= 2, told
    # Back to the marked trick, and Try again.
    while back.is_enabled():
        back.click()
    for _ in range(trick - 1):
        page.locator("[data-key=replay-forward]").click()
    page.get_by_test_id("review-mark").first.get_by_role("button", name="Try again").click()
    board = page.get_by_test_id("retry")
    expect(board).to_be_visible()
    names = [b.get_attribute("aria-label") for b in board.locator("[data-testid=retry-hand] button").all()]
    assert sorted(names) == sorted(played_then), "Try again shows exactly the learner's cards then"
    shown = [c.get_attribute("aria-label").split(": ", 1)[1]  # type: ignore[union-attr]
             for c in board.locator("[data-testid=retry-trick] .hw-last-one").all()]
    assert shown == seen_before, "and the trick as it was when the learner played, nothing else"
    page.screenshot(path=shots / "review-try-again.png", full_page=True)
    # Before the first try, nothing in the page but the learner's own cards shows a card they
    # could not see then: the replay gives way to the position tried again.
    expect(page.get_by_test_id("replay")).to_have_count(0)
    before_trying = shown_outside_the_hands(page)
    for later in played_after:
        assert not shows(before_trying, later), (f"{later}, played after the learner's card, is shown before a try",
                                                 [line for line in before_trying if shows([line], later)])
    played = page.get_by_test_id("retry-prompt").inner_text()
    card = re.search(r"You played (\S+) here", played).group(1)  # type: ignore[union-attr]
    buttons = {card_symbol(b.get_attribute("data-code")): b
               for b in board.locator("[data-testid=retry-hand] button").all()}
    for tries in (1, 2):
        before = state_id(page)
        buttons[card].click()
        wait_for_change(page, before)
        expect(page.get_by_test_id("retry-verdict")).to_contain_text(f"{card} is the card you played")
        if tries == 1:
            expect(page.get_by_test_id("retry-answer")).to_have_count(0)
            expect(page.get_by_role("button", name="Show the answer")).to_be_visible()
    answer = page.get_by_test_id("retry-answer")
    expect(answer).to_contain_text("The best card was")
    expect(page.get_by_role("button", name="Show the answer")).to_have_count(0)
    best = re.search(r"The best card was (\S+)\.", answer.inner_text()).group(1)  # type: ignore[union-attr]
    assert not shows(before_trying, best), ("the better card was shown before the first try",
                                            [line for line in before_trying if shows([line], best)])
    page.get_by_test_id("retry").locator(f"[data-testid=retry-hand] button[data-code='{code_of(best)}']").click()
    expect(page.get_by_test_id("retry-verdict")).to_contain_text("Well found!")
    page.screenshot(path=shots / "review-found.png", full_page=True)
    try_the_pass_again(page, dealt, shots)


def try_the_pass_again(page: Page, dealt: list[str], shots: Path) -> None:
    """The pass (the first three cards, which leave the learner's dangerous cards in the hand)
    in the review's list and beside the first trick, with its reason; Try again shows the
    thirteen cards as dealt and nothing else; the same pass is refused twice, then the best
    pass is told, and the best pass is accepted."""
    page.get_by_role("button", name="Back to the review").click()
    line = page.get_by_test_id("review-pass")
    # Not tried yet: what it cost, not the better pass.
    reason = re.compile(r"Your pass, (\S+ \S+ \S+), cost you about [\d.]+ points\. Can you find a better pass\?")
    expect(line).to_contain_text(reason)
    passed = reason.search(line.inner_text()).group(1).split()  # type: ignore[union-attr]
    assert sorted(passed) == sorted(dealt[:3]), "the review names the three cards the learner passed"
    back = page.locator("[data-key=replay-back]")
    while back.is_enabled():
        back.click()
    expect(page.get_by_test_id("replay").get_by_test_id("review-mark").first).to_contain_text(reason)
    page.screenshot(path=shots / "review-pass.png", full_page=True)
    line.get_by_role("button", name="Try again").click()
    board = page.get_by_test_id("retry")
    expect(board.get_by_test_id("retry-prompt")).to_contain_text(f"You passed {' '.join(passed)} to West.")
    buttons = board.locator("[data-testid=retry-hand] button")
    assert sorted(card_symbol(b.get_attribute("data-code")) for b in buttons.all()) == sorted(dealt), \
        "Try again at the pass shows exactly the thirteen cards dealt"
    assert not board.locator(".hw-last-one").count(), "and no other card"
    confirm = board.get_by_role("button", name="Pass the chosen cards")
    for tries in (1, 2):
        choose_in_retry(board, passed)
        before = state_id(page)
        confirm.click()
        wait_for_change(page, before)
        expect(page.get_by_test_id("retry-verdict")).to_contain_text(f"Passing {' '.join(passed)} is the pass you made")
        if tries == 1:
            expect(page.get_by_test_id("retry-answer")).to_have_count(0)
    answer = page.get_by_test_id("retry-answer")
    expect(answer).to_contain_text("The best pass was")
    page.screenshot(path=shots / "review-pass-try-again.png", full_page=True)
    best = re.search(r"The best pass was (\S+ \S+ \S+)\.", answer.inner_text()).group(1).split()  # type: ignore[union-attr]
    choose_in_retry(board, best)
    confirm.click()
    expect(page.get_by_test_id("retry-verdict")).to_contain_text("is a good pass here. Well found!")
    page.screenshot(path=shots / "review-pass-found.png", full_page=True)


def shown_outside_the_hands(page: Page) -> list[str]:
    """Every text, label and card code in the page but the learner's cards (the next hand's, the
    hand tried again, and the notebook's snapshot of the table as first dealt) and the rules card
    (the same for every game): what the page shows or holds of the cards played."""
    return page.evaluate("""() => {
      const out = [];
      for (const el of document.querySelectorAll("body *")) {
        if (el.closest("[data-testid=hand], [data-testid=retry-hand], [data-testid=rules-card], "
                       + ".hearts-table-snapshot")) continue;
        for (const name of ["aria-label", "data-code", "title"]) {
          if (el.getAttribute(name)) out.push(el.getAttribute(name));
        }
        for (const node of el.childNodes) {
          if (node.nodeType === 3 && node.textContent.trim()) out.push(node.textContent);
        }
      }
      return out;
    }""")


RANKS = {"A": "ace", "K": "king", "Q": "queen", "J": "jack"}
SUITS = {"♣": "clubs", "♦": "diamonds", "♠": "spades", "♥": "hearts"}


def shows(lines: list[str], card: str) -> bool:
    """Whether ``card`` (its symbol, "Q♦", or its name, "Queen of diamonds") is among ``lines``:
    by its symbol or its name in a text or label, or by its code."""
    named = re.search(r"\((\S+)\)$", card)  # "the Black Maria (Q♠)"
    if named:
        card = named.group(1)
    elif " of " in card:  # a name: its symbol
        rank, suit = card.lower().split(" of ")
        card = next((r for r, word in RANKS.items() if word == rank), rank) + \
            next(s for s, word in SUITS.items() if word == suit)
    name = f"{RANKS.get(card[:-1], card[:-1])} of {SUITS[card[-1]]}"
    return code_of(card) in lines or any(card in line or name in line.lower() for line in lines)


def choose_in_retry(board: Locator, cards: list[str]) -> None:
    """Choose exactly ``cards`` ("Q♠") on the pass tried again, as a person clicks them."""
    for button in board.locator("[data-testid=retry-hand] button").all():
        wanted = card_symbol(button.get_attribute("data-code")) in cards
        if (button.get_attribute("aria-pressed") == "true") != wanted:
            button.click()
    for card in cards:
        expect(board.locator(f"[data-testid=retry-hand] button[data-code='{code_of(card)}']")).to_have_attribute(
            "aria-pressed", "true")


def card_symbol(code: str | None) -> str:
    """A card code as the sentences write it: "QS" as "Q♠"."""
    assert code
    return code[:-1] + {"C": "♣", "D": "♦", "S": "♠", "H": "♥"}[code[-1]]


def code_of(symbol: str) -> str:
    """A card as the sentences write it, "Q♠", as its code, "QS"."""
    return symbol[:-1] + {"♣": "C", "♦": "D", "♠": "S", "♥": "H"}[symbol[-1]]
