"""A lesson file the loader refuses, shown on the page (issue 35, item 6): the file, the
step and the field that is wrong, in the learner's language, in the lesson's place, in a
notebook's kernel (what Voilà runs), through the serverless site's page code
(``in_browser.run_cells``, what its Web Worker runs) and once in Voilà itself."""

from __future__ import annotations

import json
import re
import string
from collections.abc import Callable
from html import escape
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from hearts_widget.in_browser import run_cells
from hearts_widget.lessons.format import BUILTIN, LessonFileError, lesson_from_dict, load_lesson
from hearts_widget.lessons.problem import LessonProblem, problem_lines
from hearts_widget.lessons.stepper import Lesson
from hearts_widget.text.lesson_file import lesson_file_problem, lesson_file_problems, lesson_file_words
from hearts_widget.text.translate import LANGUAGES
from servers import SharedServer

from .conftest import SCREENSHOTS
from .walk import WAIT_MS, guard, shoot

TEACHER_CODE = "from hearts_widget.lessons.stepper import Lesson\n\nLesson('broken.json')"


def broken_lesson(folder: Path) -> Path:
    """The built-in lesson with one card of step 3's first board mistyped ("3X")."""
    data = json.loads(BUILTIN.read_text(encoding="utf-8"))
    data["steps"][2]["positions"][0]["held"] += " 3X"
    path = folder / "broken.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_broken_lesson_file_is_shown_in_the_lessons_place_naming_file_step_and_field(tmp_path: Path,
                                                                                      lang: str) -> None:
    path = broken_lesson(tmp_path)
    lesson = Lesson(path, lang=lang, remember=False)
    assert isinstance(lesson.problem, LessonFileError)
    (shown, _style) = lesson.children
    assert isinstance(shown, LessonProblem)
    words = lesson_file_words(lang)
    html = shown.value
    assert 'role="alert"' in html and f'lang="{lang}"' in html
    for said in (words["title"], words["file"].format(file=path), words["step"].format(number=3, key="follow-suit"),
                 words["field"].format(field="positions[0].held"), words["mend"]):
        assert said in html
    # The checker's own account in the learner's language too, the card as written in the file.
    account = lesson_file_problems(lang)["bad-card"].format(given="'3X'")
    assert problem_lines(lesson.problem, lang)[-2] == f"{words['detail']} {account}"
    assert "&#x27;3X&#x27;" in html and "<code>QS</code>" in html
    if lang != "en":
        assert words["title"] != lesson_file_words("en")["title"]
        assert "is not a card" not in html and account != lesson_file_problems("en")["bad-card"].format(given="'3X'")


def test_the_loaders_error_keeps_the_file_step_and_field_apart(tmp_path: Path) -> None:
    path = broken_lesson(tmp_path)
    with pytest.raises(LessonFileError) as raised:
        load_lesson(path)
    error = raised.value
    assert (error.source, error.step, error.step_key, error.field) == (str(path), 3, "follow-suit",
                                                                       "positions[0].held")
    assert str(error) == f"{path}: step 3 ('follow-suit'), field 'positions[0].held': {error.problem}"


def test_a_json_fault_is_placed_by_line_and_column_and_an_unread_file_said(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "hearts-lesson/1",\n "id": }', encoding="utf-8")
    lesson = Lesson(bad, lang="sw", remember=False)
    assert lesson.problem is not None and (lesson.problem.line, lesson.problem.column) == (2, 8)
    assert lesson_file_words("sw")["line"].format(line=2, column=8) in lesson.children[0].value
    missing = Lesson(tmp_path / "nowhere.json", lang="tl", remember=False)
    assert lesson_file_words("tl")["unread"] in missing.children[0].value
    assert problem_lines(missing.problem, "tl")[1] == lesson_file_words("tl")["file"].format(
        file=tmp_path / "nowhere.json")


def test_the_sites_page_code_shows_the_problem_in_the_pages_language(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The site's Web Worker runs the notebook's cells with run_cells in the folder holding its
    lesson files, the page's ?lang= in QUERY_STRING (hearts_widget/site/worker.js): the cell
    runs to its end (the page then shows its live widgets) and shows the problem."""
    broken_lesson(tmp_path)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("QUERY_STRING", "lang=ceb")
    shown: list[object] = []
    run_cells([TEACHER_CODE], shown.append)
    (lesson,) = shown
    assert isinstance(lesson, Lesson) and isinstance(lesson.children[0], LessonProblem)
    assert lesson_file_words("ceb")["step"].format(number=3, key="follow-suit") in lesson.children[0].value


def test_voila_shows_a_broken_lesson_file_on_the_page(voila_server: SharedServer, page: Page) -> None:
    """A teacher's notebook opening a broken lesson file, in Voilà with ?lang=sw: the page says
    what is wrong and where in Swahili (the checker's account too), and no "error when executing cell"."""
    notebook = voila_server.add(TEACHER_CODE, "lesson")
    broken_lesson((voila_server.folder / notebook).parent)
    foreign = guard(page)
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{voila_server.base}voila/render/{notebook}?lang=sw", timeout=WAIT_MS)
    alert = page.locator(".hearts-lesson-problem [role=alert]")
    expect(alert).to_contain_text(lesson_file_words("sw")["step"].format(number=3, key="follow-suit"),
                                  timeout=WAIT_MS)
    expect(alert).to_contain_text(lesson_file_words("sw")["field"].format(field="positions[0].held"))
    expect(alert).to_contain_text(lesson_file_problems("sw")["bad-card"].format(given="'3X'").replace("`", ""))
    expect(alert).to_be_in_viewport()
    assert "error when executing" not in page.locator("body").inner_text()
    shoot(page, SCREENSHOTS / "lesson-file-problem-sw.png")
    assert foreign == []


def test_a_broken_lesson_files_display_data_holds_its_account(tmp_path: Path) -> None:
    """What a notebook stores and a page without widgets shows (the static snapshot) is the
    problem's account too: displaying the lesson never fails (Voilà said "error when executing
    cell" when the snapshot looked for the lesson's first step)."""
    lesson = Lesson(broken_lesson(tmp_path), lang="tl", remember=False)
    data = lesson._repr_mimebundle_()
    data = data[0] if isinstance(data, tuple) else data
    assert data["text/html"] == lesson.children[0].value
    assert lesson_file_words("tl")["step"].format(number=3, key="follow-suit") in data["text/html"]


CODE = re.compile(r"`[^`]*`")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_account_of_the_checker_is_said_in_each_language_with_its_technical_parts_exact(lang: str) -> None:
    """Issue 35: the checker's account of each kind of fault in the learner's language, with the
    same placeholders (the field names, values, JSON's and the engine's words go in as they are)
    and the same parts in backticks (the file's own words: `held`, `null`, `"legal"`)."""
    english, said = lesson_file_problems("en"), lesson_file_problems(lang)
    assert said.keys() == english.keys()
    for kind, sentence in said.items():
        assert placeholders(sentence) == placeholders(english[kind]), kind
        assert sorted(CODE.findall(sentence)) == sorted(CODE.findall(english[kind])), kind
        assert lang == "en" or sentence != english[kind], kind
    source = (Path(__file__).resolve().parents[2] / "hearts_widget" / "lessons" / "format.py").read_text("utf-8")
    used = set(re.findall(r'fail\([^,]+, "([a-z-]+)"', source)) | set(re.findall(r'"(twice-[a-z]+)"', source))
    used |= {"unreadable", "json", "use-before", "use-before-two-packs", "did-you-mean"}
    assert used == set(english), sorted(used ^ set(english))


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def refused(edit: Callable[[dict], None]) -> LessonFileError:
    data = json.loads(BUILTIN.read_text(encoding="utf-8"))
    edit(data)
    with pytest.raises(LessonFileError) as raised:
        lesson_from_dict(data, "my-lesson.json")
    return raised.value


def test_the_accounts_fill_in_the_files_words_exactly_and_the_engines_reason_in_the_language() -> None:
    """A suggestion, a count and the engine's own verdict in Swahili; the page marks the words of
    JSON and of the engine as English and shows the file's own words as code."""
    typo = refused(lambda d: d["steps"][2].update(demoo=None))
    assert (typo.kind, typo.field) == ("unknown-field", "demoo")
    assert typo.problem.endswith("; did you mean 'demo'?")
    assert lesson_file_problem(typo.kind, typo.values, "sw").endswith("; ulimaanisha 'demo'?")
    count = refused(lambda d: d["steps"][2]["positions"][0].update(tricks_done=9))
    assert count.problem == "9 tricks done leave 4 cards in each hand, but `held` has 5: with 5 cards held, " \
                            "`tricks_done` is 8"
    assert lesson_file_problem(count.kind, count.values, "sw") == \
        "hila 9 zilizokwisha huacha kadi 4 katika kila mkono, lakini `held` ina 5: kadi 5 zikishikwa, " \
        "`tricks_done` ni 8"

    def lie(d: dict) -> None:
        d["steps"][2]["positions"][0]["expect"][1]["legal"] = False
    verdict = refused(lie)
    card = verdict.values["card"]
    why = verdict.values["why"]
    assert lesson_file_problem(verdict.kind, verdict.values, "sw").endswith(why.text("sw"))
    assert why.text("sw") != why.text("en") and card in lesson_file_problem(verdict.kind, verdict.values, "sw")
    html = LessonProblem(verdict, "sw").value
    assert "<code>&quot;legal&quot;</code>: false" in html and escape(why.text("sw")) in html
    bad = LessonProblem(LessonFileError("x.json", "json", {"line": 2, "column": 8, "reason": "Expecting value"},
                                        line=2, column=8), "ceb").value
    assert '<span lang="en">Expecting value</span>' in bad and "dili husto nga JSON sa linya 2, kolum 8" in bad
