"""A learner's progress through a lesson, and the results a teacher collects.

The progress is a plain JSON-friendly dict, the one the browser keeps::

    {"format": 1, "lesson": "hearts-basics", "step": "follow-suit", "lang": "sw", "games": "q3V9x0aZ",
     "learner": "Hk2s9dPq0xYw", "name": "Amina",
     "steps": {"follow-suit": {"done": true, "seconds": 41.5,
                               "parts": {"position:follow-suit": {"played": "QD", "wrong": 1, "first": false},
                                         "check:follow-spades": {"tries": ["any", "spade"]}}}}}

It holds the learner's own answers and moves only: a position is rebuilt
from the lesson file and the learner's card replayed, so no hand (and no
other seat's hidden card) is ever stored. ``games`` is a random name of this
run of the lesson: the guided hand and the free game are kept by the kernel
under it (``HeartsTable(keep_as=...)``, one kept game per browser), so a
reload brings them back; Start over makes a new name, so new games.
``learner`` is a random id of this browser's learner and ``name`` the name they
typed for their teacher (both kept by Start over): a class served with a
teacher's view (:mod:`hearts_widget.classroom`) shows the learner under them.
"""

from __future__ import annotations

import csv
import io
import json
import re
import secrets
import unicodedata
from typing import Any

from .checks import answered, attempts, first_try_right, valid_tries
from .format import Lesson
from .mastery import rule_progress

PROGRESS_FORMAT = 1
GAMES_NAME = re.compile(r"[A-Za-z0-9_-]{8,32}")  # also a learner's id
MAX_NAME = 60  # characters of a learner's name
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")  # what a spreadsheet may read as a formula (OWASP)
RESULT_COLUMNS = ("step", "key", "title", "done", "questions", "answered", "attempts", "first_try_right",
                  "positions", "positions_first_try", "seconds", "rules_mastered")


def new_progress(lesson: Lesson, lang: str, earlier: dict[str, Any] | None = None) -> dict[str, Any]:
    """A first visit: the first step, nothing answered, a new name for this run's games; the
    learner's id and name are those of the ``earlier`` progress when it has them (a reload, Start over)."""
    earlier = earlier or {}
    learner = earlier.get("learner")
    name = earlier.get("name")
    return {"format": PROGRESS_FORMAT, "lesson": lesson.id, "step": lesson.steps[0].key, "lang": lang,
            "games": secrets.token_urlsafe(9), "steps": {},
            "learner": learner if valid_games(learner) else secrets.token_urlsafe(9),
            "name": typed_name(name) if isinstance(name, str) else ""}


def typed_name(text: str) -> str:
    """A learner's name as the lesson keeps it: without control characters, spaces collapsed,
    at most :data:`MAX_NAME` characters."""
    shown = "".join(c for c in text if not unicodedata.category(c).startswith("C") or c.isspace())
    return " ".join(shown.split())[:MAX_NAME]


def valid_games(name: Any) -> bool:
    """Whether ``name`` (read back from the browser) is a run's games name (or a learner's id)
    as :func:`new_progress` makes it."""
    return isinstance(name, str) and GAMES_NAME.fullmatch(name) is not None


def usable(progress: Any, lesson: Lesson) -> bool:
    """Whether a progress read back from the browser belongs to ``lesson`` in this format."""
    return (isinstance(progress, dict) and progress.get("format") == PROGRESS_FORMAT
            and progress.get("lesson") == lesson.id and isinstance(progress.get("steps"), dict)
            and isinstance(progress.get("step"), str))


def step_record(progress: dict[str, Any], key: str) -> dict[str, Any]:
    """The record of step ``key``, made empty on first use."""
    record = progress["steps"].setdefault(key, {})
    if not isinstance(record, dict):
        record = progress["steps"][key] = {}
    record.setdefault("done", False)
    record.setdefault("seconds", 0.0)
    record.setdefault("parts", {})
    return record


def results(lesson: Lesson, progress: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per step: done, the questions answered, attempts, right at the first try,
    the positions played right with the first card unaided, the seconds spent, and which
    of the step's rules the learner has mastered (ids, space-separated; see :mod:`.mastery`)."""
    mastery = rule_progress(lesson, progress)
    rows = []
    for number, step in enumerate(lesson.steps, start=1):
        record = progress.get("steps", {}).get(step.key, {})
        parts = record.get("parts", {}) if isinstance(record, dict) else {}
        tries = {c.key: valid_tries(c, parts.get(f"check:{c.key}", {}).get("tries")) for c in step.checks}
        played = [parts.get(f"position:{p.key}", {}) for p in step.positions]
        rows.append({
            "step": number, "key": step.key, "title": step.title("en"), "done": bool(record.get("done")),
            "questions": len(step.checks),
            "answered": sum(answered(c, tries[c.key]) for c in step.checks),
            "attempts": sum(attempts(c, tries[c.key]) for c in step.checks),
            "first_try_right": sum(first_try_right(c, tries[c.key]) for c in step.checks),
            "positions": len(step.positions),
            "positions_first_try": sum(bool(p.get("first")) for p in played),
            "seconds": round(float(record.get("seconds", 0.0)), 1),
            "rules_mastered": " ".join(r for r in step.rules if mastery.get(r, {}).get("mastered")),
        })
    return rows


def spreadsheet_cell(value: Any) -> Any:
    """``value`` as a CSV cell a spreadsheet shows and never runs: text starting with ``=``, ``+``,
    ``-``, ``@``, a tab or a carriage return gets a leading ``'`` (OWASP's rule against CSV
    injection); numbers and other text are unchanged."""
    return "'" + value if isinstance(value, str) and value.startswith(FORMULA_STARTS) else value


def write_csv(columns: tuple[str, ...], rows: Any) -> str:
    """``rows`` (dicts keyed by ``columns``) as CSV text, every cell made safe (:func:`spreadsheet_cell`).
    Lines end in CRLF (RFC 4180), so that a cell holding a carriage return is quoted too."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns, lineterminator="\r\n")
    writer.writeheader()
    writer.writerows({key: spreadsheet_cell(value) for key, value in row.items()} for row in rows)
    return out.getvalue()


def results_csv(lesson: Lesson, progress: dict[str, Any]) -> str:
    """The learner's results file: one row per step (:func:`results`)."""
    return write_csv(RESULT_COLUMNS, results(lesson, progress))


def results_json(lesson: Lesson, progress: dict[str, Any]) -> str:
    """The per-step rows, per question the answers tried in order, and per rule asked
    about the answers right unaided, wrong, and whether it is mastered."""
    answers = {}
    for step in lesson.steps:
        parts = progress.get("steps", {}).get(step.key, {}).get("parts", {})
        for check in step.checks:
            tries = valid_tries(check, parts.get(f"check:{check.key}", {}).get("tries"))
            answers[check.key] = {"step": step.key, "tries": tries, "attempts": attempts(check, tries),
                                  "first_try_right": first_try_right(check, tries)}
    return json.dumps({"lesson": lesson.id, "steps": results(lesson, progress), "questions": answers,
                       "rules": rule_progress(lesson, progress)}, ensure_ascii=False, indent=1)
