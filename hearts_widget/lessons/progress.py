"""A learner's progress through a lesson, and the results a teacher collects.

The progress is a plain JSON-friendly dict, the one the browser keeps::

    {"format": 1, "lesson": "hearts-basics", "step": "follow-suit", "lang": "sw", "games": "q3V9x0aZ",
     "steps": {"follow-suit": {"done": true, "seconds": 41.5,
                               "parts": {"position:follow-suit": {"played": "QD", "wrong": 1, "first": false},
                                         "check:follow-spades": {"tries": ["any", "spade"]}}}}}

It holds the learner's own answers and moves only: a position is rebuilt
from the lesson file and the learner's card replayed, so no hand (and no
other seat's hidden card) is ever stored. ``games`` is a random name of this
run of the lesson: the guided hand and the free game are kept by the kernel
under it (``HeartsTable(keep_as=...)``, one kept game per browser), so a
reload brings them back; Start over makes a new name, so new games.
"""

from __future__ import annotations

import csv
import io
import json
import re
import secrets
from typing import Any

from .checks import answered, attempts, first_try_right, valid_tries
from .format import Lesson

PROGRESS_FORMAT = 1
GAMES_NAME = re.compile(r"[A-Za-z0-9_-]{8,32}")
RESULT_COLUMNS = ("step", "key", "title", "done", "questions", "answered", "attempts", "first_try_right",
                  "positions", "positions_first_try", "seconds")


def new_progress(lesson: Lesson, lang: str) -> dict[str, Any]:
    """A first visit: the first step, nothing answered, a new name for this run's games."""
    return {"format": PROGRESS_FORMAT, "lesson": lesson.id, "step": lesson.steps[0].key, "lang": lang,
            "games": secrets.token_urlsafe(9), "steps": {}}


def valid_games(name: Any) -> bool:
    """Whether ``name`` (read back from the browser) is a run's games name as :func:`new_progress` makes it."""
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
    the positions played right with the first card, and the seconds spent."""
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
        })
    return rows


def results_csv(lesson: Lesson, progress: dict[str, Any]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=RESULT_COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(results(lesson, progress))
    return out.getvalue()


def results_json(lesson: Lesson, progress: dict[str, Any]) -> str:
    """The per-step rows and, per question, the answers tried in order."""
    answers = {}
    for step in lesson.steps:
        parts = progress.get("steps", {}).get(step.key, {}).get("parts", {})
        for check in step.checks:
            tries = valid_tries(check, parts.get(f"check:{check.key}", {}).get("tries"))
            answers[check.key] = {"step": step.key, "tries": tries, "attempts": attempts(check, tries),
                                  "first_try_right": first_try_right(check, tries)}
    return json.dumps({"lesson": lesson.id, "steps": results(lesson, progress), "questions": answers},
                      ensure_ascii=False, indent=1)
