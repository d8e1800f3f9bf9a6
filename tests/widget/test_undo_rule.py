"""Undo without peeking (undo_rule.py): a move taken back after a card it led
to was seen makes the game practice; a move taken back before leaves it as it was."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts_widget import HeartsTable
from hearts_widget.widget.state import visible_history
from hearts_widget.widget.undo_rule import reveals

from .conftest import pass_first_three, play_first_legal, send


def seen_revealing(table: HeartsTable) -> set[tuple[int, str]]:
    """The revealing events the learner sees now, by their place in the story."""
    session = table._session
    events = visible_history(session.game, session.viewer, session.open_hands)
    return {(i, repr(e)) for i, e in enumerate(events) if reveals(e, session.viewer)}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**16), steps=st.lists(st.tuples(st.sampled_from(["move", "undo"]), st.integers(0, 12)),
                                                  max_size=40))
def test_replaying_after_seeing_later_cards_always_marks_practice(seed: int, steps: list[tuple[str, int]]) -> None:
    """Whatever the learner does, either every card the learner has seen is part of
    the game being played, or the game is marked practice on the sheet."""
    table = HeartsTable(seed=seed)
    seen = seen_revealing(table)
    for kind, choice in steps:
        state = table.state
        if kind == "undo":
            send(table, {"type": "undo"})
        elif state["passing"]:
            send(table, {"type": "pass", "cards": [c["code"] for c in table.hand][choice % 3:][:3]
                         if len(table.hand) >= 6 else [c["code"] for c in table.hand[:3]]})
        elif state["moon"]:
            send(table, {"type": "moon", "choice": "self"})
        elif state["your_turn"]:
            legal = [c["code"] for c in table.hand if c["legal"]]
            send(table, {"type": "play", "card": legal[choice % len(legal)]})
        else:
            continue
        now = seen_revealing(table)
        if not table._session.practice:
            assert seen <= now, "the learner saw a card that is not part of the game, and it is not practice"
            assert table.state["practice"] == ""
        else:
            assert table.state["practice"], "a practice game says so on the sheet"
        seen |= now


def test_undo_after_the_bots_answered_marks_practice_and_says_so() -> None:
    table = HeartsTable(seed=3)
    pass_first_three(table)
    play_first_legal(table)  # instant bots: the others' cards are on the table at once
    send(table, {"type": "undo"})
    assert table.notice["kind"] == "undone-practice"
    assert "practice" in table.state["practice"]
    send(table, {"type": "new_game"})
    assert table.state["practice"] == "", "a new game is a real game again"


class WaitingBots(HeartsTable):
    """A table at a visible bot pace whose bots move only when the test says so."""

    def _schedule(self, callback, delay) -> bool:
        return True

    def bots_move(self) -> None:
        self._session.run_bots()
        self._sync()

    def next_seat_plays(self) -> None:
        self._session.bot_step()
        self._sync()


def test_undo_before_the_next_seat_has_played_leaves_the_game_real() -> None:
    table = WaitingBots(seed=3, pace=0.8)
    pass_first_three(table)
    send(table, {"type": "undo"})  # the others had not passed: no card was received
    assert table.notice["kind"] == "undone", table.notice
    pass_first_three(table)
    table.bots_move()
    while not table.state["your_turn"]:
        table.bots_move()
    play_first_legal(table)
    send(table, {"type": "undo"})  # the next seat has not played yet
    assert table.notice["kind"] == "undone", table.notice
    assert table.state["practice"] == ""
    play_first_legal(table)
    table.next_seat_plays()  # now undo would peek
    send(table, {"type": "undo"})
    assert table.notice["kind"] == "undone-practice"


def first_card_played_at_a_visible_pace() -> WaitingBots:
    """A table at a visible pace where the learner has passed and played its first card,
    and the next seat has not played yet."""
    table = WaitingBots(seed=3, pace=0.8)
    pass_first_three(table)
    table.bots_move()
    while not table.state["your_turn"]:
        table.bots_move()
    play_first_legal(table)
    return table


def test_undo_clicked_before_the_next_card_reached_the_page_leaves_the_game_real() -> None:
    """On a slow connection the next seat's card lands while the learner's Undo
    travels: the Undo, made on the table the learner saw, takes the card back
    without marking the game practice, for the learner never saw that card."""
    table = first_card_played_at_a_visible_pace()
    seen = table.state["id"]  # the page shows the learner's card, nothing after it
    table.next_seat_plays()  # while the click is on its way
    send(table, {"type": "undo", "state": seen})
    assert table.notice["kind"] == "undone", table.notice
    assert table.state["practice"] == ""
    play_first_legal(table)
    table.next_seat_plays()
    send(table, {"type": "undo"})  # made on the table that shows the next seat's card
    assert table.notice["kind"] == "undone-practice"


def test_undo_on_a_state_older_than_the_kept_ones_counts_every_card_since_as_seen() -> None:
    """A state id no longer kept (or never sent) is judged by the game now, so
    the doubt makes the game practice rather than hiding a peek."""
    table = first_card_played_at_a_visible_pace()
    since = table._session.undo_since
    table.next_seat_plays()
    table._session.shown.pop(since)
    send(table, {"type": "undo", "state": since})
    assert table.notice["kind"] == "undone-practice"
