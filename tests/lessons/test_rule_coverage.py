"""The coverage table of docs/learners.md is the one the script makes now (rule id × five columns)."""

from __future__ import annotations

from .rule_coverage import ALL_RULES, COLUMNS, DOC, HEADING, coverage, table


def test_the_coverage_table_in_the_docs_is_current() -> None:
    doc = DOC.read_text(encoding="utf-8")
    assert HEADING in doc, f"run: python tests/lessons/rule_coverage.py --write ({DOC} has no coverage table)"
    assert doc[doc.index(HEADING):] == table(coverage()), "run: python tests/lessons/rule_coverage.py --write"


def test_every_rule_id_has_a_row_and_the_rules_taught_on_boards_are_covered_in_every_column() -> None:
    rows = {row["rule"]: row for row in coverage()}
    assert list(rows) == list(ALL_RULES) and len(rows) == 29
    for rule in ("play.follow-suit", "play.first-trick-no-points", "variant.black-maria.first-trick"):
        assert all(rows[rule][column] for column in COLUMNS), rows[rule]
    assert rows["variant.black-maria.points"]["lesson"] == "question"  # a scoring rule: a question asks about it


def test_cancellation_hearts_is_taught_on_boards_and_every_rule_id_is_covered() -> None:
    """The learner's card judged by each Cancellation rule a card can meet: its verdict (the first lead), or
    what it makes happen as it ends the trick (twins cancelled, the kitty or a cancelled trick's cards taken)."""
    rows = {row["rule"]: row for row in coverage()}
    for rule in ("variant.cancellation", "variant.cancellation.first-lead", "variant.cancellation.cancel",
                 "variant.cancellation.kitty", "variant.cancellation.carry"):
        assert rows[rule]["lesson"] == "board", rows[rule]
    for rule in ("variant.cancellation.deal", "variant.cancellation.no-pass"):
        assert rows[rule]["lesson"] == "question", rows[rule]
    assert [row["rule"] for row in rows.values() if not all(row[column] for column in COLUMNS)] == []
