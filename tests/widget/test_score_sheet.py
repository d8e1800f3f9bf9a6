"""The score sheet as the page gets it (score.sheet): the seats' full names, and short ones
for a sheet on a phone, which the page shows when the full ones do not fit."""

from __future__ import annotations

import pytest

from hearts_widget import HeartsTable
from hearts_widget.text import LANGUAGES
from hearts_widget.text.ui import seat_names, seat_short_names


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_score_sheet_short_names_are_short_distinct_and_in_seat_order(lang: str, players: int) -> None:
    full, short = seat_names(players, 0, lang), seat_short_names(players, 0, lang)
    assert len(short) == len(set(short)) == players
    assert all(0 < len(s) <= 3 < len(f) for s, f in zip(short, full, strict=True)), (short, full)
    if players != 4:  # numbered players keep their number
        numbers = [str(n) for n in range(1, players + 1)]
        assert all(s.endswith(n) and f.endswith(n) for n, s, f in zip(numbers, short, full, strict=True))


@pytest.mark.parametrize("learner", [0, 2])
def test_score_sheet_sends_both_names_counted_from_the_learner(learner: int) -> None:
    table = HeartsTable(players=5, learner=learner, lang="tl")
    assert table.sheet["names"] == seat_names(5, learner, "tl")
    assert table.sheet["short_names"] == seat_short_names(5, learner, "tl")
    assert table.sheet["short_names"][learner] == "M1"
    table.lang = "sw"
    assert table.sheet["short_names"] == seat_short_names(5, learner, "sw")
