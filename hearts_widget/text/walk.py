"""The words of the review's walk through the learner's costly choices (widget/review.py),
one at a time: which choice of how many, and the buttons to go from one to the next."""

from __future__ import annotations

from .translate import translator


def walk_words(lang: str | None = None) -> dict[str, str]:
    """The walk's buttons and the label of the learner's own card in the position shown."""
    t = translator(lang)
    return {
        "previous": t.gettext("Previous choice"),
        "next": t.gettext("Next choice"),
        "walk": t.gettext("Your costly choices, one at a time"),
        "yours": t.gettext("your choice"),
    }


def walk_title(number: int, total: int, trick: int | None, lang: str | None = None) -> str:
    """The title of costly choice ``number`` of ``total``: the pass (``trick`` None) or a card in ``trick``."""
    t = translator(lang)
    if trick is None:
        return t.gettext("Costly choice {number} of {total}: your pass").format(number=number, total=total)
    return t.gettext("Costly choice {number} of {total}: your card in trick {trick}").format(
        number=number, total=total, trick=trick)
