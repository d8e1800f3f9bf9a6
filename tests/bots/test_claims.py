"""The coach's causes (issue 32, item 5): claims the engine checks before a sentence says them."""

from __future__ import annotations

import importlib.util
import statistics
import sys
from dataclasses import replace
from pathlib import Path
from types import ModuleType
from unittest import mock

import pytest
from bot_helpers import card, few_deals, position

from hearts_widget.bots import coach
from hearts_widget.bots.claims import Claim, hint_claims, pass_claims, play_claims
from hearts_widget.bots.verify import holds, pass_cause, play_cause
from hearts_widget.engine import Hand, Rules
from hearts_widget.text.causes import cause_text

ROOT = Path(__file__).resolve().parents[2]


def claims_benchmark() -> ModuleType:
    """benchmarks/coach_claims.py: the hands of real play it generates and checks."""
    spec = importlib.util.spec_from_file_location("coach_claims", ROOT / "benchmarks" / "coach_claims.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["coach_claims"] = module
    spec.loader.exec_module(module)
    return module


def king_of_spades_lead() -> Hand:
    """A whole deal: the learner (seat 0) won the first trick with A♣ and leads, holding K♠ 5♠ 3♠;
    the Q♠ is in seat 3's hand."""
    hands = ["AC KS 5S 3S 2D 3D 4D 5D 6D 7D 8D 9D 10D",
             "3C 4C 6C 7C 8C 9C 10C JC QC KC JD QD KD",
             "5C AD 2S 4S 6S 7S 8S 9S 10S JS 2H 3H 4H",
             "2C QS AS 5H 6H 7H 8H 9H 10H JH QH KH AH"]
    hand = Hand.from_cards(Rules(), [h.split() for h in hands], leader=3)
    return hand.play("2C").play("AC").play("3C").play("5C")


def test_the_issues_example_the_king_of_spades_led_while_the_queen_is_out() -> None:
    view = king_of_spades_lead().view(0)
    claim = play_cause(view, card("KS"))
    assert claim == Claim("queen-out", card("KS"), count=2, led=True)
    assert cause_text(claim) == "You led K♠ while Q♠ was still out, and you had 2 lower spades."
    assert all(cause_text(claim, lang) for lang in ("tl", "ceb", "sw"))


def test_a_low_lead_counts_the_cards_still_out() -> None:
    view = king_of_spades_lead().view(0)
    claim = play_cause(view, card("5D"))
    # 2♦-4♦ are the learner's; J♦ Q♦ K♦ A♦ are out above 5♦, nothing below it.
    assert claim == Claim("suit-out", card("5D"), suit=card("5D").suit, count=4, extra=0, led=True)
    assert cause_text(claim) == "When you led 5♦, the cards still out in diamonds were 4 higher and 0 lower."


def test_the_verifier_refuses_a_claim_that_is_off_by_one() -> None:
    """Each claim with a count, its count changed, and each naming another card, is refused:
    the verifier counts again and does not trust the claim."""
    view = king_of_spades_lead().view(0)
    claims = [c for held in dict.fromkeys(view.legal) for c in play_claims(view, held)]
    assert claims and all(holds(view, c) for c in claims)
    counted = [c for c in claims if c.kind not in ("void", "kept", "sure-win")]
    assert counted
    for claim in counted:
        assert not holds(view, replace(claim, count=claim.count + 1)), claim
    assert not holds(view, Claim("queen-out", card("AS"), count=2, led=True)), "A♠ is not the learner's"


def test_in_a_position_set_up_mid_hand_nothing_is_said_about_cards_still_out() -> None:
    """The cards taken before the record starts are unknown: no 'still out' claim, and the
    verifier refuses one."""
    hand = position(["KS 5S 2D", "4D 5D 6D", "KC 6C 7D", "2H 3H 4H"], leader=0)
    view = hand.view(0)
    claim = play_cause(view, card("KS"))
    assert claim.kind == "held-lower" and claim.count == 1
    assert not holds(view, Claim("suit-out", card("KS"), suit=card("KS").suit, count=0, extra=0, led=True))


def test_a_hidden_better_card_is_never_named() -> None:
    """A discard keeps the Q♠; while Q♠ is the better card not yet tried, the reason names another."""
    hand = position(["QS 2D AH", "4D 5D", "KC 7D", "2H 3H"], trick="AC 6C 8D", leader=1)
    view = hand.view(0)
    assert play_cause(view, card("2D")) == Claim("kept", card("2D"), other=card("QS"), suit=card("AC").suit)
    hidden = play_cause(view, card("2D"), avoid={card("QS")})
    assert hidden.other != card("QS") and "Q♠" not in cause_text(hidden)


def test_the_pass_keeps_the_queen_with_few_low_spades() -> None:
    hand = Hand.deal(Rules(), seed=3)
    view = hand.view(0)
    low = sorted(view.held, key=lambda c: (c.rank, c.index))[:3]
    claims = pass_claims(view, low)
    assert claims and all(holds(view, c) for c in claims)
    claim = pass_cause(view, low)
    assert cause_text(claim) and holds(view, claim)
    with pytest.raises(ValueError, match="three different cards"):
        pass_claims(view, low[:2])


def test_ten_thousand_sentences_from_real_play_make_no_false_claim() -> None:
    """Issue 32's count: hands of real play in every rule set (standard with 3 to 7 players,
    Omnibus, Black Maria, Cancellation), with bots and a naive or noisy learner; every claim
    the coach could make at every decision checked, every cause said in the four languages."""
    tally = claims_benchmark().run(hands=2, hint_hands=0)
    assert not tally.false, tally.false[:5]
    assert tally.sentences >= 10_000 and tally.claims >= 10_000
    assert len(tally.kinds) >= 14  # most kinds of claim came up


def test_hints_are_short_and_their_facts_checked() -> None:
    """The learner's hints in a hand per rule set (the coach's search on a few deals only:
    it changes which card, not how the sentence is made): no false fact, no decimal number,
    median at most 25 words in English."""
    with few_deals(), mock.patch.object(coach, "SWITCH_DEALS", 4):
        tally = claims_benchmark().run(hands=1, hint_hands=1)
    assert not tally.false, tally.false[:5]
    assert len(tally.hint_words) >= 50 and not tally.hint_decimals
    assert statistics.median(tally.hint_words) <= 25


def test_a_pass_hint_says_only_the_reasons_the_engine_finds_true() -> None:
    """Deal 0: the coach passes 6♣ J♣ A♣ and used to call 6♣ 'one of your few clubs' with four
    clubs in the hand (counted after the other two were chosen): that reason is left out now."""
    view = Hand.deal(Rules(), seed=0).view(0)
    advice = coach.hint(view)
    assert set(advice.cards) == {card("6C"), card("JC"), card("AC")}
    assert len(advice.facts["why"]) == 3  # every reason code is kept in the facts
    assert advice.text.startswith("Pass 6♣ J♣ A♣.") and "few clubs" not in advice.text
    assert "A♣: a high card" in advice.text


def test_a_hint_whose_facts_do_not_hold_only_names_the_card_and_its_risk() -> None:
    """The hint's sentence is said only once its facts hold (bots.claims.hint_claims); else it names
    the card, and what the card risks when that was checked."""
    from hearts_widget.text.coach import hint_text

    hand = position(["2C 2D 3D", "4D 5D", "KC 6C 7D", "2H 3H 4H"], trick="AC", leader=1)
    advice = coach.hint(hand.view(2))
    assert advice.reason == "duck" and advice.text.startswith("A♣ is already down")
    assert hint_text(advice.reason, advice.facts, checked=False) == "Play K♣. K♣ cannot win this trick."
    assert hint_text(advice.reason, advice.facts, checked=False, risk=False) == "Play K♣."
    # A claim the sentence makes, changed: the verifier refuses it.
    claims = hint_claims(hand.view(2), advice.card, advice.reason, advice.facts)
    assert claims and all(holds(hand.view(2), c) for c in claims)
    assert not holds(hand.view(2), replace(claims[0], count=claims[0].count + 1))
