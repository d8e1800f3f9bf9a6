"""Messages from the page: good ones move the game, bad ones change nothing and say why."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hearts_widget import Game, HeartsTable, Rules
from hearts_widget.widget.session import HANDLERS, MESSAGE_TYPES, TableSession

from .conftest import act, pass_first_three, play_first_legal, send


def snapshot(table: HeartsTable) -> tuple[Game, int]:
    return table.game, table.state["id"]


def test_a_new_table_waits_for_the_learner_to_pass(table: HeartsTable) -> None:
    state = table.state
    assert state["phase"] == "pass" and state["passing"]
    assert state["pass"]["direction"] == "left"
    assert len(table.hand) == 13
    assert [s["count_text"] for s in state["seat_turns"]] == ["13 cards"] * 4 and len(table.seats) == 4


def test_passing_three_cards_exchanges_and_bots_play_up_to_the_learner(table: HeartsTable) -> None:
    chosen = pass_first_three(table)
    state = table.state
    assert state["phase"] == "play"
    held = {c["code"] for c in table.hand}
    assert not held & set(chosen)
    assert "received" in state["pass"]["received_text"].lower() or state["pass"]["received_text"]
    assert sum(c["received"] for c in table.hand) == 3
    assert state["your_turn"], "instant bots play until the learner must act"


def test_legal_cards_are_those_of_the_engine(table: HeartsTable) -> None:
    pass_first_three(table)
    legal = {c["code"] for c in table.hand if c["legal"]}
    assert legal == {c.code for c in table.game.hand.legal_moves()}


def test_illegal_cards_say_why_with_the_rule(table: HeartsTable) -> None:
    pass_first_three(table)
    illegal = [c for c in table.hand if not c["legal"]]
    assert illegal
    for card in illegal:
        assert card["why"] and card["rule"].startswith("play.")
        label = table.ui["card_not_playable"].format(card=card["name"], reason=card["why"])
        assert label.startswith(f"{card['name']}, not playable: ")  # the accessible name the page makes


@pytest.mark.parametrize("message", [
    None, 7, "play", [], {}, {"type": "fly"}, {"type": "play"}, {"type": "play", "state": "x", "card": "2C"},
    {"type": "play", "state": True, "card": "2C"}, {"type": "pass", "state": 1, "cards": "2C 3C 4C"},
    {"type": "pass", "state": 1, "cards": [1, 2, 3]}, {"type": "moon", "state": 1, "choice": "self"},
    {"type": "set_pace", "pace": -1}, {"type": "set_pace", "pace": "fast"}, {"type": "lang", "lang": "xx"},
    {"type": "show_last_trick", "show": "yes"}, {"type": "play", "state": 1, "card": 12},
])
def test_malformed_messages_change_nothing_and_leave_a_notice(table: HeartsTable, message: Any) -> None:
    before = snapshot(table)
    table.send_intent(message)
    assert snapshot(table) == before
    assert table.notice["text"] and table.notice["level"] == "warning"


def test_a_stale_message_does_nothing(table: HeartsTable) -> None:
    old_id = table.state["id"]
    pass_first_three(table)
    before = snapshot(table)
    card = next(c["code"] for c in table.hand if c["legal"])
    table.send_intent({"type": "play", "state": old_id, "card": card})
    assert snapshot(table) == before
    assert table.notice["kind"] == "stale"


def test_a_pass_made_before_the_bots_passed_is_taken() -> None:
    """In a kernel the bots pass a moment after the deal: a page still showing the deal
    (a busy kernel's update on its way) sends the learner's pass with the deal's state id.
    Only unseen cards moved since, so the pass is taken; a card played on an earlier
    table is still refused."""
    table = HeartsTable(seed=3)  # no event loop here: the bots have passed already
    session = table._session
    dealt = min(session.shown)  # the table as dealt, before the bots' passes
    assert session.state_id != dealt and session.game.hand.waiting_to_pass == (0,)
    chosen = [c["code"] for c in table.hand[:3]]
    table.send_intent({"type": "pass", "state": dealt, "cards": chosen})
    assert session.game.hand.phase == "play" and table.notice.get("kind") != "stale", table.notice
    assert all(c["code"] not in chosen for c in table.hand)


def test_a_pass_made_on_an_earlier_hand_is_stale() -> None:
    table = HeartsTable(seed=3)
    session = table._session
    seen = session.state_id
    session.game = Game.new(Rules(), seed=4)  # another deal, as a loaded game brings
    session.undo_changed()
    session.run_bots()
    table.send_intent({"type": "pass", "state": seen, "cards": [c.code for c in session.game.hand.held(0)[:3]]})
    assert session.game.hand.phase == "pass" and table.notice["kind"] == "stale"


def test_a_double_click_plays_one_card_and_says_nothing(table: HeartsTable, monkeypatch: pytest.MonkeyPatch) -> None:
    pass_first_three(table)
    state_id = table.state["id"]
    card = next(c["code"] for c in table.hand if c["legal"])
    table.send_intent({"type": "play", "state": state_id, "card": card})
    after_first, notice, sent = table.game, dict(table.notice), []
    monkeypatch.setattr(table, "send", sent.append)
    table.send_intent({"type": "play", "state": state_id, "card": card})
    assert table.game is after_first
    assert table.notice == notice and table.notice.get("kind") != "stale", "the same intent again: no warning"
    assert sent == [{"type": "repeat"}], "the page is told, so it takes clicks again"


def test_another_intent_made_on_the_table_already_played_on_is_stale(table: HeartsTable) -> None:
    pass_first_three(table)
    state_id = table.state["id"]
    first = next(c["code"] for c in table.hand if c["legal"])
    other = next(c["code"] for c in table.hand if c["code"] != first)
    table.send_intent({"type": "play", "state": state_id, "card": first})
    after_first = table.game
    table.send_intent({"type": "play", "state": state_id, "card": other})
    assert table.game is after_first and table.notice["kind"] == "stale"
    table.send_intent({"type": "undo", "state": state_id})
    assert table.game is after_first and table.notice["kind"] == "stale"


def test_an_undo_clicked_as_a_bots_card_lands_takes_back_the_learners_card(table: HeartsTable) -> None:
    pass_first_three(table)
    session = table._session
    while not session.bot_to_act():  # the learner plays until a bot plays after them
        card = next(c for c in session.game.hand.view(session.viewer).legal)
        session.handle({"type": "play", "state": session.state_id, "card": card.code})
        if session.held is not None:
            session.continue_play()
    before_card = session.undo_stack[-1][0]
    seen = session.state_id  # the table the learner sees, and clicks Undo on
    session.bot_step()  # a bot's card lands before the click arrives
    assert session.state_id != seen
    session.handle({"type": "undo", "state": seen})
    assert session.game is before_card and session.notice["kind"].startswith("undone")
    older = seen - 1
    session.handle({"type": "undo", "state": older})  # made before the move it would now take back
    assert session.notice["kind"] == "stale"


def test_a_refused_intent_sent_again_is_refused_again(table: HeartsTable) -> None:
    pass_first_three(table)
    card = next(c["code"] for c in table.hand if not c["legal"])
    ids = []
    for _ in range(2):
        send(table, {"type": "play", "card": card})
        assert table.notice["kind"] == "illegal"
        ids.append(table.notice["id"])
    assert ids[1] > ids[0], "a new notice each time: the page shows it again"


def test_an_illegal_card_is_refused_with_its_reason(table: HeartsTable) -> None:
    pass_first_three(table)
    before = snapshot(table)
    card = next(c for c in table.hand if not c["legal"])
    send(table, {"type": "play", "card": card["code"]})
    assert snapshot(table) == before
    assert table.notice["kind"] == "illegal" and table.notice["rule"] == card["rule"]
    assert card["why"] in table.notice["text"]


def test_a_card_not_held_is_refused(table: HeartsTable) -> None:
    pass_first_three(table)
    held = {c["code"] for c in table.hand}
    other = next(code for code in ("2C", "3C", "AH", "KH", "QS", "AS") if code not in held)
    before = snapshot(table)
    send(table, {"type": "play", "card": other})
    assert snapshot(table) == before
    assert table.notice["kind"] == "not-held"


def test_unreadable_card_text_is_refused(table: HeartsTable) -> None:
    pass_first_three(table)
    before = snapshot(table)
    send(table, {"type": "play", "card": "1X"})
    assert snapshot(table) == before
    assert "1X" in table.notice["text"]


def test_playing_during_the_pass_is_refused(table: HeartsTable) -> None:
    before = snapshot(table)
    send(table, {"type": "play", "card": table.hand[0]["code"]})
    assert snapshot(table) == before
    assert "pass" in table.notice["text"]


def test_passing_the_wrong_number_of_cards_is_refused_with_the_rule(table: HeartsTable) -> None:
    before = snapshot(table)
    send(table, {"type": "pass", "cards": [c["code"] for c in table.hand[:2]]})
    assert snapshot(table) == before
    assert table.notice["rule"] == "pass.three"


def test_out_of_turn_play_is_refused() -> None:
    table = HeartsTable(seed=1, seats=["human", "human", "bot", "bot"])
    pass_first_three(table)  # South
    pass_first_three(table)  # West, now seated
    mover = table.game.hand.to_move
    assert table.state["viewer"] == mover
    before = table.game
    table._session.viewer = 1 - mover if mover in (0, 1) else 0  # the page shows a seat not to move
    table._session.state_id = table.state["id"]
    send(table, {"type": "play", "card": table.game.hand.held(table._session.viewer)[0].code})
    assert table.game is before
    assert table.notice["kind"] == "not-your-turn"


def test_undo_takes_back_the_learners_last_move(table: HeartsTable) -> None:
    pass_first_three(table)
    after_pass = table.game
    play_first_legal(table)
    assert table.game != after_pass
    send(table, {"type": "undo"})
    assert table.game is after_pass
    send(table, {"type": "undo"})
    assert table.game.hand.phase == "pass"
    send(table, {"type": "undo"})
    assert table.notice["kind"] == "nothing-to-undo"


def test_new_game_starts_over_and_clears_undo(table: HeartsTable) -> None:
    pass_first_three(table)
    send(table, {"type": "new_game"})
    assert table.game.hand.phase == "pass" and not table.game.sheet
    assert not table.state["can_undo"]


@pytest.mark.usefixtures("quick_coach")
def test_a_whole_hand_fills_the_score_sheet(table: HeartsTable) -> None:
    while not table.game.sheet:
        act(table)
    sheet = table.sheet
    assert len(table.game.sheet) == 1 and sum(table.game.sheet[0]) in (26, 78, -26)
    assert sheet["rows_text"] == [[str(points) for points in table.game.sheet[0]]]
    assert sheet["totals"] == list(table.game.scores)


@pytest.mark.usefixtures("quick_coach")
def test_score_sheet_numbers_are_made_in_python_with_a_true_minus_sign() -> None:
    """score.sheet: every number on the sheet and its chart is text from the kernel (U+2212 for negatives)."""
    from hearts_widget.engine import Rules

    table = HeartsTable(rules=Rules(variant="omnibus"), seed=3)
    while not table.game.sheet or min(table.game.sheet[-1]) >= 0:
        if table.game.is_over or len(table.game.sheet) > 6:
            break
        act(table)
    sheet = table.sheet
    assert sheet["hands_text"] == [str(n) for n in range(1, len(table.game.sheet) + 1)]
    for row, texts in zip(table.game.sheet, sheet["rows_text"], strict=True):
        assert texts == [f"\u2212{-p}" if p < 0 else str(p) for p in row]
    assert all("-" not in text for text in [*sum(sheet["rows_text"], []), *sheet["totals_text"],
                                            *sheet["chart"]["ends_text"]])
    assert any("\u2212" in text for text in sum(sheet["rows_text"], [])), "an Omnibus bonus makes a negative row"
    assert sheet["chart"]["target_text"] == "target 100"
    assert sheet["chart"]["ends_text"][0].startswith("South ")


@pytest.mark.usefixtures("quick_coach")
def test_a_whole_game_ends_with_winners() -> None:
    table = HeartsTable(seed=3, target=30)
    for _ in range(500):
        if table.state["game_over"]:
            break
        if table.state["finish_offer"]:
            send(table, {"type": "finish_hand"})
            continue
        act(table)
    over = table.state["game_over"]
    assert over and over["winners"] == list(table.game.winners) and over["text"]
    assert over["own"][0].startswith(f"Your total: {table.game.scores[0]} points, place ")
    assert len(table.sheet["running"]) == len(table.game.sheet)
    before = snapshot(table)
    play = {"type": "play", "card": "2C"}
    send(table, play)
    assert snapshot(table) == before and table.notice["kind"] == "game-over"


def test_finish_hand_is_refused_while_points_remain(table: HeartsTable) -> None:
    pass_first_three(table)
    before = snapshot(table)
    send(table, {"type": "finish_hand"})
    assert snapshot(table) == before and table.notice["kind"] == "no-finish"


def test_last_trick_is_shown_on_request(table: HeartsTable) -> None:
    pass_first_three(table)
    while not table.game.hand.tricks:
        play_first_legal(table)
    send(table, {"type": "show_last_trick", "show": True})
    last = table.last_trick
    assert last and len(last["cards"]) == 4 and last["winner"] == table.game.hand.tricks[-1].winner


def test_pace_can_be_changed_from_the_page(table: HeartsTable) -> None:
    send(table, {"type": "set_pace", "pace": 0.5})
    assert table.state["pace"] == 0.5


def test_narration_tells_each_event_with_its_rule(table: HeartsTable) -> None:
    pass_first_three(table)
    lines = table.narration
    assert any(line["rule"] == "pass.simultaneous" for line in lines)
    assert any(line["rule"] == "play.first-lead" or "leads" in line["text"] for line in lines) \
        or table.game.hand.to_move == 0
    assert all(line["text"] and line["rule"] for line in lines)


def test_teaching_lines_name_the_rule_that_limits_the_learner(table: HeartsTable) -> None:
    pass_first_three(table)
    if table.game.hand.trick.cards:
        assert table.state["teaching"]
    assert all(line["rule"].startswith("play.") for line in table.state["teaching"])


def test_a_hint_marks_the_coachs_card_and_says_why(table: HeartsTable) -> None:
    send(table, {"type": "hint"})
    hint = table.state["hint"]
    assert len(hint["cards"]) == 3 and hint["text"]
    pass_first_three(table)
    assert table.state["hint"] is None, "a hint belongs to the position it was asked in"
    send(table, {"type": "hint"})
    hint = table.state["hint"]
    legal = {c["code"] for c in table.hand if c["legal"]}
    assert len(hint["cards"]) == 1 and hint["cards"][0] in legal and hint["text"]


def test_the_coach_comments_on_a_trick_that_cost_points() -> None:
    for seed in range(30):
        table = HeartsTable(seed=seed)
        while not table.game.sheet and not table.state["feedback"]:
            act(table)
        if table.state["feedback"]:
            assert "♥" in table.state["feedback"] or "♠" in table.state["feedback"] or table.state["feedback"]
            send(table, {"type": "undo"})
            assert table.state["feedback"] == ""
            return
    raise AssertionError("in 30 games the learner's first-legal-card play never cost avoidable points")


MOON_GAME = Path(__file__).with_name("moon_game.json")


def test_score_moon_the_moon_dialog_gives_the_coachs_hint_when_asked() -> None:
    """score.moon: at the moon choice the Hint asks the coach (bots.coach.moon_hint), whose
    choice and reason go with the dialog; the hint belongs to this choice only."""
    from hearts_widget.bots.coach import moon_hint

    table = HeartsTable()
    table.load(Game.from_json(MOON_GAME.read_text()))
    game = table.game
    assert table.state["moon"] and table.state["hint"] is None
    send(table, {"type": "hint"})
    hint = table.state["hint"]
    advice = moon_hint(game.pending_moon, game.scores, game.rules, "en", ["South", "West", "North", "East"])
    assert hint["text"] == advice.text and hint["choice"] == advice.reason.removeprefix("moon-")
    assert hint["choice"] in {c["choice"] for c in table.state["moon"]["choices"]} and hint["cards"] == []
    assert "\u221226" in hint["text"] and "-26" not in hint["text"], "one minus sign (U+2212) everywhere"
    assert table.state["moon"], "the dialog stays open until the learner chooses"
    send(table, {"type": "moon", "choice": hint["choice"]})
    assert table.state["moon"] is None and table.state["hint"] is None
    table.lang = "sw"
    assert table.state["hint"] is None


def test_score_moon_hint_speaks_the_learners_language() -> None:
    table = HeartsTable(lang="sw")
    table.load(Game.from_json(MOON_GAME.read_text()))
    send(table, {"type": "hint"})
    assert "26" in table.state["hint"]["text"] and "You" not in table.state["hint"]["text"]


@pytest.mark.parametrize("choice, row", [("self", [-26, 0, 0, 0]), ("others", [0, 26, 26, 26])])
def test_the_moon_dialog_says_what_each_choice_does_then_scores_it(choice: str, row: list[int]) -> None:
    table = HeartsTable()
    table.load(Game.from_json(MOON_GAME.read_text()))
    moon = table.state["moon"]
    assert table.state["phase"] == "moon"
    effects = {c["choice"]: c["effect"] for c in moon["choices"]}
    assert "South \u221226" in effects["self"] and "West 26" in effects["others"]
    assert all("goes on" in effect for effect in effects.values())
    send(table, {"type": "moon", "choice": choice})
    assert [list(r) for r in table.game.sheet] == [row]
    assert table.sheet["rows_text"] == [[str(p).replace("-", "\u2212") for p in row]]
    assert any(line["rule"] == "score.moon" for line in table.narration)


def test_load_refuses_a_game_for_another_table() -> None:
    with pytest.raises(ValueError, match="seats 4 players"):
        HeartsTable().load(Game.new(Rules(players=5)))
    with pytest.raises(TypeError, match="Game"):
        HeartsTable().load("not a game")  # type: ignore[arg-type]


@pytest.mark.usefixtures("quick_coach")
def test_the_next_hand_opens_with_what_the_last_one_scored(table: HeartsTable) -> None:
    assert table.state["hand_over"] == ""
    while not table.game.sheet:
        act(table)
    row = table.game.sheet[0]
    assert table.state["hand_over"].startswith("Hand 1 is over")
    assert f"South {row[0]}" in table.state["hand_over"]
    while not (table.game.hand.trick.cards or table.game.hand.tricks):  # the pass, then the first card
        act(table)
    assert table.state["hand_over"] == "", "hand 1's points go once hand 2 is played"


@pytest.mark.usefixtures("quick_coach")
def test_the_pass_direction_follows_the_rotation_with_a_no_pass_hand() -> None:
    table = HeartsTable(seed=2, target=500)
    labels = []
    while len(labels) < 4:
        if not table.state["held"] and (not labels or table.game.hand.number + 1 > len(labels)):
            labels.append(table.state["pass_label"])
            if len(labels) == 4:
                break
        act(table)
    assert labels == ["Pass left", "Pass right", "Pass across", "No pass"]
    assert not table.state["passing"]
    assert any(line["rule"] == "pass.rotation" for line in table.narration)


def test_a_pass_after_the_pass_is_refused(table: HeartsTable) -> None:
    pass_first_three(table)
    before = snapshot(table)
    send(table, {"type": "pass", "cards": [c["code"] for c in table.hand[:3]]})
    assert snapshot(table) == before and table.notice["kind"] == "passing-over"


def test_passing_a_card_not_held_is_refused(table: HeartsTable) -> None:
    held = {c["code"] for c in table.hand}
    other = next(code for code in ("2C", "3C", "AH", "KH", "QS", "AS") if code not in held)
    before = snapshot(table)
    send(table, {"type": "pass", "cards": [other, *list(held)[:2]]})
    assert snapshot(table) == before and table.notice["kind"] == "not-held"


def test_passing_one_card_twice_is_refused_with_the_rule(table: HeartsTable) -> None:
    code = table.hand[0]["code"]
    before = snapshot(table)
    send(table, {"type": "pass", "cards": [code, code, table.hand[1]["code"]]})
    assert snapshot(table) == before and table.notice["rule"] == "pass.three"


def test_a_play_while_the_moon_choice_waits_is_refused() -> None:
    table = HeartsTable()
    table.load(Game.from_json(MOON_GAME.read_text()))
    before = snapshot(table)
    send(table, {"type": "play", "card": "2C"})
    assert snapshot(table) == before and table.notice["kind"] == "moon-first"


def test_every_message_type_has_its_handler_in_the_table() -> None:
    """The session finds a message's handler in one table (issue 37, item 4), not by building
    a method name: every type the page may send has one, and every handler a type."""
    assert sorted(HANDLERS) == sorted(MESSAGE_TYPES)
    assert {name for name in vars(TableSession) if name.startswith("_on_")} == {
        handler.__name__ for handler in HANDLERS.values()}
    assert all(handler.__name__ == f"_on_{kind}" for kind, handler in HANDLERS.items())
