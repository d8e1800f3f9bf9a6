"""The class store: one SQLite file holding each learner's latest report for a lesson.

A report (made by :func:`hearts_widget.classroom.report.learner_report`) says where a
learner is and how they did, in numbers and yes/no only::

    {"format": 1, "lesson": "hearts-basics", "learner": "q3V9x0aZk2", "name": "Amina",
     "step": "follow-suit", "lang": "sw",
     "steps": {"aim": {"done": true, "seconds": 41.5, "answered": 1, "attempts": 2,
                       "first_try_right": 0, "positions_first_try": 0}, ...},
     "rules": {"play.follow-suit": {"right": 2, "wrong": 1}, ...},
     "first_try": {"check:aim-points": false, "position:follow-suit": true, ...}}

Every report is checked against the lesson before it is written (:func:`check_report`):
only the lesson's own step, rule, board and question names, numbers within what the
lesson allows, a name of at most :data:`MAX_NAME` characters. So no card, no free
text other than the learner's name, and nothing another lesson would fill in ever
reaches the file; anything else is refused with a :class:`ReportError` naming the field.

Many kernels (one per learner) write to the same file at once: the file is in WAL
mode, each write is one ``INSERT ... ON CONFLICT DO UPDATE`` in its own transaction,
and a writer that finds the file busy waits up to :data:`BUSY_TIMEOUT_S` for its turn.
"""

from __future__ import annotations

import json
import math
import os
import re
import secrets
import sqlite3
import stat
import threading
import time
import unicodedata
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..lessons.format import Lesson
from ..lessons.mastery import is_mastered, taught_rules
from ..lessons.prepost import CheckPlan, check_items, plan_of
from ..lessons.progress import MAX_NAME, MAX_SECONDS
from ..text.translate import LANGUAGES

REPORT_FORMAT = 1
SCHEMA_VERSION = 1
BUSY_TIMEOUT_S = 30.0  # a writer waits this long for the others (forty kernels on a slow disk)
KEEP_DAYS = 30  # a learner's row not updated for this long is deleted (``--keep-days``)
MAX_COUNT = 10_000  # answers to one rule: far above any lesson, low enough to catch garbage
LEARNER_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")
STEP_FIELDS = ("done", "seconds", "answered", "attempts", "first_try_right", "positions_first_try")
REPORT_FIELDS = ("format", "lesson", "learner", "name", "step", "lang", "steps", "rules", "first_try")
OPTIONAL_FIELDS = ("check",)  # a lesson with checks (hearts_widget.lessons.prepost)
PRIVATE_FILE = 0o600  # the store and its WAL files: the server's user only (the kept games are private too)
PRIVATE_FOLDER = 0o700
SCHEMA = """
CREATE TABLE IF NOT EXISTS progress (
    lesson TEXT NOT NULL,
    learner TEXT NOT NULL,
    name TEXT NOT NULL,
    step TEXT NOT NULL,
    report TEXT NOT NULL,
    first_seen REAL NOT NULL,
    updated REAL NOT NULL,
    PRIMARY KEY (lesson, learner)
)"""
# The class's key: a kernel seals the progress it gives the browser with it, and trusts a copy back
# only with its seal (hearts_widget.lessons.progress.seal); one row, made with the store.
KEY_SCHEMA = "CREATE TABLE IF NOT EXISTS class_key (id INTEGER PRIMARY KEY CHECK (id = 1), key BLOB NOT NULL)"
KEY_BYTES = 32
# The class league (hearts_widget.classroom.league): each learner's entered bot (its code, checked
# before it is kept, never run by the server itself), and the last run's standings.
LEAGUE_SCHEMA = ("CREATE TABLE IF NOT EXISTS league_entry (learner TEXT PRIMARY KEY, name TEXT NOT NULL, "
                 "bot TEXT NOT NULL, source TEXT NOT NULL, entered REAL NOT NULL)",
                 "CREATE TABLE IF NOT EXISTS league_run (id INTEGER PRIMARY KEY CHECK (id = 1), "
                 "result TEXT NOT NULL, finished REAL NOT NULL)")
# The teacher's choices for the class: the checks (hearts_widget.lessons.prepost), as JSON (null: none).
SETTINGS_SCHEMA = "CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL)"


def lesson_rules(lesson: Lesson) -> list[str]:
    """The rules the lesson counts for mastery, each once, in the order first asked."""
    return taught_rules(lesson)


class ReportError(ValueError):
    """A report that does not fit the lesson; the message names the field and what is wrong."""


class ClassStoreError(RuntimeError):
    """The class store's file cannot be used (not a class store, unreadable, a newer format)."""


@dataclass(frozen=True)
class Learner:
    """One learner's row: who, where, their latest report, and when it came (seconds since the epoch)."""

    learner: str
    name: str
    step: str
    report: dict[str, Any]
    first_seen: float
    updated: float

    def mastered(self, rule: str, needed: dict[str, int]) -> bool:
        """Whether the learner has mastered ``rule`` (``needed``: the lesson's ``rights_needed``)."""
        return is_mastered(needed, rule, self.report["rules"].get(rule, {}).get("right", 0))


@dataclass(frozen=True)
class LeagueEntry:
    """A learner's bot in the class league: who entered it, the function's name, its code, and when."""

    learner: str
    name: str
    bot: str
    source: str
    entered: float


# -- checking a report ---------------------------------------------------------------------

def clean_name(name: Any) -> str:
    """A learner's name as typed, trimmed; refused when not text, too long or holding control characters."""
    if not isinstance(name, str):
        raise ReportError(f"report field 'name': a name is text, not {type(name).__name__}")
    name = " ".join(name.split())
    if len(name) > MAX_NAME:
        raise ReportError(f"report field 'name': at most {MAX_NAME} characters, not {len(name)}")
    if any(unicodedata.category(c).startswith("C") for c in name):
        raise ReportError("report field 'name': control characters are not allowed in a name")
    return name


def _count(value: Any, field: str, most: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ReportError(f"report field {field!r}: a whole number, not {_shown(value)}")
    if not 0 <= value <= most:
        raise ReportError(f"report field {field!r}: {value} is outside 0 to {most}")
    return value


def _object(value: Any, field: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ReportError(f"report field {field!r}: an object, not {_shown(value)}")
    return value


def _shown(value: Any) -> str:
    text = json.dumps(value) if isinstance(value, (int, float, str, bool, type(None))) else type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def _known(keys: Any, allowed: Any, field: str, what: str, where: str = "in this lesson") -> None:
    unknown = sorted(set(keys) - set(allowed))
    if unknown:
        raise ReportError(f"report field {field!r}: no {what} {_shown(unknown[0])} {where}")


def check_report(lesson: Lesson, report: Any) -> dict[str, Any]:
    """``report`` checked against ``lesson`` field by field, as the store keeps it; a
    :class:`ReportError` names the first field that is wrong."""
    report = _object(report, "report")
    missing = [field for field in REPORT_FIELDS if field not in report]
    if missing:
        raise ReportError(f"report field {missing[0]!r} is missing")
    _known(report, REPORT_FIELDS + OPTIONAL_FIELDS, "report", "field", "in a report")
    if report["format"] != REPORT_FORMAT or isinstance(report["format"], bool):
        raise ReportError(f"report field 'format': {REPORT_FORMAT}, not {_shown(report['format'])}")
    if not isinstance(report["lesson"], str) or report["lesson"] != lesson.id:
        raise ReportError(f"report field 'lesson': this class records the lesson {lesson.id!r}, "
                          f"not {_shown(report['lesson'])}")
    learner = report["learner"]
    if not isinstance(learner, str) or not LEARNER_ID.fullmatch(learner):
        raise ReportError(f"report field 'learner': 8 to 64 letters, digits, - or _, not {_shown(learner)}")
    keys = [step.key for step in lesson.steps]
    if not isinstance(report["step"], str) or report["step"] not in keys:
        raise ReportError(f"report field 'step': no step {_shown(report['step'])} in this lesson")
    if not isinstance(report["lang"], str) or report["lang"] not in LANGUAGES:
        raise ReportError(f"report field 'lang': one of {', '.join(LANGUAGES)}, not {_shown(report['lang'])}")
    checked = {"format": REPORT_FORMAT, "lesson": lesson.id, "learner": learner, "name": clean_name(report["name"]),
               "step": report["step"], "lang": report["lang"], "steps": _check_steps(lesson, report["steps"]),
               "rules": _check_rules(lesson, report["rules"]),
               "first_try": _check_first_try(lesson, report["first_try"])}
    if "check" in report:
        checked["check"] = _check_checks(lesson, report["check"])
    return checked


def _check_steps(lesson: Lesson, steps: Any) -> dict[str, dict[str, Any]]:
    steps = _object(steps, "steps")
    _known(steps, [step.key for step in lesson.steps], "steps", "step")
    checked = {}
    for step in lesson.steps:
        if step.key not in steps:
            continue
        field = f"steps.{step.key}"
        record = _object(steps[step.key], field)
        missing = [name for name in STEP_FIELDS if name not in record]
        if missing:
            raise ReportError(f"report field '{field}.{missing[0]}' is missing")
        _known(record, STEP_FIELDS, field, "field", "in a step's report")
        if not isinstance(record["done"], bool):
            raise ReportError(f"report field '{field}.done': true or false, not {_shown(record['done'])}")
        seconds = record["seconds"]
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not math.isfinite(seconds) \
                or not 0 <= seconds <= MAX_SECONDS:
            raise ReportError(f"report field '{field}.seconds': a number of seconds from 0 to {MAX_SECONDS:.0f}, "
                              f"not {_shown(seconds)}")
        questions = len(step.checks)
        checked[step.key] = {
            "done": record["done"], "seconds": round(float(seconds), 1),
            "answered": _count(record["answered"], f"{field}.answered", questions),
            "attempts": _count(record["attempts"], f"{field}.attempts", MAX_COUNT if questions else 0),
            "first_try_right": _count(record["first_try_right"], f"{field}.first_try_right", questions),
            "positions_first_try": _count(record["positions_first_try"], f"{field}.positions_first_try",
                                          len(step.positions)),
        }
    return checked


def _check_rules(lesson: Lesson, rules: Any) -> dict[str, dict[str, int]]:
    rules = _object(rules, "rules")
    taught = lesson_rules(lesson)
    _known(rules, taught, "rules", "rule")
    checked = {}
    for rule in taught:
        if rule not in rules:
            continue
        counts = _object(rules[rule], f"rules.{rule}")
        _known(counts, ("right", "wrong"), f"rules.{rule}", "field", "in a rule's report")
        checked[rule] = {name: _count(counts.get(name, 0), f"rules.{rule}.{name}", MAX_COUNT)
                         for name in ("right", "wrong")}
    return checked


def _check_checks(lesson: Lesson, checks: Any) -> dict[str, dict[str, bool]]:
    """Per check the lesson has and the learner finished, per rule it measures, right or not: all of them."""
    checks = _object(checks, "check")
    plan = plan_of(lesson)
    _known(checks, plan.kinds() if plan else (), "check", "check")
    rules = [item.rule for item in check_items(lesson)]
    checked = {}
    for kind, answers in checks.items():
        answers = _object(answers, f"check.{kind}")
        _known(answers, rules, f"check.{kind}", "rule", "in this lesson's checks")
        missing = [rule for rule in rules if rule not in answers]
        if missing:
            raise ReportError(f"report field 'check.{kind}.{missing[0]}' is missing")
        for rule, right in answers.items():
            if not isinstance(right, bool):
                raise ReportError(f"report field 'check.{kind}.{rule}': true or false, not {_shown(right)}")
        checked[kind] = {rule: answers[rule] for rule in rules}
    return checked


def _check_first_try(lesson: Lesson, first_try: Any) -> dict[str, bool]:
    first_try = _object(first_try, "first_try")
    parts = [f"position:{key}" for key in lesson.positions()] + [f"check:{key}" for key in lesson.checks()]
    _known(first_try, parts, "first_try", "board or question")
    for part, right in first_try.items():
        if not isinstance(right, bool):
            raise ReportError(f"report field 'first_try.{part}': true or false, not {_shown(right)}")
    return {part: first_try[part] for part in parts if part in first_try}


# -- the file ------------------------------------------------------------------------------

def store_files(path: Path) -> list[Path]:
    """The store's file and the files SQLite keeps beside it (WAL, shared memory, rollback journal)."""
    return [path, *(path.with_name(path.name + end) for end in ("-wal", "-shm", "-journal"))]


def make_private(path: Path) -> None:
    """Make the store's file (and its folder when missing) readable by the server's user only: a new
    file is made so; an existing one readable by others is narrowed. SQLite gives the files it makes
    beside the store the store's own mode."""
    if not path.parent.exists():
        path.parent.mkdir(mode=PRIVATE_FOLDER, parents=True)
    os.close(os.open(path, os.O_CREAT | os.O_RDWR, PRIVATE_FILE))
    for file in store_files(path):
        if file.exists() and stat.S_IMODE(file.stat().st_mode) & 0o077:
            file.chmod(PRIVATE_FILE)


class ClassStore:
    """The class store in the SQLite file at ``path`` (made, with its folder, on first use, readable
    by the server's user only: see :func:`make_private`)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._connections = threading.local()
        try:
            make_private(self.path)
            with self._connect() as db:
                version = db.execute("PRAGMA user_version").fetchone()[0]
                if version > SCHEMA_VERSION:
                    raise ClassStoreError(f"{self.path}: a class store of a newer hearts-widget "
                                          f"(format {version}); use that version, or another file")
                db.execute("PRAGMA journal_mode=WAL")
                db.execute(SCHEMA)
                db.execute(KEY_SCHEMA)
                for schema in LEAGUE_SCHEMA:
                    db.execute(schema)
                db.execute(SETTINGS_SCHEMA)
                db.execute("INSERT OR IGNORE INTO class_key (id, key) VALUES (1, ?)", (secrets.token_bytes(KEY_BYTES),))
                db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        except (sqlite3.DatabaseError, OSError) as error:
            raise ClassStoreError(f"{self.path}: cannot be used as the class store ({error})") from None

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        """This thread's connection (a store is used from a kernel's thread and a server's loop alike),
        kept open: closing the last one checkpoints the WAL, which made each write about 10 ms longer.
        A transaction an error left open is rolled back."""
        db = getattr(self._connections, "db", None)
        if db is None:
            db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=True)
            db.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT_S * 1000)}")
            db.execute("PRAGMA synchronous=NORMAL")  # WAL: never corrupted; a power cut may lose the last write
            self._connections.db = db
        try:
            yield db
        finally:
            if db.in_transaction:
                db.execute("ROLLBACK")

    def connection(self) -> AbstractContextManager[sqlite3.Connection]:
        """This thread's connection, for the tables kept beside the progress (the live board's)."""
        return self._connect()

    def record(self, lesson: Lesson, report: Any, learner: str | None = None, name: str | None = None,
               now: float | None = None) -> dict[str, Any]:
        """Check ``report`` against ``lesson`` and keep it as the learner's latest. ``learner`` and ``name``
        (the hub user) replace the report's own; the report as kept is returned."""
        checked = check_report(lesson, report)
        if learner is not None:
            checked["learner"] = learner
        if name is not None:
            checked["name"] = clean_name(name)
        now = time.time() if now is None else now
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            db.execute("INSERT INTO progress (lesson, learner, name, step, report, first_seen, updated) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (lesson, learner) DO UPDATE SET "
                       "name = excluded.name, step = excluded.step, report = excluded.report, "
                       "updated = excluded.updated",
                       (lesson.id, checked["learner"], checked["name"], checked["step"],
                        json.dumps(checked, ensure_ascii=False, separators=(",", ":")), now, now))
            db.execute("COMMIT")
        return checked

    def class_key(self) -> bytes:
        """The class's key (for the kernels' seals: only the server's user can read the file)."""
        with self._connect() as db:
            return bytes(db.execute("SELECT key FROM class_key WHERE id = 1").fetchone()[0])

    def check_plan(self) -> CheckPlan | None:
        """The checks the teacher asked for (None: none)."""
        with self._connect() as db:
            row = db.execute("SELECT value FROM settings WHERE name = 'check'").fetchone()
        value = json.loads(row[0]) if row else None
        if not isinstance(value, dict):
            return None
        try:
            return CheckPlan(later_days=value.get("later_days"))
        except ValueError as error:
            raise ClassStoreError(f"{self.path}: the checks kept there are not a plan ({error})") from None

    def set_check_plan(self, plan: CheckPlan | None) -> None:
        """Keep the teacher's choice of checks (None: none) for the lessons that start from now."""
        value = json.dumps(None if plan is None else {"later_days": plan.later_days})
        with self._connect() as db:
            db.execute("INSERT INTO settings (name, value) VALUES ('check', ?) "
                       "ON CONFLICT (name) DO UPDATE SET value = excluded.value", (value,))

    def learners(self, lesson_id: str) -> list[Learner]:
        """Every learner of the lesson, by name (then by id)."""
        return self._select("WHERE lesson = ? ORDER BY name COLLATE NOCASE, learner", (lesson_id,))

    def learner(self, lesson_id: str, learner: str) -> Learner | None:
        """One learner's row (what a learner may read of the store: their own)."""
        rows = self._select("WHERE lesson = ? AND learner = ?", (lesson_id, learner))
        return rows[0] if rows else None

    def _select(self, where: str, values: tuple[str, ...]) -> list[Learner]:
        with self._connect() as db:
            rows = db.execute(f"SELECT learner, name, step, report, first_seen, updated FROM progress {where}",
                              values).fetchall()
        return [Learner(row[0], row[1], row[2], json.loads(row[3]), row[4], row[5]) for row in rows]

    def forget_older_than(self, days: float, now: float | None = None) -> int:
        """Delete the rows (and league entries) not updated for ``days`` days; how many progress rows went."""
        now = time.time() if now is None else now
        with self._connect() as db:
            db.execute("DELETE FROM league_entry WHERE entered < ?", (now - days * 86400,))
            return db.execute("DELETE FROM progress WHERE updated < ?", (now - days * 86400,)).rowcount

    # -- the class league ----------------------------------------------------------------

    def enter_bot(self, learner: str, name: str, bot: str, source: str, now: float | None = None) -> LeagueEntry:
        """Keep ``learner``'s bot (checked by ``hearts_widget.classroom.league.check_entry`` first),
        replacing the one they entered before."""
        entry = LeagueEntry(learner, clean_name(name), bot, source, time.time() if now is None else now)
        with self._connect() as db:
            db.execute("INSERT INTO league_entry (learner, name, bot, source, entered) VALUES (?, ?, ?, ?, ?) "
                       "ON CONFLICT (learner) DO UPDATE SET name = excluded.name, bot = excluded.bot, "
                       "source = excluded.source, entered = excluded.entered",
                       (entry.learner, entry.name, entry.bot, entry.source, entry.entered))
        return entry

    def league_entries(self) -> list[LeagueEntry]:
        """Every entered bot, in the order entered."""
        with self._connect() as db:
            rows = db.execute("SELECT learner, name, bot, source, entered FROM league_entry "
                              "ORDER BY entered, learner").fetchall()
        return [LeagueEntry(*row) for row in rows]

    def league_entry(self, learner: str) -> LeagueEntry | None:
        """One learner's entry."""
        return next((entry for entry in self.league_entries() if entry.learner == learner), None)

    def keep_league(self, result: dict[str, Any], now: float | None = None) -> None:
        """Keep the standings of a league run (JSON-able), replacing the last run's."""
        with self._connect() as db:
            db.execute("INSERT INTO league_run (id, result, finished) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE "
                       "SET result = excluded.result, finished = excluded.finished",
                       (json.dumps(result, ensure_ascii=False), time.time() if now is None else now))

    def league_result(self) -> dict[str, Any] | None:
        """The last league run's standings, or None before the first run."""
        with self._connect() as db:
            row = db.execute("SELECT result FROM league_run WHERE id = 1").fetchone()
        return None if row is None else json.loads(row[0])


def delete_store(path: str | Path) -> list[Path]:
    """Delete the class store at ``path`` with its WAL files: the files that were there."""
    gone = []
    for file in store_files(Path(path)):
        if file.exists():
            file.unlink()
            gone.append(file)
    return gone
