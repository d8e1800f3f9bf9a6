"""The rules in force for a game: player count, target and house rules.

Every difference from the standard game is a named option with a one-line
comment, so a lesson can switch one rule at a time (RULES.md, "House rules").
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from functools import cached_property
from typing import Any, Literal

from .cards import FULL_DECK, HEARTS_MASK, QS_BIT, Card, Suit, cards_of, mask_of, parse_cards

MoonRule = Literal["choice", "self", "others", "off"]
PassDirection = Literal["left", "right", "across"]

MOON_RULES: tuple[str, ...] = ("choice", "self", "others", "off")
MOON_POINTS = 26
POINTS_PER_HAND = 26

# setup.deal: the cards stripped so that everyone gets the same number.
STRIPPED: dict[int, tuple[str, ...]] = {
    3: ("2D",),
    4: (),
    5: ("2D", "2C"),
    6: ("2D", "3D", "3C", "4C"),
    7: ("2D", "3D", "3C"),
}

# pass.rotation: the direction by hand number, repeating.
ROTATION: dict[int, tuple[PassDirection | None, ...]] = {4: ("left", "right", "across", None)}
DEFAULT_ROTATION: tuple[PassDirection | None, ...] = ("left", "right")

PASS_OFFSETS: dict[str, int] = {"left": 1, "right": -1, "across": 2}


@dataclass(frozen=True)
class Rules:
    """The rules of one game. Frozen; a bad value raises ``ValueError`` naming the field.

    >>> Rules(players=4, target=100)
    Rules(players=4, target=100)
    """

    players: int = 4
    # score.target: the game ends after the hand in which someone reaches this.
    target: int = 100
    # play.first-trick-no-points: no heart or Black Maria on the first trick.
    first_trick_no_points: bool = True
    # play.hearts-broken: the Black Maria breaks hearts as a heart does.
    maria_breaks_hearts: bool = True
    # play.hearts-lead: hearts may not be led until they are broken.
    hearts_must_be_broken: bool = True
    # score.moon: "choice" (the shooter chooses), "self" (always -26 to the
    # shooter), "others" (always +26 to everyone else) or "off" (no moon).
    moon: MoonRule = "choice"

    def __post_init__(self) -> None:
        for name in ("players", "target"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"Rules.{name} must be a whole number, not {value!r}")
        if self.players not in STRIPPED:
            raise ValueError(f"Rules.players must be from 3 to 7, not {self.players}")
        if self.target <= 0:
            raise ValueError(f"Rules.target must be a positive number of points, not {self.target}")
        for name in ("first_trick_no_points", "maria_breaks_hearts", "hearts_must_be_broken"):
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise ValueError(f"Rules.{name} must be True or False, not {value!r}")
        if self.moon not in MOON_RULES:
            raise ValueError(f"Rules.moon must be one of {', '.join(MOON_RULES)}, not {self.moon!r}")

    def __repr__(self) -> str:
        changed = [
            f"{f.name}={getattr(self, f.name)!r}"
            for f in fields(self)
            if f.name in ("players", "target") or getattr(self, f.name) != f.default
        ]
        return f"Rules({', '.join(changed)})"

    # -- setup ------------------------------------------------------------
    @cached_property
    def stripped(self) -> tuple[Card, ...]:
        """setup.deal: the cards removed from the pack for this many players."""
        return tuple(parse_cards(STRIPPED[self.players]))

    @cached_property
    def deck_mask(self) -> int:
        return FULL_DECK & ~mask_of(self.stripped)

    @cached_property
    def deck(self) -> tuple[Card, ...]:
        """The cards in play, in hand order."""
        return cards_of(self.deck_mask)

    @cached_property
    def cards_each(self) -> int:
        return (52 - len(STRIPPED[self.players])) // self.players

    @cached_property
    def first_lead_card(self) -> Card:
        """play.first-lead: the lowest club in play (the 3♣ with 5 players)."""
        return min(c for c in self.deck if c.suit is Suit.CLUBS)

    # -- passing ----------------------------------------------------------
    def pass_direction(self, number: int) -> PassDirection | None:
        """pass.rotation: where cards go in hand ``number`` (0 is the first hand)."""
        rotation = ROTATION.get(self.players, DEFAULT_ROTATION)
        return rotation[number % len(rotation)]

    def pass_target(self, seat: int, direction: PassDirection) -> int:
        """The seat that receives ``seat``'s cards. Left is the next seat in play order."""
        if direction == "across" and self.players != 4:
            raise ValueError(f"passing across needs 4 players, not {self.players}")
        return (seat + PASS_OFFSETS[direction]) % self.players

    # -- scoring ----------------------------------------------------------
    @staticmethod
    def points_in(mask: int) -> int:
        """score.points: 1 per heart, 13 for the Black Maria."""
        return (mask & HEARTS_MASK).bit_count() + (13 if mask & QS_BIT else 0)

    # -- records ----------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        if not isinstance(data, dict):
            raise ValueError(f"rules must be a JSON object, not {data!r}")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown rules field(s): {', '.join(unknown)}")
        return cls(**data)
