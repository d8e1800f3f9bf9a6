"""A fast private play-out of the rest of a hand, for the strong bot's search.

The engine's :class:`Hand` checks and records every move, which a learner
needs and a search does not. :class:`Playout` keeps only bitmasks and plays
cards unchecked, but takes the rules from the engine: legality from its own
:func:`legal_mask`, every trick's points from :meth:`Rules.score` (so the
Omnibus bonus, Black Maria's spades and both packs of Cancellation Hearts
count as the rules in force say), and the moon from :attr:`Rules.moon_cards`
and :attr:`Rules.moon_points`. Only the trick winner is recomputed on indexes,
with one pack and with two (Cancellation's twins cancel): tests check it
against the engine's ``trick_winner`` and ``cancellation_winner``, and the
play-out against the engine on random positions of every variant.

With two packs each seat's cards are two bitmasks, as in the engine: the kinds
of card it holds, and the kinds it holds both copies of (legality needs only
the first). The cards of a carried trick wait in ``carried`` and the kitty's
in ``kitty`` (card indexes) until a trick is won (variant.cancellation.carry,
variant.cancellation.kitty).
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.cards import HEARTS_MASK, QS_BIT, SUIT_MASKS
from ..engine.legality import legal_mask
from ..engine.rules import Rules
from .table import Table, costly_cards, moon_total, progress_of

Policy = Callable[[Table], int]


class Playout:
    """A hand in play with every seat's cards known (one sampled deal).

    ``points`` is each seat's moon progress (:func:`.table.moon_progress`), which
    the policies read; ``scored`` its points as the rules in force count them
    (the engine's :meth:`Rules.score`; left out, the same as ``points``, which
    is right at the start of a hand and in the standard game)."""

    __slots__ = ("rules", "hands", "hands2", "trick", "leader", "points", "scored", "gone", "voids",
                 "hearts_broken", "first_trick", "carried", "kitty", "moon_points", "costly", "valued")

    def __init__(self, rules: Rules, hands: list[int], trick: tuple[int, ...], leader: int,
                 points: list[int], gone: int, voids: list[int], hearts_broken: bool, first_trick: bool, *,
                 scored: list[int] | None = None, hands2: list[int] | None = None,
                 carried: tuple[int, ...] = (), kitty: tuple[int, ...] = ()) -> None:
        self.rules = rules
        self.hands = hands
        self.hands2 = hands2 if hands2 is not None else [0] * rules.players
        self.trick = trick
        self.leader = leader
        self.points = points
        self.scored = scored if scored is not None else list(points)
        self.gone = gone
        self.voids = voids
        self.hearts_broken = hearts_broken
        self.first_trick = first_trick
        self.carried = carried
        self.kitty = kitty
        self.moon_points = rules.moon_points
        self.costly = costly_cards(rules)
        self.valued = rules.valued_cards

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % self.rules.players

    @property
    def over(self) -> bool:
        return not self.trick and not any(self.hands)

    def legal(self) -> int:
        """The legal cards of the seat to move (the engine's rules)."""
        led = self.trick[0] // 13 if self.trick else None
        return legal_mask(self.rules, self.hands[self.to_move], led, self.first_trick, self.hearts_broken)

    def table(self, legal: int | None = None, seat: int | None = None) -> Table:
        """What the seat to move knows, for a policy (``legal``: its legal cards, and
        ``seat``: the seat to move, when known)."""
        if seat is None:
            seat = self.to_move
        rules = self.rules
        if legal is None:
            legal = self.legal()
        return Table(seat, rules.players, self.hands[seat], legal, self.trick, self.leader, self.gone,
                     rules.deck_mask, self.points, self.voids, self.first_trick,
                     self.first_trick and rules.first_trick_no_points, self.hearts_broken,
                     costly=self.costly, moon_points=self.moon_points, carried=self.carried)

    def play(self, card: int) -> None:
        """Play ``card`` (an index, assumed legal) for the seat to move."""
        self._play(self.to_move, card)

    def _play(self, seat: int, card: int) -> None:
        """Play ``card`` for ``seat``, the seat to move."""
        bit = 1 << card
        if self.hands2[seat] & bit:
            self.hands2[seat] ^= bit  # two packs: one of its two copies
        else:
            self.hands[seat] &= ~bit
        self.gone |= bit
        if self.trick and card // 13 != self.trick[0] // 13:
            self.voids[seat] |= 1 << (self.trick[0] // 13)
        if bit & HEARTS_MASK or (bit & QS_BIT and self.rules.maria_breaks_hearts):
            self.hearts_broken = True
        trick = self.trick + (card,)
        rules = self.rules
        if len(trick) < rules.players:
            self.trick = trick
            return
        self.trick = ()
        self.first_trick = False
        if rules.packs == 2:
            self._end_two_pack_trick(trick)
            return
        winner = trick_winner_index(self.leader, trick, rules.players)
        mask = 0
        for index in trick:
            mask |= 1 << index
        self.scored[winner] += rules.score(mask)
        if mask & self.valued:
            self.points[winner] += progress_of(rules, mask)
        self.leader = winner

    def _end_two_pack_trick(self, trick: tuple[int, ...]) -> None:
        """variant.cancellation.cancel and .carry, as the engine decides them
        (:func:`cancellation_winner_index`): the winner takes the trick with the carried
        cards and the kitty; a trick nobody wins waits, on the last trick for its leader."""
        rules = self.rules
        winner = cancellation_winner_index(self.leader, trick, rules.players)
        if winner is None:
            if any(self.hands):
                self.carried += trick  # its leader leads again
                return
            winner = self.leader
        once = twice = 0
        for index in trick + self.carried + self.kitty:
            bit = 1 << index
            if once & bit:
                twice |= bit
            else:
                once |= bit
        self.scored[winner] += rules.score(once, twice)
        self.points[winner] += progress_of(rules, once, twice)
        self.carried = self.kitty = ()
        self.leader = winner

    def run(self, policy: Policy) -> list[int]:
        """Play to the end with ``policy`` for every seat; each seat's score for the
        hand (:meth:`result`).

        Cheap where it can be: a seat with one legal card plays it without asking
        the policy, and once no card that changes a score is left in any hand
        (nor waiting in a carried trick or the kitty) between tricks, the scores
        can no longer change and the play-out stops."""
        hands = self.hands
        valued = self.valued
        rules = self.rules
        players = rules.players
        deck, no_points = rules.deck_mask, rules.first_trick_no_points
        costly, moon_points = self.costly, self.moon_points
        while True:
            trick = self.trick
            if trick:
                led: int | None = trick[0] // 13
            else:
                led = None
                left = 0
                for held in hands:
                    left |= held
                if not left & valued and not self.carried and not self.kitty:
                    return self.result()
            seat = (self.leader + len(trick)) % players
            legal = legal_mask(rules, hands[seat], led, self.first_trick, self.hearts_broken)
            if legal & (legal - 1):
                first_trick = self.first_trick
                self._play(seat, policy(Table(seat, players, hands[seat], legal, trick, self.leader, self.gone, deck,
                                              self.points, self.voids, first_trick, first_trick and no_points,
                                              self.hearts_broken, costly, moon_points, self.carried)))
            else:
                self._play(seat, legal.bit_length() - 1)

    def result(self) -> list[int]:
        """Each seat's points for the hand (score.points), with the moon applied when a
        seat took every moon card (score.moon; the shooter's choice does not change
        the gaps, so it is scored as +moon to the others): the moon replaces the
        shooter's hearts and Black Marias, the other cards (the Omnibus bonus,
        variant.omnibus.moon) keep their points."""
        if self.moon_points:
            full = moon_total(self.rules)
            for shooter, progress in enumerate(self.points):
                if progress == full:
                    moon = self.moon_points
                    return [p - moon if s == shooter else p + moon for s, p in enumerate(self.scored)]
        return self.scored


def trick_winner_index(leader: int, trick: tuple[int, ...], players: int) -> int:
    """play.trick-winner on indexes: the seat of the highest card of the suit led."""
    led = SUIT_MASKS[trick[0] // 13]
    best = max(c for c in trick if (1 << c) & led)
    return (leader + trick.index(best)) % players


def cancellation_winner_index(leader: int, trick: tuple[int, ...], players: int) -> int | None:
    """variant.cancellation.cancel on indexes, as the engine's :func:`cancellation_winner`
    decides it: the seat of the highest card of the suit led played once (its twin
    cancels it), None when every card of the suit led is cancelled."""
    once = twice = 0
    for index in trick:
        bit = 1 << index
        if once & bit:
            twice |= bit
        else:
            once |= bit
    alive = once & ~twice & SUIT_MASKS[trick[0] // 13]
    if not alive:
        return None
    return (leader + trick.index(alive.bit_length() - 1)) % players


def relative_score(row: list[int], seat: int) -> float:
    """``seat``'s points minus the others' average (:meth:`Playout.result`'s row):
    what the search minimises."""
    return row[seat] - (sum(row) - row[seat]) / (len(row) - 1)
