"""Checks of the plain values the public API takes (seat numbers, hand
numbers, seeds, bitmasks), refused with a :class:`HeartsError` naming the
value whatever its type."""

from __future__ import annotations

from typing import Any

from .errors import HeartsError, shown

MAX_SEED = 2**63  # a seed is a whole number below this in size: records and the browser carry it
MAX_HAND_NUMBER = 100_000  # hands in one game: far more than any target lets a game last


def whole_number(value: Any, what: str, low: int | None = None, high: int | None = None,
                 error: type[HeartsError] = HeartsError) -> int:
    """``value`` if it is an ``int`` (not a bool) from ``low`` to ``high``; else ``error`` naming ``what``."""
    if type(value) is not int and (not isinstance(value, int) or isinstance(value, bool)):
        raise error(f"{what} must be a whole number{_bounds(low, high)}, not {shown(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise error(f"{what} must be a whole number{_bounds(low, high)}, not {shown(value)}")
    return value


def _bounds(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f" from {low} to {high}"
    if low is not None:
        return f" from {low}"
    if high is not None:
        return f" up to {high}"
    return ""


def bitmask(value: Any, what: str = "a set of cards") -> int:
    """A bitmask of cards (bit ``card.index``): a whole number from 0."""
    if type(value) is int and value >= 0:
        return value
    return whole_number(value, f"{what} (a bitmask of cards)", 0)


def tuple_of(value: Any, kind: type, what: str, described: str) -> tuple[Any, ...]:
    """``value`` if it is a tuple whose items are all ``kind`` (for ``int``: not
    bools); else HeartsError naming ``what``."""
    if not isinstance(value, tuple) or not all(
            isinstance(item, kind) and not (kind is int and isinstance(item, bool)) for item in value):
        raise HeartsError(f"{what} must be a tuple of {described}, not {shown(value)}")
    return value


def optional_seat(value: Any, what: str, players: int | None = None) -> int | None:
    """None, or a seat number (from 0, below ``players`` when given)."""
    if value is None:
        return None
    return whole_number(value, what, 0, players - 1 if players is not None else None)


def flag(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise HeartsError(f"{what} must be True or False, not {shown(value)}")
    return value


def short_text(value: Any, what: str, limit: int = 64) -> str:
    if not isinstance(value, str) or len(value) > limit:
        raise HeartsError(f"{what} must be a text of at most {limit} characters, not {shown(value)}")
    return value
