"""Time to interactive and size of the serverless site (``hearts-widget site``).

Serves a built site with ``python -m http.server`` and opens its pages in
Chromium, every other host black-holed (Chromium's ``--host-resolver-rules``):

- cold load: a new browser context each time (no HTTP cache, no service worker,
  no storage), page load until the page says it is ready (the presenter stamps
  ``performance.now()`` into ``body[data-ready]`` once the notebook's output
  shows a widget): Pyodide starting, the kernel's packages and hearts-widget
  installed, the notebook run;
- warm load: the same page reloaded in that context (the browser's cache);
- the lesson (``index.html``) and the table (``play.html``).

The reference is the bare kernel in the same loads: page load until Pyodide's
kernel has run its first code (``body[data-kernel]``), which any JupyterLite
site pays; the rest is hearts-widget installed from the site and the notebook
run. It also prints the site's size,
raw and gzip-compressed (what a server sending gzip transfers), and the load
average. Build the site first (``hearts-widget site SITE``), then run from the
project root:  nice python benchmarks/site_load.py SITE [--rounds 5]
"""

from __future__ import annotations

import argparse
import gzip
import os
import statistics
import sys
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from servers import CHROMIUM_LAUNCH, free_port, start_server, stop_server  # noqa: E402

WAIT_MS = 300_000
BLACK_HOLE = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"


def sizes(site: Path) -> tuple[float, float]:
    """The site's size in MB, raw and with every file gzip-compressed (level 6)."""
    files = [path for path in site.rglob("*") if path.is_file()]
    raw = sum(path.stat().st_size for path in files)
    packed = sum(len(gzip.compress(path.read_bytes(), compresslevel=6)) for path in files)
    return raw / 1e6, packed / 1e6


def stamps(page: Page) -> tuple[float, float]:
    """(kernel s, ready s) of the page shown: when Python first ran, when the widget showed."""
    body = page.locator("body")
    body.and_(page.locator("[data-ready]")).wait_for(state="attached", timeout=WAIT_MS)
    if body.get_attribute("data-error"):
        raise RuntimeError(f"{page.url}: {body.get_attribute('data-error')}")
    return float(body.get_attribute("data-kernel") or "nan") / 1000, float(body.get_attribute("data-ready") or 0) / 1000


def load_times(browser: Browser, url: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """(kernel s, ready s) of a cold load in a fresh context, then of a reload there."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        page.goto(url, timeout=WAIT_MS)
        cold = stamps(page)
        page.reload(timeout=WAIT_MS)
        return cold, stamps(page)
    finally:
        context.close()


def line(name: str, values: list[float]) -> str:
    return (f"  {name:34s} median {statistics.median(values):6.1f} s  "
            f"(n={len(values)}, min {min(values):.1f}, max {max(values):.1f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path, help="a folder built by `hearts-widget site`")
    parser.add_argument("--rounds", type=int, default=5, help="cold loads of each page")
    args = parser.parse_args()
    if not (args.site / "index.html").is_file():
        parser.error(f"{args.site} holds no index.html: build it with `hearts-widget site {args.site}`")
    raw, packed = sizes(args.site)
    print(f"Site {args.site}: {raw:.1f} MB, {packed:.1f} MB gzip-compressed")
    port = free_port()
    log = Path(os.environ.get("TMPDIR", "/tmp")) / f"site-load-{port}.log"
    proc = start_server([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"], args.site,
                        dict(os.environ), port, log)
    load = os.getloadavg()
    results: dict[str, list[float]] = {}
    try:
        with sync_playwright() as playwright:
            launch = {**CHROMIUM_LAUNCH, "args": [*CHROMIUM_LAUNCH["args"], BLACK_HOLE]}
            browser = playwright.chromium.launch(**launch)
            for page, name in (("", "lesson"), ("play.html", "table")):
                for _ in range(args.rounds):
                    loads = load_times(browser, f"http://127.0.0.1:{port}/{page}")
                    for kind, (kernel, ready) in zip(("cold load", "reload"), loads, strict=True):
                        results.setdefault(f"{name}, {kind}", []).append(ready)
                        results.setdefault(f"{name}, {kind}: bare kernel", []).append(kernel)
            browser.close()
    finally:
        stop_server(proc)
    print(f"Page load -> the notebook's widget on screen, Chromium, http.server on 127.0.0.1 "
          f"(load average {load[0]:.2f} at start, {os.getloadavg()[0]:.2f} at end):")
    for name, values in results.items():
        if name.endswith("bare kernel"):
            continue
        reference = statistics.median(results[f"{name}: bare kernel"])
        print(f"{line(name, values)}  ratio to the bare kernel ({reference:.1f} s) "
              f"{statistics.median(values) / reference:.2f}")


if __name__ == "__main__":
    main()
