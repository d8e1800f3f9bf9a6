"""The results count the time of the step the learner is on (it used to say 0.0 s
until they left it), in the files to download and in the browser's copy."""

from __future__ import annotations

import csv
import io

import pytest

from hearts_widget.lessons import stepper
from hearts_widget.lessons.path import STEPS
from hearts_widget.lessons.stepper import Lesson


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(stepper.time, "monotonic", fake)
    return fake


def downloaded_csv(lesson: Lesson) -> list[dict[str, str]]:
    """The CSV the learner gets from the "Download (CSV)" link on the page: made when clicked."""
    files: list[dict[str, str]] = []
    lesson.downloads.send = files.append  # type: ignore[method-assign]  # what goes to the page
    lesson.downloads._on_message(lesson.downloads, {"type": "results", "format": "csv"}, [])
    assert [file["format"] for file in files] == ["csv"]
    return list(csv.DictReader(io.StringIO(files[0]["text"])))


def test_the_step_in_progress_counts_its_time_up_to_the_learners_last_answer(clock: Clock) -> None:
    lesson = Lesson(lang="en")
    clock.now += 30
    lesson.views[0].parts[f"check:{STEPS[0].checks[0].key}"].answer("high")
    rows = downloaded_csv(lesson)
    assert rows[0]["key"] == "aim" and rows[0]["seconds"] == "30.0"
    assert lesson.store is not None and lesson.store.progress["steps"]["aim"]["seconds"] == 30.0
    clock.now += 12
    lesson.go(1)
    clock.now += 5
    lesson.set_lang("sw")
    rows = downloaded_csv(lesson)
    assert [rows[0]["seconds"], rows[1]["seconds"]] == ["42.0", "5.0"]
    assert lesson.progress["steps"]["aim"]["seconds"] == 42.0, "the time is counted once, not again on leaving"
    clock.now += 3
    assert [row["seconds"] for row in csv.DictReader(io.StringIO(lesson.results_csv()))][:2] == ["42.0", "8.0"]
