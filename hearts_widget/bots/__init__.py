"""Opponents and the coach. Every bot decides from its seat's view only.

``make_bot("random" | "rule" | "strong", seed=None)`` builds a bot by name;
``as_bot(my_bot)`` a bot from a function ``def my_bot(view) -> card``, and
``arena(my_bot, against="rule")`` measures it on duplicate deals.
"""

from __future__ import annotations

from collections.abc import Callable

from .arena import arena
from .base import Bot, MoonChoice, RandomBot, best_moon_choice
from .function import FunctionBot, as_bot
from .rule import RuleBot
from .strong import StrongBot

BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "rule": RuleBot, "strong": StrongBot}


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by name: ``"random"`` (any legal card), ``"rule"`` (a sound club
    player) or ``"strong"`` (searches sampled deals)."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: choose one of {', '.join(BOTS)}") from None
    return factory(seed=seed)


__all__ = ["BOTS", "Bot", "FunctionBot", "MoonChoice", "RandomBot", "RuleBot", "StrongBot", "arena", "as_bot",
           "best_moon_choice", "make_bot"]
