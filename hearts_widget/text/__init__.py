"""Words for the learner: every user-facing sentence is made here, from the
engine's structured explanations and events, through gettext catalogs.

English is the source language; other languages are catalogs in ``locale/``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine.errors import HeartsError, shown
from ..engine.words import register
from .bot_time import slow_arena_text
from .coach import feedback_text, hint_text, moon_text
from .messages import card_name, event_text, explain_text, names_text, number_text, points_text, seat_label, suit_name
from .translate import DEFAULT_LANGUAGE, LANGUAGES, default_language, translator


def _in_a_language(make: Callable[[Any, str | None], str]) -> Callable[[Any, Any], str]:
    """``make``, refusing a language it has no words in with a HeartsError naming the choices."""

    def said(thing: Any, lang: Any = None) -> str:
        if lang is not None and (not isinstance(lang, str) or lang not in LANGUAGES):
            raise HeartsError(f"unknown language {shown(lang)}: choose one of {', '.join(LANGUAGES)}")
        return make(thing, lang)

    return said


# The engine's Explanation.text() and Event.text(), and the coach's advice (bots.coach: its
# reason, facts and what it checked), find their words here (engine.words).
register("explanation", _in_a_language(explain_text))
register("event", _in_a_language(event_text))
register("hint", hint_text)
register("moon", moon_text)
register("feedback", feedback_text)
register("slow-arena", slow_arena_text)  # bots.arena's warning of a long run
register("language", default_language)  # the language a bot's result is said in: lang, or the user's

__all__ = [
    "DEFAULT_LANGUAGE", "LANGUAGES", "card_name", "default_language", "event_text", "explain_text", "names_text",
    "number_text", "points_text", "seat_label", "suit_name", "translator",
]
