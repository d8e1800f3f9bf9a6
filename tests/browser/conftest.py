"""Real-browser fixtures: Debian's Chromium through Playwright, and Voilà /
JupyterLab / Notebook 7 servers started as subprocesses on free ports with
temporary Jupyter folders, each in its own process group."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "play.ipynb"
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"


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
    return {**browser_type_launch_args, "executable_path": CHROMIUM,
            "args": ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--disable-background-networking", "--disable-component-update",
                     "--no-first-run", "--disable-sync", "--disable-quic"]}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, "viewport": {"width": 1100, "height": 1300}}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def jupyter_env(home: Path) -> dict[str, str]:
    """Environment pointing every Jupyter folder at ``home`` (nothing written to the real home)."""
    env = dict(os.environ)
    for name, sub in [("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_DATA_DIR", "data"),
                      ("JUPYTER_RUNTIME_DIR", "runtime"), ("IPYTHONDIR", "ipython"),
                      ("JUPYTERLAB_SETTINGS_DIR", "settings"), ("JUPYTERLAB_WORKSPACES_DIR", "workspaces")]:
        path = home / sub
        path.mkdir(parents=True, exist_ok=True)
        env[name] = str(path)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def wait_for_port(port: int, proc: subprocess.Popen, timeout: float = 60) -> None:
    """A TCP connect, not a GET: a GET to Voilà would start a kernel."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited early with code {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"server did not listen on port {port} within {timeout} s")


def start_server(args: list[str], cwd: Path, env: dict[str, str], port: int, log: Path) -> subprocess.Popen:
    proc = subprocess.Popen(args, cwd=cwd, env=env, stdout=log.open("wb"), stderr=subprocess.STDOUT,
                            start_new_session=True)
    try:
        wait_for_port(port, proc)
    except RuntimeError:
        stop_server(proc)
        raise RuntimeError(f"{args[:3]} did not start; log:\n{log.read_text()[-3000:]}") from None
    return proc


def stop_server(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


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
