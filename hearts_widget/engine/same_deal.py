"""Same deal, other rules: replay a hand's deal under changed options, side by side.

``same_deal(hand, maria_breaks_hearts=False)`` deals the same cards again (the
same seed and hand number, or the same starting position) under the changed
rules and replays the moves, so a lesson or the table can show what one rule
changes. The replay policy, when the original move no longer fits:

- Passing: each seat passes the same three cards, in the direction the new
  rules give. A seat that did not pass in the original (no pass that hand)
  but must now passes its three highest cards (ace high, hearts before spades
  before diamonds before clubs on a tie); with no pass under the new rules the
  passes are left out.
- Play: the seat to move plays the first card of its own original order of
  play that it holds and that is legal now; if none is, its lowest legal card
  (by rank, then hand order). Each such substitution is listed in
  ``SameDeal.changed_plays``.
- Only as many cards are played as in the original, so a hand in progress is
  compared as it stands.

The deal must be the same cards: the player count and the number of packs
cannot change (a ``HeartsError`` says so).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from .cards import Card
from .checks import tuple_of
from .errors import HeartsError, shown
from .explain import FrozenFacts
from .hand import Hand
from .rules import Rules


@dataclass(frozen=True)
class ChangedPlay:
    """A play the replay could not copy: ``seat`` played ``played`` in the original
    at that point, and ``now`` under the new rules (trick numbers from 1)."""

    trick_number: int
    seat: int
    played: Card | None
    now: Card


@dataclass(frozen=True)
class SameDeal:
    """One deal played under two sets of rules."""

    before: Hand
    after: Hand
    changes: dict[str, tuple[Any, Any]]        # option -> (old value, new value)
    changed_plays: tuple[ChangedPlay, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.before, Hand) or not isinstance(self.after, Hand):
            raise HeartsError(f"SameDeal compares two Hands, not {shown(self.before)} and {shown(self.after)}")
        if not isinstance(self.changes, dict) or not all(
                isinstance(k, str) and isinstance(v, tuple) and len(v) == 2 for k, v in self.changes.items()):
            raise HeartsError(f"SameDeal.changes maps option names to (old, new), not {shown(self.changes)}")
        object.__setattr__(self, "changes", FrozenFacts(self.changes))
        tuple_of(self.changed_plays, ChangedPlay, "SameDeal.changed_plays", "ChangedPlay")

    @property
    def points(self) -> tuple[tuple[int, int], ...]:
        """(points before, points after) per seat, as each variant counts them (the moon not applied)."""
        return tuple(zip(self.before.points(), self.after.points(), strict=True))

    @property
    def moon_shooters(self) -> tuple[int | None, int | None]:
        return self.before.moon_shooter, self.after.moon_shooter

    @property
    def same_play(self) -> bool:
        """True when every card was played as in the original."""
        return not self.changed_plays

    def _repr_html_(self) -> str:
        from .display import same_deal_html

        return same_deal_html(self)

    def rows(self) -> list[dict[str, Any]]:
        """One row per seat for a side-by-side table: seat, points before and after, difference."""
        return [{"seat": seat, "before": old, "after": new, "difference": new - old}
                for seat, (old, new) in enumerate(self.points)]


def same_deal(hand: Hand, **changes: Any) -> SameDeal:
    """Replay ``hand``'s deal and moves under its rules with ``changes`` applied
    (e.g. ``variant="omnibus"``, ``first_trick_no_points=False``); see the module
    docstring for what happens when a move no longer fits."""
    if not isinstance(hand, Hand):
        raise HeartsError(f"same_deal needs a Hand, not {shown(hand)}")
    if not changes:
        raise HeartsError("name at least one rule to change, e.g. same_deal(hand, maria_breaks_hearts=False)")
    old = hand.rules
    new = changed_rules(old, changes)
    if new.players != old.players or new.packs != old.packs:
        raise HeartsError("the same deal needs the same players and packs: players and the Cancellation "
                          "variant cannot be changed, only rules of play and scoring")
    start = _deal_again(hand, new)
    replayed, changed = _replay(hand, start)
    differences = {name: (getattr(old, name), getattr(new, name)) for name in changes
                   if getattr(old, name) != getattr(new, name)}
    return SameDeal(hand, replayed, differences, tuple(changed))


def changed_rules(rules: Rules, changes: dict[str, Any]) -> Rules:
    """``rules`` with ``changes``; when the variant changes, the options that belong
    to a variant (the moon left at its default, the bonus card) take the new
    variant's defaults unless given."""
    known = set(Rules.__dataclass_fields__)
    unknown = sorted(set(changes) - known)
    if unknown:
        raise HeartsError(f"unknown rules option(s) {', '.join(unknown)}; the options are {', '.join(sorted(known))}")
    values = {name: getattr(rules, name) for name in known}
    if changes.get("variant", rules.variant) != rules.variant:
        if rules.moon == Rules(players=rules.players, variant=rules.variant).moon:
            values["moon"] = None
        values.update(bonus_card=None, moon_needs_bonus=False)
    values.update(changes)
    return Rules(**values)


def _deal_again(hand: Hand, rules: Rules) -> Hand:
    """The same cards under ``rules``: the same seed and number, or the same starting position."""
    if hand.seed is not None:
        return Hand.deal(rules, hand.seed, hand.number)
    start = hand._start
    direction = rules.pass_direction(hand.number) if start["pass_direction"] is not None else None
    return Hand.from_cards(rules, start["hands"], direction, leader=start["leader"], trick=start["trick"],
                           taken=start["taken"], number=hand.number, kitty=start.get("kitty", ()))


def _replay(original: Hand, hand: Hand) -> tuple[Hand, list[ChangedPlay]]:
    if hand.phase == "pass":
        passes = dict(original._pass_log)
        for seat in range(hand.players):
            cards = passes.get(seat) or [c.code for c in _highest_three(hand.held(seat))]
            hand = hand.pass_cards(seat, cards)
    tricks = original.tricks + (original.trick,)
    played = [(seat, card) for trick in tricks for seat, card in zip(trick.seats, trick.cards, strict=True)]
    played = played[len(original._start["trick"]):]  # cards on the table at the start are not moves
    order: dict[int, list[Card]] = {seat: [] for seat in range(hand.players)}
    for seat, card in played:
        order[seat].append(card)
    total = len(played)
    changed: list[ChangedPlay] = []
    for _ in range(total):
        if hand.phase != "play":
            break
        mover = hand.to_move
        assert mover is not None  # the play phase always has a seat to move
        legal = hand.legal_moves()
        wanted = order[mover][0] if order[mover] else None
        kept = next((c for c in order[mover] if c in legal), None)
        card = kept if kept is not None else min(legal, key=lambda c: (c.rank, c.index))
        if card is not wanted:
            changed.append(ChangedPlay(len(hand.tricks) + 1, mover, wanted, card))
        if card in order[mover]:
            order[mover].remove(card)
        hand = hand.play(card)
    return hand, changed


def _highest_three(cards: tuple[Card, ...]) -> list[Card]:
    counted = Counter(cards)
    ranked = sorted(counted.elements(), key=lambda c: (c.rank, c.suit), reverse=True)
    return ranked[:3]
