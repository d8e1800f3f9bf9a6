"""Bots playing whole games or single hands against each other (tests and the tournament),
and :func:`arena`, which measures a learner's bot on duplicate deals."""

from __future__ import annotations

import math
import statistics
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ..engine import Game, Hand, Rules
from ..engine.words import words
from .base import Bot, ask_moon_choice
from .time_limit import DEFAULT_SECONDS, LimitedBot, TimeLimit, check_time_limit, is_trusted

Timer = Callable[[int, float], None]
Decision = Literal["pass", "play", "choice", "moon"]
# Hears each decision: the seat, its kind ("pass", "moon", "choice": a play
# with more than one legal card, "play": a forced one), and how long it took.
KindTimer = Callable[[int, Decision, float], None]
# The arena warns, once its first hand is played, when the whole run looks like taking longer than this.
SLOW_RUN = 60.0


class SlowArenaWarning(UserWarning):
    """An arena run that will take minutes: the warning says how long and which bot is slow."""


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
    return tuple(play_out(bots, hand, on_decision).sheet[0])


def play_out(bots: Sequence[Bot], hand: Hand, on_decision: KindTimer | None = None) -> Game:
    """The game of ``hand`` alone once played to its end (see :func:`play_hand`): its
    score sheet row and the finished hand (``completed[0]``) with every trick."""
    if len(bots) != hand.rules.players:
        raise ValueError(f"{hand.rules.players} players need {hand.rules.players} bots, not {len(bots)}")
    game = Game.from_hand(hand)
    while not game.sheet or game.pending_moon is not None:
        game = _step(game, bots, on_decision)
    return game


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


# -- the arena: a learner's bot measured on duplicate deals --------------------------------


@dataclass(frozen=True)
class Side:
    """One side of an arena's result: its bot's name, its points per hand (each
    deal's mean over the seats it played) and how often one of its seats took the
    Black Maria or shot the moon, as a share of its seats' hands."""

    name: str
    points: tuple[float, ...]
    took_maria: float
    shot_moon: float

    @property
    def mean(self) -> float:
        return statistics.fmean(self.points)

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% confidence interval of the mean points per hand (1.96 standard errors over deals)."""
        return mean_interval(self.points)


@dataclass(frozen=True)
class ArenaResult:
    """What :func:`arena` measured: the bot and the bots it played against, on the
    same deals; shows itself as a picture in a notebook, ``rows`` gives the numbers."""

    bot: Side
    against: Side
    rules: Rules
    deals: int
    seed: int
    seconds: float
    lang: str = "en"

    @property
    def rows(self) -> list[dict[str, Any]]:
        """The numbers as a list of dicts, one per side (no pandas needed)."""
        rows = []
        for role, side in (("bot", self.bot), ("against", self.against)):
            low, high = side.interval
            rows.append({"side": role, "name": side.name, "points_per_hand": round(side.mean, 3),
                         "ci_low": round(low, 3), "ci_high": round(high, 3),
                         "took_queen_of_spades": round(side.took_maria, 3), "shot_the_moon": round(side.shot_moon, 3),
                         "deals": self.deals, "variant": self.rules.variant})
        return rows

    def _repr_html_(self) -> str:
        """The picture (:mod:`hearts_widget.pictures`, found through :mod:`hearts_widget.engine.words`)."""
        return str(words("arena-picture")(self))


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """The 95% interval of the mean of ``values``: mean ± 1.96 standard errors (the mean alone for one value)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, mean
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return mean - half, mean + half


def arena(bot: Any, against: Any = "rule", deals: int = 100, rules: Rules | None = None, seed: int = 0,
          progress: bool = True, lang: str | None = None, time_limit: float = DEFAULT_SECONDS) -> ArenaResult:
    """Measure ``bot`` (a bot function ``def my_bot(view) -> card``, a bot object or a
    bot name) against ``against`` (a name of :data:`BOTS`, or a bot) on ``deals``
    duplicate deals of ``rules`` (the standard game by default).

    Each deal (seed ``seed + d``, hand number ``d``, so the pass direction turns) is
    played once with ``bot`` in each seat and ``against`` bots in the others: both
    sides play the same cards from every seat, so the luck of the deal cancels out.
    Runs in the calling thread (the serverless site has no threads) and shows a
    progress bar in a notebook when ``progress`` is true. A learner's bot (a function,
    or a bot object from outside the package) has ``time_limit`` seconds a decision:
    one over it stops the run with :class:`~.time_limit.BotTooSlow`. Once the first hand
    is played, a run that looks like taking over a minute says how long, with a
    :class:`SlowArenaWarning`; Kernel › Interrupt stops it.
    """
    from . import BOTS, make_bot
    from .function import as_bot, function_name

    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise ValueError(f"deals must be a whole number of deals, 1 or more, not {deals!r:.40}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, not {seed!r:.40}")
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be a Rules, like Rules(variant='omnibus'), not {rules!r:.60}")
    limit = TimeLimit(check_time_limit(time_limit))
    language: str = words("language")(lang)

    def player(entry: Any, seed: int) -> Bot:
        if isinstance(entry, str):
            if entry not in BOTS:
                raise ValueError(f"unknown bot {entry!r}: choose one of {', '.join(BOTS)}")
            return make_bot(entry, seed=seed)
        made = as_bot(entry)
        return made if is_trusted(made) else LimitedBot(made, limit)

    def named(entry: Any) -> str:
        if isinstance(entry, str):
            return entry
        return str(getattr(entry, "name", None) or function_name(entry))

    players = rules.players
    bar = words("progress-bar")(deals, named(bot)) if progress else None
    mine: list[float] = []
    theirs: list[float] = []
    counts = {"mine": [0, 0], "theirs": [0, 0]}  # Black Marias taken, moons shot
    thinking = {"mine": [0.0, 0], "theirs": [0.0, 0]}  # seconds and decisions of each side's bots
    warned = False
    start = time.perf_counter()
    for number in range(deals):
        deal = Hand.deal(rules, seed + number, number=number)
        my_points, their_points = [], []
        for seat in range(players):
            lineup = [player(bot, 0) if s == seat else player(against, (seed + number) * 100 + s)
                      for s in range(players)]

            def timed(who: int, kind: Decision, seconds: float, seat: int = seat) -> None:
                side = thinking["mine" if who == seat else "theirs"]
                side[0] += seconds
                side[1] += 1

            game = play_out(lineup, deal, timed)
            if not warned:
                warned = _warn_if_slow(time.perf_counter() - start, (number * players + seat + 1) / (deals * players),
                                       deals, thinking, (named(bot), named(against)), language)
            row, finished = game.sheet[0], game.completed[0]
            others = [s for s in range(players) if s != seat]
            my_points.append(row[seat])
            their_points.append(statistics.fmean(row[s] for s in others))
            for who, seats in (("mine", [seat]), ("theirs", others)):
                counts[who][0] += sum(took_black_maria(finished, s) for s in seats)
                counts[who][1] += sum(finished.moon_shooter == s for s in seats)
        mine.append(statistics.fmean(my_points))
        theirs.append(statistics.fmean(their_points))
        if bar is not None:
            bar.value = number + 1
    if bar is not None:
        bar.bar_style = "success"
    hands = deals * players  # the hands each side's seats played, counted per seat
    return ArenaResult(
        bot=Side(named(bot), tuple(mine), counts["mine"][0] / hands, counts["mine"][1] / hands),
        against=Side(named(against), tuple(theirs), counts["theirs"][0] / (hands * (players - 1)),
                     counts["theirs"][1] / (hands * (players - 1))),
        rules=rules, deals=deals, seed=seed, seconds=time.perf_counter() - start, lang=language)


def _warn_if_slow(elapsed: float, done: float, deals: int, thinking: dict[str, list[float]],
                  names: tuple[str, str], lang: str) -> bool:
    """Whether to warn, warning if so: the share ``done`` of a run of ``deals`` took ``elapsed``
    seconds, and the whole run looks like taking over :data:`SLOW_RUN`. The warning names
    the side whose bot thinks longest a decision."""
    expected = elapsed / done
    if expected <= SLOW_RUN:
        return False
    per_decision = {side: seconds / max(count, 1) for side, (seconds, count) in thinking.items()}
    slow = "mine" if per_decision["mine"] >= per_decision["theirs"] else "theirs"
    name = names[0] if slow == "mine" else names[1]
    warnings.warn(words("slow-arena")(name, per_decision[slow], deals, math.ceil(expected / 60), lang),
                  SlowArenaWarning, stacklevel=3)
    return True


def took_black_maria(hand: Hand, seat: int) -> bool:
    """Whether ``seat`` won a trick holding the Q♠ in ``hand`` (finished)."""
    return any(trick.winner == seat and any(card.is_black_maria for card in trick.cards) for trick in hand.tricks)
