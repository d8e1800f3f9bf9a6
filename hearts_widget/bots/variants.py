"""Variant sense on top of the rule-based play (RULES.md, "Variants").

The rule-based tactics (:mod:`.tactics`) play on bitmasks and know the
variant only as the cards that cost points and the moon's worth. In a variant
this layer looks again at the proposed card, and gives the reason code the
coach puts into words (the rule-based bot and the coach both decide through
:func:`variant_decide`, so they follow one set of rules):

- Last to play to a trick, every legal card's outcome is known exactly (the
  engine's own trick winner, twins cancelling in Cancellation Hearts): play a
  card that takes the fewest points for this seat, which takes the Omnibus
  bonus when the trick is worth it (``bonus-take``), plays a twin to cancel a
  winning card (``cancel-twin``) and never gives the bonus away on a tie.
- Omnibus: the bonus card is wanted, so it is not thrown away on another
  player's trick while another card can be discarded (``bonus-keep``).
- Black Maria: a seat discarding on another player's trick sheds the card
  worth the most (``discard-points``; in a paired test of 300 hands, -0.22 ±
  0.12 points a hand with 4 players; no gain in the other variants, so only here).
- Cancellation Hearts: a cancelled card cannot win, so ducking means staying
  under the card that wins now; when every card of the suit led is cancelled,
  whatever follows suit wins for now, so play low (``cancel-all``).

A card taken on purpose against a moon or for one (reasons ``guard-*`` and
``moon-*``) stands. Otherwise the proposed card stands.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..engine import Card, SeatView
from ..engine.cards import ALL_CARDS, iter_bits, mask_of, multiset_of
from ..engine.rules import Rules
from ..engine.trick import cancellation_winner, trick_winner
from .sim import Policy, cancellation_winner_index, trick_winner_index
from .table import Table
from .tactics import decide, rule_pass, rule_play

# The reasons whose sentences name the card or seat winning the trick now: in
# Cancellation Hearts, when every card of the suit led is cancelled, there is none.
NAMING_WINNER = ("duck", "queen-under", "must-win-last", "must-win-low", "must-win-high", "discard-queen",
                 "discard-heart", "guard-no-points", "guard-give-points", "discard-points")

# The reasons of the rule-based play that take points on purpose (against a
# moon, or for one): the variant layer leaves them alone.
MOON_REASONS = ("guard-", "moon-")


def variant_play(view: SeatView, proposed: Card) -> Card:
    """The card to play in a variant, given the rule-based ``proposed`` card."""
    return variant_decide(view, proposed, "")[0]


def variant_decide(view: SeatView, proposed: Card, reason: str) -> tuple[Card, str, dict[str, Any]]:
    """The card to play, its reason code and the facts the reason adds, given the
    rule-based tactics' ``proposed`` card and ``reason`` (kept when the variant
    changes nothing). The coach and the rule-based bot both decide through here."""
    rules = view.rules
    if rules.variant == "standard" or len(view.legal) == 1:
        return proposed, reason, {}
    trick = view.trick
    if reason.startswith(MOON_REASONS):
        led = trick.led_suit
        bonus = rules.bonus
        if bonus is not None and proposed is bonus and led is not None and led is not bonus.suit:
            # Against a moon, still not the bonus onto another player's trick.
            proposed = max((c for c in view.legal if c is not bonus),
                           key=lambda c: (rules.card_points(c) <= 0, c.rank, c.index))
        if reason in NAMING_WINNER and current_winner(view) is None:
            return proposed, "moon-keep" if reason.startswith("moon-") else "discard-high", {}
        return proposed, reason, {}
    if len(trick.cards) == rules.players - 1:
        return _last_to_play(view, proposed, reason)
    led = trick.led_suit
    discarding = led is not None and proposed.suit is not led
    bonus = rules.bonus
    if bonus is not None and proposed is bonus and discarding:
        card = max((c for c in view.legal if c is not bonus), key=lambda c: (rules.card_points(c), c.rank, c.index))
        return card, "bonus-keep", {"bonus": bonus}
    if rules.variant == "black-maria" and discarding:
        most = max(view.legal, key=lambda c: (rules.card_points(c), c.rank, c.index))
        if rules.card_points(most) > rules.card_points(proposed):
            return most, "discard-points", {"points": rules.card_points(most)}
    if rules.packs == 2 and led is not None:
        return _cancellation_follow(view, proposed, reason, discarding)
    return proposed, reason, {}


def variant_pass(view: SeatView) -> list[int]:
    """The rule-based pass (card indexes) under the rules in force: in Omnibus the
    bonus card, worth -10 to whoever takes it, is kept (variant.omnibus.bonus)."""
    keep = view.rules.bonus.bit if view.rules.bonus is not None else 0
    return rule_pass(mask_of(view.held), view.rules.deck_mask, keep, view.rules.moon_points > 0)


def current_winner(view: SeatView) -> tuple[int, Card] | None:
    """The seat and card winning the trick on the table now (play.trick-winner;
    in Cancellation Hearts the highest card not cancelled by its twin, None
    when every card of the suit led is cancelled); None before the lead."""
    trick = view.trick
    if not trick.cards:
        return None
    if view.rules.packs == 2:
        seat, card, _ = cancellation_winner(trick.leader, trick.cards, view.rules.players)
        return None if seat is None or card is None else (seat, card)
    return trick_winner(trick.leader, trick.cards, view.rules.players)


def points_taken(view: SeatView, card: Card) -> int:
    """The points this seat takes if it plays ``card`` last to the trick (0 if another seat wins)."""
    rules = view.rules
    cards = view.trick.cards + (card,)
    leader = view.trick.leader
    if rules.packs == 2:
        winner, _, _ = cancellation_winner(leader, cards, rules.players)
        last = len(view.held) == 1
        if winner is None:
            winner = leader if last else None
        if winner != view.seat:
            return 0
        return rules.score(*multiset_of(cards + view.carried))  # the kitty is unseen: not counted
    winner, _ = trick_winner(leader, cards, rules.players)
    return rules.score(*multiset_of(cards)) if winner == view.seat else 0


def wins_now(view: SeatView, card: Card) -> bool:
    """Whether ``card`` would be winning the trick once played (more cards may follow)."""
    cards = view.trick.cards + (card,)
    if view.rules.packs == 2:
        seat, _, _ = cancellation_winner(view.trick.leader, cards, view.rules.players)
    else:
        seat, _ = trick_winner(view.trick.leader, cards, view.rules.players)
    return seat == view.seat


def _last_to_play(view: SeatView, proposed: Card, reason: str) -> tuple[Card, str, dict[str, Any]]:
    """Last to play, every card's outcome is known: take the fewest points, and
    of those cards keep the Omnibus bonus rather than give it to another seat."""
    bonus = view.rules.bonus
    outcomes = {card: points_taken(view, card) for card in view.legal}
    best = min(outcomes.values())
    choices = [card for card, points in outcomes.items() if points == best]

    def gives_bonus(card: Card) -> bool:
        return card is bonus and not wins_now(view, card)

    card = proposed
    if proposed not in choices or gives_bonus(proposed):
        card = max(choices, key=lambda c: (not gives_bonus(c), c.rank, c.index))
    facts: dict[str, Any] = {"points": best}
    if card is bonus and wins_now(view, card):
        return card, "bonus-take", {**facts, "bonus": bonus}
    led = view.trick.led_suit
    if view.rules.packs == 2 and card.suit is led and card in view.trick.cards:
        return card, "cancel-twin", facts
    if gives_bonus(proposed):
        return card, "bonus-keep", {"bonus": bonus}
    if card is not proposed or (reason == "last-no-points" and best) or \
            (reason in NAMING_WINNER and current_winner(view) is None):
        return card, "last-fewest", facts
    return card, reason, {}


def _cancellation_follow(view: SeatView, proposed: Card, reason: str,
                         discarding: bool) -> tuple[Card, str, dict[str, Any]]:
    """variant.cancellation.cancel, not last to play: a cancelled card cannot win,
    so ducking means staying under the card that wins now."""
    now = current_winner(view)
    led = view.trick.led_suit
    if discarding:
        if now is None and reason in NAMING_WINNER:
            return proposed, "discard-high", {}  # their sentences name a winner, and there is none yet
        return proposed, reason, {}
    suit = [c for c in view.legal if c.suit is led]
    if now is None:
        return min(suit, key=lambda c: (c.rank, c.index)), "cancel-all", {}
    if reason == "duck" and wins_now(view, proposed):
        under = [c for c in suit if not wins_now(view, c)]
        if under:
            return max(under, key=lambda c: (c.rank, c.index)), "duck", {}
        return min(suit, key=lambda c: (c.rank, c.index)), "must-win-low", {}
    return proposed, reason, {}



class VariantPolicy:
    """The rule-based bot's play on bitmasks, for the play-outs of the strong bot and
    the coach: :func:`.tactics.decide`, then the same variant sense as
    :func:`variant_decide` (which needs a whole :class:`SeatView`), so the seats in a
    play-out play as the table's rule-based bots do under ``rules``. A test checks it
    against :class:`.rule.RuleBot` on random positions of every variant."""

    __slots__ = ("rules", "values", "bonus", "two_packs", "black_maria")

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.values = tuple(rules.card_points(card) for card in ALL_CARDS)
        self.bonus = rules.bonus.index if rules.bonus is not None else -1
        self.two_packs = rules.packs == 2
        self.black_maria = rules.variant == "black-maria"

    def __call__(self, table: Table) -> int:
        return self.decide(table)[0]

    def decide(self, table: Table) -> tuple[int, str]:
        """The card (index) and the tactics' reason (the variant's card keeps it)."""
        card, reason = decide(table)
        legal = table.legal
        if not legal & (legal - 1):
            return card, reason
        trick = table.trick
        values = self.values
        bonus = self.bonus
        if reason.startswith(MOON_REASONS):
            if card == bonus and trick and trick[0] // 13 != bonus // 13:
                card = max((c for c in iter_bits(legal) if c != bonus),
                           key=lambda c: (values[c] <= 0, c % 13, c))
            return card, reason
        if len(trick) == self.rules.players - 1:
            return self._last(table, card), reason
        if not trick:
            return card, reason
        led = trick[0] // 13
        discarding = card // 13 != led
        if card == bonus and discarding:
            return max((c for c in iter_bits(legal) if c != bonus), key=lambda c: (values[c], c % 13, c)), reason
        if self.black_maria and discarding:
            most = max(iter_bits(legal), key=lambda c: (values[c], c % 13, c))
            return (most if values[most] > values[card] else card), reason
        if self.two_packs and not discarding:
            suit = [c for c in iter_bits(legal) if c // 13 == led]
            if cancellation_winner_index(table.leader, trick, table.players) is None:
                return min(suit), reason
            if reason == "duck" and self._wins(table, card):
                under = [c for c in suit if not self._wins(table, c)]
                return (max(under) if under else min(suit)), reason
        return card, reason

    def _wins(self, table: Table, card: int) -> bool:
        """Whether ``card`` would be winning the trick once played."""
        trick = table.trick + (card,)
        if self.two_packs:
            return cancellation_winner_index(table.leader, trick, table.players) == table.seat
        return trick_winner_index(table.leader, trick, table.players) == table.seat

    def _taken(self, table: Table, card: int) -> int:
        """The points this seat takes playing ``card`` last to the trick (0 if another seat wins)."""
        if not self._wins(table, card):
            return 0
        once = twice = 0
        for index in table.trick + (card,) + table.carried:
            bit = 1 << index
            if once & bit:
                twice |= bit
            else:
                once |= bit
        return self.rules.score(once, twice)

    def _last(self, table: Table, proposed: int) -> int:
        """Last to play: of the cards that take the fewest points, ``proposed`` or the
        highest, never giving the Omnibus bonus away (:func:`_last_to_play`)."""
        outcomes = {c: self._taken(table, c) for c in iter_bits(table.legal)}
        fewest = min(outcomes.values())
        bonus = self.bonus

        def gives_bonus(card: int) -> bool:
            return card == bonus and not self._wins(table, card)

        if outcomes[proposed] == fewest and not gives_bonus(proposed):
            return proposed
        return max((c for c, p in outcomes.items() if p == fewest), key=lambda c: (not gives_bonus(c), c % 13, c))


@lru_cache(maxsize=64)
def variant_policy(rules: Rules) -> Policy:
    """The play-out policy of the table's rule-based bots under ``rules``: the tactics
    alone in the standard game, else :class:`VariantPolicy`."""
    return rule_play if rules.variant == "standard" else VariantPolicy(rules)
