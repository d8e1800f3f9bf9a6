"""The class store: a report is checked against the lesson field by field (bad input refused
with words naming the field), many kernels write at once without a lost or broken row
(SQLite in WAL mode with a busy timeout), old rows go, and the whole store can be deleted."""

from __future__ import annotations

import copy
import json
import multiprocessing
import sqlite3
import stat
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts_widget.classroom.report import learner_report
from hearts_widget.classroom.store import (
    ClassStore,
    ClassStoreError,
    ReportError,
    check_report,
    delete_store,
    lesson_rules,
    store_files,
)
from hearts_widget.lessons.format import builtin_lesson
from hearts_widget.lessons.stepper import Lesson

from .conftest import work
from .kernel_writer import WRITES, write_many

LESSON = builtin_lesson()


def report_of(name: str = "Amina", learner: str | None = None) -> dict[str, Any]:
    """A report as a kernel makes it, of a learner who did the first steps."""
    lesson = Lesson(lang="en", remember=False)
    work(lesson)
    progress = {**lesson.progress, "name": name}
    if learner:
        progress["learner"] = learner
    return learner_report(LESSON, progress)


@pytest.fixture(scope="module")
def good() -> dict[str, Any]:
    return report_of()


def changed(report: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """``report`` with the field at ``path`` (names joined by ``|``) set to ``value`` (``"-"``
    deletes it); unchanged when a field on the way is gone or no longer an object."""
    report = copy.deepcopy(report)
    *parents, last = path.split("|")
    target = report
    for name in parents:
        target = target.get(name) if isinstance(target, dict) else None
    if not isinstance(target, dict):
        return report
    if value == "-":
        target.pop(last, None)
    else:
        target[last] = value
    return report


def test_a_report_checked_is_the_report(good: dict[str, Any]) -> None:
    assert check_report(LESSON, good) == json.loads(json.dumps(good))


@pytest.mark.parametrize(("path", "value", "words"), [
    ("format", 2, "report field 'format': 1, not 2"),
    ("format", True, "report field 'format'"),
    ("lesson", "other-lesson", "this class records the lesson 'hearts-basics', not \"other-lesson\""),
    ("learner", "a b", "report field 'learner': 8 to 64 letters"),
    ("learner", "-", "report field 'learner' is missing"),
    ("name", 7, "report field 'name': a name is text, not int"),
    ("name", "x" * 61, "report field 'name': at most 60 characters, not 61"),
    ("name", "Amina\x00", "control characters are not allowed in a name"),
    ("step", "nowhere", "report field 'step': no step \"nowhere\" in this lesson"),
    ("lang", "fr", "report field 'lang': one of en, tl, ceb, sw, not \"fr\""),
    ("hand", ["QS"], "report field 'report': no field \"hand\" in a report"),
    ("steps", [], "report field 'steps': an object, not list"),
    ("steps|nowhere", {}, "report field 'steps': no step \"nowhere\" in this lesson"),
    ("steps|aim|done", "yes", "report field 'steps.aim.done': true or false, not \"yes\""),
    ("steps|aim|seconds", float("nan"), "report field 'steps.aim.seconds'"),
    ("steps|aim|seconds", -1, "report field 'steps.aim.seconds'"),
    ("steps|aim|answered", 5, "report field 'steps.aim.answered': 5 is outside 0 to 2"),
    ("steps|aim|answered", True, "report field 'steps.aim.answered': a whole number, not true"),
    ("steps|aim|played", "QS", "report field 'steps.aim': no field \"played\" in a step's report"),
    ("steps|aim|attempts", "-", "report field 'steps.aim.attempts' is missing"),
    ("rules|play.follow-suit|right", -1, "report field 'rules.play.follow-suit.right': -1 is outside 0"),
    ("rules|play.moon", {"right": 1}, "report field 'rules': no rule \"play.moon\" in this lesson"),
    ("first_try|position:nowhere", True, "report field 'first_try': no board or question \"position:nowhere\""),
    ("first_try|check:aim-winner", "QS", "report field 'first_try.check:aim-winner': true or false, not \"QS\""),
])
def test_bad_input_is_refused_naming_the_field(good: dict[str, Any], path: str, value: Any, words: str) -> None:
    with pytest.raises(ReportError) as refused:
        check_report(LESSON, changed(good, path, value))
    assert words in str(refused.value)


def test_a_report_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(ReportError, match="report field 'report': an object, not list"):
        check_report(LESSON, [])


def test_a_refused_report_leaves_the_store_as_it_was(tmp_path: Path, good: dict[str, Any]) -> None:
    store = ClassStore(tmp_path / "class.sqlite")
    store.record(LESSON, good)
    with pytest.raises(ReportError):
        store.record(LESSON, changed(good, "step", "nowhere"))
    assert [row.step for row in store.learners(LESSON.id)] == [good["step"]]


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=12), inner, max_size=4),
                    max_leaves=20)


@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_fuzz_any_change_to_a_report_is_kept_as_checked_or_refused_with_words(good: dict[str, Any],
                                                                               data: st.DataObject) -> None:
    fields = ["format", "lesson", "learner", "name", "step", "lang", "steps", "rules", "first_try", "extra",
              "steps|aim", "steps|aim|done", "steps|aim|seconds", "steps|aim|answered", "rules|play.follow-suit",
              "rules|play.follow-suit|wrong", "first_try|check:aim-winner"]
    report = good
    for _ in range(data.draw(st.integers(1, 3))):
        report = changed(report, data.draw(st.sampled_from(fields)), data.draw(JSON))
    try:
        kept = check_report(LESSON, report)
    except ReportError as error:
        assert str(error).startswith("report field '")
        return
    assert set(kept["steps"]) <= {step.key for step in LESSON.steps}
    assert set(kept["rules"]) <= set(lesson_rules(LESSON))
    assert all(isinstance(v, bool) for v in kept["first_try"].values())
    json.dumps(kept, allow_nan=False)


@settings(max_examples=200)
@given(JSON)
def test_fuzz_any_json_at_all_is_refused_with_words(value: Any) -> None:
    with pytest.raises(ReportError, match=r"^report field '"):
        check_report(LESSON, value)


def test_the_lessons_rules_are_each_named_once() -> None:
    rules = lesson_rules(LESSON)
    assert len(rules) == len(set(rules)) > 10


# -- the file ------------------------------------------------------------------------------

WRITERS = 8


def test_many_kernels_writing_at_once_lose_no_row_and_break_none(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite"
    ClassStore(path)
    # Processes started afresh, as kernels are (a forked child would share the parent's SQLite state).
    context = multiprocessing.get_context("spawn")
    start = context.Barrier(WRITERS)
    writers = [context.Process(target=write_many, args=(str(path), n, start)) for n in range(WRITERS)]
    for process in writers:
        process.start()
    for process in writers:
        process.join(120)
    assert [process.exitcode for process in writers] == [0] * WRITERS
    rows = {row.learner: row for row in ClassStore(path).learners(LESSON.id)}
    last_step = LESSON.steps[(WRITES - 1) % len(LESSON.steps)].key
    assert sorted(rows) == sorted([f"writer-{n:04d}" for n in range(WRITERS)] + ["everybody-shared"])
    assert [rows[f"writer-{n:04d}"].step for n in range(WRITERS)] == [last_step] * WRITERS, "each one's last write kept"
    assert rows["everybody-shared"].name.startswith("writer "), "one whole report, not a mix of two"
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    for row in rows.values():
        check_report(LESSON, row.report)


def test_old_rows_go_and_recent_ones_stay(tmp_path: Path) -> None:
    store = ClassStore(tmp_path / "class.sqlite")
    store.record(LESSON, report_of("Old", "old-learner"), now=0.0)
    store.record(LESSON, report_of("New", "new-learner"), now=30 * 86400.0)
    assert store.forget_older_than(30, now=40 * 86400.0) == 1
    assert [row.name for row in store.learners(LESSON.id)] == ["New"]


def test_the_whole_store_is_deleted_with_its_wal_files(tmp_path: Path, good: dict[str, Any]) -> None:
    path = tmp_path / "class.sqlite"
    ClassStore(path).record(LESSON, good)
    gone = delete_store(path)
    assert path in gone and not any(tmp_path.iterdir())
    assert delete_store(path) == []


def test_a_file_that_is_not_a_class_store_is_refused_clearly(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("my lesson notes " * 100)
    with pytest.raises(ClassStoreError, match=r"notes.txt: cannot be used as the class store"):
        ClassStore(path)
    newer = tmp_path / "newer.sqlite"
    with sqlite3.connect(newer) as db:
        db.execute("PRAGMA user_version=99")
    with pytest.raises(ClassStoreError, match="a class store of a newer hearts-widget"):
        ClassStore(newer)


def test_the_store_and_its_wal_files_are_private_to_the_servers_user(tmp_path: Path, good: dict[str, Any]) -> None:
    folder = tmp_path / "class-homes" / "hearts"
    path = folder / "class.sqlite"
    store = ClassStore(path)
    store.record(LESSON, good)  # the WAL and shared-memory files exist while the store is open
    files = [file for file in store_files(path) if file.exists()]
    assert {file.name for file in files} >= {"class.sqlite", "class.sqlite-wal", "class.sqlite-shm"}
    assert {file.name: oct(stat.S_IMODE(file.stat().st_mode)) for file in files} == {
        file.name: "0o600" for file in files}
    assert oct(stat.S_IMODE(folder.stat().st_mode)) == "0o700", "a folder the store made is private too"


def test_a_store_left_readable_by_others_is_made_private(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite"
    ClassStore(path)
    path.chmod(0o644)
    ClassStore(path)
    assert oct(stat.S_IMODE(path.stat().st_mode)) == "0o600"
