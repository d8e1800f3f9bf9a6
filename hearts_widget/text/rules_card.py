"""The rules card: the rules in force for a game, one sentence each.

Made from :meth:`Rules.in_force` (rule id, code, facts), so a lesson or the
table can show which variant and house rules apply, each with its rule id.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..engine.rules import Rules
from .messages import names_text
from .translate import check_language, translator


def rules_card(rules: Rules, lang: str | None = None) -> list[tuple[str, str]]:
    """(rule id, sentence) for every rule in force, the variant first."""
    return [(rule, rule_sentence(code, {"variant": rules.variant, **facts}, lang))
            for rule, code, facts in rules.in_force()]


def rule_sentence(code: str, facts: dict[str, Any], lang: str | None = None) -> str:
    """One line of the rules card; ``facts["variant"]`` (default the standard
    game) says which cards carry points and what the moon takes."""
    t = translator(lang)
    variant = facts.get("variant", "standard")
    values = {"players": facts.get("players"), "each": facts.get("cards_each"), "kitty": facts.get("kitty"),
              "card": str(facts.get("card", "")), "points": facts.get("points"), "target": facts.get("target"),
              "hand_points": facts.get("hand_points"),
              "cards": names_text([str(card) for card in facts.get("cards", ())], lang)}
    if code == "variant-cancellation":
        if facts["kitty"]:
            return t.ngettext(
                "Cancellation Hearts: {players} players with two packs, {each} cards each and {kitty} card in "
                "the kitty; no passing.",
                "Cancellation Hearts: {players} players with two packs, {each} cards each and {kitty} cards in "
                "the kitty; no passing.",
                facts["kitty"],
            ).format(**values)
        return t.gettext("Cancellation Hearts: {players} players with two packs, {each} cards each; "
                         "no passing.").format(**values)
    if code == "first-trick-no-points-on" and variant == "black-maria":
        return t.gettext(
            "No card that carries points may be played to the first trick, unless a player holds nothing else.")
    if code.startswith("moon-") and code != "moon-off":
        return _moon_sentence(code, variant, lang).format(**values)
    return _sentences(check_language(lang))[code].format(**values)


@cache
def _sentences(lang: str) -> dict[str, str]:
    """The rules card's sentences by code, before their facts are filled in (made once per language)."""
    t = translator(lang)
    return {
        "variant-standard": t.gettext("Hearts: {players} players, {each} cards each."),
        "variant-omnibus": t.gettext("Omnibus Hearts: {players} players, {each} cards each."),
        "variant-black-maria": t.gettext("Black Maria: {players} players, {each} cards each."),
        "ranks": t.gettext(
            "In every suit the ace is the highest card, then the king, queen, jack and 10 down to the 2; no suit "
            "is trumps. The queen of spades (Q♠) is the Black Maria."),
        "stripped": t.gettext(
            "Taken out before the deal, so that all {players} players get the same number of cards: {cards}."),
        "stripped-none": t.gettext("With {players} players no card is taken out: all 52 are dealt."),
        "pass-three": t.gettext(
            "After looking at their cards, every player chooses three cards and passes them to another player."),
        "pass-simultaneous": t.gettext(
            "Everyone chooses at the same time: nobody sees what they receive until all have passed."),
        "rotation-four": t.gettext(
            "The pass goes to the left, then to the right, then across, then a hand has no pass; and again."),
        "rotation-two": t.gettext("The pass goes to the left, then to the right; and again."),
        "black-maria-pass": t.gettext("The cards are always passed to the right, in every hand."),
        "first-lead": t.gettext("The player holding the {card} leads it to the first trick."),
        "first-lead-open": t.gettext(
            "The player to the dealer's left leads the first trick, with any card but a heart."),
        "first-lead-open-no-maria": t.gettext(
            "The player to the dealer's left leads the first trick, with any card but a heart or a Black Maria."),
        "follow-suit": t.gettext("Every player must follow the suit led if they can."),
        "discard": t.gettext("A player with no card of the suit led may play any card: this is discarding."),
        "play-left": t.gettext(
            "Play goes to the left: the leader plays first, then the player on their left, and so on around the "
            "table, one card each."),
        "trick-winner": t.gettext(
            "The highest card of the suit led wins the trick (there are no trumps); its winner leads the next one."),
        "cancellation-carry": t.gettext(
            "If every card of the suit led is cancelled, nobody wins the trick: its leader leads again, and its "
            "cards go to the winner of the next trick (on the last trick, to its leader)."),
        "cancellation-kitty": t.gettext(
            "The kitty goes face down to whoever wins the first trick, with any points in it."),
        "maria-only-lead": t.gettext(
            "Before hearts are broken, a leader who holds only hearts and the Black Maria (Q♠) must lead the "
            "Black Maria."),
        "black-maria-lead": t.gettext("The Black Maria may be led at any time, even before hearts are broken."),
        "points": t.gettext("Each heart taken is 1 point, and the Black Maria (Q♠) is 13 points."),
        "points-two-packs": t.gettext("Each heart taken is 1 point, and each Black Maria (Q♠) is 13 points."),
        "bonus-card": t.gettext("The {card} is the bonus card: it is worth −10 points to whoever takes it."),
        "black-maria-points": t.gettext(
            "Points: the Black Maria (Q♠) 13, the K♠ 10, the A♠ 7 and each heart 1."),
        "omnibus-moon": t.gettext("When someone shoots the moon, whoever took the {card} still keeps its −10."),
        "cancellation-cancel": t.gettext("Two identical cards in one trick cancel: neither can win it."),
        "first-trick-no-points-on": t.gettext(
            "No heart or Black Maria may be played to the first trick, unless a player holds nothing else."),
        "first-trick-no-points-off": t.gettext("House rule: points may be played to the first trick."),
        "maria-breaks-hearts-on": t.gettext(
            "Hearts are broken the first time a heart or the Black Maria is played to a trick."),
        "maria-breaks-hearts-off": t.gettext(
            "House rule: hearts are broken the first time a heart is played to a trick; the Black Maria "
            "does not break them."),
        "hearts-must-be-broken-on": t.gettext(
            "Hearts may not be led until they are broken, unless the leader holds nothing but hearts."),
        "hearts-must-be-broken-off": t.gettext("House rule: hearts may be led at any time."),
        "moon-off": t.gettext("No moon: every point taken counts."),
        "score-sheet": t.gettext(
            "After each hand, every player's points are written on the score sheet, in their own column, and "
            "added to their total."),
        "score-sheet-below-zero": t.gettext(
            "After each hand, every player's points are written on the score sheet, in their own column, and "
            "added to their total. A total may fall below zero."),
        "target": t.gettext(
            "A hand holds {hand_points} points. The game ends at the end of a hand, once someone has reached "
            "the target of {target} points or passed it."),
        "winner": t.gettext("The lowest total wins; players tied for it share the win."),
    }


def _moon_sentence(code: str, variant: str, lang: str | None) -> str:
    """score.moon: what shooting the moon is (the cards it takes) and what it scores."""
    t = translator(lang)
    if variant == "cancellation":  # variant.cancellation.moon: every heart of both packs
        return {
            "moon-choice": t.gettext(
                "Shooting the moon: whoever takes all 26 hearts and both Black Marias chooses {points} points "
                "off their own score or {points} points to every other player."),
            "moon-self": t.gettext(
                "Shooting the moon: whoever takes all 26 hearts and both Black Marias always has {points} points "
                "taken off their own score."),
            "moon-others": t.gettext(
                "Shooting the moon: whoever takes all 26 hearts and both Black Marias always gives {points} "
                "points to every other player."),
        }[code]
    return {
        "moon-choice": t.gettext(
            "Shooting the moon: whoever takes every heart and the Black Maria chooses {points} points off their "
            "own score or {points} points to every other player."),
        "moon-self": t.gettext(
            "Shooting the moon: whoever takes every heart and the Black Maria always has {points} points taken "
            "off their own score."),
        "moon-others": t.gettext(
            "Shooting the moon: whoever takes every heart and the Black Maria always gives {points} points to "
            "every other player."),
        "moon-choice-bonus": t.gettext(
            "Shooting the moon: whoever takes every heart, the Black Maria and the bonus card chooses {points} "
            "points off their own score or {points} points to every other player."),
        "moon-self-bonus": t.gettext(
            "Shooting the moon: whoever takes every heart, the Black Maria and the bonus card always has "
            "{points} points taken off their own score."),
        "moon-others-bonus": t.gettext(
            "Shooting the moon: whoever takes every heart, the Black Maria and the bonus card always gives "
            "{points} points to every other player."),
    }[code]
