"""The coverage table: for each rule id of RULES.md, where it is taught and tested.

    python tests/lessons/rule_coverage.py          # print the table (Markdown)
    python tests/lessons/rule_coverage.py --write  # and write it at the end of docs/learners.md

Five columns, each found from the code and the lesson, never written by hand:
- engine test: a test under tests/engine named by the rule (``test_play_follow_suit_...``:
  its id with ``_`` for ``.`` and ``-``; for a variant, not one named by one of its own rules);
- explanation: the engine cites the rule in what it explains (its id in hearts_widget/engine),
  or a variant's rules card states it under its id;
- lesson: a board of the built-in lesson where the learner's own card is judged by the rule
  ("board": the engine's verdict on the card cites it, or what a playable card makes happen as it
  ends the trick does, such as twins cancelled or the kitty taken), else a question that asks about
  it ("question", for the rules no card is judged by: the deal, passing, scoring);
- four languages: the rule's name, and every sentence of the lesson's boards and questions about
  it, translated in each language;
- browser test: the Voilà lesson walk (tests/lessons/test_voila_lesson.py) plays each board
  with its first refused card and its first playable one, and answers every question: the rule
  of one of those cards (or of what the playable one makes happen), or of a question answered.
tests/lessons/test_rule_coverage.py checks that docs/learners.md holds the table as made now.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from hearts_widget.engine import Rules  # noqa: E402
from hearts_widget.lessons.format import Lesson  # noqa: E402
from hearts_widget.lessons.mastery import check_rules  # noqa: E402
from hearts_widget.lessons.path import LESSON  # noqa: E402
from hearts_widget.lessons.positions import Position  # noqa: E402
from hearts_widget.text.rule_names import rule_name  # noqa: E402
from hearts_widget.text.rules_card import rules_card  # noqa: E402
from hearts_widget.text.translate import DEFAULT_LANGUAGE, LANGUAGES  # noqa: E402
from hearts_widget.widget.state import RULE_IDS  # noqa: E402

DOC = ROOT / "docs" / "learners.md"
HEADING = "## Rule coverage"
# The variants' own lines on the rules card, beside the rules of RULES.md the table may cite.
ALL_RULES = (*RULE_IDS[:17], "variant.omnibus", "variant.black-maria", "variant.cancellation", *RULE_IDS[17:])
# The rules cards (one per variant) that state the rules in force, each line under its rule id.
CARD_RULES = (Rules(), Rules(variant="omnibus"), Rules(players=3, variant="black-maria"),
              Rules(players=6, variant="cancellation"))
COLUMNS = ("engine test", "explanation", "lesson", "four languages", "browser test")


def engine_test_names() -> set[str]:
    names = set()
    for path in (ROOT / "tests" / "engine").glob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names |= {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)
                  and node.name.startswith("test_")}
    return names


def engine_source() -> str:
    return "".join(path.read_text(encoding="utf-8") for path in (ROOT / "hearts_widget" / "engine").glob("*.py"))


def slug(rule: str) -> str:
    return rule.replace(".", "_").replace("-", "_")


def judged_by(position: Position, rule: str) -> bool:
    """Whether the board judges the learner's cards by ``rule`` (a variant's id: played in that variant)."""
    return position.rules.variant == rule.removeprefix("variant.") or rule in position.judged_by


def lesson_cell(lesson: Lesson, rule: str) -> str:
    if any(judged_by(p, rule) for p in lesson.positions().values()):
        return "board"
    if any(rule in check_rules(step, check) for step in lesson.steps for check in step.checks):
        return "question"
    return ""


def played_rules(lesson: Lesson) -> set[str]:
    """The rules of the cards the walk plays on each board, and of every question it answers."""
    rules = set()
    for position in lesson.positions().values():
        refused = [code for code, (legal, _rule) in position.expect.items() if not legal]
        playable = [card.code for card in position.cards if position.expect[card.code][0]]
        for code in refused[:1] + playable[:1]:
            rules.add(position.expect[code][1])
        for code in playable[:1]:
            rules |= {event.rule for event in position.attempt(code).events}
        rules.add(f"variant.{position.rules.variant}")
    for step in lesson.steps:
        for check in step.checks:
            rules |= set(check_rules(step, check))
    return rules


def translated(lesson: Lesson, rule: str) -> bool:
    """The rule's name and the lesson's sentences about it differ from English in every other language
    (a variant's name is kept as it is, so only its lesson sentences are compared)."""
    texts = [p.prompt for p in lesson.positions().values() if p.prompt is not None and judged_by(p, rule)]
    for step in lesson.steps:
        for check in step.checks:
            if rule in check_rules(step, check):
                texts += [check.question, check.why]
    names_kept = rule in ("variant.omnibus", "variant.black-maria", "variant.cancellation")
    for lang in LANGUAGES:
        if lang == DEFAULT_LANGUAGE:
            continue
        if not names_kept and rule_name(rule, lang) == rule_name(rule, DEFAULT_LANGUAGE):
            return False
        if any(text(lang) == text(DEFAULT_LANGUAGE) for text in texts):
            return False
    return bool(texts) or not names_kept


def coverage(lesson: Lesson = LESSON) -> list[dict[str, str]]:
    tests, source, played = engine_test_names(), engine_source(), played_rules(lesson)
    stated = {rule for rules in CARD_RULES for rule, _sentence in rules_card(rules)}
    rows = []
    for rule in ALL_RULES:
        longer = [slug(other) for other in ALL_RULES if other.startswith(rule + ".")]  # a variant's own rules
        named = sorted(name for name in tests if f"{name}_".startswith(f"test_{slug(rule)}_")
                       and not any(name.startswith(f"test_{other}_") for other in longer))
        rows.append({
            "rule": rule,
            "engine test": f"`{named[0]}`" if named else "",
            "explanation": "yes" if f'"{rule}"' in source or rule in stated else "",
            "lesson": lesson_cell(lesson, rule),
            "four languages": "yes" if translated(lesson, rule) else "",
            "browser test": "yes" if rule in played else "",
        })
    return rows


def table(rows: list[dict[str, str]]) -> str:
    full = sum(all(row[c] for c in COLUMNS) for row in rows)
    lines = [HEADING, "",
             "Made by `python tests/lessons/rule_coverage.py --write` (see its docstring for what each column "
             f"checks); `tests/lessons/test_rule_coverage.py` keeps it current. Rule ids covered in all five "
             f"columns: {full} of {len(rows)}.", "",
             "| rule id | " + " | ".join(COLUMNS) + " |", "|---" * (len(COLUMNS) + 1) + "|"]
    lines += [f"| `{row['rule']}` | " + " | ".join(row[c] or "—" for c in COLUMNS) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def with_table(doc: str, made: str) -> str:
    """``doc`` with its coverage section (from its heading to the end) replaced by ``made``."""
    head = doc.split(HEADING)[0].rstrip("\n")
    return head + "\n\n" + made


if __name__ == "__main__":
    made = table(coverage())
    print(made)
    if "--write" in sys.argv:
        DOC.write_text(with_table(DOC.read_text(encoding="utf-8"), made), encoding="utf-8")
