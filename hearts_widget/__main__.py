"""``python -m hearts_widget``: open a playable Hearts table in Voilà.

Starts Voilà on the play notebook shipped inside the package, on 127.0.0.1
and a free port, and prints the URL to open. Ctrl+C stops it. The options
for serving a class (a token, a cap on tables, idle timeouts) are in
``hearts_widget.serve``.

``python -m hearts_widget --lesson`` serves the lesson instead, with the
teacher's page at ``/teacher`` (see ``hearts_widget.classroom``);
``python -m hearts_widget forget-class`` deletes the class's progress it kept.

``python -m hearts_widget site OUTDIR`` (or ``hearts-widget site OUTDIR``)
builds the serverless lesson site instead: see ``hearts_widget.site``.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path

# The play notebook shipped in the package (hearts_widget.serve serves it).
NOTEBOOK = Path(__file__).with_name("widget") / "play.ipynb"
NO_VOILA = ('The Hearts table runs in Voilà, which is not installed. Install the "lesson" extra, from the '
            'folder of your copy of the repository:\n'
            '    pip install ".[lesson]"')


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["site"]:
        from .site import main as build_site

        return build_site(argv[1:])
    if argv[:1] == ["forget-class"]:
        return forget_class(argv[1:])
    if importlib.util.find_spec("voila") is None:
        print(NO_VOILA, file=sys.stderr)
        return 1
    # Imported here: serving needs the lesson extra (Voilà, jupyter_server), the package does not.
    from .serve import add_arguments, serve

    parser = argparse.ArgumentParser(prog="python -m hearts_widget", description=__doc__.splitlines()[0])
    add_arguments(parser)
    args = parser.parse_args(argv)
    try:
        return serve(args, NOTEBOOK)
    except KeyboardInterrupt:
        return 0


def forget_class(argv: list[str]) -> int:
    """Delete the class store (every learner's progress the launcher kept), saying which files went."""
    from .classroom.store import delete_store
    from .serve import class_store_path

    parser = argparse.ArgumentParser(prog="python -m hearts_widget forget-class",
                                     description="Delete the progress of the class kept by --lesson.")
    parser.add_argument("--class-db", default=None, metavar="PATH",
                        help="the class store's file (default: the one --lesson uses by default)")
    path = class_store_path(parser.parse_args(argv))
    gone = delete_store(path)
    print(f"Deleted {', '.join(map(str, gone))}." if gone else f"No class store at {path}: nothing to delete.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
