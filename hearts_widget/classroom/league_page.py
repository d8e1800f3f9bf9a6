"""The league's part of the teacher's page: the bots entered, a button that runs the league
(with its progress), and the last run's standings as a table and a picture."""

from __future__ import annotations

from html import escape
from typing import Any

from ..pictures import ranking_svg
from ..text.league import entries_count, forfeit_text, league_words
from ..text.tutorial import arena_points_title
from .league import LeagueRunner, number
from .page import clock


def league_part(runner: LeagueRunner, lang: str) -> str:
    """The league's section of the page, as the page's script refreshes it."""
    words = league_words(lang)
    entries = runner.store.league_entries()
    result = runner.store.league_result()
    lines = [f'<h2 id="hc-league-title">{escape(words["title"])}</h2>', f'<p>{escape(words["intro"])}</p>',
             f'<p class="hc-entries">{escape(entries_count(len(entries), lang) if entries else words["nobody"])}</p>']
    if runner.running:
        status = words["running"].format(done=min(runner.done + 1, runner.total or 1), total=runner.total or "…")
    elif runner.error:
        status = words["failed"].format(error=runner.error)
    elif result is not None:
        status = words["last"].format(time=clock(result.get("finished", 0)), deals=result["deals"])
    else:
        status = ""
    disabled = " disabled" if runner.running or not entries else ""
    lines.append(f'<p><button type="button" class="hc-run" data-league-run{disabled}>{escape(words["run"])}</button> '
                 f'<span class="hc-league-status">{escape(status)}</span></p>')
    if result is not None:
        lines.append(_table(result["standings"], lang) + _picture(result["standings"], lang))
    return (f'<section class="hc-league" aria-labelledby="hc-league-title" aria-busy="{str(runner.running).lower()}">'
            f'{"".join(lines)}</section>')


def _who(row: dict[str, Any], lang: str) -> str:
    return row["name"] if row["learner"] is not None else league_words(lang)["reference"]


def _table(rows: list[dict[str, Any]], lang: str) -> str:
    words = league_words(lang)
    body = []
    for row in rows:
        problems = "; ".join(words["forfeits"].format(count=f["count"], total=row["matches"],
                                                      reason=forfeit_text(f["kind"], row["bot"], f["detail"], lang))
                             for f in row["forfeits"])
        body.append(f'<tr{" class=hc-reference" if row["learner"] is None else ""}>'
                    f'<td class="hc-count">{row["rank"]}</td><th scope="row">{escape(row["bot"])}</th>'
                    f'<td>{escape(_who(row, lang))}</td><td class="hc-count">{number(row["mean"])}</td>'
                    f'<td>{number(row["low"])} – {number(row["high"])}</td>'
                    f'<td class="hc-problems">{escape(problems)}</td></tr>')
    head = "".join(f'<th scope="col">{escape(words[key])}</th>'
                   for key in ("rank", "bot", "learner", "points", "interval", "problems"))
    return (f'<div class="hc-wide" tabindex="0" role="region" aria-labelledby="hc-standings-caption">'
            f'<table class="hc-standings"><caption id="hc-standings-caption">{escape(words["caption"])}</caption>'
            f'<thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table></div>')


def _picture(rows: list[dict[str, Any]], lang: str) -> str:
    names = [row["bot"] if row["learner"] is None else f'{row["bot"]} ({row["name"]})' for row in rows]
    summary = "; ".join(f"{name}: {number(row['mean'])}" for name, row in zip(names, rows, strict=True))
    svg = ranking_svg(names, [row["mean"] for row in rows], [(row["low"], row["high"]) for row in rows],
                      [row["learner"] is not None for row in rows], arena_points_title(lang),
                      [number(row["mean"]) for row in rows], summary)
    return f'<figure class="hc-league-picture">{svg}</figure>'
