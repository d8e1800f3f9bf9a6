"""The figures the teacher sees are the kernel's: the browser's copy of the progress comes back
only with the seal a kernel of the class put on it, so a copy edited by hand (every step claimed,
another learner's id) or damaged (a list for the language, seconds below 0) is refused: the
learner is told and starts afresh, and the reports to the teacher go on."""

from __future__ import annotations

import copy
import json
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from hearts_widget.classroom.report import ENV_SERVICE, ENV_STORE
from hearts_widget.classroom.store import ClassStore
from hearts_widget.lessons.mastery import answers
from hearts_widget.lessons.path import STEPS
from hearts_widget.lessons.progress import SEAL, ProgressError, check_progress, seal
from hearts_widget.lessons.stepper import Lesson
from hearts_widget.text.teacher import progress_refused
from hearts_widget.text.translate import LANGUAGES

from .conftest import FIRST_BOARD, opened, work


def browser_copy(lesson: Lesson) -> dict[str, Any]:
    """What the browser keeps, as it gives it back: JSON written by JavaScript (2.0 comes back as 2)."""
    assert lesson.store is not None
    return json.loads(json.dumps(lesson.store.progress), parse_float=lambda text: int(float(text))
                      if float(text).is_integer() else float(text))


def row_of(lesson: Lesson, path: Path, learner: str | None = None) -> Any:
    assert lesson.reporter is not None and lesson.reporter.flush(10)
    return ClassStore(path).learner(lesson.lesson.id, learner or lesson.progress["learner"])


def refused(lesson: Lesson) -> bool:
    """The lesson says it did not use the browser's copy, and is on its first step, nothing answered."""
    shown = lesson.notice.layout.display != "none" and unescape(lesson.notice.value).find(
        progress_refused(lesson.lang)) >= 0
    return shown and lesson.index == 0 and answers(lesson.lesson, lesson.progress) == []


def test_a_sealed_copy_comes_back_whole_after_the_browsers_json(store_path: Path) -> None:
    first = opened(Lesson(lang="en"))
    first.your_name.value = "Amina"  # type: ignore[union-attr]
    work(first)
    kept = browser_copy(first)
    assert isinstance(kept[SEAL], str)
    again = opened(Lesson(lang="en"), kept)
    assert again.notice.layout.display == "none" and again.index == STEPS.index(FIRST_BOARD)
    assert again.progress["learner"] == first.progress["learner"]
    assert row_of(again, store_path).report["steps"] == row_of(first, store_path).report["steps"]


def test_the_seal_reads_a_number_as_javascript_writes_it() -> None:
    progress = {"format": 1, "steps": {"aim": {"done": True, "seconds": 42.0}}}
    assert seal(progress, b"k" * 32) == seal(json.loads('{"format": 1, "steps": {"aim": {"done": true, '
                                                        '"seconds": 42}}}'), b"k" * 32)
    assert seal(progress, b"k" * 32) != seal(progress, b"j" * 32)


def test_forged_progress_claiming_every_step_is_refused(store_path: Path) -> None:
    """The browser's copy edited to claim all 23 steps done, each board right at the first card."""
    first = opened(Lesson(lang="en"))
    first.your_name.value = "Mallory"  # type: ignore[union-attr]
    forged = browser_copy(first)
    for step in STEPS:
        forged["steps"][step.key] = {"done": True, "seconds": 30, "parts": {
            **{f"position:{p.key}": {"played": next(c for c, (legal, _) in p.expect.items() if legal),
                                     "wrong": 0, "first": True, "hinted": False} for p in step.positions},
            **{f"check:{c.key}": {"tries": [c.answer]} for c in step.checks}}}
    forged["step"] = STEPS[-1].key
    check_progress(first.lesson, forged)  # well formed: only the seal gives it away
    again = opened(Lesson(lang="en"), forged)
    assert refused(again)
    row = row_of(again, store_path)
    assert not any(record["done"] for record in row.report["steps"].values()) and row.step == STEPS[0].key
    assert not any(rule["right"] for rule in row.report["rules"].values())


def test_a_learner_cannot_write_another_learners_row(store_path: Path) -> None:
    amina = opened(Lesson(lang="en"))
    amina.your_name.value = "Amina"  # type: ignore[union-attr]
    work(amina)
    amina_row = row_of(amina, store_path)
    mallory = opened(Lesson(lang="en"))
    mallory.your_name.value = "Mallory (forged)"  # type: ignore[union-attr]
    copied = browser_copy(mallory)
    copied["learner"] = amina.progress["learner"]  # Amina's id, seen over her shoulder
    again = opened(Lesson(lang="en"), copied)
    assert refused(again) and again.progress["learner"] != amina.progress["learner"]
    again.your_name.value = "Mallory (forged)"  # type: ignore[union-attr]
    assert row_of(again, store_path).name == "Mallory (forged)"
    kept = row_of(amina, store_path, amina.progress["learner"])
    assert (kept.name, kept.report, kept.updated) == (amina_row.name, amina_row.report, amina_row.updated)


JUNK: list[tuple[str, Any, str]] = [
    ("lang", ["en"], "lang: one of"),
    ("seconds", -5, "seconds: a number of seconds from 0"),
    ("seconds", "41", "seconds: a number of seconds"),
    ("done", "yes", "done: true or false"),
    ("step", "nowhere", "step: no step"),
    ("learner", "x", "learner: 8 to 32"),
    ("steps", [], "steps: an object"),
    ("first", "true", "first: true or false"),
    ("played", "AS", "played: a card of the board"),
    ("tries", ["maybe"], "tries: the question's choices"),
    ("parts", {"position:discard": {}}, "no board or question"),
    ("extra", 1, "extra: not a field"),
]


def with_junk(kept: dict[str, Any], field: str, value: Any) -> dict[str, Any]:
    junk = copy.deepcopy(kept)
    record = junk["steps"][FIRST_BOARD.key]
    board = record["parts"][f"position:{FIRST_BOARD.positions[0].key}"]
    first_check = junk["steps"][STEPS[0].key]["parts"][f"check:{STEPS[0].checks[0].key}"]
    target = {"seconds": record, "done": record, "parts": record, "first": board, "played": board,
              "tries": first_check}.get(field, junk)
    target[field] = value
    return junk


@pytest.mark.parametrize(("field", "value", "said"), JUNK, ids=[f"{f}={v!r}" for f, v, _ in JUNK])
def test_junk_in_the_browsers_copy_is_refused_by_name(field: str, value: Any, said: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_STORE, raising=False)
    monkeypatch.delenv(ENV_SERVICE, raising=False)
    lesson = Lesson(lang="en")
    work(lesson)
    with pytest.raises(ProgressError, match=said):
        check_progress(lesson.lesson, with_junk(browser_copy(lesson), field, value))


@pytest.mark.parametrize(("field", "value", "lang"), [("lang", ["en"], "sw"), ("seconds", -5, "en")])
def test_junk_gives_a_notice_and_a_fresh_start_and_reports_go_on(field: str, value: Any, lang: str,
                                                                 store_path: Path) -> None:
    """``"lang": ["en"]`` blanked the lesson; ``"seconds": -5`` silently stopped every report."""
    first = opened(Lesson(lang=lang))
    work(first)
    again = opened(Lesson(lang=lang), with_junk(browser_copy(first), field, value))
    assert refused(again) and again.content.children, "a notice and the first step, never a blank lesson"
    work(again)
    row = row_of(again, store_path)
    assert row is not None and row.step == FIRST_BOARD.key, "the teacher follows the fresh start"
    again.restart()
    assert again.notice.layout.display == "none", "Start over clears the notice"


def test_the_notice_is_said_in_each_language() -> None:
    said = {lang: progress_refused(lang) for lang in LANGUAGES}
    assert len(set(said.values())) == len(LANGUAGES), said


def test_outside_a_class_junk_is_refused_too_and_a_copy_needs_no_seal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_STORE, raising=False)
    monkeypatch.delenv(ENV_SERVICE, raising=False)
    first = Lesson(lang="en")
    work(first)
    kept = browser_copy(first)
    assert SEAL not in kept, "no class, no key: nothing to seal with"
    assert opened(Lesson(lang="en"), kept).index == STEPS.index(FIRST_BOARD)
    assert refused(opened(Lesson(lang="en"), with_junk(kept, "lang", ["en"])))


@pytest.mark.parametrize("junk", [{"choice": []}, {"choice": {"a": 1}}, {"passed": 5}, {"players": "x"}])
def test_junk_in_a_demos_kept_state_leaves_the_step_working(junk: dict[str, Any],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """A demo's own answer (the moon's choice, the cards passed, the players) read back wrong is ignored."""
    monkeypatch.delenv(ENV_STORE, raising=False)
    monkeypatch.delenv(ENV_SERVICE, raising=False)
    first = Lesson(lang="en", pace=0)
    kept = browser_copy(first)
    for step in STEPS:
        if step.demo in ("moon", "pass", "rotation"):
            kept["steps"][step.key] = {"done": False, "seconds": 1, "parts": {"demo": junk}}
    for step in STEPS:
        if step.demo in ("moon", "pass", "rotation"):
            again = opened(Lesson(lang="en", pace=0), {**kept, "step": step.key})
            assert again.lesson.steps[again.index] == step and again.notice.layout.display == "none"
            assert step.demo != "moon" or not again.views[again.index].parts["demo"].done
