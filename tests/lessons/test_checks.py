"""Check questions give the right feedback for a right and a wrong answer,
and their answers agree with the engine where the engine can say."""

import pytest

from hearts_widget import Card, Rules
from hearts_widget.lessons.checks import CHECKS, Check
from hearts_widget.text.lessons import lesson_text


@pytest.mark.parametrize("key", sorted(CHECKS))
def test_right_answer_is_praised_with_the_reason(key: str) -> None:
    check = CHECKS[key]
    feedback = check.feedback(check.answer)
    why = lesson_text(f"check.{key}.why")
    assert feedback.correct
    assert feedback.text == lesson_text("ui.check-right", why=why)


@pytest.mark.parametrize("key", sorted(CHECKS))
def test_every_wrong_answer_is_corrected_with_the_reason(key: str) -> None:
    check = CHECKS[key]
    why = lesson_text(f"check.{key}.why")
    for choice in check.choices:
        if choice != check.answer:
            feedback = check.feedback(choice)
            assert not feedback.correct
            assert feedback.text == lesson_text("ui.check-wrong", why=why)


def test_an_unknown_choice_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="'maybe'"):
        CHECKS["maria-lead"].feedback("maybe")


def test_a_check_whose_answer_is_not_a_choice_cannot_be_made() -> None:
    with pytest.raises(ValueError, match="answer"):
        Check("broken", ("yes", "no"), "perhaps")


# The answers, asked of the engine.

def test_setup_deal_six_players_get_eight_cards() -> None:
    assert CHECKS["deck-six"].answer == str(Rules(players=6).cards_each)


def test_setup_deal_black_maria_always_in_play_the_others_not() -> None:
    for players in range(3, 8):
        assert Card.parse("QS") in Rules(players=players).deck
    assert any(Card.parse("2D") not in Rules(players=p).deck for p in range(3, 8))
    assert any(Card.parse("3C") not in Rules(players=p).deck for p in range(3, 8))


def test_pass_rotation_answers() -> None:
    assert Rules(players=4).pass_direction(3) is None and CHECKS["rotation-four"].answer == "none"
    assert Rules(players=5).pass_direction(2) == "left" == CHECKS["rotation-five"].answer


def test_play_first_lead_five_players() -> None:
    assert Rules(players=5).first_lead_card.code == CHECKS["first-lead-five"].answer


def test_score_points_three_hearts_and_the_black_maria() -> None:
    from hearts_widget.engine.cards import mask_of

    assert str(Rules.points_in(mask_of([Card.parse(c) for c in ("2H", "5H", "9H", "QS")]))) == \
        CHECKS["points-count"].answer


def test_score_moon_choice_answer_ends_the_game_with_the_shooter_lowest() -> None:
    from hearts_widget.bots import best_moon_choice

    assert best_moon_choice(0, [90, 70, 75, 80], 100) == CHECKS["moon-choice"].answer


def test_variant_omnibus_bonus_trick_of_three_hearts_and_the_bonus_card() -> None:
    from hearts_widget.engine.cards import mask_of

    trick = mask_of([Card.parse(c) for c in ("JD", "2H", "5H", "9H")])
    points = Rules(variant="omnibus").score(trick)
    assert CHECKS["omnibus-trick"].answer == f"minus-{-points}" and points == -7
