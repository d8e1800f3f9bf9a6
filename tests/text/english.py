"""Telling English words apart in a translation."""

from __future__ import annotations

import re

WORD = re.compile(r"[^\W\d_]{2,}")
PLACEHOLDER = re.compile(r"\{[^}]*\}")
# Code in backticks (`view.legal`, the tutorial's names) stays as it is in every language.
CODE = re.compile(r"`[^`]*`")
# Proper names kept as they are (the seed texts do): the card, the variants, the language the tutorial teaches
# and the lesson file's format; the software a lesson runs in.
PROPER_NAMES = re.compile(r"Black Marias?|Cancellation Hearts|Omnibus( Hearts)?|Queen of Spades|Python|JupyterHub|"
                          r"Jupyter|Voilà|JSON")
# Words a translation may share with the English: Tagalog borrows "trick", "suit"
# and "trump" as its players (and the seed text) do, and its own "may" (there is)
# and "at" (and) are spelled as English words are.
SHARED_WORDS: dict[str, frozenset[str]] = {
    "tl": frozenset({"trick", "suit", "trump", "may", "at"}),
    "ceb": frozenset({"trump"}),
    "sw": frozenset(),
}


def words(text: str) -> set[str]:
    """The lower-cased words of ``text``, placeholders and proper names left out."""
    return {word.lower() for word in WORD.findall(PROPER_NAMES.sub(" ", PLACEHOLDER.sub(" ", CODE.sub(" ", text))))}
