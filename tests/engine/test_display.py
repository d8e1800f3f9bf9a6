"""repr() pastes back into Python; notebooks show cards, tricks, hands and games
without the widget; importing the package does not import the widget stack."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from engine_helpers import random_game_hand

from hearts_widget import Card, Game, Hand, Rules, Suit, Trick  # noqa: F401 (Hand is used by eval)


def _round_trip(value: object) -> object:
    return eval(repr(value))


def test_repr_pastes_back_for_cards_rules_tricks_hands_and_games() -> None:
    for card in Rules().deck:
        assert _round_trip(card) is card
    for rules in (Rules(), Rules(players=5, target=50), Rules(moon="off", first_trick_no_points=False,
                                                            maria_breaks_hearts=False, hearts_must_be_broken=False)):
        assert _round_trip(rules) == rules
    assert repr(Rules()) == "Rules(players=4, target=100)"
    hand = random_game_hand(4, 5)
    for _ in range(6):
        hand = hand.play(hand.legal_moves()[-1])
    assert _round_trip(hand.trick) == hand.trick and hand.trick.cards
    assert _round_trip(hand.tricks[0]) == hand.tricks[0]
    assert _round_trip(hand) == hand
    game = Game.new(Rules(players=3), seed=4)
    game = game.pass_cards(0, game.hand.held(0)[:3])
    assert _round_trip(game) == game


def test_str_of_a_hand_is_a_short_picture_of_the_seats_and_the_trick() -> None:
    hand = Hand.deal(Rules(), seed=7, number=3).play("2C")
    hand = hand.play(hand.legal_moves()[0])
    lines = str(hand).splitlines()
    assert lines[0] == "hand 3 · play · no pass · hearts not broken · seat 3 to move"
    assert len(lines) == 6 and len(str(hand)) < 400  # repr is the whole record: Hand.from_json(...)
    for seat in range(4):
        row = lines[1 + seat]
        assert row.startswith(f"{'>' if seat == 3 else ' '} {seat}  ") and row.endswith("0 pts")
        assert sum(len(group.split()) - 1 for group in row[5:].rsplit("  ", 1)[0].split("  ") if group) == \
            len(hand.held(seat))
    assert lines[2].split()[1:3] == ["♣", "4"]  # seat 1 played its 2♣: its clubs start at 4
    assert lines[-1] == "trick: 1:2♣ 2:5♣"
    two_packs = str(Hand.deal(Rules(players=5, variant="cancellation"), seed=7))
    assert two_packs.startswith("hand 0 · cancellation · play")
    assert two_packs.endswith("kitty: 4 face down · carried: 0 cards")
    assert "waiting to pass: 0 1 2 3" in str(Hand.deal(Rules(), seed=7)).splitlines()[0]


def test_an_explanation_or_event_shows_its_sentence_in_a_notebook() -> None:
    hand = Hand.deal(Rules(), seed=7, number=3)
    explanation = hand.explain(hand.held(hand.to_move)[-1])
    assert explanation._repr_markdown_() == explanation.text() == str(explanation)
    assert explanation.text().startswith("You hold 2♣")
    assert repr(explanation).startswith("Explanation(legal=False, rule='play.first-lead'")
    assert hand.events[-1]._repr_markdown_() == hand.events[-1].text()
    from hearts_widget.engine.explain import _markdown

    assert _markdown("a*b_ [x]") == "a\\*b\\_ \\[x\\]"


def test_repr_html_renders_cards_tricks_hands_and_games() -> None:
    hand = random_game_hand(4, 5).play("2C")
    assert 'title="QS"' in Card.parse("QS")._repr_html_() and "Q♠" in Card.parse("QS")._repr_html_()
    assert "#c0142c" in Card.parse("AH")._repr_html_()  # red suits in red
    assert "2♣" in hand.trick._repr_html_() and "seat" in hand.trick._repr_html_()
    assert "(empty trick)" in Trick(0, (), 4)._repr_html_()
    html = hand._repr_html_()
    assert html.startswith('<div class="hearts-hand"') and "to play" in html
    for card in hand.held(1):
        assert str(card) in html
    game_html = Game.new(Rules(), seed=1)._repr_html_()
    assert 'class="hearts-sheet"' in game_html and "target 100" in game_html


def test_import_hearts_widget_does_not_import_the_widget_stack() -> None:
    code = ("import sys, hearts_widget; hearts_widget.Hand.deal(hearts_widget.Rules(), seed=1)._repr_html_();"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'anywidget', 'traitlets')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).parents[2])
    assert out.stdout.strip() == "[]"


def test_import_hearts_widget_imports_the_engine_and_nothing_it_does_not_need() -> None:
    """The import cost's budget (issues 25 and 38: +50 ms of CPU over ``python -c pass``, measured by
    benchmarks/import_cost.py in a plain venv): the widget, bots, text and lessons, json, and what
    ``__version__`` needs (importlib.metadata, half the budget, and pathlib) wait until used. Run
    without site-packages (-S), whose .pth files would pre-import some of them."""
    later = ("json", "importlib.metadata", "pathlib", "email", "zipfile")
    code = ("import sys; before = set(sys.modules); import hearts_widget;"
            f"print(sorted(m for m in set(sys.modules) - before if m in {later!r} or m.startswith('hearts_widget.')"
            " and not m.startswith('hearts_widget.engine')))")
    out = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).parents[2])
    assert out.stdout.strip() == "[]"


def test_the_version_is_made_when_first_asked_for() -> None:
    code = ("import sys, hearts_widget; print('__version__' in vars(hearts_widget));"
            "from hearts_widget import __version__; print(__version__ == hearts_widget.__version__ == "
            "vars(hearts_widget)['__version__'], 'importlib.metadata' in sys.modules)")
    out = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).parents[2])
    assert out.stdout.split() == ["False", "True", "True"]


def test_suit_parse_and_names() -> None:
    assert Suit.parse("♥") is Suit.parse("hearts") is Suit.parse("h") is Suit.parse("heart") is Suit.HEARTS
    assert [s.symbol for s in Suit] == ["♣", "♦", "♠", "♥"]
