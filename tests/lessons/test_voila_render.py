"""The lesson through a Jupyter server at /voila/render/... (the address Binder and
JupyterHub open), from this environment: the first steps walked wrong first, then
right, and a reload continuing at the same step with the same answers. The lesson is
a notebook of this test's own on the session's shared Jupyter server (at "/"; Binder's
/user/<name>/ prefix is walked by tests/lessons/test_binder_rehearsal.py, from a fresh venv)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from hearts_widget.lessons.path import STEPS
from servers import SharedServer

from .conftest import LESSON, SCREENSHOTS
from .walk import WAIT_MS, act_on_step, guard, shoot

WALKED = 5


def test_voila_render_walks_and_a_reload_continues(jupyter: SharedServer, page: Page) -> None:
    foreign = guard(page)
    page.set_default_timeout(WAIT_MS)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(jupyter.render(LESSON, "lesson"), timeout=WAIT_MS)
    for number, step in enumerate(STEPS[:WALKED], start=1):
        expect(page.locator(".hearts-lesson-progress")).to_contain_text(f"Step {number} of {len(STEPS)}")
        act_on_step(page, step)
        shoot(page, SCREENSHOTS / "voila-render" / f"{number:02d}-{step.key}.png")
        page.locator(".hearts-lesson-next").click()
    expect(page.locator(".hearts-lesson-progress")).to_contain_text(f"Step {WALKED + 1} of {len(STEPS)}")
    page.reload()
    expect(page.locator(".hearts-lesson-progress")).to_contain_text(f"Step {WALKED + 1} of {len(STEPS)}",
                                                                    timeout=WAIT_MS)
    expect(page.locator(".hearts-lesson-path-step.hearts-lesson-done")).to_have_count(WALKED)
    page.locator(".hearts-lesson-back").click()
    last = STEPS[WALKED - 1]
    root = page.locator(f".hearts-lesson-step-{last.key}")
    expect(root.locator(".hearts-lesson-check .hearts-lesson-feedback").first).to_contain_text("Right!")
    expect(root.locator(".hearts-lesson-position .hearts-lesson-feedback").first).to_contain_text("Allowed.")
    assert foreign == []
