"""The score sheet on every screen (Voilà): on a 390 px phone the page never scrolls
sideways and every cell of the sheet is on the screen, in every language, with 3 to 7
players; screenshots at 390 px, 1024×768 and 1280×800 in every language."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from hearts_widget import Game, Rules
from hearts_widget.text.ui import seat_names, seat_short_names
from servers import SharedServer

from .person import WAIT_MS, settings

PLAYERS = (3, 4, 5, 6, 7)
LANGS = ("en", "tl", "ceb", "sw")
SCREENS = {"390": (390, 844), "1024x768": (1024, 768), "1280x800": (1280, 800)}
HANDS = 3  # hands on the sheet: one a moon shot, so a minus sign shows


def scored_game(players: int, hands: int = HANDS, seed: int = 3) -> Game:
    """A game whose first ``hands`` hands were played out with the first legal card (the
    moon taken for oneself), waiting for the next hand's pass."""
    game = Game.new(Rules(players=players), seed)
    while len(game.sheet) < hands:
        if game.pending_moon is not None:
            game = game.choose_moon("self")
            continue
        hand = game.hand
        if hand.phase == "pass":
            for seat in hand.waiting_to_pass:
                game = game.pass_cards(seat, hand.view(seat).held[:3])
            continue
        seat = hand.to_move
        assert seat is not None
        game = game.play(hand.view(seat).legal[0], seat)
    return game


@pytest.fixture
def sheet_urls(voila_server: SharedServer, tmp_path: Path) -> dict[int, str]:
    """A Voilà page per player count (the shared server), each table with three hands scored."""
    urls = {}
    for players in PLAYERS:
        saved = tmp_path / f"game{players}.json"
        saved.write_text(scored_game(players).to_json())
        code = (f"from pathlib import Path\nfrom hearts_widget import Game, HeartsTable\n"
                f"table = HeartsTable(players={players})\n"
                f"table.load(Game.from_json(Path({str(saved)!r}).read_text()))\ntable")
        urls[players] = voila_server.render(code, f"sheet{players}")
    return urls


@pytest.fixture
def sheet_shots(shots: Path) -> Path:
    folder = shots / "sheet"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def page_overflow(page: Page) -> int:
    """How many pixels the page is wider than the screen (it scrolls sideways by that much)."""
    return page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")


def cells_off_screen(page: Page) -> list[str]:
    """The score sheet's cells not wholly on the screen's width (left or right of it), by their text."""
    return page.evaluate("""() => {
      const width = document.documentElement.clientWidth;
      return [...document.querySelectorAll('[data-testid=score-sheet] th, [data-testid=score-sheet] td')]
        .filter((cell) => { const box = cell.getBoundingClientRect();
                            return box.width === 0 || box.left < -0.5 || box.right > width + 0.5; })
        .map((cell) => cell.textContent); }""")


def cut_off(page: Page) -> list[str]:
    """The table's elements that reach past the screen's left or right edge (the page clips them:
    a learner never sees that part), but inside a box that scrolls by itself."""
    return page.evaluate("""() => {
      const width = document.documentElement.clientWidth;
      return [...document.querySelectorAll('.hw-root *')]
        .filter((node) => !(node.parentElement && node.parentElement.closest('.hw-sheet-fit, .hw-story')))
        .filter((node) => { const box = node.getBoundingClientRect();
                            return box.width > 1 && (box.left < -0.5 || box.right > width + 0.5); })
        .map((node) => `${node.tagName.toLowerCase()}.${node.getAttribute('class') || ''}: `
                       + `${(node.textContent || '').trim().slice(0, 40)}`); }""")


# Whether the sheet shows the seats' short names, and whether the full ones would fit its box.
FULL_NAMES_FIT = """() => {
  const box = document.querySelector('.hw-sheet-fit');
  const compact = box.classList.contains('hw-compact');
  box.classList.remove('hw-compact');
  const fits = box.scrollWidth <= box.clientWidth;
  box.classList.toggle('hw-compact', compact);
  return [compact, fits]; }"""


def chart_names_misplaced(page: Page) -> list[str]:
    """The chart's names of the seats (at the end of each line) that are outside the chart or
    overlap another one."""
    return page.evaluate("""() => {
      const chart = document.querySelector('.hw-sheet .hw-chart');
      if (!chart) return ['no chart'];
      const frame = chart.getBoundingClientRect();
      const names = [...chart.querySelectorAll('text[class*=hw-fill-]')]
        .map((t) => [t.textContent, t.getBoundingClientRect()]);
      const outside = names.filter(([, b]) => b.top < frame.top || b.bottom > frame.bottom || b.right > frame.right);
      // A text's box holds its line gap too: two names overlap when their middles are closer than 3/4 of a line.
      const middle = (b) => (b.top + b.bottom) / 2;
      const overlapping = names.filter(([, a], i) => names.some(([, b], j) => i !== j
        && Math.abs(middle(a) - middle(b)) < 0.75 * a.height));
      return [...outside, ...overlapping].map(([text]) => text); }""")


@pytest.mark.parametrize("players", PLAYERS)
def test_score_sheet_fits_a_phone_in_every_language(page: Page, sheet_urls: dict[int, str], sheet_shots: Path,
                                                    players: int) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(sheet_urls[players])
    sheet = page.get_by_test_id("score-sheet")
    sheet.wait_for(timeout=60_000)
    expect(sheet.locator("tbody tr:not(.hw-totals)")).to_have_count(HANDS)
    expect(sheet.locator("thead th")).to_have_count(players + 1)
    for lang in LANGS:
        if lang != "en":
            settings(page).locator("[data-key=lang]").select_option(lang)
            expect(page.locator(f".hw-root[lang='{lang}']")).to_be_visible(timeout=WAIT_MS)
        for screen, (width, height) in SCREENS.items():
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_function(f"() => document.querySelector('.hw-root').classList.contains('hw-narrow') "
                                   f"=== ({'true' if width < 520 else 'false'})", timeout=WAIT_MS)
            sheet.scroll_into_view_if_needed()
            page.screenshot(path=sheet_shots / f"{lang}-{players}p-{screen}.png")
            assert page_overflow(page) <= 0, f"the page scrolls sideways in {lang} with {players} players at {screen}"
            cut = cut_off(page)
            assert not cut, f"parts of the table off the screen in {lang} with {players} players at {screen}: {cut}"
            off = cells_off_screen(page)
            assert not off, f"cells of the sheet off the screen in {lang} with {players} players at {screen}: {off}"
            misplaced = chart_names_misplaced(page)
            assert not misplaced, f"chart names misplaced in {lang} with {players} players at {screen}: {misplaced}"
            # The full names when they fit, else the short ones (the full ones still read aloud).
            assert sheet.locator(".hw-long").all_inner_texts() == seat_names(players, 0, lang)
            compact, fits = page.evaluate(FULL_NAMES_FIT)
            assert compact == (not fits), f"short names when the full ones do not fit ({lang}, {players}, {screen})"
            assert compact or not (players == 7 and screen == "390"), "seven full names do not fit a phone"
            shown = sheet.locator(".hw-short" if compact else ".hw-long")
            expect(shown.first).to_be_visible()
            assert not compact or shown.all_inner_texts() == seat_short_names(players, 0, lang)
    # Same deal, other rules: the comparison fits the phone too.
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator("[data-key=same-deal]").click()
    result = page.get_by_test_id("same-deal-result")
    expect(result).to_be_visible(timeout=WAIT_MS)
    result.scroll_into_view_if_needed()
    page.screenshot(path=sheet_shots / f"sw-{players}p-390-same-deal.png")
    assert page_overflow(page) <= 0
    cut = cut_off(page)
    assert not cut, f"parts of the same-deal comparison off the screen with {players} players: {cut}"
