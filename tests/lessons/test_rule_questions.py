"""The questions that ask a rule no board's card can show (a pass, the score sheet, the target,
the variants' pass and moons: issue 35, item 3), each judged by the engine: the answer the lesson
accepts is what the engine does, and each wrong choice is what it does not."""

from __future__ import annotations

import pytest

from hearts_widget.engine import Card, Game, Hand, IllegalMove, Rules, parse_cards
from hearts_widget.lessons.path import LESSON

CHECKS = LESSON.checks()


def answer(key: str, rule: str) -> str:
    """The check ``key``'s one accepted answer; the check asks ``rule`` alone."""
    check = CHECKS[key]
    assert check.rules == (rule,) and len(check.answers) == 1
    return check.answer


def test_pass_three_any_three_cards_and_no_other_number() -> None:
    assert answer("pass-three", "pass.three") == "three"
    hand = Hand.deal(Rules(), seed=4)
    for count in (1, 4):  # "one card", "as many as they like"
        with pytest.raises(IllegalMove) as refused:
            hand.pass_cards(1, hand.held(1)[:count])
        assert refused.value.explanation.rule == "pass.three"
    chosen = hand.held(1)[-3:]  # any three the player chooses
    assert hand.pass_cards(1, chosen).passed(1) == chosen


def test_pass_simultaneous_the_cards_come_when_everyone_has_passed() -> None:
    assert answer("pass-when", "pass.simultaneous") == "all"
    hand = Hand.deal(Rules(), seed=4)
    for seat in range(3):  # "as soon as my neighbour has chosen them": no, nothing moves yet
        hand = hand.pass_cards(seat, hand.held(seat)[:3])
        assert all(hand.received(s) == () for s in range(4))
    hand = hand.pass_cards(3, hand.held(3)[:3])
    assert hand.phase == "play" and all(len(hand.received(s)) == 3 for s in range(4))  # before any trick


def _play_hand(game: Game) -> Game:
    """The game's current hand played out with the first legal cards (the first three cards passed)."""
    number = len(game.sheet)
    for seat in game.hand.waiting_to_pass:
        game = game.pass_cards(seat, game.hand.held(seat)[:3])
    while len(game.sheet) == number:
        game = game.choose_moon("self") if game.pending_moon is not None else game.play(game.hand.legal_moves()[0])
    return game


def test_score_sheet_a_new_row_of_each_players_points_after_each_hand() -> None:
    assert answer("sheet-row", "score.sheet") == "row"
    game = Game.new(Rules(), seed=5)
    for hands in (1, 2):
        game = _play_hand(game)
        assert len(game.sheet) == hands and len(game.sheet[-1]) == 4  # a row, a column per player
        hand = game.completed[-1]
        if hand.moon_shooter is None:
            assert list(game.sheet[-1]) == hand.points()  # each player's points, not only a winner's
        assert game.scores == tuple(map(sum, zip(*game.sheet, strict=True)))  # each column adds up


def test_score_target_the_game_ends_at_the_end_of_the_hand_that_reaches_the_agreed_target() -> None:
    assert answer("target-end", "score.target") == "over"
    for seed in range(3):
        game = Game.new(Rules(target=50), seed=seed)
        while not game.is_over:
            before = max(game.scores)
            assert before < 50  # the game went on only while nobody had reached 50
            game = _play_hand(game)
        assert 50 <= max(game.scores) < 100  # over at 50: not played on to 100
        assert min(game.scores) < 50  # not until every player has passed it


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_variant_black_maria_pass_to_the_right_in_every_hand(players: int) -> None:
    assert answer("black-maria-pass", "variant.black-maria.pass") == "right"
    rules = Rules(players=players, variant="black-maria")
    assert {Hand.deal(rules, seed=1, number=n).pass_direction for n in range(8)} == {"right"}


def test_variant_omnibus_moon_whoever_took_the_bonus_card_keeps_its_minus_ten() -> None:
    """North (seat 2) leads the last trick's A♥ having taken every other heart and the Black Maria;
    the learner (seat 0) took the J♦."""
    assert answer("omnibus-moon", "variant.omnibus.moon") == "keep"
    rules = Rules(variant="omnibus")
    last = [[Card.parse(code)] for code in ("2C", "3C", "AH", "4C")]
    taken = [parse_cards("JD 5C 6C 7C"), [], [], []]
    used = {card for cards in last + taken for card in cards}
    taken[2] = [card for card in rules.deck if card not in used]
    game = Game.from_hand(Hand.from_cards(rules, last, leader=2, taken=taken))
    for _ in range(4):
        game = game.play(game.hand.legal_moves()[0])
    assert game.pending_moon == 2
    for choice, north in (("self", -26), ("others", 0)):
        row = game.choose_moon(choice).sheet[-1]  # type: ignore[arg-type]
        assert row[2] == north and row[0] == (-10 if choice == "self" else 26 - 10)  # the −10 kept by the learner


def test_variant_cancellation_moon_all_twenty_six_hearts_and_both_black_marias() -> None:
    assert answer("cancel-moon", "variant.cancellation.moon") == "all"
    rules = Rules(players=5, variant="cancellation")
    assert rules.moon_points == rules.points_per_hand == 52
    hearts = [card for card in rules.deck if card.is_heart]
    marias = [card for card in rules.deck if card.is_black_maria]
    assert (len(hearts), len(marias)) == (26, 2)  # every copy of each must be taken: 26 hearts, 2 Black Marias
    assert rules.score(rules.moon_cards, rules.moon_cards) == 52
    assert rules.score(rules.moon_cards) == 26  # one copy of each (13 hearts, one Black Maria) is half
