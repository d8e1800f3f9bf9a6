"""The coach's sentences: why a card is suggested, and what a played card cost.

One whole sentence per reason code (the codes come from
:mod:`hearts_widget.bots.tactics` and :mod:`hearts_widget.bots.coach`), with
named placeholders so a translator can reorder them; counts go through
``ngettext``.
"""

from __future__ import annotations

from typing import Any

from ..engine.cards import Card
from .messages import Names, number_text, seat_label, suit_name
from .translate import translator


def _values(facts: dict[str, Any], lang: str | None, names: Names) -> dict[str, Any]:
    """Facts as the strings the sentences need: cards as ``A♣``, suits and seats by name."""
    values: dict[str, Any] = {}
    for key, value in facts.items():
        if isinstance(value, Card):
            values[key] = str(value)
        elif isinstance(value, tuple) and all(isinstance(c, Card) for c in value):
            values[key] = " ".join(str(c) for c in value)
        elif key in ("suit",):
            values[key] = suit_name(value, lang)
        elif key in ("winner", "threat"):
            values[key] = seat_label(value, lang, names)
        elif key in ("points", "fewer"):
            values[key] = number_text(value)  # Omnibus: a trick can be worth −10
        else:
            values[key] = value
    return values


def hint_text(reason: str, facts: dict[str, Any], lang: str | None = None, names: Names = None) -> str:
    """The coach's suggestion as one or two sentences."""
    t = translator(lang)
    v = _values(facts, lang, names)
    if reason == "lead-low":
        return t.ngettext(
            "Lead {card}: {higher} higher card of that suit is still out, so someone else will likely win the trick.",
            "Lead {card}: {higher} higher cards of that suit are still out, so someone else will likely win the trick.",
            facts["higher"],
        ).format(**v)
    messages = {
        "pass-danger": t.gettext(
            "Pass {cards}: high cards that would win tricks full of points, and cards that empty a short suit."),
        "pass-moon": t.gettext(
            "Your hand is strong enough to shoot the moon: pass your low cards, {cards}, and keep the winners."),
        "only-card": t.gettext("{card} is the only card you may play."),
        "first-trick-high": t.gettext(
            "Nobody may give points on the first trick: be rid of {card}, your highest card of the suit led, "
            "while it is safe."),
        "duck": t.gettext("{winning} is already down: play your {card} under it, so you do not win the trick."),
        "last-no-points": t.gettext(
            "You play last and the trick holds no points: win it with {card} and be rid of a high card."),
        "queen-under": t.gettext(
            "{winning} is winning this trick: drop the Black Maria under it, and its 13 points go to {winner}."),
        "must-win-last": t.gettext(
            "You cannot play under {winning} and you play last: take the trick with your highest, {card}."),
        "must-win-low": t.gettext(
            "You cannot play under {winning}: play {card}, the lowest card that beats it, "
            "and hope a later player goes higher."),
        "must-win-high": t.gettext(
            "You cannot play under {winning}, and the trick holds no points yet: win it with {card}, "
            "your highest, to be rid of it."),
        "discard-queen": t.gettext(
            "You have no {suit}: discard the Black Maria now, while {winner} is winning the trick."),
        "discard-high-spade": t.gettext(
            "You have no {suit}: discard {card} now; kept, it could catch the Black Maria later."),
        "discard-heart": t.gettext("You have no {suit}: discard {card}, a heart, onto {winner}'s trick."),
        "discard-void": t.gettext(
            "You have no {suit}: discard {card}, your last card of its suit, and you can discard again "
            "when that suit is led."),
        "discard-high": t.gettext("You have no {suit}: discard {card}, your most dangerous high card."),
        "lead-spade-for-queen": t.gettext(
            "Lead a low spade, {card}: whoever holds the Black Maria may be forced to play it."),
        "lead-least-bad": t.gettext(
            "Every card you may lead could win the trick: {card} is the one least likely to cost you points."),
        "guard-lead": t.gettext(
            "{threat} has taken every point so far and may shoot the moon: lead your highest heart, {card}, "
            "to win a heart and stop it."),
        "guard-win": t.gettext(
            "{threat} has taken every point so far and may shoot the moon: win this trick with {card} to stop it."),
        "guard-no-points": t.gettext(
            "{threat} is winning this trick and may shoot the moon: give no points, discard {card}."),
        "guard-give-points": t.gettext(
            "{threat} may shoot the moon: give a point to {winner} instead, discard {card}."),
        "moon-lead": t.gettext(
            "You can take every point and shoot the moon: lead {card} and keep winning tricks."),
        "moon-win": t.gettext("You are shooting the moon: win this trick with {card}."),
        "moon-keep": t.gettext("You are shooting the moon: keep your winners and your points, play {card}."),
    }
    return messages[reason].format(**v)


def feedback_text(reason: str, facts: dict[str, Any], lang: str | None = None, names: Names = None) -> str:
    """After a trick: what the learner's card cost and which card would have saved it."""
    t = translator(lang)
    v = _values(facts, lang, names)
    if reason == "would-duck":
        return t.ngettext(
            "You took {points} point with {card}; {better} would have stayed under {winning} "
            "and {winner} would have won the trick.",
            "You took {points} points with {card}; {better} would have stayed under {winning} "
            "and {winner} would have won the trick.",
            abs(facts["points"]),
        ).format(**v)
    if reason == "fewer-points":
        return t.ngettext(
            "You took {points} point with {card}; with {better} you would have taken {fewer}.",
            "You took {points} points with {card}; with {better} you would have taken {fewer}.",
            abs(facts["points"]),
        ).format(**v)
    raise ValueError(f"no feedback sentence for reason {reason!r}")
