"""The live board: the teacher puts one lesson board before the whole class ("predict, then reveal").

A round lives in the class store, beside the learners' progress, so that it reaches every
learner the way their progress reaches the teacher:

1. the teacher puts a board (:meth:`LiveRounds.put`): a new round, *open*;
2. each learner's lesson kernel asks for the round about once a second
   (:meth:`LiveRounds.for_learner`, which also counts the learner as present) and shows the
   board on top of their lesson; the learner commits one card of their hand, and the kernel
   keeps it (:meth:`LiveRounds.answer`): one answer per learner and round, a card they hold;
3. the teacher's page shows how many of the present learners answered and the spread of cards
   (:meth:`LiveRounds.spread`), with names only when asked;
4. "Reveal" (:meth:`LiveRounds.reveal`) lets every learner's kernel show the verdict, the
   reason and the class's spread; "Back to the lessons" (:meth:`LiveRounds.back`) closes the
   round and each lesson is again where its learner left it.

Every learner of a round holds the same cards (the board's seat), so the spread names no card
a learner could not see; the other seats' hands never leave the server. On the launcher the
kernels read and write the store's file (:class:`StoreLive`); on JupyterHub they ask the class
service with the learner's hub token (:class:`HubLive`), which calls the same methods.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine import Card
from ..lessons.format import Lesson
from ..lessons.positions import Position
from .report import HubReporter, Reporter, StoreReporter
from .store import ClassStore, Learner

LIVE_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS live_round (
    lesson TEXT NOT NULL,
    round INTEGER NOT NULL,
    board TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('open', 'revealed', 'closed')),
    changed REAL NOT NULL,
    PRIMARY KEY (lesson, round)
)""",
    # card NULL: the learner has the board before them and has not answered yet
    """CREATE TABLE IF NOT EXISTS live_answer (
    lesson TEXT NOT NULL,
    round INTEGER NOT NULL,
    learner TEXT NOT NULL,
    card TEXT,
    at REAL NOT NULL,
    PRIMARY KEY (lesson, round, learner)
)""",
)
MISSED_SHOWN = 3  # the class's most common mistakes the teacher's list offers first
POLL_S = 1.0  # a learner's kernel asks for the round this often
HTTP_TIMEOUT_S = 5.0
MAX_LEARNER = 128  # a learner's id on the launcher, or a hub user's name


class LiveError(ValueError):
    """A move the live board refuses; the message says why (no round, answered already, a card not held)."""


@dataclass(frozen=True)
class Round:
    """The class's round: its number, the board's key, and ``open``, ``revealed`` or ``closed``."""

    number: int
    board: str
    state: str


@dataclass(frozen=True)
class Spread:
    """How the class answered a round: learners present, answers, cards by count (most first),
    and who answered each card (learner ids; the page shows names only when asked)."""

    present: int
    answered: int
    cards: dict[str, int]
    who: dict[str, list[str]]


def live_boards(lesson: Lesson) -> dict[str, tuple[int, Position]]:
    """Every board of the lesson the teacher may put, by key, with its step's number (1-based)."""
    return {position.key: (number, position)
            for number, step in enumerate(lesson.steps, start=1) for position in step.positions}


def most_missed(lesson: Lesson, learners: list[Learner], count: int = MISSED_SHOWN) -> list[tuple[str, int]]:
    """The boards the most learners got wrong at the first try (key, how many), most first; none
    nobody missed."""
    missed: Counter[str] = Counter()
    for learner in learners:
        for part, right in learner.report["first_try"].items():
            if part.startswith("position:") and not right:
                missed[part.removeprefix("position:")] += 1
    order = list(live_boards(lesson))
    ranked = sorted(missed.items(), key=lambda item: (-item[1], order.index(item[0]) if item[0] in order else 0))
    return [(key, n) for key, n in ranked if key in order][:count]


def held_codes(position: Position) -> list[str]:
    """The learner's cards of ``position`` as codes, each once, in hand order (what they may answer)."""
    return list(dict.fromkeys(card.code for card in position.cards))


class LiveRounds:
    """The live board of ``lesson`` in the class ``store`` (tables made on first use)."""

    def __init__(self, store: ClassStore, lesson: Lesson) -> None:
        self.store = store
        self.lesson = lesson
        self.boards = live_boards(lesson)
        with store.connection() as db:
            for schema in LIVE_SCHEMA:
                db.execute(schema)

    def current(self) -> Round | None:
        """The latest round unless it is closed."""
        with self.store.connection() as db:
            row = db.execute("SELECT round, board, state FROM live_round WHERE lesson = ? "
                             "ORDER BY round DESC LIMIT 1", (self.lesson.id,)).fetchone()
        if row is None or row[2] == "closed":
            return None
        return Round(row[0], row[1], row[2])

    def position(self, board: str) -> Position:
        """The board with key ``board``."""
        if board not in self.boards:
            raise LiveError(f"no board {board!r} in the lesson {self.lesson.id!r}")
        return self.boards[board][1]

    def put(self, board: str) -> Round:
        """Put ``board`` before the class: a new round, open (a round still going is closed)."""
        self.position(board)
        with self.store.connection() as db:
            db.execute("BEGIN IMMEDIATE")
            last = db.execute("SELECT MAX(round) FROM live_round WHERE lesson = ?", (self.lesson.id,)).fetchone()[0]
            number = (last or 0) + 1
            db.execute("UPDATE live_round SET state = 'closed', changed = ? WHERE lesson = ? AND state != 'closed'",
                       (time.time(), self.lesson.id))
            db.execute("INSERT INTO live_round (lesson, round, board, state, changed) VALUES (?, ?, ?, 'open', ?)",
                       (self.lesson.id, number, board, time.time()))
            db.execute("COMMIT")
        return Round(number, board, "open")

    def reveal(self) -> Round:
        """Show every learner the verdict and the class's spread."""
        return self._move("open", "revealed", "there is no open board to reveal")

    def back(self) -> Round:
        """Close the round: every learner goes back to where they were in the lesson."""
        now = self.current()
        if now is None:
            raise LiveError("there is no board before the class")
        return self._move(now.state, "closed", "")

    def _move(self, start: str, end: str, refusal: str) -> Round:
        now = self.current()
        if now is None or now.state != start:
            raise LiveError(refusal)
        with self.store.connection() as db:
            db.execute("UPDATE live_round SET state = ?, changed = ? WHERE lesson = ? AND round = ? AND state = ?",
                       (end, time.time(), self.lesson.id, now.number, start))
        return Round(now.number, now.board, end)

    def answer(self, learner: str, number: int, card: str) -> str:
        """Keep ``learner``'s answer ``card`` to round ``number``: refused unless the round is the one
        open, the card is one the learner holds there, and they have not answered it yet."""
        if not isinstance(learner, str) or not 0 < len(learner) <= MAX_LEARNER:
            raise LiveError("no learner")
        now = self.current()
        if now is None or now.number != number or isinstance(number, bool):
            raise LiveError(f"round {number!r} is not the board before the class")
        if now.state != "open":
            raise LiveError(f"round {number} is revealed: answers are closed")
        codes = held_codes(self.position(now.board))
        try:
            code = Card.parse(card).code if isinstance(card, str) else None
        except ValueError:
            code = None
        if code not in codes:
            raise LiveError(f"{card!r} is not a card of this board's hand ({' '.join(codes)})")
        with self.store.connection() as db:
            db.execute("BEGIN IMMEDIATE")
            kept = db.execute("SELECT card FROM live_answer WHERE lesson = ? AND round = ? AND learner = ?",
                              (self.lesson.id, number, learner)).fetchone()
            if kept is not None and kept[0] is not None:
                db.execute("ROLLBACK")
                raise LiveError(f"this learner has answered round {number} already ({kept[0]})")
            db.execute("INSERT INTO live_answer (lesson, round, learner, card, at) VALUES (?, ?, ?, ?, ?) "
                       "ON CONFLICT (lesson, round, learner) DO UPDATE SET card = excluded.card, at = excluded.at",
                       (self.lesson.id, number, learner, code, time.time()))
            db.execute("COMMIT")
        return code

    def spread(self, number: int) -> Spread:
        """How the class answered round ``number``."""
        with self.store.connection() as db:
            rows = db.execute("SELECT learner, card FROM live_answer WHERE lesson = ? AND round = ? "
                              "ORDER BY at, learner", (self.lesson.id, number)).fetchall()
        who: dict[str, list[str]] = {}
        for learner, card in rows:
            if card is not None:
                who.setdefault(card, []).append(learner)
        cards = dict(sorted(((card, len(ids)) for card, ids in who.items()), key=lambda item: -item[1]))
        return Spread(len(rows), sum(cards.values()), cards, who)

    def for_learner(self, learner: str) -> dict[str, Any] | None:
        """What ``learner``'s lesson needs of the round (None: no board before the class): its number,
        board and state, the learner's own answer, and once revealed the class's spread. Asking
        counts the learner as present in an open round."""
        now = self.current()
        if now is None:
            return None
        with self.store.connection() as db:
            row = db.execute("SELECT card FROM live_answer WHERE lesson = ? AND round = ? AND learner = ?",
                             (self.lesson.id, now.number, learner)).fetchone()
            if row is None and now.state == "open":  # written once a round: the next asks only read
                db.execute("INSERT OR IGNORE INTO live_answer (lesson, round, learner, card, at) "
                           "VALUES (?, ?, ?, NULL, ?)", (self.lesson.id, now.number, learner, time.time()))
        view: dict[str, Any] = {"round": now.number, "board": now.board, "state": now.state,
                                "mine": row[0] if row else None}
        if now.state == "revealed":
            view["spread"] = self.spread(now.number).cards
        return view


    def forget_older_than(self, days: float, now: float | None = None) -> int:
        """Delete the rounds (with their answers) last changed more than ``days`` days ago; how many went."""
        before = (time.time() if now is None else now) - days * 86400
        with self.store.connection() as db:
            db.execute("BEGIN IMMEDIATE")
            db.execute("DELETE FROM live_answer WHERE lesson = ? AND round IN (SELECT round FROM live_round "
                       "WHERE lesson = ? AND changed < ?)", (self.lesson.id, self.lesson.id, before))
            gone = db.execute("DELETE FROM live_round WHERE lesson = ? AND changed < ?",
                              (self.lesson.id, before)).rowcount
            db.execute("COMMIT")
        return gone


class LiveClient:
    """How a learner's lesson kernel reaches the live board (see :func:`live_client`)."""

    def fetch(self) -> dict[str, Any] | None:
        """The round as :meth:`LiveRounds.for_learner` gives it (None: no board before the class)."""
        raise NotImplementedError

    def answer(self, number: int, card: str) -> None:
        """Commit ``card`` to round ``number`` (a :class:`LiveError` says why it was refused)."""
        raise NotImplementedError


class StoreLive(LiveClient):
    """The launcher's way: the kernel reads and writes the class store's file itself."""

    def __init__(self, lesson: Lesson, path: Path, learner: Callable[[], str]) -> None:
        self.learner = learner  # the lesson's id for its learner (it changes when the browser's copy comes)
        self._lesson = lesson
        self._path = path
        self._rounds: LiveRounds | None = None

    def rounds(self) -> LiveRounds:
        if self._rounds is None:
            self._rounds = LiveRounds(ClassStore(self._path), self._lesson)
        return self._rounds

    def fetch(self) -> dict[str, Any] | None:
        return self.rounds().for_learner(self.learner())

    def answer(self, number: int, card: str) -> None:
        self.rounds().answer(self.learner(), number, card)


class HubLive(LiveClient):
    """JupyterHub's way: the class service's ``api/live``, with the learner's hub token (the service
    answers for the token's user)."""

    def __init__(self, url: str, token: str) -> None:
        self.url = url.rstrip("/") + "/api/live"
        self.token = token

    def _call(self, body: dict[str, Any] | None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url, data=data, method="GET" if body is None else "POST",
                                         headers={"Authorization": f"token {self.token}",
                                                  "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=HTTP_TIMEOUT_S) as answer:  # noqa: S310 - the hub's URL
                return json.loads(answer.read())
        except urllib.error.HTTPError as error:
            if error.code == 400:
                raise LiveError(json.loads(error.read()).get("error", "refused")) from None
            raise

    def fetch(self) -> dict[str, Any] | None:
        view = self._call(None).get("round")
        return view if isinstance(view, dict) else None

    def answer(self, number: int, card: str) -> None:
        self._call({"round": number, "card": card})


def live_client(reporter: Reporter | None, lesson: Lesson, learner: Callable[[], str]) -> LiveClient | None:
    """The live board of the class ``reporter`` reports to (None outside a class), for ``learner``
    (the lesson's own id on the launcher; on the hub the service knows its user by the token)."""
    if isinstance(reporter, StoreReporter):
        return StoreLive(lesson, reporter.path, learner)
    if isinstance(reporter, HubReporter):
        return HubLive(reporter.url.removesuffix("/api/progress"), reporter.token)
    return None
