"""The lesson's hook: a lesson served to a class reports each change to the class store,
in numbers and yes/no only (never a card), and the teacher's CSV equals the learner's own
results file; outside a class nothing is reported."""

from __future__ import annotations

import csv
import io
import json
import re
import sqlite3
from pathlib import Path

import pytest

from hearts_widget.classroom.page import class_csv
from hearts_widget.classroom.report import ENV_SERVICE, ENV_STORE, StoreReporter, class_reporter, learner_report
from hearts_widget.classroom.store import ClassStore, clean_name
from hearts_widget.lessons.format import builtin_lesson
from hearts_widget.lessons.path import STEPS
from hearts_widget.lessons.progress import RESULT_COLUMNS, new_progress, spreadsheet_cell, write_csv
from hearts_widget.lessons.stepper import Lesson

from .conftest import FIRST_BOARD, opened, work

CARD = re.compile(r"(?<![\w-])(10|[2-9JQKA])[CDSH](?![\w-])")


def kept(lesson: Lesson, path: Path) -> dict:
    assert lesson.reporter is not None and lesson.reporter.flush(10), "the report was not written within 10 s"
    row = ClassStore(path).learner(lesson.lesson.id, lesson.progress["learner"])
    assert row is not None
    return {"name": row.name, "step": row.step, "report": row.report}


def test_a_lesson_in_a_class_reports_each_change_with_the_name_typed(store_path: Path) -> None:
    lesson = opened(Lesson(lang="en"))
    assert isinstance(lesson.reporter, StoreReporter) and lesson.your_name is not None
    assert kept(lesson, store_path)["step"] == STEPS[0].key, "the first step is there before any answer"
    lesson.your_name.value = "  Amina \t Mwangi "
    assert kept(lesson, store_path)["name"] == "Amina Mwangi"
    work(lesson)
    row = kept(lesson, store_path)
    assert row["step"] == FIRST_BOARD.key
    first = STEPS[0].checks[0]
    assert row["report"]["first_try"][f"check:{first.key}"] is False
    assert row["report"]["first_try"][f"position:{FIRST_BOARD.positions[0].key}"] is False
    assert row["report"]["steps"][STEPS[0].key]["attempts"] == 2


def test_no_card_is_stored_though_the_browser_keeps_the_card_played(store_path: Path) -> None:
    lesson = opened(Lesson(lang="en"))
    work(lesson)
    assert lesson.reporter is not None and lesson.reporter.flush(10)
    played = lesson.progress["steps"][FIRST_BOARD.key]["parts"][f"position:{FIRST_BOARD.positions[0].key}"]["played"]
    assert CARD.fullmatch(played), "the browser's copy has the card (the test would catch one in the store)"
    with sqlite3.connect(store_path) as db:
        everything = json.dumps(db.execute("SELECT * FROM progress").fetchall())
    assert played in json.dumps(lesson.progress) and not CARD.search(everything), everything[:300]


def test_the_teachers_csv_is_the_learners_own_results_file(store_path: Path) -> None:
    lesson = opened(Lesson(lang="sw"))
    lesson.your_name.value = "Jose"  # type: ignore[union-attr]
    work(lesson)
    mine = list(csv.DictReader(io.StringIO(lesson_csv(lesson))))
    assert lesson.reporter is not None and lesson.reporter.flush(10)
    learners = ClassStore(store_path).learners(lesson.lesson.id)
    rows = list(csv.DictReader(io.StringIO(class_csv(builtin_lesson(), learners))))
    assert {row["name"] for row in rows} == {"Jose"} and len(rows) == len(STEPS)
    assert [{k: row[k] for k in RESULT_COLUMNS} for row in rows] == mine


def lesson_csv(lesson: Lesson) -> str:
    """The CSV the learner's "Download (CSV)" link gets (made when clicked)."""
    files: list[dict[str, str]] = []
    lesson.downloads.send = files.append  # type: ignore[method-assign]  # what goes to the page
    lesson.downloads._on_message(lesson.downloads, {"type": "results", "format": "csv"}, [])
    return files[0]["text"]


def test_start_over_keeps_the_learner_and_the_name(store_path: Path) -> None:
    lesson = opened(Lesson(lang="en"))
    lesson.your_name.value = "Amina"  # type: ignore[union-attr]
    work(lesson)
    learner = lesson.progress["learner"]
    lesson.restart()
    assert (lesson.progress["learner"], lesson.progress["name"]) == (learner, "Amina")
    row = kept(lesson, store_path)
    assert row["step"] == STEPS[0].key and not row["report"]["first_try"], "the teacher sees the fresh start"
    assert len(ClassStore(store_path).learners(lesson.lesson.id)) == 1


def test_a_reload_brings_back_the_learner_and_the_name(store_path: Path) -> None:
    first = Lesson(lang="en")
    first.your_name.value = "Amina"  # type: ignore[union-attr]
    saved = json.loads(json.dumps(first.store.progress))  # type: ignore[union-attr]  # what the browser keeps
    again = Lesson(lang="en")
    assert again.store is not None
    again.store._on_message(again.store, {"type": "saved", "progress": saved}, [])
    assert again.progress["learner"] == saved["learner"] and again.your_name.value == "Amina"  # type: ignore[union-attr]


def test_one_learner_is_one_row_whatever_the_reloads(store_path: Path) -> None:
    """The lesson reports nothing until the browser has said what it kept: its copy has the learner's
    id, so a reload does not add a row under a fresh one ("ghost" learners)."""
    first = Lesson(lang="en")
    assert first.reporter is not None and first.reporter.flush(1)
    assert not ClassStore(store_path).learners(first.lesson.id), "nothing before the browser answers"
    opened(first)  # a first visit: nothing kept in this browser
    first.your_name.value = "Amina"  # type: ignore[union-attr]
    work(first)
    kept_by_browser = json.loads(json.dumps(first.store.progress))  # type: ignore[union-attr]
    assert first.reporter.flush(10)
    for _reload in range(3):
        again = Lesson(lang="en")
        assert again.progress["learner"] != kept_by_browser["learner"], "a new kernel starts with a fresh id"
        opened(again, kept_by_browser)
        assert again.reporter is not None and again.reporter.flush(10)
        kept_by_browser = json.loads(json.dumps(again.store.progress))  # type: ignore[union-attr]
    rows = ClassStore(store_path).learners(first.lesson.id)
    assert [(row.learner, row.name, row.step) for row in rows] == [
        (first.progress["learner"], "Amina", FIRST_BOARD.key)]


@pytest.mark.parametrize("environ", [{}, {ENV_SERVICE: "http://127.0.0.1:1/services/hearts-class/"}])
def test_outside_a_class_nothing_is_reported_and_no_name_is_asked(environ: dict[str, str],
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_STORE, raising=False)
    monkeypatch.delenv(ENV_SERVICE, raising=False)
    monkeypatch.delenv("JUPYTERHUB_API_TOKEN", raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    lesson = Lesson(lang="en")
    assert lesson.reporter is None and lesson.your_name is None
    assert class_reporter(builtin_lesson(), environ) is None, "a service without the learner's hub token: nothing"


def test_on_the_hub_the_lesson_asks_no_name() -> None:
    reporter = class_reporter(builtin_lesson(), {ENV_SERVICE: "http://127.0.0.1:1/s/", "JUPYTERHUB_API_TOKEN": "t"})
    assert reporter is not None and not reporter.asks_name


def test_a_store_that_cannot_be_written_leaves_the_lesson_working(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch,
                                                                  capfd: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "not-a-folder"
    folder.write_text("a file where the store's folder should be")
    monkeypatch.setenv(ENV_STORE, str(folder / "class.sqlite"))
    lesson = opened(Lesson(lang="en"))
    work(lesson)
    assert lesson.index == STEPS.index(FIRST_BOARD), "the lesson went on"
    assert lesson.reporter is not None and not lesson.reporter.flush(0.5), "the report waits to be tried again"
    assert "the teacher's view did not get this learner's progress" in capfd.readouterr().err


FORMULAS = ["=HYPERLINK(\"http://example.org\",\"x\")", "@SUM(1+1)*cmd|' /C calc'!A0", "+1+1", "-2", "\t=1",
            "\r=1"]


@pytest.mark.parametrize("text", FORMULAS)
def test_a_csv_cell_a_spreadsheet_would_run_starts_with_a_quote(text: str) -> None:
    """OWASP's rule: text starting with =, +, -, @, a tab or a carriage return is a formula to a spreadsheet."""
    rows = list(csv.DictReader(io.StringIO(write_csv(("name", "count"), [{"name": text, "count": -2}]))))
    assert rows == [{"name": "'" + text, "count": "-2"}], "numbers the lesson counts stay numbers"
    assert spreadsheet_cell("Amina = top") == "Amina = top"


def test_learners_named_as_formulas_reach_the_teachers_csv_as_text(tmp_path: Path) -> None:
    store = ClassStore(tmp_path / "class.sqlite")
    names = [text for text in FORMULAS if clean_name(text) == text]  # (a name keeps no tab or carriage return)
    assert len(names) == 4
    for number, name in enumerate(names):
        progress = {**new_progress(builtin_lesson(), "en"), "name": name, "learner": f"learner-{number:04d}"}
        store.record(builtin_lesson(), learner_report(builtin_lesson(), progress))
    rows = list(csv.DictReader(io.StringIO(class_csv(builtin_lesson(), store.learners(builtin_lesson().id)))))
    assert {row["name"] for row in rows} == {"'" + name for name in names}
    assert not [cell for row in rows for cell in row.values() if cell[:1] in ("=", "+", "-", "@", "\t", "\r")]
