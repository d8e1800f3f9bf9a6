"""The teacher's guide's field tables and answer key are made from the loader's
schema and the built-in lesson (hearts_widget.lessons.guide), and are never stale."""

from __future__ import annotations

from pathlib import Path

import pytest

from hearts_widget.lessons import guide
from hearts_widget.lessons.format import BUILTIN, builtin_lesson, load_lesson

ROOT = BUILTIN.parents[2]
TEACHERS = ROOT / "docs" / "teachers.md"


def test_the_guides_tables_and_answer_key_are_those_the_lesson_and_the_schema_make() -> None:
    page = TEACHERS.read_text(encoding="utf-8")
    assert guide.fill(page, guide.generated(builtin_lesson())) == page, (
        "docs/teachers.md is stale: run python -m hearts_widget.lessons.guide --write docs/teachers.md")


def test_the_answer_key_names_every_position_with_its_legal_cards_and_every_answer() -> None:
    key = guide.answer_key(builtin_lesson())
    for step in builtin_lesson().steps:
        assert f"(`{step.key}`)" in key
        for position in step.positions:
            legal = " ".join(c.code for c in position.hand.legal_moves())
            assert f"Position `{position.key}`" in key and f"Legal: {legal}." in key
        for check in step.checks:
            assert f"**Answer: {check.choice(check.answer).text('en')}.**" in key


def test_every_field_the_loader_accepts_is_in_the_tables_with_whether_it_is_required() -> None:
    tables = guide.field_tables()
    assert "| `held` | yes |" in tables and "| `expect` | no |" in tables and "| `rule` | yes |" in tables
    assert "every card held" in tables


def test_a_field_the_loader_accepts_but_the_guide_does_not_describe_stops_the_script(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(guide.SCHEMA, "position",
                        ("**A position:**", guide.schema.POSITION_FIELDS | {"predict"}, guide.schema.POSITION_REQUIRED))
    with pytest.raises(guide.UndescribedField, match="predict"):
        guide.field_tables()


def test_fill_replaces_only_between_the_markers_and_names_missing_ones() -> None:
    page = "intro\n<!-- begin generated: fields -->\nold\n<!-- end generated: fields -->\nafter\n"
    assert guide.fill(page, {"fields": "new"}) == (
        "intro\n<!-- begin generated: fields -->\nnew\n<!-- end generated: fields -->\nafter\n")
    with pytest.raises(ValueError, match="answer-key"):
        guide.fill(page, {"fields": "new", "answer-key": "key"})


def test_a_teacher_prints_the_answer_key_of_their_own_lesson(capsys: pytest.CaptureFixture[str]) -> None:
    example = ROOT / "docs" / "example-lesson.json"
    assert guide.main([str(example)]) == 0
    out = capsys.readouterr().out
    assert out == guide.answer_key(load_lesson(example)) + "\n" and "Legal:" in out


def test_write_rewrites_a_stale_guide(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    stale = tmp_path / "teachers.md"
    stale.write_text(TEACHERS.read_text(encoding="utf-8").replace("Legal: 3D QD.", "Legal: 3D."), encoding="utf-8")
    assert guide.main(["--write", str(stale)]) == 0
    assert stale.read_text(encoding="utf-8") == TEACHERS.read_text(encoding="utf-8")
    assert "rewritten" in capsys.readouterr().out
