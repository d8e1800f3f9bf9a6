"""The teacher's page on a web server (Tornado): the page, its class part and its CSV,
behind the teacher's own token (the launcher) or the hub's login (:mod:`.service`).

Each handler asks :meth:`TeacherHandler.teacher` who is asking; the two ways differ
only there. Every answer is marked not to be cached or framed and not to send the
page's address elsewhere; the page's one inline script runs by a nonce.
"""

from __future__ import annotations

import hmac
import json
import secrets
from typing import Any
from urllib.parse import urlencode

from tornado import web

from ..lessons.format import Lesson
from ..text.classroom import language_of_request
from ..text.live import live_teacher_words
from .league import LeagueRunner
from .league_page import league_part
from .live import LiveError, LiveRounds
from .live_page import live_now, live_section
from .page import Links, class_csv, class_now, refused_page, teacher_page
from .store import ClassStore

TOKEN_COOKIE = "hearts_teacher_{port}"  # a cookie is shared by every port of a host: one per server


class TeacherHandler(web.RequestHandler):
    """What the teacher's handlers share: the lesson, the store, the links and the checks."""

    refused_reason = "token"

    def initialize(self, lesson: Lesson, store: ClassStore, links: Links, keep_days: int,
                   league: LeagueRunner | None = None, rounds: LiveRounds | None = None) -> None:
        self.lesson = lesson
        self.store = store
        self.links = links
        self.keep_days = keep_days
        self.league = league
        self.rounds = rounds or LiveRounds(store, lesson)

    def set_default_headers(self) -> None:
        self.nonce = secrets.token_urlsafe(16)  # (called before initialize, and again by an error page)
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Referrer-Policy", "no-referrer")
        self.set_header("Content-Security-Policy",
                        f"default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-{self.nonce}'; "
                        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")

    @property
    def lang(self) -> str:
        return language_of_request(self.get_query_argument("lang", None), self.request.headers.get("Accept-Language"))

    def teacher(self) -> bool:
        """Whether the teacher asks (answering the request otherwise: a refusal or a way to log in)."""
        raise NotImplementedError

    def fetch_token(self) -> str:
        """The token the page's script sends back when it asks for the class part (none here)."""
        return ""

    def refuse(self) -> None:
        self.set_status(403)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(refused_page(self.lang, self.refused_reason))

    def learners(self) -> list:
        return self.store.learners(self.lesson.id)

    def league_part(self) -> str:
        """The class league's section of the page ("" without a league)."""
        return league_part(self.league, self.lang) if self.league is not None else ""


class PageHandler(TeacherHandler):
    """The whole page (which also deletes the rows older than ``keep_days``)."""

    def get(self) -> None:
        if not self.teacher():
            return
        if self.keep_days:
            self.store.forget_older_than(self.keep_days)
            self.rounds.forget_older_than(self.keep_days)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        learners = self.learners()
        live = live_section(self.rounds, learners, self.lang, self.links.live, self.nonce) if self.links.live else ""
        self.finish(teacher_page(self.lesson, learners, self.lang, self.links, self.nonce, self.fetch_token(),
                                 self.league_part(), live))


class NowHandler(TeacherHandler):
    """The class part of the page, which its script asks for every few seconds."""

    def get(self) -> None:
        if not self.teacher():
            return
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(class_now(self.lesson, self.learners(), self.lang, self.league_part()))


class LeagueHandler(TeacherHandler):
    """``POST``: run the class league (one run at a time); the page follows its progress."""

    def post(self) -> None:
        if not self.teacher():
            return
        self.set_header("Content-Type", "application/json; charset=utf-8")
        if self.league is None:
            self.set_status(404)
            self.finish(json.dumps({"error": "this class has no league"}))
            return
        started = self.league.start()
        self.set_status(202 if started else 409)
        self.finish(json.dumps({"started": started}))


class LiveHandler(TeacherHandler):
    """The live board's round now (GET, ``?names=1`` with who answered what), and the teacher's
    moves (POST, JSON: ``{"action": "put", "board": key}``, ``reveal`` or ``back`` with the
    ``round`` the page shows); either way the answer is the round's part of the page. A post must
    be JSON, which a form of another site cannot send."""

    def get(self) -> None:
        if not self.teacher():
            return
        self._answer()

    def post(self) -> None:
        if not self.teacher():
            return
        self.check_xsrf_cookie()  # whether the server asks for it or not (the hub's service does not)
        if self.request.headers.get("Content-Type", "").split(";")[0].strip() != "application/json":
            self.set_status(415)
            self.finish("the teacher's moves are posted as JSON")
            return
        try:
            move = json.loads(self.request.body)
            if not isinstance(move, dict):
                raise ValueError("not an object")
        except ValueError:
            self.set_status(400)
            self.finish("the teacher's move is not a JSON object")
            return
        note = ""
        try:
            self._move(move)
        except LiveError:
            self.set_status(409)
            note = live_teacher_words(self.lang)["changed"]
        self._answer(note)

    def _move(self, move: dict[str, Any]) -> None:
        action = move.get("action")
        if action == "put":
            self.rounds.put(str(move.get("board")))
            return
        now = self.rounds.current()
        if now is None or move.get("round") != now.number:
            raise LiveError("the page shows another round")
        if action == "reveal":
            self.rounds.reveal()
        elif action == "back":
            self.rounds.back()
        else:
            raise LiveError(f"no move {action!r}")

    def _answer(self, note: str = "") -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        names = self.get_query_argument("names", "") == "1"
        self.finish(live_now(self.rounds, self.learners(), self.lang, names, note))


class CsvHandler(TeacherHandler):
    """Every learner's results as one CSV file."""

    def get(self) -> None:
        if not self.teacher():
            return
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", f'attachment; filename="{self.lesson.id}-class.csv"')
        self.finish(class_csv(self.lesson, self.learners()))


class TokenTeacher(TeacherHandler):
    """The launcher's way: the teacher's token in the address once (``?token=``), then a cookie
    (HTTP only, this server's path only) so that the address bar and the history do not keep it."""

    def initialize(self, token: str, port: int, **kwargs: Any) -> None:  # type: ignore[override]
        super().initialize(**kwargs)
        self.token = token
        self.cookie = TOKEN_COOKIE.format(port=port)

    def fetch_token(self) -> str:
        """Tornado's XSRF token (the server checks it on the live board's posts)."""
        token = self.xsrf_token
        return token.decode() if isinstance(token, bytes) else str(token)

    def teacher(self) -> bool:
        given = self.get_query_argument("token", None)
        if given is not None:
            if not hmac.compare_digest(given.encode(), self.token.encode()):
                self.refuse()
                return False
            self.set_cookie(self.cookie, self.token, path=self.links.page, httponly=True, samesite="Strict")
            rest = {name: values[-1].decode() for name, values in self.request.query_arguments.items()
                    if name != "token"}
            self.redirect(self.request.path + (f"?{urlencode(rest)}" if rest else ""))
            return False
        kept = self.get_cookie(self.cookie) or ""
        if not hmac.compare_digest(kept.encode(), self.token.encode()):
            self.refuse()
            return False
        return True


def token_handlers(lesson: Lesson, store: ClassStore, token: str, port: int, keep_days: int,
                   page: str = "/teacher") -> list[tuple[str, type, dict[str, Any]]]:
    """The launcher's routes of the teacher's page, at ``page`` (its class part, CSV, league and live board
    below it)."""
    links = Links(page=page, now=f"{page}/now", csv=f"{page}/class.csv", league=f"{page}/league",
                  live=f"{page}/live")
    settings = {"lesson": lesson, "store": store, "links": links, "keep_days": keep_days, "token": token,
                "port": port, "league": LeagueRunner(store), "rounds": LiveRounds(store, lesson)}
    return [(links.page, TokenPage, settings), (links.now, TokenNow, settings), (links.csv, TokenCsv, settings),
            (links.league, TokenLeague, settings), (links.live, TokenLive, settings)]


class TokenPage(TokenTeacher, PageHandler):
    """The page, for the holder of the teacher's token."""


class TokenNow(TokenTeacher, NowHandler):
    """The class part, for the holder of the teacher's token."""


class TokenLive(TokenTeacher, LiveHandler):
    """The live board's controls, for the holder of the teacher's token."""


class TokenCsv(TokenTeacher, CsvHandler):
    """The CSV, for the holder of the teacher's token."""


class TokenLeague(TokenTeacher, LeagueHandler):
    """The league's run, for the holder of the teacher's token (a ``POST``: no redirect to lose it)."""
