"""Words for the learner: every user-facing sentence is made here, from the
engine's structured explanations and events, through gettext catalogs.

English is the source language; other languages are catalogs in ``locale/``.
"""

from __future__ import annotations

from .messages import card_name, event_text, explain_text, names_text, number_text, points_text, seat_label, suit_name
from .translate import DEFAULT_LANGUAGE, LANGUAGES, default_language, translator

__all__ = [
    "DEFAULT_LANGUAGE", "LANGUAGES", "card_name", "default_language", "event_text", "explain_text", "names_text",
    "number_text", "points_text", "seat_label", "suit_name", "translator",
]
