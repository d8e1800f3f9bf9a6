"""The puzzles' words: each theme's name and a puzzle's reason, one sentence.

A reason says how much better the answer is than the next best choice (the margin the
generator measured, which a re-evaluation on fresh deals checks) and, after a colon,
why, from claims :func:`hearts_widget.bots.verify.holds` finds true of the position
(:func:`hearts_widget.puzzles.themes.reason_claims`). Present tense: the learner is
looking at the position.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..engine import Card
from .messages import number_text, points_said, suit_name
from .translate import translator

if TYPE_CHECKING:
    from ..bots.claims import Claim

QUEEN = str(Card.parse("QS"))


def theme_name(theme: str, lang: str | None = None) -> str:
    """A theme's name as a learner reads it (:data:`hearts_widget.puzzles.themes.THEMES`)."""
    t = translator(lang)
    names = {
        "duck-queen": t.pgettext("theme", "Duck the {queen}"),
        "flush-queen": t.pgettext("theme", "Flush out the {queen}"),
        "drop-queen": t.pgettext("theme", "Drop the {queen}"),
        "void-suit": t.pgettext("theme", "Empty a suit"),
        "count-suit": t.pgettext("theme", "Count a suit"),
        "first-trick-dump": t.pgettext("theme", "First-trick dump"),
        "stop-moon": t.pgettext("theme", "Stop the moon"),
        "shoot-moon": t.pgettext("theme", "Shoot the moon"),
        "omnibus-jack": t.pgettext("theme", "The bonus card in Omnibus"),
        "twins": t.pgettext("theme", "Twin cards with two packs"),
        "pass-queen": t.pgettext("theme", "Pass the {queen}"),
        "pass-high-spades": t.pgettext("theme", "Pass high spades"),
        "pass-void": t.pgettext("theme", "Empty a suit by passing"),
        "lead": t.pgettext("theme", "Lead"),
        "follow": t.pgettext("theme", "Follow suit"),
        "discard": t.pgettext("theme", "Discard"),
        "last-to-play": t.pgettext("theme", "Last to play"),
        "pass": t.pgettext("theme", "The pass"),
    }
    if theme not in names:
        raise ValueError(f"unknown puzzle theme {theme!r}: the themes are {', '.join(names)}")
    return names[theme].format(queen=QUEEN)


def reason_text(reason: str, claims: Sequence[Claim], answer: Sequence[Card], rival: Sequence[Card],
                margin: float, lang: str | None = None) -> str:
    """The puzzle's reason in ``lang``: the ``answer`` (one card, or a pass) is about
    ``margin`` of the player's own points better than ``rival``, and why (``claims``,
    checked true)."""
    t = translator(lang)
    v = {"answer": " ".join(map(str, answer)), "rival": " ".join(map(str, rival)), "margin": points_said(margin),
         "queen": QUEEN}
    why = _why(reason, claims, lang)
    if len(answer) == 3:
        if not why:
            return t.gettext("Passing {answer} is about {margin} of your points better than passing {rival}.").format(
                **v)
        return t.gettext("Passing {answer} is about {margin} of your points better than passing {rival}: "
                         "{why}").format(why=why, **v)
    if not why:
        return t.gettext("{answer} is about {margin} of your points better than {rival}.").format(**v)
    return t.gettext("{answer} is about {margin} of your points better than {rival}: {why}").format(why=why, **v)


def _why(reason: str, claims: Sequence[Claim], lang: str | None) -> str:
    """The clause after the colon, from the reason's first claim ("" for none)."""
    t = translator(lang)
    if not claims:
        return ""
    claim = claims[0]
    n = claim.count
    suit = claim.suit if claim.suit is not None else claim.card.suit if claim.card is not None else None
    v = {"card": str(claim.card) if claim.card else "", "other": str(claim.other) if claim.other else "",
         "suit": suit_name(suit, lang) if suit is not None else "", "count": n, "points": number_text(n),
         "queen": QUEEN}
    if reason == "duck":
        v["other"] = str(claims[1].other)
    texts = {
        "stop-moon": lambda: t.gettext("another player has taken every point so far and could still shoot the "
                                       "moon."),
        "shoot-moon": lambda: t.gettext("you have taken every point so far, so you could still shoot the moon."),
        "twin": lambda: t.gettext("its twin is on the table, and two identical cards cancel each other."),
        "bonus": lambda: t.gettext("{card} is worth {points} points to whoever takes it, and it wins the trick "
                                   "for now."),
        "discard-queen": lambda: t.gettext("you have no {suit}, so {queen} and its points can go on another "
                                           "player's trick."),
        "flush-queen": lambda: t.gettext("it is a spade under {queen}, which is still out, so whoever holds "
                                         "{queen} may have to play it."),
        "duck": lambda: t.gettext("it stays under {other}, the card winning the trick now."),
        "count": lambda: t.ngettext("{count} higher card in {suit} is still out.",
                                    "{count} higher cards in {suit} are still out.", n)
        if n else t.gettext("no higher card in {suit} is still out."),
        "void": lambda: t.gettext("it is your last card in {suit}, so you can discard when someone leads {suit}."),
        "first-trick": lambda: t.gettext("this is the first trick, and it is your highest card in {suit}."),
        "wins": lambda: t.gettext("it wins the trick for now."),
        "loses": lambda: t.gettext("it does not win the trick."),
        "pass-queen": lambda: t.ngettext("you pass {queen}, which you hold with only {count} lower spade.",
                                         "you pass {queen}, which you hold with only {count} lower spades.", n)
        if n else t.gettext("you pass {queen}, which you hold with no lower spade."),
        "pass-high-spade": lambda: t.gettext("you pass {card}, a spade above {queen}."),
        "pass-short": lambda: t.gettext("you pass {card}, one of your few cards in {suit}."),
        "pass-points": lambda: t.gettext("you pass {card}, worth {points} points."),
        "pass-high": lambda: t.gettext("you pass {card}, a high card."),
    }
    if reason == "lead":
        texts["lead"] = texts["count"]
    if reason not in texts:
        raise ValueError(f"unknown puzzle reason {reason!r}")
    return texts[reason]().format(**v)
