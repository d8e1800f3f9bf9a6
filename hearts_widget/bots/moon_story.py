"""score.moon in a finished hand, from one seat's side: a moon it shot, went for
and missed, or stopped. Structured facts; :mod:`hearts_widget.text.moon` says them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..engine import Hand
from ..engine.cards import QS_BIT
from .tactics import MOON_ALARM_HEARTS, MOON_ALARM_QUEEN_HEARTS

MoonKind = Literal["made", "missed", "stopped"]


@dataclass(frozen=True)
class MoonStory:
    """``made``: the seat shot the moon; ``missed``: it had taken every point so far,
    enough for the others to guard (the bots' alarm), and ``other`` took one on trick
    ``trick`` (counted from 1); ``stopped``: ``other`` had, and the seat took that point."""

    kind: MoonKind
    trick: int
    other: int | None = None


def moon_story(hand: Hand, seat: int) -> MoonStory | None:
    """The moon story of ``seat`` in ``hand`` (finished), or None. One pack only: with two
    packs the face-down kitty hides who took some points."""
    rules = hand.rules
    if not rules.moon_points or rules.packs != 1:
        return None
    if hand.moon_shooter == seat:
        return MoonStory("made", len(hand.tricks))
    holder: int | None = None
    hearts = queens = 0
    for number, trick in enumerate(hand.tricks, start=1):
        moon = [c for c in trick.cards if c.bit & rules.moon_cards]
        if not moon or trick.winner is None:
            continue
        if holder is None or trick.winner == holder:
            holder = trick.winner
            hearts += sum(c.is_heart for c in moon)
            queens += sum(bool(c.bit & QS_BIT) for c in moon)
            continue
        if hearts < (MOON_ALARM_QUEEN_HEARTS if queens else MOON_ALARM_HEARTS):
            return None
        if holder == seat:
            return MoonStory("missed", number, trick.winner)
        if trick.winner == seat:
            return MoonStory("stopped", number, holder)
        return None
    return None
