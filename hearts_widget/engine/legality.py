"""Which card may be played, as a cascade that reads like the rulebook.

Two forms of the same rules: :func:`explain_play` says for one card whether
it is legal and which rule decides, with the facts a learner needs;
:func:`legal_mask` answers for a whole hand at once on bitmasks, for speed
(bots play thousands of hands). Tests check that they always agree.
"""

from __future__ import annotations

from .cards import HEARTS_MASK, QS_BIT, SUIT_MASKS, Card, Suit
from .explain import Explanation
from .rules import Rules

POINT_CARDS = HEARTS_MASK | QS_BIT


def legal_mask(rules: Rules, held: int, led_suit: int | None, first_trick: bool, hearts_broken: bool) -> int:
    """The legal cards in ``held`` as a bitmask; ``led_suit`` is None when leading."""
    if led_suit is None:
        if first_trick:
            return held & rules.first_lead_card.bit  # play.first-lead
        if rules.hearts_must_be_broken and not hearts_broken:
            # play.hearts-lead; with only hearts and the Black Maria left
            # this leaves the Black Maria, as the clarification says.
            return (held & ~HEARTS_MASK) or held
        return held
    following = held & SUIT_MASKS[led_suit]
    if following:
        return following  # play.follow-suit
    if first_trick and rules.first_trick_no_points:
        return (held & ~POINT_CARDS) or held  # play.first-trick-no-points
    return held  # play.discard


def explain_play(
    rules: Rules,
    held: int,
    card: Card,
    led_suit: Suit | None,
    first_trick: bool,
    hearts_broken: bool,
    seat: int,
) -> Explanation:
    """Whether ``seat`` may play ``card`` (which it holds), and the rule that decides."""

    def verdict(legal: bool, rule: str, reason: str, **facts: object) -> Explanation:
        return Explanation(legal, rule, reason, card, seat, dict(facts))

    if led_suit is None:
        return _explain_lead(rules, held, card, first_trick, hearts_broken, verdict)
    if card.suit is led_suit:
        return verdict(True, "play.follow-suit", "follows-suit", led_suit=led_suit)
    if held & SUIT_MASKS[led_suit]:
        return verdict(False, "play.follow-suit", "must-follow-suit", led_suit=led_suit)
    if first_trick and rules.first_trick_no_points and card.bit & POINT_CARDS:
        if held & ~POINT_CARDS:
            return verdict(False, "play.first-trick-no-points", "no-points-first-trick", led_suit=led_suit)
        return verdict(True, "play.first-trick-no-points", "only-points-left", led_suit=led_suit)
    return verdict(True, "play.discard", "discard", led_suit=led_suit)


def _explain_lead(rules, held, card, first_trick, hearts_broken, verdict) -> Explanation:  # type: ignore[no-untyped-def]
    """The leading half of the cascade: first lead, hearts, the Black Maria."""
    if first_trick:
        first = rules.first_lead_card
        if card is first:
            return verdict(True, "play.first-lead", "leads-first-card", first_card=first)
        return verdict(False, "play.first-lead", "must-lead-first-card", first_card=first)
    hearts_locked = rules.hearts_must_be_broken and not hearts_broken
    only_hearts_and_maria = not held & ~POINT_CARDS and held & QS_BIT
    if card.is_heart:
        if not hearts_locked:
            if rules.hearts_must_be_broken:
                return verdict(True, "play.hearts-broken", "hearts-broken-lead")
            return verdict(True, "play.hearts-lead", "hearts-lead-allowed")
        if not held & ~HEARTS_MASK:
            return verdict(True, "play.hearts-lead", "only-hearts-left")
        if only_hearts_and_maria:
            return verdict(False, "play.hearts-lead", "must-lead-maria")
        return verdict(False, "play.hearts-lead", "hearts-not-broken")
    if card.is_black_maria:
        if hearts_locked and only_hearts_and_maria:
            return verdict(True, "play.hearts-lead", "must-lead-maria")
        return verdict(True, "play.black-maria-lead", "maria-lead")
    return verdict(True, "play.trick-winner", "free-lead")
