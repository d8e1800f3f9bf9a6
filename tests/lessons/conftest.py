"""Fixtures for the lesson's browser tests: Debian's Chromium for Playwright, and the lesson
notebook as a page of the test's own on the session's shared Voilà server (tests/conftest.py;
the shared helpers, free ports, Jupyter folders and servers, are in tests/servers.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from servers import CHROMIUM_LAUNCH, SharedServer, no_request_leaves_the_machine  # noqa: F401 (an autouse fixture)

from .walk import SIZES, WAIT_MS, guard

ROOT = Path(__file__).resolve().parents[2]
# The lesson notebook: one cell, ``Lesson()``, which reads no file beside it.
LESSON = ROOT / "notebooks" / "lesson.ipynb"
# The same lesson with the bots at the instant pace on every table: for the tests that walk it,
# where the pace is not what they test (a board's trick at the teaching pace takes 2-3 s).
INSTANT_LESSON = "from hearts_widget.lessons.stepper import Lesson\n\nLesson(pace=0)"
# The same lesson in a class (a class store in the kernel's own folder): it asks the learner's name.
CLASS_LESSON = f"import os\nos.environ['HEARTS_CLASS_DB'] = 'class.sqlite'\n{INSTANT_LESSON}"
SCREENSHOTS = ROOT / "artifacts" / "screenshots" / "lessons"
SERVER_WAIT_S = 120


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    return {**browser_type_launch_args, **CHROMIUM_LAUNCH}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, "viewport": {"width": 1100, "height": 900}}


@pytest.fixture
def lesson_url(voila_server: SharedServer) -> str:
    """The lesson at the instant pace as a Voilà page of this test's own (a fresh notebook on
    the shared Voilà server)."""
    return voila_server.render(INSTANT_LESSON, "lesson")


def open_lesson(page: Page, url: str) -> Iterator[Page]:
    """The lesson opened fresh (a new browser context: nothing kept yet), local requests only,
    waiting as long as a kernel starting on a loaded machine needs."""
    foreign = guard(page)
    page.set_viewport_size(SIZES["desktop"])
    page.set_default_timeout(WAIT_MS)
    page.goto(url, timeout=WAIT_MS)
    expect(page.locator(".hearts-lesson-step-aim")).to_be_visible(timeout=WAIT_MS)
    yield page
    assert foreign == [], f"requests left the local server: {foreign}"


@pytest.fixture
def lesson_page(page: Page, lesson_url: str) -> Iterator[Page]:
    """The lesson at the instant pace, opened fresh."""
    yield from open_lesson(page, lesson_url)


@pytest.fixture
def class_lesson_page(page: Page, voila_server: SharedServer) -> Iterator[Page]:
    """The lesson at the instant pace in a class (it asks the learner's name), opened fresh."""
    yield from open_lesson(page, voila_server.render(CLASS_LESSON, "lesson"))


@pytest.fixture
def default_lesson_page(page: Page, voila_server: SharedServer) -> Iterator[Page]:
    """The lesson notebook as shipped (the bots at the teaching pace), opened fresh."""
    yield from open_lesson(page, voila_server.render(LESSON, "lesson"))
