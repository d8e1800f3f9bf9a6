"""``python -m hearts_widget``: open a playable Hearts table in Voilà.

Starts Voilà on the play notebook shipped inside the package, on 127.0.0.1
and a free port, and prints the URL to open. Ctrl+C stops it. The options
for serving a class (a token, a cap on tables, idle timeouts) are in
``hearts_widget.serve``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

# The play notebook shipped in the package (hearts_widget.serve serves it).
NOTEBOOK = Path(__file__).with_name("widget") / "play.ipynb"


def main(argv: list[str] | None = None) -> int:
    # Imported here: serving needs the lesson extra (Voilà, jupyter_server), the package does not.
    from .serve import add_arguments, serve

    parser = argparse.ArgumentParser(prog="python -m hearts_widget", description=__doc__.splitlines()[0])
    add_arguments(parser)
    args = parser.parse_args(argv)
    try:
        return serve(args, NOTEBOOK)
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
