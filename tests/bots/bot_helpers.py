"""Positions for the bot and coach tests."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Sequence
from unittest import mock

from hearts_widget.bots import Bot, RuleBot, coach
from hearts_widget.bots.strong import distinct_choices
from hearts_widget.bots.table import Table
from hearts_widget.engine import Card, Hand, Rules, SeatView, parse_cards

# The rule sets the coach's tests run in: every variant, and the house rules that change its play.
RULE_SETS = {
    "standard": Rules(),
    "moon-off": Rules(moon="off"),
    "hearts-led-any-time": Rules(hearts_must_be_broken=False, first_trick_no_points=False),
    "omnibus": Rules(variant="omnibus"),
    "omnibus-10D": Rules(variant="omnibus", bonus_card="10D"),
    "black-maria": Rules(variant="black-maria"),
    "black-maria-3": Rules(players=3, variant="black-maria"),
    "cancellation-6": Rules(players=6, variant="cancellation"),
    "cancellation-10": Rules(players=10, variant="cancellation"),
}


def position(hands: list[str], trick: str = "", leader: int = 0, taken: list[list[Card]] | None = None) -> Hand:
    """A 4-player position mid-hand: ``hands`` as text, the ``trick`` on the
    table led by ``leader``. The cards not placed were taken in earlier tricks;
    unless ``taken`` is given they go round the seats a trick at a time (the
    leader took the last), so that nobody holds all the points."""
    rules = Rules()
    placed = set(parse_cards(" ".join(hands) + " " + trick))
    rest = [c for c in rules.deck if c not in placed]
    if taken is None:
        taken = taken_in_tricks(rest, leader, 4)
    return Hand.from_cards(rules, [parse_cards(h) for h in hands], leader=leader, trick=parse_cards(trick),
                           taken=taken)


def taken_in_tricks(rest: Sequence[Card], leader: int, players: int) -> list[list[Card]]:
    """``rest`` (cards no longer in play) as whole tricks taken round the seats, the last
    by ``leader`` (the seat that leads now won the trick before)."""
    tricks = [list(rest[start:start + players]) for start in range(0, len(rest), players)]
    taken: list[list[Card]] = [[] for _ in range(players)]
    for number, cards in enumerate(tricks):
        taken[(leader - len(tricks) + 1 + number) % players] += cards
    return taken


def card(text: str) -> Card:
    return Card.parse(text)


def play_checked_hand(rules: Rules, seed: int, bots: Sequence[Bot]) -> Hand:
    """One hand where every decision is checked against the engine."""
    hand = Hand.deal(rules, seed, number=seed % 2)
    if hand.phase == "pass":
        for seat in range(rules.players):
            view = hand.view(seat)
            chosen = bots[seat].choose_pass(view)
            assert len(chosen) == 3 and len(set(chosen)) == 3 and set(chosen) <= set(view.held)
            hand = hand.pass_cards(seat, chosen)
    while hand.phase == "play":
        seat = hand.to_move
        view = hand.view(seat)
        card = bots[seat].choose_play(view)
        assert card in view.legal
        hand = hand.play(card, seat)
    return hand


def random_moves(hand: Hand, rng: random.Random, moves: int) -> Hand:
    """``hand`` after up to ``moves`` random legal cards (fewer when the play ends first)."""
    for _ in range(moves):
        if hand.phase != "play":
            break
        hand = hand.play(rng.choice(hand.legal_moves()))
    return hand


def naive_play(view: SeatView) -> Card:
    """Issue 32's naive learner: the highest heart when leading and hearts may be led, else the highest card."""
    hearts = [c for c in view.legal if c.is_heart] if not view.trick.cards else []
    return max(hearts or view.legal, key=lambda c: (c.rank, c.index))


def naive_pass(view: SeatView) -> list[Card]:
    """Issue 32's naive learner's pass: its three lowest cards."""
    return sorted(view.held, key=lambda c: (c.rank, c.index))[:3]


def few_deals() -> contextlib.AbstractContextManager[None]:
    """The coach's search and judgement on a few deals only, for tests where how many deals
    it uses changes how long they take, not what they check (e.g. played last with no moon
    possible, the hint chooses among the cards taking the fewest points from the trick)."""
    stack = contextlib.ExitStack()
    stack.enter_context(mock.patch.object(coach, "FIRST_DEALS", 4))
    stack.enter_context(mock.patch.object(coach, "HINT_DEALS", 4))
    stack.enter_context(mock.patch.object(coach, "JUDGE_DEALS", 4))  # the hint's card is judged too
    stack.enter_context(mock.patch.object(coach, "PASS_DEALS", 4))
    return stack


def play_positions(rules: Rules, count: int, seed: int) -> list[SeatView]:
    """``count`` views of the seat to play, with a real choice, after some random cards."""
    rng = random.Random(seed)
    found: list[SeatView] = []
    number = 0
    while len(found) < count:
        hand = Hand.deal(rules, seed * 1000 + number, number=number)
        number += 1
        for seat in hand.waiting_to_pass:
            hand = hand.pass_cards(seat, RuleBot().choose_pass(hand.view(seat)))
        hand = random_moves(hand, rng, rng.randrange(rules.players * (rules.cards_each - 1)))
        if hand.phase == "play":
            view = hand.view(hand.to_move)  # type: ignore[arg-type]
            if len(distinct_choices(Table.of(view), rules)) > 1:
                found.append(view)
    return found
