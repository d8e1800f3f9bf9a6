"""The rule-based bot: plays like a sound club player (see :mod:`.tactics`)."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import Card, SeatView
from ..engine.cards import ALL_CARDS
from ..engine.rules import MOON_POINTS
from .base import MoonChoice, best_moon_choice
from .table import Table
from .tactics import decide
from .variants import variant_decide, variant_pass


class RuleBot:
    """Keeps out of point-taking tricks, ducks, sheds the Black Maria and high
    spades when safe, voids suits when passing, guards against and attempts the
    moon. In a variant, :func:`.variants.variant_decide` looks again at the card
    (the Omnibus bonus, twins that cancel, Black Maria's spades), and the
    Omnibus bonus is never passed. Deterministic:
    the same view always gets the same answer."""

    name = "rule"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose_pass(self, view: SeatView) -> list[Card]:
        return [ALL_CARDS[i] for i in variant_pass(view)]

    def choose_play(self, view: SeatView) -> Card:
        index, reason = decide(Table.of(view))
        return variant_decide(view, ALL_CARDS[index], reason)[0]

    def choose_moon(self, seat: int, scores: Sequence[int], target: int,
                    moon_points: int = MOON_POINTS) -> MoonChoice:
        return best_moon_choice(seat, scores, target, moon_points)
