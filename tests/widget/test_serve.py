"""The launcher's options for a class: refusals that say what is wrong, the
server-full page, and the language of a page made by the server."""

from __future__ import annotations

import argparse
import socket
from pathlib import Path

import pytest

from hearts_widget.serve import add_arguments, check_arguments, full_page, voila_argv
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
