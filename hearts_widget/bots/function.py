"""A bot written as a function: ``def my_bot(view) -> card``, for learners who code.

The function is asked for each card to play and sees only its seat's
:class:`SeatView`. Passing is the rule bot's unless a ``passing`` function
(``view -> three cards``) is given; the moon choice is the best one
(:func:`best_moon_choice`). What the function returns is checked here, so a
wrong answer is refused naming the function and what it returned.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..engine import Card, HeartsError, SeatView
from ..engine.errors import shown
from ..engine.rules import MOON_POINTS
from .base import Bot, MoonChoice, best_moon_choice
from .rule import RuleBot

PlayFunction = Callable[[SeatView], Any]
PassFunction = Callable[[SeatView], Any]


class BotMistake(HeartsError):
    """A bot function returned something that is not a legal answer."""


class FunctionBot:
    """A :class:`Bot` made of a function that chooses the card to play (and,
    optionally, one that chooses the three cards to pass)."""

    def __init__(self, play: PlayFunction, passing: PassFunction | None = None, name: str | None = None) -> None:
        if not callable(play):
            raise TypeError(f"a bot function must be callable, like def my_bot(view): ..., not {play!r:.60}")
        if passing is not None and not callable(passing):
            raise TypeError(f"passing must be a function view -> three cards, not {passing!r:.60}")
        self.play = play
        self.passing = passing
        self.name = name or function_name(play)
        self._rule = RuleBot()

    def choose_play(self, view: SeatView) -> Card:
        answer = self.play(view)
        card = self._card(answer)
        if card not in view.legal:
            legal = " ".join(str(c) for c in view.legal)
            raise BotMistake(f"{self.name} returned {card}, which is not legal now (the legal cards: {legal})")
        return card

    def choose_pass(self, view: SeatView) -> list[Card]:
        if self.passing is None:
            return self._rule.choose_pass(view)
        answer = self.passing(view)
        if isinstance(answer, (str, Card)) or not isinstance(answer, Sequence | set | frozenset):
            raise BotMistake(f"{self.name}'s passing returned {shown(answer)}, not a list of three cards")
        cards = [self._card(item) for item in answer]
        if len(set(cards)) != 3 or any(card not in view.held for card in cards):
            raise BotMistake(f"{self.name}'s passing returned {' '.join(map(str, cards)) or 'no cards'}: "
                             f"it must be three different cards of its hand")
        return cards

    def choose_moon(self, seat: int, scores: Sequence[int], target: int,
                    moon_points: int = MOON_POINTS) -> MoonChoice:
        return best_moon_choice(seat, scores, target, moon_points)

    def _card(self, answer: Any) -> Card:
        """A card from what the function returned: a ``Card`` or card text like ``"QS"``."""
        card = as_card(answer)
        if card is None:
            raise BotMistake(f"{self.name} returned {shown(answer)}, not a card (return one of view.legal)")
        return card


def as_card(answer: Any) -> Card | None:
    """A card from what a learner's function returned (a ``Card`` or card text), else None."""
    if isinstance(answer, Card):
        return answer
    if isinstance(answer, str):
        try:
            return Card.parse(answer)
        except HeartsError:
            return None
    return None


def function_name(function: Callable[..., Any]) -> str:
    """The name a bot function goes by at the table: its ``__name__`` (``bot`` for a lambda)."""
    name = getattr(function, "__name__", "")
    return name if name.isidentifier() else "bot"


def as_bot(player: Any, passing: PassFunction | None = None) -> Bot:
    """A bot object as it is; a function as a :class:`FunctionBot` (passing with
    ``passing``, a function ``view -> three cards``, when given)."""
    if all(callable(getattr(player, name, None)) for name in ("choose_pass", "choose_play", "choose_moon")):
        if passing is not None:
            raise TypeError("passing= goes with a bot function, not a bot object (it passes by itself)")
        return player
    return FunctionBot(player, passing)
