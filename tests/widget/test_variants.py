"""The table with variants: started with a variant or a whole Rules (no browser)."""

from __future__ import annotations

import pytest

from hearts_widget import HeartsTable, Rules


def send(table: HeartsTable, message: dict) -> None:
    table.send_intent({**message, "state": table.state["id"]})


@pytest.mark.parametrize("options, error, words", [
    ({"rules": Rules(), "players": 4}, TypeError, "either as rules=Rules"),
    ({"rules": Rules(variant="omnibus"), "variant": "omnibus"}, TypeError, "not both"),
    ({"rules": {"players": 4}}, ValueError, "rules must be a hearts_widget.Rules"),
    ({"variant": "cancellation"}, ValueError, "from 5 to 10 for Cancellation Hearts"),
    ({"variant": "spades"}, ValueError, "Rules.variant must be one of"),
])
def test_bad_variant_options_are_refused(options: dict, error: type, words: str) -> None:
    with pytest.raises(error, match=words):
        HeartsTable(**options)
