"""pass.three, pass.simultaneous and pass.rotation for every player count."""

from __future__ import annotations

import pytest
from engine_helpers import PLAYER_COUNTS, codes, first_lead

from hearts_widget import CardNotHeld, Hand, HeartsError, IllegalMove, Rules, WrongPhase

# RULES.md: 4 players left, right, across, no pass; any other number left, right.
ROTATION = {4: ["left", "right", "across", None]}
OTHER_ROTATION = ["left", "right"]


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_pass_rotation_by_hand_number(players: int) -> None:
    rotation = ROTATION.get(players, OTHER_ROTATION)
    for number in range(9):
        hand = Hand.deal(Rules(players=players), seed=3, number=number)
        expected = rotation[number % len(rotation)]
        assert hand.pass_direction == expected
        assert hand.phase == ("pass" if expected else "play")


def test_pass_rotation_hold_hand_starts_with_play_and_says_so() -> None:
    hand = Hand.deal(Rules(players=4), seed=3, number=3)
    assert hand.pass_direction is None and hand.waiting_to_pass == ()
    assert [(e.kind, e.rule) for e in hand.events] == [("deal", "setup.deal"), ("no-pass", "pass.rotation")]
    assert hand.to_move is not None and hand.legal_moves() == [first_lead(4)]
    with pytest.raises(WrongPhase, match=r"no pass this hand \(pass.rotation\)"):
        hand.pass_cards(0, hand.held(0)[:3])


def _pass_all(hand: Hand) -> Hand:
    for seat in range(hand.rules.players):
        hand = hand.pass_cards(seat, hand.held(seat)[-3:])
    return hand


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("number", [0, 1, 2])
def test_pass_three_cards_go_left_right_or_across(players: int, number: int) -> None:
    """Left is the next seat in play order, right the previous, across two on (4 players)."""
    start = Hand.deal(Rules(players=players), seed=9, number=number)
    offset = {"left": 1, "right": -1, "across": 2}[start.pass_direction]  # type: ignore[index]
    hand = _pass_all(start)
    for seat in range(players):
        giver = (seat - offset) % players
        given = set(start.held(giver)[-3:])
        assert set(hand.received(seat)) == given
        assert set(hand.passed(giver)) == given
        assert set(hand.held(seat)) == (set(start.held(seat)) - set(start.held(seat)[-3:])) | given


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_pass_simultaneous_nothing_moves_until_every_seat_has_passed(players: int) -> None:
    hand = Hand.deal(Rules(players=players), seed=4)
    start_hands = hand.hands
    for seat in range(players - 1):
        hand = hand.pass_cards(seat, hand.held(seat)[:3])
        assert hand.hands == start_hands
        assert all(hand.received(s) == () for s in range(players))
        assert hand.phase == "pass" and hand.to_move is None and hand.legal_moves() == []
        assert hand.waiting_to_pass == tuple(range(seat + 1, players))
    hand = hand.pass_cards(players - 1, hand.held(players - 1)[:3])
    assert hand.phase == "play" and hand.waiting_to_pass == ()
    exchange = hand.events[-1]
    assert (exchange.kind, exchange.rule) == ("exchange", "pass.simultaneous")
    # play.first-lead: the holder of the lowest club leads it, after the pass.
    assert first_lead(players) in hand.held(hand.to_move)  # type: ignore[arg-type]


def test_pass_events_are_private_to_the_passing_seat() -> None:
    hand = Hand.deal(Rules(players=4), seed=4)
    hand = hand.pass_cards(2, hand.held(2)[:3])
    event = hand.events[-1]
    assert (event.kind, event.rule, event.seat, event.facts["to"]) == ("pass", "pass.three", 2, 3)
    assert event in hand.visible_events(2)
    assert event not in hand.visible_events(1) and event not in hand.visible_events(None)
    assert hand.view(1).events == hand.visible_events(1)


def test_pass_simultaneous_a_seat_cannot_pass_twice() -> None:
    dealt = Hand.deal(Rules(), seed=4)
    hand = dealt.pass_cards(0, dealt.held(0)[:3])
    with pytest.raises(IllegalMove) as error:
        hand.pass_cards(0, hand.held(0)[3:6])
    assert (error.value.explanation.rule, error.value.explanation.reason) == ("pass.simultaneous", "already-passed")
    assert "already passed" in str(error.value)


@pytest.mark.parametrize("count", [0, 2, 4])
def test_pass_three_refuses_another_number_of_cards(count: int) -> None:
    hand = Hand.deal(Rules(), seed=4)
    with pytest.raises(IllegalMove) as error:
        hand.pass_cards(1, hand.held(1)[:count])
    explanation = error.value.explanation
    assert (explanation.legal, explanation.rule, explanation.reason) == (False, "pass.three", "pass-three")
    assert explanation.facts["count"] == count
    assert f"you chose {count} card" in str(error.value)


def test_pass_three_refuses_the_same_card_twice() -> None:
    hand = Hand.deal(Rules(), seed=4)
    first, second = hand.held(1)[:2]
    with pytest.raises(IllegalMove) as error:
        hand.pass_cards(1, [first, second, first])
    assert (error.value.explanation.reason, error.value.explanation.card) == ("pass-distinct", first)
    assert f"{first} is chosen twice" in str(error.value)


def test_pass_three_refuses_a_card_not_held() -> None:
    hand = Hand.deal(Rules(), seed=4)
    other = hand.held(2)[0]
    with pytest.raises(CardNotHeld, match=f"seat 1 cannot pass {other}: it is not in their hand"):
        hand.pass_cards(1, [*hand.held(1)[:2], other])


def test_pass_three_refuses_passing_in_the_play_phase() -> None:
    hand = _pass_all(Hand.deal(Rules(), seed=4))
    with pytest.raises(WrongPhase, match="passing is over: the hand is in the play phase"):
        hand.pass_cards(0, hand.held(0)[:3])


def test_pass_three_takes_card_text_and_says_any_three_may_go() -> None:
    hand = Hand.deal(Rules(), seed=7)
    text = " ".join(codes(hand.held(0)[:3]))
    assert hand.pass_cards(0, text).passed(0) == hand.held(0)[:3]
    explanation = hand.explain(hand.held(0)[0])
    assert (explanation.legal, explanation.rule, explanation.reason) == (True, "pass.three", "may-pass")
    assert explanation.text() == "Any three cards may be passed to the left."


def test_pass_three_refuses_cards_that_are_not_a_list() -> None:
    with pytest.raises(HeartsError, match="list of three cards"):
        Hand.deal(Rules(), seed=7).pass_cards(0, 42)  # type: ignore[arg-type]


def test_pass_rotation_across_needs_four_players() -> None:
    with pytest.raises(ValueError, match="passing across needs 4 players"):
        Hand.from_cards(Rules(players=3), Hand.deal(Rules(players=3), seed=1).hands, "across")


def test_pass_refusals_leave_the_hand_as_it_was() -> None:
    hand = Hand.deal(Rules(), seed=12)
    hand = hand.pass_cards(0, hand.held(0)[:3])
    before = (hand.to_json(), hand.events, hand.hands, hand.waiting_to_pass)
    attempts = [
        lambda: hand.pass_cards(0, hand.held(0)[3:6]),
        lambda: hand.pass_cards(1, hand.held(1)[:2]),
        lambda: hand.pass_cards(1, [hand.held(1)[0]] * 3),
        lambda: hand.pass_cards(1, [*hand.held(1)[:2], hand.held(2)[0]]),
        lambda: hand.pass_cards(1, ["2C", "ZZ", "3C"]),
        lambda: hand.pass_cards(4, hand.held(1)[:3]),
    ]
    for attempt in attempts:
        with pytest.raises(HeartsError):
            attempt()
    assert (hand.to_json(), hand.events, hand.hands, hand.waiting_to_pass) == before
