"""The check of a coach's claim (:mod:`.claims`) before any sentence says it.

Each kind of claim is checked again from the seat's view alone, by counting written
here and nowhere else (not the code that chose the claim): the cards seen, the cards
held, the trick on the table and the rules' points. :func:`holds` is False for a claim
that does not hold, or that names a card the seat could not know about.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Sequence

from ..engine import Card, SeatView, Suit
from .claims import FEW_SPADES, HIGH_CARD, HIGH_HEART, LOW_CARD, LOW_RANK, Claim, pass_claims, play_claims

QUEEN = 12


def _out(view: SeatView) -> Counter[Card] | None:
    """Every copy of a card the seat has not seen (None if the record misses taken tricks)."""
    played = [c for t in view.tricks for c in t.cards] + list(view.trick.cards)
    if len(played) + sum(view.hand_sizes) != view.rules.players * view.rules.cards_each:
        return None
    out = Counter(view.rules.deck)
    out.subtract(Counter(played))
    out.subtract(Counter(view.held))
    return +out


def _top(view: SeatView, cards: Sequence[Card]) -> Card | None:
    """The highest card of the suit led among ``cards`` (played in order from the leader) not
    cancelled by its twin (two packs); None when none is left."""
    led = cards[0].suit
    counts = Counter(c for c in cards if c.suit is led)
    alive = [c for c in counts if counts[c] == 1 or view.rules.packs == 1]
    return max(alive, key=lambda c: c.rank, default=None)


def _wins(view: SeatView, card: Card) -> bool:
    """Whether the seat's ``card`` is the one winning the trick once it is played."""
    cards = (*view.trick.cards, card)
    top = _top(view, cards)
    return top == card and (view.rules.packs == 1 or cards.count(card) == 1)


def _points(view: SeatView, cards: Sequence[Card]) -> int:
    return sum(view.rules.card_points(c) for c in cards)


def _held(view: SeatView, card: Card) -> list[Card]:
    """The seat's cards but one copy of ``card``."""
    rest = list(view.held)
    if card in rest:
        rest.remove(card)
    return rest


def _play(view: SeatView, claim: Claim) -> bool:
    """A claim about a card played from ``view``: the card is legal there, "led" says true."""
    card = claim.card
    return card is not None and card in view.legal and view.phase == "play" \
        and claim.led == (not view.trick.cards)


def _following(view: SeatView, claim: Claim) -> bool:
    return _play(view, claim) and bool(view.trick.cards) and claim.card is not None \
        and claim.card.suit is view.trick.cards[0].suit


def _queen_out(view: SeatView, c: Claim) -> bool:
    out = _out(view)
    card = c.card
    return _play(view, c) and out is not None and card is not None and card.suit is Suit.SPADES \
        and card.rank > QUEEN and out[Card(QUEEN, Suit.SPADES)] > 0 \
        and c.count == sum(1 for h in _held(view, card) if h.suit is Suit.SPADES and h.rank < QUEEN)


def _lower_out(view: SeatView, c: Claim) -> bool:
    out = _out(view)
    card = c.card
    return _play(view, c) and c.led and out is not None and card is not None and c.suit is card.suit \
        and c.count > 0 and c.count == sum(n for o, n in out.items() if o.suit is card.suit and o.rank < card.rank)


def _sure_win(view: SeatView, c: Claim) -> bool:
    out = _out(view)
    card = c.card
    if not _play(view, c) or out is None or card is None or c.suit is not card.suit:
        return False
    if view.trick.cards and not (_following(view, c) and _wins(view, card)):
        return False
    return not any(n for o, n in out.items() if o.suit is card.suit and o.rank >= card.rank)


def _took_points(view: SeatView, c: Claim) -> bool:
    card = c.card
    return _following(view, c) and card is not None and c.last \
        and len(view.trick.cards) == view.rules.players - 1 and _wins(view, card) \
        and c.count > 0 and c.count == _points(view, (*view.trick.cards, card, *view.carried))


def _went_over(view: SeatView, c: Claim) -> bool:
    card, other = c.card, c.other
    return _following(view, c) and card is not None and other is not None \
        and _top(view, view.trick.cards) == other and card.rank > other.rank and c.suit is card.suit \
        and c.count == sum(1 for h in _held(view, card) if h.suit is card.suit and h.rank < other.rank)


def _stayed_under(view: SeatView, c: Claim) -> bool:
    card, other = c.card, c.other
    if not (_following(view, c) and card is not None and other is not None):
        return False
    if c.last and (len(view.trick.cards) != view.rules.players - 1
                   or _points(view, (*view.trick.cards, card)) != 0):
        return False
    return _top(view, view.trick.cards) == other and card.rank < other.rank and c.suit is card.suit \
        and c.count == sum(1 for h in _held(view, card) if h.suit is card.suit and h.rank > other.rank)


def _void(view: SeatView, c: Claim) -> bool:
    card = c.card
    return _play(view, c) and bool(view.trick.cards) and card is not None \
        and c.suit is view.trick.cards[0].suit and card.suit is not c.suit \
        and not any(h.suit is c.suit for h in view.held)


def _kept(view: SeatView, c: Claim) -> bool:
    card, other = c.card, c.other
    return _void(view, c) and card is not None and other is not None and other in _held(view, card)


def _suit_out(view: SeatView, c: Claim) -> bool:
    out = _out(view)
    card = c.card
    return _play(view, c) and c.led and out is not None and card is not None and c.suit is card.suit \
        and c.count == sum(n for o, n in out.items() if o.suit is card.suit and o.rank > card.rank) \
        and c.extra == sum(n for o, n in out.items() if o.suit is card.suit and o.rank < card.rank)


def _held_lower(view: SeatView, c: Claim) -> bool:
    card = c.card
    return _play(view, c) and card is not None and c.suit is card.suit \
        and c.count == sum(1 for h in _held(view, card) if h.suit is card.suit and h.rank < card.rank)


def _passing(view: SeatView, c: Claim) -> list[Card] | None:
    """The cards kept by the pass the claim is about, or None when it is no pass of ``view``'s."""
    if view.phase != "pass" or len(set(c.cards)) != 3 or any(p not in view.held for p in c.cards):
        return None
    return [h for h in view.held if h not in c.cards]


def _low_spades(kept: list[Card]) -> int:
    return sum(1 for h in kept if h.suit is Suit.SPADES and h.rank < QUEEN)


def _kept_queen(view: SeatView, c: Claim) -> bool:
    kept = _passing(view, c)
    return kept is not None and Card(QUEEN, Suit.SPADES) in kept and c.count == _low_spades(kept) <= FEW_SPADES


def _kept_high_spades(view: SeatView, c: Claim) -> bool:
    kept = _passing(view, c)
    other = c.other
    return kept is not None and other is not None and other in kept and other.suit is Suit.SPADES \
        and other.rank > QUEEN and Card(QUEEN, Suit.SPADES) not in view.held \
        and c.count == _low_spades(kept) <= FEW_SPADES


def _kept_high_hearts(view: SeatView, c: Claim) -> bool:
    kept = _passing(view, c)
    other = c.other
    return kept is not None and other is not None and other in kept and other.is_heart \
        and other.rank >= HIGH_HEART and all(h.rank <= other.rank for h in kept if h.is_heart)


def _passed_low(view: SeatView, c: Claim) -> bool:
    return _passing(view, c) is not None and c.other in c.cards and c.other is not None and c.other.rank <= LOW_RANK


def _kept_higher(view: SeatView, c: Claim) -> bool:
    kept = _passing(view, c)
    return kept is not None and c.card in c.cards and c.other in kept and c.card is not None \
        and c.other is not None and c.other.rank > c.card.rank


def _passed_bonus(view: SeatView, c: Claim) -> bool:
    bonus = view.rules.bonus_card
    return _passing(view, c) is not None and bonus is not None and c.other is not None \
        and c.other.code == bonus and c.other in c.cards


def _kept_suit(view: SeatView, c: Claim) -> bool:
    kept = _passing(view, c)
    if kept is None or c.suit is None:
        return False
    counts = Counter(h.suit for h in kept)
    return c.count == counts[c.suit] > 0 and all(n <= c.count for n in counts.values())


def _winning(view: SeatView, c: Claim) -> bool:
    cards = view.trick.cards
    if not cards or c.other is None:
        return False
    top = _top(view, cards)
    return top == c.other and (view.trick.leader + cards.index(top)) % view.rules.players == c.count


def _below(view: SeatView, c: Claim) -> bool:
    return _following(view, c) and c.card is not None and c.other is not None and c.card.rank < c.other.rank


def _none_under(view: SeatView, c: Claim) -> bool:
    other = c.other
    return _following(view, c) and other is not None \
        and not any(h.suit is other.suit and h.rank < other.rank for h in view.held)


def _last(view: SeatView, c: Claim) -> bool:
    return _play(view, c) and len(view.trick.cards) == view.rules.players - 1


def _no_points(view: SeatView, c: Claim) -> bool:
    return _play(view, c) and _points(view, (*view.trick.cards, *view.carried)) == 0


def _higher_out(view: SeatView, c: Claim) -> bool:
    out = _out(view)
    card = c.card
    return _play(view, c) and out is not None and card is not None \
        and c.count == sum(n for o, n in out.items() if o.suit is card.suit and o.rank > card.rank)


def _all_points(view: SeatView, c: Claim) -> bool:
    points = view.points
    return 0 <= c.count < len(points) and points[c.count] > 0 \
        and all(p == 0 for seat, p in enumerate(points) if seat != c.count)


def _first_trick(view: SeatView, c: Claim) -> bool:
    return _play(view, c) and not view.tricks and view.first_trick


def _only_legal(view: SeatView, c: Claim) -> bool:
    return _play(view, c) and len(set(view.legal)) == 1


def _last_of_suit(view: SeatView, c: Claim) -> bool:
    card = c.card
    return _play(view, c) and card is not None and not any(h.suit is card.suit for h in _held(view, card))


def _wins_now(view: SeatView, c: Claim) -> bool:
    return _play(view, c) and c.card is not None and (not view.trick.cards or _wins(view, c.card))


def _loses_now(view: SeatView, c: Claim) -> bool:
    return _play(view, c) and c.card is not None and bool(view.trick.cards) and not _wins(view, c.card)


def _trick_points(view: SeatView, c: Claim) -> bool:
    return _play(view, c) and c.count == _points(view, (*view.trick.cards, *view.carried))


def _passes(view: SeatView, c: Claim) -> bool:
    """A claim about ``card``, one of the three cards ``cards`` passed from ``view``."""
    return _passing(view, c) is not None and c.card is not None and c.card in c.cards


def _pass_queen(view: SeatView, c: Claim) -> bool:
    return _passes(view, c) and c.card == Card(QUEEN, Suit.SPADES) \
        and c.count == _low_spades(list(view.held)) <= FEW_SPADES


def _pass_high_spade(view: SeatView, c: Claim) -> bool:
    return _passes(view, c) and c.card is not None and c.card.suit is Suit.SPADES and c.card.rank > QUEEN


def _pass_points(view: SeatView, c: Claim) -> bool:
    return _passes(view, c) and c.card is not None and c.count == view.rules.card_points(c.card) > 0


def _pass_high_heart(view: SeatView, c: Claim) -> bool:
    return _passes(view, c) and c.card is not None and c.card.is_heart and c.card.rank >= HIGH_HEART


def _pass_short(view: SeatView, c: Claim) -> bool:
    card = c.card
    return _passes(view, c) and card is not None and card.suit is not Suit.SPADES \
        and sum(1 for h in view.held if h.suit is card.suit) <= FEW_SPADES


def _pass_high(view: SeatView, c: Claim) -> bool:
    return _passes(view, c) and c.card is not None and c.card.rank >= HIGH_CARD


def _pass_low(view: SeatView, c: Claim) -> bool:
    return _passes(view, c) and c.card is not None and c.card.rank <= LOW_CARD


def _keep_bonus(view: SeatView, c: Claim) -> bool:
    bonus = view.rules.bonus_card
    return view.phase == "pass" and c.other is not None and bonus is not None and c.other.code == bonus \
        and c.other in view.held and c.other not in c.cards


def _taken(view: SeatView, card: Card) -> int:
    """The points the seat takes playing ``card`` last to the trick."""
    if not _wins(view, card):
        return 0
    return _points(view, (*view.trick.cards, card, *(view.carried if view.rules.packs == 2 else ())))


def _fewest_taken(view: SeatView, c: Claim) -> bool:
    card = c.card
    return _last(view, c) and card is not None and c.count == _taken(view, card) \
        and all(_taken(view, other) >= c.count for other in view.legal)


def _worth(view: SeatView, c: Claim) -> bool:
    return _play(view, c) and c.card is not None and view.rules.card_points(c.card) == c.count


def _lowest_over(view: SeatView, c: Claim) -> bool:
    card, other = c.card, c.other
    return _following(view, c) and card is not None and other is not None and card.rank > other.rank \
        and not any(h.suit is card.suit and other.rank < h.rank < card.rank for h in view.held)


def _highest_of_suit(view: SeatView, c: Claim) -> bool:
    card = c.card
    return _play(view, c) and card is not None and all(h.rank <= card.rank for h in view.held if h.suit is card.suit)


def _twin_on_table(view: SeatView, c: Claim) -> bool:
    return _play(view, c) and view.rules.packs == 2 and c.card in view.trick.cards


def _queen_below(view: SeatView, c: Claim) -> bool:
    out = _out(view)
    card = c.card
    return _play(view, c) and c.led and out is not None and card is not None and card.suit is Suit.SPADES \
        and card.rank < QUEEN and out[Card(QUEEN, Suit.SPADES)] > 0


CHECKS: dict[str, Callable[[SeatView, Claim], bool]] = {
    "fewest-taken": _fewest_taken,
    "worth": _worth,
    "lowest-over": _lowest_over,
    "highest-of-suit": _highest_of_suit,
    "twin-on-table": _twin_on_table,
    "queen-below": _queen_below,
    "pass-queen": _pass_queen,
    "pass-high-spade": _pass_high_spade,
    "pass-points": _pass_points,
    "pass-high-heart": _pass_high_heart,
    "pass-short": _pass_short,
    "pass-high": _pass_high,
    "pass-low": _pass_low,
    "keep-bonus": _keep_bonus,
    "trick-points": _trick_points,
    "winning": _winning,
    "below": _below,
    "none-under": _none_under,
    "last": _last,
    "no-points": _no_points,
    "higher-out": _higher_out,
    "all-points": _all_points,
    "first-trick": _first_trick,
    "only-legal": _only_legal,
    "last-of-suit": _last_of_suit,
    "wins-now": _wins_now,
    "loses-now": _loses_now,
    "queen-out": _queen_out,
    "lower-out": _lower_out,
    "sure-win": _sure_win,
    "took-points": _took_points,
    "went-over": _went_over,
    "stayed-under": _stayed_under,
    "kept": _kept,
    "void": _void,
    "suit-out": _suit_out,
    "held-lower": _held_lower,
    "kept-queen": _kept_queen,
    "kept-high-spades": _kept_high_spades,
    "kept-high-hearts": _kept_high_hearts,
    "passed-low": _passed_low,
    "kept-higher": _kept_higher,
    "passed-bonus": _passed_bonus,
    "kept-suit": _kept_suit,
}


def holds(view: SeatView, claim: Claim) -> bool:
    """Whether ``claim`` is true of ``view`` (the seat's view when it decided)."""
    return CHECKS[claim.kind](view, claim)


def _first_true(view: SeatView, claims: list[Claim], what: str) -> Claim:
    for claim in claims:
        if holds(view, claim):
            return claim
    raise ValueError(f"no claim about {what} holds in this position: {claims}")


def play_cause(view: SeatView, card: Card, avoid: Collection[Card] = ()) -> Claim:
    """Why ``card`` (legal in ``view``) did what it did: the most telling claim that holds,
    naming none of ``avoid`` (the better card, while the learner has not tried again)."""
    return _first_true(view, play_claims(view, card, avoid), str(card))


def pass_cause(view: SeatView, passed: Sequence[Card], avoid: Collection[Card] = ()) -> Claim:
    """Why passing ``passed`` (``view``: at the pass) did what it did, as :func:`play_cause`."""
    return _first_true(view, pass_claims(view, passed, avoid), "the pass " + " ".join(map(str, passed)))
