"""The coverage table: for each rule id of RULES.md, where it is taught and tested, read strictly.

    python tests/lessons/rule_coverage.py          # print the table (Markdown)
    python tests/lessons/rule_coverage.py --write  # and write it at the end of docs/learners.md

Five columns, each found from the code and the lesson, never written by hand:
- engine test: a test under tests/engine named by the rule (``test_play_follow_suit_...``:
  its id with ``_`` for ``.`` and ``-``; for a variant, not one named by one of its own rules);
- explanation: the engine cites the rule in what it explains (its id in hearts_widget/engine),
  or a rules card states it under its id;
- lesson: "board" when a board of the built-in lesson judges the learner's own card by the rule:
  the board's legal cards make the rule decide (:func:`rule_card`: the rule refuses a card the
  learner holds while another is right; or it is the rule that allows the right card where
  another rule allows the rest; or the legal cards differ in what the rule makes happen as the
  trick ends: who wins it, takes the bonus card, the kitty or a cancelled trick's cards, twins
  cancelled, hearts broken); a variant's own row counts a board of its variant that counts for one
  of its rules. Else "question" when a question asks exactly that rule (its own ``rules``, or
  its step's when the step teaches that rule alone), never every rule of its step;
- four languages: the rule's name, and every sentence of those boards and questions, in each
  language say the rule's key words as the glossary (hearts_widget/text/glossary) words them
  (:data:`KEY_WORDS`), not only differ from English;
- browser test: the Voilà lesson walk (tests/lessons/walk.py) plays on each board its first
  refused card and a legal one, the card of the step's rule when it is legal (:func:`walk_cards`),
  and answers every question: a board's
  rule counts only when one of those is the card the rule is about (:func:`rule_card`), a
  question's when the walk answers it.
tests/lessons/test_rule_coverage.py checks the table (32 rules) and that docs/learners.md holds it.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from hearts_widget.engine import Rules  # noqa: E402
from hearts_widget.lessons.format import Check, Lesson, Step  # noqa: E402
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


# Rules decided by what a legal card makes happen as the trick ends, beside its verdict.
OUTCOME_KINDS = frozenset({"trick-won", "bonus", "kitty-taken", "carried-taken", "cancelled", "hearts-broken"})


# The verdicts that say only "any card may be played here" (a free lead, a discard): they allow, never decide.
ANY_CARD = frozenset({"play.trick-winner", "play.discard"})


def _outcome(position: Position, code: str, rule: str) -> tuple[tuple[str, int | None], ...]:
    return tuple((e.kind, e.seat) for e in position.attempt(code).events if e.rule == rule and e.kind in OUTCOME_KINDS)


def rule_card(position: Position, rule: str) -> str | None:
    """The card of the board that ``rule`` is about, when the board's legal cards make the rule
    decide (None when they do not): a card the rule refuses while another card is legal; else a
    legal card the rule allows as an exception where the other legal cards are allowed by another
    rule (the Black Maria led before hearts are broken); else the
    legal card whose outcome under the rule differs from another legal card's, the one that
    brings it to the learner first."""
    legal = list(dict.fromkeys(c.code for c in position.cards if position.expect[c.code][0]))
    if not legal:
        return None
    refused = [c.code for c in position.cards if position.expect[c.code] == (False, rule)]
    if refused:
        return refused[0]
    allowed_by = {code: position.expect[code][1] for code in legal}
    if len(set(allowed_by.values())) > 1 and rule in allowed_by.values() and rule not in ANY_CARD:
        return next(code for code in legal if allowed_by[code] == rule)
    outcomes = {code: _outcome(position, code, rule) for code in legal}
    if len(set(outcomes.values())) < 2:
        return None
    to_learner = [code for code in legal if any(seat == position.seat for _kind, seat in outcomes[code])]
    return (to_learner or [code for code in legal if outcomes[code]])[0]


def board_rules(position: Position) -> list[str]:
    """The rules the board judges the learner's card by, strictly (:func:`rule_card`)."""
    candidates = {rule for _legal, rule in position.expect.values()}
    candidates |= {e.rule for c in position.cards if position.expect[c.code][0] for e in position.attempt(c).events}
    return sorted(rule for rule in candidates if rule_card(position, rule) is not None)


def counts_board(position: Position, rule: str) -> bool:
    """Whether the board counts for ``rule``; a variant's row: one of its own rules, played in it."""
    if rule.count(".") == 1 and rule.startswith("variant."):
        return position.rules.variant == rule.removeprefix("variant.") and any(
            r.startswith(rule + ".") for r in board_rules(position))
    return rule_card(position, rule) is not None


def asked(step: Step, check: Check) -> tuple[str, ...]:
    """The rules a question asks exactly: its own, else its step's when the step teaches one rule."""
    return check.rules or (step.rules if len(step.rules) == 1 else ())


def lesson_cell(lesson: Lesson, rule: str) -> str:
    if any(counts_board(p, rule) for p in lesson.positions().values()):
        return "board"
    if any(rule in asked(step, check) for step in lesson.steps for check in step.checks):
        return "question"
    return ""


def walk_cards(position: Position, rules: tuple[str, ...] = ()) -> tuple[str | None, str]:
    """The cards the browser walk (tests/lessons/walk.py, ``play_position``) plays on a board of a
    step teaching ``rules``: its first refused card (None if every card is legal), then
    :func:`legal_card_played`."""
    first_refused = next((code for code, (ok, _rule) in position.expect.items() if not ok), None)
    return first_refused, legal_card_played(position, rules)


def legal_card_played(position: Position, rules: tuple[str, ...] = ()) -> str:
    """The legal card the walk plays on a board of a step teaching ``rules``: the card the first of
    them that the board makes decide is about, when that card is legal (the Q♦ that takes Omnibus'
    J♦, the 3♥ that breaks hearts), else the first legal card of the hand."""
    for rule in rules:
        card = rule_card(position, rule)
        if card is not None and position.expect[card][0]:
            return card
    return next(c.code for c in position.cards if position.expect[c.code][0])


def played_rules(lesson: Lesson) -> set[str]:
    """The rules whose card the walk plays on a board counting for them, and those of every question."""
    rules = set()
    for step in lesson.steps:
        for position in step.positions:
            played = set(walk_cards(position, step.rules))
            rules |= {rule for rule in board_rules(position) if rule_card(position, rule) in played}
            variant = f"variant.{position.rules.variant}"
            if any(rule.startswith(variant + ".") for rule in rules & set(board_rules(position))):
                rules.add(variant)
        for check in step.checks:
            rules |= set(asked(step, check))
    return rules


# The glossary's words for the key terms of a rule's sentences: English term (a regular expression)
# -> what every translation of a sentence saying it must hold (hearts_widget/text/glossary/<lang>.md).
KEY_WORDS: dict[str, dict[str, str]] = {
    "tl": {r"\btricks?\b": r"\btrick", r"\bmoon\b": r"buwan", r"\bdiscard": r"t(in)?apon", r"\bhearts?\b": r"puso",
           r"\bscore sheet\b": r"talaan ng puntos", r"\btarget\b": r"hangganan", r"\bkitty\b": r"nakatabi|sa tabi",
           r"\bbonus card\b": r"gantimpalang baraha", r"\bcancel": r"kansela", r"\bpass(es|ed)?\b": r"pasa",
           r"\bsuits?\b": r"\bsuit", r"\bpoints?\b": r"puntos", r"\bBlack Maria\b": r"Black Maria",
           r"\bbroken\b": r"labag"},
    "ceb": {r"\btricks?\b": r"lansis", r"\bmoon\b": r"bulan", r"\bdiscard": r"labay", r"\bhearts?\b": r"kasingkasing",
            r"\bscore sheet\b": r"listahan sa iskor", r"\btarget\b": r"gikasabotang iskor|magkasabot\b.* iskor",
            r"\bkitty\b": r"gitabi", r"\bbonus card\b": r"premyong kard", r"\bcancel": r"kansela",
            r"\bpass(es|ed)?\b": r"pasa", r"\bsuits?\b": r"bisti", r"\bpoints?\b": r"puntos",
            r"\bBlack Maria\b": r"Black Maria", r"\bbroken\b": r"lapas"},
    "sw": {r"\btricks?\b": r"\bhila", r"\bmoon\b": r"mwezi", r"\bdiscard": r"tup", r"\bhearts\b": r"mioyo",
           r"\bscore sheet\b": r"karatasi ya alama", r"\btarget\b": r"alama iliyokubaliwa|wakubaliane alama",
           r"\bkitty\b": r"akiba", r"\bbonus card\b": r"kadi ya zawadi", r"\bcancel": r"fut",
           r"\bpass(es|ed)?\b": r"pitish", r"\bsuits?\b": r"suti", r"\bpoints?\b": r"pointi",
           r"\bBlack Maria\b": r"Black Maria", r"\bbroken\b": r"vunj"},
}


# The variants' names as each glossary gives them (Tagalog and Cebuano keep them as names).
VARIANT_NAMES: dict[str, dict[str, str]] = {
    "tl": {"Omnibus Hearts": "Omnibus Hearts", "Cancellation Hearts": "Cancellation Hearts"},
    "ceb": {"Omnibus Hearts": "Omnibus Hearts", "Cancellation Hearts": "Cancellation Hearts"},
    "sw": {"Omnibus Hearts": "Mioyo ya Omnibus", "Cancellation Hearts": "Mioyo ya Kufutana"},
}


def key_words_missing(english: str, translation: str, lang: str) -> list[str]:
    """The key terms of ``english`` whose glossary word ``translation`` lacks (a variant's name
    is one term, its glossary name)."""
    english = re.sub(r"\{[^}]*\}", " ", english)
    missing = [name for name, word in VARIANT_NAMES[lang].items() if name in english and word not in translation]
    for name in VARIANT_NAMES[lang]:
        english = english.replace(name, " ")
    return missing + [term for term, word in KEY_WORDS[lang].items()
                      if re.search(term, english, re.IGNORECASE) and not re.search(word, translation, re.IGNORECASE)]


def translated(lesson: Lesson, rule: str) -> bool:
    """The rule's name and the sentences of the boards and questions that count for it, in every
    other language, hold the glossary's word for each key term of their English."""
    texts = [p.prompt for p in lesson.positions().values() if p.prompt is not None and counts_board(p, rule)]
    for step in lesson.steps:
        for check in step.checks:
            if rule in asked(step, check):
                texts += [check.question, check.why]
    if not texts:
        return False
    names_kept = rule in ("variant.omnibus", "variant.black-maria", "variant.cancellation")
    for lang in LANGUAGES:
        if lang == DEFAULT_LANGUAGE:
            continue
        if not names_kept and (rule_name(rule, lang) == rule_name(rule, DEFAULT_LANGUAGE)
                               or key_words_missing(rule_name(rule, DEFAULT_LANGUAGE), rule_name(rule, lang), lang)):
            return False
        if any(text(lang) == text(DEFAULT_LANGUAGE) or key_words_missing(text(DEFAULT_LANGUAGE), text(lang), lang)
               for text in texts):
            return False
    return True


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
