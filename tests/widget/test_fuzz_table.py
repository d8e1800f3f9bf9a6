"""The table's public API called with values of every type (the engine's odd values,
tests/engine/odd_values.py): bad input is a TypeError or ValueError (a HeartsError
is one) whose short message names the argument, never an error from inside the
package (AttributeError, RecursionError, a TypeError about some internal value); an
intent the page might send is never raised at all, and the table stays usable."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, given, settings

from hearts_widget import Hand, HeartsTable, Rules
from hearts_widget.bots import RuleBot
from hearts_widget.engine.errors import MAX_MESSAGE, RecordError
from hearts_widget.widget.options import TableOptions

sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
from odd_values import HANDS, ODD  # noqa: E402 - the engine's odd values, shared

OPTIONS = sorted(TableOptions.__dataclass_fields__)
# Values each option takes, so that a fuzzed value in another option reaches the code behind the first checks.
GOOD: dict[str, list[Any]] = {
    "players": [4, 3, 5], "target": [100, 50], "seed": [1, None], "learner": [0, 1], "open_hands": [True],
    "seats": [("human", "rule", "random", "strong"), None], "bots": [("rule", RuleBot(), lambda view: view.legal[0])],
    "pace": [0], "continue_after": [0, 1.5], "lang": ["sw", None], "variant": ["omnibus", "standard"],
    "rules": [Rules()], "layout": ["position", "game"], "keep_as": ["fuzz"], "show_rule_ids": [True],
    "ask_first": [True], "note_only": [True, False], "untaught": [("play.hearts-broken",), ()],
    "bot_time_limit": [0.5, 5],
}
SAVED = HeartsTable(pace=0, seed=3).save()


def refused_naming(names: tuple[str, ...], function: Callable[..., object], *args: Any, **kwargs: Any) -> None:
    """``function(*args, **kwargs)`` works, or raises a TypeError or ValueError with a short
    message naming one of ``names``."""
    try:
        function(*args, **kwargs)
    except (TypeError, ValueError) as error:
        text = str(error)
        assert len(text) <= MAX_MESSAGE, text[:200]
        assert any(name in text for name in names), (names, type(error).__name__, text[:300])


@pytest.mark.parametrize("name", OPTIONS)
def test_every_odd_value_in_every_option_is_refused_by_name(name: str) -> None:
    base = {} if name == "pace" else {"pace": 0}
    for value in ODD:
        refused_naming((name,), HeartsTable, **base, **{name: value})


def test_from_hand_and_resume_refuse_odd_values_by_name() -> None:
    for value in ODD:
        refused_naming(("hand",), HeartsTable.from_hand, value)
        refused_naming(("stop_after_move",), HeartsTable.from_hand, HANDS[1], stop_after_move=value)
        try:
            HeartsTable.resume(value)
        except RecordError as error:  # the record's own refusal: it says what is wrong with the record
            assert len(str(error)) <= MAX_MESSAGE
    for name in OPTIONS:
        for value in ODD[::7]:
            options = {"pace": 0, name: value} if name != "pace" else {name: value}
            refused_naming((name,), HeartsTable.from_hand, HANDS[1], **options)
            refused_naming((name,), HeartsTable.resume, SAVED, **options)


def test_a_made_table_refuses_odd_values_by_name_and_survives_odd_intents() -> None:
    table = HeartsTable(pace=0, seed=5)
    for value in ODD:
        refused_naming(("lang",), setattr, table, "lang", value)
        refused_naming(("game",), table.load, value)
        table.send_intent(value)  # whatever the page sends, it is refused on the table, never raised
        table.send_intent({"type": "play", "card": value, "state": table.state.get("id")})
    hand = table.game.hand
    table.send_intent({"type": "pass", "cards": [c.code for c in hand.held(0)[:3]], "state": table.state.get("id")})
    assert table.game.hand.passed(0) or hand.phase != "pass"  # still playable
    table.reveal()
    assert HeartsTable.resume(table.save()).game == table.game
    assert table.snapshot_html().startswith("<")


def option_value(name: str) -> st.SearchStrategy[Any]:
    odd = st.sampled_from(range(len(ODD))).map(lambda i: ODD[i])
    small = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
                         lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner,
                                                                                    max_size=3), max_leaves=6)
    return st.sampled_from(GOOD[name]) | odd | small


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_random_mixtures_of_options(data: st.DataObject) -> None:
    """Several options at once, right, odd and random: refused naming one of them, or a table."""
    names = data.draw(st.lists(st.sampled_from(OPTIONS), min_size=1, max_size=4, unique=True), label="options")
    options = {name: data.draw(option_value(name), label=name) for name in names}
    options.setdefault("pace", 0)
    entry = data.draw(st.sampled_from(["HeartsTable", "from_hand", "resume"]), label="entry point")
    before = {"HeartsTable": (), "from_hand": (Hand.deal(Rules(), seed=2),), "resume": (SAVED,)}[entry]
    function = {"HeartsTable": HeartsTable, "from_hand": HeartsTable.from_hand, "resume": HeartsTable.resume}[entry]
    refused_naming((*options, "rules"), function, *before, **options)
