"""Reading a page's console in a browser test: :func:`console_errors` records, from the page's
creation on, every error, warning and uncaught exception, less the documented lines of other
projects (``UPSTREAM``); a test asserts the list empty at a moment of its choosing, after the page
has drawn and a card was played (:func:`play_a_card`), and before it closes the page (closing a
page closes its websockets, which is no page's fault)."""

from __future__ import annotations

import re

from playwright.sync_api import ConsoleMessage, Error, Page

from .person import choose_and_pass, click_card, state_id, wait_for_change, wait_for_my_turn

# What other projects' code logs on every page of a kind, for causes outside this project (issue
# 39), each matched whole so that anything else, or the same words from another module, fails:
# - Voilà 0.5.13 runs JupyterLab 4.2.5's packages, while JupyterLab's widget manager (jupyterlab_widgets
#   3.0.17, needed there: Voilà's own manager finds no @jupyter-widgets/base without it) asks ^4.6.2
#   and Voilà's own widgets-manager8 ^4.5.10 of them: webpack warns, then uses 4.2.5 (voila-dashboards/
#   voila#1514 and #1539). Seen: 13 such lines a page. Neither is ours to rebuild; the releases
#   that agree with 4.2.5 (Voilà 0.5.8, jupyterlab_widgets 3.0.13 with ipywidgets 8.1.5) lack
#   0.5.13's fixes of a template-name path traversal and of case-blind file deny-lists.
UPSTREAM = {
    "voila": [re.compile(r"warning: Unsatisfied version [467]\.2\.5 from _JUPYTERLAB\.CORE_OUTPUT of shared singleton "
                         r"module @jupyterlab/[a-z-]+ \(required \^[4-7]\.[56]\.[0-9]+\)"),
              re.compile(r"warning: No satisfying version \(\^4\.[56]\.[0-9]+\) of shared module @jupyterlab/[a-z-]+ "
                         r"found in shared scope default\.\n"
                         r"Available versions: 4\.2\.5 from _JUPYTERLAB\.CORE_OUTPUT")],
    "jupyter": [],
}
# - Notebook 7.6.5 (on JupyterLab 4.6.6) logs these of its own, with a notebook that only prints and
#   with no lab extension at all on its paths (seen here, 2026-12): its menus register three commands
#   twice (jupyter/notebook#7358), two copies of Yjs meet, and a plugin reads a schema that is not there.
UPSTREAM["notebook7"] = [*UPSTREAM["jupyter"], *map(re.compile, [
    r"warning: Menu entry for command '(filemenu:close-and-cleanup|debugger:show-panel|toc:show-panel)' "
    r"is duplicated\.",
    r"warning: \[yjs#509\] Not same Y\.Doc",
    r"uncaught: Cannot read properties of undefined \(reading 'schema'\)",
    # and, opened after a JupyterLab page of the same server, a command of JupyterLab's file browser
    r"uncaught: Command 'filebrowser:open-path' not registered\."])]


def console_errors(page: Page, kind: str = "voila") -> list[str]:
    """What the page logs as an error or a warning, and the exceptions it does not catch, less
    the known lines of other projects on that ``kind`` of page (``UPSTREAM``)."""
    errors: list[str] = []

    def heard(message: ConsoleMessage) -> None:
        line = f"{message.type}: {message.text}"
        if message.type in ("error", "warning") and not any(known.fullmatch(line) for known in UPSTREAM[kind]):
            errors.append(line)

    def thrown(error: Error) -> None:
        line = f"uncaught: {error}"
        if not any(known.fullmatch(line) for known in UPSTREAM[kind]):
            errors.append(line)

    page.on("console", heard)
    page.on("pageerror", thrown)
    return errors

UPSTREAM["page"] = []  # a page of the launcher's own (the teacher's page): nothing at all


def play_a_card(page: Page) -> None:
    """Pass three cards, then play a card the table offers: the widget's messages both ways."""
    choose_and_pass(page)
    wait_for_my_turn(page)
    before = state_id(page)
    click_card(page.locator(".hw-hand .hw-card.hw-legal").first)
    wait_for_change(page, before)
