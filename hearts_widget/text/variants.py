"""The table's words for the variants: the rules card's title, the variant
names, the kitty and the cards of cancelled tricks, and the moon choices when
the moon is worth other than 26 (Cancellation Hearts: 52)."""

from __future__ import annotations

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
        "From cancelled tricks, {count} card waits on the table for the next trick's winner ({points} points).",
        "From cancelled tricks, {count} cards wait on the table for the next trick's winner ({points} points).",
        count,
    ).format(count=count, points=points)


def moon_choice_labels(points: int, lang: str | None = None) -> dict[str, str]:
    """The moon choices with the points the variant gives (26 in the standard game)."""
    t = translator(lang)
    return {
        "self": t.gettext("Take {points} points off my score").format(points=points),
        "others": t.gettext("Add {points} points to everyone else").format(points=points),
    }
