"""Checking a starting position: every card in play in exactly one place,
hand sizes that fit the tricks played, and a leader that fits play.first-lead.

``Hand.deal`` and ``Hand.from_cards`` (and so every JSON record) go through
here, so a position that cannot occur in a game is refused with
:class:`BadPosition` naming what is wrong.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from .cards import Card, cards_of, mask_of, multiset_cards, multiset_of, parse_cards
from .checks import MAX_HAND_NUMBER, whole_number
from .errors import BadPosition, shown
from .rules import PASS_OFFSETS, Rules


def check_position(
    rules: Rules,
    held: list[int],
    direction: str | None,
    leader: int | None,
    trick: tuple[Card, ...],
    taken: list[int],
) -> tuple[int | None, int]:
    """Validate a position; return its leader (found from play.first-lead when
    not given, None while passing) and the number of tricks already taken."""
    players = rules.players
    if direction is not None and (not isinstance(direction, str) or direction not in PASS_OFFSETS):
        raise BadPosition(f"pass_direction must be 'left', 'right', 'across' or None, not {shown(direction)}")
    if direction == "across" and players != 4:
        raise BadPosition(f"passing across needs 4 players, not {players}")
    check_partition(rules, held, taken, trick)
    taken_count = sum(m.bit_count() for m in taken)
    if taken_count % players:
        raise BadPosition(f"the taken piles hold {taken_count} cards, not a whole number of tricks")
    for seat, mask in enumerate(taken):
        if mask.bit_count() % players:
            raise BadPosition(f"seat {seat}'s taken cards are {mask.bit_count()}, not whole tricks of {players} "
                              "(play.trick-winner: a trick's winner takes all its cards)")
    tricks_done = taken_count // players
    check_leader_seat(leader, players)
    if len(trick) >= players:
        raise BadPosition(f"a trick on the table holds fewer than {players} cards, not {len(trick)}")
    if direction is not None:
        if tricks_done or trick:
            raise BadPosition("passing happens before the first trick: no cards may be taken or on the table")
        if any(m.bit_count() != rules.cards_each for m in held):
            raise BadPosition(f"before the pass every seat holds {rules.cards_each} cards")
        if leader is not None:
            raise BadPosition("nobody leads during the pass: leave leader out")
        return None, 0
    leader = check_leader(rules, held, leader, trick, tricks_done)
    if tricks_done and not taken[leader]:
        raise BadPosition(f"seat {leader} leads trick {tricks_done + 1} but has taken no trick "
                          "(play.trick-winner: the last trick's winner leads the next)")
    check_hand_sizes(rules, held, leader, len(trick), tricks_done)
    return leader, tricks_done


def check_leader_seat(leader: Any, players: int) -> None:
    """A leader given is a seat number (or None: found from the cards)."""
    if leader is not None and (not isinstance(leader, int) or isinstance(leader, bool)
                               or not 0 <= leader < players):
        raise BadPosition(f"leader must be a seat from 0 to {players - 1}, not {shown(leader)}")


def check_number(number: Any) -> None:
    """A hand number is a whole number from 0 (it sets the pass direction)."""
    whole_number(number, "the hand number", 0, MAX_HAND_NUMBER)


def mask_checked(cards: Iterable[str | Card], what: str) -> int:
    """Parse cards into a mask, refusing anything but a list of distinct cards."""
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise BadPosition(f"{what} must be a list of cards, not {shown(cards)}")
    parsed = parse_cards(cards)
    mask = mask_of(parsed)
    if mask.bit_count() != len(parsed):
        twice = next(c for c in parsed if parsed.count(c) > 1)
        raise BadPosition(f"{twice} is given twice in {what}")
    return mask


def multiset_checked(cards: Iterable[str | Card], what: str) -> tuple[int, int]:
    """Parse a two-pack pile into (held once, held twice) masks, refusing a third copy."""
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise BadPosition(f"{what} must be a list of cards, not {shown(cards)}")
    parsed = parse_cards(cards)
    thrice = next((c for c, n in Counter(parsed).items() if n > 2), None)
    if thrice is not None:
        raise BadPosition(f"{thrice} is given more than twice in {what}: two packs hold two of each card")
    return multiset_of(parsed)


def check_two_pack_start(rules: Rules, held: list[int], held2: list[int], kitty: tuple[Card, ...],
                         direction: str | None, leader: int | None, number: int) -> int:
    """variant.cancellation.deal and .first-lead: the start of a two-pack hand (every
    card in play twice, equal hands, the kitty, no pass); returns its first leader."""
    check_leader_seat(leader, rules.players)
    if direction is not None:
        raise BadPosition("Cancellation Hearts has no passing (variant.cancellation.no-pass): "
                          "leave pass_direction out")
    size = rules.cards_each
    for seat, (once, twice) in enumerate(zip(held, held2, strict=True)):
        if once.bit_count() + twice.bit_count() != size:
            raise BadPosition(f"seat {seat} should hold {size} cards at the start, "
                              f"not {once.bit_count() + twice.bit_count()}")
    if len(kitty) != rules.kitty_size:
        raise BadPosition(f"the kitty holds {rules.kitty_size} cards with {rules.players} players, not {len(kitty)}")
    counts = Counter(kitty)
    for once, twice in zip(held, held2, strict=True):
        counts.update(multiset_cards(once, twice))
    wrong = [c for c in rules.deck if counts[c] != 2] + [c for c in counts if counts[c] > 2]
    if wrong:
        card = min(wrong)
        raise BadPosition(f"every card is in play twice with two packs; {card} is given {counts[card]} times")
    first = (rules.dealer(number) + 1) % rules.players
    if leader is not None and leader != first:
        raise BadPosition(f"the first trick of hand {number} is led by seat {first}, the dealer's left "
                          f"(variant.cancellation.first-lead), not by seat {leader}")
    return first


def union(masks: Iterable[int]) -> int:
    total = 0
    for m in masks:
        total |= m
    return total


def check_partition(rules: Rules, held: list[int], taken: list[int], trick: tuple[Card, ...]) -> None:
    """Every card in play is in exactly one place, and no stripped card appears."""
    everywhere = union(held) | union(taken) | mask_of(trick)
    count = sum(m.bit_count() for m in held) + sum(m.bit_count() for m in taken) + len(trick)
    if everywhere == rules.deck_mask and count == rules.deck_mask.bit_count():
        return  # the common case, checked on masks; otherwise find the card to name
    if len(set(trick)) != len(trick):
        raise BadPosition("a card is given twice in the trick")
    places = [(f"seat {s}'s hand", m) for s, m in enumerate(held)]
    places += [(f"seat {s}'s taken cards", m) for s, m in enumerate(taken)]
    places.append(("the trick", mask_of(trick)))
    seen: dict[int, str] = {}
    for where, mask in places:
        for card in cards_of(mask):
            if card.bit & ~rules.deck_mask:
                raise BadPosition(f"{card} is not in play with {rules.players} players (setup.deal strips it)")
            if card.index in seen:
                raise BadPosition(f"{card} is given twice: in {seen[card.index]} and in {where}")
            seen[card.index] = where
    missing = rules.deck_mask & ~sum(1 << i for i in seen)
    if missing:
        names = " ".join(str(c) for c in cards_of(missing))
        raise BadPosition(f"every card in play must be placed; missing: {names}")


def check_hand_sizes(rules: Rules, held: list[int], leader: int, on_table: int, tricks_done: int) -> None:
    """Seats that have played to the trick on the table hold one card fewer."""
    size = rules.cards_each - tricks_done
    for seat, mask in enumerate(held):
        played = (seat - leader) % rules.players < on_table
        expected = size - 1 if played else size
        if mask.bit_count() != expected:
            raise BadPosition(f"seat {seat} should hold {expected} cards here, not {mask.bit_count()}")


def check_leader(rules: Rules, held: list[int], leader: int | None, trick: tuple[Card, ...],
                 tricks_done: int) -> int:
    """The leader of the trick on the table, checked against play.first-lead."""
    first = rules.first_lead_card
    if leader is None:
        if tricks_done or trick:
            raise BadPosition("give the leader of the trick on the table when cards have been played")
        return holder_of_first_lead(rules, held)
    if tricks_done == 0:
        if trick and trick[0] is not first:
            raise BadPosition(f"the first trick must be led with {first} (play.first-lead), not {trick[0]}")
        if not trick and leader != holder_of_first_lead(rules, held):
            raise BadPosition(f"the first trick is led by seat {holder_of_first_lead(rules, held)}, "
                              f"who holds {first}, not by seat {leader}")
    return leader


def holder_of_first_lead(rules: Rules, held: Sequence[int]) -> int:
    """The seat holding the first-lead card (play.first-lead)."""
    card = rules.first_lead_card
    assert card is not None, "only Cancellation Hearts has no first-lead card, and it never asks"
    return next(s for s, m in enumerate(held) if m & card.bit)


def trick_cards(trick: Any) -> tuple[Card, ...]:
    """The cards on the table, parsed; refuses anything but a list of cards."""
    if isinstance(trick, (str, bytes)) or not isinstance(trick, Iterable):
        raise BadPosition(f"the trick must be a list of cards, not {shown(trick)}")
    return tuple(parse_cards(trick))
