"""Same deal, other rules on the table: the hand just finished replayed with one
changed option (the engine's same_deal), shown beside the hand as played (no browser)."""

from __future__ import annotations

import pytest

from hearts_widget import Game, HeartsTable, Rules
from hearts_widget.engine.same_deal import same_deal
from hearts_widget.text import number_text


def after_one_hand(rules: Rules, seed: int = 1) -> Game:
    """A game of ``rules`` with its first hand played out by the first legal card."""
    game = Game.new(rules, seed)
    while not game.sheet:
        if game.pending_moon is not None:
            game = game.choose_moon("self")
        elif game.hand.phase == "pass":
            seat = game.hand.waiting_to_pass[0]
            game = game.pass_cards(seat, game.hand.held(seat)[:3])
        else:
            game = game.play(game.hand.legal_moves()[0])
    return game


def table_after_one_hand(rules: Rules) -> HeartsTable:
    table = HeartsTable(rules=rules, seed=1)
    table.load(after_one_hand(rules))
    return table


def ask(table: HeartsTable, change: str | None) -> None:
    table.send_intent({"type": "same_deal", "change": change})


def test_nothing_to_compare_before_a_hand_is_finished() -> None:
    table = HeartsTable(seed=1)
    assert table.state["same_deal"] is None
    ask(table, "moon=self")
    assert table.notice["text"] == "Same deal, other rules needs a finished hand: play a hand to the end first."


def test_the_changes_offered_are_each_house_rule_flipped_each_other_moon_and_variant() -> None:
    same = table_after_one_hand(Rules(players=4)).state["same_deal"]
    assert same["button"] == "Same deal, other rules" and same["result"] is None
    assert [c["code"] for c in same["choices"]] == [
        "first_trick_no_points=False", "maria_breaks_hearts=False", "hearts_must_be_broken=False",
        "moon=self", "moon=others", "moon=off", "variant=omnibus", "variant=black-maria"]
    names = {c["code"]: c["name"] for c in same["choices"]}
    assert names["first_trick_no_points=False"] == "House rule: points may be played to the first trick."
    assert names["moon=off"] == "No moon: every point taken counts."
    assert names["variant=omnibus"] == "Omnibus Hearts"


def test_only_changes_rules_accept_are_offered() -> None:
    black_maria = [c["code"] for c in table_after_one_hand(Rules(variant="black-maria")).state["same_deal"]["choices"]]
    assert not any(code.startswith("moon=") for code in black_maria), "Black Maria has no moon to change"
    cancellation = table_after_one_hand(Rules(players=5, variant="cancellation")).state["same_deal"]["choices"]
    assert not any(c["code"].startswith("variant=") for c in cancellation), "two packs stay two packs"


def test_variant_omnibus_bonus_the_replay_is_the_engines_same_deal_side_by_side() -> None:
    table = table_after_one_hand(Rules(players=4))
    playing = table.game
    ask(table, "variant=omnibus")
    assert table.game is playing, "the game goes on untouched"
    expected = same_deal(playing.completed[-1], variant="omnibus")
    result = table.state["same_deal"]["result"]
    assert result["change"] == "Omnibus Hearts" and result["code"] == "variant=omnibus"
    assert result["headers"] == ["As played", "Replayed", "Difference"]
    assert [(r["name"], r["before"], r["after"], r["difference"]) for r in result["rows"]] == [
        (name, number_text(row["before"]), number_text(row["after"]), number_text(row["difference"], signed=True))
        for name, row in zip(["South", "West", "North", "East"], expected.rows(), strict=True)]
    assert sorted(row["difference"] for row in expected.rows()) == [-10, 0, 0, 0]
    assert result["note"] == "Every card was played as in the hand just finished."


def test_a_rule_that_changes_the_play_says_how_many_cards_took_another_card_s_place() -> None:
    table = table_after_one_hand(Rules(players=4))
    ask(table, "variant=black-maria")  # passing to the right: other cards in every hand
    expected = same_deal(table.game.completed[-1], variant="black-maria")
    count = len(expected.changed_plays)
    assert count > 0 and table.state["same_deal"]["result"]["note"].startswith(f"{count} cards could not be played")


def test_the_comparison_closes_and_goes_with_a_new_game_or_an_undo() -> None:
    table = table_after_one_hand(Rules(players=4))
    ask(table, "moon=off")
    assert table.state["same_deal"]["result"] is not None
    ask(table, None)
    assert table.state["same_deal"]["result"] is None
    ask(table, "moon=off")
    table.send_intent({"type": "new_game", "state": table.state["id"]})
    assert table.state["same_deal"] is None and table._session.same_deal is None


@pytest.mark.parametrize("change", ["moon=sometimes", "players=5", "variant=cancellation", 3, "", ["moon=off"]])
def test_an_unknown_change_is_refused_and_changes_nothing(change: object) -> None:
    table = table_after_one_hand(Rules(players=4))
    playing = table.game
    ask(table, change)  # type: ignore[arg-type]
    assert table.notice["kind"] == "malformed" and "same_deal needs change" in table.notice["text"]
    assert table.game is playing and table.state["same_deal"]["result"] is None
