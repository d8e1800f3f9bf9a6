"""``python -m hearts_widget``: open a playable Hearts table in Voilà.

Starts Voilà on the play notebook shipped inside the package, on 127.0.0.1
and a free port, and prints the URL to open. Ctrl+C stops it. The options
for serving a class (a token, a cap on tables, idle timeouts) are in
``hearts_widget.serve``.
"""

from __future__ import annotations

import argparse
import sys

from .serve import NOTEBOOK, add_arguments, serve

__all__ = ["NOTEBOOK", "main"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hearts_widget", description=__doc__.splitlines()[0])
    add_arguments(parser)
    args = parser.parse_args(argv)
    try:
        return serve(args)
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
