"""A learner working through the built-in lesson in-process (no browser): the kernel side
of the teacher's view, reporting into a class store in a temporary folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from hearts_widget.classroom.report import ENV_SERVICE, ENV_STORE
from hearts_widget.lessons.path import STEPS
from hearts_widget.lessons.stepper import Lesson

FIRST_BOARD = next(step for step in STEPS if step.positions)


@pytest.fixture
def store_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The class store a lesson made in this test reports to (as the launcher's kernels do)."""
    path = tmp_path / "class.sqlite"
    monkeypatch.setenv(ENV_STORE, str(path))
    monkeypatch.delenv(ENV_SERVICE, raising=False)
    return path


def opened(lesson: Lesson, saved: dict | None = None) -> Lesson:
    """The page's browser answers the lesson with what it kept (``saved``; None: nothing), as
    ``store.js`` does once the lesson is on the page; reports to the teacher start then."""
    assert lesson.store is not None
    lesson.store._on_message(lesson.store, {"type": "saved", "progress": saved}, [])
    return lesson


def play(board, code: str) -> None:  # type: ignore[no-untyped-def]
    """The learner clicks ``code`` on a lesson board."""
    board.table.send_intent({"type": "play", "state": board.table.state["id"], "card": code})


def work(lesson: Lesson) -> None:
    """What a learner does: the first question wrong then right, on to the first board, a
    refused card there then a legal one."""
    first = STEPS[0].checks[0]
    box = lesson.views[0].parts[f"check:{first.key}"]
    box.answer(next(c.id for c in first.choices if c.id not in first.answers))
    box.answer(first.answer)
    lesson.go(STEPS.index(FIRST_BOARD))
    position = FIRST_BOARD.positions[0]
    board = lesson.views[lesson.index].parts[f"position:{position.key}"]
    play(board, next(code for code, (legal, _rule) in position.expect.items() if not legal))
    play(board, next(code for code, (legal, _rule) in position.expect.items() if legal))
