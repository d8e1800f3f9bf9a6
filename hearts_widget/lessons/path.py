"""The built-in lesson: its steps, positions and check questions, read from
``builtin.json`` (the lesson file format is in :mod:`.format`).

The path teaches in an order that builds: the aim of the game first, then
the cards, tricks, passing, the rules of play and scoring, a mixed review, a
strategy step with the coach, a quiz, the variants, the rules card, a hand
played with the coach and a whole game.
"""

from __future__ import annotations

from .format import Check, Lesson, Step, builtin_lesson
from .positions import Position

LESSON: Lesson = builtin_lesson()
STEPS: tuple[Step, ...] = LESSON.steps
POSITIONS: dict[str, Position] = LESSON.positions()
CHECKS: dict[str, Check] = LESSON.checks()


def step(key: str) -> Step:
    """The built-in step called ``key``; an unknown key is refused naming the choices."""
    return LESSON.step(key)
