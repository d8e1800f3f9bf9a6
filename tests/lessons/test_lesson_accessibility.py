"""The Voilà lesson for everyone (issue 22): axe-core finds no critical or serious violation
and no content outside landmarks on any step, before and after the learner acts; on a
390×844 phone, in the four languages, every control is at least 24 px each way and no
text is under 12 px."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from accessibility import assert_axe_clean, small_things
from playwright.sync_api import Page, expect

from hearts_widget.lessons.path import STEPS
from hearts_widget.text.lessons import lesson_text
from hearts_widget.text.translate import LANGUAGES

from .conftest import SCREENSHOTS
from .test_voila_lesson import SIZES, WAIT_MS, at_step, voila_home, voila_url  # noqa: F401 (fixtures)
from .walk import act_on_step, guard, shoot

# The steps whose table is a whole guided hand or game: checked as they open (the table at each
# state of a game is checked in tests/browser/test_accessibility.py).
PLAYED_OUT = ("guided", "play")


@pytest.fixture
def lesson_page(page: Page, voila_url: str) -> Iterator[Page]:  # noqa: F811
    """The lesson opened fresh, local requests only (waiting as long as a loaded machine needs)."""
    foreign = guard(page)
    page.set_viewport_size(SIZES["desktop"])
    page.set_default_timeout(WAIT_MS)
    page.goto(voila_url, timeout=WAIT_MS)
    expect(page.locator(".hearts-lesson-step-aim")).to_be_visible(timeout=WAIT_MS)
    yield page
    assert foreign == [], f"requests left the local server: {foreign}"


def test_axe_finds_nothing_serious_on_any_step(lesson_page: Page) -> None:
    page = lesson_page
    for number, current in enumerate(STEPS, start=1):
        at_step(page, current.key)
        assert_axe_clean(page, f"step {number} ({current.key})")
        if current.key not in PLAYED_OUT:
            act_on_step(page, current)
            assert_axe_clean(page, f"step {number} ({current.key}) once answered")
        if number < len(STEPS):
            page.locator(".hearts-lesson-next").click()


def test_on_a_phone_every_step_has_big_enough_controls_and_text(lesson_page: Page) -> None:
    page = lesson_page
    page.set_viewport_size(SIZES["phone"])
    for lang in LANGUAGES:
        page.locator(".hearts-lesson-language select").select_option(label=LANGUAGES[lang])
        expect(page.locator(".hearts-lesson-next")).to_contain_text(lesson_text("ui.next", lang))
        for number, current in enumerate(STEPS, start=1):
            step = page.locator(f".hearts-lesson-step-{current.key}")
            expect(step).to_be_visible()
            # A board shown again fits its new width in the frame it is painted (the table's resize
            # observer, before paint), not in the instant a script first sees it shown.
            expect(step.locator(".hw-table:not(.hw-columns):visible")).to_have_count(0)
            problems = small_things(page, ".hearts-lesson")
            assert not problems, f"{lang}, step {number} ({current.key}): {problems}"
            if lang in ("en", "sw") and current.key in ("pass", "follow-suit", "guided"):
                shoot(page, SCREENSHOTS / "a11y" / f"phone-{lang}-{number:02d}-{current.key}.png")
            if number < len(STEPS):
                page.locator(".hearts-lesson-next").click()
        for _ in range(len(STEPS) - 1):
            page.locator(".hearts-lesson-back").click()
