"""Each prepared position still teaches its rule: the engine says, for every
card the learner holds, exactly the legality and rule id the lesson expects."""

import pytest

from hearts_widget import Card, Event, Rules, parse_cards
from hearts_widget.lessons.games import MOON_SHOOTER, TIE_TARGET, moon_game, omnibus_same_deal, tie_game
from hearts_widget.lessons.path import POSITIONS, STEPS
from hearts_widget.lessons.positions import LEARNER, Position, build_hand, try_pass


@pytest.mark.parametrize("key", sorted(POSITIONS))
def test_position_gives_the_expected_verdict_for_every_card(key: str) -> None:
    position = POSITIONS[key]
    hand = position.hand
    assert hand.to_move == position.seat
    verdicts = {card.code: (hand.explain(card).legal, hand.explain(card).rule) for card in position.cards}
    assert verdicts == position.expect


@pytest.mark.parametrize("key", sorted(POSITIONS))
def test_position_shows_both_sides_or_a_clarification(key: str) -> None:
    """A position where every card is legal teaches only if it is a clarification or a discard."""
    rules = {rule for _, rule in POSITIONS[key].expect.values()}
    legal = {legal for legal, _ in POSITIONS[key].expect.values()}
    assert legal == {True, False} or key in {
        "discard", "first-trick-only-points", "hearts-lead-only-hearts", "hearts-broken-discard",
        "hearts-broken-by-maria", "review-broken-lead", "strategy-maria"}, (key, rules)


def test_every_position_is_used_by_a_step() -> None:
    used = {p.key for step in STEPS for p in step.positions}
    assert used == set(POSITIONS)


def test_play_first_lead_five_players_leads_the_three_of_clubs() -> None:
    position = POSITIONS["first-lead-five"]
    assert position.rules.players == 5
    assert [c.code for c in position.hand.legal_moves()] == ["3C"]


def test_play_first_trick_no_points_clarification_holds_only_points() -> None:
    cards = POSITIONS["first-trick-only-points"].cards
    assert all(c.is_heart or c.is_black_maria for c in cards)
    assert POSITIONS["first-trick-only-points"].hand.first_trick


@pytest.mark.parametrize("key", ["hearts-lead", "hearts-lead-only-hearts", "hearts-lead-hearts-and-maria",
                                 "hearts-broken-discard", "black-maria-lead", "follow-suit", "first-trick"])
def test_positions_about_unbroken_hearts_have_hearts_unbroken(key: str) -> None:
    assert not POSITIONS[key].hand.hearts_broken


def test_play_hearts_broken_by_the_black_maria_alone() -> None:
    hand = POSITIONS["hearts-broken-by-maria"].hand
    out = [c for seat in range(4) for c in hand.taken(seat)]
    assert hand.hearts_broken and any(c.is_black_maria for c in out) and not any(c.is_heart for c in out)


def test_play_hearts_broken_event_when_the_learner_discards_a_heart() -> None:
    attempt = POSITIONS["hearts-broken-discard"].attempt("3H")
    assert attempt.legal
    assert [e.rule for e in attempt.events if e.kind == "hearts-broken"] == ["play.hearts-broken"]


def test_play_trick_winner_highest_of_the_suit_led_not_the_highest_card() -> None:
    position = POSITIONS["trick-winner"]
    win = position.attempt("QD").events[-1]
    lose = position.attempt("5D").events[-1]
    assert (win.kind, win.seat, win.rule) == ("trick-won", LEARNER, "play.trick-winner")
    assert lose.kind == "trick-won" and lose.seat != LEARNER
    assert lose.facts["winning_card"].code == "10D"  # not the A♠ discarded


def test_score_points_trick_with_the_black_maria_and_a_heart_is_14() -> None:
    event = POSITIONS["points"].attempt("KD").events[-1]
    assert (event.kind, event.seat, event.facts["points"]) == ("trick-won", LEARNER, 14)


def test_an_illegal_attempt_leaves_the_position_as_it_was() -> None:
    position = POSITIONS["follow-suit"]
    before = position.hand.to_json()
    attempt = position.attempt("9S")
    assert not attempt.legal and attempt.hand is None and attempt.events == ()
    assert position.hand.to_json() == before


def test_pass_three_refuses_two_cards_and_accepts_three() -> None:
    from hearts_widget import Hand

    hand = Hand.deal(Rules(), seed=1)
    cards = hand.held(LEARNER)
    after, why = try_pass(hand, LEARNER, cards[:2])
    assert after is None and why is not None and why.rule == "pass.three" and not why.legal
    after, why = try_pass(hand, LEARNER, cards[:3])
    assert why is None and after is not None and after.passed(LEARNER) == cards[:3]


def test_build_hand_refuses_a_position_that_does_not_add_up() -> None:
    with pytest.raises(ValueError):
        build_hand(Rules(), "2C 3C", tricks_done=0)
    with pytest.raises(ValueError, match="2♣"):
        build_hand(Rules(), "2C 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC")


def test_score_moon_game_waits_for_the_shooters_choice_and_both_choices_apply() -> None:
    game = moon_game()
    assert game.pending_moon == MOON_SHOOTER
    before = game.scores
    by_self = game.choose_moon("self").scores
    by_others = game.choose_moon("others").scores
    assert by_self[MOON_SHOOTER] == before[MOON_SHOOTER] - 26 < 0  # scores may go below zero
    assert all(by_others[s] == before[s] + 26 for s in range(4) if s != MOON_SHOOTER)


def test_score_winner_tie_game_ends_at_the_target_with_a_shared_win() -> None:
    game = tie_game()
    assert game.is_over and max(game.scores) >= TIE_TARGET
    assert len(game.winners) == 2
    totals_before_last_hand = [sum(column) for column in zip(*game.sheet[:-1], strict=True)]
    assert max(totals_before_last_hand) < TIE_TARGET


def test_score_sheet_demo_is_the_same_game_stopped_early() -> None:
    whole, first_two = tie_game(), tie_game(2)
    assert first_two.sheet == whole.sheet[:2] and not first_two.is_over


def test_variant_omnibus_bonus_same_deal_costs_the_taker_of_the_jack_ten_and_nobody_else() -> None:
    result = omnibus_same_deal()
    assert result.before.rules.variant == "standard" and result.after.rules.variant == "omnibus"
    assert result.same_play and result.moon_shooters == (None, None)
    taker = next(t.winner for t in result.after.tricks if Card.parse("JD") in t.cards)
    assert [row["difference"] for row in result.rows()] == [-10 if s == taker else 0 for s in range(4)]
    assert taker != LEARNER and result.after.points()[taker] < 0  # the bonus takes a score below zero


# -- Cancellation Hearts boards: two packs, set up by replaying the hand -------------------------------------

def outcome(position: Position, code: str) -> dict[str, Event]:
    """The events of the learner's card by kind (the learner plays last on these boards: the trick ends)."""
    return {event.kind: event for event in position.attempt(code).events}


def test_variant_cancellation_first_lead_board_refuses_only_the_hearts() -> None:
    position = POSITIONS["cancel-first-lead"]
    hand = position.hand
    assert position.rules.packs == 2 and hand.first_trick and hand.leader == LEARNER == hand.to_move
    assert len(position.cards) == position.rules.cards_each == 20 and hand.kitty_size == 4
    refused = [card for card in position.cards if not hand.explain(card).legal]
    assert refused and all(card.is_heart for card in refused)
    assert not any(card.is_black_maria for card in position.cards)  # the board asks about hearts only


def test_variant_cancellation_cancel_the_learners_twin_cancels_and_the_kitty_goes_to_the_winner() -> None:
    position = POSITIONS["cancel-twin-king"]
    twin = outcome(position, "KD")
    assert twin["cancelled"].rule == "variant.cancellation.cancel" and twin["cancelled"].cards[0].code == "KD"
    assert twin["trick-won"].seat != LEARNER and twin["trick-won"].facts["winning_card"].code == "JD"
    kitty = twin["kitty-taken"]
    assert kitty.seat == twin["trick-won"].seat and kitty.rule == "variant.cancellation.kitty"
    assert sorted(kitty.cards) == sorted(parse_cards("QH 5H 6C 8S"))
    ace = outcome(position, "AD")
    assert "cancelled" not in ace and ace["trick-won"].seat == ace["kitty-taken"].seat == LEARNER
    assert ace["kitty-taken"].facts["points"] == 2  # the two hearts lying face down


def test_variant_cancellation_carry_the_learners_card_decides_who_takes_the_carried_black_maria() -> None:
    position = POSITIONS["cancel-carried"]
    hand = position.hand
    assert hand.tricks[-1].carried and hand.tricks[-1].winner is None
    assert sorted(hand.carried) == sorted(parse_cards("8D 8D QS 10D 10D"))
    takers = {code: outcome(position, code)["carried-taken"] for code in ("2C", "JC", "QC")}
    assert all(e.rule == "variant.cancellation.carry" and e.facts["points"] == 13 for e in takers.values())
    assert takers["QC"].seat == LEARNER  # the highest club wins, and the Q♠ with it
    assert LEARNER != takers["2C"].seat != takers["JC"].seat != LEARNER  # ducked, or cancelled by its twin
    assert "cancelled" in outcome(position, "JC")


def test_a_board_after_tricks_played_before_is_the_hand_replayed_through_the_engine() -> None:
    rules = Rules()
    hand = build_hand(rules, "3C 9D QD 4S 8S JS 2H 6H 10H KH AH", before=("2C 9C KC 5C", "7D 4D 8D 2D"),
                      trick="5S")
    # Seat 3 led the first trick so that the learner (seat 0) plays next: the K♣ of seat 1 won it, the 8♦
    # of seat 3 the second.
    assert [(t.leader, t.winner) for t in hand.tricks] == [(3, 1), (1, 3)] and hand.to_move == LEARNER
    assert hand.tricks[1].cards == tuple(parse_cards("7D 4D 8D 2D"))
    assert [len(hand.held(seat)) for seat in range(4)] == [11, 11, 11, 10]
    same = build_hand(rules, "3C 9D QD 4S 8S JS 2H 6H 10H KH AH", before=("2C 9C KC 5C", "7D 4D 8D 2D"),
                      trick="5S")
    assert same == hand  # the rest of the pack is dealt the same way every time


def test_a_replayed_board_that_cannot_be_is_refused_naming_what_is_wrong() -> None:
    five = Rules(players=5, variant="cancellation")
    with pytest.raises(ValueError, match=r"before\[0\] holds 4 cards; a whole trick has one per player \(5\)"):
        build_hand(five, "2C", before=("AC 3C 5C 8C",))
    with pytest.raises(ValueError, match="the learner holds 2 cards after playing 0; .* dealt 20"):
        build_hand(five, "2C 3C")
    with pytest.raises(ValueError, match="5♣ is given more often than the pack holds it \\(twice\\)"):
        build_hand(five, "5C 5C 5C 3C 4C 6C 7C 8C 9C 10C JC QC KC AC 2D 3D 4D 5D 6D 7D")
    with pytest.raises(ValueError, match="after these tricks seat 2 plays next, not seat 0"):
        build_hand(five, "JC QC 4D 5D 3S 4S 6S 7S 9S JS KS 2H 3H 5H 6H 8H 9H JH AH", before=("AC 3C 5C 8C 2C",),
                   leader=2)
    held = "3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2D 3D 4D 5D 6D 7D 8D"
    with pytest.raises(ValueError, match=r"before\[0\]: 2♥ cannot be played there: .*any card but a heart"):
        build_hand(five, held, before=("2H 3H 4H 5H 6H",))  # the learner leads a heart holding clubs
    with pytest.raises(ValueError, match="2♥ cannot be dealt: seat 1 still needs cards but showed it has no hearts"):
        build_hand(five, held, before=("2H 2C 3C 4C 5C",))  # nobody followed the heart: nobody may hold one
    with pytest.raises(ValueError, match="tricks_done"):
        build_hand(five, "2C", tricks_done=1)
    with pytest.raises(ValueError, match="only Cancellation Hearts"):
        build_hand(Rules(), "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC", kitty="2D")
