"""Values of every type and sample states of the engine's classes, for the fuzz tests
of the engine's API (test_fuzz_api.py) and of the table's (tests/widget/test_fuzz_table.py)."""

from __future__ import annotations

import math
from typing import Any

from engine_helpers import first_action

from hearts_widget.engine import Card, Game, Hand, HeartsError, Rules, Suit, same_deal

DEPTH = 10_000


def _nested_lists(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


def _nested_dicts(depth: int) -> dict[str, Any]:
    value: dict[str, Any] = {}
    for _ in range(depth):
        value = {"type": value}
    return value


class Opaque:
    """An object the engine knows nothing about."""


class BrokenRepr:
    """An object whose repr fails: an error message must still be made."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


def _mid_hand() -> Hand:
    hand = Hand.deal(Rules(), seed=7)
    for seat in range(4):
        hand = hand.pass_cards(seat, hand.held(seat)[:3])
    for _ in range(6):
        hand = hand.play(hand.legal_moves()[0])
    return hand


def _done_hand() -> Hand:
    hand = Hand.deal(Rules(players=3), seed=8)
    for seat in range(3):
        hand = hand.pass_cards(seat, hand.held(seat)[:3])
    while hand.phase == "play":
        hand = hand.play(hand.legal_moves()[-1])
    return hand


def _two_pack_hand() -> Hand:
    hand = Hand.deal(Rules(players=5, variant="cancellation"), seed=9)
    for _ in range(7):
        hand = hand.play(hand.legal_moves()[0])
    return hand


def _game_mid_way() -> Game:
    game = Game.new(Rules(target=30), seed=3)
    while len(game.sheet) < 1 or game.hand.phase == "pass":
        game = first_action(game)
    return game


PASS_HAND = Hand.deal(Rules(), seed=5)
TWO_PACKS = Hand.deal(Rules(players=5, variant="cancellation"), seed=6)
HANDS = [PASS_HAND, _mid_hand(), _done_hand(), _two_pack_hand(), Hand.deal(Rules(variant="omnibus"), seed=4)]
GAMES = [Game.new(Rules(), seed=1), _game_mid_way()]
EVENT = HANDS[1].events[-1]
EXPLANATION = HANDS[1].explain(HANDS[1].legal_moves()[0])
TRICK = HANDS[1].tricks[0]
VIEW = HANDS[1].view(HANDS[1].to_move)  # type: ignore[arg-type]
SAME = same_deal(HANDS[1], maria_breaks_hearts=False)

HUGE_TEXT = "Q" * 1_000_000
# Values of every type, and the shapes that break naive code: huge, deep, odd.
ODD: list[Any] = [
    None, True, False, 0, 1, -1, 2, 3, 4, 13, 14, 52, 2**52, 2**63, -(2**63) - 1, 10**5000, -(10**5000),
    0.0, 1.0, 2.5, -0.0, math.nan, math.inf, -math.inf, 1e308,
    "", " ", "QS", "2C", "10H", "q♠", "left", "across", "self", "others", "pass", "play", "en", "sw",
    "standard", "cancellation", "JD", HUGE_TEXT, "Q♠" * 500_000, "\x00", "💥🂡", "ﬃ", "\u202e", "é" * 100,
    b"QS", b"\xff" * 100_000, bytearray(b"2C"), [], ["QS"], ["2C", "3C", "4C"], [["QS"]], [None], ["QS"] * 100_000,
    (), ("QS",), {}, {"a": 1}, {1: 2}, {"type": "play", "card": "2C"}, {"players": 4}, {None: None},
    set(), frozenset({"QS"}), range(3), _nested_lists(DEPTH), _nested_dicts(DEPTH), [_nested_lists(DEPTH)],
    object(), Opaque(), BrokenRepr(), Opaque, print, Card.parse("QS"), Card.parse("2C"), Suit.HEARTS,
    Rules(), Rules(players=5, variant="cancellation"), HANDS[0], HANDS[1], GAMES[1], TRICK, VIEW, EVENT,
    EXPLANATION, SAME, HeartsError("x"), {"format": "hearts-widget.game", "version": 1},
]
