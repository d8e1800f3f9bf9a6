"""Cold loads of the serverless site (``hearts-widget site``) against a bare Pyodide start.

Serves a built site with ``python -m http.server`` and opens its pages in
Chromium, every other host black-holed (Chromium's ``--host-resolver-rules``),
each in a new browser context (no HTTP cache, no storage), in turn:

- the reference, a bare Pyodide start on the same site and server: a page
  (``bare-pyodide.html``, given by the browser's request routing, so the site
  is left as built) that runs ``loadPyodide()`` from the site's
  ``static/pyodide/`` and then ``runPython("1 + 1")``; its time is page load
  until that returned;
- the lesson (``index.html``) and the table (``play.html``): *visible* is page
  load until the first step's content (the dealt table) exists, seen by the
  benchmark itself: the first button drawn in the page's widgets (the page's
  own ``body[data-visible]`` stamp came before any: the content was drawn 81
  to 563 ms later); *interactive* is page load until a click is answered: as
  soon as the live widgets have taken the snapshot's place (the page's
  ``body[data-ready]``), the benchmark makes the learner's first act (the
  lesson: Next; the table: three cards chosen and passed) and adds the time
  from its click to the page's answer (the step counter changed, the table's
  next state drawn).

Prints the medians (with min and max) and each page's ratios to the bare
start's median, the site's size (raw and gzip-compressed, what a server sending
gzip transfers) and the load average. Build the site first (``hearts-widget site
SITE``), then run from the project root:
    nice python benchmarks/site_load.py SITE [--rounds 5]
"""

from __future__ import annotations

import argparse
import gzip
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, Route, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from servers import CHROMIUM_LAUNCH, free_port, start_server, stop_server  # noqa: E402

WAIT_S = 300
BLACK_HOLE = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
BARE_PAGE = "bare-pyodide.html"
BARE_HTML = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Bare Pyodide</title></head>
<body><script type="module">
const { loadPyodide } = await import("./static/pyodide/pyodide.mjs");
const pyodide = await loadPyodide({ indexURL: new URL("./static/pyodide/", location.href).href });
pyodide.runPython("1 + 1");
document.body.dataset.ready = String(Math.round(performance.now()));
</script></body></html>"""
PAGES = (("lesson", "index.html"), ("table", "play.html"))
# Stamps the first moment a button exists in the page's widgets (the snapshot's or the live ones).
CONTENT_STAMP = """(() => {
  const look = () => {
    if (window.__contentAt === undefined && document.querySelector("#hw-snapshot button, #hw-live button")) {
      window.__contentAt = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(look);
  observer.observe(document, { childList: true, subtree: true });
})()"""
# Arms the watch of what answers the click (text or the table's state id) and stamps the click.
ARM = """([selector, kind]) => {
  const target = document.querySelector(selector);
  const read = () => kind === "state" ? target.dataset.stateId : target.textContent;
  const before = read();
  window.__answer = null;
  document.addEventListener("click", () => { window.__clickedAt = performance.now(); }, { capture: true, once: true });
  const observer = new MutationObserver(() => {
    if (read() !== before && window.__clickedAt !== undefined) {
      observer.disconnect();
      window.__answer = performance.now() - window.__clickedAt;
    }
  });
  observer.observe(target, { subtree: true, childList: true, attributes: true, characterData: true });
}"""


def sizes(site: Path) -> tuple[float, float]:
    """The site's size in MB, raw and with every file gzip-compressed (level 6)."""
    files = [path for path in site.rglob("*") if path.is_file()]
    raw = sum(path.stat().st_size for path in files)
    packed = sum(len(gzip.compress(path.read_bytes(), compresslevel=6)) for path in files)
    return raw / 1e6, packed / 1e6


def serve_bare_page(route: Route) -> None:
    route.fulfill(status=200, content_type="text/html", body=BARE_HTML)


def poll(page: Page, expression: str, what: str) -> Any:
    """The value of ``expression`` in the page once it is not null, polled (Playwright's own waiting
    hung on JupyterLite pages: see /work/shared/LITE.md)."""
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        value = page.evaluate(expression)
        if value is not None:
            return value
        time.sleep(0.05)
    raise RuntimeError(f"{page.url}: {what} not seen after {WAIT_S} s")


def first_act(page: Page, name: str) -> float:
    """Milliseconds from the learner's first act's click to the page's answer (see the module docstring)."""
    if name == "lesson":
        page.evaluate(ARM, ["#hw-live .hearts-lesson-progress", "text"])
        page.locator("#hw-live .hearts-lesson-next").click()
    else:
        for index in range(3):  # chosen in the page, without Python
            page.locator("#hw-live .hw-hand .hw-card").nth(index).click()
        page.evaluate(ARM, ["#hw-live .hw-root", "state"])
        page.locator("#hw-live .hw-root button.hw-primary").click()
    return float(poll(page, "window.__answer", "the answer to the first click"))


def cold_load(browser: Browser, url: str, name: str | None = None) -> dict[str, float]:
    """The page's time stamps (seconds after it began to load) in a fresh context: ``ready``
    (the page's own), and for a page ``name``d in PAGES ``visible`` and ``interactive``."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.route(f"**/{BARE_PAGE}", serve_bare_page)
    page = context.new_page()
    page.add_init_script(CONTENT_STAMP)
    try:
        page.goto(url, timeout=WAIT_S * 1000)
        stamps = poll(page, "'ready' in document.body.dataset || 'error' in document.body.dataset"
                            " ? {...document.body.dataset} : null", "data-ready")
        if "error" in stamps:
            raise RuntimeError(f"{url}: {stamps['error']}")
        found = {"ready": float(stamps["ready"]) / 1000}
        if name is not None:
            found["visible"] = float(poll(page, "window.__contentAt ?? null", "a button")) / 1000
            found["interactive"] = found["ready"] + first_act(page, name) / 1000
        return found
    finally:
        context.close()


def spread(values: list[float]) -> str:
    return f"median {statistics.median(values):5.2f} s (n={len(values)}, min {min(values):.2f}, max {max(values):.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path, help="a folder built by `hearts-widget site`")
    parser.add_argument("--rounds", type=int, default=5, help="cold loads of each page, interleaved")
    args = parser.parse_args()
    if not (args.site / "index.html").is_file():
        parser.error(f"{args.site} holds no index.html: build it with `hearts-widget site {args.site}`")
    raw, packed = sizes(args.site)
    print(f"Site {args.site}: {raw:.1f} MB, {packed:.1f} MB gzip-compressed")
    port = free_port()
    log = Path(os.environ.get("TMPDIR", "/tmp")) / f"site-load-{port}.log"
    proc = start_server([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"], args.site,
                        dict(os.environ), port, log)
    base = f"http://127.0.0.1:{port}/"
    load = os.getloadavg()
    bare: list[float] = []
    times: dict[str, dict[str, list[float]]] = {name: {"visible": [], "interactive": []} for name, _ in PAGES}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**{**CHROMIUM_LAUNCH,
                                                    "args": [*CHROMIUM_LAUNCH["args"], BLACK_HOLE]})
            for _ in range(args.rounds):
                bare.append(cold_load(browser, base + BARE_PAGE)["ready"])
                for name, page in PAGES:
                    stamps = cold_load(browser, base + page, name)
                    times[name]["visible"].append(stamps["visible"])
                    times[name]["interactive"].append(stamps["interactive"])
            browser.close()
    finally:
        stop_server(proc)
    reference = statistics.median(bare)
    print(f"Cold loads in Chromium, http.server on 127.0.0.1, every other host black-holed "
          f"(load average {load[0]:.2f} at start, {os.getloadavg()[0]:.2f} at end):")
    print(f"  {'bare Pyodide start (reference)':38s} {spread(bare)}")
    for name, page in PAGES:
        for kind, goal in (("visible", "goal <= 1.5 s"), ("interactive", "goal <= 1.5")):
            values = times[name][kind]
            label = f"{name} ({page}), {'content drawn' if kind == 'visible' else 'a click answered'}"
            print(f"  {label:38s} {spread(values)}  ratio to the bare Pyodide start "
                  f"{statistics.median(values) / reference:.2f} ({goal})")


if __name__ == "__main__":
    main()
