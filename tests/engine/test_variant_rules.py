"""Rules options for variants and house rules: validation, records, the rules card."""

from __future__ import annotations

import pytest

from hearts_widget import Rules

VARIANT_RULES = [
    Rules(),
    Rules(players=3, variant="omnibus"),
    Rules(variant="omnibus", bonus_card="10D", moon_needs_bonus=True, moon="self"),
    Rules(players=7, variant="black-maria", first_trick_no_points=False),
    Rules(players=5, variant="cancellation", moon="others"),
    Rules(players=10, variant="cancellation", hearts_must_be_broken=False, target=50),
]


@pytest.mark.parametrize("options, message", [
    ({"variant": "spades"}, "Rules.variant must be one of standard, omnibus, cancellation, black-maria, not 'spades'"),
    ({"variant": "cancellation", "players": 4},
     "Rules.players must be from 5 to 10 for Cancellation Hearts (variant.cancellation), not 4"),
    ({"variant": "cancellation", "players": 11},
     "Rules.players must be from 5 to 10 for Cancellation Hearts (variant.cancellation), not 11"),
    ({"variant": "omnibus", "players": 8}, "Rules.players must be from 3 to 7, not 8"),
    ({"bonus_card": "JD"}, "Rules.bonus_card is the bonus card of Omnibus Hearts: it needs variant='omnibus', "
                           "not variant='standard'"),
    ({"variant": "omnibus", "bonus_card": "QD"}, "Rules.bonus_card must be 'JD' or '10D' (variant.omnibus), not 'QD'"),
    ({"variant": "black-maria", "moon_needs_bonus": True},
     "Rules.moon_needs_bonus needs variant='omnibus' (the bonus card), not variant='black-maria'"),
    ({"variant": "omnibus", "moon_needs_bonus": "yes"}, "Rules.moon_needs_bonus must be True or False, not 'yes'"),
    ({"variant": "omnibus", "moon_needs_bonus": True, "moon": "off"},
     "Rules.moon_needs_bonus makes no sense with moon='off': there is no moon to shoot"),
    ({"variant": "black-maria", "moon": "choice"},
     "Black Maria has no moon (variant.black-maria): leave Rules.moon out or set it to 'off', not 'choice'"),
])
def test_nonsense_variant_options_are_refused_naming_the_field(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError) as error:
        Rules(**options)  # type: ignore[arg-type]
    assert str(error.value) == message


def test_options_left_out_take_the_variant_defaults() -> None:
    assert Rules().moon == "choice" and Rules().bonus_card is None
    assert Rules(variant="black-maria").moon == "off"
    assert Rules(variant="black-maria", moon="off") == Rules(variant="black-maria")
    assert Rules(variant="omnibus").bonus_card == "JD"
    assert Rules(players=5, variant="cancellation").moon == "choice"


@pytest.mark.parametrize("rules", VARIANT_RULES, ids=repr)
def test_rules_round_trip_through_records_and_repr(rules: Rules) -> None:
    assert Rules.from_dict(rules.to_dict()) == rules
    assert eval(repr(rules)) == rules  # noqa: S307 - the repr is meant to be pasted back


def test_standard_records_keep_their_fields() -> None:
    """Records of standard games are as before variants existed (the golden files pin them)."""
    assert set(Rules().to_dict()) == {"players", "target", "first_trick_no_points", "maria_breaks_hearts",
                                      "hearts_must_be_broken", "moon"}
    assert repr(Rules(players=5, variant="cancellation")) == "Rules(players=5, target=100, variant='cancellation')"


@pytest.mark.parametrize("rules, per_hand, moon", [
    (Rules(), 26, 26), (Rules(variant="omnibus"), 16, 26), (Rules(variant="omnibus", bonus_card="10D"), 16, 26),
    (Rules(variant="black-maria"), 43, 0), (Rules(players=7, variant="cancellation"), 52, 52),
    (Rules(moon="off"), 26, 0),
])
def test_points_per_hand_and_moon_as_each_variant_says(rules: Rules, per_hand: int, moon: int) -> None:
    assert rules.points_per_hand == per_hand and rules.moon_points == moon


@pytest.mark.parametrize("players, each, kitty", [(5, 20, 4), (6, 17, 2), (7, 14, 6), (8, 13, 0), (9, 11, 5),
                                                  (10, 10, 4)])
def test_variant_cancellation_deal_sizes(players: int, each: int, kitty: int) -> None:
    rules = Rules(players=players, variant="cancellation")
    assert (len(rules.deck), rules.cards_each, rules.kitty_size, rules.stripped) == (104, each, kitty, ())


def test_rules_card_names_every_rule_in_force_with_its_id() -> None:
    lines = Rules(variant="omnibus", bonus_card="10D", moon_needs_bonus=True, first_trick_no_points=False).in_force()
    assert [(rule, code) for rule, code, _ in lines] == [
        ("variant.omnibus", "variant-omnibus"), ("setup.deal", "ranks"), ("setup.deal", "stripped-none"),
        ("pass.three", "pass-three"), ("pass.simultaneous", "pass-simultaneous"), ("pass.rotation", "rotation-four"),
        ("play.first-lead", "first-lead"), ("play.follow-suit", "follow-suit"), ("play.discard", "discard"),
        ("play.trick-winner", "play-left"), ("play.trick-winner", "trick-winner"),
        ("play.first-trick-no-points", "first-trick-no-points-off"), ("play.hearts-broken", "maria-breaks-hearts-on"),
        ("play.hearts-lead", "hearts-must-be-broken-on"), ("play.hearts-lead", "maria-only-lead"),
        ("play.black-maria-lead", "black-maria-lead"), ("score.points", "points"),
        ("variant.omnibus.bonus", "bonus-card"), ("score.moon", "moon-choice-bonus"),
        ("variant.omnibus.moon", "omnibus-moon"), ("score.sheet", "score-sheet-below-zero"),
        ("score.target", "target"), ("score.winner", "winner"),
    ]
    assert {code: facts for _, code, facts in lines}["bonus-card"]["card"].code == "10D"
    codes = {code for _, code, _ in Rules(players=6, variant="cancellation", moon="off").in_force()}
    assert {"variant-cancellation", "cancellation-cancel", "moon-off"} <= codes
    assert "black-maria-points" in {code for _, code, _ in Rules(variant="black-maria").in_force()}
