"""Each prepared position still teaches its rule: the engine says, for every
card the learner holds, exactly the legality and rule id the lesson expects."""

import pytest

from hearts_widget import Card, Rules
from hearts_widget.lessons.games import MOON_SHOOTER, TIE_TARGET, moon_game, omnibus_same_deal, tie_game
from hearts_widget.lessons.path import POSITIONS, STEPS
from hearts_widget.lessons.positions import LEARNER, build_hand, try_pass


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
