"""The lesson controls and the stepper, driven as a learner would click them
(no browser): verdicts are the engine's, answers teach, everything is kept
across Back/Next, a language switch and a reload, and a walk leaves as many
widgets alive as it found."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import re
from html import unescape
from pathlib import Path

import pytest
from ipywidgets.widgets.widget import Widget, _instances

from hearts_widget.lessons import stepper
from hearts_widget.lessons.controls import (
    CheckBox,
    MoonChoice,
    PassBoard,
    PositionBoard,
    close_tree,
    deck_html,
    demo_part,
    rotation_html,
)
from hearts_widget.lessons.format import builtin_lesson
from hearts_widget.lessons.path import CHECKS, POSITIONS, STEPS, step
from hearts_widget.lessons.stepper import Lesson, page_language, step_view
from hearts_widget.text import event_text
from hearts_widget.text.rule_names import rule_name
from hearts_widget.text.translate import LANGUAGES
from hearts_widget.text.ui import seat_names
from hearts_widget.widget import HeartsTable, persist


def play_on_table(board: PositionBoard, code: str) -> None:
    """Click a card on the position's table, as the page would send it."""
    board.table.send_intent({"type": "play", "state": board.table.state["id"], "card": code})


@pytest.mark.parametrize("key", sorted(POSITIONS))
def test_each_card_gets_the_engines_verdict_and_no_position_freezes(key: str) -> None:
    position = POSITIONS[key]
    for code, (legal, rule) in position.expect.items():
        board = PositionBoard(position, "en")
        assert board.table.state["layout"] == "position"
        play_on_table(board, code)
        explanation = position.hand.explain(code)
        if legal:
            shown = unescape(board.feedback.value)
            assert board.played() is not None and board.played().code == code
            assert "✓" in shown and explanation.text() in shown and f"Rule {rule_name(rule)}." in shown
            assert " wins the " in shown and " trick of " in shown  # who won the trick the learner played to
            assert "Undo and try another card" in shown
            assert board.table.state["stopped"] and not board.table.state["your_turn"]
        else:
            assert board.table.game.hand == position.hand and board.feedback.value == ""
            assert board.table.notice["rule"] == rule and board.wrong == 1 and board.first is False


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_a_cancellation_board_tells_how_the_trick_ended_beside_the_verdict(lang: str) -> None:
    """Twins cancelled, who won, the kitty or the carried cards taken: the engine's words, in the learner's
    language, only once the learner has played."""
    for key, code, kinds in (("cancel-twin-king", "KD", ("cancelled", "trick-won", "kitty-taken")),
                             ("cancel-carried", "2C", ("trick-won", "carried-taken"))):
        position = POSITIONS[key]
        board = PositionBoard(position, lang)
        assert board.feedback.value == ""
        play_on_table(board, code)
        names = seat_names(position.rules.players, position.seat, lang)
        told = [event_text(e, lang, names) for e in position.attempt(code).events if e.kind in kinds]
        shown = unescape(board.feedback.value)
        assert len(told) == len(kinds) and all(text in shown for text in told), (key, shown)
        assert [shown.index(text) for text in told] == sorted(shown.index(text) for text in told)


def test_undo_takes_the_card_back_and_the_coach_explains_on_a_strategy_position() -> None:
    board = PositionBoard(POSITIONS["strategy-duck"], "en")
    play_on_table(board, "KD")
    assert "The coach: 10♦ is already down: play your 9♦ under it" in unescape(board.feedback.value)
    board.table.send_intent({"type": "undo", "state": board.table.state["id"]})
    assert board.feedback.value == "" and board.table.state["your_turn"] and not board.done


def test_pass_board_refuses_two_cards_then_passes_three_and_the_coach_says_why() -> None:
    board = PassBoard("en", coach=True)
    toggles = list(board.toggles.values())
    toggles[0].value = toggles[1].value = True
    board.pass_button.click()
    assert "Pass three cards" in board.feedback.value and "✗" in board.feedback.value
    toggles[2].value = True
    board.pass_button.click()
    shown = unescape(board.feedback.value)
    assert "✓" in shown and "received" in shown and "The coach: Pass " in shown and board.done


def test_check_box_hint_first_then_the_answer_then_right() -> None:
    box = CheckBox(CHECKS["maria-lead"], "en")
    yes, no = box.buttons
    no.click()
    assert "Hint:" in box.feedback.value and "may be led at any time" not in box.feedback.value
    no.click()
    assert "The answer: Yes" in box.feedback.value
    yes.click()
    assert "Right!" in box.feedback.value and yes.disabled and box.state() == {"tries": ["no", "no", "yes"]}


def test_moon_choice_scores_on_the_engine() -> None:
    moon = MoonChoice("en")
    moon.buttons["self"].click()
    assert "\u221226" in moon.result.value and "-26" not in moon.result.value  # the minus sign, never a hyphen


def test_deck_and_rotation_pictures_come_from_the_rules() -> None:
    assert deck_html(6, None).count("hearts-lesson-out") == 4
    assert deck_html(4, None).count("hearts-lesson-out") == 0
    assert rotation_html(4, None).count("no pass") == 2 and "across" in rotation_html(4, None)


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_step_builds_in_every_language(lang: str) -> None:
    for current in STEPS:
        assert step_view(current, lang).children


def walk(lesson: Lesson) -> None:
    for _ in range(len(STEPS) - 1):
        lesson.next.click()
    for _ in range(len(STEPS) - 1):
        lesson.back.click()


def test_back_next_and_language_keep_answers_positions_and_the_game() -> None:
    lesson = Lesson(lang="en", remember=False)
    lesson.go(2)  # follow-suit
    view = lesson.views[2]
    play_on_table(view.parts["position:follow-suit"], "QD")
    view.parts["check:follow-spades"].answer("any")
    lesson.go(len(STEPS) - 1)
    assert 2 not in lesson.views and view.comm is None, "a step left far behind is closed"
    game = lesson.views[len(STEPS) - 1].parts["demo"].table
    game.send_intent({"type": "pass", "state": game.state["id"],
                      "cards": [c.code for c in game.game.hand.held(0)[:3]]})
    moves = game.game.to_dict()["actions"]
    lesson.back.click()
    lesson.language.value = "sw"
    lesson.go(2)
    board, check = lesson.views[2].parts["position:follow-suit"], lesson.views[2].parts["check:follow-spades"]
    assert board.played().code == "QD" and check.tries == ["any"]  # built again from the progress
    assert check.feedback.value and "Hint" not in check.feedback.value  # now in Swahili
    assert lesson.views[len(STEPS) - 1].parts["demo"].table is game and game.game.to_dict()["actions"] == moves
    assert game.lang == "sw" and board.table.lang == "sw"


def widgets_in(widget: Widget) -> int:
    """How many widgets are open in ``widget``'s tree, itself, layouts and styles included."""
    inside = [getattr(widget, name, None) for name in ("layout", "style")]
    return 1 + sum(isinstance(w, Widget) and w.comm is not None for w in inside) + sum(
        widgets_in(child) for child in getattr(widget, "children", ()))


def test_a_walk_and_start_over_leave_as_many_widgets_as_they_found() -> None:
    """Issue 38: 1,860 widgets were alive after one walk and 289 after Start over, 100 at the start.
    A walk closes the steps it leaves behind; only the steps that play a game stay built."""
    before = len(_instances)
    lesson = Lesson(lang="en", remember=False)
    at_start = len(_instances)
    walk(lesson)
    games = [view for view in lesson.views.values() if view.plays_a_game]
    assert sorted(lesson.views) == [0, *(view_index for view_index, view in lesson.views.items() if view in games)]
    assert len(games) == 2  # the guided hand and the free game
    assert len(_instances) == at_start + sum(widgets_in(view) for view in games)
    lesson.restart()
    assert len(_instances) == at_start and lesson.index == 0
    close_tree(lesson)
    assert len(_instances) == before


def test_a_next_sends_only_what_changed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 38: each Next resent the results (18.4 KB), the path (3.1 KB) and the rules mastered
    (4.2 KB). Now the counter, the path's ``current`` and the two steps' display: under 1 KB of
    state (the step itself built beforehand, as the page's event loop does while the learner reads)."""
    sent: list[int] = []
    monkeypatch.setattr(Widget, "_send", lambda self, msg, buffers=None: sent.append(len(json.dumps(msg))))
    lesson = Lesson(lang="en", remember=False)
    sizes = []
    for index in range(1, len(STEPS)):
        if index not in lesson.views:
            lesson._build(index)
        sent.clear()
        lesson.next.click()
        sizes.append(sum(sent))
    assert lesson.index == len(STEPS) - 1
    assert sorted(sizes)[len(sizes) // 2] < 1000, sizes


def test_the_results_are_made_when_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []
    for name in ("results_csv", "results_json"):
        real = getattr(stepper, name)
        monkeypatch.setattr(stepper, name, lambda *args, real=real, name=name: made.append(name) or real(*args))
    lesson = Lesson(lang="en", remember=False)
    for _ in range(3):
        lesson.next.click()
    assert made == []
    files: list[dict[str, str]] = []
    monkeypatch.setattr(lesson.downloads, "send", files.append)
    lesson.downloads._on_message(lesson.downloads, {"type": "results", "format": "csv"}, [])
    lesson.downloads._on_message(lesson.downloads, {"type": "results", "format": "exe"}, [])  # not ours: no answer
    assert made == ["results_csv"] and [f["format"] for f in files] == ["csv"]
    assert [row["key"] for row in csv.DictReader(io.StringIO(files[0]["text"]))] == [s.key for s in STEPS]
    assert lesson.downloads.name == "hearts-basics-results"


def test_the_path_marks_done_steps_and_results_parse() -> None:
    lesson = Lesson(lang="en", remember=False)
    boxes = [lesson.views[0].parts[f"check:{c.key}"] for c in STEPS[0].checks]
    boxes[0].answer("high")
    boxes[0].answer("low")
    boxes[1].answer("QS")
    assert lesson.progress["steps"]["aim"]["done"]
    assert lesson.path.done[:2] == [True, False] and lesson.path.current == 0
    rows = list(csv.DictReader(io.StringIO(lesson.results_csv())))
    assert rows[0]["key"] == "aim" and rows[0]["attempts"] == "3" and rows[0]["first_try_right"] == "1"
    assert len(rows) == len(STEPS)
    data = json.loads(lesson.results_json())
    assert data["questions"]["aim-winner"] == {"step": "aim", "tries": ["high", "low"], "attempts": 2,
                                               "first_try_right": False}
    assert lesson.downloads.links == {"csv": "Download (CSV)", "json": "Download (JSON)"}


def test_a_reload_continues_from_what_the_browser_kept() -> None:
    first = Lesson(lang="en")
    first.go(2)
    play_on_table(first.views[2].parts["position:follow-suit"], "3D")
    first.views[2].parts["check:follow-spades"].answer("spade")
    first.set_lang("ceb")
    kept = json.loads(json.dumps(first.store.progress))  # what localStorage holds
    assert "hands" not in json.dumps(kept) and "held" not in json.dumps(kept)
    again = Lesson(lang="en")
    again.store._on_message(again.store, {"type": "saved", "progress": kept}, [])
    assert again.index == 2 and again.lang == "ceb"
    assert again.views[2].parts["position:follow-suit"].played().code == "3D"
    assert again.views[2].parts["check:follow-spades"].done


CLIENT = "lesson-browser-id-0001"


def hello_and_play(table: HeartsTable, cards: int) -> None:
    """The page says which browser it is, then the learner passes and plays ``cards`` cards."""
    table.send_intent({"type": "hello", "client": CLIENT})
    table.send_intent({"type": "pass", "state": table.state["id"],
                       "cards": [c.code for c in table.game.hand.held(0)[:3]]})
    for _ in range(cards):
        table.send_intent({"type": "play", "state": table.state["id"], "card": table.game.hand.legal_moves()[0].code})


def test_a_reload_brings_back_the_guided_hand_and_the_free_game_and_start_over_deals_afresh(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(HeartsTable, "store", persist.Store(tmp_path))
    monkeypatch.setattr(HeartsTable, "_claims", {})
    guided, free = STEPS.index(step("guided")), STEPS.index(step("play"))
    first = Lesson(lang="en")
    first.go(guided)
    hello_and_play(first.views[guided].parts["demo"].table, 2)
    first.go(free)
    hello_and_play(first.views[free].parts["demo"].table, 1)
    games = {i: first.views[i].parts["demo"].table.game for i in (guided, free)}
    kept = json.loads(json.dumps(first.store.progress))  # what localStorage holds: a name, no card
    assert set(kept) == {"format", "lesson", "step", "lang", "games", "steps", "learner", "name"}
    HeartsTable._claims.clear()  # Voilà's new kernel on reload
    again = Lesson(lang="en")
    again.store._on_message(again.store, {"type": "saved", "progress": kept}, [])
    assert again.index == free
    again.go(guided)
    for index in (guided, free):
        table = again.views[index].parts["demo"].table
        table.send_intent({"type": "hello", "client": CLIENT})
        assert table.game == games[index] and table.notice["kind"] == "resumed"
    again.restart()
    assert again.progress["games"] != kept["games"]
    assert not list(tmp_path.glob("tables/*.json")), "Start over drops the kept games"
    again.go(guided)
    table = again.views[guided].parts["demo"].table
    table.send_intent({"type": "hello", "client": CLIENT})
    assert table.game.hand.phase == "pass" and table.game != games[guided]


def test_the_guided_hand_says_what_to_do_now_and_when_the_step_is_done() -> None:
    """The coach's advice on the learner's turn, Continue while a trick is held, then the end of the step."""
    guided = demo_part("guided", builtin_lesson(), "en")
    table, said = guided.table, set()
    while not guided.done:
        text = re.sub("<[^>]+>", "", unescape(guided.advice.value))
        if table.state["held"]:
            said.add("held")
            assert "See who won the trick and why, then press Continue." in text
            table.send_intent({"type": "continue", "state": table.state["id"]})
        elif table.game.hand.phase == "pass":
            assert text.startswith("The coach: Pass")
            table.send_intent({"type": "pass", "state": table.state["id"],
                               "cards": [c.code for c in table.game.hand.held(0)[:3]]})
        else:
            said.add("coach")
            assert text.startswith("The coach: ") and table.game.hand.to_move == 0
            table.send_intent({"type": "play", "state": table.state["id"],
                               "card": table.game.hand.legal_moves()[0].code})
    assert said == {"held", "coach"}
    assert "The hand is over: this step is done." in unescape(guided.advice.value)


def test_junk_from_the_browser_is_ignored() -> None:
    lesson = Lesson(lang="en")
    for junk in (None, {"format": 1}, {"format": 1, "lesson": "hearts-basics", "step": "nowhere", "steps": {
            "aim": {"parts": {"check:aim-winner": {"tries": ["maybe"]}}}, "follow-suit": 3}}):
        lesson.store._on_message(lesson.store, {"type": "saved", "progress": junk}, [])
        assert lesson.index == 0 and not lesson.views[0].parts["check:aim-winner"].tries


def test_page_language_from_the_voila_query_string_then_the_locale() -> None:
    assert page_language({"QUERY_STRING": "lang=sw"}) == "sw"
    assert page_language({"QUERY_STRING": "lang=xx", "LANG": "tl_PH.UTF-8"}) == "tl"
    assert page_language({}) == "en"


def test_the_lessons_pace_reaches_every_table_and_a_wrong_pace_is_refused_by_name() -> None:
    """``Lesson(pace=...)``: the boards, the guided hand and the free game play the bots' cards
    that many seconds apart (by default one card at a time, as the table does)."""
    def paces(lesson: Lesson) -> set[float]:
        found = set()
        for index, current in enumerate(lesson.lesson.steps):
            if current.positions or current.demo in ("guided", "table"):
                lesson.go(index)
                found |= {part.table.state["pace"] for part in lesson.views[index].parts.values()
                          if hasattr(part, "table")}
        return found

    assert paces(Lesson(lang="en", remember=False)) == {HeartsTable().state["pace"]}
    assert paces(Lesson(lang="en", remember=False, pace=0)) == {0.0}
    for wrong in (-1, "fast", None, True, 60):
        with pytest.raises(ValueError, match="pace must be seconds between bot cards"):
            Lesson(lang="en", remember=False, pace=wrong)  # type: ignore[arg-type]


def test_with_an_event_loop_the_steps_beside_are_built_and_the_far_ones_closed() -> None:
    """As in Voilà: once a step is shown, the steps before and after it are built while the learner
    reads, and those two or more away are closed (but for a step with a table)."""
    async def walk_with_a_loop() -> None:
        lesson = Lesson(lang="en", remember=False, start=3)
        await asyncio.sleep(0.3)
        assert sorted(lesson.views) == [2, 3, 4]
        far = lesson.views[2]
        lesson.go(10)
        lesson.next.click()  # 11, before the step beside 10 was built
        await asyncio.sleep(0.3)
        assert sorted(lesson.views) == [10, 11, 12] and far.comm is None
        lesson.back.click()
        assert lesson.index == 10 and sorted(lesson.views) == [10, 11, 12], "Back only shows a step built beside"
        close_tree(lesson)

    asyncio.run(walk_with_a_loop())
