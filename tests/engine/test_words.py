"""The engine's words come from the layer above (engine.words): the words layer registers
itself when imported, and the first sentence asked for imports it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from hearts_widget.engine import HeartsError
from hearts_widget.engine.words import words


def test_an_explanation_imports_the_words_layer_when_first_put_into_words() -> None:
    code = ("import sys; from hearts_widget.engine import Hand, IllegalMove, Rules;"
            "hand = Hand.deal(Rules(), seed=1)\n"
            "for seat in hand.waiting_to_pass:\n    hand = hand.pass_cards(seat, hand.held(seat)[-3:])\n"
            "print('hearts_widget.text' in sys.modules)\n"
            "try:\n    hand.play(next(c for c in hand.held(hand.to_move) if c.code != '2C'))\n"
            "except IllegalMove as error:\n    print(error)\n"
            "print('hearts_widget.text' in sys.modules)")
    out = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).parents[2])
    before, said, after = out.stdout.splitlines()
    assert (before, after) == ("False", "True") and "2♣" in said


def test_a_kind_of_thing_without_words_is_refused_by_name() -> None:
    with pytest.raises(HeartsError, match="no words for 'no-such-thing': import hearts_widget.text"):
        words("no-such-thing")
