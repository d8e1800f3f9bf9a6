"""The table as a picture where widgets cannot run: a static snapshot of the learner's view,
displayed before the widget, that never holds another seat's unplayed card."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import nbformat
import pytest

from hearts_widget import HeartsTable
from hearts_widget.engine import Card, Hand, Rules
from hearts_widget.lessons.light_outputs import MAX_BYTES, heavy_parts

from .conftest import act

CODES = re.compile(r'title="([0-9TJQKA]{1,2}[CDHS])"')


def cards_shown(html: str) -> set[Card]:
    return {Card.parse(code) for code in CODES.findall(html)}


@pytest.mark.usefixtures("quick_coach")
@pytest.mark.parametrize("open_hands", [False, True])
def test_the_snapshot_shows_the_learners_cards_and_the_trick_and_no_other_unplayed_card(open_hands: bool) -> None:
    table = HeartsTable(seed=8, pace=0, open_hands=open_hands)
    rng = random.Random(8)
    for _ in range(40):
        hand = table.game.hand
        viewer = table._session.viewer
        shown = cards_shown(table.snapshot_html())
        mine, on_table = set(hand.held(viewer)), set(hand.trick.cards)
        assert shown == mine | on_table  # all of these, and nothing else of anyone's
        for seat in range(4):
            if seat != viewer:
                assert not shown & (set(hand.held(seat)) - on_table)
        if rng.random() < 0.5 or not table.state["your_turn"]:
            act(table)
        else:
            legal = [c["code"] for c in table.hand if c["legal"]]
            table.send_intent({"type": "play", "state": table.state["id"], "card": rng.choice(legal)})


def test_the_snapshot_has_the_seats_points_and_totals_in_the_tables_language() -> None:
    table = HeartsTable(seed=3, pace=0, lang="sw")
    html = table.snapshot_html()
    assert "Kadi zako" in html and "Mezani" in html and "Kusini" in html
    assert "hearts-table-snapshot" in html and "http" not in html  # nothing loaded from anywhere


def test_displaying_a_table_shows_the_snapshot_first_then_the_widget(monkeypatch: pytest.MonkeyPatch) -> None:
    import IPython.display

    shown: list[dict[str, Any]] = []
    monkeypatch.setattr(IPython.display, "display", lambda data, **options: shown.append(data))
    table = HeartsTable(seed=1)
    table._ipython_display_()
    assert len(shown) == 2
    assert shown[0]["text/html"] == table.snapshot_html()
    assert "application/vnd.jupyter.widget-view+json" in shown[1] and "text/html" not in shown[1]


def test_a_seat_view_and_a_lesson_position_show_the_same_snapshot() -> None:
    hand = Hand.deal(Rules(), seed=7, number=3)
    hand = hand.play(hand.legal_moves()[0])
    view = hand.view(2)
    assert cards_shown(view._repr_html_()) == set(view.held) | set(hand.trick.cards)
    position = HeartsTable.from_hand(hand, learner=2, layout="position", pace=0)
    now = position.game.hand
    assert cards_shown(position.snapshot_html()) == set(now.held(2)) | set(now.trick.cards)


NOTEBOOKS = Path(__file__).parents[2] / "notebooks"


@pytest.mark.parametrize("name", ["play.ipynb", "variants.ipynb"])
def test_the_repositorys_notebooks_are_stored_with_light_outputs_that_show_the_table(name: str) -> None:
    """GitHub and nbviewer show the stored outputs: the table's snapshot, no widget state
    (python -m hearts_widget.lessons.light_outputs notebooks/play.ipynb notebooks/variants.ipynb)."""
    book = nbformat.read(NOTEBOOKS / name, as_version=4)
    assert heavy_parts(book) == []
    html = [output["data"]["text/html"] for cell in book.cells for output in cell.get("outputs", [])
            if "text/html" in output.get("data", {})]
    assert any("hearts-table-snapshot" in part for part in html), f"run light_outputs on notebooks/{name}"
    assert (NOTEBOOKS / name).stat().st_size <= MAX_BYTES
