"""What a lesson page shows in the lesson's place when its file cannot be used
(:class:`hearts_widget.lessons.problem.LessonProblem`): what happened, where in the
file (the file, the step, the field, or the line and column of a JSON fault) and who
can mend it, in the learner's language. The loader's own account of the fault
follows in English, the language of the lesson file's fields."""

from __future__ import annotations

from .translate import translator


def lesson_file_words(lang: str | None = None) -> dict[str, str]:
    """The sentences of the page; those with ``{placeholders}`` are filled in by it."""
    t = translator(lang)
    return {
        "title": t.gettext("This lesson cannot start: its lesson file has a mistake."),
        "file": t.gettext("File: {file}"),
        "step": t.gettext("Step {number} of the file ({key})"),
        "step-unnamed": t.gettext("Step {number} of the file"),
        "field": t.gettext("The field that is wrong: {field}"),
        "line": t.gettext("Line {line}, column {column}: this is not valid JSON there."),
        "unread": t.gettext("The file could not be read."),
        "detail": t.gettext("What the lesson checker says (in English):"),
        "mend": t.gettext("Please tell your teacher. A teacher can correct the file and then load this page again."),
    }
