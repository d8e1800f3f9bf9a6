"""Every explanation and event of the variants reads as an English sentence
(hearts_widget/text); the rules card names every rule in force."""

from __future__ import annotations

import random

import pytest
from engine_helpers import position
from variant_helpers import last_trick, play_out, two_pack_start

from hearts_widget import Event, Explanation, Game, Hand, Rules
from hearts_widget.text import event_text, explain_text
from hearts_widget.text.rules_card import rules_card

VARIANT_REASONS = {"no-penalty-first-trick", "only-penalty-cards-left", "first-lead-no-heart", "no-maria-first-lead",
                   "first-lead-open", "first-lead-maria-only"}
VARIANT_EVENTS = {"bonus", "cancelled", "trick-carried", "carried-taken", "kitty-taken", "last-trick-to-leader"}


def variant_items() -> list[Event | Explanation]:
    """Events and explanations of random games of every variant, and positions
    that random games rarely reach."""
    items: list[Event | Explanation] = []
    for seed, rules in enumerate([Rules(variant="omnibus", target=40),
                                  Rules(players=3, variant="black-maria", target=40),
                                  Rules(players=5, variant="cancellation", target=60),
                                  Rules(players=10, variant="cancellation", target=60)]):
        game = Game.new(rules, seed)
        rng = random.Random(seed)
        while not game.is_over:
            hand = game.hand
            if game.pending_moon is not None:
                game = game.choose_moon("others")
            elif hand.phase == "pass":
                for seat in hand.waiting_to_pass:
                    game = game.pass_cards(seat, rng.sample(hand.held(seat), 3))
            else:
                items += [hand.explain(c) for c in set(hand.held(hand.to_move))]  # type: ignore[arg-type]
                game = game.play(rng.choice(hand.legal_moves()))
        items += game.history
        items += game.hand.visible_events(None)
    hand = position(4, {0: ("2C", "C"), 1: ("KS", "H")}, variant="black-maria").play("2C")
    items.append(hand.explain("KS"))
    hand = position(4, {0: ("2C", "C"), 1: ("KS 9D", "DH")}, variant="black-maria").play("2C")
    items.append(hand.explain("KS"))
    start = two_pack_start(5, {0: ("2H QS 9C", "CDSH")})
    items += [start.explain(c) for c in ("2H", "QS", "9C")]
    start = two_pack_start(10, {0: ("QS", "H")})
    items += [start.explain("QS"), start.explain(start.held(0)[0])]
    seats = {0: ("9C AD", "CDSH"), 1: ("9C", "CDSH"), 2: ("", "DSH"), 3: ("", "DSH"), 4: ("", "DSH")}
    hand = two_pack_start(5, seats)
    for _ in range(10):
        hand = hand.play("9C" if hand.to_move in (0, 1) and len(hand.tricks) == 0 else hand.legal_moves()[0])
    items += hand.events
    moon = last_trick(Rules(variant="omnibus", moon_needs_bonus=True), {0: "AH", 1: "2C", 2: "3C", 3: "4C"}, {})
    for _ in range(4):
        moon = moon.play(moon.legal_moves()[0])
    items += moon.events
    for seed in range(400):  # a random hand whose last trick is all cancelled (found by search)
        last = play_out(Hand.deal(Rules(players=5, variant="cancellation"), seed), random.Random(seed))
        if any(e.kind == "last-trick-to-leader" for e in last.events):
            return items + list(last.events)
    return items


ITEMS = variant_items()


def test_the_variant_runs_meet_every_new_reason_and_event() -> None:
    assert {i.reason for i in ITEMS if isinstance(i, Explanation)} >= VARIANT_REASONS
    assert {i.kind for i in ITEMS if isinstance(i, Event)} >= VARIANT_EVENTS


def test_every_variant_explanation_and_event_is_a_sentence() -> None:
    for item in ITEMS:
        text = event_text(item) if isinstance(item, Event) else explain_text(item)
        assert text and "{" not in text and text[-1] in ".!", (item, text)


@pytest.mark.parametrize("kind, text", [
    ("cancelled", "Both 7♣ cancel: neither can win the trick."),
    ("bonus", "Seat 2 takes the bonus card J♦: it is worth −10 points to them."),
])
def test_variant_sentences_read_as_written(kind: str, text: str) -> None:
    from hearts_widget import Card
    card = Card.parse("7C" if kind == "cancelled" else "JD")
    event = Event(kind, "variant", 2 if kind == "bonus" else None, (card, card) if kind == "cancelled" else (card,),
                  {"points": -10})
    assert event_text(event) == text


def test_cancellation_moon_sentences_say_fifty_two() -> None:
    moon = Event("moon", "score.moon", 1, facts={"rule": "choice", "variant": "cancellation", "points": 52,
                                                 "bonus": False})
    assert event_text(moon) == "Seat 1 took all 26 hearts and both Black Marias: Seat 1 has shot the moon!"
    choice = Event("moon-choice", "score.moon", 1, facts={"choice": "self", "points": 52})
    assert event_text(choice) == "Seat 1 shot the moon: 52 points off their own score."


@pytest.mark.parametrize("rules", [Rules(), Rules(variant="omnibus", moon_needs_bonus=True, moon="self"),
                                   Rules(variant="black-maria", first_trick_no_points=False),
                                   Rules(players=10, variant="cancellation", maria_breaks_hearts=False,
                                         hearts_must_be_broken=False, moon="others"),
                                   Rules(players=8, variant="cancellation")])
def test_rules_card_has_a_sentence_per_rule_in_force(rules: Rules) -> None:
    card = rules_card(rules)
    assert [rule for rule, _ in card] == [rule for rule, _, _ in rules.in_force()]
    assert all(line.endswith(".") and "{" not in line for _, line in card)
    text = " ".join(line for _, line in card)
    assert str(rules.points_per_hand) in text and str(rules.target) in text


def test_table_words_for_the_variants() -> None:
    from hearts_widget.text.variants import carried_text, kitty_text, moon_choice_labels, variant_names

    assert kitty_text(1) == "Kitty: 1 card face down, for the winner of the first trick."
    assert kitty_text(4) == "Kitty: 4 cards face down, for the winner of the first trick."
    assert carried_text(5, 3) == ("From cancelled tricks, 5 cards wait on the table for the next trick's winner "
                                  "(3 points).")
    assert moon_choice_labels(52) == {"self": "Take 52 points off my score",
                                      "others": "Add 52 points to everyone else"}
    assert set(variant_names()) == {"standard", "omnibus", "black-maria", "cancellation"}
