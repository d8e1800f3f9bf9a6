"""Whole random games and a few prepared positions, yielding every event and
every explanation the engine gives along the way (for the text tests)."""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator

from hearts_widget import Game, Hand, Rules
from hearts_widget.engine.cards import Card, Suit
from hearts_widget.engine.errors import IllegalMove
from hearts_widget.engine.explain import Event, Explanation

# Every reason an explanation can give, and every kind of event (engine/explain.py, legality.py).
REASONS = frozenset({
    "follows-suit", "must-follow-suit", "no-points-first-trick", "only-points-left", "discard",
    "leads-first-card", "must-lead-first-card", "hearts-broken-lead", "hearts-lead-allowed", "only-hearts-left",
    "hearts-not-broken", "must-lead-maria", "maria-lead", "free-lead", "may-pass", "pass-three", "pass-distinct",
    "already-passed",
    # variants
    "no-penalty-first-trick", "only-penalty-cards-left", "first-lead-no-heart", "no-maria-first-lead",
    "first-lead-open", "first-lead-maria-only",
})
EVENT_KINDS = frozenset({
    "deal", "no-pass", "pass", "exchange", "play", "hearts-broken", "trick-won", "hand-over", "moon",
    "moon-choice", "scored", "game-over",
    # variants
    "bonus", "cancelled", "trick-carried", "carried-taken", "kitty-taken", "last-trick-to-leader",
})
VARIANT_RULES: tuple[dict[str, object], ...] = (
    {"variant": "omnibus"}, {"variant": "omnibus", "moon_needs_bonus": True}, {"players": 3, "variant": "black-maria"},
    {"variant": "black-maria"}, {"players": 5, "variant": "cancellation"}, {"players": 10, "variant": "cancellation"},
    {"players": 7, "variant": "cancellation"},
)


def random_rules(rng: random.Random, seed: int) -> Rules:
    """Every other game a variant; the others standard with random house rules."""
    if seed % 2:
        return Rules(target=40, **VARIANT_RULES[seed // 2 % len(VARIANT_RULES)])  # type: ignore[arg-type]
    return Rules(
        players=rng.choice([3, 4, 5, 6, 7]),
        target=30,
        moon=rng.choice(["choice", "self", "others"]),
        hearts_must_be_broken=rng.random() < 0.8,
    )


def pass_explanations(hand: Hand) -> Iterator[Explanation]:
    """The pass phase's explanations: a legal choice, too few cards, a card twice, passing again."""
    seat = hand.waiting_to_pass[0]
    held = hand.held(seat)
    yield hand.explain(held[0])
    for bad in (held[:2], [held[0], held[0], held[1]]):
        try:
            hand.pass_cards(seat, bad)
        except IllegalMove as error:
            yield error.explanation
    passed = hand.pass_cards(seat, held[:3])
    if passed.phase == "pass":
        try:
            passed.pass_cards(seat, held[3:6])
        except IllegalMove as error:
            yield error.explanation


def random_games(seeds: range = range(30)) -> Iterator[Event | Explanation]:
    """Whole games: seat 0 plays its highest legal card, the others their lowest
    (so the moon is sometimes shot); every card held by the player to move is explained."""
    for seed in seeds:
        rng = random.Random(seed)
        game = Game.new(random_rules(rng, seed), seed=seed)
        while not game.is_over:
            if game.pending_moon is not None:
                game = game.choose_moon(rng.choice(["self", "others"]))
                continue
            hand = game.hand
            if hand.phase == "pass":
                yield from pass_explanations(hand)
                for seat in hand.waiting_to_pass:
                    game = game.pass_cards(seat, rng.sample(hand.held(seat), 3))
                continue
            seat = hand.to_move
            for card in set(hand.held(seat)):
                yield hand.explain(card)
            legal = hand.legal_moves()
            game = game.play(max(legal, key=lambda c: c.rank) if seat == 0 else min(legal, key=lambda c: c.rank))
        yield from game.history


def prepared_positions() -> Iterator[Event | Explanation]:
    """Positions random games rarely reach: only points left on the first trick,
    only hearts (or hearts and the Black Maria) to lead before hearts are broken,
    and the game events' other branches."""
    rules = Rules()
    suits = {s: [f"{r}{s}" for r in "23456789TJQKA"] for s in "CDSH"}
    first = Hand.from_cards(rules, [suits["C"][1:], suits["H"], suits["D"], suits["S"]], leader=0, trick=["2C"])
    yield first.explain("5H")
    taken = [[], ["2C", "3C", "4C", "5C"], [], []]  # seat 1 won the first trick and leads the second
    others = [c for c in suits["C"][4:] + suits["D"] + suits["S"] if c != "QS"]
    only_hearts = [others[:11] + ["AH"], suits["H"][:12], others[11:23], others[23:] + ["QS"]]
    position = Hand.from_cards(rules, only_hearts, leader=1, taken=taken)
    yield position.explain("2H")
    hearts_and_maria = [others[:10] + ["KH", "AH"], suits["H"][:11] + ["QS"], others[10:22], others[22:]]
    position = Hand.from_cards(rules, hearts_and_maria, leader=1, taken=taken)
    yield position.explain("2H")
    yield position.explain("QS")
    yield Event("moon", "score.moon", 2, facts={"rule": "choice"})
    yield Event("moon-choice", "score.moon", 2, facts={"choice": "self"})
    yield Event("moon-choice", "score.moon", 2, facts={"choice": "others"})
    yield Event("game-over", "score.winner", facts={"target": 100, "winners": [0, 2], "scores": [40, 101, 40, 70]})
    yield from variant_rarities()


def variant_rarities() -> Iterator[Event | Explanation]:
    """What the variants say in cases random games of this length do not reach,
    with the facts the engine gives them (engine/variants)."""
    yield Explanation(False, "variant.black-maria.first-trick", "no-penalty-first-trick", Card.parse("AS"), 1,
                      {"led_suit": Suit.CLUBS})
    yield Explanation(True, "variant.black-maria.first-trick", "only-penalty-cards-left", Card.parse("KS"), 1,
                      {"led_suit": Suit.CLUBS})
    yield Explanation(True, "variant.cancellation.first-lead", "first-lead-maria-only", Card.parse("QS"), 0, {})
    yield Event("trick-won", "variant.cancellation.cancel", 3, (Card.parse("9C"),) * 2, {
        "trick_number": 4, "tricks": 10, "winning_card": Card.parse("7C"), "points": 2, "cancelled": True})
    yield Event("trick-carried", "variant.cancellation.carry", 1, facts={"led_suit": Suit.SPADES, "trick_number": 5})
    yield Event("carried-taken", "variant.cancellation.carry", 2, tuple(Card.parse(c) for c in ("9S", "9S")),
                {"points": 0})
    yield Event("carried-taken", "variant.cancellation.carry", 2, (Card.parse("9H"),), {"points": 1})
    yield Event("moon", "variant.cancellation.moon", 4, facts={"variant": "cancellation"})
    yield Event("moon", "variant.omnibus.moon", 0, facts={"bonus": True})
    for choice in ("self", "others"):
        yield Event("moon-choice", "variant.cancellation.moon", 4, facts={"choice": choice, "points": 52})


@functools.cache
def everything() -> tuple[Event | Explanation, ...]:
    """The games' and the prepared positions' events and explanations, made once for every test that reads them."""
    return (*random_games(), *prepared_positions())
