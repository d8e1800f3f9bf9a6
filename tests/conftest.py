"""Marks every test that drives a real browser (it uses Playwright's ``page``,
``context`` or ``browser``), and starts the servers those tests share: one Voilà,
one Voilà with its dark theme and one Jupyter server (JupyterLab, Notebook 7,
``/voila/render/``) per test session, each started when a test first asks for it.
A test adds a notebook of its own to a shared server (:class:`servers.SharedServer`),
so it still gets its own page, kernel and kept games.

`.ci/run` runs the browser tests in a pytest process of their own: Playwright's sync API
keeps an asyncio loop running in the test process, and a table made later in
that process would schedule its bots on that loop (as it does in a kernel),
where they never run.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Generator, Iterator
from pathlib import Path

import pytest
from hypothesis import settings
from playwright.sync_api import Locator, Page, expect

from servers import SharedServer, free_port, repository_env, start_server, stop_server

# Hypothesis' default deadline (200 ms an example) is a wall-clock assertion: on a loaded machine a
# slow example failed a class store test that passes alone (issue 31). What the property tests
# check is what the examples do, not how fast; the benchmarks measure speed.
settings.register_profile("hearts", deadline=None)
settings.load_profile("hearts")

_config: list[pytest.Config] = []


def pytest_configure(config: pytest.Config) -> None:
    _config.append(config)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """A browser test that failed and is run again (`.ci/run` reruns them once): its failure and
    what the page showed are printed now, as pytest prints only the failures of the last run."""
    terminal = _config[0].pluginmanager.get_plugin("terminalreporter") if _config else None
    if report.outcome != "rerun" or terminal is None:
        return
    terminal.write_sep("-", f"failed, run again: {report.nodeid}")  # type: ignore[attr-defined]
    text = report.longreprtext  # its head says which expectation failed, its tail where
    terminal.write_line(text if len(text) <= 8000 else f"{text[:4000]}\n[...]\n{text[-4000:]}")  # type: ignore[attr-defined]
    for title, text in report.sections:
        if title.startswith("what the page"):
            terminal.write_sep("-", title)  # type: ignore[attr-defined]
            terminal.write_line(text)  # type: ignore[attr-defined]


# Kernels of closed pages (no page connected) are culled after this long on the shared Voilà
# servers, which cannot be asked over HTTP to stop a kernel (Voilà alone keeps no kernel list):
# a test's kernels outlive it by minutes, not the whole run.
# How long an ``expect`` waits by default for what a person would see (a board drawn, a notice said):
# seconds when the 2 cores are busy (CI runs two workers beside kernels and Chromium). Playwright's
# own default, 5 s, failed a board drawn at load 10; this was set, by accident, for the whole browser
# run by tests/serverless/test_site.py at import, so a test run alone waited less than in CI.
expect.set_options(timeout=60_000)

# The browser tests photograph what they show (artifacts/screenshots/) for a person to open and look
# at. Nobody looks at CI's copies, and a full-page shot of a long lesson costs Chromium a large PNG:
# with CI set they are not taken unless HEARTS_SCREENSHOTS=1 (HEARTS_SCREENSHOTS=0 skips them anywhere).
# No test reads a screenshot back: what a test asserts it asserts on the page.
SCREENSHOTS_TAKEN = os.environ.get("HEARTS_SCREENSHOTS", "0" if os.environ.get("CI") else "1") == "1"
# A failed test's page is photographed always (printed with the failure): CI's only picture of it.
photograph_page = Page.screenshot


@pytest.fixture(scope="session", autouse=True)
def screenshots_only_when_looked_at() -> Iterator[None]:
    """When screenshots are not taken, ``Page.screenshot`` and ``Locator.screenshot`` draw nothing."""
    if SCREENSHOTS_TAKEN:
        yield
        return
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Page, "screenshot", lambda self, **_options: b"")
        patch.setattr(Locator, "screenshot", lambda self, **_options: b"")
        yield

VOILA_CULL = ["--MappingKernelManager.cull_idle_timeout=240", "--MappingKernelManager.cull_interval=30"]
# A server's first start here imports Jupyter and its extensions on a loaded machine.
SERVER_START_S = 120


def shared_voila(tmp_path_factory: pytest.TempPathFactory, name: str, *options: str) -> Iterator[SharedServer]:
    """Standalone Voilà (as ``voila`` and the launcher run it) over a folder of the session's."""
    work = tmp_path_factory.mktemp(name)
    folder = work / "notebooks"
    folder.mkdir()
    port = free_port()
    proc = start_server([sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
                         *VOILA_CULL, *options], folder, repository_env(work / "home"), port, work / "voila.log",
                        timeout=SERVER_START_S)
    yield SharedServer(proc, port, folder, work / "home")
    stop_server(proc, timeout=20)


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SharedServer]:
    """One Voilà for every test that needs a plain Voilà page: each adds its own notebook."""
    yield from shared_voila(tmp_path_factory, "voila")


@pytest.fixture(scope="session")
def dark_voila_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SharedServer]:
    """Voilà with its dark theme (``--theme=dark``, a server-wide setting)."""
    yield from shared_voila(tmp_path_factory, "voila-dark", "--theme=dark")


@pytest.fixture(scope="session")
def jupyter_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SharedServer]:
    """One Jupyter server for JupyterLab, Notebook 7 and Voilà's ``/voila/render/`` (the
    address Binder and JupyterHub open), with no token; JupyterLab's announcements off."""
    work = tmp_path_factory.mktemp("jupyter")
    folder = work / "notebooks"
    folder.mkdir()
    env = repository_env(work / "home")
    subprocess.run([sys.executable, "-m", "jupyter", "labextension", "disable",
                    "@jupyterlab/apputils-extension:announcements"], env=env, check=True, capture_output=True)
    port = free_port()
    proc = start_server([sys.executable, "-m", "jupyter", "lab", "--no-browser", "--ServerApp.token=",
                         "--ServerApp.password=", "--ip=127.0.0.1", f"--port={port}", "--allow-root",
                         "--ServerApp.disable_check_xsrf=True", "--LabApp.news_url=None",
                         "--LabApp.expose_app_in_browser=True", "--JupyterNotebookApp.expose_app_in_browser=True"],
                        folder, env, port, work / "lab.log", timeout=SERVER_START_S)
    yield SharedServer(proc, port, folder, work / "home")
    stop_server(proc, timeout=20)


@pytest.fixture
def jupyter(jupyter_server: SharedServer) -> Iterator[SharedServer]:
    """The shared Jupyter server; after the test, every kernel and session it started ended and
    JupyterLab's user settings (a theme chosen) back to the defaults for the next test."""
    yield jupyter_server
    jupyter_server.shut_down_kernels()
    shutil.rmtree(jupyter_server.home / "settings", ignore_errors=True)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if {"page", "context", "browser"} & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]
                             ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """A failed browser test's report says what each open page showed at that moment (its
    address, state id and text, through shadow roots, its errors) and where its screenshot is: CI keeps
    only the printed output, and a failure on a loaded machine may not come back here."""
    report = yield
    if report.when == "call" and report.failed:
        for name, value in getattr(item, "funcargs", {}).items():
            if isinstance(value, Page) and not value.is_closed():
                report.sections.append((f"what the page '{name}' showed", page_summary(value, item)))
    return report


def page_summary(page: Page, item: pytest.Item) -> str:
    """The page's address; each table's state id, classes (greeting, pending, disconnected) and
    chosen cards, with the text of the tables on screen; the page's errors and last console lines;
    a screenshot's path. Never raises."""
    lines = [f"url: {page.url}"]
    try:
        tables = page.locator(".hw-root")
        for index in range(min(tables.count(), 12)):
            table = tables.nth(index)
            shown = table.is_visible(timeout=2000)
            chosen = table.locator(".hw-card.hw-chosen").count()
            lines.append(f"table {index} (state {table.get_attribute('data-state-id', timeout=2000)}, "
                         f"class {table.get_attribute('class', timeout=2000)!r}, {chosen} chosen, "
                         f"{'on screen' if shown else 'hidden'}):")
            if shown:
                lines.append(table.inner_text(timeout=2000)[:2500])
        if not tables.count():
            lines.append(page.locator("body").inner_text(timeout=2000)[:2500])
        errors = [str(error)[:300] for error in page.page_errors()]
        errors += [f"console: {message.text[:300]}" for message in page.console_messages() if message.type == "error"]
        lines += ["errors on the page:", *errors[-10:]] if errors else ["no errors on the page"]
        console = [f"{message.type}: {message.text[:200]}" for message in page.console_messages()]
        lines += ["last console lines:", *console[-15:]] if console else []
        shot = Path(tempfile.gettempdir()) / f"failed-{item.name[:80]}.png".replace("/", "_")
        photograph_page(page, path=str(shot), full_page=True, timeout=5000)
        lines.append(f"screenshot: {shot}")
    except Exception as error:  # the page may be gone or stuck: say so, and keep the test's own failure
        lines.append(f"(could not read the page further: {error.__class__.__name__}: {str(error)[:200]})")
    return "\n".join(lines)
