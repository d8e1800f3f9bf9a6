"""Bots playing whole games against each other (tests and the tournament)."""

from __future__ import annotations

import time
from typing import Callable, Sequence

from ..engine import Game, Rules
from .base import Bot, ask_moon_choice

Timer = Callable[[int, float], None]


def play_game(bots: Sequence[Bot], rules: Rules, seed: int, on_decision: Timer | None = None) -> Game:
    """Play a game of ``rules`` dealt from ``seed`` to its end, seat ``s`` played by
    ``bots[s]``; ``on_decision(seat, seconds)`` hears how long each decision
    (a pass or a play) took."""
    if len(bots) != rules.players:
        raise ValueError(f"{rules.players} players need {rules.players} bots, not {len(bots)}")
    game = Game.new(rules, seed)
    while not game.is_over:
        if game.pending_moon is not None:
            shooter = game.pending_moon
            game = game.choose_moon(ask_moon_choice(bots[shooter], shooter, game.scores, rules))
            continue
        hand = game.hand
        if hand.phase == "pass":
            for seat in hand.waiting_to_pass:
                view = hand.view(seat)
                start = time.perf_counter()
                cards = bots[seat].choose_pass(view)
                if on_decision is not None:
                    on_decision(seat, time.perf_counter() - start)
                game = game.pass_cards(seat, cards)
            continue
        seat = hand.to_move
        assert seat is not None
        view = hand.view(seat)
        start = time.perf_counter()
        card = bots[seat].choose_play(view)
        if on_decision is not None:
            on_decision(seat, time.perf_counter() - start)
        game = game.play(card, seat)
    return game
