"""A played card's events are made when ``Hand.events`` is first read: whenever
and in whatever order they are read (after every card, only at the end, on a
branch played from an earlier hand, from several threads at once), they are the
events the moves made, and ``play`` itself makes no ``Event``."""

from __future__ import annotations

import random
import sys
import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts_widget import Event, Hand, Rules
from hearts_widget.engine import explain

EXAMPLES = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])

any_rules = st.one_of(
    st.builds(Rules, players=st.integers(3, 7), maria_breaks_hearts=st.booleans(),
              first_trick_no_points=st.booleans(), moon=st.sampled_from(["choice", "self", "off"])),
    st.builds(Rules, players=st.integers(3, 7), variant=st.just("omnibus"), moon_needs_bonus=st.booleans()),
    st.builds(Rules, players=st.integers(3, 7), variant=st.just("black-maria")),
    st.builds(Rules, players=st.integers(5, 10), variant=st.just("cancellation")),
)


def played(rules: Rules, seed: int, read_every_move: bool) -> list[Hand]:
    """Every hand of a random hand of Hearts, from the deal to the end; with
    ``read_every_move`` each hand's events are read as soon as it is made."""
    rng = random.Random(seed)
    hand = Hand.deal(rules, seed=seed, number=seed % 4)
    hands = [hand]
    for seat in hand.waiting_to_pass:
        hand = hand.pass_cards(seat, rng.sample(hand.held(seat), 3))
        hands.append(hand)
    while hand.phase == "play":
        hand = hand.play(rng.choice(hand.legal_moves()))
        hands.append(hand)
        if read_every_move:
            assert hand.events[: len(hands[-2].events)] == hands[-2].events
    return hands


def as_dicts(events: tuple[Event, ...]) -> list[dict]:
    return [event.to_dict() for event in events]


@EXAMPLES
@given(rules=any_rules, seed=st.integers(0, 10_000))
def test_events_read_at_the_end_are_those_read_after_every_card(rules: Rules, seed: int) -> None:
    eager = played(rules, seed, read_every_move=True)
    late = played(rules, seed, read_every_move=False)
    assert as_dicts(late[-1].events) == as_dicts(eager[-1].events)
    assert late[-1].events[-1].kind in ("hand-over", "moon")
    for early, later in zip(eager, late, strict=True):  # every hand of the chain keeps its own events
        assert later.events == early.events
    assert Hand.from_json(late[-1].to_json()).events == late[-1].events


@EXAMPLES
@given(rules=any_rules, seed=st.integers(0, 10_000), at=st.floats(0, 1))
def test_a_branch_from_an_earlier_hand_has_its_own_events(rules: Rules, seed: int, at: float) -> None:
    hands = played(rules, seed, read_every_move=False)
    playing = [hand for hand in hands if hand.phase == "play" and len(hand.legal_moves()) > 1]
    if not playing:
        return
    fork = playing[int(at * (len(playing) - 1))]
    first, other = fork.legal_moves()[:2]
    one, two = fork.play(first), fork.play(other)
    assert hands[-1].events[: len(fork.events)] == fork.events  # read the main line first
    for branch, card in ((one, first), (two, other)):
        assert branch.events[: len(fork.events)] == fork.events
        made = branch.events[len(fork.events):]
        assert made[0].kind == "play" and made[0].cards == (card,)
        assert made == branch.visible_events(None)[len(fork.visible_events(None)):]


def test_play_makes_no_event_until_the_events_are_read(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []
    make = Event._make.__func__  # type: ignore[attr-defined]

    def counted(cls: type[Event], kind: str, *args: object) -> Event:
        made.append(kind)
        return make(cls, kind, *args)

    hand = played(Rules(), 7, read_every_move=False)[0]
    rng = random.Random(7)
    for seat in hand.waiting_to_pass:
        hand = hand.pass_cards(seat, rng.sample(hand.held(seat), 3))
    monkeypatch.setattr(explain.Event, "_make", classmethod(counted))
    while hand.phase == "play":
        hand = hand.play(rng.choice(hand.legal_moves()))
    assert made == []
    kinds = [event.kind for event in hand.events]
    assert made.count("play") == 52 and kinds.count("play") == 52 and made.count("trick-won") == 13
    made.clear()
    hand.events  # noqa: B018 (read again: kept, not made again)
    assert made == []


def test_threads_reading_the_events_at_once_all_get_them() -> None:
    reference = played(Rules(players=5), 11, read_every_move=True)
    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible, to meet any race
    try:
        for _ in range(20):
            hands = played(Rules(players=5), 11, read_every_move=False)
            seen: list[tuple[Event, ...]] = []
            readers = [threading.Thread(target=lambda h=hand, into=seen: into.append(h.events))
                       for hand in (hands[-1], hands[len(hands) // 2], hands[-1], hands[-2]) * 2]
            for reader in readers:
                reader.start()
            for reader in readers:
                reader.join()
            assert len(seen) == len(readers)
            assert hands[-1].events == reference[-1].events
            assert all(events == reference[-1].events[: len(events)] for events in seen)
    finally:
        sys.setswitchinterval(switch)
