"""Helpers shared by the real-browser tests (tests/browser, tests/lessons):
Debian's Chromium for Playwright, free ports, temporary Jupyter folders, and
servers started as subprocesses in their own process group and stopped by
that group only."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from urllib.parse import urlsplit

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
