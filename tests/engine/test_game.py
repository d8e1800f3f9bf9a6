"""Game: hands in sequence with the pass rotation, history and records."""

from __future__ import annotations

import pytest
from engine_helpers import MOON_SEEDS, moon_pass, moon_policy

from hearts_widget import Game, HeartsError, Rules


def _finish_first_hand(game: Game) -> Game:
    for seat in game.hand.waiting_to_pass:
        game = game.pass_cards(seat, game.hand.held(seat)[:3])
    while not game.sheet:
        game = game.play(game.hand.legal_moves()[0])
    return game


@pytest.mark.parametrize("players, directions", [(4, ["left", "right", "across", None, "left"]),
                                                 (5, ["left", "right", "left"])])
def test_game_deals_the_next_hand_with_the_pass_rotation(players: int, directions: list[str | None]) -> None:
    game = Game.new(Rules(players=players, target=1000), seed=2)
    seen = []
    while len(seen) < len(directions):
        seen.append(game.hand.pass_direction)
        hand_number = game.hand.number
        while game.hand.number == hand_number:
            hand = game.hand
            if hand.phase == "pass":
                game = game.pass_cards(hand.waiting_to_pass[0], hand.held(hand.waiting_to_pass[0])[:3])
            else:
                game = game.play(hand.legal_moves()[0])
            if game.pending_moon is not None:
                game = game.choose_moon("self")
    assert seen == directions


def test_game_history_lists_finished_hands_then_the_current_one() -> None:
    game = _finish_first_hand(Game.new(Rules(), seed=3))
    kinds = [e.kind for e in game.history]
    assert kinds[0] == "deal" and "scored" in kinds and kinds.count("deal") == 2
    assert game.completed[0].phase == "done" and game.hand.number == 1
    assert game.history[-1] == game.hand.events[-1]


def test_game_finish_hand_when_no_points_are_left() -> None:
    game = Game.new(Rules(players=4), seed=MOON_SEEDS[4])
    for seat in game.hand.waiting_to_pass:
        game = game.pass_cards(seat, moon_pass(game.hand, seat))
    while game.hand.points_left:
        game = game.play(moon_policy(game.hand))
    assert game.hand.phase == "play" and sum(len(h) for h in game.hand.hands) == 4  # one trick left
    finished = game.finish_hand()
    assert finished.pending_moon == 0 and finished.hand.phase == "done"
    assert finished.to_dict()["actions"][-1] == {"type": "finish"}
    assert Game.from_json(finished.to_json()) == finished
    with pytest.raises(HeartsError):
        Game.new(Rules(), seed=3).finish_hand()


def test_game_apply_refuses_unknown_actions() -> None:
    game = Game.new(Rules(), seed=3)
    for action in ({"type": "undo"}, {"type": "play"}, "play 2C", {"type": "moon", "choice": "self", "x": 1}):
        with pytest.raises(HeartsError, match="unknown action"):
            game.apply(action)
