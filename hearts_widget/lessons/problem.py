"""A lesson file that cannot be used, shown on the page in the lesson's place.

Voilà hides a cell's error behind "There was an error when executing cell" and the
serverless site's page would show the snapshot it was built with, so
:class:`hearts_widget.lessons.stepper.Lesson` shows a file the loader refuses with this
widget instead of raising: what happened, the file, the step and the field (or the line
and column of a JSON fault), the lesson checker's account of the fault and who can mend it,
all in the learner's language (the field names and values exactly as in the file). The
loader's English message goes to the kernel's standard error, the server's log.
"""

from __future__ import annotations

import re
import sys
from html import escape

import ipywidgets as widgets

from ..text.lesson_file import AS_GIVEN, lesson_file_problem, lesson_file_words
from .format import LessonFileError


def problem_lines(error: LessonFileError, lang: str) -> list[str]:
    """What the page says of ``error`` in ``lang``, a line each: what happened, the file, the
    step, the field or the place of a JSON fault, the lesson checker's account, who mends it."""
    words = lesson_file_words(lang)
    lines = [words["title"], words["file"].format(file=error.source)]
    if error.step is not None:
        lines.append(words["step"].format(number=error.step, key=error.step_key) if error.step_key
                     else words["step-unnamed"].format(number=error.step))
    if error.field is not None:
        lines.append(words["field"].format(field=error.field))
    elif error.line is not None:
        lines.append(words["line"].format(line=error.line, column=error.column))
    elif error.step is None:
        lines.append(words["unread"])
    return [*lines, f"{words['detail']} {lesson_file_problem(error.kind, error.values, lang)}", words["mend"]]


class LessonProblem(widgets.HTML):
    """The page's account of a lesson file the loader refused (``error``), in ``lang``; it is
    an alert, so a screen reader says it as the page opens."""

    def __init__(self, error: LessonFileError, lang: str) -> None:
        self.error = error
        title, *where, _detail, mend = problem_lines(error, lang)
        items = "".join(f"<li>{escape(line)}</li>" for line in where)
        detail = lesson_file_problem(error.kind, error.values, lang, put=_html_put)
        super().__init__(f'<div role="alert" lang="{escape(lang)}"><h2>{escape(title)}</h2><ul>{items}</ul>'
                         f'<p>{escape(lesson_file_words(lang)["detail"])} {detail}</p><p>{escape(mend)}</p></div>')
        self.add_class("hearts-lesson-problem")
        if sys.__stderr__ is not None:  # the kernel's own standard error: the server's log, as before
            print(f"hearts-widget: {error}", file=sys.__stderr__)  # noqa: T201


def _html_put(name: str, text: str) -> str:
    """A piece of the checker's account as HTML: escaped, the words of JSON, the system or the
    engine marked as English, and what the sentence puts in backticks (a field, a value as it
    is written in the file) shown as code."""
    if name in AS_GIVEN:
        return f'<span lang="en">{escape(text)}</span>'
    return re.sub(r"`([^`]*)`", r"<code>\1</code>", escape(text)) if not name else escape(text)
