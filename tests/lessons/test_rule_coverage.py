"""The coverage table of docs/learners.md is the one the script makes now (32 rule ids × five columns),
counted strictly: a board only where its legal cards make the rule decide, a question only for the
rule it asks, the browser walk only where it plays the card the rule is about."""

from __future__ import annotations

from hearts_widget.lessons.path import LESSON

from .rule_coverage import (
    ALL_RULES,
    COLUMNS,
    DOC,
    HEADING,
    coverage,
    key_words_missing,
    legal_card_played,
    rule_card,
    table,
    walk_cards,
)


def test_the_coverage_table_in_the_docs_is_current() -> None:
    doc = DOC.read_text(encoding="utf-8")
    assert HEADING in doc, f"run: python tests/lessons/rule_coverage.py --write ({DOC} has no coverage table)"
    assert doc[doc.index(HEADING):] == table(coverage()), "run: python tests/lessons/rule_coverage.py --write"


def test_the_strict_table_has_every_rule_of_rules_md() -> None:
    rows = {row["rule"]: row for row in coverage()}
    assert list(rows) == list(ALL_RULES) and len(rows) == 32
    for rule in ("variant.omnibus.moon", "variant.black-maria.pass", "variant.cancellation.moon"):
        assert rows[rule]["explanation"] == "yes"  # named and stated on the rules card
    for rule in ("play.follow-suit", "play.first-trick-no-points", "variant.black-maria.first-trick",
                 "play.first-lead", "play.hearts-lead"):
        assert all(rows[rule][column] for column in COLUMNS), rows[rule]
    full = sum(all(row[c] for c in COLUMNS) for row in rows.values())
    assert full == 32, full  # every rule: a board or a question, in four languages, played or answered by the walk


def test_a_board_counts_only_for_the_rule_its_legal_cards_make_decide() -> None:
    boards = LESSON.positions()
    assert rule_card(boards["follow-suit"], "play.follow-suit") == "7C"  # refused by the rule, 3D and QD right
    assert rule_card(boards["trick-winner"], "play.trick-winner") == "QD"  # the card that wins it for the learner
    assert rule_card(boards["hearts-broken-discard"], "play.hearts-broken") == "3H"
    assert rule_card(boards["black-maria-lead"], "play.black-maria-lead") == "QS"
    assert rule_card(boards["cancel-twin-king"], "variant.cancellation.cancel") == "KD"
    # Every legal card is a discard with the same outcome: the board does not make the rule decide.
    assert rule_card(boards["discard"], "play.discard") is None
    assert rule_card(boards["first-lead"], "play.trick-winner") is None


def test_the_walk_plays_the_card_the_steps_rule_is_about() -> None:
    """The walk's legal card on a board is its step's rule's card when legal: the Q♦ that takes the
    Omnibus J♦ (not the 3♦ first in the hand), the Q♠ led, the 3♥ that breaks hearts."""
    step = {s.key: s for s in LESSON.steps}
    boards = LESSON.positions()
    assert walk_cards(boards["omnibus-bonus"], step["variants"].rules) == ("7C", "QD")
    assert legal_card_played(boards["black-maria-lead"], step["black-maria"].rules) == "QS"
    assert legal_card_played(boards["hearts-broken-discard"], step["hearts-broken"].rules) == "3H"
    assert legal_card_played(boards["follow-suit"], step["follow-suit"].rules) == "3D"  # the rule refuses 7C


def test_the_language_column_checks_the_glossarys_words() -> None:
    assert key_words_missing("Which card wins the trick?", "Aling baraha ang mananalo sa trick?", "tl") == []
    assert key_words_missing("Which card wins the trick?", "Aling baraha ang mananalo?", "tl") == [r"\btricks?\b"]
    assert key_words_missing("Cancellation Hearts: what happens?", "Cancellation Hearts: nini?", "sw") == [
        "Cancellation Hearts"]
    assert key_words_missing("Cancellation Hearts: what happens?", "Cancellation Hearts: ano?", "tl") == []
