"""The lesson as ipywidgets: one step as a widget, and the stepper that walks
the whole path with Back and Next buttons and a choice of language.

The tutorial notebook shows single steps (``step_view("deck")``); the Voilà
lesson shows ``Lesson()``, which ends with a whole game on the table.
"""

from __future__ import annotations

import os
from html import escape
from typing import Mapping
from urllib.parse import parse_qs

import ipywidgets as widgets

from ..text.lessons import lesson_text
from ..text.translate import LANGUAGES, check_language, default_language
from .controls import (
    CheckBox, MoonChoice, PassBoard, PositionBoard, deck_demo, rotation_demo, sheet_demo, table_demo, target_demo,
    variants_demo,
)
from .path import STEPS, Step, step
from .positions import POSITIONS

DEMOS = {
    "deck": deck_demo, "pass": PassBoard, "rotation": rotation_demo, "sheet": sheet_demo, "moon": MoonChoice,
    "target": target_demo, "variants": variants_demo, "table": table_demo,
}


def step_view(key: str | Step, lang: str | None = None) -> widgets.VBox:
    """One step of the path: its title, its paragraphs, its positions, its
    demonstration and its check questions."""
    lang = check_language(lang)
    current = key if isinstance(key, Step) else step(key)
    text = f"<h3>{escape(current.title(lang))}</h3>" + "".join(f"<p>{escape(p)}</p>" for p in current.body(lang))
    title = widgets.HTML(text)
    title.add_class("hearts-lesson-text")
    children: list[widgets.Widget] = [title]
    children += [PositionBoard(POSITIONS[p], lang) for p in current.positions]
    if current.demo is not None:
        children.append(DEMOS[current.demo](lang))
    children += [CheckBox(check, lang) for check in current.check_questions()]
    box = widgets.VBox(children)
    box.add_class("hearts-lesson-step")
    box.add_class(f"hearts-lesson-step-{current.key}")
    return box


def page_language(environ: Mapping[str, str] | None = None) -> str:
    """The language a page asks for: ``?lang=sw`` in a Voilà URL (Voilà hands the
    kernel its query string as ``QUERY_STRING``), else the kernel's locale, else English."""
    environ = os.environ if environ is None else environ
    asked = parse_qs(environ.get("QUERY_STRING", "")).get("lang", [])
    shipped = [code for code in asked if code in LANGUAGES]
    return shipped[0] if shipped else default_language(None, environ)


class Lesson(widgets.VBox):
    """The whole path, a step at a time: Back, Next, and the language
    (by default the one the page asks for, see :func:`page_language`)."""

    def __init__(self, lang: str | None = None, start: int = 0) -> None:
        self.lang = check_language(lang) if lang is not None else page_language()
        self.index = start
        self.language = widgets.Dropdown(options=[(name, code) for code, name in LANGUAGES.items()],
                                         value=self.lang, layout=widgets.Layout(width="auto"))
        self.language.add_class("hearts-lesson-language")
        self.language.observe(self._on_language, names="value")
        self.heading = widgets.HTML()
        self.progress = widgets.HTML()
        self.progress.add_class("hearts-lesson-progress")
        self.back = widgets.Button(icon="arrow-left")
        self.next = widgets.Button(icon="arrow-right", button_style="primary")
        self.back.add_class("hearts-lesson-back")
        self.next.add_class("hearts-lesson-next")
        self.back.on_click(lambda _button: self.go(self.index - 1))
        self.next.on_click(lambda _button: self.go(self.index + 1))
        self.content = widgets.VBox()
        header = widgets.HBox([self.heading, self.language], layout=widgets.Layout(
            justify_content="space-between", align_items="center"))
        nav = widgets.HBox([self.back, self.progress, self.next], layout=widgets.Layout(align_items="center"))
        super().__init__([header, nav, self.content])
        self.add_class("hearts-lesson")
        self.go(start)

    def go(self, index: int) -> None:
        """Show step ``index`` (0-based), kept within the path."""
        self.index = max(0, min(index, len(STEPS) - 1))
        lang = self.lang
        self.heading.value = f"<h2>{escape(lesson_text('ui.title', lang))}</h2>"
        self.progress.value = escape(lesson_text("ui.step-of", lang, number=self.index + 1, total=len(STEPS)))
        self.back.description = lesson_text("ui.back", lang)
        self.next.description = lesson_text("ui.next", lang)
        self.back.disabled = self.index == 0
        self.next.disabled = self.index == len(STEPS) - 1
        self.content.children = [step_view(STEPS[self.index], lang)]

    def _on_language(self, change: dict) -> None:
        self.lang = check_language(change["new"])
        self.go(self.index)
