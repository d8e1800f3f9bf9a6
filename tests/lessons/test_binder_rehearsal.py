"""Binder rehearsal: build a fresh virtual environment from binder/ alone, start
a Jupyter server with Binder's URL shape (/user/<name>/), open the Voilà lesson
in Chromium and walk it by clicking from the first step to the game: the first
steps' boards played at the lesson's own pace, every step shown, the guided hand
begun with the coach, the free game dealt, the results downloaded and the place
kept over a reload. (Every step and board acted on is walked on the shared server,
tests/lessons/test_voila_lesson.py.) Screenshots of every step go to
artifacts/screenshots/lessons/binder/.

Its server is its own, not the session's shared one: what is rehearsed is a server from
the venv binder/ alone builds, at Binder's /user/<name>/ prefix."""

from __future__ import annotations

import csv
import io
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from hearts_widget.lessons.path import STEPS
from servers import free_port, jupyter_env, start_server, stop_server

from .conftest import ROOT, SCREENSHOTS, SERVER_WAIT_S
from .walk import WAIT_MS, act_on_step, guard, instant_pace, play_table, shoot

BASE_URL = "/user/test/"


@pytest.fixture(scope="module")
def binder_venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A venv with only what binder/requirements.txt installs (pip run from the
    repository root, as repo2docker does; pip's download cache is reused)."""
    venv = tmp_path_factory.mktemp("binder") / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    pip = subprocess.run([str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                          "-r", "binder/requirements.txt"], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=1800)
    assert pip.returncode == 0, (f"pip install -r binder/requirements.txt failed:\n"
                                 f"{pip.stdout[-3000:]}{pip.stderr[-3000:]}")
    return venv


@pytest.fixture(scope="module")
def binder_server(binder_venv: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``jupyter server`` from the Binder venv, serving the repository at /user/test/."""
    home = tmp_path_factory.mktemp("jupyter-home")
    base = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    base["PATH"] = f"{binder_venv / 'bin'}{os.pathsep}{base.get('PATH', '')}"
    env = jupyter_env(home, base)
    port = free_port()
    process = start_server(
        [str(binder_venv / "bin" / "jupyter"), "server", "--no-browser", "--allow-root",
         f"--ServerApp.base_url={BASE_URL}", "--ServerApp.token=", "--ServerApp.password=",
         "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", f"--ServerApp.root_dir={ROOT}"],
        home, env, port, home / "server.log", timeout=SERVER_WAIT_S)
    try:
        yield f"http://127.0.0.1:{port}{BASE_URL}"
    finally:
        stop_server(process, timeout=20)


# The steps acted on as a learner does, at the lesson's own pace (their boards' tricks finished by
# the bots at 0.8 s a card): what Binder adds is its venv and its URL prefix, which these reach.
ACTED_ON = 5


def test_voila_lesson_walked_from_the_first_step_to_the_game(binder_server: str, page: Page) -> None:
    """About 60 s with its setup, which installs binder/requirements.txt into a fresh venv (about
    30 s, pip's cache warm)."""
    foreign = guard(page)
    page.set_default_timeout(WAIT_MS)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(binder_server + "voila/render/notebooks/lesson.ipynb", timeout=WAIT_MS)
    expect(page.locator(".hearts-lesson-step-aim")).to_be_visible(timeout=WAIT_MS)
    expect(page.locator(".jp-InputArea, .jp-Cell-inputWrapper")).to_have_count(0)  # Voilà shows no code
    for number, step in enumerate(STEPS, start=1):
        expect(page.locator(".hearts-lesson-progress")).to_contain_text(f"Step {number} of {len(STEPS)}")
        expect(page.locator(f".hearts-lesson-step-{step.key}")).to_be_visible()
        if number <= ACTED_ON:
            act_on_step(page, step)
            chip = page.locator(".hearts-lesson-path-step").nth(number - 1)
            expect(chip).to_have_class(re.compile("hearts-lesson-done"))
        if step.demo == "guided":  # the coach speaks before the pass, the pass is made
            # The guided table is drawn once its kernel side has answered: seconds, and over a
            # minute at load 14 (its settings, asked for at once, did not open in 60 s).
            table = page.locator(f".hearts-lesson-step-{step.key} .hw-root")
            expect(table.locator(".hw-hand .hw-card")).to_have_count(13, timeout=WAIT_MS)
            instant_pace(table)
            play_table(page, step, moves=2)
        if step.demo == "table":
            expect(page.locator(f".hearts-lesson-step-{step.key} .hw-root .hw-hand .hw-card")).to_have_count(13)
        shoot(page, SCREENSHOTS / "binder" / f"{number:02d}-{step.key}.png")
        if number < len(STEPS):
            page.locator(".hearts-lesson-next").click()
    expect(page.locator(".hearts-lesson-next")).to_be_disabled()
    with page.expect_download() as download:  # the results, under Binder's URL too
        page.locator(".hearts-lesson-download", has_text="CSV").click()
    rows = list(csv.DictReader(io.StringIO(download.value.path().read_text(encoding="utf-8"))))
    assert [r["key"] for r in rows] == [s.key for s in STEPS]
    page.reload()  # the progress is kept in the browser, also under Binder's URL
    expect(page.locator(f".hearts-lesson-step-{STEPS[-1].key}")).to_be_visible(timeout=WAIT_MS)
    page.locator(".hearts-lesson-back").click()
    expect(page.locator(f".hearts-lesson-step-{STEPS[-2].key}")).to_be_visible()
    assert foreign == []
