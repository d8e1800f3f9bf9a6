"""The words of the review's Try again (widget/review.py) that keep the answer back: the
mark on a costly choice before the learner has tried it, the verdict on a try (better
than the choice made or not, and how far from the best), Show the answer, Skip and the
count of choices found."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import Card
from .messages import points_said
from .translate import translator


def _cards_text(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


def retry_words(lang: str | None = None) -> dict[str, str]:
    """Try again's buttons: the answer on request, and the next costly choice."""
    t = translator(lang)
    return {
        "show": t.gettext("Show the answer"),
        "skip": t.gettext("Skip"),
    }


def solved_text(solved: int, total: int, lang: str | None = None) -> str:
    """How many of the hand's costly choices the learner found a good choice for on their own."""
    return translator(lang).gettext("Solved {solved} of {total}").format(solved=solved, total=total)


def hidden_mark(card: Card, cost: float, lang: str | None = None) -> str:
    """A costly card in the review before the learner has tried it again: what it cost, not the better card."""
    return translator(lang).gettext("{card} cost you about {cost} of your points. Can you find a better card? "
                                    "Try again.").format(card=str(card), cost=points_said(cost))


def hidden_pass(cards: Sequence[Card], cost: float, lang: str | None = None) -> str:
    """A costly pass in the review before the learner has tried it again: what it cost, not the better pass."""
    return translator(lang).gettext("Your pass, {cards}, cost you about {cost} of your points. Can you find a better "
                                    "pass? Try again.").format(cards=_cards_text(cards), cost=points_said(cost))


def card_verdict(card: Card, played: Card, cost: float, gain: float, good: bool, lang: str | None = None) -> str:
    """The verdict on ``card`` tried instead of ``played``: ``good`` (accepted), else how far it
    is from the best card (``cost``) and, when it beats the card played by ``gain`` points or
    more than a point, that it is better than that one."""
    t = translator(lang)
    if good:
        return t.gettext("{card} is a good card here. Well found!").format(card=str(card))
    if card == played:
        return t.gettext("{card} is the card you played: it costs about {cost} of your points more than the best card. "
                         "Try again.").format(card=str(card), cost=points_said(cost))
    if gain >= 1:
        return t.gettext("{card} is better than {played}, by about {gain} of your points, but it still costs about "
                         "{cost} more than the best card. Try again.").format(
            card=str(card), played=str(played), gain=points_said(gain), cost=points_said(cost))
    return t.gettext("{card} is not better than {played}: it costs about {cost} of your points more than the best "
                     "card. Try again.").format(card=str(card), played=str(played), cost=points_said(cost))


def pass_verdict(cards: Sequence[Card], passed: Sequence[Card], cost: float, gain: float, good: bool,
                 lang: str | None = None) -> str:
    """The verdict on three ``cards`` tried instead of the pass made (``passed``), as :func:`card_verdict`."""
    t = translator(lang)
    if good:
        return t.gettext("Passing {cards} is a good pass here. Well found!").format(cards=_cards_text(cards))
    if set(cards) == set(passed):
        return t.gettext("Passing {cards} is the pass you made: it costs about {cost} of your points more than the "
                         "best pass. Try again.").format(cards=_cards_text(cards), cost=points_said(cost))
    if gain >= 1:
        return t.gettext("Passing {cards} is better than your pass, by about {gain} of your points, but it still "
                         "costs about {cost} more than the best pass. Try again.").format(
            cards=_cards_text(cards), gain=points_said(gain), cost=points_said(cost))
    return t.gettext("Passing {cards} is not better than your pass: it costs about {cost} of your points more than the "
                     "best pass. Try again.").format(cards=_cards_text(cards), cost=points_said(cost))
