"""Serving the table to a class with Voilà: one kernel per open page, and a
server that cleans up after itself.

- A closed page's kernel is shut down at once: Voilà's page sends a shutdown
  beacon carrying the ``_xsrf`` cookie, which Voilà 0.5 never sets, so the
  beacon was refused (``403 '_xsrf' argument missing``). The page handler here
  sets the cookie. As a backstop, a kernel with no page connected is culled
  after ``closed_timeout`` seconds without activity (a crashed browser, a lost
  beacon), and one whose page stays open but unused after ``idle_timeout``.
- At most ``max_kernels`` kernels run at once; the next page gets a page saying
  the server is full and what to do, in the language the browser asks for.
- The URL printed is the one Voilà really listens on, with the token when the
  server has one.

Voilà runs in this process (not as a subprocess) so these classes plug in.
"""

from __future__ import annotations

import argparse
import html
import ipaddress
import secrets
import socket
import sys
from datetime import timedelta
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.utils import ensure_async
from tornado import web
from traitlets import Integer

from .text.classroom import language_of_request, server_full_text

MAX_KERNELS = 40  # about 61 MiB each: 2.4 GiB for a full server (README, "Serving a class")
CLOSED_TIMEOUT = 30  # seconds a kernel with no page may stay idle
IDLE_TIMEOUT = 3600  # seconds an open page may stay unused
CULL_INTERVAL = 10


class ServerFull(web.HTTPError):
    """A page asked for a kernel when ``max_kernels`` already run."""

    def __init__(self, limit: int, lang: str) -> None:
        super().__init__(503, "server full: %d kernels running", limit)
        self.limit = limit
        self.lang = lang


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Voilà's kernel manager with a cap on kernels and two idle timeouts:
    ``cull_idle_timeout`` for kernels no page is connected to (``cull_connected``
    stays off), and ``connected_idle_timeout`` for kernels whose page is open."""

    max_kernels = Integer(MAX_KERNELS, config=True, help="most kernels at once (0: no limit)")
    connected_idle_timeout = Integer(IDLE_TIMEOUT, config=True,
                                     help="seconds before an unused kernel with an open page is culled (0: never)")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._starting = 0  # kernels asked for but not registered yet (concurrent page loads)

    # jupyter_client types MultiKernelManager.start_kernel as the synchronous `-> str`;
    # its async subclasses replace it with a coroutine (behind their own type: ignore),
    # which the type system cannot express as an override.
    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        if self.max_kernels and len(self._kernels) + self._starting >= self.max_kernels:
            env = kwargs.get("env") or {}
            query = parse_qs(env.get("QUERY_STRING", ""))
            lang = language_of_request((query.get("lang") or [None])[0], env.get("HTTP_ACCEPT_LANGUAGE"))
            self.log.warning("Server full: %d kernels running, a page was refused.", self.max_kernels)
            raise ServerFull(self.max_kernels, lang)
        self._starting += 1
        try:
            return await super().start_kernel(*args, **kwargs)
        finally:
            self._starting -= 1

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        kernel = self._kernels.get(kernel_id)
        if kernel is None:
            return
        connected = self._kernel_connections.get(kernel_id, 0) > 0
        last = getattr(kernel, "last_activity", None)
        if connected and self.connected_idle_timeout and last is not None \
                and getattr(kernel, "execution_state", None) != "busy":
            from jupyter_server._tz import utcnow

            if utcnow() - last > timedelta(seconds=self.connected_idle_timeout):
                self.log.warning("Culling kernel %s: its page has been unused for %d s.",
                                 kernel_id, self.connected_idle_timeout)
                await ensure_async(self.shutdown_kernel(kernel_id))
            return
        await super().cull_kernel_if_idle(kernel_id)


def page_handler(base: type) -> type:
    """Voilà's page handler, setting the ``_xsrf`` cookie its shutdown beacon needs
    and answering a full server with a page that says so."""

    class ClassroomPageHandler(base):
        async def prepare(self, *args: Any, **kwargs: Any) -> None:
            await super().prepare(*args, **kwargs)
            self.xsrf_token  # noqa: B018 - reading it sets the cookie the page's beacon sends back

        def write_error(self, status_code: int, **kwargs: Any) -> None:
            error = kwargs.get("exc_info", (None, None))[1]
            if not isinstance(error, ServerFull):
                super().write_error(status_code, **kwargs)
                return
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.set_header("Retry-After", "60")
            self.finish(full_page(error.limit, error.lang))

    ClassroomPageHandler.__name__ = base.__name__
    return ClassroomPageHandler


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


def check_arguments(args: argparse.Namespace) -> str | None:
    """A sentence naming what is wrong with the options, or None."""
    if not 0 <= args.port <= 65535:
        return f"--port must be from 1 to 65535 (or 0 for a free one), not {args.port}"
    if args.max_kernels < 0 or args.idle_timeout < 0:
        return "--max-kernels and --idle-timeout must be 0 or more"
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
    family = socket.AF_INET6 if ":" in ip else socket.AF_INET
    with socket.socket(family) as sock:
        try:
            sock.bind((ip, port))
        except OSError:
            return False
    return True


def free_port(ip: str = "127.0.0.1") -> int:
    family = socket.AF_INET6 if ":" in ip else socket.AF_INET
    with socket.socket(family) as sock:
        sock.bind((ip, 0))
        return sock.getsockname()[1]


def voila_argv(args: argparse.Namespace, notebook: Path, port: int, token: str) -> list[str]:
    """Voilà's command line for these options."""
    return [str(notebook), "--no-browser", f"--port={port}", f"--Voila.ip={args.ip}", "--theme=light",
            "--Voila.port_retries=0", f"--Voila.token={token}",
            "--VoilaConfiguration.multi_kernel_manager_class=hearts_widget.serve.ClassroomKernelManager",
            "--VoilaConfiguration.http_header_envs=Accept-Language",
            f"--ClassroomKernelManager.max_kernels={args.max_kernels}",
            f"--ClassroomKernelManager.connected_idle_timeout={args.idle_timeout}",
            f"--ClassroomKernelManager.cull_idle_timeout={CLOSED_TIMEOUT}",
            f"--ClassroomKernelManager.cull_interval={CULL_INTERVAL}",
            "--ClassroomKernelManager.cull_connected=False"]


def serve(args: argparse.Namespace, notebook: Path) -> int:
    """Start Voilà on ``notebook`` with these options; print the URL once it listens."""
    problem = check_arguments(args)
    if problem:
        print(f"python -m hearts_widget: {problem}", file=sys.stderr)
        return 2
    from voila.app import Voila

    token = secrets.token_urlsafe(24) if args.token == "" else (args.token or "")
    port = args.port or free_port(args.ip)

    class ClassroomVoila(Voila):
        def init_handlers(self) -> list:
            return [(route[0], page_handler(route[1]), *route[2:])
                    if len(route) > 1 and route[1].__name__ == "TornadoVoilaHandler" else route
                    for route in super().init_handlers()]

        def listen(self) -> None:
            import tornado.ioloop

            tornado.ioloop.IOLoop.current().add_callback(self._say_url)
            super().listen()

        def _say_url(self) -> None:
            host = f"[{args.ip}]" if ":" in args.ip else args.ip
            url = f"http://{host}:{self.port}/" + (f"?token={token}" if token else "")
            print(f"Hearts table: open {url}  (Ctrl+C to stop)", flush=True)

    app = ClassroomVoila()
    app.initialize(voila_argv(args, notebook, port, token))
    app.start()
    return 0
