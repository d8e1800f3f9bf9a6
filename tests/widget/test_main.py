"""``python -m hearts_widget`` starts Voilà on the packaged notebook and prints its URL."""

from __future__ import annotations

import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import nbformat

from hearts_widget.__main__ import NOTEBOOK

ROOT = Path(__file__).resolve().parents[2]


def test_the_packaged_notebook_is_the_play_notebook() -> None:
    packaged = nbformat.read(NOTEBOOK, as_version=4)
    shown = nbformat.read(ROOT / "notebooks" / "play.ipynb", as_version=4)
    assert [c.source for c in packaged.cells] == [c.source for c in shown.cells]
    assert "HeartsTable()" in packaged.cells[-1].source


def get(port: int, path: str) -> tuple[int, str]:
    """GET ``path`` exactly as written (no client folds its ``..``): status and body."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.read().decode("utf-8", "replace")
    finally:
        connection.close()


def test_main_with_the_dark_theme_prints_a_url_where_voila_serves_it_dark(tmp_path: Path) -> None:
    """``--theme dark`` reaches Voilà (its dark theme's page); a path outside Voilà's templates
    answers 404, not the 500 of Voilà's assertion."""
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(tmp_path), "JUPYTER_DATA_DIR": str(tmp_path),
           "JUPYTER_CONFIG_DIR": str(tmp_path), "IPYTHONDIR": str(tmp_path)}
    proc = subprocess.Popen([sys.executable, "-m", "hearts_widget", "--theme", "dark"], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, env=env, start_new_session=True)
    try:
        line = proc.stdout.readline() if proc.stdout else ""
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert match, line
        port = int(match.group(1))
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "Voilà did not start listening"
                assert proc.poll() is None, "Voilà exited"
                time.sleep(0.2)
        for path in ("/voila/templates/../../../../etc/passwd", "/voila/templates/hearts/static/../../../x",
                     "/voila/templates/%2e%2e/static/passwd", "/voila/templates/nothing"):
            assert get(port, path)[0] == 404, path
        status, page = get(port, "/")
        assert status == 200 and 'data-jp-theme-light="false"' in page, page[:2000]
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=10)


def start_launcher(port: int, home: Path) -> tuple[subprocess.Popen, str]:
    """``python -m hearts_widget --port PORT`` and the first line it printed."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), **{name: str(home) for name in (
        "JUPYTER_RUNTIME_DIR", "JUPYTER_DATA_DIR", "JUPYTER_CONFIG_DIR", "IPYTHONDIR")}}
    log = (home / "launcher.log").open("ab")
    proc = subprocess.Popen([sys.executable, "-m", "hearts_widget", "--port", str(port)], stdout=subprocess.PIPE,
                            stderr=log, text=True, env=env, start_new_session=True)
    return proc, (proc.stdout.readline() if proc.stdout else "") or (home / "launcher.log").read_text()[-300:]


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
    proc.wait(timeout=30)


def test_the_launcher_restarts_at_once_on_the_same_port(tmp_path: Path) -> None:
    """Stopped while a browser was connected, the server leaves its port in TIME_WAIT;
    started again at once on that port it listens (servers bind with SO_REUSEADDR, and so
    does the launcher's check that the port is free)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    first, line = start_launcher(port, tmp_path)
    try:
        assert f"http://127.0.0.1:{port}/" in line, line
        browser = socket.create_connection(("127.0.0.1", port), timeout=10)
        browser.sendall(b"GET /favicon.ico HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        browser.recv(100)  # a connection the server answered and holds open, as a browser's
    finally:
        stop(first)
    while browser.recv(65536):  # read to the end (unread data would make close() reset the connection)
        pass
    browser.close()
    again, line = start_launcher(port, tmp_path)
    try:
        assert f"http://127.0.0.1:{port}/" in line, f"the restart printed {line!r}"
    finally:
        stop(again)
