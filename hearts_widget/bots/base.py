"""The bot interface: every opponent decides from its seat's view only.

A bot chooses three cards to pass, a card to play and, having shot the
moon, which way to score it. Bots see a :class:`SeatView`, never the whole
hand, so they cannot peek at other seats' cards.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Literal, Protocol

from ..engine import Card, Rules, SeatView
from ..engine.rules import MOON_POINTS

MoonChoice = Literal["self", "others"]


class Bot(Protocol):
    """What the table and the tournament need from an opponent."""

    name: str

    def choose_pass(self, view: SeatView) -> list[Card]:
        """Three cards from ``view.held`` to pass in ``view.pass_direction``."""
        ...

    def choose_play(self, view: SeatView) -> Card:
        """One of ``view.legal``."""
        ...

    def choose_moon(self, seat: int, scores: Sequence[int], target: int) -> MoonChoice:
        """Having shot the moon: ``"self"`` (-26 to me) or ``"others"`` (+26 to each other seat).
        ``scores`` are the totals before this hand. When the moon is worth other
        than 26 (Cancellation Hearts: 52) it is also given as ``moon_points=``
        (see :func:`ask_moon_choice`); a bot without that keyword reckons with 26."""
        ...


def best_moon_choice(seat: int, scores: Sequence[int], target: int, moon_points: int = MOON_POINTS) -> MoonChoice:
    """The moon choice that leaves ``seat`` best placed, given the totals before the hand
    and the moon's worth (``Rules.moon_points``: 26, or 52 in Cancellation Hearts).

    Adding ``moon_points`` to the others ends the game if one of them reaches the
    target: take it when ``seat`` then wins outright, else take them off. When
    neither choice ends the game the gaps between the players move the same
    either way, and bringing the end nearer helps whoever is leading.
    """
    others_after = [total + moon_points for s, total in enumerate(scores) if s != seat]
    if max(others_after) >= target:
        return "others" if scores[seat] < min(others_after) else "self"
    return "others" if scores[seat] <= min(scores) else "self"


def ask_moon_choice(bot: Bot, seat: int, scores: Sequence[int], rules: Rules) -> MoonChoice:
    """``bot``'s moon choice under ``rules``: ``moon_points`` is passed only when the
    moon is worth other than 26, so bots written before the variants keep working."""
    if rules.moon_points == MOON_POINTS:
        return bot.choose_moon(seat, scores, rules.target)
    return bot.choose_moon(seat, scores, rules.target, moon_points=rules.moon_points)  # type: ignore[call-arg]


class RandomBot:
    """A baseline: any legal card, any three cards to pass."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose_pass(self, view: SeatView) -> list[Card]:
        return self._rng.sample(list(view.held), 3)

    def choose_play(self, view: SeatView) -> Card:
        return self._rng.choice(view.legal)

    def choose_moon(self, seat: int, scores: Sequence[int], target: int,
                    moon_points: int = MOON_POINTS) -> MoonChoice:
        return best_moon_choice(seat, scores, target, moon_points)
