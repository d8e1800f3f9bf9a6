"""Learning measured: a short check before the lesson, the same kind after it, and
(when the teacher asks) again some days later.

A check asks one question per rule, for up to :data:`MAX_ITEMS` rules, drawn from the
lesson's own questions: for each rule the lesson asks about with two questions or more
(and not already drawn for another rule), the first one is its question *before* the
lesson (and *later*), the second its question *after*: parallel forms, so the check
after the lesson is not the one the learner answered before it (:func:`check_items`).

A class's teacher turns the checks on (:class:`CheckPlan`, kept in the class store);
:func:`with_checks` then gives the lesson three more steps: ``check-before`` first,
``check-after`` after the last step that asks or reviews, and ``check-later`` after it.
A check's answers are kept in its step's progress like any part's::

    "check-after": {"done": true, "seconds": 52.1,
                    "parts": {"demo": {"answers": {"quiz-follow": "no", ...}, "at": 1765000000.0}}}

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
from .mastery import check_rules, taught_rules

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


@dataclass(frozen=True)
class Item:
    """One rule a check measures, with its question before (and later) and its question after."""

    rule: str
    before: Check
    after: Check

    def question(self, kind: str) -> Check:
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
    two different questions of the lesson that ask about it (see the module's docstring)."""
    asked = [(check, check_rules(step, check)) for step in lesson.steps for check in step.checks]
    used: set[str] = set()
    items: list[Item] = []
    for rule in taught_rules(lesson):
        forms = [check for check, rules in asked if rule in rules and check.key not in used]
        if len(forms) >= 2 and len(items) < MAX_ITEMS:
            items.append(Item(rule, forms[0], forms[1]))
            used.update((forms[0].key, forms[1].key))
    return tuple(items)


def with_checks(lesson: Lesson, plan: CheckPlan | None) -> Lesson:
    """``lesson`` with the steps of the checks ``plan`` asks for (unchanged without a plan, or when the
    lesson has no rule asked twice): the check before first, the check after (and later) after the
    last step with boards or questions or a review."""
    if plan is None or isinstance(lesson, CheckedLesson) or not check_items(lesson):
        return lesson
    steps = list(lesson.steps)
    last = max(i for i, step in enumerate(steps) if step.positions or step.checks or step.review)
    after = [_check_step(kind) for kind in plan.kinds()[1:]]
    steps = [_check_step("before"), *steps[:last + 1], *after, *steps[last + 1:]]
    return CheckedLesson(lesson.id, lesson.title, tuple(steps), lesson.source, plan)


def _check_step(kind: str) -> Step:
    key = step_key(kind)
    return Step(key, _Words(key=f"{key}.title"), (_Words(key=f"{key}.body"),), demo=key)


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
    questions = {item.question(kind).key: item.question(kind) for item in check_items(lesson)}
    for key, choice in answers.items():
        if key not in questions:
            raise ValueError(f"answers: no question {key!r} in this check")
        if not isinstance(choice, str) or choice not in {c.id for c in questions[key].choices}:
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
        found[kind] = {item.rule: answers.get(item.question(kind).key) in item.question(kind).answers
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
