"""Helpers shared by the real-browser tests (tests/browser, tests/lessons):
Debian's Chromium for Playwright, free ports, temporary Jupyter folders,
servers started as subprocesses in their own process group and stopped by
that group only, and the servers shared by a whole test session
(:class:`SharedServer`, started by the fixtures in tests/conftest.py)."""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import shutil
import signal
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator, Mapping
from pathlib import Path
from urllib.parse import urlsplit

import nbformat
import pytest
from playwright.sync_api import BrowserContext, Route

CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_LAUNCH = {"executable_path": CHROMIUM,
                   "args": ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                            "--disable-background-networking", "--disable-component-update",
                            "--no-first-run", "--disable-sync", "--disable-quic"]}

ROOT = Path(__file__).resolve().parents[1]
# What the wheel installs into share/jupyter and etc/jupyter (the "hearts" Voilà
# template and the configuration choosing it); the repository's copies win in
# tests, as PYTHONPATH makes the repository's package win.
JUPYTER_DATA = ROOT / "jupyter-data"
JUPYTER_CONFIG = ROOT / "jupyter-config"
LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})


def free_port() -> int:
    return free_ports(1)[0]


def free_ports(count: int) -> list[int]:
    """``count`` different free ports: each socket stays bound until all are chosen, since
    ports asked for one after another may repeat (a hub once got its proxy's API on its own port)."""
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(socket.socket()) for _ in range(count)]
        for sock in sockets:
            sock.bind(("127.0.0.1", 0))
        return [sock.getsockname()[1] for sock in sockets]


def jupyter_env(home: Path, base: Mapping[str, str]) -> dict[str, str]:
    """``base`` with every Jupyter and IPython folder under ``home`` (nothing written to the real home)."""
    env = dict(base)
    for name, sub in [("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_DATA_DIR", "data"),
                      ("JUPYTER_RUNTIME_DIR", "runtime"), ("IPYTHONDIR", "ipython"),
                      ("JUPYTERLAB_SETTINGS_DIR", "settings"), ("JUPYTERLAB_WORKSPACES_DIR", "workspaces")]:
        path = home / sub
        path.mkdir(parents=True, exist_ok=True)
        env[name] = str(path)
    return env


def with_repository_jupyter_files(env: Mapping[str, str]) -> dict[str, str]:
    """``env`` with the repository's Voilà template and configuration first on Jupyter's paths."""
    env = dict(env)
    for name, path in [("JUPYTER_PATH", JUPYTER_DATA), ("JUPYTER_CONFIG_PATH", JUPYTER_CONFIG)]:
        env[name] = os.pathsep.join(filter(None, [str(path), env.get(name)]))
    return env


class BlackHole:
    """Every request a browser context makes to a host other than this machine is
    held unanswered, as a firewall that drops traffic would, and recorded: a page
    that needs another host then neither renders nor passes."""

    def __init__(self, context: BrowserContext) -> None:
        self.elsewhere: list[str] = []
        context.route("**/*", self._route)

    def _route(self, route: Route) -> None:
        url = route.request.url
        if urlsplit(url).hostname in LOCAL_HOSTS:
            route.continue_()
        else:
            self.elsewhere.append(url)  # never answered: the request hangs

    def check(self) -> None:
        assert not self.elsewhere, f"requests left the machine: {sorted(set(self.elsewhere))}"


@pytest.fixture(autouse=True)
def no_request_leaves_the_machine(request: pytest.FixtureRequest) -> Iterator[None]:
    """In every browser test, other hosts are black-holed and none may be asked for anything."""
    if "page" not in request.fixturenames:
        yield
        return
    hole = BlackHole(request.getfixturevalue("context"))
    yield
    hole.check()


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


def start_server(args: list[str], cwd: Path, env: dict[str, str], port: int, log: Path,
                 timeout: float = 60) -> subprocess.Popen:
    """Start ``args`` in its own process group, output to ``log``; wait until ``port`` listens."""
    proc = subprocess.Popen(args, cwd=cwd, env=env, stdout=log.open("wb"), stderr=subprocess.STDOUT,
                            start_new_session=True)
    try:
        wait_for_port(port, proc, timeout)
    except RuntimeError:
        stop_server(proc)
        raise RuntimeError(f"{args[:3]} did not start; log:\n{log.read_text()[-3000:]}") from None
    return proc


def stop_server(proc: subprocess.Popen, timeout: float = 10) -> None:
    """SIGTERM to the server's process group, SIGKILL if it is still there after ``timeout`` s."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def repository_env(home: Path) -> dict[str, str]:
    """This environment with Jupyter folders under ``home``, the repository importable first
    (as its kernels import it) and its Voilà template and configuration in use."""
    env = with_repository_jupyter_files(jupyter_env(home, os.environ))
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


def write_notebook(path: Path, code: str) -> Path:
    """A notebook of one code cell, with the Python 3 kernel named (as Voilà and JupyterLab need)."""
    book = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code)])
    book.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(book, path)
    return path


class SharedServer:
    """A server started once per test session over a folder of notebooks: Voilà alone, or a
    Jupyter server (JupyterLab, Notebook 7 and Voilà's ``/voila/render/``). Each test writes
    its own notebook under a fresh name, so it gets a kernel, kept games and a JupyterLab
    workspace of its own, and the tests stay independent while the server starts once."""

    _names = itertools.count(1)

    def __init__(self, proc: subprocess.Popen, port: int, folder: Path, home: Path) -> None:
        self.proc, self.port, self.folder, self.home = proc, port, folder, home
        self.base = f"http://127.0.0.1:{port}/"

    def add(self, source: str | Path, stem: str = "table") -> str:
        """Write ``source`` (a notebook's path, or the code of a one-cell notebook) as
        ``stem.ipynb`` in a fresh folder of the server's (the kernel's working folder, so what
        one test's kernel writes there no other sees); its path on the server."""
        folder = self.folder / f"{stem}-{next(self._names)}"
        folder.mkdir()
        if isinstance(source, Path):
            shutil.copy(source, folder / f"{stem}.ipynb")
        else:
            write_notebook(folder / f"{stem}.ipynb", source)
        return f"{folder.name}/{stem}.ipynb"

    def render(self, source: str | Path, stem: str = "table") -> str:
        """The address of a fresh notebook as a Voilà page (``/voila/render/``)."""
        return f"{self.base}voila/render/{self.add(source, stem)}"

    def lab(self, source: str | Path, stem: str = "table") -> str:
        """The address of a fresh notebook in JupyterLab, in a workspace of its own (no tab of
        another test restored beside it)."""
        path = self.add(source, stem)
        return f"{self.base}lab/workspaces/{path.split('/')[0]}/tree/{path}"

    def notebook7(self, source: str | Path, stem: str = "table") -> str:
        """The address of a fresh notebook in Notebook 7."""
        return f"{self.base}notebooks/{self.add(source, stem)}"

    def shut_down_kernels(self) -> None:
        """End every session and kernel a test left on a Jupyter server (its REST API, which
        these servers open without a token). Voilà alone culls the kernels of closed pages itself."""
        for what in ("sessions", "kernels"):
            with urllib.request.urlopen(f"{self.base}api/{what}", timeout=30) as answer:
                found = json.load(answer)
            for item in found:
                request = urllib.request.Request(f"{self.base}api/{what}/{item['id']}", method="DELETE")
                with contextlib.suppress(OSError):  # gone meanwhile (a session's kernel with it)
                    urllib.request.urlopen(request, timeout=30).close()
