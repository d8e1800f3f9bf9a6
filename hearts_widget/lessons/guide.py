"""The parts of the teacher's guide made from the lesson itself: the tables of a
lesson file's fields (from the loader's schema in :mod:`.format`) and the
answer key (from the lesson file), so the guide cannot drift from either.

    python -m hearts_widget.lessons.guide                    # the built-in lesson's answer key
    python -m hearts_widget.lessons.guide my-lesson.json     # the answer key of your own lesson
    python -m hearts_widget.lessons.guide --write docs/teachers.md

``--write`` replaces what lies between each pair of markers in the guide
(``<!-- begin generated: NAME -->`` and ``<!-- end generated: NAME -->``, for
``fields`` and ``answer-key``) and leaves the rest of the page as written.
A field the loader accepts but :data:`FIELD_HELP` does not describe stops the
script naming it: describe it there, then run the script again.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterable
from pathlib import Path

from ..engine import Card
from ..text.messages import event_text
from ..text.rule_names import rule_name
from ..text.ui import seat_names
from . import format as schema
from .format import Check, Lesson, Step, builtin_lesson, load_lesson
from .positions import TRICK_OUTCOME, Position

# What each field means, for each kind of object the loader reads (its schema's
# field sets say which exist and which are required).
FIELD_HELP: dict[str, dict[str, str]] = {
    "lesson": {
        "format": f'`"{schema.FORMAT}"`',
        "id": "the lesson's name (letters, digits, `-`); the browser keeps progress per id, so change it "
              "when a new version should start everyone afresh",
        "title": "a text (by default the built-in lesson's title)",
        "steps": "the steps, in order (at least one)",
    },
    "step": {
        "key": "the step's name, unique in the lesson",
        "title": "a text",
        "body": "a list of texts, one per paragraph",
        "rules": "the rule ids it teaches (those of [RULES.md](../RULES.md), e.g. `play.follow-suit`); "
                 "shown by name on the rules card",
        "positions": "positions to play (below)",
        "demo": "one of {demos}",
        "checks": "questions (below)",
        "quiz": "`true` to score the step's questions (right at the first try); needs questions",
        "card": "your own sentences for the rules card: a `rules-card` step prints every rule of the game "
                "as the engine states it for the number of players chosen, then, for every step that has "
                "them, its rule names and these sentences",
        "review": "`true`: the step first brings back the boards and questions of rules the learner got wrong "
                  "before it and has not mastered (a `quiz` step does too)",
    },
    "position": {
        "key": "unique in the lesson",
        "held": "the learner's cards in card notation: rank `2`-`10`, `J`, `Q`, `K`, `A` and suit "
                '`C` `D` `S` `H`, e.g. `"2C 10H QS"`',
        "trick": "the cards already on the table, in the order played",
        "tricks_done": "tricks already taken, all by the leader (hearts stay unbroken unless `out` says "
                       "otherwise); not with `before` or two packs",
        "out": 'cards that must be among the taken tricks (say `"QS"` to have the Black Maria gone)',
        "before": 'instead of `tricks_done`, the tricks played before, each a text of its cards in the order '
                  'played (`["AC 3C 5C 8C 2C", "8D 8D QS 10D 10D"]`): the hand is dealt and they are replayed, '
                  "each led by the winner of the one before (in Cancellation Hearts, by the same player when "
                  "nobody won it); needed for a Cancellation Hearts board after its first trick",
        "kitty": "Cancellation Hearts: the cards left over from the deal, face down until the winner of the "
                 "first trick takes them (by default the lowest cards left)",
        "leader": "the seat that led the trick (by default the one that makes it the learner's turn); "
                  "`0` with an empty trick: the learner leads",
        "players": "3 to 7 (default 4); 5 to 10 in Cancellation Hearts",
        "variant": "`standard` (default), `omnibus`, `black-maria` or `cancellation` (two packs: a card may be "
                   "named twice)",
        "prompt": "the question above the board",
        "coach": "`true`: after the learner's card, say what the coach would play and why",
        "expect": "what the engine must say about the learner's cards, a list of verdicts (below). "
                  "When given, it must cover **every card held**, and each entry needs its `rule`; "
                  "checked when the file is read, so a position that stops teaching its rule is refused",
    },
    "verdict": {
        "cards": 'one or more of the held cards, e.g. `"4C JC"`',
        "legal": "`true` or `false`: whether the engine lets the learner play them",
        "rule": "the rule id the engine gives as the reason (`hand.explain(card).rule`), "
                "e.g. `play.follow-suit`",
    },
    "question": {
        "key": "unique in the lesson",
        "question": "a text",
        "choices": "the choices, at least two (below)",
        "answers": "the ids of the accepted answers (at least one, not all)",
        "hint": "a text shown after the first wrong answer",
        "why": "a text shown with the answer",
        "rules": "the rule ids the question asks about (by default its step's `rules`): what its answer counts "
                 "for in the learner's mastery",
    },
    "choice": {
        "id": "the choice's name, unique in the question",
        "text": "a text",
        "feedback": "a text said when this (wrong) choice is picked; not allowed on an answer",
    },
}
SCHEMA: dict[str, tuple[str, set[str], set[str]]] = {  # kind: (heading, fields, required)
    "lesson": ("**The lesson** (the whole file):", schema.LESSON_FIELDS, schema.LESSON_REQUIRED),
    "step": ("**A step:**", schema.STEP_FIELDS, schema.STEP_REQUIRED),
    "position": ("**A position** (the learner sits South, seat 0; the rest of the pack is dealt to the other "
                 "seats automatically):", schema.POSITION_FIELDS, schema.POSITION_REQUIRED),
    "verdict": ('**An expected verdict** (an entry of `expect`: `{"cards": "4C JC", "legal": true, '
                '"rule": "play.follow-suit"}`):', schema.EXPECT_FIELDS, schema.EXPECT_FIELDS),
    "question": ("**A question** (an entry of `checks`):", schema.CHECK_FIELDS, schema.CHECK_REQUIRED),
    "choice": ("**A choice** (an entry of `choices`):", schema.CHOICE_FIELDS, schema.CHOICE_REQUIRED),
}
MARKER = re.compile(r"(<!-- begin generated: (?P<name>[a-z-]+) -->\n).*?(<!-- end generated: (?P=name) -->)",
                    re.DOTALL)


class UndescribedField(ValueError):
    """A field of the loader's schema that FIELD_HELP does not describe (or one it describes that is gone)."""


def field_tables() -> str:
    """The tables of every kind of object in a lesson file, in the loader's schema."""
    parts = []
    for kind, (heading, fields, required) in SCHEMA.items():
        help_for = FIELD_HELP[kind]
        if set(help_for) != fields:
            raise UndescribedField(
                f"the lesson file's {kind} fields are {', '.join(sorted(fields))}; FIELD_HELP[{kind!r}] in "
                f"{__name__} describes {', '.join(sorted(help_for))}: describe each field there, then run again")
        ordered = [name for name in help_for if name in required] + [n for n in help_for if n not in required]
        rows = [f"| `{name}` | {'yes' if name in required else 'no'} | "
                f"{help_for[name].format(demos=', '.join(f'`{d}`' for d in schema.DEMOS))} |" for name in ordered]
        parts.append("\n".join([heading, "", "| field | required | meaning |", "|---|---|---|", *rows]))
    return "\n\n".join(parts)


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(card.code for card in cards)


def position_line(position: Position) -> str:
    hand = position.hand
    legal = hand.legal_moves()
    held = position.cards
    illegal = [c for c in held if c not in legal]
    rules = sorted({hand.explain(c).rule for c in held})
    line = f"- Position `{position.key}`"
    if position.prompt is not None:
        line += f": {position.prompt('en')}"
    line += f" Legal: {cards_text(legal)}."
    if illegal:
        line += f" Refused: {cards_text(illegal)}."
    line += " The rule: " + ", ".join(f"`{rule}`" for rule in rules) + "."
    line += "".join(f" After {card.code}: {text}" for card, text in cancellation_outcomes(position))
    if position.coach:
        line += " The coach then explains its choice."
    return line


def cancellation_outcomes(position: Position) -> list[tuple[Card, str]]:
    """What each playable card makes happen as it ends the trick, when twins cancel or the kitty or a
    cancelled trick's cards are taken after some of them (a Cancellation Hearts board): the engine's words."""
    names = seat_names(position.rules.players, position.seat, "en")
    told = [(card, [e for e in position.attempt(card).events if e.kind in TRICK_OUTCOME])
            for card in position.hand.legal_moves()]
    if not any(e.rule.startswith("variant.cancellation.") for _card, events in told for e in events):
        return []
    return [(card, " ".join(event_text(e, "en", names) for e in events)) for card, events in told if events]


def check_line(check: Check) -> str:
    accepted = [c for c in check.choices if c.id in check.answers]
    line = (f"- Question `{check.key}`: {check.question('en')} "
            f"**Answer: {accepted[0].text('en')}.**")
    if len(accepted) > 1:
        line += " Also right: " + "; ".join(c.text("en") for c in accepted[1:]) + "."
    return f"{line} {check.why('en')}"


def step_section(number: int, step: Step) -> str:
    lines = [f"### {number}. {step.title('en')} (`{step.key}`)", ""]
    facts = []
    if step.rules:
        facts.append("Teaches: " + ", ".join(f"{rule_name(r)} (`{r}`)" for r in step.rules) + ".")
    has = []
    if step.positions:
        has.append(f"{len(step.positions)} position{'s' if len(step.positions) > 1 else ''}")
    if step.demo:
        has.append(f"demo `{step.demo}`")
    if step.quiz:
        has.append("scored quiz")
    if has:
        facts.append("Has: " + ", ".join(has) + ".")
    if facts:
        lines += [" ".join(facts), ""]
    lines += [" ".join(text("en") for text in step.body), ""]
    lines += [position_line(p) for p in step.positions] + [check_line(c) for c in step.checks]
    return "\n".join(lines).rstrip()


def answer_key(lesson: Lesson) -> str:
    """What each step teaches, in English: its words, each position's legal and refused cards with the
    rule that decides, each question's answer and why."""
    return "\n\n".join(step_section(number, step) for number, step in enumerate(lesson.steps, start=1))


def generated(lesson: Lesson) -> dict[str, str]:
    return {"fields": field_tables(), "answer-key": answer_key(lesson)}


def fill(page: str, parts: dict[str, str]) -> str:
    """``page`` with what lies between each pair of markers replaced by its part."""
    found = {m["name"] for m in MARKER.finditer(page)}
    missing = sorted(set(parts) - found)
    if missing:
        raise ValueError(f"the page has no markers for {', '.join(missing)}: add "
                         + " and ".join(f"<!-- begin generated: {n} --> ... <!-- end generated: {n} -->"
                                        for n in missing))
    return MARKER.sub(lambda m: m.group(1) + parts[m["name"]] + "\n" + m.group(3) if m["name"] in parts else m.group(0),
                      page)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hearts_widget.lessons.guide",
                                     description="The answer key of a lesson, or the teacher's guide rewritten.")
    parser.add_argument("lesson", nargs="?", help="a lesson file (default: the built-in lesson)")
    parser.add_argument("--write", metavar="GUIDE.md",
                        help="rewrite the generated parts of this page (the field tables and the answer key)")
    args = parser.parse_args(argv)
    lesson = load_lesson(args.lesson) if args.lesson else builtin_lesson()
    if args.write is None:
        sys.stdout.write(answer_key(lesson) + "\n")
        return 0
    path = Path(args.write)
    page = path.read_text(encoding="utf-8")
    new = fill(page, generated(lesson))
    if new != page:
        path.write_text(new, encoding="utf-8")
    sys.stdout.write(f"{path}: {'rewritten' if new != page else 'already up to date'}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
