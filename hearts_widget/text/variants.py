"""The table's words for the variants: the rules card's title, the variant
names, the kitty and the cards of cancelled tricks, and the moon choices when
the moon is worth other than 26 (Cancellation Hearts: 52)."""

from __future__ import annotations

from .messages import points_text
from .translate import translator


def rules_card_title(lang: str | None = None) -> str:
    return translator(lang).gettext("Rules in force")


def variant_label(lang: str | None = None) -> str:
    """The label of the choice of variant for a new game."""
    return translator(lang).pgettext("toolbar", "Variant for a new game")


def variant_names(lang: str | None = None) -> dict[str, str]:
    """Each variant's name, for a choice of variant."""
    t = translator(lang)
    return {
        "standard": t.pgettext("variant", "Hearts"),
        "omnibus": t.pgettext("variant", "Omnibus Hearts"),
        "black-maria": t.pgettext("variant", "Black Maria"),
        "cancellation": t.pgettext("variant", "Cancellation Hearts"),
    }


def kitty_text(count: int, lang: str | None = None) -> str:
    """variant.cancellation.kitty: the cards still face down."""
    return translator(lang).ngettext(
        "Kitty: {count} card face down, for the winner of the first trick.",
        "Kitty: {count} cards face down, for the winner of the first trick.",
        count,
    ).format(count=count)


def carried_text(count: int, points: int, lang: str | None = None) -> str:
    """variant.cancellation.carry: the cards of cancelled tricks waiting on the table."""
    return translator(lang).ngettext(
        "From cancelled tricks, {count} card waits on the table for the next trick's winner ({points}).",
        "From cancelled tricks, {count} cards wait on the table for the next trick's winner ({points}).",
        count,
    ).format(count=count, points=points_text(points, lang))


def moon_choice_labels(points: int, lang: str | None = None) -> dict[str, str]:
    """The moon choices with the points the variant gives (26 in the standard game)."""
    t = translator(lang)
    return {
        "self": t.gettext("Take {points} points off my score").format(points=points),
        "others": t.gettext("Add {points} points to everyone else").format(points=points),
    }


def house_rules_title(lang: str | None = None) -> str:
    """The heading of the house rules a new game will use."""
    return translator(lang).pgettext("toolbar", "House rules for a new game")


def house_rule_labels(lang: str | None = None) -> dict[str, str]:
    """The label of each house-rule switch and of the moon and target choices."""
    t = translator(lang)
    return {
        "first_trick_no_points": t.pgettext("house rule", "No points on the first trick"),
        "maria_breaks_hearts": t.pgettext("house rule", "The Black Maria breaks hearts"),
        "hearts_must_be_broken": t.pgettext("house rule", "Hearts must be broken before they are led"),
        "moon": t.pgettext("house rule", "Shooting the moon"),
        "target": t.pgettext("house rule", "Target score"),
    }


def moon_rule_names(lang: str | None = None) -> dict[str, str]:
    """Each way of scoring the moon, for a choice of moon rule."""
    t = translator(lang)
    return {
        "choice": t.pgettext("moon rule", "The shooter chooses"),
        "self": t.pgettext("moon rule", "Off the shooter's score"),
        "others": t.pgettext("moon rule", "To every other player"),
        "off": t.pgettext("moon rule", "No moon"),
    }


def same_deal_texts(lang: str | None = None) -> dict[str, str]:
    """The words of "Same deal, other rules" on the table."""
    t = translator(lang)
    return {
        "button": t.pgettext("button", "Same deal, other rules"),
        "label": t.pgettext("same deal", "Replay the hand just finished with"),
        "title": t.pgettext("same deal", "Same deal, other rules"),
        "played": t.pgettext("same deal", "As played"),
        "replayed": t.pgettext("same deal", "Replayed"),
        "difference": t.pgettext("same deal", "Difference"),
        "close": t.pgettext("button", "Close"),
        "points": t.pgettext("same deal", "Points taken in the hand, before any moon is scored."),
    }


def same_deal_moon(name: str, version: str, lang: str | None = None) -> str:
    """Who shot the moon in one of the two versions of the deal (its points are not in the table)."""
    return translator(lang).gettext("{name} shot the moon ({version}).").format(name=name, version=version)


def same_deal_note(changed: int, lang: str | None = None) -> str:
    """Whether the replay could copy every card (the engine's replay policy)."""
    t = translator(lang)
    if not changed:
        return t.gettext("Every card was played as in the hand just finished.")
    return t.ngettext(
        "{count} card could not be played as before under the changed rule, so a legal one took its place.",
        "{count} cards could not be played as before under the changed rule, so legal ones took their place.",
        changed,
    ).format(count=changed)
