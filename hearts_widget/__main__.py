"""``python -m hearts_widget``: open a playable Hearts table in Voilà.

Starts Voilà on the play notebook shipped inside the package, on 127.0.0.1
and a free port, and prints the URL to open. Ctrl+C stops it.

``python -m hearts_widget site OUTDIR`` (or ``hearts-widget site OUTDIR``)
builds the serverless lesson site instead: see ``hearts_widget.site``.
"""

from __future__ import annotations

import argparse
import importlib.util
import socket
import subprocess
import sys
from pathlib import Path

NOTEBOOK = Path(__file__).with_name("widget") / "play.ipynb"
NO_VOILA = ('The Hearts table runs in Voilà, which is not installed. Install the "lesson" extra:\n'
            '    pip install "hearts-widget[lesson]"')


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["site"]:
        from .site import main as build_site

        return build_site(argv[1:])
    if importlib.util.find_spec("voila") is None:
        print(NO_VOILA, file=sys.stderr)
        return 1
    parser = argparse.ArgumentParser(prog="python -m hearts_widget", description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0, help="port to listen on (default: a free one)")
    args = parser.parse_args(argv)
    port = args.port or free_port()
    url = f"http://127.0.0.1:{port}/"
    command = [sys.executable, "-m", "voila", str(NOTEBOOK), "--no-browser", f"--port={port}",
               "--Voila.ip=127.0.0.1", "--theme=light"]
    print(f"Hearts table: open {url}  (Ctrl+C to stop)", flush=True)
    try:
        return subprocess.call(command)
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
