"""The table's options, checked once, with errors that name what is wrong."""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..bots import BOTS, Bot, make_bot
from ..bots.function import as_bot
from ..bots.time_limit import DEFAULT_SECONDS, check_time_limit
from ..engine import Rules
from ..engine.errors import shown
from ..text.rule_names import rule_name
from ..text.translate import LANGUAGES, default_language

HUMAN = "human"
BOT = "bot"
DEFAULT_BOT = "rule"
MAX_PACE = 5.0
# The default, teaching pace: seconds between bot cards, slow enough to follow
# each card ("one card at a time"); 0 is the instant pace for people who know the game.
SLOW_PACE = 0.8
# After a completed trick: 0 waits for the learner to continue, else the seconds
# the trick stays on the table before it goes to its winner by itself.
MAX_CONTINUE_AFTER = 30.0
# "game": the whole table with its controls; "position": a lesson position (the
# seats, the trick, the hand and the verdict, none of a game's controls).
LAYOUTS = ("game", "position")
# What ``untaught`` may list besides rule ids: the coach (its word on a finished trick waits
# until the lesson has introduced it).
UNTAUGHT_WORDS = ("coach",)
MAX_NAME = 100  # characters of a keep_as name


@dataclass(frozen=True)
class TableOptions:
    """What ``HeartsTable(...)`` accepts. ``seats`` lists, per seat, ``"human"``,
    ``"bot"`` (the rule-based bot), a bot name of ``hearts_widget.bots.BOTS``, a
    bot object or a bot function (``def my_bot(view) -> card``, see
    ``bots.function``); the learner's seat must be human. ``bots`` lists the bots
    alone, one per other seat in the order of play from the learner's left
    (``bots=[my_bot, "rule", "strong"]``), instead of ``seats``. ``variant`` names a variant of
    ``Rules``; ``rules`` (a ``Rules``) gives every rule at once, house rules too,
    instead of ``players``, ``target`` and ``variant``. Without ``lang`` the
    table speaks the kernel's locale when it is a shipped language, else English.
    ``pace`` is the seconds between bot cards (the default follows one card at a
    time; 0 is instant); at a pace above 0 a completed trick stays on the table
    until the learner continues, or for ``continue_after`` seconds when above 0.
    ``layout`` is ``"game"`` (the whole table) or ``"position"`` (a lesson position:
    no new game, variant, pace, language, house rules, score sheet or log).
    ``keep_as`` names the game a browser's page keeps on this table (a reload
    finds it again); without it, tables made with the same options share one
    kept game, so a lesson names its guided hand and its free game.
    ``show_rule_ids`` adds each rule's id (``play.follow-suit``) beside its name,
    for teachers and developers (never read out by a screen reader).
    ``ask_first`` (a lesson board: the learner predicts first) shows no verdict, mark or
    rule sentence on the learner's cards until they have tried one (or asked to see them).
    ``note_only`` (a board of a check before or after a lesson, ``layout="position"``) shows
    none ever: the learner's first card, legal or not, is noted as their answer (the table's
    ``noted``) and nothing is played or judged.
    ``untaught`` lists rule ids the learner has not been taught yet: the table tells
    what they do in plain words instead of naming them (the hearts broken), shows no
    tag with their names, and says nothing of a rule that follows from one of them
    (a heart may be led once hearts are broken: not before leading hearts is taught);
    with ``"coach"`` in it, the coach gives no word on the learner's finished trick.
    ``bot_time_limit`` is the seconds a learner's bot (a function or a bot object from
    outside the package) may take for a decision: a bot over it is abandoned, the table
    says so, and the rule bot plays its seat from then on."""

    players: int = 4
    target: int = 100
    seed: int | None = None
    learner: int = 0
    seats: tuple[Any, ...] | None = None
    bots: tuple[Any, ...] | None = None
    open_hands: bool = False
    pace: float = SLOW_PACE
    continue_after: float = 0.0
    lang: str = "en"
    variant: str = "standard"
    rules: Rules | None = None
    layout: str = "game"
    keep_as: str | None = None
    show_rule_ids: bool = False
    ask_first: bool = False
    note_only: bool = False
    untaught: tuple[str, ...] = ()
    bot_time_limit: float = DEFAULT_SECONDS

    @classmethod
    def from_kwargs(cls, kwargs: dict[str, Any]) -> TableOptions:
        """Build options from keyword arguments, refusing unknown names with a suggestion."""
        known = list(cls.__dataclass_fields__)
        for name in kwargs:
            if name not in known:
                close = difflib.get_close_matches(name, known, n=1)
                hint = f" Did you mean {close[0]!r}?" if close else ""
                raise TypeError(f"HeartsTable got an unknown option {shown(name)}.{hint} "
                                f"The options are: {', '.join(known)}.")
        if kwargs.get("lang") is not None:
            check_lang(kwargs["lang"])
        kwargs = {**kwargs, "lang": default_language(kwargs.get("lang"))}
        untaught = kwargs.get("untaught")
        if isinstance(untaught, (list, frozenset, set)) and all(isinstance(rule, str) for rule in untaught):
            kwargs["untaught"] = tuple(sorted(untaught))
        rules = kwargs.get("rules")
        if rules is not None:
            if not isinstance(rules, Rules):
                raise ValueError(f"rules must be a hearts_widget.Rules, like Rules(variant='omnibus'), "
                                 f"not {shown(rules)}")
            both = sorted({"players", "target", "variant"} & set(kwargs))
            if both:
                raise TypeError(f"give the rules either as rules=Rules(...) or as {', '.join(both)}, not both")
            kwargs = {**kwargs, "players": rules.players, "target": rules.target, "variant": rules.variant}
        if kwargs.get("bots") is not None:
            kwargs = {**kwargs, "seats": seats_of_bots(kwargs)}
        options = cls(**kwargs)
        options.check()
        return options

    def check(self) -> None:
        self.game_rules  # noqa: B018 - reading it raises naming players, target or variant
        if self.seed is not None and (not isinstance(self.seed, int) or isinstance(self.seed, bool)):
            raise ValueError(f"seed must be a whole number or None, not {shown(self.seed)}")
        if not isinstance(self.learner, int) or isinstance(self.learner, bool) \
                or not 0 <= self.learner < self.players:
            raise ValueError(f"learner must be a seat from 0 to {self.players - 1}, not {shown(self.learner)}")
        if not isinstance(self.open_hands, bool):
            raise ValueError(f"open_hands must be True or False, not {shown(self.open_hands)}")
        check_pace(self.pace)
        check_time_limit(self.bot_time_limit, "bot_time_limit")
        check_continue_after(self.continue_after)
        check_lang(self.lang)
        if self.layout not in LAYOUTS:
            raise ValueError(f"layout must be one of {', '.join(map(repr, LAYOUTS))}, not {shown(self.layout)}")
        if self.keep_as is not None and not (isinstance(self.keep_as, str) and 0 < len(self.keep_as) <= MAX_NAME):
            raise ValueError(f"keep_as must be None or a name of 1 to {MAX_NAME} characters, not {shown(self.keep_as)}")
        for name in ("show_rule_ids", "ask_first", "note_only"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be True or False, not {shown(getattr(self, name))}")
        if self.note_only and self.layout != "position":
            raise ValueError("note_only is for a lesson's board: give layout='position' with it")
        if not isinstance(self.untaught, tuple) or not all(isinstance(r, str) for r in self.untaught):
            raise ValueError(f"untaught must be a tuple of rule ids, not {shown(self.untaught)}")
        for rule in self.untaught:
            if rule in UNTAUGHT_WORDS:
                continue
            try:
                rule_name(rule)
            except ValueError:
                raise ValueError(f"untaught lists {shown(rule)}, which is not a rule id (rule ids look like "
                                 f"'play.hearts-broken'; RULES.md lists them) nor one of "
                                 f"{', '.join(map(repr, UNTAUGHT_WORDS))}") from None
        if self.seats is not None:
            seats = self.seats
            if isinstance(seats, str) or not isinstance(seats, Sequence) or len(seats) != self.players:
                raise ValueError(f"seats must list {self.players} entries, one per seat, not {shown(seats)}")
            for seat, kind in enumerate(seats):
                check_seat(kind, f"seats[{seat}]")
            if not (isinstance(seats[self.learner], str) and seats[self.learner] == HUMAN):
                raise ValueError(f"seats[{self.learner}], the learner's seat, must be 'human', "
                                 f"not {shown(seats[self.learner])}")

    @property
    def game_rules(self) -> Rules:
        """The rules of the table's games: ``rules`` when given, else from players, target and variant."""
        if self.rules is not None:
            return self.rules
        return Rules(players=self.players, target=self.target, variant=self.variant)  # type: ignore[arg-type]


def is_bot(value: object) -> bool:
    """Whether ``value`` has what the table needs from a bot (the ``Bot`` protocol)."""
    return all(callable(getattr(value, name, None)) for name in ("choose_pass", "choose_play", "choose_moon"))


def seats_of_bots(kwargs: dict[str, Any]) -> tuple[Any, ...]:
    """``seats`` from ``bots``: the learner's seat human, the bots in the order of play from its left."""
    bots, players, learner = kwargs["bots"], kwargs.get("players", 4), kwargs.get("learner", 0)
    if kwargs.get("seats") is not None:
        raise TypeError("give the bots either as bots=[...] (the other seats) or in seats=[...], not both")
    if isinstance(bots, str) or not isinstance(bots, Sequence) or not isinstance(players, int) \
            or len(bots) != players - 1:
        raise ValueError(f"bots must list {players - 1 if isinstance(players, int) else 'the'} bots, one per "
                         f"other seat from your left, not {shown(bots)}")
    if not isinstance(learner, int) or isinstance(learner, bool) or not 0 <= learner < players:
        raise ValueError(f"learner must be a seat from 0 to {players - 1}, not {shown(learner)}")
    for number, bot in enumerate(bots):
        check_seat(bot, f"bots[{number}]", human=False)
    seats: list[Any] = [HUMAN] * players
    for offset, bot in enumerate(bots, start=1):
        seats[(learner + offset) % players] = bot
    return tuple(seats)


def check_seat(kind: Any, label: str, human: bool = True) -> None:
    """Refuse, naming ``label`` (``seats[2]``, ``bots[0]``), what cannot sit at a seat
    (a bot's seat when ``human`` is False)."""
    if isinstance(kind, type):
        raise ValueError(f"{label} must be a bot object, not the class {kind.__name__} "
                         f"(write {kind.__name__}() to make one)")
    names = (HUMAN, BOT, *BOTS) if human else (BOT, *BOTS)
    if not (isinstance(kind, str) and kind in names) and not is_bot(kind) and not callable(kind):
        person = "'human', " if human else ""
        raise ValueError(f"{label} must be {person}'bot', one of {', '.join(BOTS)}, a bot "
                         f"object (with choose_pass, choose_play and choose_moon) or a bot function "
                         f"(def my_bot(view) -> card), not {shown(kind)}")


def check_pace(pace: Any) -> float:
    if isinstance(pace, bool) or not isinstance(pace, (int, float)) or not 0 <= pace <= MAX_PACE:
        raise ValueError(f"pace must be seconds between bot cards, from 0 (instant) to {MAX_PACE:g}, not {shown(pace)}")
    return float(pace)


def check_continue_after(seconds: Any) -> float:
    """How long a completed trick stays on the table by itself (0: until the learner continues)."""
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 <= seconds <= MAX_CONTINUE_AFTER:
        raise ValueError(f"continue_after must be the seconds a completed trick stays on the table, from 0 "
                         f"(until you continue) to {MAX_CONTINUE_AFTER:g}, not {shown(seconds)}")
    return float(seconds)


def check_lang(lang: Any) -> str:
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise ValueError(f"unknown language {shown(lang)} for lang: choose one of {', '.join(LANGUAGES)}")
    return str(lang)


def bot_for_seats(options: TableOptions) -> list[Bot | None]:
    """Per seat: its bot, or None for a human seat."""
    kinds = options.seats or [HUMAN if s == options.learner else BOT for s in range(options.players)]
    bots: list[Bot | None] = []
    for seat, kind in enumerate(kinds):
        if kind == HUMAN:
            bots.append(None)
        elif isinstance(kind, str):
            seed = None if options.seed is None else options.seed + seat
            bots.append(make_bot(DEFAULT_BOT if kind == BOT else kind, seed=seed))
        else:
            bots.append(as_bot(kind))
    return bots
