"""The launcher, ``python -m hearts_widget``, started as a teacher starts it, and its pages
opened with every request kept on the machine (the classroom, teacher, reload and clean
pages tests)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, expect

from servers import free_port, repository_env

from .person import WAIT_MS

RENDER_MS = 120_000  # ten kernels starting at once on a shared 2-core machine


class Launcher:
    """A running ``python -m hearts_widget`` and what it printed."""

    def __init__(self, tmp_path: Path, *options: str, env: dict[str, str] | None = None) -> None:
        port = free_port()
        self.log = tmp_path / "launcher.log"
        self.proc = subprocess.Popen([sys.executable, "-m", "hearts_widget", "--port", str(port), *options],
                                     cwd=tmp_path, env=env or repository_env(tmp_path / "home"), stdout=subprocess.PIPE,
                                     stderr=self.log.open("wb"), text=True, start_new_session=True)
        line = self.proc.stdout.readline() if self.proc.stdout else ""
        match = re.search(r"open (http://127\.0\.0\.1:(\d+)/\S*)", line)
        assert match, f"the launcher printed {line!r}; log: {self.log.read_text()[-2000:]}"
        self.url, self.port = match.group(1), int(match.group(2))
        assert self.port == port, "the URL printed is the port asked for"

    def kernels(self) -> list[int]:
        """The kernels this server runs (its ipykernel child processes)."""
        found = []
        for pid in os.listdir("/proc"):
            if not pid.isdigit():
                continue
            try:
                stat = Path(f"/proc/{pid}/stat").read_text()
                cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
            except OSError:
                continue
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            if parent == self.proc.pid and b"ipykernel" in cmdline:
                found.append(int(pid))
        return found

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()


def local_only(context: BrowserContext, port: int) -> list[str]:
    """Refuse every request to another host; the list collects them for the test to fail on.

    Only those requests are routed here (the pattern is matched by Playwright's driver): routing
    a page's hundred requests to the local server through this process cost its browser about
    a tenth more CPU, which twenty pages arriving at once on two cores feel."""
    foreign: list[str] = []

    def refuse(route, request) -> None:
        foreign.append(request.url)
        route.abort()

    context.route(re.compile(rf"^(?!(http|ws)://127\.0\.0\.1:{port}/|data:)"), refuse)
    return foreign


def open_playable(page: Page, url: str) -> None:
    """The page shows the table with cards the learner may choose."""
    page.goto(url, timeout=RENDER_MS)
    page.locator(".hw-hand .hw-card").first.wait_for(timeout=RENDER_MS)
    expect(page.get_by_role("button", name="Pass these three cards")).to_be_visible(timeout=WAIT_MS)
