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

The review opens on a walk through the costly decisions, one at a time (``Review.at``):
the position as the learner saw it (their cards, the trick before their card), the card
they chose, what it cost and why, and Try again. Everything the learner has done in it
(the judgements, the decision on display, the tries) is kept in the table's saved record
(:func:`review_record`, read back by :func:`restore_review`), so a reload, a kernel
restart or ``HeartsTable.resume(table.save())`` shows the same review.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ..bots.coach import CLASSES, Judgement, PassJudgement, hint, judge_card, judge_pass
from ..bots.moon_story import moon_story
from ..bots.verify import pass_cause, play_cause
from ..engine import Card, Hand, HeartsError, RecordError, SeatView, parse_cards
from ..text import coach as words
from ..text import moon as moon_words
from ..text import retry as retry_words
from ..text import walk as walk_words
from ..text.causes import cause_text
from .state import card_info

# Wrong tries before the best card is shown.
TRIES = 2
# A try is accepted when it is expected to cost less than this many points against the best
# choice, on the evaluation that judged the learner's own (the "good" class's edge).
ACCEPT = 1.0
# The decision number of the pass in Try again (the cards are numbered from 0).
PASS = "pass"
# The version of a review's saved record (review_record).
RECORD_VERSION = 1
SETTLED = ("solved", "shown", "skipped")


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
        # The costly decision on display in the walk (its place in costly()).
        self.at = 0

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
        self.at = self.costly().index(decision)
        return True

    def step(self, at: Any) -> bool:
        """Show the costly decision number ``at`` (from 0, in :meth:`costly`'s order) in the walk;
        False when there is no such decision."""
        if not self.ready or type(at) is not int or not 0 <= at < len(self.costly()):
            return False
        self.at, self.retry = at, None
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
        if left:
            self.at = costly.index(left[0])
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
    labels = {**words.review_words(lang), **retry_words.retry_words(lang), **walk_words.walk_words(lang)}
    state: dict[str, Any] = {"number": review.number, "open": review.open, "labels": labels,
                             "progress": None, "classes": [], "passing": None, "marks": [], "retry": None,
                             "solved": None, "moon": None, "walk": None}
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
                         # the learner's own points, as a person says them: a whole number
                         "points": round(sum(j.cost for j in judged if j.verdict == kind))}
                        for kind in kinds]
    passed = review.pass_judged
    if passed is not None:
        state["passing"] = {"decision": PASS, "trick": 0, "cards": [c.code for c in passed.cards],
                            "class": passed.verdict, "name": labels[passed.verdict],
                            "text": retry_words.hidden_pass(passed.cards, passed.cost, lang)
                            if passed.verdict != "good" and PASS not in review.settled
                            else words.review_pass(passed.cards, passed.best, passed.cost, lang)}
        if passed.verdict != "good":
            assert review.passing is not None
            hidden = _not_to_name(review)
            _give_reason(state["passing"], cause_text(pass_cause(review.passing[0], passed.cards, hidden), lang))
            state["marks"].append(state["passing"])
    state["marks"] += [{"decision": i, "trick": len(view.tricks), "card": judged.card.code, "class": judged.verdict,
                        "name": labels[judged.verdict],
                        "text": words.review_mark(judged.card, judged.best, judged.cost, lang) if i in review.settled
                        else retry_words.hidden_mark(judged.card, judged.cost, lang)}
                       for i, ((view, _), judged) in enumerate(zip(review.decisions, review.judged, strict=True))
                       if judged.verdict != "good"]
    hidden = _not_to_name(review)
    for mark in state["marks"]:
        if mark["decision"] != PASS:
            view, played = review.decisions[mark["decision"]]
            _give_reason(mark, cause_text(play_cause(view, played, hidden), lang))
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
    if costly and review.retry is None:  # (while a decision is tried again, its position is the retry's)
        at = min(review.at, len(costly) - 1)
        decision = costly[at]
        mark = _walk_mark(review, decision, next(m for m in state["marks"] if m["decision"] == decision), lang)
        trick = None if decision == PASS else mark["trick"] + 1
        state["walk"] = {"at": at, "total": len(costly), "mark": mark,
                         "title": walk_words.walk_title(at + 1, len(costly), trick, lang),
                         **_position(review, decision, names, lang)}
    if review.retry is not None:
        retry = review.retry
        state["retry"] = _pass_retry_state(review, retry, names, lang) if retry.decision == PASS \
            else _retry_state(review, retry, names, lang)
    return state


def _walk_mark(review: Review, decision: int | str, mark: dict[str, Any], lang: str) -> dict[str, Any]:
    """The mark of the decision on display in the walk: its reason names no card the learner had not
    seen then (as in Try again, so the reason stays the same when they try), nor the better card."""
    if "reason" not in mark:
        return mark
    hidden = _not_to_name(review, decision)
    if decision == PASS:
        assert review.passing is not None and review.pass_judged is not None
        reason = cause_text(pass_cause(review.passing[0], review.pass_judged.cards, hidden), lang)
    else:
        view, played = review.decisions[decision]  # type: ignore[index]
        reason = cause_text(play_cause(view, played, hidden), lang)
    return {**mark, "reason": reason, "text": reason + mark["text"][len(mark["reason"]):]}


def _position(review: Review, decision: int | str, names: list[str], lang: str) -> dict[str, Any]:
    """A costly decision's position as the learner saw it, for the walk: their cards then (the
    card played, or the three passed, marked ``played``) and the cards of the trick before theirs;
    nothing played after it."""
    if decision == PASS:
        assert review.passing is not None
        view, passed = review.passing
        assert view.pass_direction is not None
        return {"passing": True, "trick": [], "lead": "",
                "to": names[view.rules.pass_target(view.seat, view.pass_direction)],
                "hand": [{**card_info(c, lang), "played": c in passed} for c in view.held]}
    view, played = review.decisions[decision]  # type: ignore[index]
    trick = view.trick
    return {"passing": False, "to": "",
            "trick": [{"name": names[(trick.leader + i) % view.rules.players], "card": card_info(c, lang)}
                      for i, c in enumerate(trick.cards)],
            "lead": "" if trick.cards else words.review_words(lang)["lead"],
            "hand": [{**card_info(c, lang), "played": c == played} for c in view.held]}


def _not_to_name(review: Review, shown: int | str | None = None) -> set[Card]:
    """The cards no mark's reason may name: the better card (or pass) of each costly decision not
    settled yet and, while a decision is tried again (or ``shown`` in the walk), the cards the learner
    had not seen then."""
    hidden: set[Card] = set()
    if review.pass_judged is not None and review.pass_judged.verdict != "good" and PASS not in review.settled:
        hidden |= set(review.pass_judged.best) - set(review.pass_judged.cards)
    hidden |= {j.best for i, j in enumerate(review.judged) if i not in review.settled and j.verdict != "good"}
    decision = shown if shown is not None else review.retry.decision if review.retry is not None else None
    if decision is None:
        return hidden
    if decision == PASS:
        assert review.passing is not None
        view = review.passing[0]
    else:
        view = review.decisions[decision][0]  # type: ignore[index]
    seen = {*view.held, *view.trick.cards, *(c for t in view.tricks for c in t.cards)}
    return hidden | (set(view.rules.deck) - seen)


def _give_reason(mark: dict[str, Any], reason: str) -> None:
    """A costly mark's cause (a claim the engine checked on the position), before what it cost."""
    mark["reason"] = reason
    mark["text"] = f"{reason} {mark['text']}"


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


# -- the review in the table's saved record ------------------------------------
def review_record(review: Review) -> dict[str, Any]:
    """The review as JSON (versioned): the judgements of the learner's pass and cards, whether it
    is open, the decision on display, how each decision tried again was settled, and the try in
    progress. The positions are not in it: they come from the game's record."""
    retry = review.retry
    return {
        "version": RECORD_VERSION, "number": review.number, "open": review.open, "at": review.at,
        "cards": [_judgement_record(j) for j in review.judged],
        "pass": _judgement_record(review.pass_judged) if review.pass_judged is not None else None,
        "settled": [[decision, how] for decision, how in review.settled.items()],
        "retry": None if retry is None else {"decision": retry.decision, "shown": retry.shown, "gains": retry.gains,
                                             "tried": [_judgement_record(j) for j in retry.tried]},
    }


def _judgement_record(judged: Judgement | PassJudgement) -> list[Any]:
    if isinstance(judged, PassJudgement):
        return [[c.code for c in judged.cards], [c.code for c in judged.best], judged.cost, judged.error]
    return [judged.card.code, judged.best.code, judged.cost, judged.error]


RECORD_KEYS = {"version", "number", "open", "at", "cards", "pass", "settled", "retry"}


def restore_review(review: Review, record: Any) -> None:
    """Put ``review`` (made afresh from the game's record) in the state ``record`` (of
    :func:`review_record`) describes. The record is checked whole first: a bad one raises
    :class:`RecordError` naming what is wrong and leaves the review as it was."""
    if not isinstance(record, dict):
        raise RecordError("the review must be a JSON object")
    if type(record.get("version")) is not int or record["version"] != RECORD_VERSION:
        raise RecordError(f"unsupported review version {str(record.get('version'))[:20]}; this is {RECORD_VERSION}")
    if set(record) != RECORD_KEYS:
        missing, extra = sorted(RECORD_KEYS - set(record)), sorted(map(str, set(record) - RECORD_KEYS))
        raise RecordError(f"review fields: missing {', '.join(missing) or 'none'}, "
                          f"unknown {', '.join(extra)[:80] or 'none'}")
    if record["number"] != review.number:
        raise RecordError(f"the review is of hand {str(record['number'])[:20]}, not of hand {review.number}, "
                          "the last one finished")
    if not isinstance(record["open"], bool):
        raise RecordError("review open must be true or false")
    cards = record["cards"]
    if not isinstance(cards, list) or len(cards) > len(review.decisions):
        raise RecordError(f"review cards must be a list of at most {len(review.decisions)} judgements, "
                          "one per card the learner chose")
    judged = [_card_judgement(entry, view, f"review card {i}", played)
              for i, (entry, (view, played)) in enumerate(zip(cards, review.decisions, strict=False))]
    pass_judged = None
    if record["pass"] is not None:
        if review.passing is None:
            raise RecordError("the review has a pass, but the learner did not pass in that hand")
        pass_judged = _pass_judgement(record["pass"], review.passing[0], "the review's pass", review.passing[1])
    # The judgements in place on a copy: what is costly, and so what may be settled or tried, follows from them.
    trial = Review(review.number, [])
    trial.decisions, trial.passing, trial.judged, trial.pass_judged = review.decisions, review.passing, judged, \
        pass_judged
    costly = trial.costly() if trial.ready else []
    settled = record["settled"]
    if not isinstance(settled, list) or not all(
            isinstance(e, list) and len(e) == 2 and _same_decision(e[0], costly) and e[1] in SETTLED for e in settled):
        raise RecordError("review settled must list [decision, how] pairs: a costly decision of the review "
                          f"and one of {', '.join(SETTLED)}")
    at = record["at"]
    if type(at) is not int or not 0 <= at < max(1, len(costly)):
        raise RecordError(f"review at must be the number of a costly decision, from 0 to {max(0, len(costly) - 1)}")
    retry = _retry(trial, record["retry"], costly)
    review.judged, review.pass_judged, review.open, review.at = judged, pass_judged, record["open"], at
    review.settled = dict(settled)
    review.retry = retry


def _same_decision(decision: Any, costly: list[int | str]) -> bool:
    """Whether ``decision`` is one of ``costly`` (a number, not true or false)."""
    return not isinstance(decision, bool) and decision in costly


def _retry(review: Review, record: Any, costly: list[int | str]) -> Retry | None:
    """The try in progress of a saved review (None when there is none), checked."""
    if record is None:
        return None
    if not isinstance(record, dict) or set(record) != {"decision", "shown", "gains", "tried"}:
        raise RecordError("review retry must be null or an object with decision, shown, gains and tried")
    decision = record["decision"]
    if not _same_decision(decision, costly):
        raise RecordError("review retry decision must be a costly decision of the review")
    if not isinstance(record["shown"], bool):
        raise RecordError("review retry shown must be true or false")
    tried, gains = record["tried"], record["gains"]
    if not isinstance(tried, list) or not isinstance(gains, list) or len(tried) != len(gains) or len(tried) > 100 \
            or not all(_number(g) for g in gains):
        raise RecordError("review retry tried and gains must be lists of the same length (at most 100), "
                          "gains numbers")
    retry = Retry(decision, shown=record["shown"], gains=[float(g) for g in gains])
    for i, entry in enumerate(tried):
        name = f"review retry try {i}"
        if decision == PASS:
            assert review.passing is not None
            retry.tried.append(_pass_judgement(entry, review.passing[0], name))
        else:
            retry.tried.append(_card_judgement(entry, review.decisions[decision][0], name))
    if any(j.cost < ACCEPT for j in retry.tried[:-1]):
        raise RecordError("review retry goes on after a try was accepted")
    return retry


def _number(value: Any) -> bool:
    return type(value) in (int, float) and math.isfinite(value) and abs(value) < 10_000


def _costs(entry: list[Any], name: str) -> tuple[float, float]:
    cost, error = entry[2], entry[3]
    if not _number(cost) or not _number(error) or error < 0:
        raise RecordError(f"{name}: cost and error must be numbers (the error not below 0)")
    return float(cost), float(error)


def _card_judgement(entry: Any, view: SeatView, name: str, played: Card | None = None) -> Judgement:
    """A saved card judgement: [card, best, cost, error], both cards playable in ``view``
    (``played``, when given, the card the learner chose there)."""
    if not isinstance(entry, list) or len(entry) != 4:
        raise RecordError(f"{name} must be [card, best card, cost, error]")
    try:
        card, best = Card.parse(entry[0]), Card.parse(entry[1])
    except (ValueError, TypeError):
        raise RecordError(f"{name}: {str(entry[0])[:10]!r} and {str(entry[1])[:10]!r} must be cards") from None
    if played is not None and card != played:
        raise RecordError(f"{name} judges {card}, but the learner played {played} there")
    if card not in view.legal or best not in view.legal:
        raise RecordError(f"{name}: {card} and {best} must both be playable in that position")
    return Judgement(card, best, *_costs(entry, name))


def _pass_judgement(entry: Any, view: SeatView, name: str, passed: tuple[Card, ...] | None = None) -> PassJudgement:
    """A saved pass judgement: [cards, best cards, cost, error], three cards of ``view``'s hand
    each (``passed``, when given, the learner's pass)."""
    if not isinstance(entry, list) or len(entry) != 4:
        raise RecordError(f"{name} must be [cards, best cards, cost, error]")
    try:
        if not isinstance(entry[0], list) or not isinstance(entry[1], list):
            raise TypeError
        cards, best = parse_cards(entry[0]), parse_cards(entry[1])
    except (ValueError, TypeError):
        raise RecordError(f"{name}: the cards must be two lists of card codes") from None
    held = set(view.held)
    if any(len(set(three)) != 3 or not set(three) <= held for three in (cards, best)):
        raise RecordError(f"{name}: the cards and the best cards must each be three different cards of that hand")
    if passed is not None and set(cards) != set(passed):
        raise RecordError(f"{name} judges a pass of {' '.join(map(str, cards))}, but the learner passed "
                          f"{' '.join(map(str, passed))}")
    return PassJudgement(tuple(cards), tuple(best), *_costs(entry, name))
