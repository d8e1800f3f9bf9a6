"""Errors, split by kind. All are ``ValueError`` subclasses, so ``except
ValueError`` catches every kind of bad input; each message names the input
and what is wrong with it."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .explain import Explanation


class HeartsError(ValueError):
    """Base class of every error the engine raises for bad input."""


class CardParseError(HeartsError):
    """Card text that cannot be read, e.g. ``"1X"``."""


class WrongPhase(HeartsError):
    """An action that does not belong to this phase (passing while playing...)."""


class OutOfTurn(HeartsError):
    """A seat acting when it is not that seat's turn."""


class CardNotHeld(HeartsError):
    """A card that the seat does not hold."""


class BadPosition(HeartsError):
    """A position given to ``Hand.from_cards`` that cannot occur."""


class RecordError(HeartsError):
    """A JSON record that is malformed, or that does not replay legally."""


class IllegalMove(HeartsError):
    """A move the rules forbid. ``error.explanation`` says which rule and why."""

    def __init__(self, explanation: Explanation) -> None:
        self.explanation = explanation
        super().__init__(explanation.text())
