"""Learning measured: a short check before the lesson, the same kind after it, and
(when the teacher asks) again some days later.

A check asks one question or board per rule, for up to :data:`MAX_ITEMS` rules, drawn from
the lesson's own boards and questions: for each rule the lesson tests with two boards of the
standard game or more, two of its boards; else, for a rule it asks about with two questions or
more, two of its questions (none already drawn for another rule). The first one is its
exercise *before* the lesson (and *later*), the second its exercise *after*: parallel forms,
so the check after the lesson is not the one the learner answered before it
(:func:`check_items`). On a board the learner's card is noted, never judged or played (the
table's ``note_only``); it is right when the rules allow it (the engine judges it afterwards).

A class's teacher turns the checks on (:class:`CheckPlan`, kept in the class store);
:func:`with_checks` then gives the lesson three more steps: ``check-before`` first,
``check-after`` after the last step that asks or reviews, and ``check-later`` after it.
A check's answers are kept in its step's progress like any part's::

    "check-after": {"done": true, "seconds": 52.1,
                    "parts": {"demo": {"answers": {"board:trick-winner": "9S", "quiz-points": "no", ...},
                                       "at": 1765000000.0}}}

A question's answer is a choice id under the question's key; a board's, a card's code under
``board:`` and the board's key (:func:`answer_key`).

``at`` is when the kernel saw the last answer (its clock, :func:`now`): the check later
opens ``later_days`` after the check after. A check counts once every question of it is
answered (:func:`scores`); the gain of a rule is its score after minus its score before.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..text.prepost import check_step_text
from .format import Check, Lesson, Step, Text
from .mastery import check_rules, position_rules, taught_rules
from .positions import Position

KINDS = ("before", "after", "later")
MAX_ITEMS = 8  # questions in one check: one per rule
DAY_S = 86_400.0
MAX_LATER_DAYS = 365


def now() -> float:
    """The kernel's clock, in seconds since the epoch (a test puts a fake clock here)."""
    return time.time()


def step_key(kind: str) -> str:
    """The key of the lesson step of the check ``kind``."""
    return f"check-{kind}"


@dataclass(frozen=True)
class CheckPlan:
    """The checks a teacher asked for: before and after the lesson, and with ``later_days``
    the same check again that many days after the check after."""

    later_days: int | None = None

    def __post_init__(self) -> None:
        days = self.later_days
        if days is not None and (isinstance(days, bool) or not isinstance(days, int)
                                 or not 1 <= days <= MAX_LATER_DAYS):
            raise ValueError(f"the check later: a whole number of days from 1 to {MAX_LATER_DAYS}, not {days!r}")

    def kinds(self) -> tuple[str, ...]:
        return KINDS if self.later_days else KINDS[:2]


Exercise = Check | Position  # what a check asks: a question, or a board


def answer_key(exercise: Exercise) -> str:
    """The key of ``exercise``'s answer in a check's answers (a board's under ``board:``: a board
    and a question of a lesson may share a key)."""
    return f"board:{exercise.key}" if isinstance(exercise, Position) else exercise.key


def is_right(exercise: Exercise, answer: object) -> bool:
    """Whether ``answer`` is right: an accepted choice of a question, a card a board's rules allow."""
    if isinstance(exercise, Check):
        return answer in exercise.answers
    held = {card.code for card in exercise.cards}
    return isinstance(answer, str) and answer in held and exercise.hand.explain(answer).legal


def class_plan(no_check: bool = False, later_days: int | None = None) -> CheckPlan | None:
    """The checks of a class as its teacher's options give them: before and after the lesson unless
    ``--no-check``, and with ``--check-later DAYS`` again that many days later. A lesson opened alone
    (no class) has none unless asked: see :class:`~hearts_widget.lessons.stepper.Lesson`."""
    return None if no_check else CheckPlan(later_days)


@dataclass(frozen=True)
class Item:
    """One rule a check measures, with its exercise before (and later) and its exercise after."""

    rule: str
    before: Exercise
    after: Exercise

    def question(self, kind: str) -> Exercise:
        return self.after if kind == "after" else self.before


@dataclass(frozen=True)
class CheckedLesson(Lesson):
    """A lesson with its checks as steps (:func:`with_checks`), and the plan they follow."""

    plan: CheckPlan = CheckPlan()


class _Words(Text):
    """A check step's words: from :mod:`hearts_widget.text.prepost`, not the lesson catalog."""

    def __call__(self, lang: str | None = None, **values: Any) -> str:
        return check_step_text(self.key or "", lang)


def check_items(lesson: Lesson) -> tuple[Item, ...]:
    """The rules a check of ``lesson`` measures, in the order the lesson first asks them, each with
    two different boards, or else two different questions, of the lesson that test it (see the
    module's docstring)."""
    boards: list[tuple[Exercise, tuple[str, ...]]] = [
        (position, position_rules(step, position)) for step in lesson.steps for position in step.positions
        if position.rules.variant == "standard"]
    questions: list[tuple[Exercise, tuple[str, ...]]] = [
        (check, check_rules(step, check)) for step in lesson.steps for check in step.checks]
    used: set[str] = set()
    items: list[Item] = []
    for rule in taught_rules(lesson):
        for asked in (boards, questions):
            forms = [form for form, rules in asked if rule in rules and answer_key(form) not in used]
            if len(forms) >= 2 and len(items) < MAX_ITEMS:
                items.append(Item(rule, forms[0], forms[1]))
                used.update((answer_key(forms[0]), answer_key(forms[1])))
                break
    return tuple(items)


def has_boards(lesson: Lesson) -> bool:
    """Whether the checks of ``lesson`` ask on boards too."""
    return any(isinstance(item.before, Position) for item in check_items(lesson))


def with_checks(lesson: Lesson, plan: CheckPlan | None) -> Lesson:
    """``lesson`` with the steps of the checks ``plan`` asks for (unchanged without a plan, or when the
    lesson has no rule asked twice): the check before first, the check after (and later) after the
    last step with boards or questions or a review."""
    if plan is None or isinstance(lesson, CheckedLesson) or not check_items(lesson):
        return lesson
    steps = list(lesson.steps)
    last = max(i for i, step in enumerate(steps) if step.positions or step.checks or step.review)
    boards = has_boards(lesson)
    after = [_check_step(kind, boards) for kind in plan.kinds()[1:]]
    steps = [_check_step("before", boards), *steps[:last + 1], *after, *steps[last + 1:]]
    return CheckedLesson(lesson.id, lesson.title, tuple(steps), lesson.source, plan)


def _check_step(kind: str, boards: bool) -> Step:
    key = step_key(kind)
    body = (_Words(key=f"{key}.body"), *([_Words(key="check.boards")] if boards else []))
    return Step(key, _Words(key=f"{key}.title"), body, demo=key)


def plan_of(lesson: Lesson) -> CheckPlan | None:
    """The checks ``lesson`` has (None: none)."""
    return lesson.plan if isinstance(lesson, CheckedLesson) else None


def check_kind(step: Step) -> str | None:
    """``before``, ``after`` or ``later`` for a check's step, else None."""
    kind = step.key.removeprefix("check-")
    return kind if kind in KINDS and step.demo == step.key else None


def check_state(lesson: Lesson, kind: str, state: Any) -> dict[str, Any]:
    """A check's saved state (``{"answers": {question: choice}, "at": seconds}``) checked against the
    lesson: a :class:`ValueError` names the first thing wrong (an unknown question or choice, a time
    that is not a time, or one given before every question is answered)."""
    if not isinstance(state, Mapping):
        raise ValueError(f"an object, not {type(state).__name__}")
    unknown = sorted(set(state) - {"answers", "at"})
    if unknown:
        raise ValueError(f"{unknown[0]}: not a field of a check")
    answers = state.get("answers", {})
    if not isinstance(answers, Mapping):
        raise ValueError(f"answers: an object, not {type(answers).__name__}")
    questions = {answer_key(item.question(kind)): item.question(kind) for item in check_items(lesson)}
    for key, choice in answers.items():
        if key not in questions:
            raise ValueError(f"answers: no question or board {key!r} in this check")
        asked = questions[key]
        if isinstance(asked, Position):
            if not isinstance(choice, str) or choice not in {card.code for card in asked.cards}:
                raise ValueError(f"answers.{key}: a card of the board's hand, not {choice!r}")
        elif not isinstance(choice, str) or choice not in {c.id for c in asked.choices}:
            raise ValueError(f"answers.{key}: one of the question's choices, not {choice!r}")
    at = state.get("at")
    if at is not None:
        if isinstance(at, bool) or not isinstance(at, (int, float)) or not math.isfinite(at) or at < 0:
            raise ValueError(f"at: a time in seconds, not {at!r}")
        if len(answers) != len(questions):
            raise ValueError("at: given before every question is answered")
    return dict(state)


def _state(progress: Mapping[str, Any], kind: str) -> Mapping[str, Any]:
    record = progress.get("steps", {}).get(step_key(kind), {})
    parts = record.get("parts", {}) if isinstance(record, Mapping) else {}
    state = parts.get("demo", {}) if isinstance(parts, Mapping) else {}
    return state if isinstance(state, Mapping) else {}


def finished_at(progress: Mapping[str, Any], kind: str) -> float | None:
    """When the check ``kind`` was finished, by the kernel's clock (None: not finished)."""
    at = _state(progress, kind).get("at")
    return float(at) if isinstance(at, (int, float)) and not isinstance(at, bool) else None


def scores(lesson: Lesson, progress: Mapping[str, Any]) -> dict[str, dict[str, bool]]:
    """Per check finished (``before``, ``after``, ``later``): per rule, whether its question was answered right."""
    plan = plan_of(lesson)
    found = {}
    for kind in plan.kinds() if plan is not None else ():
        if finished_at(progress, kind) is None:
            continue
        answers = _state(progress, kind).get("answers", {})
        found[kind] = {item.rule: is_right(item.question(kind), answers.get(answer_key(item.question(kind))))
                       for item in check_items(lesson)}
    return found


def later_opens(lesson: Lesson, progress: Mapping[str, Any]) -> float | None:
    """When the check later opens: ``later_days`` after the check after was finished (None: no check
    later, or the check after not finished yet)."""
    plan, after = plan_of(lesson), finished_at(progress, "after")
    if plan is None or not plan.later_days or after is None:
        return None
    return after + plan.later_days * DAY_S


def later_due(lesson: Lesson, progress: Mapping[str, Any]) -> bool:
    """Whether the check later is open and not finished yet (by :func:`now`)."""
    opens = later_opens(lesson, progress)
    return opens is not None and now() >= opens and finished_at(progress, "later") is None


def gain(before: bool | float, after: bool | float) -> float:
    """The gain from ``before`` to ``after`` (a right answer 1, a wrong one 0; or shares of learners)."""
    return float(after) - float(before)


def normalised_gain(before: float, after: float) -> float | None:
    """Hake's normalised gain: the share of what there was to learn that was learned,
    ``(after - before) / (1 - before)``; None when nothing was left to learn (``before`` is 1)."""
    return None if before >= 1 else (after - before) / (1 - before)
