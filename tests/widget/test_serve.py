"""The launcher's options for a class: refusals that say what is wrong, the
server-full page, and the language of a page made by the server."""

from __future__ import annotations

import argparse
import asyncio
import socket
import time
from concurrent.futures import Future
from datetime import timedelta
from pathlib import Path
from types import SimpleNamespace

import pytest

from hearts_widget.serve import (
    ASKED_WITHIN,
    CLOSED_TIMEOUT,
    CONNECT_GRACE,
    ClassroomKernelManager,
    ServerFull,
    add_arguments,
    check_arguments,
    full_page,
    local_address,
    voila_argv,
    warm_kernel_env,
)
from hearts_widget.text.classroom import language_of_request


def options(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    return parser.parse_args(list(argv))


def test_a_taken_port_is_refused_by_name() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        port = sock.getsockname()[1]
        assert check_arguments(options("--port", str(port))) == (
            f"port {port} is already in use on 127.0.0.1: choose another, or leave out --port")


def test_a_port_whose_server_just_stopped_is_free_again_at_once() -> None:
    """The server closed its connections first (stopped with a page open), so they wait in
    TIME_WAIT on its port for a minute; a new server with SO_REUSEADDR may listen there."""
    with socket.socket() as server:
        server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        server.bind(("127.0.0.1", 0))
        server.listen()
        port = server.getsockname()[1]
        browser = socket.create_connection(("127.0.0.1", port))
        accepted, _ = server.accept()
        accepted.close()
    assert browser.recv(1) == b""  # the server's close arrived: its side waits in TIME_WAIT once ours closes
    browser.close()
    with socket.socket() as plain, pytest.raises(OSError):
        plain.bind(("127.0.0.1", port))  # the TIME_WAIT is there: binding without SO_REUSEADDR is refused
    assert check_arguments(options("--port", str(port))) is None


@pytest.mark.parametrize(("argv", "words"), [
    (("--ip", "0.0.0.0"), "add --token"),
    (("--ip", "not-an-address"), "--ip must be an IP address"),
    (("--port", "70000"), "--port must be from 1 to 65535"),
    (("--max-kernels", "-1"), "must be 0 or more"),
])
def test_unsafe_or_wrong_options_are_refused(argv: tuple[str, ...], words: str) -> None:
    assert words in (check_arguments(options(*argv)) or "")


def test_the_defaults_and_a_token_on_the_network_are_accepted() -> None:
    assert check_arguments(options()) is None
    assert check_arguments(options("--ip", "0.0.0.0", "--token")) is None


def test_voila_gets_the_cap_the_timeouts_and_the_token() -> None:
    argv = voila_argv(options("--max-kernels", "5", "--idle-timeout", "600"), Path("p.ipynb"),
                      8000, "secret")
    assert "--ClassroomKernelManager.max_kernels=5" in argv
    assert "--ClassroomKernelManager.connected_idle_timeout=600" in argv
    assert "--ClassroomKernelManager.cull_connected=False" in argv
    assert "--Voila.token=secret" in argv and "--Voila.port_retries=0" in argv
    assert "--VoilaConfiguration.template=hearts" in argv, "the launcher's own template, whatever the install"
    assert "--VoilaConfiguration.extension_denylist=@jupyterlite/pyodide-kernel-extension" in argv
    # The cell's output still on its way when the cell has run is waited for (nbclient's 4 s left the
    # lesson out of 5 of 40 pages of a class arriving at once, see benchmarks/arrival.py).
    assert "--VoilaExecutor.iopub_timeout=120" in argv
    assert "--theme=light" in argv
    assert "--theme=dark" in voila_argv(options("--theme", "dark"), Path("p.ipynb"), 8000, "")
    with pytest.raises(SystemExit):
        options("--theme", "blue")  # argparse names the choices


def test_the_closed_page_timeout_is_the_culling_timeout_and_too_short_a_one_is_refused() -> None:
    default = voila_argv(options(), Path("p.ipynb"), 8000, "")
    assert "--ClassroomKernelManager.cull_idle_timeout=30" in default
    assert "--ClassroomKernelManager.cull_interval=10" in default
    short = voila_argv(options("--closed-timeout", "6"), Path("p.ipynb"), 8000, "")
    assert "--ClassroomKernelManager.cull_idle_timeout=6" in short
    assert "--ClassroomKernelManager.cull_interval=6" in short, "looked at as often as it may be due"
    assert check_arguments(options("--closed-timeout", "5")) is None
    assert "--closed-timeout must be 5 seconds or more" in (check_arguments(options("--closed-timeout", "4")) or "")


@pytest.mark.parametrize(("query", "header", "lang"), [
    ("sw", None, "sw"), (None, "tl-PH,en;q=0.8", "tl"), (None, "fr, ceb;q=0.9, en;q=0.5", "ceb"),
    (None, "en;q=0.1, sw;q=0.9", "sw"), ("xx", "de", "en"), (None, ";;,q=,", "en"), (None, None, "en"),
])
def test_a_page_made_by_the_server_speaks_the_browsers_language(query: str | None, header: str | None,
                                                                 lang: str) -> None:
    assert language_of_request(query, header) == lang


def test_the_full_page_names_the_limit_and_escapes_nothing_unsafe() -> None:
    page = full_page(3, "en")
    assert "3 tables" in page and "<script" not in page and 'lang="en"' in page


class FakeKernel:
    """What the culler reads of a kernel: idle for an hour."""

    def __init__(self) -> None:
        from jupyter_server._tz import utcnow

        self.execution_state = "idle"
        self.last_activity = utcnow() - timedelta(hours=1)
        self.kernel_name = "python3"
        self.kernel_spec = SimpleNamespace(metadata={})


def culled_after(connect: bool, started_ago: float, asked_ago: float | None = None) -> bool:
    """Whether an hour-idle kernel with no page connected now is culled: its page
    connected once and left (``connect``), or never did, ``started_ago`` seconds after its
    start (and last asked about it ``asked_ago`` seconds ago)."""
    manager = ClassroomKernelManager(cull_idle_timeout=CLOSED_TIMEOUT)
    shut: list[str] = []

    async def shutdown_kernel(kernel_id: str, *args: object, **kwargs: object) -> None:
        shut.append(kernel_id)

    manager.shutdown_kernel = shutdown_kernel  # type: ignore[method-assign]
    manager._kernels["k"] = FakeKernel()
    manager._kernel_connections["k"] = 0
    manager._started_at["k"] = time.monotonic() - started_ago
    if asked_ago is not None:
        manager.kernel_model("k")
        manager._asked_at["k"] -= asked_ago
    if connect:
        manager.notify_connect("k")
        manager.notify_disconnect("k")
    asyncio.run(manager.cull_kernel_if_idle("k"))
    return shut == ["k"]


def test_a_kernel_waits_for_its_pages_first_connection_before_the_closed_page_timeout() -> None:
    assert CONNECT_GRACE >= 120 > CLOSED_TIMEOUT
    assert not culled_after(connect=False, started_ago=CONNECT_GRACE - 5), "culled before its page connected"
    assert culled_after(connect=False, started_ago=CONNECT_GRACE + 1), "a page that never came is not waited for"
    assert culled_after(connect=True, started_ago=1), "a page that connected and left is culled as before"


def test_a_kernel_waits_longer_while_its_page_loaded_but_not_connected_asks_about_it() -> None:
    assert not culled_after(connect=False, started_ago=CONNECT_GRACE * 3, asked_ago=ASKED_WITHIN - 5)
    assert culled_after(connect=False, started_ago=CONNECT_GRACE * 3, asked_ago=ASKED_WITHIN + 1), \
        "a page gone quiet is not waited for"


def test_a_kernel_whose_shutdown_was_asked_leaves_room_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A reloaded page's old kernel is shut down by its beacon while the new page asks for a
    kernel; the shutdown takes seconds, and the new page must not be refused as full meanwhile."""
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    manager = ClassroomKernelManager(max_kernels=1)
    manager._kernels["old"] = FakeKernel()
    asked, done = asyncio.Event(), asyncio.Event()

    async def slow_shutdown(self: object, kernel_id: str, *args: object, **kwargs: object) -> None:
        asked.set()
        await done.wait()  # the shutdown takes as long as the test says
        manager._kernels.pop(kernel_id)

    async def start(self: object, *args: object, **kwargs: object) -> str:
        manager._kernels["new"] = FakeKernel()
        return "new"

    monkeypatch.setattr(AsyncMappingKernelManager, "shutdown_kernel", slow_shutdown)
    monkeypatch.setattr(AsyncMappingKernelManager, "start_kernel", start)

    async def reload() -> str:
        with pytest.raises(ServerFull):
            await manager.start_kernel(env={})  # the old page's kernel still counts
        shutting = asyncio.ensure_future(manager.shutdown_kernel("old"))
        await asked.wait()  # its shutdown asked, not done
        assert "old" in manager._kernels and manager.counted() == 0
        new = await manager.start_kernel(env={})
        done.set()
        await shutting
        return new

    assert asyncio.run(reload()) == "new"
    assert manager.counted() == 1


def done_future(result: object) -> Future:
    """A task of Voilà's pool that has ended (with a started kernel, or failing)."""
    future: Future = Future()
    if isinstance(result, BaseException):
        future.set_exception(result)
    else:
        future.set_result(result)
    return future


def test_a_warm_kernels_grace_starts_when_a_page_takes_it_from_the_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    """A warm kernel waits in Voilà's pool (never culled there) longer than the grace; the
    page that takes it gets the whole grace to connect."""
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    manager = ClassroomKernelManager(cull_idle_timeout=CLOSED_TIMEOUT)
    shut: list[str] = []

    async def start(self: object, *args: object, **kwargs: object) -> str:
        manager._kernels["k"] = FakeKernel()
        manager._kernel_connections["k"] = 0
        return "k"

    async def shutdown(self: object, kernel_id: str, *args: object, **kwargs: object) -> None:
        shut.append(kernel_id)

    monkeypatch.setattr(AsyncMappingKernelManager, "start_kernel", start)
    monkeypatch.setattr(AsyncMappingKernelManager, "shutdown_kernel", shutdown)
    asyncio.run(manager.start_kernel(env={"VOILA_PREHEAT": "True"}))
    manager._pools = {"play.ipynb": [done_future({"kernel_id": "k"})]}  # type: ignore[attr-defined]
    manager._started_at["k"] -= CONNECT_GRACE * 10  # it has waited in the pool for half an hour
    assert manager.in_warm_pool("k")
    manager._pools["play.ipynb"].clear()  # type: ignore[attr-defined]  # a page took it
    asyncio.run(manager.cull_kernel_if_idle("k"))
    assert not shut, "culled before its page connected"
    manager._started_at["k"] -= CONNECT_GRACE + 1
    asyncio.run(manager.cull_kernel_if_idle("k"))
    assert shut == ["k"], "a page that never came is not waited for"


def test_a_page_gets_a_ready_warm_kernel_first_and_never_one_that_could_not_start() -> None:
    """Voilà hands a page the head of its pool and waits for it: a kernel still starting (or a
    replacement waiting for its delay) is never the head while one is ready, nor handed out
    when none is; one that found no room is dropped."""
    manager = ClassroomKernelManager()
    warming: Future = Future()
    ready = done_future({"kernel_id": "ready"})
    no_room = done_future(ServerFull(2))
    manager._pools = {"play.ipynb": [warming, no_room, ready]}  # type: ignore[attr-defined]
    assert manager.ready_first() == 1
    assert manager._pools["play.ipynb"] == [ready, warming]  # type: ignore[attr-defined]
    manager._pools["play.ipynb"].pop(0)  # type: ignore[attr-defined]  # a page took it
    assert manager.ready_first() == 0, "a page starts its own kernel rather than wait for one warming"


def test_warm_kernels_are_asked_of_voila_within_the_cap() -> None:
    argv = voila_argv(options("--warm", "30"), Path("p.ipynb"), 8000, "")
    assert "--VoilaConfiguration.preheat_kernel=True" in argv
    assert "--VoilaConfiguration.default_pool_size=30" in argv
    assert not any("preheat" in arg for arg in voila_argv(options(), Path("p.ipynb"), 8000, ""))
    assert check_arguments(options("--warm", "40")) is None, "the default cap holds a class of 40"
    assert "--warm must be 0 or more" in (check_arguments(options("--warm", "-1")) or "")
    assert check_arguments(options("--warm", "10", "--max-kernels", "8")) == (
        "--warm 10 is more than --max-kernels 8: the warm kernels count among the most kernels at once")
    assert check_arguments(options("--warm", "10", "--max-kernels", "0")) is None, "0: no cap"


@pytest.mark.parametrize(("ip", "address"), [("127.0.0.1", "127.0.0.1"), ("0.0.0.0", "127.0.0.1"),
                                             ("192.168.1.5", "192.168.1.5"), ("::", "[::1]"), ("::1", "[::1]")])
def test_a_warm_kernel_reaches_its_server_where_it_listens(ip: str, address: str) -> None:
    assert local_address(ip) == address
    # Its address and its port (a launcher on another port than Voilà's 8866: the lesson's warm
    # kernels waited for their pages for ever).
    assert warm_kernel_env(3, ip, 41233) == {"VOILA_APP_IP": address, "VOILA_APP_PORT": "41233"}
    assert warm_kernel_env(0, ip, 41233) == {}
