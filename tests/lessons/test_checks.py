"""Check questions teach: a hint (with the choice's own feedback) after a first
wrong answer, the answer after a second; and their answers agree with the engine."""

import pytest

from hearts_widget import Card, Rules
from hearts_widget.lessons.checks import attempts, first_try_right, respond, valid_tries
from hearts_widget.lessons.path import CHECKS
from hearts_widget.text.lessons import lesson_text


@pytest.mark.parametrize("key", sorted(CHECKS))
def test_a_wrong_answer_gets_a_hint_then_the_answer(key: str) -> None:
    check = CHECKS[key]
    wrong = [c.id for c in check.choices if c.id not in check.answers]
    first = respond(check, [wrong[0]])
    assert first is not None and first.stage == "hint" and check.hint() in first.text
    assert check.why() not in first.text  # the answer is kept back
    second = respond(check, [wrong[0], wrong[-1]])
    assert second is not None and second.stage == "reveal"
    assert check.choice(check.answer).text() in second.text and check.why() in second.text
    right = respond(check, [wrong[0], check.answer])
    assert right is not None and right.correct and right.text == lesson_text("ui.check-right", why=check.why())


def test_a_wrong_choice_with_its_own_feedback_says_it_with_the_hint() -> None:
    check = CHECKS["aim-worst"]
    response = respond(check, ["AH"])
    assert response is not None
    assert "A heart is only 1 point" in response.text and check.hint() in response.text


def test_attempts_and_first_try_right() -> None:
    check = CHECKS["maria-lead"]
    assert (attempts(check, ["no", "yes"]), first_try_right(check, ["no", "yes"])) == (2, False)
    assert (attempts(check, ["yes"]), first_try_right(check, ["yes"])) == (1, True)
    assert respond(check, []) is None


def test_an_unknown_choice_is_refused_by_name_and_stored_junk_is_dropped() -> None:
    with pytest.raises(ValueError, match="'maybe'"):
        respond(CHECKS["maria-lead"], ["maybe"])
    assert valid_tries(CHECKS["maria-lead"], ["yes", "maybe"]) == []
    assert valid_tries(CHECKS["maria-lead"], "yes") == []


# The answers, asked of the engine.

def test_setup_deal_six_players_get_eight_cards() -> None:
    assert CHECKS["deck-six"].answer == str(Rules(players=6).cards_each)


def test_pass_rotation_answers() -> None:
    assert Rules(players=4).pass_direction(3) is None and CHECKS["rotation-four"].answer == "none"
    assert Rules(players=5).pass_direction(2) == "left" == CHECKS["rotation-five"].answer


def test_play_first_lead_five_players() -> None:
    assert Rules(players=5).first_lead_card.code == CHECKS["first-lead-five"].answer


def test_score_points_answers() -> None:
    from hearts_widget.engine.cards import mask_of

    assert str(Rules.points_in(mask_of([Card.parse(c) for c in ("2H", "5H", "9H", "QS")]))) == \
        CHECKS["points-count"].answer
    assert str(Rules.points_in(mask_of([Card.parse(c) for c in ("QS", "2H", "7H")]))) == CHECKS["quiz-points"].answer


def test_score_moon_choice_answer_ends_the_game_with_the_shooter_lowest() -> None:
    from hearts_widget.bots import best_moon_choice

    assert best_moon_choice(0, [90, 70, 75, 80], 100) == CHECKS["moon-choice"].answer


def test_variant_answers() -> None:
    from hearts_widget.engine.cards import mask_of

    trick = mask_of([Card.parse(c) for c in ("JD", "2H", "5H", "9H")])
    assert Rules(variant="omnibus").score(trick) == -7 and CHECKS["omnibus-trick"].answer == "minus-7"
    king = Rules(players=3, variant="black-maria").score(mask_of([Card.parse("KS")]))
    assert str(king) == CHECKS["black-maria-king"].answer
