"""Building positions for rule tests, for any player count.

``position`` sets up a legal play-phase ``Hand`` in which chosen seats hold
chosen cards (topped up from allowed suits to the right hand size) and every
other card in play is dealt out to the remaining seats, so one test body can
check a rule for 3, 4, 5, 6 and 7 players.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from hearts_widget import Card, Game, Hand, Rules, parse_cards

PLAYER_COUNTS = (3, 4, 5, 6, 7)
POINT_CODES = {c.code for c in Rules().deck if c.is_heart or c.is_black_maria}


def first_lead(players: int) -> Card:
    """The lowest club in play (play.first-lead), computed here from RULES.md's table."""
    return Card.parse("3C" if players == 5 else "2C")


def position(
    players: int,
    seats: dict[int, tuple[str, str]],
    *,
    leader: int | None = None,
    trick: Iterable[str] = (),
    tricks_done: int = 0,
    taken_cards: Iterable[str] = (),
    **rules_options: object,
) -> Hand:
    """A play-phase hand.

    ``seats`` maps a seat to ``(cards, fill)``: the cards it must hold (text,
    space separated) and the suit letters ("CDSH", "" for none) its hand may
    be topped up from. With ``tricks_done`` tricks already taken, the leader's
    taken pile holds ``taken_cards`` plus the lowest non-point cards left.
    """
    rules = Rules(players=players, **rules_options)  # type: ignore[arg-type]
    trick_cards = parse_cards(list(trick))
    used = set(trick_cards)
    must = {seat: parse_cards(cards.split()) for seat, (cards, _) in seats.items()}
    for cards in must.values():
        used.update(cards)
    taken = parse_cards(list(taken_cards))
    used.update(taken)
    free = [c for c in rules.deck if c not in used]
    if tricks_done:
        extra = tricks_done * players - len(taken)
        filler = [c for c in free if c.code not in POINT_CODES][:extra]
        taken += filler
        free = [c for c in free if c not in filler]
    assert len(taken) == tricks_done * players, "taken_cards do not fit tricks_done"

    lead_seat = leader if leader is not None else 0
    size = rules.cards_each - tricks_done
    sizes = [size - (1 if (s - lead_seat) % players < len(trick_cards) else 0) for s in range(players)]
    hands: list[list[Card]] = [[] for _ in range(players)]
    for seat, cards in must.items():
        fill = seats[seat][1]
        top_up = [c for c in free if c.suit.letter in fill][: sizes[seat] - len(cards)]
        hands[seat] = cards + top_up
        free = [c for c in free if c not in top_up]
        assert len(hands[seat]) == sizes[seat], f"seat {seat} cannot be filled to {sizes[seat]} cards"
    for seat in range(players):
        if seat not in must:
            hands[seat], free = free[: sizes[seat]], free[sizes[seat]:]
    assert not free
    piles: list[list[Card]] = [[] for _ in range(players)]
    piles[lead_seat] = taken
    return Hand.from_cards(rules, hands, leader=leader, trick=trick_cards,
                           taken=piles if tricks_done else None)


def random_game_hand(players: int, seed: int) -> Hand:
    """A dealt hand after random passes, ready for play."""
    hand = Hand.deal(Rules(players=players), seed=seed)
    rng = random.Random(seed)
    for seat in hand.waiting_to_pass:
        hand = hand.pass_cards(seat, rng.sample(hand.held(seat), 3))
    return hand


def codes(cards: Iterable[Card]) -> list[str]:
    return [c.code for c in cards]


# Seeds whose first hand ends with seat 0 shooting the moon under ``moon_policy``
# (found once by search; the tests check that it still happens).
MOON_SEEDS = {3: 8, 4: 9, 5: 7, 6: 1, 7: 2}


def moon_pass(hand: Hand, seat: int) -> list[Card]:
    """Seat 0 passes its lowest cards, the others their highest."""
    held = hand.held(seat)
    return sorted(held, key=lambda c: c.rank if seat == 0 else -c.rank)[:3]


def moon_policy(hand: Hand) -> Card:
    """Seat 0 plays its highest legal card; the others duck and throw it their points."""
    legal = hand.legal_moves()
    if hand.to_move == 0:
        return max(legal, key=lambda c: (c.rank, c.index))
    points = [c for c in legal if c.is_heart or c.is_black_maria]
    led = hand.trick.led_suit
    if led is not None and points and legal[0].suit is not led:
        return max(points, key=lambda c: (c.is_black_maria, c.rank))
    return min(legal, key=lambda c: (c.is_heart or c.is_black_maria, c.rank))


def first_action(game: Game) -> Game:
    """The game after its plainest next move: the moon taken off the shooter's own score,
    the first three cards passed, or the first legal card played."""
    if game.pending_moon is not None:
        return game.choose_moon("self")
    if game.hand.phase == "pass":
        seat = game.hand.waiting_to_pass[0]
        return game.pass_cards(seat, game.hand.held(seat)[:3])
    return game.play(game.hand.legal_moves()[0])
