"""The lesson through a Jupyter server at /voila/render/... (the URL shape
Binder uses), from this environment: the first steps walked wrong first, then
right, and a reload continuing at the same step with the same answers.
(tests/lessons/test_binder_rehearsal.py does the same from a fresh venv.)"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from hearts_widget.lessons.path import STEPS
from servers import free_port, jupyter_env, start_server, stop_server

from .conftest import ROOT, SCREENSHOTS, SERVER_WAIT_S
from .walk import act_on_step, guard, shoot

BASE_URL = "/user/test/"
WAIT_MS = 120_000
WALKED = 5


@pytest.fixture(scope="module")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    home = tmp_path_factory.mktemp("jupyter-home")
    base = dict(os.environ)
    base["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    port = free_port()
    process = start_server(
        [sys.executable, "-m", "jupyter", "server", "--no-browser", "--allow-root",
         f"--ServerApp.base_url={BASE_URL}", "--ServerApp.token=", "--ServerApp.password=",
         "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", f"--ServerApp.root_dir={ROOT}"],
        home, jupyter_env(home, base), port, home / "server.log", timeout=SERVER_WAIT_S)
    try:
        yield f"http://127.0.0.1:{port}{BASE_URL}"
    finally:
        stop_server(process, timeout=20)


def test_voila_render_walks_and_a_reload_continues(server_url: str, page: Page) -> None:
    foreign = guard(page)
    page.set_default_timeout(WAIT_MS)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(server_url + "voila/render/notebooks/lesson.ipynb", timeout=WAIT_MS)
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
