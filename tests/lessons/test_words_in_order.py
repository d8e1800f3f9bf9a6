"""Issue 35, item 2, words in order: every step of the built-in lesson is rendered in each language
as the page would show it (the step's sentences and questions with their hints and answers, the
path's and the rules' labels and tooltips, and every board with each of its cards played: the
verdict, the trick's account with its rule tags, the cards' reasons, the notice, the coach's word,
the seats) and no term of terms.json comes before the step that teaches it, no rule is named
before a step teaches it, and each term is in its own step's words."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import ipywidgets as widgets
import pytest

from hearts_widget.lessons.controls import PositionBoard, verdict_html
from hearts_widget.lessons.format import builtin_lesson
from hearts_widget.lessons.stepper import Lesson, untaught_at
from hearts_widget.text.rule_names import rule_name
from hearts_widget.text.translate import LANGUAGES
from hearts_widget.text.ui import ui_strings
from hearts_widget.widget import HeartsTable

from .terms import early_rule_names, early_terms, terms

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = "hearts_widget/text/glossary"
TAG = re.compile(r"<[^>]+>")
ATTRIBUTE = re.compile(r'(?:title|aria-label)="([^"]*)"')
CHIP = re.compile(r'<li class="hearts-lesson-rule[^"]*"[^>]*>[^<]*?\s(.+?)</li>')


def html_words(html: str) -> str:
    """What an HTML fragment shows and says: its text, tooltips and accessible names."""
    return unescape(TAG.sub(" ", html) + " " + " ".join(ATTRIBUTE.findall(html)))


def table_words(table: HeartsTable) -> tuple[list[str], list[str]]:
    """What a table shows (its texts, the coach's word as the page writes it) and its rule tags."""
    state, ui = table.state, ui_strings(table.lang)
    trick = state["trick"]
    words = [state["status"], trick["winner_text"], trick["holds_text"], *(e["text"] for e in trick["events"]),
             *(line["text"] for line in state["teaching"]), *(card.get("why", "") for card in table.hand),
             *(f'{seat["tricks_text"]} {seat["points_text"]}' for seat in table.seats),
             *state.get("table_notes", []), table.notice.get("text", ""),
             *(line["text"] for line in table._story.whole()["lines"])]  # the story, read aloud
    if state["feedback"]:
        words.append(f'{ui["coach"]}: {state["feedback"]}')
    rules = [trick["rule"], *(e["rule"] for e in trick["events"]), *(line["rule"] for line in state["teaching"]),
             table.notice.get("rule", "")]
    return [w for w in words if w], [r for r in rules if r]


def widget_words(widget: widgets.Widget, words: list[str], rules: list[str]) -> None:
    """Every word a widget tree shows (hidden parts too: a page turned shows them), and its tables' rule tags."""
    if isinstance(widget, HeartsTable):
        shown, tagged = table_words(widget)
        words += shown
        rules += tagged
        return
    if isinstance(widget, widgets.HTML):
        words.append(html_words(widget.value))
    if isinstance(widget, widgets.Button):
        words += [widget.description, widget.tooltip or ""]
    for child in getattr(widget, "children", ()):
        widget_words(child, words, rules)


def board_words(board: PositionBoard, lang: str, words: list[str], rules: list[str]) -> None:
    """Each card of a board played on a fresh copy of it: what the board and its table show then."""
    position, lesson = board.position, builtin_lesson()
    step = next(s for s in lesson.steps if position in s.positions)
    for code in dict.fromkeys(card.code for card in position.cards):
        played = PositionBoard(position, lang, untaught_at(lesson, step), pace=0)
        played.table.send_intent({"type": "play", "state": played.table.state["id"], "card": code})
        widget_words(played, words, rules)
        explanation = position.hand.explain(code)
        rules.append(explanation.rule)  # the verdict's "(Rule …)"
        words.append(html_words(verdict_html(explanation, lang)))
        played.close()


def step_words(lesson: Lesson, index: int) -> tuple[str, list[str], list[str]]:
    """Step ``index`` (0-based) as the page shows it: its words, its rule tags and the rules named in
    the header's list of rules mastered."""
    lesson.go(index)
    lang, step = lesson.lang, lesson.lesson.steps[index]
    path = lesson.path  # each chip's label as path.js chooses it
    labels = [path.done_labels[i] if path.done[i] else path.ahead_labels[i] if i > path.current else path.todo_labels[i]
              for i in range(len(path.todo_labels))]
    words = [path.summary, path.menu, *labels, html_words(lesson.mastery.value),
             *(text(lang) for text in step.texts())]
    rules: list[str] = []
    view = lesson.views[index]
    widget_words(view, words, rules)
    for part in view.parts.values():
        if isinstance(part, PositionBoard):
            board_words(part, lang, words, rules)
    named = [unescape(name) for name in CHIP.findall(lesson.mastery.value)]
    return "\n".join(words), rules, named


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_no_term_and_no_rule_is_named_before_the_step_that_teaches_it(lang: str,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """About 5 s a language. From the step that shows the coach on, the coach's word after a trick is
    not worked out (a search of up to a second a card): the coach is taught there, and what it says
    is tested with the coach (tests/bots)."""
    lesson = Lesson(lang=lang, remember=False, pace=0)
    file = lesson.lesson
    early: list[str] = []
    for index, step in enumerate(file.steps):
        number = index + 1
        if "coach" not in untaught_at(file, step):
            monkeypatch.setattr(HeartsTable, "_judge_soon", lambda self: None)
        words, rules, named = step_words(lesson, index)
        early += [f"step {number} ({step.key}): {found}" for found in early_terms(file, number, words, lang)]
        early += [f"step {number} ({step.key}): the rule {name!r} named before it is taught"
                  for name in early_rule_names(file, number, [rule_name(r, lang) for r in rules] + named, lang)]
    assert early == [], "\n".join(early)


def glossary_rows(lang: str) -> list[tuple[str, str]]:
    """The (English, translation) rows of the first table of ``lang``'s glossary (its terms)."""
    text = (ROOT / GLOSSARY / f"{lang}.md").read_text(encoding="utf-8").split("\n## ")[0]
    cells = [[cell.strip() for cell in line.strip().strip("|").split("|")] for line in text.splitlines()
             if line.startswith("| ") and not line.startswith("| English")]
    return [(row[0], row[1]) for row in cells]


def test_each_terms_words_are_its_glossary_words() -> None:
    """terms.json is made from the glossaries: each term's expression finds the word of its glossary
    row (the row whose English cell names it) in each language, and in English that cell itself."""
    wrong = []
    for term in terms():
        for lang, words in term.words.items():
            if lang == "en":
                cells = [term.glossary]
            else:
                cells = [translation for english, translation in glossary_rows(lang) if term.glossary in english]
            if not any(words.search(cell) for cell in cells):
                wrong.append(f"{term.term} ({lang}): {words.pattern!r} not in {cells}")
    assert all(set(term.words) == set(LANGUAGES) for term in terms())
    assert wrong == [], wrong


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_each_term_is_taught_in_the_words_of_its_own_step(lang: str) -> None:
    """Every term a learner meets is taught where it is first needed: the step terms.json names says it."""
    lesson = builtin_lesson()
    missing = []
    for term in terms():
        step = lesson.step(term.step)
        said = " ".join(text(lang) for text in (step.title, *step.body))
        if not term.words[lang].search(said):
            missing.append(f"{term.term}: not in the words of step {term.step}")
    assert missing == [], missing


def test_on_a_prepared_position_the_seats_count_the_tricks_done_before() -> None:
    """A lesson board starts with tricks done (all taken by the leader): the seats' boxes count them, so
    that "the 9th trick of 13" and the boxes agree; once the trick is played, the boxes count it too."""
    lesson = builtin_lesson()
    for step in lesson.steps:
        for position in step.positions:
            if position.rules.packs == 2:
                continue
            board = PositionBoard(position, "en", untaught_at(lesson, step), pace=0)
            counts = [int(re.search(r"\d+", seat["tricks_text"]).group(0)) for seat in board.table.seats]
            assert sum(counts) == position.tricks_done, (position.key, counts)
            if position.tricks_done:
                assert counts[position.hand.leader] == position.tricks_done, (position.key, counts)
            legal = next(c.code for c in position.cards if position.hand.explain(c.code).legal)
            board.table.send_intent({"type": "play", "state": board.table.state["id"], "card": legal})
            counts = [int(re.search(r"\d+", seat["tricks_text"]).group(0)) for seat in board.table.seats]
            assert sum(counts) == position.tricks_done + 1, (position.key, counts)
            board.close()
