"""JSON records: exact round trips, and tampered or malformed records refused
with RecordError naming what is wrong."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from engine_helpers import position, random_game_hand

from hearts_widget import Game, Hand, RecordError, Rules


def _mid_hand() -> Hand:
    hand = Hand.deal(Rules(players=4), seed=21)
    for seat in (2, 0, 3, 1):  # out of seat order: the record keeps the order
        hand = hand.pass_cards(seat, hand.held(seat)[-3:])
    for _ in range(7):
        hand = hand.play(hand.legal_moves()[0])
    return hand


def test_hand_round_trips_exactly_mid_hand() -> None:
    hand = _mid_hand()
    back = Hand.from_json(hand.to_json())
    assert back == hand and back.to_json() == hand.to_json()
    assert back.events == hand.events and back.tricks == hand.tricks and back.hands == hand.hands
    assert [a["seat"] for a in hand.to_dict()["actions"][:4]] == [2, 0, 3, 1]


def test_hand_from_cards_round_trips_with_its_start() -> None:
    hand = position(5, {1: ("QS", "CS")}, leader=0, trick=["4D"], tricks_done=2, taken_cards=["5H"])
    hand = hand.play("QS")
    back = Hand.from_json(hand.to_json())
    assert back == hand and back.events == hand.events and back.seed is None
    assert back.events[-1].facts == hand.events[-1].facts


def _game_mid_way() -> Game:
    game = Game.new(Rules(players=4, target=40), seed=5)
    while len(game.sheet) < 2:
        hand = game.hand
        if hand.phase == "pass":
            game = game.pass_cards(hand.waiting_to_pass[0], hand.held(hand.waiting_to_pass[0])[:3])
        else:
            game = game.play(hand.legal_moves()[-1])
    for _ in range(3):
        game = game.play(game.hand.legal_moves()[-1]) if game.hand.phase == "play" else game.pass_cards(
            game.hand.waiting_to_pass[0], game.hand.held(game.hand.waiting_to_pass[0])[:3])
    return game


def test_game_round_trips_exactly_mid_game() -> None:
    game = _game_mid_way()
    back = Game.from_json(game.to_json())
    assert back == game and back.to_json() == game.to_json()
    assert back.sheet == game.sheet and back.scores == game.scores and back.history == game.history
    assert back.hand == game.hand


Tamper = Callable[[dict[str, Any]], None]


def _set(path: tuple[Any, ...], value: Any) -> Tamper:
    def change(record: dict[str, Any]) -> None:
        target = record
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


def _swap_first_cards(hands: list[list[str]]) -> None:
    """Swap a card between seats 0 and 1: still every card once, but not the seed's deal."""
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]


HAND_TAMPERING: dict[str, tuple[Tamper, str]] = {
    "changed played card": (_set(("actions", 5, "card"), "AH"), "action 5"),
    "passed card not held": (lambda r: r["actions"][0]["cards"].__setitem__(
        0, r["start"]["hands"][(r["actions"][0]["seat"] + 1) % 4][0]), "action 0"),
    "extra action": (lambda r: r["actions"].append({"type": "play", "card": "2C"}), "action 11"),
    "unknown action": (lambda r: r["actions"].append({"type": "undo"}), "unknown action"),
    "action with extra key": (_set(("actions", 4, "seat"), 1), "unknown action"),
    "actions not a list": (_set(("actions",), "2C"), "actions must be a list"),
    "wrong format": (_set(("format",), "hearts-widget.game"), "not a hearts-widget.hand record"),
    "wrong version": (_set(("version",), 2), "unsupported record version 2"),
    "version true": (_set(("version",), True), "unsupported record version True"),
    "unknown field": (_set(("comment",), "hi"), "unknown field(s) comment"),
    "missing field": (lambda r: r.pop("start"), "missing start"),
    "unknown rules field": (_set(("rules", "jd_bonus"), True), "unknown rules field(s): jd_bonus"),
    "bad rules value": (_set(("rules", "players"), 9), "Rules.players must be from 3 to 7"),
    "seed not matching the hands": (_set(("seed",), 22), "not the deal of seed 22"),
    "hands not matching the seed": (lambda r: _swap_first_cards(r["start"]["hands"]), "not the deal of seed 21"),
    "a card in two hands": (lambda r: r["start"]["hands"][0].__setitem__(0, r["start"]["hands"][1][0]),
                            "given twice"),
    "unknown start field": (_set(("start", "kitty"), []), "start must hold exactly"),
    "bad number": (_set(("number",), -1), "hand number"),
    "bad seed": (_set(("seed",), "21"), "seed must be a whole number"),
    "illegal play": (None, "cannot be replayed"),  # type: ignore[dict-item]
}


def _illegal_play(record: dict[str, Any]) -> None:
    """Swap the first trick's lead (the 2♣) for another card of the leader's."""
    hand = Hand.from_dict(json.loads(json.dumps(record)))
    leader_cards = [c.code for c in hand.tricks[0].cards]
    record["actions"][4]["card"] = next(c for c in record["actions"][5:] if c["card"] not in leader_cards)["card"]


HAND_TAMPERING["illegal play"] = (_illegal_play, "action 4")


@pytest.mark.parametrize("name", HAND_TAMPERING)
def test_tampered_hand_records_are_refused(name: str) -> None:
    hand = _mid_hand()
    record = json.loads(hand.to_json())
    tamper, message = HAND_TAMPERING[name]
    tamper(record)
    with pytest.raises(RecordError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Hand.from_json(json.dumps(record))


@pytest.mark.parametrize("text", ["", "{", "[]", "null", "42", b"\xff", None])
def test_malformed_json_is_refused(text: Any) -> None:
    for reader in (Hand.from_json, Game.from_json):
        with pytest.raises(RecordError):
            reader(text)


GAME_TAMPERING: dict[str, tuple[Tamper, str]] = {
    "card played twice": (lambda r: r["actions"][10].__setitem__("card", r["actions"][9]["card"]), "action 10"),
    "extra moon choice": (lambda r: r["actions"].append({"type": "moon", "choice": "self"}), "nobody has shot"),
    "bad seed": (_set(("seed",), 1.5), "seed must be a whole number"),
    "unknown field": (_set(("players",), 4), "unknown field(s) players"),
    "wrong format": (_set(("format",), "hearts-widget.hand"), "not a hearts-widget.game record"),
    "wrong version": (_set(("version",), "1"), "unsupported record version '1'"),
    "bad rules": (_set(("rules", "target"), 0), "Rules.target must be a positive number"),
    "bad action": (_set(("actions", 0), {"type": "pass", "seat": 0, "cards": "2C"}), "passed cards must be a list"),
    "early finish": (lambda r: r["actions"].insert(5, {"type": "finish"}), "points are still in play"),
}


@pytest.mark.parametrize("name", GAME_TAMPERING)
def test_tampered_game_records_are_refused(name: str) -> None:
    record = json.loads(_game_mid_way().to_json())
    tamper, message = GAME_TAMPERING[name]
    tamper(record)
    with pytest.raises(RecordError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Game.from_json(json.dumps(record))


def test_a_seeded_hand_record_with_another_seed_is_refused() -> None:
    hand = random_game_hand(4, 3)
    record = hand.to_dict()
    record["seed"] = 4
    with pytest.raises(RecordError, match="not the deal of seed 4, hand 0"):
        Hand.from_dict(record)
