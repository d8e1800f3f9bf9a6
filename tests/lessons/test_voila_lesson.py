"""The Voilà lesson (notebooks/lesson.ipynb) in Chromium, as a learner uses it: every step
walked with a wrong card and a wrong answer first, the quiz scored, Back/Next,
a reload and Start over, the results downloaded and parsed, the four
languages at a desktop and a phone width (screenshots in
artifacts/screenshots/lessons/). No request may leave the local server. Each
test opens a lesson of its own on the session's shared Voilà server."""

from __future__ import annotations

import csv
import io
import json
import re
import time
from dataclasses import replace
from pathlib import Path

import pytest
from accessibility import assert_axe_clean
from browser.person import click_card
from playwright.sync_api import ElementHandle, Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from hearts_widget import Game
from hearts_widget.lessons.browser import KEY_PREFIX
from hearts_widget.lessons.format import Step
from hearts_widget.lessons.mastery import QUIZ_RETRIES
from hearts_widget.lessons.path import STEPS, step
from hearts_widget.text.classroom import saved_notice
from hearts_widget.text.lessons import lesson_text
from hearts_widget.text.translate import LANGUAGES
from hearts_widget.text.ui import ui_strings
from servers import SharedServer

from .conftest import SCREENSHOTS
from .walk import (
    COUNT,
    INDEX,
    OWN_BOARDS,
    OWN_CHECKS,
    SIZES,
    WAIT_MS,
    act_on_step,
    at_step,
    guard,
    nothing_told_yet,
    page_number,
    play_position,
    play_table,
    shoot,
    turn_to,
    words_in_order,
)


def go_to(page: Page, key: str) -> None:
    current = int(page.locator(".hearts-lesson-progress").inner_text().split()[1])
    button = ".hearts-lesson-next" if INDEX[key] > current else ".hearts-lesson-back"
    for _ in range(abs(INDEX[key] - current)):
        page.locator(button).click()
    at_step(page, key)


# The steps whose table is a whole guided hand or game: axe checks them as they open, not once
# played (the table at each state of a game is checked in tests/browser/test_accessibility.py).
PLAYED_OUT = ("guided", "play")


def test_every_step_walked_wrong_first_then_right_axe_clean_and_the_results_download(lesson_page: Page) -> None:
    """About 60-90 s, the lesson as a whole: all 23 steps walked, each question answered twice, each
    of the 24 boards played (its trick finished by the bots at once: ``Lesson(pace=0)``) and the
    guided hand played to its end. Issue 22: axe-core finds no critical or serious violation and no
    content outside landmarks on any step, before and after it is answered (44 runs on the whole
    page, leaving out the steps kept hidden, each checked when shown). (Issue 31: the axe walk was
    a test of its own, walking the same steps the same way on a page of its own.)"""
    page = lesson_page
    expect(page.locator(".jp-InputArea, .jp-Cell-inputWrapper")).to_have_count(0)  # Voilà shows no code
    for number, current in enumerate(STEPS, start=1):
        at_step(page, current.key)
        hidden = f".hearts-lesson-step:not(.hearts-lesson-step-{current.key})"
        assert_axe_clean(page, f"step {number} ({current.key})", leaving_out=hidden)
        if current.quiz:
            box = page.locator(".hearts-lesson-quiz-score")
            expect(box).to_have_text(lesson_text("ui.quiz-unfinished"))
            first, *rest = current.checks
            act_on_step(page, replace(current, checks=(first,)))  # the first question wrong, then right
            step_root = page.locator(f".hearts-lesson-step-{current.key}")
            for check in rest:  # the others right at the first try, one question at a time
                root = turn_to(step_root, current, OWN_CHECKS, current.checks.index(check))
                root.get_by_role("button", name=check.choice(check.answer).text(), exact=True).click()
            expect(box).to_have_text(lesson_text("ui.quiz-score", right=len(rest), total=len(current.checks)))
        else:
            act_on_step(page, current)
        if current.demo != "table":  # the last step is done when a whole game is over
            expect(page.locator(".hearts-lesson-path-step").nth(number - 1)).to_have_class(
                "hearts-lesson-path-step hearts-lesson-done hearts-lesson-current")
        if current.key not in PLAYED_OUT:
            assert_axe_clean(page, f"step {number} ({current.key}) once answered", leaving_out=hidden)
        shoot(page, SCREENSHOTS / "walk" / f"{number:02d}-{current.key}.png")
        if number < len(STEPS):
            page.locator(".hearts-lesson-next").click()
    expect(page.locator(".hearts-lesson-next")).to_be_disabled()
    with page.expect_download() as download:
        page.locator(".hearts-lesson-download", has_text="CSV").click()
    rows = list(csv.DictReader(io.StringIO(download.value.path().read_text(encoding="utf-8"))))
    assert [r["key"] for r in rows] == [s.key for s in STEPS]
    aim = rows[0]
    assert (aim["questions"], aim["attempts"], aim["first_try_right"]) == ("2", "4", "0")
    with page.expect_download() as download:
        page.locator(".hearts-lesson-download", has_text="JSON").click()
    data = json.loads(download.value.path().read_text(encoding="utf-8"))
    assert data["questions"]["quiz-follow"]["first_try_right"] is True
    assert data["questions"]["aim-winner"]["tries"][-1] == "low"


def test_back_next_keep_answers_and_a_reload_continues_at_the_same_step(lesson_page: Page) -> None:
    page = lesson_page
    go_to(page, "follow-suit")
    act_on_step(page, step("follow-suit"))
    go_to(page, "discard")
    go_to(page, "follow-suit")
    root = page.locator(".hearts-lesson-step-follow-suit")
    expect(root.locator(".hearts-lesson-check .hearts-lesson-feedback")).to_contain_text("Right!")
    expect(root.locator(".hearts-lesson-position .hearts-lesson-feedback")).to_contain_text("Allowed.")
    go_to(page, "discard")
    page.locator(".hearts-lesson-language select").select_option(label=LANGUAGES["sw"])
    expect(page.locator(".hearts-lesson-next")).to_contain_text(lesson_text("ui.next", "sw"))
    page.reload()
    expect(page.locator(".hearts-lesson-step-discard")).to_be_visible(timeout=WAIT_MS)
    expect(page.locator(".hearts-lesson-progress")).to_have_text(lesson_text("ui.step-of", "sw", number=4,
                                                                             total=len(STEPS)))
    page.locator(".hearts-lesson-back").click()
    root = page.locator(".hearts-lesson-step-follow-suit")
    check = step("follow-suit").checks[0]
    expect(root.locator(".hearts-lesson-check .hearts-lesson-feedback")).to_contain_text(check.why("sw"))
    expect(root.locator(".hearts-lesson-position .hearts-lesson-feedback")).to_contain_text("✓")
    expect(page.locator(".hearts-lesson-path-step.hearts-lesson-done")).to_have_count(1)
    page.locator(".hearts-lesson-start-over").click()
    expect(page.locator(".hearts-lesson-step-aim")).to_be_visible()
    expect(page.locator(".hearts-lesson-path-step.hearts-lesson-done")).to_have_count(0)
    page.reload()
    expect(page.locator(".hearts-lesson-step-aim")).to_be_visible(timeout=WAIT_MS)
    # One lesson progress in the browser (the table keeps only its browser id there too).
    page.wait_for_function(f"() => Object.keys(localStorage).filter((k) => k.startsWith({KEY_PREFIX!r})).length === 1")
    expect(page.locator(".hearts-lesson-path-step.hearts-lesson-done")).to_have_count(0)


def test_a_position_where_the_learner_wins_the_trick_goes_on(lesson_page: Page) -> None:
    page = lesson_page
    go_to(page, "follow-suit")
    board = page.locator(".hearts-lesson-step-follow-suit .hearts-lesson-position")
    click_card(board.locator(".hw-hand .hw-card", has_text="Q"))  # Q♦ wins the trick
    expect(board.locator(".hearts-lesson-feedback")).to_contain_text("South wins the 9th trick of 13")
    board.get_by_role("button", name="Undo").click()
    expect(board.locator(".hearts-lesson-feedback")).to_have_text("")
    click_card(board.locator(".hw-hand .hw-card", has_text="3"))
    expect(board.locator(".hearts-lesson-feedback")).to_contain_text("East wins the 9th trick of 13")
    go_to(page, "points")  # the learner takes the Black Maria here, and the lesson goes on
    play_position(page, step("points"))
    page.locator(".hearts-lesson-next").click()
    at_step(page, "target")


def table_shown(page: Page, key: str) -> dict[str, object]:
    """What the learner sees of the step's table: their hand, the trick, the status line (without
    the coach's word on the learner's card, which the coach works out in a thread and so may come
    a moment after a reload). The status line is read as text, not as laid out: a step shown again
    is drawn a moment after its table is back, and ``innerText`` of an element not yet drawn runs
    its parts together (CI: "leads nextContinue" against "leads next Continue")."""
    root = page.locator(f".hearts-lesson-step-{key}")
    expect(root.get_by_test_id("tell")).to_be_visible()
    tell = root.get_by_test_id("tell").evaluate(
        "(el) => { const word = el.querySelector('[data-testid=feedback]')?.textContent;"
        " return (word ? el.textContent.replace(word, '') : el.textContent).replace(/\\s+/g, ' ').trim(); }")
    return {"hand": [c.get_attribute("data-code") for c in root.locator(".hw-hand .hw-card").all()],
            "trick": root.get_by_test_id("trick").inner_text(), "tell": tell}


def comm_frames(frames: list[str]) -> dict[str, str]:
    """The kernel's websocket messages to the page, joined per widget (comm id). A
    reloaded page's table first shows the new kernel's fresh deal (a game nobody plays),
    until the page's hello brings the kept game back: from then on for such a table."""
    by_comm: dict[str, list[str]] = {}
    for frame in frames:
        for comm in set(re.findall(r'"comm_id":\s*"([0-9a-f-]+)"', frame)):
            by_comm.setdefault(comm, []).append(frame)
    joined = {}
    for comm, parts in by_comm.items():
        back = [i for i, part in enumerate(parts) if re.search(r'"kind":\s*"resumed"', part)]
        joined[comm] = "".join(parts[back[0]:] if back else parts)
    return joined


def kept_games(home: Path, since: float) -> list[tuple[set[str], set[str]]]:
    """Per game the kernels of the server with Jupyter folders under ``home`` have kept since
    ``since`` (a time.time()): the learner's cards and the other seats' hidden ones (the learner's
    own pass excepted). The test may read the kernel's store; the page may not."""
    games = []
    for saved in (home / "data" / "hearts-widget" / "tables").glob("*.json"):
        if saved.stat().st_mtime < since:
            continue  # an earlier test's browser
        record = json.loads(saved.read_text(encoding="utf-8"))["game"]
        hand = Game.from_dict(record).hand
        passed = {code for action in record["actions"] if action["type"] == "pass" and action["seat"] == 0
                  for code in action["cards"]}
        hidden = {c.code for seat in range(1, hand.players) for c in hand.held(seat)} - passed
        games.append(({c.code for c in hand.held(0)}, hidden))
    return games


def test_a_reload_brings_back_the_guided_hand_and_the_free_game_and_no_hidden_card_reaches_the_page(
        default_lesson_page: Page, voila_server: SharedServer) -> None:
    """At the default pace, as a learner first meets the tables: a completed trick is held until
    Continue (the guided hand's third move here); the walks play that hand at the instant pace."""
    page = default_lesson_page
    since = time.time()
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda frame: frames.append(str(frame))))
    resumed = saved_notice("resumed", "en")
    go_to(page, "guided")
    play_table(page, step("guided"), moves=4)  # the pass, then cards and held tricks
    guided = table_shown(page, "guided")
    page.reload()  # mid guided hand
    at_step(page, "guided")
    expect(page.locator(".hearts-lesson-step-guided").get_by_test_id("notice")).to_contain_text(resumed)
    assert table_shown(page, "guided") == guided
    expect(page.locator(".hearts-lesson-step-guided .hearts-lesson-coach")).not_to_be_empty()
    go_to(page, "play")
    play_table(page, step("play"), moves=3)
    free = table_shown(page, "play")
    page.reload()  # mid free game
    at_step(page, "play")
    expect(page.locator(".hearts-lesson-step-play").get_by_test_id("notice")).to_contain_text(resumed)
    assert table_shown(page, "play") == free
    go_to(page, "guided")
    expect(page.locator(".hearts-lesson-step-guided").get_by_test_id("notice")).to_contain_text(resumed)
    assert table_shown(page, "guided") == guided
    by_comm = comm_frames(frames)

    def tables_of(mine: set[str]) -> list[str]:
        """What the page was sent by the tables showing the learner's cards ``mine``."""
        return [text for text in by_comm.values() if all(f'"{code}"' in text for code in mine)]

    # This page's two games, among those the shared server's kernels kept meanwhile (another
    # test's kernel may keep one too: its learner's cards were never sent to this page).
    games = [game for game in kept_games(voila_server.home, since) if tables_of(game[0])]
    assert len(games) == 2 and all(len(hidden) >= 27 for _, hidden in games), games
    storage = page.evaluate("JSON.stringify(Object.entries(localStorage))")
    for mine, hidden in games:
        assert not [code for code in hidden if f'"{code}"' in storage], "localStorage holds a hidden card"
        for text in tables_of(mine):
            leaked = sorted(code for code in hidden if f'"{code}"' in text)
            assert not leaked, f"the page was sent hidden cards {leaked}"


# A rule id as RULES.md writes it (play.follow-suit, variant.cancellation.carry): for teachers only.
RULE_ID = re.compile(r"\b(setup|pass|play|score|variant)\.[a-z]")
# The word for "broken" (hearts are broken) in each language (text/glossary).
BROKEN = {"en": "broken", "tl": "labag", "ceb": "lapas", "sw": "vunj"}
SCREENS = {"1280x800": {"width": 1280, "height": 800}, "1024x768": {"width": 1024, "height": 768}}


# What a fit check looks for, as (where, selector): "part" is the board or question measured (""
# for the part itself), "step" the step showing it, "page" the whole page.
Thing = tuple[str, str]
# Which of ``things`` are not wholly inside the window without scrolling, as "selector at
# top,left,bottom,right" (an element missing counts as off); and whether the felt drawn is the one
# for this width (in columns on a phone) once the table has fitted it.
OFF_SCREEN = """([part, things, columns]) => {
  const scopes = {part, step: part.closest('.hearts-lesson-step'), page: document};
  const off = [];
  for (const [scope, selector] of things) {
    const e = selector ? scopes[scope].querySelector(selector) : part;
    const r = e?.getBoundingClientRect();
    if (!r || r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) {
      const where = r ? [r.top, r.left, r.bottom, r.right].map(Math.round).join(',') : 'nowhere';
      off.push(`${scope} ${selector || 'itself'} at ${where}`);
    }
  }
  const kind = columns ? '.hw-table.hw-columns' : '.hw-table:not(.hw-columns)';
  const felt = columns === null ? null : part.querySelector(kind);
  return {off, felt: columns === null || (!!felt && felt.getBoundingClientRect().width > 0)};
}"""


def off_screen(page: Page, part: ElementHandle, things: list[Thing], columns: bool | None = None) -> list[str]:
    """Which of ``things`` are not inside the window once the page has settled after a resize or an
    update (waited for up to 5 s: what does not fit stays off screen); with ``columns`` given, first
    waits until the board's felt is drawn for this width (a phone's in columns)."""
    settled = f"(arg) => {{ const r = ({OFF_SCREEN})(arg); return r.felt && r.off.length === 0; }}"
    try:
        page.wait_for_function(settled, arg=[part, things, columns], timeout=5_000)
        return []
    except PlaywrightTimeoutError:
        if columns is not None:  # the felt first, as long as a loaded machine needs
            page.wait_for_function(f"(arg) => ({OFF_SCREEN})(arg).felt", arg=[part, things, columns])
        return page.evaluate(OFF_SCREEN, [part, things, columns])["off"]


def lesson_words(page: Page) -> str:
    """Every word the lesson shows now (hidden steps and boards excluded)."""
    return page.locator(".hearts-lesson").inner_text()


# Where a played card may be drawn: never over a seat's box (its name, cards and points), and a seat
# never off the felt. The learner's own card, played nearest their seat, covered its name before.
COVERED = """(board) => {
  const box = (e) => e.getBoundingClientRect();
  const meet = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const felt = box(board.querySelector('[data-testid=felt]'));
  const seats = [...board.querySelectorAll('.hw-seat')];
  const faults = [];
  for (const card of board.querySelectorAll('[data-testid=trick] .hw-played .hw-face')) {
    for (const seat of seats) {
      if (meet(box(card), box(seat))) faults.push(`${card.parentElement.dataset.code} over ${seat.dataset.testid}`);
    }
  }
  for (const seat of seats) {
    const s = box(seat);
    if (s.top < felt.top || s.bottom > felt.bottom || s.left < felt.left || s.right > felt.right) {
      faults.push(`${seat.dataset.testid} off the felt`);
    }
  }
  return faults;
}"""


def seen_at_every_size(page: Page, board: Locator, what: str, things: list[Thing], fits: bool) -> None:
    """At each laptop screen, ``things`` are inside the window without scrolling (when the step ``fits``),
    and no card played on the board covers a seat; on a phone (a felt in columns), no card covers a
    seat either. One wait and one look per size. The window is left at the first laptop size."""
    part = board.element_handle()
    for screen, size in {**SCREENS, "390x844": SIZES["phone"]}.items():
        page.set_viewport_size(size)
        phone = size == SIZES["phone"]
        off = off_screen(page, part, things if fits and not phone else [], columns=phone)
        assert off == [], f"{what}: {off} off the screen at {screen}"
        covered = part.evaluate(COVERED)
        assert covered == [], f"{what} at {screen}: {covered}"
    page.set_viewport_size(next(iter(SCREENS.values())))


def step_seen_at_both_widths(page: Page, current: Step, number: int, lang: str) -> None:
    """The step as first shown, before any answer: its heading and Next in the learner's language,
    photographed at the laptop and the phone width; on a phone no step without a board is wider
    than the window, and at both widths no answer button is cut short. The window is left at
    1280x800."""
    root = page.locator(f".hearts-lesson-step-{current.key}")
    heading = root.locator(".hearts-lesson-text h3")
    expect(heading).to_be_visible()
    expect(heading).to_have_text(current.title(lang))
    expect(page.locator(".hearts-lesson-next")).to_contain_text(lesson_text("ui.next", lang))
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        shoot(page, SCREENSHOTS / lang / size / f"{number:02d}-{current.key}.png")
        if size == "phone" and current.demo not in ("guided", "table") and not current.positions:
            width = page.evaluate("document.querySelector('.hearts-lesson').scrollWidth")
            assert width <= viewport["width"], f"{current.key} is {width} px wide on a phone"
        cut = page.evaluate("""(key) => [...document.querySelectorAll(
            `.hearts-lesson-step-${key} :is(.hearts-lesson-check, .hearts-lesson-moon) .jupyter-button`)]
            .filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => b.textContent)""", current.key)
        assert cut == [], f"{current.key}: answers cut short at {size} width: {cut}"
    page.set_viewport_size(SCREENS["1280x800"])


def number_of(root: Locator) -> str:
    """The pager's count, as the learner reads it ("Exercise 2 of 8")."""
    return root.locator(COUNT).inner_text()


# Where a page's end is on a phone: a board's first row of cards (the hand), a question's last answer.
PAGE_END = ".hw-hand .hw-card, .hearts-lesson-choice"


def page_on_one_screen(page: Page, root: Locator, part: Locator, what: str) -> None:
    """A review's or a quiz's page (a board or a question) alone on one screen: at 1280x800 and
    1024x768 the step's title, the pager's count, the whole page and Next are in the window; on a
    phone, the page's question and its answers (a question's) or its cards (a board's whole hand, a
    two-pack one too: issue 35) are on the first screen, the lesson
    scrolled to its top, and a board from its question to its last card is no taller than the screen
    (a 20-card two-pack hand too). The window is left at 1280x800."""
    things = [("step", ".hearts-lesson-text h3"), ("step", COUNT), ("part", ""), ("page", ".hearts-lesson-next")]
    handle = part.element_handle()
    for screen, size in SCREENS.items():
        page.set_viewport_size(size)
        off = off_screen(page, handle, things)
        assert off == [], f"{what}: {off} off the screen at {screen}"
    page.set_viewport_size(SIZES["phone"])
    expect(part.locator(".hw-table.hw-columns, .hearts-lesson-choice").first).to_be_visible()
    below = page.evaluate("""([part, ends]) => {
        const top = document.querySelector('.hearts-lesson').getBoundingClientRect().top;
        const at = document.querySelector('.hearts-lesson').offsetTop;
        const shown = [...part.querySelectorAll(ends)].filter((e) => e.getClientRects().length);
        const cards = shown.filter((e) => e.matches('.hw-card'));  // the hand whole, a two-pack one too
        const last = cards.length ? cards[cards.length - 1] : shown.pop();
        const end = (last || part).getBoundingClientRect().bottom - top + at;
        const bottoms = cards.map((e) => e.getBoundingClientRect().bottom);
        const tall = cards.length ? Math.max(...bottoms) - part.getBoundingClientRect().top : 0;
        return end > innerHeight ? `its end at ${Math.round(end)} px`
          : tall > innerHeight ? `${Math.round(tall)} px from its question to its last card` : ''; }""",
                          [handle, PAGE_END])
    assert not below, f"{what}: {below}, below the first screen of a phone"
    page.set_viewport_size(SCREENS["1280x800"])


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_step_and_board_in_every_language_asks_first_and_fits_the_screen(
        lesson_url: str, page: Page, lang: str) -> None:
    """Issue 20, one screen per step, in each language opened by ``?lang=``: each of the 23 steps is
    drawn in that language and photographed at a laptop and a phone width (no rule id shown, the word
    "broken" first on the step that defines it); at 1280x800 and 1024x768 the step's title, the
    board's question, the board, a refused card's notice, the verdict and Next are all in the
    window; at those sizes and on a phone no card played covers a seat; twins that cancel are
    marked on the felt in the lesson's language. Each of the 24 boards is measured at three
    window sizes two or three times (its trick finished by the bots at once: ``Lesson(pace=0)``).
    Issue 35: no term or rule name before the step that teaches it (walk.words_in_order).
    About 40-55 s a language: one walk (issue 31: it was two tests, three page loads and three walks)."""
    foreign = guard(page)
    page.set_default_timeout(WAIT_MS)
    page.set_viewport_size(SCREENS["1280x800"])
    page.goto(lesson_url + f"?lang={lang}", timeout=WAIT_MS)
    defined = next(s.key for s in STEPS if "play.hearts-lead" in s.rules)
    broken_at = ""  # the first step that says "broken"
    twins = 0  # cards seen cancelled
    measured: set[str] = set()  # the pages brought back or asked one at a time, measured once
    for number, current in enumerate(STEPS, start=1):
        at_step(page, current.key, lang)
        root = page.locator(f".hearts-lesson-step-{current.key}")
        step_seen_at_both_widths(page, current, number, lang)
        words = lesson_words(page)
        assert not RULE_ID.search(words), f"{current.key}: a rule id is shown: {RULE_ID.search(words)}"
        if BROKEN[lang] in words.lower():
            broken_at = broken_at or current.key
        if current.review:  # this walk played each first board's refused card first: they come back
            expect(root.locator(".hearts-lesson-again .hearts-lesson-position").first).to_be_visible()
            nothing_told_yet(root.locator(".hearts-lesson-again .hearts-lesson-position").first)
        if current.review or current.quiz:  # one board or question at a time, each on one screen
            brought = ".hearts-lesson-again :is(.hearts-lesson-position, .hearts-lesson-check)"
            expect(root.locator(COUNT)).to_have_text(re.compile(r"\d+\D+\d+"))
            again = page_number(root)[1] - len(current.positions) - len(current.checks)  # (the count says all)
            pages = [(brought, i) for i in range(again)]
            pages += [(OWN_CHECKS, i) for i in range(len(current.checks))] if len(current.checks) > 1 else []
            for selector, index in pages:
                part = turn_to(root, current, selector, index)
                question = part.locator(".hearts-lesson-ask").first.inner_text()
                if question not in measured:  # (the quiz brings back what the review did)
                    measured.add(question)
                    page_on_one_screen(page, root, part, f"{lang}, {current.key}, {number_of(root)}")
        if current.quiz:  # then a few of the mistakes again, counted apart, under their own heading
            retries = root.locator(brought)
            assert 0 < retries.count() <= QUIZ_RETRIES, f"{lang}: {retries.count()} brought back at the quiz"
            for index in range(retries.count()):
                root.locator(".hearts-lesson-next-board").click()
                expect(root.locator(COUNT)).to_have_text(
                    lesson_text("ui.retry-of", lang, number=index + 1, total=retries.count()))
                expect(retries.nth(index)).to_be_visible()
            expect(root.locator(".hearts-lesson-again-title")).to_have_text(lesson_text("ui.again-quiz-title", lang))
            page_on_one_screen(page, root, retries.last, f"{lang}, {current.key}, {number_of(root)}")
        for index, position in enumerate(current.positions):
            board = turn_to(root, current, OWN_BOARDS, index)
            expect(board.locator(".hw-hand .hw-card")).to_have_count(len(position.cards))
            nothing_told_yet(board)
            what = f"{lang}, {current.key}, board {position.key}"
            fits = True  # (a review's boards too: one page at a time)
            seen = [("step", ".hearts-lesson-text h3"), ("part", ".hearts-lesson-prompt"), ("part", ".hw-root"),
                    ("page", ".hearts-lesson-next"), *([("step", COUNT)] if root.locator(COUNT).count() else [])]
            seen_at_every_size(page, board, what, seen, fits)
            illegal = [code for code, (legal, _rule) in position.expect.items() if not legal]
            if illegal:
                click_card(board.locator(f".hw-hand .hw-card[data-code='{illegal[0]}']").first)
                expect(board.get_by_test_id("notice")).to_be_visible()
                seen_at_every_size(page, board, what + " refused", [("part", "[data-testid=notice]")], fits)
            click_card(board.locator(".hw-hand .hw-card.hw-legal").first)
            verdict = board.locator(".hearts-lesson-feedback")
            expect(verdict).to_contain_text("✓")
            expect(board.get_by_test_id("tell")).to_contain_text("★")  # the trick's end, told
            # Twins that cancel (variant.cancellation.cancel): each is marked so on the felt, seen and named.
            marked = board.locator("[data-testid=trick] .hw-played.hw-cancelled")
            expect(marked).to_have_count(2 * board.get_by_test_id("tell-cancelled").count())
            for card in marked.all():
                expect(card.locator(".hw-cancel-mark")).to_have_text(ui_strings(lang)["cancelled"])
                expect(card).to_have_attribute("aria-label", re.compile(rf"\({ui_strings(lang)['cancelled']}\)$"))
            twins += marked.count()
            seen_at_every_size(page, board, what + " played",
                               [("part", ".hearts-lesson-feedback"), ("page", ".hearts-lesson-next")], fits)
            words = lesson_words(page)
            assert not RULE_ID.search(words), f"{current.key}: a rule id is shown: {RULE_ID.search(words)}"
            if number < INDEX[defined]:
                assert BROKEN[lang] not in words.lower(), f"{current.key} says '{BROKEN[lang]}' before {defined}"
            if index == len(current.positions) - 1:
                shoot(page, SCREENSHOTS / "screens" / lang / f"{number:02d}-{current.key}.png")
        assert not RULE_ID.search(lesson_words(page)), current.key
        words_in_order(page, current, lang)  # every board of the step played: no term before its step
        if number < len(STEPS):  # (the guided hand and the free game are played by the walks above)
            page.locator(".hearts-lesson-next").click()
    assert broken_at == defined, broken_at
    assert twins >= 2, "the Cancellation Hearts boards showed twins cancelling"
    assert foreign == []
