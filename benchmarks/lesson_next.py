"""The Voilà lesson's Next and Back: click → step shown in Chromium, as a ratio
to a bare ipywidgets button on the same page (the reference), the bytes each
sends, and the live widget count over walks forward and back.

In the page, a capture-phase click listener stamps the click and a
MutationObserver stamps the moment the step counter changes (for the
lesson) or the answer's text (for the bare button), so the figure is the
round trip browser -> kernel -> browser -> render ("kernel": until the
largest frame came, "page": the rest); the bytes are the websocket frames
the page received from the click to that change (as in latency.py). The
lesson builds the steps beside the one shown while the learner reads it
(--read-ms before each Next) and closes those left two steps behind. Each
round first waits for a settled page (no frame from the kernel for
--quiet-ms), then clicks the button, then Next: the reference is not
clicked while the lesson is still building a step (which made it 20.5 ms at
the median, max 246, against 14 ms clean: a flattering ratio).

Run from the project root:  nice python benchmarks/lesson_next.py [--walks 2] [--steps N]
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
sys.path.insert(0, str(ROOT / "tests"))
from benchmarks.latency import COUNT_BYTES, STAMP_CLICKS, measure  # noqa: E402  (latency.py's page-side stamps)
from servers import CHROMIUM_LAUNCH, free_port, jupyter_env, start_server, stop_server  # noqa: E402

CELL = """\
import ipywidgets as widgets
from hearts_widget.lessons.stepper import Lesson

button = widgets.Button(description="ping")
answer = widgets.HTML("0")
answer.add_class("bench-answer")
button.add_class("bench-button")
button.on_click(lambda _: setattr(answer, "value", str(int(answer.value) + 1)))
display(widgets.HBox([button, answer]), Lesson(lang="en", remember=False))
"""


def settle(page: Page, quiet_ms: int) -> None:
    """Wait until the page has had no frame from the kernel for ``quiet_ms`` (the lesson is done
    building and closing steps beside the one shown)."""
    page.wait_for_function(f"() => performance.now() - (window.__lastFrameAt || 0) > {quiet_ms}",
                           timeout=120_000, polling=50)


Figures = dict[str, list[tuple[float, int, float]]]  # per click: milliseconds, bytes, "kernel" milliseconds


def browser_times(walks: int, read_ms: int, steps: int | None, quiet_ms: int) -> Figures:
    folder = Path(tempfile.mkdtemp(prefix="hearts-lesson-bench-"))
    notebook = folder / "bench.ipynb"
    book = nbformat.v4.new_notebook()
    book.cells = [nbformat.v4.new_code_cell(CELL)]
    book.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
    nbformat.write(book, notebook)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    port = free_port()
    proc = start_server([sys.executable, "-m", "voila", notebook.name, "--no-browser", f"--port={port}",
                         "--Voila.ip=127.0.0.1"], folder, jupyter_env(folder / "home", env), port,
                        folder / "voila.log", timeout=120)
    times: Figures = {"bare button": [], "Next, first walk": [], "Next, revisit": [], "Back, revisit": []}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**CHROMIUM_LAUNCH)
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.add_init_script(f"({COUNT_BYTES})()")
            page.goto(f"http://127.0.0.1:{port}/", timeout=120_000)
            page.locator(".hearts-lesson-step-aim").wait_for(timeout=120_000)
            page.evaluate(STAMP_CLICKS)
            in_the_lesson = int(page.locator(".hearts-lesson-progress").inner_text().split()[-1])
            steps = in_the_lesson if steps is None else min(steps, in_the_lesson)
            for walk in range(walks):
                for _ in range(steps - 1):
                    settle(page, quiet_ms)
                    times["bare button"].append(measure(page, ".bench-button", ".bench-answer", "text"))
                    page.wait_for_timeout(read_ms)  # the learner reads the step (the next one is built meanwhile)
                    name = "Next, first walk" if walk == 0 else "Next, revisit"
                    times[name].append(measure(page, ".hearts-lesson-next", ".hearts-lesson-progress", "text"))
                for _ in range(steps - 1):
                    settle(page, quiet_ms)
                    times["bare button"].append(measure(page, ".bench-button", ".bench-answer", "text"))
                    times["Back, revisit"].append(measure(page, ".hearts-lesson-back", ".hearts-lesson-progress",
                                                          "text"))
            browser.close()
    finally:
        stop_server(proc)
    return times


def widget_counts(walks: int) -> dict[str, int]:
    """Live widgets in a kernel (this process, with no event loop: no step built ahead) after each walk
    forward and back, a language switch and Start over."""
    from ipywidgets.widgets.widget import _instances

    from hearts_widget.lessons.stepper import Lesson

    counts = {"before the lesson": len(_instances)}
    lesson = Lesson(lang="en", remember=False)
    counts["lesson shown"] = len(_instances)
    for walk in range(1, walks + 1):
        for _ in range(len(lesson.lesson.steps) - 1):
            lesson.next.click()
        for _ in range(len(lesson.lesson.steps) - 1):
            lesson.back.click()
        counts[f"after walk {walk}"] = len(_instances)
    lesson.language.value = "sw"
    counts["after a language switch"] = len(_instances)
    lesson.restart()
    counts["after Start over"] = len(_instances)
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--walks", type=int, default=2, help="walks forward and back (the first builds)")
    parser.add_argument("--read-ms", type=int, default=500, help="time on a step before Next")
    parser.add_argument("--steps", type=int, help="walk only the first STEPS steps (default: all)")
    parser.add_argument("--quiet-ms", type=int, default=300,
                        help="a settled page: no frame from the kernel for this long (default 300)")
    args = parser.parse_args()
    load = os.getloadavg()
    times = browser_times(args.walks, args.read_ms, args.steps, args.quiet_ms)
    reference = statistics.median(t for t, _, _ in times["bare button"])
    print(f"Click -> shown in Chromium under Voilà, milliseconds, and bytes received from the click to the change; "
          f"reference: a bare ipywidgets Button updating an HTML on the same page, clicked on a settled page "
          f"(load average {' '.join(f'{x:.2f}' for x in load)} at start, "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())} at end; goal: Next at most 1.2x, 4 KB):")
    for name, values in times.items():
        if values:
            median = statistics.median(t for t, _, _ in values)
            print(f"  {name:20s} median {median:6.1f}  (n={len(values)}, min {min(t for t, _, _ in values):.1f}, "
                  f"max {max(t for t, _, _ in values):.1f})  kernel {statistics.median(k for _, _, k in values):5.1f}"
                  f"  page {statistics.median(t - k for t, _, k in values):5.1f}  ratio to the bare button "
                  f"{median / reference:.2f}  bytes median {statistics.median(b for _, b, _ in values):.0f} "
                  f"(max {max(b for _, b, _ in values)})")
    counts = widget_counts(args.walks)
    print("Live widgets in the kernel:")
    for name, count in counts.items():
        print(f"  {name:26s} {count}")
    print(json.dumps({"ms": {k: round(statistics.median(t for t, _, _ in v), 1) for k, v in times.items() if v},
                      "bytes": {k: statistics.median(b for _, b, _ in v) for k, v in times.items() if v},
                      "widgets": counts}))


if __name__ == "__main__":
    main()
