"""Property tests: random legal play through whole hands and games, for every
player count and house rule, against an independent statement of RULES.md.

Example counts are kept modest so the suite stays fast; raise them locally
with ``--hypothesis-profile`` or by editing ``EXAMPLES`` when hunting a bug.
"""

from __future__ import annotations

import json
import random

from engine_helpers import PLAYER_COUNTS, moon_pass, moon_policy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts_widget import (
    Card,
    CardNotHeld,
    Game,
    Hand,
    HeartsError,
    IllegalMove,
    OutOfTurn,
    RecordError,
    Rules,
    WrongPhase,
)

EXAMPLES = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

rules_strategy = st.builds(
    Rules,
    players=st.sampled_from(PLAYER_COUNTS),
    target=st.integers(1, 80),
    first_trick_no_points=st.booleans(),
    maria_breaks_hearts=st.booleans(),
    hearts_must_be_broken=st.booleans(),
    moon=st.sampled_from(["choice", "self", "others", "off"]),
)


def is_points(card: Card) -> bool:
    return card.is_heart or card.is_black_maria


def reference_legal(rules: Rules, held: set[Card], trick: list[Card], first_trick: bool,
                    broken: bool) -> set[Card]:
    """RULES.md's play.* rules, stated again on plain sets of cards."""
    if not trick:
        if first_trick:  # play.first-lead
            lowest_club = min((c for c in rules.deck if c.suit.letter == "C"), key=lambda c: c.rank)
            return {c for c in held if c == lowest_club}
        if rules.hearts_must_be_broken and not broken:  # play.hearts-lead (+ clarifications)
            return {c for c in held if not c.is_heart} or held
        return held
    same_suit = {c for c in held if c.suit == trick[0].suit}
    if same_suit:  # play.follow-suit
        return same_suit
    if first_trick and rules.first_trick_no_points:  # play.first-trick-no-points (+ clarification)
        return {c for c in held if not is_points(c)} or held
    return held  # play.discard


def reference_winner(leader: int, cards: tuple[Card, ...], players: int) -> int:
    led = cards[0].suit
    best = max(range(len(cards)), key=lambda i: cards[i].rank if cards[i].suit == led else 0)
    return (leader + best) % players


def check_bad_inputs_change_nothing(hand: Hand, rng: random.Random) -> None:
    """Illegal cards, cards not held, out-of-turn plays, passes while playing,
    garbage text and bad seats: each refused, the state exactly as before."""
    before = (hand.to_json(), hand.events, hand.hands)
    mover = hand.to_move
    assert mover is not None
    attempts = []
    illegal = [c for c in hand.held(mover) if c not in hand.legal_moves()]
    if illegal:
        attempts.append((IllegalMove, lambda: hand.play(rng.choice(illegal))))
    others = [c for s in range(hand.players) if s != mover for c in hand.held(s)]
    if others:
        attempts.append((CardNotHeld, lambda: hand.play(rng.choice(others))))
    attempts += [
        (OutOfTurn, lambda: hand.play(hand.legal_moves()[0], seat=(mover + 1) % hand.players)),
        (WrongPhase, lambda: hand.pass_cards(mover, hand.held(mover)[:3])),
        (HeartsError, lambda: hand.play(rng.choice(["1X", "", "QQ", "10"]))),
        (HeartsError, lambda: hand.held(hand.players)),
    ]
    for error, attempt in attempts:
        try:
            attempt()
        except error:
            pass
        else:
            raise AssertionError(f"expected {error.__name__}")
    assert (hand.to_json(), hand.events, hand.hands) == before


def play_hand_checked(hand: Hand, rng: random.Random) -> Hand:
    """Play a hand at random, checking every step against the reference rules."""
    rules = hand.rules
    played: list[Card] = []
    check_at = rng.randrange(40)
    for seat in hand.waiting_to_pass:
        hand = hand.pass_cards(seat, rng.sample(hand.held(seat), 3))
    step = 0
    while hand.phase == "play":
        mover = hand.to_move
        assert mover is not None
        held = set(hand.held(mover))
        broken = any(c.is_heart or (c.is_black_maria and rules.maria_breaks_hearts) for c in played)
        assert hand.hearts_broken == broken
        expected = reference_legal(rules, held, list(hand.trick.cards), len(played) < rules.players, broken)
        legal = hand.legal_moves()
        assert set(legal) == expected and legal == sorted(legal)
        for card in held:
            explanation = hand.explain(card)
            assert explanation.legal == (card in expected), explanation
            assert explanation.card == card and explanation.seat == mover
        if step % 9 == 0:
            check_bad_inputs_change_nothing(hand, rng)
        if step == check_at:
            assert Hand.from_json(hand.to_json()) == hand
        card = rng.choice(legal)
        trick_before = hand.trick
        hand = hand.play(card)
        played.append(card)
        if len(trick_before.cards) == rules.players - 1:
            finished = hand.tricks[-1]
            assert finished.winner == reference_winner(finished.leader, finished.cards, rules.players)
            assert hand.leader == finished.winner
        step += 1
    return hand


def check_finished_hand(hand: Hand) -> None:
    rules = hand.rules
    cards = [c for trick in hand.tricks for c in trick.cards]
    assert sorted(cards) == list(rules.deck), "each card is played exactly once"
    assert sum(hand.points()) == 26
    assert all(hand.held(s) == () for s in range(rules.players))
    for seat in range(rules.players):
        won = [c for t in hand.tricks if t.winner == seat for c in t.cards]
        assert sorted(won) == list(hand.taken(seat))
    shooters = [s for s in range(rules.players) if hand.points()[s] == 26]
    expected_shooter = shooters[0] if shooters and rules.moon != "off" else None
    assert hand.moon_shooter == expected_shooter


@EXAMPLES
@given(rules=rules_strategy, seed=st.integers(0, 2**40), number=st.integers(0, 7),
       rng=st.randoms(use_true_random=False))
def test_random_hands_follow_the_rules(rules: Rules, seed: int, number: int, rng: random.Random) -> None:
    hand = play_hand_checked(Hand.deal(rules, seed, number), rng)
    check_finished_hand(hand)
    assert Hand.from_json(hand.to_json()) == hand


@EXAMPLES
@given(rules=rules_strategy, seed=st.integers(0, 2**40), rng=st.randoms(use_true_random=False))
def test_random_games_score_correctly(rules: Rules, seed: int, rng: random.Random) -> None:
    play_game_checked(Game.new(rules, seed=seed), rng, moon_hunting=False)


@EXAMPLES
@given(rules=rules_strategy, seed=st.integers(0, 2**40), rng=st.randoms(use_true_random=False))
def test_games_where_seat_0_hunts_the_moon_score_correctly(rules: Rules, seed: int, rng: random.Random) -> None:
    """Random play seldom shoots the moon; here seat 0 tries to and the others help,
    so the moon rules (each choice, each house mode) are exercised often."""
    play_game_checked(Game.new(rules, seed=seed), rng, moon_hunting=True)


def play_game_checked(game: Game, rng: random.Random, moon_hunting: bool) -> None:
    rules = game.rules
    snapshot_at = rng.randrange(200)
    moves = 0
    rows_checked = 0
    while not game.is_over:
        if game.pending_moon is not None:
            assert rules.moon == "choice" and game.hand.moon_shooter == game.pending_moon
            game = game.choose_moon(rng.choice(["self", "others"]))
        elif game.hand.phase == "pass":
            seat = rng.choice(game.hand.waiting_to_pass)
            cards = moon_pass(game.hand, seat) if moon_hunting else rng.sample(game.hand.held(seat), 3)
            game = game.pass_cards(seat, cards)
        else:
            game = game.play(moon_policy(game.hand) if moon_hunting else rng.choice(game.hand.legal_moves()))
        moves += 1
        if moves == snapshot_at:
            assert Game.from_json(game.to_json()) == game
        if len(game.sheet) > rows_checked:
            check_new_row(game, rows_checked)
            rows_checked = len(game.sheet)
    assert len(game.sheet) == len(game.completed) == rows_checked
    totals = tuple(sum(row[s] for row in game.sheet) for s in range(rules.players))
    assert game.scores == totals and max(totals) >= rules.target
    assert game.winners == tuple(s for s in range(rules.players) if totals[s] == min(totals))
    assert Game.from_json(game.to_json()) == game


def check_new_row(game: Game, index: int) -> None:
    """The row entered for hand ``index``: points, or the moon applied as chosen;
    and the game over exactly when a total reached the target."""
    rules = game.rules
    hand = game.completed[index]
    check_finished_hand(hand)
    row = game.sheet[index]
    shooter = hand.moon_shooter
    if shooter is None:
        assert list(row) == hand.points()
    else:
        choices = [e.facts["choice"] for e in game.events if e.kind == "moon-choice"]
        choice = choices[-1]
        assert rules.moon in ("choice", choice)
        if choice == "self":
            assert row == tuple(-26 if s == shooter else 0 for s in range(rules.players))
        else:
            assert row == tuple(0 if s == shooter else 26 for s in range(rules.players))
    totals = [sum(r[s] for r in game.sheet[: index + 1]) for s in range(rules.players)]
    assert game.is_over == (max(totals) >= rules.target)


@EXAMPLES
@given(rules=rules_strategy, seed=st.integers(0, 2**20), rng=st.randoms(use_true_random=False),
       data=st.data())
def test_tampered_hand_records_are_refused_or_replay_exactly(rules: Rules, seed: int, rng: random.Random,
                                                             data: st.DataObject) -> None:
    """Changing, adding or dropping an action: the record is either refused with
    RecordError or (when the change happens to be legal) replays to exactly the
    state it describes; it never yields a state the rules forbid."""
    hand = Hand.deal(rules, seed)
    for seat in hand.waiting_to_pass:
        hand = hand.pass_cards(seat, rng.sample(hand.held(seat), 3))
    for _ in range(rng.randrange(1, 30)):
        if hand.phase != "play":
            break
        hand = hand.play(rng.choice(hand.legal_moves()))
    record = json.loads(hand.to_json())
    actions = record["actions"]
    kind = data.draw(st.sampled_from(["change", "add", "drop", "seed"]))
    index = data.draw(st.integers(0, len(actions) - 1))
    card = data.draw(st.sampled_from([c.code for c in Rules().deck]))
    if kind == "change" and actions[index]["type"] == "play":
        actions[index]["card"] = card
    elif kind == "change":
        actions[index]["cards"][0] = card
    elif kind == "add":
        actions.insert(index, {"type": "play", "card": card})
    elif kind == "drop":
        del actions[index]
    else:
        record["seed"] = seed + 1
    try:
        back = Hand.from_json(json.dumps(record))
    except RecordError:
        return
    assert back.to_dict() == record
    assert kind != "seed"
