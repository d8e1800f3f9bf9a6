"""The built-in lesson covers every rule of RULES.md, in an order that builds."""

import pytest

from hearts_widget.lessons.path import STEPS, step
from hearts_widget.text.lessons import lesson_keys, lesson_text

# Every rule id of the standard game in RULES.md.
RULE_IDS = (
    "setup.deal", "pass.three", "pass.simultaneous", "pass.rotation", "play.first-lead", "play.follow-suit",
    "play.discard", "play.first-trick-no-points", "play.trick-winner", "play.hearts-lead", "play.hearts-broken",
    "play.black-maria-lead", "score.sheet", "score.points", "score.moon", "score.target", "score.winner",
)
# The variant rules shown after the standard game.
VARIANT_RULE_IDS = ("variant.omnibus.bonus", "variant.black-maria.points", "variant.black-maria.first-trick",
                    "variant.cancellation.cancel", "variant.cancellation.deal", "variant.cancellation.no-pass",
                    "variant.cancellation.first-lead", "variant.cancellation.cancel", "variant.cancellation.kitty",
                    "variant.cancellation.carry", "variant.black-maria.pass", "variant.omnibus.moon",
                    "variant.cancellation.moon")
KEYS = [s.key for s in STEPS]


def test_every_rule_is_taught_by_a_step() -> None:
    taught = [rule for s in STEPS for rule in s.rules]
    assert sorted(taught) == sorted(RULE_IDS + VARIANT_RULE_IDS)


def test_the_aim_comes_first_and_points_are_bad_is_said_there() -> None:
    assert KEYS[0] == "aim"
    assert "Points are bad" in " ".join(p() for p in STEPS[0].body)


def test_an_order_that_builds() -> None:
    before = KEYS.index
    assert before("follow-suit") < before("discard") < before("first-trick")  # discarding before its limit
    assert before("hearts-lead") < before("hearts-broken")  # "broken" is defined in the hearts-lead step
    assert "broken" in STEPS[before("hearts-lead")].body[0]()
    assert not any("broken" in p() for s in STEPS[:before("hearts-lead")] for p in s.body)
    assert before("target") < before("moon")  # the moon question needs the target
    assert before("moon") < before("review") < before("strategy") < before("quiz") < before("variants")
    assert before("variants") < before("cancellation")  # twins cancelling is met among the variants first
    assert KEYS[-3:] == ["rules-card", "guided", "play"]


def test_the_review_draws_on_several_rules_and_the_quiz_scores() -> None:
    review = step("review")
    rules = {rule for p in review.positions for _legal, rule in p.expect.values()}
    assert len(rules) >= 3
    assert step("quiz").quiz and len(step("quiz").checks) == 5


def test_the_strategy_step_uses_the_coach() -> None:
    strategy = step("strategy")
    assert strategy.demo == "coach-pass" and all(p.coach for p in strategy.positions)


def test_every_lesson_text_is_used() -> None:
    used = {t.key for s in STEPS for t in s.texts()}
    unused = {k for k in lesson_keys() - used if not k.startswith("ui.")}
    assert unused == {"position.pass", "position.moon"}  # used by the pass and moon demonstrations


def test_step_lookup_names_the_choices() -> None:
    assert step("moon").rules == ("score.moon",)
    with pytest.raises(KeyError, match="deck"):
        step("nonsense")


def test_lesson_text_fills_named_placeholders_and_refuses_unknown_keys() -> None:
    assert lesson_text("ui.step-of", number=2, total=15) == "Step 2 of 15"
    with pytest.raises(KeyError, match="nope"):
        lesson_text("nope")
