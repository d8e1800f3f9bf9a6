"""Voilà pages with every extra installed (the JupyterLite site's Pyodide kernel
among them) log no console error, and the launcher serves its own template
(nothing from another host) from an editable install too, where Jupyter's
paths hold neither the project's template nor its configuration."""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

import servers
from servers import BlackHole, SharedServer

from .conftest import NOTEBOOK, ROOT
from .person import WAIT_MS
from .test_classroom_server import Launcher, open_playable

RENDER_MS = 120_000


def console_errors(page: Page) -> list[str]:
    """What the page logs as an error, and the exceptions it does not catch."""
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def test_every_extra_is_installed_here() -> None:
    """The extension that logged errors in Voilà is present, so the tests below can see them."""
    import jupyterlite_pyodide_kernel  # noqa: F401 - the "site" extra


def editable_install_env(home: Path) -> dict[str, str]:
    """As ``pip install -e .`` leaves it: the package importable, no template or configuration
    of the project on Jupyter's paths (a wheel installs them into share/ and etc/)."""
    env = servers.jupyter_env(home, os.environ)
    for name in ("JUPYTER_PATH", "JUPYTER_CONFIG_PATH"):
        env.pop(name, None)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def test_the_launcher_of_an_editable_install_asks_no_other_host_and_logs_no_error(
        browser: Browser, tmp_path: Path) -> None:
    # A launcher of its own, not a shared one: its environment is an editable install's.
    launcher = Launcher(tmp_path, env=editable_install_env(tmp_path / "home"))
    try:
        context = browser.new_context()
        hole = BlackHole(context)  # a firewall that drops traffic: a page needing a CDN would hang
        page = context.new_page()
        errors = console_errors(page)
        open_playable(page, launcher.url)
        expect(page.locator("link[href*='://']")).to_have_count(0)
        context.close()
        hole.check()
        assert not errors, errors
    finally:
        launcher.stop()


def test_voila_pages_log_no_console_error_with_every_extra_installed(
        page: Page, voila_server: SharedServer, jupyter: SharedServer) -> None:
    """The lesson on standalone Voilà and the play notebook on a Jupyter server's /voila/render/
    (Binder, JupyterHub), notebooks of this test's own on the session's shared servers. Each
    page in a tab of its own: leaving a plain Voilà page sends its shutdown beacon, which plain
    Voilà 0.5 refuses (no ``_xsrf`` cookie; the launcher sets it, see serve.py)."""
    errors = console_errors(page)
    lesson = voila_server.render(ROOT / "notebooks" / "lesson.ipynb", "lesson")
    play = jupyter.render(NOTEBOOK, "play")
    page.goto(lesson, timeout=RENDER_MS)
    expect(page.locator(".hearts-lesson-next")).to_be_visible(timeout=RENDER_MS)
    other = page.context.new_page()
    errors_there = console_errors(other)
    other.goto(play, timeout=RENDER_MS)
    other.locator(".hw-hand .hw-card").first.wait_for(timeout=RENDER_MS)
    expect(other.get_by_role("button", name="Pass these three cards")).to_be_visible(timeout=WAIT_MS)
    assert not errors + errors_there, errors + errors_there
