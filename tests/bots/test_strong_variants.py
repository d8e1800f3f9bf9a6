"""The strong bot's search under the rules in force (bots/sim.py scores every
trick with the engine's Rules.score and cancellation_winner): positions where
the rule-based bot, which the strong bot used to hand every variant to, plays
a card worth points less, and the search finds the better one."""

from __future__ import annotations

import pytest

from hearts_widget import Hand, Rules
from hearts_widget.bots import RuleBot, StrongBot
from hearts_widget.bots.coach import hint, trick_feedback
from hearts_widget.engine import Card, parse_cards

SEEDS = range(3)


def replay(rules: Rules, seed: int, moves: str) -> Hand:
    """The hand dealt with ``seed``, passed as the rule-based bot passes, then ``moves``."""
    hand = Hand.deal(rules, seed)
    for seat in hand.waiting_to_pass:
        hand = hand.pass_cards(seat, RuleBot().choose_pass(hand.view(seat)))
    for card in moves.split():
        hand = hand.play(card)
    return hand


def strong_cards(hand: Hand) -> set[Card]:
    """The strong bot's card in this position, over a few seeds."""
    view = hand.view(hand.to_move)  # type: ignore[arg-type]
    return {StrongBot(seed=seed).choose_play(view) for seed in SEEDS}


def omnibus_jack_position(rules: Rules) -> Hand:
    """Seat 0 plays third to a diamond trick (8♦, 9♦); it holds 5♦ J♦ 5♥ 6♥. Of the
    diamonds only the 7♦ and K♦ (seat 3, which has played) and the 10♦ (seat 2,
    which led) are left, so seat 1, last to play, has none: the J♦ wins the trick."""
    hands = ["5D JD 5H 6H", "4C 7C 8C AC", "10D 9S 10H", "7D KD 3H"]
    taken = ["", "2D 3D 4D QD",
             "2C 3C 5C 6C 9C 10C JC QC KC 6D AD 4S 5S 6S 7S 8S QS KS AS 8H JH QH KH AH",
             "2S 3S 10S JS 2H 4H 7H 9H"]
    return Hand.from_cards(rules, [parse_cards(h) for h in hands], leader=2, trick=parse_cards("8D 9D"),
                           taken=[parse_cards(t) for t in taken])


def test_omnibus_bonus_the_search_takes_the_jack_with_the_jack() -> None:
    """variant.omnibus.bonus: the J♦ is worth -10 to whoever takes it. Played now it
    wins its own trick (no diamond is left to beat it in the last seat); the
    rule-based bot ducks with the 5♦, keeping the J♦ for later, when the K♦
    or 10♦ can take it."""
    hand = omnibus_jack_position(Rules(variant="omnibus"))
    assert RuleBot().choose_play(hand.view(0)) == Card.parse("5D")
    assert strong_cards(hand) == {Card.parse("JD")}


def test_omnibus_the_standard_games_scoring_ducks_instead() -> None:
    """The same cards under the standard game's scoring, where the J♦ is worth
    nothing: the search ducks, so it is the variant's scoring that changes the card."""
    hand = omnibus_jack_position(Rules())
    assert strong_cards(hand) == {Card.parse("5D")}


BLACK_MARIA_MOVES = ("2C 3C QC JC 3S 8S 5S 10S 3D AD 9D 10D 5C JH 6C 4C 9S 4S JS 7S 2H 6H 7H 4H "
                     "9C 10C 7C 9H 2D KD 7D QD 5H 10H 8H 3H")


def test_black_maria_points_the_search_leads_the_low_spade() -> None:
    """variant.black-maria.points: Q♠ 13, K♠ 10, A♠ 7. Seat 2 leads, holding 4♦ 6♠
    A♠ A♥, with the 2♠ Q♠ K♠ all in seat 0's hand. The rule-based bot leads the
    4♦; the search, scoring the spades as the rules do, leads the 6♠, about 10
    points better for seat 2 (its points less the others' average on 3,000
    sampled deals: 4♦ 10.9, 6♠ 0.9)."""
    hand = replay(Rules(variant="black-maria"), 175, BLACK_MARIA_MOVES)
    assert hand.to_move == 2 and set(hand.held(2)) == set(parse_cards("4D 6S AS AH"))
    assert RuleBot().choose_play(hand.view(2)) == Card.parse("4D")
    assert strong_cards(hand) == {Card.parse("6S")}


@pytest.mark.parametrize("rules", [Rules(variant="omnibus"), Rules(variant="black-maria")], ids=repr)
def test_the_pass_search_runs_in_a_variant_and_keeps_the_omnibus_bonus(rules: Rules) -> None:
    """variant.omnibus.bonus: the pass search never gives the bonus away (nor does
    the rule-based pass), and passes three held cards."""
    for seed in range(6):
        hand = Hand.deal(rules, seed)
        view = hand.view(0)
        passed = StrongBot(seed=seed).choose_pass(view)
        assert len(set(passed)) == 3 and set(passed) <= set(view.held)
        assert rules.bonus not in passed


CANCELLATION_MOVES = ("2S JS 10S 7S AS 6S 9C 6C 8C KC JC AC 3D 2D KD 8D 9D KD 3D 10D QD JD JD 7D 2S KS 5S 9S "
                      "8S 9S 2C 2C 4C AC 10C 8C QC JH 7C JC 5C 9C 4H 9H 5H 5H 2H 3H 3S QS 4S 3S JS KH 3H 4H "
                      "JH 2H 10H 6H 4D 5D 6D 4D AD QD 9H 10H QH")


def test_cancellation_the_search_cancels_the_queen_with_its_twin() -> None:
    """variant.cancellation.cancel: six players, two packs. Seat 0 plays fourth to a
    heart trick (9♥ 10♥ Q♥, the Q♥ from seat 5) holding Q♥ and A♥. Its own Q♥
    cancels seat 5's, so the 10♥ wins for now and seat 0 plays no card that can
    win; the rule-based bot plays the A♥ and takes the trick's hearts itself
    (about 7.6 points worse on 3,000 sampled deals)."""
    hand = replay(Rules(players=6, variant="cancellation"), 10, CANCELLATION_MOVES)
    assert hand.to_move == 0 and {Card.parse("QH"), Card.parse("AH")} <= set(hand.held(0))
    assert RuleBot().choose_play(hand.view(0)) == Card.parse("AH")
    assert strong_cards(hand) == {Card.parse("QH")}


CARRIED_MOVES = ("2C KC AC KC AC QC 3D 2D AD 10D JD KD 2S 10S 9S 4S 9S 6S 3S AS QS QS QH JS 2H 5H 4H 2H 4H 5H "
                 "4C 3C 8C 5C 3C")


def carried_position() -> Hand:
    """Six players, two packs. Trick 5 (2♥ 5♥ 4♥ 2♥ 4♥ 5♥) cancelled out entirely, so
    its six hearts wait on the table. Seat 2 plays last to 4♣ 3♣ 8♣ 5♣ 3♣: the two
    3♣ cancel, the 8♣ wins for now, and the trick itself holds no points, but its
    winner takes the six carried hearts too."""
    hand = replay(Rules(players=6, variant="cancellation"), 14, CARRIED_MOVES)
    assert hand.to_move == 2 and len(hand.carried) == 6
    assert set(parse_cards("2C 7C 9C 10C")) <= set(hand.held(2))
    return hand


def test_cancellation_carry_the_bots_and_the_coach_stay_under_the_trick_that_takes_the_carried_hearts() -> None:
    """variant.cancellation.carry: the 9♣ or 10♣ would win a trick with no points of
    its own and take the 6 carried points; every player stays under the 8♣, the
    hint says what waits on the table, and the feedback on the 10♣ counts the
    carried points it took."""
    hand = carried_position()
    view = hand.view(2)
    under = set(parse_cards("2C 7C"))
    assert RuleBot().choose_play(view) in under
    assert strong_cards(hand) <= under
    advice = hint(view, lang="en")
    assert advice.card in under and advice.facts["carried"] == 6
    assert "Cancelled cards worth 6 points wait on the table" in advice.text
    # Each unseen copy counts: Q♣, both J♣, 10♣ and the other 8♣ are above the 7♣.
    assert advice.facts["than"] == Card.parse("7C") and advice.facts["higher"] == 5
    note = trick_feedback(view, hand.play("10C").tricks[-1], lang="en")
    assert note is not None and note.reason == "would-duck" and note.facts["points"] == 6
    assert note.better in under and "You took 6 points with 10♣" in note.text


def test_cancellation_carry_the_hint_for_the_same_cards_without_carried_points_says_nothing_of_them() -> None:
    """variant.cancellation.carry: a trick with nothing carried has no carried sentence."""
    hand = replay(Rules(players=6, variant="cancellation"), 14, CARRIED_MOVES.rsplit(" ", 11)[0])
    advice = hint(hand.view(hand.to_move), lang="en")  # type: ignore[arg-type]
    assert not hand.carried and "carried" not in advice.facts and "Cancelled cards" not in advice.text
