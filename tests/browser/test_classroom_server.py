"""``python -m hearts_widget`` serving a class: closed pages leave no kernel,
a full server says so, three pages opened at once all end playable (no kernel
culled before its page connected), and a page whose kernel is gone before it
connected loads itself again.

Each test starts the launcher itself (as a teacher would) and counts the
server's kernels as its child processes (standalone Voilà lists none over
HTTP). Every request must go to the local server: anything else fails the test.
How many pages one server holds at once, beside CPU-burning processes, and for
how long, are benchmarks run by hand (benchmarks/arrival.py and soak.py,
docs/performance.md): these tests are the smoke test of each behaviour they guard.
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError

from hearts_widget.text.classroom import render_retry_text
from hearts_widget.text.lessons import lesson_text

from .conftest import ROOT
from .launcher import RENDER_MS, Launcher, local_only, open_playable
from .person import WAIT_MS, choose_and_pass

CLEANUP_S = 60

def open_at_once(pages: list[Page], url: str, name: str) -> None:
    """Open ``url`` in every page before any has rendered; each must end playable (a screenshot
    ``name-N.png`` of the first that does not)."""
    for page in pages:
        page.goto(url, wait_until="commit", timeout=RENDER_MS)
    for number, page in enumerate(pages):
        try:
            page.locator(".hw-hand .hw-card").first.wait_for(timeout=RENDER_MS)
            expect(page.get_by_role("button", name="Pass these three cards")).to_be_visible(timeout=WAIT_MS)
        except (AssertionError, PlaywrightError):
            page.screenshot(path=ROOT / "artifacts" / "screenshots" / f"{name}-{number}.png")
            raise AssertionError(f"page {number + 1} of {len(pages)} opened at once did not end playable: "
                                 f"{page.locator('body').inner_text()[:300]!r}") from None


def wait_for_kernels(server: Launcher, count: int, timeout: float) -> float:
    """Seconds until the server runs ``count`` kernels; fails after ``timeout``."""
    start = time.monotonic()
    while len(server.kernels()) != count:
        assert time.monotonic() - start < timeout, \
            f"{len(server.kernels())} kernels still run after {timeout:.0f} s (wanted {count})"
        time.sleep(0.5)
    return time.monotonic() - start


@pytest.mark.skipif(os.name != "posix", reason="Unix sockets: the kernels use TCP elsewhere")
@pytest.mark.parametrize("launcher", [("--warm", "3")], indirect=True)
def test_kernels_started_together_fight_over_no_port_and_no_history_file(launcher: Launcher) -> None:
    """With TCP, the server found five free ports for each kernel and the kernel bound them seconds
    later; a kernel starting meanwhile binds a random port of its own (its output pipe), and with
    twenty warm kernels one run in a few lost a port that way: that kernel failed its five restarts
    on the same ports and died, and one learner's page had no warm kernel. Over Unix sockets (a
    file per channel beside the connection file) there is no port to fight over. Nor a history file:
    forty kernels writing IPython's one SQLite history locked it, and pages showed the error."""
    wait_for_kernels(launcher, 3, RENDER_MS / 1000)
    for pid in launcher.kernels():
        argv = Path(f"/proc/{pid}/cmdline").read_bytes().decode().split("\0")
        connection = json.loads(Path(argv[argv.index("-f") + 1]).read_text())
        assert connection["transport"] == "ipc", connection
        assert "--HistoryManager.enabled=False" in argv, "forty kernels writing one history file lock it"
        shell = Path(f"{connection['ip']}-{connection['shell_port']}")
        deadline = time.monotonic() + RENDER_MS / 1000
        while not shell.is_socket():  # the kernel's process runs a moment before it listens
            assert time.monotonic() < deadline, f"no socket {shell} for the kernel to listen on"
            time.sleep(0.2)


# The server culls the third page's kernel only once it has been idle for --closed-timeout (30 s by
# default, here 5 s, looked at every 5 s): 40 to 50 s at the default, about 15 s here.
@pytest.mark.parametrize("launcher", [("--closed-timeout", "5")], indirect=True)
def test_three_closed_pages_leave_no_kernel(browser: Browser, launcher: Launcher) -> None:
    context = browser.new_context()
    foreign = local_only(context, launcher.port)
    pages = [context.new_page() for _ in range(3)]
    open_at_once(pages, launcher.url, "closed-pages")
    choose_and_pass(pages[0])  # one of them mid-game
    wait_for_kernels(launcher, 3, CLEANUP_S)  # one a page (waited for: a page loaded again ends its old one)
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
    response = page.goto(launcher.url.split("?")[0])
    # Sent to the login page: the server has answered, so a kernel started for this visitor would run now.
    assert response is not None and urlsplit(response.url).path == "/login", response and response.url
    assert not launcher.kernels(), "no kernel starts for a visitor without the token"
    open_playable(page, launcher.url)
    context.close()
    assert not foreign, f"requests to other hosts: {foreign}"


RELOADED_BY_RETRY = "Object.keys(sessionStorage).some(key => key.startsWith('hearts-widget-reloaded:'))"
CULLED = re.compile(r"Culling '\w+' kernel|Culling kernel \S+:")  # jupyter_server's words, and serve.py's
WARM_UP_S = 300  # the teacher starts the server before the bell: its warm kernels ready by then


def wait_until_warm(server: Launcher, count: int) -> float:
    """Seconds until the server runs ``count`` kernels and none has used CPU for 3 s (each
    started and its notebook run); fails after ``WARM_UP_S``."""
    start = time.monotonic()
    quiet_since, last = 0.0, -1
    while time.monotonic() - start < WARM_UP_S:
        kernels = server.kernels()
        used = sum(sum(map(int, Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[11:13]))
                   for pid in kernels if Path(f"/proc/{pid}/stat").exists())
        if len(kernels) == count and used == last:
            quiet_since = quiet_since or time.monotonic()
            if time.monotonic() - quiet_since >= 3:
                return time.monotonic() - start
        else:
            quiet_since = 0.0
        last = used
        time.sleep(0.5)
    raise AssertionError(f"{len(server.kernels())} kernels, not {count} warm ones, after {WARM_UP_S} s")


THREE = 3


@pytest.mark.parametrize("launcher", [("--warm", "2")], indirect=True)
def test_three_pages_opened_at_once_all_end_playable(browser: Browser, launcher: Launcher) -> None:
    """Three learners (three browsers, so three games) open the table at the same moment on a
    launcher started with ``--warm 2``: two pages take a warm kernel, the third starts its own.
    Every page ends playable (the template loads a page again if Voilà's widget manager lost a
    model under load), with a kernel of its own, and the server culled no kernel meanwhile (it
    used to cull those whose page had not connected within the closed-page timeout).

    The smoke test of benchmarks/arrival.py, which measures classes of 10 to 40 beside two
    CPU-burning processes (docs/performance.md, "Capacity and soak")."""
    warm = wait_until_warm(launcher, 2)
    contexts = [browser.new_context() for _ in range(THREE)]
    foreign = [local_only(context, launcher.port) for context in contexts]
    pages = [context.new_page() for context in contexts]
    start = time.monotonic()
    open_at_once(pages, launcher.url, "three-pages")
    reloaded = sum(page.evaluate(RELOADED_BY_RETRY) for page in pages)
    print(f"{THREE} pages playable {time.monotonic() - start:.1f} s after they were opened ({reloaded} after the "
          f"template's one reload; 2 warm kernels ready {warm:.0f} s after the start), "
          f"load average {os.getloadavg()[0]:.2f}")
    for page in pages:
        choose_and_pass(page)  # playable, not only drawn
    wait_for_kernels(launcher, THREE, CLEANUP_S)  # one a page: the two warm ones taken, one started
    culled = [line for line in launcher.log.read_text().splitlines() if CULLED.search(line)]
    assert not culled, culled
    for context in contexts:
        context.close()
    assert not [url for urls in foreign for url in urls], "requests to other hosts"


KERNEL_ID = "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"
SHUT_DOWN = """async (id) => {
  const body = new FormData();
  body.append('_xsrf', decodeURIComponent(document.cookie.match(/_xsrf=([^;]+)/)[1]));
  return (await fetch(`voila/api/shutdown/${id}`, {method: 'POST', body})).status;
}"""


def test_a_page_whose_kernel_is_gone_before_it_connected_says_so_and_loads_itself_again(
        browser: Browser, launcher: Launcher) -> None:
    """The page's first connection to its kernel is held back (a busy server) while the
    kernel is shut down (culled anyway, or the server restarted): the page says it loads
    itself again, does, and ends playable with a kernel of its own."""
    context = browser.new_context()
    foreign = local_only(context, launcher.port)
    page = context.new_page()
    held: list[object] = []

    def hold_the_first(socket) -> None:
        if held:
            socket.connect_to_server()
        else:
            held.append(socket)  # never reaches the server: the page waits, as on a busy one

    page.route_web_socket(re.compile(r"/api/kernels/[^/]+/channels"), hold_the_first)
    loads: list[str] = []
    page.on("load", lambda: loads.append(page.url))
    page.goto(launcher.url, timeout=RENDER_MS)
    page.wait_for_function("document.getElementById('jupyter-config-data')", timeout=RENDER_MS)
    first_kernel = page.evaluate(KERNEL_ID)
    assert page.evaluate(SHUT_DOWN, first_kernel) == 204
    words = render_retry_text("en")
    expect(page.locator(".hearts-render-notice")).to_contain_text(words["retrying"], timeout=RENDER_MS)
    page.locator(".hw-hand .hw-card").first.wait_for(timeout=RENDER_MS)
    expect(page.get_by_role("button", name="Pass these three cards")).to_be_visible(timeout=WAIT_MS)
    assert len(loads) == 2 and held, f"the page loaded {len(loads)} times (once waiting, once playable)"
    assert page.evaluate(KERNEL_ID) != first_kernel
    choose_and_pass(page)
    context.close()
    assert not foreign, f"requests to other hosts: {foreign}"


@pytest.mark.parametrize("launcher", [("--lesson", "--warm", "1")], indirect=True)
def test_a_warm_lesson_is_handed_to_the_page_that_takes_it_in_that_pages_language(
        browser: Browser, launcher: Launcher) -> None:
    """With ``--lesson --warm``, the warm kernel's lesson waits for the page that takes it and then
    reads that page's ``?lang=``: it asks the launcher's own port (on any other port than Voilà's
    8866 it used to wait for ever, and no page of the class became playable).

    Most of its 15 to 35 s is the warm kernel starting and running the lesson's notebook (about
    12 s of CPU) before a page may take it: a page arriving earlier would start a kernel of its own."""
    warm = wait_until_warm(launcher, 1)
    context = browser.new_context()
    foreign = local_only(context, launcher.port)
    page = context.new_page()
    start = time.monotonic()
    page.goto(launcher.url + ("&" if "?" in launcher.url else "?") + "lang=sw", timeout=RENDER_MS)
    expect(page.locator(".hearts-lesson-next")).to_contain_text(lesson_text("ui.next", "sw"), timeout=WAIT_MS)
    print(f"the warm lesson ready {warm:.0f} s after the start, shown {time.monotonic() - start:.1f} s after the "
          f"page was opened; load average {os.getloadavg()[0]:.2f}")
    assert len(launcher.kernels()) == 1, "the page took the warm kernel, none other was started for it"
    page.close(run_before_unload=True)
    context.close()
    assert foreign == []
