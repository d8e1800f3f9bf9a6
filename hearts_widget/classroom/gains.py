"""What the lesson taught, from the checks before and after it (:mod:`hearts_widget.lessons.prepost`):
per learner their checks' scores, per rule the class's shares right before and after and its gain,
as the teacher's page shows them and its CSV carries them. Every figure comes from the reports the
kernels made (``report["check"]``: per check finished, per rule, right or not)."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from ..lessons.format import Lesson
from ..lessons.prepost import KINDS, check_items, gain, normalised_gain, plan_of
from ..text.prepost import gain_words, takers
from ..text.rule_names import rule_name
from .store import Learner

NOT_TAKEN = "—"
CSV_COLUMNS = ("check_rules", "check_before", "check_after", "check_later", "check_gain")


@dataclass(frozen=True)
class RuleGain:
    """One rule's figures for the class: ``learners`` took both checks; ``before``, ``after`` are
    their shares right (0 to 1), ``later`` the share right some days later of those who took it too."""

    rule: str
    learners: int
    before: float
    after: float
    later: float | None

    @property
    def gain(self) -> float:
        return gain(self.before, self.after)

    @property
    def normalised(self) -> float | None:
        return normalised_gain(self.before, self.after)


def checks_of(learner: Learner) -> dict[str, dict[str, bool]]:
    """The learner's checks finished: per check, per rule, right or not."""
    found = learner.report.get("check", {})
    return found if isinstance(found, dict) else {}


def class_gains(lesson: Lesson, learners: list[Learner]) -> list[RuleGain]:
    """Per rule the checks measure, then for all of them at once (rule ``""``): the class's figures
    over the learners who took both the check before and the check after."""
    both = [checks_of(learner) for learner in learners
            if {"before", "after"} <= set(checks_of(learner))]
    rules = [item.rule for item in check_items(lesson)]
    rows = []
    for rule in [*rules, ""]:
        measured = rules if rule == "" else [rule]
        asked = len(both) * len(measured)
        if not asked:
            continue
        share = {kind: sum(c[kind].get(r, False) for c in both for r in measured) / asked
                 for kind in ("before", "after")}
        later = [c for c in both if "later" in c]
        later_share = (sum(c["later"].get(r, False) for c in later for r in measured) / (len(later) * len(measured))
                       if later else None)
        rows.append(RuleGain(rule, len(both), share["before"], share["after"], later_share))
    return rows


def _percent(share: float | None) -> str:
    return NOT_TAKEN if share is None else f"{100 * share:.0f}%"


def _signed(value: float | None, percent: bool = True) -> str:
    if value is None:
        return NOT_TAKEN
    return f"{100 * value:+.0f}%" if percent else f"{value:+.2f}"


def gains_html(lesson: Lesson, learners: list[Learner], lang: str) -> str:
    """The page's section on the checks (empty for a lesson without them)."""
    plan = plan_of(lesson)
    if plan is None:
        return ""
    words = gain_words(lang)
    rows = class_gains(lesson, learners)
    later = bool(plan.later_days)
    head = [words["rule"], words["before"], words["after"], words["gain"], words["normalised"]]
    head += [words["later"]] if later else []
    if rows:
        count = f'<p class="hc-takers">{escape(takers(rows[0].learners, lang))}</p>'
        body = []
        for row in rows:
            name = words["all"] if row.rule == "" else rule_name(row.rule, lang)
            cells = [_percent(row.before), _percent(row.after), _signed(row.gain), _signed(row.normalised, False)]
            cells += [_percent(row.later)] if later else []
            css = ' class="hc-all"' if row.rule == "" else f' data-rule="{escape(row.rule)}"'
            body.append(f'<tr{css}><th scope="row">{escape(name)}</th>'
                        + "".join(f'<td class="hc-num">{escape(cell)}</td>' for cell in cells) + "</tr>")
        table = (f'<table class="hc-gain-table"><caption>{escape(words["caption"])}</caption><thead><tr>'
                 + "".join(f'<th scope="col">{escape(cell)}</th>' for cell in head)
                 + f'</tr></thead><tbody>{"".join(body)}</tbody></table>')
    else:
        count, table = "", f'<p class="hc-no-gains">{escape(words["none"])}</p>'
    return (f'<section class="hc-gains" aria-labelledby="hc-gains-title"><h2 id="hc-gains-title">'
            f'{escape(words["title"])}</h2>{count}{table}</section>')


def _mark(right: bool | None) -> str:
    return NOT_TAKEN if right is None else "✓" if right else "✗"


def learner_checks_html(lesson: Lesson, learner: Learner, lang: str) -> str:
    """A learner's card's lines on their checks: right of how many in each, then per rule (folded)."""
    plan = plan_of(lesson)
    if plan is None:
        return ""
    words = gain_words(lang)
    checks = checks_of(learner)
    rules = [item.rule for item in check_items(lesson)]
    right = {kind: str(sum(checks[kind].values())) if kind in checks else NOT_TAKEN for kind in KINDS}
    summary = words["learner-later" if plan.later_days else "learner"].format(total=len(rules), **right)
    line = words["rule-line-later" if plan.later_days else "rule-line"]
    lines = "".join(
        "<li>" + escape(line.format(rule=rule_name(rule, lang),
                                    **{kind: _mark(checks.get(kind, {}).get(rule)) for kind in KINDS})) + "</li>"
        for rule in rules)
    return (f'<details class="hc-checks" data-key="{escape(learner.learner)}:check"><summary>{escape(summary)}'
            f'</summary><ul class="hc-rules">{lines}</ul></details>')


def csv_cells(lesson: Lesson, learner: Learner, step_key: str) -> dict[str, str | int]:
    """The CSV's check columns on ``learner``'s row of step ``step_key``: the rules measured by the check's
    questions and boards drawn from that step, those right in each check, and the gain (right after minus
    right before)."""
    homes = {item.rule: step.key for item in check_items(lesson) for step in lesson.steps
             if item.before in step.checks or item.before in step.positions}
    rules = [rule for rule, home in homes.items() if home == step_key]
    checks = checks_of(learner)
    cells: dict[str, str | int] = {"check_rules": " ".join(rules)}
    for kind in KINDS:
        cells[f"check_{kind}"] = " ".join(r for r in rules if checks.get(kind, {}).get(r)) if kind in checks else ""
    taken = rules and {"before", "after"} <= set(checks)
    cells["check_gain"] = (sum(checks["after"].get(r, False) for r in rules)
                           - sum(checks["before"].get(r, False) for r in rules)) if taken else ""
    return cells
