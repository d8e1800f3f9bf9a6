"""The coach: legal hints from the learner's information only, sentences a
learner reads, and feedback on a card that cost points."""

import random

import pytest
from bot_helpers import card, position, random_moves, taken_in_tricks
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts_widget.bots import RuleBot, coach
from hearts_widget.bots.coach import forget, hint, judge_card, trick_feedback
from hearts_widget.engine import Card, Hand, Rules, SeatView, WrongPhase, parse_cards
from hearts_widget.engine.cards import Suit


def _random_play_position(players: int, seed: int, moves: int) -> Hand:
    rng = random.Random(seed)
    hand = Hand.deal(Rules(players=players), seed, number=seed % 2)
    if hand.phase == "pass":
        for seat in range(players):
            hand = hand.pass_cards(seat, RuleBot().choose_pass(hand.view(seat)))
    return random_moves(hand, rng, moves)


@settings(max_examples=30, deadline=None)
@given(players=st.integers(3, 7), seed=st.integers(0, 10**6), moves=st.integers(0, 50))
def test_the_hint_is_a_legal_card_with_a_sentence(players: int, seed: int, moves: int) -> None:
    hand = _random_play_position(players, seed, moves)
    if hand.phase != "play":
        return
    view = hand.view(hand.to_move)
    advice = hint(view)
    assert advice.card in view.legal
    assert advice.text and "{" not in advice.text
    assert advice.to_dict()["cards"] == [advice.card.code]


@settings(max_examples=30, deadline=None)
@given(players=st.integers(3, 7), seed=st.integers(0, 10**6), moves=st.integers(0, 50), shuffle=st.randoms())
def test_the_hint_never_uses_hidden_cards(players: int, seed: int, moves: int, shuffle: random.Random) -> None:
    hand = _random_play_position(players, seed, moves)
    if hand.phase != "play":
        return
    learner = hand.to_move
    on_table = hand.trick.cards
    hidden = [c for s in range(players) if s != learner for c in hand.held(s)]
    shuffle.shuffle(hidden)
    others = []
    for s in range(players):
        if s == learner:
            others.append(list(hand.held(s)))
        else:
            size = len(hand.held(s))
            others.append(hidden[:size])
            hidden = hidden[size:]
    taken = [hand.taken(s) for s in range(players)]
    first = Hand.from_cards(hand.rules, [hand.held(s) for s in range(players)], leader=hand.trick.leader,
                            trick=on_table, taken=taken)
    second = Hand.from_cards(hand.rules, others, leader=hand.trick.leader, trick=on_table, taken=taken)
    assert hint(first.view(learner)) == hint(second.view(learner))


def test_duck_under_the_ace_already_down() -> None:
    # Seat 1 led the ace of clubs; seat 2 is to play.
    hand = position(["2C 2D 3D", "4D 5D", "KC 6C 7D", "2H 3H 4H"], trick="AC", leader=1)
    advice = hint(hand.view(2))
    assert advice.card == card("KC") and advice.reason == "duck"
    # One sentence, its facts checked (A♣ winning, K♣ under it): the rest stays in the facts.
    assert advice.text == "A♣ is already down: play your K♣ under it, so you do not win the trick."
    assert advice.facts["risk"] == "none" and advice.facts["winning"] == card("AC")


def test_discard_the_black_maria_hint_names_the_winner() -> None:
    hand = position(["QS 2H 3H", "9C 4D 5D", "KC 6C 7D", "9D 8D"], trick="4C", leader=3)
    advice = hint(hand.view(0), names=["You", "West", "North", "East"])
    assert advice.card == card("QS")
    assert advice.text.startswith("You have no clubs: discard the Black Maria now, while East is winning the trick.")


def test_pass_hint_suggests_three_held_cards() -> None:
    hand = Hand.deal(Rules(), seed=3)
    advice = hint(hand.view(0))
    assert len(advice.cards) == 3 and set(advice.cards) <= set(hand.held(0))
    assert advice.reason in ("pass-danger", "pass-moon")
    with pytest.raises(ValueError):
        advice.card  # noqa: B018 - reading it is what raises


def test_no_hint_out_of_turn() -> None:
    hand = position(["2C 2D 3D", "4D 5D", "KC 6C 7D", "2H 3H 4H"], trick="AC", leader=1)
    with pytest.raises(WrongPhase):
        hint(hand.view(0))


def test_unknown_language_is_refused() -> None:
    hand = position(["2C 2D 3D", "4D 5D", "KC 6C 7D", "2H 3H 4H"], trick="AC", leader=1)
    with pytest.raises(ValueError, match="xx"):
        hint(hand.view(2), lang="xx")


def test_feedback_when_a_lower_card_would_have_done_better() -> None:
    # Seat 0 leads J♣, seat 1 plays K♣ holding 10♣, seats 2 and 3 discard hearts.
    before = position(["JC 2D 3D", "KC 10C 4D", "5H 6D 7D", "2H 3H 8D"], leader=0)
    hand = before.play("JC")
    view = hand.view(1)
    hand = hand.play("KC").play("5H").play("2H")
    note = trick_feedback(view, hand.tricks[-1])
    assert note is not None and note.better == card("10C") and note.reason == "better-card"
    assert note.facts["cost"] >= 0.5
    assert note.text.startswith("From what you could see when you played, 10♣ was the better card")


def test_feedback_judges_with_what_the_learner_knew_not_the_cards_played_after() -> None:
    # The same view for seat 1 in both deals; after its K♣ the trick goes two ways:
    # 5♥ and 2♥ are discarded (it takes 2 points), or seat 2 overtakes with A♣.
    # The judgement is the same either way.
    notes = []
    for zero, two, third in (("JC AC 3D", "5H 6D 7D", "5H"), ("JC 5H 3D", "AC 6D 7D", "AC")):
        before = position([zero, "KC 10C 4D", two, "2H 3H 8D"], leader=0)
        hand = before.play("JC")
        view = hand.view(1)
        hand = hand.play("KC").play(third).play("2H")
        notes.append(trick_feedback(view, hand.tricks[-1]))
    assert notes[0] is not None and notes[1] is not None
    assert (notes[0].reason, notes[0].better) == (notes[1].reason, notes[1].better) == ("better-card", card("10C"))


def test_feedback_says_when_the_learner_found_the_best_card() -> None:
    before = position(["JC 2D 3D", "KC 10C 4D", "5H 6D 7D", "2H 3H 8D"], leader=0)
    hand = before.play("JC")
    view = hand.view(1)
    hand = hand.play("10C").play("5H").play("2H")
    note = trick_feedback(view, hand.tricks[-1])
    assert note is not None and note.reason == "best-card" and note.better == card("10C")
    assert note.text == "10♣ was the best card you could play there, from what you could see. Well found!"


def test_feedback_is_kept_for_the_same_position() -> None:
    before = position(["JC 2D 3D", "KC 10C 4D", "5H 6D 7D", "2H 3H 8D"], leader=0)
    hand = before.play("JC")
    view = hand.view(1)
    hand = hand.play("KC").play("5H").play("2H")
    assert trick_feedback(view, hand.tricks[-1]) == trick_feedback(view, hand.tricks[-1], lang="en")


def _judged_positions(count: int) -> list[tuple[SeatView, Card]]:
    """``count`` positions of a 4-player hand with a real choice, each with its first legal card."""
    found = []
    for seed in range(1000):
        hand = _random_play_position(4, seed, 9)
        if hand.phase == "play" and len({c.suit for c in hand.legal_moves()}) > 1:
            view = hand.view(hand.to_move)
            found.append((view, view.legal[0]))
            if len(found) == count:
                return found
    raise AssertionError("too few positions with a choice")


def test_the_coach_keeps_its_latest_searches_within_its_deal_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """A kernel's memory stays flat however long a class plays: the searches asked about
    longest ago are dropped (the one asked again moves to the end) and, asked once more,
    give the same judgement. Both budgets small (a judgement's searches of at most 48 deals,
    60 kept), as 600 and 300 were: a new judgement drops most of the older searches."""
    monkeypatch.setattr(coach, "JUDGE_DEALS", 48)
    monkeypatch.setattr(coach, "KEPT_DEALS", 60)
    forget()
    positions = _judged_positions(6)
    first = judge_card(*positions[0])
    first_keys = list(coach._SAMPLED)
    for view, played in positions[1:]:
        before = set(coach._SAMPLED)
        judge_card(view, played)
        older = [values for key, values in coach._SAMPLED.items() if key in before]
        assert sum(len(values.weights) for values in older) <= 60
        judge_card(*positions[0])  # asked again: the most recent, so kept
        assert list(coach._SAMPLED)[-len(first_keys):] == first_keys
    forget()
    for view, played in positions[1:]:
        judge_card(view, played)
    assert not set(first_keys) & set(coach._SAMPLED)
    assert judge_card(*positions[0]) == first


def test_no_feedback_when_no_card_could_have_saved_points() -> None:
    before = position(["JC 2D 3D", "KC QC 4D", "5H 6D 7D", "2H 3H 8D"], leader=0)
    hand = before.play("JC")
    view = hand.view(1)
    hand = hand.play("KC").play("5H").play("2H")
    assert trick_feedback(view, hand.tricks[-1]) is None


def test_feedback_when_the_black_maria_won_a_trick_a_king_would_have_won_cheaper() -> None:
    before = position(["10S 2D 3D", "QS KS 4D", "5H 6D 7D", "2H 3H 8D"], leader=0)
    hand = before.play("10S")
    view = hand.view(1)
    hand = hand.play("QS").play("5H").play("2H")
    note = trick_feedback(view, hand.tricks[-1])
    assert note is not None and note.reason == "better-card" and note.better == card("KS")
    assert note.facts["cost"] > 6  # of the learner's own points (3/4 of the 10 the gap moves)


def test_variant_feedback_played_last_names_the_card_that_took_fewer_points() -> None:
    # variant.black-maria.points: played last to a spade trick, A♠ took 7 points where 2♠ took none.
    rules = Rules(variant="black-maria")
    hands = [["4D"], ["6D"], ["8D"], ["AS", "2S"]]
    placed = {card(c) for h in hands for c in h} | {card(c) for c in ("5S", "6S", "7S")}
    rest = [c for c in rules.deck if c not in placed]
    hand = Hand.from_cards(rules, hands, leader=0, trick=[card(c) for c in ("5S", "6S", "7S")],
                           taken=taken_in_tricks(rest, 0, 4))
    view = hand.view(3)
    hand = hand.play("AS")
    note = trick_feedback(view, hand.tricks[-1])
    assert note is not None and note.reason == "would-duck" and note.better == card("2S")
    assert note.text == "You took 7 points with A♠; 2♠ would have stayed under 7♠ and Seat 2 would have won the trick."


def test_the_hint_values_the_cards_again_before_naming_a_better_one() -> None:
    """Hearts any time, first trick, played last: 2♣ K♥ 5♣ and any club wins the K♥.
    On the first few hundred deals 10♣ looked best; valued again on fresh deals,
    6♣ (winning low, keeping A♣ and 10♣) is best by two to three points, and A♣
    (the rule-based card) worst. The hint leaves A♣ for a card the review grades
    good, and the saving it promises is measured on fresh deals."""
    rules = Rules(hearts_must_be_broken=False, first_trick_no_points=False)
    mine = parse_cards("6C 10C AC 5D 8D 10D JD QD KD 7S 10S KS AS")
    trick = parse_cards("2C KH 5C")
    rest = [c for c in rules.deck if c not in mine and c not in trick]
    clubs = [c for c in rest if c.suit is Suit.CLUBS]
    others = [c for c in rest if c.suit is not Suit.CLUBS]
    west, east = clubs[:6] + others[:6], clubs[6:] + others[6:16]
    north = [c for c in rest if c not in west and c not in east]  # void in clubs: it threw the K♥
    hand = Hand.from_cards(rules, [west, north, east, mine], leader=0, trick=trick, taken=[[], [], [], []])
    advice = hint(hand.view(3))
    assert advice.card in (card("6C"), card("10C")) and advice.reason == "search-better"
    assert advice.facts["instead"] == card("AC") and advice.facts["gain"] >= 1
    assert judge_card(hand.view(3), advice.card).verdict == "good"
