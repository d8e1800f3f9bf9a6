"""Structured explanations and events: rule ids and facts, never sentences.

Sentences are made from these in one place per language
(:mod:`hearts_widget.text`), so every language says the same thing.

Facts are read-only (:class:`FrozenFacts`, :class:`FrozenList`): the events
of a hand are the hand's own, and changing them must not change the game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, NoReturn

from .cards import Card, Suit
from .checks import flag, optional_seat, short_text, tuple_of
from .errors import HeartsError, shown
from .words import words


def _read_only(self: Any, *args: Any, **kwargs: Any) -> NoReturn:
    raise TypeError(f"{type(self).__name__} is read-only: the facts of an event belong to the game")


class FrozenList(list):
    """A list of facts that cannot change; equal to the plain list, and JSON as one."""

    __slots__ = ()
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _read_only
    append = extend = insert = pop = remove = clear = sort = reverse = _read_only

    def __reduce__(self) -> tuple[type[FrozenList], tuple[list[Any]]]:
        return (FrozenList, (list(self),))


class FrozenFacts(dict):
    """The facts of an event or explanation: a dict that cannot change."""

    __slots__ = ()
    __setitem__ = __delitem__ = __ior__ = _read_only
    clear = pop = popitem = setdefault = update = _read_only

    def __reduce__(self) -> tuple[type[FrozenFacts], tuple[dict[str, Any]]]:
        return (FrozenFacts, (dict(self),))


def frozen(value: Any) -> Any:
    """``value`` with its lists and dicts (all the way down) made read-only."""
    if isinstance(value, dict) and not isinstance(value, FrozenFacts):
        return FrozenFacts({key: frozen(item) for key, item in value.items()})
    if isinstance(value, list) and not isinstance(value, FrozenList):
        return FrozenList(frozen(item) for item in value)
    if isinstance(value, tuple):
        return tuple(frozen(item) for item in value) if any(isinstance(i, (list, dict)) for i in value) else value
    return value


def _check_facts(facts: Any, what: str) -> FrozenFacts:
    if not isinstance(facts, dict) or not all(isinstance(key, str) for key in facts):
        raise HeartsError(f"{what} facts must be a dict with text keys, not {shown(facts)}")
    try:
        return frozen(facts)
    except RecursionError:
        raise HeartsError(f"{what} facts are nested too deeply") from None


def _in_words(kind: str, thing: Any, lang: Any) -> str:
    """A sentence from the words layer (:mod:`.words`: :mod:`hearts_widget.text`); an unknown
    language, or facts that do not fit the kind of event (a hand-made one), raise HeartsError."""
    make = words(kind)
    try:
        return make(thing, lang)
    except HeartsError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        raise HeartsError(f"cannot put this {type(thing).__name__.lower()} into words: its facts do not "
                          f"fit its kind ({type(error).__name__}: {shown(error.args[0] if error.args else '')})"
                          ) from error


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


def _markdown(text: str) -> str:
    """``text`` as Markdown that shows it as it is (its ``*``, ``_``, ``[``... escaped)."""
    return re.sub(r"([\\`*_\[\]<>#|])", r"\\\1", text)


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

    def __post_init__(self) -> None:
        flag(self.legal, "Explanation.legal")
        short_text(self.rule, "Explanation.rule")
        short_text(self.reason, "Explanation.reason")
        if self.card is not None and not isinstance(self.card, Card):
            raise HeartsError(f"Explanation.card must be a Card or None, not {shown(self.card)}")
        optional_seat(self.seat, "Explanation.seat")
        object.__setattr__(self, "facts", _check_facts(self.facts, "Explanation"))

    def text(self, lang: str | None = None) -> str:
        """The explanation as a sentence a learner can read."""
        return _in_words("explanation", self, lang)

    def __str__(self) -> str:
        return self.text()

    def _repr_markdown_(self) -> str:
        """In a notebook: the sentence (``repr`` keeps the structure: rule, reason, facts)."""
        return _markdown(self.text())

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

    def __post_init__(self) -> None:
        short_text(self.kind, "Event.kind")
        short_text(self.rule, "Event.rule")
        optional_seat(self.seat, "Event.seat")
        tuple_of(self.cards, Card, "Event.cards", "cards")
        object.__setattr__(self, "facts", _check_facts(self.facts, "Event"))

    @classmethod
    def _make(cls, kind: str, rule: str, seat: int | None, cards: tuple[Card, ...],
              facts: dict[str, Any]) -> Event:
        """The same Event as ``Event(...)``, built without the frozen dataclass's
        field-by-field ``__init__`` and checks: ``Hand.play`` makes one or more per card.
        The engine's facts hold no list but a :class:`FrozenList` (the mutation tests check)."""
        event = object.__new__(cls)
        event.__dict__.update(kind=kind, rule=rule, seat=seat, cards=cards, facts=FrozenFacts(facts))
        return event

    def text(self, lang: str | None = None) -> str:
        """What happened, as a line of narration a learner can read."""
        return _in_words("event", self, lang)

    def __str__(self) -> str:
        return self.text()

    def _repr_markdown_(self) -> str:
        """In a notebook: the line of narration."""
        return _markdown(self.text())

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "rule": self.rule,
            "seat": self.seat,
            "cards": [c.code for c in self.cards],
            "facts": plain_facts(self.facts),
        }
