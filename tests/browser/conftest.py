"""Real-browser fixtures: Debian's Chromium through Playwright, and Voilà /
JupyterLab / Notebook 7 servers started as subprocesses on free ports with
temporary Jupyter folders, each in its own process group."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import servers
from servers import (
    CHROMIUM,
    CHROMIUM_LAUNCH,
    free_port,
    no_request_leaves_the_machine,  # noqa: F401 (an autouse fixture)
    start_server,
    stop_server,
)

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "play.ipynb"
SCREENSHOTS = ROOT / "artifacts" / "screenshots"


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
    env = servers.with_repository_jupyter_files(servers.jupyter_env(home, os.environ))
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def copy_notebook(folder: Path) -> Path:
    """Tests run on a copy: JupyterLab autosaves outputs into the notebook."""
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / NOTEBOOK.name
    shutil.copy(NOTEBOOK, target)
    return target


@pytest.fixture
def voila_url(tmp_path: Path) -> Iterator[str]:
    notebook = copy_notebook(tmp_path / "nb")
    port = free_port()
    proc = start_server([sys.executable, "-m", "voila", notebook.name, "--no-browser", f"--port={port}",
                         "--Voila.ip=127.0.0.1"], notebook.parent, jupyter_env(tmp_path / "home"), port,
                        tmp_path / "voila.log")
    yield f"http://127.0.0.1:{port}/"
    stop_server(proc)


def jupyter_server(tmp_path: Path, app: str) -> tuple[subprocess.Popen, int, Path]:
    notebook = copy_notebook(tmp_path / "nb")
    env = jupyter_env(tmp_path / "home")
    subprocess.run([sys.executable, "-m", "jupyter", "labextension", "disable",
                    "@jupyterlab/apputils-extension:announcements"], env=env, check=True, capture_output=True)
    port = free_port()
    proc = start_server([sys.executable, "-m", "jupyter", app, "--no-browser", "--ServerApp.token=",
                         "--ServerApp.password=", "--ip=127.0.0.1", f"--port={port}", "--allow-root",
                         "--ServerApp.disable_check_xsrf=True", "--LabApp.news_url=None",
                         "--LabApp.expose_app_in_browser=True", "--JupyterNotebookApp.expose_app_in_browser=True"],
                        notebook.parent, env, port,
                        tmp_path / f"{app}.log")
    return proc, port, notebook


@pytest.fixture
def lab_url(tmp_path: Path) -> Iterator[str]:
    proc, port, notebook = jupyter_server(tmp_path, "lab")
    yield f"http://127.0.0.1:{port}/lab/workspaces/test{port}/tree/{notebook.name}"
    stop_server(proc)


@pytest.fixture
def notebook7_url(tmp_path: Path) -> Iterator[str]:
    proc, port, notebook = jupyter_server(tmp_path, "notebook")
    yield f"http://127.0.0.1:{port}/notebooks/{notebook.name}"
    stop_server(proc)


@pytest.fixture(scope="session")
def shots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
