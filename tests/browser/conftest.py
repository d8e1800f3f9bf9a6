"""Real-browser fixtures: Debian's Chromium through Playwright, and the play notebook
on the session's shared Voilà and Jupyter servers (tests/conftest.py), a fresh copy
for each test."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

import servers
from servers import CHROMIUM, CHROMIUM_LAUNCH, SharedServer, no_request_leaves_the_machine  # noqa: F401 (autouse)

from .launcher import Launcher

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "play.ipynb"
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
# The play notebook's table at the instant pace: for tests that play through tricks where
# the pace is not what they test (a hand at the teaching pace takes about four times longer).
INSTANT_TABLE = "from hearts_widget import HeartsTable\n\nHeartsTable(pace=0)"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Without a browser these tests cannot run: fail loudly in CI, skip only on a dev machine."""
    if Path(CHROMIUM).exists():
        return
    if os.environ.get("CI"):
        raise pytest.UsageError(f"CI=true but Chromium is missing at {CHROMIUM}: the browser tests must run")
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.skip(reason=f"no Chromium at {CHROMIUM} (install Debian's chromium)"))


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    return {**browser_type_launch_args, **CHROMIUM_LAUNCH}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, "viewport": {"width": 1100, "height": 1300}}


def jupyter_env(home: Path) -> dict[str, str]:
    """This environment with Jupyter folders under ``home``, the repository importable and its
    Voilà template and configuration in use."""
    return servers.repository_env(home)


@pytest.fixture
def voila_url(voila_server: SharedServer) -> str:
    """The play notebook as a Voilà page of this test's own (the shared Voilà server)."""
    return voila_server.render(NOTEBOOK, "play")


@pytest.fixture
def instant_voila_url(voila_server: SharedServer) -> str:
    """The play notebook's table at the instant pace (``pace=0``) as a Voilà page of this test's own."""
    return voila_server.render(INSTANT_TABLE, "instant")


@pytest.fixture
def lab_url(jupyter: SharedServer) -> str:
    """The play notebook's table at the instant pace in JupyterLab (the shared Jupyter server),
    in a workspace of its own: the pace is tested in Voilà."""
    return jupyter.lab(INSTANT_TABLE, "play")


@pytest.fixture
def notebook7_url(jupyter: SharedServer) -> str:
    """The play notebook in Notebook 7 (the shared Jupyter server)."""
    return jupyter.notebook7(NOTEBOOK, "play")


@pytest.fixture(scope="session")
def shots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


@pytest.fixture
def launcher(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Launcher]:
    """``python -m hearts_widget`` started as a teacher starts it, with the options the test gives
    (``@pytest.mark.parametrize("launcher", [("--lesson", ...)], indirect=True)``), stopped after
    it: the launcher's options are what these tests test, so each has its own."""
    server = Launcher(tmp_path, *getattr(request, "param", ()))
    yield server
    server.stop()
