"""Every public constructor and method of the engine, called with values of
every type: the only error that escapes is a HeartsError (a ValueError), and
its message is at most 500 characters, whatever the bad value was.

The entry points are found by introspection (``hearts_widget.engine.__all__``:
the classes, their constructors, class methods and methods, and the
functions), so a method added later is fuzzed too. Properties take no
argument, so they are read on every sample state and must not raise.
"""

from __future__ import annotations

import inspect
import itertools
from collections.abc import Callable
from functools import cached_property
from typing import Any

import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, given, settings
from odd_values import EVENT, EXPLANATION, GAMES, HANDS, ODD, PASS_HAND, SAME, TRICK, TWO_PACKS, VIEW

import hearts_widget
from hearts_widget import engine
from hearts_widget.engine import (
    Card,
    Event,
    Explanation,
    Game,
    Hand,
    HeartsError,
    IllegalMove,
    Rules,
    SameDeal,
    SeatView,
    Suit,
    Trick,
)
from hearts_widget.engine.errors import MAX_MESSAGE

# The states each class's methods are called on.
SAMPLES: dict[type, list[Any]] = {
    Card: [Card.parse("QS"), Card.parse("10H")],
    Suit: list(Suit),
    Rules: [Rules(), Rules(players=3, moon="off"), Rules(players=6, variant="cancellation"),
            Rules(variant="omnibus", moon_needs_bonus=True), Rules(variant="black-maria")],
    Hand: HANDS,
    Game: GAMES,
    Trick: [TRICK, HANDS[1].trick],
    SeatView: [VIEW, PASS_HAND.view(0)],
    Event: [EVENT, *HANDS[2].events[-3:]],
    Explanation: [EXPLANATION],
    SameDeal: [SAME],
}

# For each named parameter, values that are right (or nearly), so that the
# fuzzed value in another parameter reaches the code behind the first checks.
GOOD: dict[str, list[Any]] = {
    "rules": [Rules(), TWO_PACKS.rules, Rules()], "seed": [1, 5], "number": [0, 1],
    "hands": [[list(h) for h in PASS_HAND.hands], [list(h) for h in TWO_PACKS.hands]],
    "pass_direction": [None, None, "left"], "leader": [None, 0], "trick": [()], "taken": [None],
    "kitty": [(), TWO_PACKS._start["kitty"], ()], "seat": [0, 1, None], "card": ["2C", "QS", Card.parse("QS")],
    "cards": [["2C", "3C", "4C"], list(PASS_HAND.held(0)[:3])], "text": ["QS", PASS_HAND.to_json()],
    "data": [PASS_HAND.to_dict(), GAMES[1].to_dict(), Rules().to_dict()], "hand": [HANDS[1], PASS_HAND],
    "choice": ["self"], "action": [{"type": "play", "card": "2C"}], "lang": [None, "sw"], "mask": [0, 255],
    "once": [0, 2**51], "twice": [0], "magnitude": [False], "direction": ["left", "across"],
    "explanation": [EXPLANATION], "message": ["bad"], "texts": [["2C"], "2C QS"], "rank": [12], "suit": [2],
    "value": [3, "H"], "kind": ["play"], "rule": ["play.follow-suit"], "reason": ["follows-suit"],
    "legal": [True], "facts": [{}], "players": [4], "winner": [None, 0], "carried": [False],
    "before": [HANDS[1]], "after": [SAME.after], "changes": [{}], "changed_plays": [()],
    "phase": ["play"], "held": [VIEW.held], "hand_sizes": [VIEW.hand_sizes], "passed": [()],
    "received": [()], "waiting_to_pass": [()], "to_move": [VIEW.to_move], "tricks": [VIEW.tricks],
    "first_trick": [VIEW.first_trick], "hearts_broken": [False], "points": [VIEW.points], "events": [()],
    "kitty_size": [0], "target": [100], "first_trick_no_points": [True], "maria_breaks_hearts": [True],
    "hearts_must_be_broken": [True], "moon": [None], "variant": ["standard"], "bonus_card": [None],
    "moon_needs_bonus": [False],
}


def _own_public(cls: type) -> dict[str, Any]:
    """The public attributes a class of the engine defines itself (not int's, Enum's or dataclass's)."""
    found: dict[str, Any] = {}
    for klass in reversed(cls.__mro__):
        if klass.__module__.startswith("hearts_widget.engine"):
            found.update({name: value for name, value in vars(klass).items() if not name.startswith("_")})
    return found


def _entry_points() -> dict[str, Callable[..., Any]]:
    """Every public callable of the engine, by a readable name."""
    entries: dict[str, Callable[..., Any]] = {}
    for name in engine.__all__:
        obj = getattr(engine, name)
        if not isinstance(obj, type):
            entries[name] = obj
            continue
        entries[f"{name}(...)"] = obj
        for attr, value in _own_public(obj).items():
            if isinstance(value, (classmethod, staticmethod)):
                entries[f"{name}.{attr}"] = getattr(obj, attr)
            elif inspect.isfunction(value):
                for number, sample in enumerate(SAMPLES.get(obj, [])):
                    entries[f"{name}[{number}].{attr}"] = getattr(sample, attr)
    return entries


ENTRIES = _entry_points()


def _parameters(function: Callable[..., Any]) -> list[inspect.Parameter]:
    return list(inspect.signature(function).parameters.values())


def _call(function: Callable[..., Any], values: dict[str, Any]) -> None:
    """Call with ``values`` by parameter; only HeartsError may escape, with a short message."""
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    for parameter in _parameters(function):
        if parameter.name not in values:
            continue
        value = values[parameter.name]
        if parameter.kind is parameter.VAR_KEYWORD:
            kwargs.update(value)
        elif parameter.kind is parameter.VAR_POSITIONAL:
            args.extend(value)
        elif parameter.kind is parameter.KEYWORD_ONLY:
            kwargs[parameter.name] = value
        else:
            args.append(value)
    try:
        result = function(*args, **kwargs)
    except HeartsError as error:
        assert isinstance(error, ValueError)
        assert len(str(error)) <= MAX_MESSAGE, str(error)[:200]
    else:
        if isinstance(result, BaseException):  # an error class built directly
            assert len(str(result)) <= MAX_MESSAGE


def _good(parameter: inspect.Parameter, choice: int) -> Any:
    """The ``choice``-th right value of a parameter (they repeat when fewer)."""
    if parameter.kind is parameter.VAR_KEYWORD:
        return {}
    if parameter.kind is parameter.VAR_POSITIONAL:
        return ()
    if parameter.name in GOOD:
        return GOOD[parameter.name][choice % len(GOOD[parameter.name])]
    return parameter.default if parameter.default is not parameter.empty else None


def test_every_engine_name_of_the_package_is_fuzzed() -> None:
    engine_names = {name for name in hearts_widget.__all__ if name != "HeartsTable"}
    assert engine_names <= set(engine.__all__)
    fuzzed = {label.split("(")[0].split("[")[0].split(".")[0] for label in ENTRIES}
    assert fuzzed == set(engine.__all__)


@pytest.mark.parametrize("label", sorted(ENTRIES))
def test_every_odd_value_in_every_parameter(label: str) -> None:
    """Each odd value in each parameter in turn, the other parameters right
    (each of their right values in turn: the standard game and two packs...)."""
    function = ENTRIES[label]
    parameters = _parameters(function)
    choices = max([len(GOOD.get(p.name, ())) for p in parameters] + [1])
    for parameter, choice, value in itertools.product(parameters, range(choices), ODD):
        values = {p.name: _good(p, choice) for p in parameters}
        if parameter.kind is parameter.VAR_KEYWORD:
            value = {"players": value} if label == "same_deal" else {}
        elif parameter.kind is parameter.VAR_POSITIONAL:
            value = (value,)
        values[parameter.name] = value
        _call(function, values)


def _value_for(parameter: inspect.Parameter) -> st.SearchStrategy[Any]:
    odd = st.sampled_from(range(len(ODD))).map(lambda i: ODD[i])
    small = st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8) | st.binary(max_size=4),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
        max_leaves=8,
    )
    good = st.sampled_from(GOOD.get(parameter.name, [None]))
    if parameter.kind is parameter.VAR_KEYWORD:
        names = st.sampled_from(sorted(Rules.__dataclass_fields__)) | st.text(max_size=6)
        return st.dictionaries(names, good | odd | small, max_size=3)
    if parameter.kind is parameter.VAR_POSITIONAL:
        return st.lists(odd | small, max_size=2).map(tuple)
    return good | odd | small


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_random_calls_with_values_of_every_type(data: st.DataObject) -> None:
    """Any mixture of right, odd and random values in any parameters."""
    label = data.draw(st.sampled_from(sorted(ENTRIES)), label="entry point")
    function = ENTRIES[label]
    values = {}
    for parameter in _parameters(function):
        if parameter.default is not parameter.empty and data.draw(st.booleans(), label=f"omit {parameter.name}"):
            continue
        values[parameter.name] = data.draw(_value_for(parameter), label=parameter.name)
    _call(function, values)


@pytest.mark.parametrize("cls", sorted(SAMPLES, key=lambda c: c.__name__), ids=lambda c: c.__name__)
def test_properties_of_every_sample_state_can_be_read(cls: type) -> None:
    for sample in SAMPLES[cls]:
        for name, value in _own_public(cls).items():
            if isinstance(value, (property, cached_property)):
                getattr(sample, name)


def test_illegal_move_carries_an_explanation() -> None:
    with pytest.raises(HeartsError, match="IllegalMove needs an Explanation, not 'text'"):
        IllegalMove("text")  # type: ignore[arg-type]
