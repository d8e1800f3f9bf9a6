"""The words of the serverless site's own pages: the list of its lessons, and what a
lesson's page says while Python starts in the browser."""

from __future__ import annotations

from .translate import translator


def site_index_text(lang: str | None = None) -> dict[str, str]:
    """The fixed words of ``lessons.html``, keyed by where the page uses them."""
    t = translator(lang)
    return {
        "heading": t.pgettext("site", "Hearts lessons"),
        "play": t.pgettext("site", "Play a game against the bots"),
        "tutorial": t.pgettext("site", "The tutorial for coders, with its code"),
    }


def site_page_text(lang: str | None = None) -> dict[str, str]:
    """What a code-free page of the site (the lesson, the table) says by itself: its title,
    the notice while Python starts in the browser (its cards are shown but not yet played),
    the answer to a click before then, and what it says if Python cannot start."""
    t = translator(lang)
    return {
        "title": t.pgettext("site", "Hearts"),
        "starting": t.pgettext("site", "Starting Python in this browser… The cards can be played in a moment."),
        "early": t.pgettext("site", "Still starting: your click is kept and counts as soon as the game is ready."),
        "again": t.pgettext("site", "Ready. The game changed while it started: please click again."),
        "failed": t.pgettext("site", "The game could not start in this browser:"),
    }
