"""No public method hands out the game's own mutable data: changing whatever
``to_dict()`` or a getter returns (lists, dicts, and the facts of events, all
the way down) never changes the hand or the game."""

from __future__ import annotations

import contextlib
import dataclasses
import inspect
import json
from collections.abc import Callable
from typing import Any

import pytest
from engine_helpers import first_action, position

from hearts_widget import Game, Hand, Rules
from hearts_widget.engine import same_deal


def _game(first: Hand | None = None) -> Game:
    game = Game.from_hand(first, seed=2) if first is not None else Game.new(Rules(target=30), seed=2)
    while len(game.sheet) < 1 or len(game.hand.tricks) < 1:
        game = first_action(game)
    return game


def _hand(rules: Rules, moves: int) -> Hand:
    hand = Hand.deal(rules, seed=3)
    for seat in hand.waiting_to_pass:
        hand = hand.pass_cards(seat, hand.held(seat)[:3])
    for _ in range(moves):
        hand = hand.play(hand.legal_moves()[0])
    return hand


_LESSON = position(4, {1: ("QS", "CS")}, leader=0, trick=["4D"], tricks_done=2, taken_cards=["5H"])
STATES: dict[str, Hand | Game] = {
    "hand mid-way": _hand(Rules(), 9),
    "hand played out": _hand(Rules(players=3), 51),
    "two-pack hand": _hand(Rules(players=6, variant="cancellation"), 20),
    "hand from cards": _LESSON,
    "game mid-way": _game(),
    "game from a hand": _game(Hand.from_cards(Rules(), [list(h) for h in Hand.deal(Rules(), 4).hands], "left")),
}


def _snapshot(state: Hand | Game) -> str:
    """Everything the state shows, as text: its record, events, cards and scores."""
    hand = state.hand if isinstance(state, Game) else state
    seen: dict[str, Any] = {
        "record": state.to_json(), "events": [e.to_dict() for e in state.events],
        "hands": [[c.code for c in h] for h in hand.hands], "points": hand.points(), "phase": hand.phase,
        "tricks": [[c.code for c in t.cards] for t in hand.tricks], "legal": [c.code for c in hand.legal_moves()],
    }
    if isinstance(state, Game):
        seen.update(sheet=state.sheet, scores=state.scores, history=[e.to_dict() for e in state.history])
    return json.dumps(seen, default=str)


def _scribble(value: Any, depth: int = 0) -> None:
    """Change everything mutable in ``value``, all the way down (read-only parts may refuse)."""
    if depth > 6:
        return
    if isinstance(value, dict):
        for item in list(value.values()):
            _scribble(item, depth + 1)
        for change in (lambda: value.__setitem__("scribbled", 1), lambda: value.pop(next(iter(value))),
                       value.clear):
            _try(change)
    elif isinstance(value, list):
        for item in list(value):
            _scribble(item, depth + 1)
        for change in (lambda: value.append("scribbled"), lambda: value.__setitem__(0, "x"), value.clear):
            _try(change)
    elif isinstance(value, tuple):
        for item in value:
            _scribble(item, depth + 1)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            _scribble(getattr(value, field.name), depth + 1)


def _try(change: Callable[[], Any]) -> None:
    with contextlib.suppress(TypeError, AttributeError, IndexError, KeyError, StopIteration):  # read-only: good
        change()


def _getters(state: Hand | Game) -> list[Any]:
    """What every public getter of the state returns: properties, and methods
    that need no argument or only a seat."""
    results: list[Any] = []
    targets: list[Any] = [state] + ([state.hand] if isinstance(state, Game) else [])
    for target in targets:
        for name in dir(type(target)):
            if name.startswith("_"):
                continue
            attr = getattr(type(target), name)
            if isinstance(attr, property):
                results.append(getattr(target, name))
            elif inspect.isfunction(attr):
                parameters = list(inspect.signature(attr).parameters)[1:]
                method = getattr(target, name)
                if not parameters and name not in ("finish", "finish_hand"):
                    results.append(method())
                elif parameters == ["seat"]:
                    results.extend(method(seat) for seat in range(target.rules.players))
            elif not callable(attr):
                results.append(getattr(target, name))
        for name in ("rules", "completed", "sheet", "tricks", "events"):
            if hasattr(target, name):
                results.append(getattr(target, name))
    return results


@pytest.mark.parametrize("name", STATES)
def test_changing_what_to_dict_returns_never_changes_the_state(name: str) -> None:
    state = STATES[name]
    before = _snapshot(state)
    _scribble(state.to_dict())
    _scribble(state.rules.to_dict())
    assert _snapshot(state) == before


@pytest.mark.parametrize("name", STATES)
def test_changing_what_the_getters_return_never_changes_the_state(name: str) -> None:
    state = STATES[name]
    before = _snapshot(state)
    for result in _getters(state):
        _scribble(result)
    hand = state.hand if isinstance(state, Game) else state
    for seat in range(hand.players):
        _scribble(hand.view(seat))
        _scribble(hand.visible_events(seat))
    if hand.legal_moves():
        _scribble(hand.explain(hand.legal_moves()[0]))
    assert _snapshot(state) == before


def test_event_facts_are_read_only_and_still_plain_json() -> None:
    game = STATES["game mid-way"]
    scored = next(e for e in game.events if e.kind == "scored")
    with pytest.raises(TypeError, match="read-only"):
        scored.facts["row"] = [0, 0, 0, 0]  # type: ignore[index]
    with pytest.raises(TypeError, match="read-only"):
        scored.facts["row"].append(5)
    assert scored.facts["row"] == list(game.sheet[0])
    assert json.loads(json.dumps(scored.facts)) == {"row": list(game.sheet[0]), "number": 0}
    assert dict(scored.facts) == scored.facts


def test_a_same_deal_result_keeps_its_changes() -> None:
    result = same_deal(STATES["hand mid-way"], maria_breaks_hearts=False)
    _scribble(result.changes)
    assert result.changes == {"maria_breaks_hearts": (True, False)}
