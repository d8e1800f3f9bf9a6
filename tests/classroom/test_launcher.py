"""The launcher's options for the teacher's view: refusals that say what is wrong, a
lesson file or class store that cannot be used, the lesson notebook it serves, and
``python -m hearts_widget forget-class``."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import pytest

from hearts_widget.__main__ import main
from hearts_widget.classroom.store import ClassStore
from hearts_widget.lessons.prepost import CheckPlan
from hearts_widget.serve import Classroom, add_arguments, check_arguments, class_store_path, lesson_notebook, serve

ROOT = Path(__file__).resolve().parents[2]


def options(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    return parser.parse_args(list(argv))


@pytest.mark.parametrize(("argv", "words"), [
    (("--class-db", "c.sqlite"), "--class-db and --teacher-token go with --lesson"),
    (("--teacher-token", "abcdefgh"), "--class-db and --teacher-token go with --lesson"),
    (("--lesson", "--teacher-token", "short"), "--teacher-token must be 8 characters or more"),
    (("--lesson", "--token", "same-token", "--teacher-token", "same-token"), "not the learners' --token"),
    (("--lesson", "--keep-days", "-1"), "--keep-days must be 0 or more"),
    (("--check",), "--check, --no-check and --check-later go with --lesson"),
    (("--no-check",), "--check, --no-check and --check-later go with --lesson"),
    (("--lesson", "--no-check", "--check-later", "7"), "--no-check goes with neither --check nor --check-later"),
    (("--lesson", "--no-check", "--check"), "--no-check goes with neither --check nor --check-later"),
    (("--lesson", "--check-later", "0"), "--check-later must be a number of days from 1 to 365, not 0"),
])
def test_wrong_options_are_refused(argv: tuple[str, ...], words: str) -> None:
    assert words in (check_arguments(options(*argv)) or "")


def test_the_lesson_options_are_accepted() -> None:
    assert check_arguments(options("--lesson", "--class-db", "c.sqlite", "--teacher-token", "a-teachers-token",
                                   "--keep-days", "0", "--check-later", "7")) is None


@pytest.mark.parametrize(("argv", "plan"), [
    ((), CheckPlan()), (("--check",), CheckPlan()), (("--check-later", "7"), CheckPlan(later_days=7)),
    (("--no-check",), None)])
def test_a_class_has_the_checks_before_and_after_the_lesson_unless_the_teacher_says_no(
        tmp_path: Path, argv: tuple[str, ...], plan: CheckPlan | None) -> None:
    """The class flow measures what the lesson taught (issue 34, item 4): the checks are on by default."""
    classroom = Classroom(options("--lesson", "--class-db", str(tmp_path / "c.sqlite"), *argv))
    assert classroom.store.check_plan() == plan
    keys = [step.key for step in classroom.lesson.steps]
    assert (keys[0] == "check-before" and "check-after" in keys) is (plan is not None)


def test_a_lesson_file_or_store_that_cannot_be_used_stops_the_launcher_with_words(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "lesson.json"
    bad.write_text("{}")
    assert serve(options("--lesson", str(bad), "--class-db", str(tmp_path / "c.sqlite")), Path("x.ipynb")) == 2
    assert f"python -m hearts_widget: {bad}" in capsys.readouterr().err
    notes = tmp_path / "notes.txt"
    notes.write_text("not a database " * 200)
    assert serve(options("--lesson", "--class-db", str(notes)), Path("x.ipynb")) == 2
    assert "cannot be used as the class store" in capsys.readouterr().err


def test_the_served_notebook_shows_the_lesson_asked_for(tmp_path: Path) -> None:
    for asked, cell in (("", "Lesson()"), ("docs/example-lesson.json", repr(str(ROOT / "docs/example-lesson.json")))):
        folder = tmp_path / (asked.replace("/", "-") or "builtin")
        folder.mkdir()
        notebook = json.loads(lesson_notebook(folder, str(ROOT / asked) if asked else "").read_text())
        assert notebook["cells"][0]["source"][-1] in (cell, f"Lesson({cell})")


def test_the_default_store_is_in_the_jupyter_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path))
    assert class_store_path(options("--lesson")) == tmp_path / "hearts-widget" / "class.sqlite"
    assert class_store_path(options("--lesson", "--class-db", "c.sqlite")) == Path("c.sqlite").resolve()


def test_forget_class_deletes_the_store_and_says_which_files(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "class.sqlite"
    ClassStore(path)
    assert main(["forget-class", "--class-db", str(path)]) == 0
    assert f"Deleted {path}" in capsys.readouterr().out and not path.exists()
    assert main(["forget-class", "--class-db", str(path)]) == 0
    assert "nothing to delete" in capsys.readouterr().out


def test_the_hub_service_outside_a_hub_says_how_to_run_it(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "hearts_widget.classroom.service", "--db", str(tmp_path / "c.db")],
                          capture_output=True, text=True, env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)})
    assert done.returncode == 2 and "run by JupyterHub as a service" in done.stderr

