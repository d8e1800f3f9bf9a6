"""Binder rehearsal: build a fresh virtual environment from binder/ alone, start
a Jupyter server with Binder's URL shape (/user/<name>/), open the Voilà lesson
in Chromium and walk it by clicking from the first step to the whole game.
Screenshots of every step go to artifacts/screenshots/lessons/."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest
from playwright.sync_api import Page, expect

from hearts_widget.lessons.checks import CHECKS
from hearts_widget.lessons.path import STEPS
from hearts_widget.lessons.positions import POSITIONS

from servers import free_port, jupyter_env, start_server, stop_server

from .conftest import ROOT, SCREENSHOTS, SERVER_WAIT_S

BASE_URL = "/user/test/"
WAIT_MS = 120_000


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
    assert pip.returncode == 0, f"pip install -r binder/requirements.txt failed:\n{pip.stdout[-3000:]}{pip.stderr[-3000:]}"
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


def shoot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def act_on_step(page: Page, key: str) -> None:
    """Do what a learner does on a step: play a card, pass, choose, answer."""
    step = next(s for s in STEPS if s.key == key)
    root = page.locator(f".hearts-lesson-step-{key}")
    for index, key in enumerate(step.positions):
        board = root.locator(".hearts-lesson-position").nth(index)
        expect(board.locator(".hw-hand .hw-card")).to_have_count(len(POSITIONS[key].cards))
        if any(not legal for legal, _ in POSITIONS[key].expect.values()):
            board.locator(".hw-hand .hw-card.hw-illegal").first.click()
            expect(board.locator(".hw-notice")).to_contain_text("play.")
        board.locator(".hw-hand .hw-card.hw-legal").first.click()
        expect(board.locator(".hearts-lesson-feedback")).to_contain_text("Rule play.")
    if step.demo == "pass":
        cards = root.locator(".hearts-lesson-pass .hearts-lesson-card")
        cards.nth(0).click()
        root.get_by_role("button", name="Pass the chosen cards").click()
        expect(root.locator(".hearts-lesson-pass .hearts-lesson-feedback")).to_contain_text("pass.three")
        cards.nth(1).click()
        cards.nth(2).click()
        root.get_by_role("button", name="Pass the chosen cards").click()
        expect(root.locator(".hearts-lesson-pass .hearts-lesson-feedback")).to_contain_text("received")
    if step.demo == "deck":
        root.locator(".hearts-lesson-players").get_by_role("button", name="6").click()
        expect(root.locator(".hearts-lesson-deck")).to_contain_text("everyone gets 8 cards")
    if step.demo == "moon":
        root.locator(".hearts-lesson-moon").get_by_role("button", name="Take 26 off my score").click()
        expect(root.locator(".hearts-lesson-moon .hearts-lesson-feedback")).to_contain_text("\u221226")
    if step.demo == "variants":
        expect(root.locator(".hearts-lesson-same-deal")).to_contain_text("Omnibus Hearts")
        expect(root.locator(".hearts-lesson-variants")).to_contain_text("scores 10 points fewer")
    for index, check_key in enumerate(step.checks):
        check = CHECKS[check_key]
        box = root.locator(".hearts-lesson-check").nth(index)
        wrong = next(c for c in check.choices if c != check.answer)
        box.get_by_role("button", name=check.choice_text(wrong), exact=True).click()
        expect(box.locator(".hearts-lesson-feedback")).to_contain_text("Not quite.")
        box.get_by_role("button", name=check.choice_text(check.answer), exact=True).click()
        expect(box.locator(".hearts-lesson-feedback")).to_contain_text("Right!")


def test_voila_lesson_walked_from_the_first_step_to_the_game(binder_server: str, page: Page) -> None:
    page.set_default_timeout(WAIT_MS)
    page.goto(binder_server + "voila/render/notebooks/lesson.ipynb", timeout=WAIT_MS)
    expect(page.locator(".hearts-lesson-step-deck")).to_be_visible(timeout=WAIT_MS)
    expect(page.locator(".jp-InputArea, .jp-Cell-inputWrapper")).to_have_count(0)  # Voilà shows no code
    for number, step in enumerate(STEPS, start=1):
        expect(page.locator(".hearts-lesson-progress")).to_contain_text(f"Step {number} of {len(STEPS)}")
        expect(page.locator(f".hearts-lesson-step-{step.key}")).to_be_visible()
        act_on_step(page, step.key)
        if step.demo == "table":
            expect(page.locator(".hw-root .hw-hand .hw-card")).to_have_count(13, timeout=WAIT_MS)
        shoot(page, f"{number:02d}-{step.key}")
        if number < len(STEPS):
            page.locator(".hearts-lesson-next").click()
    expect(page.locator(".hearts-lesson-next")).to_be_disabled()
    page.locator(".hearts-lesson-back").click()
    expect(page.locator(f".hearts-lesson-step-{STEPS[-2].key}")).to_be_visible()
