"""Bots playing whole games or single hands against each other (tests and the tournament)."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Literal

from ..engine import Game, Hand, Rules
from .base import Bot, ask_moon_choice

Timer = Callable[[int, float], None]
Decision = Literal["pass", "play", "choice", "moon"]
# Hears each decision: the seat, its kind ("pass", "moon", "choice": a play
# with more than one legal card, "play": a forced one), and how long it took.
KindTimer = Callable[[int, Decision, float], None]


def play_game(bots: Sequence[Bot], rules: Rules, seed: int, on_decision: Timer | None = None) -> Game:
    """Play a game of ``rules`` dealt from ``seed`` to its end, seat ``s`` played by
    ``bots[s]``; ``on_decision(seat, seconds)`` hears how long each decision
    (a pass or a play) took."""
    if len(bots) != rules.players:
        raise ValueError(f"{rules.players} players need {rules.players} bots, not {len(bots)}")
    timer: KindTimer | None = None
    if on_decision is not None:
        def timer(seat: int, kind: Decision, seconds: float) -> None:
            if kind != "moon":
                on_decision(seat, seconds)
    game = Game.new(rules, seed)
    while not game.is_over:
        game = _step(game, bots, timer)
    return game


def play_hand(bots: Sequence[Bot], hand: Hand, on_decision: KindTimer | None = None) -> tuple[int, ...]:
    """Play ``hand`` (from its pass, or wherever it stands) to its end and return
    its score sheet row, the moon scored as its shooter's bot chooses with every
    total at 0; ``on_decision(seat, kind, seconds)`` hears every decision."""
    if len(bots) != hand.rules.players:
        raise ValueError(f"{hand.rules.players} players need {hand.rules.players} bots, not {len(bots)}")
    game = Game.from_hand(hand)
    while not game.sheet or game.pending_moon is not None:
        game = _step(game, bots, on_decision)
    return tuple(game.sheet[0])


def _step(game: Game, bots: Sequence[Bot], timer: KindTimer | None) -> Game:
    """One decision (every pass of the hand counts as one step each)."""
    rules = game.rules
    if game.pending_moon is not None:
        shooter = game.pending_moon
        start = time.perf_counter()
        choice = ask_moon_choice(bots[shooter], shooter, game.scores, rules)
        if timer is not None:
            timer(shooter, "moon", time.perf_counter() - start)
        return game.choose_moon(choice)
    hand = game.hand
    if hand.phase == "pass":
        for seat in hand.waiting_to_pass:
            start = time.perf_counter()
            cards = bots[seat].choose_pass(hand.view(seat))
            if timer is not None:
                timer(seat, "pass", time.perf_counter() - start)
            game = game.pass_cards(seat, cards)
        return game
    mover = hand.to_move
    assert mover is not None  # the play phase always has a seat to move
    view = hand.view(mover)
    start = time.perf_counter()
    card = bots[mover].choose_play(view)
    if timer is not None:
        timer(mover, "choice" if len(view.legal) > 1 else "play", time.perf_counter() - start)
    return game.play(card, mover)
