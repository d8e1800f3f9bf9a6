"""The lesson path covers every rule of RULES.md, in order, with real texts."""

import pytest

from hearts_widget.lessons.path import STEPS, missing_texts, step
from hearts_widget.text.lessons import lesson_keys, lesson_text

# Every rule id of the standard game in RULES.md, in its order.
RULE_IDS = (
    "setup.deal", "pass.three", "pass.simultaneous", "pass.rotation", "play.first-lead", "play.follow-suit",
    "play.discard", "play.first-trick-no-points", "play.trick-winner", "play.hearts-lead", "play.hearts-broken",
    "play.black-maria-lead", "score.sheet", "score.points", "score.moon", "score.target", "score.winner",
)
# The variant rule shown after the standard game (the same deal as Omnibus Hearts).
VARIANT_RULE_IDS = ("variant.omnibus.bonus",)


def test_every_rule_is_taught_by_a_step() -> None:
    taught = {rule for s in STEPS for rule in s.rules}
    assert taught == set(RULE_IDS) | set(VARIANT_RULE_IDS)


def test_the_path_ends_with_a_variant_then_a_whole_game() -> None:
    assert STEPS[-1].demo == "table"
    assert STEPS[-2].key == "variants" and STEPS[-2].rules == VARIANT_RULE_IDS


def test_every_text_the_path_needs_exists() -> None:
    assert missing_texts() == []


def test_every_lesson_text_is_used() -> None:
    used = {key for s in STEPS for key in s.text_keys()}
    unused = {k for k in lesson_keys() - used if not k.startswith("ui.")}
    assert unused == {"position.pass", "position.moon"}


def test_step_lookup_names_the_choices() -> None:
    assert step("moon").rules == ("score.moon",)
    with pytest.raises(KeyError, match="deck"):
        step("nonsense")


def test_lesson_text_fills_named_placeholders_and_refuses_unknown_keys() -> None:
    assert lesson_text("ui.step-of", number=2, total=15) == "Step 2 of 15"
    with pytest.raises(KeyError, match="nope"):
        lesson_text("nope")
