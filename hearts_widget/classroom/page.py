"""The teacher's page: the class now, made on the server in the teacher's language.

The page is one HTML document with its style and a small script inline (nothing from
another host): where the class is (per step, how many learners are on it now and how
many have done it, as bars with their numbers), a card per learner (their step, steps
done, rules mastered and to practise, answers right at the first try), and the CSV of
every learner's results. The script asks for the class part again every
:data:`REFRESH_S` seconds and puts it in place when it changed (open "Every rule"
lists stay open). Light and dark follow the device (``prefers-color-scheme``); on a
phone the cards stack.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import datetime, timezone
from html import escape

from ..lessons.format import Lesson
from ..lessons.mastery import rights_needed
from ..lessons.prepost import plan_of
from ..lessons.progress import RESULT_COLUMNS, write_csv
from ..text.lessons import lesson_text
from ..text.rule_names import rule_name
from ..text.teacher import first_try_count, learners_count, teacher_words
from ..text.translate import LANGUAGES
from . import gains
from .store import Learner, lesson_rules

REFRESH_S = 3
CSV_COLUMNS = ("learner", "name", "updated", *RESULT_COLUMNS)


@dataclass(frozen=True)
class Links:
    """Where the page, its class part and its CSV are (the launcher's ``/teacher``, or the hub service's prefix)."""

    page: str
    now: str
    csv: str
    league: str = ""  # where the page's button runs the class league (none: no league part)
    live: str = ""  # the live board's part (see .live_page)


def clock(seconds: float) -> str:
    """A time of day on the server's clock, as the page shows it."""
    return time.strftime("%H:%M:%S", time.localtime(seconds))


def learner_name(learner: Learner, lang: str) -> str:
    return learner.name or teacher_words(lang)["unnamed"].format(id=learner.learner[:4])


def class_csv(lesson: Lesson, learners: list[Learner]) -> str:
    """One row per learner and step: the learner, then the very columns of their own results file
    (a cell a spreadsheet would run as a formula starts with ``'``: see ``spreadsheet_cell``)."""
    rows = []
    needed = rights_needed(lesson)
    checked = plan_of(lesson) is not None  # the checks' columns (see gains.csv_cells)
    for learner in learners:
        updated = datetime.fromtimestamp(learner.updated, timezone.utc).isoformat(timespec="seconds")
        for number, step in enumerate(lesson.steps, start=1):
            record = learner.report["steps"].get(step.key) or {
                "done": False, "seconds": 0.0, "answered": 0, "attempts": 0, "first_try_right": 0,
                "positions_first_try": 0}
            rows.append({
                "learner": learner.learner, "name": learner.name, "updated": updated,
                "step": number, "key": step.key, "title": step.title("en"), "done": record["done"],
                "questions": len(step.checks), "answered": record["answered"], "attempts": record["attempts"],
                "first_try_right": record["first_try_right"], "positions": len(step.positions),
                "positions_first_try": record["positions_first_try"], "seconds": record["seconds"],
                "rules_mastered": " ".join(r for r in step.rules if learner.mastered(r, needed)),
                **(gains.csv_cells(lesson, learner, step.key) if checked else {}),
            })
    return write_csv(CSV_COLUMNS + (gains.CSV_COLUMNS if checked else ()), rows)


def class_now(lesson: Lesson, learners: list[Learner], lang: str, league: str = "") -> str:
    """The part of the page that the script refreshes: where the class is, each learner, the gains of
    the checks (:mod:`.gains`) when the lesson has them, and ``league``, the class league's section
    (:mod:`.league_page`), when there is one."""
    return (_where(lesson, learners, lang) + _learners(lesson, learners, lang)
            + gains.gains_html(lesson, learners, lang) + league)


def _where(lesson: Lesson, learners: list[Learner], lang: str) -> str:
    words = teacher_words(lang)
    here = {step.key: sum(learner.step == step.key for learner in learners) for step in lesson.steps}
    done = {step.key: sum(bool(learner.report["steps"].get(step.key, {}).get("done")) for learner in learners)
            for step in lesson.steps}
    most = max([*here.values(), 1])
    rows = []
    for number, step in enumerate(lesson.steps, start=1):
        count = here[step.key]
        bar = f'<span class="hc-bar" style="width:{100 * count / most:.0f}%"></span>' if count else ""
        rows.append(f'<tr{" class=hc-busy" if count else ""}><th scope="row">{number}. {escape(step.title(lang))}</th>'
                    f'<td><span class="hc-bar-box" aria-hidden="true">{bar}</span>'
                    f'<span class="hc-count">{count}</span></td>'
                    f'<td><span class="hc-count">{done[step.key]}</span></td></tr>')
    return (f'<section class="hc-where" aria-labelledby="hc-where-title"><h2 id="hc-where-title">'
            f'{escape(words["where"])}</h2><table><caption>{escape(words["where-caption"])}</caption>'
            f'<thead><tr><th scope="col">{escape(words["step"])}</th><th scope="col">{escape(words["here"])}</th>'
            f'<th scope="col">{escape(words["done"])}</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></section>')


def _learners(lesson: Lesson, learners: list[Learner], lang: str) -> str:
    words = teacher_words(lang)
    heading = (f'<h2 id="hc-learners-title">{escape(words["learners"])} '
               f'<span class="hc-total">({escape(learners_count(len(learners), lang))})</span></h2>')
    if not learners:
        body = f'<p class="hc-nobody">{escape(words["nobody"])}</p>'
    else:
        body = f'<ul class="hc-cards">{"".join(_card(lesson, learner, lang) for learner in learners)}</ul>'
    return f'<section class="hc-learners" aria-labelledby="hc-learners-title">{heading}{body}</section>'


def _card(lesson: Lesson, learner: Learner, lang: str) -> str:
    words = teacher_words(lang)
    keys = [step.key for step in lesson.steps]
    number = keys.index(learner.step) + 1 if learner.step in keys else 1
    step = lesson.steps[number - 1]
    report = learner.report
    steps_done = sum(bool(report["steps"].get(key, {}).get("done")) for key in keys)
    rules = lesson_rules(lesson)
    needed = rights_needed(lesson)
    mastered = [rule for rule in rules if learner.mastered(rule, needed)]
    missed = [rule for rule in rules if rule not in mastered and report["rules"].get(rule, {}).get("wrong")]
    answers = list(report["first_try"].values())
    chips = []
    for rule in rules:
        key, mark, css = (("rule-mastered", "✓", " hc-mastered") if rule in mastered
                          else ("rule-missed", "✗", " hc-missed") if rule in missed
                          else ("rule-not-yet", "·", ""))
        chips.append(f'<li class="hc-rule{css}"><span aria-hidden="true">{mark}</span> '
                     f'{escape(words[key].format(rule=rule_name(rule, lang)))}</li>')
    lines = [
        f'<p class="hc-step">{escape(words["on-step"].format(number=number, total=len(keys), title=step.title(lang)))}'
        "</p>",
        f'<p class="hc-done">{escape(words["steps-done"].format(done=steps_done, total=len(keys)))}</p>',
        f'<p class="hc-mastered-count">{escape(words["mastered"].format(done=len(mastered), total=len(rules)))}</p>',
        f'<p class="hc-first-try">{escape(first_try_count(sum(answers), len(answers), lang))}</p>',
    ]
    if missed:
        names = ", ".join(rule_name(rule, lang) for rule in missed)
        lines.append(f'<p class="hc-practise">{escape(words["practise"].format(rules=names))}</p>')
    lines.append(f'<details data-key="{escape(learner.learner)}"><summary>{escape(words["every-rule"])}</summary>'
                 f'<ul class="hc-rules">{"".join(chips)}</ul></details>')
    lines.append(gains.learner_checks_html(lesson, learner, lang))
    lines.append(f'<p class="hc-time">{escape(words["last-change"].format(time=clock(learner.updated)))}</p>')
    return (f'<li class="hc-card" data-learner="{escape(learner.learner)}" data-step="{escape(step.key)}">'
            f'<h3>{escape(learner_name(learner, lang))}</h3>{"".join(lines)}</li>')


def teacher_page(lesson: Lesson, learners: list[Learner], lang: str, links: Links, nonce: str,
                 xsrf: str = "", league: str = "", live: str = "") -> str:
    """The whole page; ``nonce`` lets its inline scripts run under the page's content security policy,
    ``xsrf`` is the token its scripts send with each request (the hub asks for one), ``league``
    the class league's section and ``live`` the live board's part (:func:`.live_page.live_section`)."""
    words = teacher_words(lang)
    title = words["title"].format(lesson=lesson.title(lang))
    languages = "".join(
        f'<li><a href="{escape(links.page)}?lang={code}" hreflang="{code}" lang="{code}"'
        f'{" aria-current=page" if code == lang else ""}>{escape(name)}</a></li>'
        for code, name in LANGUAGES.items())
    return f"""<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>{escape(title)}</title><style>{STYLE}</style></head>
<body><header><h1>{escape(title)}</h1><p>{escape(words["intro"])}</p>
<nav aria-label="{escape(lesson_text("ui.language", lang))}"><ul class="hc-languages">{languages}</ul></nav></header>
<main><p class="hc-updated" id="hc-updated" data-words="{escape(words["updated"])}">
{escape(words["updated"].format(time=clock(time.time())))}</p>
<p><a class="hc-download" href="{escape(links.csv)}" download="{escape(lesson.id)}-class.csv">
{escape(words["download"].format(format="CSV"))}</a></p>
<p class="hc-lost" id="hc-lost" role="status" data-words="{escape(words["lost"])}"></p>
{live}<div id="hc-now" data-src="{escape(links.now)}?lang={lang}" data-xsrf="{escape(xsrf)}"
data-league="{escape(links.league)}">
{class_now(lesson, learners, lang, league)}</div>
</main><footer><p>{escape(words["kept"])}</p></footer>
<script nonce="{nonce}">{SCRIPT % (REFRESH_S * 1000)}</script></body></html>"""


def refused_page(lang: str, reason: str) -> str:
    """What someone who is not the teacher sees: ``reason`` is ``token`` (the launcher) or ``hub``."""
    words = teacher_words(lang)
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<meta name="color-scheme" content="light dark"><title>{escape(words["refused-title"])}</title>'
            f'<style>{STYLE}</style></head><body><main><h1 id="hc-refused">{escape(words["refused-title"])}</h1>'
            f'<p>{escape(words["refused-" + reason])}</p></main></body></html>')


# Colours: dark text on light, light on dark, every pair at least 4.5:1 (7:1 for body text).
STYLE = """
:root { color-scheme: light dark; --hc-text: #1d1d1d; --hc-back: #ffffff; --hc-soft: #f3f4f6; --hc-line: #6b6b6b;
  --hc-link: #0b4fb3; --hc-bar: #1f5fbf; --hc-good: #1b6e2e; --hc-bad: #a4161a; --hc-muted: #4a4a4a; }
@media (prefers-color-scheme: dark) {
  :root { --hc-text: #ececec; --hc-back: #161616; --hc-soft: #242424; --hc-line: #9a9a9a;
    --hc-link: #8ab8ff; --hc-bar: #6fa4ff; --hc-good: #81c784; --hc-bad: #ff8a80; --hc-muted: #c4c4c4; }
}
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 80rem; padding: 0.8rem 1rem 2rem; font: 16px/1.45 system-ui, sans-serif;
  color: var(--hc-text); background: var(--hc-back); }
h1 { font-size: 1.5rem; margin: 0.2rem 0; } h2 { font-size: 1.2rem; margin: 1.2rem 0 0.4rem; }
h3 { font-size: 1.05rem; margin: 0 0 0.3rem; overflow-wrap: anywhere; }
p { margin: 0.25rem 0; }
a { color: var(--hc-link); }
.hc-languages { display: flex; flex-wrap: wrap; gap: 0.3rem 1rem; list-style: none; padding: 0; margin: 0.4rem 0; }
.hc-languages a, .hc-download { display: inline-block; min-height: 24px; line-height: 24px; padding: 0 0.1rem; }
.hc-languages a[aria-current] { font-weight: 700; color: var(--hc-text); text-decoration: none; }
.hc-updated, .hc-time, footer { color: var(--hc-muted); font-size: 0.9rem; }
.hc-lost { color: var(--hc-bad); font-weight: 600; }
table { border-collapse: collapse; width: 100%; max-width: 48rem; }
caption { text-align: left; color: var(--hc-muted); padding-bottom: 0.3rem; }
th, td { text-align: left; padding: 0.2rem 0.5rem; border-bottom: 1px solid var(--hc-soft); vertical-align: middle; }
thead th { border-bottom: 2px solid var(--hc-line); }
tbody th { font-weight: 400; }
tr.hc-busy th { font-weight: 700; }
td:nth-child(2) { width: 45%; white-space: nowrap; }
.hc-bar-box { display: inline-block; width: calc(100% - 3rem); height: 0.9rem; vertical-align: middle; }
.hc-bar { display: block; height: 100%; min-width: 0.5rem; background: var(--hc-bar); border-radius: 2px; }
.hc-count { display: inline-block; min-width: 2rem; text-align: right; font-variant-numeric: tabular-nums; }
.hc-cards { list-style: none; padding: 0; margin: 0; display: grid; gap: 0.7rem; align-items: start;
  grid-template-columns: repeat(auto-fill, minmax(17rem, 1fr)); }
.hc-card { border: 1px solid var(--hc-line); border-radius: 6px; padding: 0.6rem 0.8rem; background: var(--hc-soft); }
.hc-step { font-weight: 600; }
.hc-practise { color: var(--hc-bad); }
details { margin: 0.3rem 0; }
summary { cursor: pointer; min-height: 24px; line-height: 24px; color: var(--hc-link); }
.hc-rules { list-style: none; padding: 0; margin: 0.2rem 0; }
.hc-rule.hc-mastered { color: var(--hc-good); }
.hc-rule.hc-missed { color: var(--hc-bad); }
.hc-league { grid-column: 1 / -1; }
.hc-league table { max-width: 60rem; }
.hc-wide { overflow-x: auto; }  /* a phone scrolls the league's table, not the page */
.hc-league td:nth-child(2) { width: auto; }
.hc-reference, .hc-problems { color: var(--hc-muted); }
.hc-league figure { margin: 0.6rem 0; max-width: 40rem; }
.hc-run { min-height: 32px; padding: 0 0.8rem; font: inherit; }
.hc-gains { grid-column: 1 / -1; }
.hc-gain-table { max-width: 56rem; }
.hc-gain-table td.hc-num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; width: auto; }
.hc-gain-table tr.hc-all th { font-weight: 700; }
.hc-gain-table th { overflow-wrap: anywhere; }
footer { margin-top: 1.5rem; border-top: 1px solid var(--hc-line); padding-top: 0.5rem; }
@media (min-width: 60rem) {  /* side by side: where the class is, and the learners */
  #hc-now { display: grid; grid-template-columns: minmax(22rem, 30rem) 1fr; gap: 0 1.5rem; align-items: start; }
  .hc-cards { grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); }
}
@media (max-width: 30rem) {
  body { padding: 0.5rem 0.6rem 1.5rem; }
  h1 { font-size: 1.25rem; }
  th, td { padding: 0.2rem 0.25rem; }
  td:nth-child(2) { width: 35%; }
  .hc-cards { grid-template-columns: 1fr; }
}
"""

# Refresh the class part every few seconds. Only what changed is put in place (each learner's card
# by its key), so an open list stays open and the keyboard focus stays where the teacher put it
# (a card that changed is replaced, and the focus goes to the same control in its new copy);
# say so when the server does not answer (and keep trying).
SCRIPT = """(() => {
  const now = document.getElementById("hc-now");
  const updated = document.getElementById("hc-updated");
  const lost = document.getElementById("hc-lost");
  let shown = null;
  const two = (n) => String(n).padStart(2, "0");
  const cardsIn = (list) => new Map([...list.children].map((card) => [card.dataset.learner, card]));
  const putCards = (list, fresh) => {
    const old = cardsIn(list);
    const wanted = [...fresh.children].map((card) => {
      const kept = old.get(card.dataset.learner);
      return kept && kept.isEqualNode(card) ? kept : card;
    });
    wanted.forEach((card, index) => {
      if (list.children[index] !== card) list.insertBefore(card, list.children[index] || null);
    });
    while (list.children.length > wanted.length) list.lastElementChild.remove();
  };
  const putPart = (part, fresh) => {
    if (part.isEqualNode(fresh)) return;
    const list = part.querySelector(".hc-cards"), freshList = fresh.querySelector(".hc-cards");
    if (!list || !freshList || part.children.length !== fresh.children.length) return part.replaceWith(fresh);
    [...fresh.children].forEach((child, index) => {
      const mine = part.children[index];
      if (child.classList.contains("hc-cards") && mine.classList.contains("hc-cards")) putCards(mine, child);
      else if (!mine.isEqualNode(child)) mine.replaceWith(child);
    });
  };
  const put = (html) => {
    const open = new Set([...now.querySelectorAll("details[open]")].map((d) => d.dataset.key));
    const focused = document.activeElement && document.activeElement.closest("#hc-now details");
    const onRun = document.activeElement && document.activeElement.matches("[data-league-run]");
    const fresh = document.createElement("div");
    fresh.innerHTML = html;
    for (const d of fresh.querySelectorAll("details")) d.open = open.has(d.dataset.key);
    const parts = [...fresh.children];
    if (now.children.length !== parts.length) now.replaceChildren(...parts);
    else parts.forEach((part, index) => putPart(now.children[index], part));
    if (focused && !focused.isConnected) {
      const again = [...now.querySelectorAll("details")].find((d) => d.dataset.key === focused.dataset.key);
      if (again) again.querySelector("summary").focus();
    }
    if (onRun && !document.activeElement.matches("[data-league-run]")) now.querySelector("[data-league-run]")?.focus();
  };
  let waiting = null;
  const refresh = async () => {
    clearTimeout(waiting);
    try {
      const headers = now.dataset.xsrf ? {"X-XSRFToken": now.dataset.xsrf} : {};
      const answer = await fetch(now.dataset.src, {cache: "no-store", credentials: "same-origin", headers});
      if (!answer.ok) throw new Error(String(answer.status));
      const html = await answer.text();
      if (html !== shown) {
        put(html);
        shown = html;
      }
      const t = new Date();
      updated.textContent = updated.dataset.words.replace("{time}",
        `${two(t.getHours())}:${two(t.getMinutes())}:${two(t.getSeconds())}`);
      lost.textContent = "";
    } catch (error) {
      lost.textContent = lost.dataset.words;
    }
    waiting = setTimeout(refresh, %d);
  };
  now.addEventListener("click", async (event) => {  // the class league's Run button
    const button = event.target.closest("[data-league-run]");
    if (!button || !now.dataset.league) return;
    button.disabled = true;
    const headers = now.dataset.xsrf ? {"X-XSRFToken": now.dataset.xsrf} : {};
    try {
      await fetch(now.dataset.league, {method: "POST", credentials: "same-origin", headers});
    } finally {
      refresh();
    }
  });
  refresh();
})();"""
