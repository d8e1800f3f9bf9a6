"""Write the variants' golden transcripts in ``golden_variants/`` (the same
format as ``golden/``, see make_golden.py), one hand per variant: Omnibus,
Black Maria, and Cancellation Hearts with 5 and 10 players. For each case the
seed whose hand meets the most kinds of event and explanation is kept (a
cancelled trick, a carried trick, the kitty, the bonus card).

    python tests/engine/make_golden_variants.py
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from make_golden import dumps, play_and_record  # noqa: E402

from hearts_widget import Hand, Rules  # noqa: E402

GOLDEN = Path(__file__).with_name("golden_variants")
CASES = [Rules(players=4, variant="omnibus"), Rules(players=3, variant="black-maria"),
         Rules(players=5, variant="cancellation"), Rules(players=10, variant="cancellation")]
SEEDS = range(80)


def transcript(rules: Rules, seed: int) -> dict[str, Any]:
    """Play hand 0 at random (seeded) and record every step."""
    hand, steps = play_and_record(Hand.deal(rules, seed=seed, number=0), random.Random(seed))
    return {
        "rules": rules.to_dict(),
        "seed": seed,
        "record": hand.to_dict(),
        "steps": steps,
        "events": [[e.kind, e.rule, e.seat, [c.code for c in e.cards]] for e in hand.events],
        "points": hand.points(),
    }


def variety(data: dict[str, Any]) -> int:
    reasons = {tuple(v[1:]) for step in data["steps"] for v in step["explanations"].values()}
    return len(reasons) + 3 * len({event[0] for event in data["events"]})


def main() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for rules in CASES:
        best = max((transcript(rules, seed) for seed in SEEDS), key=variety)
        path = GOLDEN / f"{rules.variant}_{rules.players}p_seed{best['seed']}.json"
        path.write_text(dumps(best), encoding="utf-8")
        print(f"{path.name}: {len(best['steps'])} steps, variety {variety(best)}")


if __name__ == "__main__":
    main()
