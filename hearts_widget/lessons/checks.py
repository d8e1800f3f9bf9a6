"""Check questions: a question, a few answers, and feedback that says why.

The words live in :mod:`hearts_widget.text.lessons` under
``check.<key>.question``, ``check.<key>.<choice>`` and ``check.<key>.why``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..text.lessons import lesson_text


@dataclass(frozen=True)
class Feedback:
    """The answer to a learner's choice: right or not, and the sentence to show."""

    correct: bool
    text: str


@dataclass(frozen=True)
class Check:
    """A question with ``choices`` (text keys); ``answer`` is the right one."""

    key: str
    choices: tuple[str, ...]
    answer: str

    def __post_init__(self) -> None:
        if self.answer not in self.choices:
            raise ValueError(f"check {self.key!r}: the answer {self.answer!r} is not one of {self.choices}")

    def question(self, lang: str | None = None) -> str:
        return lesson_text(f"check.{self.key}.question", lang)

    def choice_text(self, choice: str, lang: str | None = None) -> str:
        return lesson_text(f"check.{self.key}.{choice}", lang)

    def feedback(self, choice: str, lang: str | None = None) -> Feedback:
        """Right or wrong, with the reason either way."""
        if choice not in self.choices:
            raise ValueError(f"check {self.key!r} has no choice {choice!r}; choose one of {', '.join(self.choices)}")
        why = lesson_text(f"check.{self.key}.why", lang)
        correct = choice == self.answer
        return Feedback(correct, lesson_text("ui.check-right" if correct else "ui.check-wrong", lang, why=why))


CHECKS: dict[str, Check] = {c.key: c for c in (
    Check("deck-six", ("13", "10", "8"), "8"),
    Check("deck-points", ("2D", "3C", "QS"), "QS"),
    Check("pass-when", ("chosen", "all", "trick"), "all"),
    Check("rotation-four", ("left", "across", "none"), "none"),
    Check("rotation-five", ("left", "across", "none"), "left"),
    Check("first-lead-five", ("2C", "3C", "AH"), "3C"),
    Check("follow-spades", ("spade", "any", "heart"), "spade"),
    Check("discard-spade", ("yes", "no"), "yes"),
    Check("winner-which", ("KS", "9D", "AC"), "9D"),
    Check("first-trick-heart", ("yes", "no"), "no"),
    Check("hearts-and-maria", ("QS", "heart", "any"), "QS"),
    Check("broken-by-maria", ("yes", "no"), "yes"),
    Check("maria-lead", ("yes", "no"), "yes"),
    Check("points-count", ("4", "13", "16"), "16"),
    Check("moon-choice", ("self", "others"), "others"),
    Check("winner-tie", ("high", "share", "replay"), "share"),
    Check("omnibus-trick", ("3", "minus-10", "minus-7"), "minus-7"),
)}
