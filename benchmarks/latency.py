"""Click-to-update latency of the Hearts table in Chromium under Voilà.

In the page, a capture-phase click listener on ``document`` stamps the click
and a MutationObserver stamps the moment the expected change appears, so the
figure is the widget's own round trip (browser -> kernel -> browser ->
render), free of Playwright's overhead. The reference is a bare ipywidgets
Button whose ``on_click`` updates an HTML widget, on the same page.

The table runs at its default settings (bots one card at a time, a completed
trick kept until Continue): "play a card" is the click on a card until the
table shows it played, "continue" the click on Continue until the next trick
starts. Bytes per update are the websocket frames the page received between a
click and its update. The goals (issue 10): at most 1.2x the button in Voilà,
at most 4 KB per update.

Run from the project root:  nice python benchmarks/latency.py [--rounds 25]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

import nbformat
from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # tests/servers.py, imported by the browser conftest
from tests.browser.conftest import (  # noqa: E402
    CHROMIUM,
    free_port,
    jupyter_env,
    start_server,
    stop_server,
)

CELL = """\
import ipywidgets as widgets
from hearts_widget import HeartsTable

table = HeartsTable(seed=1)
button = widgets.Button(description="ping")
answer = widgets.HTML("0", layout={"border": "1px solid"})
answer.add_class("bench-answer")
button.add_class("bench-button")
button.on_click(lambda _: setattr(answer, "value", str(int(answer.value) + 1)))
display(widgets.HBox([button, answer]), table)
"""

ARM = """([selector, kind]) => {
  const target = document.querySelector(selector);
  const before = kind === "state" ? target.dataset.stateId : target.textContent;
  window.__bytes = 0;
  window.__done = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const now = kind === "state" ? target.dataset.stateId : target.textContent;
      if (now !== before) {
        observer.disconnect();
        resolve([performance.now() - window.__clickedAt, window.__bytes]);
      }
    });
    observer.observe(target, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}"""


# Counts the bytes of every websocket frame the page receives (the kernel's messages).
COUNT_BYTES = """() => {
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        const data = event.data;
        window.__bytes = (window.__bytes || 0) + (typeof data === "string" ? new Blob([data]).size
          : data.byteLength !== undefined ? data.byteLength : data.size);
      });
    }
  };
}"""


def measure(page: Page, click: str, watch: str, kind: str) -> tuple[float, int]:
    page.evaluate(ARM, [watch, kind])
    page.locator(click).first.click()
    elapsed, received = page.evaluate("window.__done")
    return float(elapsed), int(received)


def next_turn(page: Page) -> str:
    """Wait until a card can be played ("play") or a completed trick waits ("continue")."""
    page.wait_for_function(
        "() => document.querySelector('.hw-hand .hw-card.hw-legal, [data-key=continue], .hw-root .hw-dialog')",
        timeout=30_000)
    if page.locator("[data-key=continue]").count():
        return "continue"
    return "dialog" if page.locator(".hw-root .hw-dialog").count() else "play"


def run(rounds: int) -> dict[str, list[float]]:
    folder = Path(tempfile.mkdtemp(prefix="hearts-bench-"))
    notebook = folder / "bench.ipynb"
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(CELL)]
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
    nbformat.write(nb, notebook)
    port = free_port()
    proc = start_server([sys.executable, "-m", "voila", notebook.name, "--no-browser", f"--port={port}",
                         "--Voila.ip=127.0.0.1"], folder, jupyter_env(folder / "home"), port, folder / "voila.log")
    times: dict[str, list[float]] = {"button": [], "table: show/hide last trick": [], "table: play a card": [],
                                     "table: continue": []}
    sizes: dict[str, list[int]] = {name: [] for name in times}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=[
                "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"])
            page = browser.new_page(viewport={"width": 1000, "height": 1300})
            page.add_init_script(f"({COUNT_BYTES})()")
            page.goto(f"http://127.0.0.1:{port}/")
            page.locator(".hw-hand .hw-card").first.wait_for(timeout=90_000)
            page.locator(".bench-button").wait_for()
            page.evaluate("document.addEventListener('click', () => { window.__clickedAt = performance.now(); }, true)")
            for index in (0, 1, 2):
                page.locator(".hw-hand .hw-card").nth(index).click()
            measure(page, "button.hw-primary", ".hw-root", "state")  # pass (warm-up, not counted)

            def record(name: str, click: str, watch: str, kind: str) -> None:
                elapsed, received = measure(page, click, watch, kind)
                times[name].append(elapsed)
                sizes[name].append(received)

            for _ in range(rounds):
                record("button", ".bench-button", ".bench-answer", "text")
                record("table: show/hide last trick", "[data-key=last-trick]", ".hw-root", "state")
                step = next_turn(page)
                if step == "play":
                    record("table: play a card", ".hw-hand .hw-card.hw-legal", ".hw-root", "state")
                elif step == "continue":
                    record("table: continue", "[data-key=continue]", ".hw-root", "state")
                else:
                    page.locator(".hw-root .hw-dialog button").first.click()
            browser.close()
    finally:
        stop_server(proc)
    return times, sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=25)
    args = parser.parse_args()
    load_before = os.getloadavg()
    times, sizes = run(args.rounds)
    load_after = os.getloadavg()
    reference = statistics.median(times["button"])
    print(f"Click-to-update latency in Chromium under Voilà ({args.rounds} rounds), milliseconds:")
    for name, values in times.items():
        if not values:
            continue
        median = statistics.median(values)
        print(f"  {name:30s} median {median:6.1f}  (n={len(values)}, min {min(values):.1f}, max {max(values):.1f})"
              f"  ratio to button {median / reference:.2f}  bytes/update median {statistics.median(sizes[name]):.0f}")
    print(f"load average (1, 5, 15 min) before {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f}, "
          f"after {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f}")
    print(json.dumps({k: {"median_ms": round(statistics.median(v), 2),
                          "ratio": round(statistics.median(v) / reference, 2),
                          "bytes": statistics.median(sizes[k])} for k, v in times.items() if v}))


if __name__ == "__main__":
    main()
