"""Engine speed: random full 4-player hands per second, with OpenSpiel as the reference.

Each hand is dealt, passed (three random cards per seat) and played out with
random legal cards through the public, checked API (``Hand.deal``,
``pass_cards``, ``legal_moves``, ``play``), so every move is validated and
explained exactly as in a real game. In the same process, the same kind of
hand (random deal, pass direction, random passes, random legal play) is
played through OpenSpiel's Hearts Python API, and the ratio is printed.

OpenSpiel is a benchmark-only dependency, not a test or runtime one:

    pip install open-spiel
    PYTHONPATH=. nice python benchmarks/engine_speed.py [--seconds 2] [--blocks 7]

Each side is timed in blocks of at least ``--seconds`` of the process's CPU
time (which the machine's other work stretches far less than wall time), the
two sides interleaved block by block so that a change of load falls on both;
the script prints the median hands per CPU second of each side, the median
ratio of the paired blocks with its spread, and the load average.

Without OpenSpiel the script refuses to run (exit status 2), rather than
print a ratio to something else. Told so with ``--no-reference``, it compares
instead with a reference that is always available in-process: shuffling and
dealing a plain list of 52 cards and playing it out by picking random cards
with no rules checked (a floor of what any Python engine costs, not a rules
engine, and said so in its output).

Instructions, which the machine's load does not change, are counted with
``--hands N``: one side plays N hands with a fixed seed, untimed, and the
script exits. Run it under valgrind with N hands and with 0, and divide the
difference by N::

    valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        "$(python -c 'import sys; print(sys.executable)')" benchmarks/engine_speed.py --hands 200

``--side views`` plays the engine's hands reading the mover's ``SeatView``
before every move, as the table and the bots' arena do.
"""

from __future__ import annotations

import argparse
import os
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


def engine_hands_with_views(count: int, seed: int) -> None:
    """Play ``count`` random hands as :func:`engine_hands`, every choice made from
    the seat's ``SeatView`` (its cards and legal moves, and so the events it may see)."""
    rules = Rules(players=4)
    rng = random.Random(seed)
    for number in range(count):
        hand = Hand.deal(rules, seed=seed, number=number)
        for seat in hand.waiting_to_pass:
            hand = hand.pass_cards(seat, rng.sample(hand.view(seat).held, 3))
        while (mover := hand.to_move) is not None:
            hand = hand.play(rng.choice(hand.view(mover).legal))
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


def hands_per_cpu_second(play: Callable[[int, int], None], seconds: float, seed: int) -> float:
    """Hands per second of this process's CPU time, playing batches of hands
    until at least ``seconds`` of CPU time have passed (one block)."""
    batch = 20
    hands = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        play(batch, seed + hands)
        hands += batch
    return hands / elapsed


SIDES: dict[str, Callable[[int, int], None]] = {
    "engine": engine_hands, "views": engine_hands_with_views, "openspiel": openspiel_hands,
    "plain": plain_python_hands,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per block and side (default 2)")
    parser.add_argument("--blocks", type=int, default=7, help="blocks per side, interleaved (default 7)")
    parser.add_argument("--hands", type=int, help="play this many hands of one side with seed 7, untimed, "
                        "and exit (to count instructions with valgrind)")
    parser.add_argument("--side", choices=SIDES, default="engine", help="the side --hands plays (default engine)")
    parser.add_argument("--no-reference", action="store_true",
                        help="without OpenSpiel: compare with plain Python playing random cards, no rules checked "
                        "(a floor, not a rules engine)")
    args = parser.parse_args()
    if args.hands is not None:
        if args.side == "openspiel":
            import pyspiel

            pyspiel.load_game("hearts")  # loaded before any hand, as in the timed blocks
        SIDES[args.side](args.hands, 7)
        print(f"{args.hands} hands played by the {args.side} side (seed 7)")
        return
    if args.no_reference:
        name, reference = "plain Python, no rules (--no-reference: not OpenSpiel)", plain_python_hands
    else:
        try:
            import pyspiel  # noqa: F401
        except ImportError:
            parser.exit(2, "engine_speed.py: OpenSpiel, the reference, is not installed (pip install open-spiel); "
                           "nothing measured. To compare with plain Python playing random cards without rules "
                           "instead (a floor, not a rules engine), say so: --no-reference\n")
        name, reference = "OpenSpiel hearts (C++ via pyspiel)", openspiel_hands
    print(f"Reference: {name}, in the same process, blocks interleaved")
    load = os.getloadavg()
    ours, theirs, ratios = [], [], []
    for block in range(args.blocks):
        ours.append(hands_per_cpu_second(engine_hands, args.seconds, 1000 * block))
        theirs.append(hands_per_cpu_second(reference, args.seconds, 1000 * block))
        ratios.append(ours[-1] / theirs[-1])
    print(f"{args.blocks} interleaved blocks of {args.seconds:g} CPU seconds per side, "
          f"hands per CPU second (median, min to max):")
    print(f"  hearts-widget engine (public checked API): {statistics.median(ours):8.1f}  "
          f"({min(ours):.1f} to {max(ours):.1f})")
    print(f"  {name}: {statistics.median(theirs):8.1f}  ({min(theirs):.1f} to {max(theirs):.1f})")
    spread = f"{min(ratios):.3f} to {max(ratios):.3f}"
    if len(ratios) >= 4:
        low, _, high = statistics.quantiles(ratios, n=4, method="inclusive")
        spread += f", quartiles {low:.3f} to {high:.3f}"
    print(f"ratio engine / reference per block: median {statistics.median(ratios):.3f} ({spread})")
    print(f"load average (1, 5, 15 min) at the start {' '.join(f'{x:.2f}' for x in load)}, "
          f"at the end {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
