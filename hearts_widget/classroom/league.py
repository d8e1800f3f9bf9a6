"""The class league: learners enter their bots from their notebooks, the teacher runs the
league from the teacher's page, and each learner sees where their bot stands.

- :func:`enter_league` (a learner's notebook): the bot function's code (with the helper
  functions, modules and constants of the notebook it uses) is checked (:func:`check_entry`),
  played on a trial hand in a process of its own, and kept in the class store: straight
  into it where the kernel knows the store's file (``HEARTS_CLASS_DB``, as the launcher's
  kernels do), else posted to the hub's class service with the learner's hub token
  (``HEARTS_CLASS_SERVICE_URL``). One entry a learner: a new one replaces the last.
- :func:`run_league` (the teacher's page, through :class:`LeagueRunner`): every bot,
  entered or reference, plays each deal from every seat against each reference bot
  (:data:`REFERENCE_BOTS`), the same deals for all (duplicate deals), one match at a
  time; an entered bot runs in a process of its own per match
  (:class:`~hearts_widget.bots.sandbox.SandboxedBot`), seeing only its seat's view,
  with the time limit. A bot's rating is its points per hand over all its matches,
  with the 95% interval over the deals: each bot met the same opponents on the same
  cards, so the ratings compare. Standings are kept in the store.
- :func:`league_standing` (the learner's notebook): their bot's rank, points and interval.
"""

from __future__ import annotations

import ast
import inspect
import json
import os
import statistics
import textwrap
import threading
import time
import types
import urllib.error
import urllib.request
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..bots.time_limit import DEFAULT_SECONDS
from ..text.league import entry_text, forfeit_text, standing_text
from ..text.translate import default_language
from .report import ENV_HUB_TOKEN, ENV_SERVICE, ENV_STORE, POST_TIMEOUT_S
from .store import ClassStore, LeagueEntry, ReportError, clean_name

MAX_SOURCE = 20_000  # characters of a bot's code
REFERENCE_BOTS = ("rule", "random")
DEALS = 12  # a match: 12 deals, each from every seat (48 hands)
SAFE_CONSTANTS = (int, float, str, bool, type(None))


class LeagueError(ValueError):
    """An entry that cannot be taken, or a class without a league; the message is in the learner's language."""


# -- an entry: the bot's code ---------------------------------------------------------------

def bot_source(bot: Callable[..., Any]) -> tuple[str, str]:
    """The code of the function ``bot`` and of what it uses from its module (the notebook):
    functions it calls (and theirs), modules (``import x as name``) and simple constants;
    with the function's name. Raises :class:`OSError` when the code cannot be found."""
    if not isinstance(bot, types.FunctionType):
        raise TypeError(bot)
    parts: list[str] = []
    imports: list[str] = []
    seen: set[str] = set()

    def gather(function: types.FunctionType) -> None:
        code = inspect.getsource(function)
        names = _names_used(function.__code__)
        for name in names:
            if name in seen or name not in function.__globals__:
                continue
            seen.add(name)
            value = function.__globals__[name]
            if isinstance(value, types.ModuleType):
                imports.append(f"import {value.__name__}" if value.__name__ == name
                               else f"import {value.__name__} as {name}")
            elif isinstance(value, types.FunctionType) and value.__module__ == function.__module__:
                gather(value)
            elif isinstance(value, SAFE_CONSTANTS) or (isinstance(value, tuple)
                                                       and all(isinstance(v, SAFE_CONSTANTS) for v in value)):
                parts.append(f"{name} = {value!r}\n")
            elif getattr(value, "__module__", "").split(".")[0] == "hearts_widget" and hasattr(value, "__name__"):
                imports.append(f"from {value.__module__} import {value.__name__} as {name}")
        parts.append(textwrap.dedent(code))

    seen.add(bot.__name__)
    gather(bot)
    return "\n".join(sorted(set(imports)) + [""] + parts).lstrip("\n"), bot.__name__


def _names_used(code: types.CodeType) -> list[str]:
    """The global names a function's code (and the code inside it) uses."""
    names = list(code.co_names)
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            names.extend(_names_used(constant))
    return list(dict.fromkeys(names))


def check_entry(source: Any, function: Any, lang: str | None = None) -> tuple[str, str]:
    """``source`` and ``function`` checked: text of at most :data:`MAX_SOURCE` characters that
    compiles and defines the function ``function`` at its top level. The code is not run here."""
    if not isinstance(source, str) or not isinstance(function, str) or not function.isidentifier():
        raise LeagueError(entry_text("not-a-bot", lang, value=_shown(function)))
    if len(source) > MAX_SOURCE:
        raise LeagueError(entry_text("too-long", lang, size=len(source), most=MAX_SOURCE))
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError) as error:
        line = getattr(error, "lineno", None)
        where = f" (line {line})" if line else ""
        raise LeagueError(entry_text("syntax", lang, error=f"{getattr(error, 'msg', error)}{where}")) from None
    defined = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
    if function not in defined:
        raise LeagueError(entry_text("no-function", lang, bot=function))
    return source, function


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _entry_code(bot: Any, lang: str) -> tuple[str, str]:
    """The checked code and function name of what a learner gave: a function, or code as text
    (its last top-level function is the bot)."""
    if isinstance(bot, str):
        try:
            tree = ast.parse(bot)
        except (SyntaxError, ValueError):
            return check_entry(bot, "bot", lang)  # says what is wrong with the code
        functions = [node.name for node in tree.body if isinstance(node, ast.FunctionDef)]
        return check_entry(bot, functions[-1] if functions else "bot", lang)
    if not isinstance(bot, types.FunctionType):
        raise LeagueError(entry_text("not-a-bot", lang, value=_shown(bot)))
    try:
        source, function = bot_source(bot)
    except (OSError, TypeError):
        raise LeagueError(entry_text("no-source", lang, bot=bot.__name__)) from None
    return check_entry(source, function, lang)


def trial(source: str, function: str, time_limit: float = DEFAULT_SECONDS) -> str | None:
    """Play one hand with the bot in its process against the rule bot: None when it played every card,
    else the forfeit's kind and detail as ``kind:detail``."""
    from ..bots.arena import play_out
    from ..bots.rule import RuleBot
    from ..bots.sandbox import SandboxedBot
    from ..engine import Hand, Rules

    with SandboxedBot(source, function, time_limit=time_limit) as bot:
        play_out([bot, RuleBot(), RuleBot(), RuleBot()], Hand.deal(Rules(), 0))
        return None if bot.forfeit is None else f"{bot.forfeit.kind}:{bot.forfeit.detail}"


# -- a learner's side -----------------------------------------------------------------------

@dataclass(frozen=True)
class LeagueReply:
    """What the league tells the learner (shows as its sentence in a notebook)."""

    text: str

    def __str__(self) -> str:
        return self.text

    def _repr_markdown_(self) -> str:
        """The sentence, its code (between backticks) as code and the rest with ``_`` and ``*`` kept as they are."""
        parts = self.text.split("`")
        return "`".join(part if index % 2 else part.replace("_", "\\_").replace("*", "\\*")
                        for index, part in enumerate(parts))


def enter_league(bot: Any, name: str | None = None, lang: str | None = None,
                 time_limit: float = DEFAULT_SECONDS, environ: Mapping[str, str] | None = None) -> LeagueReply:
    """Enter ``bot`` (a function ``def my_bot(view) -> card`` defined in the notebook, or its code
    as text) in the class league, under ``name`` (your name for your teacher; on JupyterHub,
    your hub name by default). It first plays a trial hand, in a process of its own, within
    ``time_limit`` seconds a card. A :class:`LeagueError` says what is wrong, in ``lang``."""
    lang = default_language(lang)
    environ = os.environ if environ is None else environ
    source, function = _entry_code(bot, lang)
    hub = not environ.get(ENV_STORE) and environ.get(ENV_SERVICE) and environ.get(ENV_HUB_TOKEN)
    if not environ.get(ENV_STORE) and not hub:
        raise LeagueError(entry_text("no-class", lang))
    if not hub and not (isinstance(name, str) and name.strip()):
        raise LeagueError(entry_text("no-name", lang))
    try:
        shown_name = clean_name(name) if name is not None else ""
    except ReportError as error:
        raise LeagueError(entry_text("refused", lang, error=error)) from None
    problem = trial(source, function, time_limit)
    if problem is not None:
        kind, _, detail = problem.partition(":")
        raise LeagueError(entry_text("trial", lang, reason=forfeit_text(kind, function, detail, lang)))
    if hub:
        kept = _ask_service(environ, "POST", {"bot": function, "source": source, "name": shown_name}, lang)
        shown_name = kept.get("name", shown_name)
    else:
        ClassStore(Path(environ[ENV_STORE])).enter_bot(shown_name, shown_name, function, source)
    return LeagueReply(entry_text("entered", lang, bot=function, name=shown_name))


def _ask_service(environ: Mapping[str, str], method: str, body: dict[str, Any] | None,
                 lang: str) -> dict[str, Any]:
    url = environ[ENV_SERVICE].rstrip("/") + "/api/league"
    data = json.dumps(body).encode("utf-8") if body is not None else None
    request = urllib.request.Request(url, data=data, method=method, headers={
        "Authorization": f"token {environ[ENV_HUB_TOKEN]}", "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=POST_TIMEOUT_S) as answer:
            return dict(json.load(answer))
    except urllib.error.HTTPError as error:
        try:
            said = json.loads(error.read(2000)).get("error", "")
        except ValueError:
            said = ""
        raise LeagueError(entry_text("refused", lang, error=said or f"HTTP {error.code}")) from None
    except (OSError, ValueError) as error:
        raise LeagueError(entry_text("refused", lang, error=error)) from None


def league_standing(name: str | None = None, lang: str | None = None,
                    environ: Mapping[str, str] | None = None) -> LeagueReply:
    """Where your bot stands in the class league's last run (``name``: the name you entered it
    under; on JupyterHub, not needed)."""
    lang = default_language(lang)
    environ = os.environ if environ is None else environ
    if environ.get(ENV_STORE):
        if not (isinstance(name, str) and name.strip()):
            raise LeagueError(entry_text("no-name", lang).replace("enter_league(my_bot, ", "league_standing("))
        store = ClassStore(Path(environ[ENV_STORE]))
        learner = clean_name(name)
        return LeagueReply(standing_sentence(learner_view(store, learner), lang))
    if environ.get(ENV_SERVICE) and environ.get(ENV_HUB_TOKEN):
        return LeagueReply(standing_sentence(_ask_service(environ, "GET", None, lang), lang))
    raise LeagueError(entry_text("no-class", lang))


def learner_view(store: ClassStore, learner: str) -> dict[str, Any]:
    """What a learner may read of the league: their entry's function name, and their own row of
    the last run (with how many bots ran and the rule bot's points), never another learner's."""
    entry = store.league_entry(learner)
    if entry is None:
        return {"entered": None}
    result = store.league_result() or {}
    rows = result.get("standings", [])
    mine = next((row for row in rows if row.get("learner") == learner and row.get("bot") == entry.bot
                 and row.get("entered") == entry.entered), None)
    rule = next((row for row in rows if row.get("learner") is None and row.get("bot") == "rule"), None)
    return {"entered": entry.bot, "standing": mine, "count": len(rows),
            "rule": None if rule is None else rule["mean"]}


def standing_sentence(view: Mapping[str, Any], lang: str) -> str:
    """The learner's standing (:func:`learner_view`) in words."""
    if not view.get("entered"):
        return standing_text("not-entered", lang)
    mine = view.get("standing")
    if not mine:
        return standing_text("not-run", lang, bot=view["entered"])
    text = standing_text("standing", lang, bot=mine["bot"], rank=mine["rank"], count=view["count"],
                         points=number(mine["mean"]), low=number(mine["low"]), high=number(mine["high"]),
                         rule=number(view["rule"]) if view.get("rule") is not None else "–")
    if mine.get("forfeits"):
        first = mine["forfeits"][0]
        text += " " + standing_text("forfeits", lang, reason=forfeit_text(first["kind"], mine["bot"],
                                                                           first["detail"], lang))
    return text


def number(value: float) -> str:
    """Points as the league shows them: two decimals and a true minus sign."""
    return f"{value:.2f}".replace("-", "\u2212")


# -- running the league ---------------------------------------------------------------------

Progress = Callable[[int, int], None]


def run_league(entries: list[LeagueEntry], deals: int = DEALS, field: tuple[str, ...] = REFERENCE_BOTS,
               seed: int = 0, time_limit: float = DEFAULT_SECONDS, progress: Progress | None = None,
               ) -> dict[str, Any]:
    """Play the league (see the module's docstring) and return its standings as JSON-able data:
    ``{"deals", "field", "seed", "standings": [{"rank", "bot", "learner", "name", "entered",
    "mean", "low", "high", "points": per deal, "matches", "forfeits": [{"kind", "detail",
    "count"}]}]}``, best (fewest points) first; ``progress(done, total)`` hears each match."""
    from ..bots import make_bot
    from ..bots.arena import mean_interval, play_out
    from ..bots.sandbox import SandboxedBot
    from ..engine import Hand, Rules

    rules = Rules()
    players: list[tuple[str, LeagueEntry | None]] = [(e.bot, e) for e in entries] + [(b, None) for b in field]
    total = len(players) * len(field)
    done = 0
    hands = [Hand.deal(rules, seed + deal, number=deal) for deal in range(deals)]
    standings = []
    for bot, entry in players:
        per_deal = [[0.0, 0] for _ in range(deals)]
        forfeits: dict[tuple[str, str], int] = {}
        for against in field:
            player: Any = (SandboxedBot(entry.source, entry.bot, entry.bot, time_limit) if entry is not None
                           else make_bot(bot, seed=seed))
            try:
                for deal, hand in enumerate(hands):
                    for seat in range(rules.players):
                        lineup = [player if s == seat else make_bot(against, seed=(seed + deal) * 100 + s)
                                  for s in range(rules.players)]
                        sheet = play_out(lineup, hand).sheet[0]
                        per_deal[deal][0] += sheet[seat]
                        per_deal[deal][1] += 1
            finally:
                if entry is not None:
                    player.close()
            if entry is not None and player.forfeit is not None:
                key = (player.forfeit.kind, player.forfeit.detail)
                forfeits[key] = forfeits.get(key, 0) + 1
            done += 1
            if progress is not None:
                progress(done, total)
        points = [total_points / count for total_points, count in per_deal]
        low, high = mean_interval(points)
        standings.append({
            "bot": bot, "learner": entry.learner if entry else None, "name": entry.name if entry else None,
            "entered": entry.entered if entry else None, "mean": statistics.fmean(points), "low": low, "high": high,
            "points": [round(p, 4) for p in points], "matches": len(field),
            "forfeits": [{"kind": kind, "detail": detail, "count": count}
                         for (kind, detail), count in forfeits.items()]})
    standings.sort(key=lambda row: (row["mean"], row["bot"]))
    for rank, row in enumerate(standings, start=1):
        row["rank"] = rank
    return {"deals": deals, "field": list(field), "seed": seed, "standings": standings}


@dataclass
class LeagueRunner:
    """The league as the teacher's page runs it: one run at a time, in a thread of its own, with
    its progress and the store it keeps the standings in."""

    store: ClassStore
    deals: int = DEALS
    done: int = 0
    total: int = 0
    running: bool = False
    error: str = ""
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def start(self) -> bool:
        """Start a run unless one is running; whether it started."""
        with self._lock:
            if self.running:
                return False
            self.running, self.done, self.total, self.error = True, 0, 0, ""
        threading.Thread(target=self._run, name="hearts-league", daemon=True).start()
        return True

    def _run(self) -> None:
        try:
            store = ClassStore(self.store.path)  # this thread's own connection
            result = run_league(store.league_entries(), self.deals, progress=self._progress)
            result["finished"] = time.time()
            store.keep_league(result, result["finished"])
        except Exception as error:  # noqa: BLE001 - the page says why the run stopped
            self.error = f"{type(error).__name__}: {error}"
        finally:
            self.running = False

    def _progress(self, done: int, total: int) -> None:
        self.done, self.total = done, total

    def wait(self, seconds: float) -> bool:
        """Wait up to ``seconds`` for the run to end (tests); whether it did."""
        deadline = time.monotonic() + seconds
        while self.running and time.monotonic() < deadline:
            time.sleep(0.05)
        return not self.running
