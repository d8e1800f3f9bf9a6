"""What a learner does in the Voilà lesson, for the browser tests: play a wrong
card then a right one, answer wrong then right, pass, choose; and the page
helpers (no request may leave the local server; whole-page screenshots)."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlparse

from browser.person import click_card
from playwright.sync_api import Page, expect

from hearts_widget.lessons.format import Step
from hearts_widget.lessons.path import STEPS
from hearts_widget.text.lessons import lesson_text
from hearts_widget.text.ui import ui_strings

LOCAL_HOSTS = {"127.0.0.1", "localhost"}
# What a table shows when it waits for the learner: a card to play, or a completed trick to continue from.
WAITING = ":is(.hw-hand .hw-card.hw-legal, [data-key=continue])"
# Voilà itself asks CDNs for two things the lesson does not use: its "lab" template
# links Font Awesome on every page, and under a Jupyter server (/voila/render/, as
# on Binder) its page loads MathJax. Both are refused, and the lesson must work
# without them; any other request off the local server fails the test.
VOILA_OWN_CDNS = ("https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@",
                  "https://cdnjs.cloudflare.com/ajax/libs/mathjax/")

UNCLIP = """() => {
  const cells = document.querySelector('#rendered_cells');
  for (let e = cells; e && e !== document.documentElement; e = e.parentElement) {
    e.dataset.hwShotStyle = e.getAttribute('style') || '';
    const unclipped = [['position', 'static'], ['height', 'auto'], ['overflow', 'visible'], ['contain', 'none']];
    for (const [name, value] of unclipped) {
      e.style.setProperty(name, value, 'important');
    }
  }
}"""
RECLIP = """() => {
  for (const e of document.querySelectorAll('[data-hw-shot-style]')) {
    e.setAttribute('style', e.dataset.hwShotStyle);
    delete e.dataset.hwShotStyle;
  }
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


def shoot(page: Page, path: Path) -> None:
    """A screenshot of the whole lesson, not only what fits in Voilà's scrolling pane."""
    path.parent.mkdir(parents=True, exist_ok=True)
    page.evaluate(UNCLIP)
    try:
        page.screenshot(path=str(path), full_page=True)
    finally:
        page.evaluate(RECLIP)


def play_position(page: Page, step: Step, lang: str = "en") -> None:
    """On every board: an illegal card first (refused on the board), then a
    legal one: the verdict and the trick's winner appear under the board."""
    root = page.locator(f".hearts-lesson-step-{step.key}")
    for index, position in enumerate(step.positions):
        board = root.locator(".hearts-lesson-position").nth(index)
        expect(board.locator(".hw-hand .hw-card")).to_have_count(len(position.cards))
        if any(not legal for legal, _ in position.expect.values()):
            click_card(board.locator(".hw-hand .hw-card.hw-illegal").first)
            expect(board.get_by_test_id("notice")).to_be_visible()
            expect(board.locator(".hearts-lesson-feedback")).to_have_text("")
        click_card(board.locator(".hw-hand .hw-card.hw-legal").first)
        feedback = board.locator(".hearts-lesson-feedback")
        expect(feedback).to_contain_text("✓")
        if lang == "en":
            expect(feedback).to_contain_text("Allowed.")
            expect(feedback).to_contain_text(re.compile(r"(South|West|North|East|Player \d) wins trick \d+"))
            expect(feedback).to_contain_text("Undo and try another card")
        if position.coach:
            expect(feedback).to_contain_text(lesson_text("ui.coach-says", lang, advice="").strip())


def answer_checks(page: Page, step: Step, lang: str = "en", wrong_first: bool = True) -> None:
    """Each question: a wrong answer (a hint, not the answer), then the right one."""
    root = page.locator(f".hearts-lesson-step-{step.key}")
    for index, check in enumerate(step.checks):
        box = root.locator(".hearts-lesson-check").nth(index)
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
        expect(root.locator(".hearts-lesson-rules-card h4")).to_have_count(sum(1 for s in STEPS if s.card))
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
    """The hand with the coach, to its end (the step is then done)."""
    assert play_table(page, step, lang, moves=80), f"{step.key}: the hand did not end in 80 moves"


def play_table(page: Page, step: Step, lang: str = "en", moves: int = 1) -> bool:
    """Up to ``moves`` moves of the learner on the step's table (the guided hand or the
    free game), as a person plays at the default pace: wait until the table waits for
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
            cards = root.locator(".hw-hand .hw-card")
            for card in range(3):
                click_card(cards.nth(card))
            pass_button.click()
        else:
            if step.demo == "guided":
                expect(advice).to_contain_text(coach)
            click_card(root.locator(".hw-hand .hw-card.hw-legal").first)
        expect(table).not_to_have_attribute("data-state-id", before)
    page.wait_for_function(waiting, arg=arg)
    return bool(page.evaluate(done, arg))
