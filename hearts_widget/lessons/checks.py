"""Check questions that teach: a wrong answer first gets a hint (and the
feedback written for that choice), the answer only after a second wrong try.

A learner's answers to one question are kept as the list of choice ids
tried, in order (``tries``); everything else (the response shown, the
attempts, right at the first try) follows from that list, so it is also
what the lesson stores in the browser.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ..text.lessons import lesson_text
from .format import Check

Stage = Literal["right", "hint", "reveal"]


@dataclass(frozen=True)
class Response:
    """What the learner is told after their last choice: right, a hint, or the answer revealed."""

    stage: Stage
    text: str

    @property
    def correct(self) -> bool:
        return self.stage == "right"


def respond(check: Check, tries: Sequence[str], lang: str | None = None) -> Response | None:
    """The response to the last of ``tries`` (None before any answer)."""
    if not tries:
        return None
    last = check.choice(tries[-1])
    why = check.why(lang)
    if last.id in check.answers:
        return Response("right", lesson_text("ui.check-right", lang, why=why))
    if sum(1 for t in tries if t not in check.answers) == 1:
        hint = check.hint(lang)
        if last.feedback is not None:
            return Response("hint", lesson_text("ui.check-hint-feedback", lang, feedback=last.feedback(lang),
                                                hint=hint))
        return Response("hint", lesson_text("ui.check-hint", lang, hint=hint))
    answer = " / ".join(c.text(lang) for c in check.choices if c.id in check.answers)
    return Response("reveal", lesson_text("ui.check-reveal", lang, answer=answer, why=why))


def answered(check: Check, tries: Sequence[str]) -> bool:
    """Whether the learner has reached a right answer."""
    return any(t in check.answers for t in tries)


def attempts(check: Check, tries: Sequence[str]) -> int:
    """Answers given up to and including the first right one."""
    for number, choice in enumerate(tries, start=1):
        if choice in check.answers:
            return number
    return len(tries)


def first_try_right(check: Check, tries: Sequence[str]) -> bool:
    return bool(tries) and tries[0] in check.answers


def valid_tries(check: Check, tries: object) -> list[str]:
    """``tries`` as stored in the browser, kept only if every entry is a choice of ``check``
    (anything else, say from an older lesson file, is dropped rather than trusted)."""
    ids = {c.id for c in check.choices}
    if not isinstance(tries, list) or not all(isinstance(t, str) and t in ids for t in tries):
        return []
    return list(tries)
