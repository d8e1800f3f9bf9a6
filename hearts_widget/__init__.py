"""hearts-widget: learn Hearts in Jupyter with a rules engine that explains itself.

The engine names are imported eagerly; ``HeartsTable`` (and with it
ipywidgets) and ``__version__`` (and with it, outside a source tree,
``importlib.metadata``, about half of the import's time) only when first asked
for.
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
from .engine.words import load_words_with


def _load_words() -> None:
    """Import the words layer and the pictures, which register with the engine (engine.words)
    the sentences of the engine's explanations and the bots' advice, and the arena's picture."""
    from . import pictures, text  # noqa: F401


load_words_with(_load_words)


def _version() -> str:
    """This copy's version: from ``pyproject.toml`` beside it in a source tree (a
    clone on ``PYTHONPATH``, an unpacked sdist: the installed metadata, if any,
    may be another copy's), else from the installed package's metadata."""
    import re
    from importlib import metadata
    from pathlib import Path

    pyproject = Path(__file__).resolve().parents[1] / "pyproject.toml"
    try:
        project = pyproject.read_text(encoding="utf-8").partition("\n[project]\n")[2].partition("\n[")[0]
    except OSError:
        project = ""
    found = re.search(r'^version = "([^"]+)"', project, re.MULTILINE)
    if re.search(r'^name = "hearts-widget"$', project, re.MULTILINE) and found:
        return found.group(1)
    try:
        return metadata.version("hearts-widget")
    except metadata.PackageNotFoundError:
        return "0+unknown"  # neither installed nor in its source tree (copied files)


__version__: str  # made by __getattr__ on first use, then kept here

if sys.platform == "emscripten":  # Pyodide, as in the serverless site: see in_browser
    from .in_browser import send_nulls_to_the_page

    send_nulls_to_the_page()

__all__ = [
    "BadPosition", "BadRules", "Card", "CardNotHeld", "CardParseError", "Event", "Explanation", "Game", "Hand",
    "HeartsError", "HeartsTable", "IllegalMove", "OutOfTurn", "RecordError", "Rules", "Suit", "Trick",
    "WrongPhase", "parse_cards",
]


def __getattr__(name: str) -> Any:
    if name == "__version__":
        version = globals()["__version__"] = _version()
        return version
    if name == "HeartsTable":
        from .widget import HeartsTable

        return HeartsTable
    raise AttributeError(f"module 'hearts_widget' has no attribute {name!r}")
