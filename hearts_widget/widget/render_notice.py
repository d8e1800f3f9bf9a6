"""What a Voilà page says if it cannot draw one of the project's widgets.

Voilà draws a widget only once the page's widget manager has the widget's model
from the kernel; when it does not get it (seen intermittently with ten pages
opening at once on a busy server), Voilà shows "Error displaying widget: model
not found" and nothing of the widget's own code ever runs. The project's Voilà
template (``jupyter-data/voila/templates/hearts``) watches for that message: it
loads the page once more (a fresh kernel; the table's game and the lesson's
progress are kept by the browser id) and, if the widget fails again, shows in
its place the words sent here, beside the widget's output in the widget's
language, since the widget itself cannot say anything.
"""

from __future__ import annotations

from typing import Any

from ..text.classroom import render_retry_text

RENDER_NOTICE_MIME = "application/vnd.hearts-widget.render-notice+json"


def with_render_notice(bundle: Any, lang: str) -> Any:
    """``bundle`` (a widget's display data, alone or as ``(data, metadata)``, as IPython
    takes either) with the page's words for a widget that could not be drawn."""
    if bundle is None:
        return None
    pair = isinstance(bundle, tuple)
    data, metadata = bundle if pair else (bundle, None)
    data = {**data, RENDER_NOTICE_MIME: render_retry_text(lang)}
    return (data, metadata) if pair else data
