"""JupyterHub rehearsal: the real ``jupyterhub`` with the npm
``configurable-http-proxy``, configured by docs/jupyterhub_config.py (shared
class password, one local server per learner, no root, no system accounts).
Two learners log in at the same moment in Chromium, each lands in the Voilà
lesson at ``/user/<name>/voila/render/notebooks/lesson.ipynb``, plays a card on
a board and reads the verdict; one also opens the table (``play.ipynb``) and
passes three cards. Their closed pages leave no kernel; then the hub stops and
takes every process it started with it. No request may leave the machine (a BlackHole on each learner's browser).
A second test signs in two learners and a teacher (the teacher's password): the class
service's page (``/services/hearts-class/``) shows both learners' steps as they move,
puts a board before both, sees their two answers and reveals the verdicts to them,
refuses a learner (the page and its controls), and each learner's own progress is readable with their hub token only.

Prints, per learner, the seconds from "Sign in" to the playable lesson and the
memory of the learner's server with its kernel, with the load average.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from lessons.walk import play_position
from playwright.sync_api import Browser, Page, expect

from hearts_widget.lessons.path import STEPS
from servers import BlackHole, free_ports, wait_for_port

from .conftest import ROOT, jupyter_env
from .person import choose_and_pass

HUB_CONFIG = ROOT / "docs" / "jupyterhub_config.py"
LESSON = "voila/render/notebooks/lesson.ipynb"
TABLE = "voila/render/notebooks/play.ipynb"
PASSWORD = "hearts-class-rehearsal"
TEACHER_PASSWORD = "hearts-teacher-rehearsal"
TEACHER = "ms-ada"
CLASS_PAGE = "services/hearts-class/"
LEARNERS = ("amina", "jose")
CLASS = ("baraka", "maria")  # the second test's learners: new to the hub the first test used
WAIT_MS = 180_000  # a hub, two servers and two kernels starting at once on a shared 2-core machine
CLOSED_S = 60
FIRST_BOARD = next(step for step in STEPS if step.positions)
PLAYABLE_AT = """() => {
  const seen = () => document.querySelector('.hearts-lesson-step-aim');
  const mark = () => { if (!window.__hwPlayableAt && seen()) { window.__hwPlayableAt = Date.now(); } };
  new MutationObserver(mark).observe(document, {childList: true, subtree: true});
}"""

pytestmark = pytest.mark.skipif(
    not (shutil.which("configurable-http-proxy") and shutil.which("jupyterhub")) and not os.environ.get("CI"),
    reason="jupyterhub (pip install -e '.[hub]') or configurable-http-proxy (npm) missing")


@dataclass
class Hub:
    """A running JupyterHub and every process it started (kept to check that none outlives it)."""

    proc: subprocess.Popen
    url: str
    log: Path
    started: dict[int, str] = field(default_factory=dict)  # pid -> /proc/<pid>/stat start time

    def descendants(self) -> dict[int, str]:
        """The hub's processes below it now (proxy, learners' servers, their kernels), with their start times."""
        parents: dict[int, int] = {}
        starts: dict[int, str] = {}
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                stat = read_stat(int(entry))
                if stat:
                    parents[int(entry)], starts[int(entry)] = int(stat[1]), stat[19]
        found: dict[int, str] = {}
        frontier = [self.proc.pid]
        while frontier:
            parent = frontier.pop()
            for pid, ppid in parents.items():
                if ppid == parent and pid not in found:
                    found[pid] = starts[pid]
                    frontier.append(pid)
        return found

    def remember(self) -> None:
        self.started.update(self.descendants())

    def still_running(self) -> list[int]:
        """Those of the hub's processes that are still alive (not exited, not a zombie)."""
        alive = []
        for pid, start in self.started.items():
            stat = read_stat(pid)
            if stat and stat[19] == start and stat[0] != "Z":
                alive.append(pid)
        return alive


def read_stat(pid: int) -> list[str] | None:
    """/proc/<pid>/stat after the command name: state, ppid, ... (None when gone)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def learner_processes(name: str) -> dict[str, list[float]]:
    """Resident memory (MiB) of this learner's processes: ``server`` (their Jupyter server) and ``kernels``."""
    found: dict[str, list[float]] = {"server": [], "kernels": []}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            environ = Path(f"/proc/{entry}/environ").read_bytes().split(b"\0")
            status = Path(f"/proc/{entry}/status").read_text()
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes()
        except OSError:
            continue
        if f"JUPYTERHUB_USER={name}".encode() in environ:
            rss = next(line for line in status.splitlines() if line.startswith("VmRSS:"))
            found["kernels" if b"ipykernel" in cmdline else "server"].append(int(rss.split()[1]) / 1024)
    return found


def resident_mib(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(next(line for line in status.splitlines() if line.startswith("VmRSS:")).split()[1]) / 1024


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    """One hub for this module's tests (each signs in learners of its own); when it stops, no
    process it started may be left."""
    tmp_path = tmp_path_factory.mktemp("hub")
    port, hub_port, api_port, service_port = free_ports(4)
    config = tmp_path / "jupyterhub_config.py"
    # The teacher's file, then only what a test on a shared machine changes: loopback
    # and free ports, the repository's Voilà template and package, this Python.
    config.write_text(f"""
c = get_config()  # noqa: F821
load_subconfig({str(HUB_CONFIG)!r})  # noqa: F821
c.JupyterHub.bind_url = "http://127.0.0.1:{port}"
c.JupyterHub.hub_bind_url = "http://127.0.0.1:{hub_port}"
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{api_port}"
c.Spawner.ip = "127.0.0.1"
c.Spawner.cmd = [{sys.executable!r}, "-m", "jupyterhub.singleuser"]
c.Spawner.env_keep.extend(["JUPYTER_PATH", "JUPYTER_CONFIG_PATH"])  # added to the default list
c.Spawner.args.extend({["--allow-root"] if os.geteuid() == 0 else []!r})
c.JupyterHub.services[0]["command"].append("--no-check")  # the learners' lessons start at the lesson's step 1
""")
    env = jupyter_env(tmp_path / "home")
    env.update(HEARTS_CLASS_PASSWORD=PASSWORD, HEARTS_CLASS_HOMES=str(tmp_path / "class-homes"),
               HEARTS_TEACHER_PASSWORD=TEACHER_PASSWORD, HEARTS_CLASS_SERVICE_PORT=str(service_port))
    log = tmp_path / "jupyterhub.log"
    proc = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(config)], cwd=ROOT, env=env,
                            stdout=log.open("wb"), stderr=subprocess.STDOUT, start_new_session=True)
    server = Hub(proc, f"http://127.0.0.1:{port}", log)
    try:
        try:
            wait_for_port(port, proc, timeout=WAIT_MS / 1000)
        except RuntimeError as error:
            raise RuntimeError(f"{error}; log:\n{log.read_text()[-3000:]}") from None
        wait_for_hub(server)
        server.remember()
        yield server
    finally:
        server.remember()
        stop_hub(server)


def wait_for_hub(hub: Hub) -> None:
    """Until the proxy routes to the hub: the proxy listens before the hub has added its route."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while True:
        try:
            with urllib.request.urlopen(f"{hub.url}/hub/api", timeout=5) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        assert hub.proc.poll() is None and time.monotonic() < deadline, \
            f"the hub did not answer; log:\n{hub.log.read_text()[-3000:]}"
        time.sleep(0.3)


def stop_hub(hub: Hub) -> None:
    """Ctrl+C as a teacher would (SIGINT), and the hub stops the learners' servers and the proxy;
    whatever is left after 60 s is killed here (by the pids recorded) so the machine stays clean."""
    if hub.proc.poll() is None:
        hub.proc.send_signal(signal.SIGINT)
        try:
            hub.proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            hub.proc.kill()
            hub.proc.wait()
    deadline = time.monotonic() + 20
    while hub.still_running() and time.monotonic() < deadline:
        time.sleep(0.2)
    leaked = hub.still_running()
    for pid in leaked:
        os.kill(pid, signal.SIGKILL)
    assert not leaked, f"processes left after the hub stopped: {leaked}; log:\n{hub.log.read_text()[-3000:]}"


def log_in(page: Page, hub: Hub, name: str, password: str = PASSWORD, where: str = "") -> float:
    """Open the hub's address (or the hub's login to ``where``) and sign in; the wall-clock time of the click."""
    page.goto(f"{hub.url}/hub/login?next=/{where}" if where else hub.url, timeout=WAIT_MS)
    page.locator("#username_input").fill(name)
    page.locator("#password_input").fill(password)
    clicked = time.time()
    page.locator("#login_submit").click()
    return clicked


# About 40 s, as the next test: two learners' Jupyter servers and kernels spawned by the hub at
# once, as a class signs in (the hub itself starts once for both tests).
def test_two_learners_log_in_and_each_plays_the_voila_lesson(browser: Browser, hub: Hub) -> None:
    """About 30 s (issue 31): two learners log in at once and the hub spawns a server and a lesson
    kernel for each, as it does for a class."""
    contexts = [browser.new_context() for _ in LEARNERS]
    holes = [BlackHole(context) for context in contexts]  # every other host black-holed, for each learner
    pages = [context.new_page() for context in contexts]
    for page in pages:
        page.set_default_timeout(WAIT_MS)
        page.add_init_script(f"({PLAYABLE_AT})()")
    clicked = [log_in(page, hub, name) for page, name in zip(pages, LEARNERS, strict=True)]  # both at once
    seconds = []
    for page, name, start in zip(pages, LEARNERS, clicked, strict=True):
        page.wait_for_url(f"**/user/{name}/{LESSON}*", timeout=WAIT_MS)
        expect(page.locator(".hearts-lesson-step-aim")).to_be_visible(timeout=WAIT_MS)
        page.wait_for_function("() => window.__hwPlayableAt", timeout=WAIT_MS)
        seconds.append(page.evaluate("() => window.__hwPlayableAt") / 1000 - start)
    hub.remember()
    memory = {name: learner_processes(name) for name in LEARNERS}
    proxy = [pid for pid in hub.descendants()
             if b"configurable-http-proxy" in Path(f"/proc/{pid}/cmdline").read_bytes()]
    hub_mib = resident_mib(hub.proc.pid) + sum(resident_mib(pid) for pid in proxy)
    load = os.getloadavg()
    for page, name in zip(pages, LEARNERS, strict=True):
        for _ in range(STEPS.index(FIRST_BOARD)):
            page.locator(".hearts-lesson-next").click()
        expect(page.locator(f".hearts-lesson-step-{FIRST_BOARD.key}")).to_be_visible()
        play_position(page, FIRST_BOARD)  # a card refused with its reason, a legal one with the verdict
        page.screenshot(path=ROOT / "artifacts" / "screenshots" / f"jupyterhub-{name}.png")
    table = contexts[-1].new_page()  # the table alone, from the same learner's server
    table.goto(f"{hub.url}/user/{LEARNERS[-1]}/{TABLE}", timeout=WAIT_MS)
    table.locator(".hw-hand .hw-card").first.wait_for(timeout=WAIT_MS)
    choose_and_pass(table)
    pages.append(table)
    for name, took in zip(LEARNERS, seconds, strict=True):
        server, kernels = memory[name]["server"], memory[name]["kernels"]
        print(f"JupyterHub: {name} signed in to a playable lesson in {took:.1f} s; resident memory: "
              f"server {sum(server):.0f} MiB + kernel {sum(kernels):.0f} MiB = {sum(server) + sum(kernels):.0f} MiB")
    print(f"JupyterHub: hub and proxy {hub_mib:.0f} MiB; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    assert all(len(m["server"]) == 1 and len(m["kernels"]) == 1 for m in memory.values()), memory
    for page in pages:  # closing the tab shuts its kernel down (Voilà's beacon, accepted by the server)
        page.close(run_before_unload=True)
    deadline = time.monotonic() + CLOSED_S
    while any(learner_processes(name)["kernels"] for name in LEARNERS):
        assert time.monotonic() < deadline, f"kernels still running {CLOSED_S} s after their pages closed"
        time.sleep(0.5)
    for context, hole in zip(contexts, holes, strict=True):
        context.close()
        hole.check()


def hub_token(name: str) -> str:
    """The learner's hub token, as their Jupyter server (and so their lesson's kernel) holds it."""
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            environ = dict(item.split(b"=", 1) for item in Path(f"/proc/{entry}/environ").read_bytes().split(b"\0")
                           if b"=" in item)
        except OSError:
            continue
        if environ.get(b"JUPYTERHUB_USER") == name.encode() and b"JUPYTERHUB_API_TOKEN" in environ:
            return environ[b"JUPYTERHUB_API_TOKEN"].decode()
    raise AssertionError(f"no server of {name} holds a hub token")


def test_the_teacher_sees_two_learners_and_a_learner_is_refused(browser: Browser, hub: Hub) -> None:
    contexts = [browser.new_context() for _ in (*CLASS, TEACHER)]
    holes = [BlackHole(context) for context in contexts]
    learners = [context.new_page() for context in contexts[:2]]
    for page, name in zip(learners, CLASS, strict=True):
        page.set_default_timeout(WAIT_MS)
        log_in(page, hub, name)
    for page, name in zip(learners, CLASS, strict=True):
        page.wait_for_url(f"**/user/{name}/{LESSON}*", timeout=WAIT_MS)
        expect(page.locator(".hearts-lesson-step-aim")).to_be_visible(timeout=WAIT_MS)
        expect(page.locator(".hearts-lesson-name")).to_have_count(0)  # the hub knows their name
    teacher = contexts[2].new_page()
    teacher.set_default_timeout(WAIT_MS)
    log_in(teacher, hub, TEACHER, TEACHER_PASSWORD, CLASS_PAGE)
    teacher.wait_for_url(f"**/{CLASS_PAGE}*", timeout=WAIT_MS)
    assert not any(learner_processes(TEACHER).values()), "signing in to the class page starts no lesson"
    for name in CLASS:
        card = teacher.locator(f".hc-card[data-learner='{name}']")
        expect(card.locator("h3")).to_have_text(name, timeout=WAIT_MS)
        expect(card.locator(".hc-step")).to_contain_text(f"Step 1 of {len(STEPS)}", timeout=WAIT_MS)
    baraka, maria = learners
    for _ in range(STEPS.index(FIRST_BOARD)):
        baraka.locator(".hearts-lesson-next").click()
    play_position(baraka, FIRST_BOARD)
    maria.locator(".hearts-lesson-next").click()
    baraka_card, maria_card = (teacher.locator(f".hc-card[data-learner='{name}']") for name in CLASS)
    expect(baraka_card.locator(".hc-step")).to_contain_text(FIRST_BOARD.title("en"), timeout=WAIT_MS)
    expect(baraka_card.locator(".hc-first-try")).to_have_text("Right at the first try: 0 of 1 answer")
    expect(maria_card.locator(".hc-step")).to_contain_text(f"Step 2 of {len(STEPS)}", timeout=WAIT_MS)
    teacher.screenshot(path=ROOT / "artifacts" / "screenshots" / "jupyterhub-teacher.png", full_page=True)

    # The class's board (issue 34): put by the teacher through the hub's login, answered by each
    # learner's kernel with their hub token, revealed to both.
    teacher.select_option("#hc-live-board", FIRST_BOARD.positions[0].key)
    teacher.get_by_role("button", name="Put before the class").click()
    for page, card in ((baraka, "Q♦"), (maria, "9♠")):
        live = page.locator(".hearts-live")
        live.locator(".hearts-live-card", has_text=card).click(timeout=WAIT_MS)
        live.locator(".hearts-live-send").click()
        expect(live.locator(".hearts-live-outcome")).to_contain_text(f"Your answer: {card}.")
    expect(teacher.locator(".hc-live-count")).to_have_text("2 of 2 learners answered", timeout=WAIT_MS)
    teacher.get_by_role("button", name="Reveal").click()
    for page, verdict in ((baraka, "✓ Allowed."), (maria, "✗ Not allowed.")):
        expect(page.locator(".hearts-live-outcome")).to_contain_text(verdict, timeout=WAIT_MS)
    teacher.get_by_role("button", name="Back to the lessons").click()
    expect(maria.locator(".hearts-live")).to_be_hidden(timeout=WAIT_MS)

    refused = maria.context.new_page()  # a learner, signed in, opens the teacher's page
    response = refused.goto(f"{hub.url}/{CLASS_PAGE}", timeout=WAIT_MS)
    refused.wait_for_url(f"**/{CLASS_PAGE}*", timeout=WAIT_MS)
    expect(refused.locator("#hc-refused")).to_have_text("This page is for the teacher", timeout=WAIT_MS)
    expect(refused.locator(".hc-card")).to_have_count(0)
    assert response is not None
    csv_answer = refused.request.get(f"{hub.url}/{CLASS_PAGE}class.csv")
    assert csv_answer.status == 403 and CLASS[0] not in csv_answer.text()
    for headers in ({}, {"Authorization": f"token {hub_token(CLASS[1])}"}):  # her login, her kernel's token
        live_answer = refused.request.post(f"{hub.url}/{CLASS_PAGE}live", data={"action": "put", "board": "x"},
                                           headers={"Content-Type": "application/json", **headers})
        assert live_answer.status == 403, "a learner puts no board before the class"

    # A learner's own progress, with their own hub token: theirs, and only theirs.
    for name in CLASS:
        answer = refused.request.get(f"{hub.url}/{CLASS_PAGE}api/progress",
                                     headers={"Authorization": f"token {hub_token(name)}"})
        assert answer.status == 200 and answer.json()["kept"]["learner"] == name
    assert refused.request.get(f"{hub.url}/{CLASS_PAGE}api/progress").status == 403, "no token, nothing"
    for context, hole in zip(contexts, holes, strict=True):
        context.close()
        hole.check()
