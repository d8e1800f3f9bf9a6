"""The sentences: one function per kind of thing said, one message per case.

Each message is a whole sentence with named placeholders, so a translator
can reorder it; counts go through ``ngettext``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.cards import Card, Suit
from ..engine.explain import Event, Explanation
from .translate import translator

Names = Sequence[str] | None


def suit_name(suit: Suit, lang: str | None = None) -> str:
    """The suit as a plural noun: "clubs", "hearts"."""
    t = translator(lang)
    return {
        Suit.CLUBS: t.pgettext("suit", "clubs"),
        Suit.DIAMONDS: t.pgettext("suit", "diamonds"),
        Suit.SPADES: t.pgettext("suit", "spades"),
        Suit.HEARTS: t.pgettext("suit", "hearts"),
    }[suit]


def _rank_name(rank: int, lang: str | None) -> str:
    t = translator(lang)
    named = {
        11: t.pgettext("rank", "Jack"),
        12: t.pgettext("rank", "Queen"),
        13: t.pgettext("rank", "King"),
        14: t.pgettext("rank", "Ace"),
    }
    return named.get(rank, str(rank))


def card_name(card: Card, lang: str | None = None) -> str:
    """The card in words: "Queen of spades"; the Q♠ is "the Black Maria (Q♠)"."""
    t = translator(lang)
    if card.is_black_maria:
        return t.gettext("the Black Maria (Q♠)")
    rank, suit = _rank_name(card.rank, lang), suit_name(card.suit, lang)
    if card.rank in (11, 12, 13):
        # A separate message for the court cards: some languages join a person
        # (Jack, Queen, King) to the suit differently from a number or the Ace.
        return t.pgettext("court card", "{rank} of {suit}").format(rank=rank, suit=suit)
    return t.gettext("{rank} of {suit}").format(rank=rank, suit=suit)


def seat_label(seat: int, lang: str | None = None, names: Names = None) -> str:
    """A seat's name: from ``names`` when given (the widget's "You", "West"...)."""
    if names is not None:
        return names[seat]
    return translator(lang).gettext("Seat {number}").format(number=seat)


MINUS = "\u2212"  # the minus sign: a learner never sees a hyphen before a negative number


def number_text(number: int, signed: bool = False) -> str:
    """A number as a learner reads it: ``−10`` with the minus sign (U+2212),
    and with ``signed`` a plus sign on zero or more (``+3``, ``+0``), as in a difference."""
    if number < 0:
        return f"{MINUS}{-number}"
    return f"+{number}" if signed else str(number)


def points_said(points: float) -> str:
    """A cost or a saving in points as a person says it: a whole number, at least 1
    (the coach names only costs of half a point or more): 0.6 -> "1", 3.4 -> "3"."""
    return number_text(max(1, round(points)))


def ordinal_text(number: int, lang: str | None = None) -> str:
    """A place in order, as a beginner reads it: "8th" (the 8th trick of 13)."""
    t = translator(lang)
    last_two, last = number % 100, number % 10
    if last == 1 and last_two != 11:
        return t.pgettext("ordinal", "{number}st").format(number=number)
    if last == 2 and last_two != 12:
        return t.pgettext("ordinal", "{number}nd").format(number=number)
    if last == 3 and last_two != 13:
        return t.pgettext("ordinal", "{number}rd").format(number=number)
    return t.pgettext("ordinal", "{number}th").format(number=number)


def points_text(points: int, lang: str | None = None) -> str:
    """A number of points as a noun phrase: "1 point", "0 points", "−10 points"."""
    return translator(lang).ngettext("{points} point", "{points} points", abs(points)).format(
        points=number_text(points))


def names_text(names: Sequence[str], lang: str | None = None) -> str:
    """Names as a list a person writes: "West", "West and North", "South, West and North"."""
    if len(names) < 2:
        return "".join(names)
    return translator(lang).pgettext("list", "{names} and {last}").format(
        names=", ".join(names[:-1]), last=names[-1])


def _direction(direction: str | None, lang: str | None) -> str:
    t = translator(lang)
    return {
        "left": t.pgettext("pass", "to the left"),
        "right": t.pgettext("pass", "to the right"),
        "across": t.pgettext("pass", "across the table"),
        None: t.pgettext("pass", "nowhere (no pass)"),
    }[direction]


def explain_text(explanation: Explanation, lang: str | None = None) -> str:
    """Why a card may or may not be played (or passed), as one or two sentences."""
    t = translator(lang)
    facts: dict[str, Any] = explanation.facts
    card = explanation.card
    values = {
        "card": str(card) if card else "",
        "suit": suit_name(facts["led_suit"], lang) if "led_suit" in facts else "",
        "first": str(facts["first_card"]) if "first_card" in facts else "",
        "direction": _direction(facts.get("direction"), lang),
    }
    reason = explanation.reason
    if reason == "pass-three":
        count = facts["count"]
        return t.ngettext(
            "Pass exactly three cards: you chose {count} card.",
            "Pass exactly three cards: you chose {count} cards.",
            count,
        ).format(count=count)
    messages = {
        "follows-suit": t.gettext("{card} follows suit: {suit} were led."),
        "must-follow-suit": t.gettext("You hold {suit}, the suit led, so you must follow suit."),
        "no-points-first-trick": t.gettext(
            "No heart or Black Maria on the first trick: you have another card to discard."),
        "discard": t.gettext("You have no {suit}, so you may discard any card."),
        "leads-first-card": t.gettext("You hold {first}, the lowest club in play, so you lead it to the first trick."),
        "must-lead-first-card": t.gettext(
            "You hold {first}, the lowest club in play, so you must lead it to the first trick."),
        "hearts-lead-allowed": t.gettext("House rule: hearts may be led before they are broken."),
        "only-hearts-left": t.gettext("Only hearts left, so you may lead one."),
        "maria-lead": t.gettext("The Black Maria may be led at any time."),
        "may-pass": t.gettext("Any three cards may be passed {direction}."),
        "pass-distinct": t.gettext("{card} is chosen twice: pass three different cards."),
        "already-passed": t.gettext(
            "You have already passed: everyone passes at once, so the choice cannot be changed."),
        # Variants (RULES.md, "Variants").
        "no-penalty-first-trick": t.gettext(
            "No card that carries points on the first trick (hearts, Q♠, K♠, A♠): you have another card "
            "to discard."),
        "only-penalty-cards-left": t.gettext(
            "You hold only cards that carry points, so {card} may be played even on the first trick."),
        "first-lead-no-heart": t.gettext("The first trick may be led with any card but a heart."),
        "no-maria-first-lead": t.gettext(
            "No points on the first trick: lead a card other than the Black Maria."),
        "first-lead-maria-only": t.gettext(
            "You hold only hearts and the Black Maria, so you lead the Black Maria to the first trick."),
    }
    special = _special_explanation(reason, facts, lang)
    if special is not None:
        return special.format(**values)
    if reason == "must-lead-maria":
        if explanation.legal:
            return t.gettext(
                "Hearts are not broken and you hold only hearts and the Black Maria, "
                "so you must lead the Black Maria.")
        return t.gettext(
            "Hearts are not broken and you hold only hearts and the Black Maria: lead the Black Maria, "
            "not a heart.")
    return messages[reason].format(**values)


def _special_explanation(reason: str, facts: dict[str, Any], lang: str | None) -> str | None:
    """The explanations whose words depend on the facts: what breaks hearts,
    why this seat leads, what the first trick still refuses (None for the others)."""
    t = translator(lang)
    if reason == "discard" and "first_trick_except" in facts:  # play.first-trick-no-points still applies
        if facts["first_trick_except"] == "penalty-cards":  # variant.black-maria.first-trick
            return t.gettext(
                "You have no {suit}, so you may discard any card except one that carries points "
                "(a heart, Q♠, K♠ or A♠): those may not be played to the first trick.")
        return t.gettext(
            "You have no {suit}, so you may discard any card except a heart or the Black Maria: "
            "those may not be played to the first trick.")
    if reason == "only-points-left":
        if facts.get("maria", True):
            return t.gettext(
                "You hold only hearts and the Black Maria, so {card} may be played even on the first trick.")
        return t.gettext("You hold only hearts, so {card} may be played even on the first trick.")
    if reason == "hearts-not-broken":  # play.hearts-broken says what broken means
        if facts.get("maria_breaks", True):
            return t.gettext(
                "Hearts are not broken yet: neither a heart nor the Black Maria has been played to a trick, "
                "so you may not lead a heart.")
        return t.gettext(
            "Hearts are not broken yet: no heart has been played to a trick, so you may not lead a heart.")
    if reason == "hearts-broken-lead":
        if facts.get("maria_breaks", True):
            return t.gettext(
                "Hearts are broken: a heart or the Black Maria has been played to a trick, so a heart may be led.")
        return t.gettext("Hearts are broken: a heart has been played to a trick, so a heart may be led.")
    if reason == "free-lead":
        return _free_lead(facts.get("lead_by", "won"), facts.get("hearts_locked", False), lang)
    if reason == "first-lead-open":  # variant.cancellation.first-lead
        if facts.get("maria_excluded", False):
            return t.gettext(
                "You sit to the dealer's left, so you lead the first trick, with any card but a heart or the "
                "Black Maria: {card} may be led.")
        return t.gettext(
            "You sit to the dealer's left, so you lead the first trick, with any card but a heart: "
            "{card} may be led.")
    return None


def _free_lead(lead_by: str, hearts_locked: bool, lang: str | None) -> str:
    """A lead no rule limits: why this seat leads, and what it may lead."""
    t = translator(lang)
    if lead_by == "carried":  # variant.cancellation.carry
        if hearts_locked:
            return t.gettext(
                "Nobody won the last trick (every card of the suit led was cancelled), so you, who led it, "
                "lead again, with any card but a heart while hearts are not broken: {card} may be led.")
        return t.gettext(
            "Nobody won the last trick (every card of the suit led was cancelled), so you, who led it, "
            "lead again, with any card you choose: {card} may be led.")
    if hearts_locked:  # play.trick-winner: the winner leads the next trick
        return t.gettext(
            "You won the last trick, so you lead this one, with any card but a heart while hearts are not "
            "broken: {card} may be led.")
    return t.gettext("You won the last trick, so you lead this one, with any card you choose: {card} may be led.")


def event_text(event: Event, lang: str | None = None, names: Names = None) -> str:
    """What happened, as a line of narration."""
    t = translator(lang)
    facts = event.facts
    seat = seat_label(event.seat, lang, names) if event.seat is not None else ""
    card = str(event.cards[0]) if event.cards else ""
    kind = event.kind
    if kind == "deal" and "dealer" in facts:  # variant.cancellation.deal
        values = {"number": facts["number"] + 1, "players": facts["players"], "each": facts["cards_each"],
                  "kitty": facts["kitty"], "dealer": seat_label(facts["dealer"], lang, names),
                  "leader": seat_label(facts["leader"], lang, names)}
        if facts["kitty"]:
            return t.ngettext(
                "Hand {number}: {players} players with two packs, {each} cards each and {kitty} card face down "
                "in the kitty. {dealer} deals; {leader} leads.",
                "Hand {number}: {players} players with two packs, {each} cards each and {kitty} cards face down "
                "in the kitty. {dealer} deals; {leader} leads.",
                facts["kitty"],
            ).format(**values)
        return t.gettext("Hand {number}: {players} players with two packs, {each} cards each. "
                         "{dealer} deals; {leader} leads.").format(**values)
    if kind == "deal":
        stripped = facts["stripped"]
        if stripped:
            return t.gettext(
                "Hand {number}: {players} players, {each} cards each; {removed} taken out so the deal is even."
            ).format(number=facts["number"] + 1, players=facts["players"], each=facts["cards_each"],
                     removed=" ".join(str(c) for c in stripped))
        return t.gettext("Hand {number}: {players} players, {each} cards each.").format(
            number=facts["number"] + 1, players=facts["players"], each=facts["cards_each"])
    if kind == "no-pass":
        if event.rule == "variant.cancellation.no-pass":
            return t.gettext("Cancellation Hearts has no pass: play starts at once.")
        return t.gettext("No pass this hand: play starts at once.")
    if kind == "pass":
        return t.gettext("{seat} passed {cards} {direction}.").format(
            seat=seat, cards=" ".join(str(c) for c in event.cards), direction=_direction(facts["direction"], lang))
    if kind == "exchange":
        return t.gettext("Everyone has passed: the cards change hands together.")
    if kind == "play":
        return _play_text(event, seat, card, lang)
    if kind == "hearts-broken":
        said = [{
            "led": t.gettext("Hearts are broken: {seat} led {card}."),
            "followed": t.gettext("Hearts are broken: {seat} played {card}."),
            "discarded": t.gettext("Hearts are broken: {seat} discarded {card}."),
        }[facts["how"]].format(seat=seat, card=card)]
        if event.cards and event.cards[0].is_black_maria:
            said.append(t.gettext("The Black Maria breaks hearts, as a heart does."))
        if facts.get("unlocks_hearts_lead", True):
            said.append(t.gettext("From now on a heart may be led."))
        return " ".join(said)
    if kind == "trick-won" and facts.get("cancelled"):  # variant.cancellation.cancel
        points = facts["points"]
        return t.ngettext(
            "{seat} wins the {ordinal} trick of {total} with {card}, the highest card of the suit led that is "
            "not cancelled, and takes {points} point.",
            "{seat} wins the {ordinal} trick of {total} with {card}, the highest card of the suit led that is "
            "not cancelled, and takes {points} points.",
            abs(points),
        ).format(seat=seat, ordinal=ordinal_text(facts["trick_number"], lang), total=facts["tricks"],
                 card=str(facts["winning_card"]), points=number_text(points))
    if kind == "trick-won":
        points = facts["points"]
        return t.ngettext(
            "{seat} wins the {ordinal} trick of {total} with {card}, the highest of the suit led, and takes "
            "{points} point.",
            "{seat} wins the {ordinal} trick of {total} with {card}, the highest of the suit led, and takes "
            "{points} points.",
            abs(points),
        ).format(seat=seat, ordinal=ordinal_text(facts["trick_number"], lang), total=facts["tricks"],
                 card=str(facts["winning_card"]), points=number_text(points))
    if kind == "hand-over":
        return t.gettext("The hand is over: every card has been played.")
    if kind == "moon":
        if facts.get("variant") == "cancellation":
            return t.gettext("{seat} took all 26 hearts and both Black Marias: {seat} has shot the moon!").format(
                seat=seat)
        if facts.get("bonus"):
            return t.gettext(
                "{seat} took every heart, the Black Maria and the bonus card: {seat} has shot the moon!").format(
                seat=seat)
        return t.gettext("{seat} took every heart and the Black Maria: {seat} has shot the moon!").format(seat=seat)
    if kind == "moon-choice" and "points" in facts:  # variant.cancellation.moon: 52
        if facts["choice"] == "self":
            return t.gettext("{seat} shot the moon: {points} points off their own score.").format(
                seat=seat, points=facts["points"])
        return t.gettext("{seat} shot the moon: {points} points to every other player.").format(
            seat=seat, points=facts["points"])
    if kind == "moon-choice":
        if facts["choice"] == "self":
            return t.gettext("{seat} shot the moon: 26 points off their own score.").format(seat=seat)
        return t.gettext("{seat} shot the moon: 26 points to every other player.").format(seat=seat)
    if kind == "scored":
        return t.gettext("The hand's points are entered on the score sheet.")
    if kind == "game-over":  # score.winner: players tied for the lowest total share the win
        winners = [seat_label(s, lang, names) for s in facts["winners"]]
        if len(winners) == 1:
            return t.gettext(
                "The target of {target} is reached: the game is over. {winner} wins with the lowest score."
            ).format(target=facts["target"], winner=winners[0])
        return t.gettext(
            "The target of {target} is reached: the game is over. {winners} tie for the lowest score "
            "and share the win."
        ).format(target=facts["target"], winners=names_text(winners, lang))
    if kind in VARIANT_EVENTS:
        return _variant_event_text(event, seat, lang, names)
    raise ValueError(f"no narration for event kind {kind!r}")


VARIANT_EVENTS = frozenset({"bonus", "cancelled", "trick-carried", "carried-taken", "kitty-taken",
                            "last-trick-to-leader"})


def _variant_event_text(event: Event, seat: str, lang: str | None, names: Names) -> str:
    """The narration of the variants' own events (Omnibus, Cancellation)."""
    t = translator(lang)
    facts = event.facts
    kind = event.kind
    if kind == "bonus":
        return t.gettext("{seat} takes the bonus card {card}: it is worth −10 points to them.").format(
            seat=seat, card=str(event.cards[0]))
    if kind == "cancelled":
        return t.gettext("Both {card} cancel: neither can win the trick.").format(card=str(event.cards[0]))
    if kind == "trick-carried":
        return t.gettext(
            "In trick {number} every card of the suit led ({suit}) is cancelled, so nobody wins it: its cards "
            "stay on the table for the next trick's winner, and {seat}, who led it, leads again.").format(
            suit=suit_name(facts["led_suit"], lang), number=facts["trick_number"], seat=seat)
    if kind == "carried-taken":
        return t.ngettext(
            "{seat} also takes the cancelled card waiting on the table ({count} card): {points}.",
            "{seat} also takes the cancelled cards waiting on the table ({count} cards): {points}.",
            len(event.cards),
        ).format(seat=seat, count=len(event.cards), points=points_text(facts["points"], lang))
    if kind == "kitty-taken":
        return t.ngettext(
            "{seat} takes the kitty: {count} card face down.",
            "{seat} takes the kitty: {count} cards face down.",
            facts["count"],
        ).format(seat=seat, count=facts["count"])
    if kind == "last-trick-to-leader":
        return t.gettext(
            "Every card of the suit led in the last trick is cancelled: {seat}, who led it, takes it.").format(
            seat=seat)
    raise ValueError(f"no narration for event kind {kind!r}")


def _play_text(event: Event, seat: str, card: str, lang: str | None) -> str:
    t = translator(lang)
    reason = event.facts["reason"]
    if reason == "leads-first-card":
        return t.gettext("{seat} holds {card} and leads it to the first trick.").format(seat=seat, card=card)
    if reason == "discard":
        suit = suit_name(event.facts["led_suit"], lang)
        return t.gettext("{seat} has no {suit} and discards {card}.").format(seat=seat, suit=suit, card=card)
    if event.facts["lead"]:
        return t.gettext("{seat} leads {card}.").format(seat=seat, card=card)
    return t.gettext("{seat} plays {card}.").format(seat=seat, card=card)
