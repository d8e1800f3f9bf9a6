"""HeartsTable.from_hand: the real table started from a lesson position."""

import pytest

from hearts_widget import Card, Hand, HeartsTable, Rules
from hearts_widget.lessons.positions import POSITIONS

from .conftest import send

QD = Card.parse("QD")


def test_table_shows_the_position_and_the_learners_legal_cards() -> None:
    position = POSITIONS["follow-suit"]
    table = HeartsTable.from_hand(position.hand, stop_after_move=True)
    assert [c["code"] for c in table.hand] == [c.code for c in position.cards]
    assert {c["code"] for c in table.hand if c["legal"]} == {"3D", "QD"}


def test_an_illegal_card_is_refused_with_the_rule_and_a_legal_one_plays_out_the_trick_then_stops() -> None:
    position = POSITIONS["follow-suit"]
    table = HeartsTable.from_hand(position.hand, stop_after_move=True)
    send(table, {"type": "play", "card": "9S"})
    assert table.game.hand == position.hand
    assert "must follow suit" in str(table.notice)
    send(table, {"type": "play", "card": "QD"})
    index = len(position.hand.tricks)
    assert len(table.game.hand.tricks) == index + 1 and not table.game.hand.trick.cards  # the trick, and no more
    assert QD in table.game.hand.tricks[index].cards
    assert table.state["stopped"] and not table.state["your_turn"] and table.state["trick"]["winner"] is not None
    send(table, {"type": "undo"})
    assert table.game.hand == position.hand and table.state["your_turn"] and not table.state["stopped"]


@pytest.mark.usefixtures("quick_coach")
@pytest.mark.parametrize("key", sorted(POSITIONS))
def test_no_position_freezes_whoever_wins_the_trick(key: str) -> None:
    """Every legal card of every lesson position: the trick is completed, then the table stops."""
    position = POSITIONS[key]
    for card in position.hand.legal_moves():
        table = HeartsTable.from_hand(position.hand, learner=position.seat, stop_after_move=True)
        send(table, {"type": "play", "card": card.code})
        index = len(position.hand.tricks)
        assert len(table.game.hand.tricks) > index or table.game.completed, (key, card)
        assert table.state["stopped"] and not table.state["your_turn"], (key, card)


def test_the_layout_is_checked_and_sent_to_the_page() -> None:
    assert HeartsTable(layout="position").state["layout"] == "position"
    assert HeartsTable().state["layout"] == "game"
    with pytest.raises(ValueError, match="layout"):
        HeartsTable(layout="compact")


def test_without_stopping_the_bots_play_on() -> None:
    position = POSITIONS["follow-suit"]
    table = HeartsTable.from_hand(position.hand)
    send(table, {"type": "play", "card": "QD"})
    assert len(table.game.hand.tricks) >= 1 or table.game.sheet


def test_from_hand_checks_its_option() -> None:
    with pytest.raises(ValueError, match="stop_after_move"):
        HeartsTable.from_hand(Hand.deal(Rules(), 1), stop_after_move="yes")  # type: ignore[arg-type]


def test_a_checks_board_notes_the_first_card_legal_or_not_and_tells_nothing() -> None:
    """note_only (a check's board): no verdict before or after, the card is not played, one card only."""
    position = POSITIONS["follow-suit"]
    table = HeartsTable.from_hand(position.hand, layout="position", note_only=True, pace=0)
    assert table.state["asking"] and table.state["your_turn"] and table.noted is None
    assert not any(card["legal"] for card in table.hand) and not any(card.get("why") for card in table.hand)
    send(table, {"type": "play", "card": "9S"})  # not allowed here: noted all the same, and not refused
    assert table.noted == Card.parse("9S") and table.state["noted"] == "9S"
    assert table.game.hand == position.hand and table.notice.get("kind") != "illegal"
    assert not table.state["your_turn"] and table.state["status"] == "Your answer: 9♠. Noted."
    assert not any(seat["to_act"] for seat in table.state["seat_turns"])  # nobody to play any more
    assert not table.state["teaching"] and not any(card["legal"] or card.get("why") for card in table.hand)
    send(table, {"type": "play", "card": "QD"})  # a second card changes nothing
    table.reveal()  # nor does asking for the verdicts
    assert table.noted == Card.parse("9S") and table.state["asking"] and not any(c["legal"] for c in table.hand)
    assert table.game.hand == position.hand
    send(table, {"type": "play", "card": "AH"})  # a card not held is refused as on any table
    assert table.noted == Card.parse("9S")


def test_note_only_is_for_a_lesson_board() -> None:
    with pytest.raises(ValueError, match="note_only.*layout='position'"):
        HeartsTable.from_hand(POSITIONS["follow-suit"].hand, note_only=True)
    HeartsTable.from_hand(POSITIONS["follow-suit"].hand, layout="position", note_only=True, lang="sw")
