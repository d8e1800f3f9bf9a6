"""Helpers for driving a HeartsTable without a browser."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import pytest

from hearts_widget import HeartsTable
from hearts_widget.bots import coach
from hearts_widget.engine import Rules


def send(table: HeartsTable, message: dict[str, Any]) -> None:
    """Send a message as the page would, with the current state id unless given."""
    table.send_intent({"state": table.state["id"], **message})


def pass_first_three(table: HeartsTable) -> list[str]:
    chosen = [c["code"] for c in table.hand[:3]]
    send(table, {"type": "pass", "cards": chosen})
    return chosen


def play_first_legal(table: HeartsTable) -> str:
    card = next(c["code"] for c in table.hand if c["legal"])
    send(table, {"type": "play", "card": card})
    return card


def act(table: HeartsTable) -> None:
    """Make whatever move the learner owes: continue after a trick, pass, play or moon."""
    state = table.state
    if state["held"]:
        send(table, {"type": "continue"})
    elif state["passing"]:
        pass_first_three(table)
    elif state["moon"]:
        send(table, {"type": "moon", "choice": "self"})
    elif state["your_turn"]:
        play_first_legal(table)
    else:
        raise AssertionError(f"the learner has nothing to do in phase {state['phase']}: {state['status']}")


def play_highest(table: HeartsTable, pass_low: bool = False) -> None:
    """The learner's move, playing the last legal card of the hand (often a costly one);
    passing the last three cards of the hand or, with ``pass_low``, the first three
    (the lowest clubs, which leave the dangerous cards in the hand)."""
    state = table.state
    if state["held"]:
        send(table, {"type": "continue"})
    elif state["passing"]:
        send(table, {"type": "pass", "cards": [c["code"] for c in (table.hand[:3] if pass_low else table.hand[-3:])]})
    elif state["moon"]:
        send(table, {"type": "moon", "choice": "self"})
    else:
        card = [c["code"] for c in table.hand if c["legal"]][-1]
        send(table, {"type": "play", "card": card})


def card_texts(state: Any) -> set[str]:
    return {str(c) for c in Rules().deck if c.code in json.dumps(state) or str(c) in json.dumps(state,
            ensure_ascii=False)}


def run_in_own_loop(main: Callable[[], Awaitable[Any]]) -> Any:
    """Run ``main`` on a fresh event loop in its own thread, as a kernel would run the
    table (the test process may already run a loop, e.g. Playwright's)."""
    outcome: dict[str, Any] = {}

    def target() -> None:
        try:
            outcome["value"] = asyncio.run(main())
        except BaseException as error:  # noqa: BLE001 - re-raised below in the test's thread
            outcome["error"] = error

    thread = threading.Thread(target=target)
    thread.start()
    thread.join(timeout=30)
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


@pytest.fixture
def table() -> HeartsTable:
    return HeartsTable(seed=1)


@pytest.fixture
def quick_coach(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The coach's searches (the hint, its word after a trick, the review's judgements) start
    on 8 deals and the hint's and a card's stop there, for tests of what the table shows and
    says rather than of which card the coach names: how many deals it searches changes which
    of the learner's cards it names, not what it may say, nor when. Without an event loop the
    coach judges each of the learner's tricks at once, which made a whole hand here take
    seconds. Nothing searched so is kept for a later test."""
    for budget in ("FIRST_DEALS", "HINT_DEALS", "JUDGE_DEALS"):
        monkeypatch.setattr(coach, budget, 8)
    coach.forget()
    yield
    coach.forget()
