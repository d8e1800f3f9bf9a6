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
In a class, the copy the browser keeps also carries ``seal``, the kernel's mark made
with the class's key (:func:`seal`); a copy read back is checked before it is used
(:func:`check_progress`).
"""

from __future__ import annotations

import csv
import hashlib
import hmac
import io
import json
import math
import re
import secrets
import unicodedata
from typing import Any

from ..text.translate import LANGUAGES
from .checks import answered, attempts, first_try_right, valid_tries
from .format import Check, Lesson, Step
from .mastery import rule_progress
from .prepost import check_kind, check_state, plan_of, scores

PROGRESS_FORMAT = 1
GAMES_NAME = re.compile(r"[A-Za-z0-9_-]{8,32}")  # also a learner's id
MAX_NAME = 60  # characters of a learner's name
MAX_SECONDS = 30 * 24 * 3600.0  # on one step: far above any lesson, low enough to catch garbage
MAX_WRONG = 10_000  # refused cards on one board
SEAL = "seal"  # the kernel's mark on the browser's copy in a class (see seal)
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


class ProgressError(ValueError):
    """A progress read back from the browser that the lesson cannot use; the message names the field."""


def _shown(value: Any) -> str:
    text = json.dumps(value) if isinstance(value, (int, float, str, bool, type(None))) else type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def _object(value: Any, field: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ProgressError(f"{field}: an object, not {_shown(value)}")
    return value


def check_progress(lesson: Lesson, saved: Any, key: bytes | None = None) -> dict[str, Any]:
    """``saved`` (the progress the browser sends back) checked before the lesson uses it: its format
    and lesson, the step, the language, the ids, the name, and each step's record (done, seconds
    from 0, only its own boards and questions, each answer of the right kind). With ``key`` (a class's)
    it must also carry the seal a kernel of that class put on it (:func:`seal`): then every claim in it
    is one a kernel made. A :class:`ProgressError` names the first thing wrong."""
    saved = _object(saved, "progress")
    if saved.get("format") != PROGRESS_FORMAT or isinstance(saved.get("format"), bool):
        raise ProgressError(f"format: {PROGRESS_FORMAT}, not {_shown(saved.get('format'))}")
    if saved.get("lesson") != lesson.id:
        raise ProgressError(f"lesson: {lesson.id!r}, not {_shown(saved.get('lesson'))}")
    steps = {step.key: step for step in lesson.steps}
    if not isinstance(saved.get("step"), str) or saved["step"] not in steps:
        raise ProgressError(f"step: no step {_shown(saved.get('step'))} in this lesson")
    if not isinstance(saved.get("lang"), str) or saved["lang"] not in LANGUAGES:
        raise ProgressError(f"lang: one of {', '.join(LANGUAGES)}, not {_shown(saved.get('lang'))}")
    for field in ("games", "learner"):
        if not valid_games(saved.get(field)):
            raise ProgressError(f"{field}: 8 to 32 letters, digits, - or _, not {_shown(saved.get(field))}")
    name = saved.get("name", "")
    if not isinstance(name, str) or typed_name(name) != name:
        raise ProgressError(f"name: a name as typed (at most {MAX_NAME} characters), not {_shown(name)}")
    unknown = sorted(set(saved) - {"format", "lesson", "step", "lang", "games", "learner", "name", "steps", SEAL})
    if unknown:
        raise ProgressError(f"{unknown[0]}: not a field of a lesson's progress")
    for step_key, record in _object(saved.get("steps"), "steps").items():
        if step_key not in steps:
            raise ProgressError(f"steps: no step {_shown(step_key)} in this lesson")
        _check_record(lesson, steps[step_key], _object(record, f"steps.{step_key}"), f"steps.{step_key}")
    if key is not None and not seal_holds(saved, key):
        raise ProgressError("seal: not the mark of this class's lesson (kept before the class, or changed since)")
    return saved


def _check_record(lesson: Lesson, step: Step, record: dict[str, Any], field: str) -> None:
    if not isinstance(record.get("done", False), bool):
        raise ProgressError(f"{field}.done: true or false, not {_shown(record.get('done'))}")
    seconds = record.get("seconds", 0.0)
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not math.isfinite(seconds) \
            or not 0 <= seconds <= MAX_SECONDS:
        raise ProgressError(f"{field}.seconds: a number of seconds from 0 to {MAX_SECONDS:.0f}, not {_shown(seconds)}")
    parts = _object(record.get("parts", {}), f"{field}.parts")
    own = {"text", "demo", "score", "again", *(f"position:{p.key}" for p in step.positions),
           *(f"check:{c.key}" for c in step.checks)}
    for name, state in parts.items():
        if name not in own:
            raise ProgressError(f"{field}.parts: no board or question {_shown(name)} in this step")
        state = _object(state, f"{field}.parts.{name}")
        kind = check_kind(step)
        if name == "demo" and kind is not None:
            try:
                check_state(lesson, kind, state)
            except ValueError as error:
                raise ProgressError(f"{field}.parts.demo.{error}") from None
        elif name == "again":
            for again, brought in state.items():
                if again.partition(":")[2] not in {**lesson.positions(), **lesson.checks()}:
                    raise ProgressError(f"{field}.parts.again: no board or question {_shown(again)} in this lesson")
                _check_answer(lesson, again, _object(brought, f"{field}.parts.again.{again}"), f"{field}.parts.again")
        else:
            _check_answer(lesson, name, state, f"{field}.parts")


def _check_answer(lesson: Lesson, name: str, state: dict[str, Any], field: str) -> None:
    """A board's or a question's saved answer: of the kinds the lesson stores."""
    kind, _, key = name.partition(":")
    where = f"{field}.{name}"
    if kind == "position" and key in lesson.positions():
        held = {card.code for card in lesson.positions()[key].cards}
        played, wrong = state.get("played"), state.get("wrong", 0)
        if played is not None and (not isinstance(played, str) or played not in held):
            raise ProgressError(f"{where}.played: a card of the board, not {_shown(played)}")
        if isinstance(wrong, bool) or not isinstance(wrong, int) or not 0 <= wrong <= MAX_WRONG:
            raise ProgressError(f"{where}.wrong: a whole number from 0 to {MAX_WRONG}, not {_shown(wrong)}")
        for flag in ("first", "hinted"):
            if state.get(flag) is not None and not isinstance(state.get(flag), bool):
                raise ProgressError(f"{where}.{flag}: true or false, not {_shown(state.get(flag))}")
    elif kind == "check" and key in lesson.checks():
        check: Check = lesson.checks()[key]
        tries = state.get("tries", [])
        if not isinstance(tries, list) or valid_tries(check, tries) != tries:
            raise ProgressError(f"{where}.tries: the question's choices ({', '.join(c.id for c in check.choices)})")


def _canonical(value: Any) -> Any:
    """``value`` as JSON keeps it whichever side wrote it last (a browser writes 2.0 as 2)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {key: _canonical(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_canonical(item) for item in value]
    return value


def seal(progress: dict[str, Any], key: bytes) -> str:
    """The kernel's mark on ``progress`` with a class's ``key`` (HMAC-SHA256 of its JSON, the seal
    itself left out): the browser keeps it and cannot make it for a changed or another copy."""
    body = {name: value for name, value in progress.items() if name != SEAL}
    text = json.dumps(_canonical(body), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hmac.new(key, text.encode("ascii"), hashlib.sha256).hexdigest()


def sealed(progress: dict[str, Any], key: bytes | None) -> dict[str, Any]:
    """``progress`` with its seal (unchanged without a key: a lesson outside a class)."""
    return progress if key is None else {**progress, SEAL: seal(progress, key)}


def seal_holds(progress: dict[str, Any], key: bytes) -> bool:
    given = progress.get(SEAL)
    return isinstance(given, str) and hmac.compare_digest(given, seal(progress, key))


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
    """The per-step rows, per question the answers tried in order, per rule asked
    about the answers right unaided, wrong, and whether it is mastered, and in a lesson
    with checks (:mod:`.prepost`) per check taken, per rule, right or not."""
    answers = {}
    for step in lesson.steps:
        parts = progress.get("steps", {}).get(step.key, {}).get("parts", {})
        for check in step.checks:
            tries = valid_tries(check, parts.get(f"check:{check.key}", {}).get("tries"))
            answers[check.key] = {"step": step.key, "tries": tries, "attempts": attempts(check, tries),
                                  "first_try_right": first_try_right(check, tries)}
    found = {"lesson": lesson.id, "steps": results(lesson, progress), "questions": answers,
             "rules": rule_progress(lesson, progress)}
    if plan_of(lesson) is not None:
        found["checks"] = scores(lesson, progress)
    return json.dumps(found, ensure_ascii=False, indent=1)
