"""How quick the class store is for a class at once: N processes (the lesson kernels of N
learners) each write their learner's report W times into one store, all starting together,
and the teacher's page is made from the N rows.

    PYTHONPATH=. nice python benchmarks/class_store.py [--learners 40] [--writes 50]

The reference, timed in the same run, is one process writing alone (no other writer):
the ratio of the medians is what the others' writes cost each one. Prints the median and
95th percentile of a write (report checked against the lesson, then the SQLite upsert), the
time to make the teacher's class part (read and render) and the load average.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from hearts_widget.classroom.page import class_now
from hearts_widget.classroom.report import learner_report
from hearts_widget.classroom.store import ClassStore
from hearts_widget.lessons.format import builtin_lesson
from hearts_widget.lessons.progress import new_progress


def writer(path: str, number: int, writes: int, start: Any, times: Any) -> None:
    """One kernel: its learner's report, one step further each write; the seconds each write took."""
    lesson = builtin_lesson()
    store = ClassStore(path)
    progress = {**new_progress(lesson, "en"), "learner": f"learner-{number:04d}", "name": f"Learner {number}"}
    start.wait()
    took = []
    for write in range(writes):
        progress["step"] = lesson.steps[write % len(lesson.steps)].key
        report = learner_report(lesson, progress)
        began = time.perf_counter()
        store.record(lesson, report)
        took.append(time.perf_counter() - began)
    times.extend(took)


def run(learners: int, writes: int) -> list[float]:
    """Seconds per write of ``learners`` processes writing at once into a fresh store."""
    context = multiprocessing.get_context("spawn")
    with tempfile.TemporaryDirectory() as folder, context.Manager() as manager:
        path = str(Path(folder) / "class.sqlite")
        ClassStore(path)
        start, times = context.Barrier(learners), manager.list()
        processes = [context.Process(target=writer, args=(path, n, writes, start, times)) for n in range(learners)]
        for process in processes:
            process.start()
        for process in processes:
            process.join()
        assert all(process.exitcode == 0 for process in processes)
        lesson = builtin_lesson()
        rows = ClassStore(path).learners(lesson.id)
        assert len(rows) == learners, f"{len(rows)} rows for {learners} learners"
        began = time.perf_counter()
        class_now(lesson, rows, "en")
        print(f"the teacher's class part with {learners} learners: {1000 * (time.perf_counter() - began):.1f} ms")
        return list(times)


def percentile(values: list[float], fraction: float) -> float:
    """The ``fraction`` quantile of ``values``, interpolated between the two nearest (as
    ``statistics.median`` is at 0.5), so that the 95th percentile is never below the median."""
    ordered = sorted(values)
    position = fraction * (len(ordered) - 1)
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=40)
    parser.add_argument("--writes", type=int, default=50)
    args = parser.parse_args()
    alone = run(1, args.writes)
    together = run(args.learners, args.writes)
    print("Reference: 1 writer alone, in the same run")
    for name, times in (("1 writer alone", alone), (f"{args.learners} writers at once", together)):
        print(f"{name}: {len(times)} writes, median {1000 * statistics.median(times):.1f} ms, "
              f"95th percentile {1000 * percentile(times, 0.95):.1f} ms, slowest {1000 * max(times):.0f} ms")
    print(f"ratio of the medians (together / reference): "
          f"{statistics.median(together) / statistics.median(alone):.1f}")
    print("load average: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
