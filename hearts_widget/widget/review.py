"""The hand review: "learn from your mistakes".

After a hand, each decision of the learner's is judged by the coach from what
they knew when they made it (the unseen cards sampled, never looked at): the
pass (:func:`..bots.coach.judge_pass`: their thirteen cards, against the best
pass the coach's search finds) and each card they chose when they had a choice
(:func:`..bots.coach.judge_card`). Each is classed by the points it is expected
to cost against the best (good, inaccuracy, mistake, blunder), and each costly
one can be tried again: the learner sees their cards (and the trick) as they
were then, nothing else, and tries another card, or another three to pass; a
verdict after each try, the best and why after two wrong tries or on request
("Show the answer"), or the next costly decision ("Skip"). Until a decision is
settled so (found, shown or skipped), nothing in the review names its better
card: its mark says what it cost and asks for a try.

A try is accepted by one criterion (ACCEPT): the coach, on the same evaluation
that judged the learner's choice (its kept play-outs of that position, the best
card or pass found there), expects it to cost less than ACCEPT points against the
best. A try not accepted is compared with the learner's own choice in the same
points, on the same evaluation: better by a point or more, or not better.

The judging runs one decision at a time (the table runs it in a thread and
shows the progress); most cards were judged already for the coach's word after
their trick, and the pass while the hand was played, so the review is mostly
ready when the hand ends.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..bots.coach import CLASSES, Judgement, PassJudgement, hint, judge_card, judge_pass
from ..bots.moon_story import moon_story
from ..engine import Card, Hand, HeartsError, SeatView, parse_cards
from ..text import coach as words
from ..text import moon as moon_words
from ..text import retry as retry_words
from .state import card_info

# Wrong tries before the best card is shown.
TRIES = 2
# A try is accepted when it is expected to cost less than this many points against the best
# choice, on the evaluation that judged the learner's own (the "good" class's edge).
ACCEPT = 1.0
# The decision number of the pass in Try again (the cards are numbered from 0).
PASS = "pass"


@dataclass
class Retry:
    """One costly decision tried again (a card's number, or ``PASS``): what was tried
    and what each try was worth."""

    decision: int | str
    tried: list[Judgement | PassJudgement] = field(default_factory=list)
    # Each try's gain over the learner's own choice (points, on the same evaluation).
    gains: list[float] = field(default_factory=list)
    shown: bool = False  # the answer asked for ("Show the answer")

    @property
    def solved(self) -> bool:
        return bool(self.tried) and self.tried[-1].cost < ACCEPT

    @property
    def answered(self) -> bool:
        """Whether the answer is shown: asked for, or after TRIES wrong tries (not once found)."""
        return not self.solved and (self.shown or sum(1 for j in self.tried if j.cost >= ACCEPT) >= TRIES)


def pass_decision(hand: Hand, seat: int) -> tuple[Hand, tuple[Card, ...]] | None:
    """The learner's pass in the finished ``hand``: the hand as dealt, before anyone
    passed (its view for ``seat`` is what the learner saw at the pass), and the three
    cards ``seat`` passed; None when ``seat`` did not pass in it."""
    passed = hand.passed(seat)
    if not passed:
        return None
    return Hand.from_dict({**hand.to_dict(), "actions": []}), passed


class Review:
    """The learner's decisions of hand ``number``, judged one by one: their pass in
    ``hand`` (the finished hand, when given; ``seat``: the learner) and their cards
    (each with its view when played)."""

    def __init__(self, number: int, decisions: list[tuple[SeatView, Card]], hand: Hand | None = None,
                 seat: int = 0) -> None:
        self.number = number
        self.decisions = [(view, card) for view, card in decisions if view.number == number and len(view.legal) > 1]
        self.judged: list[Judgement] = []
        made = pass_decision(hand, seat) if hand is not None and hand.number == number else None
        # score.moon: a moon the learner shot, went for and missed, or stopped in this hand.
        self.moon = moon_story(hand, seat) if hand is not None and hand.number == number else None
        # The pass: the learner's view then and the cards passed, and its judgement.
        self.passing: tuple[SeatView, tuple[Card, ...]] | None = None
        self._dealt: Hand | None = None
        if made is not None:
            self._dealt, passed = made
            self.passing = (self._dealt.view(seat), passed)
        self.pass_judged: PassJudgement | None = None
        self.open = False
        self.retry: Retry | None = None
        # How each costly decision tried again was settled: "solved" (found by the learner
        # before any answer), "shown" (the answer shown) or "skipped". A settled decision's
        # mark names its better card.
        self.settled: dict[int | str, str] = {}

    @property
    def total(self) -> int:
        """How many decisions are judged: the pass, if any, and the cards."""
        return len(self.decisions) + (self.passing is not None)

    @property
    def done(self) -> int:
        return len(self.judged) + (self.pass_judged is not None)

    @property
    def ready(self) -> bool:
        return self.done == self.total

    def judge_next(self) -> bool:
        """Judge the next decision (the pass first); whether any is left to judge."""
        if self.passing is not None and self.pass_judged is None:
            self.pass_judged = judge_pass(*self.passing)
        elif not self.ready:
            view, card = self.decisions[len(self.judged)]
            self.judged.append(judge_card(view, card))
        return not self.ready

    def start_retry(self, decision: Any) -> bool:
        """Try the costly decision ``decision`` again (a card's number, or ``"pass"``);
        False when there is no such costly decision."""
        if not self.ready:
            return False
        if decision == PASS:
            if self.pass_judged is None or self.pass_judged.verdict == "good":
                return False
        elif not isinstance(decision, int) or isinstance(decision, bool) \
                or not 0 <= decision < len(self.judged) or self.judged[decision].verdict == "good":
            return False
        self.retry = Retry(decision)
        return True

    def costly(self) -> list[int | str]:
        """The costly decisions, in the review's order: the pass, then the cards."""
        found: list[int | str] = []
        if self.pass_judged is not None and self.pass_judged.verdict != "good":
            found.append(PASS)
        return found + [i for i, judged in enumerate(self.judged) if judged.verdict != "good"]

    def show_answer(self) -> bool:
        """Show the answer of the decision tried again; False when none is tried or it is found."""
        retry = self.retry
        if retry is None or retry.solved:
            return False
        retry.shown = True
        self.settled.setdefault(retry.decision, "shown")
        return True

    def skip(self) -> bool:
        """Leave the decision tried again for the next costly one not settled yet (else the
        review's list); False when none is tried."""
        retry = self.retry
        if retry is None:
            return False
        self.settled.setdefault(retry.decision, "skipped")
        costly = self.costly()
        after = costly[costly.index(retry.decision) + 1:] + costly[:costly.index(retry.decision)]
        left = [d for d in after if d not in self.settled]
        self.retry = Retry(left[0]) if left else None
        return True

    def _tried(self, retry: Retry, judged: Judgement | PassJudgement, mine: Judgement | PassJudgement) -> None:
        """A try's judgement, with its gain over ``mine`` (the learner's own choice judged again
        after it, so both are costs against the best of the same evaluation); a try accepted
        settles the decision: "solved" unless the answer was shown first."""
        answered = retry.answered
        retry.tried.append(judged)
        retry.gains.append(round(mine.cost - judged.cost, 1))
        if retry.solved and self.settled.get(retry.decision) in (None, "skipped"):
            self.settled[retry.decision] = "shown" if answered else "solved"
        elif retry.answered:
            self.settled.setdefault(retry.decision, "shown")

    def try_again(self, choice: Any) -> bool:
        """The learner tries ``choice`` in the position on display: a card's code, or at
        the pass a list of three codes; False when it cannot be played (or passed) there."""
        retry = self.retry
        if retry is None or retry.solved:
            return False
        if retry.decision == PASS:
            return self._try_pass(retry, choice)
        if not isinstance(choice, str):
            return False
        view, played = self.decisions[retry.decision]  # type: ignore[index]
        try:
            card = Card.parse(choice)
        except ValueError:
            return False
        if card not in view.legal:
            return False
        judged = judge_card(view, card)
        self._tried(retry, judged, judge_card(view, played))
        return True

    def _try_pass(self, retry: Retry, choice: Any) -> bool:
        """Three cards tried at the pass: the engine says whether they may be passed."""
        assert self.passing is not None and self._dealt is not None
        view = self.passing[0]
        if not isinstance(choice, list) or not all(isinstance(code, str) for code in choice):
            return False
        try:
            cards = parse_cards(choice)
            self._dealt.pass_cards(view.seat, cards)  # pass.three: three different cards of the hand
        except HeartsError:
            return False
        judged = judge_pass(view, cards)
        self._tried(retry, judged, judge_pass(view, self.passing[1]))
        return True


def review_state(review: Review | None, names: list[str], lang: str) -> dict[str, Any] | None:
    """What the page shows of the review: the button's label and, once opened, the
    progress, the count and points lost per class, the pass (``passing``) and a mark
    for each costly decision (``trick``: the number in the hand of the trick it sits
    beside in the replay; the pass sits beside the first; its better card named only
    once the decision is settled), how many costly decisions the learner solved, and
    the position tried again, with only what the learner saw then."""
    if review is None or not review.total:
        return None
    labels = {**words.review_words(lang), **retry_words.retry_words(lang)}
    state: dict[str, Any] = {"number": review.number, "open": review.open, "labels": labels,
                             "progress": None, "classes": [], "passing": None, "marks": [], "retry": None,
                             "solved": None, "moon": None}
    if review.moon is not None:
        state["moon"] = {"kind": review.moon.kind, "text": moon_words.moon_story_text(review.moon, names, lang)}
    if not review.ready:
        state["progress"] = {"done": review.done, "total": review.total,
                             "text": words.review_progress(review.done, review.total, lang)}
        return state
    judged: list[Judgement | PassJudgement] = [*review.judged]
    if review.pass_judged is not None:
        judged.append(review.pass_judged)
    kinds = ["good"] + [name for name, _ in reversed(CLASSES)]
    state["classes"] = [{"class": kind, "name": labels[kind],
                         "count": sum(1 for j in judged if j.verdict == kind),
                         "points": round(sum(j.cost for j in judged if j.verdict == kind), 1)}
                        for kind in kinds]
    passed = review.pass_judged
    if passed is not None:
        state["passing"] = {"decision": PASS, "trick": 0, "cards": [c.code for c in passed.cards],
                            "class": passed.verdict, "name": labels[passed.verdict],
                            "text": retry_words.hidden_pass(passed.cards, passed.cost, lang)
                            if passed.verdict != "good" and PASS not in review.settled
                            else words.review_pass(passed.cards, passed.best, passed.cost, lang)}
        if passed.verdict != "good":
            state["marks"].append(state["passing"])
    state["marks"] += [{"decision": i, "trick": len(view.tricks), "card": judged.card.code, "class": judged.verdict,
                        "name": labels[judged.verdict],
                        "text": words.review_mark(judged.card, judged.best, judged.cost, lang) if i in review.settled
                        else retry_words.hidden_mark(judged.card, judged.cost, lang)}
                       for i, ((view, _), judged) in enumerate(zip(review.decisions, review.judged, strict=True))
                       if judged.verdict != "good"]
    if review.moon is not None and review.moon.kind == "made":
        # Costly in expectation, and it worked this time: every mark says so.
        for mark in state["marks"]:
            cost = review.pass_judged.cost if mark["decision"] == PASS and review.pass_judged is not None \
                else review.judged[mark["decision"]].cost
            mark["text"] += " " + moon_words.moon_mark(cost, lang)
    costly = review.costly()
    if costly:
        solved = sum(1 for d in costly if review.settled.get(d) == "solved")
        state["solved"] = {"solved": solved, "total": len(costly),
                           "text": retry_words.solved_text(solved, len(costly), lang)}
    if review.retry is not None:
        retry = review.retry
        state["retry"] = _pass_retry_state(review, retry, names, lang) if retry.decision == PASS \
            else _retry_state(review, retry, names, lang)
    return state


def _retry_state(review: Review, retry: Retry, names: list[str], lang: str) -> dict[str, Any]:
    """The position tried again: the learner's cards then (the legal ones playable) and
    the trick as they saw it (the cards played before theirs); the verdict of the last
    try, and the answer after TRIES wrong tries or on request."""
    view, played = review.decisions[retry.decision]  # type: ignore[index]
    judged = review.judged[retry.decision]  # type: ignore[index]
    trick = view.trick
    state: dict[str, Any] = {
        "decision": retry.decision,
        "passing": False,
        "prompt": words.retry_prompt(played, lang),
        "trick": [{"name": names[(trick.leader + i) % view.rules.players], "card": card_info(c, lang)}
                  for i, c in enumerate(trick.cards)],
        "lead": "" if trick.cards else words.review_words(lang)["lead"],
        "hand": [{**card_info(c, lang), "legal": c in view.legal} for c in view.held],
        "verdict": "", "answer": "", "solved": retry.solved, "answered": retry.answered,
        "tried": [j.card.code for j in retry.tried if isinstance(j, Judgement)],
    }
    last = retry.tried[-1] if retry.tried else None
    if isinstance(last, Judgement):
        state["verdict"] = retry_words.card_verdict(last.card, played, last.cost, retry.gains[-1], retry.solved, lang)
    if retry.answered:
        answer = [words.retry_answer(judged.best, played, judged.cost, lang)]
        advice = hint(view, lang, names)
        if _same_group(advice.card, judged.best, view):
            answer.append(advice.text)
        state["answer"] = " ".join(answer)
    return state


def _pass_retry_state(review: Review, retry: Retry, names: list[str], lang: str) -> dict[str, Any]:
    """The pass tried again: the learner's thirteen cards as dealt (nothing else: no
    card passed to them yet), to choose three; the verdict of the last try, and the
    best pass and why after TRIES wrong tries or on request."""
    assert review.passing is not None and review.pass_judged is not None
    view, passed = review.passing
    judged = review.pass_judged
    assert view.pass_direction is not None
    to = names[view.rules.pass_target(view.seat, view.pass_direction)]
    state: dict[str, Any] = {
        "decision": PASS,
        "passing": True,
        "prompt": words.retry_pass_prompt(passed, to, lang),
        "trick": [], "lead": "",
        "hand": [{**card_info(c, lang), "legal": True} for c in view.held],
        "verdict": "", "answer": "", "solved": retry.solved, "answered": retry.answered,
        "tried": [[c.code for c in j.cards] for j in retry.tried if isinstance(j, PassJudgement)],
    }
    last = retry.tried[-1] if retry.tried else None
    if isinstance(last, PassJudgement):
        state["verdict"] = retry_words.pass_verdict(last.cards, passed, last.cost, retry.gains[-1], retry.solved,
                                                    lang)
    if retry.answered:
        answer = [words.retry_pass_answer(judged.best, passed, judged.cost, lang)]
        advice = hint(view, lang, names)
        if set(advice.cards) == set(judged.best):  # the coach's own pass: its reasons say why
            answer.append(advice.text)
        state["answer"] = " ".join(answer)
    return state


def _same_group(card: Card, other: Card, view: SeatView) -> bool:
    """Whether two cards do the same thing here (the same suit, no card still in play between them)."""
    if card == other:
        return True
    if card.suit is not other.suit:
        return False
    low, high = sorted((card.index, other.index))
    held = {c.index for c in view.held}
    return all(i in held for i in range(low, high + 1))
