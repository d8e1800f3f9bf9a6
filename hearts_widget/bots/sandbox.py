"""A learner's bot run in a process of its own, for the class league: it is given only its
seat's view, as data, and answers with a card; it cannot reach the game's hidden state
(the other seats' hands live in another process).

:class:`SandboxedBot` starts ``python -I`` with an empty environment in an empty folder,
sends it the bot's code once, then each seat's view (a pickled :class:`SeatView`, the
seat's knowledge and nothing else) and reads back one line of JSON: the card as text,
or the error the bot raised. Inside the child, once the code has run, the bot may not
start processes or threads, write files, open any file or socket, or use more than
:data:`MEMORY_BYTES` of memory (``resource`` limits); a decision that runs 1 s past the
time limit ends the process by itself (``SIGALRM``), should its server be gone. Each decision has the time limit;
a bot that is too slow, raises, returns anything but a legal card, or whose process
ends, loses its seat to the rule bot for the rest of the match, and :attr:`forfeit`
says why. Passing is the rule bot's and the moon choice the best one, as for a bot
function at the table.

What the child can still do: read files it already had open (none but its pipes), and
use the CPU until the time limit. It runs as the server's user, so it is no defence
against code written to attack the machine before the limits apply (the code's top
level runs before them, so that it may import modules): a league is for a class. POSIX only
(Linux, macOS): elsewhere :class:`SandboxError` says so.
"""

from __future__ import annotations

import contextlib
import json
import os
import pickle
import select
import signal
import struct
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from ..engine import Card, HeartsError, SeatView
from ..engine.rules import MOON_POINTS
from .base import MoonChoice, best_moon_choice
from .function import as_card
from .rule import RuleBot
from .time_limit import DEFAULT_SECONDS

MEMORY_BYTES = 1 << 30  # the child's address space
START_SECONDS = 20.0  # the child's start (an interpreter, the engine and the bot's code) on a busy machine
MAX_ANSWER = 4096  # bytes of one answer line
PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])  # the folder holding hearts_widget

ForfeitKind = Literal["slow", "raised", "illegal", "crashed"]

# The child: limits first, then the bot's code, then one answer line per view. Its own stdout and
# stdin are /dev/null (a print() of the bot goes nowhere); the protocol uses copies of them.
CHILD = r"""
import io, json, math, os, pickle, resource, signal, struct, sys
sys.path.insert(0, sys.argv[1])
requests, answers = os.fdopen(os.dup(0), "rb"), os.fdopen(os.dup(1), "w")
null = os.open(os.devnull, os.O_RDWR)
os.dup2(null, 0); os.dup2(null, 1); os.close(null)
sys.stdin, sys.stdout = io.StringIO(), io.StringIO()
import collections, functools, itertools, math, random, statistics  # what a bot may use, loaded now
import hearts_widget.engine

def say(**answer):
    answers.write(json.dumps(answer) + "\n")
    answers.flush()

def frame():
    head = requests.read(4)
    if len(head) < 4:
        sys.exit(0)
    return requests.read(struct.unpack(">I", head)[0])

code = json.loads(frame())
resource.setrlimit(resource.RLIMIT_AS, (int(sys.argv[2]), int(sys.argv[2])))
resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))
resource.setrlimit(resource.RLIMIT_NPROC, (0, 0))
resource.setrlimit(resource.RLIMIT_CPU, (3600, 3600))  # a last stop for a bot left looping
def shown(error):
    return f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
try:
    space = {"__name__": "league_bot", "__builtins__": __builtins__}
    exec(compile(code["source"], "<league bot>", "exec"), space)
    bot = space[code["function"]]
except BaseException as error:
    say(error=shown(error))
    sys.exit(0)
highest = max(requests.fileno(), answers.fileno())
resource.setrlimit(resource.RLIMIT_NOFILE, (highest + 1, highest + 1))
del code, space
say(ready=True)
while True:
    view = pickle.loads(frame())
    signal.alarm(math.ceil(float(sys.argv[3])) + 1)  # ends the process if its server is gone and it loops
    try:
        card = bot(view)
    except BaseException as error:
        signal.alarm(0)
        say(error=shown(error))
        continue
    signal.alarm(0)
    known = isinstance(card, (str, hearts_widget.engine.Card))
    say(card=str(card) if known else None, shown=(str(card) if known else repr(card))[:60])
"""


class SandboxError(HeartsError):
    """The bot's process could not be started."""


@dataclass(frozen=True)
class Forfeit:
    """Why a sandboxed bot lost its seat to the rule bot: ``kind`` (too ``slow``, ``raised`` an
    error, returned an ``illegal`` answer, or its process ``crashed``) and what happened."""

    kind: ForfeitKind
    detail: str = ""


class SandboxedBot:
    """A bot whose card is chosen by ``function`` (defined in ``source``) in a process of its own;
    see the module's docstring. Call :meth:`close` when the match is over."""

    def __init__(self, source: str, function: str, name: str | None = None,
                 time_limit: float = DEFAULT_SECONDS) -> None:
        self.source = source
        self.function = function
        self.name = name or function
        self.time_limit = time_limit
        self.forfeit: Forfeit | None = None
        self._rule = RuleBot()
        self._process: subprocess.Popen[bytes] | None = None
        self._folder: tempfile.TemporaryDirectory[str] | None = None
        self._pending = b""

    def choose_pass(self, view: SeatView) -> list[Card]:
        return self._rule.choose_pass(view)

    def choose_moon(self, seat: int, scores: Sequence[int], target: int,
                    moon_points: int = MOON_POINTS) -> MoonChoice:
        return best_moon_choice(seat, scores, target, moon_points)

    def choose_play(self, view: SeatView) -> Card:
        if self.forfeit is None:
            try:
                card = self._ask(view)
            except _Lost as lost:
                self.forfeit = lost.forfeit
                self.close()
            else:
                return card
        return self._rule.choose_play(view)

    def close(self) -> None:
        """End the bot's process (if any) and delete its folder."""
        process, self._process = self._process, None
        if process is not None:
            for stream in (process.stdin, process.stdout):
                if stream is not None:
                    stream.close()
            with contextlib.suppress(ProcessLookupError):  # and whatever it started (root may fork)
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        if self._folder is not None:
            self._folder.cleanup()
            self._folder = None

    def __enter__(self) -> SandboxedBot:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the child -----------------------------------------------------------------------

    def _ask(self, view: SeatView) -> Card:
        if self._process is None:
            self._start()
        self._send(pickle.dumps(view, protocol=pickle.HIGHEST_PROTOCOL))
        answer = self._answer(self.time_limit)
        if "error" in answer:
            raise _Lost(Forfeit("raised", str(answer["error"])[:300]))
        card = as_card(answer.get("card"))
        if card is None or card not in view.legal:
            raise _Lost(Forfeit("illegal", str(answer.get("shown", ""))[:60]))
        return card

    def _start(self) -> None:
        if os.name != "posix":
            raise SandboxError("the class league runs learners' bots on a Linux or macOS server only "
                               "(their processes need POSIX limits)")
        self._folder = tempfile.TemporaryDirectory(prefix="hearts-league-")
        try:
            self._process = subprocess.Popen(
                [sys.executable, "-I", "-c", CHILD, PACKAGE_ROOT, str(MEMORY_BYTES), str(self.time_limit)],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                cwd=self._folder.name, env={"LANG": "C.UTF-8"}, start_new_session=True)
        except OSError as error:
            raise SandboxError(f"the league could not start a process for {self.name}: {error}") from None
        self._send(json.dumps({"source": self.source, "function": self.function}).encode("utf-8"))
        answer = self._answer(START_SECONDS + self.time_limit)
        if "error" in answer:
            raise _Lost(Forfeit("raised", str(answer["error"])[:300]))

    def _send(self, data: bytes) -> None:
        assert self._process is not None and self._process.stdin is not None
        try:
            self._process.stdin.write(struct.pack(">I", len(data)) + data)
            self._process.stdin.flush()
        except OSError:
            raise _Lost(Forfeit("crashed")) from None

    def _answer(self, seconds: float) -> dict[str, object]:
        """The child's next line, read within ``seconds``."""
        assert self._process is not None and self._process.stdout is not None
        out = self._process.stdout.fileno()
        deadline = time.monotonic() + seconds
        while b"\n" not in self._pending:
            left = deadline - time.monotonic()
            if left <= 0:
                raise _Lost(Forfeit("slow", f"{self.time_limit:g}"))
            if not select.select([out], [], [], left)[0]:
                continue
            chunk = os.read(out, MAX_ANSWER)
            if not chunk:
                raise _Lost(Forfeit("crashed"))
            self._pending += chunk
            if len(self._pending) > MAX_ANSWER:
                raise _Lost(Forfeit("illegal", "…"))
        line, _, self._pending = self._pending.partition(b"\n")
        try:
            answer = json.loads(line)
        except ValueError:
            raise _Lost(Forfeit("illegal", line[:60].decode("utf-8", "replace"))) from None
        if not isinstance(answer, dict):
            raise _Lost(Forfeit("illegal", line[:60].decode("utf-8", "replace")))
        return answer


class _Lost(Exception):
    def __init__(self, forfeit: Forfeit) -> None:
        super().__init__(forfeit.kind)
        self.forfeit = forfeit
