"""Bot pace (a visible pause between bot cards) and switching language mid-game."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from hearts_widget import HeartsTable
from hearts_widget.text import LANGUAGES
from hearts_widget.text.ui import ui_strings
from hearts_widget.widget import table as table_module

from .conftest import pass_first_three, play_first_legal, run_in_own_loop, send


def test_a_visible_pace_shows_each_bot_card_in_turn() -> None:
    async def play() -> list[int]:
        table = HeartsTable(seed=1, pace=0.01)
        seen: list[int] = []
        table.observe(lambda change: seen.append(sum(len(t["cards"]) for t in [change["new"]["trick"]])),
                      names="state")
        pass_first_three(table)
        for _ in range(200):
            if table.state["your_turn"]:
                break
            await asyncio.sleep(0.01)
        assert table.state["your_turn"]
        return seen

    seen = run_in_own_loop(play)
    on_table = [n for n in seen if n]
    assert on_table == sorted(on_table) and len(set(on_table)) == len(on_table), \
        "each bot card arrives in its own state, one at a time"


def test_undo_during_a_paced_bot_turn_cancels_the_bots() -> None:
    """The bots' move due at the pace is cancelled by the undo (a cancelled timer never runs),
    not left to play on the position taken back; the learner passes again."""
    async def play() -> tuple[HeartsTable, asyncio.TimerHandle | None]:
        table = HeartsTable(seed=1, pace=0.05)
        pass_first_three(table)
        due = table._timer  # the bots' next move, at the pace
        send(table, {"type": "undo"})
        return table, due

    table, due = run_in_own_loop(play)
    assert due is not None and due.cancelled(), "the bots' move due before the undo would still come"
    assert table.game.hand.phase == "pass" and table.state["passing"]


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_switching_language_keeps_the_game_and_changes_every_label(lang: str) -> None:
    table = HeartsTable(seed=1)
    pass_first_three(table)
    game = table.game
    send(table, {"type": "lang", "lang": lang})
    assert table.game is game
    assert table.state["lang"] == lang and table.ui == ui_strings(lang)
    table.lang = "en"
    assert table.state["lang"] == "en"


def test_a_bad_language_from_python_is_refused() -> None:
    table = HeartsTable()
    with pytest.raises(ValueError, match="unknown language"):
        table.lang = "xx"


def test_every_ui_label_is_a_non_empty_string() -> None:
    for lang in LANGUAGES:
        strings = ui_strings(lang)
        assert all(isinstance(v, str) and v for v in strings.values())


@pytest.mark.parametrize("env, expected", [
    ({"LANG": "sw_KE.UTF-8"}, "sw"),
    ({"LC_ALL": "fil_PH.UTF-8"}, "tl"),
    ({"LANGUAGE": "ceb:en", "LANG": "en_US.UTF-8"}, "ceb"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),
    ({}, "en"),
])
def test_without_lang_the_table_follows_the_kernel_locale(
        monkeypatch: pytest.MonkeyPatch, env: dict[str, str], expected: str) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    table = HeartsTable(seed=1)
    assert table.lang == expected
    assert table.ui == ui_strings(expected)


def test_an_explicit_lang_wins_over_the_kernel_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "sw_KE.UTF-8")
    assert HeartsTable(seed=1, lang="en").lang == "en"


class NoThreads:
    """``threading`` as in Pyodide (the serverless site): a thread cannot be started."""

    class Thread:
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            pass

        def start(self) -> None:
            raise RuntimeError("can't start new thread")


@pytest.mark.parametrize("threads", [True, False], ids=["kernel", "pyodide"])
def test_the_coachs_word_on_a_trick_comes_after_the_update_that_shows_the_trick(
        threads: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """The coach judges the learner's completed trick with a search that can take a second:
    the trick goes to the page first, and the coach's word follows in the next update
    (from a thread in a kernel; from the event loop where no thread can start)."""
    if not threads:
        monkeypatch.setattr(table_module, "threading", NoThreads)
        monkeypatch.setattr(table_module, "THREADS", False)
    async def play() -> list[dict[str, Any]]:
        table = HeartsTable(seed=1, pace=0.01)
        states: list[dict[str, Any]] = []
        table.observe(lambda change: states.append(change["new"]), names="state")
        pass_first_three(table)
        session = table._session
        deadline = time.monotonic() + 25  # within run_in_own_loop's 30 s, for a loaded machine
        while time.monotonic() < deadline:
            state = table.state
            if state["feedback"]:
                break
            if state["held"] and session.feedback_on is not None and session.judged is session.feedback_on:
                send(table, {"type": "continue"})  # judged, with nothing to say: the next trick
            elif state["your_turn"]:
                play_first_legal(table)
            await asyncio.sleep(0.002)
        return states

    states = run_in_own_loop(play)
    first = next(index for index, state in enumerate(states) if state["feedback"])
    shown, judged = states[first - 1], states[first]
    assert shown["feedback"] == "" and shown["trick"] == judged["trick"] and judged["trick"]["held"], \
        "the completed trick was on the page before the coach's word"
