"""Replay the variants' golden transcripts (golden_variants/*.json, see its
README): legal cards, explanations, events and points, step by step."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hearts_widget import Hand, Rules

TRANSCRIPTS = sorted(Path(__file__).with_name("golden_variants").glob("*.json"))


def test_there_is_a_transcript_for_every_variant() -> None:
    variants = {json.loads(p.read_text(encoding="utf-8"))["rules"]["variant"] for p in TRANSCRIPTS}
    assert variants == {"omnibus", "black-maria", "cancellation"}


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: p.stem)
def test_variant_golden_transcript_replays_step_by_step(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    record = data["record"]
    rules = Rules.from_dict(data["rules"])
    hand = Hand.deal(rules, seed=data["seed"], number=0)
    assert [[c.code for c in cards] for cards in hand.hands] == record["start"]["hands"]
    for action in record["actions"]:
        if action["type"] == "pass":
            hand = hand.pass_cards(action["seat"], action["cards"])
    steps = data["steps"]
    assert len(steps) == sum(a["type"] == "play" for a in record["actions"])
    for number, step in enumerate(steps):
        where = f"{path.stem} step {number}"
        assert hand.to_move == step["seat"], where
        assert [c.code for c in hand.trick.cards] == step["trick"], where
        assert hand.hearts_broken == step["hearts_broken"], where
        assert [c.code for c in hand.legal_moves()] == step["legal"], where
        for code, (legal, rule, reason) in step["explanations"].items():
            explanation = hand.explain(code)
            assert [explanation.legal, explanation.rule, explanation.reason] == [legal, rule, reason], (where, code)
        hand = hand.play(step["play"])
    assert hand.phase == "done"
    assert [[e.kind, e.rule, e.seat, [c.code for c in e.cards]] for e in hand.events] == data["events"]
    assert hand.points() == data["points"] and sum(hand.points()) == rules.points_per_hand
    assert hand.to_dict() == record
