"""Which card may be played, as a cascade that reads like the rulebook.

Two forms of the same rules: :func:`judge_play` says for one card whether it
is legal, which rule decides and why (with the facts a learner needs), and
:func:`explain_play` wraps that verdict in an :class:`Explanation`;
:func:`legal_mask` answers for a whole hand at once on bitmasks, for speed
(bots play thousands of hands). Tests check that they always agree.
"""

from __future__ import annotations

from typing import Any

from .cards import HEARTS_MASK, QS_BIT, SUIT_MASKS, Card, Suit
from .explain import Explanation
from .rules import Rules

POINT_CARDS = HEARTS_MASK | QS_BIT

Verdict = tuple[bool, str, str, dict[str, Any]]  # legal, rule id, reason code, facts


def legal_mask(rules: Rules, held: int, led_suit: int | None, first_trick: bool, hearts_broken: bool) -> int:
    """The legal cards in ``held`` as a bitmask; ``led_suit`` is None when leading."""
    if led_suit is None:
        if first_trick:
            first = rules.first_lead_card
            if first is None:  # variant.cancellation.first-lead: any card but a heart
                avoid = QS_BIT | HEARTS_MASK if rules.first_trick_no_points else HEARTS_MASK
                return (held & ~avoid) or (held & ~HEARTS_MASK) or held
            return held & first.bit  # play.first-lead
        if rules.hearts_must_be_broken and not hearts_broken:
            # play.hearts-lead; with only hearts and the Black Maria left
            # this leaves the Black Maria, as the clarification says.
            return (held & ~HEARTS_MASK) or held
        return held
    following = held & SUIT_MASKS[led_suit]
    if following:
        return following  # play.follow-suit
    if first_trick and rules.first_trick_no_points:
        return (held & ~rules.first_trick_points) or held  # play.first-trick-no-points
    return held  # play.discard


def explain_play(
    rules: Rules,
    held: int,
    card: Card,
    led_suit: Suit | None,
    first_trick: bool,
    hearts_broken: bool,
    seat: int,
    *,
    last_trick_carried: bool = False,
) -> Explanation:
    """Whether ``seat`` may play ``card`` (which it holds), and the rule that decides."""
    legal, rule, reason, facts = judge_play(rules, held, card, led_suit, first_trick, hearts_broken,
                                            last_trick_carried=last_trick_carried)
    return Explanation(legal, rule, reason, card, seat, facts)


def judge_play(rules: Rules, held: int, card: Card, led_suit: Suit | None, first_trick: bool,
               hearts_broken: bool, *, last_trick_carried: bool = False) -> Verdict:
    """The verdict on playing ``card`` from ``held``: following, discarding, or leading.

    ``last_trick_carried`` (variant.cancellation.carry): nobody won the last
    trick, so its leader leads again; a free lead's explanation says so.
    """
    if led_suit is None:
        return _judge_lead(rules, held, card, first_trick, hearts_broken, last_trick_carried)
    if card.suit is led_suit:
        return True, "play.follow-suit", "follows-suit", {"led_suit": led_suit}
    if held & SUIT_MASKS[led_suit]:
        return False, "play.follow-suit", "must-follow-suit", {"led_suit": led_suit}
    if first_trick and rules.first_trick_no_points and card.bit & rules.first_trick_points:
        if rules.variant == "black-maria":  # the K♠ and A♠ carry points too
            if held & ~rules.first_trick_points:
                return False, "variant.black-maria.first-trick", "no-penalty-first-trick", {"led_suit": led_suit}
            return True, "variant.black-maria.first-trick", "only-penalty-cards-left", {"led_suit": led_suit}
        if held & ~POINT_CARDS:
            return False, "play.first-trick-no-points", "no-points-first-trick", {"led_suit": led_suit}
        return True, "play.first-trick-no-points", "only-points-left", {"led_suit": led_suit,
                                                                         "maria": bool(held & QS_BIT)}
    if first_trick and rules.first_trick_no_points:
        # Any card but those play.first-trick-no-points keeps off the first trick.
        excluded = "penalty-cards" if rules.variant == "black-maria" else "hearts-and-maria"
        return True, "play.discard", "discard", {"led_suit": led_suit, "first_trick_except": excluded}
    return True, "play.discard", "discard", {"led_suit": led_suit}


def _judge_lead(rules: Rules, held: int, card: Card, first_trick: bool, hearts_broken: bool,
                last_trick_carried: bool) -> Verdict:
    """The leading half of the cascade: first lead, hearts, the Black Maria.
    The facts say what breaks hearts (``maria_breaks``) and, for a free lead,
    why this seat leads (``lead_by``: it won the last trick, or nobody won it)."""
    if first_trick:
        first = rules.first_lead_card
        if first is None:
            return _judge_open_first_lead(rules, held, card)
        if card is first:
            return True, "play.first-lead", "leads-first-card", {"first_card": first}
        return False, "play.first-lead", "must-lead-first-card", {"first_card": first}
    hearts_locked = rules.hearts_must_be_broken and not hearts_broken
    only_hearts_and_maria = not held & ~POINT_CARDS and held & QS_BIT
    breaks = {"maria_breaks": rules.maria_breaks_hearts}
    if card.bit & HEARTS_MASK:
        if not hearts_locked:
            if rules.hearts_must_be_broken:
                return True, "play.hearts-broken", "hearts-broken-lead", breaks
            return True, "play.hearts-lead", "hearts-lead-allowed", {}
        if not held & ~HEARTS_MASK:
            return True, "play.hearts-lead", "only-hearts-left", {}
        if only_hearts_and_maria:
            return False, "play.hearts-lead", "must-lead-maria", breaks
        return False, "play.hearts-lead", "hearts-not-broken", breaks
    if card.bit == QS_BIT:
        if hearts_locked and only_hearts_and_maria:
            return True, "play.hearts-lead", "must-lead-maria", breaks
        return True, "play.black-maria-lead", "maria-lead", {}
    if last_trick_carried:  # variant.cancellation.carry: the leader of a trick nobody won leads again
        return True, "variant.cancellation.carry", "free-lead", {"lead_by": "carried", "hearts_locked": hearts_locked}
    # play.trick-winner: the winner of the last trick leads this one.
    return True, "play.trick-winner", "free-lead", {"lead_by": "won", "hearts_locked": hearts_locked}


def _judge_open_first_lead(rules: Rules, held: int, card: Card) -> Verdict:
    """variant.cancellation.first-lead: the first trick may be led with any card
    but a heart (nor, with no points on the first trick, the Black Maria)."""
    rule = "variant.cancellation.first-lead"
    if card.bit & HEARTS_MASK:
        if held & ~HEARTS_MASK:
            return False, rule, "first-lead-no-heart", {}
        return True, rule, "only-hearts-left", {}
    if card.bit == QS_BIT and rules.first_trick_no_points:
        if held & ~POINT_CARDS:
            return False, "play.first-trick-no-points", "no-maria-first-lead", {}
        return True, rule, "first-lead-maria-only", {}
    # The player to the dealer's left leads; with no points on the first trick, not the Black Maria.
    return True, rule, "first-lead-open", {"maria_excluded": rules.first_trick_no_points}
