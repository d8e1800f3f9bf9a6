"""``HeartsTable``: the anywidget that shows a :class:`TableSession` in a notebook.

State goes to the page through synced traits only (``state`` for the game,
``hand`` and ``seats`` apart from it, ``ui`` and ``static`` for words and rules
that change only with the language or the rules, ``notice``), each resent only
when it changes and all in one message per update (a finished hand's summary
follows the update that ends the hand, in a message of its own), so a table
displayed late still renders; the page sends intents
back as custom messages ``{"type": ..., "state": <state id>, ...}``.
With a bot pace above zero (the default) the bots move one at a time on a
kernel-side timer, so the page sees every card, and a completed trick stays on
the table until the learner continues (or an auto-continue timer fires).
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import json
import sys
import threading
import weakref
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, ClassVar

import anywidget
import traitlets

from ..bots.coach import hint, judge_card, judge_pass, trick_feedback
from ..engine import Card, Game, Hand, HeartsError, Rules
from ..engine.display import seat_view_html
from ..engine.errors import shown
from ..text.classroom import page_strings, render_failed_text, saved_notice
from ..text.ui import snapshot_labels, ui_strings
from . import persist
from .options import TableOptions
from .render_notice import with_render_notice
from .review import Review, pass_decision, review_state
from .session import GAME_INTENTS, TableSession
from .state import (
    Story,
    TableView,
    hand_state,
    last_trick_state,
    narration,
    seats_state,
    sheet_state,
    static_state,
    summary_state,
    table_state,
)

STATIC = Path(__file__).with_name("static")
# Seconds between an update and the save of the table for its browser: the update reaches
# the page first (the save takes milliseconds the learner's click need not wait for), and
# the moves of those seconds are saved together.
SAVE_DELAY = 0.05
# Tables with a save still to come. Voilà shuts a page's kernel down as the page unloads, which
# can be within SAVE_DELAY of the learner's last move: the kernel saves them as it exits.
_unsaved: weakref.WeakSet[HeartsTable] = weakref.WeakSet()


@atexit.register
def _keep_unsaved() -> None:
    for table in list(_unsaved):
        table._keep()


def _rules_from(source: str, options: dict[str, Any]) -> None:
    """Refuse rule options where the rules come from ``source`` (a hand, a saved game)."""
    given = sorted({"rules", "players", "target", "variant"} & set(options))
    if given:
        raise TypeError(f"the rules come from {source}: give no {', '.join(given)}")


# While the coach searches in its thread, Python switches threads every millisecond instead of
# every 5 (the default): a click, and the kernel's threads that carry it, then wait at most about
# a millisecond for the interpreter each time they need it, not 5.
SEARCH_SWITCH_INTERVAL = 0.001
_searches = 0  # coach searches running, and the interval to restore when none is
_saved_interval = 0.005
_searches_lock = threading.Lock()
THREADS = sys.platform != "emscripten"  # Pyodide (the serverless site) cannot start a thread
# Seconds after an update before the coach starts working ahead in a thread: the update, and the
# kernel's messages that carry it, leave first without the coach's search competing with them for
# the interpreter (which doubled a played card's time in the kernel). The hint for the learner's
# turn waits longer: a learner who plays at once needs none, one who thinks finds it ready.
COACH_AFTER = 0.05
HINT_AFTER = 0.5


@contextlib.contextmanager
def _quick_switches() -> Iterator[None]:
    """Shorten the interpreter's thread switch interval while any coach search runs, then restore it."""
    global _searches, _saved_interval
    with _searches_lock:
        if _searches == 0:
            _saved_interval = sys.getswitchinterval()
            sys.setswitchinterval(SEARCH_SWITCH_INTERVAL)
        _searches += 1
    try:
        yield
    finally:
        with _searches_lock:
            _searches -= 1
            if _searches == 0:
                sys.setswitchinterval(_saved_interval)


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
    players, target and variant). The rules in force are shown on the table,
    by name; ``show_rule_ids=True`` adds their ids for teachers and developers.
    ``bot_time_limit`` (seconds, 5 by default) is what a learner's bot may take to
    decide: a bot over it is abandoned and the rule bot plays its seat from then on.
    A reload of the page brings back the game the browser was playing on a
    table of the same options, or of the same ``keep_as`` name.
    """

    _esm = STATIC / "table.js"
    _css = STATIC / "table.css"

    state = traitlets.Dict().tag(sync=True)
    # The learner's cards with their verdicts, and the seats around the table: each its own
    # trait, so an update that changes neither (a bot's card, a view change) does not resend it.
    hand: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    seats: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    # The score sheet (changes once a hand) and the last trick when asked for (once a trick), or None.
    sheet = traitlets.Dict().tag(sync=True)
    last_trick = traitlets.Dict(allow_none=True, default_value=None).tag(sync=True)
    ui = traitlets.Dict().tag(sync=True)
    notice = traitlets.Dict().tag(sync=True)
    # The rules card, rule names, languages, variants and house rules: resent only when they change.
    static = traitlets.Dict().tag(sync=True)
    # The narration log as new lines: {"version", "start", "lines"} (see state.Story).
    story = traitlets.Dict().tag(sync=True)
    # The hand just finished (its point cards and a replay), or None: sent once per hand.
    summary = traitlets.Dict(allow_none=True, default_value=None).tag(sync=True)
    # What the page says by itself when the kernel cannot answer (a lost connection).
    page_text = traitlets.Dict().tag(sync=True)
    # The review of the hand just finished (review.py), or None.
    review = traitlets.Dict(allow_none=True, default_value=None).tag(sync=True)

    # Which table of this kernel saves each browser's game of each kind: the newest
    # to say hello (a cell run again in JupyterLab takes over from the old table).
    _claims: ClassVar[dict[str, weakref.ref[HeartsTable]]] = {}
    store = persist.Store()

    def _ipython_display_(self) -> None:
        """Shown in a notebook: first a static snapshot of what the learner may see (the
        picture GitHub, nbviewer and nbconvert's HTML and PDF show, where widgets cannot
        run; the page hides it once it draws the table), then the table itself."""
        from IPython.display import display

        display({"text/html": self.snapshot_html(), "text/plain": repr(self)}, raw=True)
        bundle = self._repr_mimebundle_()
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, None)
        display(data, metadata=metadata, raw=True)

    def snapshot_html(self) -> str:
        """The position as a static picture: the seats' points and totals, the trick on
        the table and the learner's cards, from the learner's view alone."""
        session = self._session
        game = session.game
        return seat_view_html(game.hand.view(session.viewer), session.names, game.scores,
                              snapshot_labels(session.lang), css_class="hearts-table-snapshot")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The widget's display data, with what Voilà's page says if it cannot draw it (render_notice)."""
        return with_render_notice(super()._repr_mimebundle_(**kwargs), self.lang)

    def __init__(self, **options: Any) -> None:
        table_options = TableOptions.from_kwargs(options)
        super().__init__()
        self._session = TableSession(table_options)
        self._timer: asyncio.TimerHandle | None = None
        self._saving: asyncio.TimerHandle | None = None  # the save to come (see SAVE_DELAY)
        self._judging: Any = None  # the feedback_on the coach's thread is judging
        self._warming: Any = None  # the learner's card whose values a coach thread works out as the trick goes on
        self._hinting: Any = None  # the game whose hint a coach thread works out while the learner thinks
        self._pass_judged: Any = None  # the learner's pass a coach thread judges for the review as the hand goes on
        self._reviewing: Any = None  # the review a coach thread is judging
        self._summary_due = False  # a hand's summary held back by an update, for the next one (_held_back)
        self._story = Story()
        self._client: str | None = None  # the browser whose page this table saves for (its "hello")
        self._origin: dict[str, Any] | None = None  # the prepared hand a from_hand table starts from
        kinds = [k if isinstance(k, str) else "object" for k in (table_options.seats or [])]
        self._kind = json.dumps([table_options.players, table_options.learner, kinds, table_options.open_hands,
                                 table_options.layout, table_options.game_rules.to_dict(), table_options.seed,
                                 table_options.keep_as])
        self._played = False  # a move has been made here since the table was made (it is not fresh)
        self.on_msg(self._on_message)
        self._after_change()

    # -- Python API ---------------------------------------------------------
    @property
    def game(self) -> Game:
        """The game being played (an immutable engine ``Game``)."""
        return self._session.game

    @property
    def narration(self) -> list[dict[str, str]]:
        """The latest lines of the narration (``kind``, ``rule``, ``text``), newest last."""
        return narration(self._session)

    @property
    def lang(self) -> str:
        return self._session.lang

    @lang.setter
    def lang(self, lang: str) -> None:
        """Switch every word on the table to another language, keeping the game."""
        self._session.set_lang(lang)
        self._after_change()

    @property
    def noted(self) -> Card | None:
        """On a check's board (``note_only=True``): the card the learner chose, noted and not judged
        (None before they choose)."""
        return self._session.noted

    def reveal(self) -> None:
        """On a board that asks first (``ask_first=True``): show the verdicts on the learner's
        cards now, before they try one (a lesson's "Show the playable cards")."""
        self._session.reveal()
        self._after_change()

    @classmethod
    def from_hand(cls, hand: Hand, *, stop_after_move: bool = False, **options: Any) -> HeartsTable:
        """A table that starts from ``hand``, e.g. a lesson position set up with
        ``Hand.from_cards``, the learner at seat ``learner``. With ``stop_after_move``
        the others finish the trick the learner played to and then nobody moves
        (until undo), whoever won it, so a lesson shows the result of that one
        choice. Other options as for ``HeartsTable`` (``layout="position"`` for a
        lesson's compact board)."""
        if not isinstance(hand, Hand):
            raise TypeError(f"hand must be a hearts_widget.Hand, like Hand.deal(Rules(), seed=1) or "
                            f"Hand.from_cards(...), not {shown(hand)}")
        if not isinstance(stop_after_move, bool):
            raise ValueError(f"stop_after_move must be True or False, not {shown(stop_after_move)}")
        _rules_from("the hand", options)
        table = cls(rules=hand.rules, **options)  # the hand's variant and house rules too
        table._session.stop_after_move = stop_after_move
        table.load(Game.from_hand(hand, options.get("seed")))
        table._origin = hand.to_dict()
        return table

    def load(self, game: Game) -> None:
        """Continue from ``game`` (a lesson position, or ``Game.from_json`` of a saved game).
        The undo history starts afresh."""
        self._session.load(game)
        self._after_change()

    def save(self) -> str:
        """Everything the table shows, undo history included, as JSON text
        (for :meth:`resume`; it holds the whole game, every seat's cards too)."""
        return json.dumps(persist.snapshot(self._session), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def resume(cls, saved: str | dict[str, Any], **options: Any) -> HeartsTable:
        """A table in the state ``saved`` (from :meth:`save`) describes. The game
        is replayed through the engine's record checks; a bad record raises
        ``RecordError`` naming what is wrong. ``options`` as for ``HeartsTable``
        (for example ``seats`` with bot objects, which a record cannot hold)."""
        record = persist.parse(saved) if isinstance(saved, (str, bytes)) else saved
        game = record.get("game") if isinstance(record, dict) else None
        try:
            rules = Rules.from_dict(game.get("rules") if isinstance(game, dict) else None)
        except (ValueError, TypeError) as error:
            raise persist.RecordError(f"bad rules in the saved game: {error}") from None
        _rules_from("the saved game", options)
        table = cls(rules=rules, **options)
        persist.restore(table._session, record)
        table._after_change()
        return table

    def send_intent(self, message: dict[str, Any]) -> None:
        """Handle a message as if the page had sent it (for scripts and tests)."""
        self._on_message(self, message, [])

    # -- messages and bots --------------------------------------------------
    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        kind = kind if isinstance(kind, str) else None  # any other type is the session's to refuse
        if kind == "story":  # a page shown late asks for the whole narration
            self.send({"type": "story", **self._story.whole()})
            return
        if kind == "ping":  # the page checks that the kernel is still there
            self.send({"type": "pong"})
            return
        handler = {"hello": self._on_hello, "save_file": self._on_save_file,
                   "open_file": self._on_open_file}.get(kind)  # type: ignore[arg-type]
        if handler is not None:
            self._guard(lambda: handler(content))
        else:
            self._played = self._played or kind in ("play", "pass", "undo", "new_game", "finish_hand", "moon",
                                                    "continue")
            session = self._session
            before = (session.state_id, session.notice.get("id"))
            self._guard(lambda: session.handle(content))
            if kind in GAME_INTENTS and (session.state_id, session.notice.get("id")) == before:
                # Done already (a double click's second intent): nothing changes, so no update tells
                # the page its click was answered; this does, and it takes clicks again.
                self.send({"type": "repeat"})
        self._after_change()
        if kind == "hello":  # after the kept game's update: the page shows the table from now on
            self.send({"type": "welcome"})

    # -- nothing lost: the browser's saved game, and game files ------------------
    @property
    def _store_name(self) -> str:
        """Which kind of table this is, for the store: its options and the prepared
        hand it starts from (a browser has one saved game of each kind)."""
        return json.dumps([self._kind, self._origin])

    def _on_hello(self, message: dict[str, Any]) -> None:
        """A page showing this table says which browser it is (a random id it keeps).
        A fresh table takes up the game that browser was playing here; a table
        already played (a JupyterLab reload: same kernel) keeps its own."""
        client = message.get("client")
        if not persist.valid_client(client) or self._session.options.layout != "game":
            return
        if client == self._client:
            return
        claim = f"{client}\0{self._store_name}"
        previous = HeartsTable._claims.get(claim)
        old = previous() if previous is not None else None
        if old is not None and old is not self:
            old._client = None  # the old table no longer saves
        HeartsTable._claims[claim] = weakref.ref(self)
        self._client = client
        saved = None if self._played else self.store.load(client, self._store_name)
        if saved is None:
            return
        try:
            persist.restore(self._session, saved)
        except HeartsError:
            self.store.forget(client, self._store_name)  # a record that does not replay is dropped
            return
        self._session.notice = self._notice("resumed")

    def forget(self) -> None:
        """Drop the game kept for the browser showing this table, and keep no more:
        that browser's next table of this kind starts afresh (a lesson's Start over)."""
        if self._client is not None:
            self.store.forget(self._client, self._store_name)
            self._client = None

    def _on_save_file(self, message: dict[str, Any]) -> None:
        """Send the page a sealed game file to download."""
        text = persist.seal(persist.snapshot(self._session))
        self.send({"type": "file", "name": "hearts-game.json", "text": text})
        self._session.notice = self._notice("saved")

    def _on_open_file(self, message: dict[str, Any]) -> None:
        """Open a game file the learner chose; a file that is not one changes nothing."""
        session = self._session
        size = message.get("bytes")
        try:
            if message.get("text") is None and type(size) is int:  # the page refused to read it (table.js)
                raise persist.too_large(size)
            persist.restore(session, persist.unseal(message.get("text")))
        except HeartsError as error:
            session.notice = self._notice("load-refused", "warning", detail=str(error)[:200])
            return
        self._played = True
        session.notice = self._notice("loaded")

    def _notice(self, kind: str, level: str = "info", **facts: Any) -> dict[str, Any]:
        session = self._session
        session._notice_count += 1
        return {"id": session._notice_count, "level": level, "kind": kind, "rule": None,
                "text": saved_notice(kind, session.lang, **facts)}

    def _keep_soon(self) -> None:
        """Save the table for its browser once this update has gone to the page (at once
        without an event loop, in a script); one save for the updates of SAVE_DELAY seconds."""
        if self._client is None or self._saving is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._keep()
            return
        self._saving = loop.call_later(SAVE_DELAY, self._keep)
        _unsaved.add(self)

    def _keep(self) -> None:
        """Save the table for the browser showing it, so a reload or a restart finds it again."""
        if self._saving is not None:
            self._saving.cancel()  # when called at exit, before its time
            self._saving = None
        _unsaved.discard(self)
        if self._client is not None:
            with contextlib.suppress(OSError):  # a full or read-only disk: the game goes on, only unsaved
                self.store.save(self._client, self._store_name, persist.snapshot(self._session))

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

    def _guard(self, action: Callable[[], object]) -> None:
        """Run ``action``; an unexpected error becomes a notice on the table, not a lost log line."""
        try:
            action()
        except Exception as error:  # noqa: BLE001 - shown to the learner instead
            self._session.handle_error(error)

    def _judge_soon(self) -> None:
        """The coach judges the learner's completed trick in a thread of its own (its search
        can take a second): the update showing the trick goes to the page at once, the next
        clicks are answered meanwhile, and the coach's word follows in its own update.
        Without an event loop (a script) it judges at once."""
        session = self._session
        target = session.feedback_on
        if target is None or session.judged is target or self._judging is target \
                or "coach" in session.options.untaught:  # no coach's word before the lesson shows the coach
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._judge(target)
            return
        self._judging = target
        lang, names = session.lang, session.names

        def work() -> None:
            with contextlib.suppress(Exception), _quick_switches():  # an error shows when the table asks again
                trick_feedback(*target, lang, names)  # the coach keeps its judgement
            loop.call_soon_threadsafe(self._judged, target)

        if THREADS:  # once this update has gone to the page (COACH_AFTER)
            loop.call_later(COACH_AFTER, threading.Thread(target=work, name="hearts-coach", daemon=True).start)
        else:  # in the browser, after this update has gone to the page
            loop.call_later(COACH_AFTER, work)

    def _coach_soon(self) -> None:
        """Work for the coach in threads of its own while the learner watches or thinks: the
        hint is worked out when the learner is to play (ready when asked for), the learner's
        card is valued as soon as it is played (so the coach's word is ready when its trick
        is complete), the learner's pass is judged once play starts, and the review of a
        finished hand is judged decision by decision, each step
        shown (its progress bar). Without threads (a script, Pyodide) nothing runs early,
        and the review is judged when asked for."""
        session = self._session
        if not THREADS:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        played = session.decisions[-1] if session.decisions else None
        if played is not None and played[0] is session._played_from and self._warming is not played \
                and "coach" not in session.options.untaught:  # (no coach's word to prepare)
            self._warming = played
            self._in_thread(loop, COACH_AFTER, lambda: judge_card(*played))
        game = session.game
        hand, learner = game.hand, session.options.learner
        if hand.phase == "play" and session.is_human(learner) \
                and (hand.number, hand.passed(learner)) != self._pass_judged:
            made = pass_decision(hand, learner)  # the learner passed: judged for the review while the hand goes on
            self._pass_judged = (hand.number, hand.passed(learner))
            if made is not None:
                self._in_thread(loop, COACH_AFTER, lambda: judge_pass(made[0].view(learner), made[1]))
        if session.held is None and game.pending_moon is None and game.hand.phase == "play" \
                and game.hand.to_move == session.viewer and session.is_human(session.viewer) \
                and self._hinting is not game:
            self._hinting = game  # the learner thinks: the hint is ready when asked for
            view = game.hand.view(session.viewer)
            self._in_thread(loop, HINT_AFTER, lambda: hint(view), still=lambda: self._session.game is game)
        review = session.review_hand()
        if review is None or review.ready or self._reviewing is review:
            return
        self._reviewing = review

        def judge() -> None:
            with _quick_switches():
                more = True
                while more:
                    try:
                        more = review.judge_next()
                    except Exception:  # noqa: BLE001 - the error shows when the review is asked for again
                        break
                    loop.call_soon_threadsafe(self._reviewed, review)

        loop.call_later(COACH_AFTER, threading.Thread(target=judge, name="hearts-coach-review", daemon=True).start)

    @staticmethod
    def _in_thread(loop: asyncio.AbstractEventLoop, delay: float, work: Callable[[], object],
                   still: Callable[[], bool] = lambda: True) -> None:
        """Run the coach's ``work`` in a thread of its own ``delay`` seconds from now, if it is
        ``still`` wanted then; what it finds is kept by the coach."""
        def run() -> None:
            with contextlib.suppress(Exception), _quick_switches():  # an error shows when the table asks again
                work()

        def start() -> None:
            if still():
                threading.Thread(target=run, name="hearts-coach-warm", daemon=True).start()

        loop.call_later(delay, start)

    def _reviewed(self, review: Review) -> None:
        """The review's thread has judged one more card: show the progress if it is still this hand's."""
        if review is self._session.review:
            if review.ready:
                self._reviewing = None
            self._sync()

    def _judge(self, target: tuple[Any, Any]) -> None:
        self._guard(lambda: trick_feedback(*target, self._session.lang, self._session.names))
        self._session.judged = target

    def _judged(self, target: tuple[Any, Any]) -> None:
        """The thread has judged ``target``: show the coach's word if that trick is still the one."""
        self._judging = None
        if self._session.feedback_on is target:
            self._session.judged = target
            self._sync()

    def _sync(self) -> None:
        session = self._session
        self._judge_soon()
        self._coach_soon()
        summary: dict[str, Any] | None
        try:
            now = TableView(session)
            state, hand, seats = table_state(session, now), hand_state(session, now), seats_state(session, now)
            sheet, last_trick, summary = sheet_state(session), last_trick_state(session), summary_state(session)
            review = self._review_state()
        except Exception as error:  # noqa: BLE001
            session.handle_error(error)
            state, hand, seats = dict(self.state), list(self.hand), list(self.seats)
            sheet, last_trick, summary = dict(self.sheet), self.last_trick, self.summary
            review = self.review
        if self._retrying():  # the hand's record gives way to the position tried again (review.py)
            summary, last_trick = None, None
        if self._held_back(summary):
            summary, review = None, self.review
        with self.hold_sync():  # one message to the page for all the traits that changed
            self.ui = ui_strings(session.lang)
            self.page_text = {**page_strings(session.lang), "render_failed": render_failed_text(session.lang)}
            self.static = static_state(session)
            self.story = self._story.update(session)
            self.summary = summary  # type: ignore[assignment]  # a Dict trait that allows None
            self.review = review  # type: ignore[assignment]  # a Dict trait that allows None
            self.hand = hand
            self.seats = seats
            self.sheet = sheet
            self.last_trick = last_trick  # type: ignore[assignment]  # a Dict trait that allows None
            self.state = state
            self.notice = dict(session.notice)
        self._keep_soon()

    def _retrying(self) -> bool:
        """Whether a decision of the review is tried again: until the learner has tried it (and
        while they try), the page is sent no summary of the hand and no last trick, which hold the
        cards played after theirs and the better card; they come back with the review's list."""
        review = self._session.review
        return review is not None and review.open and review.retry is not None

    def _held_back(self, summary: dict[str, Any] | None) -> bool:
        """Whether this update leaves out the summary of the hand just finished (and its review), to
        send them in a message of their own right after: the update that ends a hand (the learner's
        Continue) then answers in a third of the bytes, and the summary follows a moment later."""
        if summary is None or self.summary is not None or self._summary_due:
            self._summary_due = False
            return False
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return False  # a script: at once
        self._summary_due = True
        loop.call_soon(self._sync)
        return True

    def _review_state(self) -> dict[str, Any] | None:
        """The review of the hand just finished, judged at once when no thread judges it
        (a script, Pyodide) and the learner has opened it."""
        session = self._session
        review = session.review_hand()
        if review is not None and review.open and not review.ready and self._reviewing is not review:
            while review.judge_next():
                pass
        return review_state(review, session.names, session.lang)
