"""Game.from_hand: a game that begins with a prepared position (a lesson)."""

import pytest

from hearts_widget import Game, Hand, HeartsError, RecordError, Rules, WrongPhase

# A late position: South (seat 0) to follow a diamond lead, everything else placed.
TAKEN = "2C 3C 4C 5C 6C 8C 9C 10C JC QC KC AC 2D 4D 5D 7D 8D 9D 10D JD KD AD 2S 3S 4S 5S 6S 7S 8S 10S JS KS"


def position() -> Hand:
    hands = [["7C", "3D", "QD", "9S", "4H"], ["AS", "QS", "2H", "3H", "5H"],
             ["6H", "7H", "8H", "9H", "10H"], ["JH", "QH", "KH", "AH"]]
    return Hand.from_cards(Rules(), hands, leader=3, trick=["6D"], taken=[[], [], [], TAKEN.split()])


def play_out(game: Game) -> Game:
    while not game.sheet:
        game = game.choose_moon("self") if game.pending_moon is not None else game.play(game.hand.legal_moves()[0])
    return game


def test_game_starts_with_the_position_and_deals_the_next_hand_from_the_seed() -> None:
    game = Game.from_hand(position(), seed=5)
    assert game.hand == position() and game.sheet == () and game.hand.to_move == 0
    after = play_out(game.play("3D"))
    assert len(after.sheet) == 1 and after.hand == Hand.deal(Rules(), 5, 1)


def test_record_of_a_game_from_a_hand_replays_exactly() -> None:
    game = play_out(Game.from_hand(position(), seed=5).play("QD"))
    assert Game.from_json(game.to_json()) == game
    assert "start" in game.to_dict() and "start" not in Game.new(Rules(), 5).to_dict()


def test_record_whose_first_hand_does_not_match_its_rules_is_refused() -> None:
    record = Game.from_hand(position(), seed=5).to_dict()
    record["rules"] = Rules(target=50).to_dict()
    with pytest.raises(RecordError, match="other rules"):
        Game.from_dict(record)
    record = Game.from_hand(position(), seed=5).to_dict()
    record["start"]["actions"] = [{"type": "play", "card": "9S"}]  # not following suit
    with pytest.raises(RecordError):
        Game.from_dict(record)


def test_from_hand_refuses_what_is_not_a_hand_in_play() -> None:
    with pytest.raises(HeartsError, match="needs a Hand"):
        Game.from_hand("2C 3C")  # type: ignore[arg-type]
    hand = position()
    while hand.phase == "play":
        hand = hand.play(hand.legal_moves()[0])
    with pytest.raises(WrongPhase):
        Game.from_hand(hand)
