"""Which rules a learner has mastered, and what to bring back to them.

Every board and question of a lesson tests rules (RULES.md ids): a board the rules
its refused cards are refused by (any playable card is a right answer, so a board
where every card is playable tests none), a question its own ``rules`` or its
step's. A learner's answer to it is right unaided when their first card (or choice)
was right and they had not asked to see the playable cards. A rule is mastered once
answered right unaided twice, or as many times as the lesson asks it when that is
once (:func:`rights_needed`), so a learner right first time everywhere masters every
rule the lesson counts. A board or question answered wrong (or with help) whose rules
are not mastered comes back at the next review step (:func:`missed_before`), and a
few of them at a quiz, after its own questions (:func:`to_bring_back`); the lesson's
last review step comes after its last board. All of it follows from the
progress (:mod:`.progress`): nothing more is stored.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .checks import first_try_right, valid_tries
from .format import Check, Lesson, Step
from .positions import Position

MASTERED_AFTER = 2  # answers right unaided that master a rule the lesson asks more than once
QUIZ_RETRIES = 3  # at most this many boards and questions come back at a quiz, after its own questions


def position_rules(step: Step, position: Position) -> tuple[str, ...]:
    """The rules a board tests: those its refused cards are refused by, narrowed to its step's
    rules when it tests some of them; none when every card is playable (any card is right)."""
    refused = dict.fromkeys(rule for legal, rule in position.expect.values() if not legal)
    return tuple(rule for rule in step.rules if rule in refused) or tuple(sorted(refused))


def check_rules(step: Step, check: Check) -> tuple[str, ...]:
    """The rules a question asks about: its own, else its step's."""
    return check.rules or step.rules


@dataclass(frozen=True)
class Answer:
    """One board or question the learner answered: its part name, rules and whether right unaided."""

    part: str
    rules: tuple[str, ...]
    right: bool


def _parts(progress: dict[str, Any], step: Step) -> dict[str, Any]:
    record = progress.get("steps", {}).get(step.key, {})
    parts = record.get("parts", {}) if isinstance(record, dict) else {}
    return parts if isinstance(parts, dict) else {}


def _position_answer(state: Any) -> bool | None:
    """Right unaided (True), wrong or helped (False), or not answered (None), from a board's state."""
    first = state.get("first") if isinstance(state, dict) else None
    return first if isinstance(first, bool) else None


def answers(lesson: Lesson, progress: dict[str, Any]) -> list[Answer]:
    """Every board and question answered, in the lesson's order (a board brought back counts again)."""
    positions = {p.key: (s, p) for s in lesson.steps for p in s.positions}
    checks = {c.key: (s, c) for s in lesson.steps for c in s.checks}
    found = []
    for step in lesson.steps:
        parts = _parts(progress, step)
        again = parts.get("again")
        brought_back = list(again.items()) if isinstance(again, dict) else []
        for name, state in [*parts.items(), *brought_back]:
            kind, _, key = name.partition(":")
            if kind == "position" and key in positions:
                right = _position_answer(state)
                if right is not None:
                    found.append(Answer(name, position_rules(*positions[key]), right))
            elif kind == "check" and key in checks and isinstance(state, dict):
                check_step, check = checks[key]
                tries = valid_tries(check, state.get("tries"))
                if tries:
                    found.append(Answer(name, check_rules(check_step, check), first_try_right(check, tries)))
    return found


def taught_rules(lesson: Lesson) -> list[str]:
    """Every rule a board or question of the lesson tests, each once, in the order first asked:
    the rules its mastery row counts."""
    rules: list[str] = []
    for step in lesson.steps:
        asked = [r for p in step.positions for r in position_rules(step, p)]
        asked += [r for c in step.checks for r in check_rules(step, c)]
        rules += [r for r in dict.fromkeys(asked) if r not in rules]
    return rules


def rights_needed(lesson: Lesson) -> dict[str, int]:
    """Per rule the lesson counts, the answers right unaided that master it: :data:`MASTERED_AFTER`,
    or fewer when the lesson's boards and questions ask about it fewer times."""
    asked = dict.fromkeys(taught_rules(lesson), 0)
    for step in lesson.steps:
        for rules in [*(position_rules(step, p) for p in step.positions), *(check_rules(step, c) for c in step.checks)]:
            for rule in rules:
                asked[rule] += 1
    return {rule: min(MASTERED_AFTER, times) for rule, times in asked.items()}


def is_mastered(needed: dict[str, int], rule: str, right: int) -> bool:
    """Whether ``right`` answers right unaided master ``rule`` (``needed`` from :func:`rights_needed`)."""
    return right >= needed.get(rule, MASTERED_AFTER)


def rule_progress(lesson: Lesson, progress: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Per rule the lesson counts: answers right unaided, wrong (or helped), and whether mastered."""
    table = {rule: {"right": 0, "wrong": 0, "mastered": False} for rule in taught_rules(lesson)}
    for answer in answers(lesson, progress):
        for rule in answer.rules:
            if rule in table:
                table[rule]["right" if answer.right else "wrong"] += 1
    needed = rights_needed(lesson)
    for rule, row in table.items():
        row["mastered"] = is_mastered(needed, rule, row["right"])
    return table


def missed_before(lesson: Lesson, progress: dict[str, Any], step: Step) -> list[tuple[str, Position | Check]]:
    """The boards and questions before ``step`` answered wrong (or with help) whose rules are not
    mastered yet, in the lesson's order: what a review step brings back first, by part name."""
    table = rule_progress(lesson, progress)
    index = lesson.steps.index(step)
    missed: list[tuple[str, Position | Check]] = []
    for earlier in lesson.steps[:index]:
        parts = _parts(progress, earlier)
        for position in earlier.positions:
            rules = position_rules(earlier, position)
            if _position_answer(parts.get(f"position:{position.key}")) is False and \
                    not all(table[r]["mastered"] for r in rules):
                missed.append((f"position:{position.key}", position))
        for check in earlier.checks:
            state = parts.get(f"check:{check.key}")
            tries = valid_tries(check, state.get("tries")) if isinstance(state, dict) else []
            if tries and not first_try_right(check, tries) and \
                    not all(table[r]["mastered"] for r in check_rules(earlier, check)):
                missed.append((f"check:{check.key}", check))
    return missed


def few_to_retry(missed: list[tuple[str, Position | Check]], rules_of: dict[str, tuple[str, ...]],
                 limit: int = QUIZ_RETRIES) -> list[tuple[str, Position | Check]]:
    """At most ``limit`` of ``missed`` (from :func:`missed_before`), what a quiz brings back: first,
    in the lesson's order, each that asks a rule none chosen before asks (``rules_of`` gives a part's
    rules by name), so that the few cover as many rules as they can; then the others, in order."""
    chosen: list[tuple[str, Position | Check]] = []
    covered: set[str] = set()
    for name, part in missed:
        if len(chosen) < limit and not set(rules_of[name]) <= covered:
            chosen.append((name, part))
            covered |= set(rules_of[name])
    chosen += [item for item in missed if item not in chosen][:limit - len(chosen)]
    return sorted(chosen, key=missed.index)


def to_bring_back(lesson: Lesson, progress: dict[str, Any], step: Step) -> list[tuple[str, Position | Check]]:
    """What ``step`` brings back: at a review, all it missed before (:func:`missed_before`); at a
    quiz, a few of them (:func:`few_to_retry`), so that the quiz stays the five questions it says."""
    missed = missed_before(lesson, progress, step)
    if not step.quiz:
        return missed
    rules_of = {f"position:{p.key}": position_rules(s, p) for s in lesson.steps for p in s.positions}
    rules_of |= {f"check:{c.key}": check_rules(s, c) for s in lesson.steps for c in s.checks}
    return few_to_retry(missed, rules_of)
