"""HeartsTable.from_hand: the real table started from a lesson position."""

import pytest

from hearts_widget import Hand, HeartsTable, Rules
from hearts_widget.lessons.positions import POSITIONS

from .conftest import send


def test_table_shows_the_position_and_the_learners_legal_cards() -> None:
    position = POSITIONS["follow-suit"]
    table = HeartsTable.from_hand(position.hand, stop_after_move=True)
    assert [c["code"] for c in table.state["hand"]] == [c.code for c in position.cards]
    assert {c["code"] for c in table.state["hand"] if c["legal"]} == {"3D", "QD"}


def test_an_illegal_card_is_refused_with_the_rule_and_a_legal_one_stops_the_table() -> None:
    position = POSITIONS["follow-suit"]
    table = HeartsTable.from_hand(position.hand, stop_after_move=True)
    send(table, {"type": "play", "card": "9S"})
    assert table.game.hand == position.hand
    assert "must follow suit" in str(table.notice)
    send(table, {"type": "play", "card": "QD"})
    assert table.game.hand.trick.cards == position.hand.play("QD").trick.cards  # nobody moved after
    assert not table.state["your_turn"]
    send(table, {"type": "undo"})
    assert table.game.hand == position.hand and table.state["your_turn"]


def test_without_stopping_the_bots_play_on() -> None:
    position = POSITIONS["follow-suit"]
    table = HeartsTable.from_hand(position.hand)
    send(table, {"type": "play", "card": "QD"})
    assert len(table.game.hand.tricks) >= 1 or table.game.sheet


def test_from_hand_checks_its_option() -> None:
    with pytest.raises(ValueError, match="stop_after_move"):
        HeartsTable.from_hand(Hand.deal(Rules(), 1), stop_after_move="yes")  # type: ignore[arg-type]
