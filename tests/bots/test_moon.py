"""score.moon from the bots' side: which way to score it, when to try for it, how to stop it."""

import random

import pytest
from bot_helpers import card, position
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from hearts_widget.bots import best_moon_choice, make_bot
from hearts_widget.bots.base import ask_moon_choice
from hearts_widget.bots.table import Table
from hearts_widget.bots.tactics import decide, moon_hand, moon_threat, rule_pass
from hearts_widget.bots.variants import variant_pass
from hearts_widget.engine import Card, Hand, Rules, Suit, parse_cards
from hearts_widget.engine.cards import mask_of
from hearts_widget.engine.errors import BadPosition


def test_score_moon_adds_26_to_the_others_when_that_ends_the_game_with_a_win() -> None:
    for name in ("random", "rule", "strong"):
        assert make_bot(name).choose_moon(0, [60, 80, 85, 70], 100) == "others"


def test_score_moon_takes_26_off_when_adding_would_end_the_game_lost() -> None:
    assert make_bot("rule").choose_moon(0, [90, 80, 85, 50], 100) == "self"


def test_score_moon_with_the_game_going_on_the_leader_brings_the_end_nearer() -> None:
    assert make_bot("rule").choose_moon(1, [30, 10, 20, 40], 100) == "others"
    assert make_bot("rule").choose_moon(3, [30, 10, 20, 40], 100) == "self"


def test_a_hand_long_in_top_hearts_tries_for_the_moon_when_passing() -> None:
    held = mask_of(parse_cards("AH KH QH JH 10H 9H AS KS QS AC KC AD KD"))
    assert moon_hand(held, Rules().deck_mask)
    weak = mask_of(parse_cards("2H 3H 4H 5H 6H 2S 3S 4S 2C 3C 2D 3D 4D"))
    assert not moon_hand(weak, Rules().deck_mask)


def test_with_every_point_so_far_and_only_winners_left_it_goes_for_the_moon() -> None:
    rules = Rules()
    hands = ["AH KH QH", "2C 3C 4C", "5C 6C 7C", "8C 9C 10C"]
    placed = set(parse_cards(" ".join(hands)))
    rest = [c for c in rules.deck if c not in placed]
    points = [c for c in rest if c.is_heart or c.is_black_maria]
    plain = [c for c in rest if c not in points]
    hand = position(hands, leader=0, taken=[points + plain[:len(plain) - 28], plain[-28:], [], []])
    chosen, reason = decide(Table.of(hand.view(0)))
    assert reason == "moon-lead" and chosen == card("AH").index


def test_with_points_split_nobody_shoots() -> None:
    hand = position(["AH KH QH", "2C 3C 4C", "5C 6C 7C", "8C 9C 10C"], leader=0)
    _, reason = decide(Table.of(hand.view(0)))
    assert not reason.startswith("moon")


# variant.cancellation.moon: the moon is worth 52, and the choice reckons with 52.
CANCELLATION = Rules(players=5, variant="cancellation")


def test_variant_cancellation_moon_of_52_ends_the_game_where_26_would_not() -> None:
    scores = [50, 40, 60, 70, 45]
    assert best_moon_choice(0, scores, 100) == "self"  # +26 ends nothing and seat 0 is not leading
    assert best_moon_choice(0, scores, 100, moon_points=52) == "others"  # +52 ends it with seat 0 lowest
    for name in ("random", "rule", "strong"):
        assert ask_moon_choice(make_bot(name), 0, scores, CANCELLATION) == "others"
        assert ask_moon_choice(make_bot(name), 0, scores, Rules(players=5)) == "self"


class OldBot:
    """A bot written before the variants: its moon choice takes no moon_points."""

    name = "old"

    def choose_moon(self, seat, scores, target):  # type: ignore[no-untyped-def]
        return "self"


def test_a_bot_without_moon_points_is_still_asked_in_the_standard_game() -> None:
    assert CANCELLATION.moon_points == 52 and Rules().moon_points == 26
    assert ask_moon_choice(OldBot(), 0, [0, 0, 0, 0], Rules()) == "self"  # type: ignore[arg-type]



def _shooter_position():  # type: ignore[no-untyped-def]
    """score.moon: seat 1 has taken every point so far (ten hearts and the Black
    Maria, 23 points) and leads 7♥ with one card left, A♣, which wins the last
    trick. Seat 2 holds 8♥ 6♥: ducking with 6♥ lets seat 1 take all 26 (its
    8♥ goes to seat 1 on the last trick); winning with 8♥ costs 3 points and
    stops the moon. Seat 2 cannot see A♣, but two of the five cards it cannot
    see (A♣, 5♦) would win the last trick for seat 1."""
    rules = Rules()
    hands = ["2D 3D", "AC", "8H 6H", "4D 5D"]
    placed = set(parse_cards(" ".join(hands) + " 7H"))
    rest = [c for c in rules.deck if c not in placed]
    return position(hands, trick="7H", leader=1, taken=[[], rest, [], []])


def test_moon_defence_the_rule_bot_wins_a_cheap_trick_to_stop_the_moon() -> None:
    hand = _shooter_position()
    assert make_bot("rule").choose_play(hand.view(2)) == card("8H")


def test_moon_defence_the_strong_bot_wins_a_cheap_trick_to_stop_the_moon() -> None:
    hand = _shooter_position()
    for seed in range(5):
        assert make_bot("strong", seed=seed).choose_play(hand.view(2)) == card("8H")


def test_moon_defence_off_without_a_moon_the_strong_bot_ducks() -> None:
    # score.moon "off": the same cards, nothing to stop, so 6♥ stays under 7♥.
    rules = Rules(moon="off")
    hand = _shooter_position()
    hand = type(hand).from_cards(rules, [hand.held(s) for s in range(4)], leader=1, trick=hand.trick.cards,
                                 taken=[hand.taken(s) for s in range(4)])
    for name in ("rule", "strong"):
        assert make_bot(name, seed=1).choose_play(hand.view(2)) == card("6H"), name


def test_score_moon_the_coach_says_what_each_choice_does_and_which_is_better() -> None:
    from hearts_widget.bots.coach import moon_hint

    advice = moon_hint(0, [60, 80, 85, 70], Rules(), names=["You", "West", "North", "East"])
    assert advice.reason == "moon-others" and advice.facts["why"] == "ends-win" and advice.cards == ()
    assert advice.text == ("Take 26 off your score and you have 34; or add 26 to each other player and they have "
                           "West 106, North 111, East 96. Adding ends the game, and you win it: add 26 to the others.")
    assert moon_hint(0, [90, 80, 85, 50], Rules()).facts["why"] == "ends-lost"
    assert moon_hint(1, [30, 10, 20, 40], Rules()).facts["why"] == "leading"
    assert moon_hint(3, [30, 10, 20, 40], Rules()).reason == "moon-self"
    assert moon_hint(0, [50, 40, 60, 70, 45], CANCELLATION).facts["points"] == 52
    assert "26" in moon_hint(0, [60, 80, 85, 70], Rules(), lang="sw").text
    with pytest.raises(ValueError, match="moon"):
        moon_hint(0, [0, 0, 0, 0], Rules(moon="self"))


def test_moon_attempt_the_strong_bot_takes_every_trick_when_its_cards_can() -> None:
    # score.moon: seat 0 has every point so far and holds the three top hearts.
    from hearts_widget.bots.arena import play_hand

    rules = Rules()
    hands = ["AH KH QH", "2C 3C 4C", "5C 6C 7C", "8C 9C 10C"]
    placed = set(parse_cards(" ".join(hands)))
    rest = [c for c in rules.deck if c not in placed]
    points = [c for c in rest if c.is_heart or c.is_black_maria]
    plain = [c for c in rest if c not in points]
    hand = position(hands, leader=0, taken=[points + plain[:len(plain) - 28], plain[-28:], [], []])
    row = play_hand([make_bot("strong", seed=2), make_bot("rule"), make_bot("rule"), make_bot("rule")], hand)
    assert row == (0, 26, 26, 26)


# -- defending against a moon: every bot level, every variant with a moon ------------------
def _moon_on(rules: Rules, threat_took: str, trick: str, held: str) -> Hand:
    """A 4-player position of ``rules``: seat 0 (the threat) has taken ``threat_took``,
    every moon card taken so far, and leads ``trick``; seat 1, next to play, holds
    ``held``; the cards worth points left (and the Omnibus bonus) are in seats 2
    and 3, and seats 1-3 took whole tricks of plain cards."""
    placed = parse_cards(f"{threat_took} {trick} {held}")
    rest = [c for c in rules.deck if c not in placed]
    special = rules.moon_cards | rules.valued_cards
    moon = [c for c in rest if c.bit & special]
    plain = [c for c in rest if not c.bit & special]
    size = len(parse_cards(held))
    cards = moon + plain
    hands = [plain[-(size - 1):], parse_cards(held), cards[:size], cards[size:2 * size]]
    took = parse_cards(threat_took)
    pool = [c for c in plain if c not in hands[0] and c not in hands[2] and c not in hands[3]]
    fill = -len(took) % 4
    taken = [took + pool[:fill], [], [], []]
    for number, start in enumerate(range(fill, len(pool), 4)):
        taken[1 + number % 3] += pool[start:start + 4]
    return Hand.from_cards(rules, hands, leader=0, trick=parse_cards(trick), taken=taken)


WATCHED = {"score.moon": Rules(), "variant.omnibus.moon": Rules(variant="omnibus"),
           "score.moon-self": Rules(moon="self")}


@pytest.mark.parametrize("rule", list(WATCHED))
def test_moon_defence_under_the_threats_heart_the_bots_keep_the_high_heart(rule: str) -> None:
    # score.moon: seat 0 has taken the Black Maria and leads A♥; seat 1 ducks with
    # 3♥, not K♥ (the bot's usual duck): the K♥ can win a heart trick later.
    hand = _moon_on(WATCHED[rule], "QS 2H", "AH", "KH 4H 3H 2C 3C 4C 5C 6C")
    assert decide(Table.of(hand.view(1)))[0] == card("3H").index  # the coach's model of the bots too
    assert make_bot("rule").choose_play(hand.view(1)) == card("3H")


@pytest.mark.parametrize("rule", list(WATCHED))
def test_moon_defence_once_the_alarm_is_up_the_bots_win_the_heart_trick(rule: str) -> None:
    # score.moon: the Black Maria and two hearts taken by seat 0, who leads 5♥:
    # seat 1 wins it with K♥, a point trick taken to stop the moon.
    hand = _moon_on(WATCHED[rule], "QS 2H 3H", "5H", "KH 4H 2C 3C 4C 5C 6C 7C")
    index, reason = decide(Table.of(hand.view(1)))
    assert (index, reason) == (card("KH").index, "guard-win")
    assert make_bot("rule").choose_play(hand.view(1)) == card("KH")


@pytest.mark.parametrize("rule", ["score.moon", "score.moon-self"])
def test_moon_defence_the_strong_bot_stops_a_moon_under_each_moon_rule(rule: str) -> None:
    # score.moon: the late position of _shooter_position under each moon rule; the
    # search sees the moon coming and pays 3 points to stop it. (In Omnibus the same
    # cards leave the search preferring 6♥, -7.4 against -6.5: the J♦ changes the sums.)
    rules = WATCHED[rule]
    hand = _shooter_position()
    hand = Hand.from_cards(rules, [hand.held(s) for s in range(4)], leader=1, trick=hand.trick.cards,
                           taken=[hand.taken(s) for s in range(4)])
    for seed in range(3):
        assert make_bot("strong", seed=seed).choose_play(hand.view(2)) == card("8H")


def test_moon_defence_off_without_a_moon_the_bots_duck_as_usual() -> None:
    # score.moon "off": nothing to stop, so K♥ goes under the A♥.
    hand = _moon_on(Rules(moon="off"), "QS 2H", "AH", "KH 4H 3H 2C 3C 4C 5C 6C")
    assert make_bot("rule").choose_play(hand.view(1)) == card("KH")


def test_variant_omnibus_moon_the_bonus_taken_elsewhere_ends_the_watch() -> None:
    # variant.omnibus.moon with moon_needs_bonus: seat 2 took the J♦, so nobody can
    # shoot the moon and seat 1 ducks as usual with K♥.
    rules = Rules(variant="omnibus", moon_needs_bonus=True)
    hand = _moon_on(rules, "QS 2H", "AH", "KH 4H 3H 2C 3C 4C 5C 6C")
    assert make_bot("rule").choose_play(hand.view(1)) == card("3H")
    held = [list(hand.held(s)) for s in range(4)]
    taken = [list(hand.taken(s)) for s in range(4)]
    bonus = card("JD")
    owner = next(s for s in range(4) if bonus in held[s])
    swap = next(c for c in taken[2] if not c.bit & rules.valued_cards)  # the bonus now taken by seat 2
    held[owner][held[owner].index(bonus)] = swap
    taken[2][taken[2].index(swap)] = bonus
    hand = Hand.from_cards(rules, held, leader=0, trick=hand.trick.cards, taken=taken)
    assert make_bot("rule").choose_play(hand.view(1)) == card("KH")


def _two_pack_table(points: list[int]) -> Table:
    rules = Rules(players=5, variant="cancellation")
    return Table(seat=1, players=5, held=0, legal=0, trick=(), leader=0, gone=0, deck=rules.deck_mask,
                 points=points, voids=[0] * 5, first_trick=False, safe_first_trick=False, hearts_broken=True,
                 moon_points=rules.moon_points)


def test_variant_cancellation_moon_is_watched_from_half_its_52_points() -> None:
    # variant.cancellation.moon: guarding from the first point cost the bots 0.3 points
    # a hand there (benchmarks/naive_moon.py); a seat is watched from 26 of the 52.
    assert moon_threat(_two_pack_table([25, 0, 0, 0, 0])) is None
    assert moon_threat(_two_pack_table([26, 0, 0, 0, 0])) == 0
    assert moon_threat(_two_pack_table([26, 0, 1, 0, 0])) is None  # split: no moon


def test_score_moon_the_pass_keeps_the_highest_heart_to_stop_a_moon() -> None:
    # score.moon: the highest heart (a jack or higher) stays; with no moon
    # (Black Maria) it goes with the other high hearts.
    held = mask_of(parse_cards("AH KH QH 2H AC KC QC 2D 3D 4D 2S 3S 4S"))
    deck = Rules().deck_mask
    assert sorted(rule_pass(held, deck)) == sorted(c.index for c in parse_cards("KH QH AC"))
    assert sorted(rule_pass(held, deck, moon=False)) == sorted(c.index for c in parse_cards("AH KH QH"))
    view = Hand.deal(Rules(variant="black-maria"), 3).view(0)
    black_maria = mask_of(view.held)
    assert variant_pass(view) == rule_pass(black_maria, view.rules.deck_mask, moon=False)


# The rule sets with one pack and a moon (positions mid-hand need one pack).
ONE_PACK_MOONS = [Rules(), Rules(players=3), Rules(players=5), Rules(variant="omnibus"),
                  Rules(variant="omnibus", moon_needs_bonus=True), Rules(moon="others"),
                  Rules(hearts_must_be_broken=False, first_trick_no_points=False)]


def _discard_stops_moon(rules: Rules, rnd: random.Random) -> Hand | None:
    """A position where one seat (the threat) has taken every moon card so far, the
    last seat to play holds no card of the suit led but a heart, and a seat other
    than the threat wins the trick, which holds no points: discarding a heart stops
    the moon at no cost. None when the cards drawn do not make one."""
    players, each = rules.players, rules.cards_each
    done = rnd.randint(1, each - 2)
    left = each - done
    threat = rnd.randrange(players - 1)
    winner = rnd.choice([s for s in range(players - 1) if s != threat])
    led = rnd.choice([Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES])
    deck = list(rules.deck)
    rnd.shuffle(deck)
    in_suit = [c for c in deck if c.suit is led and not c.bit & rules.valued_cards]
    special = rules.moon_cards | rules.valued_cards  # kept out of the others' tricks (see _moon_on)
    if len(in_suit) < players - 1:
        return None
    trick_cards = sorted(in_suit[:players - 1], key=lambda c: c.index)
    order = [s for s in range(players - 1) if s != winner]
    rnd.shuffle(order)
    by_seat = dict(zip(order + [winner], trick_cards, strict=True))
    trick = [by_seat[s] for s in range(players - 1)]
    pool = [c for c in deck if c not in trick]
    hearts = [c for c in pool if c.is_heart]
    own = [hearts[0]] + [c for c in pool if c.suit is not led and c is not hearts[0]][:left - 1]
    if len(own) < left:
        return None
    pool = [c for c in pool if c not in own]
    took = [c for c in pool if c.bit & rules.moon_cards][:rnd.randint(1, min(4, done * players))]
    pool = [c for c in pool if c not in took]
    plain = [c for c in pool if not c.bit & special]
    piles: list[list[Card]] = [[] for _ in range(players)]
    threat_tricks = rnd.randint(-(-len(took) // players), done)
    piles[threat] = took + plain[:threat_tricks * players - len(took)]
    plain = plain[threat_tricks * players - len(took):]
    for number in range(done - threat_tricks):
        piles[[s for s in range(players) if s != threat][number % (players - 1)]] += plain[:players]
        plain = plain[players:]
    placed = set(trick) | set(own) | {c for pile in piles for c in pile}
    hand_cards = [c for c in deck if c not in placed]
    if any(len(pile) % players for pile in piles) or len(hand_cards) != (left - 1) * (players - 1):
        return None
    hands = [hand_cards[s * (left - 1):(s + 1) * (left - 1)] for s in range(players - 1)] + [own]
    try:
        return Hand.from_cards(rules, hands, leader=0, trick=trick, taken=piles)
    except BadPosition:
        return None


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(range(len(ONE_PACK_MOONS))), st.integers(0, 2**32))
def test_score_moon_the_bots_never_let_a_moon_through_that_one_discard_stops_free(case: int, seed: int) -> None:
    # score.moon (and variant.omnibus.moon): last to play onto a trick another seat
    # than the threat wins, the rule-based bot gives it a point: the moon is stopped.
    rules = ONE_PACK_MOONS[case]
    hand = _discard_stops_moon(rules, random.Random(seed))
    assume(hand is not None)
    assert hand is not None
    defender = rules.players - 1
    view = hand.view(defender)
    chosen = make_bot("rule").choose_play(view)
    after = hand.play(chosen, defender)
    assert any(c.bit & rules.moon_cards for s in range(rules.players - 1) if s != _threat(hand)
               for c in after.taken(s)), f"{chosen} let the moon through in {hand!r}"


def _threat(hand: Hand) -> int:
    return next(s for s in range(hand.rules.players) if any(c.bit & hand.rules.moon_cards for c in hand.taken(s)))
