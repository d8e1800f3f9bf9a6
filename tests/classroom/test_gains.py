"""The checks in a class: the teacher's choice kept in the class store, each learner's scores per rule
reported by their kernel and checked by the store, the class's gains per rule on the teacher's page and
in its CSV, and a copy of the checks forged in the browser refused as any forged progress is."""

from __future__ import annotations

import csv
import io
import json
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from lessons.check_answers import give, right_answer, wrong_answer

from hearts_widget.classroom.gains import class_gains, gains_html, learner_checks_html
from hearts_widget.classroom.page import class_csv, class_now
from hearts_widget.classroom.report import class_check_plan
from hearts_widget.classroom.store import ClassStore, Learner, ReportError, check_report
from hearts_widget.lessons import prepost
from hearts_widget.lessons.format import builtin_lesson
from hearts_widget.lessons.prepost import CheckPlan, answer_key, check_items, with_checks
from hearts_widget.lessons.prepost_view import CheckRound
from hearts_widget.lessons.stepper import Lesson
from hearts_widget.text.prepost import gain_words
from hearts_widget.text.rule_names import rule_name

from .conftest import opened

LESSON = with_checks(builtin_lesson(), CheckPlan())
RULES = [item.rule for item in check_items(LESSON)]


def take(lesson: Lesson, kind: str, right: set[str]) -> None:
    """The learner takes the check ``kind``, right on the rules ``right``."""
    index = [s.key for s in lesson.lesson.steps].index(f"check-{kind}")
    lesson.go(index)
    part = lesson.views[index].parts["demo"]
    assert isinstance(part, CheckRound)
    for item in check_items(lesson.lesson):
        question = item.question(kind)
        give(part, right_answer(question) if item.rule in right else wrong_answer(question))


def learner(name: str, checks: dict[str, dict[str, bool]]) -> Learner:
    report = {"steps": {}, "rules": {}, "first_try": {}, "check": checks}
    return Learner(name.lower() + "-0000", name, "aim", report, 0.0, 0.0)


def marks(right: int) -> dict[str, bool]:
    return {rule: number < right for number, rule in enumerate(RULES)}


def test_the_teachers_choice_reaches_the_lessons_kernel_and_its_report_reaches_the_store(store_path: Path) -> None:
    assert class_check_plan() is None and "check-before" not in [s.key for s in Lesson(lang="en").lesson.steps]
    ClassStore(store_path).set_check_plan(CheckPlan(later_days=7))
    assert class_check_plan() == CheckPlan(later_days=7)
    lesson = opened(Lesson(lang="en"))
    assert [s.key for s in lesson.lesson.steps][0] == "check-before"
    take(lesson, "before", right={RULES[0]})
    take(lesson, "after", right=set(RULES[:5]))
    assert lesson.reporter is not None and lesson.reporter.flush(10)
    row = ClassStore(store_path).learner(LESSON.id, lesson.progress["learner"])
    assert row is not None
    assert row.report["check"] == {"before": marks(1), "after": marks(5)}


@pytest.mark.parametrize(("check", "words"), [
    ({"during": marks(1)}, "no check \"during\" in this lesson"),
    ({"before": {**marks(1), "play.discard": True}}, "no rule \"play.discard\" in this lesson's checks"),
    ({"before": dict.fromkeys(RULES[1:], True)}, "'check.before.setup.deal' is missing"),
    ({"before": {**marks(1), "setup.deal": 1}}, "'check.before.setup.deal': true or false, not 1"),
    ({"later": marks(1)}, "no check \"later\""),  # a class without the check later
    ([], "'check': an object"),
])
def test_a_report_of_checks_that_does_not_fit_the_lesson_is_refused(check: Any, words: str) -> None:
    report = {"format": 1, "lesson": LESSON.id, "learner": "abcdefgh12", "name": "", "step": "aim", "lang": "en",
              "steps": {}, "rules": {}, "first_try": {}, "check": check}
    with pytest.raises(ReportError, match=words.replace("(", r"\(")):
        check_report(LESSON, report)


def test_the_class_gain_per_rule_counts_the_learners_who_took_both_checks() -> None:
    learners = [learner("Amina", {"before": marks(2), "after": marks(6)}),
                learner("Baraka", {"before": marks(4), "after": marks(8)}),
                learner("Chiku", {"before": marks(8)})]  # no check after: not counted
    rows = {row.rule: row for row in class_gains(LESSON, learners)}
    assert rows[RULES[0]].learners == 2 and (rows[RULES[0]].before, rows[RULES[0]].after) == (1, 1)
    third = rows[RULES[2]]  # Amina wrong then right, Baraka right then right
    assert (third.before, third.after, third.gain, third.normalised) == (0.5, 1.0, 0.5, 1.0)
    last = rows[RULES[-1]]  # both wrong before, Baraka right after
    assert (last.before, last.after, last.normalised) == (0, 0.5, 0.5)
    whole = rows[""]
    assert (whole.before, whole.after) == (6 / 16, 14 / 16)
    assert whole.normalised == pytest.approx((14 / 16 - 6 / 16) / (1 - 6 / 16))
    page = unescape(class_now(LESSON, learners, "en"))
    assert gain_words("en")["title"] in page and "2 learners took both checks" in page
    assert f'<tr data-rule="{RULES[2]}"><th scope="row">{rule_name(RULES[2], "en")}</th>' \
           '<td class="hc-num">50%</td><td class="hc-num">100%</td><td class="hc-num">+50%</td>' \
           '<td class="hc-num">+1.00</td></tr>' in page
    assert "Checks, right of 8: before 2, after 6" in page and "Checks, right of 8: before 8, after —" in page
    assert f"{rule_name(RULES[2], 'en')}: before ✗, after ✓" in unescape(learner_checks_html(LESSON, learners[0], "en"))
    sw = unescape(gains_html(LESSON, learners, "sw"))
    assert gain_words("sw")["normalised"] in sw and gain_words("en")["normalised"] not in sw
    assert gains_html(builtin_lesson(), learners, "en") == ""  # a lesson without checks: nothing said


def test_before_anyone_took_both_the_page_says_so() -> None:
    page = unescape(gains_html(LESSON, [learner("Amina", {"before": marks(2)})], "en"))
    assert gain_words("en")["none"] in page and "<table" not in page


def test_the_class_csv_carries_each_learners_checks_per_rule() -> None:
    learners = [learner("Amina", {"before": marks(2), "after": marks(6)}), learner("Baraka", {"before": marks(1)})]
    rows = list(csv.DictReader(io.StringIO(class_csv(LESSON, learners))))
    homes = {row["key"]: row for row in rows if row["name"] == "Amina" and row["check_rules"]}
    assert sum(len(row["check_rules"].split()) for row in homes.values()) == len(RULES)
    deck = homes["deck"]  # the step of the question before on setup.deal
    assert (deck["check_rules"], deck["check_before"], deck["check_after"], deck["check_gain"]) == \
           ("setup.deal", "setup.deal", "setup.deal", "0")
    gained = next(row for row in homes.values() if RULES[2] in row["check_rules"].split())
    assert RULES[2] not in gained["check_before"] and RULES[2] in gained["check_after"]
    assert gained["check_gain"] == "1"
    baraka = [row for row in rows if row["name"] == "Baraka" and row["check_rules"]]
    assert {row["check_gain"] for row in baraka} == {""} and {row["check_after"] for row in baraka} == {""}
    plain = next(csv.reader(io.StringIO(class_csv(builtin_lesson(), learners))))
    assert "check_rules" not in plain  # a lesson without checks: the columns it had


def browser_copy(lesson: Lesson) -> dict[str, Any]:
    assert lesson.store is not None
    return json.loads(json.dumps(lesson.store.progress))


def test_checks_forged_in_the_browsers_copy_are_refused(store_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every answer after the lesson edited to the right one in the browser: the seal gives it away."""
    monkeypatch.setattr(prepost, "now", lambda: 1_800_000_000.0)
    ClassStore(store_path).set_check_plan(CheckPlan())
    first = opened(Lesson(lang="en"))
    take(first, "before", right=set())
    take(first, "after", right=set())
    forged = browser_copy(first)
    answers = forged["steps"]["check-after"]["parts"]["demo"]["answers"]
    for item in check_items(first.lesson):
        answers[answer_key(item.after)] = right_answer(item.after)
    again = opened(Lesson(lang="en"), forged)
    assert again.notice.layout.display != "none" and again.progress["learner"] != first.progress["learner"]
    assert first.reporter is not None and first.reporter.flush(10)
    row = ClassStore(store_path).learner(LESSON.id, first.progress["learner"])
    assert row is not None and row.report["check"]["after"] == dict.fromkeys(RULES, False)
    back = opened(Lesson(lang="en"), browser_copy(first))  # the copy as the kernel sealed it comes back whole
    assert back.notice.layout.display == "none"
    assert back.progress["steps"]["check-after"]["parts"] == first.progress["steps"]["check-after"]["parts"]
