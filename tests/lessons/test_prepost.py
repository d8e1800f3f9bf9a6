"""The checks before and after the lesson (and some days later), in the kernel: the questions and
boards drawn, the steps placed, answers noted without a verdict (a board's card too, legal or not),
the scores and the gain per rule, junk refused, and the check later opening by the kernel's clock
(a fake one here)."""

from __future__ import annotations

import json
from html import unescape
from typing import Any

import pytest

from hearts_widget.lessons import prepost
from hearts_widget.lessons.format import builtin_lesson, lesson_from_dict
from hearts_widget.lessons.mastery import check_rules, position_rules, rule_progress
from hearts_widget.lessons.positions import Position
from hearts_widget.lessons.prepost import CheckPlan, answer_key, check_items, scores, with_checks
from hearts_widget.lessons.prepost_view import CheckRound
from hearts_widget.lessons.progress import ProgressError, check_progress
from hearts_widget.lessons.stepper import Lesson
from hearts_widget.text.prepost import check_words, later_due

from .check_answers import give, right_answer, wrong_answer

DAY = 86_400.0
T0 = 1_800_000_000.0


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The kernel's clock, set by the test: ``clock[0]`` is now."""
    now = [T0]
    monkeypatch.setattr(prepost, "now", lambda: now[0])
    return now


def round_of(lesson: Lesson, kind: str) -> CheckRound:
    index = [s.key for s in lesson.lesson.steps].index(f"check-{kind}")
    lesson.go(index)
    part = lesson.views[index].parts["demo"]
    assert isinstance(part, CheckRound)
    return part


def answer_all(part: CheckRound, right: int) -> None:
    """The first ``right`` exercises answered right, the others wrong."""
    for number, exercise in enumerate(list(part.questions)):
        give(part, right_answer(exercise) if number < right else wrong_answer(exercise))


def test_one_question_or_board_per_rule_in_two_forms_drawn_from_the_lesson() -> None:
    lesson = builtin_lesson()
    items = check_items(lesson)
    assert 6 <= len(items) <= prepost.MAX_ITEMS
    assert len({item.rule for item in items}) == len(items)
    forms = [answer_key(q) for item in items for q in (item.before, item.after)]
    assert len(set(forms)) == len(forms)  # before and after never the same question or board
    asked = {c.key: check_rules(s, c) for s in lesson.steps for c in s.checks}
    asked |= {f"board:{p.key}": position_rules(s, p) for s in lesson.steps for p in s.positions}
    for item in items:
        assert item.rule in asked[answer_key(item.before)] and item.rule in asked[answer_key(item.after)]
        assert type(item.before) is type(item.after)  # parallel forms: a board for a board
    assert [item.rule for item in items][:3] == ["setup.deal", "play.follow-suit", "pass.rotation"]
    # A rule two boards of the standard game test is checked on boards, whose cards the rules judge.
    boards = {item.rule: (item.before.key, item.after.key) for item in items if isinstance(item.before, Position)}
    assert boards == {"play.follow-suit": ("follow-suit", "trick-winner"),
                      "play.first-lead": ("first-lead", "first-lead-five"),
                      "play.hearts-lead": ("hearts-lead", "hearts-lead-hearts-and-maria")}
    assert all(position.rules.variant == "standard" for key in boards.values() for position in
               (lesson.positions()[key[0]], lesson.positions()[key[1]]))


def test_the_checks_are_steps_before_and_after_the_lesson() -> None:
    lesson = builtin_lesson()
    assert with_checks(lesson, None) is lesson
    keys = [s.key for s in with_checks(lesson, CheckPlan()).steps]
    assert keys[0] == "check-before" and len(keys) == len(lesson.steps) + 2
    assert keys[keys.index("rules-card") + 1] == "check-after"  # after the last review, before the hands
    later = [s.key for s in with_checks(lesson, CheckPlan(later_days=7)).steps]
    assert later[later.index("check-after") + 1] == "check-later"
    one_question = lesson_from_dict({"format": "hearts-lesson/1", "id": "tiny", "steps": [
        {"key": "one", "title": {"en": "One"}, "rules": ["score.points"], "checks": [
            {"key": "q", "question": {"en": "?"}, "choices": [{"id": "a", "text": {"en": "a"}},
                                                              {"id": "b", "text": {"en": "b"}}],
             "answers": ["a"], "hint": {"en": "h"}, "why": {"en": "w"}}]}]})
    assert with_checks(one_question, CheckPlan()) is one_question  # no rule asked twice: no check
    with pytest.raises(ValueError, match="from 1 to 365, not 0"):
        CheckPlan(later_days=0)


def test_the_check_before_notes_each_answer_and_tells_no_verdict(clock: list[float]) -> None:
    lesson = Lesson(lang="en", remember=False, check=CheckPlan())
    part = round_of(lesson, "before")
    first, second = part.questions[:2]
    assert unescape(part.question.value).find(first.question("en")) >= 0
    with pytest.raises(ValueError, match="shows 'deck-six', not 'board:follow-suit'"):
        part.answer(answer_key(second), right_answer(second))
    with pytest.raises(ValueError, match="no choice 'x'"):
        part.answer(first.key, "x")
    part.answer(first.key, next(c.id for c in first.choices if c.id not in first.answers))  # wrong: not told
    said = unescape(part.feedback.value)
    assert check_words("en")["noted"] in said and first.hint("en") not in said and "Right" not in said
    assert not part.done
    board = part.shown
    assert isinstance(board, Position) and part.table is not None  # the second rule's exercise is a board
    assert part.board.layout.display != "none" and part.row.layout.display == "none"
    assert board.prompt is not None and unescape(part.question.value).find(board.prompt("en")) >= 0
    with pytest.raises(ValueError, match="board 'follow-suit' has no card 'AH'"):
        part.answer(answer_key(board), "AH")
    assert not any(card["legal"] for card in part.table.hand)  # no playable card marked
    assert not part.table.notice.get("text")  # and nothing said yet (not even that it speaks English)
    give(part, wrong_answer(board))  # a card the rules refuse: noted, not refused, and not told
    assert part.answers[answer_key(board)] == wrong_answer(board) and part.table is None
    said = unescape(part.feedback.value)
    assert check_words("en")["noted"] in said and "not allowed" not in said.lower()
    assert part.focus.target == "hearts-lesson-check-item-2"  # the focus goes on to the next question
    answer_all_rest(part)
    assert part.done and part.at == T0 and check_words("en")["done"] in unescape(part.feedback.value)
    record = lesson.progress["steps"]["check-before"]
    assert record["done"] and record["parts"]["demo"]["at"] == T0
    assert rule_progress(lesson.lesson, lesson.progress)["setup.deal"] == {"right": 0, "wrong": 0,
                                                                           "mastered": False}


def answer_all_rest(part: CheckRound) -> None:
    while part.shown is not None:
        give(part, right_answer(part.shown))


def test_the_check_after_scores_each_rule_and_shows_the_gain(clock: list[float]) -> None:
    lesson = Lesson(lang="sw", remember=False, check=CheckPlan())
    answer_all(round_of(lesson, "before"), right=3)
    after = round_of(lesson, "after")
    answer_all(after, right=7)
    total = len(after.questions)
    assert unescape(after.feedback.value).find(
        check_words("sw")["score-before"].format(right=7, total=total, before=3)) >= 0
    found = scores(lesson.lesson, lesson.progress)
    rules = [item.rule for item in check_items(lesson.lesson)]
    assert found["before"] == {rule: number < 3 for number, rule in enumerate(rules)}
    assert found["after"] == {rule: number < 7 for number, rule in enumerate(rules)}
    assert [prepost.gain(found["before"][r], found["after"][r]) for r in rules] == [0, 0, 0, 1, 1, 1, 1, 0]
    assert json.loads(lesson.results_json())["checks"] == found  # the learner's own results file too
    assert prepost.normalised_gain(3 / 8, 7 / 8) == pytest.approx(0.8)
    assert prepost.normalised_gain(1.0, 1.0) is None


def saved_copy(lesson: Lesson) -> dict[str, Any]:
    assert lesson.store is not None
    return json.loads(json.dumps(lesson.store.progress))


def came_back(saved: dict[str, Any], plan: CheckPlan) -> Lesson:
    """A reload: a new lesson, answered by the browser with what it kept."""
    lesson = Lesson(lang="en", check=plan)
    assert lesson.store is not None
    lesson.store._on_message(lesson.store, {"type": "saved", "progress": saved}, [])
    return lesson


@pytest.mark.parametrize(("change", "field"), [
    (lambda s: s.update(answers={"quiz-follow": "no"}), "answers: no question or board 'quiz-follow' in this check"),
    (lambda s: s["answers"].update({"board:follow-suit": "AH"}), "answers.board:follow-suit: a card of the board's"),
    (lambda s: s["answers"].update({"deck-six": "7"}), "answers.deck-six: one of the question's choices"),
    (lambda s: s.update(at="yesterday"), "at: a time in seconds"),
    (lambda s: s["answers"].pop("deck-six"), "at: given before every question is answered"),
    (lambda s: s.update(score=8), "score: not a field of a check"),
])
def test_junk_in_a_kept_check_is_refused_by_name(clock: list[float], change: Any, field: str) -> None:
    lesson = Lesson(lang="en", check=CheckPlan())
    answer_all(round_of(lesson, "before"), right=2)
    saved = saved_copy(lesson)
    check_progress(lesson.lesson, saved)
    change(saved["steps"]["check-before"]["parts"]["demo"])
    with pytest.raises(ProgressError, match=f"steps.check-before.parts.demo.{field}"):
        check_progress(lesson.lesson, saved)


def test_the_check_later_opens_by_the_kernels_clock_and_is_shown_when_the_learner_comes_back(
        clock: list[float]) -> None:
    plan = CheckPlan(later_days=7)
    lesson = Lesson(lang="en", check=plan)
    keys = [s.key for s in lesson.lesson.steps]
    waiting = round_of(lesson, "later")
    assert "7 days after your check at the end" in unescape(waiting.feedback.value) and not waiting.question.value
    answer_all(round_of(lesson, "before"), right=1)
    answer_all(round_of(lesson, "after"), right=6)
    lesson.go(keys.index("aim"))

    clock[0] = T0 + 6 * DAY  # six days later: not open yet, and the lesson goes on where it was
    early = came_back(saved_copy(lesson), plan)
    assert early.index == keys.index("aim") and early.check_due.layout.display == "none"
    closed = round_of(early, "later")
    assert "opens on " in unescape(closed.feedback.value)
    with pytest.raises(ValueError, match="not open yet"):
        closed.answer(answer_key(closed.questions[0]), right_answer(closed.questions[0]))

    clock[0] = T0 + 7 * DAY + 60  # a week later: the check is shown, and the lesson says so
    back = came_back(saved_copy(lesson), plan)
    assert back.index == keys.index("check-later")
    assert back.check_due.layout.display != "none" and later_due(7, "en") in unescape(back.check_due.value)
    answer_all(round_of(back, "later"), right=5)
    assert back.check_due.layout.display == "none"  # done: the notice goes
    assert scores(back.lesson, back.progress)["later"] == {item.rule: n < 5 for n, item in
                                                            enumerate(check_items(back.lesson))}
    assert back.progress["steps"]["check-later"]["parts"]["demo"]["at"] == T0 + 7 * DAY + 60
