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

from hearts_widget.engine import Card, Hand, Rules, SeatView
from hearts_widget.lessons.light_outputs import heavy_parts
from hearts_widget.lessons.tutorial import EACH_BEHAVIOUR, Tutorial, duck_card, must_dump_maria, sample_views
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
                if o.get("data", {}).get("text/markdown", "").startswith("#")]  # an explanation's sentence is not one
    assert headings[0].startswith("# " + section_text("intro", "sw")[0])
    assert len(headings) == len(SECTIONS)


@pytest.mark.parametrize("path", [TUTORIAL, SOLUTIONS], ids=lambda p: p.name)
def test_the_tutorial_is_stored_with_light_outputs_that_show_the_prose(path: Path) -> None:
    book = nbformat.read(path, as_version=4)
    assert heavy_parts(book) == []
    markdown = [o for cell in book.cells for o in cell.get("outputs", [])
                if o.get("data", {}).get("text/markdown", "").startswith("#")]
    assert len(markdown) == len(SECTIONS), "run python -m hearts_widget.lessons.light_outputs on the notebook"
    explained = [o for cell in book.cells if cell.source.startswith("hand.explain(") for o in cell.outputs]
    assert explained and all(o.data.get("text/markdown", "").startswith("You hold") for o in explained), \
        "hand.explain(...) shows its sentence"


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


# -- every claim a check makes is tested: a wrong bot per behaviour hears "Not yet" about it --
class Heard(Tutorial):
    """The tutorial in English, keeping which message each check chose."""

    def __init__(self) -> None:
        super().__init__("en")
        self.kinds: list[str] = []

    def _say(self, kind: str, **facts) -> None:  # type: ignore[no-untyped-def]
        self.kinds.append(kind)
        super()._say(kind, **facts)


def test_the_sample_positions_call_for_every_behaviour_a_check_names() -> None:
    passes, plays = sample_views()
    assert sum(duck_card(view) is not None for view in plays) >= EACH_BEHAVIOUR
    assert sum(must_dump_maria(view) for view in plays) >= EACH_BEHAVIOUR
    for code in ("QS", "KS", "AS"):
        assert any(Card.parse(code) in view.held for view in passes), code
    lowest_first = [view for view in plays if min(c.rank for c in view.legal) == view.legal[0].rank]
    assert 0 < len(lowest_first) < len(plays)  # the first legal card is not always a lowest one


def solution_bot(view: SeatView):  # type: ignore[no-untyped-def]
    """The tutorial's answer: duck under the winning card, else dump the Q♠, else the highest card."""
    led = view.trick.led_suit
    following = [card for card in view.legal if card.suit is led]
    if led is not None and following:
        winning = max((card for card in view.trick.cards if card.suit is led), key=lambda card: card.rank)
        under = [card for card in following if card.rank < winning.rank]
        return max(under or following, key=lambda card: card.rank if under else -card.rank)
    if led is not None:
        return next((card for card in view.legal if card.is_black_maria),
                    max(view.legal, key=lambda card: (card.is_heart, card.rank)))
    return min(view.legal, key=lambda card: card.rank)


def never_ducks(view: SeatView):  # type: ignore[no-untyped-def]
    led = view.trick.led_suit
    if any(card.suit is led for card in view.legal):
        return min(view.legal, key=lambda card: card.rank)
    return solution_bot(view)


def ducks_too_low(view: SeatView):  # type: ignore[no-untyped-def]
    led = view.trick.led_suit
    if any(card.suit is led for card in view.legal) and view.trick.cards:
        winning = max((card for card in view.trick.cards if card.suit is led), key=lambda card: card.rank)
        under = [card for card in view.legal if card.suit is led and card.rank < winning.rank]
        if under:
            return min(under, key=lambda card: card.rank)
    return solution_bot(view)


def never_dumps(view: SeatView):  # type: ignore[no-untyped-def]
    answer = solution_bot(view)
    if answer.is_black_maria and not any(card.suit is view.trick.led_suit for card in view.legal):
        return max((card for card in view.legal if not card.is_black_maria), key=lambda card: card.rank)
    return answer


def dumps_by_text(view: SeatView):  # type: ignore[no-untyped-def]
    """A learner's slip: str(card) is "Q♠", so this never finds the queen."""
    led = view.trick.led_suit
    if led is not None and not any(card.suit is led for card in view.legal):
        for card in view.legal:
            if str(card) == "QS":
                return card
        return max(view.legal, key=lambda card: (card.is_black_maria is False, card.rank))
    return solution_bot(view)


@pytest.mark.parametrize(("bot", "kind"), [
    (solution_bot, "better-right"), (never_ducks, "duck-wrong"), (ducks_too_low, "duck-wrong"),
    (never_dumps, "dump-wrong"), (dumps_by_text, "dump-wrong"),
], ids=lambda value: getattr(value, "__name__", value))
def test_check_better_tells_which_behaviour_is_missing(bot, kind, capsys) -> None:  # type: ignore[no-untyped-def]
    heard = Heard()
    heard.check_better(bot)
    said = capsys.readouterr().out.strip()
    assert heard.kinds == [kind], said
    assert said.startswith("Well done" if kind.endswith("right") else "Not yet")
    assert ("Q♠" in said) == (kind != "duck-wrong")


def keeping(code: str):  # type: ignore[no-untyped-def]
    def passing(view: SeatView):  # type: ignore[no-untyped-def]
        chosen = [card for card in view.held if card.code in ("QS", "KS", "AS") and card.code != code]
        rest = sorted((card for card in view.held if card not in chosen and card.code != code),
                      key=lambda card: -card.rank)
        return (chosen + rest)[:3]
    passing.__name__ = f"keeps_{code}"
    return passing


def three_highest(view: SeatView):  # type: ignore[no-untyped-def]
    return sorted(view.held, key=lambda card: -card.rank)[:3]


@pytest.mark.parametrize(("passing", "kind", "named"), [
    (keeping(""), "pass-right", ""), (keeping("QS"), "pass-wrong", "Q♠"), (keeping("KS"), "pass-wrong", "K♠"),
    (keeping("AS"), "pass-wrong", "A♠"), (three_highest, "pass-wrong", "♠"),
    (lambda view: view.held[:2], "pass-invalid", ""), (lambda view: ["QS", "QS", "QS"], "pass-invalid", ""),
], ids=["passes-all", "keeps-QS", "keeps-KS", "keeps-AS", "three-highest", "two-cards", "same-card"])
def test_check_pass_tells_which_spade_was_kept(passing, kind, named, capsys) -> None:  # type: ignore[no-untyped-def]
    heard = Heard()
    heard.check_pass(passing)
    said = capsys.readouterr().out.strip()
    assert heard.kinds == [kind], said
    assert named in said.split("holding")[-1]


def first_legal(view: SeatView):  # type: ignore[no-untyped-def]
    return view.legal[0]


def highest(view: SeatView):  # type: ignore[no-untyped-def]
    return max(view.legal, key=lambda card: card.rank)


def lowest_as_text(view: SeatView):  # type: ignore[no-untyped-def]
    return min(view.legal, key=lambda card: card.rank).code  # card text is a card too


@pytest.mark.parametrize(("bot", "kind"), [
    (lowest_as_text, "lowest-right"), (first_legal, "lowest-wrong"), (highest, "lowest-wrong"),
], ids=lambda value: getattr(value, "__name__", value))
def test_check_lowest_tells_right_from_wrong(bot, kind, capsys) -> None:  # type: ignore[no-untyped-def]
    heard = Heard()
    heard.check_lowest(bot)
    assert heard.kinds == [kind], capsys.readouterr().out


def test_check_legal_takes_cards_or_card_text_like_the_engine(capsys) -> None:  # type: ignore[no-untyped-def]
    hand = Hand.deal(Rules(), seed=7, number=3).play("2C")
    legal = hand.legal_moves()
    assert len(legal) > 1
    heard = Heard()
    for answer in (legal, [card.code for card in reversed(legal)], " ".join(str(card) for card in legal),
                   legal[1:], [*legal, *hand.held(hand.to_move)], ["2C"], [1, 2], 5, None):
        heard.check_legal(hand, answer)
    capsys.readouterr()
    assert heard.kinds == ["legal-right"] * 3 + ["legal-wrong"] * 6
