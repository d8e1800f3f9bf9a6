"""play.hearts-broken: by a heart or the Black Maria, by following, discarding or leading."""

from __future__ import annotations

import pytest
from engine_helpers import PLAYER_COUNTS, position


def _broken_event(hand):  # type: ignore[no-untyped-def]
    events = [e for e in hand.events if e.kind == "hearts-broken"]
    assert len(events) == 1
    return events[0]


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_play_hearts_broken_by_a_heart_discarded(players: int) -> None:
    hand = position(players, {1: ("AH", "CSH")}, leader=0, trick=["4D"], tricks_done=1)
    assert not hand.hearts_broken
    after = hand.play("AH")
    assert after.hearts_broken and not hand.hearts_broken  # the old state is unchanged
    event = _broken_event(after)
    assert (event.rule, event.seat, event.cards[0].code, event.facts["how"]) == (
        "play.hearts-broken", 1, "AH", "discarded")
    # What breaking hearts now allows: a heart may be led.
    assert event.text() == "Hearts are broken: Seat 1 discarded A♥. From now on a heart may be led."


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_play_hearts_broken_by_a_heart_led(players: int) -> None:
    # With the house rule off, a heart may be led before hearts are broken; leading it breaks them.
    hand = position(players, {0: ("AH", "CD")}, leader=0, tricks_done=1, hearts_must_be_broken=False)
    after = hand.play("AH")
    assert after.hearts_broken and _broken_event(after).facts["how"] == "led"
    # With hearts free to lead anyway, breaking them changes nothing to say about leading.
    assert _broken_event(after).text() == "Hearts are broken: Seat 0 led A♥."


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_play_hearts_broken_by_the_black_maria_discarded(players: int) -> None:
    hand = position(players, {1: ("QS", "CS")}, leader=0, trick=["4D"], tricks_done=1)
    after = hand.play("QS")
    assert after.hearts_broken
    assert _broken_event(after).facts["how"] == "discarded"


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_play_hearts_broken_by_the_black_maria_followed(players: int) -> None:
    hand = position(players, {1: ("QS", "CS")}, leader=0, trick=["4S"], tricks_done=1)
    after = hand.play("QS")
    assert after.hearts_broken and _broken_event(after).facts["how"] == "followed"
    assert _broken_event(after).text() == ("Hearts are broken: Seat 1 played Q♠. The Black Maria breaks hearts, "
                                           "as a heart does. From now on a heart may be led.")


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_play_hearts_broken_house_rule_maria_does_not_break(players: int) -> None:
    hand = position(players, {1: ("QS", "CS")}, leader=0, trick=["4D"], tricks_done=1,
                    maria_breaks_hearts=False)
    after = hand.play("QS")
    assert not after.hearts_broken
    assert not [e for e in after.events if e.kind == "hearts-broken"]


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_play_hearts_broken_is_known_from_cards_already_taken(players: int) -> None:
    assert position(players, {}, leader=0, tricks_done=1, taken_cards=["5H"]).hearts_broken
    assert position(players, {}, leader=0, tricks_done=1, taken_cards=["QS"]).hearts_broken
    assert not position(players, {}, leader=0, tricks_done=1, taken_cards=["QS"],
                        maria_breaks_hearts=False).hearts_broken
    assert not position(players, {}, leader=0, tricks_done=1).hearts_broken


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_play_hearts_broken_only_once(players: int) -> None:
    hand = position(players, {1: ("AH", "CSH"), 2: ("KH", "CSH")}, leader=0, trick=["4D"], tricks_done=1)
    after = hand.play("AH")
    if players > 2:
        after = after.play("KH")
    assert len([e for e in after.events if e.kind == "hearts-broken"]) == 1
