"""The lesson's terms and the step that teaches each (``terms.json``), and what a step may show:
no term before its step, no rule's name before a step teaches that rule (issue 35, item 2).
Used by the step-by-step text check (test_words_in_order.py) and the browser's language walk."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from hearts_widget.lessons.format import Lesson
from hearts_widget.text.rule_names import rule_name
from hearts_widget.widget.state import RULE_IDS as ALL_RULES  # every rule id a table may tag

TERMS_FILE = Path(__file__).with_name("terms.json")


@dataclass(frozen=True)
class Term:
    """A term, the key of the step that teaches it, its glossary row and its words by language."""

    term: str
    step: str
    glossary: str
    words: dict[str, re.Pattern[str]]


@cache
def terms() -> tuple[Term, ...]:
    data = json.loads(TERMS_FILE.read_text(encoding="utf-8"))
    return tuple(Term(t["term"], t["step"], t["glossary"],
                      {lang: re.compile(pattern, re.IGNORECASE) for lang, pattern in t["words"].items()})
                 for t in data["terms"])


def early_terms(lesson: Lesson, number: int, text: str, lang: str) -> list[str]:
    """The terms ``text`` (shown at step ``number``, 1-based) uses before the step that teaches them,
    each with the words found."""
    keys = [step.key for step in lesson.steps]
    found = []
    for term in terms():
        if number < keys.index(term.step) + 1:
            hits = sorted({m.group(0) for m in term.words[lang].finditer(text)})
            if hits:
                found.append(f"{term.term!r} (taught at step {keys.index(term.step) + 1}, {term.step}): {hits}")
    return found


def taught_rules(lesson: Lesson, number: int) -> set[str]:
    """The rules the steps up to ``number`` (1-based) teach, and those no step teaches (never held back)."""
    every = {rule for step in lesson.steps for rule in step.rules}
    return {rule for step in lesson.steps[:number] for rule in step.rules} | (set(ALL_RULES) - every)


def early_rule_names(lesson: Lesson, number: int, names: list[str], lang: str) -> list[str]:
    """The rule names among ``names`` (shown as rule tags at step ``number``) of rules not taught yet."""
    allowed = {rule_name(rule, lang) for rule in taught_rules(lesson, number)}
    return sorted({name for name in names if name not in allowed})
