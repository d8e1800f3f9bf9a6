"""A learner's bot function at the table: it plays, the table names it, and a bot
that raises or returns an illegal card is told on the table and replaced by the
rule bot while the game goes on."""

from __future__ import annotations

import pytest

from hearts_widget import HeartsTable
from hearts_widget.bots import FunctionBot, RuleBot, as_bot
from hearts_widget.engine import SeatView

from .conftest import act


def lowest(view: SeatView):  # type: ignore[no-untyped-def]
    return min(view.legal, key=lambda card: card.rank)


def play_a_hand(table: HeartsTable) -> None:
    """The learner plays the first hand to its end (the bots answer at once, pace 0)."""
    while not table.game.sheet and not table.state["game_over"]:
        act(table)


def test_bots_lists_the_other_seats_from_the_learners_left_and_the_function_is_named() -> None:
    table = HeartsTable(bots=[lowest, "rule", "strong"], seed=3, pace=0)
    assert [s["name"] for s in sorted(table.seats, key=lambda s: s["seat"])] == \
        ["South", "West (lowest)", "North", "East"]
    bots = table._session.bots
    assert bots[0] is None and isinstance(bots[1], FunctionBot) and bots[2].name == "rule" and bots[3].name == "strong"


@pytest.mark.usefixtures("quick_coach")
def test_a_bot_function_plays_a_whole_hand_and_the_narration_names_its_cards() -> None:
    table = HeartsTable(bots=[lowest, "rule", "rule"], seed=5, pace=0)
    play_a_hand(table)
    assert len(table.game.sheet) == 1
    played = [card for trick in table.game.completed[0].tricks for seat, card in zip(trick.seats, trick.cards,
                                                                                      strict=True) if seat == 1]
    assert len(played) == 13
    lines = [line["text"] for line in table._story.whole()["lines"]]
    assert any(line.startswith("West (lowest) plays") or line.startswith("West (lowest) leads") for line in lines)
    assert table.notice.get("kind") != "bot-replaced"


def test_bots_as_a_keyword_is_checked() -> None:
    with pytest.raises(ValueError, match="bots must list 3 bots"):
        HeartsTable(bots=[lowest])
    with pytest.raises(TypeError, match="not both"):
        HeartsTable(bots=[lowest, "rule", "rule"], seats=["human", "rule", "rule", "rule"])
    with pytest.raises(ValueError, match=r"bots\[0\] must be 'bot'"):
        HeartsTable(bots=[42, "rule", "rule"])
    with pytest.raises(ValueError, match=r"bots\[2\] must be"):
        HeartsTable(bots=["rule", "rule", "human"])


def raising(view: SeatView):  # type: ignore[no-untyped-def]
    raise ZeroDivisionError("my bug")


def illegal(view: SeatView):  # type: ignore[no-untyped-def]
    return next(card for card in view.held if card not in view.legal) if len(view.legal) < len(view.held) \
        else "not a card"


@pytest.mark.parametrize("bot, words", [(raising, "ZeroDivisionError: my bug"), (illegal, "illegal returned")])
def test_a_bot_that_raises_or_breaks_a_rule_is_told_and_the_rule_bot_takes_its_seat(bot, words) -> None:  # type: ignore[no-untyped-def]
    table = HeartsTable(bots=[bot, "rule", "rule"], seed=3, pace=0)
    seen = []
    while not table.game.sheet:
        act(table)
        if table.notice.get("kind") == "bot-replaced":
            seen.append(table.notice)
    assert seen, "the table said nothing about the failing bot"
    notice = seen[0]
    assert notice["level"] == "error" and words in notice["text"]
    assert notice["text"].startswith("West (") and "the rule bot plays that seat from now on" in notice["text"]
    assert isinstance(table._session.bots[1], RuleBot)
    assert len(table.game.sheet) == 1  # the hand went on to its end


def test_a_passing_function_passes_and_a_bad_pass_falls_back() -> None:
    def high_spades(view: SeatView):  # type: ignore[no-untyped-def]
        return sorted(view.held, key=lambda card: (card.suit.name == "SPADES", card.rank))[-3:]

    table = HeartsTable(bots=[as_bot(lowest, passing=high_spades), "rule", "rule"], seed=2, pace=0)
    dealt = table.game.hand.held(1)
    act(table)  # the learner passes: everyone has passed
    assert set(table.game.hand.passed(1)) == set(sorted(dealt, key=lambda c: (c.suit.name == "SPADES", c.rank))[-3:])
    bad = HeartsTable(bots=[as_bot(lowest, passing=lambda view: view.held[:2]), "rule", "rule"], seed=2, pace=0)
    assert bad.notice["kind"] == "bot-replaced" and "three different cards" in bad.notice["text"]  # at once
    act(bad)
    assert bad.game.hand.phase == "play" and len(bad.game.hand.passed(1)) == 3
