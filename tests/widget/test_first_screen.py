"""score.winner: a newcomer reads the aim of the game on its first screen, before the pass."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from hearts_widget import HeartsTable, Rules
from hearts_widget.engine.cards import ALL_CARDS
from hearts_widget.lessons.positions import POSITIONS
from hearts_widget.text import LANGUAGES, ui
from hearts_widget.text.messages import number_text
from hearts_widget.widget.state import own_result

from .conftest import act


def test_the_first_screen_states_the_aim_with_the_target_in_force() -> None:
    table = HeartsTable(seed=1)
    assert table.state["passing"], "the first screen asks for the pass"
    assert table.state["aim"] == "The aim: take as few points as you can; the game ends at 100 points and the " \
                                 "lowest total wins."
    # score.points: said after it by the page, from the static text (it changes only with the rules)
    assert table.static["point_cards"] == "Each heart you take is 1 point and the Q♠ is 13; no other card counts."
    assert "ends at 50 points" in HeartsTable(seed=1, rules=Rules(target=50)).state["aim"]


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_the_aim_is_in_the_learners_language(lang: str) -> None:
    english = HeartsTable(seed=1).state["aim"]
    aim = HeartsTable(seed=1, lang=lang).state["aim"]
    assert aim and aim != english and "100" in aim


def test_the_aim_goes_once_the_first_trick_is_won() -> None:
    table = HeartsTable(seed=1)
    while not table.game.hand.tricks:
        assert table.state["aim"]
        act(table)
    assert table.state["aim"] == ""


def test_a_lesson_position_board_does_not_repeat_the_aim() -> None:
    position = next(iter(POSITIONS.values()))
    table = HeartsTable.from_hand(position.hand, learner=position.seat, layout="position")
    assert table.state["aim"] == ""


RULE_SETS = {"standard": Rules(), "omnibus": Rules(variant="omnibus"),
             "omnibus-10D": Rules(variant="omnibus", bonus_card="10D"), "black-maria": Rules(variant="black-maria"),
             "cancellation": Rules(variant="cancellation", players=5)}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", RULE_SETS)
def test_the_first_screen_says_what_a_point_is_under_the_rules_in_force(name: str, lang: str) -> None:
    """score.points and each variant's points: every card worth points other than the hearts is
    named with its value as the engine counts it (the Omnibus bonus −10), and no other card is."""
    rules = RULE_SETS[name]
    table = HeartsTable(seed=1, rules=rules, lang=lang)
    assert table.state["aim"] == ui.aim_text(rules.target, lang)
    said = table.static["point_cards"]
    valued = {str(card): rules.card_points(card) for card in ALL_CARDS if not card.is_heart and rules.card_points(card)}
    assert valued and all(rules.card_points(card) == 1 for card in ALL_CARDS if card.is_heart)
    for card, points in valued.items():
        assert card in said and number_text(points) in said, card
    for card in ("Q♠", "K♠", "A♠", "J♦", "10♦"):
        assert (card in said) == (card in valued), card
    assert "1" in said and ("−10" in said) == (rules.variant == "omnibus")


def test_the_game_over_box_tells_the_learner_their_total_place_and_best_and_worst_hand() -> None:
    names = ["South", "West", "North", "East"]
    game = SimpleNamespace(scores=(54, 30, 54, 101), sheet=((10, 5, 20, 26), (0, 13, 26, 13), (26, 6, 8, 36),
                                                             (18, 6, 0, 26)))
    assert own_result(game, names, 0, "en") == ["Your total: 54 points, place 2 of 4, shared with North.",
                                               "Your best hand: hand 2 (0 points). Your worst: hand 3 (26 points)."]
    assert own_result(game, names, 1, "en")[0] == "Your total: 30 points, place 1 of 4."
    assert own_result(game, names, 3, "en")[0] == "Your total: 101 points, place 4 of 4."
    one_hand = SimpleNamespace(scores=(0, 26, 26, 26), sheet=((0, 26, 26, 26),))
    assert own_result(one_hand, names, 0, "en") == ["Your total: 0 points, place 1 of 4."]
    for lang in LANGUAGES:
        lines = own_result(game, names, 0, lang)
        assert len(lines) == 2 and "54" in lines[0] and "North" in lines[0] and "26" in lines[1], lang
        assert lang == "en" or lines != own_result(game, names, 0, "en")
