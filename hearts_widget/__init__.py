"""hearts-widget: learn Hearts in Jupyter with a rules engine that explains itself.

The engine names are imported eagerly; ``HeartsTable`` (and with it
ipywidgets) only when it is first asked for.
"""

from __future__ import annotations

import sys
from typing import Any

from .engine import (
    BadPosition,
    BadRules,
    Card,
    CardNotHeld,
    CardParseError,
    Event,
    Explanation,
    Game,
    Hand,
    HeartsError,
    IllegalMove,
    OutOfTurn,
    RecordError,
    Rules,
    Suit,
    Trick,
    WrongPhase,
    parse_cards,
)

__version__ = "0.1.0"

if sys.platform == "emscripten":  # Pyodide, as in the serverless site: see in_browser
    from .in_browser import send_nulls_to_the_page

    send_nulls_to_the_page()

__all__ = [
    "BadPosition", "BadRules", "Card", "CardNotHeld", "CardParseError", "Event", "Explanation", "Game", "Hand",
    "HeartsError", "HeartsTable", "IllegalMove", "OutOfTurn", "RecordError", "Rules", "Suit", "Trick",
    "WrongPhase", "parse_cards",
]


def __getattr__(name: str) -> Any:
    if name == "HeartsTable":
        from .widget import HeartsTable

        return HeartsTable
    raise AttributeError(f"module 'hearts_widget' has no attribute {name!r}")
