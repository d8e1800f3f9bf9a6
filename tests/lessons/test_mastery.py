"""Mistakes come back: a rule is mastered when answered right without help twice; a review
step first brings back the boards and questions of the rules got wrong; the results carry it."""

from __future__ import annotations

import csv
import io
import json

import pytest

from hearts_widget.lessons.format import LessonFileError, lesson_from_dict
from hearts_widget.lessons.mastery import MASTERED_AFTER, missed_before, position_rules, rule_progress
from hearts_widget.lessons.path import LESSON, POSITIONS, step
from hearts_widget.lessons.progress import new_progress, results_csv, results_json


def progress_with(parts: dict[str, dict]) -> dict:
    """A progress where each step named holds the parts given."""
    progress = new_progress(LESSON, "en")
    for key, part in parts.items():
        progress["steps"][key] = {"done": True, "seconds": 1.0, "parts": part}
    return progress


def test_a_board_asks_about_the_rule_of_its_step_its_cards_are_judged_by() -> None:
    assert position_rules(step("follow-suit"), POSITIONS["follow-suit"]) == ("play.follow-suit",)
    assert position_rules(step("trick-winner"), POSITIONS["trick-winner"]) == ("play.trick-winner",)
    # A review board: the rule its cards are judged by, not the free lead beside it.
    assert position_rules(step("review"), POSITIONS["review-broken-lead"]) == ("play.hearts-broken",)
    # Cancellation boards: the rules of what the learner's card makes happen (twins cancel, the kitty, the carry).
    cancellation = step("cancellation")
    assert position_rules(cancellation, POSITIONS["cancel-first-lead"]) == ("variant.cancellation.first-lead",)
    assert position_rules(cancellation, POSITIONS["cancel-twin-king"]) == ("variant.cancellation.cancel",
                                                                            "variant.cancellation.kitty")
    assert position_rules(cancellation, POSITIONS["cancel-carried"]) == ("variant.cancellation.cancel",
                                                                          "variant.cancellation.carry")


def test_right_without_help_twice_masters_a_rule_and_a_hint_does_not_count() -> None:
    once = progress_with({"follow-suit": {"position:follow-suit": {"played": "3D", "wrong": 0, "first": True}}})
    assert rule_progress(LESSON, once)["play.follow-suit"] == {"right": 1, "wrong": 0, "mastered": False}
    helped = progress_with({
        "follow-suit": {"position:follow-suit": {"played": "3D", "wrong": 0, "first": True},
                        "check:follow-spades": {"tries": ["spade"]}},
        "trick-winner": {"position:trick-winner": {"played": "5D", "wrong": 0, "first": False, "hinted": True}}})
    table = rule_progress(LESSON, helped)
    assert MASTERED_AFTER == 2 and table["play.follow-suit"]["mastered"] is True
    assert table["play.trick-winner"] == {"right": 0, "wrong": 1, "mastered": False}


def test_the_review_brings_back_what_was_got_wrong_and_not_mastered_since() -> None:
    progress = progress_with({
        "follow-suit": {"position:follow-suit": {"played": "3D", "wrong": 1, "first": False},
                        "check:follow-spades": {"tries": ["any", "spade"]}},
        "discard": {"position:discard": {"played": "7C", "wrong": 0, "first": True}}})
    names = [name for name, _part in missed_before(LESSON, progress, step("review"))]
    assert names == ["position:follow-suit", "check:follow-spades"]
    assert missed_before(LESSON, progress, step("follow-suit")) == []  # nothing before it
    # Tried again at the review, right without help: now mastered (twice right), so not brought back again.
    progress["steps"]["review"] = {"done": False, "seconds": 0.0, "parts": {"again": {
        "position:follow-suit": {"played": "QD", "wrong": 0, "first": True},
        "check:follow-spades": {"tries": ["spade"]}}}}
    assert rule_progress(LESSON, progress)["play.follow-suit"]["right"] == 2
    assert missed_before(LESSON, progress, step("quiz")) == []


def test_the_results_carry_each_rule_and_whether_it_is_mastered() -> None:
    progress = progress_with({"follow-suit": {"position:follow-suit": {"played": "3D", "wrong": 0, "first": True},
                                              "check:follow-spades": {"tries": ["spade"]}}})
    rows = {row["key"]: row for row in csv.DictReader(io.StringIO(results_csv(LESSON, progress)))}
    assert rows["follow-suit"]["rules_mastered"] == "play.follow-suit" and rows["discard"]["rules_mastered"] == ""
    rules = json.loads(results_json(LESSON, progress))["rules"]
    assert rules["play.follow-suit"] == {"right": 2, "wrong": 0, "mastered": True}
    assert rules["score.winner"]["mastered"] is False  # the quiz asks about it


@pytest.mark.parametrize(("field", "value", "said"), [
    ("rules", ["play.follow"], "is not a rule id"), ("rules", "play.follow-suit", "must be a list"),
])
def test_a_questions_rules_are_checked(field: str, value: object, said: str) -> None:
    check = {"key": "c", "question": {"en": "Q?"}, "choices": [{"id": "a", "text": {"en": "A"}},
                                                              {"id": "b", "text": {"en": "B"}}],
             "answers": ["a"], "hint": {"en": "H"}, "why": {"en": "W"}, field: value}
    lesson = {"format": "hearts-lesson/1", "id": "x", "steps": [{"key": "s", "title": {"en": "T"}, "checks": [check]}]}
    with pytest.raises(LessonFileError, match=said):
        lesson_from_dict(lesson)
    with pytest.raises(LessonFileError, match="must be true or false"):
        lesson_from_dict({**lesson, "steps": [{"key": "s", "title": {"en": "T"}, "review": "yes"}]})
