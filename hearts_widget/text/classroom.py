"""Words for a class using the table together: a full server, a lost
connection, a table that could not be drawn, saved games, and undo's rule.

Kept apart from ``ui.py`` so the serving and saving code has its own sentences
(the launcher's error page is made on the server, in the language the browser
asks for, before any kernel or widget exists).
"""

from __future__ import annotations

from collections.abc import Iterable

from .translate import LANGUAGES, language_of_locale, translator


def server_full_text(limit: int, lang: str | None = None) -> dict[str, str]:
    """The page shown when the server already runs ``limit`` tables: a title and what to do."""
    t = translator(lang)
    return {
        "title": t.gettext("This server is full"),
        "text": t.ngettext(
            "It already runs {count} table, as many as it may. Close a table you no longer use, "
            "or wait a minute for an idle one to close, then reload this page.",
            "It already runs {count} tables, as many as it may. Close a table you no longer use, "
            "or wait a minute for an idle one to close, then reload this page.",
            limit).format(count=limit),
    }


def page_strings(lang: str | None = None) -> dict[str, str]:
    """What the page says by itself when the kernel cannot answer (sent ahead, in ``ui``)."""
    t = translator(lang)
    return {
        "connection_lost": t.gettext("Connection lost: reload the page to continue."),
        "reload": t.pgettext("button", "Reload"),
        "save_game": t.pgettext("button", "Save game"),
        "load_game": t.pgettext("button", "Open a saved game"),
    }


def render_failed_text(lang: str | None = None) -> str:
    """Said in place of a table the page could not draw after retrying (made ahead of time)."""
    return translator(lang).gettext(
        "The table could not be shown. Reload the page; if it happens again, "
        "wait a few seconds first (the server may be busy).")


def render_retry_text(lang: str | None = None) -> dict[str, str]:
    """What a Voilà page says when it could not draw a widget at all (before any of its
    code ran): while it loads itself again, then in the widget's place if that failed too."""
    t = translator(lang)
    return {
        "retrying": t.gettext("This part of the page did not load. Loading the page again…"),
        "failed": t.gettext("This part of the page could not be shown. Reload the page; if it happens again, "
                            "wait a minute first (the server may be busy)."),
        "reload": t.pgettext("button", "Reload"),
    }


def practice_text(lang: str | None = None) -> str:
    """On the score sheet and at the end of a game in which Undo was used after its result was seen."""
    return translator(lang).gettext(
        "Practice game: a move was taken back after its result was seen, so these scores are for practice.")


def saved_notice(kind: str, lang: str | None = None, **facts: object) -> str:
    """What saving, opening and resuming a game did."""
    t = translator(lang)
    texts = {
        "resumed": t.gettext("Your game is back where you left it. New game starts afresh."),
        "loaded": t.gettext("The saved game is open."),
        "load-refused": t.gettext("That file is not a saved game of this table, so nothing changed ({detail})."),
        "saved": t.gettext("The game was saved to a file."),
    }
    return texts[kind].format(**facts)


def language_of_request(query_lang: str | None, accept_language: str | None) -> str:
    """The language for a page made by the server: ``?lang=`` when it names a
    shipped language, else the first shipped one the browser accepts, else English."""
    if query_lang in LANGUAGES:
        return str(query_lang)
    for tag in _accepted(accept_language or ""):
        code = language_of_locale(tag)
        if code is not None:
            return code
    return "en"


def _accepted(header: str) -> Iterable[str]:
    """The language tags of an Accept-Language header, most wanted first."""
    weighted = []
    for index, part in enumerate(header.split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        if tag:
            weighted.append((-quality, index, tag.strip()))
    return [tag for _, _, tag in sorted(weighted)]
