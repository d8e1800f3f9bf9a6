"""A learner's bot that is too slow, loops, sleeps or raises KeyboardInterrupt or SystemExit
never stops the table: the table says which bot it was, the rule bot plays that seat from
then on, and the hand goes on (bots/time_limit.py). Run at pace 0 through the session, with
a short time limit so that the tests are quick."""

from __future__ import annotations

import signal
import threading
import time

import pytest

from hearts_widget import HeartsTable
from hearts_widget.bots import RuleBot
from hearts_widget.bots.time_limit import BotFailed, BotInterrupted, BotTooSlow, TimeLimit, check_time_limit
from hearts_widget.engine import SeatView
from hearts_widget.text import LANGUAGES
from hearts_widget.text.bot_time import bot_time_text

from .conftest import act

pytestmark = pytest.mark.usefixtures("quick_coach")
LIMIT = 0.2
bot_threads: list[threading.Thread] = []


def loop_bot(view: SeatView):  # type: ignore[no-untyped-def]
    bot_threads.append(threading.current_thread())
    while True:
        pass


def sleep_bot(view: SeatView):  # type: ignore[no-untyped-def]
    time.sleep(3)
    return view.legal[0]


def interrupt_bot(view: SeatView):  # type: ignore[no-untyped-def]
    raise KeyboardInterrupt


def exit_bot(view: SeatView):  # type: ignore[no-untyped-def]
    raise SystemExit(3)


def interrupted_bot(view: SeatView):  # type: ignore[no-untyped-def]
    """Kernel › Interrupt while the table waits for this bot: SIGINT reaches the kernel, whose main thread waits."""
    time.sleep(0.05)  # the table waits
    signal.pthread_kill(threading.main_thread().ident, signal.SIGINT)  # type: ignore[arg-type]
    time.sleep(3)
    return view.legal[0]


def play_the_hand(table: HeartsTable) -> list[dict]:  # type: ignore[type-arg]
    """Play the first hand to its end; the notices seen on the way."""
    seen = [table.notice]
    while not table.game.sheet:
        act(table)
        seen.append(table.notice)
    return seen


@pytest.mark.parametrize("bot", [loop_bot, sleep_bot])
def test_a_bot_over_the_time_limit_is_abandoned_and_the_rule_bot_plays_on(bot) -> None:  # type: ignore[no-untyped-def]
    table = HeartsTable(bots=[bot, "rule", "rule"], seed=3, pace=0, bot_time_limit=LIMIT)
    seen = [notice for notice in play_the_hand(table) if notice.get("kind") == "bot-too-slow"]
    assert seen, "the table said nothing about the slow bot"
    assert seen[0]["level"] == "error"
    assert seen[0]["text"] == f"West ({bot.__name__}) took more than 0.2 s to choose, so the table stopped " \
        "waiting: the rule bot plays that seat from now on."
    assert isinstance(table._session.bots[1], RuleBot)
    assert len(table.game.sheet) == 1  # the hand went on to its end


def test_a_looping_bot_is_stopped_not_left_running() -> None:
    bot_threads.clear()
    table = HeartsTable(bots=[loop_bot, "rule", "rule"], seed=3, pace=0, bot_time_limit=LIMIT)
    play_the_hand(table)
    assert len(bot_threads) == 1
    bot_threads[0].join(timeout=60)  # ended by the exception raised inside it (at once, unless the machine is busy)
    assert not bot_threads[0].is_alive()


@pytest.mark.parametrize(("bot", "words"), [(interrupt_bot, "KeyboardInterrupt"), (exit_bot, "SystemExit: 3")])
def test_keyboard_interrupt_or_system_exit_from_a_bot_is_told_and_the_table_goes_on(bot, words) -> None:  # type: ignore[no-untyped-def]
    table = HeartsTable(bots=[bot, "rule", "rule"], seed=3, pace=0)
    seen = [notice for notice in play_the_hand(table) if notice.get("kind") == "bot-replaced"]
    assert seen and words in seen[0]["text"] and seen[0]["text"].startswith(f"West ({bot.__name__}) made a mistake")
    assert len(table.game.sheet) == 1
    act(table)  # the table still takes the learner's moves
    assert table.game.hand.number == 1


def test_kernel_interrupt_while_the_table_waits_for_a_bot_frees_the_table() -> None:
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)  # a kernel's handler while it handles a click
    try:
        interrupted_play()
    finally:
        signal.signal(signal.SIGINT, previous)


def interrupted_play() -> None:
    table = HeartsTable(bots=[interrupted_bot, "rule", "rule"], seed=3, pace=0, bot_time_limit=30)
    seen = [notice for notice in play_the_hand(table) if notice.get("kind") == "bot-interrupted"]
    assert seen and seen[0]["text"] == "West (interrupted_bot) was interrupted while choosing: the rule bot " \
        "plays that seat from now on."
    assert len(table.game.sheet) == 1


@pytest.mark.parametrize("threads", [True, False], ids=["threads", "pyodide"])
def test_the_time_limit_with_and_without_threads(threads: bool) -> None:
    limit = TimeLimit(LIMIT, threads=threads)
    assert limit.call(lambda: 42) == 42
    with pytest.raises(BotTooSlow, match="took more than 0.2 s"):
        limit.call(lambda: time.sleep(0.5))
    with pytest.raises(BotFailed, match="SystemExit") as caught:
        limit.call(lambda: exec("raise SystemExit"))  # noqa: S102 - a bot's own SystemExit
    assert isinstance(caught.value.error, SystemExit)
    with pytest.raises(BotFailed, match="ZeroDivisionError"):
        limit.call(lambda: 1 / 0)
    assert limit.call(lambda: "still answers") == "still answers"
    if not threads:  # without threads a KeyboardInterrupt in the bot cannot be told from the keyboard's
        with pytest.raises(BotInterrupted):
            limit.call(lambda: interrupt_bot(None))  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [0, -1, 601, "5", None, True, float("nan")])
def test_a_time_limit_is_refused_by_name(value) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match="bot_time_limit must be the seconds"):
        HeartsTable(bot_time_limit=value)
    with pytest.raises(ValueError, match="time_limit must be"):
        check_time_limit(value)


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_the_notices_speak_each_language(lang: str) -> None:
    for kind in ("bot-too-slow", "bot-interrupted"):
        said = bot_time_text(kind, lang, name="West (x)", seconds="5")
        assert said != bot_time_text(kind, "en", name="West (x)", seconds="5") and "West (x)" in said
