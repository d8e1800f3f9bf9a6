"""A lesson board asks before it tells: nothing about the learner's cards reaches the page
before their first card (or their asking to see the playable ones, a hint); words not
taught yet are said plainly; rule ids are shown only to teachers (show_rule_ids)."""

from __future__ import annotations

from html import unescape

from hearts_widget.lessons.controls import PositionBoard, verdict_html
from hearts_widget.lessons.path import POSITIONS
from hearts_widget.lessons.progress import results
from hearts_widget.lessons.stepper import Lesson, untaught_at
from hearts_widget.text.lessons import lesson_text
from hearts_widget.text.translate import LANGUAGES
from hearts_widget.text.ui import ask_turn_text
from hearts_widget.widget import HeartsTable

# The word for "broken" (hearts are broken) in each language (text/glossary).
BROKEN = {"en": "broken", "tl": "labag", "ceb": "lapas", "sw": "vunj"}


def play_on_table(board: PositionBoard, code: str) -> None:
    board.table.send_intent({"type": "play", "state": board.table.state["id"], "card": code})


def told_nothing(table: HeartsTable) -> bool:
    """No verdict, reason or rule on any card, no rule sentence: what the page has before the learner answers."""
    return (table.state["asking"] and table.state["teaching"] == []
            and all(set(card) <= {"code", "name", "received", "legal"} and not card["legal"] for card in table.hand))


def test_a_board_tells_nothing_until_the_first_card_then_the_verdicts_show() -> None:
    board = PositionBoard(POSITIONS["follow-suit"], "en")
    assert told_nothing(board.table)
    assert board.table.state["status"] == ask_turn_text("South", "en")
    play_on_table(board, "7C")  # an illegal card: refused, with its rule, and now every card is judged
    assert board.table.notice["rule"] == "play.follow-suit"
    assert not board.table.state["asking"] and board.table.state["teaching"]
    assert {c["code"]: c["legal"] for c in board.table.hand} == {"7C": False, "3D": True, "QD": True, "9S": False,
                                                                 "4H": False}
    assert board.first is False and not board.hinted


def test_right_at_the_first_try_counts_only_unaided() -> None:
    lesson = Lesson(lang="en", remember=False)
    index = next(i for i, s in enumerate(lesson.lesson.steps) if s.key == "follow-suit")
    lesson.go(index)
    board = lesson.views[index].parts["position:follow-suit"]
    assert isinstance(board, PositionBoard)
    assert board.show_playable.layout.display is None  # the hint is offered before the first card
    board.reveal()  # "Show the playable cards": a hint
    assert not told_nothing(board.table) and board.show_playable.layout.display == "none"
    play_on_table(board, "3D")
    assert board.done and board.first is False and board.hinted
    row = next(r for r in results(lesson.lesson, lesson.progress) if r["key"] == "follow-suit")
    assert row["positions_first_try"] == 0
    unaided = PositionBoard(POSITIONS["follow-suit"], "en")
    play_on_table(unaided, "3D")
    assert unaided.first is True and not unaided.hinted


def test_a_reloaded_board_answered_before_shows_its_verdicts() -> None:
    board = PositionBoard(POSITIONS["follow-suit"], "en")
    board.restore({"played": None, "wrong": 1, "first": False})
    assert not board.table.state["asking"]
    fresh = PositionBoard(POSITIONS["follow-suit"], "en")
    fresh.restore({})
    assert told_nothing(fresh.table)


def test_before_the_step_on_leading_hearts_a_heart_played_is_told_in_plain_words() -> None:
    """Issue 35: before leading hearts is taught, a heart played changes nothing the learner knows of
    and is not told; from that step until breaking hearts is taught, it is told in plain words."""
    lesson = Lesson(lang="en", remember=False).lesson
    discard, leading = lesson.step("discard"), lesson.step("hearts-lead")
    assert {"play.hearts-broken", "play.hearts-lead"} <= set(untaught_at(lesson, discard))
    assert "play.hearts-broken" in untaught_at(lesson, leading)
    assert "play.hearts-lead" not in untaught_at(lesson, leading)
    assert "play.hearts-broken" not in untaught_at(lesson, lesson.step("hearts-broken"))
    for lang in LANGUAGES:
        board = PositionBoard(POSITIONS["discard"], lang, untaught_at(lesson, discard))
        play_on_table(board, "4H")
        assert [e for e in board.table.state["trick"]["events"] if e["kind"] == "hearts-broken"] == []
        lines = board.table._story.whole()["lines"]  # read aloud too
        assert [line for line in lines if line["kind"] == "hearts-broken"] == []
        plain = PositionBoard(POSITIONS["discard"], lang, untaught_at(lesson, leading))
        play_on_table(plain, "4H")
        told = plain.table.state["trick"]["events"]
        assert [e["rule"] for e in told if e["kind"] == "hearts-broken"] == [""]
        said = " ".join(e["text"] for e in told).lower()
        assert BROKEN[lang] not in said, said
        story = " ".join(line["text"] for line in plain.table._story.whole()["lines"]).lower()
        assert BROKEN[lang] not in story and all(line["rule"] != "play.hearts-broken"
                                                 for line in plain.table._story.whole()["lines"])
    english = PositionBoard(POSITIONS["discard"], "en", untaught_at(lesson, leading))
    play_on_table(english, "4H")
    assert "from now on a heart may be led" in " ".join(e["text"] for e in english.table.state["trick"]["events"])
    taught = PositionBoard(POSITIONS["discard"], "en")
    play_on_table(taught, "4H")
    assert "broken" in " ".join(e["text"] for e in taught.table.state["trick"]["events"]).lower()


def test_rule_ids_are_for_teachers_only() -> None:
    assert HeartsTable().static["show_rule_ids"] is False
    assert HeartsTable(show_rule_ids=True).static["show_rule_ids"] is True
    board = PositionBoard(POSITIONS["follow-suit"], "en", show_rule_ids=True)
    assert board.table.static["show_rule_ids"] is True
    explanation = POSITIONS["follow-suit"].hand.explain("3D")
    assert "play.follow-suit" not in verdict_html(explanation, "en")
    assert "play.follow-suit" in verdict_html(explanation, "en", show_rule_ids=True)
    play_on_table(board, "3D")
    assert "play.follow-suit" in unescape(board.feedback.value)
    teacher = Lesson(lang="en", remember=False, show_rule_ids=True)
    teacher.go(2)
    assert all(part.table.static["show_rule_ids"] for part in teacher.views[2].parts.values()
               if isinstance(part, PositionBoard))
    assert lesson_text("ui.show-playable", "sw") != lesson_text("ui.show-playable", "en")
