"""A puzzle's themes and its reason, decided by checks on the position (never by hand).

:func:`themes` names what a decision is about, from the seat's view and the answer
alone: ``"duck-queen"`` (stay under the trick while the Q♠ is on it, or spades are led and it is still out),
``"flush-queen"`` (lead a spade under a Q♠ still out), ``"drop-queen"`` (play the Q♠
where it does not win the trick),
``"void-suit"`` (play the last card of a suit), ``"count-suit"`` (most of the suit is
gone, and the answer is the highest or the lowest still in play), ``"first-trick-dump"``
(the highest card of a suit, jack or higher, on the first trick), ``"stop-moon"``,
``"shoot-moon"``, ``"omnibus-jack"`` (the Omnibus bonus card is played or on the
table), ``"twins"`` (Cancellation: the answer's twin is on the table or held), and for
a pass ``"pass-queen"``, ``"pass-high-spades"``, ``"pass-void"``; every puzzle has at
least one of the general themes ``"lead"``, ``"follow"``, ``"discard"``, ``"last-to-play"``
or ``"pass"``.

:func:`reason_claims` gives the puzzle's reason: a code and the claims
(:class:`.bots.claims.Claim`) its sentence states, the first reason whose claims all
hold (:func:`.bots.verify.holds`) on the view.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from ..bots.claims import FEW_SPADES, Claim, unseen
from ..bots.table import Table
from ..bots.tactics import moon_threat
from ..bots.variants import current_winner, wins_now
from ..bots.verify import holds
from ..engine import Card, SeatView, Suit
from ..engine.cards import QUEEN_OF_SPADES

# Every theme a check can give, the specific ones first.
THEMES = ("duck-queen", "flush-queen", "drop-queen", "void-suit", "count-suit", "first-trick-dump",
          "stop-moon", "shoot-moon", "omnibus-jack", "twins", "pass-queen", "pass-high-spades", "pass-void",
          "lead", "follow", "discard", "last-to-play", "pass")
# "Most of a suit is gone": at least this many of its cards played (one pack; twice that with two).
COUNTED = 7
# The reasons, in the order they are tried.
REASONS = ("stop-moon", "shoot-moon", "twin", "bonus", "discard-queen", "flush-queen", "duck", "count",
           "void", "first-trick", "wins", "loses", "lead", "plain", "pass-queen", "pass-high-spade", "pass-short",
           "pass-points", "pass-high", "pass")


def themes(view: SeatView, answer: Sequence[Card]) -> tuple[str, ...]:
    """The themes of the decision ``view.seat`` faces, whose best choice is ``answer``
    (one card to play, or the three cards of a pass), in :data:`THEMES` order."""
    found = _pass_themes(view, answer) if view.phase == "pass" else _play_themes(view, answer[0])
    return tuple(t for t in THEMES if t in found)


def _play_themes(view: SeatView, card: Card) -> set[str]:
    rules = view.rules
    trick = view.trick.cards
    out = unseen(view) or Counter()
    found = set()
    led = trick[0].suit if trick else None
    found.add("lead" if led is None else "follow" if card.suit is led else "discard")
    if len(trick) == rules.players - 1:
        found.add("last-to-play")
    queen = Card.parse("QS")
    if trick and not wins_now(view, card) and queen not in view.held \
            and (queen in trick or (out[queen] and led is Suit.SPADES)) and any(wins_now(view, c) for c in view.legal):
        found.add("duck-queen")
    if led is None and card.suit is Suit.SPADES and card.index < QUEEN_OF_SPADES and out[queen] \
            and queen not in view.held:
        found.add("flush-queen")
    if card.is_black_maria and led is not None and not wins_now(view, card):
        found.add("drop-queen")
    if len(view.held) >= 3 and sum(1 for c in view.held if c.suit is card.suit) == 1:
        found.add("void-suit")
    suit = card.suit if led is None else led
    gone = sum(1 for t in view.tricks for c in t.cards if c.suit is suit)
    if unseen(view) is not None and gone >= COUNTED * rules.packs:
        live = [c for c in out.elements() if c.suit is suit]
        if card.suit is suit and live and (all(c.rank < card.rank for c in live) or all(c.rank > card.rank
                                                                                            for c in live)):
            found.add("count-suit")
    if view.first_trick and trick and card.rank >= 11 and all(c.rank <= card.rank for c in view.held
                                                               if c.suit is card.suit):
        found.add("first-trick-dump")
    table = Table.of(view)
    if moon_threat(table) is not None:
        found.add("stop-moon")
    if _own_moon(view):
        found.add("shoot-moon")
    if rules.bonus is not None and (card is rules.bonus or rules.bonus in trick):
        found.add("omnibus-jack")
    if rules.packs == 2 and (card in trick or list(view.held).count(card) == 2):
        found.add("twins")
    return found


def _own_moon(view: SeatView) -> bool:
    """score.moon: the seat has taken every point so far (some), and the moon is in force."""
    points = view.points
    return view.rules.moon_points > 0 and points[view.seat] > 0 \
        and all(p == 0 for s, p in enumerate(points) if s != view.seat)


def _pass_themes(view: SeatView, passed: Sequence[Card]) -> set[str]:
    found = {"pass"}
    if any(c.is_black_maria for c in passed):
        found.add("pass-queen")
    if any(c.suit is Suit.SPADES and c.index > QUEEN_OF_SPADES for c in passed) \
            and not any(c.is_black_maria for c in view.held):
        found.add("pass-high-spades")
    kept = [c for c in view.held if c not in passed]
    if any(not any(k.suit is c.suit for k in kept) for c in passed):
        found.add("pass-void")
    return found


def reason_claims(view: SeatView, answer: Sequence[Card]) -> tuple[str, tuple[Claim, ...]]:
    """The puzzle's reason code and the claims its sentence states (all true of ``view``):
    the first of :data:`REASONS` whose claims hold."""
    for code, claims in _candidates(view, answer):
        if all(holds(view, claim) for claim in claims):
            return code, claims
    raise ValueError(f"no reason holds for {' '.join(map(str, answer))} in this position")


def _candidates(view: SeatView, answer: Sequence[Card]) -> list[tuple[str, tuple[Claim, ...]]]:
    """Each reason that may fit, with its claims (not yet checked), in :data:`REASONS` order."""
    if view.phase == "pass":
        cards = tuple(answer)
        found: list[tuple[str, tuple[Claim, ...]]] = []
        low_spades = sum(1 for c in view.held if c.suit is Suit.SPADES and c.index < QUEEN_OF_SPADES)
        for card in sorted(cards, key=lambda c: -c.index):
            if card.is_black_maria and low_spades <= FEW_SPADES:
                found.append(("pass-queen", (Claim("pass-queen", card, count=low_spades, cards=cards),)))
            found.append(("pass-high-spade", (Claim("pass-high-spade", card, cards=cards),)))
            found.append(("pass-short", (Claim("pass-short", card, cards=cards),)))
            found.append(("pass-points", (Claim("pass-points", card, cards=cards,
                                                count=view.rules.card_points(card)),)))
            found.append(("pass-high", (Claim("pass-high", card, cards=cards),)))
        order = {code: i for i, code in enumerate(REASONS)}
        found.sort(key=lambda entry: order[entry[0]])
        return [*found, ("pass", ())]
    card = answer[0]
    led = not view.trick.cards
    threat = moon_threat(Table.of(view))
    now = current_winner(view)
    suit = view.trick.cards[0].suit if view.trick.cards else card.suit
    out = unseen(view)
    higher = sum(n for c, n in out.items() if c.suit is card.suit and c.rank > card.rank) if out else -1
    points = view.rules.card_points(card)
    options: list[tuple[str, tuple[Claim, ...]]] = []
    if threat is not None:
        options.append(("stop-moon", (Claim("all-points", count=threat),)))
    if _own_moon(view):
        options.append(("shoot-moon", (Claim("all-points", count=view.seat),)))
    options.append(("twin", (Claim("twin-on-table", card),)))
    if card is view.rules.bonus:
        options.append(("bonus", (Claim("worth", card, count=points), Claim("wins-now", card))))
    if card.is_black_maria:
        options.append(("discard-queen", (Claim("void", card, suit=suit), Claim("worth", card, count=points))))
    options.append(("flush-queen", (Claim("queen-below", card),)))
    if now is not None:
        options.append(("duck", (Claim("winning", other=now[1], count=now[0]), Claim("below", card, other=now[1]))))
    if "count-suit" in _play_themes(view, card):
        options.append(("count", (Claim("higher-out", card, count=higher),)))
    if len(view.held) >= 3:
        options.append(("void", (Claim("last-of-suit", card),)))
    options.append(("first-trick", (Claim("first-trick", card), Claim("highest-of-suit", card))))
    if not led:
        options += [("wins", (Claim("wins-now", card),)), ("loses", (Claim("loses-now", card),))]
    options += [("lead", (Claim("higher-out", card, count=higher),)), ("plain", ())]
    return [(code, tuple(replace(c, led=led) if c.card is not None else c for c in claims))
            for code, claims in options]
