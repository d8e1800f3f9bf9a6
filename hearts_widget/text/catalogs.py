"""Maintainer commands for the message catalogs, run with Babel (a test dependency).

    python -m hearts_widget.text.catalogs extract   # source -> locale/hearts_widget.pot
    python -m hearts_widget.text.catalogs update    # .pot -> locale/<lang>/LC_MESSAGES/hearts_widget.po
    python -m hearts_widget.text.catalogs compile   # .po -> .mo beside it (committed, shipped as package data)

The tests use the same functions to check that the committed ``.pot`` and
``.mo`` files are what these commands make from the source and the ``.po`` files.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from .translate import DOMAIN, LOCALE_DIR

TEXT_DIR = Path(__file__).resolve().parent
PACKAGE_DIR = TEXT_DIR.parent
MAPPING_FILE = TEXT_DIR / "babel.cfg"
POT_FILE = LOCALE_DIR / f"{DOMAIN}.pot"
# The languages translated from English, the source language.
TRANSLATED_LANGUAGES: tuple[str, ...] = ("tl", "ceb", "sw")
KEYWORDS: tuple[str, ...] = ("gettext", "ngettext:1,2", "pgettext:1c,2", "npgettext:1c,2,3", "_")


def po_file(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_file(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


def _pybabel(*args: str) -> None:
    """Run a ``pybabel`` command in-process, from the directory holding the package
    (so locations in the catalogs read ``hearts_widget/...``)."""
    import os

    from babel.messages.frontend import CommandLineInterface

    here = Path.cwd()
    os.chdir(PACKAGE_DIR.parent)
    try:
        CommandLineInterface().run(["pybabel", "-q", *args])
    finally:
        os.chdir(here)


def extract(output: Path = POT_FILE) -> None:
    """Collect every message of the package into the template ``output``; an
    existing template that differs only in its creation date is left as it was."""
    keywords = [arg for keyword in KEYWORDS for arg in ("-k", keyword)]
    fresh = output.with_suffix(".new")
    _pybabel(
        "extract", "--no-default-keywords", *keywords, "-F", str(MAPPING_FILE), "--add-location=file",
        "--add-comments=Translators:", "--project=hearts-widget", "--copyright-holder=hearts-widget authors",
        "-o", str(fresh), PACKAGE_DIR.name,
    )
    if output.exists() and _undated(output.read_text("utf-8")) == _undated(fresh.read_text("utf-8")):
        fresh.unlink()
    else:
        fresh.replace(output)


def _undated(template: str) -> list[str]:
    return [line for line in template.splitlines() if not line.startswith('"POT-Creation-Date:')]


def update() -> None:
    """Merge the template into each language's ``.po`` (creating missing ones)."""
    for lang in TRANSLATED_LANGUAGES:
        command = "update" if po_file(lang).exists() else "init"
        extra = ("--ignore-obsolete",) if command == "update" else ()
        _pybabel(command, "-i", str(POT_FILE), "-d", str(LOCALE_DIR), "-D", DOMAIN, "-l", lang, *extra)


def compiled(lang: str) -> bytes:
    """The ``.mo`` bytes that compiling ``lang``'s ``.po`` gives (fuzzy entries left out)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po_file(lang).open("rb") as po:
        catalog = read_po(po, locale=lang)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def compile_catalogs() -> None:
    """Write each language's ``.mo`` beside its ``.po``."""
    for lang in TRANSLATED_LANGUAGES:
        mo_file(lang).write_bytes(compiled(lang))


COMMANDS = {"extract": extract, "update": update, "compile": compile_catalogs}


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0] not in COMMANDS:
        print(f"usage: python -m hearts_widget.text.catalogs {{{'|'.join(COMMANDS)}}}", file=sys.stderr)
        return 2
    COMMANDS[argv[0]]()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
