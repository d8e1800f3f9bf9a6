"""Puzzles cut from the bots' play: positions where one card, or one pass, is clearly best
from what the player to move could see.

::

    from hearts_widget.puzzles import load_puzzles

    puzzles = load_puzzles()                      # every shipped puzzle
    duck = load_puzzles(theme="duck-queen", variant="standard", players=4)
    p = duck[0]
    p.hand         # the engine's Hand at the decision (replayed through the rules)
    p.seat         # the seat to decide; p.view is its SeatView
    p.answers      # the accepted answers: each a tuple of cards (one to play, or three to pass)
    p.is_answer("7S")   # also a Card, or three cards for a pass
    p.themes       # ("duck-queen", "follow"), decided by checks (:mod:`.themes`)
    p.rating       # the puzzle's initial rating (see :func:`initial_rating`)
    p.reason("sw") # one sentence: how much better the answer is, and why

The generator (:mod:`.generate`) made them; docs/puzzles.md gives its command and figures.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from importlib import resources
from typing import Any

from ..engine import Card, Hand, Rules, SeatView
from ..engine.rules import VARIANTS
from .themes import THEMES, reason_claims

FORMAT = "hearts-widget.puzzles"
VERSION = 1
KINDS = ("play", "pass")


class PuzzleError(ValueError):
    """A puzzle record or a request for puzzles that cannot be read; the message names what is wrong."""


@dataclass(frozen=True)
class Puzzle:
    """One decision: ``seat`` to play (``kind`` "play") or to pass in the hand dealt from
    ``rules``, ``seed`` and ``number``, after ``passes`` (each seat's three cards, in seat
    order; empty before the pass or without one) and ``plays`` (the cards played, in
    order). ``answers`` are the accepted choices (equivalent cards all count), better than
    the best other choice, ``rival``, by ``margin`` of the seat's own points (standard
    error ``error``) on ``deals`` sampled deals consistent with the seat's view."""

    id: str
    rule_set: str
    rules: Rules
    seed: int
    number: int
    passes: tuple[tuple[Card, ...], ...]
    plays: tuple[Card, ...]
    seat: int
    kind: str
    answers: tuple[tuple[Card, ...], ...]
    rival: tuple[Card, ...]
    margin: float
    error: float
    deals: int
    themes: tuple[str, ...]
    reason_code: str
    rating: int
    bot: tuple[Card, ...] = field(default=())  # the rule-based bot's choice there

    @cached_property
    def hand(self) -> Hand:
        """The engine's :class:`Hand` at the decision, every move replayed through the rules."""
        hand = Hand.deal(self.rules, self.seed, self.number)
        if self.kind == "play":
            for seat, cards in enumerate(self.passes):
                hand = hand.pass_cards(seat, cards)
            for card in self.plays:
                hand = hand.play(card)
        return hand

    @property
    def view(self) -> SeatView:
        """What the seat to decide may see."""
        return self.hand.view(self.seat)

    def is_answer(self, choice: str | Card | Any) -> bool:
        """Whether ``choice`` (a card or its code; for a pass, three of them) is accepted."""
        if isinstance(choice, (str, Card)):
            chosen: tuple[Card, ...] = (Card.parse(choice) if isinstance(choice, str) else choice,)
        else:
            try:
                chosen = tuple(Card.parse(c) if isinstance(c, str) else c for c in choice)
            except TypeError:
                raise PuzzleError(f"an answer is a card or three cards, not {choice!r}") from None
        return tuple(sorted(chosen, key=lambda c: c.index)) in self.answers

    def reason(self, lang: str | None = None) -> str:
        """Why the answer is best, one sentence in ``lang``; every claim in it is checked
        on the position (:func:`.themes.reason_claims`)."""
        from ..text.puzzles import reason_text

        code, claims = reason_claims(self.view, self.answers[0])
        return reason_text(code, claims, self.answers[0], self.rival, self.margin, lang)


def initial_rating(margin: float, choices: int, bot_finds: bool) -> int:
    """A puzzle's first rating (on the Glicko scale, 1500 for an average puzzle): harder when the
    rule-based bot misses the answer (+250), when there are more distinct choices (+30 each
    past two), and when the margin is narrow (−150 for each doubling of the margin past 3
    points); between 800 and 2400."""
    rating = 1500 + (0 if bot_finds else 250) + 30 * max(0, choices - 2) - 150 * math.log2(max(margin, 3.0) / 3.0)
    return int(min(2400, max(800, round(rating))))


def load_puzzles(theme: str | None = None, variant: str | None = None, players: int | None = None,
                 kind: str | None = None) -> list[Puzzle]:
    """The shipped puzzles, those of ``theme`` (:data:`.themes.THEMES`), ``variant``
    (``"standard"``, ``"omnibus"``, ``"cancellation"``, ``"black-maria"``), number of
    ``players`` and ``kind`` (``"play"`` or ``"pass"``) only when given, in their id order."""
    if theme is not None and theme not in THEMES:
        raise PuzzleError(f"theme must be one of {', '.join(THEMES)}, not {theme!r}")
    if variant is not None and variant not in VARIANTS:
        raise PuzzleError(f"variant must be one of {', '.join(VARIANTS)}, not {variant!r}")
    if players is not None and (not isinstance(players, int) or isinstance(players, bool)
                                or not 3 <= players <= 10):
        raise PuzzleError(f"players must be a whole number from 3 to 10, not {players!r}")
    if kind is not None and kind not in KINDS:
        raise PuzzleError(f"kind must be 'play' or 'pass', not {kind!r}")
    return [p for p in _shipped()
            if (theme is None or theme in p.themes) and (variant is None or p.rules.variant == variant)
            and (players is None or p.rules.players == players) and (kind is None or p.kind == kind)]


@lru_cache(maxsize=1)
def _shipped() -> tuple[Puzzle, ...]:
    text = resources.files(__package__).joinpath("data/puzzles.json").read_text(encoding="utf-8")
    return tuple(read_puzzles(json.loads(text)))


def read_puzzles(data: Any) -> list[Puzzle]:
    """The puzzles of a puzzle file's JSON (as the generator writes it); a malformed one
    raises :class:`PuzzleError` naming the puzzle and the field."""
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        raise PuzzleError(f"a puzzle file is a JSON object with format {FORMAT!r} and version {VERSION}")
    sets = data.get("rule_sets")
    records = data.get("puzzles")
    if not isinstance(sets, dict) or not isinstance(records, list):
        raise PuzzleError("a puzzle file has 'rule_sets' (an object) and 'puzzles' (a list)")
    rules = {name: Rules.from_dict(value) for name, value in sets.items()}
    return [_puzzle(record, rules) for record in records]


def _cards(text: Any, where: str) -> tuple[Card, ...]:
    if not isinstance(text, str):
        raise PuzzleError(f"{where} must be card codes separated by spaces, not {text!r}")
    try:
        return tuple(Card.parse(code) for code in text.split())
    except ValueError as error:
        raise PuzzleError(f"{where}: {error}") from None


def _puzzle(record: Any, rules: dict[str, Rules]) -> Puzzle:
    if not isinstance(record, dict):
        raise PuzzleError(f"a puzzle is a JSON object, not {record!r}")
    name = record.get("id", "?")
    try:
        rule_set = record["set"]
        if rule_set not in rules:
            raise PuzzleError(f"puzzle {name}: unknown rule set {rule_set!r}")
        kind = record["kind"]
        if kind not in KINDS:
            raise PuzzleError(f"puzzle {name}: kind must be 'play' or 'pass', not {kind!r}")
        themes = tuple(record["themes"])
        if not themes or any(t not in THEMES for t in themes):
            raise PuzzleError(f"puzzle {name}: themes must be some of {', '.join(THEMES)}, not {themes!r}")
        answers = tuple(tuple(sorted(_cards(a, f"puzzle {name} answers"), key=lambda c: c.index))
                        for a in record["answers"])
        size = 1 if kind == "play" else 3
        if not answers or any(len(a) != size for a in answers):
            raise PuzzleError(f"puzzle {name}: each answer must be {size} card(s)")
        numbers = {key: record[key] for key in ("seed", "number", "seat", "deals", "rating")}
        if any(not isinstance(v, int) or isinstance(v, bool) for v in numbers.values()):
            raise PuzzleError(f"puzzle {name}: seed, number, seat, deals and rating must be whole numbers")
        margin, error = record["margin"], record["error"]
        if not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in (margin, error)):
            raise PuzzleError(f"puzzle {name}: margin and error must be numbers")
        return Puzzle(
            id=str(name), rule_set=rule_set, rules=rules[rule_set], seed=numbers["seed"], number=numbers["number"],
            passes=tuple(_cards(p, f"puzzle {name} passes") for p in record["passes"]),
            plays=_cards(record["plays"], f"puzzle {name} plays"), seat=numbers["seat"], kind=kind,
            answers=answers, rival=_cards(record["rival"], f"puzzle {name} rival"), margin=float(margin),
            error=float(error), deals=numbers["deals"], themes=themes, reason_code=str(record["reason"]),
            rating=numbers["rating"], bot=_cards(record.get("bot", ""), f"puzzle {name} bot"))
    except KeyError as missing:
        raise PuzzleError(f"puzzle {name}: the field {missing} is missing") from None
    except TypeError:
        raise PuzzleError(f"puzzle {name}: a field has the wrong type") from None


__all__ = ["THEMES", "Puzzle", "PuzzleError", "initial_rating", "load_puzzles", "read_puzzles"]
