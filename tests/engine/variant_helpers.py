"""Building positions for the variant tests (RULES.md, "Variants").

``two_pack_start`` sets up the start of a Cancellation hand in which chosen
seats hold chosen cards (topped up from allowed suits), the others get the
rest of the two packs and the last cards left make the kitty. ``last_trick``
sets up a one-pack hand at its last trick with chosen taken piles.
"""

from __future__ import annotations

import random
from collections import Counter

from hearts_widget import Card, Hand, Rules, parse_cards


def two_pack_start(players: int, seats: dict[int, tuple[str, str]], *, kitty: str | None = None,
                   number: int = 0, **options: object) -> Hand:
    """The start of a Cancellation hand; ``seats`` maps a seat to (cards, fill suits)."""
    rules = Rules(players=players, variant="cancellation", **options)  # type: ignore[arg-type]
    free = Counter(rules.deck)
    hands: list[list[Card]] = [[] for _ in range(players)]
    kitty_cards = parse_cards(kitty.split()) if kitty is not None else []
    for card in kitty_cards:
        free[card] -= 1
    for seat, (cards, _) in seats.items():
        hands[seat] = parse_cards(cards.split())
        for card in hands[seat]:
            free[card] -= 1
    assert all(n >= 0 for n in free.values()), "a card is used more than twice"

    def take(allowed: str, count: int) -> list[Card]:
        chosen: list[Card] = []
        for card in sorted(free.elements()):
            if len(chosen) == count:
                break
            if card.suit.letter in allowed:
                chosen.append(card)
                free[card] -= 1
        return chosen

    for seat, (_, fill) in seats.items():
        hands[seat] += take(fill, rules.cards_each - len(hands[seat]))
        assert len(hands[seat]) == rules.cards_each, f"seat {seat} cannot be filled"
    for seat in range(players):
        if seat not in seats:
            hands[seat] = take("CDSH", rules.cards_each)
    if kitty is None:
        kitty_cards = list(free.elements())
    else:
        assert not +free, "the cards given leave no room for the kitty"
    assert len(kitty_cards) == rules.kitty_size
    return Hand.from_cards(rules, hands, kitty=kitty_cards, number=number)


def last_trick(rules: Rules, last: dict[int, str], taken: dict[int, str]) -> Hand:
    """A one-pack hand at its last trick, led by seat 0: ``last`` gives each seat's
    last card, ``taken`` the cards some seats other than 0 have won; seat 0 has won
    every other card."""
    held = [[Card.parse(last[s])] for s in range(rules.players)]
    piles = [parse_cards(taken.get(s, "").split()) for s in range(rules.players)]
    used = {c for cards in held + piles for c in cards}
    piles[0] = [c for c in rules.deck if c not in used]
    return Hand.from_cards(rules, held, leader=0, taken=piles)


def play_out(hand: Hand, rng: random.Random) -> Hand:
    """Random legal cards to the end of the hand (passing random cards first)."""
    for seat in hand.waiting_to_pass:
        hand = hand.pass_cards(seat, rng.sample(hand.held(seat), 3))
    while hand.phase == "play":
        hand = hand.play(rng.choice(hand.legal_moves()))
    return hand
