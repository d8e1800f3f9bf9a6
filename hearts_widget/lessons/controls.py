"""ipywidgets controls for the lessons: the parts a step is made of.

Each part (a position on the table, a check question, a demonstration) is
built once and then kept: it re-renders its words for another language in
place (``set_lang``), gives its state as JSON-friendly values (``state``, the
learner's moves and answers, never a hand) and takes it back (``restore``,
after a reload). ``on_change`` is called whenever the learner does something.

Every verdict comes from the engine (``Hand.explain``, the events of a move,
``Game`` scores) or the coach; these controls only lay them out. Each control
has a CSS class (``hearts-lesson-*``) so browser tests can find it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from html import escape
from itertools import count
from typing import Any

import ipywidgets as widgets

from ..bots.coach import hint
from ..engine import Card, Event, Explanation, Game, Hand, Rules, Suit
from ..engine.display import card_html
from ..engine.rules import CANCELLATION_PLAYERS, STRIPPED, VARIANTS
from ..engine.same_deal import SameDeal
from ..text import event_text, number_text
from ..text.lessons import lesson_text
from ..text.rule_names import rule_name
from ..text.rules_card import rules_card
from ..text.translate import check_language
from ..text.ui import seat_names, ui_strings
from ..text.variants import variant_names
from ..widget.options import SLOW_PACE
from .browser import PrintButton
from .checks import answered, respond, valid_tries
from .format import Check, Lesson, Step
from .games import moon_game, omnibus_same_deal, tie_game
from .mastery import QUIZ_RETRIES
from .positions import LEARNER, TRICK_OUTCOME, Position, try_pass

PASS_SEED = 3
SHEET_HANDS = 2
ROTATION_HANDS = 8
GUIDED_SEED = 7
# The tones of a verdict, a class each: lesson.css gives them colours that read on the theme's
# background, light or dark (the page's theme says which).
GOOD = "hearts-lesson-good"
BAD = "hearts-lesson-bad"
HINT = "hearts-lesson-hint"
BOX = {"border": "1px solid var(--jp-border-color1, #c8c8c8)", "padding": "0.3em 0.8em", "margin": "0.5em 0"}
_PART_NUMBERS = count(1)
VARIANTS_SHOWN = (Rules(players=3, variant="black-maria"), Rules(players=6, variant="cancellation"))
# Omnibus Hearts, whose own rules the variants step states under its hand played both ways.
OMNIBUS_SHOWN = Rules(variant="omnibus")


def _html(text: str, css: str) -> widgets.HTML:
    box = widgets.HTML(text)
    box.add_class(css)
    return box


def _paragraph(text: str, tone: str | None = None) -> str:
    """A paragraph of ``text``, in a tone (GOOD, BAD or HINT) when given."""
    tone_class = f' class="{tone}"' if tone else ""
    return f'<p{tone_class} style="margin:0.3em 0;line-height:1.4">{escape(text)}</p>'


def _prompt(text: str) -> str:
    return f'<p style="margin:0.3em 0"><b>{escape(text)}</b></p>'


def _ask(text: str) -> str:
    """A board's question or a check's question: the heading of a page the learner turns to
    (the focus goes to it when they do, see :mod:`.stepper`), looking like a bold line."""
    return f'<h4 class="hearts-lesson-ask" tabindex="-1">{escape(text)}</h4>'


def verdict_html(explanation: Explanation, lang: str | None, show_rule_ids: bool = False) -> str:
    """The engine's verdict on a card, with its rule's name (and id, for teachers), as a paragraph."""
    key = "ui.allowed" if explanation.legal else "ui.not-allowed"
    name = rule_name(explanation.rule, lang) + (f" · {explanation.rule}" if show_rule_ids else "")
    text = lesson_text(key, lang, reason=explanation.text(lang), rule=name)
    return _paragraph(("✓ " if explanation.legal else "✗ ") + text, GOOD if explanation.legal else BAD)


def events_html(events: Iterable[Event], lang: str | None, names: list[str]) -> str:
    """What happened, in the engine's words, with the seats named as on the table."""
    return "".join(_paragraph(event_text(e, lang, names)) for e in events)


def text_button(text: str, on_click: Callable[[], None], style: str = "") -> widgets.Button:
    """A button labelled with a sentence, as wide as its words."""
    button = widgets.Button(description=text, button_style=style, layout=widgets.Layout(width="auto"))
    button.on_click(lambda _button: on_click())
    return button


def close_tree(widget: widgets.Widget) -> None:
    """Close ``widget``, everything inside it and their layout and style widgets."""
    for child in getattr(widget, "children", ()):
        close_tree(child)
    for name in ("layout", "style"):
        part = getattr(widget, name, None)
        if isinstance(part, widgets.Widget):
            part.close()
    widget.close()


class Part(widgets.VBox):
    """A piece of a step that keeps what the learner did (see the module docstring); ``css_id`` is a
    CSS class of its own, by which the page finds it (the stepper moves the focus into it)."""

    def __init__(self, children: list[widgets.Widget], lang: str, css: str, boxed: bool = True) -> None:
        super().__init__(children, layout=widgets.Layout(**BOX) if boxed else widgets.Layout())
        self.add_class(css)
        self.css_id = f"hearts-lesson-part-{next(_PART_NUMBERS)}"
        self.add_class(self.css_id)
        self.lang = lang
        self.on_change: Callable[[], None] = lambda: None

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.render()

    def render(self) -> None:
        """Write every word of the part in ``self.lang``."""

    def state(self) -> dict[str, Any]:
        return {}

    def restore(self, state: dict[str, Any]) -> None:
        """Take back a state given by :meth:`state` (from the browser: checked, never trusted)."""

    def forget(self) -> None:
        """Drop what the part keeps outside the learner's progress (a table's kept game), for Start over."""

    @property
    def done(self) -> bool:
        return True

    def _changed(self) -> None:
        self.render()
        self.on_change()


class StepText(Part):
    """The step's title and paragraphs; ``beside`` (the step's board pager) goes on the title's
    row, so that a step with several boards keeps its board on the screen."""

    def __init__(self, step: Step, lang: str, beside: widgets.Widget | None = None) -> None:
        self.step = step
        self.title = widgets.HTML()
        self.words = widgets.HTML()
        heading = widgets.HBox([self.title] + ([beside] if beside is not None else []), layout=widgets.Layout(
            flex_flow="row wrap", align_items="center"))
        heading.add_class("hearts-lesson-heading")
        super().__init__([heading, self.words], lang, "hearts-lesson-text", boxed=False)
        self.render()

    def render(self) -> None:
        self.title.value = f"<h3>{escape(self.step.title(self.lang))}</h3>"
        self.words.value = "".join(f"<p>{escape(p(self.lang))}</p>" for p in self.step.body)


class PositionBoard(Part):
    """A prepared position on the table's lesson board (``HeartsTable.from_hand``
    with ``layout="position"``). The learner answers first: no card is marked and
    no rule told until they try one (``ask_first``), or ask to see the playable cards
    (a hint: the answer no longer counts as right at the first try). An illegal card
    is refused on the board with its rule; after a legal one the others finish the
    trick and the board stops. Beside the board: the engine's verdict, who won the
    trick and what to do next (and with ``coach``, what the coach would have played
    and why). ``untaught`` are the rules the lesson teaches later: the board tells
    what they do in plain words. ``pace`` is the seconds between the bots' cards."""

    def __init__(self, position: Position, lang: str, untaught: tuple[str, ...] = (),
                 show_rule_ids: bool = False, pace: float = SLOW_PACE) -> None:
        from ..widget import HeartsTable

        self.position = position
        self.show_rule_ids = show_rule_ids
        self._start = position.hand.to_dict()
        self.wrong = 0  # cards refused before the first legal one
        self.first: bool | None = None  # was the first card tried legal, unaided?
        self.hinted = False  # did the learner ask to see the playable cards before their first card?
        self._played: str | None = None
        self._stopped: bool | None = None  # whether the board had stopped when the feedback was written
        self.prompt = _html("", "hearts-lesson-prompt")
        self.table = HeartsTable.from_hand(position.hand, learner=position.seat, stop_after_move=True,
                                           layout="position", lang=lang, ask_first=True, untaught=untaught,
                                           show_rule_ids=show_rule_ids, pace=pace)
        self.table.layout.max_width, self.table.layout.min_width = "760px", "0"  # a new Layout would leave one open
        self.table.add_class("hearts-lesson-felt")
        self.feedback = _html("", "hearts-lesson-feedback")
        self.show_playable = text_button("", self.reveal)
        self.show_playable.add_class("hearts-lesson-show-playable")
        side = widgets.VBox([self.feedback, self.show_playable],
                            layout=widgets.Layout(min_width="0", align_items="flex-start"))
        side.add_class("hearts-lesson-side")
        # The question, the table and the verdict in this order (read so); lesson.css puts the question and
        # the verdict in a column beside the table where there is room, so that a step fits one screen.
        board = widgets.Box([self.prompt, self.table, side])
        board.add_class("hearts-lesson-board")
        super().__init__([board], lang, "hearts-lesson-position")
        self._last_notice = dict(self.table.notice)
        self.table.observe(self._on_state, names="state")
        self.table.observe(self._on_notice, names="notice")
        self.render()

    def played(self) -> Card | None:
        """The card the learner has played from this position (None before, or after undo)."""
        record = self.table.game.to_dict()
        if record.get("start") != self._start or not record["actions"]:
            return None
        return Card.parse(record["actions"][0]["card"])

    def outcome(self) -> list[Event]:
        """How the trick the learner played to ended, as the engine told it: who won it (or that
        nobody did), twins cancelled, and the kitty or the cards of a cancelled trick taken."""
        hand = self.table.game.hand
        start = len(self.position.hand.events)
        if hand.events[:start] != self.position.hand.events:
            return []  # the table has moved on to another hand
        return [event for event in hand.events[start:] if event.kind in TRICK_OUTCOME]

    def reveal(self) -> None:
        """Show the playable cards (a hint: before the first card, the answer is no longer unaided)."""
        if self.first is None and self._played is None:
            self.hinted = True
            self.first = False
        self.table.reveal()
        self._changed()

    def _on_state(self, _change: Any) -> None:
        card = self.played()
        code = card.code if card else None
        if code != self._played:
            self._played = code
            if code is not None and self.first is None:
                self.first = True
            self._changed()
        elif code is not None and self.table.state.get("stopped") != self._stopped:
            self.render()  # at a visible pace the trick ends after the learner's card: show who won it

    def _on_notice(self, change: Any) -> None:
        notice = change["new"]
        if notice.get("kind") == "illegal" and notice.get("id") != self._last_notice.get("id"):
            self._last_notice = dict(notice)
            if self._played is None:
                self.wrong += 1
                if self.first is None:
                    self.first = False
            self._changed()

    def set_lang(self, lang: str) -> None:
        self.table.lang = lang
        super().set_lang(lang)

    def render(self) -> None:
        lang = self.lang
        self.prompt.value = _ask(self.position.prompt(lang)) if self.position.prompt else ""
        self.show_playable.description = lesson_text("ui.show-playable", lang)
        self.show_playable.layout.display = "none" if self.table.state.get("asking") is False else None
        card = self.played()
        self._stopped = self.table.state.get("stopped")
        if card is None:
            self.feedback.value = ""
            return
        names = seat_names(self.position.rules.players, self.position.seat, lang)
        shown = verdict_html(self.position.hand.explain(card), lang, self.show_rule_ids)
        shown += events_html(self.outcome(), lang, names)
        if self.position.coach:
            advice = hint(self.position.hand.view(self.position.seat), lang, names)
            shown += _paragraph(lesson_text("ui.coach-says", lang, advice=advice.text), HINT)
        self.feedback.value = shown + _paragraph(lesson_text("ui.position-next", lang))

    def state(self) -> dict[str, Any]:
        return {"played": self._played, "wrong": self.wrong, "first": self.first, "hinted": self.hinted}

    def restore(self, state: dict[str, Any]) -> None:
        wrong = state.get("wrong", 0)
        self.wrong = wrong if isinstance(wrong, int) and wrong >= 0 else 0
        first = state.get("first")
        self.first = first if isinstance(first, bool) else None
        self.hinted = state.get("hinted") is True
        if self.first is not None or self.hinted:
            self.table.reveal()  # the learner has answered (or asked) before the reload
        code = state.get("played")
        held = {c.code for c in self.position.cards}
        if isinstance(code, str) and code in held and self.position.hand.explain(code).legal:
            self.table.send_intent({"type": "play", "state": self.table.state["id"], "card": code})
        self.render()

    @property
    def done(self) -> bool:
        return self._played is not None


class CheckBox(Part):
    """A check question: one button per answer. A first wrong answer gets a hint,
    a second the answer; a right one is praised with the reason."""

    def __init__(self, check: Check, lang: str) -> None:
        self.check = check
        self.tries: list[str] = []
        self.question = _html("", "hearts-lesson-question")
        self.buttons = []
        for choice in check.choices:
            button = text_button("", partial(self.answer, choice.id))
            button.add_class("hearts-lesson-choice")
            self.buttons.append(button)
        self.feedback = _html("", "hearts-lesson-feedback")
        row = widgets.HBox(self.buttons, layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([self.question, row, self.feedback], lang, "hearts-lesson-check")
        self.render()

    def answer(self, choice: str) -> None:
        self.check.choice(choice)  # refuses an unknown choice by name
        if not self.done:
            self.tries.append(choice)
            self._changed()

    def render(self) -> None:
        lang = self.lang
        self.question.value = _ask(self.check.question(lang))
        for choice, button in zip(self.check.choices, self.buttons, strict=True):
            button.description = choice.text(lang)
            button.disabled = self.done
            button.button_style = "success" if self.done and choice.id in self.check.answers else ""
        response = respond(self.check, self.tries, lang)
        if response is None:
            self.feedback.value = ""
        else:
            mark, tone = {"right": ("✓ ", GOOD), "hint": ("? ", HINT), "reveal": ("✗ ", BAD)}[response.stage]
            self.feedback.value = _paragraph(mark + response.text, tone)

    def state(self) -> dict[str, Any]:
        return {"tries": list(self.tries)}

    def restore(self, state: dict[str, Any]) -> None:
        self.tries = valid_tries(self.check, state.get("tries"))
        self.render()

    @property
    def done(self) -> bool:
        return answered(self.check, self.tries)


class BroughtBack(Part):
    """A review step's first part: the boards and questions of rules the learner got wrong
    before it and has not mastered yet, to try again (see :mod:`.mastery`). Trying them is
    optional; each answer counts for its rules' mastery. The step shows them one at a time
    (:meth:`show`); ``on_items`` is called when some are brought back. At a quiz (``quiz``) they
    come after its own questions, at most :data:`~.mastery.QUIZ_RETRIES` of them, and their heading
    says they are not in the score."""

    def __init__(self, lesson: Lesson, lang: str, untaught: tuple[str, ...] = (), show_rule_ids: bool = False,
                 pace: float = SLOW_PACE, quiz: bool = False) -> None:
        self.lesson = lesson
        self.quiz = quiz
        self.untaught = untaught
        self.show_rule_ids = show_rule_ids
        self.pace = pace
        self.items: dict[str, Part] = {}
        self.on_items: Callable[[], None] = lambda: None
        self.heading = _html("", "hearts-lesson-again-title")
        super().__init__([self.heading], lang, "hearts-lesson-again", boxed=False)
        self.layout.display = "none"
        self.render()

    def _make(self, name: str) -> Part | None:
        kind, _, key = name.partition(":")
        if kind == "position" and key in self.lesson.positions():
            return PositionBoard(self.lesson.positions()[key], self.lang, self.untaught, self.show_rule_ids, self.pace)
        if kind == "check" and key in self.lesson.checks():
            return CheckBox(self.lesson.checks()[key], self.lang)
        return None

    def bring_back(self, names: Iterable[str]) -> None:
        """Bring back the parts called ``names`` (``position:<key>``, ``check:<key>``), after those already here."""
        before = len(self.items)
        for name in names:
            if self.quiz and len(self.items) >= QUIZ_RETRIES:
                break
            if name not in self.items:
                part = self._make(name)
                if part is not None:
                    part.on_change = self._changed
                    self.items[name] = part
        if len(self.items) != before:
            self.children = [self.heading, *self.items.values()]
            self.on_items()

    def show(self, shown: Part | None) -> None:
        """Show the part ``shown`` of those brought back, under the heading, and hide the others
        (with None, or a part of the step's own, hide them all and the heading)."""
        for part in self.items.values():
            part.layout.display = None if part is shown else "none"
        self.layout.display = None if shown in self.items.values() else "none"

    def set_lang(self, lang: str) -> None:
        for part in self.items.values():
            part.set_lang(lang)
        super().set_lang(lang)

    def render(self) -> None:
        self.heading.value = _prompt(lesson_text("ui.again-quiz-title" if self.quiz else "ui.again-title", self.lang))

    def state(self) -> dict[str, Any]:
        return {name: part.state() for name, part in self.items.items()}

    def restore(self, state: dict[str, Any]) -> None:
        self.bring_back(name for name in state if isinstance(state.get(name), dict))
        for name, part in self.items.items():
            part.restore(state[name])

    def forget(self) -> None:
        for part in self.items.values():
            part.forget()


class QuizScore(Part):
    """The score of a quiz step: the questions right at the first try, once all are answered."""

    def __init__(self, boxes: list[CheckBox], lang: str) -> None:
        self.boxes = boxes
        self.score = widgets.HTML()
        super().__init__([self.score], lang, "hearts-lesson-quiz-score")
        self.render()

    def render(self) -> None:
        if all(box.done for box in self.boxes):
            right = sum(bool(box.tries) and box.tries[0] in box.check.answers for box in self.boxes)
            text = lesson_text("ui.quiz-score", self.lang, right=right, total=len(self.boxes))
        else:
            text = lesson_text("ui.quiz-unfinished", self.lang)
        self.score.value = f"<p style='margin:0.3em 0'><b>{escape(text)}</b></p>"


class PassBoard(Part):
    """The pass: the learner picks cards and passes; the engine refuses any number
    but three, then everyone passes at once and the cards change hands. With
    ``coach`` the coach then says what it would have passed, and why."""

    def __init__(self, lang: str, coach: bool = False) -> None:
        self.coach = coach
        self.start = Hand.deal(Rules(players=4), seed=PASS_SEED, number=0)
        self.refused = False
        self.passed: list[Card] = []
        self.toggles = {card: self._toggle(card) for card in self.start.held(LEARNER)}
        self.prompt = _html("", "hearts-lesson-prompt")
        self.shown_choice = _html("", "hearts-lesson-chosen")
        self.feedback = _html("", "hearts-lesson-feedback")
        self.pass_button = text_button("", self.submit, "primary")
        self.again = text_button("", self.reset)
        cards = widgets.HBox(list(self.toggles.values()), layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([self.prompt, cards, self.shown_choice, widgets.HBox([self.pass_button, self.again]),
                          self.feedback], lang, "hearts-lesson-pass")
        self.render()

    def _toggle(self, card: Card) -> widgets.ToggleButton:
        toggle = widgets.ToggleButton(description=str(card), tooltip=card.code,
                                      layout=widgets.Layout(width="3.6em", height="2.6em"))
        toggle.style.font_weight = "bold"
        toggle.add_class("hearts-lesson-card")  # drawn as a card in any theme (lesson.css)
        toggle.add_class("hearts-lesson-red" if card.suit.is_red else "hearts-lesson-black")
        toggle.observe(lambda _change: self.render(), names="value")
        return toggle

    @property
    def chosen(self) -> list[Card]:
        return [card for card, toggle in self.toggles.items() if toggle.value]

    def submit(self) -> None:
        after, _refusal = try_pass(self.start, LEARNER, self.chosen)
        self.refused = after is None
        if after is not None:
            self.passed = self.chosen
        self._changed()

    def reset(self) -> None:
        self.refused = False
        self.passed = []
        for toggle in self.toggles.values():
            toggle.value = False
        self._changed()

    def render(self) -> None:
        lang = self.lang
        self.prompt.value = _prompt(lesson_text("position.pass", lang))
        self.pass_button.description = lesson_text("ui.pass-button", lang)
        self.again.description = lesson_text("ui.start-again", lang)
        self.shown_choice.value = _paragraph(lesson_text("ui.pass-chosen", lang, cards=" ".join(map(str, self.chosen))))
        for toggle in self.toggles.values():
            toggle.disabled = bool(self.passed)
        self.pass_button.disabled = bool(self.passed)
        if self.passed:
            self.feedback.value = self._passed_html()
        elif self.refused:
            _after, refusal = try_pass(self.start, LEARNER, self.chosen)
            self.feedback.value = verdict_html(refusal, lang) if refusal is not None else ""
        else:
            self.feedback.value = ""

    def _passed_html(self) -> str:
        lang = self.lang
        after = self.start.pass_cards(LEARNER, self.passed)
        for seat in after.waiting_to_pass:
            after = after.pass_cards(seat, after.held(seat)[:3])
        names = seat_names(after.players, LEARNER, lang)
        exchange = [e for e in after.events if e.kind == "exchange"]
        done = lesson_text("ui.pass-done", lang, given=" ".join(map(str, self.passed)),
                           received=" ".join(map(str, after.received(LEARNER))))
        shown = verdict_html(self.start.explain(self.passed[0]), lang) + events_html(exchange, lang, names)
        shown += _paragraph(done)
        if self.coach:
            advice = hint(self.start.view(LEARNER), lang, names)
            shown += _paragraph(lesson_text("ui.coach-says", lang, advice=advice.text), HINT)
        return shown

    def state(self) -> dict[str, Any]:
        return {"passed": [c.code for c in self.passed]}

    def restore(self, state: dict[str, Any]) -> None:
        codes = state.get("passed")
        held = {c.code: c for c in self.start.held(LEARNER)}
        if isinstance(codes, list) and len(codes) == 3 and all(isinstance(c, str) and c in held for c in codes):
            for code in codes:
                self.toggles[held[code]].value = True
            self.passed = [held[code] for code in codes]
        self.render()

    @property
    def done(self) -> bool:
        return bool(self.passed)


def deck_html(players: int, lang: str | None) -> str:
    """The 52 cards by suit, the ones stripped for ``players`` dimmed and struck out."""
    rules = Rules(players=players)
    rows = []
    for suit in Suit:
        cells = []
        for rank in range(14, 1, -1):
            card = Card(rank, suit)
            out = card in rules.stripped
            style = "opacity:.25;text-decoration:line-through" if out else ""
            cells.append(f'<span style="{style}" class="{"hearts-lesson-out" if out else ""}">{card_html(card)}</span>')
        rows.append(f"<div>{''.join(cells)}</div>")
    summary = lesson_text("ui.deck-summary", lang, players=players, each=rules.cards_each)
    stripped = (lesson_text("ui.deck-stripped", lang, cards=" ".join(map(str, rules.stripped))) if rules.stripped
                else lesson_text("ui.deck-nothing-stripped", lang))
    return _paragraph(summary) + "".join(rows) + _paragraph(stripped)


def rotation_html(players: int, lang: str | None) -> str:
    """The pass direction of the first hands for ``players`` (pass.rotation)."""
    rules = Rules(players=players)
    names = {"left": "ui.pass-left", "right": "ui.pass-right", "across": "ui.pass-across", None: "ui.pass-none"}
    rows = "".join(
        f"<tr><td>{escape(lesson_text('ui.hand-number', lang, number=n + 1))}</td>"
        f"<td style='padding-left:1em'>{escape(lesson_text(names[rules.pass_direction(n)], lang))}</td></tr>"
        for n in range(ROTATION_HANDS))
    return f"<table>{rows}</table>"


class PlayersPicker(Part):
    """A choice of 3 to 7 players and a picture that follows it (the deck, the rotation)."""

    def __init__(self, lang: str, show: Callable[[int, str], str], css: str) -> None:
        self.show = show
        self.picker = widgets.ToggleButtons(options=[3, 4, 5, 6, 7], value=4, style={"button_width": "3em"})
        self.picker.add_class("hearts-lesson-players")
        self.out = _html("", css)
        self.picker.observe(lambda _change: self._changed(), names="value")
        super().__init__([self.picker, self.out], lang, css + "-demo", boxed=False)
        self.render()

    def render(self) -> None:
        self.picker.description = lesson_text("ui.players", self.lang)
        self.out.value = self.show(self.picker.value, self.lang)

    def state(self) -> dict[str, Any]:
        return {"players": self.picker.value}

    def restore(self, state: dict[str, Any]) -> None:
        if state.get("players") in self.picker.options:
            self.picker.value = state["players"]
        self.render()


def sheet_html(game: Game, lang: str | None) -> str:
    """The score sheet: a column per seat, a row per hand, the totals, the target."""
    names = seat_names(game.rules.players, LEARNER, lang)
    head = "".join(f"<th style='padding:0 .6em'>{escape(name)}</th>" for name in names)
    body = "".join(
        f"<tr><td>{escape(lesson_text('ui.hand-number', lang, number=n + 1))}</td>"
        + "".join(f"<td style='text-align:right;padding:0 .6em'>{number_text(v)}</td>" for v in row) + "</tr>"
        for n, row in enumerate(game.sheet))
    totals = "".join(f"<td style='text-align:right;padding:0 .6em;font-weight:700'>{number_text(v)}</td>"
                     for v in game.scores)
    target = _paragraph(lesson_text("ui.target", lang, target=game.rules.target))
    return (f"<table class='hearts-lesson-sheet'><tr><th>{escape(lesson_text('ui.sheet-hand', lang))}</th>{head}</tr>"
            f"{body}<tr><td><b>{escape(lesson_text('ui.sheet-total', lang))}</b></td>{totals}</tr></table>{target}")


class Picture(Part):
    """Words and tables computed from the engine, with nothing to click."""

    def __init__(self, lang: str, show: Callable[[str], str], css: str) -> None:
        self.show = show
        self.out = widgets.HTML()
        super().__init__([self.out], lang, css, boxed=False)
        self.render()

    def render(self) -> None:
        self.out.value = self.show(self.lang)


def target_html(lang: str) -> str:
    """A whole game to 50 that ends in a shared win, told by the engine."""
    game = tie_game()
    over = [e for e in game.events if e.kind == "game-over"]
    return sheet_html(game, lang) + events_html(over, lang, seat_names(game.rules.players, LEARNER, lang))


class MoonChoice(Part):
    """The shooter's choice on a real game: the learner picks, the engine scores."""

    def __init__(self, lang: str) -> None:
        self.game = moon_game()
        self.choice: str | None = None
        self.intro = _html("", "hearts-lesson-prompt")
        self.buttons = {choice: text_button("", partial(self.choose, choice))
                        for choice in ("self", "others")}
        for button in self.buttons.values():
            button.add_class("hearts-lesson-choice")
        self.result = _html("", "hearts-lesson-feedback")
        super().__init__([self.intro, widgets.HBox(list(self.buttons.values())), self.result], lang,
                         "hearts-lesson-moon")
        self.render()

    def choose(self, choice: str) -> None:
        self.choice = choice
        self._changed()

    def render(self) -> None:
        lang = self.lang
        names = seat_names(self.game.rules.players, LEARNER, lang)
        moon = [e for e in self.game.hand.events if e.kind == "moon"]
        self.intro.value = (events_html(moon, lang, names) + _paragraph(lesson_text("ui.moon-before", lang))
                            + sheet_html(self.game, lang) + _prompt(lesson_text("position.moon", lang)))
        for choice, button in self.buttons.items():
            button.description = lesson_text(f"ui.moon-{choice}", lang)
        if self.choice is None:
            self.result.value = ""
            return
        after = self.game.choose_moon(self.choice)  # type: ignore[arg-type]
        told = [e for e in after.events if e.kind == "moon-choice"]
        self.result.value = (events_html(told, lang, names) + _paragraph(lesson_text("ui.moon-after", lang))
                             + sheet_html(after, lang))

    def state(self) -> dict[str, Any]:
        return {"choice": self.choice}

    def restore(self, state: dict[str, Any]) -> None:
        choice = state.get("choice")
        if isinstance(choice, str) and choice in self.buttons:  # (a list or an object from the browser: ignored)
            self.choice = choice
        self.render()

    @property
    def done(self) -> bool:
        return self.choice is not None


def same_deal_html(result: SameDeal, lang: str | None) -> str:
    """The same deal under two variants: each seat's points side by side and the change,
    then who took the bonus card (the engine's points, the moon not applied)."""
    names = seat_names(result.before.players, LEARNER, lang)
    variants = variant_names(lang)
    heads = [variants[result.before.rules.variant], variants[result.after.rules.variant],
             lesson_text("ui.same-deal-change", lang)]
    head = "".join(f"<th style='padding:0 .6em'>{escape(h)}</th>" for h in heads)
    cell = "<td style='text-align:right;padding:0 .6em'>{}</td>"
    body = "".join(
        f"<tr><th style='text-align:left'>{escape(names[row['seat']])}</th>"
        + cell.format(number_text(row["before"])) + cell.format(number_text(row["after"]))
        + cell.format(number_text(row["difference"], signed=True))
        + "</tr>" for row in result.rows())
    bonus_card = result.after.rules.bonus_card  # None unless the replay is Omnibus Hearts
    bonus = Card.parse(bonus_card) if bonus_card else None
    takers = [t.winner for t in result.after.tricks if t.winner is not None and bonus in t.cards]
    told = "".join(_paragraph(lesson_text("ui.same-deal-bonus", lang, name=names[seat])) for seat in takers)
    return f"<table class='hearts-lesson-same-deal'><tr><th></th>{head}</tr>{body}</table>{told}"


def variants_html(lang: str) -> str:
    """One hand as Hearts and as Omnibus Hearts with Omnibus Hearts' own rules (its bonus card, and
    the bonus kept at a moon), then the rules of Black Maria and Cancellation Hearts as the engine
    states them (their rules cards)."""
    names = variant_names(lang)
    shown = same_deal_html(omnibus_same_deal(), lang)
    for rules in (OMNIBUS_SHOWN, *VARIANTS_SHOWN):
        lines = "".join(f"<li>{escape(sentence)}</li>" for rule, sentence in rules_card(rules, lang)
                        if rules is not OMNIBUS_SHOWN or rule.startswith("variant.omnibus."))
        shown += (f"<div class='hearts-lesson-variant-rules hearts-lesson-variant-{rules.variant}'>"
                  f"<h4 style='margin:.6em 0 .2em'>{escape(names[rules.variant])}</h4><ul>{lines}</ul></div>")
    return shown


def rules_card_html(lesson: Lesson, rules: Rules, lang: str) -> str:
    """The card to print: every rule of the game at a table of ``rules`` (the cards taken out for
    its player count, its variant and house rules) under its rule name, as the engine states
    them, then any sentences a lesson's steps add for the card (their ``card``)."""
    grouped: list[tuple[str, list[str]]] = []
    for rule, sentence in rules_card(rules, lang):
        if grouped and grouped[-1][0] == rule:
            grouped[-1][1].append(sentence)
        else:
            grouped.append((rule, [sentence]))
    sections = [f"<h4>{escape(rule_name(rule, lang))}</h4>" + "".join(f"<p>{escape(s)}</p>" for s in sentences)
                for rule, sentences in grouped]
    for step in lesson.steps:
        if not step.card:
            continue
        heading = " · ".join(rule_name(rule, lang) for rule in step.rules) or step.title(lang)
        sections.append(f"<h4>{escape(heading)}</h4>" + "".join(f"<p>{escape(p(lang))}</p>" for p in step.card))
    game = variant_names(lang)[rules.variant]  # the card says which game and table it is for
    title = f"<h3>{escape(lesson_text('ui.rules-card-title', lang, game=game, players=rules.players))}</h3>"
    return f"<div class='hearts-lesson-rules-card'>{title}{''.join(sections)}</div>"


class RulesCard(Part):
    """The rules card for a chosen variant and number of players (3 to 7; 5 to 10 with two
    packs), and a button that prints it (the print style keeps only the card)."""

    def __init__(self, lesson: Lesson, lang: str) -> None:
        self.lesson = lesson
        self.print_button = PrintButton()
        self._quiet = False  # True while the pickers' options are set from code
        self.variant = widgets.ToggleButtons(options=self._variant_options(lang), value="standard")
        self.variant.add_class("hearts-lesson-variant-picker")
        self.variant.observe(lambda _change: self._variant_changed(), names="value")
        self.picker = widgets.ToggleButtons(options=player_counts("standard"), value=4,
                                            style={"button_width": "3em"})
        self.picker.add_class("hearts-lesson-players")
        self.picker.observe(lambda _change: None if self._quiet else self._changed(), names="value")
        self.card = widgets.HTML()
        super().__init__([self.variant, self.picker, self.print_button, self.card], lang, "hearts-lesson-rules",
                         boxed=False)
        self.render()

    @staticmethod
    def _variant_options(lang: str) -> list[tuple[str, str]]:
        return [(name, variant) for variant, name in variant_names(lang).items()]

    @property
    def rules(self) -> Rules:
        return Rules(players=self.picker.value, variant=self.variant.value)

    def _variant_changed(self) -> None:
        """The player counts the variant allows; the count chosen, or the nearest one allowed."""
        if self._quiet:
            return
        counts = player_counts(self.variant.value)
        if tuple(self.picker.options) != counts:
            players = min(counts, key=lambda n: abs(n - self.picker.value))
            self._quiet = True
            try:
                self.picker.options, self.picker.value = counts, players
            finally:
                self._quiet = False
        self._changed()

    def render(self) -> None:
        self._quiet = True
        try:
            variant = self.variant.value
            self.variant.options = self._variant_options(self.lang)
            self.variant.value = variant
        finally:
            self._quiet = False
        self.variant.description = lesson_text("ui.variant", self.lang)
        self.picker.description = lesson_text("ui.players", self.lang)
        self.print_button.label = lesson_text("ui.print", self.lang)
        self.card.value = rules_card_html(self.lesson, self.rules, self.lang)

    def state(self) -> dict[str, Any]:
        return {"players": self.picker.value, "variant": self.variant.value}

    def restore(self, state: dict[str, Any]) -> None:
        variant = state.get("variant", "standard")
        if variant in VARIANTS and state.get("players", 4) in player_counts(variant):
            self._quiet = True
            try:
                self.variant.value = variant
                self.picker.options = player_counts(variant)
                self.picker.value = state.get("players", 4)
            finally:
                self._quiet = False
        self.render()


def player_counts(variant: str) -> tuple[int, ...]:
    """The numbers of players a variant is played by: 3 to 7, or 5 to 10 with two packs."""
    return tuple(CANCELLATION_PLAYERS if variant == "cancellation" else sorted(STRIPPED))


class GuidedGame(Part):
    """A hand against the bots with the coach beside the learner: before each of
    the learner's turns (the pass, every card), the coach's choice and reason.
    The table keeps its game kernel-side under ``keep_as`` for the browser
    showing it (no card in the browser), so a reload brings the hand back."""

    def __init__(self, lang: str, keep_as: str, show_rule_ids: bool = False, pace: float = SLOW_PACE) -> None:
        from ..widget import HeartsTable

        self.table = HeartsTable(seed=GUIDED_SEED, lang=lang, keep_as=keep_as, show_rule_ids=show_rule_ids, pace=pace)
        self.advice = _html("", "hearts-lesson-coach")
        super().__init__([self.advice, self.table], lang, "hearts-lesson-guided", boxed=False)
        self._was_done = False
        self.table.observe(self._on_state, names="state")
        self.render()

    def _on_state(self, _change: Any) -> None:
        self.render()
        if self.done != self._was_done:  # the hand is over: the lesson marks the step done
            self._was_done = self.done
            self.on_change()

    def set_lang(self, lang: str) -> None:
        self.table.lang = lang
        super().set_lang(lang)

    def render(self) -> None:
        """What the learner is to do now: the coach's advice on their turn, Continue while
        a completed trick is held on the felt, else wait; once the first hand is over, that
        the step is done (the table plays on, with the coach, for whoever wants more)."""
        game = self.table.game
        seat = self.table.state.get("viewer", LEARNER)
        hand = game.hand
        to_act = not game.is_over and game.pending_moon is None and (
            (hand.phase == "pass" and seat in hand.waiting_to_pass) or (hand.phase == "play" and hand.to_move == seat))
        done = _paragraph(lesson_text("ui.guided-done", self.lang), GOOD) if self.done else ""
        if self.table.state.get("held"):
            now = _paragraph(lesson_text("ui.guided-held", self.lang, button=ui_strings(self.lang)["continue"]))
        elif to_act:
            names = seat_names(game.rules.players, seat, self.lang)
            advice = hint(hand.view(seat), self.lang, names)
            now = _paragraph(lesson_text("ui.coach-says", self.lang, advice=advice.text), HINT)
        else:
            now = _paragraph(lesson_text("ui.guided-others", self.lang))
        self.advice.value = done + now

    def forget(self) -> None:
        self.table.forget()

    @property
    def done(self) -> bool:
        return bool(self.table.game.sheet)  # the first hand is over


class GameTable(Part):
    """A whole game against bots on the real table, kept while the learner moves
    about the lesson and, like the guided hand, across a reload (``keep_as``)."""

    def __init__(self, lang: str, keep_as: str, show_rule_ids: bool = False, pace: float = SLOW_PACE) -> None:
        from ..widget import HeartsTable

        self.table = HeartsTable(lang=lang, keep_as=keep_as, show_rule_ids=show_rule_ids, pace=pace)
        super().__init__([self.table], lang, "hearts-lesson-game", boxed=False)
        self._was_done = False
        self.table.observe(self._on_state, names="state")

    def _on_state(self, _change: Any) -> None:
        if self.done != self._was_done:  # the game is over: the lesson marks the step done
            self._was_done = self.done
            self.on_change()

    def set_lang(self, lang: str) -> None:
        self.table.lang = lang
        self.lang = lang

    def forget(self) -> None:
        self.table.forget()

    @property
    def done(self) -> bool:
        return self.table.game.is_over


def demo_part(name: str, lesson: Lesson, lang: str, games: str = "", show_rule_ids: bool = False,
              pace: float = SLOW_PACE) -> Part:
    """The demonstration called ``name`` (one of ``format.DEMOS``). A table's game
    is kept for a reload under the lesson's id, ``name`` and ``games`` (the
    learner's run of the lesson: Start over makes a new one, so fresh games);
    its tables show the rules' ids with ``show_rule_ids`` and play the bots' cards
    ``pace`` seconds apart."""
    lang = check_language(lang)
    keep_as = ":".join(filter(None, ["lesson", lesson.id, name, games]))
    makers: dict[str, Callable[[], Part]] = {
        "deck": lambda: PlayersPicker(lang, deck_html, "hearts-lesson-deck"),
        "rotation": lambda: PlayersPicker(lang, rotation_html, "hearts-lesson-rotation"),
        "pass": lambda: PassBoard(lang),
        "coach-pass": lambda: PassBoard(lang, coach=True),
        "sheet": lambda: Picture(lang, lambda lg: sheet_html(tie_game(SHEET_HANDS), lg), "hearts-lesson-sheet-demo"),
        "moon": lambda: MoonChoice(lang),
        "target": lambda: Picture(lang, target_html, "hearts-lesson-target"),
        "variants": lambda: Picture(lang, variants_html, "hearts-lesson-variants"),
        "rules-card": lambda: RulesCard(lesson, lang),
        "guided": lambda: GuidedGame(lang, keep_as, show_rule_ids, pace),
        "table": lambda: GameTable(lang, keep_as, show_rule_ids, pace),
    }
    return makers[name]()
