"""The notebook tutorial for learners who code: it runs with the exercises as given (each
check says "not yet" without crashing) and with the solutions filled in (each says "well
done"); the checks never raise, whatever the learner's code does; its words are in every
language."""

from __future__ import annotations

import os
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from hearts_widget.engine import Hand, Rules, SeatView
from hearts_widget.lessons.light_outputs import heavy_parts
from hearts_widget.lessons.tutorial import Tutorial
from hearts_widget.text import LANGUAGES
from hearts_widget.text.tutorial import SECTIONS, check_text, section_text

ROOT = Path(__file__).parents[2]
TUTORIAL = ROOT / "notebooks" / "tutorial.ipynb"
SOLUTIONS = ROOT / "notebooks" / "tutorial-solutions.ipynb"


def exercises(book) -> dict[str, str]:  # type: ignore[no-untyped-def]
    return {cell.metadata["exercise"]: cell.source for cell in book.cells if "exercise" in cell.metadata}


def test_the_solutions_are_the_tutorial_with_each_exercise_answered() -> None:
    tutorial, solutions = nbformat.read(TUTORIAL, as_version=4), nbformat.read(SOLUTIONS, as_version=4)
    assert [c.source for c in tutorial.cells if "exercise" not in c.metadata] == \
        [c.source for c in solutions.cells if "exercise" not in c.metadata]
    given, answered = exercises(tutorial), exercises(solutions)
    assert list(given) == list(answered) == ["legal", "my_bot", "better_bot", "table", "arena", "variants"]
    assert all("..." in source for source in given.values())
    assert not any("= ..." in source or "return ..." in source for source in answered.values())
    shown = [c.source for c in tutorial.cells if "prose" in c.metadata.get("tags", [])]
    assert shown == [f'tutorial.section("{key}")' for key in SECTIONS[1:]]


def run(path: Path, lang: str = "en"):  # type: ignore[no-untyped-def]
    book = nbformat.read(path, as_version=4)
    book.cells[0].source = book.cells[0].source.replace('lang = "en"', f'lang = "{lang}"')
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    NotebookClient(book, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute(env=env)
    errors = [o for cell in book.cells for o in cell.get("outputs", []) if o.output_type == "error"]
    assert errors == []
    checks = [cell for cell in book.cells if cell.source.startswith("tutorial.check_")]
    return book, ["".join(o.text for o in cell.outputs if o.output_type == "stream") for cell in checks]


def test_with_the_solutions_filled_in_every_check_says_well_done() -> None:
    _, said = run(SOLUTIONS)
    assert len(said) == 6 and all(text.startswith("Well done") for text in said), said
    assert said[3].startswith("Well done: your bot sits at West (better_bot)")


def test_as_given_every_check_says_not_yet_in_the_learners_language() -> None:
    book, said = run(TUTORIAL, lang="sw")
    not_yet = check_text("missing", "sw", name="x").split(":")[0]
    assert len(said) == 6 and all(text.startswith(not_yet) for text in said), said
    headings = [o.data["text/markdown"] for cell in book.cells for o in cell.get("outputs", [])
                if "text/markdown" in o.get("data", {})]
    assert headings[0].startswith("# " + section_text("intro", "sw")[0])
    assert len(headings) == len(SECTIONS)


@pytest.mark.parametrize("path", [TUTORIAL, SOLUTIONS], ids=lambda p: p.name)
def test_the_tutorial_is_stored_with_light_outputs_that_show_the_prose(path: Path) -> None:
    book = nbformat.read(path, as_version=4)
    assert heavy_parts(book) == []
    markdown = [o for cell in book.cells for o in cell.get("outputs", []) if "text/markdown" in o.get("data", {})]
    assert len(markdown) == len(SECTIONS), "run python -m hearts_widget.lessons.light_outputs on the notebook"


def hand_in_play() -> Hand:
    return Hand.deal(Rules(), seed=7, number=3)


@pytest.mark.parametrize("function", [
    lambda view: ..., lambda view: 1 / 0, lambda view: "ZZ", lambda view: 42, lambda view: view.held[-1],
    lambda view: [], lambda view: None,
])
def test_a_check_tells_what_is_wrong_and_never_raises(function, capsys) -> None:  # type: ignore[no-untyped-def]
    tutorial = Tutorial("en")
    tutorial.check_lowest(function)
    tutorial.check_better(function)
    tutorial.check_pass(function)
    said = capsys.readouterr().out.splitlines()
    assert len(said) == 3 and all(line.startswith("Not yet") for line in said), said


def test_each_check_knows_a_right_answer_from_a_wrong_one(capsys) -> None:  # type: ignore[no-untyped-def]
    tutorial = Tutorial("en")
    hand = hand_in_play()
    tutorial.check_legal(hand, hand.legal_moves())
    tutorial.check_legal(hand, hand.held(hand.to_move))

    def lowest(view: SeatView):  # type: ignore[no-untyped-def]
        return min(view.legal, key=lambda card: card.rank)

    def highest(view: SeatView):  # type: ignore[no-untyped-def]
        return max(view.legal, key=lambda card: card.rank)

    tutorial.check_lowest(lowest)
    tutorial.check_lowest(highest)
    tutorial.check_better(lowest)  # does not duck: plays the lowest, not the highest card under the winner
    said = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in said] == ["Well done", "Not yet", "Well done", "Not yet", "Not yet"]
    assert "`highest` played" in said[3] and "duck" not in said[4]


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_the_tutorial_speaks_each_language(lang: str, capsys) -> None:  # type: ignore[no-untyped-def]
    for key in SECTIONS:
        assert section_text(key, lang) != section_text(key, "en")
    Tutorial(lang).check_lowest(lambda view: ...)
    assert capsys.readouterr().out.strip() == check_text("missing", lang, name="bot")  # a lambda is "bot"
