"""The puzzles' generator: the rule-based bots play hands in every variant with 3 to 7
players, and the decisions where one card, or one pass, is clearly best from what the
player to move could see are kept.

    python -m hearts_widget.puzzles.generate --seed 33 --out hearts_widget/puzzles/data/puzzles.json

Each decision with more than one distinct choice is screened on a few deals (``--screen``, then
``SECOND_SCREEN`` times as many for those that pass,
the coach's sampler and play-outs: :func:`.bots.coach.position_values`,
:func:`.bots.coach.pass_values`, costs in the player's own points); one whose best choice
looks at least ``MARGIN`` points better than every other is measured again on ``--deals``
fresh deals, and kept when there the best choice beats every other by ``MARGIN`` points
with two standard errors to spare. The same seed gives the same puzzles, however many
``--jobs`` share the work (each rule set is played from its own seeds).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import zlib
from collections import Counter
from collections.abc import Sequence
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from ..bots.coach import Sampled, pass_values, position_values
from ..bots.rule import RuleBot
from ..bots.strong import distinct_choices
from ..bots.table import Table
from ..engine import Card, Hand, Rules, SeatView
from ..engine.cards import ALL_CARDS
from . import FORMAT, VERSION, initial_rating
from .themes import reason_claims, themes

# The margin a kept puzzle's answer has over every other choice, in the player's own points.
MARGIN = 3.0
# Standard errors the margin must clear MARGIN by (on the confirming deals).
SURE = 2.0
# A screened decision is measured again when its best choice leads every other by
# MARGIN, less SCREEN_SLACK standard errors of the few screening deals.
SCREEN_SLACK = 1.0
# A decision that passes the first screen is screened again on this many times its deals
# before it is measured on the confirming deals.
SECOND_SCREEN = 4
# Puzzles kept from one hand at most (positions of a hand are alike).
PER_HAND = 2
# Deals screening a pass at most (it has about twenty candidates, each a whole hand's play-out).
PASS_SCREEN = 16

RULE_SETS: dict[str, Rules] = {
    **{f"standard-{n}": Rules(players=n) for n in range(3, 8)},
    **{f"omnibus-{n}": Rules(players=n, variant="omnibus") for n in range(3, 8)},
    **{f"black-maria-{n}": Rules(players=n, variant="black-maria") for n in range(3, 8)},
    **{f"cancellation-{n}": Rules(players=n, variant="cancellation") for n in range(5, 8)},
}


def _count(value: Any, name: str, least: int, most: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not least <= value <= most:
        raise ValueError(f"{name} must be a whole number from {least:,} to {most:,}, not {value!r}")
    return value


def generate(seed: int, per_set: int = 30, hands: int = 400, deals: int = 2000, screen: int = 16,
             sets: Sequence[str] | None = None, jobs: int = 1) -> dict[str, Any]:
    """The puzzle file's JSON: up to ``per_set`` puzzles from each rule set (``sets``: names of
    :data:`RULE_SETS`, all when None), from at most ``hands`` hands each, and the figures."""
    _count(seed, "seed", 0, 2**32 - 1)
    _count(per_set, "per_set", 1, 10_000)
    _count(hands, "hands", 1, 1_000_000)
    _count(deals, "deals", 2, 1_000_000)
    _count(screen, "screen", 2, 10_000)
    _count(jobs, "jobs", 1, 64)
    names = list(RULE_SETS) if sets is None else list(sets)
    unknown = [n for n in names if n not in RULE_SETS]
    if unknown or not names or len(set(names)) != len(names):
        raise ValueError(f"sets must be different names of {', '.join(RULE_SETS)}, not {names!r}")
    started, load = time.time(), os.getloadavg()
    work = [(name, seed, per_set, hands, deals, screen) for name in names]
    if jobs == 1:
        results = [_rule_set(*w) for w in work]
    else:
        with Pool(jobs) as pool:
            results = pool.starmap(_rule_set, work)
    puzzles = [p for kept, _ in results for p in kept]
    figures = {name: f for name, (_, f) in zip(names, results, strict=True)}
    return {"format": FORMAT, "version": VERSION,
            "generator": {"seed": seed, "per_set": per_set, "hands": hands, "deals": deals, "screen": screen,
                          "margin": MARGIN, "sure": SURE, "seconds": round(time.time() - started),
                          "load_before": [round(x, 2) for x in load],
                          "load_after": [round(x, 2) for x in os.getloadavg()], "figures": figures},
            "rule_sets": {name: RULE_SETS[name].to_dict() for name in names}, "puzzles": puzzles}


def combine(parts: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One puzzle file from runs of :func:`generate` with the same settings on different rule
    sets (each rule set is played from its own seeds, so the result is the one run on all
    of them would give, its figures aside: the seconds and load averages are per run)."""
    if not parts:
        raise ValueError("combine needs at least one puzzle file")
    settings = [{k: v for k, v in p["generator"].items() if k in ("seed", "per_set", "hands", "deals", "screen")}
                for p in parts]
    if any(s != settings[0] for s in settings):
        raise ValueError(f"the runs combined must share seed, per_set, hands, deals and screen: {settings}")
    names = [name for p in parts for name in p["rule_sets"]]
    if len(set(names)) != len(names):
        raise ValueError(f"a rule set is in more than one run: {names}")
    order = {name: i for i, name in enumerate(RULE_SETS)}
    names.sort(key=order.__getitem__)
    sets = {name: p["rule_sets"][name] for p in parts for name in p["rule_sets"]}
    figures = {name: p["generator"]["figures"][name] for p in parts for name in p["rule_sets"]}
    runs = [{"sets": list(p["rule_sets"]), **{k: p["generator"][k] for k in ("seconds", "load_before", "load_after")}}
            for p in parts]
    return {"format": FORMAT, "version": VERSION,
            "generator": {**settings[0], "margin": MARGIN, "sure": SURE, "runs": runs,
                          "figures": {name: figures[name] for name in names}},
            "rule_sets": {name: sets[name] for name in names},
            "puzzles": sorted((p for part in parts for p in part["puzzles"]),
                              key=lambda p: (order[p["set"]], p["id"]))}


def _codes(cards: Sequence[Card]) -> str:
    return " ".join(c.code for c in cards)


def _assess(values: Sampled, slack: float) -> tuple[int, int, float, float] | None:
    """The best candidate, the closest other, the margin between them and its standard
    error, when the best beats every other by MARGIN with ``slack`` standard errors to spare."""
    means = values.means()
    best = min(values.candidates, key=lambda c: (means[c], c))
    closest: tuple[int, float, float] | None = None
    for other in values.candidates:
        if other == best:
            continue
        margin, error = values.paired(other, best)
        if margin - slack * error < MARGIN:
            return None
        if closest is None or margin < closest[1]:
            closest = (other, margin, error)
    if closest is None:
        return None
    return best, closest[0], closest[1], closest[2]


def _rule_set(name: str, seed: int, per_set: int, hands: int, deals: int,
              screen: int) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The puzzles of one rule set and its figures (see :func:`generate`)."""
    rules = RULE_SETS[name]
    bot = RuleBot()
    kept: list[dict[str, Any]] = []
    figures: dict[str, Any] = {"hands": 0, "looked": 0, "measured": 0, "kept": 0}
    reasons: Counter[str] = Counter()
    cap = max(2, per_set // 3)  # puzzles of one reason in a rule set, so that the themes spread
    started = time.time()
    for k in range(hands):
        if len(kept) >= per_set:
            break
        figures["hands"] += 1
        hand_seed = zlib.crc32(f"{seed}/{name}/{k}".encode())
        hand = Hand.deal(rules, hand_seed, k % 4)
        base = {"set": name, "seed": hand_seed, "number": k % 4}
        found = 0
        passes: list[tuple[Card, ...]] = []
        if hand.waiting_to_pass:
            seat = k % rules.players
            view = hand.view(seat)
            figures["looked"] += 1
            record = _pass_puzzle(view, f"{name}/{k}/pass", screen, deals, figures, reasons, cap)
            if record is not None:
                kept.append({"id": f"{name}-{len(kept) + 1:03d}", **base, "passes": [], "plays": "", **record})
                found += 1
            passes = [tuple(sorted(bot.choose_pass(hand.view(s)), key=lambda c: c.index))
                      for s in range(rules.players)]
            for s, cards in enumerate(passes):
                hand = hand.pass_cards(s, cards)
        plays: list[Card] = []
        while hand.to_move is not None and len(kept) < per_set:
            view = hand.view(hand.to_move)
            card = bot.choose_play(view)
            if found < PER_HAND and len(distinct_choices(Table.of(view), rules)) > 1:
                figures["looked"] += 1
                record = _play_puzzle(view, card, f"{name}/{k}/{len(plays)}", screen, deals, figures, reasons, cap)
                if record is not None:
                    kept.append({"id": f"{name}-{len(kept) + 1:03d}", **base,
                                 "passes": [_codes(p) for p in passes], "plays": _codes(plays), **record})
                    found += 1
            hand = hand.play(card)
            plays.append(card)
    figures["kept"] = len(kept)
    figures["seconds"] = round(time.time() - started)
    figures["themes"] = dict(sorted(Counter(t for p in kept for t in p["themes"]).items()))
    figures["reasons"] = dict(sorted(Counter(p["reason"] for p in kept).items()))
    return kept, figures


def _play_puzzle(view: SeatView, bot_card: Card, key: str, screen: int, deals: int, figures: dict[str, Any],
                 reasons: Counter[str], cap: int) -> dict[str, Any] | None:
    """The record of a play puzzle at ``view``, or None when no card is clearly best."""
    screened = _assess(position_values(view, screen, zlib.crc32(f"screen {key}".encode())), SCREEN_SLACK)
    if screened is not None:
        again = position_values(view, screen * SECOND_SCREEN, zlib.crc32(f"screen again {key}".encode()))
        screened = _assess(again, SCREEN_SLACK)
    if screened is None:
        return None
    if reasons[reason_claims(view, (ALL_CARDS[screened[0]],))[0]] >= cap:
        return None
    figures["measured"] += 1
    values = position_values(view, deals, zlib.crc32(f"confirm {key}".encode()))
    assessed = _assess(values, SURE)
    if assessed is None:
        return None
    best, rival, margin, error = assessed
    table = Table.of(view)
    choices = distinct_choices(table, view.rules)
    group = [c for c in view.legal if max(g for g in choices if g <= c.index and g // 13 == c.index // 13) == best]
    answer = (ALL_CARDS[best],)
    code, _ = reason_claims(view, answer)
    reasons[code] += 1
    return {"seat": view.seat, "kind": "play", "answers": [c.code for c in sorted(set(group), key=lambda c: c.index)],
            "rival": ALL_CARDS[rival].code, "margin": round(margin, 2), "error": round(error, 2), "deals": deals,
            "themes": list(themes(view, answer)), "reason": code,
            "rating": initial_rating(margin, len(choices), bot_card in group), "bot": bot_card.code}


def _pass_puzzle(view: SeatView, key: str, screen: int, deals: int, figures: dict[str, Any],
                 reasons: Counter[str], cap: int) -> dict[str, Any] | None:
    """The record of a pass puzzle at ``view``, or None when no pass is clearly best."""
    passes, values = pass_values(view, min(screen, PASS_SCREEN), zlib.crc32(f"screen {key}".encode()))
    screened = _assess(values, SCREEN_SLACK)
    if screened is None:
        return None
    by_mask = dict(zip(values.candidates, passes, strict=True))
    if reasons[reason_claims(view, by_mask[screened[0]])[0]] >= cap:
        return None
    figures["measured"] += 1
    passes, values = pass_values(view, deals, zlib.crc32(f"confirm {key}".encode()))
    by_mask = dict(zip(values.candidates, passes, strict=True))
    assessed = _assess(values, SURE)
    if assessed is None:
        return None
    best, rival, margin, error = assessed
    answer = by_mask[best]
    code, _ = reason_claims(view, answer)
    reasons[code] += 1
    return {"seat": view.seat, "kind": "pass", "answers": [_codes(answer)], "rival": _codes(by_mask[rival]),
            "margin": round(margin, 2), "error": round(error, 2), "deals": deals,
            "themes": list(themes(view, answer)), "reason": code,
            "rating": initial_rating(margin, len(passes), by_mask[best] == passes[0]),
            "bot": _codes(passes[0])}


def dumps(data: dict[str, Any]) -> str:
    """The puzzle file as compact JSON, one puzzle a line."""
    head = {k: v for k, v in data.items() if k != "puzzles"}
    text = json.dumps(head, separators=(",", ":"), ensure_ascii=False)[:-1]
    lines = ",\n".join(json.dumps(p, separators=(",", ":"), ensure_ascii=False) for p in data["puzzles"])
    return f'{text},"puzzles":[\n{lines}\n]}}\n'


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (see the module's docstring)."""
    parser = argparse.ArgumentParser(prog="python -m hearts_widget.puzzles.generate",
                                     description="Cut puzzles from the bots' play.")
    parser.add_argument("--seed", type=int, required=True, help="the seed every hand is dealt from")
    parser.add_argument("--out", type=Path, required=True, help="the puzzle file to write (JSON)")
    parser.add_argument("--per-set", type=int, default=30, help="puzzles kept from each rule set at most")
    parser.add_argument("--hands", type=int, default=400, help="hands played in each rule set at most")
    parser.add_argument("--deals", type=int, default=2000, help="deals confirming a puzzle")
    parser.add_argument("--screen", type=int, default=16, help="deals screening a decision")
    parser.add_argument("--sets", help="rule sets, separated by commas (all when left out): " + ", ".join(RULE_SETS))
    parser.add_argument("--jobs", type=int, default=1, help="processes sharing the rule sets")
    parser.add_argument("--combine", type=Path, nargs="+", metavar="FILE",
                        help="instead of playing, combine these runs' files (different rule sets) into --out")
    args = parser.parse_args(argv)
    sets = None if args.sets is None else [s.strip() for s in args.sets.split(",")]
    try:
        if args.combine:
            data = combine([json.loads(path.read_text(encoding="utf-8")) for path in args.combine])
        else:
            data = generate(args.seed, args.per_set, args.hands, args.deals, args.screen, sets, args.jobs)
    except (ValueError, OSError, KeyError, TypeError) as error:
        parser.error(f"{type(error).__name__}: {error}" if not isinstance(error, ValueError) else str(error))
    args.out.write_text(dumps(data), encoding="utf-8")
    sys.stderr.write(f"{len(data['puzzles'])} puzzles written to {args.out}\n")
    for name, f in data["generator"]["figures"].items():
        sys.stderr.write(f"{name}: {f['hands']} hands, {f['looked']} positions looked at, {f['measured']} "
                         f"measured, {f['kept']} kept\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
