"""A check's step as the learner sees it (:mod:`.prepost`): its questions one at a time, each answer
"Noted." and no verdict; at the end, after the lesson, the score and the score before it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import date
from functools import partial
from html import escape
from typing import Any

import ipywidgets as widgets

from ..text.lessons import lesson_text
from ..text.prepost import check_words, later_due, later_waits
from . import prepost
from .controls import GOOD, Part, _ask, _html, _paragraph, text_button
from .format import Check, Lesson, Step

HIDDEN = "none"


class CheckRound(Part):
    """The questions of the check ``kind`` of ``lesson``: one at a time, the first not answered yet;
    an answer is noted, never judged, and cannot be changed. The check is done once every question is
    answered (the kernel's time is kept then). The check later waits until it opens."""

    def __init__(self, lesson: Lesson, kind: str, lang: str) -> None:
        self.lesson = lesson
        self.kind = kind
        self.questions: list[Check] = [item.question(kind) for item in prepost.check_items(lesson)]
        self.answers: dict[str, str] = {}
        self.at: float | None = None
        self.progress: Callable[[], Mapping[str, Any]] = dict  # the learner's progress (see follow)
        self.count = _html("", "hearts-lesson-check-count")
        self.question = _html("", "hearts-lesson-question")
        most = max((len(q.choices) for q in self.questions), default=0)
        self.buttons = [text_button("", partial(self._choose, number)) for number in range(most)]
        for button in self.buttons:
            button.add_class("hearts-lesson-choice")
        self.row = widgets.HBox(self.buttons, layout=widgets.Layout(flex_flow="row wrap"))
        self.feedback = _html("", "hearts-lesson-feedback")
        super().__init__([self.count, self.question, self.row, self.feedback], lang, "hearts-lesson-check-round")
        self.add_class(f"hearts-lesson-check-{kind}")
        self.render()

    def follow(self, progress: Callable[[], Mapping[str, Any]]) -> None:
        """Read the learner's progress through ``progress`` (for the score before, and when the check later opens)."""
        self.progress = progress
        self.render()

    @property
    def shown(self) -> Check | None:
        """The question shown: the first not answered (None once all are)."""
        return next((q for q in self.questions if q.key not in self.answers), None)

    def opens(self) -> float | None:
        """For the check later, when it opens (None: not known yet, the check after not done); else 0."""
        return prepost.later_opens(self.lesson, self.progress()) if self.kind == "later" else 0.0

    def is_open(self) -> bool:
        opens = self.opens()
        return opens is not None and prepost.now() >= opens

    def answer(self, key: str, choice: str) -> None:
        """Note ``choice`` for the question ``key`` (the one shown; an unknown choice is refused by name)."""
        shown = self.shown
        if shown is None or shown.key != key:
            raise ValueError(f"the check shows {shown.key if shown else 'no question'!r}, not {key!r}")
        shown.choice(choice)
        if not self.is_open():
            raise ValueError(f"the check {self.kind} is not open yet")
        self.answers[key] = choice
        if self.shown is None:
            self.at = prepost.now()
        self.render()
        self._changed()

    def _choose(self, number: int) -> None:
        shown = self.shown
        if shown is not None and number < len(shown.choices):
            self.answer(shown.key, shown.choices[number].id)

    def render(self) -> None:
        lang, words, shown = self.lang, check_words(self.lang), self.shown
        waiting = "" if self.is_open() else self._waiting(lang)
        ask = shown is not None and not waiting
        counted = lesson_text("ui.question-of", lang, number=len(self.answers) + 1, total=len(self.questions))
        self.count.value = f'<p style="margin:0.3em 0">{escape(counted)}</p>' if ask else ""
        self.question.value = _ask(shown.question(lang)) if ask and shown is not None else ""
        choices = shown.choices if ask and shown is not None else ()
        for widget in (self.count, self.question, self.row):  # nothing to ask: only the words below
            widget.layout.display = None if ask else HIDDEN
        for number, button in enumerate(self.buttons):
            button.layout.display = None if number < len(choices) else HIDDEN
            button.description = choices[number].text(lang) if number < len(choices) else ""
        if waiting:
            said = waiting
        elif shown is not None:
            said = words["noted"] if self.answers else ""
        else:
            said = self._ending(lang)
        told = _paragraph(said, GOOD if shown is None else None) if said else ""
        self.feedback.value = f'<div role="status">{told}</div>'

    def _waiting(self, lang: str) -> str:
        plan = prepost.plan_of(self.lesson)
        opens = self.opens()
        if opens is None:
            return later_waits(plan.later_days if plan and plan.later_days else 1, lang)
        return check_words(lang)["later-opens"].format(date=date.fromtimestamp(opens).isoformat())

    def _ending(self, lang: str) -> str:
        words = check_words(lang)
        if self.kind == "before":
            return words["done"]
        right = sum(self.answers.get(q.key) in q.answers for q in self.questions)
        before = prepost.scores(self.lesson, self.progress()).get("before")
        if before is None:
            return words["score"].format(right=right, total=len(self.questions))
        return words["score-before"].format(right=right, total=len(self.questions), before=sum(before.values()))

    def state(self) -> dict[str, Any]:
        state: dict[str, Any] = {"answers": dict(self.answers)}
        if self.at is not None:
            state["at"] = self.at
        return state if self.answers else {}

    def restore(self, state: dict[str, Any]) -> None:
        """Take back a state the lesson has checked (:func:`.prepost.check_state`)."""
        answers = state.get("answers", {})
        self.answers = {q.key: answers[q.key] for q in self.questions if isinstance(answers, dict) and q.key in answers}
        at = state.get("at")
        self.at = float(at) if isinstance(at, (int, float)) and not isinstance(at, bool) and self.shown is None \
            else None
        self.render()

    @property
    def done(self) -> bool:
        return self.at is not None


def check_round(step: Step, lesson: Lesson, lang: str) -> CheckRound | None:
    """The check of a check's step (None for another step)."""
    kind = prepost.check_kind(step)
    return CheckRound(lesson, kind, lang) if kind is not None else None


def due_notice(lesson: Lesson, lang: str) -> str:
    """What the lesson says when the learner comes back and the check later is open."""
    plan = prepost.plan_of(lesson)
    days = plan.later_days if plan and plan.later_days else 1
    return f'<p role="status">{escape(later_due(days, lang))}</p>'
