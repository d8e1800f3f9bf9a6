"""Every explanation and event of whole random games, in every language: each
renders, every reason and event kind is met, and no English is left in the
translations beyond the game's proper terms."""

from __future__ import annotations

import functools

import pytest

from hearts_widget.engine.explain import Event, Explanation
from hearts_widget.text import LANGUAGES, event_text, explain_text

from .engine_runs import EVENT_KINDS, REASONS, everything
from .english import SHARED_WORDS, words

ITEMS = everything()


def render(item: Event | Explanation, lang: str) -> str:
    return event_text(item, lang) if isinstance(item, Event) else explain_text(item, lang)


def test_the_games_meet_every_reason_and_every_event_kind() -> None:
    assert {i.reason for i in ITEMS if isinstance(i, Explanation)} == REASONS
    assert {i.kind for i in ITEMS if isinstance(i, Event)} == EVENT_KINDS


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_event_and_explanation_renders_as_a_finished_sentence(lang: str) -> None:
    for item in ITEMS:
        text = render(item, lang)
        assert text and "{" not in text and "}" not in text, (item, text)
        assert text[-1] in ".!", (item, text)


@functools.cache
def english_words() -> frozenset[str]:
    """Every word of the English sentences (made once for the languages checked against them)."""
    english: set[str] = set()
    for item in ITEMS:
        english |= words(render(item, "en"))
    return frozenset(english)


@pytest.mark.parametrize("lang", sorted(set(LANGUAGES) - {"en"}))
def test_no_english_is_left_in_the_translated_sentences(lang: str) -> None:
    english = english_words()
    leftover: dict[str, str] = {}
    for item in ITEMS:
        text = render(item, lang)
        for word in (words(text) & english) - SHARED_WORDS[lang]:
            leftover.setdefault(word, text)
    assert not leftover, f"{lang}: English words in {leftover}"
