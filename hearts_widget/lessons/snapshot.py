"""The lesson as a static picture: its first step (the lesson's title, the step's title, its
paragraphs and its first question with the choices), for pages where widgets cannot run
(GitHub, nbviewer, a notebook stored with light outputs). It goes in the lesson widget's
display data as ``text/html`` beside the widget's view, which every live front end prefers."""

from __future__ import annotations

from html import escape

from ..text.lessons import lesson_text
from ..text.ui import lesson_snapshot_note
from .format import Lesson


def lesson_snapshot_html(lesson: Lesson, lang: str) -> str:
    """The first step of ``lesson`` in ``lang``, as HTML with its style inline."""
    step = lesson.steps[0]
    counter = lesson_text("ui.step-of", lang).format(number=1, total=len(lesson.steps))
    parts = [f'<h2 style="margin:0 0 0.3em;font-size:1.3em">{escape(lesson.title(lang))}</h2>',
             f'<h3 style="margin:0 0 0.4em;font-size:1.1em">{escape(counter)}: {escape(step.title(lang))}</h3>',
             *(f"<p>{escape(paragraph(lang))}</p>" for paragraph in step.body)]
    if step.checks:
        check = step.checks[0]
        choices = "".join(f"<li>{escape(choice.text(lang))}</li>" for choice in check.choices)
        parts.append(f"<p><b>{escape(check.question(lang))}</b></p><ul>{choices}</ul>")
    parts.append(f'<p style="font-style:italic">{escape(lesson_snapshot_note(lang))}</p>')
    return (f'<div class="hearts-lesson-snapshot" lang="{lang}" style="font:15px/1.45 system-ui,sans-serif;'
            f'max-width:46em;border:1px solid #8a8f98;border-radius:6px;padding:0.8em 1em">{"".join(parts)}</div>')
