"""JupyterLab driven as a learner drives it: Run All once the kernel is idle."""

from __future__ import annotations

from playwright.sync_api import Page, expect

KERNEL_START_MS = 90_000


def run_all_when_idle(page: Page) -> None:
    """Run All only once the kernel reports idle: earlier, the request is silently lost."""
    expect(page.get_by_text("Python 3 (ipykernel) | Idle")).to_be_visible(timeout=KERNEL_START_MS)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.locator(".hw-hand .hw-card").first.wait_for(timeout=KERNEL_START_MS)
