"""The check before the lesson in Voilà (issue 34, item 4): its questions one at a time, each answer
"Noted." with no verdict, hint or reason; the step's title, the question, its answers and Next on one
screen at 1280x800 and 1024x768, and the question and its answers on a phone's first screen; the step
done once every question is answered. One page, about 10-20 s."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from hearts_widget.lessons.format import builtin_lesson
from hearts_widget.lessons.prepost import CheckPlan, check_items, with_checks
from hearts_widget.text.lessons import lesson_text
from hearts_widget.text.prepost import check_step_text, check_words
from servers import SharedServer

from .conftest import SCREENSHOTS
from .walk import SIZES, WAIT_MS, guard, shoot

CHECKED_LESSON = ("from hearts_widget.lessons.prepost import CheckPlan\n"
                  "from hearts_widget.lessons.stepper import Lesson\n\n"
                  "Lesson(pace=0, check=CheckPlan())")
LESSON = with_checks(builtin_lesson(), CheckPlan())
QUESTIONS = [item.before for item in check_items(LESSON)]
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


def test_the_check_before_asks_one_question_at_a_time_tells_no_verdict_and_fits_the_screen(
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
    round_ = root.locator(".hearts-lesson-check-round")
    count = round_.locator(".hearts-lesson-check-count")
    for number, question in enumerate(QUESTIONS, start=1):
        expect(count).to_have_text(lesson_text("ui.question-of", number=number, total=len(QUESTIONS)))
        expect(round_.locator(".hearts-lesson-ask")).to_have_text(question.question())
        buttons = round_.locator(".hearts-lesson-choice").filter(visible=True)
        expect(buttons).to_have_text([choice.text() for choice in question.choices])
        if number == 1:  # on one screen: the title, the question, its answers and Next
            things = [root.locator(".hearts-lesson-text h3"), round_.locator(".hearts-lesson-ask"),
                      buttons.last, page.locator(".hearts-lesson-next")]
            for screen, size in {**SCREENS, "390x844": SIZES["phone"]}.items():
                page.set_viewport_size(size)
                seen = things if screen in SCREENS else things[1:3]
                off = [str(thing) for thing in seen if not comes_on_screen(page, thing)]
                assert off == [], f"the check before: {off} off the screen at {screen}"
            page.set_viewport_size(SCREENS["1280x800"])
            wrong = next(c for c in question.choices if c.id not in question.answers)
            round_.get_by_role("button", name=wrong.text(), exact=True).click()
            feedback = round_.locator(".hearts-lesson-feedback")
            expect(feedback).to_have_text(check_words()["noted"])  # no hint, no reason, no ✗
            assert not re.search(re.escape(question.hint()) + "|" + re.escape(question.why()), feedback.inner_text())
        else:
            round_.get_by_role("button", name=question.choice(question.answer).text(), exact=True).click()
    expect(round_.locator(".hearts-lesson-feedback")).to_have_text(check_words()["done"])
    expect(round_.locator(".hearts-lesson-choice").filter(visible=True)).to_have_count(0)
    expect(page.locator(".hearts-lesson-path-step").first).to_have_class(re.compile("hearts-lesson-done"))
    shoot(page, SCREENSHOTS / "check-before.png")
    assert foreign == []
