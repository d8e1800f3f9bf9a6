"""The coach's causes in words: one plain sentence per claim of :mod:`hearts_widget.bots.claims`.

The sentences look back on a decision (the review's marks), so they are in the past.
Say a claim only once :func:`hearts_widget.bots.verify.holds` says it is true.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import Card
from .messages import suit_name
from .translate import translator

if TYPE_CHECKING:
    from ..bots.claims import Claim

QUEEN = str(Card.parse("QS"))


def cause_text(claim: Claim, lang: str | None = None) -> str:
    """The claim as one sentence in ``lang``."""
    t = translator(lang)
    n = claim.count
    v = {"card": str(claim.card) if claim.card else "", "other": str(claim.other) if claim.other else "",
         "suit": suit_name(claim.suit, lang) if claim.suit is not None else "", "count": n, "extra": claim.extra,
         "queen": QUEEN}
    kind = claim.kind
    if kind == "queen-out":
        if claim.led:
            sentence = t.ngettext("You led {card} while {queen} was still out, and you had {count} lower spade.",
                                  "You led {card} while {queen} was still out, and you had {count} lower spades.",
                                  n) if n else t.gettext("You led {card} while {queen} was still out.")
        else:
            sentence = t.ngettext(
                "You played {card} while {queen} was still out, and you had {count} lower spade.",
                "You played {card} while {queen} was still out, and you had {count} lower spades.",
                n) if n else t.gettext("You played {card} while {queen} was still out.")
    elif kind == "lower-out":
        sentence = t.ngettext(
            "{count} lower card in {suit} was still out, so another player could play under {card} "
            "and leave you the trick.",
            "{count} lower cards in {suit} were still out, so another player could play under {card} "
            "and leave you the trick.", n)
    elif kind == "sure-win":
        sentence = t.gettext("No higher card in {suit} was still out, so {card} was sure to win the trick.")
    elif kind == "took-points":
        sentence = t.ngettext("You played last, and {card} won the trick with its {count} point.",
                              "You played last, and {card} won the trick with its {count} points.", n)
    elif kind == "went-over":
        sentence = t.ngettext(
            "{other} was winning, and you had {count} card in {suit} lower than it, but {card} went over it.",
            "{other} was winning, and you had {count} cards in {suit} lower than it, but {card} went over it.",
            n) if n else t.gettext("{card} went over {other}, which was winning the trick.")
    elif kind == "stayed-under":
        if claim.last:
            sentence = t.ngettext(
                "You played last to a trick with no points, and {card} stayed under {other}: you kept "
                "{count} higher card in {suit} for later.",
                "You played last to a trick with no points, and {card} stayed under {other}: you kept "
                "{count} higher cards in {suit} for later.",
                n) if n else t.gettext("You played last to a trick with no points, and {card} stayed under {other}.")
        else:
            sentence = t.ngettext("{card} stayed under {other}, and you kept {count} higher card in {suit} for later.",
                                  "{card} stayed under {other}, and you kept {count} higher cards in {suit} for "
                                  "later.", n) if n else t.gettext("{card} stayed under {other}.")
    elif kind == "kept":
        sentence = t.gettext("You had no {suit}, so you could discard any card, and you kept {other}.")
    elif kind == "void":
        sentence = t.gettext("You had no {suit}, so you could discard any card.")
    elif kind == "suit-out":
        sentence = t.gettext("When you led {card}, the cards still out in {suit} were {count} higher and "
                             "{extra} lower.")
    elif kind == "held-lower":
        if claim.led:
            sentence = t.ngettext("You led {card} and kept {count} lower card in {suit}.",
                                  "You led {card} and kept {count} lower cards in {suit}.",
                                  n) if n else t.gettext("You led {card}, your lowest card in {suit}.")
        else:
            sentence = t.ngettext("You played {card} and kept {count} lower card in {suit}.",
                                  "You played {card} and kept {count} lower cards in {suit}.",
                                  n) if n else t.gettext("You played {card}, your lowest card in {suit}.")
    elif kind == "kept-queen":
        sentence = t.ngettext("You kept {queen} with only {count} lower spade to hide it under.",
                              "You kept {queen} with only {count} lower spades to hide it under.",
                              n) if n else t.gettext("You kept {queen} with no lower spade to hide it under.")
    elif kind == "kept-high-spades":
        sentence = t.ngettext("You kept {other} with only {count} lower spade, so it could be made to take {queen}.",
                              "You kept {other} with only {count} lower spades, so it could be made to take {queen}.",
                              n) if n else t.gettext(
            "You kept {other} with no lower spade, so it could be made to take {queen}.")
    elif kind == "kept-high-hearts":
        sentence = t.gettext("You kept {other}, a high heart that can win tricks full of hearts.")
    elif kind == "passed-low":
        sentence = t.gettext("You passed {other}, a low card, which loses tricks safely.")
    elif kind == "kept-higher":
        sentence = t.gettext("You passed {card} but kept {other}, a higher card.")
    elif kind == "passed-bonus":
        sentence = t.gettext("You passed {other}, worth \u221210 to whoever takes it.")
    elif kind == "kept-suit":
        sentence = t.ngettext("You kept {count} card in {suit}, your longest suit.",
                              "You kept {count} cards in {suit}, your longest suit.", n)
    else:
        raise ValueError(f"no sentence for a claim of kind {kind!r}")
    return sentence.format(**v)
