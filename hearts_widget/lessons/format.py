"""Lessons as data: the lesson file format and its loader.

A lesson is a JSON file (the built-in one is ``builtin.json`` beside this
module; the format is documented in ``docs/teachers.md``)::

    {"format": "hearts-lesson/1", "id": "my-lesson", "title": "ui.title",
     "steps": [{"key": "follow-suit", "title": ..., "body": [...], "rules": [...],
                "positions": [...], "demo": null, "checks": [...], "quiz": false}]}

Every text is either a key of the lesson catalog (``"step.deck.title"``,
translated through gettext) or the sentences themselves by language
(``{"en": "...", "sw": "..."}``, English required). The loader checks
everything a teacher can get wrong (unknown fields, card notation, rule ids,
positions the engine cannot set up, answers that are not choices) and
refuses a malformed file with a :class:`LessonFileError` naming the file,
the step and the field.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, NoReturn

from ..engine import Card, HeartsError, Rules, parse_cards
from ..engine.errors import shown
from ..text.lesson_file import lesson_file_problem
from ..text.lessons import lesson_keys, lesson_text
from ..text.rule_names import rule_name
from ..text.translate import DEFAULT_LANGUAGE, LANGUAGES
from .positions import Position

FORMAT = "hearts-lesson/1"
BUILTIN = Path(__file__).with_name("builtin.json")
# The demonstrations a step may show (built by hearts_widget.lessons.stepper).
DEMOS = ("deck", "pass", "coach-pass", "rotation", "sheet", "moon", "target", "variants", "rules-card",
         "guided", "table")
LESSON_FIELDS = {"format", "id", "title", "steps"}
STEP_FIELDS = {"key", "title", "body", "rules", "positions", "demo", "checks", "quiz", "card", "review"}
POSITION_FIELDS = {"key", "players", "variant", "held", "trick", "leader", "tricks_done", "out", "before", "kitty",
                   "prompt", "coach", "expect"}
EXPECT_FIELDS = {"cards", "legal", "rule"}
CHECK_FIELDS = {"key", "question", "choices", "answers", "hint", "why", "rules"}
CHOICE_FIELDS = {"id", "text", "feedback"}
# The fields each kind of object must have (docs/teachers.md's tables are made from these sets).
LESSON_REQUIRED = {"format", "id", "steps"}
STEP_REQUIRED = {"key", "title"}
POSITION_REQUIRED = {"key", "held"}
CHECK_REQUIRED = {"key", "question", "choices", "answers", "hint", "why"}
CHOICE_REQUIRED = {"id", "text"}


class LessonFileError(ValueError):
    """A lesson file that cannot be used, with where: the file (``source``), the step
    (``step``, its 1-based number, and ``step_key``, when the fault is inside a step), the
    field (``field``, when one is to blame) and what is wrong: its ``kind`` and ``values``
    (see :func:`hearts_widget.text.lesson_file.lesson_file_problem`), said in English as
    ``problem``. ``line`` and ``column`` place a fault of the JSON itself. The message says
    all of them in English; :class:`hearts_widget.lessons.problem.LessonProblem` shows them
    on the page in the learner's language."""

    def __init__(self, source: str, kind: str, values: dict[str, Any] | None = None, *, step: int | None = None,
                 step_key: str | None = None, field: str | None = None, line: int | None = None,
                 column: int | None = None) -> None:
        self.kind, self.values = kind, dict(values or {})
        problem = lesson_file_problem(kind, self.values, "en")
        self.source, self.problem, self.step, self.step_key = source, problem, step, step_key
        self.field, self.line, self.column = field, line, column
        where = f"step {step}" + (f" ({step_key!r})" if step_key else "") + ", " if step is not None else ""
        super().__init__(f"{source}: {where}" + (f"field {field!r}: " if field is not None else "") + problem)


@dataclass(frozen=True)
class Text:
    """A sentence of a lesson: a catalog key, or the sentence in each language given."""

    key: str | None = None
    sentences: tuple[tuple[str, str], ...] = ()

    def __call__(self, lang: str | None = None, **values: Any) -> str:
        if self.key is not None:
            return lesson_text(self.key, lang, **values)
        by_lang = dict(self.sentences)
        sentence = by_lang.get(lang or DEFAULT_LANGUAGE, by_lang[DEFAULT_LANGUAGE])
        return sentence.format(**values) if values else sentence

    def to_json(self) -> str | dict[str, str]:
        return self.key if self.key is not None else dict(self.sentences)


@dataclass(frozen=True)
class Choice:
    """One answer of a check question, with the feedback a learner gets for choosing it when wrong."""

    id: str
    text: Text
    feedback: Text | None = None


@dataclass(frozen=True)
class Check:
    """A check question: ``choices``, the accepted ``answers`` (choice ids), the
    ``hint`` shown after a first wrong answer and ``why`` shown with the answer;
    ``rules``, the rule ids it asks about (when empty, its step's)."""

    key: str
    question: Text
    choices: tuple[Choice, ...]
    answers: frozenset[str]
    hint: Text
    why: Text
    rules: tuple[str, ...] = ()

    def choice(self, choice_id: str) -> Choice:
        """The choice called ``choice_id``; an unknown one is refused naming the choices."""
        for choice in self.choices:
            if choice.id == choice_id:
                return choice
        raise ValueError(f"check {self.key!r} has no choice {choice_id!r}; "
                         f"choose one of {', '.join(c.id for c in self.choices)}")

    @property
    def answer(self) -> str:
        """The first accepted answer (the one the answer key names)."""
        return next(c.id for c in self.choices if c.id in self.answers)


@dataclass(frozen=True)
class Step:
    """One step of a lesson: its words, the rules it teaches (rule ids), its
    positions, an optional demonstration, its check questions; a ``quiz`` step
    scores its questions; ``card`` holds its sentences for the rules card; a
    ``review`` step (and a quiz) first brings back the boards and questions of
    the rules the learner got wrong before it."""

    key: str
    title: Text
    body: tuple[Text, ...]
    rules: tuple[str, ...] = ()
    positions: tuple[Position, ...] = ()
    demo: str | None = None
    checks: tuple[Check, ...] = ()
    quiz: bool = False
    card: tuple[Text, ...] = ()
    review: bool = False

    def texts(self) -> list[Text]:
        """Every text of the step (for the translation checks)."""
        found = [self.title, *self.body, *self.card, *(p.prompt for p in self.positions if p.prompt is not None)]
        for check in self.checks:
            found += [check.question, check.hint, check.why]
            found += [t for c in check.choices for t in (c.text, c.feedback) if t is not None]
        return found


@dataclass(frozen=True)
class Lesson:
    """A whole lesson as read from ``source``."""

    id: str
    title: Text
    steps: tuple[Step, ...]
    source: str = ""

    def step(self, key: str) -> Step:
        """The step called ``key``; an unknown key is refused naming the choices."""
        for candidate in self.steps:
            if candidate.key == key:
                return candidate
        raise KeyError(f"no lesson step {key!r}: choose one of {', '.join(s.key for s in self.steps)}")

    def positions(self) -> dict[str, Position]:
        return {p.key: p for s in self.steps for p in s.positions}

    def checks(self) -> dict[str, Check]:
        return {c.key: c for s in self.steps for c in s.checks}


# -- reading -----------------------------------------------------------------

def load_lesson(path: str | Path) -> Lesson:
    """Read and check the lesson file at ``path``."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise LessonFileError(str(path), "unreadable", {"reason": error.strerror}) from None
    return parse_lesson(text, str(path))


def parse_lesson(text: str, source: str = "<lesson>") -> Lesson:
    """Check the lesson written in ``text`` (``source`` names it in errors)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise LessonFileError(source, "json", {"line": error.lineno, "column": error.colno, "reason": error.msg},
                              line=error.lineno, column=error.colno) from None
    return lesson_from_dict(data, source)


@lru_cache(maxsize=1)
def builtin_lesson() -> Lesson:
    """The lesson that ships with the package (``builtin.json``)."""
    return load_lesson(BUILTIN)


def lesson_from_dict(data: Any, source: str = "<lesson>") -> Lesson:
    """Check a lesson already read into Python values."""
    where = _Where(source)
    obj = where.mapping(data, LESSON_FIELDS, required=LESSON_REQUIRED)
    if obj["format"] != FORMAT:
        where.fail("format", "format", expected=repr(FORMAT), given=shown(obj["format"]))
    lesson_id = where.name(obj["id"], "id")
    title = where.text(obj.get("title", "ui.title"), "title")
    raw_steps = obj["steps"]
    if not isinstance(raw_steps, list) or not raw_steps:
        where.fail("steps", "no-steps")
    steps = []
    for number, raw in enumerate(raw_steps, start=1):
        where.step = number
        where.step_key = raw["key"] if isinstance(raw, Mapping) and isinstance(raw.get("key"), str) else None
        steps.append(_step(raw, where))
    where.step, where.step_key = None, None
    _unique(where, [s.key for s in steps], "steps", "twice-step")
    for kind, keys in (("twice-position", [p.key for s in steps for p in s.positions]),
                       ("twice-check", [c.key for s in steps for c in s.checks])):
        _unique(where, keys, "steps", kind)
    return Lesson(lesson_id, title, tuple(steps), source)


def _unique(where: _Where, keys: list[str], field_name: str, kind: str) -> None:
    seen: set[str] = set()
    for key in keys:
        if key in seen:
            where.fail(field_name, kind, given=shown(key))
        seen.add(key)


def _step(raw: Any, where: _Where) -> Step:
    obj = where.mapping(raw, STEP_FIELDS, required=STEP_REQUIRED)
    key = where.name(obj["key"], "key")
    body = tuple(where.text(t, f"body[{i}]") for i, t in enumerate(where.list(obj.get("body", []), "body")))
    rules = tuple(where.rule(r, f"rules[{i}]") for i, r in enumerate(where.list(obj.get("rules", []), "rules")))
    positions = tuple(_position(p, where, f"positions[{i}]")
                      for i, p in enumerate(where.list(obj.get("positions", []), "positions")))
    demo = obj.get("demo")
    if demo is not None and demo not in DEMOS:
        where.fail("demo", "demo", given=shown(demo), choices=", ".join(DEMOS), close=where.suggest(demo, DEMOS))
    checks = tuple(_check(c, where, f"checks[{i}]") for i, c in enumerate(where.list(obj.get("checks", []), "checks")))
    quiz = where.flag(obj.get("quiz", False), "quiz")
    if quiz and not checks:
        where.fail("quiz", "quiz-no-checks")
    card = tuple(where.text(t, f"card[{i}]") for i, t in enumerate(where.list(obj.get("card", []), "card")))
    review = where.flag(obj.get("review", False), "review")
    return Step(key, where.text(obj["title"], "title"), body, rules, positions, demo, checks, quiz, card, review)


def _position(raw: Any, where: _Where, at: str) -> Position:
    obj = where.mapping(raw, POSITION_FIELDS, required=POSITION_REQUIRED, at=at)
    key = where.name(obj["key"], f"{at}.key")
    players = obj.get("players", 4)
    if not isinstance(players, int) or isinstance(players, bool) or not 3 <= players <= 10:
        where.fail(f"{at}.players", "players", given=shown(players))
    variant = obj.get("variant", "standard")
    try:
        rules = Rules(players=players, variant=variant)
    except (HeartsError, ValueError, TypeError) as error:
        where.fail(f"{at}.players" if str(error).startswith("Rules.players") else f"{at}.variant", "rules",
                   error=str(error))
    cards = {name: where.cards(obj.get(name, ""), f"{at}.{name}") for name in ("held", "trick", "out", "kitty")}
    before = tuple(where.cards(trick, f"{at}.before[{i}]")
                   for i, trick in enumerate(where.list(obj.get("before", []), f"{at}.before")))
    tricks_done = obj.get("tricks_done", 0)
    if not isinstance(tricks_done, int) or isinstance(tricks_done, bool) or tricks_done < 0:
        where.fail(f"{at}.tricks_done", "tricks-number", given=shown(tricks_done))
    for name in ("tricks_done", "out"):
        if name in obj and (before or rules.packs == 2):
            where.fail(f"{at}.{name}", "use-before-two-packs" if rules.packs == 2 else "use-before")
    if cards["kitty"] and rules.packs != 2:
        where.fail(f"{at}.kitty", "kitty")
    held = len(parse_cards(cards["held"]))
    if "tricks_done" in obj and held != rules.cards_each - tricks_done:  # the count, not the cards, is blamed
        where.fail(f"{at}.tricks_done", "tricks-count", done=tricks_done, left=rules.cards_each - tricks_done,
                   held=held, right=rules.cards_each - held)
    leader = obj.get("leader")
    if leader is not None and (not isinstance(leader, int) or isinstance(leader, bool)
                               or not 0 <= leader < players):
        where.fail(f"{at}.leader", "leader", last=players - 1, given=shown(leader))
    prompt = where.text(obj["prompt"], f"{at}.prompt") if "prompt" in obj else None
    expect = {}
    for i, item in enumerate(where.list(obj.get("expect", []), f"{at}.expect")):
        entry = where.mapping(item, EXPECT_FIELDS, required=EXPECT_FIELDS,
                              at=f"{at}.expect[{i}]")
        rule = where.rule(entry["rule"], f"{at}.expect[{i}].rule")
        legal = where.flag(entry["legal"], f"{at}.expect[{i}].legal")
        for card in parse_cards(where.cards(entry["cards"], f"{at}.expect[{i}].cards")):
            expect[card.code] = (legal, rule)
    position = Position(key, rules, cards["held"], trick=cards["trick"], tricks_done=tricks_done,
                        out=cards["out"], leader=leader, expect=expect, prompt=prompt,
                        coach=where.flag(obj.get("coach", False), f"{at}.coach"), before=before,
                        kitty=cards["kitty"])
    try:
        hand = position.hand
    except (HeartsError, ValueError) as error:
        where.fail(f"{at}.before" if before else f"{at}.held", "position", error=str(error))
    for card in hand.held(position.seat):
        if expect and card.code not in expect:
            where.fail(f"{at}.expect", "expect-missing", card=card.code)
        if card.code in expect:
            said = hand.explain(card)
            legal, rule = expect[card.code]
            if (said.legal, said.rule) != (legal, rule):
                where.fail(f"{at}.expect", "expect-wrong", card=card.code, expected=json.dumps(legal), rule=rule,
                           said=json.dumps(said.legal), said_rule=said.rule, why=said)
    strays = set(expect) - {c.code for c in hand.held(position.seat)}
    if strays:
        where.fail(f"{at}.expect", "expect-strays", cards=", ".join(sorted(strays)))
    return position


def _check(raw: Any, where: _Where, at: str) -> Check:
    obj = where.mapping(raw, CHECK_FIELDS, required=CHECK_REQUIRED, at=at)
    key = where.name(obj["key"], f"{at}.key")
    choices = []
    for i, item in enumerate(where.list(obj["choices"], f"{at}.choices")):
        c = where.mapping(item, CHOICE_FIELDS, required=CHOICE_REQUIRED, at=f"{at}.choices[{i}]")
        feedback = where.text(c["feedback"], f"{at}.choices[{i}].feedback") if "feedback" in c else None
        choices.append(Choice(where.name(c["id"], f"{at}.choices[{i}].id"),
                              where.text(c["text"], f"{at}.choices[{i}].text"), feedback))
    if len(choices) < 2:
        where.fail(f"{at}.choices", "few-choices")
    ids = [c.id for c in choices]
    _unique(where, ids, f"{at}.choices", "twice-choice")
    answers = where.list(obj["answers"], f"{at}.answers")
    for answer in answers:
        if answer not in ids:
            where.fail(f"{at}.answers", "answer-not-choice", given=shown(answer), choices=", ".join(ids))
    if not answers or len(answers) == len(ids):
        where.fail(f"{at}.answers", "answers-all-or-none")
    for choice in choices:
        if choice.feedback is not None and choice.id in answers:
            where.fail(f"{at}.choices", "feedback-on-answer", given=shown(choice.id))
    rules = tuple(where.rule(r, f"{at}.rules[{i}]") for i, r in enumerate(where.list(obj.get("rules", []),
                                                                                       f"{at}.rules")))
    return Check(key, where.text(obj["question"], f"{at}.question"), tuple(choices), frozenset(answers),
                 where.text(obj["hint"], f"{at}.hint"), where.text(obj["why"], f"{at}.why"), rules)


@dataclass
class _Where:
    """Where the loader is (the file and the step), to name it in every error."""

    source: str
    step: int | None = None
    step_key: str | None = None
    known_keys: frozenset[str] = field(default_factory=lesson_keys)

    def fail(self, field_name: str, kind: str, **values: Any) -> NoReturn:
        raise LessonFileError(self.source, kind, values, step=self.step, step_key=self.step_key, field=field_name)

    @staticmethod
    def suggest(name: Any, known: Iterable[str]) -> str | None:
        """The known name closest to ``name``, shown, if one is close."""
        close = difflib.get_close_matches(str(name), list(known), n=1)
        return repr(close[0]) if close else None

    def mapping(self, value: Any, allowed: set[str], required: set[str], at: str = "") -> dict:
        prefix = f"{at}." if at else ""
        if not isinstance(value, Mapping):
            self.fail(at or "(top)", "not-object", shape=type(value).__name__)
        for name in value:
            if name not in allowed:
                self.fail(prefix + str(name), "unknown-field", fields=", ".join(sorted(allowed)),
                          close=self.suggest(name, allowed))
        for name in sorted(required):
            if name not in value:
                self.fail(prefix + name, "missing")
        return dict(value)

    def list(self, value: Any, at: str) -> list:
        if not isinstance(value, list):
            self.fail(at, "not-list", shape=type(value).__name__)
        return value

    def flag(self, value: Any, at: str) -> bool:
        if not isinstance(value, bool):
            self.fail(at, "not-flag", given=shown(value))
        return value

    def name(self, value: Any, at: str) -> str:
        if not isinstance(value, str) or not value or not all(ch.isalnum() or ch in "-_" for ch in value):
            self.fail(at, "not-name", given=shown(value))
        return value

    def rule(self, value: Any, at: str) -> str:
        try:
            rule_name(value)
        except (ValueError, TypeError):
            self.fail(at, "not-rule", given=shown(value))
        return value

    def cards(self, value: Any, at: str) -> str:
        if not isinstance(value, str):
            self.fail(at, "not-cards", given=shown(value))
        try:
            parse_cards(value)
        except HeartsError as error:
            for word in value.replace(",", " ").split():  # the card that cannot be read, if one is
                try:
                    Card.parse(word)
                except HeartsError:
                    self.fail(at, "bad-card", given=shown(word))
            self.fail(at, "cards", error=str(error))
        return value

    def text(self, value: Any, at: str) -> Text:
        if isinstance(value, str):
            if value not in self.known_keys:
                self.fail(at, "not-key", given=shown(value), close=self.suggest(value, self.known_keys))
            return Text(key=value)
        if not isinstance(value, Mapping):
            self.fail(at, "not-text", given=shown(value))
        if DEFAULT_LANGUAGE not in value:
            self.fail(at, "no-english")
        for lang, sentence in value.items():
            if lang not in LANGUAGES:
                self.fail(at, "not-language", given=shown(lang), languages=", ".join(LANGUAGES))
            if not isinstance(sentence, str) or not sentence.strip():
                self.fail(at, "empty-sentence", given=shown(lang))
        return Text(sentences=tuple(value.items()))
