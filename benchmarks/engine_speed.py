"""Engine speed: random full 4-player hands per second, with OpenSpiel as the reference.

Each hand is dealt, passed (three random cards per seat) and played out with
random legal cards through the public, checked API (``Hand.deal``,
``pass_cards``, ``legal_moves``, ``play``), so every move is validated and
explained exactly as in a real game. In the same process, the same kind of
hand (random deal, pass direction, random passes, random legal play) is
played through OpenSpiel's Hearts Python API, and the ratio is printed.

OpenSpiel is a benchmark-only dependency, not a test or runtime one:

    pip install open-spiel
    python benchmarks/engine_speed.py [--hands 300] [--runs 5]

Without OpenSpiel the script says so and compares against a reference that
is always available in-process: shuffling and dealing a plain list of 52
cards and playing it out by picking random cards with no rules checked
(a floor of what any Python engine costs, not a rules engine).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from hearts_widget import Hand, Rules


def engine_hands(count: int, seed: int) -> None:
    """Play ``count`` random 4-player hands through the checked public API."""
    rules = Rules(players=4)
    rng = random.Random(seed)
    for number in range(count):
        hand = Hand.deal(rules, seed=seed, number=number)
        for seat in hand.waiting_to_pass:
            hand = hand.pass_cards(seat, rng.sample(hand.held(seat), 3))
        while hand.phase == "play":
            hand = hand.play(rng.choice(hand.legal_moves()))
        assert sum(hand.points()) == 26


def openspiel_hands(count: int, seed: int) -> None:
    """Play ``count`` random hands of OpenSpiel's Hearts (chance nodes sampled too)."""
    import pyspiel

    game = pyspiel.load_game("hearts")
    rng = random.Random(seed)
    for _ in range(count):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions = [action for action, _ in state.chance_outcomes()]
            else:
                actions = state.legal_actions()
            state.apply_action(rng.choice(actions))


def plain_python_hands(count: int, seed: int) -> None:
    """A rules-free floor: shuffle, deal and play 52 cards at random."""
    rng = random.Random(seed)
    for _ in range(count):
        deck = list(range(52))
        rng.shuffle(deck)
        hands = [deck[i::4] for i in range(4)]
        for _trick in range(13):
            for seat in range(4):
                hands[seat].remove(rng.choice(hands[seat]))


def hands_per_second(play: Callable[[int, int], None], count: int, runs: int) -> float:
    """Median hands per second over ``runs`` runs of ``count`` hands each."""
    rates = []
    for run in range(runs):
        start = time.perf_counter()
        play(count, run)
        rates.append(count / (time.perf_counter() - start))
    return statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300, help="hands per run (default 300)")
    parser.add_argument("--runs", type=int, default=5, help="runs; the median is reported (default 5)")
    args = parser.parse_args()

    ours = hands_per_second(engine_hands, args.hands, args.runs)
    print(f"hearts-widget engine: {ours:8.1f} hands/s (median of {args.runs} runs of {args.hands} hands)")
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("OpenSpiel is not installed (pip install open-spiel): comparing with plain Python instead")
        name, reference = "plain Python, no rules", plain_python_hands
    else:
        name, reference = "OpenSpiel hearts (C++ via pyspiel)", openspiel_hands
    theirs = hands_per_second(reference, args.hands, args.runs)
    print(f"{name}: {theirs:8.1f} hands/s (median of {args.runs} runs of {args.hands} hands)")
    print(f"ratio engine / reference: {ours / theirs:.3f}")


if __name__ == "__main__":
    main()
