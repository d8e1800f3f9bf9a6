"""A learner's bot in a process of its own (the class league): it plays with only its seat's view,
and a bot that loops, raises, returns an illegal card, ends its process, or goes looking for the
game's hidden state loses its seat to the rule bot, with the reason, and the hand is played out."""

from __future__ import annotations

import pickle
import signal

import pytest

from hearts_widget.bots.arena import play_out
from hearts_widget.bots.rule import RuleBot
from hearts_widget.bots.sandbox import Forfeit, SandboxedBot
from hearts_widget.engine import Hand, Rules

LIMIT = 1.0  # seconds a decision: a looping bot costs the test this much
# A held card that is not legal, else a card it does not hold (of 14, one is not among 13 held).
ILLEGAL = """from hearts_widget.engine import Card

def bot(view):
    wrong = [c for c in view.held if c not in view.legal]
    return wrong[0] if wrong else next(c for c in map(Card.parse, "2C 2D 2S 2H 3C 3D 3S 3H 4C 4D 4S 4H 5C 5D".split())
                                       if c not in view.held)
"""


def played(source: str, function: str = "bot", deal: int = 1) -> tuple[SandboxedBot, tuple[int, ...]]:
    """The bot in seat 0 of a hand against rule bots, played to its end: the bot and the hand's points."""
    with SandboxedBot(source, function, time_limit=LIMIT) as bot:
        game = play_out([bot, RuleBot(), RuleBot(), RuleBot()], Hand.deal(Rules(), deal, number=deal))
    return bot, tuple(game.sheet[0])


def test_a_good_bot_plays_every_card_of_its_seat() -> None:
    bot, points = played("import random\n\ndef bot(view):\n    return random.choice(view.legal)\n")
    assert bot.forfeit is None and sum(points) == 26
    assert bot._process is None, "closed: its process is gone"


def test_card_text_is_an_answer_too() -> None:
    assert played("def bot(view):\n    return str(view.legal[-1])\n")[0].forfeit is None


@pytest.mark.parametrize(("source", "forfeit"), [
    ("def bot(view):\n    while True:\n        pass\n", Forfeit("slow", "1")),
    ("def bot(view):\n    raise ValueError('no idea')\n", Forfeit("raised", "ValueError: no idea")),
    ("def bot(view):\n    raise SystemExit(3)\n", Forfeit("raised", "SystemExit: 3")),
    ("def bot(view):\n    return 'ZZ'\n", Forfeit("illegal", "ZZ")),
    ("def bot(view):\n    return 7\n", Forfeit("illegal", "7")),
    (ILLEGAL, None),
    ("def bot(view):\n    import os\n    os._exit(0)\n", Forfeit("crashed")),
    ("x = 1 / 0\n\ndef bot(view):\n    return view.legal[0]\n",
     Forfeit("raised", "ZeroDivisionError: division by zero")),
    ("def other(view):\n    return view.legal[0]\n", Forfeit("raised", "KeyError: 'bot'")),
], ids=["loops", "raises", "exits", "not-a-card", "a-number", "illegal-card", "ends-its-process", "bad-top-level",
        "no-such-function"])
def test_a_bot_that_fails_loses_its_seat_to_the_rule_bot(source: str, forfeit: Forfeit | None) -> None:
    bot, points = played(source)
    if forfeit is None:  # an illegal card, whichever it is
        assert bot.forfeit is not None and bot.forfeit.kind == "illegal"
    else:
        assert bot.forfeit == forfeit
    assert sum(points) == 26, "the rule bot played the seat on: the hand ended"


def test_print_goes_nowhere_and_does_not_break_the_answers() -> None:
    assert played("def bot(view):\n    print('thinking', 'QS')\n    return view.legal[0]\n")[0].forfeit is None


def test_the_bot_cannot_open_files_or_sockets_once_it_plays() -> None:
    for body in ("open('/etc/hostname').read()", "__import__('socket').socket()"):
        bot, _ = played(f"def bot(view):\n    {body}\n    return view.legal[0]\n")
        assert bot.forfeit is not None and bot.forfeit.kind == "raised" and "Too many open files" in bot.forfeit.detail


# The bot looks everywhere a Python program can: every object the collector knows and every frame of
# every thread. It raises (losing its seat, which the test sees) if it finds a Hand or a Game, another
# seat's view, or more cards in the views it was given than a seat may know.
SPY = """
import gc, sys

def bot(view):
    names = {type(o).__name__ for o in gc.get_objects()}
    if names & {"Hand", "Game", "HeartsTable", "TableSession"}:
        raise RuntimeError("found " + ", ".join(sorted(names & {"Hand", "Game"})))
    for frame in sys._current_frames().values():
        while frame is not None:
            for value in frame.f_locals.values():
                if type(value).__name__ in ("Hand", "Game"):
                    raise RuntimeError("a frame holds a " + type(value).__name__)
            frame = frame.f_back
    views = [o for o in gc.get_objects() if type(o).__name__ == "SeatView"]
    if any(v.seat != view.seat for v in views):
        raise RuntimeError("another seat's view")
    return view.legal[0]
"""


def test_the_bot_finds_no_hidden_state_in_its_process() -> None:
    for deal in range(3):
        assert played(SPY, deal=deal)[0].forfeit is None


def test_the_same_spy_in_the_kernel_finds_the_hand() -> None:
    """The test can fail: run in this process, where the hand is being played, the spy finds it."""
    space: dict = {}
    exec(SPY, space)  # noqa: S102 - the test's own code
    hand = Hand.deal(Rules(), 1)
    while hand.phase == "pass":
        hand = hand.pass_cards(hand.waiting_to_pass[0], list(hand.held(hand.waiting_to_pass[0])[:3]))
    with pytest.raises(RuntimeError, match="found"):
        space["bot"](hand.view(hand.to_move))


def test_a_looping_bot_left_alone_ends_its_own_process() -> None:
    """Should the server die while a bot loops, the bot's process ends by itself, about a second past the limit."""
    bot = SandboxedBot("def bot(view):\n    while True:\n        pass\n", "bot", time_limit=0.01)
    bot._start()
    hand = Hand.deal(Rules(), 1)
    while hand.phase == "pass":
        hand = hand.pass_cards(hand.waiting_to_pass[0], list(hand.held(hand.waiting_to_pass[0])[:3]))
    bot._send(pickle.dumps(hand.view(hand.to_move)))
    assert bot._process is not None
    try:
        assert bot._process.wait(30) == -signal.SIGALRM
    finally:
        bot.close()
