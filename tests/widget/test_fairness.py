"""The page receives only what the learner's seat may see."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts_widget import HeartsTable

from .conftest import act, send

CODE = re.compile(r'"(10|[2-9JQKA])([CDSH])"')
SYMBOL = re.compile(r"(10|[2-9JQKA])([♣♦♠♥])")
SUITS = {"♣": "C", "♦": "D", "♠": "S", "♥": "H"}


def cards_in(state: dict) -> set[str]:
    """Every card mentioned anywhere in the synced state, as codes or as symbols in sentences."""
    text = json.dumps(state, ensure_ascii=False)
    return ({r + s for r, s in CODE.findall(text)} | {r + SUITS[s] for r, s in SYMBOL.findall(text)})


def synced(table: HeartsTable) -> dict:
    """Every synced trait that carries the game (the learner's cards and the seats are their own traits)."""
    return {name: getattr(table, name) for name in ("state", "hand", "seats", "summary", "story", "notice")}


def allowed(table: HeartsTable) -> set[str]:
    """What the viewer may know: its hand, its pass, every card played in the open."""
    game, seat = table.game, table.state["viewer"]
    hand = game.hand
    known = set(hand.held(seat)) | set(hand.passed(seat)) | set(hand.received(seat))
    known |= {c for trick in hand.tricks for c in trick.cards} | set(hand.trick.cards)
    known |= set(game.rules.stripped) | {game.rules.first_lead_card}
    for done in game.completed:
        known |= {c for trick in done.tricks for c in trick.cards}
    return {c.code for c in known}


def test_a_fresh_table_shows_only_the_learners_cards() -> None:
    table = HeartsTable(seed=5)
    assert cards_in(synced(table)) <= allowed(table)
    assert len(allowed(table)) < 20


# quick_coach: the coach's words (its hint at every step, its word after each trick) are made as on
# any table, from searches of fewer deals, which change only which legal card they name. It holds
# for every example (nothing in it is to be reset between them).
@pytest.mark.usefixtures("quick_coach")
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), players=st.integers(3, 7))
def test_no_hidden_card_reaches_the_page_during_a_hand(seed: int, players: int) -> None:
    table = HeartsTable(seed=seed, players=players)
    for _ in range(40):
        send(table, {"type": "hint"})  # the coach's words go to the page too
        hidden = cards_in(synced(table)) - allowed(table)
        assert not hidden, f"hidden cards sent to the page: {hidden}"
        if table.game.sheet:
            break
        act(table)


def test_open_hands_mode_shows_every_hand() -> None:
    table = HeartsTable(seed=5, open_hands=True)
    shown = {c["code"] for s in table.seats if s["cards"] for c in s["cards"]}
    mine = {c["code"] for c in table.hand}
    assert len(shown | mine) == 52


def test_other_seats_passes_stay_hidden_in_the_narration() -> None:
    table = HeartsTable(seed=5)
    send(table, {"type": "pass", "cards": [c["code"] for c in table.hand[:3]]})
    passes = [line for line in table.narration if line["kind"] == "pass"]
    assert len(passes) == 1 and passes[0]["text"].startswith("South")
    named = cards_in({"narration": table.narration})
    assert named <= allowed(table), f"the narration names hidden cards: {named - allowed(table)}"
    assert "2C" in named  # who holds the first lead card is public knowledge: the narration says so
