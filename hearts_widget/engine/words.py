"""Where the layers below the words find them: the words layer
(:mod:`hearts_widget.text`) registers here, on import, the functions that put the
engine's explanations and events and the bots' judgements into sentences, so the
engine and the bots keep only data and import nothing above them.

The package's root (:mod:`hearts_widget`) names how to import the words layer
(:func:`load_words_with`); the first sentence asked for imports it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import HeartsError

_WORDS: dict[str, Callable[..., Any]] = {}
_LOADER: list[Callable[[], object]] = []


def register(kind: str, make: Callable[..., Any]) -> None:
    """The words layer: ``make`` puts a ``kind`` of thing into words ("explanation", "event", "hint", ...)."""
    _WORDS[kind] = make


def load_words_with(load: Callable[[], object]) -> None:
    """The package's root: ``load()`` imports the words layer, which registers itself."""
    _LOADER[:] = [load]


def words(kind: str) -> Callable[..., Any]:
    """The function that puts a ``kind`` of thing into words, importing the words layer when first asked."""
    if kind not in _WORDS:
        for load in _LOADER:
            load()
    try:
        return _WORDS[kind]
    except KeyError:
        raise HeartsError(f"no words for {kind!r}: import hearts_widget.text, which makes them") from None
