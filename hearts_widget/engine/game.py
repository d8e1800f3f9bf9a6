"""A whole game: hands in sequence with the pass rotation, the score sheet,
the moon and the target."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, Literal

from .cards import Card
from .checks import MAX_SEED, whole_number
from .errors import HeartsError, RecordError, WrongPhase, shown
from .explain import Event
from .hand import Hand
from .records import RECORD_VERSION, check_header, check_record, dumps, json_copy, loads, too_many_actions
from .rules import MOON_POINTS, Rules

MoonChoice = Literal["self", "others"]
GAME_FORMAT = "hearts-widget.game"

# Histories that only grow (the actions, the events of finished hands) are kept
# as chains of (newest item, the chain before it), so that a move costs the same
# however long the game is (a tuple copied whole at every move makes replaying a
# record quadratic), and every earlier Game keeps its own history unchanged.
Action = tuple[Any, ...]  # ("pass", seat, codes) | ("play", code) | ("finish",) | ("moon", choice)
ActionChain = tuple[Action, "ActionChain"] | None
EventChain = tuple[tuple[Event, ...], "EventChain"] | None


class Game:
    """A game of Hearts to the target score. Immutable like :class:`Hand`:
    every move returns the next ``Game``. Start one with :meth:`new`,
    :meth:`from_hand` or a record (:meth:`from_json`)."""

    __slots__ = ("rules", "seed", "hand", "completed", "sheet", "pending_moon", "_totals", "_history",
                 "_actions", "_start")
    rules: Rules
    seed: int
    hand: Hand
    completed: tuple[Hand, ...]
    sheet: tuple[tuple[int, ...], ...]
    pending_moon: int | None
    _totals: tuple[int, ...]           # score.sheet: the sheet's running totals
    _history: EventChain               # the events of each finished hand (with the game's own), newest first
    _actions: ActionChain              # every move, newest first
    _start: dict[str, Any] | None      # the record of the first hand, for a game begun from_hand

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise HeartsError("start a game with Game.new(rules, seed), Game.from_hand(hand) or Game.from_json(record)")

    @classmethod
    def new(cls, rules: Rules | None = None, seed: int | None = None) -> Game:
        """A new game; without a seed one is drawn at random (and kept in ``game.seed``)."""
        rules = rules if rules is not None else Rules()
        if not isinstance(rules, Rules):
            raise HeartsError(f"rules must be a Rules object, not {shown(rules)}")
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        game = object.__new__(cls)
        for name, value in {
            "rules": rules, "seed": seed, "hand": Hand.deal(rules, seed, 0), "completed": (), "sheet": (),
            "pending_moon": None, "_totals": (0,) * rules.players, "_history": None, "_actions": None,
            "_start": None,
        }.items():
            object.__setattr__(game, name, value)
        return game

    @classmethod
    def from_hand(cls, hand: Hand, seed: int | None = None) -> Game:
        """A game that begins with ``hand``, e.g. a lesson position set up with
        ``Hand.from_cards``; the hands after it are dealt from ``seed``. The
        game's record keeps that first hand, so it replays exactly."""
        if not isinstance(hand, Hand):
            raise HeartsError(f"from_hand needs a Hand, not {shown(hand)}")
        if hand.phase == "done":
            raise WrongPhase("this hand is over: a game starts from a hand still being played")
        return cls.new(hand.rules, seed)._replace(hand=hand, _start=hand.to_dict())

    def _replace(self, **changes: Any) -> Game:
        """A copy with some attributes changed (the old game stays as it was)."""
        new = object.__new__(Game)
        for name in Game.__slots__:
            object.__setattr__(new, name, changes[name] if name in changes else getattr(self, name))
        return new

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Game is immutable: its moves return a new Game")

    # -- reading ----------------------------------------------------------
    @property
    def scores(self) -> tuple[int, ...]:
        """score.sheet: running totals per seat."""
        return self._totals

    @property
    def is_over(self) -> bool:
        """score.target: someone reached or passed the target at the end of a hand."""
        return bool(self.sheet) and self.pending_moon is None and max(self.scores) >= self.rules.target

    @property
    def winners(self) -> tuple[int, ...]:
        """score.winner: the seats with the lowest total once the game is over (ties share)."""
        if not self.is_over:
            return ()
        low = min(self.scores)
        return tuple(s for s, total in enumerate(self.scores) if total == low)

    @property
    def events(self) -> tuple[Event, ...]:
        """The events of the finished hands, each followed by the game's own
        (``moon-choice``, ``scored``, ``game-over``)."""
        blocks = []
        link = self._history
        while link is not None:
            block, link = link
            blocks.append(block)
        return tuple(event for block in reversed(blocks) for event in block)

    @property
    def history(self) -> tuple[Event, ...]:
        """Everything that happened so far, in order: finished hands and game
        events, then the hand in progress (for narration)."""
        if self.completed and self.hand is self.completed[-1]:
            return self.events
        return self.events + self.hand.events

    # -- moves ------------------------------------------------------------
    def pass_cards(self, seat: int, cards: Iterable[str | Card]) -> Game:
        """pass.three: ``seat`` commits three cards in the current hand."""
        self._check_open()
        hand = self.hand.pass_cards(seat, cards)
        _, codes = hand._pass_log[-1]
        return self._replace(hand=hand, _actions=(("pass", seat, codes), self._actions))

    def play(self, card: str | Card, seat: int | None = None) -> Game:
        """Play a card in the current hand; at the hand's end the score is entered
        and the next hand dealt (or the moon choice awaited)."""
        self._check_open()
        hand = self.hand.play(card, seat)
        game = self._replace(hand=hand, _actions=(("play", Card.parse(card).code), self._actions))
        return game._end_hand() if hand.phase == "done" else game

    def finish_hand(self) -> Game:
        """Play out the rest of the hand when no points are left in play."""
        self._check_open()
        hand = self.hand.finish()
        game = self._replace(hand=hand, _actions=(("finish",), self._actions))
        return game._end_hand()

    def choose_moon(self, choice: MoonChoice) -> Game:
        """score.moon: the shooter's choice, -26 to self ("self") or +26 to each other player
        ("others"); 52 with two packs (variant.cancellation.moon)."""
        if self.pending_moon is None:
            raise WrongPhase("nobody has shot the moon: there is no choice to make")
        if not isinstance(choice, str) or choice not in ("self", "others"):
            raise HeartsError(f"the moon choice is 'self' or 'others', not {shown(choice)}")
        shooter = self.pending_moon
        game = self._replace(pending_moon=None, _actions=(("moon", choice), self._actions))
        return game._record(shooter, choice)

    def _check_open(self) -> None:
        if self.pending_moon is not None:
            raise WrongPhase(f"seat {self.pending_moon} shot the moon and must choose first (choose_moon)")
        if self.is_over:
            raise WrongPhase("the game is over")

    def _end_hand(self) -> Game:
        shooter = self.hand.moon_shooter
        if shooter is None:
            return self._record(None, None)
        if self.rules.moon == "choice":
            return self._replace(pending_moon=shooter)
        return self._record(shooter, self.rules.moon)

    def _record(self, shooter: int | None, choice: str | None) -> Game:
        """score.sheet: enter the finished hand, then end the game or deal the next hand."""
        row = self.hand.points()
        events = list(self.hand.events)
        if shooter is not None:
            moon = self.rules.moon_points
            bonus = self.hand.bonus_points()  # variant.omnibus.moon: the bonus is kept
            if choice == "self":
                row = [(-moon if s == shooter else 0) + bonus[s] for s in range(self.rules.players)]
            else:
                row = [(0 if s == shooter else moon) + bonus[s] for s in range(self.rules.players)]
            facts: dict[str, Any] = {"choice": choice}
            if moon != MOON_POINTS:
                facts["points"] = moon
            events.append(Event("moon-choice", "score.moon", shooter, facts=facts))
        sheet = self.sheet + (tuple(row),)
        totals = tuple(total + points for total, points in zip(self._totals, row, strict=True))
        events.append(Event("scored", "score.sheet", facts={"row": list(row), "number": self.hand.number}))
        game = self._replace(sheet=sheet, _totals=totals, completed=self.completed + (self.hand,))
        if game.is_over:
            events.append(Event("game-over", "score.winner", facts={
                "target": self.rules.target, "winners": list(game.winners), "scores": list(game.scores),
            }))
            return game._replace(_history=(tuple(events), self._history))
        next_hand = Hand.deal(self.rules, self.seed, self.hand.number + 1)
        return game._replace(hand=next_hand, _history=(tuple(events), self._history))

    # -- records ----------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The game's record, a new object each time: changing it never changes the game."""
        actions = []
        link = self._actions
        while link is not None:
            action, link = link
            actions.append(_action_record(action))
        actions.reverse()
        record = {
            "format": GAME_FORMAT,
            "version": RECORD_VERSION,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "actions": actions,
        }
        if self._start is not None:
            record["start"] = json_copy(self._start)
        return record

    def to_json(self) -> str:
        return dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Rebuild a game by replaying its record; a bad record raises RecordError."""
        return cls.from_dict(loads(text, "game"))

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        """Rebuild a game from :meth:`to_dict`, replaying every action through the
        rules (in time linear in the record's length); a record too big, too
        deeply nested, malformed or tampered with raises :class:`RecordError`."""
        check_record(data, "game")
        began_from_hand = "start" in data
        check_header(data, GAME_FORMAT, ("rules", "seed", "actions") + (("start",) if began_from_hand else ()))
        try:
            rules = Rules.from_dict(data["rules"])
        except HeartsError as error:
            raise RecordError(f"bad rules in game record: {error}") from None
        seed = whole_number(data["seed"], "the seed", -MAX_SEED, MAX_SEED, RecordError)
        actions = data["actions"]
        if not isinstance(actions, list):
            raise RecordError("actions must be a list")
        too_many_actions(actions)
        game = cls._first_hand_from(data["start"], rules, seed) if began_from_hand else cls.new(rules, seed)
        for number, action in enumerate(actions):
            try:
                game = game.apply(action)
            except HeartsError as error:
                raise RecordError(f"action {number} ({shown(action)}) cannot be replayed: {error}") from None
        return game

    @classmethod
    def _first_hand_from(cls, start: Any, rules: Rules, seed: int) -> Game:
        """The game of a record that began from a prepared hand (``from_hand``)."""
        hand = Hand.from_dict(start)
        if hand.rules != rules:
            raise RecordError("the first hand of the game record is played under other rules than the game")
        try:
            return cls.from_hand(hand, seed)
        except HeartsError as error:
            raise RecordError(f"bad first hand in game record: {error}") from None

    def apply(self, action: Any) -> Game:
        """Apply one recorded action (``pass``, ``play``, ``finish`` or ``moon``)."""
        kind = action.get("type") if isinstance(action, dict) else None
        keys = {"pass": {"type", "seat", "cards"}, "play": {"type", "card"}, "finish": {"type"},
                "moon": {"type", "choice"}}
        if not isinstance(kind, str) or kind not in keys or action.keys() != keys[kind]:
            raise HeartsError(f"unknown action {shown(action)}")
        if kind == "pass":
            if not isinstance(action["cards"], list):
                raise HeartsError("passed cards must be a list")
            return self.pass_cards(action["seat"], action["cards"])
        if kind == "play":
            return self.play(action["card"])
        if kind == "finish":
            return self.finish_hand()
        return self.choose_moon(action["choice"])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Game.from_json({self.to_json()!r})"

    def _repr_html_(self) -> str:
        from .display import game_html

        return game_html(self)


def _action_record(action: Action) -> dict[str, Any]:
    """One move as the record writes it, a new dict each time."""
    kind = action[0]
    if kind == "pass":
        return {"type": "pass", "seat": action[1], "cards": list(action[2])}
    if kind == "play":
        return {"type": "play", "card": action[1]}
    if kind == "moon":
        return {"type": "moon", "choice": action[1]}
    return {"type": "finish"}
