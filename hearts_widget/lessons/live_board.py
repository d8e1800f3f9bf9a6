"""The live board in a learner's lesson: the board the teacher put before the class
(:mod:`hearts_widget.classroom.live`), shown on top of the lesson until the teacher is done.

The kernel asks the class for the round every :data:`~hearts_widget.classroom.live.POLL_S`
seconds, in a thread of its own, and changes the widgets on the kernel's event loop. The learner
chooses one of their cards and sends it; no verdict until the teacher reveals it, then their
card's verdict and reason and how the class answered. Only the board's question, the trick on
the table and the learner's own cards reach the browser.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from ..classroom.live import POLL_S, LiveClient, LiveError, held_codes, live_boards
from ..classroom.report import say
from ..engine import Card
from ..text.live import card_count, live_learner_words
from ..text.messages import card_name
from ..text.rule_names import rule_name
from ..text.ui import seat_names
from .controls import BAD, BOX, GOOD, _paragraph, text_button
from .format import Lesson

HIDDEN = "none"


class LiveBoard(widgets.VBox):
    """The live board of ``lesson`` as ``client`` gives it; ``on_shown(True/False)`` when it comes
    on top of the lesson or goes."""

    def __init__(self, lesson: Lesson, client: LiveClient, lang: str,
                 on_shown: Callable[[bool], None] = lambda _shown: None) -> None:
        self.client = client
        self.lang = lang
        self.on_shown = on_shown
        self.boards = live_boards(lesson)
        self.view: dict[str, Any] | None = None  # the round as last fetched
        self.chosen: str | None = None
        self.sending = False
        self.failed = False
        self.dismissed = 0  # the revealed round the learner went back from
        self.words = widgets.HTML()
        self.words.add_class("hearts-live-words")
        self.cards = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.cards.add_class("hearts-live-cards")
        self.send = text_button("", self._send_answer, style="primary")
        self.send.add_class("hearts-live-send")
        self.outcome = widgets.HTML()
        self.outcome.add_class("hearts-live-outcome")
        self.back = text_button("", self._dismiss)
        self.back.add_class("hearts-live-back")
        super().__init__([self.words, self.cards, self.send, self.outcome, self.back],
                         layout=widgets.Layout(display=HIDDEN, **BOX))
        self.add_class("hearts-live")
        self._buttons: dict[str, widgets.Button] = {}
        self._loop: asyncio.AbstractEventLoop | None = None

    @property
    def shown(self) -> bool:
        return self.layout.display != HIDDEN

    # -- following the class --------------------------------------------------------------
    def follow(self, ready: Callable[[], bool]) -> None:
        """Ask for the round in the background from now on (once ``ready``: the learner's id is
        known), if the kernel runs an event loop (Voilà's does; a script calls :meth:`check`)."""
        try:
            self._loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        threading.Thread(target=self._poll, args=(ready,), name="hearts-live-board", daemon=True).start()

    def _poll(self, ready: Callable[[], bool]) -> None:
        problem = ""
        while True:
            time.sleep(POLL_S)
            if not ready():
                continue
            try:
                view = self.client.fetch()
            except Exception as error:  # noqa: BLE001 - the lesson goes on; the log says why, once
                if str(error) != problem:
                    problem = str(error)
                    say(f"the class's board could not be fetched: {error}")
                continue
            problem = ""
            if view != self.view and self._loop is not None:
                self._loop.call_soon_threadsafe(self.show, view)

    def check(self) -> None:
        """Ask for the round now, and show it."""
        self.show(self.client.fetch())

    def show(self, view: dict[str, Any] | None) -> None:
        """Show the round ``view`` (None, or a board not in this lesson: the lesson again)."""
        if view is not None and view.get("board") not in self.boards:
            view = None
        if (view or {}).get("round") != (self.view or {}).get("round"):
            self.chosen, self.failed = None, False
            self._make_cards(view)
        self.view = view
        shown = view is not None and not (view["state"] == "revealed" and self.dismissed == view["round"])
        if shown != self.shown:
            self.layout.display = None if shown else HIDDEN
            self.on_shown(shown)
        self.render()

    def _make_cards(self, view: dict[str, Any] | None) -> None:
        self._buttons = {}
        if view is not None:
            for code in held_codes(self.boards[view["board"]][1]):
                button = widgets.Button(description=str(Card.parse(code)), layout=widgets.Layout(width="auto"))
                button.add_class("hearts-live-card")
                button.on_click(lambda _button, code=code: self._choose(code))
                self._buttons[code] = button
        self.cards.children = list(self._buttons.values())

    # -- the learner -------------------------------------------------------------------------
    def _choose(self, code: str) -> None:
        if self.view is not None and self.view["state"] == "open" and not self.view.get("mine"):
            self.chosen = code
            self.render()

    def _send_answer(self) -> None:
        if self.view is None or self.chosen is None or self.view.get("mine") or self.sending:
            return
        number, card = self.view["round"], self.chosen
        self.sending = True
        self.render()
        if self._loop is None:
            self._sent(number, card, self._answer(number, card))
        else:
            future = self._loop.run_in_executor(None, self._answer, number, card)
            future.add_done_callback(lambda done: self._sent(number, card, done.result()))

    def _answer(self, number: int, card: str) -> bool:
        try:
            self.client.answer(number, card)
        except LiveError as error:
            say(f"the class's board refused this answer: {error}")
            return False
        except Exception as error:  # noqa: BLE001 - said, and the learner may send again
            say(f"this answer did not reach the class's board: {error}")
            return False
        return True

    def _sent(self, number: int, card: str, done: bool) -> None:
        self.sending = False
        self.failed = not done
        if done and self.view is not None and self.view["round"] == number:
            self.view = {**self.view, "mine": card}
        self.render()

    def _dismiss(self) -> None:
        if self.view is not None and self.view["state"] == "revealed":
            self.dismissed = self.view["round"]
            self.show(self.view)

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.render()

    # -- words ---------------------------------------------------------------------------------
    def render(self) -> None:
        view, lang = self.view, self.lang
        if view is None:
            return
        words = live_learner_words(lang)
        position = self.boards[view["board"]][1]
        seats = seat_names(position.rules.players, position.seat, lang)
        trick = position.hand.trick
        played = " · ".join(f"{escape(seats[seat])}: {escape(str(card))}"
                            for seat, card in zip(trick.seats, trick.cards, strict=True))
        table = f'{escape(words["table"])} {played}' if played else escape(words["lead"])
        question = position.prompt(lang) if position.prompt else ""
        self.words.value = (f'<h3 role="status">{escape(words["heading"])}</h3><p>{escape(words["intro"])}</p>'
                            f'<p class="hearts-live-question"><b>{escape(question)}</b></p>'
                            f'<p class="hearts-live-table">{table}</p><p>{escape(words["hand"])}</p>')
        mine, state = view.get("mine"), view["state"]
        for code, button in self._buttons.items():
            button.tooltip = card_name(Card.parse(code), lang)
            button.button_style = "info" if code in (mine, self.chosen) and (mine in (None, code)) else ""
            button.disabled = state != "open" or bool(mine) or self.sending
        self.send.description = words["send"]
        self.send.layout.display = None if state == "open" and not mine else HIDDEN
        self.send.disabled = self.chosen is None or self.sending
        self.back.description = words["back"]
        self.back.layout.display = None if state == "revealed" else HIDDEN
        if state == "open":
            said = (words["sent"].format(card=str(Card.parse(mine))) if mine
                    else words["not-sent"] if self.failed else "")
            self.outcome.value = _paragraph(said) if said else ""
            return
        self.outcome.value = self._revealed(view, words, lang)

    def _revealed(self, view: dict[str, Any], words: dict[str, str], lang: str) -> str:
        """The learner's card's verdict and reason, and how the class answered."""
        position = self.boards[view["board"]][1]
        mine = view.get("mine")
        if mine:
            explanation = position.hand.explain(mine)
            verdict = words["allowed" if explanation.legal else "not-allowed"].format(
                reason=explanation.text(lang), rule=rule_name(explanation.rule, lang))
            shown = _paragraph(words["yours"].format(card=str(Card.parse(mine))))
            shown += _paragraph(("✓ " if explanation.legal else "✗ ") + verdict, GOOD if explanation.legal else BAD)
        else:
            shown = _paragraph(words["no-answer"])
        rows = []
        for code, count in (view.get("spread") or {}).items():
            if code not in self._buttons:
                continue  # never a card the learner cannot see
            legal = position.hand.explain(code).legal
            rows.append(f'<li class="{GOOD if legal else BAD}">{"✓" if legal else "✗"} '
                        f'{escape(card_count(str(Card.parse(code)), count, lang))}</li>')
        return shown + f'<p><b>{escape(words["class"])}</b></p><ul class="hearts-live-spread">{"".join(rows)}</ul>'
