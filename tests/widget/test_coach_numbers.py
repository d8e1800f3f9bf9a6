"""Honest numbers (issue 32, item 4): every cost or saving the coach says in its hint, its word
after a trick, the review and Try again is a whole number of the learner's own points ("about
4 of your points"), with no decimal and no jargon ("the hidden cards could lie"), in every
rule set and language.

The costs are injected with decimals (the judging itself is tested in test_review.py and
tests/bots/): here only how the sentences say them, on the review's real state, with the
coach's real hint beside each answer."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hearts_widget.bots import RuleBot
from hearts_widget.bots.coach import Judgement, PassJudgement
from hearts_widget.engine import Card, Hand, Rules, SeatView
from hearts_widget.text.coach import feedback_text, hint_text
from hearts_widget.text.messages import points_said
from hearts_widget.widget import review as review_module
from hearts_widget.widget.review import PASS, Review, review_state

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bots"))
from bot_helpers import few_deals  # noqa: E402

LANGUAGES = ("en", "tl", "ceb", "sw")
RULE_SETS = {
    "standard": Rules(),
    "3 players": Rules(players=3),
    "5 players": Rules(players=5),
    "Omnibus": Rules(variant="omnibus"),
    "Black Maria": Rules(variant="black-maria"),
    "Cancellation 6": Rules(players=6, variant="cancellation"),
}
# Costs as the evaluator gives them: never whole, some just under or over a half.
COSTS = (25.8, 3.35, 1.45, 9.49, 6.5, 12.6, 2.51, 4.04)
# The learner's own points, as each language says them.
OWN_POINTS = {"en": "of your points", "tl": "sa iyong puntos", "ceb": "sa imong puntos", "sw": "zako"}
# The jargon the Try-again answers used to say ("I tried many ways the hidden cards could lie"), per language.
JARGON = {"en": r"could lie|hidden cards|I tried", "tl": r"Sinubukan ko|nakatagong baraha",
          "ceb": r"Gisulayan nako|natagong kard", "sw": r"Nimejaribu|kadi zilizofichwa"}
DECIMAL = re.compile(r"\d[.,]\d")


def texts(state: Any) -> Iterator[str]:
    """Every string the page is sent in the review's state."""
    if isinstance(state, str):
        yield state
    elif isinstance(state, dict):
        for value in state.values():
            yield from texts(value)
    elif isinstance(state, list):
        for value in state:
            yield from texts(value)


def played_review(rules: Rules, seed: int = 5) -> Review:
    """A whole first hand of rule bots; the review of seat 0's pass and cards, each judged
    costly with a decimal cost, its best card another legal one."""
    bots = [RuleBot() for _ in range(rules.players)]
    hand = Hand.deal(rules, seed, number=0)
    for seat in hand.waiting_to_pass:
        hand = hand.pass_cards(seat, bots[seat].choose_pass(hand.view(seat)))
    decisions: list[tuple[SeatView, Card]] = []
    while hand.phase == "play":
        mover = hand.to_move
        assert mover is not None
        card = bots[mover].choose_play(hand.view(mover))
        if mover == 0:
            decisions.append((hand.view(mover), card))
        hand = hand.play(card, mover)
    review = Review(0, decisions, hand, 0)
    review.judged = [Judgement(card, next(c for c in view.legal if c != card), COSTS[i % len(COSTS)], 0.05)
                     for i, (view, card) in enumerate(review.decisions)]
    if review.passing is not None:
        view, cards = review.passing
        review.pass_judged = PassJudgement(cards, tuple(c for c in view.held if c not in cards)[:3], 7.45, 0.05)
    return review


def said(review: Review) -> list[dict[str, str]]:
    """Everything the review's state says, each string in every language (the states of the
    four languages hold their strings in the same order)."""
    states = {lang: list(texts(review_state(review, ["You"] * 7, lang))) for lang in LANGUAGES}
    assert len({len(strings) for strings in states.values()}) == 1
    return [dict(zip(LANGUAGES, row, strict=True)) for row in zip(*states.values(), strict=True)]


def walk_and_try_again(review: Review, monkeypatch: pytest.MonkeyPatch) -> list[dict[str, str]]:
    """The review opened, then the pass and the first costly cards tried again: the choice
    made, one better or worse than it by a decimal, the answer, then the best; what is said
    at each step."""
    def judge_card(view: SeatView, card: Card) -> Judgement:
        number = next(i for i, (seen, _) in enumerate(review.decisions) if seen is view)
        mine = review.judged[number]
        if card in (mine.best, mine.card):
            return Judgement(card, mine.best, 0.0 if card == mine.best else mine.cost, 0.05)
        # Worse than the card played at the first card tried again; better by more than a point after.
        better = mine.cost - 1.35 >= 1.05 and number != tried_cards[0]
        cost = mine.cost - 1.35 if better else mine.cost + 2.45
        return Judgement(card, mine.best, cost, 0.05)

    def judge_pass(view: SeatView, cards: tuple[Card, ...]) -> PassJudgement:
        mine = review.pass_judged
        assert mine is not None
        cost = 0.0 if set(cards) == set(mine.best) else mine.cost if set(cards) == set(mine.cards) else 2.45
        return PassJudgement(tuple(cards), mine.best, cost, 0.05)

    # The pass and the first four costly cards with a third legal card to try.
    tried_cards = [d for d in review.costly() if d != PASS and len(review.decisions[d][0].legal) > 2][:4]  # type: ignore[index]
    walked = [d for d in review.costly() if d == PASS] + tried_cards
    monkeypatch.setattr(review_module, "judge_card", judge_card)
    monkeypatch.setattr(review_module, "judge_pass", judge_pass)
    review.open = True
    spoken = said(review)
    for decision in walked:
        assert review.start_retry(decision)
        spoken += said(review)
        if decision == PASS:
            assert review.passing is not None and review.pass_judged is not None
            view, cards = review.passing
            other = [c for c in view.held if c not in cards and c not in review.pass_judged.best]
            tries: list[Any] = [[c.code for c in cards], [c.code for c in other[:3]],
                                [c.code for c in review.pass_judged.best]]
        else:
            view, card = review.decisions[decision]  # type: ignore[index]
            best = review.judged[decision].best  # type: ignore[index]
            other = [c for c in view.legal if c not in (card, best)]
            tries = [card.code] + [c.code for c in other[:1]] + [best.code]
        for choice in tries:
            assert review.try_again(choice), choice
            spoken += said(review)
        assert review.retry is not None and review.retry.solved
    return spoken


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_the_review_and_try_again_say_whole_numbers_of_your_own_points(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    review = played_review(RULE_SETS[name])
    first = review.judged[review.costly()[-1]]  # type: ignore[index]
    with few_deals():  # the coach's hint, said with each answer, from a few deals
        spoken = walk_and_try_again(review, monkeypatch)
    # The review's table: the points lost in each class, whole numbers too.
    assert all(type(c["points"]) is int for c in review_state(review, ["You"] * 7, "en")["classes"])  # type: ignore[index]
    for row in spoken:
        for lang, text in row.items():
            assert not DECIMAL.search(text), f"{name}, {lang}: a decimal in {text!r}"
            assert not re.search(JARGON[lang], text), f"{name}, {lang}: jargon in {text!r}"
    # Every cost said is in the learner's own points, as a whole number: the marks, the
    # verdicts that are not "well found", and the answers.
    costs = [row for row in spoken if re.search(r"about \d+ ", row["en"])]
    english = {row["en"] for row in costs}
    said_of_cards = ("The best card was ", " is the card you played: ", " is better than ", " is not better than ")
    said_of_pass = ("Your pass, ", "The best pass was ", " is the pass you made: ", "is better than your pass")
    for kind in said_of_cards + (said_of_pass if review.passing is not None else ()):
        assert any(kind in text for text in english), kind
    assert any(f"{first.card} cost you about {points_said(first.cost)} of your points." in t for t in english)
    for row in costs:
        for lang, text in row.items():
            assert OWN_POINTS[lang] in text, f"{name}, {lang}: {text!r} does not say whose points"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_hints_saving_and_the_word_after_a_trick_say_whole_numbers_of_your_own_points(lang: str) -> None:
    """The hint that names a card better than the rule-based one ("search-better") and the
    coach's word after a trick on a costly card ("better-card"), at costs never whole."""
    card, other = Card.parse("8C"), Card.parse("AC")
    for value in COSTS:
        hint = hint_text("search-better", {"card": card, "instead": other, "gain": value}, lang, risk=False)
        word = feedback_text("better-card", {"card": other, "better": card, "cost": value}, lang)
        for text in (hint, word):
            assert not DECIMAL.search(text) and not re.search(JARGON[lang], text), text
            assert OWN_POINTS[lang] in text and points_said(value) in text, text
    if lang == "en":
        assert hint_text("search-better", {"card": card, "instead": other, "gain": 3.35}, risk=False) == \
            "8♣ is about 3 of your points better here than A♣."
