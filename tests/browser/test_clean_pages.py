"""Voilà, JupyterLab and Notebook 7 pages with every extra installed log no console error or
warning but the known lines of other projects (``UPSTREAM``), and the launcher serves its own
template (nothing from another host) from an editable install too, where Jupyter's paths hold
neither the project's template nor its configuration."""

from __future__ import annotations

import http.client
import importlib.metadata
import os
import tomllib
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from jupyter_core.paths import jupyter_path
from packaging.requirements import Requirement
from playwright.sync_api import Browser, Page, expect

import servers
from servers import BlackHole, SharedServer

from .conftest import INSTANT_TABLE, NOTEBOOK, ROOT
from .console import console_errors, play_a_card
from .lab import run_all_when_idle
from .launcher import Launcher, open_playable
from .person import WAIT_MS

RENDER_MS = 120_000


def installed(name: str) -> str:
    """The version of ``name`` installed here, or "" when it is not."""
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return ""


def test_every_extra_is_installed_here_and_no_jupyterlite_extension_beside_jupyterlab() -> None:
    """The pages below are those of an environment with every extra (as ``pip install -e ".[test]"``
    leaves it in CI), where no JupyterLite extension sits: the site builder installs JupyterLite's
    tools in a folder of its own, and one left by an older ``hearts-widget[site]`` would fail in
    JupyterLab and Notebook 7 ("Shared module @jupyterlite/services doesn't exist")."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    wanted = [Requirement(line) for name in ("lesson", "site", "hub") for line in extras[name]]
    missing = [str(req) for req in wanted if not req.name.startswith("hearts-widget")
               and not req.specifier.contains(installed(req.name), prereleases=True)]
    assert not missing, f"not installed as the extras ask: {missing}"
    lite = [str(path) for folder in jupyter_path("labextensions") for path in Path(folder).glob("@jupyterlite/*")]
    assert not lite, f"pip uninstall jupyterlite-pyodide-kernel jupyterlite-core: found {lite}"


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
        play_a_card(page)
        assert not errors, errors
        context.close()
        hole.check()
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
    # The lesson's static first step (its display data's text/html, for GitHub) gives way to the widget.
    expect(page.locator(".hearts-lesson-snapshot")).to_have_count(0)
    other = page.context.new_page()
    errors_there = console_errors(other)
    other.goto(play, timeout=RENDER_MS)
    other.locator(".hw-hand .hw-card").first.wait_for(timeout=RENDER_MS)
    expect(other.get_by_role("button", name="Pass these three cards")).to_be_visible(timeout=WAIT_MS)
    play_a_card(other)
    assert not errors + errors_there, errors + errors_there


def test_jupyterlab_and_notebook_7_log_no_console_error_or_warning_of_ours_with_every_extra_installed(
        browser: Browser, page: Page, jupyter: SharedServer) -> None:
    """The play notebook's table run in Notebook 7 and in JupyterLab on the shared Jupyter server,
    with every extra installed: nothing but the known lines of other projects on those pages
    (``UPSTREAM``), and since the site builder keeps JupyterLite's tools to itself, nothing at all
    in JupyterLab."""
    errors = console_errors(page, "notebook7")
    page.goto(jupyter.notebook7(INSTANT_TABLE, "clean-nb7"), timeout=RENDER_MS)
    page.wait_for_function(
        "() => { const k = window.jupyterapp?.shell.currentWidget?.sessionContext?.session?.kernel;"
        " return k && k.status === 'idle'; }", timeout=RENDER_MS)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    expect(page.get_by_role("button", name="Pass these three cards")).to_be_visible(timeout=RENDER_MS)
    play_a_card(page)
    assert not errors, f"Notebook 7: {errors}"
    # One page at a time: two Jupyter pages open at once in a browser talk (JupyterLab's "Window name
    # candidate already exists"), which is neither page's own trouble; and in a browser context of its
    # own, whose storage holds no game for the table to take up where the first page left it.
    page.close()
    context = browser.new_context()
    hole = BlackHole(context)
    other = context.new_page()
    errors_there = console_errors(other, "jupyter")
    other.goto(jupyter.lab(INSTANT_TABLE, "clean-lab"), timeout=RENDER_MS)
    run_all_when_idle(other)
    expect(other.get_by_role("button", name="Pass these three cards")).to_be_visible(timeout=WAIT_MS)
    play_a_card(other)
    assert not errors_there, f"JupyterLab: {errors_there}"
    context.close()
    hole.check()


@pytest.mark.browser  # on the browser job's shared Jupyter server, though no page is opened
def test_a_path_outside_voilas_templates_answers_404_on_a_jupyter_server(jupyter: SharedServer) -> None:
    """Voilà's server extension asserted the shape of a template file's path (a 500 and an error
    in the log for ``/voila/templates/../../etc/passwd``); the package's server extension answers 404
    there, and a template's own file is still served."""
    address = urlsplit(jupyter.base)
    for path, status in (("/voila/templates/../../../../etc/passwd", 404), ("/voila/templates/%2e%2e/static/x", 404),
                         ("/voila/templates/hearts/static/../../../x", 404),
                         ("/voila/templates/lab/static/voila.js", 200)):
        connection = http.client.HTTPConnection(address.hostname, address.port, timeout=60)
        try:
            connection.request("GET", path)  # as written: no client folds the ".."
            assert connection.getresponse().status == status, path
        finally:
            connection.close()
