"""The checks before and after the lesson in Voilà (issue 34, item 4): their questions and boards one
at a time, each answer "Noted." with no verdict, hint or reason, a board's cards unmarked and a card the
rules refuse noted all the same (axe finds nothing on a board); the step's title, the question, its
answers and Next on one screen at 1280x800 and 1024x768, and the question and its answers on a phone's
first screen; the step done once every exercise is answered; then, the page loaded again at the check
after, its exercises (the other forms) and the score with the score before. One page, about 20-30 s."""

from __future__ import annotations

import re

from accessibility import assert_axe_clean
from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from hearts_widget.lessons.format import Check, builtin_lesson
from hearts_widget.lessons.positions import Position
from hearts_widget.lessons.prepost import CheckPlan, Exercise, check_items, with_checks
from hearts_widget.text.lessons import lesson_text
from hearts_widget.text.prepost import check_step_text, check_words
from servers import SharedServer

from .conftest import SCREENSHOTS
from .walk import SIZES, WAIT_MS, guard, shoot

CHECKED_LESSON = ("from hearts_widget.lessons.prepost import CheckPlan\n"
                  "from hearts_widget.lessons.stepper import Lesson\n\n"
                  "Lesson(pace=0, check=CheckPlan())")
LESSON = with_checks(builtin_lesson(), CheckPlan())
ITEMS = check_items(LESSON)
SCREENS = {"1280x800": {"width": 1280, "height": 800}, "1024x768": {"width": 1024, "height": 768}}


def comes_on_screen(page: Page, locator: Locator) -> bool:
    """Whether the whole of ``locator`` is inside the window without scrolling once the page has
    settled after a resize (within 5 s: what does not fit stays off screen)."""
    try:
        page.wait_for_function(
            "el => { const r = el.getBoundingClientRect();"
            " return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }",
            arg=locator.element_handle(), timeout=5_000)
    except PlaywrightTimeoutError:
        return False
    return True


def answer(page: Page, round_: Locator, number: int, exercise: Exercise, right: bool) -> None:
    """Answer the exercise shown, ``number`` of the check's: a choice, or a card on a board's table (which
    marks no card and says nothing; the focus goes on to the next exercise's heading)."""
    expect(round_.locator(".hearts-lesson-check-count")).to_have_text(
        lesson_text("ui.exercise-of", number=number, total=len(ITEMS)))
    if isinstance(exercise, Position):
        assert exercise.prompt is not None
        expect(round_.locator(".hearts-lesson-ask")).to_have_text(exercise.prompt())
        board = round_.locator(".hearts-lesson-check-board")
        expect(board.locator(".hw-card")).to_have_count(len(exercise.cards))
        expect(board.locator(".hw-illegal, .hw-mark")).to_have_count(0)  # every card may be tried, none marked
        code = next(code for code, (legal, _rule) in exercise.expect.items() if legal == right)
        board.locator(f'.hw-card[data-code="{code}"]').click()
        if number < len(ITEMS):
            expect(round_.locator(".hearts-lesson-ask")).to_be_focused()
        return
    expect(round_.locator(".hearts-lesson-ask")).to_have_text(exercise.question())
    buttons = round_.locator(".hearts-lesson-choice").filter(visible=True)
    expect(buttons).to_have_text([choice.text() for choice in exercise.choices])
    choice = exercise.choice(exercise.answer) if right else next(
        c for c in exercise.choices if c.id not in exercise.answers)
    round_.get_by_role("button", name=choice.text(), exact=True).click()


def test_the_checks_ask_one_exercise_at_a_time_tell_no_verdict_and_fit_the_screen(
        voila_server: SharedServer, page: Page) -> None:
    foreign = guard(page)
    page.set_default_timeout(WAIT_MS)
    page.set_viewport_size(SCREENS["1280x800"])
    page.goto(voila_server.render(CHECKED_LESSON, "lesson"), timeout=WAIT_MS)
    root = page.locator(".hearts-lesson-step-check-before")
    expect(root).to_be_visible(timeout=WAIT_MS)
    expect(page.locator(".hearts-lesson-progress")).to_have_text(
        lesson_text("ui.step-of", number=1, total=len(LESSON.steps)))
    expect(root.locator(".hearts-lesson-text h3")).to_have_text(check_step_text("check-before.title"))
    expect(root.locator(".hearts-lesson-text p").last).to_have_text(check_step_text("check.boards"))
    round_ = root.locator(".hearts-lesson-check-round")
    feedback = round_.locator(".hearts-lesson-feedback")
    first, board = ITEMS[0].before, ITEMS[1].before
    assert isinstance(first, Check) and isinstance(board, Position)
    # On one screen: the title, the question, its answers and Next (the question and answers on a phone).
    things = [root.locator(".hearts-lesson-text h3"), round_.locator(".hearts-lesson-ask"),
              round_.locator(".hearts-lesson-choice").filter(visible=True).last, page.locator(".hearts-lesson-next")]
    for screen, size in {**SCREENS, "390x844": SIZES["phone"]}.items():
        page.set_viewport_size(size)
        seen = things if screen in SCREENS else things[1:3]
        off = [str(thing) for thing in seen if not comes_on_screen(page, thing)]
        assert off == [], f"the check before: {off} off the screen at {screen}"
    page.set_viewport_size(SCREENS["1280x800"])
    answer(page, round_, 1, first, right=False)
    expect(feedback).to_have_text(check_words()["noted"])  # no hint, no reason, no ✗
    assert not re.search(re.escape(first.hint()) + "|" + re.escape(first.why()), feedback.inner_text())
    expect(round_.locator(".hearts-lesson-check-board .hw-card")).to_have_count(len(board.cards))
    assert_axe_clean(page, "a board of the check before", within=".hearts-lesson-step-check-before")
    answer(page, round_, 2, board, right=False)  # a card the rules refuse: noted all the same
    expect(feedback).to_have_text(check_words()["noted"])
    for number, item in enumerate(ITEMS[2:], start=3):
        answer(page, round_, number, item.before, right=True)
    expect(feedback).to_have_text(check_words()["done"])
    expect(round_.locator(".hearts-lesson-choice, .hearts-lesson-check-board .hw-card").filter(visible=True)
           ).to_have_count(0)
    expect(page.locator(".hearts-lesson-path-step").first).to_have_class(re.compile("hearts-lesson-done"))
    shoot(page, SCREENSHOTS / "check-before.png")

    # The check after, on the same page: the browser's kept progress taken on to its step (as a
    # learner who went through the lesson would be), then the page loaded again.
    moved = page.evaluate("""(step) => { let moved = 0; for (const key of Object.keys(localStorage)) {
        let kept = null;
        try { kept = JSON.parse(localStorage.getItem(key)); } catch (error) { continue; }  // not the lesson's
        if (kept && kept.steps && kept.steps["check-before"]) {
          kept.step = step; localStorage.setItem(key, JSON.stringify(kept)); moved += 1; } } return moved; }""",
                          "check-after")
    assert moved == 1
    page.reload(timeout=WAIT_MS)
    after = page.locator(".hearts-lesson-step-check-after")
    expect(after).to_be_visible(timeout=WAIT_MS)
    expect(after.locator(".hearts-lesson-text h3")).to_have_text(check_step_text("check-after.title"))
    round_ = after.locator(".hearts-lesson-check-round")
    for number, item in enumerate(ITEMS, start=1):
        answer(page, round_, number, item.after, right=True)
    expect(round_.locator(".hearts-lesson-feedback")).to_have_text(check_words()["score-before"].format(
        right=len(ITEMS), total=len(ITEMS), before=len(ITEMS) - 2))
    assert foreign == []
