"""In JupyterLab (and a Notebook 7 smoke test), like a person: run the notebook, then play."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from .person import play_one_hand

KERNEL_START_MS = 90_000


def run_all_when_idle(page: Page) -> None:
    """Run All only once the kernel reports idle: earlier, the request is silently lost."""
    expect(page.get_by_text("Python 3 (ipykernel) | Idle")).to_be_visible(timeout=KERNEL_START_MS)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.locator(".hw-hand .hw-card").first.wait_for(timeout=KERNEL_START_MS)


def test_a_learner_plays_a_whole_hand_in_jupyterlab(page: Page, lab_url: str, shots: Path) -> None:
    page.goto(lab_url)
    run_all_when_idle(page)
    play_one_hand(page, shots, "lab")


def test_the_table_renders_and_plays_in_notebook_7(page: Page, notebook7_url: str, shots: Path) -> None:
    page.goto(notebook7_url)
    page.locator(".jp-Notebook").wait_for(timeout=KERNEL_START_MS)
    page.wait_for_function("window.jupyterapp !== undefined", timeout=KERNEL_START_MS)
    page.wait_for_function(
        "() => { const k = window.jupyterapp.shell.currentWidget?.sessionContext?.session?.kernel;"
        " return k && k.status === 'idle'; }", timeout=KERNEL_START_MS)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    cards = page.locator(".hw-hand .hw-card")
    cards.first.wait_for(timeout=KERNEL_START_MS)
    for index in (0, 1, 2):
        cards.nth(index).click()
    page.get_by_role("button", name="Pass these three cards").click()
    expect(page.locator(".hw-received")).to_contain_text("You received")
    page.screenshot(path=shots / "notebook7-play.png", full_page=True)
