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
    ({"seats": ["human", "robot", "bot", "bot"]}, r"seats\[1\]"),
    ({"untaught": ("play.hearts-broken", "coache")}, "'coache', which is not a rule id.*nor one of 'coach'"),
])
def test_bad_option_values_are_refused(options: dict, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        HeartsTable(**options)


@pytest.mark.parametrize("players", [3, 5, 6, 7])
def test_other_player_counts_deal_and_name_every_seat(players: int) -> None:
    table = HeartsTable(players=players, seed=2)
    assert len(table.seats) == players
    assert len({s["name"] for s in table.seats}) == players


def test_learner_seat_and_bot_objects_are_used() -> None:
    table = HeartsTable(learner=2, seed=4, seats=[RandomBot(1), "bot", "human", "bot"])
    assert table.state["viewer"] == 2
    assert table.seats[2]["name"] == "South" and table.seats[2]["position"] == 0


def test_seed_deals_the_same_game() -> None:
    assert HeartsTable(seed=9).hand == HeartsTable(seed=9).hand


def test_importing_the_package_does_not_import_ipywidgets() -> None:
    code = "import sys, hearts_widget; print('ipywidgets' in sys.modules, 'anywidget' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


def test_the_front_end_files_ship_in_the_package() -> None:
    from hearts_widget.widget.table import STATIC

    script = (STATIC / "table.js").read_text()
    assert "export default" in script and (STATIC / "table.css").is_file()
    assert "http" not in script.replace("http://www.w3.org/2000/svg", ""), "nothing is loaded from the network"


class BrokenBot:
    """A bot whose play always fails: the table must go on and show the error."""

    name = "broken"

    def choose_pass(self, view):  # type: ignore[no-untyped-def]
        return list(view.held[:3])

    def choose_play(self, view):  # type: ignore[no-untyped-def]
        raise RuntimeError("this bot cannot choose")

    def choose_moon(self, seat, scores, target):  # type: ignore[no-untyped-def]
        return "self"


def test_a_failing_bot_is_shown_on_the_table_and_the_game_goes_on() -> None:
    table = HeartsTable(seed=1, seats=["human", BrokenBot(), BrokenBot(), BrokenBot()])
    cards = [c["code"] for c in table.hand[:3]]
    table.send_intent({"type": "pass", "state": table.state["id"], "cards": cards})
    assert table.state["your_turn"]
    assert table.notice["level"] == "error" and "this bot cannot choose" in table.notice["text"]


def test_untaught_rules_are_not_named_and_an_untaught_coach_says_nothing() -> None:
    """Issue 35: a lesson's table names no rule it has not taught (no tag on the trick's lines) and,
    with "coach" untaught, gives no coach's word on the learner's trick (nor works it out)."""
    from hearts_widget.lessons.path import POSITIONS

    hand = POSITIONS["follow-suit"].hand  # 7C 3D QD 9S 4H on a 6D: Q♦ wins 14 points where 3♦ would not
    told = HeartsTable.from_hand(hand, stop_after_move=True, layout="position", pace=0)
    quiet = HeartsTable.from_hand(hand, stop_after_move=True, layout="position", pace=0,
                                  untaught=("coach", "play.discard", "play.trick-winner"))
    for table in (told, quiet):
        table.send_intent({"type": "play", "state": table.state["id"], "card": "QD"})
    assert told.state["trick"]["rule"] == "play.trick-winner" and told.state["feedback"]
    assert "play.discard" in [e["rule"] for e in told.state["trick"]["events"]]
    assert quiet.state["trick"]["rule"] == "" and quiet.state["feedback"] == ""
    assert quiet._session.judged is None  # the coach did not judge the trick
    assert all(e["rule"] == "" for e in quiet.state["trick"]["events"] if e["kind"] == "play")
    assert quiet.state["trick"]["winner_text"] == told.state["trick"]["winner_text"]  # the same words
