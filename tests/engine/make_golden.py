"""Write the golden transcripts in ``golden/``: recorded hands with, at every
step, the seat to move, its cards, the legal cards and the explanation (legal,
rule id, reason) of every card it holds.

The transcripts are an oracle: once written they were checked by hand against
RULES.md (see ``golden/README.md``), and ``test_golden.py`` replays them. Only
regenerate after a deliberate change of the rules or of the deal, and review
the diff:

    python tests/engine/make_golden.py
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from hearts_widget import Hand, Rules

GOLDEN = Path(__file__).with_name("golden")
# (players, hand number): the first hand of each size, and a 4-player hand without a pass.
CASES = [(3, 0), (4, 0), (4, 3), (5, 0), (6, 1), (7, 0)]
SEEDS = range(60)  # the seed giving the most varied explanations is kept


def transcript(players: int, number: int, seed: int) -> dict[str, Any]:
    """Play one hand at random (seeded) and record every step."""
    hand, steps = play_and_record(Hand.deal(Rules(players=players), seed=seed, number=number), random.Random(seed))
    return {
        "players": players,
        "number": number,
        "seed": seed,
        "record": hand.to_dict(),
        "steps": steps,
        "events": [[e.kind, e.rule, e.seat, [c.code for c in e.cards]] for e in hand.events],
        "points": hand.points(),
    }


def play_and_record(hand: Hand, rng: random.Random) -> tuple[Hand, list[dict[str, Any]]]:
    """Pass and play ``hand`` to its end at random (``rng``); at every play, record
    the seat to move, the trick, the legal cards and every held card's explanation."""
    for seat in hand.waiting_to_pass:
        hand = hand.pass_cards(seat, rng.sample(hand.held(seat), 3))
    steps = []
    while hand.phase == "play":
        seat = hand.to_move
        assert seat is not None
        explanations = {}
        for card in hand.held(seat):
            explanation = hand.explain(card)
            explanations[card.code] = [explanation.legal, explanation.rule, explanation.reason]
        card = rng.choice(hand.legal_moves())
        steps.append({
            "seat": seat,
            "trick": [c.code for c in hand.trick.cards],
            "hearts_broken": hand.hearts_broken,
            "legal": [c.code for c in hand.legal_moves()],
            "explanations": explanations,
            "play": card.code,
        })
        hand = hand.play(card)
    return hand, steps


def dumps(data: dict[str, Any]) -> str:
    """JSON with one step (and one event) a line, so a diff shows what changed where."""
    lines = []
    for key, value in data.items():
        if isinstance(value, list) and key in ("steps", "events"):
            inner = ",\n".join("  " + json.dumps(item, ensure_ascii=False) for item in value)
            lines.append(f"{json.dumps(key)}: [\n{inner}\n ]")
        else:
            lines.append(f"{json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n " + ",\n ".join(lines) + "\n}\n"


def variety(data: dict[str, Any]) -> int:
    return len({tuple(v[1:]) for step in data["steps"] for v in step["explanations"].values()})


def main() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for players, number in CASES:
        best = max((transcript(players, number, seed) for seed in SEEDS), key=variety)
        path = GOLDEN / f"hand_{players}p_number{number}_seed{best['seed']}.json"
        path.write_text(dumps(best), encoding="utf-8")
        print(f"{path.name}: {len(best['steps'])} steps, {variety(best)} kinds of explanation")


if __name__ == "__main__":
    main()
