"""A time limit on a bot's decisions, for bots written by learners (functions and bot
objects from outside the package): the table and the arena ask them through a
:class:`TimeLimit`, so a bot that loops or sleeps never freezes either.

A Python thread cannot be killed from outside, so each decision runs in a worker
thread and the caller waits at most ``seconds`` for it. A bot over the limit is
abandoned: the caller goes on (:class:`BotTooSlow`), and the worker is asked to stop
by an exception raised inside it at its next Python instruction (CPython's
``PyThreadState_SetAsyncExc``), which ends a loop in Python code; a bot stuck in C
(a long ``time.sleep``) ends when that call returns. Where there are no threads
(Pyodide, the serverless site) the decision runs in the caller and its time is
checked after it returns: an answer over the limit is refused just the same, though
a bot that never returns cannot be stopped there.

``KeyboardInterrupt`` and ``SystemExit`` raised by a bot become a :class:`BotFailed`
like any other error. A Kernel › Interrupt while the caller waits for the bot stops
waiting (:class:`BotInterrupted`), and the bot is abandoned.
"""

from __future__ import annotations

import queue
import sys
import threading
import time
import weakref
from collections.abc import Callable
from typing import Any, TypeVar

from ..engine import HeartsError
from ..engine.errors import shown

T = TypeVar("T")

THREADS = sys.platform != "emscripten"  # Pyodide cannot start a thread
DEFAULT_SECONDS = 5.0  # a decision; the rule and strong bots take well under a second
MAX_SECONDS = 600.0
WAIT_SLICE = 0.1  # seconds: how soon a Kernel › Interrupt is seen while waiting for a bot


class BotFailed(HeartsError):
    """A bot raised an error, ``KeyboardInterrupt`` and ``SystemExit`` included, while deciding."""

    def __init__(self, error: BaseException) -> None:
        self.error = error
        super().__init__(f"{type(error).__name__}: {error}" if str(error) else type(error).__name__)


class BotTooSlow(HeartsError):
    """A bot took longer than its time limit to decide."""

    def __init__(self, seconds: float, name: str = "the bot") -> None:
        self.seconds = seconds
        super().__init__(f"{name} took more than {seconds:g} s to decide (the time limit); make it faster, "
                         f"or give it more time")


class BotInterrupted(HeartsError):
    """The person at the keyboard interrupted the wait for a bot (Kernel › Interrupt)."""

    def __init__(self) -> None:
        super().__init__("interrupted while the bot was deciding")


class _Abandoned(BaseException):
    """Raised inside an abandoned bot's thread to end it (not an Exception: a bot's
    ``except Exception`` does not catch it)."""


def is_trusted(bot: Any) -> bool:
    """Whether ``bot`` is one of the package's own bots (asked directly, without a time limit)."""
    from .function import FunctionBot

    return type(bot).__module__.startswith("hearts_widget.bots.") and not isinstance(bot, FunctionBot)


def check_time_limit(seconds: Any, name: str = "time_limit") -> float:
    """``seconds`` as a float, refused naming ``name`` unless a number above 0 and at most :data:`MAX_SECONDS`."""
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 < seconds <= MAX_SECONDS:
        raise ValueError(f"{name} must be the seconds a bot may take to decide, above 0 and at most "
                         f"{MAX_SECONDS:g}, not {shown(seconds)}")
    return float(seconds)


class TimeLimit:
    """Asks a bot for its decisions, each within ``seconds``; one worker thread at a time."""

    def __init__(self, seconds: float = DEFAULT_SECONDS, threads: bool = THREADS) -> None:
        self.seconds = check_time_limit(seconds)
        self.threads = threads
        self._tasks: queue.SimpleQueue[Callable[[], None] | None] | None = None
        self._worker: threading.Thread | None = None

    def call(self, decide: Callable[[], T]) -> T:
        """What ``decide()`` returns, or :class:`BotFailed`, :class:`BotTooSlow` or :class:`BotInterrupted`."""
        if not self.threads:
            return self._call_here(decide)
        done = threading.Event()
        outcome: list[Any] = []

        def task() -> None:
            try:
                outcome.append((True, decide()))
            except _Abandoned:
                raise
            except BaseException as error:  # noqa: BLE001 - a learner's bot: KeyboardInterrupt and SystemExit too
                outcome.append((False, error))
            done.set()

        tasks = self._ensure_worker()
        deadline = time.monotonic() + self.seconds
        try:  # an interrupt once the bot may run is the bot's
            tasks.put(task)
            finished = False
            while not finished and (left := deadline - time.monotonic()) > 0:
                # In slices: a signal that comes just before a wait starts is only seen once it ends.
                finished = done.wait(min(left, WAIT_SLICE))
        except KeyboardInterrupt:
            self._abandon()
            raise BotInterrupted() from None
        if not finished:
            self._abandon()
            raise BotTooSlow(self.seconds)
        ok, value = outcome[0]
        if not ok:
            raise BotFailed(value) from value
        return value

    def _call_here(self, decide: Callable[[], T]) -> T:
        """Without threads: decide in this thread and refuse an answer that came too late."""
        start = time.perf_counter()
        try:
            answer = decide()
        except KeyboardInterrupt:
            raise BotInterrupted() from None
        except (Exception, SystemExit) as error:  # noqa: BLE001 - a learner's bot
            raise BotFailed(error) from error
        if time.perf_counter() - start > self.seconds:
            raise BotTooSlow(self.seconds)
        return answer

    def _ensure_worker(self) -> queue.SimpleQueue[Callable[[], None] | None]:
        if self._worker is None or self._tasks is None or not self._worker.is_alive():
            tasks: queue.SimpleQueue[Callable[[], None] | None] = queue.SimpleQueue()
            self._tasks = tasks
            self._worker = threading.Thread(target=_work, args=(tasks,), name="hearts-bot", daemon=True)
            self._worker.start()
            weakref.finalize(self, tasks.put, None)  # a table or arena gone: its idle worker ends
        return self._tasks

    def _abandon(self) -> None:
        """Leave the worker to itself, asking it to stop; the next decision gets a new one."""
        worker, tasks = self._worker, self._tasks
        self._worker = self._tasks = None
        if worker is None or tasks is None:
            return
        tasks.put(None)  # ends the worker once the bot's call returns
        if worker.ident is not None and worker.is_alive():
            import ctypes

            ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(worker.ident), ctypes.py_object(_Abandoned))

    def close(self) -> None:
        """End the worker thread (it ends by itself with the interpreter too)."""
        if self._tasks is not None:
            self._tasks.put(None)
        self._worker = self._tasks = None


def _work(tasks: queue.SimpleQueue[Callable[[], None] | None]) -> None:
    """A worker thread: run each task until told to stop (None) or abandoned."""
    try:
        while (task := tasks.get()) is not None:
            task()
    except _Abandoned:
        return


class LimitedBot:
    """A learner's bot asked through a :class:`TimeLimit`, for runs with nobody to tell on a
    table (the arena): too slow is :class:`BotTooSlow` naming the bot, an interrupt while
    waiting is a ``KeyboardInterrupt`` again, and the bot's own error is raised as it was
    (its ``KeyboardInterrupt`` or ``SystemExit`` as a :class:`BotFailed`, which does not stop
    the kernel)."""

    def __init__(self, bot: Any, limit: TimeLimit) -> None:
        self.bot = bot
        self.limit = limit
        self.name = str(getattr(bot, "name", "bot"))

    def choose_pass(self, view: Any) -> Any:
        return self._ask(lambda: self.bot.choose_pass(view))

    def choose_play(self, view: Any) -> Any:
        return self._ask(lambda: self.bot.choose_play(view))

    def choose_moon(self, seat: int, scores: Any, target: int, **moon: Any) -> Any:
        return self._ask(lambda: self.bot.choose_moon(seat, scores, target, **moon))

    def _ask(self, decide: Callable[[], T]) -> T:
        try:
            return self.limit.call(decide)
        except BotTooSlow:
            raise BotTooSlow(self.limit.seconds, self.name) from None
        except BotInterrupted:
            raise KeyboardInterrupt from None
        except BotFailed as failed:
            if isinstance(failed.error, Exception):
                raise failed.error from None
            raise BotFailed(failed.error) from None
