"""At the default settings, like a person (Voilà, a 1280×800 screen): every trick is seen
to its end with its winner marked and a caption naming the winning card; the rules are
told where the learner is looking (hearts broken, an illegal card's verdict by the hand);
focus lands on a playable card after each play; the table is drawn in every language at
1280×800, 1024×768 and on a 390 px phone; a lesson position shows the board alone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from servers import SharedServer

from .conftest import NOTEBOOK
from .person import WAIT_MS, choose_and_pass, click_card, hand_cards, settings, state_id, wait_for_change

SCREENS = {"1280x800": (1280, 800), "1024x768": (1024, 768), "390": (390, 844)}
POSITION = ("from hearts_widget import HeartsTable\nfrom hearts_widget.lessons.positions import POSITIONS\n"
            "HeartsTable.from_hand(POSITIONS['follow-suit'].hand, stop_after_move=True, layout='position')")
CARD = re.compile(r"(10|[2-9JQKA])[♣♦♠♥]")
MOON_GAME = Path(__file__).resolve().parents[1] / "widget" / "moon_game.json"
MOON = ("from pathlib import Path\nfrom hearts_widget import Game, HeartsTable\ntable = HeartsTable()\n"
        f"table.load(Game.from_json(Path({str(MOON_GAME)!r}).read_text()))\ntable")


@pytest.fixture
def urls(voila_server: SharedServer) -> dict[str, str]:
    """The play notebook and a lesson position, as Voilà pages of this test's own (the shared server)."""
    return {"play": voila_server.render(NOTEBOOK, "play"), "position": voila_server.render(POSITION, "position"),
            "moon": voila_server.render(MOON, "moon")}


@pytest.fixture
def table_shots(shots: Path) -> Path:
    folder = shots / "table"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def open_at(page: Page, url: str, screen: str = "1280x800") -> None:
    width, height = SCREENS[screen]
    page.set_viewport_size({"width": width, "height": height})
    page.goto(url)
    hand_cards(page).first.wait_for(timeout=60_000)


PAGE_SCROLLS = """
window.hwPageScrolls = [];
document.addEventListener('scroll', (event) => {
  const table = document.querySelector('.hw-root');
  const page = event.target === document || (table && event.target.contains(table));
  if (page) window.hwPageScrolls.push(Math.round(event.target.scrollTop ?? document.scrollingElement.scrollTop));
}, true);
"""


def watch_page_scrolls(page: Page) -> None:
    """Record every scroll of the page (of the table's scrolling ancestors), from the first load on."""
    page.add_init_script(PAGE_SCROLLS)


def page_scrolls(page: Page) -> list[int]:
    return page.evaluate("() => window.hwPageScrolls")


def in_first_screen(page: Page, selector: str) -> None:
    """The element is on the first screen, without scrolling."""
    box = page.locator(selector).first.bounding_box()
    height = page.viewport_size["height"] if page.viewport_size else 800
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, (selector, box, height)


def wait_for_turn_or_trick(page: Page) -> str:
    """Wait until the learner must play ("turn") or a completed trick waits ("held"), or a dialog opens."""
    page.wait_for_function(
        "() => document.querySelector('.hw-hand .hw-card.hw-legal, [data-key=continue], .hw-dialog')",
        timeout=WAIT_MS)
    if page.locator("[data-key=continue]").count():
        return "held"
    return "dialog" if page.locator(".hw-dialog").count() else "turn"


def check_the_completed_trick(page: Page) -> None:
    """Four cards, one marked as the winner, and a caption naming that card and why."""
    trick = page.get_by_test_id("trick")
    expect(trick.locator(".hw-played")).to_have_count(4)
    winner = trick.locator(".hw-played.hw-wins")
    expect(winner).to_have_count(1)
    expect(winner.locator(".hw-win-mark")).to_be_visible()
    code = winner.get_attribute("data-code") or ""
    shown = code[:-1] + {"C": "♣", "D": "♦", "S": "♠", "H": "♥"}[code[-1]]
    caption = page.get_by_test_id("trick-caption")
    expect(caption).to_contain_text(f"wins with {shown}: the highest of the")
    expect(caption).to_contain_text("the suit led")
    expect(caption).to_contain_text(re.compile(r"No points in this trick|It holds"))
    in_first_screen(page, "[data-testid=trick-caption]")
    in_first_screen(page, "[data-key=continue]")


def check_the_hand_summary(page: Page, table_shots: Path) -> None:
    """After the last trick: each seat's point cards (all the hearts and the Black Maria),
    the moon choice with focus if someone shot it, and a replay trick by trick."""
    summary = page.get_by_test_id("hand-summary")
    expect(summary).to_contain_text("Hand 1 is over")
    expect(summary.locator(".hw-summary-cards .hw-face")).to_have_count(14)
    if page.get_by_test_id("moon").count():
        expect(page.get_by_test_id("moon").locator("button").first).to_be_focused()
    title = page.get_by_test_id("replay-title")
    expect(title).to_contain_text("Trick 13 of 13: ")
    expect(page.get_by_test_id("replay").locator(".hw-last-one.hw-wins")).to_have_count(1)
    page.get_by_role("button", name="Previous trick").click()
    expect(title).to_contain_text("Trick 12 of 13: ")
    expect(page.get_by_test_id("replay-caption")).to_contain_text(re.compile(r"wins with (10|[2-9JQKA])[♣♦♠♥]"))
    expect(page.get_by_role("button", name="Previous trick")).to_be_focused()
    summary.scroll_into_view_if_needed()
    page.screenshot(path=table_shots / "en-1280x800-hand-summary.png")
    page.get_by_role("button", name="Next trick").click()
    expect(title).to_contain_text("Trick 13 of 13: ")


# About 40 s: a whole hand at the default settings (a bot card every 0.8 s, each trick held until
# Continue) is what this test sees, as a learner does.
# About 40-55 s: a whole hand at the default pace (each bot card 0.8 s apart, each trick held until
# Continue) is what is tested: a learner following every trick at the default settings.
def test_a_learner_follows_every_trick_at_the_default_settings(page: Page, urls: dict[str, str],
                                                               table_shots: Path) -> None:
    """About 40 s (issue 31): a whole hand at the default pace, because the pace is what it tests (each
    trick held until the learner has seen it, the bots' cards one at a time)."""
    watch_page_scrolls(page)
    open_at(page, urls["play"])
    in_first_screen(page, ".hw-hand")
    choose_and_pass(page)
    seen_illegal = seen_broken = False
    tricks = 0
    for _ in range(60):
        what = wait_for_turn_or_trick(page)
        if what == "dialog":
            break
        if what == "held":
            check_the_completed_trick(page)
            tricks += 1
            if tricks == 1:
                page.screenshot(path=table_shots / "en-1280x800-trick.png")
                expect(page.locator("[data-key=continue]")).to_be_focused()  # the learner's card went away
            broken = page.get_by_test_id("tell-hearts-broken")
            if broken.count() and not seen_broken:
                expect(broken).to_contain_text(re.compile(r"Hearts are broken: \w+ played (10|[2-9JQKA])[♥♠]"))
                expect(broken).to_contain_text("a heart may be led")
                page.screenshot(path=table_shots / "en-1280x800-hearts-broken.png")
                seen_broken = True
            if page.get_by_test_id("tell-hand-over").count():
                assert page_scrolls(page) == [], "the page stayed where it was through the whole hand"
                page.screenshot(path=table_shots / "en-1280x800-last-trick.png")
                page.locator("[data-key=continue]").click()
                check_the_hand_summary(page, table_shots)
                break
            before = state_id(page)
            if tricks % 2:
                page.keyboard.press("Enter")  # the focused Continue button
            else:
                page.get_by_test_id("felt").click()  # or a click on the table
            wait_for_change(page, before)
            continue
        legal = page.locator(".hw-hand .hw-card.hw-legal")
        if tricks:
            expect(legal.first).to_be_focused()  # focus came back to the first playable card
        illegal = page.locator(".hw-hand .hw-card.hw-illegal")
        if not seen_illegal and illegal.count():
            click_card(illegal.first)
            why = page.get_by_test_id("notice")  # one verdict per click, the kernel's
            expect(why).not_to_contain_text(re.compile(r"play\.[a-z-]+"))  # no rule id by default
            expect(why.locator(".hw-rule-name")).to_have_count(1)  # the rule's name for a beginner
            expect(why).to_contain_text("cannot be played")
            expect(page.get_by_test_id("why")).to_have_text("")
            in_first_screen(page, "[data-testid=notice]")
            page.screenshot(path=table_shots / "en-1280x800-illegal.png")
            seen_illegal = True
        before = state_id(page)
        click_card(legal.first)
        wait_for_change(page, before)
    assert tricks == 13, f"every trick was seen to its end ({tricks})"
    assert seen_illegal and seen_broken


def test_the_table_in_every_language_and_on_every_screen(page: Page, urls: dict[str, str],
                                                         table_shots: Path) -> None:
    open_at(page, urls["play"])
    choose_and_pass(page)
    while wait_for_turn_or_trick(page) == "turn":
        before = state_id(page)
        click_card(page.locator(".hw-hand .hw-card.hw-legal").first)
        wait_for_change(page, before)
    for lang in ("en", "tl", "ceb", "sw"):
        if lang != "en":
            page.set_viewport_size({"width": 1280, "height": 800})
            settings(page).locator("[data-key=lang]").select_option(lang)
            expect(page.locator(f".hw-root[lang='{lang}']")).to_be_visible()
        for screen, (width, height) in SCREENS.items():
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_function(f"() => document.querySelector('.hw-root').classList.contains('hw-narrow') "
                                   f"=== ({'true' if width < 520 else 'false'})", timeout=WAIT_MS)
            page.screenshot(path=table_shots / f"{lang}-{screen}.png", full_page=screen == "390")
            off = page.evaluate("""() => {
              const felt = document.querySelector('[data-testid=felt]').getBoundingClientRect();
              return [...document.querySelectorAll('.hw-seat')].map((s) => s.getBoundingClientRect())
                .filter((b) => b.left < felt.left - 1 || b.right > felt.right + 1 || b.top < felt.top - 1
                               || b.bottom > felt.bottom + 1).length; }""")
            assert off == 0, f"{off} seat boxes off the felt in {lang} at {screen}"
            if screen == "390":
                widths = page.evaluate("() => [...document.querySelectorAll('.hw-hand .hw-card')]"
                                       ".map((c) => c.getBoundingClientRect().width)")
                assert min(widths) >= 44, f"cards are touch targets on a phone: {min(widths)} px"
            else:
                in_first_screen(page, ".hw-hand")
                in_first_screen(page, "[data-testid=trick-caption]")


def test_a_lesson_position_shows_the_board_alone_and_stops_after_the_trick(page: Page, urls: dict[str, str],
                                                                          table_shots: Path) -> None:
    open_at(page, urls["position"])
    for control in ("New game", "Hint", "Show the last trick", "Undo"):
        expect(page.get_by_role("button", name=control, exact=True)).to_have_count(0)
    for panel in ("rules-card", "house-rules", "score-sheet", "narration", "same-deal"):
        expect(page.get_by_test_id(panel)).to_have_count(0)
    expect(page.get_by_role("combobox")).to_have_count(0)
    page.locator(".hw-hand .hw-card[data-code='9S']").click()
    expect(page.get_by_test_id("notice")).to_contain_text("Follow suit")
    expect(page.get_by_test_id("notice")).to_contain_text("cannot be played")
    page.screenshot(path=table_shots / "position-illegal.png")
    before = state_id(page)
    page.locator(".hw-hand .hw-card[data-code='QD']").click()
    wait_for_change(page, before)
    page.wait_for_function("() => document.querySelectorAll('[data-testid=trick] .hw-played').length === 4",
                           timeout=WAIT_MS)
    expect(page.get_by_test_id("status")).to_contain_text("This trick is over")
    expect(page.get_by_test_id("status")).not_to_contain_text("Your turn")
    expect(page.get_by_test_id("trick-caption")).to_contain_text(CARD)
    expect(page.locator("[data-testid=trick] .hw-played.hw-wins")).to_have_count(1)
    expect(page.locator("[data-key=continue]")).to_have_count(0)
    undo = page.get_by_role("button", name="Undo and try another card")
    expect(undo).to_be_visible()
    page.screenshot(path=table_shots / "position-stopped.png")
    before = state_id(page)
    undo.click()
    wait_for_change(page, before)
    expect(page.locator(".hw-hand .hw-card[data-code='QD']")).to_have_count(1)


def test_score_moon_the_moon_dialog_takes_focus_and_shows_the_coachs_hint(page: Page, urls: dict[str, str],
                                                                         table_shots: Path) -> None:
    """The moon choice opens with focus on its first choice; Hint asks the coach, whose choice
    and reason show in the dialog, and focus goes to the choice the coach advises."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(urls["moon"])
    dialog = page.get_by_test_id("moon")
    dialog.wait_for(timeout=60_000)
    expect(dialog.locator("button").first).to_be_focused()
    dialog.locator("[data-key=moon-hint]").click()
    hint = page.get_by_test_id("moon-hint")
    expect(hint).to_contain_text("Coach: ")
    expect(hint).to_contain_text("26")
    advised = dialog.locator(".hw-choice.hw-hinted button")
    expect(advised).to_have_count(1)
    expect(advised).to_be_focused()
    expect(advised).to_have_attribute("aria-label", re.compile(r"\(suggested by the coach\)$"))
    in_first_screen(page, "[data-testid=moon-hint]")
    page.screenshot(path=table_shots / "en-1280x800-moon-hint.png")
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=table_shots / "en-390-moon-hint.png", full_page=True)
    advised.click()
    expect(page.get_by_test_id("moon")).to_have_count(0, timeout=WAIT_MS)
