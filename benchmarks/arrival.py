"""A class arriving at once: N learners open the table (or the lesson) within 10 s
(``--spread``) on one ``python -m hearts_widget`` server, with two CPU-burning
processes beside it (``--burners``: a busy machine), each learner in a browser
context of their own.

Each N is measured twice in the same run: "cold" (every page starts its kernel
and runs the notebook, as without ``--warm``) and "warm" (``--warm N``, as
docs/serving.md advises: the server started before the bell, its N kernels
ready when the learners arrive). Prints, per run: how many pages ended playable
(the table: cards in hand and the pass button; the lesson: its first step and
Next), the time from the first page opened until the last was playable (and the
median page), the pages' errors, the pages that the template loaded again (Voilà's
widget manager lost a model under load), the pages refused as full and the kernels
culled while they arrived (from the server's log, read before the pages close:
a closed page's kernel is culled later, as it should be), the CPU seconds per
page spent meanwhile by the server, its kernels and the browser (which in a
real class runs on the learners' own devices), the kernels' resident memory
and the load average; then
the ratio warm/cold of the last page's time. Bounded: each run has ``--timeout``
seconds; the burners stop by themselves and are killed at the end. Usage:
``PYTHONPATH=. nice python benchmarks/arrival.py --learners 10 20 40``
(docs/performance.md lists the runs made and their commands).
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError

CHROMIUM = os.environ.get("CHROMIUM_PATH") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"]
# Playable as a person sees it. The table: cards in hand and the pass button shown.
TABLE_PLAYABLE = ("Boolean(document.querySelector('.hw-hand .hw-card')) && [...document.querySelectorAll('button')]"
                  ".some((button) => button.textContent.includes('Pass these three cards') && button.offsetParent)")
# The lesson: its first step shown, and its Next button there to press.
LESSON_PLAYABLE = ("Boolean(document.querySelector('.hearts-lesson-step')?.offsetParent) && "
                   "[...document.querySelectorAll('.hearts-lesson-next button, button.hearts-lesson-next')]"
                   ".some((button) => !button.disabled && button.offsetParent)")
# The project's Voilà template loaded the page again (a widget model not found under load).
RELOADED = "Object.keys(sessionStorage).some((key) => key.startsWith('hearts-widget-reloaded:'))"
CULLED = re.compile(r"Culling '\w+' kernel|Culling kernel \S+:")  # jupyter_server's words, and serve.py's
FULL = re.compile(r"Server full: \d+ kernels running, a page was refused")  # serve.py's words
WARM_WAIT_S = 600  # at most this long for the warm kernels to be ready before the class arrives
TICK = os.sysconf("SC_CLK_TCK")


def stat_fields(pid: int) -> list[str]:
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if int(stat_fields(int(entry))[1]) == pid:
                    found.append(int(entry))
            except (OSError, IndexError):
                continue
    return found


def kernels_of(pid: int) -> list[int]:
    found = []
    for child in children(pid):
        try:
            if b"ipykernel" in Path(f"/proc/{child}/cmdline").read_bytes():
                found.append(child)
        except OSError:
            continue
    return found


def cpu_s(pid: int, with_children: bool) -> float:
    """CPU seconds of a process (and of its children it has reaped)."""
    try:
        fields = stat_fields(pid)
    except OSError:
        return 0.0
    ticks = int(fields[11]) + int(fields[12]) + ((int(fields[13]) + int(fields[14])) if with_children else 0)
    return ticks / TICK


def tree_cpu_s(pid: int, leave_out: Collection[int] = ()) -> float:
    """CPU seconds of a process and everything below it (living, or reaped by one of them)."""
    total, stack = 0.0, [pid]
    while stack:
        current = stack.pop()
        if current in leave_out:
            continue
        total += cpu_s(current, with_children=True)
        stack += children(current)
    return total


def rss_mib(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def start_burners(count: int, seconds: float) -> list[subprocess.Popen]:
    """``count`` processes burning a core each, for at most ``seconds``."""
    burn = f"import time\nend = time.monotonic() + {seconds}\nwhile time.monotonic() < end:\n    pass\n"
    return [subprocess.Popen([sys.executable, "-c", burn], start_new_session=True) for _ in range(count)]


def start_launcher(options: list[str], home: Path, name: str) -> tuple[subprocess.Popen, str, Path]:
    # PYTHONPATH made absolute: run as documented (PYTHONPATH=.), a relative entry left every warm
    # kernel doing nothing (0 of 10 pages playable); with the same path absolute they all were.
    python_path = os.pathsep.join(str(Path(entry).resolve()) for entry in
                                  os.environ.get("PYTHONPATH", "").split(os.pathsep) if entry)
    env = {**os.environ, "PYTHONPATH": python_path, **{key: str(home / key.lower()) for key in
                                                       ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR",
                                                        "JUPYTER_RUNTIME_DIR", "IPYTHONDIR")}}
    log = home / f"launcher-{name}.log"
    proc = subprocess.Popen([sys.executable, "-m", "hearts_widget", *options],
                            stdout=subprocess.PIPE, stderr=log.open("wb"), text=True, env=env,
                            start_new_session=True)
    line = proc.stdout.readline() if proc.stdout else ""
    match = re.search(r"open (\S+)", line)
    if not match:
        raise RuntimeError(f"the launcher printed {line!r}: {log.read_text()[-2000:]}")
    return proc, match.group(1), log


def wait_until_warm(proc: subprocess.Popen, count: int) -> float:
    """Seconds until the server runs ``count`` kernels and none of them has used CPU for 3 s
    (each started and its notebook run, as when the teacher started the server before the bell)."""
    start = time.monotonic()
    quiet_since, last = None, -1.0
    while time.monotonic() - start < WARM_WAIT_S:
        kernels = kernels_of(proc.pid)
        used = sum(cpu_s(pid, with_children=True) for pid in kernels)
        if len(kernels) == count and used == last:
            quiet_since = quiet_since or time.monotonic()
            if time.monotonic() - quiet_since >= 3:
                return time.monotonic() - start
        else:
            quiet_since = None
        last = used
        time.sleep(0.5)
    raise RuntimeError(f"the {count} warm kernels were not ready within {WARM_WAIT_S} s")


@dataclass
class Arrival:
    playable: list[float]  # seconds from the first page opened until each playable page was
    stuck: int
    reloaded: int  # pages the template loaded again
    errors: list[str]
    log: str  # the server's log when the arrival ended, before the pages closed (their kernels are culled then)


def shows(page: Page, check: str) -> bool:
    """Whether ``check`` holds in the page now."""
    try:
        return bool(page.evaluate(check))
    except PlaywrightError:  # the page is loading itself again (the template's retry)
        return False


def arrive(browser: Browser, url: str, learners: int, spread_s: float, timeout_s: float, check: str,
           log: Path) -> Arrival:
    """Open ``learners`` pages within ``spread_s`` seconds and look at each in turn every 0.5 s."""
    contexts = [browser.new_context() for _ in range(learners)]
    pages = [context.new_page() for context in contexts]
    logged: list[str] = []
    for page in pages:
        page.on("pageerror", lambda error: logged.append(str(error)))
        page.on("console", lambda message: logged.append(message.text) if message.type == "error" else None)
    start = time.monotonic()
    for number, page in enumerate(pages):
        time.sleep(max(0.0, start + number * spread_s / learners - time.monotonic()))
        page.goto(url, wait_until="commit", timeout=timeout_s * 1000)
    playable: dict[int, float] = {}  # page number -> seconds from the first opening until it was playable
    while len(playable) < learners and time.monotonic() - start < timeout_s:
        for number, page in enumerate(pages):  # every page looked at in turn, so none waits for another
            if number not in playable and shows(page, check):
                playable[number] = time.monotonic() - start
        time.sleep(0.5)
    text = log.read_text()
    reloaded = sum(shows(page, RELOADED) for page in pages)
    for context in contexts:
        context.close()
    return Arrival(sorted(playable.values()), learners - len(playable), reloaded, logged, text)


def run(browser: Browser, home: Path, learners: int, warm: bool, args: argparse.Namespace,
        burners: list[int]) -> float | None:
    """One class arriving; prints its line and gives the last page's time (None if one never was playable)."""
    options = ["--max-kernels", str(learners + args.spare)] + (["--warm", str(learners)] if warm else [])
    if args.page == "lesson":
        options += ["--lesson", "--class-db", str(home / f"class-{learners}-{warm}.sqlite")]
    proc, url, log = start_launcher(options, home, f"{learners}-{'warm' if warm else 'cold'}")
    try:
        ready = f", ready {wait_until_warm(proc, learners):.0f} s after the start" if warm else ""
        load_before = os.getloadavg()[0]
        me = os.getpid()
        server_before, kernels_before = cpu_s(proc.pid, False), tree_cpu_s(proc.pid) - cpu_s(proc.pid, False)
        browser_before = tree_cpu_s(me, {proc.pid, *burners})
        arrival = arrive(browser, url, learners, args.spread, args.timeout,
                         LESSON_PLAYABLE if args.page == "lesson" else TABLE_PLAYABLE, log)
        server = cpu_s(proc.pid, False) - server_before
        kernels = tree_cpu_s(proc.pid) - cpu_s(proc.pid, False) - kernels_before
        browsers = tree_cpu_s(me, {proc.pid, *burners}) - browser_before
        memory = [rss_mib(pid) for pid in kernels_of(proc.pid)]
        text = arrival.log
        last = max(arrival.playable) if arrival.playable else None
        print(f"{learners} learners, {args.page}, {'warm' if warm else 'cold'}{ready}: "
              f"{len(arrival.playable)}/{learners} playable, the last after "
              f"{f'{last:.1f} s' if last is not None else '-'} (median "
              f"{f'{statistics.median(arrival.playable):.1f} s' if arrival.playable else '-'}), "
              f"{arrival.stuck} not playable within {args.timeout:.0f} s; {len(arrival.errors)} page errors, "
              f"{arrival.reloaded} pages loaded again by the template, "
              f"{len(FULL.findall(text))} refused as full, {len(CULLED.findall(text))} kernels culled; CPU per page "
              f"meanwhile: server {server / learners:.2f} s, kernels {kernels / learners:.2f} s, browser "
              f"{browsers / learners:.2f} s; kernels {sum(memory):.0f} MiB resident "
              f"({statistics.median(memory) if memory else 0:.0f} MiB median), server {rss_mib(proc.pid):.0f} MiB; "
              f"load average {load_before:.2f} before, {os.getloadavg()[0]:.2f} after", flush=True)
        for error in sorted(set(arrival.errors))[:3]:
            print(f"  a page logged: {error[:160]!r}", flush=True)
        return last if not arrival.stuck else None
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=60)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, nargs="+", default=[10, 20, 40])
    parser.add_argument("--page", choices=["table", "lesson"], default="table")
    parser.add_argument("--modes", nargs="+", choices=["warm", "cold"], default=["warm", "cold"])
    parser.add_argument("--spare", type=int, default=2, help="--max-kernels is the class and this many more")
    parser.add_argument("--timeout", type=float, default=300, help="seconds each run may take")
    parser.add_argument("--spread", type=float, default=10, help="the learners open the page within this many "
                        "seconds (0: one after the other at once)")
    parser.add_argument("--burners", type=int, default=2, help="CPU-burning processes beside the server (0: none)")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # stopped early: the finally blocks stop what it started
    home = Path(tempfile.mkdtemp(prefix="hearts-arrival-"))
    runs = len(args.learners) * len(args.modes)
    burners = start_burners(args.burners, runs * (args.timeout + WARM_WAIT_S + 60))
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for learners in args.learners:
                last = {mode: run(browser, home, learners, mode == "warm", args, [b.pid for b in burners])
                        for mode in args.modes}
                if last.get("warm") and last.get("cold"):
                    print(f"{learners} learners: the last page playable after {last['warm']:.1f} s warm, "
                          f"{last['cold']:.1f} s cold: ratio warm/cold {last['warm'] / last['cold']:.2f}",
                          flush=True)
            browser.close()
    finally:
        for burner in burners:
            os.killpg(burner.pid, signal.SIGKILL)
            burner.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
