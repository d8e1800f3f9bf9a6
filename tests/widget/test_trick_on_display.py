"""A completed trick stays on the table (play.trick-winner): its winning card marked,
a caption naming the card and why it wins and what the trick holds, until the
learner continues (or an auto-continue delay passes); at the instant pace play runs on."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from hearts_widget import Game, HeartsTable
from hearts_widget.lessons.positions import POSITIONS
from hearts_widget.widget.options import SLOW_PACE

from .conftest import act, pass_first_three, play_first_legal, run_in_own_loop, send

MOON_GAME = Path(__file__).with_name("moon_game.json")


def play_until_held(table: HeartsTable) -> None:
    """Play the learner's first legal cards until a trick is complete on the table."""
    for _ in range(60):
        if table.state["held"]:
            return
        act(table)
    raise AssertionError("no trick was completed")


def snapshot(table: HeartsTable) -> tuple[Game, int | None, bool]:
    return table.game, table._session.held, table.state["your_turn"]


def test_the_default_pace_is_one_card_at_a_time() -> None:
    table = HeartsTable(seed=1)
    assert table.state["pace"] == SLOW_PACE > 0 and table.state["continue_after"] == 0


def test_play_trick_winner_a_completed_trick_stays_with_its_winner_marked_and_explained() -> None:
    table = HeartsTable(seed=1)
    pass_first_three(table)
    play_until_held(table)
    state = table.state
    trick = table.game.hand.tricks[-1]
    shown = state["trick"]
    assert shown["held"] and len(shown["cards"]) == 4
    assert [c["seat"] for c in shown["cards"] if c["wins"]] == [trick.winner]
    winning = trick.card_of(trick.winner)
    assert shown["winner_text"].startswith(f"{table.seats[trick.winner]['name']} wins with {winning}")
    assert "the suit led" in shown["winner_text"] and shown["rule"] == "play.trick-winner"
    assert shown["holds_text"] == ("No points in this trick." if not trick.points
                                   else f"It holds {trick.points} point{'s' * (trick.points != 1)}: "
                                        + " ".join(str(c) for c in trick.cards if c.is_heart or c.code == "QS")
                                        + ".")
    assert not state["your_turn"] and state["status"].startswith("The trick is complete")
    game = table.game
    assert table._session.seats_to_act() == [], "nobody moves while the trick is on display"
    send(table, {"type": "continue"})
    assert not table.state["held"] and (table.game is not game or table.state["your_turn"])


def test_continue_with_no_trick_on_display_is_refused_and_changes_nothing() -> None:
    table = HeartsTable(seed=1)
    pass_first_three(table)
    before = snapshot(table)
    send(table, {"type": "continue"})
    assert snapshot(table) == before and table.notice["kind"] == "nothing-to-continue"


def test_a_continue_without_or_with_an_old_state_id_is_refused() -> None:
    table = HeartsTable(seed=1)
    pass_first_three(table)
    play_until_held(table)
    before = snapshot(table)
    table.send_intent({"type": "continue"})
    assert snapshot(table) == before and table.notice["kind"] == "malformed"
    table.send_intent({"type": "continue", "state": table.state["id"] - 1})
    assert snapshot(table) == before and table.notice["kind"] == "stale"


def test_a_double_click_on_continue_continues_once_and_says_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    table = HeartsTable(seed=1)
    pass_first_three(table)
    play_until_held(table)
    held_id, tricks, notice, sent = table.state["id"], len(table.game.hand.tricks), dict(table.notice), []
    monkeypatch.setattr(table, "send", sent.append)
    for _ in range(2):
        table.send_intent({"type": "continue", "state": held_id})
    assert not table.state["held"] and table.notice == notice
    assert sent == [{"type": "repeat"}]
    if table.state["your_turn"]:  # the next trick is the learner's, and one click does not play it
        assert len(table.game.hand.tricks) == tricks


def test_a_continue_sent_as_the_auto_continue_delay_passes_says_nothing() -> None:
    table = HeartsTable(seed=1)
    pass_first_three(table)
    play_until_held(table)
    held_id, notice = table.state["id"], dict(table.notice)
    table._auto_continue()  # the delay passed, just before the learner's click arrived
    table.send_intent({"type": "continue", "state": held_id})
    assert not table.state["held"] and table.notice == notice


@pytest.mark.parametrize("seconds", [-1, 31, "soon", True, None])
def test_a_bad_auto_continue_delay_is_refused(seconds: object) -> None:
    table = HeartsTable(seed=1)
    send(table, {"type": "set_continue_after", "seconds": seconds})
    assert table.notice["kind"] == "malformed" and "continue_after" in table.notice["text"]
    assert table.state["continue_after"] == 0
    with pytest.raises(ValueError, match="continue_after"):
        HeartsTable(continue_after=seconds)


def test_an_auto_continue_delay_lets_the_trick_go_by_itself() -> None:
    async def play() -> tuple[bool, bool]:
        table = HeartsTable(seed=1, pace=0.01)
        send(table, {"type": "set_continue_after", "seconds": 0.05})
        pass_first_three(table)
        seen_held = False
        for _ in range(400):
            seen_held = seen_held or table.state["held"]
            if seen_held and not table.state["held"]:
                return True, bool(table.game.hand.tricks)
            if table.state["your_turn"]:
                play_first_legal(table)
            await asyncio.sleep(0.01)
        return seen_held, False

    went_on, tricks = run_in_own_loop(play)
    assert went_on and tricks


def test_without_an_event_loop_an_auto_continue_delay_goes_on_at_once() -> None:
    table = HeartsTable(seed=1, continue_after=2)
    pass_first_three(table)
    for _ in range(3):
        play_first_legal(table)
    assert not table.state["held"] and len(table.game.hand.tricks) >= 2


def test_undo_while_a_trick_is_on_display_takes_back_the_learners_card() -> None:
    table = HeartsTable(seed=1)
    pass_first_three(table)
    play_until_held(table)
    held = len(table.game.hand.held(0))
    send(table, {"type": "undo"})
    assert not table.state["held"] and table.state["your_turn"]
    assert len(table.game.hand.held(0)) == held + 1


def test_at_the_instant_pace_play_runs_on_to_the_learner() -> None:
    table = HeartsTable(seed=1, pace=0)
    pass_first_three(table)
    for _ in range(4):
        play_first_legal(table)
        assert not table.state["held"] and table.state["your_turn"]


def test_play_hearts_broken_is_told_at_the_table_with_the_card() -> None:
    table = HeartsTable(seed=1)
    pass_first_three(table)
    for _ in range(200):
        events = table.state["trick"]["events"]
        broken = [e for e in events if e["kind"] == "hearts-broken"]
        if broken:
            break
        act(table)
    else:
        raise AssertionError("hearts were never broken")
    event = next(e for e in table.game.history if e.kind == "hearts-broken")
    assert broken[0]["text"].startswith("Hearts are broken: ") and str(event.cards[0]) in broken[0]["text"]
    assert "a heart may be led" in broken[0]["text"] and broken[0]["rule"] == "play.hearts-broken"


def test_the_last_trick_of_a_hand_stays_before_the_moon_choice() -> None:
    """moon_game.json waits for the moon choice; replay its last card to see the hold first."""
    finished = Game.from_json(MOON_GAME.read_text())
    before = Game.from_dict({**finished.to_dict(), "actions": finished.to_dict()["actions"][:-1]})
    table = HeartsTable(seats=("human", "human", "human", "human"))
    table.load(before)
    seat = before.hand.to_move
    card = finished.to_dict()["actions"][-1]["card"]
    table._session.viewer = seat
    send(table, {"type": "play", "card": card})
    state = table.state
    assert state["held"] and state["moon"] is None and state["trick"]["winner"] is not None
    assert any(e["kind"] == "hand-over" for e in state["trick"]["events"])
    assert any(e["kind"] == "moon" for e in state["trick"]["events"])
    send(table, {"type": "continue"})
    assert table.state["moon"] is not None


def test_a_lesson_table_stops_with_the_trick_on_display_and_says_it_is_over() -> None:
    position = POSITIONS["follow-suit"]
    table = HeartsTable.from_hand(position.hand, stop_after_move=True, layout="position")
    send(table, {"type": "play", "card": "QD"})
    state = table.state
    assert state["stopped"] and not state["held"] and state["trick"]["held"]
    assert state["status"].startswith("This trick is over") and "Your turn" not in state["status"]
    assert len(state["trick"]["cards"]) == 4 and state["trick"]["winner_text"]
    send(table, {"type": "continue"})
    assert table.notice["kind"] == "nothing-to-continue" and table.state["stopped"]


def test_a_played_card_sends_only_what_changed() -> None:
    """The rules card and the other static parts are not resent with a card; the
    narration goes as its new lines, and a rewrite (undo) as a new version."""
    table = HeartsTable(seed=1)
    pass_first_three(table)
    changed: list[str] = []
    table.observe(lambda change: changed.append(change["name"]), names=["static", "ui", "story", "state"])
    before = table.story
    play_first_legal(table)
    assert "static" not in changed and "ui" not in changed and "state" in changed
    story = table.story
    assert story["version"] == before["version"] and story["start"] >= before["start"] + len(before["lines"])
    assert story["lines"] and story["lines"][0]["kind"] == "play"
    assert len(table.narration) <= 4
    send(table, {"type": "undo"})
    assert table.story["version"] == story["version"] + 1 and table.story["start"] <= story["start"]
    whole = table._story.whole()
    assert [line["text"] for line in whole["lines"][-len(table.narration):]] == \
        [line["text"] for line in table.narration]


def test_a_page_shown_late_gets_the_whole_story_when_it_asks() -> None:
    table = HeartsTable(seed=1)
    pass_first_three(table)
    sent: list[dict] = []
    table.send = sent.append  # type: ignore[method-assign]
    game = table.game
    table.send_intent({"type": "story"})
    assert table.game is game and len(sent) == 1 and sent[0]["type"] == "story" and sent[0]["start"] == 0
    assert [line["kind"] for line in sent[0]["lines"]][:2] == ["deal", "pass"]


def test_score_points_a_finished_hand_is_summed_up_with_each_seats_point_cards_and_a_replay() -> None:
    table = HeartsTable(seed=1)
    assert table.summary is None
    while not table.game.sheet:
        act(table)
    assert table.state["held"] and table.summary is None, "the last trick is seen first"
    send(table, {"type": "continue"})
    summary = table.summary
    hand = table.game.completed[-1]
    assert summary["number"] == hand.number and summary["title"].startswith("Hand 1 is over")
    taken = [sorted(seat["cards"]) for seat in summary["seats"]]
    assert sorted(code for codes in taken for code in codes) == sorted(
        c.code for c in (*(card for t in hand.tricks for card in t.cards),) if c.is_heart or c.code == "QS")
    assert summary["seats"][0]["points_text"].startswith("South: ")
    assert len(summary["tricks"]) == 13
    for number, (shown, trick) in enumerate(zip(summary["tricks"], hand.tricks, strict=True), start=1):
        title, index, cards, _events, winner, winner_text, _holds_text, rule = shown
        assert title.startswith(f"Trick {number} of 13: ") and index == number - 1
        assert [code for _, code in cards] == [card.code for card in trick.cards]
        assert winner == trick.winner
        assert winner_text and rule == "play.trick-winner"
    act(table)  # pass: the summary stays until the next hand's first trick is won
    while not table.game.hand.tricks:
        assert table.summary is not None
        act(table)
    if not table.state["held"]:
        assert table.summary is None


def test_while_a_hands_last_trick_is_on_display_the_next_hand_waits() -> None:
    """The next hand is dealt when the last trick completes, but the table shows the hand
    that ended (no cards, no pass) until the learner continues; a pass or play sent
    meanwhile is refused with what to do, and changes nothing."""
    table = HeartsTable(seed=1)
    while not table.game.sheet:
        act(table)
    state = table.state
    assert state["held"] and state["hand_title"] == "Hand 1" and table.game.hand.phase == "pass"
    assert table.hand == [] and not state["passing"] and not state["your_turn"]
    before = snapshot(table)
    cards = [c.code for c in table.game.hand.held(table._session.viewer)[:3]]
    send(table, {"type": "pass", "cards": cards})
    assert snapshot(table) == before and table.notice["kind"] == "continue-first"
    assert "Continue" in table.notice["text"]
    send(table, {"type": "continue"})
    state = table.state
    assert state["passing"] and state["hand_title"] == "Hand 2" and len(table.hand) == 13


def test_the_moon_choice_shows_the_hand_just_finished() -> None:
    table = HeartsTable()
    table.load(Game.from_json(MOON_GAME.read_text()))
    summary = table.summary
    assert table.state["moon"] is not None and summary["number"] == table.game.hand.number
    assert summary["moon"] and "shot the moon" in summary["moon"][0]
    shooter = table.game.pending_moon
    assert len(summary["seats"][shooter]["cards"]) == 14  # 13 hearts and the Black Maria
    assert table.state["hand_over"] == "", "not the previous hand's points"
    assert not any(turn["to_act"] for turn in table.state["seat_turns"]), "no seat 'to play' with no card left"


def test_score_points_a_prepared_positions_summary_says_which_points_came_before_it() -> None:
    from hearts_widget import Hand, Rules
    from hearts_widget.engine.cards import ALL_CARDS

    last_trick = ["2S", "3S", "4S", "5S"]
    rest = [c.code for c in ALL_CARDS if c.code not in last_trick]
    hearts, others = [c for c in rest if c.endswith("H")], [c for c in rest if not c.endswith("H")]
    taken = [hearts[:7] + others[:5], hearts[7:] + others[5:11], others[11:23], others[23:]]  # East has the Q♠
    table = HeartsTable.from_hand(Hand.from_cards(Rules(), [[c] for c in last_trick], leader=0, taken=taken))
    while not table.game.sheet:
        act(table)
    send(table, {"type": "continue"})
    seats = table.summary["seats"]
    assert [seat["points_text"] for seat in seats] == ["South: 7 points", "West: 6 points", "North: 0 points",
                                                       "East: 13 points"], "the hand's points, as on the sheet"
    assert [seat["cards"] for seat in seats] == [[], [], [], []], "the last trick held no points"
    assert [seat["before_text"] for seat in seats] == [
        "taken before this position began: 7 points", "taken before this position began: 6 points", "",
        "taken before this position began: 13 points"]


def test_a_dealt_hands_summary_has_nothing_taken_before_it() -> None:
    table = HeartsTable(seed=1)
    while not table.game.sheet:
        act(table)
    send(table, {"type": "continue"})
    assert all(seat["before_text"] == "" for seat in table.summary["seats"])
