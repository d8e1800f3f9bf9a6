"""Variants in a real browser (Voilà, at the instant pace): an Omnibus game and a 10-player
Cancellation game, each started with its variant, the rules card shown, and
one hand played by the learner to the score sheet; at the default settings (but a short
pace), the twins that cancel in Cancellation Hearts marked on the felt and in the last trick."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from servers import SharedServer

from .person import (
    WAIT_MS,
    choose_and_pass,
    click_card,
    continue_if_held,
    hand_cards,
    settings,
    sheet_rows,
    state_id,
    wait_for_change,
    wait_for_my_turn,
)

NOTEBOOKS = {
    "omnibus": "from hearts_widget import HeartsTable\nHeartsTable(variant='omnibus', seed=5, pace=0)",
    "cancellation": ("from hearts_widget import HeartsTable, Rules\n"
                     "HeartsTable(rules=Rules(players=10, variant='cancellation'), seed=5, pace=0)"),
    # At the default settings but a short pace: a completed trick kept until Continue (at any pace
    # above 0), the bots' cards quicker than a learner's eye (the pace is tested in test_voila.py).
    "cancellation-five": ("from hearts_widget import HeartsTable, Rules\n"
                          "HeartsTable(rules=Rules(players=5, variant='cancellation'), seed=2, pace=0.05)"),
}


@pytest.fixture
def variant_urls(voila_server: SharedServer) -> dict[str, str]:
    """A Voilà page of this test's own per variant (the shared server)."""
    return {name: voila_server.render(source, name) for name, source in NOTEBOOKS.items()}


def play_hand(page: Page) -> None:
    """Pass the first three cards if asked, then play the first legal card until the sheet gains a row."""
    if page.get_by_test_id("pass-prompt").count():
        choose_and_pass(page)
    for _ in range(40):
        if sheet_rows(page) == 1:
            return
        dialog = page.locator(".hw-dialog button")
        if dialog.count():
            before = state_id(page)
            dialog.first.click()
            wait_for_change(page, before)
            continue
        wait_for_my_turn(page)
        legal = page.locator(".hw-hand .hw-card.hw-legal")
        if sheet_rows(page) == 1 or not legal.count():
            continue
        before = state_id(page)
        click_card(legal.first)
        wait_for_change(page, before)
    assert sheet_rows(page) == 1, "the hand was scored"


def assert_seats_apart(page: Page) -> None:
    """No two seat boxes overlap (every name and count stays readable)."""
    seats = page.locator(".hw-seat")
    boxes = [seats.nth(i).bounding_box() for i in range(seats.count())]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert a and b
            apart = (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                     or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])
            assert apart, f"seats overlap: {a} {b}"


def first_row(page: Page) -> list[int]:
    row = page.locator(".hw-score tbody tr:not(.hw-totals)").first.locator("td")
    return [int(row.nth(i).inner_text().replace("\u2212", "-")) for i in range(row.count())]  # a true minus sign


def test_an_omnibus_game_and_a_ten_player_cancellation_game(page: Page, variant_urls: dict[str, str],
                                                            shots: Path) -> None:
    page.goto(variant_urls["omnibus"])
    hand_cards(page).first.wait_for(timeout=60_000)
    card = page.get_by_test_id("rules-card")
    expect(card).to_contain_text("Omnibus Hearts")
    expect(card).to_contain_text("The J♦ is the bonus card")
    expect(card).not_to_contain_text("variant.")  # rule ids only with show_rule_ids=True
    page.screenshot(path=shots / "variants-1-omnibus.png", full_page=True)
    play_hand(page)
    points = first_row(page)
    assert sum(points) in (16, -36, 68), points  # 16, or a moon (-26 or +78) with the bonus -10 kept
    page.screenshot(path=shots / "variants-2-omnibus-scored.png", full_page=True)
    same = page.get_by_test_id("same-deal")
    same.get_by_label("Replay the hand just finished with").select_option(label="Hearts")
    before = state_id(page)
    same.get_by_role("button", name="Same deal, other rules").click()
    wait_for_change(page, before)
    result = page.get_by_test_id("same-deal-result")
    expect(result).to_contain_text("As played")
    expect(same.get_by_label("Replay the hand just finished with")).to_have_value("variant=standard")
    expect(result.locator("tbody tr")).to_have_count(4)
    differences = [result.locator("tbody tr").nth(i).locator("td").nth(2).inner_text() for i in range(4)]
    assert sorted(differences) in (["+0", "+0", "+0", "+10"], ["+0", "+0", "+0", "+0"]), differences
    page.screenshot(path=shots / "variants-2b-omnibus-same-deal.png", full_page=True)

    page.goto(variant_urls["cancellation"])
    hand_cards(page).first.wait_for(timeout=60_000)
    expect(page.get_by_test_id("rules-card")).to_contain_text("Cancellation Hearts")
    seats = page.locator(".hw-seat")
    expect(seats).to_have_count(10)
    assert_seats_apart(page)
    expect(hand_cards(page)).to_have_count(10)
    expect(page.get_by_test_id("table-notes")).to_contain_text("Kitty: 4 cards face down")
    page.screenshot(path=shots / "variants-3-cancellation.png", full_page=True)
    play_hand(page)
    points = first_row(page)
    assert len(points) == 10 and sum(points) in (52, -52, 9 * 52), points
    page.screenshot(path=shots / "variants-4-cancellation-scored.png", full_page=True)
    page.set_viewport_size({"width": 400, "height": 1200})
    expect(page.locator(".hw-root.hw-narrow")).to_be_visible()
    page.screenshot(path=shots / "variants-5-cancellation-narrow.png", full_page=True)
    assert_seats_apart(page)  # in two columns down a tall felt


def marked_twins(page: Page, word: str) -> list[str]:
    """The cards of the trick on the felt marked as cancelled: each shows ``word`` across its face and
    is named with it for a screen reader; no other card of the trick is. Their codes, sorted."""
    trick = page.get_by_test_id("trick")
    marked = trick.locator(".hw-played.hw-cancelled")
    for card in marked.all():
        expect(card.locator(".hw-cancel-mark")).to_be_visible()
        expect(card.locator(".hw-cancel-mark")).to_have_text(word)
        expect(card).to_have_attribute("aria-label", re.compile(rf"\({word}\)$"))
    for card in trick.locator(".hw-played:not(.hw-cancelled)").all():
        expect(card.locator(".hw-cancel-mark")).to_have_count(0)
        assert word not in (card.get_attribute("aria-label") or "")
    return sorted(card.get_attribute("data-code") or "" for card in marked.all())


def test_variant_cancellation_cancel_the_twins_that_cancel_are_marked(page: Page, variant_urls: dict[str, str],
                                                                      shots: Path) -> None:
    """At the default settings, the first trick where twins cancel waits on the table: each twin is
    struck through with the word "cancelled" (and so named to a screen reader), in pairs of the same
    card, one pair for each line the table tells; in Kiswahili the word is Kiswahili's; the last
    trick, shown after Continue, marks them too."""
    page.goto(variant_urls["cancellation-five"])
    hand_cards(page).first.wait_for(timeout=60_000)
    told = page.get_by_test_id("tell-cancelled")
    for _ in range(120):
        page.wait_for_function("() => document.querySelector('.hw-hand .hw-card.hw-legal, [data-key=continue]')",
                               timeout=WAIT_MS)
        if page.locator("[data-key=continue]").count():
            if told.count():
                break
            continue_if_held(page)
        else:
            before = state_id(page)
            click_card(page.locator(".hw-hand .hw-card.hw-legal").first)
            wait_for_change(page, before)
    else:
        pytest.fail("no twins cancelled in the learner's first 120 moves")
    expect(told.first).to_contain_text("cancel")
    twins = marked_twins(page, "cancelled")
    assert len(twins) == 2 * told.count() and twins[::2] == twins[1::2], twins
    page.screenshot(path=shots / "variants-6-cancellation-twins.png", full_page=True)
    settings(page).get_by_label("Language").select_option("sw")
    expect(told.first).to_contain_text("zinafutana")
    assert marked_twins(page, "imefutwa") == twins
    page.screenshot(path=shots / "variants-7-cancellation-twins-sw.png", full_page=True)
    settings(page).get_by_label("Lugha").select_option("en")
    expect(told.first).to_contain_text("cancel")
    continue_if_held(page)
    page.get_by_role("button", name="Show the last trick").click()
    last = page.locator(".hw-last .hw-last-one.hw-cancelled")
    expect(last).to_have_count(len(twins))
    expect(last.locator(".hw-cancel-word")).to_have_text(["cancelled"] * len(twins))


def test_house_rules_set_on_the_table_start_the_next_game(page: Page, variant_urls: dict[str, str],
                                                          shots: Path) -> None:
    page.goto(variant_urls["omnibus"])
    hand_cards(page).first.wait_for(timeout=60_000)
    house = page.get_by_test_id("house-rules")
    house.locator("summary").click()
    before = state_id(page)
    house.get_by_label("No points on the first trick").uncheck()
    wait_for_change(page, before)
    expect(page.get_by_test_id("notice")).to_contain_text("These rules apply from the next new game.")
    before = state_id(page)
    house.get_by_label("Shooting the moon").select_option("off")
    wait_for_change(page, before)
    target = house.get_by_label("Target score")
    target.fill("0")
    target.dispatch_event("change")
    expect(page.get_by_test_id("notice")).to_contain_text("the rules do not allow that choice of “Target score”")
    expect(target).to_have_value("100")  # the refused value is not kept
    page.screenshot(path=shots / "variants-6-house-rules.png", full_page=True)
    before = state_id(page)
    page.locator("[data-key=new]").click()
    wait_for_change(page, before)
    card = page.get_by_test_id("rules-card")
    expect(card).to_contain_text("House rule: points may be played to the first trick.")
    expect(card).to_contain_text("No moon: every point taken counts.")
    expect(card).to_contain_text("Omnibus Hearts")
    expect(house.get_by_label("No points on the first trick")).not_to_be_checked()
