"""The lesson's small browser widgets: the progress kept in the browser's
localStorage, a button that prints the rules card, the path of steps and the
learner's results to download.

A Voilà kernel lives only as long as its page, and a lesson is one
learner's, so the learner's progress lives in their browser: ``ProgressStore``
sends what it finds saved to the kernel once (``on_saved``) and then writes
every ``progress`` the kernel gives it. The progress holds the learner's
answers and moves, never a hand (see :mod:`hearts_widget.lessons.progress`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

STATIC = Path(__file__).with_name("static")
KEY_PREFIX = "hearts-widget-lesson:"


class ProgressStore(anywidget.AnyWidget):
    """Mirrors ``progress`` into localStorage under ``key``; shows nothing."""

    _esm = STATIC / "store.js"
    _css = STATIC / "lesson.css"

    key = traitlets.Unicode().tag(sync=True)
    progress = traitlets.Dict().tag(sync=True)

    def __init__(self, lesson_id: str, on_saved: Callable[[dict[str, Any] | None], None]) -> None:
        super().__init__(key=KEY_PREFIX + lesson_id)
        self._on_saved = on_saved
        self.on_msg(self._on_message)

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "saved":
            saved = content.get("progress")
            self._on_saved(saved if isinstance(saved, dict) else None)


class LessonPath(anywidget.AnyWidget):
    """The path of steps: a chip per step (its number, or a tick once done) named by its label, the
    current one marked (a step ahead of it and not done named by its number alone). The labels
    change with the language only, so a Next sends ``current`` alone
    (a few bytes, where the path's whole HTML was 3 KB). On a narrow screen the chips fold into a
    menu named ``menu`` ("Step 5 of 23"), shut until the learner opens it."""

    _esm = STATIC / "path.js"
    _css = STATIC / "lesson.css"

    todo_labels = traitlets.List(traitlets.Unicode()).tag(sync=True)  # a step's label while not done
    # and while it is ahead of the one shown: its number alone (its title may name what it is yet to teach)
    ahead_labels = traitlets.List(traitlets.Unicode()).tag(sync=True)
    done_labels = traitlets.List(traitlets.Unicode()).tag(sync=True)  # and once done
    done = traitlets.List(traitlets.Bool()).tag(sync=True)
    current = traitlets.Int(0).tag(sync=True)  # the step shown, 0-based
    summary = traitlets.Unicode().tag(sync=True)  # the path's name for a screen reader (steps done)
    menu = traitlets.Unicode().tag(sync=True)  # the folded path's name on a narrow screen: the step shown


RESULT_FORMATS = ("csv", "json")


class ResultsDownload(anywidget.AnyWidget):
    """The learner's results, a link per format (``RESULT_FORMATS``); a file is made by ``make(format)``
    when its link is clicked and sent to the page to download as ``<name>.<format>``, rather
    than sent with every step."""

    _esm = STATIC / "results.js"
    _css = STATIC / "lesson.css"

    label = traitlets.Unicode().tag(sync=True)  # the words before the links
    links = traitlets.Dict().tag(sync=True)  # format -> the link's words
    name = traitlets.Unicode().tag(sync=True)  # the files' name without the extension

    def __init__(self, name: str, make: Callable[[str], str]) -> None:
        super().__init__(name=name)
        self._make = make
        self.on_msg(self._on_message)

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "results" and content.get("format") in RESULT_FORMATS:
            self.send({"type": "results", "format": content["format"], "text": self._make(content["format"])})


class Pager(anywidget.AnyWidget):
    """A step's pager: the previous page, "Board 2 of 3" and the next page. The count is a live
    region (a screen reader says it when it changes); a turn asked for in the page comes to
    ``on_turn`` (-1 or 1), and :meth:`focus` then moves the focus to the heading of the page
    turned to (a part's ``css_id``). On a phone the buttons show their arrows only (lesson.css),
    their words kept for a screen reader, so that the pager takes one row."""

    _esm = STATIC / "pager.js"
    _css = STATIC / "lesson.css"

    count = traitlets.Unicode().tag(sync=True)  # "Board 2 of 3"
    previous = traitlets.Unicode().tag(sync=True)  # the buttons' words
    following = traitlets.Unicode().tag(sync=True)
    first = traitlets.Bool(True).tag(sync=True)  # no page before this one
    last = traitlets.Bool(True).tag(sync=True)  # no page after it
    target = traitlets.Unicode().tag(sync=True)  # the class of the part the focus goes into
    turn = traitlets.Int(0).tag(sync=True)  # counts the pages turned: the page acts on each

    def __init__(self, on_turn: Callable[[int], None]) -> None:
        super().__init__()
        self._on_turn = on_turn
        self.on_msg(self._on_message)

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "turn" and content.get("by") in (-1, 1):
            self._on_turn(content["by"])

    def focus(self, target: str) -> None:
        """Move the focus into the part with the class ``target`` once the page shows it."""
        self.target = target
        self.turn += 1


class LessonStyle(anywidget.AnyWidget):
    """Shows nothing: brings the lesson's style sheet (its colours for light and dark themes) to
    a page that shows a step without a whole lesson, as a notebook does with ``step_view``."""

    _esm = "export default { render() {} };"
    _css = STATIC / "lesson.css"


class PrintButton(anywidget.AnyWidget):
    """A button that prints the page (the print style keeps only the rules card)."""

    _esm = STATIC / "print.js"
    _css = STATIC / "lesson.css"

    label = traitlets.Unicode().tag(sync=True)
