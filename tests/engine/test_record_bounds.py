"""Records mutated at every field into values of the wrong type, nested 10⁴
deep, huge texts and huge numbers: refused with RecordError (a HeartsError)
naming the problem in at most 500 characters, and quickly."""

from __future__ import annotations

import json
import math
import time
from collections.abc import Iterator
from typing import Any

import pytest

from hearts_widget import Game, Hand, HeartsError, RecordError, Rules
from hearts_widget.engine.errors import MAX_MESSAGE
from hearts_widget.engine.records import MAX_ACTIONS, MAX_RECORD_CHARS

DEEP = 10_000
HUGE_TEXT = "Q♠" * 500_000


def _nested(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


def _mid_game(rules: Rules, seed: int, first: Hand | None = None) -> Game:
    game = Game.from_hand(first, seed) if first is not None else Game.new(rules, seed)
    while len(game.sheet) < 1 or len(game.hand.tricks) < 2:
        if game.pending_moon is not None:
            game = game.choose_moon("others")
        elif game.hand.phase == "pass":
            seat = game.hand.waiting_to_pass[0]
            game = game.pass_cards(seat, game.hand.held(seat)[-3:])
        else:
            game = game.play(game.hand.legal_moves()[-1])
    return game


def _mid_hand(rules: Rules, seed: int) -> Hand:
    hand = Hand.deal(rules, seed)
    for seat in hand.waiting_to_pass:
        hand = hand.pass_cards(seat, hand.held(seat)[:3])
    for _ in range(9):
        hand = hand.play(hand.legal_moves()[0])
    return hand


_LESSON = Hand.from_cards(Rules(), [list(h) for h in Hand.deal(Rules(), seed=4).hands], "left")
RECORDS: dict[str, tuple[type[Hand] | type[Game], dict[str, Any]]] = {
    "hand": (Hand, _mid_hand(Rules(), 3).to_dict()),
    "two-pack hand": (Hand, _mid_hand(Rules(players=6, variant="cancellation"), 4).to_dict()),
    "game": (Game, _mid_game(Rules(target=40), 5).to_dict()),
    "game from a hand": (Game, _mid_game(Rules(), 6, _LESSON).to_dict()),
}

BAD_VALUES: dict[str, Any] = {
    "None": None, "true": True, "float": 1.5, "nan": math.nan, "inf": math.inf, "empty text": "",
    "huge text": HUGE_TEXT, "huge number": 10**5000, "2**64": 2**64, "-2**64": -(2**64), "list": ["QS"],
    "object": {"type": "play"}, "empty list": [], "empty object": {}, "lists 10^4 deep": _nested(DEEP),
    "python object": object(), "bytes": b"QS", "int key": {1: 2},
}


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every field of a record: all keys, and of long lists the first few items and the last."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield path + (key,)
            yield from _paths(item, path + (key,))
    elif isinstance(value, list):
        indexes = sorted({*range(min(len(value), 5)), len(value) - 1}) if value else []
        for index in indexes:
            yield path + (index,)
            yield from _paths(value[index], path + (index,))


def _changed(record: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    copy = json.loads(json.dumps(record))
    target = copy
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return copy


def _refused_or_loaded(load: Any, data: Any) -> None:
    """Loading either works (the change happened to be harmless) or is refused
    with a RecordError of at most 500 characters, quickly (in this thread's CPU time, which
    a busy machine does not stretch)."""
    start = time.thread_time()
    try:
        load(data)
    except RecordError as error:
        assert isinstance(error, HeartsError) and isinstance(error, ValueError)
        assert len(str(error)) <= MAX_MESSAGE, str(error)[:200]
    assert time.thread_time() - start < 5, "a bad record must be refused quickly"


@pytest.mark.parametrize("name", RECORDS)
def test_every_field_mutated_to_every_bad_value_is_refused(name: str) -> None:
    cls, record = RECORDS[name]
    assert cls.from_dict(record).to_dict() == record
    for path in _paths(record):
        for value in BAD_VALUES.values():
            _refused_or_loaded(cls.from_dict, _changed(record, path, value))


@pytest.mark.parametrize("name", RECORDS)
@pytest.mark.parametrize("bad", ["[" * DEEP + "]" * DEEP, '{"a":' * DEEP + "1" + "}" * DEEP, "1" * 5000,
                                 "1e999999", "NaN", "-Infinity", json.dumps(HUGE_TEXT, ensure_ascii=False)])
def test_every_field_of_the_json_text_mutated_is_refused(name: str, bad: str) -> None:
    """The same in JSON text, where the nesting and the numbers reach the parser first."""
    cls, record = RECORDS[name]
    for path in list(_paths(record))[::3]:
        text = json.dumps(_changed(record, path, "@@BAD@@"), ensure_ascii=False).replace('"@@BAD@@"', bad)
        _refused_or_loaded(cls.from_json, text)


@pytest.mark.parametrize("cls", [Hand, Game])
def test_whole_records_of_odd_shapes_are_refused_naming_the_problem(cls: type[Hand] | type[Game]) -> None:
    cases: list[tuple[Any, str]] = [
        ("[" * DEEP + "]" * DEEP, "nests lists and objects at most 8 deep"),
        ('{"format":' * DEEP + "1" + "}" * DEEP, "nests lists and objects at most 8 deep"),
        ("x" * (MAX_RECORD_CHARS + 1), "characters long"),
        ('{"seed":' + "9" * 5000 + "}", "at most 20 digits"),
        ('{"seed": NaN}', "holds no NaN"),
        (12, "is JSON text, not 12"),
        (None, "is JSON text, not None"),
        ('"' + "Q" * 1_000_000 + '"', "must be a JSON object, not 'QQQQ"),
        (b"\xff\xfe", "not a JSON"),
    ]
    for text, message in cases:
        with pytest.raises(RecordError, match=message) as error:
            cls.from_json(text)
        assert len(str(error.value)) <= MAX_MESSAGE
    with pytest.raises(RecordError, match="nests lists and objects at most 8 deep"):
        cls.from_dict({"format": _nested(DEEP)})
    with pytest.raises(RecordError, match=r"a text in a \w+ record is at most 64 characters"):
        cls.from_dict({"format": HUGE_TEXT})
    with pytest.raises(RecordError, match="below 2\\*\\*63 in size, not a whole number of 16610 bits"):
        cls.from_dict({"seed": 10**5000})


def test_a_record_with_too_many_actions_is_refused_before_replaying() -> None:
    record = Game.new(Rules(), seed=1).to_dict()
    record["actions"] = [{"type": "finish"}] * (MAX_ACTIONS + 1)
    start = time.process_time()
    with pytest.raises(RecordError, match="at most 200,000 actions, not 200,001"):
        Game.from_dict(record)
    assert time.process_time() - start < 5  # CPU time: the machine's load does not stretch it
    hand = Hand.deal(Rules(), seed=1).to_dict()
    hand["actions"] = [{"type": "play", "card": "2C"}] * (MAX_ACTIONS + 1)
    with pytest.raises(RecordError, match="at most 200,000 actions"):
        Hand.from_dict(hand)


def test_a_huge_card_in_a_record_comes_back_as_a_short_message() -> None:
    record = RECORDS["game"][1]
    changed = _changed(record, ("actions", 10, "card"), "Q" * 60)
    with pytest.raises(RecordError, match="action 10") as error:
        Game.from_dict(changed)
    assert len(str(error.value)) <= MAX_MESSAGE
    text = json.dumps(_changed(record, ("actions", 10, "card"), "Q" * 1_000_000))
    with pytest.raises(RecordError, match="at most 64 characters") as error:
        Game.from_json(text)
    assert len(str(error.value)) < 200
