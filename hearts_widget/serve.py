"""Serving the table to a class with Voilà: one kernel per open page, and a
server that cleans up after itself.

- A closed page's kernel is shut down at once: Voilà's page sends a shutdown
  beacon carrying the ``_xsrf`` cookie, which Voilà 0.5 never sets, so the
  beacon was refused (``403 '_xsrf' argument missing``). The page handler here
  sets the cookie. As a backstop, a kernel with no page connected is culled
  after ``closed_timeout`` seconds without activity (a crashed browser, a lost
  beacon), and one whose page stays open but unused after ``idle_timeout``.
- A kernel whose page has not connected yet is never culled within
  ``connect_grace`` seconds of its start, nor while its page asks about it (the
  project's template asks every 10 s until the table is drawn): a class opening
  the lesson at once on a busy server can take minutes to connect, and the
  closed-page timeout culled those kernels (their pages stayed on "Loading widget…").
- At most ``max_kernels`` kernels run at once; the next page gets a page saying
  the server is full and what to do, in the language the browser asks for. A
  kernel counts from its start until its shutdown is asked (a reloaded page's old
  kernel, shut down by its beacon, leaves room for the new one at once).
- With ``--warm N``, N kernels wait with the notebook already run (Voilà's
  preheated kernels): a page takes one and is sent at once, and another warms up
  in its place five minutes later (after the class has arrived). A class
  arriving at once then waits for no kernel start and no notebook run
  (``benchmarks/arrival.py``).
- The URL printed is the one Voilà really listens on, with the token when the
  server has one.
- With ``--lesson`` it serves a lesson instead of the table, records each learner's
  progress in the class store (an SQLite file, ``--class-db``) and serves the
  teacher's page at ``/teacher``, behind a token of its own (:mod:`hearts_widget.classroom`).

Voilà runs in this process (not as a subprocess) so these classes plug in.
"""

from __future__ import annotations

import argparse
import html
import ipaddress
import json
import os
import secrets
import socket
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Integer

from .classroom.store import KEEP_DAYS
from .lessons.prepost import MAX_LATER_DAYS
from .text.classroom import language_of_request, server_full_text

# The project's Voilà template (nothing from another host) in a source checkout; a wheel
# installs it into share/jupyter/voila/templates instead, an editable install does not.
CHECKOUT_JUPYTER_DATA = Path(__file__).resolve().parents[1] / "jupyter-data"
TEMPLATE = "hearts"
# JupyterLab extensions Voilà's page must not load, as each logs an error there: the
# JupyterLite site's Pyodide kernel (the "site" extra: "Cannot read properties of undefined
# (reading 'LicensesClient')") and Notebook 7's lab extension ("The getter for the shared
# module is not a function"). Neither has anything to do on a Voilà page.
NOT_IN_VOILA = ["@jupyterlite/pyodide-kernel-extension", "@jupyter-notebook/lab-extension"]
MAX_KERNELS = 40  # about 61 MiB each: 2.4 GiB for a full server (README, "Serving a class")
CLOSED_TIMEOUT = 30  # seconds a kernel with no page may stay idle
MIN_CLOSED_TIMEOUT = 5  # ... at the least: a page that lost its connection for a moment comes back
# Seconds Voilà waits, once the lesson's cell has run, for the kernel's output still on its way: the
# default (4 s) was too short for a class arriving at once (forty kernels, two burners), and the cell's
# output, the lesson itself, was left out of 5 of 40 pages, which stayed blank.
IOPUB_TIMEOUT = 120
CONNECT_GRACE = 180  # seconds a kernel may wait for its page's first connection (a class arriving at once)
ASKED_WITHIN = 60  # ... or more while its page, loaded but not connected yet, asks about it (the template)
WARM = 0  # kernels kept ready by default: none (one learner at a time waits a few seconds)
REFILL_DELAY = 300  # seconds before a warm kernel a page took is replaced: after the class has arrived
IDLE_TIMEOUT = 3600  # seconds an open page may stay unused
CULL_INTERVAL = 10


class ServerFull(web.HTTPError):
    """A page asked for a kernel when ``max_kernels`` already run."""

    def __init__(self, limit: int) -> None:
        super().__init__(503, "server full: %d kernels running", limit)
        self.limit = limit


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Voilà's kernel manager with a cap on kernels and two idle timeouts:
    ``cull_idle_timeout`` for kernels no page is connected to (``cull_connected``
    stays off), and ``connected_idle_timeout`` for kernels whose page is open;
    neither applies to a kernel whose page has not connected yet, for
    ``connect_grace`` seconds after its start (for a warm kernel, after a page took it).

    With ``--warm``, Voilà builds its preheating manager on this class: its pool's
    kernels start through :meth:`start_kernel` (so they count), are never culled
    while they wait, and their shutdowns come here too."""

    max_kernels = Integer(MAX_KERNELS, config=True, help="most kernels at once (0: no limit)")
    connected_idle_timeout = Integer(IDLE_TIMEOUT, config=True,
                                     help="seconds before an unused kernel with an open page is culled (0: never)")
    connect_grace = Integer(CONNECT_GRACE, config=True,
                            help="seconds a kernel whose page has not connected yet is never culled")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._starting = 0  # kernels asked for but not registered yet (concurrent page loads)
        self._stopping: set[str] = set()  # kernels whose shutdown was asked: they no longer count
        self._started_at: dict[str, float] = {}  # kernel id -> time.monotonic() at its start, or its hand-off
        self._warm: set[str] = set()  # kernels started for the warm pool that no page was seen to take yet
        self._connected_once: set[str] = set()  # kernels a page has connected to at least once
        self._asked_at: dict[str, float] = {}  # kernel id -> time.monotonic() its page last asked about it

    def counted(self) -> int:
        """The kernels that count against ``max_kernels``: running or starting, and not being shut down."""
        return len(self._kernels.keys() - self._stopping) + self._starting

    # jupyter_client types MultiKernelManager.start_kernel as the synchronous `-> str`;
    # its async subclasses replace it with a coroutine (behind their own type: ignore),
    # which the type system cannot express as an override.
    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        warm = (kwargs.get("env") or {}).get("VOILA_PREHEAT") == "True"  # Voilà's pool fills itself with these
        if self.max_kernels and self.counted() >= self.max_kernels:
            if warm:  # no room for the pool's next kernel (a page that waits for it is refused as full)
                self.log.info("No room for another warm kernel: %d kernels running.", self.max_kernels)
            else:
                self.log.warning("Server full: %d kernels running, a page was refused.", self.max_kernels)
            raise ServerFull(self.max_kernels)
        # No IPython history: a class's kernels all wrote one SQLite file, and with forty of them
        # "The history saving thread hit an unexpected error (database is locked)" showed on pages.
        kwargs["extra_arguments"] = [*kwargs.get("extra_arguments", []), "--HistoryManager.enabled=False"]
        self._starting += 1
        try:
            kernel_id = await super().start_kernel(*args, **kwargs)
        finally:
            self._starting -= 1
        self._started_at[kernel_id] = time.monotonic()
        if warm:
            self._warm.add(kernel_id)
        return kernel_id

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        self._stopping.add(kernel_id)  # counted out now: its shutdown can take seconds
        try:
            await super().shutdown_kernel(kernel_id, *args, **kwargs)
        finally:
            self._stopping.discard(kernel_id)

    def notify_connect(self, kernel_id: str) -> None:
        self._connected_once.add(kernel_id)
        super().notify_connect(kernel_id)

    def kernel_model(self, kernel_id: str) -> dict[str, Any]:
        model = super().kernel_model(kernel_id)  # refuses an unknown kernel
        self._asked_at[kernel_id] = time.monotonic()  # GET /api/kernels/ID: the page is still there
        self.taken_from_the_pool(kernel_id)
        return model

    def remove_kernel(self, kernel_id: str) -> Any:
        self._started_at.pop(kernel_id, None)
        self._asked_at.pop(kernel_id, None)
        self._connected_once.discard(kernel_id)
        self._warm.discard(kernel_id)
        return super().remove_kernel(kernel_id)

    def taken_from_the_pool(self, kernel_id: str) -> None:
        """A warm kernel is seen outside the pool: a page took it, and its grace starts now
        (it may have waited in the pool far longer than the grace)."""
        if kernel_id in self._warm and not self.in_warm_pool(kernel_id):
            self._warm.discard(kernel_id)
            self._started_at[kernel_id] = time.monotonic()

    def ready_first(self) -> int:
        """How many kernels of Voilà's pool (``--warm``) are ready, moved to its head, those that
        could not start (no room) dropped. Voilà hands a page the head of its pool and waits for
        it: a page gets a warm kernel only when one is ready, never one still starting, nor a
        replacement that waits for its delay (``REFILL_DELAY``)."""
        ready = 0
        for pool in getattr(self, "_pools", {}).values():
            pool[:] = [task for task in pool if not (task.done() and (task.cancelled() or task.exception()))]
            pool.sort(key=lambda task: not task.done())
            ready += sum(task.done() for task in pool)
        return ready

    def in_warm_pool(self, kernel_id: str) -> bool:
        """Whether this kernel waits in Voilà's pool (``--warm``) for a page to take it."""
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None \
                        and task.result().get("kernel_id") == kernel_id:
                    return True
        return False

    def waiting_for_its_page(self, kernel_id: str) -> bool:
        """Whether this kernel's page has never connected, and either its grace has not run
        out or the page has asked about it lately."""
        started = self._started_at.get(kernel_id)
        if kernel_id in self._connected_once or started is None:
            return False
        now = time.monotonic()
        return now - started < self.connect_grace or now - self._asked_at.get(kernel_id, started) < ASKED_WITHIN

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        kernel = self._kernels.get(kernel_id)
        if kernel is None:
            return
        self.taken_from_the_pool(kernel_id)  # Voilà's manager culls no kernel of its pool: this one left it
        if self.waiting_for_its_page(kernel_id) and getattr(kernel, "execution_state", None) != "dead":
            return
        connected = self._kernel_connections.get(kernel_id, 0) > 0
        last = getattr(kernel, "last_activity", None)
        if connected and self.connected_idle_timeout and last is not None \
                and getattr(kernel, "execution_state", None) != "busy":
            from jupyter_server._tz import utcnow

            if utcnow() - last > timedelta(seconds=self.connected_idle_timeout):
                self.log.warning("Culling kernel %s: its page has been unused for %d s.",
                                 kernel_id, self.connected_idle_timeout)
                await self.shutdown_kernel(kernel_id)
            return
        await super().cull_kernel_if_idle(kernel_id)


def page_handler(base: type) -> type:
    """Voilà's page handler, setting the ``_xsrf`` cookie its shutdown beacon needs,
    taking a ready warm kernel first, and answering a full server with a page that says so."""

    class ClassroomPageHandler(base):
        async def prepare(self, *args: Any, **kwargs: Any) -> None:
            await super().prepare(*args, **kwargs)
            self.xsrf_token  # noqa: B018 - reading it sets the cookie the page's beacon sends back

        def should_use_rendered_notebook(self, notebook_data: dict, pool_size: int, *args: Any) -> bool:
            if pool_size:  # a warm kernel only if one is ready (see ClassroomKernelManager.ready_first)
                pool_size = self.kernel_manager.ready_first()
            return bool(super().should_use_rendered_notebook(notebook_data, pool_size, *args))

        def write_error(self, status_code: int, **kwargs: Any) -> None:
            error = kwargs.get("exc_info", (None, None))[1]
            if not isinstance(error, ServerFull):
                super().write_error(status_code, **kwargs)
                return
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.set_header("Retry-After", "60")
            lang = language_of_request(self.get_query_argument("lang", None),
                                       self.request.headers.get("Accept-Language"))
            self.finish(full_page(error.limit, lang))

    ClassroomPageHandler.__name__ = base.__name__
    return ClassroomPageHandler


def template_files_handler(base: type) -> type:
    """Voilà's handler of its templates' files (``/voila/templates/<template>/static/<file>``),
    answering 404 to any other path: Voilà's own asserts that shape, so a path such as
    ``/voila/templates/../../etc/passwd`` was a 500 (and an error in the log) instead."""

    class TemplateFilesHandler(base):
        def parse_url_path(self, url_path: str) -> str:
            parts = url_path.split("/")
            if len(parts) < 3 or parts[1] != "static" or any(part in ("", ".", "..") for part in parts):
                raise web.HTTPError(404)
            return str(super().parse_url_path(url_path))

    TemplateFilesHandler.__name__ = base.__name__
    return TemplateFilesHandler


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    """This module as a Jupyter server extension (enabled by ``jupyter_server_config.d/hearts-widget.json``)."""
    return [{"module": "hearts_widget.serve"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    """On a Jupyter server with Voilà's extension (Binder, JupyterHub: ``/voila/render/``), the
    launcher's 404 for a path under ``/voila/templates/`` that is not a template's file. Loaded
    before Voilà's extension (extensions load by name), so this route is tried first."""
    try:
        from voila.static_file_handler import TemplateStaticFileHandler
    except ImportError:  # no Voilà: no such route
        return
    from jupyter_server.utils import url_path_join

    route = url_path_join(serverapp.web_app.settings["base_url"], "/voila/templates/(.*)")
    serverapp.web_app.add_handlers(".*$", [(route, template_files_handler(TemplateStaticFileHandler))])


def full_page(limit: int, lang: str) -> str:
    """The small page a refused learner sees (no script, no network)."""
    words = server_full_text(limit, lang)
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
            f"<title>{html.escape(words['title'])}</title></head>"
            '<body style="font-family:sans-serif;max-width:40em;margin:3em auto">'
            f'<h1 id="hearts-server-full">{html.escape(words["title"])}</h1>'
            f"<p>{html.escape(words['text'])}</p></body></html>")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``python -m hearts_widget`` (serving the table)."""
    parser.add_argument("--port", type=int, default=0, help="port to listen on (default: a free one)")
    parser.add_argument("--ip", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1; another address needs --token)")
    parser.add_argument("--token", nargs="?", const="", default=None, metavar="TOKEN",
                        help="require this token in the URL (without a value: a random one is made)")
    parser.add_argument("--max-kernels", type=int, default=MAX_KERNELS,
                        help=f"most tables at once, one kernel each (default {MAX_KERNELS}; 0: no limit)")
    parser.add_argument("--idle-timeout", type=int, default=IDLE_TIMEOUT,
                        help=f"seconds before an open but unused table is closed (default {IDLE_TIMEOUT}; 0: never)")
    parser.add_argument("--closed-timeout", type=int, default=CLOSED_TIMEOUT,
                        help="seconds before the kernel of a page gone without a goodbye (a crashed browser, a lost "
                             f"connection) is shut down (default {CLOSED_TIMEOUT}; at least {MIN_CLOSED_TIMEOUT})")
    parser.add_argument("--warm", type=int, default=WARM,
                        help="kernels kept ready with the notebook already run, so that a class arriving at once "
                             f"waits for none to start: the class size (default {WARM}; at most --max-kernels)")
    parser.add_argument("--theme", choices=("light", "dark"), default="light",
                        help="the page's colours: light (the default) or dark")
    parser.add_argument("--lesson", nargs="?", const="", default=None, metavar="FILE",
                        help="serve the lesson (the built-in one, or this lesson file) instead of the table, "
                             "with the teacher's page at /teacher")
    parser.add_argument("--class-db", default=None, metavar="PATH",
                        help="with --lesson: the SQLite file keeping the class's progress "
                             "(default: class.sqlite in hearts-widget's folder of `jupyter --data-dir`)")
    parser.add_argument("--teacher-token", default=None, metavar="TOKEN",
                        help="with --lesson: the token of the teacher's page (default: a random one, printed)")
    parser.add_argument("--keep-days", type=int, default=KEEP_DAYS,
                        help=f"with --lesson: days a learner's progress is kept after its last change "
                             f"(default {KEEP_DAYS}; 0: until deleted)")
    parser.add_argument("--check", action="store_true",
                        help="with --lesson: a short check before the lesson and after it, whose gains per rule "
                             "the teacher's page shows (the default)")
    parser.add_argument("--no-check", action="store_true",
                        help="with --lesson: no checks before and after the lesson")
    parser.add_argument("--check-later", type=int, default=None, metavar="DAYS",
                        help="with --lesson: the check again DAYS days after the check after the lesson")


def check_arguments(args: argparse.Namespace) -> str | None:
    """A sentence naming what is wrong with the options, or None."""
    if not 0 <= args.port <= 65535:
        return f"--port must be from 1 to 65535 (or 0 for a free one), not {args.port}"
    if args.max_kernels < 0 or args.idle_timeout < 0 or args.keep_days < 0:
        return "--max-kernels, --idle-timeout and --keep-days must be 0 or more"
    if args.closed_timeout < MIN_CLOSED_TIMEOUT:
        return (f"--closed-timeout must be {MIN_CLOSED_TIMEOUT} seconds or more (a page that lost its connection "
                f"for a moment must find its kernel), not {args.closed_timeout}")
    if args.warm < 0:
        return f"--warm must be 0 or more (the kernels kept ready), not {args.warm}"
    if args.max_kernels and args.warm > args.max_kernels:
        return (f"--warm {args.warm} is more than --max-kernels {args.max_kernels}: the warm kernels count "
                "among the most kernels at once")
    if args.lesson is None and (args.class_db or args.teacher_token):
        return "--class-db and --teacher-token go with --lesson (the teacher's page shows a lesson's class)"
    if args.lesson is None and (args.check or args.no_check or args.check_later is not None):
        return "--check, --no-check and --check-later go with --lesson (the checks are a lesson's)"
    if args.no_check and (args.check or args.check_later is not None):
        return "--no-check goes with neither --check nor --check-later"
    if args.check_later is not None and not 1 <= args.check_later <= MAX_LATER_DAYS:
        return f"--check-later must be a number of days from 1 to {MAX_LATER_DAYS}, not {args.check_later}"
    if args.teacher_token is not None and (len(args.teacher_token) < 8 or args.teacher_token == args.token):
        return "--teacher-token must be 8 characters or more, and not the learners' --token"
    try:
        loopback = ipaddress.ip_address(args.ip).is_loopback
    except ValueError:
        return f"--ip must be an IP address such as 127.0.0.1, not {args.ip!r}"
    if not loopback and args.token is None:
        return f"listening on {args.ip} lets anyone on the network in: add --token"
    if args.port and not port_is_free(args.ip, args.port):
        return f"port {args.port} is already in use on {args.ip}: choose another, or leave out --port"
    return None


def port_is_free(ip: str, port: int) -> bool:
    """Whether a server could listen on this port now. With ``SO_REUSEADDR``, as Tornado
    binds: a port whose last server just stopped (its connections in TIME_WAIT) is free."""
    family = socket.AF_INET6 if ":" in ip else socket.AF_INET
    with socket.socket(family) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((ip, port))
        except OSError:
            return False
    return True


def local_address(ip: str) -> str:
    """The address a process on this machine reaches a server listening on ``ip`` by (in a URL)."""
    address = ipaddress.ip_address(ip)
    if address.is_unspecified:
        return "127.0.0.1" if address.version == 4 else "[::1]"
    return f"[{ip}]" if address.version == 6 else ip


def free_port(ip: str = "127.0.0.1") -> int:
    family = socket.AF_INET6 if ":" in ip else socket.AF_INET
    with socket.socket(family) as sock:
        sock.bind((ip, 0))
        return sock.getsockname()[1]


def voila_argv(args: argparse.Namespace, notebook: Path, port: int, token: str) -> list[str]:
    """Voilà's command line for these options."""
    return [str(notebook), "--no-browser", f"--port={port}", f"--Voila.ip={args.ip}", f"--theme={args.theme}",
            f"--VoilaConfiguration.template={TEMPLATE}",
            *(f"--VoilaConfiguration.extension_denylist={name}" for name in NOT_IN_VOILA),
            "--Voila.port_retries=0", f"--Voila.token={token}",
            "--VoilaConfiguration.multi_kernel_manager_class=hearts_widget.serve.ClassroomKernelManager",
            "--VoilaConfiguration.http_header_envs=Accept-Language",
            f"--ClassroomKernelManager.max_kernels={args.max_kernels}",
            f"--ClassroomKernelManager.connected_idle_timeout={args.idle_timeout}",
            f"--ClassroomKernelManager.cull_idle_timeout={args.closed_timeout}",
            f"--ClassroomKernelManager.cull_interval={min(CULL_INTERVAL, args.closed_timeout)}",
            "--ClassroomKernelManager.cull_connected=False",
            # Kernels over Unix sockets where there are: over TCP, a class's kernels starting at once
            # fought over ports (one found free by the server, bound by another kernel before its own
            # started), and the loser died after five restarts on the same ports.
            *(["--KernelManager.transport=ipc"] if os.name == "posix" else []),
            f"--VoilaExecutor.iopub_timeout={IOPUB_TIMEOUT}",
            *(["--VoilaConfiguration.preheat_kernel=True", f"--VoilaConfiguration.default_pool_size={args.warm}",
               f"--VoilaKernelManager.fill_delay={REFILL_DELAY}"] if args.warm else [])]


def find_own_template() -> None:
    """Put the project's template on Jupyter's data path when it is not there (an
    editable install): Voilà would fall back to its default one, which loads Font
    Awesome from a CDN, so that nothing renders behind a firewall that drops traffic."""
    from jupyter_core.paths import jupyter_path

    if any(Path(folder, "voila", "templates", TEMPLATE).is_dir() for folder in jupyter_path()):
        return
    if (CHECKOUT_JUPYTER_DATA / "voila" / "templates" / TEMPLATE).is_dir():
        os.environ["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(CHECKOUT_JUPYTER_DATA),
                                                                   os.environ.get("JUPYTER_PATH")]))


def class_store_path(args: argparse.Namespace) -> Path:
    """The class store's file: ``--class-db``, else ``class.sqlite`` in the package's data folder."""
    if args.class_db:
        return Path(args.class_db).resolve()
    from .widget.persist import data_dir

    return data_dir() / "class.sqlite"


def lesson_notebook(folder: Path, lesson_file: str) -> Path:
    """A notebook in ``folder`` whose one cell shows the lesson (the built-in one when ``lesson_file`` is empty).

    In a warm kernel (``--warm``) the cell waits, the imports done, for the page that takes
    the kernel before it makes the lesson, which then reads that page's ``?lang=`` (Voilà
    hands the kernel the request at that moment). Without ``--warm`` it goes on at once."""
    source = f"Lesson({str(Path(lesson_file).resolve())!r})" if lesson_file else "Lesson()"
    notebook = {"cells": [{"cell_type": "code", "execution_count": None, "id": "lesson", "metadata": {},
                           "outputs": [], "source": ["from voila.utils import wait_for_request\n", "\n",
                                                     "from hearts_widget.lessons.stepper import Lesson\n", "\n",
                                                     "wait_for_request()  # a warm kernel: until a page takes it\n",
                                                     source]}],
                "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                            "name": "python3"}, "language_info": {"name": "python"},
                             "title": "Learn Hearts"},
                "nbformat": 4, "nbformat_minor": 5}
    path = folder / "lesson.ipynb"
    path.write_text(json.dumps(notebook), encoding="utf-8")
    return path


class Classroom:
    """The teacher's side of a lesson served by the launcher: the lesson, its class store and the teacher's token."""

    def __init__(self, args: argparse.Namespace) -> None:
        from .classroom.store import ClassStore
        from .lessons.format import builtin_lesson, load_lesson
        from .lessons.prepost import class_plan, with_checks

        lesson = load_lesson(args.lesson) if args.lesson else builtin_lesson()
        self.store = ClassStore(class_store_path(args))
        # The teacher's choice of checks, for this run (on unless --no-check): the lesson's kernels read it
        # from the store.
        self.store.set_check_plan(class_plan(args.no_check, args.check_later))
        self.lesson = with_checks(lesson, self.store.check_plan())
        if args.keep_days:
            self.store.forget_older_than(args.keep_days)
        self.token = args.teacher_token or secrets.token_urlsafe(24)
        self.keep_days = args.keep_days

    def handlers(self, port: int) -> list:
        from .classroom.handlers import token_handlers

        return token_handlers(self.lesson, self.store, self.token, port, self.keep_days)


def open_classroom(args: argparse.Namespace) -> Classroom | str:
    """The classroom for ``--lesson``, or a sentence saying why the lesson or the store cannot be used."""
    from .classroom.store import ClassStoreError
    from .lessons.format import LessonFileError

    try:
        return Classroom(args)
    except (LessonFileError, ClassStoreError) as error:
        return str(error)


def serve(args: argparse.Namespace, notebook: Path) -> int:
    """Start Voilà on ``notebook`` (or, with ``--lesson``, on the lesson, with the teacher's page)
    with these options; print the URLs once it listens."""
    problem = check_arguments(args)
    classroom = None
    if problem is None and args.lesson is not None:
        opened = open_classroom(args)
        problem, classroom = (opened, None) if isinstance(opened, str) else (None, opened)
    if problem:
        print(f"python -m hearts_widget: {problem}", file=sys.stderr)
        return 2
    if classroom is None:
        return run_voila(args, notebook, None)
    from .classroom.report import ENV_STORE

    os.environ[ENV_STORE] = str(classroom.store.path)  # the lesson's kernels write there (they inherit it)
    with tempfile.TemporaryDirectory(prefix="hearts-lesson-") as folder:
        return run_voila(args, lesson_notebook(Path(folder), args.lesson), classroom)


def warm_kernel_env(warm: int, ip: str, port: int) -> dict[str, str]:
    """Where a warm kernel's ``wait_for_request()`` (the lesson's cell) asks this server for
    the request of the page that took it: Voilà gives a page's own kernel that address, but a
    warm kernel reads it from the environment it was started in (else 127.0.0.1:8866, and a
    lesson on any other port waited for its page for ever). Nothing without ``--warm``."""
    return {"VOILA_APP_IP": local_address(ip), "VOILA_APP_PORT": str(port)} if warm else {}


def run_voila(args: argparse.Namespace, notebook: Path, classroom: Classroom | None) -> int:
    from voila.app import Voila

    find_own_template()
    token = secrets.token_urlsafe(24) if args.token == "" else (args.token or "")
    port = args.port or free_port(args.ip)
    os.environ.update(warm_kernel_env(args.warm, args.ip, port))

    class ClassroomVoila(Voila):
        def init_handlers(self) -> list:
            teacher = classroom.handlers(port) if classroom is not None else []  # before Voilà's catch-all
            guarded = {"TornadoVoilaHandler": page_handler, "TemplateStaticFileHandler": template_files_handler}
            return teacher + [(route[0], guarded[route[1].__name__](route[1]), *route[2:])
                              if len(route) > 1 and getattr(route[1], "__name__", "") in guarded else route
                              for route in super().init_handlers()]

        def listen(self) -> None:
            import tornado.ioloop

            tornado.ioloop.IOLoop.current().add_callback(self._say_url)
            super().listen()

        def _say_url(self) -> None:
            host = f"[{args.ip}]" if ":" in args.ip else args.ip
            url = f"http://{host}:{self.port}/" + (f"?token={token}" if token else "")
            if classroom is None:
                print(f"Hearts table: open {url}  (Ctrl+C to stop)", flush=True)
                return
            print(f"Hearts lesson: open {url}  (Ctrl+C to stop)", flush=True)
            print(f"Teacher's page: open http://{host}:{self.port}/teacher?token={classroom.token}  "
                  "(yours only: it shows every learner)", flush=True)
            print(f"Class progress kept in {classroom.store.path} "
                  f"(python -m hearts_widget forget-class --class-db {classroom.store.path} deletes it)", flush=True)

    app = ClassroomVoila()
    app.initialize(voila_argv(args, notebook, port, token))
    app.start()
    return 0
