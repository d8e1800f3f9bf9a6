"""The lesson controls, driven as a learner would click them (no browser):
every verdict shown is the engine's explanation, with its rule id."""

from html import unescape

import pytest

from hearts_widget.lessons.checks import CHECKS
from hearts_widget.lessons.controls import (
    CheckBox, MoonChoice, PassBoard, PositionBoard, deck_html, rotation_html, variants_demo,
)
from hearts_widget.lessons.path import STEPS
from hearts_widget.lessons.positions import POSITIONS
from hearts_widget.lessons.stepper import Lesson, step_view
from hearts_widget.text.translate import LANGUAGES


def play_on_table(board: PositionBoard, code: str) -> None:
    """Click a card on the position's table, as the page would send it."""
    board.table.send_intent({"type": "play", "state": board.table.state["id"], "card": code})


@pytest.mark.parametrize("key", sorted(POSITIONS))
def test_each_card_on_the_table_gets_the_engines_verdict_and_rule(key: str) -> None:
    position = POSITIONS[key]
    for code, (legal, rule) in position.expect.items():
        board = PositionBoard(position)
        play_on_table(board, code)
        explanation = position.hand.explain(code)
        if legal:
            shown = unescape(board.feedback.value)
            assert board.played() is not None and board.played().code == code
            assert "✓" in shown and explanation.text() in shown and f"Rule {rule}." in shown
            assert not board.table.state["your_turn"]  # the table stops after the learner's card
        else:
            assert board.table.game.hand == position.hand and board.feedback.value == ""
            assert board.table.notice["rule"] == rule and explanation.text() in board.table.notice["text"]


def test_the_table_highlights_exactly_the_engines_legal_cards() -> None:
    for position in POSITIONS.values():
        board = PositionBoard(position)
        highlighted = {c["code"] for c in board.table.state["hand"] if c["legal"]}
        assert highlighted == {code for code, (legal, _) in position.expect.items() if legal}


def test_a_legal_card_tells_what_followed_and_undo_takes_it_back() -> None:
    board = PositionBoard(POSITIONS["hearts-broken-discard"])
    play_on_table(board, "3H")
    assert "✓" in board.feedback.value
    assert {"rule": "play.hearts-broken", "kind": "hearts-broken", "text": "Hearts are broken: South discarded 3♥. From now on a heart may be led."} \
        in board.table.state["narration"]
    board.table.send_intent({"type": "undo", "state": board.table.state["id"]})
    assert board.feedback.value == "" and board.table.state["your_turn"]


def test_pass_board_refuses_two_cards_then_passes_three() -> None:
    board = PassBoard()
    toggles = list(board.toggles.values())
    toggles[0].value = toggles[1].value = True
    board.pass_button.click()
    assert "pass.three" in board.feedback.value and "✗" in board.feedback.value
    toggles[2].value = True
    board.pass_button.click()
    shown = unescape(board.feedback.value)
    assert "✓" in shown and "the cards change hands together" in shown and board.pass_button.disabled


def test_check_box_feedback_right_and_wrong() -> None:
    check = CHECKS["maria-lead"]
    box = CheckBox(check)
    yes, no = box.children[1].children
    no.click()
    assert "Not quite." in box.feedback.value
    yes.click()
    assert "Right!" in box.feedback.value


def test_deck_and_rotation_pictures_come_from_the_rules() -> None:
    assert deck_html(6, None).count("hearts-lesson-out") == 4
    assert deck_html(4, None).count("hearts-lesson-out") == 0
    assert rotation_html(4, None).count("no pass") == 2 and "across" in rotation_html(4, None)
    assert "across" not in rotation_html(5, None)


def test_moon_choice_shows_the_engines_scores() -> None:
    board = MoonChoice()
    board.children[1].children[0].click()
    assert "\u221226" in board.result.value and "-26" not in board.result.value \
        and "South shot the moon: 26 points off their own score." in unescape(board.result.value)


def test_variants_demo_shows_each_seats_points_as_hearts_and_as_omnibus_and_who_took_the_bonus() -> None:
    shown = unescape(variants_demo().value)
    assert "<th style='padding:0 .6em'>Hearts</th>" in shown and "Omnibus Hearts</th>" in shown
    assert "<td style='text-align:right;padding:0 .6em'>\u22126</td>" in shown and "\u221210</td>" in shown
    assert "-1" not in shown and "-6" not in shown  # the minus sign, never a hyphen
    assert "North took the J♦, so North scores 10 points fewer in Omnibus Hearts." in shown
    assert "Omnibus" in unescape(variants_demo("sw").value)  # a proper name, the same in every language


def test_a_comparison_without_omnibus_names_no_bonus_taker() -> None:
    from hearts_widget.engine.same_deal import same_deal
    from hearts_widget.lessons.controls import same_deal_html
    from hearts_widget.lessons.games import OMNIBUS_SEED, played_hand

    shown = unescape(same_deal_html(same_deal(played_hand(OMNIBUS_SEED), moon="off"), None))
    assert "<th style='padding:0 .6em'>Hearts</th>" in shown and "J♦" not in shown


def test_lesson_walks_from_first_step_to_the_game_and_back() -> None:
    lesson = Lesson()
    assert lesson.back.disabled and "Step 1 of" in lesson.progress.value
    for _ in range(len(STEPS) - 1):
        lesson.next.click()
    assert lesson.next.disabled and "hearts-lesson-step-play" in lesson.content.children[0]._dom_classes
    lesson.back.click()
    assert lesson.index == len(STEPS) - 2


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_step_builds_in_every_language(lang: str) -> None:
    for current in STEPS[:-1]:
        assert step_view(current, lang).children
    lesson = Lesson()
    lesson.language.value = lang
    assert lesson.lang == lang


def test_page_language_from_the_voila_query_string_then_the_locale() -> None:
    from hearts_widget.lessons.stepper import page_language

    assert page_language({"QUERY_STRING": "lang=sw"}) == "sw"
    assert page_language({"QUERY_STRING": "lang=xx", "LANG": "tl_PH.UTF-8"}) == "tl"
    assert page_language({}) == "en"
