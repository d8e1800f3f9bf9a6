"""Helpers for driving a HeartsTable without a browser."""

from __future__ import annotations

from typing import Any

import pytest

from hearts_widget import HeartsTable


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


@pytest.fixture
def table() -> HeartsTable:
    return HeartsTable(seed=1)
