"""The bots' results as a notebook shows them: the arena's result and the class
league's ranking as pictures (inline SVG, drawn here, nothing loaded), and the
arena's progress bar. The bots keep their results as data: this module registers
the picture and the bar with :mod:`hearts_widget.engine.words` when imported (the
package's root imports it with the words when first asked).

The arena's picture has three panels, the learner's bot above the bots it played against: points per
hand with the 95% interval of the mean, how often a seat took the Q♠, and
how often a seat shot the moon. Text takes the notebook's colour
(``currentColor``), so the picture reads in light and dark themes.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from .engine.words import register
from .text.tutorial import arena_words

if TYPE_CHECKING:
    from .bots.arena import ArenaResult

WIDTH = 620
LABEL = 150  # the column of the bots' names
BAR_WIDTH = 380
ROW = 26
COLOURS = ("#1f6feb", "#8a8f98")  # the learner's bot, the others


def arena_svg(result: ArenaResult) -> str:
    """The picture of ``result``, under a caption (its title and a one-line summary, for screen
    readers too) that wraps on a narrow page."""
    words = arena_words(result)
    sides = (result.bot, result.against)
    panels = [
        (words["points"], [s.mean for s in sides], [s.interval for s in sides], words["points_values"]),
        (words["maria"], [s.took_maria for s in sides], None, words["maria_values"]),
        (words["moon"], [s.shot_moon for s in sides], None, words["moon_values"]),
    ]
    parts: list[str] = []
    y = 0
    for title, values, intervals, labels in panels:
        parts.append(_text(8, y + 16, title, weight="600"))
        y += 24
        low = min([0.0, *values, *(lo for lo, _ in intervals or [])])
        # Shares are drawn on the whole 0-100% scale, points from 0 (or below) to the highest end.
        high = max([1e-9, *values, *(hi for _, hi in intervals)]) if intervals is not None else 1.0
        scale = BAR_WIDTH / (high - low)
        zero = LABEL + (0 - low) * scale
        for index, side in enumerate(sides):
            start, end = sorted((zero, LABEL + (values[index] - low) * scale))
            parts.append(_text(LABEL - 8, y + 17, side.name, anchor="end"))
            parts.append(_bar(start, end, y, COLOURS[index]))
            if intervals is not None:
                lo, hi = (LABEL + (v - low) * scale for v in intervals[index])
                parts.append(_interval(lo, hi, y))
            parts.append(_text(LABEL + BAR_WIDTH + 8, y + 17, labels[index]))
            y += ROW
        parts.append(f'<line x1="{zero:.1f}" y1="{y - 2 * ROW}" x2="{zero:.1f}" y2="{y}" stroke="currentColor" '
                     f'stroke-opacity=".4"/>')
        y += 6
    y += 4
    parts.append(_text(8, y + 12, words["footer"], size=12))
    height = y + 22
    return (f'<figure class="hearts-arena" style="margin:0"><figcaption style="font:14px system-ui">'
            f'<b>{escape(words["title"])}</b><br>{escape(words["summary"])}</figcaption>'
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" '
            f'style="max-width:100%;height:auto;font-family:system-ui,sans-serif" role="img" '
            f'aria-label="{escape(words["summary"])}">{"".join(parts)}</svg></figure>')


def _bar(start: float, end: float, y: float, colour: str) -> str:
    """A row's bar, from ``start`` to ``end`` (at least 1 px wide)."""
    return (f'<rect x="{start:.1f}" y="{y + 4}" width="{max(end - start, 1):.1f}" height="{ROW - 8}" '
            f'fill="{colour}" rx="2"/>')


def _interval(lo: float, hi: float, y: float) -> str:
    """A row's 95% interval, from ``lo`` to ``hi``, with its end ticks."""
    middle = y + ROW / 2
    return (f'<path d="M{lo:.1f} {middle}H{hi:.1f}M{lo:.1f} {middle - 6}V{middle + 6}'
            f'M{hi:.1f} {middle - 6}V{middle + 6}" stroke="currentColor" stroke-width="1.5"/>')


def _text(x: float, y: float, text: str, anchor: str = "start", weight: str = "400", size: int = 13) -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" font-size="{size}" font-weight="{weight}" '
            f'fill="currentColor">{escape(text)}</text>')


def ranking_svg(names: list[str], means: list[float], intervals: list[tuple[float, float]], mine: list[bool],
                title: str, values: list[str], summary: str) -> str:
    """One panel of the arena's picture for any number of bots (the class league): points per hand
    with the 95% interval, a bar a bot, ``mine`` in the learner's colour and the rest in grey."""
    low = min([0.0, *means, *(lo for lo, _ in intervals)])
    high = max([1e-9, *means, *(hi for _, hi in intervals)])
    scale = BAR_WIDTH / (high - low)
    zero = LABEL + (0 - low) * scale
    parts = [_text(8, 16, title, weight="600")]
    y = 24
    for index, name in enumerate(names):
        start, end = sorted((zero, LABEL + (means[index] - low) * scale))
        parts.append(_text(LABEL - 8, y + 17, name if len(name) <= 22 else name[:21] + "…", anchor="end"))
        parts.append(_bar(start, end, y, COLOURS[0 if mine[index] else 1]))
        lo, hi = (LABEL + (v - low) * scale for v in intervals[index])
        parts.append(_interval(lo, hi, y))
        parts.append(_text(LABEL + BAR_WIDTH + 8, y + 17, values[index]))
        y += ROW
    parts.append(f'<line x1="{zero:.1f}" y1="24" x2="{zero:.1f}" y2="{y}" stroke="currentColor" stroke-opacity=".4"/>')
    height = y + 8
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" '
            f'style="max-width:100%;height:auto;font-family:system-ui,sans-serif" role="img" '
            f'aria-label="{escape(summary)}">{"".join(parts)}</svg>')


def progress_bar(total: int, name: str) -> Any:
    """An ipywidgets bar shown in the notebook running this, or None outside a kernel
    (a script, a test) or without ipywidgets. The kernel sends each change at once,
    so the bar moves while the cell runs, with no thread."""
    try:
        from IPython import get_ipython
        from IPython.display import display
        from ipywidgets import IntProgress
    except ImportError:
        return None
    if get_ipython() is None:
        return None
    bar = IntProgress(value=0, min=0, max=total, description=name[:20])
    display(bar)
    return bar


# bots.arena's ArenaResult._repr_html_ and arena(progress=True) find these in engine.words.
register("arena-picture", arena_svg)
register("progress-bar", progress_bar)
