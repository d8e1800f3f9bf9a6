"""``HeartsTable``: the anywidget that shows a :class:`TableSession` in a notebook.

State goes to the page through synced traits only (``state`` for the game,
``ui`` and ``static`` for words and rules that change only with the language or
the rules, ``notice``), so a table displayed late still renders; the page sends intents
back as custom messages ``{"type": ..., "state": <state id>, ...}``.
With a bot pace above zero (the default) the bots move one at a time on a
kernel-side timer, so the page sees every card, and a completed trick stays on
the table until the learner continues (or an auto-continue timer fires).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, Callable

import anywidget
import traitlets

from ..engine import Game, Hand
from ..text.ui import ui_strings
from .options import TableOptions
from .session import TableSession
from .state import Story, static_state, summary_state, table_state

STATIC = Path(__file__).with_name("static")


class HeartsTable(anywidget.AnyWidget):
    """A Hearts table: you against bots (or friends, hot-seat), with the legal cards
    highlighted and every rule explained as it applies.

    Options: ``players`` (3-7), ``target`` (points that end the game), ``seed``
    (the same seed deals the same game), ``learner`` (your seat number),
    ``seats`` (per seat ``"human"``, ``"bot"`` or a bot object), ``open_hands``
    (show every hand, for teaching), ``pace`` (seconds between bot cards, one
    card at a time by default; 0 is instant), ``continue_after`` (seconds a
    completed trick stays on the table; 0, the default, waits for the learner to
    continue), ``lang`` (a language code of ``hearts_widget.text.LANGUAGES``),
    ``variant`` (``"omnibus"``, ``"black-maria"``, ``"cancellation"`` with 5-10
    players) and ``rules`` (a whole ``Rules``, house rules too, instead of
    players, target and variant). The rules in force are shown on the table.
    """

    _esm = STATIC / "table.js"
    _css = STATIC / "table.css"

    state = traitlets.Dict().tag(sync=True)
    ui = traitlets.Dict().tag(sync=True)
    notice = traitlets.Dict().tag(sync=True)
    # The rules card, rule names, languages, variants and house rules: resent only when they change.
    static = traitlets.Dict().tag(sync=True)
    # The narration log as new lines: {"version", "start", "lines"} (see state.Story).
    story = traitlets.Dict().tag(sync=True)
    # The hand just finished (its point cards and a replay), or None: sent once per hand.
    summary = traitlets.Dict(allow_none=True, default_value=None).tag(sync=True)

    def __init__(self, **options: Any) -> None:
        table_options = TableOptions.from_kwargs(options)
        super().__init__()
        self._session = TableSession(table_options)
        self._timer: asyncio.TimerHandle | None = None
        self._story = Story()
        self.on_msg(self._on_message)
        self._after_change()

    # -- Python API ---------------------------------------------------------
    @property
    def game(self) -> Game:
        """The game being played (an immutable engine ``Game``)."""
        return self._session.game

    @property
    def lang(self) -> str:
        return self._session.lang

    @lang.setter
    def lang(self, lang: str) -> None:
        """Switch every word on the table to another language, keeping the game."""
        self._session.set_lang(lang)
        self._after_change()

    @classmethod
    def from_hand(cls, hand: Hand, *, stop_after_move: bool = False, **options: Any) -> HeartsTable:
        """A table that starts from ``hand``, e.g. a lesson position set up with
        ``Hand.from_cards``, the learner at seat ``learner``. With ``stop_after_move``
        the others finish the trick the learner played to and then nobody moves
        (until undo), whoever won it, so a lesson shows the result of that one
        choice. Other options as for ``HeartsTable`` (``layout="position"`` for a
        lesson's compact board)."""
        if not isinstance(stop_after_move, bool):
            raise ValueError(f"stop_after_move must be True or False, not {stop_after_move!r}")
        table = cls(rules=hand.rules, **options)  # the hand's variant and house rules too
        table._session.stop_after_move = stop_after_move
        table.load(Game.from_hand(hand, options.get("seed")))
        return table

    def load(self, game: Game) -> None:
        """Continue from ``game`` (a lesson position, or ``Game.from_json`` of a saved game).
        The undo history starts afresh."""
        self._session.load(game)
        self._after_change()

    def send_intent(self, message: dict[str, Any]) -> None:
        """Handle a message as if the page had sent it (for scripts and tests)."""
        self._on_message(self, message, [])

    # -- messages and bots --------------------------------------------------
    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "story":  # a page shown late asks for it all
            self.send({"type": "story", **self._story.whole()})
            return
        self._guard(lambda: self._session.handle(content))
        self._after_change()

    def _after_change(self) -> None:
        """Let the bots move (all at once, or one per tick at a visible pace), or let a
        completed trick go by itself after ``continue_after`` seconds; then sync.
        Without an event loop (a script) both happen at once rather than stall."""
        self._cancel_timer()
        session = self._session
        while True:
            before = session.state_id
            if session.held is not None and not session.stopped and session.continue_after > 0:
                if self._schedule(self._auto_continue, session.continue_after):
                    break
                self._guard(session.continue_play)
            elif session.bot_to_act():
                if session.pace > 0 and self._schedule(self._bot_tick, session.pace):
                    break
                self._guard(session.run_bots)
            if session.state_id == before:  # nothing left to do, or an error shown on the table
                break
        self._sync()

    def _bot_tick(self) -> None:
        self._timer = None
        self._guard(self._session.bot_step)
        self._after_change()

    def _auto_continue(self) -> None:
        self._timer = None
        self._guard(self._session.continue_play)
        self._after_change()

    def _schedule(self, callback: Callable[[], None], delay: float) -> bool:
        """Call ``callback`` after ``delay`` seconds on the kernel's event loop, if one runs."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return False
        self._timer = loop.call_later(delay, callback)
        return True

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _guard(self, action: Callable[[], None]) -> None:
        """Run ``action``; an unexpected error becomes a notice on the table, not a lost log line."""
        try:
            action()
        except Exception as error:  # noqa: BLE001 - shown to the learner instead
            self._session.handle_error(error)

    def _sync(self) -> None:
        session = self._session
        summary: dict[str, Any] | None
        try:
            state, summary = table_state(session), summary_state(session)
        except Exception as error:  # noqa: BLE001
            session.handle_error(error)
            state, summary = dict(self.state), self.summary
        with self.hold_sync():  # one message to the page for all the traits that changed
            self.ui = ui_strings(session.lang)
            self.static = static_state(session)
            self.story = self._story.update(session)
            self.summary = summary  # type: ignore[assignment]  # a Dict trait that allows None
            self.state = state
            self.notice = dict(session.notice)
