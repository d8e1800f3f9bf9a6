"""The serverless site in Chromium, served by a plain static server, every other
host black-holed: the lesson starts by itself with no code on screen, ``?lang=``
speaks another language, the play page's table plays a card, the tutorial opens.
Prints the time to interactive (page load to the first step on screen)."""

from __future__ import annotations

import json
import time
from pathlib import Path

from browser.person import click_card
from playwright.sync_api import FrameLocator, Page, expect

from hearts_widget.lessons.path import STEPS

WAIT_MS = 240_000  # a cold Pyodide start is about 30 s on an idle machine; CI shares 2 cores


def app(page: Page) -> FrameLocator:
    return page.frame_locator("#hw-app")


def open_page(page: Page, url: str) -> float:
    """Open a presenter page; wait until it says it is ready; return the seconds it took."""
    page.set_default_timeout(WAIT_MS)
    start = time.monotonic()
    page.goto(url)
    expect(page.locator("body[data-ready]")).to_have_count(1, timeout=WAIT_MS)
    assert page.locator("body").get_attribute("data-error") is None
    return time.monotonic() - start


def fills_the_page_from_the_top(frame: FrameLocator) -> None:
    """The notebook begins at the top of the page (the app's hidden bars leave no empty
    band) and its output within 20 px of it (the page's padding, no grey desk around it)."""
    notebook = frame.locator(".jp-Notebook").first.bounding_box()
    assert notebook is not None and notebook["y"] == 0, f"the notebook begins {notebook} down the page"
    output = frame.locator(".jp-OutputArea-output").first.bounding_box()
    assert output is not None and output["y"] <= 20, f"the output begins {output} down the page"


def test_the_site_holds_pyodide_and_the_wheels_and_asks_no_cdn(site: Path) -> None:
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs" and kernel["disablePyPIFallback"] is True
    lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text())
    for entry in lock["packages"].values():
        assert (site / "static" / "pyodide" / entry["file_name"]).is_file(), entry["file_name"]
    wheels = {path.name.split("-")[0] for path in (site / "pypi").glob("*.whl")}
    assert {"hearts_widget", "anywidget", "ipywidgets", "jupyterlab_widgets", "comm", "psygnal"} <= wheels
    assert config["settingsOverrides"]["@jupyterlab/docmanager-extension:plugin"]["autosave"] is False
    for page in ("index.html", "play.html"):
        assert "://" not in (site / page).read_text().replace("http-equiv", "")


def test_the_lesson_starts_by_itself_with_no_code_on_screen(page: Page, site_url: str, shots: Path) -> None:
    seconds = open_page(page, site_url)
    frame = app(page)
    expect(frame.locator(f".hearts-lesson-step-{STEPS[0].key}")).to_be_visible()
    expect(frame.locator(".hearts-lesson-progress")).to_contain_text(f"Step 1 of {len(STEPS)}")
    expect(frame.locator(".jp-InputArea:visible")).to_have_count(0)
    fills_the_page_from_the_top(frame)
    print(f"\ntime to interactive (the lesson's first step on screen): {seconds:.1f} s")
    page.screenshot(path=shots / "site-lesson.png")
    frame.locator(".jp-OutputArea-output").first.screenshot(path=shots / "site-lesson-output.png")
    page.context.set_offline(True)  # once loaded, the lesson needs no server at all
    frame.locator(".hearts-lesson-next").click()
    expect(frame.locator(f".hearts-lesson-step-{STEPS[1].key}")).to_be_visible()
    page.context.set_offline(False)


def test_lang_in_the_url_chooses_the_lesson_language(page: Page, site_url: str, shots: Path) -> None:
    open_page(page, site_url + "?lang=sw")
    expect(app(page).locator(f".hearts-lesson-step-{STEPS[0].key} h3")).to_have_text(STEPS[0].title("sw"))
    page.screenshot(path=shots / "site-lesson-sw.png")


def test_a_card_is_played_on_the_play_page(page: Page, site_url: str, shots: Path) -> None:
    open_page(page, site_url + "play.html")
    frame = app(page)
    hand = frame.locator(".hw-hand .hw-card")
    expect(hand).to_have_count(13)
    fills_the_page_from_the_top(frame)
    for index in range(3):
        click_card(hand.nth(index))
    frame.get_by_role("button", name="Pass these three cards").click()
    expect(frame.get_by_test_id("pass-prompt")).to_have_count(0)
    legal = frame.locator(".hw-hand .hw-card.hw-legal")
    legal.first.wait_for()
    click_card(legal.first)
    expect(hand).to_have_count(12)
    page.screenshot(path=shots / "site-play.png")
    frame.locator(".hw-root").screenshot(path=shots / "site-table.png")


def test_the_tutorial_opens_in_the_notebook_app(page: Page, site_url: str) -> None:
    page.set_default_timeout(WAIT_MS)
    page.goto(site_url + "notebooks/index.html?path=tutorial.ipynb")
    expect(page.locator(".jp-Notebook .jp-Cell").first).to_be_visible()
    expect(page.locator(".jp-MarkdownOutput h1").first).to_contain_text("Hearts")
