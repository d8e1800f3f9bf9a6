"""The rules engine: pure Python, no UI imports. The rules it enforces: RULES.md."""

from .cards import Card, Suit, parse_cards
from .errors import (
    BadPosition,
    BadRules,
    CardNotHeld,
    CardParseError,
    HeartsError,
    IllegalMove,
    OutOfTurn,
    RecordError,
    WrongPhase,
)
from .explain import Event, Explanation
from .game import Game
from .hand import Hand
from .rules import Rules
from .same_deal import SameDeal, same_deal
from .trick import Trick
from .view import SeatView

__all__ = [
    "BadPosition", "BadRules", "Card", "CardNotHeld", "CardParseError", "Event", "Explanation", "Game", "Hand",
    "HeartsError", "IllegalMove", "OutOfTurn", "RecordError", "Rules", "SameDeal", "SeatView", "Suit", "Trick",
    "WrongPhase", "parse_cards", "same_deal",
]
