"""A person at the table: clicks the cards the widget highlights and reads what it says."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

WAIT_MS = 20_000


def state_id(page: Page) -> str:
    return page.locator(".hw-root").get_attribute("data-state-id") or ""


def wait_for_change(page: Page, before: str) -> None:
    page.wait_for_function(
        "before => { const r = document.querySelector('.hw-root'); return r && r.dataset.stateId !== before; }",
        arg=before, timeout=WAIT_MS)


def settings(scope: Page | Locator) -> Locator:
    """The table's settings (language, bot pace, after a trick, variant), shown as a person shows
    them: the toolbar's gear pressed if they are hidden. ``scope`` is the page or one table."""
    gear = scope.locator("[data-key=settings]")
    if gear.get_attribute("aria-expanded") != "true":
        gear.click()
    panel = scope.get_by_test_id("settings")
    expect(panel).to_be_visible()
    return panel


def hide_settings(scope: Page | Locator) -> None:
    """Press the toolbar's gear again, if the settings show: the table as it was."""
    gear = scope.locator("[data-key=settings]")
    if gear.get_attribute("aria-expanded") == "true":
        gear.click()
    expect(scope.get_by_test_id("settings")).to_have_count(0)


def hand_cards(page: Page) -> Locator:
    return page.locator(".hw-hand .hw-card")


def sheet_rows(page: Page) -> int:
    """Hands entered on the score sheet (the body rows without the totals row)."""
    return page.locator(".hw-score tbody tr:not(.hw-totals)").count()


def click_card(card: Locator) -> None:
    """Click a card of the hand as a person does: once it has stopped moving.

    A card that becomes playable lifts for 0.12 s. Playwright, finding a moving target,
    retries its click with the element scrolled to the end, the centre and the start of the
    page's scroll container in turn, scrolling the page by hundreds of pixels as no person's
    click ever does; waiting for the lift to end keeps the page where the learner left it."""
    card.evaluate("(el) => Promise.allSettled(el.getAnimations().map((a) => a.finished))")
    card.click()


def continue_if_held(page: Page) -> bool:
    """A completed trick waits on the table: see it, then continue as a person would."""
    button = page.locator("[data-key=continue]")
    if not button.count():
        return False
    before = state_id(page)
    button.click()
    wait_for_change(page, before)
    return True


def wait_for_my_turn(page: Page) -> None:
    """Wait, continuing after each completed trick, until a card of the hand is highlighted
    (or a dialog asks something)."""
    page.wait_for_function(
        "() => document.querySelector('.hw-hand .hw-card.hw-legal, [data-key=continue], .hw-dialog')",
        timeout=WAIT_MS)
    while continue_if_held(page):
        page.wait_for_function(
            "() => document.querySelector('.hw-hand .hw-card.hw-legal, [data-key=continue], .hw-dialog')",
            timeout=WAIT_MS)


def choose_and_pass(page: Page, indexes: tuple[int, int, int] = (0, 1, 2)) -> None:
    """Click three cards of the hand and confirm the pass; wait for the table to change."""
    cards = hand_cards(page)
    for index in indexes:
        click_card(cards.nth(index))
    before = state_id(page)
    page.get_by_role("button", name="Pass these three cards").click()
    wait_for_change(page, before)


def pass_three(page: Page, shots: Path, name: str) -> None:
    """Choose three cards, see the choice, confirm, and see what was received."""
    expect(page.get_by_test_id("pass-prompt")).to_contain_text("Pass three cards")
    page.get_by_role("button", name="Hint").click()
    expect(page.get_by_test_id("hint")).to_contain_text("Coach")
    expect(page.locator(".hw-hand .hw-card.hw-hinted")).to_have_count(3)
    page.screenshot(path=shots / f"{name}-1-pass.png", full_page=True)
    cards = hand_cards(page)
    for index in (0, 4, 8):
        click_card(cards.nth(index))
    expect(page.get_by_test_id("pass-prompt")).to_contain_text("3 cards chosen")
    confirm = page.get_by_role("button", name="Pass these three cards")
    expect(confirm).to_be_enabled()
    page.screenshot(path=shots / f"{name}-2-chosen.png", full_page=True)
    before = state_id(page)
    confirm.click()
    wait_for_change(page, before)
    expect(page.locator(".hw-received")).to_contain_text("You received")


def check_illegal_card(page: Page, shots: Path, name: str) -> None:
    """Click a dimmed card: nothing is played, and the reason with its rule is shown."""
    illegal = page.locator(".hw-hand .hw-card.hw-illegal").first
    label = illegal.get_attribute("aria-label") or ""
    assert ", not playable: " in label, label
    count = hand_cards(page).count()
    click_card(illegal)
    notice = page.get_by_test_id("notice")
    expect(notice.locator(".hw-rule-name")).to_have_count(1)  # the rule's name, not its id (show_rule_ids)
    expect(notice).not_to_contain_text(re.compile(r"play\.[a-z-]+"))
    expect(notice).to_contain_text("cannot be played")
    expect(page.get_by_test_id("why")).to_have_text("")  # one verdict per click: the notice's
    expect(page.get_by_role("status")).to_contain_text("cannot be played")  # said to screen readers too
    expect(hand_cards(page)).to_have_count(count)
    page.screenshot(path=shots / f"{name}-4-illegal.png", full_page=True)


def play_out_the_hand(page: Page, shots: Path, name: str) -> None:
    """Play highlighted cards until the score sheet gains a row; check an illegal card on the way."""
    rows = sheet_rows(page)
    checked_illegal = False
    plays = 0
    while sheet_rows(page) == rows:
        moon = page.locator(".hw-dialog button").first
        if page.locator(".hw-dialog").count() and moon.is_visible():
            before = state_id(page)
            moon.click()
            wait_for_change(page, before)
            continue
        wait_for_my_turn(page)
        if sheet_rows(page) != rows:
            break
        if page.locator(".hw-dialog").count():
            continue
        legal = page.locator(".hw-hand .hw-card.hw-legal")
        if not checked_illegal and page.locator(".hw-hand .hw-card.hw-illegal").count():
            check_illegal_card(page, shots, name)
            checked_illegal = True
        if plays == 1:
            page.screenshot(path=shots / f"{name}-3-play.png", full_page=True)
        before = state_id(page)
        if plays == 2:
            play_by_keyboard(page)
        else:
            click_card(legal.first)
        wait_for_change(page, before)
        if plays == 0:
            take_back_and_replay(page)
        if plays == 4:
            look_at_the_last_trick(page, shots, name)
        plays += 1
        assert plays <= 17, "a hand has at most 17 cards per player"
    assert checked_illegal, "a whole hand always offers an illegal card at some point"
    page.screenshot(path=shots / f"{name}-5-scored.png", full_page=True)


def take_back_and_replay(page: Page) -> None:
    """Undo the learner's first card: the hand holds it again; then play it once more."""
    count = hand_cards(page).count()
    before = state_id(page)
    page.get_by_role("button", name="Undo").click()
    wait_for_change(page, before)
    expect(hand_cards(page)).to_have_count(count + 1)
    before = state_id(page)
    click_card(page.locator(".hw-hand .hw-card.hw-legal").first)
    wait_for_change(page, before)
    expect(hand_cards(page)).to_have_count(count)


def look_at_the_last_trick(page: Page, shots: Path, name: str) -> None:
    button = page.get_by_role("button", name="Show the last trick")
    button.click()
    panel = page.get_by_role("group", name="Last trick")
    expect(panel.locator(".hw-last-one")).to_have_count(4)
    page.screenshot(path=shots / f"{name}-3b-last-trick.png", full_page=True)
    page.get_by_role("button", name="Hide the last trick").click()
    expect(panel).to_have_count(0)


def play_by_keyboard(page: Page) -> None:
    """Arrows move between cards (focus follows), Enter plays the focused legal card."""
    cards = hand_cards(page)
    cards.first.focus()
    page.keyboard.press("ArrowRight")
    expect(cards.nth(1)).to_be_focused()
    page.keyboard.press("ArrowLeft")
    expect(cards.first).to_be_focused()
    legal_index = next(i for i in range(cards.count()) if "hw-legal" in (cards.nth(i).get_attribute("class") or ""))
    for _ in range(legal_index):
        page.keyboard.press("ArrowRight")
    expect(cards.nth(legal_index)).to_be_focused()
    assert ", playable: " in (cards.nth(legal_index).get_attribute("aria-label") or "")
    page.keyboard.press("Enter")


def sheet_number(text: str) -> int:
    """A number as the score sheet prints it (a negative one with the minus sign U+2212)."""
    return int(text.strip().replace("\u2212", "-"))


def check_score_sheet(page: Page) -> None:
    row = page.locator(".hw-score tbody tr:not(.hw-totals)").first.locator("td")
    points = [sheet_number(row.nth(i).inner_text()) for i in range(row.count())]
    assert sum(points) in (26, 78, -26), points  # 26 points a hand, or a moon shot
    expect(page.get_by_test_id("hand-over")).to_contain_text("Hand 1 is over")
    totals = page.locator(".hw-score .hw-totals td")
    assert [sheet_number(totals.nth(i).inner_text()) for i in range(totals.count())] == points


def play_one_hand(page: Page, shots: Path, name: str) -> None:
    pass_three(page, shots, name)
    play_out_the_hand(page, shots, name)
    check_score_sheet(page)
