"""House rules for a new game, set on the table: each switch, the moon and the
target go into the next game's Rules; a combination Rules refuses is shown
with Rules' own message and changes nothing (no browser)."""

from __future__ import annotations

import pytest

from hearts_widget import HeartsTable, Rules


def set_house_rules(table: HeartsTable, rules: object) -> None:
    table.send_intent({"type": "house_rules", "rules": rules})


def new_game(table: HeartsTable) -> None:
    table.send_intent({"type": "new_game", "state": table.state["id"]})


def test_the_house_rules_of_the_next_game_are_shown_with_their_values() -> None:
    house = HeartsTable(seed=1).static["house_rules"]
    assert house["title"] == "House rules for a new game"
    assert [(s["key"], s["value"]) for s in house["switches"]] == [
        ("first_trick_no_points", True), ("maria_breaks_hearts", True), ("hearts_must_be_broken", True)]
    assert house["moon"]["value"] == "choice"
    assert [c["code"] for c in house["moon"]["choices"]] == ["choice", "self", "others", "off"]
    assert house["target"] == {"label": "Target score", "value": 100}


def test_house_rules_apply_from_the_next_new_game_and_stay_for_the_games_after() -> None:
    table = HeartsTable(seed=1)
    playing = table.game
    set_house_rules(table, {"first_trick_no_points": False, "hearts_must_be_broken": False})
    set_house_rules(table, {"moon": "self", "target": 50})
    assert table.game is playing, "the game being played keeps its rules"
    assert table.notice["text"] == "These rules apply from the next new game."
    house = table.static["house_rules"]
    assert [s["value"] for s in house["switches"]] == [False, True, False]
    assert house["moon"]["value"] == "self" and house["target"]["value"] == 50
    new_game(table)
    expected = Rules(players=4, target=50, first_trick_no_points=False, hearts_must_be_broken=False, moon="self")
    assert table.game.rules == expected
    lines = [line["text"] for line in table.static["rules_card"]["lines"]]
    assert "House rule: points may be played to the first trick." in lines
    assert "House rule: hearts may be led at any time." in lines
    new_game(table)
    assert table.game.rules == expected


def test_a_new_variant_keeps_the_house_rules_set() -> None:
    table = HeartsTable(seed=1)
    set_house_rules(table, {"maria_breaks_hearts": False})
    table.send_intent({"type": "new_game", "state": table.state["id"], "variant": "omnibus"})
    assert table.game.rules == Rules(players=4, variant="omnibus", maria_breaks_hearts=False)


@pytest.mark.parametrize("options, change, label", [
    ({"variant": "black-maria"}, {"moon": "choice"}, "Shooting the moon"),
    ({"rules": Rules(variant="omnibus", moon_needs_bonus=True)}, {"moon": "off"}, "Shooting the moon"),
    ({}, {"target": -5}, "Target score"),
    ({}, {"moon": "sometimes"}, "Shooting the moon"),
    ({}, {"first_trick_no_points": "yes"}, "No points on the first trick"),
])
def test_a_combination_rules_refuses_names_the_choice_and_changes_nothing(
        options: dict, change: dict, label: str) -> None:
    table = HeartsTable(seed=1, **options)
    before_rules, before_game, before_house = table._session.rules, table.game, table.static["house_rules"]
    set_house_rules(table, change)
    assert table.notice["kind"] == "rules-refused" and f"“{label}”" in table.notice["text"]
    assert table.notice["text"].startswith("Nothing happened: ")
    assert table._session.rules == before_rules and table.game is before_game
    assert table.static["house_rules"] == before_house
    new_game(table)
    assert table.game.rules == before_rules


def test_a_refused_house_rule_is_said_in_the_learners_language() -> None:
    """Rules' own message is English: the learner is told in their language instead."""
    table = HeartsTable(seed=1, variant="black-maria", lang="sw")
    set_house_rules(table, {"moon": "choice"})
    text = table.notice["text"]
    assert table.notice["kind"] == "rules-refused"
    assert text.startswith("Hakuna kilichotokea") and "Rules." not in text and "moon" not in text


@pytest.mark.parametrize("rules", [None, {}, "moon", {"players": 5}, {"variant": "omnibus"}, {"seed": 3}])
def test_only_house_rules_may_be_set_this_way(rules: object) -> None:
    table = HeartsTable(seed=1)
    set_house_rules(table, rules)
    assert table.notice["kind"] == "malformed" and "house_rules needs rules" in table.notice["text"]
    assert table._session.rules == Rules(players=4)
