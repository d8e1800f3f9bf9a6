"""The lesson file format: the built-in lesson validates and is fully translated;
a malformed file is refused naming the file, the step and the field."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from hearts_widget.lessons.format import BUILTIN, LessonFileError, builtin_lesson, lesson_from_dict, load_lesson
from hearts_widget.text.translate import LANGUAGES, translator

RAW = json.loads(BUILTIN.read_text(encoding="utf-8"))


def test_the_builtin_lesson_file_validates() -> None:
    lesson = load_lesson(BUILTIN)
    assert lesson.id == "hearts-basics" and len(lesson.steps) == len(RAW["steps"])


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != "en"])
def test_every_text_key_of_the_builtin_lesson_is_translated(lang: str) -> None:
    catalog = translator(lang)._catalog  # type: ignore[attr-defined]
    untranslated = []
    for step in builtin_lesson().steps:
        for text in step.texts():
            english = text("en")
            if english not in catalog or not catalog[english]:
                untranslated.append(text.key)
    assert untranslated == []


def broken(change) -> dict:
    data = copy.deepcopy(RAW)
    change(data)
    return data


def refused(data: dict) -> str:
    with pytest.raises(LessonFileError) as error:
        lesson_from_dict(data, "my-lesson.json")
    return str(error.value)


def test_an_unknown_field_is_named_with_a_suggestion() -> None:
    message = refused(broken(lambda d: d["steps"][2].update(positons=[])))
    assert message.startswith("my-lesson.json: step 3 ('follow-suit'), field 'positons'")
    assert "did you mean 'positions'" in message


def test_bad_card_notation_in_a_position_names_the_field() -> None:
    message = refused(broken(lambda d: d["steps"][2]["positions"][0].update(held="7C 3D QX 9S 4H")))
    assert "step 3 ('follow-suit'), field 'positions[0].held'" in message and "QX" in message


def test_a_wrong_trick_count_is_blamed_on_tricks_done_not_on_the_cards_held() -> None:
    """Issue 35: 5 cards held after 9 tricks (4 would be left) named 'held' as the field at fault."""
    message = refused(broken(lambda d: d["steps"][2]["positions"][0].update(tricks_done=9)))
    assert "step 3 ('follow-suit'), field 'positions[0].tricks_done'" in message
    assert "9 tricks done leave 4 cards in each hand, but `held` has 5" in message and "`tricks_done` is 8" in message


def test_a_position_the_engine_disagrees_with_is_refused() -> None:
    def lie(d: dict) -> None:
        d["steps"][2]["positions"][0]["expect"][1]["legal"] = False
    message = refused(broken(lie))
    assert "field 'positions[0].expect'" in message and 'the engine says `"legal"`: true' in message


def test_an_answer_that_is_not_a_choice_is_refused() -> None:
    message = refused(broken(lambda d: d["steps"][0]["checks"][0].update(answers=["lowest"])))
    assert "step 1 ('aim'), field 'checks[0].answers'" in message and "'lowest'" in message


def test_a_missing_hint_is_refused() -> None:
    message = refused(broken(lambda d: d["steps"][0]["checks"][1].pop("hint")))
    assert "field 'checks[1].hint': missing" in message


def test_an_unknown_text_key_is_refused_and_inline_sentences_are_accepted() -> None:
    message = refused(broken(lambda d: d["steps"][0].update(title="step.aim.titel")))
    assert "field 'title'" in message and "did you mean 'step.aim.title'" in message
    lesson = lesson_from_dict(broken(lambda d: d["steps"][0].update(title={"en": "Goal", "sw": "Lengo"})))
    assert lesson.steps[0].title("sw") == "Lengo" and lesson.steps[0].title("tl") == "Goal"
    message = refused(broken(lambda d: d["steps"][0].update(title={"sw": "Lengo"})))
    assert "need the English one" in message


def test_unknown_rule_demo_and_format_are_refused() -> None:
    assert "field 'rules[0]'" in refused(broken(lambda d: d["steps"][1].update(rules=["setup.dael"])))
    assert "did you mean 'rotation'" in refused(broken(lambda d: d["steps"][1].update(demo="rotaton")))
    assert "field 'format'" in refused(broken(lambda d: d.update(format="hearts-lesson/9")))


def test_duplicate_step_keys_are_refused() -> None:
    assert "'aim' is used twice" in refused(broken(lambda d: d["steps"][1].update(key="aim")))


def test_a_file_that_is_not_json_is_refused_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "lesson.json"
    path.write_text('{"format": "hearts-lesson/1",', encoding="utf-8")
    with pytest.raises(LessonFileError, match=r"lesson\.json: not valid JSON at line 1"):
        load_lesson(path)
    with pytest.raises(LessonFileError, match="cannot read"):
        load_lesson(tmp_path / "missing.json")


def test_a_small_teachers_lesson_loads_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "short.json"
    path.write_text(json.dumps({
        "format": "hearts-lesson/1", "id": "short", "title": {"en": "Short lesson"},
        "steps": [{"key": "one", "title": {"en": "Follow suit"}, "rules": ["play.follow-suit"],
                   "positions": [{"key": "p", "held": "7C 3D QD 9S 4H", "trick": "6D", "tricks_done": 8,
                                  "prompt": {"en": "Diamonds were led."}}],
                   "checks": [{"key": "q", "question": {"en": "Must you follow?"},
                               "choices": [{"id": "y", "text": {"en": "Yes"}},
                                           {"id": "n", "text": {"en": "No"}, "feedback": {"en": "You hold one."}}],
                               "answers": ["y"], "hint": {"en": "Look at your diamonds."},
                               "why": {"en": "You hold diamonds."}}]}]}), encoding="utf-8")
    lesson = load_lesson(path)
    assert lesson.steps[0].positions[0].hand.to_move == 0
    assert lesson.steps[0].checks[0].choice("n").feedback("en") == "You hold one."


def cancellation_board(**fields: object) -> dict:
    """The built-in lesson with its board of a trick nobody won (Cancellation Hearts) changed."""
    def change(d: dict) -> None:
        step = next(s for s in d["steps"] if s["key"] == "cancellation")
        step["positions"][2].update(fields)
    return broken(change)


def test_a_cancellation_board_is_replayed_from_its_tricks_before_and_its_mistakes_are_named() -> None:
    board = builtin_lesson().positions()["cancel-carried"]
    assert board.rules.players == 5 and board.before == ("AC 3C 5C 8C 2C", "8D 8D QS 10D 10D")
    message = refused(cancellation_board(players=11))
    assert "step 20 ('cancellation'), field 'positions[2].players'" in message and "5 to 10" in message
    assert "Rules.players must be from 5 to 10" in refused(cancellation_board(players=4))
    message = refused(cancellation_board(tricks_done=2))
    assert "field 'positions[2].tricks_done'" in message and "as `before`" in message
    message = refused(cancellation_board(before=["AC 3C 5C 8C 2X"]))
    assert "field 'positions[2].before[0]'" in message and "2X" in message
    message = refused(cancellation_board(before=["AC 3C 5C 8C QS", "8D 8D QS 10D 10D"]))  # the learner holds clubs
    assert "field 'positions[2].before': the engine cannot set up this position: before[0]: Q♠" in message
    message = refused(broken(lambda d: d["steps"][2]["positions"][0].update(kitty="2D")))
    assert "field 'positions[0].kitty': only Cancellation Hearts (two packs) has a kitty" in message


def test_the_teachers_guide_has_the_answer_to_every_question_and_its_example_loads() -> None:
    root = BUILTIN.parents[2]
    guide = (root / "docs" / "teachers.md").read_text(encoding="utf-8")
    for check in builtin_lesson().checks().values():
        assert f"`{check.key}`" in guide and f"**Answer: {check.choice(check.answer).text()}.**" in guide
    example = load_lesson(root / "docs" / "example-lesson.json")
    assert example.steps[0].positions[0].expect and example.steps[-1].demo == "table"
