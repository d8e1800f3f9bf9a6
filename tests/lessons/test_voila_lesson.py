"""`voila notebooks/lesson.ipynb` on its own: the lesson opens with no code on
the page, and the language choice turns every step's words into another language."""

from __future__ import annotations

import os
import sys
from typing import Iterator

import pytest
from playwright.sync_api import Page, expect

from hearts_widget.lessons.path import STEPS
from hearts_widget.text.lessons import lesson_text
from hearts_widget.text.translate import LANGUAGES

from servers import free_port, jupyter_env, start_server, stop_server, with_repository_jupyter_files

from .conftest import ROOT, SCREENSHOTS, SERVER_WAIT_S

WAIT_MS = 120_000


@pytest.fixture(scope="module")
def voila_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    home = tmp_path_factory.mktemp("voila-home")
    base = dict(os.environ)
    base["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    port = free_port()
    process = start_server(
        [sys.executable, "-m", "voila", "notebooks/lesson.ipynb", "--no-browser", f"--port={port}",
         "--Voila.ip=127.0.0.1"],
        ROOT, with_repository_jupyter_files(jupyter_env(home, base)), port, home / "voila.log", timeout=SERVER_WAIT_S)
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        stop_server(process, timeout=20)


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != "en"])
def test_language_choice_changes_the_lesson_words(voila_url: str, page: Page, lang: str) -> None:
    page.set_default_timeout(WAIT_MS)
    page.goto(voila_url, timeout=WAIT_MS)
    expect(page.locator(".hearts-lesson-step-deck")).to_be_visible()
    expect(page.locator(".jp-InputArea")).to_have_count(0)
    page.locator(".hearts-lesson-language select").select_option(label=LANGUAGES[lang])
    expect(page.locator(".hearts-lesson-step-deck h3")).to_have_text(STEPS[0].title(lang))
    page.locator(".hearts-lesson-next").click()
    step = page.locator(".hearts-lesson-step-pass")
    expect(step.locator("h3")).to_have_text(STEPS[1].title(lang))
    expect(page.locator(".hearts-lesson-next")).to_have_text(lesson_text("ui.next", lang))
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"voila-{lang}-pass.png"), full_page=True)


def test_lesson_fits_a_narrow_window(voila_url: str, page: Page) -> None:
    page.set_viewport_size({"width": 420, "height": 800})
    page.set_default_timeout(WAIT_MS)
    page.goto(voila_url, timeout=WAIT_MS)
    for _ in range(3):
        page.locator(".hearts-lesson-next").click()
    board = page.locator(".hearts-lesson-step-first-lead .hearts-lesson-position").first
    expect(board).to_be_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "voila-narrow-first-lead.png"), full_page=True)
    assert width <= 420 + 2, f"the page scrolls sideways: {width} px wide"


def test_the_url_can_choose_the_language(voila_url: str, page: Page) -> None:
    page.set_default_timeout(WAIT_MS)
    page.goto(voila_url + "?lang=ceb", timeout=WAIT_MS)
    expect(page.locator(".hearts-lesson-step-deck h3")).to_have_text(STEPS[0].title("ceb"))
