"""The Voilà lesson for everyone (issue 22): axe-core finds no critical or serious violation
and no content outside landmarks on any step, before and after the learner acts; on a
390×844 phone, in the four languages, every control is at least 24 px each way and no
text is under 12 px. Each test opens a lesson of its own (``lesson_page``, on the session's
shared Voilà server)."""

from __future__ import annotations

from accessibility import assert_axe_clean, small_things
from playwright.sync_api import Page, expect

from hearts_widget.lessons.path import STEPS
from hearts_widget.text.lessons import lesson_text
from hearts_widget.text.translate import LANGUAGES

from .conftest import SCREENSHOTS
from .walk import SIZES, act_on_step, at_step, shoot

# The steps whose table is a whole guided hand or game: checked as they open (the table at each
# state of a game is checked in tests/browser/test_accessibility.py).
PLAYED_OUT = ("guided", "play")


def test_axe_finds_nothing_serious_on_any_step(lesson_page: Page) -> None:
    """axe-core runs 44 times on the whole page, each step before and after it is answered, leaving
    out the steps kept hidden (each was checked when shown; on a page that grows with every step,
    the last runs took 3-5 s each); the bots finish each board's trick at once (``Lesson(pace=0)``)."""
    page = lesson_page
    for number, current in enumerate(STEPS, start=1):
        at_step(page, current.key)
        hidden = f".hearts-lesson-step:not(.hearts-lesson-step-{current.key})"
        assert_axe_clean(page, f"step {number} ({current.key})", leaving_out=hidden)
        if current.key not in PLAYED_OUT:
            act_on_step(page, current)
            assert_axe_clean(page, f"step {number} ({current.key}) once answered", leaving_out=hidden)
        if number < len(STEPS):
            page.locator(".hearts-lesson-next").click()


def test_on_a_phone_every_step_has_big_enough_controls_and_text(lesson_page: Page) -> None:
    """About 30-45 s: the 23 steps are each measured in four languages, walked forward in one
    language and back in the next (a step two away is built again when shown)."""
    page = lesson_page
    page.set_viewport_size(SIZES["phone"])
    for turn, lang in enumerate(LANGUAGES):
        page.locator(".hearts-lesson-language select").select_option(label=LANGUAGES[lang])
        expect(page.locator(".hearts-lesson-next")).to_contain_text(lesson_text("ui.next", lang))
        forward = turn % 2 == 0
        walk = list(enumerate(STEPS, start=1))
        for index, (number, current) in enumerate(walk if forward else walk[::-1]):
            step = page.locator(f".hearts-lesson-step-{current.key}")
            expect(step).to_be_visible()
            # A board shown again fits its new width in the frame it is painted (the table's resize
            # observer, before paint), not in the instant a script first sees it shown.
            expect(step.locator(".hw-table:not(.hw-columns):visible")).to_have_count(0)
            problems = small_things(page, ".hearts-lesson")
            assert not problems, f"{lang}, step {number} ({current.key}): {problems}"
            if lang in ("en", "sw") and current.key in ("pass", "follow-suit", "guided"):
                shoot(page, SCREENSHOTS / "a11y" / f"phone-{lang}-{number:02d}-{current.key}.png")
            if index < len(STEPS) - 1:
                page.locator(".hearts-lesson-next" if forward else ".hearts-lesson-back").click()
