"""A learner working through the built-in lesson in-process (no browser): the kernel side
of the teacher's view, reporting into a class store in a temporary folder."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from tornado import web
from tornado.httpserver import HTTPServer
from tornado.netutil import bind_sockets

from hearts_widget.classroom.report import ENV_SERVICE, ENV_STORE
from hearts_widget.lessons.path import STEPS
from hearts_widget.lessons.stepper import Lesson

FIRST_BOARD = next(step for step in STEPS if step.positions)


@pytest.fixture
def store_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The class store a lesson made in this test reports to (as the launcher's kernels do)."""
    path = tmp_path / "class.sqlite"
    monkeypatch.setenv(ENV_STORE, str(path))
    monkeypatch.delenv(ENV_SERVICE, raising=False)
    return path


def opened(lesson: Lesson, saved: dict | None = None) -> Lesson:
    """The page's browser answers the lesson with what it kept (``saved``; None: nothing), as
    ``store.js`` does once the lesson is on the page; reports to the teacher start then."""
    assert lesson.store is not None
    lesson.store._on_message(lesson.store, {"type": "saved", "progress": saved}, [])
    return lesson


def play(board, code: str) -> None:  # type: ignore[no-untyped-def]
    """The learner clicks ``code`` on a lesson board."""
    board.table.send_intent({"type": "play", "state": board.table.state["id"], "card": code})


def work(lesson: Lesson) -> None:
    """What a learner does: the first question wrong then right, on to the first board, a
    refused card there then a legal one."""
    first = STEPS[0].checks[0]
    box = lesson.views[0].parts[f"check:{first.key}"]
    box.answer(next(c.id for c in first.choices if c.id not in first.answers))
    box.answer(first.answer)
    lesson.go(STEPS.index(FIRST_BOARD))
    position = FIRST_BOARD.positions[0]
    board = lesson.views[lesson.index].parts[f"position:{position.key}"]
    play(board, next(code for code, (legal, _rule) in position.expect.items() if not legal))
    play(board, next(code for code, (legal, _rule) in position.expect.items() if legal))


@contextmanager
def served(app: web.Application) -> Iterator[str]:
    """``app`` served on a loopback port of its own (bound, not chosen then bound: another may take it)
    by an event loop in a thread, for the block's time; its base URL."""
    sockets = bind_sockets(0, "127.0.0.1")
    loop = asyncio.new_event_loop()
    ready = threading.Event()
    servers: list[HTTPServer] = []

    def run() -> None:
        asyncio.set_event_loop(loop)
        servers.append(HTTPServer(app))
        servers[0].add_sockets(sockets)
        loop.call_soon(ready.set)
        loop.run_forever()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    ready.wait(10)
    try:
        yield f"http://127.0.0.1:{sockets[0].getsockname()[1]}"
    finally:
        loop.call_soon_threadsafe(servers[0].stop)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)


# The hub's users in the service's tests: a token each (test_service.py, test_live.py).
USERS = {"amina-token": {"kind": "user", "name": "amina", "admin": False, "groups": []},
         "jose-token": {"kind": "user", "name": "jose", "admin": False, "groups": []},
         "ada-token": {"kind": "user", "name": "ms-ada", "admin": False, "groups": ["teachers"]},
         "root-token": {"kind": "user", "name": "root", "admin": True, "groups": []}}


class TokenTable:
    """Stands for the hub: the user of the ``Authorization: token ...`` header, looked up in USERS."""

    def get_current_user(self) -> dict[str, Any] | None:
        header = self.request.headers.get("Authorization", "")  # type: ignore[attr-defined]
        return USERS.get(header.removeprefix("token "))
