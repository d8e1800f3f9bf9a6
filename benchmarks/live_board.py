"""How soon the teacher sees the class's last answer on the live board (issue 34: within 2 s with
40 learners on this 2-core machine).

    PYTHONPATH=. nice python benchmarks/live_board.py [--learners 40] [--rounds 5] [--processes 8] [--hub]

The launcher's way, simulated without browsers: the teacher's routes (``/teacher/live``) served
by Tornado in this process; the learners' lesson kernels as ``--processes`` processes, each
following the board for its share of the learners as the kernel does (asking the class store
every ``POLL_S`` seconds, a thread per learner) and answering a card of the board's hand a random
0 to ``--think`` seconds after seeing it; the teacher's page as a client asking for the round's
part every ``LIVE_REFRESH_S`` seconds, as its script does. With ``--hub`` the learners ask the
hub service's ``api/live`` over HTTP instead (the hub's check of their token stood in for by a
table, as in tests/classroom/test_service.py).

Per round: the time from the last answer kept (its time in the store) to the first answer of the
teacher's part showing every learner answered, the time until every learner had the board, and the load average.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import re
import statistics
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

from tornado import web
from tornado.httpserver import HTTPServer
from tornado.netutil import bind_sockets

from hearts_widget.classroom import service
from hearts_widget.classroom.handlers import token_handlers
from hearts_widget.classroom.live import POLL_S, HubLive, LiveClient, LiveRounds, StoreLive, held_codes
from hearts_widget.classroom.live_page import LIVE_REFRESH_S
from hearts_widget.classroom.store import ClassStore
from hearts_widget.lessons.format import builtin_lesson

TEACHER_TOKEN = "teacher-token-for-the-benchmark"
PREFIX = "/services/hearts-class/"
ANSWERED = re.compile(r"(\d+) of (\d+) learners? answered")


class HubUsers(service.LearnerLiveHandler):
    """The hub service's learners' address, with the hub's check of a token stood in for by a table."""

    def get_current_user(self) -> dict[str, Any] | None:
        token = self.request.headers.get("Authorization", "").removeprefix("token ")
        return {"kind": "user", "name": token, "admin": False, "groups": []} if token else None


def serve(store: ClassStore) -> tuple[int, asyncio.AbstractEventLoop]:
    """The teacher's routes and the hub's learners' address, served in a thread of this process."""
    lesson = builtin_lesson()
    rounds = LiveRounds(store, lesson)
    routes = [*token_handlers(lesson, store, TEACHER_TOKEN, 0, 30),
              (f"{PREFIX}api/live", HubUsers, {"lesson": lesson, "store": store, "rounds": rounds})]
    app = web.Application(routes, cookie_secret=os.urandom(32))
    sockets = bind_sockets(0, "127.0.0.1")
    loop = asyncio.new_event_loop()
    ready = threading.Event()

    def run() -> None:
        asyncio.set_event_loop(loop)
        HTTPServer(app).add_sockets(sockets)
        loop.call_soon(ready.set)
        loop.run_forever()

    threading.Thread(target=run, daemon=True).start()
    ready.wait(10)
    return sockets[0].getsockname()[1], loop


def learner(client: LiveClient, name: str, think: float, events: Any, stop: Any) -> None:
    """One learner's kernel: follow the board; answer each new round after thinking."""
    seen: set[int] = set()
    lesson = builtin_lesson()
    boards = {p.key: p for step in lesson.steps for p in step.positions}
    while not stop.is_set():
        try:  # as the kernel does: a failed ask is tried again at the next turn
            view = client.fetch()
            if view is not None and view["state"] == "open" and view["round"] not in seen:
                events.put(("saw", name, view["round"], time.time()))
                time.sleep(random.uniform(0, think))
                client.answer(view["round"], random.choice(held_codes(boards[view["board"]])))
                seen.add(view["round"])
        except OSError as error:
            events.put(("failed", name, 0, str(error)))
        time.sleep(POLL_S)


def learners_process(names: list[str], where: str, hub: bool, think: float, events: Any, stop: Any) -> None:
    """A process of kernels (one thread each)."""
    lesson = builtin_lesson()
    threads = []
    for name in names:
        client: LiveClient = (HubLive(where, name) if hub else
                              StoreLive(lesson, Path(where), lambda name=name: name))  # type: ignore[misc]
        threads.append(threading.Thread(target=learner, args=(client, name, think, events, stop), daemon=True))
    for thread in threads:
        thread.start()
    stop.wait()


def teacher_sees(url: str, count: int, timeout: float) -> float:
    """Ask for the round's part as the page does until it shows ``count`` answers; when it did."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
    opener.open(f"{url}/teacher?token={TEACHER_TOKEN}", timeout=10).read()
    end = time.time() + timeout
    while time.time() < end:
        with opener.open(f"{url}/teacher/live", timeout=10) as answer:
            part = answer.read().decode()
        seen = time.time()
        match = ANSWERED.search(part)
        if match and int(match.group(1)) >= count:
            return seen
        time.sleep(LIVE_REFRESH_S)
    raise TimeoutError(f"the teacher's part did not show {count} answers in {timeout:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--processes", type=int, default=8, help="processes the learners' kernels run in")
    parser.add_argument("--think", type=float, default=3.0, help="a learner answers 0 to this many seconds in")
    parser.add_argument("--hub", action="store_true", help="learners ask the hub service's api/live over HTTP")
    args = parser.parse_args()
    lesson = builtin_lesson()
    boards = [p.key for step in lesson.steps for p in step.positions]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "class.sqlite"
        store = ClassStore(path)
        rounds = LiveRounds(store, lesson)
        port, _loop = serve(store)
        url = f"http://127.0.0.1:{port}"
        names = [f"learner-{n:04d}" for n in range(args.learners)]
        events: Any = multiprocessing.Queue()
        stop = multiprocessing.Event()
        where = f"{url}{PREFIX}" if args.hub else str(path)
        shares = [names[i::args.processes] for i in range(min(args.processes, len(names)))]
        processes = [multiprocessing.Process(target=learners_process, args=(share, where, args.hub, args.think,
                                                                            events, stop)) for share in shares]
        for process in processes:
            process.start()
        time.sleep(2 * POLL_S)  # the kernels start following
        print(f"{args.learners} learners in {len(shares)} processes, {'hub service' if args.hub else 'class store'}, "
              f"teacher's part asked every {LIVE_REFRESH_S} s; load average before {os.getloadavg()}")
        delays, reach = [], []
        failures = 0
        for number in range(args.rounds):
            put = rounds.put(boards[number % len(boards)])
            put_at = time.time()
            seen_all = teacher_sees(url, args.learners, timeout=60 + args.think)
            saw: dict[str, float] = {}
            while len(saw) < args.learners:
                kind, name, round_, at = events.get(timeout=30)
                if kind == "saw" and round_ == put.number:
                    saw.setdefault(name, at)
                failures += kind == "failed"
            with store.connection() as db:  # when the last answer was kept (the store's own time)
                kept = db.execute("SELECT MAX(at) FROM live_answer WHERE round = ?", (put.number,)).fetchone()[0]
            delay = seen_all - kept
            delays.append(delay)
            reach.append(max(saw.values()) - put_at)
            print(f"round {number + 1}: last answer to the teacher's spread {delay:.2f} s; every learner had the "
                  f"board {reach[-1]:.2f} s after it was put; load average {os.getloadavg()[0]:.2f}", flush=True)
            rounds.reveal()
            rounds.back()
        stop.set()
        for process in processes:
            process.join(10)
        while not events.empty():
            failures += events.get()[0] == "failed"
        print(f"last answer to the teacher's spread: median {statistics.median(delays):.2f} s, "
              f"max {max(delays):.2f} s (target 2 s); board to every learner: max {max(reach):.2f} s; "
              f"{failures} failed asks (tried again); load average {os.getloadavg()}")


if __name__ == "__main__":
    main()
