"""score.moon in the hand review: a moon the learner shot, missed or stopped, read from a finished hand."""

from __future__ import annotations

import pytest
from bot_helpers import naive_pass, naive_play

from hearts_widget.bots import RuleBot
from hearts_widget.bots.arena import play_out
from hearts_widget.bots.function import FunctionBot
from hearts_widget.bots.moon_story import MoonStory, moon_story
from hearts_widget.engine import Hand, Rules


def naive_hand(seed: int, naive_seat: int = 0, rules: Rules | None = None) -> Hand:
    """The first hand of deal ``seed``, the naive learner in ``naive_seat``, rule bots elsewhere."""
    rules = rules or Rules()
    bots = [FunctionBot(naive_play, naive_pass) if s == naive_seat else RuleBot() for s in range(rules.players)]
    return play_out(bots, Hand.deal(rules, seed, number=0)).completed[0]


def test_score_moon_made_by_naive_play_is_a_moon_made() -> None:
    hand = naive_hand(11)
    assert hand.moon_shooter == 0
    assert moon_story(hand, 0) == MoonStory("made", 13)
    assert moon_story(hand, 1) is None  # the others' story is not one of these three


def test_score_moon_missed_names_who_took_the_first_other_point() -> None:
    hand = naive_hand(0)
    story = moon_story(hand, 0)
    assert story is not None and story.kind == "missed" and story.other != 0
    trick = hand.tricks[story.trick - 1]
    assert trick.winner == story.other and any(c.is_heart or c.is_black_maria for c in trick.cards)
    earlier = [c for t in hand.tricks[:story.trick - 1] if t.winner != 0 for c in t.cards]
    assert not any(c.is_heart or c.is_black_maria for c in earlier)


def test_score_moon_stopped_by_the_learner_names_the_shooter() -> None:
    hand = naive_hand(3, naive_seat=1)
    assert moon_story(hand, 0) == MoonStory("stopped", 4, 1)
    assert hand.tricks[3].winner == 0


@pytest.mark.parametrize("rules", [Rules(moon="off"), Rules(variant="black-maria")])
def test_score_moon_off_has_no_moon_story(rules: Rules) -> None:
    assert moon_story(naive_hand(11, rules=rules), 0) is None
