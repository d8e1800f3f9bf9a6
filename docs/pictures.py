"""Make the README's pictures from the current UI, so they never go stale:
docs/table.png (the table in Voilà, the learner to play with a card refused and
its reason shown) and docs/lesson.png (the Voilà lesson on its first board,
played). Run from the project root, with the test extra installed:

    PYTHONPATH=. python docs/pictures.py

It serves the repository's notebooks (notebooks/play.ipynb, notebooks/lesson.ipynb)
with Voilà and the repository's "hearts" template, on 127.0.0.1, and takes
the pictures with Playwright in Debian's Chromium (tests/servers.py), every
other host black-holed: a request leaving the machine stops the script.
The table's deal is random, so each run shows another hand.
"""

from __future__ import annotations

import re
import shutil
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # tests/servers.py, imported by the browser conftest
from hearts_widget.lessons.format import builtin_lesson  # noqa: E402
from tests.browser.conftest import CHROMIUM_LAUNCH, free_port, jupyter_env, start_server, stop_server  # noqa: E402
from tests.browser.person import click_card, hand_cards, state_id, wait_for_change, wait_for_my_turn  # noqa: E402
from tests.lessons.walk import RECLIP, UNCLIP, shoot  # noqa: E402
from tests.servers import BlackHole  # noqa: E402

DOCS = ROOT / "docs"
KERNEL_START_MS = 120_000
TABLE_WIDTH = 780  # the README shows the pictures at this width or less
LESSON_WIDTH = 1000


@contextmanager
def voila(notebook: str, folder: Path) -> Iterator[str]:
    """Voilà serving a copy of ``notebooks/NOTEBOOK`` on a free port of 127.0.0.1."""
    copy = folder / notebook
    shutil.copy(ROOT / "notebooks" / notebook, copy)
    port = free_port()
    proc = start_server([sys.executable, "-m", "voila", copy.name, "--no-browser", f"--port={port}",
                         "--Voila.ip=127.0.0.1"], folder, jupyter_env(folder / "home"), port,
                        folder / f"{copy.stem}.log")
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        stop_server(proc)


def table_picture(page: Page, path: Path) -> None:
    """Pass three cards, then play until the learner must follow suit holding other
    cards too; point at a refused card so the table says why, and take the picture."""
    hand_cards(page).first.wait_for(timeout=KERNEL_START_MS)
    for index in (0, 1, 2):
        click_card(hand_cards(page).nth(index))
    before = state_id(page)
    page.get_by_role("button", name="Pass these three cards").click()
    wait_for_change(page, before)
    for _ in range(13):
        wait_for_my_turn(page)
        refused = page.locator(".hw-hand .hw-card.hw-illegal")
        if page.get_by_test_id("trick").locator(".hw-played").count() and refused.count():
            refused.first.hover()
            expect(page.get_by_test_id("why")).to_contain_text(re.compile(r"of \w+: \w"))  # the card: why not
            page.evaluate(UNCLIP)  # the whole table, not only what fits in Voilà's scrolling pane
            try:
                page.locator(".hw-root").screenshot(path=str(path))
            finally:
                page.evaluate(RECLIP)
            return
        before = state_id(page)
        click_card(page.locator(".hw-hand .hw-card.hw-legal").first)
        wait_for_change(page, before)
    raise RuntimeError("no turn with a card on the table and a card refused in a whole hand")


def lesson_picture(page: Page, path: Path) -> None:
    """Go to the lesson's first step with a board, play a card it allows (the board asks
    first: no card is marked until the learner tries one), and take the picture once the
    others have finished the trick (the verdict and the winner shown)."""
    steps = builtin_lesson().steps
    number = next(i for i, step in enumerate(steps) if step.positions)
    page.locator(".hearts-lesson-next").wait_for(timeout=KERNEL_START_MS)
    for _ in range(number):
        page.locator(".hearts-lesson-next").click()
    step = page.locator(f".hearts-lesson-step-{steps[number].key}")
    board = step.locator(".hearts-lesson-position").first
    allowed = next(code for code, (legal, _rule) in steps[number].positions[0].expect.items() if legal)
    click_card(board.locator(f".hw-hand .hw-card[data-code='{allowed}']").first)
    expect(board.locator(".hearts-lesson-feedback")).to_contain_text(re.compile(r"wins the \d+(st|nd|rd|th) trick"))
    page.mouse.move(0, 0)
    shoot(page, path)


def main() -> None:
    with tempfile.TemporaryDirectory() as scratch, sync_playwright() as playwright:
        browser = playwright.chromium.launch(**CHROMIUM_LAUNCH)
        for notebook, width, picture, take in (("play.ipynb", TABLE_WIDTH, "table.png", table_picture),
                                               ("lesson.ipynb", LESSON_WIDTH, "lesson.png", lesson_picture)):
            folder = Path(scratch, Path(notebook).stem)
            folder.mkdir()
            with voila(notebook, folder) as url:
                context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme="light")
                hole = BlackHole(context)
                page = context.new_page()
                page.goto(url, timeout=KERNEL_START_MS)  # Voilà answers once the notebook has run
                take(page, DOCS / picture)
                context.close()
                hole.check()
            sys.stdout.write(f"wrote {DOCS / picture}\n")
        browser.close()


if __name__ == "__main__":
    main()
