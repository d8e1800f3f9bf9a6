"""variant.cancellation: two packs, the deal and kitty, no pass, the open first
lead, cancelled cards, carried tricks, 52 points and the doubled moon."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from variant_helpers import play_out, two_pack_start

from hearts_widget import BadPosition, Card, Game, Hand, RecordError, Rules, WrongPhase

PLAYERS = range(5, 11)


@pytest.mark.parametrize("players", PLAYERS)
def test_variant_cancellation_deal_two_packs_and_kitty(players: int) -> None:
    rules = Rules(players=players, variant="cancellation")
    for number in range(3):
        hand = Hand.deal(rules, seed=11, number=number)
        dealt = Counter(c for cards in hand.hands for c in cards)
        assert all(len(cards) == 104 // players for cards in hand.hands)
        assert hand.kitty_size == 104 % players and sum(dealt.values()) + hand.kitty_size == 104
        assert max(dealt.values()) <= 2
        deal = hand.events[0]
        assert (deal.kind, deal.rule, deal.facts["kitty"], deal.facts["dealer"]) == (
            "deal", "variant.cancellation.deal", 104 % players, (number - 1) % players)


def test_a_hand_can_hold_both_copies() -> None:
    hand = two_pack_start(5, {0: ("7C 7C 9D", "DS")})
    assert hand.held(0).count(Card.parse("7C")) == 2 and len(hand.held(0)) == 20
    assert hand.legal_moves().count(Card.parse("7C")) == 1
    hand = hand.play("7C")
    assert hand.held(0).count(Card.parse("7C")) == 1


@pytest.mark.parametrize("players", PLAYERS)
def test_variant_cancellation_no_pass(players: int) -> None:
    hand = Hand.deal(Rules(players=players, variant="cancellation"), seed=2, number=1)
    assert hand.phase == "play" and hand.pass_direction is None
    assert (hand.events[1].kind, hand.events[1].rule) == ("no-pass", "variant.cancellation.no-pass")
    with pytest.raises(WrongPhase):
        hand.pass_cards(0, hand.held(0)[:3])


@pytest.mark.parametrize("players", PLAYERS)
def test_variant_cancellation_first_lead_by_the_dealers_left(players: int) -> None:
    rules = Rules(players=players, variant="cancellation")
    for number in range(players + 2):
        assert Hand.deal(rules, seed=4, number=number).to_move == number % players


def test_variant_cancellation_first_lead_any_card_but_a_heart() -> None:
    hand = two_pack_start(5, {0: ("2H QS 9C 9D", "CDSH")})
    assert not [c for c in hand.legal_moves() if c.is_heart or c.is_black_maria]
    heart = hand.explain("2H")
    assert (heart.legal, heart.rule, heart.reason) == (False, "variant.cancellation.first-lead", "first-lead-no-heart")
    maria = hand.explain("QS")
    assert (maria.legal, maria.rule, maria.reason) == (False, "play.first-trick-no-points", "no-maria-first-lead")
    club = hand.explain("9C")
    assert (club.legal, club.rule, club.reason) == (True, "variant.cancellation.first-lead", "first-lead-open")


def test_variant_cancellation_first_lead_maria_allowed_without_the_house_rule() -> None:
    hand = two_pack_start(5, {0: ("QS 9C", "CDSH")}, first_trick_no_points=False)
    assert hand.explain("QS").legal and Card.parse("QS") in hand.legal_moves()


def test_variant_cancellation_first_lead_with_only_hearts() -> None:
    hand = two_pack_start(10, {0: ("", "H")})
    assert hand.legal_moves() == sorted(set(hand.held(0)))
    assert hand.explain(hand.held(0)[0]).reason == "only-hearts-left"


def _club_trick(hand: Hand, cards: list[str]) -> Hand:
    for card in cards:
        hand = hand.play(card)
    return hand


def test_variant_cancellation_cancel_both_copies_cannot_win() -> None:
    # Seat 0 leads 9C, seat 1 plays the other 9C: the 5C of seat 2 wins.
    seats = {0: ("9C", "CDSH"), 1: ("9C", "CDSH"), 2: ("5C", "CDSH"), 3: ("3C", "CDSH"), 4: ("4C", "CDSH")}
    hand = _club_trick(two_pack_start(5, seats), ["9C", "9C", "5C", "3C", "4C"])
    cancelled = next(e for e in hand.events if e.kind == "cancelled")
    assert (cancelled.rule, [c.code for c in cancelled.cards], cancelled.facts["seats"]) == (
        "variant.cancellation.cancel", ["9C", "9C"], [0, 1])
    won = next(e for e in hand.events if e.kind == "trick-won")
    assert (won.seat, won.facts["winning_card"].code) == (2, "5C")
    assert hand.tricks[0].winner == 2 and hand.to_move == 2


def test_variant_cancellation_kitty_goes_to_the_first_tricks_winner() -> None:
    seats = {0: ("9C", "CDSH"), 1: ("9C", "CDSH"), 2: ("5C", "CDSH"), 3: ("3C", "CDSH"), 4: ("4C", "CDSH")}
    start = two_pack_start(5, seats)
    kitty = start._kitty
    hand = _club_trick(start, ["9C", "9C", "5C", "3C", "4C"])
    taken = next(e for e in hand.events if e.kind == "kitty-taken")
    assert (taken.rule, taken.seat, taken.facts["count"]) == ("variant.cancellation.kitty", 2, 4)
    assert hand.kitty_size == 0 and Counter(hand.taken(2)) == Counter(hand.tricks[0].cards + kitty)
    assert hand.visible_events(3)[-1].cards == () and hand.visible_events(2)[-1].cards == kitty
    assert hand.points()[2] == hand.rules.score(*_masks(kitty))


def _masks(cards: tuple[Card, ...]) -> tuple[int, int]:
    from hearts_widget.engine.cards import multiset_of
    return multiset_of(cards)


def test_variant_cancellation_carry_all_cancelled_trick_to_the_next_winner() -> None:
    # Seat 0 leads 9C, seat 1 the other 9C; nobody else has a club: the trick is carried,
    # seat 0 leads again, and the next trick's winner takes both tricks and the kitty.
    seats = {0: ("9C AD", "CDSH"), 1: ("9C", "CDSH"), 2: ("", "DSH"), 3: ("", "DSH"), 4: ("", "DSH")}
    hand = two_pack_start(5, seats, first_trick_no_points=False)
    first = [hand.to_move]
    for _ in range(5):
        hand = hand.play("9C" if hand.to_move in (0, 1) else hand.legal_moves()[0])
    carried = next(e for e in hand.events if e.kind == "trick-carried")
    assert (carried.rule, carried.seat, carried.facts["waiting"]) == ("variant.cancellation.carry", 0, 5)
    assert hand.tricks[0].winner is None and hand.tricks[0].carried and hand.carried == hand.tricks[0].cards
    assert hand.to_move == first[0] == 0 and hand.kitty_size == 4 and not hand.first_trick
    assert hand.view(3).carried == hand.carried and hand.view(3).kitty_size == 4
    hand = hand.play("AD")
    for _ in range(4):
        hand = hand.play(hand.legal_moves()[0])
    kinds = [e.kind for e in hand.events if e.kind in ("trick-won", "carried-taken", "kitty-taken")]
    assert kinds == ["trick-won", "carried-taken", "kitty-taken"]
    assert hand.carried == () and len(hand.taken(0)) == 10 + 4


def test_variant_cancellation_carried_last_trick_goes_to_its_leader() -> None:
    # A search found these seeds: random play ends with a last trick whose cards of
    # the suit led all cancel (checked here, so the test fails if that changes).
    found = 0
    for seed in range(400):
        hand = play_out(Hand.deal(Rules(players=5, variant="cancellation"), seed), random.Random(seed))
        last = [e for e in hand.events if e.kind == "last-trick-to-leader"]
        if last:
            found += 1
            assert hand.tricks[-1].winner == last[0].seat == hand.tricks[-1].leader
            assert sum(hand.points()) == 52 and hand.carried == ()
    assert found


def test_variant_cancellation_moon_is_both_packs_points() -> None:
    rules = Rules(players=5, variant="cancellation")
    assert rules.moon_points == 52 and rules.points_per_hand == 52
    hand = Hand.deal(rules, seed=1)
    taken = [hand._held[0] | (0x1FFF << 39) | Card.parse("QS").bit] + [0] * 4
    from hearts_widget.engine.hand import _shooter
    assert _shooter(rules, taken, [0] * 5) is None  # one copy of each is not the moon
    assert _shooter(rules, taken, [(0x1FFF << 39) | Card.parse("QS").bit] + [0] * 4) == 0


def test_variant_cancellation_moon_choice_scores_fifty_two() -> None:
    game = Game.new(Rules(players=5, variant="cancellation"), seed=1)
    shooter_game = game._replace(pending_moon=0)
    for choice, row in (("self", [-52, 0, 0, 0, 0]), ("others", [0, 52, 52, 52, 52])):
        done = shooter_game.choose_moon(choice)  # type: ignore[arg-type]
        assert list(done.sheet[0]) == row and done.events[-2].facts["points"] == 52


def test_variant_cancellation_records_round_trip_and_refuse_tampering() -> None:
    hand = play_out(Hand.deal(Rules(players=7, variant="cancellation"), seed=8), random.Random(8))
    assert Hand.from_json(hand.to_json()) == hand
    record = hand.to_dict()
    record["start"]["kitty"] = record["start"]["kitty"][1:]
    with pytest.raises(RecordError, match="kitty"):
        Hand.from_dict(record)


@pytest.mark.parametrize("change, message", [
    (lambda h: h.__setitem__(0, h[0] + [h[0][0]]), "more than twice|should hold"),
    (lambda h: h.__setitem__(0, h[0][1:] + [h[1][0]]), "is given"),
])
def test_variant_cancellation_bad_start_positions(change: object, message: str) -> None:
    hand = Hand.deal(Rules(players=5, variant="cancellation"), seed=3)
    hands = [[c.code for c in cards] for cards in hand.hands]
    change(hands)  # type: ignore[operator]
    with pytest.raises(BadPosition, match=message):
        Hand.from_cards(hand.rules, hands, kitty=hand._kitty)


def test_variant_cancellation_only_starts_can_be_set_up() -> None:
    hand = Hand.deal(Rules(players=5, variant="cancellation"), seed=3)
    with pytest.raises(BadPosition, match="only the start of a hand"):
        Hand.from_cards(hand.rules, hand.hands, kitty=hand._kitty, trick=["2C"], leader=0)
    with pytest.raises(BadPosition, match="no passing"):
        Hand.from_cards(hand.rules, hand.hands, "left", kitty=hand._kitty)
    with pytest.raises(BadPosition, match="dealer's left"):
        Hand.from_cards(hand.rules, hand.hands, kitty=hand._kitty, leader=3)
    with pytest.raises(BadPosition, match="only Cancellation"):
        Hand.from_cards(Rules(), Hand.deal(Rules(), 1).hands, "left", kitty=["2C"])


def test_a_two_pack_hand_shows_its_kitty_in_a_notebook() -> None:
    hand = Hand.deal(Rules(players=6, variant="cancellation"), seed=1)
    assert "kitty: 2 face down; carried: 0 cards" in hand._repr_html_()
