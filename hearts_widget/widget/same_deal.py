"""Same deal, other rules on the table: the changes a learner may try on the
hand just finished, and the engine's replay of it (``same_deal``) laid out
beside the hand as played.

A change is one option of ``Rules`` set to another value: a house-rule switch
flipped, another moon rule, or another variant with the same players and packs.
Each is named on the page by the rules card's sentence for the new value (or
the variant's name), so the learner reads exactly which rule changes.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..engine import HeartsError, Rules
from ..engine.rules import MOON_RULES, VARIANTS
from ..engine.same_deal import SameDeal, changed_rules
from ..text import number_text, variants
from ..text.rules_card import rules_card

# Each option a change may set, with the rule id of its line on the rules card.
SWITCHES = {"first_trick_no_points": "play.first-trick-no-points", "maria_breaks_hearts": "play.hearts-broken",
            "hearts_must_be_broken": "play.hearts-lead"}


def same_deal_changes(rules: Rules) -> dict[str, dict[str, Any]]:
    """Every single change that makes valid rules for the same deal, by a code
    (``"moon=self"``): ``{code: {option: value}}``, in the order shown."""
    candidates: list[dict[str, Any]] = [{key: not getattr(rules, key)} for key in SWITCHES]
    candidates += [{"moon": moon} for moon in MOON_RULES if moon != rules.moon]
    candidates += [{"variant": variant} for variant in VARIANTS if variant != rules.variant]
    changes = {}
    for change in candidates:
        try:
            new = changed_rules(rules, change)
        except (ValueError, HeartsError):
            continue
        if new.players == rules.players and new.packs == rules.packs:
            (option, value), = change.items()
            changes[f"{option}={value}"] = change
    return changes


def change_label(rules: Rules, change: dict[str, Any], lang: str) -> str:
    """The change in the learner's words: the rules card line it makes, or the variant's name."""
    (option, value), = change.items()
    if option == "variant":
        return variants.variant_names(lang)[value]
    new = changed_rules(rules, change)
    rule = SWITCHES.get(option, "variant.cancellation.moon" if new.packs == 2 else "score.moon")
    return next(line for line_rule, line in rules_card(new, lang) if line_rule == rule)  # the rule's first line


def same_deal_choices(rules: Rules, lang: str) -> list[dict[str, str]]:
    """The changes for the page's choice: code and label."""
    return [{"code": code, "name": name} for code, name in _labelled_changes(rules, lang)]


@lru_cache(maxsize=32)
def _labelled_changes(rules: Rules, lang: str) -> tuple[tuple[str, str], ...]:
    """Each change's code and label, worked out once per rules and language (the table's state
    carries them with every update after a hand, and each label writes a whole rules card)."""
    return tuple((code, change_label(rules, change, lang)) for code, change in same_deal_changes(rules).items())


def same_deal_view(result: SameDeal, change: dict[str, Any], names: list[str], lang: str) -> dict[str, Any]:
    """The hand as played and as replayed, side by side, for the page."""
    texts = variants.same_deal_texts(lang)
    rows = [{"name": names[row["seat"]], "before": number_text(row["before"]), "after": number_text(row["after"]),
             "difference": number_text(row["difference"], signed=True)} for row in result.rows()]
    moons = [variants.same_deal_moon(names[seat], texts[version], lang)
             for seat, version in zip(result.moon_shooters, ("played", "replayed"), strict=True) if seat is not None]
    (option, value), = change.items()
    return {"code": f"{option}={value}", "title": texts["title"],
            "change": change_label(result.before.rules, change, lang),
            "headers": [texts["played"], texts["replayed"], texts["difference"]], "rows": rows,
            "points": texts["points"], "note": variants.same_deal_note(len(result.changed_plays), lang),
            "moons": moons, "close": texts["close"]}
