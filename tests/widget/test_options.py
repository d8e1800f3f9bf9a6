"""Options: checked at once, with errors naming what is wrong."""

from __future__ import annotations

import subprocess
import sys

import pytest

from hearts_widget import HeartsTable
from hearts_widget.bots import RandomBot


def test_unknown_option_is_rejected_with_a_suggestion() -> None:
    with pytest.raises(TypeError, match="'playres'.*Did you mean 'players'"):
        HeartsTable(playres=5)


@pytest.mark.parametrize("options, words", [
    ({"players": 8}, "players"), ({"players": 2}, "players"), ({"target": 0}, "target"),
    ({"seed": "abc"}, "seed"), ({"learner": 4}, "learner"), ({"open_hands": "yes"}, "open_hands"),
    ({"pace": -1}, "pace"), ({"pace": 60}, "pace"), ({"lang": "xx"}, "language"),
    ({"seats": ["human", "bot"]}, "seats"), ({"seats": ["bot", "bot", "bot", "bot"]}, "learner"),
    ({"seats": ["human", "robot", "bot", "bot"]}, "seat 1"),
])
def test_bad_option_values_are_refused(options: dict, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        HeartsTable(**options)


@pytest.mark.parametrize("players", [3, 5, 6, 7])
def test_other_player_counts_deal_and_name_every_seat(players: int) -> None:
    table = HeartsTable(players=players, seed=2)
    assert len(table.state["seats"]) == players
    assert len(set(s["name"] for s in table.state["seats"])) == players


def test_learner_seat_and_bot_objects_are_used() -> None:
    table = HeartsTable(learner=2, seed=4, seats=[RandomBot(1), "bot", "human", "bot"])
    assert table.state["viewer"] == 2
    assert table.state["seats"][2]["name"] == "South" and table.state["seats"][2]["position"] == 0


def test_seed_deals_the_same_game() -> None:
    assert HeartsTable(seed=9).state["hand"] == HeartsTable(seed=9).state["hand"]


def test_importing_the_package_does_not_import_ipywidgets() -> None:
    code = "import sys, hearts_widget; print('ipywidgets' in sys.modules, 'anywidget' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


def test_the_front_end_files_ship_in_the_package() -> None:
    from hearts_widget.widget.table import STATIC

    script = (STATIC / "table.js").read_text()
    assert "export default" in script and (STATIC / "table.css").is_file()
    assert "http" not in script.replace("http://www.w3.org/2000/svg", ""), "nothing is loaded from the network"
