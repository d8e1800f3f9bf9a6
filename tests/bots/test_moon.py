"""score.moon from the bots' side: which way to score it, when to try for it."""

import pytest
from bot_helpers import card, position

from hearts_widget.bots import best_moon_choice, make_bot
from hearts_widget.bots.base import ask_moon_choice
from hearts_widget.bots.table import Table
from hearts_widget.bots.tactics import decide, moon_hand
from hearts_widget.engine import Rules, parse_cards
from hearts_widget.engine.cards import mask_of


def test_score_moon_adds_26_to_the_others_when_that_ends_the_game_with_a_win() -> None:
    for name in ("random", "rule", "strong"):
        assert make_bot(name).choose_moon(0, [60, 80, 85, 70], 100) == "others"


def test_score_moon_takes_26_off_when_adding_would_end_the_game_lost() -> None:
    assert make_bot("rule").choose_moon(0, [90, 80, 85, 50], 100) == "self"


def test_score_moon_with_the_game_going_on_the_leader_brings_the_end_nearer() -> None:
    assert make_bot("rule").choose_moon(1, [30, 10, 20, 40], 100) == "others"
    assert make_bot("rule").choose_moon(3, [30, 10, 20, 40], 100) == "self"


def test_a_hand_long_in_top_hearts_tries_for_the_moon_when_passing() -> None:
    held = mask_of(parse_cards("AH KH QH JH 10H 9H AS KS QS AC KC AD KD"))
    assert moon_hand(held, Rules().deck_mask)
    weak = mask_of(parse_cards("2H 3H 4H 5H 6H 2S 3S 4S 2C 3C 2D 3D 4D"))
    assert not moon_hand(weak, Rules().deck_mask)


def test_with_every_point_so_far_and_only_winners_left_it_goes_for_the_moon() -> None:
    rules = Rules()
    hands = ["AH KH QH", "2C 3C 4C", "5C 6C 7C", "8C 9C 10C"]
    placed = set(parse_cards(" ".join(hands)))
    rest = [c for c in rules.deck if c not in placed]
    points = [c for c in rest if c.is_heart or c.is_black_maria]
    plain = [c for c in rest if c not in points]
    hand = position(hands, leader=0, taken=[points + plain[:len(plain) - 28], plain[-28:], [], []])
    chosen, reason = decide(Table.of(hand.view(0)))
    assert reason == "moon-lead" and chosen == card("AH").index


def test_with_points_split_nobody_shoots() -> None:
    hand = position(["AH KH QH", "2C 3C 4C", "5C 6C 7C", "8C 9C 10C"], leader=0)
    _, reason = decide(Table.of(hand.view(0)))
    assert not reason.startswith("moon")


# variant.cancellation.moon: the moon is worth 52, and the choice reckons with 52.
CANCELLATION = Rules(players=5, variant="cancellation")


def test_variant_cancellation_moon_of_52_ends_the_game_where_26_would_not() -> None:
    scores = [50, 40, 60, 70, 45]
    assert best_moon_choice(0, scores, 100) == "self"  # +26 ends nothing and seat 0 is not leading
    assert best_moon_choice(0, scores, 100, moon_points=52) == "others"  # +52 ends it with seat 0 lowest
    for name in ("random", "rule", "strong"):
        assert ask_moon_choice(make_bot(name), 0, scores, CANCELLATION) == "others"
        assert ask_moon_choice(make_bot(name), 0, scores, Rules(players=5)) == "self"


class OldBot:
    """A bot written before the variants: its moon choice takes no moon_points."""

    name = "old"

    def choose_moon(self, seat, scores, target):  # type: ignore[no-untyped-def]
        return "self"


def test_a_bot_without_moon_points_is_still_asked_in_the_standard_game() -> None:
    assert CANCELLATION.moon_points == 52 and Rules().moon_points == 26
    assert ask_moon_choice(OldBot(), 0, [0, 0, 0, 0], Rules()) == "self"  # type: ignore[arg-type]



def _shooter_position():  # type: ignore[no-untyped-def]
    """score.moon: seat 1 has taken every point so far (ten hearts and the Black
    Maria, 23 points) and leads 7♥ with one card left, A♣, which wins the last
    trick. Seat 2 holds 8♥ 6♥: ducking with 6♥ lets seat 1 take all 26 (its
    8♥ goes to seat 1 on the last trick); winning with 8♥ costs 3 points and
    stops the moon. Seat 2 cannot see A♣, but two of the five cards it cannot
    see (A♣, 5♦) would win the last trick for seat 1."""
    rules = Rules()
    hands = ["2D 3D", "AC", "8H 6H", "4D 5D"]
    placed = set(parse_cards(" ".join(hands) + " 7H"))
    rest = [c for c in rules.deck if c not in placed]
    return position(hands, trick="7H", leader=1, taken=[[], rest, [], []])


def test_moon_defence_the_rule_bot_wins_a_cheap_trick_to_stop_the_moon() -> None:
    hand = _shooter_position()
    assert make_bot("rule").choose_play(hand.view(2)) == card("8H")


def test_moon_defence_the_strong_bot_wins_a_cheap_trick_to_stop_the_moon() -> None:
    hand = _shooter_position()
    for seed in range(5):
        assert make_bot("strong", seed=seed).choose_play(hand.view(2)) == card("8H")


def test_moon_defence_off_without_a_moon_the_strong_bot_ducks() -> None:
    # score.moon "off": the same cards, nothing to stop, so 6♥ stays under 7♥.
    rules = Rules(moon="off")
    hand = _shooter_position()
    hand = type(hand).from_cards(rules, [hand.held(s) for s in range(4)], leader=1, trick=hand.trick.cards,
                                 taken=[hand.taken(s) for s in range(4)])
    for name in ("rule", "strong"):
        assert make_bot(name, seed=1).choose_play(hand.view(2)) == card("6H"), name


def test_score_moon_the_coach_says_what_each_choice_does_and_which_is_better() -> None:
    from hearts_widget.bots.coach import moon_hint

    advice = moon_hint(0, [60, 80, 85, 70], Rules(), names=["You", "West", "North", "East"])
    assert advice.reason == "moon-others" and advice.facts["why"] == "ends-win" and advice.cards == ()
    assert advice.text == ("Take 26 off your score and you have 34; or add 26 to each other player and they have "
                           "West 106, North 111, East 96. Adding ends the game, and you win it: add 26 to the others.")
    assert moon_hint(0, [90, 80, 85, 50], Rules()).facts["why"] == "ends-lost"
    assert moon_hint(1, [30, 10, 20, 40], Rules()).facts["why"] == "leading"
    assert moon_hint(3, [30, 10, 20, 40], Rules()).reason == "moon-self"
    assert moon_hint(0, [50, 40, 60, 70, 45], CANCELLATION).facts["points"] == 52
    assert "26" in moon_hint(0, [60, 80, 85, 70], Rules(), lang="sw").text
    with pytest.raises(ValueError, match="moon"):
        moon_hint(0, [0, 0, 0, 0], Rules(moon="self"))


def test_moon_attempt_the_strong_bot_takes_every_trick_when_its_cards_can() -> None:
    # score.moon: seat 0 has every point so far and holds the three top hearts.
    from hearts_widget.bots.arena import play_hand

    rules = Rules()
    hands = ["AH KH QH", "2C 3C 4C", "5C 6C 7C", "8C 9C 10C"]
    placed = set(parse_cards(" ".join(hands)))
    rest = [c for c in rules.deck if c not in placed]
    points = [c for c in rest if c.is_heart or c.is_black_maria]
    plain = [c for c in rest if c not in points]
    hand = position(hands, leader=0, taken=[points + plain[:len(plain) - 28], plain[-28:], [], []])
    row = play_hand([make_bot("strong", seed=2), make_bot("rule"), make_bot("rule"), make_bot("rule")], hand)
    assert row == (0, 26, 26, 26)
