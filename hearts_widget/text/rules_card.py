"""The rules card: the rules in force for a game, one sentence each.

Made from :meth:`Rules.in_force` (rule id, code, facts), so a lesson or the
table can show which variant and house rules apply, each with its rule id.
"""

from __future__ import annotations

from typing import Any

from ..engine.rules import Rules
from .translate import translator


def rules_card(rules: Rules, lang: str | None = None) -> list[tuple[str, str]]:
    """(rule id, sentence) for every rule in force, the variant first."""
    return [(rule, rule_sentence(code, facts, lang)) for rule, code, facts in rules.in_force()]


def rule_sentence(code: str, facts: dict[str, Any], lang: str | None = None) -> str:
    """One line of the rules card."""
    t = translator(lang)
    values = {"players": facts.get("players"), "each": facts.get("cards_each"), "kitty": facts.get("kitty"),
              "card": str(facts.get("card", "")), "points": facts.get("points"), "target": facts.get("target"),
              "hand_points": facts.get("hand_points")}
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
    sentences = {
        "variant-standard": t.gettext("Hearts: {players} players, {each} cards each."),
        "variant-omnibus": t.gettext("Omnibus Hearts: {players} players, {each} cards each."),
        "variant-black-maria": t.gettext(
            "Black Maria: {players} players, {each} cards each; cards are always passed to the right."),
        "bonus-card": t.gettext("The {card} is the bonus card: it is worth −10 points to whoever takes it."),
        "black-maria-points": t.gettext("Points: Q♠ 13, K♠ 10, A♠ 7 and each heart 1."),
        "cancellation-cancel": t.gettext("Two identical cards in one trick cancel: neither can win it."),
        "first-trick-no-points-on": t.gettext("No points may be played to the first trick."),
        "first-trick-no-points-off": t.gettext("House rule: points may be played to the first trick."),
        "maria-breaks-hearts-on": t.gettext("The Black Maria breaks hearts, as a heart does."),
        "maria-breaks-hearts-off": t.gettext("House rule: only a heart breaks hearts, not the Black Maria."),
        "hearts-must-be-broken-on": t.gettext("Hearts may not be led until they are broken."),
        "hearts-must-be-broken-off": t.gettext("House rule: hearts may be led at any time."),
        "moon-choice": t.gettext(
            "Shooting the moon: the shooter chooses {points} points off their own score or {points} points "
            "to every other player."),
        "moon-self": t.gettext("Shooting the moon: always {points} points off the shooter's score."),
        "moon-others": t.gettext("Shooting the moon: always {points} points to every other player."),
        "moon-off": t.gettext("No moon: every point taken counts."),
        "moon-choice-bonus": t.gettext(
            "Shooting the moon needs the bonus card too: the shooter chooses {points} points off their own "
            "score or {points} points to every other player."),
        "moon-self-bonus": t.gettext(
            "Shooting the moon needs the bonus card too: always {points} points off the shooter's score."),
        "moon-others-bonus": t.gettext(
            "Shooting the moon needs the bonus card too: always {points} points to every other player."),
        "target": t.gettext(
            "A hand holds {hand_points} points; the game ends when someone reaches {target}, "
            "and the lowest total wins."),
    }
    return sentences[code].format(**values)
