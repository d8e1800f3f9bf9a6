"""A long class: P learners play the table for M minutes on one ``python -m hearts_widget``
server, and its kernels' memory stays flat.

The launcher starts with ``--warm P`` (as docs/serving.md advises); P pages open, each in a
browser context of its own, and each plays by itself as a learner who clicks every
``--think`` seconds: Continue after a trick, three cards to pass, the first playable card,
the moon's first choice, a new game when one ends (clicks in the page, on the same buttons a
person presses). Every minute, and at the end, each page is looked at: the hands it has
played, whether its table has changed in the last ``STUCK_S`` seconds (else it is stuck),
and whether it shows the table's own error notice or the lost-connection banner; the pages'
console errors are counted.

Prints a line a minute, then each kernel's resident memory at the start (after
``--settle`` minutes of play) and at the end, the hands played, the stuck tables, the errors,
and the load average over the soak. Bounded: the run stops after ``--minutes`` (a fraction
too: ``--minutes 0.1`` looks once, after 6 s); the server is stopped at the end. Usage:
``PYTHONPATH=. nice python benchmarks/soak.py --minutes 30 --pages 10``.
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

from arrival import CHROMIUM, CHROMIUM_ARGS, TABLE_PLAYABLE, kernels_of, rss_mib, start_launcher, wait_until_warm
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, sync_playwright

STUCK_S = 120  # a table that has not changed for this long while its learner clicks is stuck
# The learner, in the page: one click every `think` ms, on what a person would press next.
LEARNER = """(think) => {
  const soak = window.hwSoak = {clicks: 0, games: 0, handsBefore: 0};
  const rows = () => document.querySelectorAll('.hw-score tbody tr:not(.hw-totals)').length;
  const shown = (el) => el && !el.disabled && el.offsetParent !== null;
  const press = (selector) => {
    const el = document.querySelector(selector);
    if (!shown(el)) { return false; }
    el.click();
    soak.clicks += 1;
    return true;
  };
  setInterval(() => {
    if (!document.querySelector('.hw-root')) { return; }
    if (shown(document.querySelector('[data-key=new-over]'))) {
      soak.handsBefore += rows();
      soak.games += 1;
      press('[data-key=new-over]');
      return;
    }
    if (press('[data-key^="moon:"]') || press('[data-key=continue]')) { return; }
    const pass = document.querySelector('[data-key=confirm-pass]');
    if (pass && pass.offsetParent !== null) {  // passing: three cards, then the (then enabled) button
      if (document.querySelectorAll('.hw-hand .hw-card.hw-chosen').length < 3) {
        press('.hw-hand .hw-card.hw-legal:not(.hw-chosen)');
      } else {
        press('[data-key=confirm-pass]');
      }
      return;
    }
    press('.hw-hand .hw-card.hw-legal');
  }, think);
}"""
LOOK = """() => ({
  state: document.querySelector('.hw-root')?.dataset.stateId || '',
  hands: (window.hwSoak?.handsBefore || 0)
         + document.querySelectorAll('.hw-score tbody tr:not(.hw-totals)').length,
  games: window.hwSoak?.games || 0,
  clicks: window.hwSoak?.clicks || 0,
  wrong: [...document.querySelectorAll('.hw-notice.hw-error')].some((el) => el.offsetParent !== null),
})"""


class Learner:
    """One page playing, and what was seen of it."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.state = ""
        self.changed_at = time.monotonic()
        self.stuck = False
        self.showed_error = False
        self.errors: list[str] = []
        self.hands = 0
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("console", lambda message: self.errors.append(message.text) if message.type == "error" else None)

    def look(self) -> None:
        try:
            seen = self.page.evaluate(LOOK)
        except PlaywrightError as error:
            self.errors.append(f"could not look at the page: {error}")
            return
        now = time.monotonic()
        if seen["state"] != self.state:
            self.state, self.changed_at = seen["state"], now
        elif now - self.changed_at > STUCK_S:
            self.stuck = True
        self.showed_error = self.showed_error or seen["wrong"]
        self.hands = seen["hands"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=30)
    parser.add_argument("--pages", type=int, default=10)
    parser.add_argument("--think", type=float, default=2.0, help="seconds between a learner's clicks")
    parser.add_argument("--settle", type=float, default=2.0,
                        help="minutes of play before the kernels' memory is first read")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # stopped early: the finally blocks stop what it started
    home = Path(tempfile.mkdtemp(prefix="hearts-soak-"))
    proc, url, log = start_launcher(["--warm", str(args.pages), "--max-kernels", str(args.pages + 2)], home, "soak")
    loads: list[float] = []
    try:
        wait_until_warm(proc, args.pages)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            learners = []
            for _ in range(args.pages):
                page = browser.new_context().new_page()
                learners.append(Learner(page))
                page.goto(url, timeout=300_000)
                page.wait_for_function(TABLE_PLAYABLE, timeout=300_000)
                page.evaluate(LEARNER, args.think * 1000)
            start = time.monotonic()
            memory_at_start: dict[int, float] = {}
            while (elapsed := time.monotonic() - start) < args.minutes * 60:
                time.sleep(min(60 - elapsed % 60, args.minutes * 60 - elapsed))  # each minute, and at the end
                for learner in learners:
                    learner.look()
                loads.append(os.getloadavg()[0])
                kernels = kernels_of(proc.pid)
                if not memory_at_start and time.monotonic() - start >= args.settle * 60:
                    memory_at_start = {pid: rss_mib(pid) for pid in kernels}
                print(f"{(time.monotonic() - start) / 60:4.1f} min: {sum(ln.hands for ln in learners)} hands played, "
                      f"{sum(ln.stuck for ln in learners)} stuck, {sum(len(ln.errors) for ln in learners)} errors; "
                      f"kernels {statistics.median([rss_mib(pid) for pid in kernels] or [0]):.1f} MiB median "
                      f"({len(kernels)}), server {rss_mib(proc.pid):.0f} MiB; load average {loads[-1]:.2f}",
                      flush=True)
            growth = {pid: rss_mib(pid) - before for pid, before in memory_at_start.items()}
            hands = [learner.hands for learner in learners]
            print(f"{args.pages} pages for {args.minutes:g} min, a click every {args.think:.1f} s: "
                  f"{sum(hands)} hands played ({min(hands)} to {max(hands)} a page); "
                  f"{sum(ln.stuck for ln in learners)} tables stuck, "
                  f"{sum(ln.showed_error for ln in learners)} showing an error, "
                  f"{sum(len(ln.errors) for ln in learners)} page errors")
            if growth:
                print(f"kernel memory from minute {args.settle:g} to the end: {len(growth)} kernels, median "
                      f"{statistics.median(memory_at_start.values()):.1f} -> "
                      f"{statistics.median(rss_mib(pid) for pid in growth):.1f} MiB; growth median "
                      f"{statistics.median(growth.values()):+.1f} MiB, largest {max(growth.values()):+.1f} MiB")
            print(f"load average over the soak: {min(loads):.1f} to {max(loads):.1f} "
                  f"(median {statistics.median(loads):.1f}); {len(kernels_of(proc.pid))} kernels at the end")
            for text in sorted({error for ln in learners for error in ln.errors})[:5]:
                print(f"  a page logged: {text[:160]!r}")
            server_errors = [line for line in log.read_text().splitlines() if "Traceback" in line or "ERROR" in line]
            print(f"server log: {len(server_errors)} error lines while the class played")
            browser.close()
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=60)
    return 0


if __name__ == "__main__":
    sys.exit(main())
