"""score.winner: a newcomer reads the aim of the game on its first screen, before the pass."""

from __future__ import annotations

import pytest

from hearts_widget import HeartsTable, Rules
from hearts_widget.lessons.positions import POSITIONS
from hearts_widget.text import LANGUAGES

from .conftest import act


def test_the_first_screen_states_the_aim_with_the_target_in_force() -> None:
    table = HeartsTable(seed=1)
    assert table.state["passing"], "the first screen asks for the pass"
    assert table.state["aim"] == "The aim: take as few points as you can; the game ends at 100 points and the " \
                                 "lowest total wins."
    assert "ends at 50 points" in HeartsTable(seed=1, rules=Rules(target=50)).state["aim"]


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_the_aim_is_in_the_learners_language(lang: str) -> None:
    english = HeartsTable(seed=1).state["aim"]
    aim = HeartsTable(seed=1, lang=lang).state["aim"]
    assert aim and aim != english and "100" in aim


def test_the_aim_goes_once_the_first_trick_is_won() -> None:
    table = HeartsTable(seed=1)
    while not table.game.hand.tricks:
        assert table.state["aim"]
        act(table)
    assert table.state["aim"] == ""


def test_a_lesson_position_board_does_not_repeat_the_aim() -> None:
    position = next(iter(POSITIONS.values()))
    table = HeartsTable.from_hand(position.hand, learner=position.seat, layout="position")
    assert table.state["aim"] == ""
