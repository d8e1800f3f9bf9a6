"""Answering a check's exercises as a learner does, right or wrong (the checks' tests here
and the class's gains in tests/classroom/test_gains.py)."""

from __future__ import annotations

from hearts_widget.lessons.positions import Position
from hearts_widget.lessons.prepost import Exercise
from hearts_widget.lessons.prepost_view import CheckRound


def right_answer(exercise: Exercise) -> str:
    if isinstance(exercise, Position):
        return next(code for code, (legal, _rule) in exercise.expect.items() if legal)
    return exercise.answer


def wrong_answer(exercise: Exercise) -> str:
    if isinstance(exercise, Position):
        return next(code for code, (legal, _rule) in exercise.expect.items() if not legal)
    return next(c.id for c in exercise.choices if c.id not in exercise.answers)


def give(part: CheckRound, answer: str) -> None:
    """``answer`` to the exercise shown: a board's card played on its table, as the page sends it."""
    shown = part.shown
    assert shown is not None
    if isinstance(shown, Position):
        assert part.table is not None and part.board.layout.display != "none"
        part.table.send_intent({"type": "play", "card": answer, "state": part.table.state["id"]})
    else:
        part.answer(shown.key, answer)
