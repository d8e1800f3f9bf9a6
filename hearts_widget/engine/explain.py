"""Structured explanations and events: rule ids and facts, never sentences.

Sentences are made from these in one place per language
(:mod:`hearts_widget.text`), so every language says the same thing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cards import Card, Suit


def plain_facts(value: Any) -> Any:
    """Facts as JSON-friendly values: cards as codes, suits as names (also
    inside lists, tuples and dicts)."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Suit):
        return value.name.lower()
    if isinstance(value, (list, tuple)):
        return [plain_facts(v) for v in value]
    if isinstance(value, dict):
        return {k: plain_facts(v) for k, v in value.items()}
    return value


@dataclass(frozen=True)
class Explanation:
    """Why a move is legal or not.

    ``rule`` is the RULES.md id that decides (the rule broken for an illegal
    move, the rule that allows a legal one); ``reason`` names which case of
    that rule applies, and ``facts`` hold what the sentence needs.
    """

    legal: bool
    rule: str
    reason: str
    card: Card | None = None
    seat: int | None = None
    facts: dict[str, Any] = field(default_factory=dict)

    def text(self, lang: str | None = None) -> str:
        """The explanation as a sentence a learner can read."""
        from ..text import explain_text

        return explain_text(self, lang)

    def __str__(self) -> str:
        return self.text()

    def to_dict(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "rule": self.rule,
            "reason": self.reason,
            "card": self.card.code if self.card else None,
            "seat": self.seat,
            "facts": plain_facts(self.facts),
        }


@dataclass(frozen=True)
class Event:
    """Something that happened in a hand, with the rule that made it so.

    Kinds: ``deal``, ``pass`` (one seat's three cards, private to that seat),
    ``exchange``, ``no-pass``, ``play``, ``hearts-broken``, ``trick-won``,
    ``hand-over``, ``moon``; a game adds ``moon-choice``, ``scored`` and
    ``game-over``. The variants add ``bonus`` (Omnibus: the bonus card taken),
    ``cancelled`` (two twins of the suit led), ``trick-carried``,
    ``carried-taken`` and ``last-trick-to-leader`` (a trick nobody wins) and
    ``kitty-taken`` (its cards private to the taker).
    """

    kind: str
    rule: str
    seat: int | None = None
    cards: tuple[Card, ...] = ()
    facts: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def _make(cls, kind: str, rule: str, seat: int | None, cards: tuple[Card, ...],
              facts: dict[str, Any]) -> Event:
        """The same Event as ``Event(...)``, built without the frozen dataclass's
        field-by-field ``__init__``: ``Hand.play`` makes one or more per card."""
        event = object.__new__(cls)
        event.__dict__.update(kind=kind, rule=rule, seat=seat, cards=cards, facts=facts)
        return event

    def text(self, lang: str | None = None) -> str:
        from ..text import event_text

        return event_text(self, lang)

    def __str__(self) -> str:
        return self.text()

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "rule": self.rule,
            "seat": self.seat,
            "cards": [c.code for c in self.cards],
            "facts": plain_facts(self.facts),
        }
