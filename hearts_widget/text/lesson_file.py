"""What a lesson page shows in the lesson's place when its file cannot be used
(:class:`hearts_widget.lessons.problem.LessonProblem`): what happened, where in the
file (the file, the step, the field, or the line and column of a JSON fault) and who
can mend it, and the lesson checker's own account of the fault, all in the learner's
language (:func:`lesson_file_problem`; the loader's error says it in English); the field
names, the values given and the words of JSON, the system or the engine stay as they are."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..engine.explain import Explanation
from .translate import translator


def lesson_file_words(lang: str | None = None) -> dict[str, str]:
    """The sentences of the page; those with ``{placeholders}`` are filled in by it."""
    t = translator(lang)
    return {
        "title": t.gettext("This lesson cannot start: its lesson file has a mistake."),
        "file": t.gettext("File: {file}"),
        "step": t.gettext("Step {number} of the file ({key})"),
        "step-unnamed": t.gettext("Step {number} of the file"),
        "field": t.gettext("The field that is wrong: {field}"),
        "line": t.gettext("Line {line}, column {column}: this is not valid JSON there."),
        "unread": t.gettext("The file could not be read."),
        "detail": t.gettext("What the lesson checker says:"),
        "mend": t.gettext("Please tell your teacher. A teacher can correct the file and then load this page again."),
    }


# The values said as they are, in the words of JSON, the system or the engine (English):
# the page marks them so (``lang="en"``).
AS_GIVEN = ("reason", "error")


def lesson_file_problems(lang: str | None = None) -> dict[str, str]:
    """What the lesson checker says of each kind of fault it finds (:class:`hearts_widget.lessons
    .format.LessonFileError`'s ``kind``), a clause each with ``{placeholders}``: the field names,
    the values given and the words of JSON, the system or the engine go in exactly as they are."""
    t = translator(lang)
    return {
        "unreadable": t.gettext("cannot read the lesson file ({reason})"),
        "json": t.gettext("not valid JSON at line {line}, column {column}: {reason}"),
        "format": t.gettext("must be {expected}, not {given}"),
        "no-steps": t.gettext("must be a list of at least one step"),
        "twice-step": t.gettext("the step key {given} is used twice; each must be unique in the lesson"),
        "twice-position": t.gettext("the position key {given} is used twice; each must be unique in the lesson"),
        "twice-check": t.gettext("the check key {given} is used twice; each must be unique in the lesson"),
        "twice-choice": t.gettext("the choice `id` {given} is used twice; each must be unique in the question"),
        "demo": t.gettext("{given} is not a demonstration; choose one of {choices} or `null`"),
        "quiz-no-checks": t.gettext("a quiz step needs check questions"),
        "players": t.gettext("must be a number of players from 3 to 7 (5 to 10 in Cancellation Hearts), "
                             "not {given}"),
        "rules": t.gettext("the engine refuses these rules: {error}"),
        "tricks-number": t.gettext("must be a whole number of tricks, 0 or more, not {given}"),
        "use-before": t.gettext("give the tricks played before the position as `before` instead"),
        "use-before-two-packs": t.gettext("give the tricks played before the position as `before` instead "
                                          "(a hand with two packs is set up by replaying it)"),
        "kitty": t.gettext("only Cancellation Hearts (two packs) has a kitty"),
        "tricks-count": t.gettext("{done} tricks done leave {left} cards in each hand, but `held` has {held}: "
                                  "with {held} cards held, `tricks_done` is {right}"),
        "leader": t.gettext("must be a seat from 0 to {last} or `null`, not {given}"),
        "position": t.gettext("the engine cannot set up this position: {error}"),
        "expect-missing": t.gettext("says nothing about {card}, which the learner holds"),
        "expect-wrong": t.gettext("expects {card} with `\"legal\"`: {expected} under {rule}, but the engine says "
                                  "`\"legal\"`: {said} under {said_rule}: {why}"),
        "expect-strays": t.gettext("names {cards}, not in the learner's hand"),
        "few-choices": t.gettext("a question needs at least two choices"),
        "answer-not-choice": t.gettext("{given} is not one of the choices ({choices})"),
        "answers-all-or-none": t.gettext("name at least one choice as right and leave at least one wrong"),
        "feedback-on-answer": t.gettext("{given} is an answer: `feedback` is for wrong choices"),
        "not-object": t.gettext("must be an object `{{...}}`, not {shape}"),
        "unknown-field": t.gettext("unknown field; the fields are {fields}"),
        "missing": t.gettext("missing: this field is required"),
        "not-list": t.gettext("must be a list `[...]`, not {shape}"),
        "not-flag": t.gettext("must be `true` or `false`, not {given}"),
        "not-name": t.gettext("must be a short name of letters, digits and '-', not {given}"),
        "not-rule": t.gettext("{given} is not a rule id of `RULES.md` (such as `play.follow-suit`)"),
        "not-cards": t.gettext("must be cards in notation such as `2C 10H QS`, not {given}"),
        "bad-card": t.gettext("{given} is not a card: write each card as its rank, then its suit, "
                              "such as `2C`, `10H` or `QS`"),
        "cards": t.gettext("these cards cannot be used: {error}"),
        "not-key": t.gettext("{given} is not a text key of the lesson catalog; give a key, "
                             "or the sentence by language: `{{\"en\": \"...\"}}`"),
        "not-text": t.gettext("must be a text key or `{{\"en\": \"...\"}}`, not {given}"),
        "no-english": t.gettext("sentences by language need the English one (`\"en\"`)"),
        "not-language": t.gettext("{given} is not a language; use {languages}"),
        "empty-sentence": t.gettext("the {given} sentence must be non-empty text"),
        "did-you-mean": t.gettext("did you mean {close}?"),
    }


def lesson_file_problem(kind: str, values: Mapping[str, Any], lang: str | None = None,
                        put: Callable[[str, str], str] | None = None) -> str:
    """The lesson checker's account of a fault of ``kind`` with its ``values``, in ``lang``; a
    ``close`` value (a name close to the one given) adds "did you mean ...?". An explanation of
    the engine among the values is said in ``lang``. ``put(name, text)``, when given, makes each
    value's text (and ``put("", sentence)`` the sentence's own words): the page escapes them."""
    problems = lesson_file_problems(lang)
    put = put or (lambda _name, text: text)

    def said(name: str, value: Any) -> str:
        return put(name, value.text(lang) if isinstance(value, Explanation) else str(value))

    clauses = [(problems[kind], {k: v for k, v in values.items() if k != "close"})]
    if values.get("close") is not None:
        clauses.append((problems["did-you-mean"], {"close": values["close"]}))
    return "; ".join(put("", template).format(**{k: said(k, v) for k, v in filled.items()})
                     for template, filled in clauses)
