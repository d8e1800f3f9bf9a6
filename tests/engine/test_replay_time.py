"""Replaying a record costs the same per action however long the record is
(it used to grow with the game: the score totals were summed over the whole
sheet and the action list copied at every move).

Two measures of a short and a long record (16 times the hands) in the same
run: function calls per action, which does not depend on the machine's load,
and time per action with the cycle collector paused, the smallest of a few
runs, with a generous bound. The time is this thread's CPU time: on a busy
machine the wall-clock time of the long replay, cut by other processes, made
the ratio reach 3.3 by chance (under pytest-xdist, load 7). Before the fix the
calls per action grew 2.2 times from 6 to 96 hands; now they stay the same.
(With the cycle collector running, time per action still grows a little for
very long games: the collector walks every hand the game keeps.)"""

from __future__ import annotations

import gc
import random
import sys
import time
from typing import Any

from hearts_widget import Game, Rules

SHORT_HANDS = 6
LONG_HANDS = SHORT_HANDS * 16


def _record(hands: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    game = Game.new(Rules(players=4, target=1_000_000), seed=seed)
    while len(game.sheet) < hands:
        if game.pending_moon is not None:
            game = game.choose_moon(rng.choice(["self", "others"]))
        elif game.hand.phase == "pass":
            seat = game.hand.waiting_to_pass[0]
            game = game.pass_cards(seat, rng.sample(game.hand.held(seat), 3))
        else:
            game = game.play(rng.choice(game.hand.legal_moves()))
    return game.to_dict()


SHORT = _record(SHORT_HANDS, 1)
LONG = _record(LONG_HANDS, 2)


def _calls_per_action(record: dict[str, Any]) -> float:
    calls = 0

    def count(frame: Any, event: str, arg: Any) -> None:
        nonlocal calls
        if event in ("call", "c_call"):
            calls += 1

    sys.setprofile(count)
    try:
        Game.from_dict(record)
    finally:
        sys.setprofile(None)
    return calls / len(record["actions"])


def _seconds_per_action(records: list[dict[str, Any]], runs: int = 5) -> list[float]:
    """The smallest CPU time per action of each record over ``runs`` rounds, the
    records taking turns (so a burst of load on the machine hits them alike)."""
    best = [float("inf")] * len(records)
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        for _ in range(runs):
            for number, record in enumerate(records):
                start = time.thread_time()
                Game.from_dict(record)
                best[number] = min(best[number], (time.thread_time() - start) / len(record["actions"]))
    finally:
        if was_enabled:
            gc.enable()
    return best


def test_the_records_replay_exactly() -> None:
    assert len(Game.from_dict(LONG).sheet) == LONG_HANDS
    assert Game.from_dict(SHORT).to_dict() == SHORT


def test_replay_makes_the_same_number_of_calls_per_action_for_a_long_record() -> None:
    short, long = _calls_per_action(SHORT), _calls_per_action(LONG)
    assert long / short < 1.05, f"{short:.1f} calls per action for {SHORT_HANDS} hands, {long:.1f} for {LONG_HANDS}"


def test_replay_takes_the_same_time_per_action_for_a_long_record() -> None:
    short, long = _seconds_per_action([SHORT, LONG])
    assert long / short < 3, (f"{short * 1e6:.1f} µs per action for {SHORT_HANDS} hands, "
                                f"{long * 1e6:.1f} µs for {LONG_HANDS}")
