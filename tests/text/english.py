"""Telling English words apart in a translation."""

from __future__ import annotations

import re

WORD = re.compile(r"[^\W\d_]{2,}")
PLACEHOLDER = re.compile(r"\{[^}]*\}")
# Words a translation may share with the English: the proper term "Black Maria";
# Tagalog borrows "trick", "suit" and "trump" as its players (and the seed text)
# do, and its own "may" (there is) and "at" (and) are spelled as English words are.
SHARED_WORDS: dict[str, frozenset[str]] = {
    "tl": frozenset({"black", "maria", "trick", "suit", "trump", "may", "at"}),
    "ceb": frozenset({"black", "maria", "trump"}),
    "sw": frozenset({"black", "maria"}),
}


def words(text: str) -> set[str]:
    """The lower-cased words of ``text``, placeholders left out."""
    return {word.lower() for word in WORD.findall(PLACEHOLDER.sub(" ", text))}
