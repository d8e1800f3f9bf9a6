"""Nothing leaves the machine: the launcher's table and the lesson through a
Jupyter server's /voila/render/ (the URL Binder opens) render with every other
host black-holed (the autouse ``no_request_leaves_the_machine`` fixture holds
such requests unanswered and fails the test if there was one), and the icon
fonts come from the server. The lesson is a notebook of the test's own on the
session's shared Jupyter server."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from hearts_widget.lessons.path import STEPS
from servers import SharedServer

from .conftest import ROOT
from .launcher import Launcher
from .person import hand_cards

WAIT_MS = 120_000
ICON_FONT = '900 16px "Font Awesome 5 Free"'


@pytest.fixture(scope="module")
def launcher_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``python -m hearts_widget`` as README says to start it, once for this module (its one
    test here opens one page of it)."""
    server = Launcher(tmp_path_factory.mktemp("launcher"))
    yield f"http://127.0.0.1:{server.port}/"
    server.stop()


def icon_fonts_served_by(page: Page, origin: str) -> None:
    """The Font Awesome face loads, and every font file the page fetched came from ``origin``."""
    faces = page.evaluate(f"async () => (await document.fonts.load({ICON_FONT!r}, '\\uf00c')).length")
    assert faces >= 1, "the Font Awesome icon font is not available on the page"
    fonts = page.evaluate("() => performance.getEntriesByType('resource').map(e => e.name)"
                          ".filter(n => /\\.(woff2?|ttf|eot)(\\?|$)/.test(n))")
    assert fonts and all(url.startswith(origin) for url in fonts), fonts


def test_the_launcher_table_renders_with_other_hosts_black_holed(page: Page, launcher_url: str,
                                                                 shots: Path) -> None:
    page.goto(launcher_url, timeout=WAIT_MS)
    hand_cards(page).first.wait_for(timeout=WAIT_MS)
    expect(hand_cards(page)).to_have_count(13)
    icon_fonts_served_by(page, launcher_url)
    page.screenshot(path=shots / "offline-launcher.png", full_page=True)


def test_the_lesson_renders_through_voila_render_with_other_hosts_black_holed(page: Page, jupyter: SharedServer,
                                                                              shots: Path) -> None:
    page.goto(jupyter.render(ROOT / "notebooks" / "lesson.ipynb", "lesson"), timeout=WAIT_MS)
    expect(page.locator(f".hearts-lesson-step-{STEPS[0].key}")).to_be_visible(timeout=WAIT_MS)
    expect(page.locator("link[href*='://']")).to_have_count(0)
    icon_fonts_served_by(page, jupyter.base)
    page.screenshot(path=shots / "offline-voila-render-lesson.png", full_page=True)
