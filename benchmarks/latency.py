"""Click-to-update latency of the Hearts table in Chromium under Voilà.

In the page, a capture-phase click listener on ``document`` stamps the click
and a MutationObserver stamps the moment the expected change appears, so the
figure is the widget's own round trip (browser -> kernel -> browser ->
render), free of Playwright's overhead. The reference is a bare ipywidgets
Button whose ``on_click`` updates an HTML widget, on the same page.

Run from the project root:  python benchmarks/latency.py [--rounds 25]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

import nbformat
from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # tests/servers.py, imported by the browser conftest
from tests.browser.conftest import CHROMIUM, free_port, jupyter_env, start_server, stop_server  # noqa: E402

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
  window.__done = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const now = kind === "state" ? target.dataset.stateId : target.textContent;
      if (now !== before) { observer.disconnect(); resolve(performance.now() - window.__clickedAt); }
    });
    observer.observe(target, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}"""


def measure(page: Page, click: str, watch: str, kind: str) -> float:
    page.evaluate(ARM, [watch, kind])
    page.locator(click).first.click()
    return page.evaluate("window.__done")


def your_turn(page: Page) -> bool:
    """A card can be played now (not passing, no dialog open)."""
    return bool(page.locator(".hw-hand .hw-card.hw-legal").count()
                and not page.locator("[data-testid=pass-prompt]").count()
                and not page.locator(".hw-root .hw-dialog").count())


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
    times: dict[str, list[float]] = {"button": [], "table: show/hide last trick": [], "table: play a card": []}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=[
                "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"])
            page = browser.new_page(viewport={"width": 1000, "height": 1300})
            page.goto(f"http://127.0.0.1:{port}/")
            page.locator(".hw-hand .hw-card").first.wait_for(timeout=90_000)
            page.locator(".bench-button").wait_for()
            page.evaluate("document.addEventListener('click', () => { window.__clickedAt = performance.now(); }, true)")
            for index in (0, 1, 2):
                page.locator(".hw-hand .hw-card").nth(index).click()
            measure(page, "button.hw-primary", ".hw-root", "state")  # pass (warm-up, not counted)
            for _ in range(rounds):
                times["button"].append(measure(page, ".bench-button", ".bench-answer", "text"))
                times["table: show/hide last trick"].append(
                    measure(page, "[data-key=last-trick]", ".hw-root", "state"))
                if your_turn(page):
                    times["table: play a card"].append(measure(page, ".hw-hand .hw-card.hw-legal", ".hw-root", "state"))
            browser.close()
    finally:
        stop_server(proc)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=25)
    args = parser.parse_args()
    times = run(args.rounds)
    reference = statistics.median(times["button"])
    print(f"Click-to-update latency in Chromium under Voilà ({args.rounds} rounds), milliseconds:")
    for name, values in times.items():
        if not values:
            continue
        median = statistics.median(values)
        print(f"  {name:30s} median {median:6.1f}  (n={len(values)}, min {min(values):.1f}, max {max(values):.1f})"
              f"  ratio to button {median / reference:.2f}")
    print(json.dumps({k: round(statistics.median(v), 2) for k, v in times.items() if v}))


if __name__ == "__main__":
    main()
