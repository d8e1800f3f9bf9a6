"""The class service for JupyterHub: the teacher's page behind the hub's login, and the
address the learners' lessons post their progress to.

JupyterHub starts it as a hub-managed service (``docs/jupyterhub_config.py``)::

    python -m hearts_widget.classroom.service --db class-homes/hearts-class.sqlite

and gives it its address and token in the environment (``JUPYTERHUB_SERVICE_URL``,
``JUPYTERHUB_SERVICE_PREFIX``, ``JUPYTERHUB_API_TOKEN``, ...). Under its prefix:

- ``/`` (with ``now`` and ``class.csv``): the teacher's page, after the hub's login
  (OAuth); only a hub admin or a member of the group ``teachers`` may see it.
- ``api/progress``: ``POST`` a learner's report (:mod:`.report`) with the learner's own
  hub token (``Authorization: token ...``): it is checked against the lesson and kept
  under the token's user, whatever name the report gives; ``GET`` gives that user's
  own report back, never anyone else's.
- ``api/seal``: ``GET`` with the learner's hub token gives the key their lesson seals the
  browser's copy of their progress with (:func:`hub_seal_key`: one per hub user, made
  from the class's key), so that a copy edited in the browser is refused, and the checks
  the teacher asked for (before and after the lesson unless ``--no-check``, and ``--check-later DAYS``;
  see ``lessons.prepost``).
- ``api/league``: ``POST`` a learner's bot for the class league (``{"bot": function name,
  "source": its code}``, :func:`~.league.enter_league` sends it) with their hub token: checked
  and kept under the token's user; ``GET`` gives that user's own standing. ``league`` (a
  teacher's ``POST``) runs the league.
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import json
import os
import secrets
import signal
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from jupyterhub.services.auth import HubOAuthCallbackHandler, HubOAuthenticated  # the "hub" extra
from tornado import ioloop, web

from ..lessons.format import Lesson, LessonFileError, builtin_lesson, load_lesson
from ..lessons.prepost import MAX_LATER_DAYS, class_plan, with_checks
from .handlers import CsvHandler, LeagueHandler, LiveHandler, NowHandler, PageHandler, TeacherHandler
from .league import LeagueError, LeagueRunner, check_entry, learner_view
from .live import LiveError, LiveRounds
from .page import Links
from .store import KEEP_DAYS, ClassStore, ClassStoreError, ReportError

TEACHERS_GROUP = "teachers"
MAX_BODY = 64 * 1024  # a report of the built-in lesson is about 4 KiB



def is_teacher(user: dict[str, Any] | None) -> bool:
    """Whether the hub user may see the class: an admin, or a member of :data:`TEACHERS_GROUP`."""
    if not user:
        return False
    return bool(user.get("admin")) or TEACHERS_GROUP in (user.get("groups") or [])


class HubTeacher(HubOAuthenticated, TeacherHandler):
    """The hub's way: a user logged in through the hub (OAuth) who is a teacher. The page sends
    someone not logged in to the hub's login; its class part and CSV refuse them."""

    refused_reason = "hub"
    login_first = False

    def teacher(self) -> bool:
        user = self.get_current_user()
        if user is None and self.login_first:
            self.redirect(self.get_login_url())
            return False
        if not is_teacher(user):
            self.refuse()
            return False
        return True

    def fetch_token(self) -> str:
        """The hub's XSRF token: a request the page's script makes with the login cookie needs it."""
        token = self.xsrf_token
        return token.decode() if isinstance(token, bytes) else str(token)


class HubPage(HubTeacher, PageHandler):
    """The page, for a teacher logged in through the hub."""

    login_first = True


class HubNow(HubTeacher, NowHandler):
    """The class part, for a teacher logged in through the hub."""


class HubCsv(HubTeacher, CsvHandler):
    """The CSV, for a teacher logged in through the hub."""


class HubLeague(HubTeacher, LeagueHandler):
    """The league's run, for a teacher logged in through the hub."""


class HubLive(HubTeacher, LiveHandler):
    """The live board's controls, for a teacher logged in through the hub."""


class ProgressHandler(HubOAuthenticated, web.RequestHandler):
    """A learner's own progress: posted by their lesson's kernel, read back by them alone."""

    def initialize(self, lesson: Lesson, store: ClassStore) -> None:
        self.lesson = lesson
        self.store = store

    def set_default_headers(self) -> None:
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")

    def answer(self, status: int, **body: Any) -> None:
        self.set_status(status)
        self.finish(json.dumps(body, ensure_ascii=False))

    def learner(self) -> dict[str, Any] | None:
        """The hub user whose token came in the Authorization header (a cookie is not enough: no
        other site can post in a learner's name), or None after answering 403."""
        user = self.get_current_user() if self.request.headers.get("Authorization") else None
        if user is None or user.get("kind", "user") != "user":
            self.answer(403, error="send your hub token: Authorization: token <JUPYTERHUB_API_TOKEN>")
            return None
        return user

    def post(self) -> None:
        user = self.learner()
        if user is None:
            return
        if len(self.request.body) > MAX_BODY:
            self.answer(413, error=f"a report is at most {MAX_BODY} bytes, not {len(self.request.body)}")
            return
        try:
            report = json.loads(self.request.body)
            kept = self.store.record(self.lesson, report, learner=user["name"], name=user["name"])
        except (ValueError, RecursionError) as error:  # ReportError, or not JSON at all
            self.answer(400, error=str(error) if isinstance(error, ReportError) else "the report is not JSON")
            return
        self.answer(200, kept=kept)

    def get(self) -> None:
        user = self.learner()
        if user is None:
            return
        row = self.store.learner(self.lesson.id, user["name"])
        if row is None:
            self.answer(404, error=f"no progress of {user['name']} in the lesson {self.lesson.id!r} yet")
            return
        self.answer(200, kept=row.report, updated=row.updated)


def hub_seal_key(class_key: bytes, user: str) -> bytes:
    """The key that seals a hub user's progress: the class's key, keyed by the user's name (a
    learner who fetches theirs can seal only copies of their own row)."""
    return hmac.new(class_key, b"hub-user:" + user.encode("utf-8"), hashlib.sha256).digest()


class SealHandler(ProgressHandler):
    """The learner's own seal key (see :func:`hub_seal_key`), for their lesson's kernel."""

    def post(self) -> None:
        self.answer(405, error="GET the key")

    def get(self) -> None:
        user = self.learner()
        if user is None:
            return
        plan = self.store.check_plan()
        self.answer(200, key=hub_seal_key(self.store.class_key(), user["name"]).hex(),
                    check=None if plan is None else {"later_days": plan.later_days})


class LeagueEntryHandler(ProgressHandler):
    """A learner's bot for the class league: ``POST`` enters it (checked, kept under the token's
    user, never run here), ``GET`` gives that learner's own standing."""

    def post(self) -> None:
        user = self.learner()
        if user is None:
            return
        if len(self.request.body) > MAX_BODY:
            self.answer(413, error=f"an entry is at most {MAX_BODY} bytes, not {len(self.request.body)}")
            return
        try:
            entry = json.loads(self.request.body)
            if not isinstance(entry, dict):
                raise ValueError
            source, bot = check_entry(entry.get("source"), entry.get("bot"))
        except LeagueError as error:
            self.answer(400, error=str(error))
            return
        except (ValueError, RecursionError):
            self.answer(400, error="the entry is not a JSON object")
            return
        kept = self.store.enter_bot(user["name"], user["name"], bot, source)
        self.answer(200, name=kept.name, bot=kept.bot)

    def get(self) -> None:
        user = self.learner()
        if user is None:
            return
        self.answer(200, **learner_view(self.store, user["name"]))


class LearnerLiveHandler(ProgressHandler):
    """The live board for a learner's lesson kernel, as the token's user: ``GET`` the round before
    the class (``{"round": null}`` when none; asking counts them present), ``POST``
    ``{"round": n, "card": code}`` to answer it once."""

    def initialize(self, lesson: Lesson, store: ClassStore, rounds: LiveRounds | None = None) -> None:
        super().initialize(lesson, store)
        self.rounds = rounds or LiveRounds(store, lesson)

    def get(self) -> None:
        user = self.learner()
        if user is None:
            return
        self.answer(200, round=self.rounds.for_learner(user["name"]))

    def post(self) -> None:
        user = self.learner()
        if user is None:
            return
        try:
            move = json.loads(self.request.body[:MAX_BODY])
            card = self.rounds.answer(user["name"], move["round"], move["card"])
        except (ValueError, KeyError, TypeError) as error:  # LiveError, not JSON, a field missing
            asked = 'send {"round": n, "card": code}'
            self.answer(400, error=str(error) if isinstance(error, LiveError) else asked)
            return
        self.answer(200, card=card)


def handlers(prefix: str, lesson: Lesson, store: ClassStore, keep_days: int) -> list[tuple[Any, ...]]:
    """The service's routes under ``prefix`` (``/services/<name>/``)."""
    links = Links(page=prefix, now=f"{prefix}now", csv=f"{prefix}class.csv", league=f"{prefix}league",
                  live=f"{prefix}live")
    rounds = LiveRounds(store, lesson)
    settings = {"lesson": lesson, "store": store, "links": links, "keep_days": keep_days,
                "league": LeagueRunner(store), "rounds": rounds}
    return [(prefix, HubPage, settings), (links.now, HubNow, settings), (links.csv, HubCsv, settings),
            (links.league, HubLeague, settings), (links.live, HubLive, settings),
            (f"{prefix}api/progress", ProgressHandler, {"lesson": lesson, "store": store}),
            (f"{prefix}api/seal", SealHandler, {"lesson": lesson, "store": store}),
            (f"{prefix}api/league", LeagueEntryHandler, {"lesson": lesson, "store": store}),
            (f"{prefix}api/live", LearnerLiveHandler, {"lesson": lesson, "store": store, "rounds": rounds}),
            (f"{prefix}oauth_callback", HubOAuthCallbackHandler)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hearts_widget.classroom.service",
                                     description="The class service of a JupyterHub: the teacher's page.")
    parser.add_argument("--db", required=True, metavar="PATH", help="the SQLite file keeping the class's progress")
    parser.add_argument("--lesson", default="", metavar="FILE", help="the lesson file (default: the built-in lesson)")
    parser.add_argument("--keep-days", type=int, default=KEEP_DAYS,
                        help=f"days a learner's progress is kept after its last change (default {KEEP_DAYS}; "
                             "0: until deleted)")
    parser.add_argument("--check", action="store_true",
                        help="a short check before the lesson and after it, whose gains the teacher's page shows "
                             "(the default)")
    parser.add_argument("--no-check", action="store_true", help="no checks before and after the lesson")
    parser.add_argument("--check-later", type=int, default=None, metavar="DAYS",
                        help="the check again DAYS days after the check after the lesson")
    args = parser.parse_args(argv)
    if args.check_later is not None and not 1 <= args.check_later <= MAX_LATER_DAYS:
        parser.error(f"--check-later must be a number of days from 1 to {MAX_LATER_DAYS}, not {args.check_later}")
    if args.no_check and (args.check or args.check_later is not None):
        parser.error("--no-check goes with neither --check nor --check-later")
    url = os.environ.get("JUPYTERHUB_SERVICE_URL")
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX")
    if not url or not prefix:
        print("run by JupyterHub as a service (JUPYTERHUB_SERVICE_URL and JUPYTERHUB_SERVICE_PREFIX are not set): "
              "see docs/jupyterhub_config.py", file=sys.stderr)
        return 2
    try:
        lesson = load_lesson(args.lesson) if args.lesson else builtin_lesson()
        store = ClassStore(Path(args.db))
        store.set_check_plan(class_plan(args.no_check, args.check_later))  # the lessons ask for it (api/seal)
        lesson = with_checks(lesson, store.check_plan())
    except (LessonFileError, ClassStoreError) as error:
        print(f"python -m hearts_widget.classroom.service: {error}", file=sys.stderr)
        return 2
    if args.keep_days:
        store.forget_older_than(args.keep_days)
    app = web.Application(handlers(prefix, lesson, store, args.keep_days), cookie_secret=secrets.token_bytes(32))
    where = urlsplit(url)
    app.listen(where.port or 80, where.hostname or "127.0.0.1")
    # The hub stops a service with SIGINT, then SIGTERM: both end it as Ctrl+C does, even when it was
    # started with SIGINT ignored (as a shell's background job or a test runner's worker starts it).
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, signal.default_int_handler)
    try:  # (Ctrl+C may come as soon as the address is printed, before the loop runs)
        print(f"hearts-class service: listening on {url} (progress kept in {store.path})", flush=True)
        ioloop.IOLoop.current().start()
    except KeyboardInterrupt:  # Ctrl+C, or the hub stopping: the store is written at each report
        print("hearts-class service: stopped", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
