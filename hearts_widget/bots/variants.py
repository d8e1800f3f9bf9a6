"""Variant sense on top of the rule-based play (RULES.md, "Variants").

The rule-based tactics (:mod:`.tactics`) know the standard game. In a variant
this layer looks again at the proposed card:

- Last to play to a trick, every legal card's outcome is known exactly (the
  engine's own trick winner, twins cancelling in Cancellation Hearts): play a
  card that takes the fewest points for this seat, which takes the Omnibus
  bonus when the trick is worth it and plays a twin to cancel a winning card.
- Omnibus: the bonus card is wanted, so it is not thrown away on another
  player's trick while another card can be discarded.
- Black Maria: the rule-based tactics do not know that the K♠ and A♠ carry
  points, so a seat discarding on another player's trick sheds the card worth
  the most (in a paired test of 300 hands, -0.22 ± 0.12 points a hand with 4
  players; no gain in the other variants, so only here).

Otherwise the proposed card stands.
"""

from __future__ import annotations

from ..engine import Card, SeatView
from ..engine.cards import multiset_of
from ..engine.trick import cancellation_winner, trick_winner


def variant_play(view: SeatView, proposed: Card) -> Card:
    """The card to play in a variant, given the rule-based ``proposed`` card."""
    rules = view.rules
    if rules.variant == "standard" or len(view.legal) == 1:
        return proposed
    trick = view.trick
    if len(trick.cards) == rules.players - 1:
        return _last_to_play(view, proposed)
    bonus = rules.bonus
    led = trick.led_suit
    discarding = led is not None and proposed.suit is not led
    if bonus is not None and proposed is bonus and discarding:
        return max((c for c in view.legal if c is not bonus), key=lambda c: (rules.card_points(c), c.rank, c.index))
    if rules.variant == "black-maria" and discarding:
        most = max(view.legal, key=lambda c: (rules.card_points(c), c.rank, c.index))
        if rules.card_points(most) > rules.card_points(proposed):
            return most
    return proposed


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


def _last_to_play(view: SeatView, proposed: Card) -> Card:
    outcomes = {card: points_taken(view, card) for card in view.legal}
    best = min(outcomes.values())
    if outcomes[proposed] == best:
        return proposed
    choices = [card for card, points in outcomes.items() if points == best]
    return max(choices, key=lambda c: (c.rank, c.index))
