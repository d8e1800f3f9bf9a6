"""score.points, score.moon, score.sheet, score.target and score.winner."""

from __future__ import annotations

import random

import pytest
from engine_helpers import MOON_SEEDS, PLAYER_COUNTS, moon_pass, moon_policy, position, random_game_hand

from hearts_widget import Game, Hand, HeartsError, Rules, WrongPhase


def _play_out(hand: Hand, rng: random.Random) -> Hand:
    while hand.phase == "play":
        hand = hand.play(rng.choice(hand.legal_moves()))
    return hand


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_score_points_one_per_heart_thirteen_for_the_black_maria(players: int) -> None:
    for seed in range(4):
        hand = _play_out(random_game_hand(players, seed), random.Random(seed))
        expected = [sum(c.is_heart for c in hand.taken(s)) + 13 * any(c.is_black_maria for c in hand.taken(s))
                    for s in range(players)]
        assert hand.points() == expected and sum(expected) == 26
        over = hand.events[-1] if hand.events[-1].kind == "hand-over" else hand.events[-2]
        assert (over.kind, over.rule, over.facts["points"]) == ("hand-over", "score.points", expected)
        assert hand.phase == "done" and hand.to_move is None and hand.legal_moves() == []


def _last_trick_moon(players: int, **options: object) -> Hand:
    """Seat 0 has taken every point card but A♥, which it leads to the last trick."""
    taken = [c.code for c in Rules(players=players).deck if (c.is_heart or c.is_black_maria) and c.code != "AH"]
    return position(players, {0: ("AH", "")}, leader=0, tricks_done=Rules(players=players).cards_each - 1,
                     taken_cards=taken, **options)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_score_moon_all_hearts_and_the_black_maria(players: int) -> None:
    hand = _last_trick_moon(players)
    for _ in range(players):
        hand = hand.play(hand.legal_moves()[0])
    assert hand.phase == "done" and hand.moon_shooter == 0 and hand.points()[0] == 26
    moon = hand.events[-1]
    assert (moon.kind, moon.rule, moon.seat, moon.facts["rule"]) == ("moon", "score.moon", 0, "choice")
    assert moon.text() == "Seat 0 took every heart and the Black Maria: Seat 0 has shot the moon!"


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_score_moon_off_is_no_moon(players: int) -> None:
    hand = _last_trick_moon(players, moon="off")
    for _ in range(players):
        hand = hand.play(hand.legal_moves()[0])
    assert hand.moon_shooter is None and not [e for e in hand.events if e.kind == "moon"]


def _moon_game(players: int, moon: str = "choice", target: int = 100) -> Game:
    """A game whose first hand ends with seat 0 shooting the moon."""
    game = Game.new(Rules(players=players, moon=moon, target=target), seed=MOON_SEEDS[players])  # type: ignore[arg-type]
    for seat in game.hand.waiting_to_pass:
        game = game.pass_cards(seat, moon_pass(game.hand, seat))
    while not game.sheet and game.pending_moon is None:
        game = game.play(moon_policy(game.hand))
    return game


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_score_moon_shooter_chooses_minus_26_for_self(players: int) -> None:
    game = _moon_game(players)
    assert game.pending_moon == 0 and game.sheet == () and not game.is_over
    with pytest.raises(WrongPhase, match="seat 0 shot the moon and must choose first"):
        game.play("AC")
    game = game.choose_moon("self")
    assert game.sheet == ((-26,) + (0,) * (players - 1),)
    assert game.scores == (-26,) + (0,) * (players - 1)
    assert game.pending_moon is None and game.hand.number == 1 and game.hand.phase in ("pass", "play")
    choice = [e for e in game.events if e.kind == "moon-choice"][0]
    assert (choice.rule, choice.seat, choice.facts["choice"]) == ("score.moon", 0, "self")
    assert choice.text() == "Seat 0 shot the moon: 26 points off their own score."


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_score_moon_shooter_chooses_plus_26_for_everyone_else(players: int) -> None:
    game = _moon_game(players).choose_moon("others")
    assert game.sheet == ((0,) + (26,) * (players - 1),)
    assert [e.facts["choice"] for e in game.events if e.kind == "moon-choice"] == ["others"]


@pytest.mark.parametrize("moon", ["self", "others"])
def test_score_moon_house_rule_applies_the_fixed_choice(moon: str) -> None:
    game = _moon_game(4, moon=moon)
    assert game.pending_moon is None
    expected = (-26, 0, 0, 0) if moon == "self" else (0, 26, 26, 26)
    assert game.sheet == (expected,)
    assert [e.facts["choice"] for e in game.events if e.kind == "moon-choice"] == [moon]


def test_score_moon_house_rule_off_scores_the_points_taken() -> None:
    game = _moon_game(4, moon="off")
    assert game.pending_moon is None and game.sheet == ((26, 0, 0, 0),)
    assert not [e for e in game.events if e.kind in ("moon", "moon-choice")]


def test_score_moon_choice_errors() -> None:
    game = _moon_game(4)
    with pytest.raises(HeartsError, match="'self' or 'others', not 'both'"):
        game.choose_moon("both")  # type: ignore[arg-type]
    assert game.pending_moon == 0
    with pytest.raises(WrongPhase, match="nobody has shot the moon"):
        game.choose_moon("self").choose_moon("self")


def test_score_moon_plus_26_can_end_the_game() -> None:
    game = _moon_game(4, target=26).choose_moon("others")
    assert game.is_over and game.winners == (0,) and game.scores == (0, 26, 26, 26)
    over = game.events[-1]
    assert (over.kind, over.rule, over.facts["winners"]) == ("game-over", "score.winner", [0])


def _random_game(players: int, seed: int, target: int) -> Game:
    game = Game.new(Rules(players=players, target=target), seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        if game.pending_moon is not None:
            game = game.choose_moon(rng.choice(["self", "others"]))
        elif game.hand.phase == "pass":
            seat = game.hand.waiting_to_pass[0]
            game = game.pass_cards(seat, rng.sample(game.hand.held(seat), 3))
        else:
            game = game.play(rng.choice(game.hand.legal_moves()))
    return game


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_score_target_game_ends_after_the_hand_that_reaches_it(players: int) -> None:
    game = _random_game(players, seed=players, target=50)
    totals = [0] * players
    for row in game.sheet:
        assert max(totals) < 50, "the game went on after the target was reached"
        totals = [t + r for t, r in zip(totals, row, strict=True)]
    assert max(totals) >= 50 and tuple(totals) == game.scores
    assert [h.number for h in game.completed] == list(range(len(game.sheet)))
    with pytest.raises(WrongPhase, match="the game is over"):
        game.play("2C")


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_score_winner_lowest_total_and_ties_share(players: int) -> None:
    # A target of 1 ends the game after the first hand, where several seats usually tie on 0.
    for seed in range(6):
        game = _random_game(players, seed=seed, target=1)
        low = min(game.scores)
        assert game.winners == tuple(s for s in range(players) if game.scores[s] == low)
        over = game.events[-1]
        assert (over.kind, over.rule, over.facts["winners"]) == ("game-over", "score.winner", list(game.winners))


def test_score_winner_tied_seats_share_the_win() -> None:
    tied = _random_game(4, seed=5, target=1)
    assert tied.scores == (3, 0, 0, 23) and tied.winners == (1, 2)
    assert tied.events[-1].text() == (
        "The target of 1 is reached: the game is over. Seat 1 and Seat 2 tie for the lowest score and share the win.")


def test_score_sheet_rows_are_the_points_of_each_hand() -> None:
    game = _random_game(4, seed=3, target=60)
    for hand, row in zip(game.completed, game.sheet, strict=True):
        if hand.moon_shooter is None:
            assert list(row) == hand.points()
    scored = [e for e in game.events if e.kind == "scored"]
    assert [tuple(e.facts["row"]) for e in scored] == list(game.sheet)
    assert all(e.rule == "score.sheet" for e in scored)


def test_score_target_accepts_any_positive_target() -> None:
    assert Rules(target=1).target == 1 and Rules(target=500).target == 500
