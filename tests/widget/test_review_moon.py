"""The hand review tells a moon made, missed or stopped by the learner, and in a moon the
learner shot, every costly mark says that it worked this time and why it is still marked."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from hearts_widget.bots import RuleBot
from hearts_widget.bots.coach import Judgement, PassJudgement
from hearts_widget.bots.function import FunctionBot
from hearts_widget.engine import Card, Hand, Rules, SeatView
from hearts_widget.text.moon import moon_mark
from hearts_widget.widget.review import Review, review_state

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bots"))
from bot_helpers import naive_pass, naive_play  # noqa: E402

NAMES = ["You", "West", "North", "East"]
LANGUAGES = ("en", "tl", "ceb", "sw")


def played(seed: int, naive_seat: int) -> tuple[Hand, list[tuple[SeatView, Card]]]:
    """The first hand of deal ``seed`` (the naive learner in ``naive_seat``, rule bots
    elsewhere) and seat 0's decisions in it."""
    bots = [FunctionBot(naive_play, naive_pass) if s == naive_seat else RuleBot() for s in range(4)]
    hand = Hand.deal(Rules(), seed, number=0)
    for seat in hand.waiting_to_pass:
        hand = hand.pass_cards(seat, bots[seat].choose_pass(hand.view(seat)))
    decisions = []
    while hand.phase == "play":
        mover = hand.to_move
        assert mover is not None
        view = hand.view(mover)
        card = bots[mover].choose_play(view)
        if mover == 0:
            decisions.append((view, card))
        hand = hand.play(card, mover)
    return hand, decisions


def judged_review(seed: int, naive_seat: int = 0) -> Review:
    """A review of seat 0's hand with every card and the pass judged costly (the judging
    itself is tested in test_review.py; here only what the review says of the moon)."""
    hand, decisions = played(seed, naive_seat)
    review = Review(0, decisions, hand, 0)
    review.judged = [Judgement(card, next(c for c in view.legal if c != card), 8.0) for view, card in review.decisions]
    if review.passing is not None:
        view, cards = review.passing
        review.pass_judged = PassJudgement(cards, tuple(c for c in view.held if c not in cards)[:3], 7.0)
    return review


@pytest.mark.parametrize("lang", LANGUAGES)
def test_score_moon_made_the_review_names_the_moon_and_every_costly_mark_says_why(lang: str) -> None:
    state = review_state(judged_review(11), NAMES, lang)
    assert state is not None and state["moon"]["kind"] == "made"
    assert state["moon"]["text"] and "{" not in state["moon"]["text"]
    assert state["marks"], "the naive cards are marked costly"
    for mark in state["marks"]:
        cost = 7.0 if mark["decision"] == "pass" else 8.0
        assert mark["text"].endswith(" " + moon_mark(cost, lang)), mark
    if lang == "en":
        assert state["moon"]["text"] == "You shot the moon: you took every point of the hand."
        assert state["marks"][-1]["text"].endswith(
            "This time the others let you take every point and you shot the moon; against careful players "
            "this choice costs about 8 of your points.")
    else:
        assert state["moon"]["text"] != review_state(judged_review(11), NAMES, "en")["moon"]["text"]  # type: ignore[index]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_score_moon_missed_the_review_says_who_stopped_it(lang: str) -> None:
    state = review_state(judged_review(0), NAMES, lang)
    assert state is not None and state["moon"]["kind"] == "missed"
    text = state["moon"]["text"]
    assert "West" in text and "4" in text and "{" not in text
    assert not any(mark["text"].endswith(moon_mark(8.0, lang)) for mark in state["marks"])
    if lang == "en":
        assert text == "You had taken every point until trick 4, when West took one and stopped your moon."


@pytest.mark.parametrize("lang", LANGUAGES)
def test_score_moon_stopped_by_the_learner_the_review_says_so(lang: str) -> None:
    state = review_state(judged_review(3, naive_seat=1), NAMES, lang)
    assert state is not None and state["moon"]["kind"] == "stopped"
    text = state["moon"]["text"]
    assert text.count("West") == 2 and "4" in text and "{" not in text
    if lang == "en":
        assert text == "You stopped West's moon: West had taken every point until you took one on trick 4."


def test_a_hand_without_a_moon_story_has_none_in_the_review() -> None:
    review = judged_review(11)
    review.moon = None
    state = review_state(review, NAMES, "en")
    assert state is not None and state["moon"] is None
    assert not any(moon_mark(8.0, "en") in mark["text"] for mark in state["marks"])
