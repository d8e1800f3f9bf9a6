"""Same deal, other rules (engine/same_deal.py): the same cards replayed under a
changed option, with the documented policy when a card no longer fits."""

from __future__ import annotations

import random

import pytest
from engine_helpers import position, random_game_hand
from variant_helpers import play_out

from hearts_widget import Card, Hand, Rules
from hearts_widget.engine import same_deal


def played(hand: Hand) -> list[str]:
    return [c.code for t in hand.tricks for c in t.cards] + [c.code for c in hand.trick.cards]


@pytest.mark.parametrize("seed", range(5))
def test_omnibus_on_the_same_deal_changes_only_the_bonus(seed: int) -> None:
    hand = play_out(random_game_hand(4, seed), random.Random(seed))
    result = same_deal(hand, variant="omnibus")
    assert result.same_play and played(result.after) == played(hand)
    assert result.changes == {"variant": ("standard", "omnibus")}
    bonus = [-10 if Card.parse("JD") in hand.taken(s) else 0 for s in range(4)]
    assert [after - before for before, after in result.points] == bonus
    assert [row["difference"] for row in result.rows()] == bonus
    html = result._repr_html_()
    assert "variant: 'standard' → 'omnibus'" in html and "every card played as before" in html


def test_a_card_no_longer_legal_is_replaced_by_the_lowest_legal_card() -> None:
    start = position(4, {0: ("2C", "C"), 1: ("QS 9D", "DH")}, first_trick_no_points=False)
    lowest_diamond = min((c for c in start.held(1) if c.suit.letter == "D"), key=lambda c: c.rank)
    hand = start.play("2C").play("QS")
    result = same_deal(hand, first_trick_no_points=True)
    assert [(p.trick_number, p.seat, p.played, p.now) for p in result.changed_plays] == [
        (1, 1, Card.parse("QS"), lowest_diamond)]
    assert played(result.after) == ["2C", lowest_diamond.code] and not result.same_play


def test_black_maria_passes_the_same_cards_to_the_right() -> None:
    hand = random_game_hand(4, 3)  # hand 0 passes left
    hand = play_out(hand, random.Random(3))
    result = same_deal(hand, variant="black-maria")
    assert result.after.rules.moon == "off" and result.after.pass_direction == "right"
    for seat in range(4):
        assert result.after.passed(seat) == hand.passed(seat)
    assert sum(p for _, p in result.points) == 43 and result.moon_shooters[1] is None


def test_a_hand_without_a_pass_passes_the_highest_three_when_the_new_rules_pass() -> None:
    hand = Hand.deal(Rules(), seed=2, number=3)  # 4 players: no pass in hand 3
    hand = play_out(hand, random.Random(2))
    result = same_deal(hand, variant="black-maria")
    held = Hand.deal(Rules(), seed=2, number=3).held(0)
    assert set(result.after.passed(0)) == set(sorted(held, key=lambda c: (c.rank, c.suit))[-3:])


def test_cancellation_house_rules_replay_on_two_packs() -> None:
    hand = play_out(Hand.deal(Rules(players=6, variant="cancellation"), 4), random.Random(4))
    result = same_deal(hand, hearts_must_be_broken=False)
    assert result.after.phase == "done" and sum(p for _, p in result.points) == 52
    assert result.same_play


def test_a_hand_in_progress_is_compared_as_it_stands() -> None:
    hand = random_game_hand(5, 1)
    for _ in range(7):
        hand = hand.play(hand.legal_moves()[0])
    result = same_deal(hand, maria_breaks_hearts=False)
    assert played(result.after) == played(hand) and result.after.phase == "play"


@pytest.mark.parametrize("changes, message", [
    ({}, "name at least one rule to change"),
    ({"players": 5}, "the same deal needs the same players and packs"),
    ({"variant": "cancellation", "players": 5}, "the same deal needs the same players and packs"),
    ({"colour": "red"}, "unknown rules option"),
    ({"moon": "sometimes"}, "Rules.moon must be one of"),
])
def test_changes_that_cannot_keep_the_deal_are_refused(changes: dict[str, object], message: str) -> None:
    hand = random_game_hand(4, 1)
    with pytest.raises(ValueError, match=message):
        same_deal(hand, **changes)
