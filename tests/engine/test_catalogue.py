"""Every explanation reason code and every event kind, with the rule id each
carries and an English sentence for each (the full catalogue, so a new code
cannot appear without a test and a sentence)."""

from __future__ import annotations

import random

from engine_helpers import MOON_SEEDS, moon_pass, moon_policy, position

from hearts_widget import Explanation, Game, Hand, IllegalMove, Rules

# reason code -> (rule id, legal?)
REASONS = {
    "follows-suit": ("play.follow-suit", True),
    "must-follow-suit": ("play.follow-suit", False),
    "discard": ("play.discard", True),
    "no-points-first-trick": ("play.first-trick-no-points", False),
    "only-points-left": ("play.first-trick-no-points", True),
    "leads-first-card": ("play.first-lead", True),
    "must-lead-first-card": ("play.first-lead", False),
    "hearts-broken-lead": ("play.hearts-broken", True),
    "hearts-lead-allowed": ("play.hearts-lead", True),
    "only-hearts-left": ("play.hearts-lead", True),
    "hearts-not-broken": ("play.hearts-lead", False),
    "must-lead-maria": ("play.hearts-lead", None),  # legal for the Black Maria, illegal for a heart
    "maria-lead": ("play.black-maria-lead", True),
    "free-lead": ("play.trick-winner", True),
    "may-pass": ("pass.three", True),
    "pass-three": ("pass.three", False),
    "pass-distinct": ("pass.three", False),
    "already-passed": ("pass.simultaneous", False),
}

EVENTS = {
    "deal": "setup.deal",
    "no-pass": "pass.rotation",
    "pass": "pass.three",
    "exchange": "pass.simultaneous",
    "play": None,  # the rule that allowed the card
    "hearts-broken": "play.hearts-broken",
    "trick-won": "play.trick-winner",
    "hand-over": "score.points",
    "moon": "score.moon",
    "moon-choice": "score.moon",
    "scored": "score.sheet",
    "game-over": "score.winner",
}


def _explanations() -> list[Explanation]:
    """Explanations for positions that between them produce every reason code."""
    found: list[Explanation] = []
    found += [position(4, {1: ("9D KD QS AH 5C", "CS")}, leader=0, trick=["4D"], tricks_done=1).explain(c)
              for c in ("KD", "QS")]
    found += [position(4, {1: ("QS AH 2H KD", "DH")}, leader=0, trick=["2C"]).explain(c) for c in ("QS", "KD")]
    found.append(position(4, {1: ("QS AH", "H")}, leader=0, trick=["2C"]).explain("AH"))
    found += [position(4, {0: ("2C QS", "D")}).explain(c) for c in ("2C", "QS")]
    found.append(position(4, {0: ("AH", "CD")}, leader=0, tricks_done=1, taken_cards=["3H"]).explain("AH"))
    found.append(position(4, {0: ("AH", "CD")}, leader=0, tricks_done=1,
                          hearts_must_be_broken=False).explain("AH"))
    found.append(position(4, {0: ("AH 2H", "H")}, leader=0, tricks_done=1).explain("AH"))
    unbroken = position(4, {0: ("AH QS KD", "CD")}, leader=0, tricks_done=1)
    found += [unbroken.explain(c) for c in ("AH", "QS", "KD")]
    maria_only = position(4, {0: ("QS AH", "H")}, leader=0, tricks_done=1)
    found += [maria_only.explain(c) for c in ("QS", "AH")]
    dealt = Hand.deal(Rules(), seed=1)
    found.append(dealt.explain(dealt.held(0)[0]))
    for attempt in (lambda: dealt.pass_cards(0, dealt.held(0)[:2]),
                    lambda: dealt.pass_cards(0, [dealt.held(0)[0]] * 3),
                    lambda: dealt.pass_cards(0, dealt.held(0)[:3]).pass_cards(0, dealt.held(0)[3:6])):
        try:
            attempt()
        except IllegalMove as error:
            found.append(error.explanation)
    return found


def test_every_reason_code_has_its_rule_and_a_sentence() -> None:
    explanations = _explanations()
    assert {e.reason for e in explanations} == set(REASONS)
    for explanation in explanations:
        rule, legal = REASONS[explanation.reason]
        assert explanation.rule == rule, explanation
        if legal is not None:
            assert explanation.legal is legal, explanation
        sentence = explanation.text()
        assert sentence and not sentence[0].islower() and sentence.endswith("."), sentence
        assert str(explanation) == sentence
        as_dict = explanation.to_dict()
        assert (as_dict["rule"], as_dict["reason"], as_dict["legal"]) == (rule, explanation.reason,
                                                                          explanation.legal)


def _all_events() -> list:  # type: ignore[type-arg]
    game = Game.new(Rules(players=4, target=60), seed=MOON_SEEDS[4])
    for seat in game.hand.waiting_to_pass:
        game = game.pass_cards(seat, moon_pass(game.hand, seat))
    while game.pending_moon is None:
        game = game.play(moon_policy(game.hand))
    game = game.choose_moon("others")
    rng = random.Random(1)
    while not game.is_over:
        if game.pending_moon is not None:
            game = game.choose_moon("self")
        elif game.hand.phase == "pass":
            seat = game.hand.waiting_to_pass[0]
            game = game.pass_cards(seat, rng.sample(game.hand.held(seat), 3))
        else:
            game = game.play(rng.choice(game.hand.legal_moves()))
    assert len(game.completed) >= 4, "the game should reach a hand without a pass"
    return list(game.history)


def test_every_event_kind_has_its_rule_and_a_sentence() -> None:
    events = _all_events()
    assert {e.kind for e in events} == set(EVENTS)
    for event in events:
        if EVENTS[event.kind] is not None:
            assert event.rule == EVENTS[event.kind], event
        else:
            assert event.rule == REASON_RULES[event.facts["reason"]]
        assert event.text()
        assert event.to_dict()["kind"] == event.kind


REASON_RULES = {reason: rule for reason, (rule, _) in REASONS.items()}
