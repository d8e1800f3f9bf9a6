"""What a seat knows at one decision, on bitmasks: the input of every policy.

A :class:`Table` is built from a :class:`SeatView` (by the bots and the
coach) or directly by the play-out simulator (thousands of times a second),
so the rule-based policy runs unchanged in both.
"""

from __future__ import annotations

from functools import lru_cache

from ..engine import SeatView
from ..engine.cards import ALL_CARDS, HEARTS_MASK, SUIT_MASKS, mask_of
from ..engine.legality import POINT_CARDS
from ..engine.rules import MOON_POINTS, Rules


class Table:
    """One seat's knowledge when it must play: its cards and what is in the open.

    ``trick`` holds the card indexes played to the trick on the table, in
    order from ``leader``; ``gone`` every card played this hand (the trick
    included); ``points`` the points each seat has taken; ``voids`` per seat a
    4-bit mask of the suits that seat did not follow.

    The rules in force reach the policy as two numbers: ``costly``, the kinds
    of card that cost their taker points (the hearts and the Black Maria; in
    Black Maria the K♠ and A♠ too), and ``moon_points``, what shooting the
    moon is worth (0: no moon, so nobody guards against it nor tries it).
    ``points`` counts, per seat, the hearts (1) and Black Marias (13) taken:
    the moon's progress, whatever else the variant counts. ``carried`` holds the
    card indexes of cancelled tricks waiting for this trick's winner (two packs,
    variant.cancellation.carry).
    """

    __slots__ = ("seat", "players", "held", "legal", "trick", "leader", "gone", "deck", "points",
                 "voids", "first_trick", "safe_first_trick", "hearts_broken", "costly", "moon_points", "carried")

    def __init__(self, seat: int, players: int, held: int, legal: int, trick: tuple[int, ...], leader: int,
                 gone: int, deck: int, points: tuple[int, ...] | list[int], voids: list[int],
                 first_trick: bool, safe_first_trick: bool, hearts_broken: bool, costly: int = POINT_CARDS,
                 moon_points: int = MOON_POINTS, carried: tuple[int, ...] = ()) -> None:
        self.seat = seat
        self.players = players
        self.held = held
        self.legal = legal
        self.trick = trick
        self.leader = leader
        self.gone = gone
        self.deck = deck
        self.points = points
        self.voids = voids
        self.first_trick = first_trick
        self.safe_first_trick = safe_first_trick
        self.hearts_broken = hearts_broken
        self.costly = costly
        self.moon_points = moon_points
        self.carried = carried

    @property
    def unseen(self) -> int:
        """Cards in other seats' hands (as far as this seat can tell)."""
        return self.deck & ~self.gone & ~self.held

    @classmethod
    def of(cls, view: SeatView) -> Table:
        """The knowledge in ``view`` (the seat must be to move)."""
        trick = tuple(c.index for c in view.trick.cards)
        gone = mask_of(view.trick.cards)
        for done in view.tricks:
            gone |= mask_of(done.cards)
        rules = view.rules
        return cls(
            seat=view.seat, players=rules.players, held=mask_of(view.held), legal=mask_of(view.legal),
            trick=trick, leader=view.trick.leader, gone=gone, deck=rules.deck_mask, points=moon_progress(view),
            voids=shown_voids(view),
            first_trick=view.first_trick, safe_first_trick=view.first_trick and rules.first_trick_no_points,
            hearts_broken=view.hearts_broken, costly=costly_cards(rules), moon_points=rules.moon_points,
            carried=tuple(c.index for c in view.carried),
        )


@lru_cache(maxsize=64)
def costly_cards(rules: Rules) -> int:
    """The kinds of card that cost their taker points under ``rules`` (the Omnibus
    bonus, worth -10, is not one of them)."""
    return mask_of(c for c in ALL_CARDS if rules.card_points(c) > 0)


def progress_of(rules: Rules, once: int, twice: int = 0) -> int:
    """score.moon: the moon progress of a pile of cards (``twice``: the kinds it
    holds both copies of): 1 per heart and 13 per Black Maria, each copy counted,
    and 1 for the Omnibus bonus when the moon needs it (``moon_needs_bonus``)."""
    progress = Rules.points_in(once) + (Rules.points_in(twice) if twice else 0)
    if rules.moon_needs_bonus and once & rules.bonus.bit:  # type: ignore[union-attr]
        progress += 1
    return progress


def moon_total(rules: Rules) -> int:
    """The moon progress of a seat that took every moon card (:attr:`Rules.moon_cards`)."""
    cards = rules.moon_cards
    return progress_of(rules, cards, cards if rules.packs == 2 else 0)


def moon_progress(view: SeatView) -> tuple[int, ...]:
    """score.moon: per seat, the hearts (1 each) and Black Marias (13) it has taken.

    That is the view's points in the standard game and in Cancellation Hearts
    (each copy counted); in Omnibus the bonus card's -10 is taken back out, and
    when the moon needs the bonus card (``moon_needs_bonus``) a seat that took
    it counts 1 more, so that taking it alone stops another seat's moon.
    """
    rules = view.rules
    bonus = rules.bonus
    if bonus is None:
        return view.points
    points = list(view.points)
    for trick in view.tricks:
        if trick.winner is not None and bonus in trick.cards:
            points[trick.winner] -= rules.card_points(bonus)
            if rules.moon_needs_bonus:
                points[trick.winner] += 1
    return tuple(points)


def shown_voids(view: SeatView) -> list[int]:
    """Per seat, a 4-bit mask of the suits it did not follow (play.follow-suit)."""
    voids = [0] * view.rules.players
    for trick in list(view.tricks) + [view.trick]:
        if trick.cards:
            led = trick.cards[0].suit
            for seat, card in zip(trick.seats, trick.cards, strict=True):
                if card.suit is not led:
                    voids[seat] |= 1 << led
    return voids


def allowed_masks(view: SeatView) -> list[int]:
    """Per seat, the cards it may still hold given what it did in the open.

    A seat that did not follow suit holds none of the suit led (play.follow-suit);
    one that discarded a heart or the Black Maria on the first trick holds
    nothing else (play.first-trick-no-points); one that led a heart before
    hearts were broken holds only hearts (play.hearts-lead). The seat's own
    entry is its hand.
    """
    rules = view.rules
    allowed = [rules.deck_mask] * rules.players
    broken = False
    tricks = list(view.tricks) + ([view.trick] if view.trick.cards else [])
    for number, trick in enumerate(tricks):
        first = number == 0 and not tricks_taken_before(view)
        led = trick.cards[0].suit
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            if card.suit is not led:
                allowed[seat] &= ~SUIT_MASKS[led]
                if first and rules.first_trick_no_points and card.bit & rules.first_trick_points:
                    allowed[seat] &= rules.first_trick_points
            elif seat == trick.leader and card.is_heart and not broken and rules.hearts_must_be_broken:
                allowed[seat] &= HEARTS_MASK
            if card.is_heart or (card.is_black_maria and rules.maria_breaks_hearts):
                broken = True
    allowed[view.seat] = mask_of(view.held)
    return allowed


def tricks_taken_before(view: SeatView) -> bool:
    """True when the hand was set up mid-way, with tricks taken before the record starts."""
    played = sum(len(t.cards) for t in view.tricks) + len(view.trick.cards)
    return sum(view.hand_sizes) + played < view.rules.cards_each * view.rules.players
