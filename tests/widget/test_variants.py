"""The table with variants: started with a variant or a whole Rules, the rules
card, the choice of variant for a new game, the kitty and carried cards, the
moon choices worth 52 in Cancellation Hearts (no browser)."""

from __future__ import annotations

import pytest

from hearts_widget import HeartsTable, Rules


def send(table: HeartsTable, message: dict) -> None:
    table.send_intent({**message, "state": table.state["id"]})


@pytest.mark.parametrize("options, error, words", [
    ({"rules": Rules(), "players": 4}, TypeError, "either as rules=Rules"),
    ({"rules": Rules(variant="omnibus"), "variant": "omnibus"}, TypeError, "not both"),
    ({"rules": {"players": 4}}, ValueError, "rules must be a hearts_widget.Rules"),
    ({"variant": "cancellation"}, ValueError, "from 5 to 10 for Cancellation Hearts"),
    ({"variant": "spades"}, ValueError, "Rules.variant must be one of"),
])
def test_bad_variant_options_are_refused(options: dict, error: type, words: str) -> None:
    with pytest.raises(error, match=words):
        HeartsTable(**options)


def test_a_table_started_with_whole_rules_plays_them() -> None:
    rules = Rules(players=6, variant="cancellation", hearts_must_be_broken=False, target=60)
    table = HeartsTable(rules=rules, seed=3)
    assert table.game.rules == rules and table.state["players"] == 6
    lines = table.static["rules_card"]["lines"]
    assert lines[0]["rule"] == "variant.cancellation"
    assert any(line["text"] == "House rule: hearts may be led at any time." for line in lines)
    assert table.state["table_notes"] == ["Kitty: 2 cards face down, for the winner of the first trick."]


def test_the_variant_of_a_new_game_can_be_chosen_among_those_that_fit() -> None:
    table = HeartsTable(variant="omnibus", seed=1)
    variants = table.static["variants"]
    assert variants["current"] == "omnibus"
    assert [c["code"] for c in variants["choices"]] == ["standard", "omnibus", "black-maria"]
    send(table, {"type": "new_game", "variant": "black-maria"})
    assert table.game.rules.variant == "black-maria" and table.game.hand.pass_direction == "right"
    send(table, {"type": "new_game"})
    assert table.game.rules.variant == "black-maria", "a new game keeps the chosen variant"
    send(table, {"type": "new_game", "variant": "cancellation"})
    assert table.game.rules.variant == "black-maria" and table.notice["kind"] == "rules-refused"
    assert "“Variant for a new game”" in table.notice["text"]
    assert [c["code"] for c in HeartsTable(players=9, variant="cancellation").static["variants"]["choices"]] == [
        "cancellation"]


def test_cancellation_moon_choices_say_fifty_two() -> None:
    table = HeartsTable(rules=Rules(players=5, variant="cancellation"), seed=2)
    table.load(table.game._replace(pending_moon=0))
    labels = [choice["label"] for choice in table.state["moon"]["choices"]]
    assert labels == ["Take 52 points off my score", "Add 52 points to everyone else"]


def test_a_standard_table_keeps_its_moon_words() -> None:
    table = HeartsTable(seed=2)
    table.load(table.game._replace(pending_moon=0))
    assert "26" in table.state["moon"]["choices"][0]["label"]
    assert table.state["table_notes"] == []


def test_a_table_from_a_variant_hand_plays_its_rules() -> None:
    from hearts_widget import Hand

    hand = Hand.deal(Rules(players=10, variant="cancellation", first_trick_no_points=False), seed=4)
    table = HeartsTable.from_hand(hand)
    assert table.game.rules == hand.rules and table.static["rules_card"]["lines"][0]["rule"] == "variant.cancellation"
    send(table, {"type": "new_game"})
    assert table.game.rules == hand.rules


@pytest.mark.usefixtures("quick_coach")
def test_variant_cancellation_cancel_the_twins_are_marked_in_the_last_trick_and_the_replay() -> None:
    """The cards that cancelled, and only those, carry ``cancelled`` in the last trick (drawn as the
    felt's trick is) and a third item 1 in the hand's replay; a hand played with the first legal card."""
    table = HeartsTable(rules=Rules(players=5, variant="cancellation"), seed=2, pace=0)
    seen = 0
    while table.game.hand.phase == "play" and table.summary is None:
        hand = table.game.hand
        if table.state["your_turn"]:
            send(table, {"type": "play", "card": next(c["code"] for c in table.hand if c["legal"])})
        if len(hand.tricks) == len(table.game.hand.tricks) or not table.game.hand.tricks:
            continue
        ended = table.game.hand.events[len(hand.events):]
        twins = {s for e in ended if e.kind == "cancelled" for s in e.facts["seats"]}
        send(table, {"type": "show_last_trick", "show": True})
        assert {p["seat"] for p in table.last_trick["cards"] if p.get("cancelled")} == twins, table.last_trick
        seen += len(twins)
    assert seen >= 2
    replayed = [card for trick in table.summary["tricks"] for card in trick[2]]  # [title, number, cards, ...]
    assert sum(card[2:] == [1] for card in replayed) == seen and all(len(card) in (2, 3) for card in replayed)
