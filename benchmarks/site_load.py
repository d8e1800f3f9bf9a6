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
  load until the first step (the dealt table) is drawn from the snapshot the
  page carries (``body[data-visible]``), *interactive* until Python has run the
  notebook and the live widgets have taken the snapshot's place
  (``body[data-ready]``).

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

from playwright.sync_api import Browser, Route, sync_playwright

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


def sizes(site: Path) -> tuple[float, float]:
    """The site's size in MB, raw and with every file gzip-compressed (level 6)."""
    files = [path for path in site.rglob("*") if path.is_file()]
    raw = sum(path.stat().st_size for path in files)
    packed = sum(len(gzip.compress(path.read_bytes(), compresslevel=6)) for path in files)
    return raw / 1e6, packed / 1e6


def serve_bare_page(route: Route) -> None:
    route.fulfill(status=200, content_type="text/html", body=BARE_HTML)


def cold_load(browser: Browser, url: str) -> dict[str, float]:
    """The page's time stamps (seconds after it began to load) in a fresh context."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.route(f"**/{BARE_PAGE}", serve_bare_page)
    page = context.new_page()
    try:
        page.goto(url, timeout=WAIT_S * 1000)
        # Polled: Playwright's own waiting hung on JupyterLite pages (see /work/shared/LITE.md).
        deadline = time.monotonic() + WAIT_S
        while time.monotonic() < deadline:
            stamps = page.evaluate("({...document.body.dataset})")
            if "ready" in stamps or "error" in stamps:
                break
            time.sleep(0.05)
        else:
            raise RuntimeError(f"{url}: not ready after {WAIT_S} s")
        if "error" in stamps:
            raise RuntimeError(f"{url}: {stamps['error']}")
        return {key: float(value) / 1000 for key, value in stamps.items() if key in ("visible", "kernel", "ready")}
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
    times: dict[str, dict[str, list[float]]] = {name: {"visible": [], "ready": []} for name, _ in PAGES}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**{**CHROMIUM_LAUNCH,
                                                    "args": [*CHROMIUM_LAUNCH["args"], BLACK_HOLE]})
            for _ in range(args.rounds):
                bare.append(cold_load(browser, base + BARE_PAGE)["ready"])
                for name, page in PAGES:
                    stamps = cold_load(browser, base + page)
                    # A site built before the snapshot (hearts-widget 0.1 until this change) shows a
                    # wait screen until it is ready: its first step is visible only then.
                    times[name]["visible"].append(stamps.get("visible", stamps["ready"]))
                    times[name]["ready"].append(stamps["ready"])
            browser.close()
    finally:
        stop_server(proc)
    reference = statistics.median(bare)
    print(f"Cold loads in Chromium, http.server on 127.0.0.1, every other host black-holed "
          f"(load average {load[0]:.2f} at start, {os.getloadavg()[0]:.2f} at end):")
    print(f"  {'bare Pyodide start (reference)':38s} {spread(bare)}")
    for name, page in PAGES:
        for kind, goal in (("visible", "goal <= 3 s"), ("ready", "goal <= 1.5")):
            values = times[name][kind]
            label = f"{name} ({page}), {'first visible' if kind == 'visible' else 'interactive'}"
            print(f"  {label:38s} {spread(values)}  ratio to the bare Pyodide start "
                  f"{statistics.median(values) / reference:.2f} ({goal})")


if __name__ == "__main__":
    main()
