"""The lesson as ipywidgets: one step as a widget, and the stepper that walks
a whole lesson with Back and Next, a choice of language, the path of steps
done, the learner's results to download and progress kept in the browser.

The tutorial notebook shows single steps (``step_view("deck")``); the Voilà
lesson shows ``Lesson()`` (the built-in lesson) or ``Lesson("my-lesson.json")``.

A step's widgets are built on its first visit (or, when the kernel runs an
event loop as in Voilà, just after the step before or after it is shown): Back
and Next only show one step and hide the others. The steps beside the one shown
are kept built, and so are the steps with a table (their game plays on); the
others are closed once the learner has moved two steps away and built again
from the progress when visited, so a walk through the lesson leaves as many
widgets alive as it found. A language switch re-words every built step in
place, so answers, positions as played and the games survive both.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable, Mapping
from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as widgets

from ..classroom.live import live_client
from ..classroom.report import class_check_plan, class_reporter, learner_report, say
from ..text.lessons import lesson_text
from ..text.rule_names import rule_name
from ..text.teacher import name_label, progress_refused
from ..text.translate import LANGUAGES, check_language, default_language
from ..widget.options import SLOW_PACE, check_pace
from ..widget.render_notice import with_render_notice
from .browser import RESULT_FORMATS, LessonPath, LessonStyle, Pager, ProgressStore, ResultsDownload
from .controls import (
    BroughtBack,
    CheckBox,
    GameTable,
    GuidedGame,
    Part,
    PositionBoard,
    QuizScore,
    StepText,
    close_tree,
    demo_part,
)
from .format import Lesson as LessonFile
from .format import LessonFileError, Step, builtin_lesson, load_lesson
from .live_board import LiveBoard
from .mastery import rule_progress, to_bring_back
from .prepost import CheckPlan, later_due, step_key, with_checks
from .prepost_view import CheckRound, check_round, due_notice
from .problem import LessonProblem
from .progress import (
    ProgressError,
    check_progress,
    new_progress,
    results_csv,
    results_json,
    sealed,
    step_record,
    typed_name,
    valid_games,
)
from .snapshot import lesson_snapshot_html

HIDDEN = "none"
PREFETCH_DELAY_S = 0.05  # after the step shown has gone to the page


class StepView(widgets.VBox):
    """One step: its words, positions, demonstration and check questions (and a quiz score);
    ``games`` names the learner's run of the lesson its tables keep their games under;
    ``show_rule_ids`` shows the rules' ids beside their names (for teachers); ``pace`` is
    the seconds between the bots' cards on its tables.

    Its boards are shown one at a time, and on a review or a quiz step its questions too, with
    those brought back (its *pages*), so that each fits the screen with its verdict: at a review
    first, at a quiz a few after its own questions (so that it asks first what its words promise)."""

    def __init__(self, step: Step, lesson: LessonFile, lang: str, games: str = "",
                 show_rule_ids: bool = False, pace: float = SLOW_PACE) -> None:
        self.step = step
        self.lang = lang
        self.paged_checks = step.review or step.quiz
        paged = len(step.positions) + (len(step.checks) if self.paged_checks else 0)
        # A pager where the step has pages to turn, or may have once it brings some back.
        self.pager: Pager | None = new_pager(self) if paged > 1 or step.review or step.quiz else None
        self.parts: dict[str, Part] = {"text": StepText(step, lang, beside=self.pager)}
        untaught = untaught_at(lesson, step)
        again = BroughtBack(lesson, lang, untaught, show_rule_ids, pace, quiz=step.quiz) \
            if step.review or step.quiz else None
        if again is not None:
            again.on_items = lambda: self.show_page(self.first_not_done())
        if again is not None and step.review:  # first, what the learner got wrong before
            self.parts["again"] = again
        for position in step.positions:
            self.parts[f"position:{position.key}"] = PositionBoard(position, lang, untaught, show_rule_ids, pace)
        if step.demo is not None:
            self.parts["demo"] = check_round(step, lesson, lang) or demo_part(step.demo, lesson, lang, games,
                                                                              show_rule_ids, pace)
        boxes = []
        for check in step.checks:
            box = CheckBox(check, lang)
            boxes.append(box)
            self.parts[f"check:{check.key}"] = box
        if again is not None and step.quiz:  # after its own questions, a few the learner got wrong before
            self.parts["again"] = again
            score = QuizScore(boxes, lang)
            for box in boxes:
                box.on_change = score.render
            self.parts["score"] = score
        self.page = 0  # the page shown
        super().__init__([*self.parts.values(), LessonStyle()])
        self.add_class("hearts-lesson-step")
        self.add_class(f"hearts-lesson-step-{step.key}")
        self.show_page(0)

    def pages(self) -> list[Part]:
        """The parts shown one at a time, in order: those brought back, the boards, and on a
        review or a quiz the questions (at a quiz, those brought back last)."""
        brought = self.brought()
        own = [part for part in self.parts.values() if isinstance(part, PositionBoard)
               or (self.paged_checks and isinstance(part, CheckBox))]
        return own + brought if self.step.quiz else brought + own

    def brought(self) -> list[Part]:
        """The boards and questions the step brought back."""
        again = self.parts.get("again")
        return list(again.items.values()) if isinstance(again, BroughtBack) else []

    def first_not_done(self) -> int:
        """The first page not done yet (the last one when all are)."""
        pages = self.pages()
        return next((i for i, part in enumerate(pages) if not part.done), len(pages) - 1)

    def show_page(self, index: int, focus: bool = False) -> None:
        """Show page ``index`` (kept within the pages), the others hidden; with ``focus`` (the
        learner turned the page) the focus goes to its heading and its number is announced."""
        pages = self.pages()
        self.page = max(0, min(index, len(pages) - 1))
        shown = pages[self.page] if pages else None
        for part in pages:
            part.layout.display = None if part is shown else HIDDEN
        again = self.parts.get("again")
        if isinstance(again, BroughtBack):
            again.show(shown)
        self._render_pager()
        if focus and shown is not None and self.pager is not None:
            self.pager.focus(shown.css_id)

    def _render_pager(self) -> None:
        """The pager's words and buttons for the page shown."""
        if self.pager is None:
            return
        pager, pages, lang = self.pager, self.pages(), self.lang
        pager.layout.display = None if len(pages) > 1 else HIDDEN
        boards = sum(isinstance(part, PositionBoard) for part in pages)
        kind = "board" if boards == len(pages) else "question" if boards == 0 else "exercise"
        number, total, count = self.page + 1, len(pages), PAGE_WORDS[kind][0]
        brought = len(self.brought()) if self.step.quiz else 0
        if brought:  # a quiz's own questions, then a few to try again: each counted apart
            kind, total, count = "exercise", total - brought, "ui.question-of"
            if number > total:
                number, total, count = number - total, brought, "ui.retry-of"
        pager.count = lesson_text(count, lang, number=number, total=total)
        _count, previous, following = PAGE_WORDS[kind]
        pager.previous = lesson_text(previous, lang)
        pager.following = lesson_text(following, lang)
        pager.first = self.page == 0
        pager.last = self.page >= len(pages) - 1

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self._render_pager()
        for part in self.parts.values():
            part.set_lang(lang)

    def state(self) -> dict[str, Any]:
        return {name: part.state() for name, part in self.parts.items() if part.state()}

    def restore(self, parts: Any) -> None:
        if not isinstance(parts, dict):
            return
        for name, part in self.parts.items():
            saved = parts.get(name)
            if isinstance(saved, dict):
                part.restore(saved)
        self.show_page(self.first_not_done())

    def forget(self) -> None:
        for part in self.parts.values():
            part.forget()

    @property
    def done(self) -> bool:
        return all(part.done for part in self.parts.values())

    @property
    def plays_a_game(self) -> bool:
        """Whether the step has a table whose game goes on while the learner is elsewhere."""
        return any(isinstance(part, (GuidedGame, GameTable)) for part in self.parts.values())


# The words of a pager (:class:`~.browser.Pager`), by what its pages are: all boards, all questions, or both.
PAGE_WORDS = {"board": ("ui.board-of", "ui.previous-board", "ui.next-board"),
              "question": ("ui.question-of", "ui.previous-question", "ui.next-question"),
              "exercise": ("ui.exercise-of", "ui.previous-exercise", "ui.next-exercise")}


def new_pager(view: StepView) -> Pager:
    """A pager for ``view``'s pages, hidden while it has one or none (see :meth:`StepView.show_page`)."""
    pager = Pager(lambda by: view.show_page(view.page + by, focus=True))
    pager.add_class("hearts-lesson-pager")
    return pager


def untaught_at(lesson: LessonFile, step: Step) -> tuple[str, ...]:
    """The rules a later step of ``lesson`` teaches and no step up to ``step`` does: at
    ``step`` the tables tell what they do in plain words, without their names; and the
    coach (``"coach"``) before the first step that shows it: no coach's word on a table before."""
    index = lesson.steps.index(step)
    taught = {rule for earlier in lesson.steps[:index + 1] for rule in earlier.rules}
    untaught = {rule for later in lesson.steps[index + 1:] for rule in later.rules} - taught
    if not any(shows_coach(earlier) for earlier in lesson.steps[:index + 1]):
        untaught.add("coach")
    return tuple(sorted(untaught))


def shows_coach(step: Step) -> bool:
    """Whether ``step`` shows the coach: a board with its advice, its pass, or a hand beside it."""
    return step.demo in ("coach-pass", "guided") or any(position.coach for position in step.positions)



def step_view(key: str | Step, lang: str | None = None, lesson: LessonFile | None = None,
              show_rule_ids: bool = False, pace: float = SLOW_PACE) -> StepView:
    """One step of a lesson (by default the built-in one), as a widget."""
    lesson = lesson or builtin_lesson()
    current = key if isinstance(key, Step) else lesson.step(key)
    return StepView(current, lesson, check_language(lang), show_rule_ids=show_rule_ids, pace=check_pace(pace))


def page_language(environ: Mapping[str, str] | None = None) -> str:
    """The language a page asks for: ``?lang=sw`` in a Voilà URL (Voilà hands the
    kernel its query string as ``QUERY_STRING``), else the kernel's locale, else English."""
    environ = os.environ if environ is None else environ
    asked = parse_qs(environ.get("QUERY_STRING", "")).get("lang", [])
    shipped = [code for code in asked if code in LANGUAGES]
    return shipped[0] if shipped else default_language(None, environ)


class Lesson(widgets.VBox):
    """A whole lesson, a step at a time: Back, Next, the language (by default
    the one the page asks for, see :func:`page_language`), the path of steps
    done, Start over, and the learner's results to download. ``lesson`` is a
    lesson file's path or a loaded :class:`~hearts_widget.lessons.format.Lesson`
    (by default the built-in one). With ``remember`` the progress is kept in
    the browser and a reload continues where the learner was. ``show_rule_ids``
    shows each rule's id beside its name, for teachers and developers. ``pace`` is
    the seconds between the bots' cards on every table of the lesson (the default
    follows one card at a time; 0 is instant, for a class that knows the game). ``check`` adds a short
    check before the lesson and after it (see :mod:`.prepost`); by default, a class's teacher's choice.

    A lesson file the loader refuses is not raised (Voilà's page would show only "There was an
    error when executing cell"): the lesson shows in its place what is wrong and where (the
    file, the step, the field) in the learner's language
    (:class:`~hearts_widget.lessons.problem.LessonProblem`), and ``problem`` holds the error;
    :func:`~hearts_widget.lessons.format.load_lesson` raises it."""

    def __init__(self, lesson: str | Path | LessonFile | None = None, lang: str | None = None, start: int = 0,
                 remember: bool = True, show_rule_ids: bool = False, pace: float = SLOW_PACE,
                 check: CheckPlan | None = None) -> None:
        self.lang = check_language(lang) if lang is not None else page_language()
        self.problem: LessonFileError | None = None
        if lesson is None:
            lesson = builtin_lesson()
        elif not isinstance(lesson, LessonFile):
            try:
                lesson = load_lesson(lesson)
            except LessonFileError as error:  # said on the page, where Voilà would hide a raised error
                self.problem = error
                super().__init__([LessonProblem(error, self.lang), LessonStyle()])
                self.add_class("hearts-lesson")
                return
        lesson = with_checks(lesson, check if check is not None else class_check_plan())
        self.lesson = lesson
        self.show_rule_ids = show_rule_ids
        self.pace = check_pace(pace)
        self.views: dict[int, StepView] = {}
        self.index = max(0, min(start, len(lesson.steps) - 1))
        self.progress = new_progress(lesson, self.lang)
        self._shown_at = time.monotonic()
        self._kept = self.progress  # the progress as last saved (_save), which the results files are made from
        self.language = widgets.Dropdown(options=[(name, code) for code, name in LANGUAGES.items()],
                                         value=self.lang, layout=widgets.Layout(width="auto"))
        self.language.add_class("hearts-lesson-language")
        self.language.observe(lambda change: self.set_lang(change["new"]), names="value")
        self.heading = widgets.HTML()
        self.counter = widgets.HTML()
        self.counter.add_class("hearts-lesson-progress")
        self.path = LessonPath()
        self.path.add_class("hearts-lesson-path-box")
        self.mastery = widgets.HTML()
        self.mastery.add_class("hearts-lesson-mastery-box")
        # no icons: Voilà's icon font comes from a CDN a classroom may not reach
        self.back = widgets.Button(layout=widgets.Layout(width="auto", min_width="5em"))
        self.next = widgets.Button(button_style="primary", layout=widgets.Layout(width="auto", min_width="7em"))
        self.back.add_class("hearts-lesson-back")
        self.next.add_class("hearts-lesson-next")
        self.back.on_click(lambda _button: self.go(self.index - 1))
        self.next.on_click(lambda _button: self.go(self.index + 1))
        self.start_over = widgets.Button(layout=widgets.Layout(width="auto"))
        self.start_over.add_class("hearts-lesson-start-over")
        self.start_over.on_click(lambda _button: self.restart())
        self.downloads = ResultsDownload(f"{lesson.id}-results", self._results_file)
        self.downloads.add_class("hearts-lesson-results")
        # One slot per step, fixed for the lesson's life: a step built or closed changes its own slot's
        # children only. (A Box's children changed at position k make the page redraw every child
        # from k on: the step before, built ahead while the learner reads, redrew the step shown,
        # its boards drawn afresh and the window scrolled under the learner.)
        self.slots = [widgets.VBox(layout=widgets.Layout(display=HIDDEN, overflow="visible")) for _ in lesson.steps]
        self.content = widgets.VBox(self.slots)
        self.store = ProgressStore(lesson.id, self._on_saved) if remember else None
        # A class served with a teacher's view: the progress goes to the teacher too (see hearts_widget.classroom),
        # from the moment the browser has said what it kept (its copy has the learner's id: reporting before
        # would make a row under a fresh id at every reload).
        self.reporter = class_reporter(lesson)
        self._browser_answered = self.store is None
        self._class_key: bytes | None = None  # the class's key for the seal on the browser's copy, once asked
        self._class_key_asked = False
        self.notice = widgets.HTML()  # why the browser's copy was not used, when it was not
        self.notice.add_class("hearts-lesson-notice")
        self.notice.layout.display = HIDDEN
        self.check_due = widgets.HTML()  # the check some days later is open (said when the learner comes back)
        self.check_due.add_class("hearts-lesson-check-due")
        self._check_due_told = False
        self.your_name = None
        if self.reporter is not None and self.reporter.asks_name:
            self.your_name = widgets.Text(continuous_update=False, style={"description_width": "initial"},
                                          layout=widgets.Layout(width="auto"))
            self.your_name.add_class("hearts-lesson-name")
            self.your_name.observe(lambda change: self.set_name(change["new"]), names="value")
        # One row for the title, Back/Next, the rules mastered and the language, and one for the path, so
        # that a step's board fits the screen below; on a phone (lesson.css) the title and Back/Next, then
        # the path folded into its "Step 5 of 23" and the language, then the rules mastered.
        nav = widgets.HBox([self.back, self.counter, self.next], layout=widgets.Layout(align_items="center"))
        nav.add_class("hearts-lesson-nav")
        header = widgets.HBox([self.heading, nav, self.mastery, self.language, self.path], layout=widgets.Layout(
            justify_content="space-between", align_items="center", flex_flow="row wrap"))
        header.add_class("hearts-lesson-header")
        footer = widgets.HBox([self.downloads, *filter(None, [self.your_name]), self.start_over], layout=widgets.Layout(
            justify_content="space-between", align_items="center", flex_flow="row wrap"))
        # The board the teacher puts before the class comes in place of the step, which stays as it was.
        client = live_client(self.reporter, lesson, lambda: self.progress["learner"])
        self.live = LiveBoard(lesson, client, self.lang, self._on_live) if client is not None else None
        children: list[widgets.Widget] = [header, self.notice, self.check_due, *filter(None, [self.live]),
                                          self.content, footer]
        super().__init__(children + ([self.store] if self.store is not None else []))
        self.add_class("hearts-lesson")
        self.go(self.index)
        if self.live is not None:
            self.live.follow(lambda: self._browser_answered)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The widget's display data, with what Voilà's page says if it cannot draw it (render_notice),
        and the lesson's first step as static HTML for pages where widgets cannot run (a live front end
        draws the widget's view instead: it ranks first)."""
        bundle = with_render_notice(super()._repr_mimebundle_(**kwargs), self.lang)
        if bundle is None:
            return None
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, None)
        if isinstance(self.children[0], LessonProblem):  # a file the loader refused: its account instead
            snapshot = self.children[0].value
        else:
            snapshot = lesson_snapshot_html(self.lesson, self.lang)
        data = {**data, "text/html": snapshot}
        return (data, metadata) if isinstance(bundle, tuple) else data

    # -- moving about ---------------------------------------------------------
    def go(self, index: int) -> None:
        """Show step ``index`` (0-based), kept within the lesson; built on first visit."""
        self._add_time()
        self.index = max(0, min(index, len(self.lesson.steps) - 1))
        step = self.lesson.steps[self.index]
        view = self.views.get(self.index)
        if view is None:
            view = self._build(self.index)
        for number, slot in enumerate(self.slots):  # a step is shown or hidden by its slot
            slot.layout.display = None if number == self.index else HIDDEN
        again = view.parts.get("again")
        if isinstance(again, BroughtBack):
            again.bring_back(name for name, _part in to_bring_back(self.lesson, self.progress, step))
        self.progress["step"] = step.key
        self._update_done(view)
        self._save()  # first: what the page shows next is then already kept
        self._render_chrome()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (a script, a test): nothing built ahead, the others closed now
            self._close_far_views(beside=False)
            return
        loop.call_later(PREFETCH_DELAY_S, self._prepare_beside, loop, self.index, 1)

    def _prepare_beside(self, loop: asyncio.AbstractEventLoop, index: int, side: int) -> None:
        """While the learner reads step ``index``: build the step after it (``side`` 1), then
        the step before it (-1), each in a turn of the event loop of its own, so that a click
        in between is answered; then close the steps two or more away (:meth:`_close_far_views`)."""
        if index != self.index:
            return  # the learner has moved on: the step now shown has its own turn
        beside = index + side
        if 0 <= beside < len(self.lesson.steps) and beside not in self.views:
            self._build(beside)
        if side == 1:
            loop.call_soon(self._prepare_beside, loop, index, -1)  # the loop that called (Pyodide's too)
        else:
            self._close_far_views(beside=True)

    def _close_far_views(self, beside: bool) -> None:
        """Close the steps built but not shown (with ``beside``, not next to the one shown either),
        except those that play a game; their answers are in the progress, which rebuilds them."""
        keep = {self.index - 1, self.index, self.index + 1} if beside else {self.index}
        far = [i for i, view in self.views.items() if i not in keep and not view.plays_a_game]
        if not far:
            return
        closed = []
        for i in far:
            self._update_done(self.views[i])
            closed.append(self.views.pop(i))
            self.slots[i].children = []
        for view in closed:
            close_tree(view)

    def _build(self, index: int) -> StepView:
        step = self.lesson.steps[index]
        view = StepView(step, self.lesson, self.lang, self.progress["games"], self.show_rule_ids, self.pace)
        view.restore(step_record(self.progress, step.key)["parts"])
        for part in view.parts.values():
            part.on_change = self._chained(part.on_change, view)
            if isinstance(part, CheckRound):
                part.follow(lambda: self.progress)
        self.views[index] = view
        self.slots[index].children = [view]
        return view

    def _chained(self, previous: Callable[[], None], view: StepView) -> Callable[[], None]:
        """``previous`` (say, a quiz score), then the lesson's own bookkeeping."""
        def changed() -> None:
            previous()
            self._on_part_change(view)
        return changed

    def _on_part_change(self, view: StepView) -> None:
        self._update_done(view)
        self._save()  # first: what the page shows next is then already kept
        self._render_chrome()

    def _update_done(self, view: StepView) -> None:
        record = step_record(self.progress, view.step.key)
        record["parts"] = view.state()
        record["done"] = record["done"] or view.done

    def _add_time(self) -> None:
        now = time.monotonic()
        if self.views.get(self.index) is not None:
            record = step_record(self.progress, self.lesson.steps[self.index].key)
            record["seconds"] = round(record["seconds"] + now - self._shown_at, 1)
        self._shown_at = now

    def _progress_now(self) -> dict[str, Any]:
        """A copy of the progress with the time spent so far on the step shown (its own
        record gets it when the learner leaves the step), so that the results to
        download and the browser's copy count the step in progress too."""
        progress = {**self.progress, "steps": {k: dict(v) for k, v in self.progress["steps"].items()}}
        if self.views.get(self.index) is not None:
            record = step_record(progress, self.lesson.steps[self.index].key)
            record["seconds"] = round(record["seconds"] + time.monotonic() - self._shown_at, 1)
        return progress

    def set_lang(self, lang: str) -> None:
        """Every word in ``lang``, every answer and move kept."""
        self.lang = check_language(lang)
        self.language.value = self.lang
        self.progress["lang"] = self.lang
        for view in self.views.values():
            view.set_lang(self.lang)
        if self.live is not None:
            self.live.set_lang(self.lang)
        self._save()  # first: what the page shows next is then already kept
        self._render_chrome()

    def restart(self) -> None:
        """Start over: every answer and the lesson's games forgotten, here, in the
        browser and in the kernel's store of games, back to the first step."""
        for view in self.views.values():
            view.forget()
        self._close_views()
        self.progress = new_progress(self.lesson, self.lang, self.progress)
        self.notice.layout.display = HIDDEN
        self.index = 0
        self.go(0)

    def _close_views(self) -> None:
        old = list(self.views.values())
        self.views = {}
        for slot in self.slots:
            slot.children = []
        for view in old:
            close_tree(view)

    def _on_live(self, shown: bool) -> None:
        """The class's board came on top of the lesson (``shown``) or went: the step comes back as it was."""
        self.content.layout.display = HIDDEN if shown else None
        self._render_chrome()

    # -- the browser's memory ---------------------------------------------------
    def _on_saved(self, saved: dict[str, Any] | None) -> None:
        """The progress the browser kept (None: nothing kept): continue from it (a reload, or the next day).
        Reports to the teacher start here."""
        self._browser_answered = True
        if saved is None:
            self._save()
            return
        try:
            saved = check_progress(self.lesson, saved, self._seal_key())
        except ProgressError as error:
            self._refuse_saved(error)
            return
        keys = [s.key for s in self.lesson.steps]
        self._close_views()
        self.progress = {**new_progress(self.lesson, self.lang, saved), "steps": {
            k: v for k, v in saved["steps"].items() if k in keys and isinstance(v, dict)}}
        if valid_games(saved.get("games")):  # the same run of the lesson: its games come back
            self.progress["games"] = saved["games"]
        if self.your_name is not None:
            self.your_name.value = self.progress["name"]
        lang = saved.get("lang")
        if lang in LANGUAGES:
            self.lang = lang
            self.language.value = lang
            self.progress["lang"] = lang
        self._check_due_told = later_due(self.lesson, self.progress)  # back after some days: the check is shown
        self.go(keys.index(step_key("later")) if self._check_due_told else keys.index(saved["step"]))

    def _seal_key(self) -> bytes | None:
        """The class's key (None outside a class): the browser's copy carries its seal, and a copy
        without it is not used, so every figure the teacher sees was made by a kernel of the class."""
        if not self._class_key_asked and self.reporter is not None:
            self._class_key = self.reporter.seal_key()
        self._class_key_asked = True
        return self._class_key

    def _refuse_saved(self, error: ProgressError) -> None:
        """The browser's copy cannot be used: say so, and start afresh under a new id (the copy's
        id is not trusted: it may be another learner's)."""
        say(f"the progress this browser kept was not used ({error}); the lesson starts afresh")
        self._close_views()
        self.progress = new_progress(self.lesson, self.lang)
        if self.your_name is not None:
            self.your_name.value = ""
        self.notice.layout.display = None
        self.index = 0
        self.go(0)

    def set_name(self, name: str) -> None:
        """The name the learner typed for their teacher, kept with the progress."""
        self.progress["name"] = typed_name(name)
        self._save()

    def _save(self) -> None:
        progress = self._kept = self._progress_now()
        if self.store is not None:
            self.store.progress = sealed(progress, self._seal_key())
        if self.reporter is not None and self._browser_answered:
            self.reporter.report(learner_report(self.lesson, progress))

    # -- what surrounds the step ------------------------------------------------
    def _render_chrome(self) -> None:
        lang, steps = self.lang, self.lesson.steps
        self.notice.value = f'<p role="status">{escape(progress_refused(lang))}</p>'
        self._check_due_told = self._check_due_told and later_due(self.lesson, self.progress)
        self.check_due.value = due_notice(self.lesson, lang) if self._check_due_told else ""
        self.check_due.layout.display = None if self._check_due_told else HIDDEN
        self.heading.value = f"<h2>{escape(self.lesson.title(lang))}</h2>"
        step_of = lesson_text("ui.step-of", lang, number=self.index + 1, total=len(steps))
        self.counter.value = f'<span style="white-space:nowrap;padding:0 .6em">{escape(step_of)}</span>'
        self.back.description = "← " + lesson_text("ui.back", lang)
        self.next.description = lesson_text("ui.next", lang) + " →"
        live = self.live is not None and self.live.shown  # the class's board first
        self.back.disabled = self.index == 0 or live
        self.next.disabled = self.index == len(steps) - 1 or live
        self.start_over.description = lesson_text("ui.start-over", lang)
        self.language.description = lesson_text("ui.language", lang)  # the menu's name, shown and read
        if self.your_name is not None:
            self.your_name.description = name_label(lang)
        # Each trait is sent only when it changed: on Back and Next, ``current`` alone.
        done = [bool(self.progress["steps"].get(step.key, {}).get("done")) for step in steps]
        self.path.todo_labels = [lesson_text("ui.step-todo", lang, number=number, title=step.title(lang))
                                 for number, step in enumerate(steps, start=1)]
        self.path.ahead_labels = [lesson_text("ui.step-ahead", lang, number=number)
                                  for number in range(1, len(steps) + 1)]
        self.path.done_labels = [lesson_text("ui.step-done", lang, number=number, title=step.title(lang))
                                 for number, step in enumerate(steps, start=1)]
        self.path.summary = lesson_text("ui.path", lang, done=sum(done), total=len(steps))
        self.path.menu = step_of
        self.path.done = done
        self.path.current = self.index
        self.downloads.label = lesson_text("ui.results", lang)
        self.downloads.links = {kind: lesson_text("ui.download", lang, format=kind.upper()) for kind in RESULT_FORMATS}
        self._render_mastery()

    def _render_mastery(self) -> None:
        """Per rule asked about: mastered (right unaided twice), to practise (answered wrong), or not yet;
        a rule is listed once the learner has answered about it, so that none is named before the step
        that teaches it (the count is of them all). A Next changes none of it."""
        lang = self.lang
        table = rule_progress(self.lesson, self.progress)
        chips = []
        for rule, row in table.items():
            if not row["right"] and not row["wrong"]:
                continue
            name = rule_name(rule, lang) + (f" · {rule}" if self.show_rule_ids else "")
            key, mark, css = (("ui.rule-mastered", "✓", " hearts-lesson-mastered") if row["mastered"]
                              else ("ui.rule-missed", "✗", " hearts-lesson-missed") if row["wrong"]
                              else ("ui.rule-not-yet", "", ""))
            label = escape(lesson_text(key, lang, rule=name))
            chips.append(f'<li class="hearts-lesson-rule{css}" title="{label}" aria-label="{label}">'
                         f'{escape(mark)} {escape(name)}</li>')
        done = sum(row["mastered"] for row in table.values())
        heading = escape(lesson_text("ui.mastered", lang, done=done, total=len(table)))
        short = escape(lesson_text("ui.mastered-short", lang, done=done, total=len(table)))  # a phone's
        self.mastery.value = (f'<details class="hearts-lesson-mastery"><summary><span class="hearts-lesson-long">'
                              f'{heading}</span><span class="hearts-lesson-short">{short}</span></summary>'
                              f'<ul>{"".join(chips)}</ul></details>')

    def _results_file(self, kind: str) -> str:
        """The results to download (``kind`` one of ``RESULT_FORMATS``), made when the learner asks,
        from the progress as last kept: the browser's copy and the teacher's row say the same."""
        make = results_csv if kind == "csv" else results_json
        return make(self.lesson, self._kept)

    def results_csv(self) -> str:
        """The learner's results, one row per step (see :mod:`.progress`)."""
        self._add_time()
        return results_csv(self.lesson, self.progress)

    def results_json(self) -> str:
        self._add_time()
        return results_json(self.lesson, self.progress)
