"""One kernel writing to the class store, for test_store's many kernels at once. A module of
its own: each process, started afresh, imports only what a kernel's report needs, not the
test module with pytest, hypothesis and the lesson widgets (which made each start take a second)."""

from __future__ import annotations

from typing import Any

from hearts_widget.classroom.report import learner_report
from hearts_widget.classroom.store import ClassStore
from hearts_widget.lessons.format import builtin_lesson
from hearts_widget.lessons.progress import new_progress

WRITES = 60


def write_many(path: str, writer: int, start: Any) -> None:
    """One kernel: once every writer is ready (``start``, a barrier), its own learner's report
    again and again (a step further each time), and every other write the class's shared
    learner's, which all writers overwrite."""
    lesson = builtin_lesson()
    store = ClassStore(path)
    progress = new_progress(lesson, "en")
    start.wait()
    for number in range(WRITES):
        progress["step"] = lesson.steps[number % len(lesson.steps)].key
        progress["learner"] = f"writer-{writer:04d}"
        store.record(lesson, learner_report(lesson, progress), now=1000.0 + number)
        if number % 2:
            progress["learner"] = "everybody-shared"
            store.record(lesson, learner_report(lesson, {**progress, "name": f"writer {writer}"}))
