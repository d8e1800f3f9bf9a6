"""``python -m hearts_widget`` starts Voilà on the packaged notebook and prints its URL."""

from __future__ import annotations

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


def test_main_prints_a_url_where_voila_listens(tmp_path: Path) -> None:
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(tmp_path), "JUPYTER_DATA_DIR": str(tmp_path),
           "JUPYTER_CONFIG_DIR": str(tmp_path), "IPYTHONDIR": str(tmp_path)}
    proc = subprocess.Popen([sys.executable, "-m", "hearts_widget"], stdout=subprocess.PIPE,
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
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=10)
