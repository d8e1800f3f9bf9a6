"""Are the coach's sentences true, and are its hints short?

Hands of real play, per rule set (standard with 3 to 7 players, Omnibus, Black Maria,
Cancellation with 5 and 6): the table's rule bots in every seat but the learner's
(seat 0), where a naive learner (its three lowest cards passed, its highest legal card
played), a noisy one (the rule bot, a random legal card one time in three) or the rule
bot sits, in turn. At every decision of every seat, for every legal card (or the pass
made):

- every claim the coach could make about it (:func:`hearts_widget.bots.claims.play_claims`,
  :func:`~hearts_widget.bots.claims.pass_claims`) is checked by the engine's verifier
  (:func:`hearts_widget.bots.verify.holds`); a claim that does not hold is a false claim;
- the cause the review would show (:func:`hearts_widget.bots.verify.play_cause`) is said
  in each of the four languages: the sentences counted.

Then the learner's Hint at each of its decisions in ``--hint-hands`` hands (the whole
coach, its search included): every fact its sentences could say checked the same way (a
fact refused is not said: the hint then names the card only, or leaves that passed card's
reason out; a refused fact said would be a false claim), and its words counted in
English (median, 90th percentile, longest), with any decimal number.

    nice -n 19 python benchmarks/coach_claims.py [--hands 40] [--hint-hands 2]
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hearts_widget.bots import RuleBot  # noqa: E402
from hearts_widget.bots.claims import (  # noqa: E402
    hint_claims,
    pass_claims,
    pass_hint_claims,
    play_claims,
    risk_claims,
)
from hearts_widget.bots.coach import hint  # noqa: E402
from hearts_widget.bots.verify import holds, pass_cause, play_cause  # noqa: E402
from hearts_widget.engine import Card, Hand, Rules, SeatView  # noqa: E402
from hearts_widget.text.causes import cause_text  # noqa: E402

LANGUAGES = ("en", "tl", "ceb", "sw")
RULE_SETS = {
    "standard": Rules(),
    "3 players": Rules(players=3),
    "5 players": Rules(players=5),
    "6 players": Rules(players=6),
    "7 players": Rules(players=7),
    "Omnibus": Rules(variant="omnibus"),
    "Black Maria": Rules(variant="black-maria"),
    "Cancellation 5": Rules(players=5, variant="cancellation"),
    "Cancellation 6": Rules(players=6, variant="cancellation"),
}
LEARNERS = ("naive", "noisy", "rule")
DECIMAL = re.compile(r"\d[.,]\d")


@dataclass
class Tally:
    """What one run found: claims checked and false, sentences said, hint word counts."""

    claims: int = 0
    false: list[str] = field(default_factory=list)
    sentences: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    # A hint's facts the verifier refused: that sentence is not said (the hint names the card only,
    # or a passed card's reason is left out).
    refused: list[str] = field(default_factory=list)
    hint_words: list[int] = field(default_factory=list)
    hint_decimals: list[str] = field(default_factory=list)


def _check(view: SeatView, claims: list, tally: Tally, where: str, hint: bool = False) -> None:  # type: ignore[type-arg]
    for claim in claims:
        tally.claims += 1
        tally.kinds[claim.kind] += 1
        if not holds(view, claim):
            (tally.refused if hint else tally.false).append(f"{where}: {claim}")


def _say(claim: object, tally: Tally) -> None:
    for lang in LANGUAGES:
        text = cause_text(claim, lang)  # type: ignore[arg-type]
        if not text or "{" in text:
            tally.false.append(f"unsaid {claim} in {lang}: {text!r}")
        tally.sentences += 1


def _learner_play(kind: str, view: SeatView, rng: random.Random, bot: RuleBot) -> Card:
    if kind == "naive":
        return max(view.legal, key=lambda c: (c.rank, c.index))
    if kind == "noisy" and rng.random() < 1 / 3:
        return rng.choice(view.legal)
    return bot.choose_play(view)


def _learner_pass(kind: str, view: SeatView, rng: random.Random, bot: RuleBot) -> list[Card]:
    if kind == "naive":
        return sorted(view.held, key=lambda c: (c.rank, c.index))[:3]
    if kind == "noisy" and rng.random() < 1 / 3:
        return rng.sample(view.held, 3)
    return bot.choose_pass(view)


def play_hand(name: str, rules: Rules, seed: int, tally: Tally, hints: bool = False) -> None:
    """One hand of real play; every decision's claims checked, its causes said."""
    rng = random.Random(seed)
    learner = LEARNERS[seed % len(LEARNERS)]
    bot = RuleBot()
    hand = Hand.deal(rules, seed, number=seed % max(2, rules.players))
    where = f"{name} seed {seed}"
    if hand.phase == "pass":
        for seat in list(hand.waiting_to_pass):
            view = hand.view(seat)
            chosen = _learner_pass(learner, view, rng, bot) if seat == 0 else bot.choose_pass(view)
            _check(view, pass_claims(view, chosen), tally, where)
            _say(pass_cause(view, chosen), tally)
            if hints and seat == 0:
                _hint(view, tally, where)
            hand = hand.pass_cards(seat, chosen)
    while hand.phase == "play":
        seat = hand.to_move
        assert seat is not None
        view = hand.view(seat)
        for card in dict.fromkeys(view.legal):
            _check(view, play_claims(view, card), tally, where)
            _say(play_cause(view, card), tally)
        if hints and seat == 0:
            _hint(view, tally, where)
        hand = hand.play(_learner_play(learner, view, rng, bot) if seat == 0 else bot.choose_play(view))


def _hint(view: SeatView, tally: Tally, where: str) -> None:
    """The learner's Hint: its facts checked, its English words counted."""
    advice = hint(view, lang="en")
    if view.phase == "play":
        _check(view, hint_claims(view, advice.card, advice.reason, advice.facts)
               + risk_claims(view, advice.card, advice.facts), tally, where + " hint", hint=True)
    else:
        for entry in advice.facts["why"]:
            claims = pass_hint_claims(view, advice.cards, *entry)
            _check(view, claims, tally, where + " pass hint", hint=True)
            if not all(holds(view, claim) for claim in claims) and f"{entry[0]}:" in advice.text:
                tally.false.append(f"{where}: a refused reason said: {advice.text}")
    tally.hint_words.append(len(advice.text.split()))
    if DECIMAL.search(advice.text):
        tally.hint_decimals.append(advice.text)


def run(hands: int, hint_hands: int, names: list[str] | None = None) -> Tally:
    """``hands`` hands per rule set (``hint_hands`` of them with the learner's hints)."""
    tally = Tally()
    for name in names or list(RULE_SETS):
        for seed in range(hands):
            play_hand(name, RULE_SETS[name], seed, tally, hints=seed < hint_hands)
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=40, help="hands per rule set")
    parser.add_argument("--hint-hands", type=int, default=2, help="of them, hands with the learner's hints")
    parser.add_argument("--rules", nargs="*", choices=list(RULE_SETS), help="rule sets (default: all)")
    args = parser.parse_args()
    start = time.perf_counter()
    tally = run(args.hands, args.hint_hands, args.rules)
    took = time.perf_counter() - start
    print(f"claims checked: {tally.claims}, false: {len(tally.false)}")
    for line in tally.false[:20]:
        print("  FALSE", line)
    print(f"sentences said ({', '.join(LANGUAGES)}): {tally.sentences}")
    print(f"hint facts refused by the verifier (their sentence left out): {len(tally.refused)}")
    for line in tally.refused[:5]:
        print("  REFUSED", line)
    print("claims by kind:", ", ".join(f"{k} {n}" for k, n in tally.kinds.most_common()))
    if tally.hint_words:
        words = sorted(tally.hint_words)
        print(f"hints: {len(words)}, words (English): median {statistics.median(words)}, "
              f"90th percentile {words[int(0.9 * (len(words) - 1))]}, longest {words[-1]}; "
              f"with a decimal number: {len(tally.hint_decimals)}")
    print(f"{took:.1f} s; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
