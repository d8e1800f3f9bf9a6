"""What a learner does in the Voilà lesson, for the browser tests: play a wrong
card then a right one, answer wrong then right, pass, choose; and the page
helpers (no request may leave the local server; whole-page screenshots; which
step is shown)."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlparse

from browser.person import click_card, hide_settings, settings
from playwright.sync_api import Locator, Page, expect

from hearts_widget.lessons.format import Step, builtin_lesson
from hearts_widget.lessons.path import STEPS
from hearts_widget.text.lessons import lesson_text
from hearts_widget.text.rule_names import rule_name
from hearts_widget.text.ui import ui_strings

from .rule_coverage import legal_card_played

LOCAL_HOSTS = {"127.0.0.1", "localhost"}
WAIT_MS = 120_000  # a kernel starting, or a review step building its boards, on a loaded machine
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
INDEX = {s.key: number for number, s in enumerate(STEPS, start=1)}
LESSON = builtin_lesson()
# A step's own boards (not those a review brings back from earlier steps).
OWN_BOARDS = ".hearts-lesson-position:not(.hearts-lesson-again .hearts-lesson-position)"
OWN_CHECKS = ".hearts-lesson-check:not(.hearts-lesson-again .hearts-lesson-check)"
# What a table shows when it waits for the learner: a card to play, or a completed trick to continue from.
WAITING = ":is(.hw-hand .hw-card.hw-legal, [data-key=continue])"
# Voilà itself asks CDNs for two things the lesson does not use: its "lab" template
# links Font Awesome on every page, and under a Jupyter server (/voila/render/, as
# on Binder) its page loads MathJax. Both are refused, and the lesson must work
# without them; any other request off the local server fails the test.
VOILA_OWN_CDNS = ("https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@",
                  "https://cdnjs.cloudflare.com/ajax/libs/mathjax/")

# Voilà's page is a Lumino shell that sizes its panels in their inline styles, on every resize: the
# screenshot's unclipping is a style sheet over them, never an edit of them (saving and restoring the
# inline styles put back a width from before a resize still being fitted, and the lesson then stayed
# phone-wide in a 1280 px window). Once removed, the shell is asked to fit the window again.
UNCLIP = """() => {
  const sheet = document.createElement('style');
  sheet.id = 'hw-shot-unclip';
  sheet.textContent = '[data-hw-shot] { position: static !important; height: auto !important;'
    + ' overflow: visible !important; contain: none !important; }';
  document.head.append(sheet);
  const cells = document.querySelector('#rendered_cells');
  for (let e = cells; e && e !== document.documentElement; e = e.parentElement) e.dataset.hwShot = '';
}"""
RECLIP = """() => {
  document.getElementById('hw-shot-unclip')?.remove();
  for (const e of document.querySelectorAll('[data-hw-shot]')) delete e.dataset.hwShot;
  window.dispatchEvent(new Event('resize'));
}"""


def guard(page: Page) -> list[str]:
    """Refuse every request to a host other than the local server; the list
    returned collects them (all but Voilà's own, see above), and the
    test asserts it stays empty."""
    foreign: list[str] = []

    def route(route_) -> None:
        url = route_.request.url
        if url.startswith(("data:", "blob:")) or urlparse(url).hostname in LOCAL_HOSTS:
            route_.continue_()
        else:
            if not url.startswith(VOILA_OWN_CDNS):
                foreign.append(url)
            route_.abort()

    page.route("**/*", route)
    return foreign


def at_step(page: Page, key: str, lang: str = "en") -> None:
    """Wait until the lesson shows the step ``key``: its number, then the step itself."""
    # A review step builds the boards it brings back when shown, the guided hand its table and the
    # coach's first word: seconds, and over a minute on a machine at load 9 (CI, two workers).
    expect(page.locator(".hearts-lesson-progress")).to_have_text(
        lesson_text("ui.step-of", lang, number=INDEX[key], total=len(STEPS)), timeout=WAIT_MS)
    expect(page.locator(f".hearts-lesson-step-{key}")).to_be_visible(timeout=WAIT_MS)


def shoot(page: Page, path: Path) -> None:
    """A screenshot of the whole lesson, not only what fits in Voilà's scrolling pane."""
    path.parent.mkdir(parents=True, exist_ok=True)
    page.evaluate(UNCLIP)
    try:
        page.screenshot(path=str(path), full_page=True)
    finally:
        page.evaluate(RECLIP)


# A pager's count: "Board 2 of 3", "Zoezi 2 kati ya 3" (the page's number first, then the total).
COUNT = ".hearts-lesson-board-count"


def page_number(root: Locator) -> tuple[int, int]:
    """The page shown and the number of pages, as the step's pager says."""
    number, total = (int(n) for n in re.findall(r"\d+", root.locator(COUNT).inner_text())[:2])
    return number, total


def turn_to(root: Locator, step: Step, selector: str, index: int) -> Locator:
    """Turn the step's pages with its pager until its ``index``-th ``selector`` (a board, or on a
    review or a quiz a question) is shown, and return it: its number is its place among the step's
    pages (those brought back first), and each turn waits for the count to say the next number. A
    page turned to has the focus on its heading (its question), and is the only page of the step
    shown; the count is a live region."""
    part = root.locator(selector).nth(index)
    if len(step.positions) < 2 and not (step.review or step.quiz):  # a step with one board: no pager
        expect(part).to_be_visible()
        return part
    kinds = ".hearts-lesson-position, .hearts-lesson-check" if step.review or step.quiz else ".hearts-lesson-position"
    expect(part).to_be_attached()
    expect(root.locator(COUNT)).to_have_text(re.compile(r"\d+\D+\d+"))  # the pager drawn
    expect(root.locator(COUNT)).to_have_attribute("role", "status")
    wanted = root.evaluate("""(step, [kinds, selector, index]) => [...step.querySelectorAll(kinds)]
        .indexOf(step.querySelectorAll(selector)[index]) + 1""", [kinds, selector, index])
    assert wanted > 0, f"{step.key}: {selector} {index} is not a page of the step"
    shown, total = page_number(root)
    forward = wanted > shown
    button = root.locator(".hearts-lesson-next-board" if forward else ".hearts-lesson-previous-board")
    while shown != wanted:
        button.click()
        shown += 1 if forward else -1
        expect(root.locator(COUNT)).to_have_text(re.compile(rf"^\D*{shown}\D+{total}\D*$"))
        if shown == wanted:  # the learner turned to it: the focus is on its question
            heading = part.locator(".hearts-lesson-ask")
            if heading.count():
                expect(heading.first).to_be_focused()
    expect(part).to_be_visible()
    expect(root.locator(kinds).filter(visible=True)).to_have_count(1)
    return part


def play_position(page: Page, step: Step, lang: str = "en") -> None:
    """On every board: nothing told before the learner's first card (no verdict, ✕ mark
    or rule sentence); an illegal card first (refused on the board, and then the
    verdicts show), then a legal one (the card the step's rule is about when it is legal:
    ``rule_coverage.legal_card_played``): the verdict and the trick's winner appear beside the board."""
    root = page.locator(f".hearts-lesson-step-{step.key}")
    for index, position in enumerate(step.positions):
        board = turn_to(root, step, OWN_BOARDS, index)  # one board at a time: the next one in place of this one
        expect(board.locator(".hw-hand .hw-card")).to_have_count(len(position.cards))
        nothing_told_yet(board)
        illegal = [code for code, (legal, _rule) in position.expect.items() if not legal]
        if illegal:  # (with two packs a card may be held twice: either copy is the same card)
            click_card(board.locator(f".hw-hand .hw-card[data-code='{illegal[0]}']").first)
            expect(board.get_by_test_id("notice")).to_be_visible()
            expect(board.locator(".hearts-lesson-feedback")).to_have_text("")
            refused = sum(not position.expect[card.code][0] for card in position.cards)
            expect(board.locator(".hw-hand .hw-card.hw-illegal")).to_have_count(refused)
        right = legal_card_played(position, step.rules)  # the card the step's rule is about, when legal
        click_card(board.locator(f".hw-hand .hw-card.hw-legal[data-code='{right}']").first)
        feedback = board.locator(".hearts-lesson-feedback")
        expect(feedback).to_contain_text("✓")
        if lang == "en":
            expect(feedback).to_contain_text("Allowed.")
            won = r"(South|West|North|East|Player \d) wins the \d+(st|nd|rd|th) trick of \d+"
            expect(feedback).to_contain_text(re.compile(won))
            expect(feedback).to_contain_text("Undo and try another card")
        if position.coach:
            expect(feedback).to_contain_text(lesson_text("ui.coach-says", lang, advice="").strip())


# A step's words and rule names as the page has them: the header's visible text, tooltips and names, and
# all of the step's (its pages turned away too: a board played earlier keeps its trick's account).
STEP_WORDS = """(key) => {
  const step = document.querySelector('.hearts-lesson-step-' + key);
  const header = document.querySelector('.hearts-lesson-header');
  const shown = (e) => e.getClientRects().length > 0;
  const text = (root) => {  // every text node, spaced (textContent runs words of two elements together)
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const found = [];
    while (walker.nextNode()) {
      const node = walker.currentNode;
      if (!['STYLE', 'SCRIPT'].includes(node.parentElement?.tagName)) found.push(node.nodeValue);
    }
    return found.join(' ');
  };
  const named = (root, all) => [...root.querySelectorAll('[title], [aria-label]')].filter((e) => all || shown(e))
    .map((e) => `${e.getAttribute('title') || ''} ${e.getAttribute('aria-label') || ''}`);
  const rules = [...step.querySelectorAll('.hw-rule-name'), ...header.querySelectorAll('.hw-rule-name')];
  return [[header.innerText, ...named(header, false), text(step), ...named(step, true)].join('\\n'),
          rules.map((e) => e.textContent)];
}"""


def words_in_order(page: Page, step: Step, lang: str) -> None:
    """Issue 35: what the step shows (its header too: tooltips and names) uses no term of terms.json
    before the step that teaches it, and names no rule before a step teaches it (one read of the page)."""
    from .terms import early_rule_names, early_terms

    number = INDEX[step.key]
    words, names = page.evaluate(STEP_WORDS, step.key)
    early = early_terms(LESSON, number, words, lang) + early_rule_names(LESSON, number, names, lang)
    assert early == [], f"{lang}, step {number} ({step.key}): {early}"


def nothing_told_yet(board: Locator) -> None:
    """A board before the learner's first card: every card may be tried, none is marked,
    no rule is told, no verdict shown (the learner predicts first)."""
    expect(board.locator(".hw-hand .hw-card.hw-legal")).to_have_count(board.locator(".hw-hand .hw-card").count())
    expect(board.locator(".hw-illegal, .hw-mark, [data-testid=teaching], [data-testid=notice]")).to_have_count(0)
    expect(board.get_by_test_id("why")).to_have_text("")
    expect(board.locator(".hearts-lesson-feedback")).to_have_text("")
    expect(board.locator(".hearts-lesson-show-playable")).to_be_visible()


def answer_checks(page: Page, step: Step, lang: str = "en", wrong_first: bool = True) -> None:
    """Each question: a wrong answer (a hint, not the answer), then the right one."""
    root = page.locator(f".hearts-lesson-step-{step.key}")
    for index, check in enumerate(step.checks):
        box = root.locator(OWN_CHECKS).nth(index)
        if step.review or step.quiz:  # one question at a time
            turn_to(root, step, OWN_CHECKS, index)
        if wrong_first:
            wrong = next(c for c in check.choices if c.id not in check.answers)
            box.get_by_role("button", name=wrong.text(lang), exact=True).click()
            expect(box.locator(".hearts-lesson-feedback")).to_contain_text(check.hint(lang))
            expect(box.locator(".hearts-lesson-feedback")).not_to_contain_text(check.why(lang))
        box.get_by_role("button", name=check.choice(check.answer).text(lang), exact=True).click()
        expect(box.locator(".hearts-lesson-feedback")).to_contain_text(check.why(lang))


def act_on_step(page: Page, step: Step, lang: str = "en") -> None:
    """Do what a learner does on a step."""
    root = page.locator(f".hearts-lesson-step-{step.key}")
    play_position(page, step, lang)
    if step.demo in ("pass", "coach-pass"):
        cards = root.locator(".hearts-lesson-pass .hearts-lesson-card")
        button = root.get_by_role("button", name=lesson_text("ui.pass-button", lang))
        click_card(cards.nth(0))
        button.click()
        expect(root.locator(".hearts-lesson-pass .hearts-lesson-feedback")).to_contain_text("✗")
        click_card(cards.nth(1))
        click_card(cards.nth(2))
        button.click()
        expect(root.locator(".hearts-lesson-pass .hearts-lesson-feedback")).to_contain_text("✓")
    if step.demo == "deck":
        root.locator(".hearts-lesson-players").get_by_role("button", name="6").click()
        expect(root.locator(".hearts-lesson-deck")).to_contain_text(lesson_text("ui.deck-summary", lang, players=6,
                                                                                each=8))
    if step.demo == "moon":
        root.locator(".hearts-lesson-moon").get_by_role("button", name=lesson_text("ui.moon-self", lang)).click()
        expect(root.locator(".hearts-lesson-moon .hearts-lesson-feedback")).to_contain_text("26")
    if step.demo == "variants":
        expect(root.locator(".hearts-lesson-variant-black-maria")).to_contain_text("K♠ 10")
        expect(root.locator(".hearts-lesson-variant-cancellation")).to_be_visible()
    if step.demo == "rules-card":
        expect(root.locator(".hearts-lesson-rules-card")).to_contain_text(rule_name("play.first-lead", lang))
        root.locator(".hearts-lesson-rules").get_by_role("button", name="5").click()  # the 2♦ and 2♣ go
        expect(root.locator(".hearts-lesson-rules-card")).to_contain_text("2♦")
        expect(root.locator(".hearts-lesson-print")).to_be_visible()
        page.emulate_media(media="print")  # what the Print button prints: the card alone
        try:
            expect(root.locator(".hearts-lesson-rules-card")).to_be_visible()
            expect(page.locator(".hearts-lesson-next")).to_be_hidden()
            expect(root.locator(".hearts-lesson-print")).to_be_hidden()
        finally:
            page.emulate_media(media="screen")
    if step.demo == "guided":
        play_guided_hand(page, step, lang)
    if step.demo == "table":
        expect(root.locator(".hw-root .hw-hand .hw-card")).to_have_count(13)
    answer_checks(page, step, lang)


def play_guided_hand(page: Page, step: Step, lang: str = "en") -> None:
    """The hand with the coach, to its end (the step is then done), at the instant bot pace the
    learner chooses in the table's settings: the teaching pace would make it four times longer,
    and what the step shows (the coach before each turn, the step done at the hand's end) is the
    same (a held trick and Continue are walked at the default pace in test_voila_lesson.py's reload)."""
    instant_pace(page.locator(f".hearts-lesson-step-{step.key} .hw-root"), lang)
    assert play_table(page, step, lang, moves=80), f"{step.key}: the hand did not end in 80 moves"


def instant_pace(table: Locator, lang: str = "en") -> None:
    """Set the table's bot pace to Instant in its settings, as a learner may, and hide them again."""
    settings(table).locator("[data-key=pace]").select_option(label=ui_strings(lang)["pace_instant"])
    hide_settings(table)


def choose_three(root: Locator) -> None:
    """Choose three cards to pass as a person does: click a card not chosen yet, look for it
    lifted, and click the next (a table whose kept game came back in the meantime shows another
    hand: its choice starts again). A click that lifts nothing is tried again on the same card,
    never on the next one, so a card is never chosen and unchosen by two quick clicks."""
    chosen = root.locator(".hw-hand .hw-card.hw-chosen")
    for _ in range(10):
        if chosen.count() >= 3:
            break
        card = root.locator(".hw-hand .hw-card:not(.hw-chosen)").first
        code = card.get_attribute("data-code")
        click_card(card)
        lifted = root.locator(f'.hw-hand .hw-card.hw-chosen[data-code="{code}"]')
        try:
            expect(lifted).to_have_count(1, timeout=5000)
        except AssertionError:
            continue  # not lifted: look again at what the table shows now
    expect(chosen).to_have_count(3)


def play_table(page: Page, step: Step, lang: str = "en", moves: int = 1) -> bool:
    """Up to ``moves`` moves of the learner on the step's table (the guided hand or the
    free game), as a person plays at any pace: wait until the table waits for
    the learner (their pass, their card, or a completed trick held on the felt), act,
    then wait for the table to answer before looking again (a second click on a
    Continue the kernel has already taken would land on nothing). On the guided hand
    the coach's advice is shown before each of the learner's turns. True once the
    step is done (the guided hand's end); the table then waits for the learner."""
    root = page.locator(f".hearts-lesson-step-{step.key}")
    index = STEPS.index(step)
    table = root.locator(".hw-root")
    advice = root.locator(".hearts-lesson-coach")
    coach = lesson_text("ui.coach-says", lang, advice="").strip()
    done = """([scope, index]) => document.querySelectorAll('.hearts-lesson-path-step')[index]
        .classList.contains('hearts-lesson-done')"""
    waiting = f"""([scope, index]) => ({done})([scope, index]) || document.querySelector(scope + ' {WAITING}')"""
    arg = [f".hearts-lesson-step-{step.key}", index]
    for _ in range(moves):
        page.wait_for_function(waiting, arg=arg)
        if step.demo == "guided" and page.evaluate(done, arg):
            return True
        before = table.get_attribute("data-state-id") or ""
        pass_button = root.get_by_role("button", name=ui_strings(lang)["confirm_pass"])
        if root.locator("[data-key=continue]").count():
            root.locator("[data-key=continue]").click()  # a completed trick waits on the felt
        elif pass_button.count() and pass_button.is_visible():
            if step.demo == "guided":
                expect(advice).to_contain_text(coach)
            choose_three(root)
            pass_button.click()
        else:
            if step.demo == "guided":
                expect(advice).to_contain_text(coach)
            click_card(root.locator(".hw-hand .hw-card.hw-legal").first)
        expect(table).not_to_have_attribute("data-state-id", before)
    page.wait_for_function(waiting, arg=arg)
    return bool(page.evaluate(done, arg))
