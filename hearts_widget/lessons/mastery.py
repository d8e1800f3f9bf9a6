"""Which rules a learner has mastered, and what to bring back to them.

Every board and question of a lesson asks about rules (RULES.md ids): a board
about the rules of its step that the engine judges its cards by, a question
about its own ``rules`` or its step's. A learner's answer to it is right
unaided when their first card (or choice) was right and they had not asked to
see the playable cards. A rule is mastered once answered right unaided twice
(:data:`MASTERED_AFTER`); a rule answered wrong and not mastered comes back at
the next review step (:func:`missed_before`). All of it follows from the
progress the browser keeps (:mod:`.progress`): nothing more is stored.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .checks import first_try_right, valid_tries
from .format import Check, Lesson, Step
from .positions import Position

MASTERED_AFTER = 2  # answers right unaided that master a rule
# A free lead cites who won the last trick: on a board about another rule it is not what is asked.
FREE_LEAD = "play.trick-winner"


def position_rules(step: Step, position: Position) -> tuple[str, ...]:
    """The rules a board asks about: those of its step (of the board's variant) its cards are
    judged by (their verdicts, or what they make happen: see ``Position.judged_by``), else its
    step's, else (a review) the rules its cards' verdicts cite."""
    judged = {rule for _legal, rule in position.expect.values()}
    variant = position.rules.variant
    of_board = tuple(r for r in step.rules if variant == "standard" or r.startswith(f"variant.{variant}."))
    asked = tuple(rule for rule in of_board if rule in position.judged_by)
    if asked or of_board:
        return asked or of_board
    return tuple(sorted(judged - {FREE_LEAD} or judged))


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
    """Every rule a board or question of the lesson asks about, in the order first asked."""
    rules: list[str] = []
    for step in lesson.steps:
        asked = [r for p in step.positions for r in position_rules(step, p)]
        asked += [r for c in step.checks for r in check_rules(step, c)]
        rules += [r for r in asked if r not in rules]
    return rules


def rule_progress(lesson: Lesson, progress: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Per rule asked about: answers right unaided, wrong (or helped), and whether mastered."""
    table = {rule: {"right": 0, "wrong": 0, "mastered": False} for rule in taught_rules(lesson)}
    for answer in answers(lesson, progress):
        for rule in answer.rules:
            if rule in table:
                table[rule]["right" if answer.right else "wrong"] += 1
    for row in table.values():
        row["mastered"] = row["right"] >= MASTERED_AFTER
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
