"""Bad input of every kind gets a clear error naming what is wrong, and never
changes the state (RULES.md aside: the engine's contract with its callers)."""

from __future__ import annotations

import copy

import pytest
from engine_helpers import position, random_game_hand

from hearts_widget import (
    BadPosition,
    BadRules,
    Card,
    CardNotHeld,
    CardParseError,
    Game,
    Hand,
    HeartsError,
    IllegalMove,
    OutOfTurn,
    Rules,
    Suit,
    WrongPhase,
    parse_cards,
)
from hearts_widget.engine.errors import MAX_MESSAGE


@pytest.mark.parametrize("text, message", [
    ("1X", "unknown rank '1'"),
    ("QX", "unknown suit 'X'"),
    ("Q", "write rank then suit"),
    ("", "write rank then suit"),
    ("11H", "unknown rank '11'"),
    ("ZZS", "unknown rank 'ZZ'"),
])
def test_unknown_card_text_is_refused_naming_it(text: str, message: str) -> None:
    with pytest.raises(CardParseError, match=message) as error:
        Card.parse(text)
    assert repr(text) in str(error.value)


@pytest.mark.parametrize("value", [12, None, ["QS"], b"QS"])
def test_card_parse_refuses_what_is_not_text(value: object) -> None:
    with pytest.raises(CardParseError, match="a card is written as text"):
        Card.parse(value)  # type: ignore[arg-type]


def test_card_constructor_refuses_bad_rank_and_suit() -> None:
    with pytest.raises(CardParseError, match="rank must be a whole number from 2 to 14"):
        Card(15, 0)
    with pytest.raises(CardParseError, match="unknown suit 7"):
        Card(5, 7)


@pytest.mark.parametrize("text", ["QS", "Q♠", "qs", " q♠ ", "Qs"])
def test_card_parse_accepts_the_notations(text: str) -> None:
    assert Card.parse(text) is Card.parse("QS")


def test_card_parse_ten_in_every_notation() -> None:
    assert Card.parse("10H") is Card.parse("TH") is Card.parse("10♥") is Card(10, 3)
    assert str(Card.parse("TH")) == "10♥" and Card.parse("TH").code == "10H"
    assert parse_cards("2C, QS 10H") == [Card.parse("2C"), Card.parse("QS"), Card.parse("10H")]


def _snapshot(hand: Hand) -> tuple[object, ...]:
    return (hand.to_json(), hand.events, hand.hands, hand.phase, hand.to_move, hand.hearts_broken)


def test_playing_a_card_not_held_is_refused_and_changes_nothing() -> None:
    hand = random_game_hand(4, 1).play("2C")
    before = _snapshot(hand)
    other = next(c for s in range(4) if s != hand.to_move for c in hand.held(s))
    with pytest.raises(CardNotHeld, match=f"{other} is not in the hand of seat {hand.to_move}, who is to play"):
        hand.play(other)
    with pytest.raises(CardNotHeld):
        hand.explain(other)
    with pytest.raises(CardNotHeld):
        hand.play("2C")  # already played
    assert _snapshot(hand) == before


def test_playing_out_of_turn_is_refused_naming_both_seats() -> None:
    hand = random_game_hand(4, 1)
    mover = hand.to_move
    wrong = (mover + 1) % 4  # type: ignore[operator]
    before = _snapshot(hand)
    with pytest.raises(OutOfTurn, match=f"it is seat {mover}'s turn, not seat {wrong}'s"):
        hand.play(hand.legal_moves()[0], seat=wrong)
    assert _snapshot(hand) == before
    assert hand.play(hand.legal_moves()[0], seat=mover).to_move == (mover + 1) % 4  # type: ignore[operator]


def test_an_illegal_move_changes_nothing() -> None:
    hand = position(4, {1: ("9D KD QS", "CS")}, leader=0, trick=["4D"], tricks_done=1)
    before = _snapshot(hand)
    with pytest.raises(IllegalMove) as error:
        hand.play("QS")
    assert error.value.explanation.rule == "play.follow-suit"
    assert isinstance(error.value, ValueError)
    assert _snapshot(hand) == before


def test_playing_during_the_pass_and_after_the_end_is_refused() -> None:
    hand = Hand.deal(Rules(), seed=2)
    hand = hand.pass_cards(1, hand.held(1)[:3])
    with pytest.raises(WrongPhase, match=r"waiting for seat\(s\) 0, 2, 3 to pass before play"):
        hand.play(hand.held(0)[0])
    done = random_game_hand(4, 2)
    while done.phase == "play":
        done = done.play(done.legal_moves()[0])
    for action in (lambda: done.play("2C"), lambda: done.explain("2C"), lambda: done.finish()):
        with pytest.raises(WrongPhase):
            action()


@pytest.mark.parametrize("seat", [-1, 4, "0", 1.0, True, None])
def test_bad_seats_are_refused_naming_the_seat(seat: object) -> None:
    hand = Hand.deal(Rules(), seed=2)
    for action in (hand.held, hand.passed, hand.received, hand.taken, hand.view,
                   lambda s: hand.pass_cards(s, hand.held(0)[:3])):
        with pytest.raises(HeartsError, match=f"seat must be a number from 0 to 3, not {seat!r}"):
            action(seat)  # type: ignore[operator]
    played = random_game_hand(4, 2)
    if seat is not None:
        with pytest.raises(HeartsError, match="seat must be a number from 0 to 3"):
            played.play(played.legal_moves()[0], seat=seat)  # type: ignore[arg-type]


def test_from_cards_refuses_wrong_counts_naming_them() -> None:
    rules = Rules(players=4)
    hands = [list(h) for h in Hand.deal(rules, seed=3).hands]
    with pytest.raises(BadPosition, match="hands must list 4 hands, one per seat, not 3"):
        Hand.from_cards(rules, hands[:3])
    short = copy.deepcopy(hands)
    moved = short[0].pop()
    short[1].append(moved)
    with pytest.raises(BadPosition, match="seat 0 should hold 13 cards here, not 12"):
        Hand.from_cards(rules, short)
    with pytest.raises(BadPosition, match="before the pass every seat holds 13 cards"):
        Hand.from_cards(rules, short, "left")
    missing = copy.deepcopy(hands)
    missing[2].pop()
    with pytest.raises(BadPosition, match="every card in play must be placed; missing"):
        Hand.from_cards(rules, missing)


def test_from_cards_refuses_a_card_twice_or_a_stripped_card() -> None:
    rules = Rules(players=4)
    hands = [list(h) for h in Hand.deal(rules, seed=3).hands]
    twice = copy.deepcopy(hands)
    twice[1][0] = twice[0][0]
    with pytest.raises(BadPosition, match=f"{twice[0][0]} is given twice: in seat 0's hand and in seat 1's hand"):
        Hand.from_cards(rules, twice)
    same_seat = copy.deepcopy(hands)
    same_seat[0][1] = same_seat[0][0]
    with pytest.raises(BadPosition, match=f"{same_seat[0][0]} is given twice in seat 0's hand"):
        Hand.from_cards(rules, same_seat)
    three = Rules(players=3)
    dealt = [list(h) for h in Hand.deal(three, seed=3).hands]
    dealt[0][0] = Card.parse("2D")
    with pytest.raises(BadPosition, match=r"2♦ is not in play with 3 players \(setup.deal strips it\)"):
        Hand.from_cards(three, dealt)


def test_from_cards_refuses_impossible_positions() -> None:
    rules = Rules(players=4)
    hands = [list(h) for h in Hand.deal(rules, seed=3).hands]
    holder = next(s for s in range(4) if Card.parse("2C") in hands[s])
    with pytest.raises(BadPosition, match=f"the first trick is led by seat {holder}"):
        Hand.from_cards(rules, hands, leader=(holder + 1) % 4)
    with pytest.raises(BadPosition, match="pass_direction must be 'left', 'right', 'across' or None"):
        Hand.from_cards(rules, hands, "up")  # type: ignore[arg-type]
    with pytest.raises(BadPosition, match="nobody leads during the pass"):
        Hand.from_cards(rules, hands, "left", leader=holder)
    with pytest.raises(BadPosition, match="leader must be a seat from 0 to 3, not 9"):
        Hand.from_cards(rules, hands, leader=9)
    with pytest.raises(BadPosition, match="must be a list of cards"):
        Hand.from_cards(rules, ["2C 3C", *hands[1:]])
    with pytest.raises(BadPosition, match="the trick must be a list of cards"):
        Hand.from_cards(rules, hands, trick=5)  # type: ignore[arg-type]
    with pytest.raises(HeartsError, match="rules must be a Rules object"):
        Hand.from_cards(None, hands)  # type: ignore[arg-type]


def test_from_cards_refuses_a_first_trick_not_led_with_the_lowest_club() -> None:
    rules = Rules(players=4)
    hand = random_game_hand(4, 3)
    leader = hand.to_move
    hands = [list(h) for h in hand.hands]
    card = next(c for c in hands[leader] if c.code != "2C")  # type: ignore[index]
    hands[leader].remove(card)  # type: ignore[index]
    with pytest.raises(BadPosition, match=r"the first trick must be led with 2♣ \(play.first-lead\)"):
        Hand.from_cards(rules, hands, leader=leader, trick=[card])


def test_finish_refuses_while_points_are_in_play() -> None:
    hand = random_game_hand(4, 3)
    with pytest.raises(HeartsError, match="26 points are still in play: the hand must be played out"):
        hand.finish()


def test_finish_plays_out_a_hand_without_points_left() -> None:
    taken = [c.code for c in Rules().deck if c.is_heart or c.is_black_maria]
    hand = position(4, {}, leader=0, tricks_done=5, taken_cards=taken)
    assert hand.points_left == 0
    done = hand.finish()
    assert done.phase == "done" and done.points() == [26, 0, 0, 0] and hand.phase == "play"


@pytest.mark.parametrize("field, value, message", [
    ("players", 2, "Rules.players must be from 3 to 7, not 2"),
    ("players", 8, "Rules.players must be from 3 to 7, not 8"),
    ("players", "4", "Rules.players must be a whole number, not '4'"),
    ("players", True, "Rules.players must be a whole number, not True"),
    ("target", 0, "Rules.target must be a positive number of points, not 0"),
    ("target", -5, "Rules.target must be a positive number of points, not -5"),
    ("target", 99.5, "Rules.target must be a whole number, not 99.5"),
    ("first_trick_no_points", 1, "Rules.first_trick_no_points must be True or False, not 1"),
    ("maria_breaks_hearts", "yes", "Rules.maria_breaks_hearts must be True or False, not 'yes'"),
    ("hearts_must_be_broken", None, "Rules.hearts_must_be_broken must be True or False, not None"),
    ("moon", "sometimes", "Rules.moon must be one of choice, self, others, off, not 'sometimes'"),
])
def test_bad_rules_values_name_the_field(field: str, value: object, message: str) -> None:
    with pytest.raises(BadRules) as error:
        Rules(**{field: value})  # type: ignore[arg-type]
    assert str(error.value) == message
    assert isinstance(error.value, HeartsError) and isinstance(error.value, ValueError)


@pytest.mark.parametrize("call, message", [
    (lambda: Suit.parse(None), "unknown suit None"),  # type: ignore[arg-type]
    (lambda: Suit(7), "unknown suit 7: a suit is 0 to 3"),
    (lambda: Suit(10**5000), "unknown suit a whole number of 16610 bits"),
    (lambda: parse_cards(5), "cards are a list like"),  # type: ignore[arg-type]
    (lambda: parse_cards(b"2C"), "cards are a list like"),  # type: ignore[arg-type]
    (lambda: Hand.from_cards(Rules(), [list(h) for h in Hand.deal(Rules(), 1).hands], ["left"]),  # type: ignore
     "pass_direction must be 'left', 'right', 'across' or None, not ['left']"),
    (lambda: Rules.from_dict({1: 2}), "unknown rules field(s): 1; the fields are"),
    (lambda: Rules(players=10**5000), "Rules.players must be from 3 to 7, not a whole number of 16610 bits"),
    (lambda: Rules(target=10**7), "Rules.target must be at most 1,000,000 points"),
    (lambda: Hand.deal(Rules(), 2**64), "seed must be a whole number from"),
    (lambda: Hand.deal(Rules(), 1).visible_events("x"), "seat must be a number from 0 to 3, not 'x'"),
    (lambda: Game.new(Rules(), 1).apply({"type": ["play"]}), "unknown action"),
    (lambda: Game.from_json(5), "a game record is JSON text, not 5"),
    (lambda: Hand(), "make a Hand with Hand.deal"),
    (lambda: Game(), "start a game with Game.new"),
])
def test_refusals_of_any_type_are_hearts_errors_naming_the_problem(call: object, message: str) -> None:
    with pytest.raises(HeartsError) as error:
        call()  # type: ignore[operator]
    assert message in str(error.value)


def test_a_megabyte_card_comes_back_as_a_short_message() -> None:
    text = "Q" * 1_000_000 + "S"
    for call in (lambda: Card.parse(text), lambda: parse_cards([text]),
                 lambda: random_game_hand(4, 1).play(text), lambda: Game.new(Rules(), 1).play(text)):
        with pytest.raises(HeartsError) as error:
            call()
        assert len(str(error.value)) <= 200 and "1000001 characters" in str(error.value)


def test_no_message_is_longer_than_500_characters() -> None:
    assert len(str(HeartsError("x" * 10_000))) == MAX_MESSAGE
    assert len(str(HeartsError(["QS"] * 10_000))) <= MAX_MESSAGE


def test_rules_are_frozen() -> None:
    rules = Rules()
    with pytest.raises(AttributeError):
        rules.players = 5  # type: ignore[misc]


def test_states_are_immutable() -> None:
    hand = Hand.deal(Rules(), seed=1)
    with pytest.raises(AttributeError, match="Hand is immutable"):
        hand.phase = "done"  # type: ignore[misc]
    with pytest.raises(AttributeError, match="Game is immutable"):
        Game.new(Rules(), seed=1).seed = 2  # type: ignore[misc]
    with pytest.raises(AttributeError, match="Card is immutable"):
        Card.parse("QS").rank = 3  # type: ignore[misc]


def test_game_new_refuses_bad_rules_and_seed() -> None:
    with pytest.raises(HeartsError, match="rules must be a Rules object"):
        Game.new({"players": 4}, seed=1)  # type: ignore[arg-type]
    with pytest.raises(HeartsError, match="seed must be a whole number"):
        Game.new(Rules(), seed="x")  # type: ignore[arg-type]
    assert isinstance(Game.new(Rules()).seed, int)


# A position after eight tricks: seat 3 took all 32 cards and leads the ninth (play.trick-winner).
LATE_HANDS = [["7C", "3D", "QD", "9S", "4H"], ["AS", "QS", "2H", "3H", "5H"],
              ["6H", "7H", "8H", "9H", "10H"], ["JH", "QH", "KH", "AH"]]
LATE_TAKEN = parse_cards("2C 3C 4C 5C 6C 8C 9C 10C JC QC KC AC 2D 4D 5D 7D 8D 9D 10D JD KD AD "
                         "2S 3S 4S 5S 6S 7S 8S 10S JS KS")


def test_a_mapping_is_not_a_list_of_cards() -> None:
    with pytest.raises(CardParseError, match=r"not \{'2C': 1\}"):
        parse_cards({"2C": 1})  # type: ignore[arg-type]


def test_a_tricks_cards_split_between_two_taken_piles_are_refused_naming_the_seat() -> None:
    assert Hand.from_cards(Rules(), LATE_HANDS, leader=3, trick=["6D"], taken=[[], [], [], LATE_TAKEN])
    split = [LATE_TAKEN[:2], [], [], LATE_TAKEN[2:]]
    with pytest.raises(BadPosition, match=r"seat 0's taken cards are 2, not whole tricks of 4 \(play.trick-winner"):
        Hand.from_cards(Rules(), LATE_HANDS, leader=3, trick=["6D"], taken=split)


def test_a_leader_after_the_first_trick_who_has_taken_no_trick_is_refused() -> None:
    hands = [*LATE_HANDS[:3], LATE_HANDS[3] + ["6D"]]  # the ninth trick not led yet
    assert Hand.from_cards(Rules(), hands, leader=3, taken=[[], [], [], LATE_TAKEN]).to_move == 3
    with pytest.raises(BadPosition, match=r"seat 0 leads trick 9 but has taken no trick \(play.trick-winner"):
        Hand.from_cards(Rules(), hands, leader=0, taken=[[], [], [], LATE_TAKEN])


def test_explaining_a_stripped_card_in_the_pass_is_refused_naming_the_strip() -> None:
    hand = Hand.deal(Rules(players=3), seed=1)
    assert hand.phase == "pass" and hand.explain(hand.held(0)[0]).legal
    with pytest.raises(CardNotHeld, match=r"2♦ is not in play with 3 players \(setup.deal strips it\)"):
        hand.explain("2D")
