"""Errors, split by kind. All are ``ValueError`` subclasses, so ``except
ValueError`` catches every kind of bad input; each message names the input
and what is wrong with it."""

from __future__ import annotations

import reprlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .explain import Explanation

MAX_MESSAGE = 500  # characters: a message names the problem, it never carries the bad input whole


class _Short(reprlib.Repr):
    """``repr`` cut short: a prefix of long text, the size of huge numbers, a
    few items of big or deeply nested containers; never slow or failing."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxstring = self.maxother = self.maxlong = 40
        self.maxlist = self.maxtuple = self.maxdict = self.maxset = self.maxfrozenset = 5

    def repr_str(self, x: str, level: int) -> str:
        if len(x) <= self.maxstring:
            return repr(x)
        return f"{x[:self.maxstring]!r}… ({len(x)} characters)"

    def repr_bytes(self, x: bytes, level: int) -> str:
        if len(x) <= self.maxstring:
            return repr(x)
        return f"{x[:self.maxstring]!r}… ({len(x)} bytes)"

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 128:  # str() of a huge int is slow, and refused past 4300 digits
            return f"a whole number of {x.bit_length()} bits"
        return repr(x)


_SHORT = _Short()


def shown(value: Any) -> str:
    """How an error message shows a bad value: its ``repr``, cut to a short prefix."""
    text = _SHORT.repr(value)
    return text if len(text) <= 80 else text[:79] + "…"


def names(keys: list[Any]) -> str:
    """Field names for a message: short texts as they are, anything else shown; five at most."""
    shown_keys = [k if isinstance(k, str) and len(k) <= 40 else shown(k) for k in keys[:5]]
    return ", ".join(shown_keys) + (", …" if len(keys) > 5 else "")


class HeartsError(ValueError):
    """Base class of every error the engine raises for bad input. The message
    is at most ``MAX_MESSAGE`` characters, whatever it was built from."""

    def __init__(self, message: Any = "") -> None:
        text = message if isinstance(message, str) else shown(message)
        if len(text) > MAX_MESSAGE:
            text = text[:MAX_MESSAGE - 1] + "…"
        super().__init__(text)


class CardParseError(HeartsError):
    """Card text that cannot be read, e.g. ``"1X"``."""


class WrongPhase(HeartsError):
    """An action that does not belong to this phase (passing while playing...)."""


class OutOfTurn(HeartsError):
    """A seat acting when it is not that seat's turn."""


class CardNotHeld(HeartsError):
    """A card that the seat does not hold."""


class BadRules(HeartsError):
    """A ``Rules`` option with a value it cannot take; the message names the option."""


class BadPosition(HeartsError):
    """A position given to ``Hand.from_cards`` that cannot occur."""


class RecordError(HeartsError):
    """A JSON record that is malformed, or that does not replay legally."""


class IllegalMove(HeartsError):
    """A move the rules forbid. ``error.explanation`` says which rule and why."""

    def __init__(self, explanation: Explanation) -> None:
        from .explain import Explanation

        if not isinstance(explanation, Explanation):
            raise HeartsError(f"IllegalMove needs an Explanation, not {shown(explanation)}")
        self.explanation = explanation
        super().__init__(explanation.text())

    def __reduce__(self) -> tuple[type[IllegalMove], tuple[Explanation]]:
        return (IllegalMove, (self.explanation,))
