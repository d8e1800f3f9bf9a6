"""The puzzles' generator (hearts_widget.puzzles.generate): reproducible from its seed, its
output read back by the puzzles' reader, its arguments checked with a clear error."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_widget.puzzles import read_puzzles
from hearts_widget.puzzles.generate import RULE_SETS, combine, dumps, generate, main

SMALL = {"per_set": 1, "hands": 1, "deals": 24, "screen": 4}


@pytest.fixture(scope="module")
def small() -> dict[str, Any]:
    return generate(1, sets=["standard-3", "omnibus-3"], **SMALL)


def test_the_same_seed_gives_the_same_puzzles_and_they_read_back(small: dict[str, Any]) -> None:
    again = generate(1, sets=["omnibus-3"], **SMALL)
    assert [p for p in small["puzzles"] if p["set"] == "omnibus-3"] == again["puzzles"]
    puzzles = read_puzzles(json.loads(dumps(small)))
    assert [p.rule_set for p in puzzles] == ["standard-3", "omnibus-3"]  # seed 1 finds one in each
    for name, figures in small["generator"]["figures"].items():
        assert figures["hands"] <= SMALL["hands"] and figures["kept"] <= SMALL["per_set"]
        assert figures["looked"] >= figures["measured"] >= figures["kept"], name
    for p in puzzles:
        assert p.deals == SMALL["deals"] and p.view.seat == p.seat


def test_runs_on_different_rule_sets_combine_into_one_file(small: dict[str, Any]) -> None:
    other = generate(1, sets=["black-maria-5"], **SMALL)
    both = combine([other, small])
    assert list(both["rule_sets"]) == ["standard-3", "omnibus-3", "black-maria-5"]
    assert len(both["puzzles"]) == len(small["puzzles"]) + len(other["puzzles"])
    with pytest.raises(ValueError, match="more than one run"):
        combine([small, small])
    with pytest.raises(ValueError, match="share seed"):
        combine([small, generate(6, sets=["standard-4"], **SMALL)])


@pytest.mark.parametrize(("kwargs", "named"), [
    ({"seed": -1}, "seed"), ({"seed": 1.5}, "seed"), ({"per_set": 0}, "per_set"), ({"hands": True}, "hands"),
    ({"deals": 1}, "deals"), ({"screen": "8"}, "screen"), ({"jobs": 0}, "jobs"), ({"sets": ["whist-4"]}, "sets"),
    ({"sets": []}, "sets"), ({"sets": ["standard-4", "standard-4"]}, "sets"),
])
def test_a_bad_argument_is_named(kwargs: dict[str, Any], named: str) -> None:
    arguments = {"seed": 1, **SMALL, "sets": ["standard-4"], **kwargs}
    with pytest.raises(ValueError, match=named):
        generate(**arguments)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(-5, 2**33) | st.floats(allow_nan=False) | st.booleans(),
       per_set=st.integers(-2, 2) | st.booleans(), hands=st.integers(-2, 1), deals=st.integers(-2, 3),
       sets=st.lists(st.sampled_from([*RULE_SETS, "hearts", ""]), max_size=2))
def test_the_generator_plays_or_refuses_with_a_value_error(seed: Any, per_set: Any, hands: Any, deals: Any,
                                                           sets: list[str]) -> None:
    try:
        data = generate(seed, per_set=per_set, hands=hands, deals=deals, screen=2, sets=sets)
    except ValueError as error:
        assert str(error)
        return
    assert set(data["rule_sets"]) == set(sets)
    read_puzzles(data)


def test_the_command_writes_the_file_and_refuses_bad_arguments(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "puzzles.json"
    assert main(["--seed", "3", "--out", str(out), "--per-set", "1", "--hands", "1", "--deals", "8",
                 "--screen", "2", "--sets", "standard-3"]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert list(data["rule_sets"]) == ["standard-3"]
    with pytest.raises(SystemExit) as exited:
        main(["--seed", "3", "--out", str(out), "--sets", "spades-4"])
    assert exited.value.code == 2 and "sets must be" in capsys.readouterr().err
    combined = tmp_path / "combined.json"
    assert main(["--seed", "3", "--out", str(combined), "--combine", str(out)]) == 0
    assert json.loads(combined.read_text(encoding="utf-8"))["puzzles"] == data["puzzles"]
    with pytest.raises(SystemExit):
        main(["--seed", "3", "--out", str(combined), "--combine", str(tmp_path / "missing.json")])
