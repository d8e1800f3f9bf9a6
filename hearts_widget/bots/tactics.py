"""A sound club player's card sense, on bitmasks.

:func:`rule_play` picks a card from a :class:`Table` (:func:`decide` gives
it with a reason code, which the coach puts into words) and :func:`rule_pass`
three cards to pass. They are plain functions on integers because the
strong bot runs them thousands of times in its play-outs. Card indexes are
the engine's: ``suit * 13 + rank - 2``, so within a suit a higher index is a
higher card.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..engine.cards import HEARTS_MASK, QS_BIT, QUEEN_OF_SPADES, SUIT_MASKS, Suit, iter_bits
from ..engine.rules import MOON_POINTS
from .table import Table

SPADES = int(Suit.SPADES)
HEARTS = int(Suit.HEARTS)
KS_BIT = 1 << (QUEEN_OF_SPADES + 1)
AS_BIT = 1 << (QUEEN_OF_SPADES + 2)
HIGH_SPADES = KS_BIT | AS_BIT
LOW_SPADES = SUIT_MASKS[SPADES] & (QS_BIT - 1)
# A seat that has taken every point so far is watched from its first point
# (the others duck its hearts low and keep their high ones); with at least
# this many hearts, or the Black Maria and this many, the others pay a point
# trick to stop its moon and feed it no points. With two packs (Cancellation
# Hearts' 52-point moon) the watch starts at half the moon: guarding from the
# first point cost the guards 0.3 points a hand there (benchmarks/naive_moon.py).
MOON_ALARM_HEARTS = 4
MOON_ALARM_QUEEN_HEARTS = 2
# The strong bot's search watches a seat with every point so far from this many.
MOON_WATCH_POINTS = 4


def highest(mask: int) -> int:
    return mask.bit_length() - 1


def lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def below(index: int) -> int:
    """The cards of ``index``'s suit lower than it."""
    return SUIT_MASKS[index // 13] & ((1 << index) - 1)


def above(index: int) -> int:
    """The cards of ``index``'s suit higher than it."""
    return SUIT_MASKS[index // 13] & ~((2 << index) - 1)


def trick_mask(trick: tuple[int, ...]) -> int:
    return index_mask(trick)


def index_mask(cards: Iterable[int]) -> int:
    """The bitmask of the card indexes ``cards``."""
    mask = 0
    for index in cards:
        mask |= 1 << index
    return mask


def winning_index(trick: tuple[int, ...]) -> int:
    """play.trick-winner: the highest card of the suit led (on indexes)."""
    return highest(trick_mask(trick) & SUIT_MASKS[trick[0] // 13])


def losers(held: int, outstanding: int, limit: int = 13) -> int:
    """How many of ``held`` would likely lose a trick if this seat led every suit
    from the top: a card wins when no outstanding card of its suit is higher,
    or when the others' cards of the suit are too few to outlast the higher ones held.
    Counting stops once past ``limit`` (the caller only asks whether it is at most that)."""
    count = 0
    for suit_mask in SUIT_MASKS:
        mine = held & suit_mask
        if not mine:
            continue
        out = outstanding & suit_mask
        length = out.bit_count()
        above_held = 0
        while mine:
            card = highest(mine)
            mine ^= 1 << card
            if out >> card and length > above_held:
                count += 1
                if count > limit:
                    return count
            above_held += 1
    return count


# -- the moon -------------------------------------------------------------
def moon_threat(table: Table) -> int | None:
    """Another seat that has every point taken so far and points still to take,
    so that it may still shoot the moon; else None (always None when the rules
    have no moon). The others watch it from its first point (with two packs,
    from half the moon); :func:`moon_alarm` says when they pay to stop it."""
    if not table.moon_points or not any(table.points):
        return None
    taking = [s for s, p in enumerate(table.points) if p]
    if len(taking) != 1 or taking[0] == table.seat:
        return None
    seat = taking[0]
    points = table.points[seat]
    if table.moon_points > MOON_POINTS and points < table.moon_points // 2:
        return None  # two packs: the 52-point moon is watched from half of it
    return seat if points < table.moon_points else None


def moon_alarm(table: Table, seat: int) -> bool:
    """Whether ``seat`` (a :func:`moon_threat`) has taken enough to be worth paying
    a point trick to stop: ``MOON_ALARM_HEARTS`` hearts, or the Black Maria and
    ``MOON_ALARM_QUEEN_HEARTS`` hearts."""
    points = table.points[seat]
    queens = min(points // 13, table.moon_points // 26)
    hearts = points - 13 * queens
    return hearts >= (MOON_ALARM_QUEEN_HEARTS if queens else MOON_ALARM_HEARTS)


def may_shoot(table: Table) -> int | None:
    """A looser :func:`moon_threat` for the strong bot's search: another seat that
    has every point taken so far, at least ``MOON_WATCH_POINTS`` of them, and
    points still to take. The search then lets that seat try for the moon in
    its play-outs whenever its sampled cards make the moon plausible."""
    if not table.moon_points or not any(table.points):
        return None
    taking = [s for s, p in enumerate(table.points) if p]
    if len(taking) != 1 or taking[0] == table.seat:
        return None
    points = table.points[taking[0]]
    return taking[0] if MOON_WATCH_POINTS <= points < table.moon_points else None


def shooting(table: Table) -> bool:
    """Whether this seat should go for the moon now: nobody else has points and
    its cards should win (almost) every trick from here (never without a moon)."""
    points = table.points
    if not table.moon_points or sum(points) != points[table.seat]:  # another seat has points
        return False
    slack = 1 if points[table.seat] >= 16 or not table.gone else 0
    return losers(table.held, table.unseen, slack) <= slack


# -- playing --------------------------------------------------------------
# Each decision comes with a reason code, which the coach turns into words.
Decision = tuple[int, str]


def rule_play(table: Table) -> int:
    """The card (index) a sound club player would play."""
    return decide(table)[0]


def decide(table: Table) -> Decision:
    """The card a sound club player would play, and why (a reason code)."""
    legal = table.legal
    if not legal & (legal - 1):
        return highest(legal), "only-card"
    if shooting(table):
        return shoot(table)
    if not table.trick:
        return _lead(table)
    led = table.trick[0] // 13
    if legal & SUIT_MASKS[led]:
        return _follow(table, led)
    return _discard(table)


def shoot(table: Table) -> Decision:
    """Going for the moon: win every trick, keep the points for yourself."""
    legal = table.legal
    if not table.trick:
        outstanding = table.unseen
        sure = [c for c in iter_bits(legal) if not outstanding & above(c)]
        return (max(sure) if sure else highest(legal)), "moon-lead"
    led = table.trick[0] // 13
    suit = legal & SUIT_MASKS[led]
    if suit:
        win = winning_index(table.trick)
        top = highest(suit)
        return (top, "moon-win") if top > win else (lowest(suit), "moon-keep")
    plain = legal & ~HEARTS_MASK & ~QS_BIT
    return _lowest_rank(plain or legal), "moon-keep"


def _lead(table: Table) -> Decision:
    """Lead the low card least likely to win, from the safest suit."""
    legal = table.legal
    threat = moon_threat(table)
    if threat is not None and legal & HEARTS_MASK and moon_alarm(table, threat):
        return highest(legal & HEARTS_MASK), "guard-lead"
    outstanding = table.unseen
    queen_out = bool(outstanding & QS_BIT)
    best, best_risk, best_reason = -1, 1e9, "lead-low"
    others_void = 0  # the suits some other seat is known to be void in
    for seat, voids in enumerate(table.voids):
        if seat != table.seat:
            others_void |= voids
    for suit in range(4):
        mine = legal & SUIT_MASKS[suit]
        if not mine:
            continue
        if suit == SPADES and mine & ~QS_BIT:
            mine &= ~QS_BIT
        card = lowest(mine)
        out = outstanding & SUIT_MASKS[suit]
        lower = (out & below(card)).bit_count()
        higher = (out & above(card)).bit_count()
        reason = "lead-low"
        if not higher:
            risk = 40.0 + (10 if not out else 0)
            reason = "lead-least-bad"
        else:
            risk = 10.0 * lower / (lower + higher)
        if suit == SPADES:
            if card == QUEEN_OF_SPADES:
                risk += 60
            elif queen_out and card < QUEEN_OF_SPADES:
                risk -= 3
                reason = "lead-spade-for-queen"
            elif queen_out:
                risk += 30
            if table.held & QS_BIT:
                risk += 4
        if suit == HEARTS:
            risk += 1
        if others_void >> suit & 1:
            risk += 5
        if risk < best_risk:
            best, best_risk, best_reason = card, risk, reason
    return best, best_reason


def _follow(table: Table, led: int) -> Decision:
    """Follow suit: duck under the winning card, or win big when it is safe."""
    suit = table.legal & SUIT_MASKS[led]
    trick = table.trick
    win = winning_index(trick)
    if table.safe_first_trick:
        return highest(suit), "first-trick-high"
    last = len(trick) == table.players - 1
    points = trick_mask(trick) & table.costly
    threat = moon_threat(table)
    if threat is not None:
        guard = _guard_follow(table, threat, suit, win, bool(points))
        if guard is not None:
            return guard
    if suit & QS_BIT and win > QUEEN_OF_SPADES:
        return QUEEN_OF_SPADES, "queen-under"
    under = suit & below(win)
    # Winning, keep back the cards that cost their taker points (the Black
    # Maria; in Black Maria the K♠ and A♠ too).
    no_queen = suit & ~(table.costly & ~HEARTS_MASK) or suit
    if last and not points:
        return highest(no_queen), ("duck" if highest(no_queen) < win else "last-no-points")
    if under:
        return highest(under), "duck"
    if last:
        return highest(no_queen), "must-win-last"
    over = suit & above(win)
    if points or led == HEARTS:
        return lowest(over), "must-win-low"
    return highest(no_queen), "must-win-high"


def _guard_follow(table: Table, threat: int, suit: int, win: int, points: bool) -> Decision | None:
    """Following suit while ``threat`` may shoot the moon and would take this trick:
    once the alarm is up (:func:`moon_alarm`), win a trick with points in it;
    else, under the threat's heart, duck with the lowest heart and keep the high
    ones to win a heart trick later. None: play as usual."""
    trick = table.trick
    winner = (table.leader + trick.index(win)) % table.players
    later = {(table.leader + k) % table.players for k in range(len(trick) + 1, table.players)}
    if winner != threat and threat not in later:
        return None
    if (points or win // 13 == HEARTS) and suit & above(win) and moon_alarm(table, threat):
        return highest(suit), "guard-win"
    if win // 13 == HEARTS and winner == threat and (suit & below(win)).bit_count() > 1:
        return lowest(suit), "duck"
    return None


def _discard(table: Table) -> Decision:
    """Void in the suit led: unload the most dangerous card."""
    legal = table.legal
    threat = moon_threat(table)
    if threat is not None:
        guard = _guard_discard(table, threat)
        if guard is not None:
            return guard
    if legal & QS_BIT:
        return QUEEN_OF_SPADES, "discard-queen"
    queen_out = bool(table.unseen & QS_BIT)
    best, best_danger = -1, -1e9
    for card in iter_bits(legal):
        danger = _discard_danger(card, table.held, queen_out)
        if danger > best_danger:
            best, best_danger = card, danger
    if 1 << best & HIGH_SPADES and queen_out:
        return best, "discard-high-spade"
    if 1 << best & HEARTS_MASK:
        return best, "discard-heart"
    if not table.held & SUIT_MASKS[best // 13] & ~(1 << best):
        return best, "discard-void"
    return best, "discard-high"


def _guard_discard(table: Table, threat: int) -> Decision | None:
    """Discarding while ``threat`` may shoot the moon: give a point to another seat
    winning the trick; onto the threat's trick, once the alarm is up, give no
    points, and keep the cards that can still win a trick (sure winners) and the
    high hearts, discarding low. None: discard as usual."""
    legal = table.legal
    winner = (table.leader + table.trick.index(winning_index(table.trick))) % table.players
    if winner != threat:
        if legal & (HEARTS_MASK | QS_BIT):
            return highest(legal & (HEARTS_MASK | QS_BIT)), "guard-give-points"
        return None
    if not moon_alarm(table, threat):
        return None
    safe = legal & ~HEARTS_MASK & ~QS_BIT
    winners = index_mask(c for c in iter_bits(safe) if not table.unseen & above(c))
    if safe & ~winners:
        return _lowest_rank(safe & ~winners), "guard-no-points"
    if legal & HEARTS_MASK:
        return lowest(legal & HEARTS_MASK), "discard-heart"
    if safe:
        return _lowest_rank(safe), "guard-no-points"
    return None


def _discard_danger(card: int, held: int, queen_out: bool) -> float:
    suit, rank = divmod(card, 13)
    rank += 2
    if 1 << card & HIGH_SPADES and queen_out:
        return 90 + rank
    if suit == HEARTS:
        return 10 + rank
    length = (held & SUIT_MASKS[suit]).bit_count()
    if suit == SPADES and card < QUEEN_OF_SPADES and queen_out:
        return rank - 8
    return rank + (6 if length == 1 else 0)


# -- passing --------------------------------------------------------------
def rule_pass(held: int, deck: int, keep: int = 0, moon: bool = True) -> list[int]:
    """Three cards (indexes) to pass: the dangerous ones, voiding short suits;
    or, with a hand that can shoot the moon, the low losers. The cards in
    ``keep`` (the Omnibus bonus) are not passed; with a ``moon`` in the rules
    the highest heart is kept, to stop another player's moon."""
    return [card for card, _ in pass_reasons(held, deck, keep, moon)]


def pass_reasons(held: int, deck: int, keep: int = 0, moon: bool = True) -> list[tuple[int, str]]:
    """:func:`rule_pass`'s three cards, each with why it goes (a reason code:
    ``queen``, ``high-spade``, ``high-heart``, ``short``, ``high``, ``moon-low``)."""
    chosen: list[tuple[int, str]] = []
    rest = held
    if moon_hand(held, deck):
        for _ in range(3):
            card = _lowest_rank(rest & ~HEARTS_MASK & ~QS_BIT & ~keep or rest & ~keep or rest)
            chosen.append((card, "moon-low"))
            rest ^= 1 << card
        return chosen
    for _ in range(3):
        card = max(iter_bits(rest & ~keep or rest), key=lambda c: pass_danger(c, rest, moon))
        chosen.append((card, pass_reason(card, rest)))
        rest ^= 1 << card
    return chosen


def pass_reason(card: int, held: int) -> str:
    """Why :func:`pass_danger` ranks ``card`` among the cards to pass from ``held``."""
    suit, rank = divmod(card, 13)
    if card == QUEEN_OF_SPADES:
        return "queen"
    if 1 << card & HIGH_SPADES:
        return "high-spade"
    if suit == HEARTS and rank + 2 >= 11:
        return "high-heart"
    if suit != SPADES and (held & SUIT_MASKS[suit]).bit_count() <= 3:
        return "short"
    return "high"


def moon_hand(held: int, deck: int) -> bool:
    """A hand dealt strong enough to try for the moon: long in hearts, few losers."""
    return losers(held, deck & ~held) <= 3 and (held & HEARTS_MASK).bit_count() >= 5


def pass_danger(card: int, held: int, moon: bool = True) -> float:
    """How much keeping ``card`` in ``held`` risks taking points: the higher, the sooner to pass it.
    With a ``moon`` in the rules the highest heart, a jack or higher, ranks as a plain
    card of its rank, not as a high heart: careful players keep one to win a heart
    trick from a player shooting the moon."""
    suit, rank = divmod(card, 13)
    rank += 2
    guards = (held & LOW_SPADES).bit_count()
    if card == QUEEN_OF_SPADES:
        return 100 if guards < 4 else 5
    if 1 << card & HIGH_SPADES:
        if guards >= 4:
            return 8 + rank
        return 70 + rank if held & QS_BIT else 80 + rank
    if suit == SPADES:
        return rank - 10
    if suit == HEARTS:
        if moon and rank >= 11 and not held & above(card):
            return rank  # the highest heart stays, to stop another player's moon
        return 40 + rank if rank >= 11 else rank
    length = (held & SUIT_MASKS[suit]).bit_count()
    return rank + max(0, 4 - length) * 4


def _lowest_rank(mask: int) -> int:
    """The lowest-ranked card in ``mask``, whatever its suit."""
    return min(iter_bits(mask), key=lambda c: (c % 13, c))
