"""The arena: a learner's bot on duplicate deals, every seat in turn, reproducible from a seed,
with the mean's 95% interval, the Q♠ and moon counts, and its picture."""

from __future__ import annotations

import math
import statistics
import time
import warnings

import pytest

from hearts_widget.bots import arena
from hearts_widget.bots.arena import ArenaResult, SlowArenaWarning, mean_interval
from hearts_widget.bots.time_limit import BotFailed, BotTooSlow
from hearts_widget.engine import Card, Rules, SeatView


def lowest(view: SeatView) -> Card:
    return min(view.legal, key=lambda card: card.rank)


def test_the_same_seed_gives_the_same_result_and_another_seed_other_deals() -> None:
    first = arena(lowest, against="random", deals=4, seed=11, progress=False)
    again = arena(lowest, against="random", deals=4, seed=11, progress=False)
    other = arena(lowest, against="random", deals=4, seed=12, progress=False)
    assert first.bot.points == again.bot.points and first.against.points == again.against.points
    assert first.rows == again.rows
    assert (first.bot.points, first.against.points) != (other.bot.points, other.against.points)


def test_each_deal_is_played_once_from_every_seat() -> None:
    seats: list[tuple[int, int]] = []  # (hand number, seat) of every hand the bot played

    def watching(view: SeatView) -> Card:
        if (view.number, view.seat) not in seats:
            seats.append((view.number, view.seat))
        return lowest(view)

    arena(watching, against="rule", deals=3, progress=False)
    assert sorted(seats) == [(number, seat) for number in range(3) for seat in range(4)]
    five = []
    arena(lambda view: five.append(view.seat) or lowest(view), deals=1, rules=Rules(players=5), progress=False)
    assert set(five) == set(range(5))


def test_the_same_bot_on_both_sides_scores_the_same_on_every_deal() -> None:
    """Duplicate deals: with the rule bot on both sides, each side's points per hand are the same
    (a seat's points over the rotation average to the hand's points per seat)."""
    result = arena("rule", against="rule", deals=3, progress=False)
    assert result.bot.points == pytest.approx(result.against.points)
    assert result.bot.took_maria == pytest.approx(result.against.took_maria)


def test_the_interval_is_the_mean_plus_or_minus_1_96_standard_errors() -> None:
    values = [2.0, 4.0, 9.0, 1.0, 4.0]
    low, high = mean_interval(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    assert (low, high) == pytest.approx((4.0 - half, 4.0 + half))
    assert mean_interval([3.0]) == (3.0, 3.0)
    result = arena(lowest, against="random", deals=5, progress=False)
    assert result.bot.interval == pytest.approx(mean_interval(result.bot.points))
    assert result.rows[0]["ci_low"] <= result.rows[0]["points_per_hand"] <= result.rows[0]["ci_high"]


def test_rows_and_picture() -> None:
    result = arena(lowest, against="random", deals=3, progress=False, lang="sw")
    assert isinstance(result, ArenaResult)
    assert [row["side"] for row in result.rows] == ["bot", "against"]
    assert [row["name"] for row in result.rows] == ["lowest", "random"]
    assert set(result.rows[0]) == {"side", "name", "points_per_hand", "ci_low", "ci_high", "took_queen_of_spades",
                                   "shot_the_moon", "deals", "variant"}
    for row in result.rows:
        assert 0 <= row["took_queen_of_spades"] <= 1 and 0 <= row["shot_the_moon"] <= 1
    picture = result._repr_html_()
    assert picture.count("<svg") == 1 and "http" not in picture.replace("http://www.w3.org/2000/svg", "")
    assert "lowest" in picture and "random" in picture and "Pointi kwa kila mkono" in picture  # in Kiswahili


def test_a_variant_is_played_under_its_own_rules() -> None:
    result = arena(lowest, against="rule", deals=2, rules=Rules(variant="omnibus"), progress=False)
    assert result.rules.variant == "omnibus" and result.rows[0]["variant"] == "omnibus"


@pytest.mark.parametrize("options, words", [
    ({"deals": 0}, "deals"), ({"deals": "ten"}, "deals"), ({"seed": 1.5}, "seed"),
    ({"rules": "omnibus"}, "rules"), ({"against": "grandmaster"}, "unknown bot"),
    ({"time_limit": 0}, "time_limit"), ({"time_limit": "5"}, "time_limit"), ({"time_limit": 1e9}, "time_limit"),
])
def test_bad_arguments_are_named(options: dict, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        arena(lowest, **{"deals": 1, "progress": False, **options})


# -- a learner's bot that is slow, loops or raises KeyboardInterrupt never freezes the arena --
def slow(view: SeatView) -> Card:
    time.sleep(0.02)
    return lowest(view)


def test_the_arena_warns_after_its_first_hand_how_long_a_slow_run_will_take() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", SlowArenaWarning)  # the warning stops the run: the test takes one hand
        with pytest.raises(SlowArenaWarning) as caught:
            arena(slow, against="random", deals=100, progress=False)
    said = str(caught.value)
    assert said.startswith("This arena of 100 deals will take about ") and " min. slow takes 0.0" in said
    minutes = int(said.split("about ")[1].split(" min")[0])
    assert minutes >= 2  # 13 cards a hand at 0.02 s, 400 hands: 104 s at the least


def test_a_quick_run_gives_no_warning() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", SlowArenaWarning)
        arena(lowest, against="random", deals=2, progress=False)


def test_a_looping_bot_stops_the_arena_naming_it() -> None:
    def looping(view: SeatView) -> Card:
        while True:
            pass

    with pytest.raises(BotTooSlow, match=r"looping took more than 0.2 s to decide"):
        arena(looping, deals=3, progress=False, time_limit=0.2)


@pytest.mark.parametrize("error", [KeyboardInterrupt, SystemExit])
def test_keyboard_interrupt_or_system_exit_from_a_bot_is_an_error_not_the_end_of_the_kernel(error) -> None:  # type: ignore[no-untyped-def]
    def leaving(view: SeatView) -> Card:
        raise error

    with pytest.raises(BotFailed, match=error.__name__):
        arena(leaving, deals=1, progress=False)


def test_a_bots_own_error_reaches_the_learner_as_it_was() -> None:
    def buggy(view: SeatView) -> Card:
        return 1 / 0  # type: ignore[return-value]

    with pytest.raises(ZeroDivisionError) as caught:
        arena(buggy, deals=1, progress=False)
    assert any(entry.name == "buggy" for entry in caught.traceback)  # the learner's line is in the traceback
