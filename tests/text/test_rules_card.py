"""The rules card states the whole game for any table: the cards taken out for the player
count in force, the pass, the first lead, the variant's and the house rules' differences, the
points, the moon and the target, checked against ``Rules`` for every variant and player
count; and nothing of a lesson's flow."""

from __future__ import annotations

import itertools
from html import escape

import pytest

from hearts_widget import Rules
from hearts_widget.engine.rules import CANCELLATION_PLAYERS, STRIPPED, VARIANTS
from hearts_widget.lessons.controls import rules_card_html
from hearts_widget.lessons.format import lesson_from_dict
from hearts_widget.lessons.path import LESSON
from hearts_widget.text import LANGUAGES
from hearts_widget.text.messages import number_text
from hearts_widget.text.rules_card import rules_card

# Words that point into a lesson ("which comes soon", "see below"), never into the game.
LESSON_FLOW = ("soon", "later", "below", "lesson", "step", "try ", "choose a number")
DIRECTIONS = {"left": "to the left", "right": "to the right", "across": "across"}


def every_table() -> list[Rules]:
    """Every variant at every player count it allows, each with some house rules switched."""
    tables = []
    for variant in VARIANTS:
        counts = CANCELLATION_PLAYERS if variant == "cancellation" else STRIPPED
        for players, house in itertools.product(counts, (False, True)):
            options = {"first_trick_no_points": not house, "maria_breaks_hearts": not house,
                       "hearts_must_be_broken": not house, "target": 75 if house else 100}
            if variant != "black-maria":
                options["moon"] = "others" if house else "choice"
            if variant == "omnibus" and house:
                options.update(bonus_card="10D", moon_needs_bonus=True)
            tables.append(Rules(players=players, variant=variant, **options))
    return tables


def lines_of(rules: Rules, rule: str) -> str:
    return " ".join(line for rule_id, line in rules_card(rules) if rule_id == rule)


@pytest.mark.parametrize("rules", every_table(), ids=repr)
def test_the_rules_card_states_the_facts_of_the_table(rules: Rules) -> None:
    card = rules_card(rules)
    text = " ".join(line for _, line in card)
    deal = lines_of(rules, "setup.deal" if rules.variant == "standard" else f"variant.{rules.variant}")
    assert f"{rules.players} players" in deal and f"{rules.cards_each} cards each" in deal
    if rules.packs == 1:  # setup.deal: the strips for this player count, and only those
        stripped = lines_of(rules, "setup.deal")
        assert all(str(card) in stripped for card in rules.stripped)
        others = {str(c) for n, cards in STRIPPED.items() for c in Rules(players=n).stripped} - {
            str(c) for c in rules.stripped}
        assert not any(card in stripped for card in others)
        assert ("no card is taken out" in stripped) == (not rules.stripped)
        assert str(rules.first_lead_card) in lines_of(rules, "play.first-lead")
    else:
        assert "no passing" in deal and ((f"{rules.kitty_size} card" in deal) if rules.kitty_size
                                         else "kitty" not in text)
        assert bool(lines_of(rules, "variant.cancellation.kitty")) == bool(rules.kitty_size)
        assert "dealer's left" in lines_of(rules, "variant.cancellation.first-lead")
        assert ("Black Maria" in lines_of(rules, "variant.cancellation.first-lead")) == rules.first_trick_no_points
        assert lines_of(rules, "variant.cancellation.cancel") and lines_of(rules, "variant.cancellation.carry")
    directions = [rules.pass_direction(n) for n in range(4)]
    if rules.variant == "black-maria":
        assert set(directions) == {"right"} and "passed to the right" in deal
    elif rules.variant != "cancellation":  # pass.rotation: the directions in their order
        rotation = lines_of(rules, "pass.rotation")
        said = [d for d in ("left", "right", "across") if DIRECTIONS[d] in rotation]
        assert said == list(dict.fromkeys(d for d in directions if d))
        assert ("no pass" in rotation) == (None in directions)
    assert ("House rule" in lines_of(rules, "play.first-trick-no-points")) == (not rules.first_trick_no_points)
    assert ("House rule" in lines_of(rules, "play.hearts-broken")) == (not rules.maria_breaks_hearts)
    assert ("House rule" in lines_of(rules, "play.hearts-lead")) == (not rules.hearts_must_be_broken)
    moon = lines_of(rules, "score.moon")
    assert (f"{rules.moon_points} points" in moon) if rules.moon_points else moon.startswith("No moon")
    assert ("bonus card" in moon) == rules.moon_needs_bonus
    if rules.bonus is not None:
        assert str(rules.bonus) in lines_of(rules, "variant.omnibus.bonus")
    points = lines_of(rules, "variant.black-maria.points" if rules.variant == "black-maria" else "score.points")
    assert "13" in points and ("K♠ 10" in points) == (rules.variant == "black-maria")
    target = lines_of(rules, "score.target")
    assert f"{rules.points_per_hand} points" in target and f"reaches {rules.target}," in target
    assert "lowest total wins" in target
    assert not [word for word in LESSON_FLOW if word in text.lower()], text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_line_renders_in_every_language_with_its_numbers(lang: str) -> None:
    for rules in every_table():
        for (rule, line), (_, english) in zip(rules_card(rules, lang), rules_card(rules), strict=True):
            assert line and "{" not in line
            numbers = [word.strip(".,:;()") for word in english.split() if word.strip(".,:;()").isdigit()]
            assert all(number_text(int(n)) in line for n in numbers), (rule, line)
            assert all(str(card) in line for card in rules.stripped if str(card) in english)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("players", sorted(STRIPPED))
def test_the_printed_card_of_the_lesson_is_the_rules_card_for_the_players_chosen(lang: str, players: int) -> None:
    rules = Rules(players=players)
    html = rules_card_html(LESSON, rules, lang)
    assert all(escape(line) in html for _, line in rules_card(rules, lang))
    assert "soon" not in html


def test_a_lessons_own_card_sentences_are_printed_after_the_rules() -> None:
    lesson = lesson_from_dict({"format": "hearts-lesson/1", "id": "house", "steps": [
        {"key": "house", "title": {"en": "Our table"}, "card": [{"en": "At our table the dealer shuffles twice."}]}]})
    html = rules_card_html(lesson, Rules(), "en")
    assert html.index("the dealer shuffles twice") > html.index(rules_card(Rules())[-1][1])
