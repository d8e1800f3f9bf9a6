"""Where widgets cannot run: ``jupyter nbconvert --to html --execute`` of the tutorial, opened
in Chromium with every other host refused, shows the table's snapshot (its cards) and the
arena's picture. The requests nbconvert's own template makes (require.js and MathJax from a
CDN) are its own; they are refused at once, as offline, and nothing else may be asked for."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import Browser, Route, expect

from .conftest import ROOT, jupyter_env

TUTORIAL = ROOT / "notebooks" / "tutorial.ipynb"
# The hosts nbconvert's "lab" template loads its scripts from (require.js, MathJax, the widget embedder).
NBCONVERT_HOSTS = {"cdnjs.cloudflare.com", "cdn.jsdelivr.net", "unpkg.com"}


def test_the_nbconvert_html_of_the_tutorial_shows_the_table_snapshot_offline(browser: Browser, tmp_path: Path,
                                                                               shots: Path) -> None:
    subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "html", "--execute", str(TUTORIAL),
                    "--output-dir", str(tmp_path)], env=jupyter_env(tmp_path / "home"), check=True,
                   capture_output=True, timeout=900)
    html = tmp_path / "tutorial.html"
    asked: list[str] = []

    def refuse(route: Route) -> None:
        if urlsplit(route.request.url).scheme == "file":  # the page itself
            route.continue_()
            return
        asked.append(route.request.url)
        route.abort()

    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.route("**/*", refuse)
    try:
        page = context.new_page()
        page.goto(html.as_uri())
        snapshot = page.locator(".hearts-table-snapshot").first
        expect(snapshot).to_be_visible()
        expect(snapshot).to_contain_text("Your cards")
        cards = snapshot.locator(".hearts-cards > span")
        expect(cards).to_have_count(13)
        expect(cards.first).to_be_visible()
        expect(page.locator(".hearts-arena svg").first).to_be_visible()  # the arena's picture, drawn inline
        snapshot.scroll_into_view_if_needed()
        page.screenshot(path=shots / "nbconvert-snapshot.png")
    finally:
        context.close()
    assert {urlsplit(url).hostname for url in asked} <= NBCONVERT_HOSTS, asked
