"""The coach's sentences: why a card is suggested, and what a played card cost.

One whole sentence per reason code (the codes come from
:mod:`hearts_widget.bots.tactics` and :mod:`hearts_widget.bots.coach`), with
named placeholders so a translator can reorder them; counts go through
``ngettext``.
"""

from __future__ import annotations

from typing import Any

from ..engine.cards import Card
from .messages import Names, number_text, points_said, seat_label, suit_name
from .translate import translator
from .ui import total_entry


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
        elif key in ("winner", "threat", "seat"):
            values[key] = seat_label(value, lang, names)
        elif key in ("points", "fewer"):
            values[key] = number_text(value)  # Omnibus: a trick can be worth −10
        elif key in ("cost", "gain"):
            values[key] = points_said(value)
        else:
            values[key] = value
    return values


def hint_text(reason: str, facts: dict[str, Any], lang: str | None = None, names: Names = None,
              checked: bool = True, risk: bool = True) -> str:
    """The coach's suggestion in a few plain words: the reason's sentence (each passed
    card's reason for a pass). ``checked``: the engine found every fact the reason's
    sentence says true (:func:`hearts_widget.bots.claims.hint_claims`); if not, the hint
    only names the card. When the sentence gives no fact of the position (the strong
    bot's card, or one not checked), what the card risks follows (``risk``: that
    sentence was checked too)."""
    if reason.startswith("pass-"):
        return " ".join([_reason_text(reason, facts, lang, names)] + _pass_details(facts, lang))
    t = translator(lang)
    if not checked:
        lines = [t.gettext("Play {card}.").format(card=str(facts["card"]))]
    else:
        lines = [_reason_text(reason, facts, lang, names)]
    if risk and (not checked or reason == "search-better"):
        lines += _risk_text(facts, lang, names)
    return " ".join(lines + _play_details(facts, lang, names))


def _pass_details(facts: dict[str, Any], lang: str | None) -> list[str]:
    """One sentence per passed card, and the Omnibus bonus kept."""
    t = translator(lang)
    lines = []
    for card, why, points in facts.get("why", ()):
        values = {"card": str(card), "suit": suit_name(card.suit, lang), "points": points}
        if why == "high-spade" and points > 0:
            why = "high-spade-points"
        sentence = {
            "queen": t.gettext("{card}: the Black Maria, with too few low spades to hide it under."),
            "high-spade": t.gettext("{card}: a high spade, which could be made to take the Black Maria."),
            "high-spade-points": t.gettext(
                "{card}: worth {points} points itself, and it could be made to take the Black Maria."),
            "high-heart": t.gettext("{card}: a high heart, which would win tricks full of hearts."),
            "short": t.gettext("{card}: one of your few {suit}; without them you can discard when {suit} are led."),
            "high": t.gettext("{card}: a high card, likely to win a trick with points in it."),
            "moon-low": t.gettext("{card}: a low card, which would lose a trick and let someone else take points."),
        }[why]
        lines.append(sentence.format(**values))
    if "bonus" in facts:
        lines.append(t.gettext("Keep {bonus}: it is worth -10 to whoever takes it.").format(bonus=str(facts["bonus"])))
    return lines


def _risk_text(facts: dict[str, Any], lang: str | None, names: Names) -> list[str]:
    """What the card risks on this trick."""
    t = translator(lang)
    v = _values(facts, lang, names)
    lines = []
    risk = facts.get("risk")
    if risk == "none":
        lines.append(t.gettext("{card} cannot win this trick.").format(**v))
    elif risk == "may-win":
        # Its own message for one card: "one of" is no plural ending, and Tagalog and
        # Cebuano give 2, 3, 5, 7 and 8 the singular form.
        if facts["higher"] == 1:
            lines.append(t.gettext(
                "{card} wins the trick unless a later player plays the one higher card in {suit} still out."
            ).format(**v))
        else:
            lines.append(t.gettext(
                "{card} wins the trick unless a later player plays one of the {higher} higher cards in {suit} "
                "still out.").format(**v))
    elif risk == "may-cancel":
        lines.append(t.gettext("{card} wins the trick unless a later player plays its twin, which cancels it."
                               ).format(**v))
    elif risk == "wins":
        lines.append(t.ngettext(
            "Nobody can beat {card}: you win this trick and its points ({trick_points} point so far).",
            "Nobody can beat {card}: you win this trick and its points ({trick_points} points so far).",
            facts["trick_points"]).format(**v))
    return lines


def _play_details(facts: dict[str, Any], lang: str | None, names: Names) -> list[str]:
    """The cancelled cards waiting on the table, and the learner's own moon."""
    t = translator(lang)
    v = _values(facts, lang, names)
    lines = []
    if facts.get("carried"):
        lines.append(t.ngettext(
            "Cancelled cards worth {carried} point wait on the table: whoever wins this trick takes them too.",
            "Cancelled cards worth {carried} points wait on the table: whoever wins this trick takes them too.",
            facts["carried"]).format(**v))
    if facts.get("own_moon"):
        lines.append(t.gettext(
            "You have taken every point so far: if you can win every trick from here, you shoot the moon."))
    return lines


def _reason_text(reason: str, facts: dict[str, Any], lang: str | None, names: Names) -> str:
    """The sentence of one reason code."""
    t = translator(lang)
    v = _values(facts, lang, names)
    if reason == "last-fewest":
        if not facts["points"]:
            return t.gettext("You play last: with {card} you take no points from this trick.").format(**v)
        return t.ngettext(
            "You play last: {card} takes the fewest points any of your cards can take from this trick, {points}.",
            "You play last: {card} takes the fewest points any of your cards can take from this trick, {points}.",
            facts["points"]).format(**v)
    if reason == "discard-points":
        return t.ngettext(
            "You have no {suit}: discard {card}, worth {points} point, onto {winner}'s trick.",
            "You have no {suit}: discard {card}, worth {points} points, onto {winner}'s trick.",
            facts["points"]).format(**v)
    if reason == "search-better":
        # Estimated from many deals, in the learner's own points: a whole number, at least one.
        return t.gettext("{card} is about {gain} of your points better here than {instead}.").format(**v)
    if reason == "lead-low":
        return t.ngettext(
            "Lead {card}: {higher} higher card of that suit is still out, so someone else will likely win the trick.",
            "Lead {card}: {higher} higher cards of that suit are still out, so someone else will likely win the trick.",
            facts["higher"],
        ).format(**v)
    messages = {
        "pass-danger": t.gettext("Pass {cards}."),
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

        "bonus-take": t.gettext(
            "You play last: win the trick with {bonus}, worth -10 to whoever takes it, so the trick is worth "
            "{points} to you."),
        "bonus-keep": t.gettext(
            "Keep {bonus}, worth -10 to whoever takes it: do not give it to another player, play {card}."),
        "cancel-twin": t.gettext(
            "You play last: your {card} cancels the other {card}, so the trick does not go to you."),
        "cancel-all": t.gettext(
            "Every card in {suit} on the table is cancelled by its twin, so whichever of your {suit} you play "
            "wins for now: play your lowest, {card}."),
    }
    return messages[reason].format(**v)


def moon_text(reason: str, facts: dict[str, Any], lang: str | None = None, names: Names = None) -> str:
    """score.moon: what each way of scoring the moon does, and which is better and why."""
    t = translator(lang)
    others = ", ".join(total_entry(seat_label(s, lang, names), total, lang) for s, total in facts["others"])
    values = {"points": number_text(facts["points"]), "own": number_text(facts["own"]), "others": others}
    lines = [t.gettext("Take {points} off your score and you have {own}; or add {points} to each other player "
                       "and they have {others}.").format(**values)]
    lines.append({
        "ends-win": t.gettext("Adding ends the game, and you win it: add {points} to the others."),
        "ends-lost": t.gettext(
            "Adding would end the game with someone ahead of you: take {points} off your own score."),
        "leading": t.gettext(
            "Neither ends the game, and the gaps between you move the same either way: you are leading, "
            "so add {points} to the others and bring the end nearer."),
        "behind": t.gettext(
            "Neither ends the game, and the gaps between you move the same either way: you are not leading, "
            "so take {points} off and keep the end away."),
    }[facts["why"]].format(**values))
    return " ".join(lines)


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
    if reason == "better-card":
        return t.gettext(
            "From what you could see when you played, {better} was the better card: on average it would have "
            "saved you about {cost} of your points compared with {card}.").format(**v)
    if reason == "best-card":
        return t.gettext("{card} was the best card you could play there, from what you could see. Well found!"
                         ).format(**v)
    if reason == "own-moon":
        return t.ngettext(
            "You took {points} point with {card}, and you have every point so far: you can still shoot the moon.",
            "You took {points} points with {card}, and you have every point so far: you can still shoot the moon.",
            facts["points"]).format(**v)
    raise ValueError(f"no feedback sentence for reason {reason!r}")


def review_words(lang: str | None = None) -> dict[str, str]:
    """The hand review's labels: its button, title, the classes of a card, Try again."""
    t = translator(lang)
    return {
        "button": t.gettext("Review this hand"),
        "title": t.gettext("Your hand, reviewed"),
        "intro": t.gettext("Each choice you made is compared with the best choice you had, "
                           "from what you could see then."),
        "cards": t.gettext("Choices"),
        "lost": t.gettext("Points lost"),
        "good": t.pgettext("review", "Good"),
        "inaccuracy": t.pgettext("review", "Inaccuracy"),
        "mistake": t.pgettext("review", "Mistake"),
        "blunder": t.pgettext("review", "Blunder"),
        "try_again": t.gettext("Try again"),
        "close": t.gettext("Close the review"),
        "back": t.gettext("Back to the review"),
        "nothing": t.gettext("Every card you played here was a good one: nothing to try again."),
        "your_cards": t.gettext("Your cards then"),
        "trick_then": t.gettext("The trick as you saw it"),
        "lead": t.gettext("You lead this trick."),
        "dealt": t.gettext("Your cards as they were dealt"),
        "pass": t.gettext("Pass the chosen cards"),
    }


def review_progress(done: int, total: int, lang: str | None = None) -> str:
    """While the review is made: how many of the learner's cards the coach has looked at."""
    return translator(lang).gettext("The coach is looking at your cards: {done} of {total}.").format(
        done=done, total=total)


def review_mark(card: Card, better: Card, cost: float, lang: str | None = None) -> str:
    """One costly card of the review, in one plain sentence."""
    return translator(lang).gettext("{card} cost you about {cost} of your points: {better} was better here.").format(
        card=str(card), better=str(better), cost=points_said(cost))


def retry_prompt(card: Card, lang: str | None = None) -> str:
    """Try again: the question."""
    return translator(lang).gettext("You played {card} here. Can you find a better card?").format(card=str(card))


def retry_answer(best: Card, card: Card, cost: float, lang: str | None = None) -> str:
    """Try again, after two wrong tries: the best card and why."""
    return translator(lang).gettext(
        "The best card was {best}: on average it saves you about {cost} of your points compared with {card}."
    ).format(best=str(best), card=str(card), cost=points_said(cost))


def _cards_text(cards: tuple[Card, ...]) -> str:
    return " ".join(str(c) for c in cards)


def review_pass(cards: tuple[Card, ...], best: tuple[Card, ...], cost: float, lang: str | None = None) -> str:
    """The learner's pass in the review, in one plain sentence: good, or what it cost."""
    t = translator(lang)
    if cost < 1:
        return t.gettext("Your pass, {cards}, was a good one.").format(cards=_cards_text(cards))
    return t.gettext("Your pass, {cards}, cost you about {cost} of your points: passing {better} was better.").format(
        cards=_cards_text(cards), better=_cards_text(best), cost=points_said(cost))


def retry_pass_prompt(cards: tuple[Card, ...], seat: str, lang: str | None = None) -> str:
    """Try again at the pass: the question."""
    return translator(lang).gettext(
        "You passed {cards} to {seat}. Can you find a better pass? Choose three cards.").format(
        cards=_cards_text(cards), seat=seat)


def retry_pass_answer(best: tuple[Card, ...], cards: tuple[Card, ...], cost: float, lang: str | None = None) -> str:
    """Try again at the pass, after two wrong tries: the best pass and why."""
    return translator(lang).gettext(
        "The best pass was {best}: on average it saves you about {cost} of your points compared with {cards}."
    ).format(best=_cards_text(best), cards=_cards_text(cards),
                                                             cost=points_said(cost))
