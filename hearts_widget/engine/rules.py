"""The rules in force for a game: player count, target, house rules and variant.

Every difference from the standard game is a named option with a one-line
comment, so a lesson can switch one rule at a time (RULES.md, "House rules"
and "Variants").

Variants (``Rules(variant=...)``) and the finer rule ids this project uses
under RULES.md's ``variant.*`` prefixes:

- ``"standard"``: the game of RULES.md.
- ``"omnibus"`` (``variant.omnibus``): the bonus card (``bonus_card``, the J♦
  or the 10♦) counts -10 to whoever takes it (``variant.omnibus.bonus``); the
  moon is every heart and the Black Maria, and with ``moon_needs_bonus`` the
  bonus card too; the shooter keeps the bonus (``variant.omnibus.moon``). A
  hand holds 16 points.
- ``"black-maria"`` (``variant.black-maria``): passing always to the right
  (``variant.black-maria.pass``); Q♠ 13, K♠ 10, A♠ 7, each heart 1
  (``variant.black-maria.points``, 43 in a hand); no moon; with
  ``first_trick_no_points`` none of the four point-carrying kinds of card may
  be discarded on the first trick (``variant.black-maria.first-trick``).
- ``"cancellation"`` (``variant.cancellation``), 5 to 10 players, two packs:
  as many cards each as divide evenly, the rest a face-down kitty
  (``variant.cancellation.deal``) that goes to the winner of the first trick
  (``variant.cancellation.kitty``; if the first trick is carried, the kitty
  goes with it); no passing (``variant.cancellation.no-pass``); the dealer
  of hand ``n`` is seat ``(n - 1) mod players`` so the player to the dealer's
  left, seat ``n mod players``, leads the first trick with any card but a
  heart, and with ``first_trick_no_points`` not the Black Maria either
  (``variant.cancellation.first-lead``); identical cards of the suit led
  cancel (``variant.cancellation.cancel``); a trick whose every card of the
  suit led is cancelled is carried: its leader leads again and the next
  trick's winner takes it, on the last trick its leader
  (``variant.cancellation.carry``); 52 points in a hand and the moon is all
  26 hearts and both Black Marias, for 52 (``variant.cancellation.moon``).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from functools import cached_property
from typing import Any, Literal

from .cards import ALL_CARDS, FULL_DECK, HEARTS_MASK, QS_BIT, Card, Suit, cards_of, mask_of, parse_cards
from .checks import MAX_HAND_NUMBER, bitmask, whole_number
from .errors import BadRules, HeartsError, names, shown

MoonRule = Literal["choice", "self", "others", "off"]
PassDirection = Literal["left", "right", "across"]
Variant = Literal["standard", "omnibus", "cancellation", "black-maria"]

MOON_RULES: tuple[str, ...] = ("choice", "self", "others", "off")
MOON_POINTS = 26
POINTS_PER_HAND = 26

VARIANTS: tuple[str, ...] = ("standard", "omnibus", "cancellation", "black-maria")
BONUS_CARDS: tuple[str, ...] = ("JD", "10D")  # variant.omnibus: the J♦, or the 10♦ as an option
BONUS_POINTS = -10
CANCELLATION_PLAYERS = range(5, 11)
KS_BIT = Card.parse("KS").bit
AS_BIT = Card.parse("AS").bit
# variant.black-maria.points: the spades that carry points beside the hearts.
BLACK_MARIA_SPADES: tuple[tuple[int, int], ...] = ((QS_BIT, 13), (KS_BIT, 10), (AS_BIT, 7))

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

MAX_TARGET = 1_000_000  # score.target: bounded, as a game's record is (records.MAX_ACTIONS)


@dataclass(frozen=True)
class Rules:
    """The rules of one game. Frozen; a bad value raises :class:`BadRules` (a ``ValueError``) naming the field.

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
    # Left out (None): "choice", or "off" in Black Maria, which has no moon.
    moon: MoonRule = None  # type: ignore[assignment]
    # variant.*: "standard", "omnibus", "cancellation" or "black-maria".
    variant: Variant = "standard"
    # variant.omnibus.bonus: the card worth -10, "JD" or "10D" (Omnibus only; left out: "JD").
    bonus_card: str | None = None
    # variant.omnibus.moon: the moon needs the bonus card too (Omnibus only).
    moon_needs_bonus: bool = False

    def __post_init__(self) -> None:
        if self.variant not in VARIANTS:
            raise BadRules(f"Rules.variant must be one of {', '.join(VARIANTS)}, not {shown(self.variant)}")
        for name in ("players", "target"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise BadRules(f"Rules.{name} must be a whole number, not {shown(value)}")
        if self.variant == "cancellation":
            if self.players not in CANCELLATION_PLAYERS:
                raise BadRules(f"Rules.players must be from 5 to 10 for Cancellation Hearts "
                               f"(variant.cancellation), not {shown(self.players)}")
        elif self.players not in STRIPPED:
            raise BadRules(f"Rules.players must be from 3 to 7, not {shown(self.players)}")
        self._check_variant_options()
        if self.target <= 0:
            raise BadRules(f"Rules.target must be a positive number of points, not {shown(self.target)}")
        if self.target > MAX_TARGET:
            raise BadRules(f"Rules.target must be at most {MAX_TARGET:,} points, not {shown(self.target)}")
        for name in ("first_trick_no_points", "maria_breaks_hearts", "hearts_must_be_broken"):
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise BadRules(f"Rules.{name} must be True or False, not {shown(value)}")
        if self.moon not in MOON_RULES:
            raise BadRules(f"Rules.moon must be one of {', '.join(MOON_RULES)}, not {shown(self.moon)}")

    def _check_variant_options(self) -> None:
        """Fill the options left out with the variant's defaults; refuse the
        combinations that make no sense in this variant."""
        omnibus = self.variant == "omnibus"
        if self.moon is None:
            object.__setattr__(self, "moon", "off" if self.variant == "black-maria" else "choice")
        elif self.variant == "black-maria" and self.moon != "off":
            raise BadRules(f"Black Maria has no moon (variant.black-maria): leave Rules.moon out "
                           f"or set it to 'off', not {shown(self.moon)}")
        if self.bonus_card is None:
            if omnibus:
                object.__setattr__(self, "bonus_card", "JD")
        elif not omnibus:
            raise BadRules(f"Rules.bonus_card is the bonus card of Omnibus Hearts: it needs "
                           f"variant='omnibus', not variant={shown(self.variant)}")
        elif self.bonus_card not in BONUS_CARDS:
            raise BadRules(f"Rules.bonus_card must be 'JD' or '10D' (variant.omnibus), not {shown(self.bonus_card)}")
        if not isinstance(self.moon_needs_bonus, bool):
            raise BadRules(f"Rules.moon_needs_bonus must be True or False, not {shown(self.moon_needs_bonus)}")
        if self.moon_needs_bonus and not omnibus:
            raise BadRules(f"Rules.moon_needs_bonus needs variant='omnibus' (the bonus card), "
                           f"not variant={shown(self.variant)}")
        if self.moon_needs_bonus and self.moon == "off":
            raise BadRules("Rules.moon_needs_bonus makes no sense with moon='off': there is no moon to shoot")

    def __repr__(self) -> str:
        defaults = Rules(players=self.players, target=self.target, variant=self.variant)
        changed = [
            f"{f.name}={getattr(self, f.name)!r}"
            for f in fields(self)
            if f.name in ("players", "target") or (f.name == "variant" and self.variant != "standard")
            or getattr(self, f.name) != getattr(defaults, f.name)
        ]
        return f"Rules({', '.join(changed)})"

    # -- setup ------------------------------------------------------------
    @cached_property
    def packs(self) -> int:
        """1, or 2 in Cancellation Hearts (104 cards: two of every card)."""
        return 2 if self.variant == "cancellation" else 1

    @cached_property
    def stripped(self) -> tuple[Card, ...]:
        """setup.deal: the cards removed from the pack for this many players
        (none with two packs: the leftover cards make the kitty instead)."""
        return tuple(parse_cards(STRIPPED.get(self.players, ()))) if self.packs == 1 else ()

    @cached_property
    def deck_mask(self) -> int:
        """The kinds of card in play (with two packs, each of them twice)."""
        return FULL_DECK & ~mask_of(self.stripped)

    @cached_property
    def deck(self) -> tuple[Card, ...]:
        """The cards in play, in hand order (with two packs, each card twice)."""
        once = cards_of(self.deck_mask)
        return once if self.packs == 1 else tuple(c for c in once for _ in range(2))

    @cached_property
    def cards_each(self) -> int:
        return len(self.deck) // self.players

    @cached_property
    def kitty_size(self) -> int:
        """variant.cancellation.deal: the cards left over after an even deal (0 with one pack)."""
        return len(self.deck) % self.players if self.packs == 2 else 0

    @cached_property
    def first_lead_card(self) -> Card | None:
        """play.first-lead: the lowest club in play (the 3♣ with 5 players).
        None in Cancellation Hearts, where the first lead is open (variant.cancellation.first-lead)."""
        if self.variant == "cancellation":
            return None
        return min(c for c in self.deck if c.suit is Suit.CLUBS)

    def dealer(self, number: int) -> int:
        """variant.cancellation: the dealer of hand ``number``; the deal moves left each hand,
        and the first hand's dealer is the last seat, so seat 0 leads first."""
        return (whole_number(number, "the hand number", 0, MAX_HAND_NUMBER) - 1) % self.players

    # -- passing ----------------------------------------------------------
    def pass_direction(self, number: int) -> PassDirection | None:
        """pass.rotation: where cards go in hand ``number`` (0 is the first hand);
        always right in Black Maria, never in Cancellation Hearts."""
        whole_number(number, "the hand number", 0, MAX_HAND_NUMBER)
        if self.variant == "black-maria":
            return "right"
        if self.variant == "cancellation":
            return None
        rotation = ROTATION.get(self.players, DEFAULT_ROTATION)
        return rotation[number % len(rotation)]

    def pass_target(self, seat: int, direction: PassDirection) -> int:
        """The seat that receives ``seat``'s cards. Left is the next seat in play order."""
        whole_number(seat, "seat", 0, self.players - 1)
        if not isinstance(direction, str) or direction not in PASS_OFFSETS:
            raise HeartsError(f"the pass direction is 'left', 'right' or 'across', not {shown(direction)}")
        if direction == "across" and self.players != 4:
            raise BadRules(f"passing across needs 4 players, not {self.players}")
        return (seat + PASS_OFFSETS[direction]) % self.players

    # -- scoring ----------------------------------------------------------
    @staticmethod
    def points_in(mask: int) -> int:
        """score.points: 1 per heart, 13 for the Black Maria (the standard game's
        points; :meth:`score` counts what the variant in force says)."""
        mask = bitmask(mask)
        return (mask & HEARTS_MASK).bit_count() + (13 if mask & QS_BIT else 0)

    @cached_property
    def card_values(self) -> tuple[tuple[int, int], ...]:
        """(bit, points) for every card worth points besides the hearts (1 each)."""
        if self.variant == "black-maria":
            return BLACK_MARIA_SPADES
        if self.variant == "omnibus":
            return ((QS_BIT, 13), (self.bonus.bit, BONUS_POINTS))  # type: ignore[union-attr]
        return ((QS_BIT, 13),)

    @cached_property
    def valued_cards(self) -> int:
        """The kinds of card worth points (positive or negative) in this variant."""
        return HEARTS_MASK | mask_of(c for c in ALL_CARDS if any(c.bit == bit for bit, _ in self.card_values))

    @cached_property
    def bonus(self) -> Card | None:
        """variant.omnibus.bonus: the card worth -10 (None outside Omnibus)."""
        return Card.parse(self.bonus_card) if self.bonus_card else None

    def score(self, once: int, twice: int = 0, *, magnitude: bool = False) -> int:
        """The points of a pile of cards under this variant: ``once`` holds every
        kind of card in it, ``twice`` the kinds it holds both copies of. With
        ``magnitude`` the Omnibus bonus counts by its size (10), so that 0 means
        the pile holds no card that changes a score."""
        if type(once) is not int or type(twice) is not int or once < 0 or twice < 0:
            bitmask(once, "once")
            bitmask(twice, "twice")
        points = (once & HEARTS_MASK).bit_count()
        if twice:
            points += (twice & HEARTS_MASK).bit_count()
        for bit, value in self.card_values:
            if once & bit:
                value = abs(value) if magnitude else value
                points += value
                if twice & bit:
                    points += value
        return points

    def card_points(self, card: Card) -> int:
        """The points one card carries in this variant."""
        return self.score(Card.parse(card).bit)

    @cached_property
    def points_per_hand(self) -> int:
        """Every card's points added up: 26, Omnibus 16, Black Maria 43, Cancellation 52."""
        return self.score(self.deck_mask, self.deck_mask if self.packs == 2 else 0)

    @cached_property
    def moon_cards(self) -> int:
        """score.moon: the kinds of card the shooter must take (every copy of them):
        the hearts and the Black Maria, in Omnibus with moon_needs_bonus the bonus too."""
        if self.moon_needs_bonus:
            return HEARTS_MASK | QS_BIT | self.bonus.bit  # type: ignore[union-attr]
        return HEARTS_MASK | QS_BIT

    @cached_property
    def moon_points(self) -> int:
        """score.moon: what shooting the moon is worth: 26, or 52 with two packs (0: no moon)."""
        if self.moon == "off":
            return 0
        return MOON_POINTS * self.packs

    @cached_property
    def first_trick_points(self) -> int:
        """play.first-trick-no-points: the cards that may not be discarded on the first
        trick, the hearts and the Black Maria (in Black Maria, the K♠ and A♠ too)."""
        if self.variant == "black-maria":
            return HEARTS_MASK | QS_BIT | KS_BIT | AS_BIT
        return HEARTS_MASK | QS_BIT

    def in_force(self) -> tuple[tuple[str, str, dict[str, Any]], ...]:
        """The rules in force as (rule id, code, facts), one per line of a rules card, in the
        order a hand is played: the whole game for this table, its variant and house rules
        included; :func:`hearts_widget.text.rules_card` turns them into sentences."""
        lines: list[tuple[str, str, dict[str, Any]]] = [
            (f"variant.{self.variant}" if self.variant != "standard" else "setup.deal", f"variant-{self.variant}",
             {"players": self.players, "cards_each": self.cards_each, "kitty": self.kitty_size}),
            ("setup.deal", "ranks", {}),  # the ace high, no trumps, and which card is the Black Maria
        ]
        cancellation = self.variant == "cancellation"
        if not cancellation:  # setup.deal: with two packs the leftover cards make the kitty instead
            lines.append(("setup.deal", "stripped" if self.stripped else "stripped-none",
                          {"players": self.players, "cards": self.stripped}))
            lines.append(("pass.three", "pass-three", {}))
            lines.append(("pass.simultaneous", "pass-simultaneous", {}))
        if self.variant == "black-maria":
            lines.append(("variant.black-maria.pass", "black-maria-pass", {}))
        elif not cancellation:
            lines.append(("pass.rotation", "rotation-four" if self.players in ROTATION else "rotation-two", {}))
        if cancellation:
            lines.append(("variant.cancellation.first-lead",
                          "first-lead-open-no-maria" if self.first_trick_no_points else "first-lead-open", {}))
        else:
            lines.append(("play.first-lead", "first-lead", {"card": self.first_lead_card}))
        lines.append(("play.follow-suit", "follow-suit", {}))
        lines.append(("play.discard", "discard", {}))
        lines.append(("play.trick-winner", "play-left", {}))
        lines.append(("play.trick-winner", "trick-winner", {}))
        if cancellation:
            lines.append(("variant.cancellation.cancel", "cancellation-cancel", {}))
            lines.append(("variant.cancellation.carry", "cancellation-carry", {}))
            if self.kitty_size:
                lines.append(("variant.cancellation.kitty", "cancellation-kitty", {}))
        lines.append(("play.first-trick-no-points",
                      "first-trick-no-points-on" if self.first_trick_no_points else "first-trick-no-points-off", {}))
        lines.append(("play.hearts-broken",
                      "maria-breaks-hearts-on" if self.maria_breaks_hearts else "maria-breaks-hearts-off", {}))
        lines.append(("play.hearts-lead",
                      "hearts-must-be-broken-on" if self.hearts_must_be_broken else "hearts-must-be-broken-off", {}))
        if self.hearts_must_be_broken:  # play.hearts-lead: only hearts and the Black Maria left
            lines.append(("play.hearts-lead", "maria-only-lead", {}))
        lines.append(("play.black-maria-lead", "black-maria-lead", {}))
        if self.variant == "black-maria":
            lines.append(("variant.black-maria.points", "black-maria-points", {"hand_points": self.points_per_hand}))
        else:
            lines.append(("score.points", "points-two-packs" if cancellation else "points", {}))
        if self.variant == "omnibus":
            lines.append(("variant.omnibus.bonus", "bonus-card", {"card": self.bonus, "points": BONUS_POINTS}))
        moon_code = f"moon-{self.moon}" + ("-bonus" if self.moon_needs_bonus else "")
        lines.append(("variant.cancellation.moon" if cancellation else "score.moon", moon_code,
                      {"points": self.moon_points}))
        if self.variant == "omnibus" and self.moon != "off":
            lines.append(("variant.omnibus.moon", "omnibus-moon", {"card": self.bonus}))
        lines.append(("score.sheet", "score-sheet-below-zero" if self.below_zero else "score-sheet", {}))
        lines.append(("score.target", "target", {"target": self.target, "hand_points": self.points_per_hand}))
        lines.append(("score.winner", "winner", {}))
        return tuple(lines)

    @cached_property
    def below_zero(self) -> bool:
        """score.sheet: whether a total can fall below zero: a moon taken off the shooter's
        own total, or the Omnibus bonus card's -10."""
        return self.moon in ("choice", "self") or self.variant == "omnibus"

    # -- records ----------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The rules as JSON; the variant fields only when they differ from the
        standard game, so records of standard games stay as they were."""
        data = asdict(self)
        if self.variant == "standard":
            for name in ("variant", "bonus_card", "moon_needs_bonus"):
                del data[name]
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        if not isinstance(data, dict):
            raise BadRules(f"rules must be a JSON object, not {shown(data)}")
        known = {f.name for f in fields(cls)}
        unknown = [key for key in data if key not in known]
        if unknown:
            raise BadRules(f"unknown rules field(s): {names(unknown)}; "
                           f"the fields are {', '.join(sorted(known))}")
        return cls(**data)
