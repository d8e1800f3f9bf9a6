"""``python -m hearts_widget`` serving a class: closed pages leave no kernel,
a full server says so, and ten pages opened at once all render playable.

Each test starts the launcher itself (as a teacher would) and counts the
server's kernels as its child processes (standalone Voilà lists none over
HTTP). Every request must go to the local server: anything else fails the test.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from playwright.sync_api import Error as PlaywrightError

from servers import free_port

from .conftest import ROOT, jupyter_env
from .person import WAIT_MS, choose_and_pass

RENDER_MS = 120_000  # ten kernels starting at once on a shared 2-core machine
CLEANUP_S = 60


class Launcher:
    """A running ``python -m hearts_widget`` and what it printed."""

    def __init__(self, tmp_path: Path, *options: str) -> None:
        port = free_port()
        self.log = tmp_path / "launcher.log"
        self.proc = subprocess.Popen([sys.executable, "-m", "hearts_widget", "--port", str(port), *options],
                                     cwd=tmp_path, env=jupyter_env(tmp_path / "home"), stdout=subprocess.PIPE,
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


@pytest.fixture
def launcher(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Launcher]:
    options = getattr(request, "param", ())
    server = Launcher(tmp_path, *options)
    yield server
    server.stop()


def local_only(context: BrowserContext, port: int) -> list[str]:
    """Refuse every request to another host; the list collects them for the test to fail on."""
    foreign: list[str] = []

    def check(route, request) -> None:
        if re.match(rf"^(http|ws)://127\.0\.0\.1:{port}/", request.url) or request.url.startswith("data:"):
            route.continue_()
        else:
            foreign.append(request.url)
            route.abort()

    context.route("**/*", check)
    return foreign


def open_playable(page: Page, url: str) -> None:
    """The page shows the table with cards the learner may choose."""
    page.goto(url, timeout=RENDER_MS)
    page.locator(".hw-hand .hw-card").first.wait_for(timeout=RENDER_MS)
    expect(page.get_by_role("button", name="Pass these three cards")).to_be_visible(timeout=WAIT_MS)


def wait_for_kernels(server: Launcher, count: int, timeout: float) -> float:
    """Seconds until the server runs ``count`` kernels; fails after ``timeout``."""
    start = time.monotonic()
    while len(server.kernels()) != count:
        assert time.monotonic() - start < timeout, \
            f"{len(server.kernels())} kernels still run after {timeout:.0f} s (wanted {count})"
        time.sleep(0.5)
    return time.monotonic() - start


def test_three_closed_pages_leave_no_kernel(browser: Browser, launcher: Launcher) -> None:
    context = browser.new_context()
    foreign = local_only(context, launcher.port)
    pages = [context.new_page() for _ in range(3)]
    for page in pages:
        open_playable(page, launcher.url)
    choose_and_pass(pages[0])  # one of them mid-game
    assert len(launcher.kernels()) == 3
    for page in pages[:2]:  # closed as a tab is: the page's beacon asks for its kernel's shutdown
        page.close(run_before_unload=True)
    beacon = wait_for_kernels(launcher, 1, CLEANUP_S)
    pages[2].close()  # gone without a word (a crashed browser): culling must catch it
    culled = wait_for_kernels(launcher, 0, CLEANUP_S)
    print(f"3 closed pages: 2 kernels gone {beacon:.1f} s after their beacon, the third culled after {culled:.1f} s")
    context.close()
    assert not foreign, f"requests to other hosts: {foreign}"
    assert not re.search(r"\b403\b (GET|POST|DELETE)|HTTP 403|Forbidden", launcher.log.read_text()), \
        "the shutdown beacon was refused"


@pytest.mark.parametrize("launcher", [("--max-kernels", "2")], indirect=True)
def test_a_full_server_says_so_in_the_browsers_language(browser: Browser, launcher: Launcher) -> None:
    context = browser.new_context(locale="sw-KE")
    foreign = local_only(context, launcher.port)
    first, second, third = (context.new_page() for _ in range(3))
    open_playable(first, launcher.url)
    open_playable(second, launcher.url)
    response = third.goto(launcher.url)
    assert response is not None and response.status == 503
    expect(third.locator("html[lang='sw']")).to_have_count(1)
    expect(third.locator("#hearts-server-full")).not_to_have_text("This server is full")
    third.screenshot(path=ROOT / "artifacts" / "screenshots" / "server-full-sw.png")
    first.close(run_before_unload=True)
    wait_for_kernels(launcher, 1, CLEANUP_S)
    open_playable(third, launcher.url)  # a place came free
    context.close()
    assert not foreign, f"requests to other hosts: {foreign}"


@pytest.mark.parametrize("launcher", [("--token", "class-of-2026")], indirect=True)
def test_a_token_keeps_the_server_closed_to_others(browser: Browser, launcher: Launcher) -> None:
    assert launcher.url.endswith("/?token=class-of-2026"), launcher.url
    context = browser.new_context()
    foreign = local_only(context, launcher.port)
    page = context.new_page()
    page.goto(launcher.url.split("?")[0])
    expect(page.locator(".hw-hand .hw-card")).to_have_count(0)
    assert not launcher.kernels(), "no kernel starts for a visitor without the token"
    open_playable(page, launcher.url)
    context.close()
    assert not foreign, f"requests to other hosts: {foreign}"


TEN = 10
ROUNDS = 3  # the failure this guards against was intermittent (4 of 30 pages once, none another time)


def test_ten_pages_opened_at_once_all_render_playable(browser: Browser, launcher: Launcher) -> None:
    """Ten learners (ten browsers, so ten games) open the table at the same moment, three times over.

    Voilà's widget manager still sometimes fails to get a model under this load
    ("widget model not found", before any code of ours runs); the template then
    reloads that page once. Every page must end playable; how many logged the
    failure and how many the reload recovered is printed."""
    foreign: list[str] = []
    retried = logged = 0
    for round_ in range(ROUNDS):
        contexts = [browser.new_context() for _ in range(TEN)]
        pages = []
        failures: list[list[str]] = []
        for context in contexts:
            foreign_here = local_only(context, launcher.port)
            page = context.new_page()
            failed_here: list[str] = []
            page.on("console", lambda message, failed_here=failed_here:
                    failed_here.append(message.text) if "not found" in message.text else None)
            pages.append((page, foreign_here))
            failures.append(failed_here)
        start = time.monotonic()
        for page, _ in pages:  # all requested before any has rendered
            page.goto(launcher.url, wait_until="commit", timeout=RENDER_MS)
        for number, (page, _) in enumerate(pages):
            try:
                open_playable_now(page)
            except (AssertionError, PlaywrightError):
                page.screenshot(path=ROOT / "artifacts" / "screenshots" / f"ten-pages-{round_}-{number}.png")
                raise AssertionError(f"round {round_ + 1}, page {number + 1} did not render: "
                                     f"{page.locator('body').inner_text()[:300]!r}") from None
        reloaded = sum(page.evaluate(RELOADED_BY_RETRY) for page, _ in pages)
        logged += sum(bool(failed_here) for failed_here in failures)
        retried += reloaded
        print(f"round {round_ + 1}: {TEN} pages rendered in {time.monotonic() - start:.1f} s "
              f"({reloaded} after the template's one reload), load average {os.getloadavg()[0]:.2f}")
        choose_and_pass(pages[-1][0])  # playable, not only drawn
        for (page, foreign_here), context in zip(pages, contexts, strict=True):
            page.close(run_before_unload=True)
            context.close()
            foreign += foreign_here
        wait_for_kernels(launcher, 0, CLEANUP_S)
    print(f"{logged} of {ROUNDS * TEN} pages logged 'widget model not found'; "
          f"{retried} were recovered by the template's reload")
    assert not foreign, f"requests to other hosts: {foreign}"


RELOADED_BY_RETRY = "Object.keys(sessionStorage).some(key => key.startsWith('hearts-widget-reloaded:'))"


def open_playable_now(page: Page) -> None:
    page.locator(".hw-hand .hw-card").first.wait_for(timeout=RENDER_MS)
    expect(page.get_by_role("button", name="Pass these three cards")).to_be_visible(timeout=WAIT_MS)
