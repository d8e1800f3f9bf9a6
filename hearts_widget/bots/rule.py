"""The rule-based bot: plays like a sound club player (see :mod:`.tactics`)."""

from __future__ import annotations

from typing import Sequence

from ..engine import Card, SeatView
from ..engine.cards import ALL_CARDS, mask_of
from ..engine.rules import MOON_POINTS
from .base import MoonChoice, best_moon_choice
from .table import Table
from .tactics import rule_pass, rule_play
from .variants import variant_play


class RuleBot:
    """Keeps out of point-taking tricks, ducks, sheds the Black Maria and high
    spades when safe, voids suits when passing, guards against and attempts the
    moon. In a variant, :func:`.variants.variant_play` looks again at the card
    (the Omnibus bonus, twins that cancel, Black Maria's spades). Deterministic:
    the same view always gets the same answer."""

    name = "rule"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose_pass(self, view: SeatView) -> list[Card]:
        return [ALL_CARDS[i] for i in rule_pass(mask_of(view.held), view.rules.deck_mask)]

    def choose_play(self, view: SeatView) -> Card:
        return variant_play(view, ALL_CARDS[rule_play(Table.of(view))])

    def choose_moon(self, seat: int, scores: Sequence[int], target: int,
                    moon_points: int = MOON_POINTS) -> MoonChoice:
        return best_moon_choice(seat, scores, target, moon_points)
