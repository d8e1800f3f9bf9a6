"""A check's step as the learner sees it (:mod:`.prepost`): its questions and boards one at a time,
each answer "Noted." and no verdict (a board's table notes the learner's card and judges nothing:
``note_only``); at the end, after the lesson, the score and the score before it."""

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
from .browser import Pager
from .controls import GOOD, Part, _ask, _html, _paragraph, text_button
from .format import Lesson, Step
from .positions import Position
from .prepost import Exercise, answer_key

HIDDEN = "none"


class CheckRound(Part):
    """The questions and boards of the check ``kind`` of ``lesson``: one at a time, the first not
    answered yet; an answer (a choice, or a card on a board) is noted, never judged, and cannot be
    changed. The check is done once every one is answered (the kernel's time is kept then). The
    check later waits until it opens."""

    def __init__(self, lesson: Lesson, kind: str, lang: str) -> None:
        self.lesson = lesson
        self.kind = kind
        self.questions: list[Exercise] = [item.question(kind) for item in prepost.check_items(lesson)]
        self.answers: dict[str, str] = {}  # by answer_key: a choice's id, or a board's card
        self.at: float | None = None
        self.progress: Callable[[], Mapping[str, Any]] = dict  # the learner's progress (see follow)
        self.count = _html("", "hearts-lesson-check-count")
        self.question = _html("", "hearts-lesson-question")
        most = max((len(q.choices) for q in self.questions if not isinstance(q, Position)), default=0)
        self.buttons = [text_button("", partial(self._choose, number)) for number in range(most)]
        for button in self.buttons:
            button.add_class("hearts-lesson-choice")
        self.row = widgets.HBox(self.buttons, layout=widgets.Layout(flex_flow="row wrap"))
        self.board = widgets.Box()  # the table of the board shown (made when shown: one at a time)
        self.board.add_class("hearts-lesson-check-board")
        self.table: Any = None  # that board's HeartsTable, and the board's key
        self._table_for = ""
        # Moves the focus to the exercise that follows a board (the card pressed is gone with its table).
        self.focus = Pager(lambda _by: None)
        self.focus.layout.display = HIDDEN
        self.feedback = _html("", "hearts-lesson-feedback")
        super().__init__([self.count, self.question, self.row, self.board, self.feedback, self.focus], lang,
                         "hearts-lesson-check-round")
        self.add_class(f"hearts-lesson-check-{kind}")
        self.render()

    def follow(self, progress: Callable[[], Mapping[str, Any]]) -> None:
        """Read the learner's progress through ``progress`` (for the score before, and when the check later opens)."""
        self.progress = progress
        self.render()

    @property
    def shown(self) -> Exercise | None:
        """The question or board shown: the first not answered (None once all are)."""
        return next((q for q in self.questions if answer_key(q) not in self.answers), None)

    def opens(self) -> float | None:
        """For the check later, when it opens (None: not known yet, the check after not done); else 0."""
        return prepost.later_opens(self.lesson, self.progress()) if self.kind == "later" else 0.0

    def is_open(self) -> bool:
        opens = self.opens()
        return opens is not None and prepost.now() >= opens

    def answer(self, key: str, choice: str) -> None:
        """Note ``choice`` for the question ``key``, or the card ``choice`` for the board ``board:key``
        (the one shown; an unknown choice or a card not held is refused by name)."""
        shown = self.shown
        if shown is None or answer_key(shown) != key:
            raise ValueError(f"the check shows {answer_key(shown) if shown else 'no question'!r}, not {key!r}")
        if isinstance(shown, Position):
            if choice not in {card.code for card in shown.cards}:
                raise ValueError(f"board {shown.key!r} has no card {choice!r} in the learner's hand")
        else:
            shown.choice(choice)
        if not self.is_open():
            raise ValueError(f"the check {self.kind} is not open yet")
        self.answers[key] = choice
        if self.shown is None:
            self.at = prepost.now()
        self.render()
        if isinstance(shown, Position) and self.shown is not None:
            self.focus.focus(f"hearts-lesson-check-item-{len(self.answers)}")
        self._changed()

    def _choose(self, number: int) -> None:
        shown = self.shown
        if shown is not None and not isinstance(shown, Position) and number < len(shown.choices):
            self.answer(shown.key, shown.choices[number].id)

    def _show_board(self, position: Position | None) -> None:
        """The table of ``position`` (None: no board), made once per board shown."""
        from ..widget import HeartsTable

        key = position.key if position is not None else ""
        if key == self._table_for:
            if self.table is not None and self.table.lang != self.lang:
                self.table.lang = self.lang  # (the table says so when its language changes)
            return
        if self.table is not None:
            self.table.unobserve(self._on_table, names="state")
            self.table.close()
        self.table, self._table_for = None, key
        if position is not None:
            self.table = HeartsTable.from_hand(position.hand, learner=position.seat, layout="position",
                                               note_only=True, lang=self.lang, pace=0)
            self.table.layout.max_width, self.table.layout.min_width = "760px", "0"
            self.table.add_class("hearts-lesson-felt")
            self.table.observe(self._on_table, names="state")
        self.board.children = [self.table] if self.table is not None else []

    def _on_table(self, _change: Any) -> None:
        shown, table = self.shown, self.table
        if isinstance(shown, Position) and table is not None and table.noted is not None:
            self.answer(answer_key(shown), table.noted.code)

    def render(self) -> None:
        lang, words, shown = self.lang, check_words(self.lang), self.shown
        waiting = "" if self.is_open() else self._waiting(lang)
        ask = shown is not None and not waiting
        boards = any(isinstance(q, Position) for q in self.questions)
        counted = lesson_text("ui.exercise-of" if boards else "ui.question-of", lang, number=len(self.answers) + 1,
                              total=len(self.questions))
        self.count.value = f'<p style="margin:0.3em 0">{escape(counted)}</p>' if ask else ""
        board = shown if ask and isinstance(shown, Position) else None
        question = shown if ask and shown is not None and not isinstance(shown, Position) else None
        if board is not None:
            asked = board.prompt(lang) if board.prompt else ""
        else:
            asked = question.question(lang) if question is not None else ""
        self.question.value = _ask(asked) if asked else ""
        choices = question.choices if question is not None else ()
        for number in range(len(self.questions) + 1):
            self.question.remove_class(f"hearts-lesson-check-item-{number}")
        self.question.add_class(f"hearts-lesson-check-item-{len(self.answers)}")
        self._show_board(board)
        for widget in (self.count, self.question):  # nothing to ask: only the words below
            widget.layout.display = None if ask else HIDDEN
        self.row.layout.display = None if choices else HIDDEN
        self.board.layout.display = None if board is not None else HIDDEN
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
        right = sum(prepost.is_right(q, self.answers.get(answer_key(q))) for q in self.questions)
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
        self.answers = {answer_key(q): answers[answer_key(q)] for q in self.questions
                        if isinstance(answers, dict) and answer_key(q) in answers}
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
