"""Opponents and the coach. Every bot decides from its seat's view only."""

from .base import Bot, MoonChoice, RandomBot, best_moon_choice

__all__ = ["Bot", "MoonChoice", "RandomBot", "best_moon_choice"]
