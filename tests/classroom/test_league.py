"""The class league without a server: a learner's entry (its code gathered from the notebook,
checked, tried on a hand and kept in the class store), the league's run and ratings (a bot that
plays well ranks above one that plays at random, a failing bot is reported by name), what a
learner may read of it, and the league's part of the teacher's page."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from hearts_widget.classroom.league import (
    MAX_SOURCE,
    LeagueError,
    LeagueRunner,
    bot_source,
    check_entry,
    enter_league,
    league_standing,
    learner_view,
    run_league,
    standing_sentence,
)
from hearts_widget.classroom.league_page import league_part
from hearts_widget.classroom.report import ENV_HUB_TOKEN, ENV_SERVICE, ENV_STORE
from hearts_widget.classroom.store import ClassStore, LeagueEntry
from hearts_widget.text.league import entry_text

TOO_FEW = 3  # cards: below this the bot plays its first legal card (a constant the gatherer must carry)
GOOD = ("from hearts_widget.bots.rule import RuleBot\n\nRULE = RuleBot()\n\n"
        "def good(view):\n    return RULE.choose_play(view)\n")
RANDOM = "import random\n\nPICK = random.Random(7)\n\ndef wild(view):\n    return PICK.choice(view.legal)\n"
BROKEN = "def broken(view):\n    return view.legal[0] if len(view.held) > 6 else view.nothing\n"


def lowest(view):  # type: ignore[no-untyped-def]
    return sorted(view.legal, key=lambda card: card.rank)


def careful(view):  # type: ignore[no-untyped-def]
    """A learner's bot using a helper, a module and a constant of its notebook."""
    return lowest(view)[0] if len(view.legal) > TOO_FEW else random.choice(view.legal)


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ClassStore:
    """A class store that this kernel writes into, as the launcher's kernels do."""
    path = tmp_path / "class.sqlite"
    monkeypatch.setenv(ENV_STORE, str(path))
    monkeypatch.delenv(ENV_SERVICE, raising=False)
    return ClassStore(path)


def entry(learner: str, source: str, bot: str, when: float = 1.0) -> LeagueEntry:
    return LeagueEntry(learner, learner.title(), bot, source, when)


# -- an entry ---------------------------------------------------------------------------------

def test_the_code_of_a_notebook_bot_carries_what_it_uses() -> None:
    source, function = bot_source(careful)
    assert function == "careful"
    assert "import random" in source and "TOO_FEW = 3" in source and "def lowest(view)" in source
    namespace: dict = {}
    exec(source, namespace)  # noqa: S102 - the test's own code: it runs alone
    assert namespace["careful"].__code__.co_code == careful.__code__.co_code


@pytest.mark.parametrize(("source", "function", "words"), [
    ("x" * (MAX_SOURCE + 1), "bot", f"has {MAX_SOURCE + 1} characters; at most {MAX_SOURCE} can be entered"),
    ("def bot(view):\n    return (\n", "bot", "The bot's code does not run: '(' was never closed (line 2)"),
    ("def other(view):\n    return view.legal[0]\n", "bot", "The code defines no function bot."),
    ("bot = lambda view: view.legal[0]\n", "bot", "The code defines no function bot."),
    ("def bot(view): pass", 5, "`enter_league` needs your bot function, like `def my_bot(view): ...`, not 5."),
    (None, "bot", "not 'bot'"),
], ids=["too-long", "syntax", "no-function", "a-lambda", "no-name", "no-code"])
def test_a_wrong_entry_is_refused_with_what_is_wrong(source: object, function: object, words: str) -> None:
    with pytest.raises(LeagueError, match=re.escape(words)):
        check_entry(source, function)


def test_the_learner_reads_why_in_their_language() -> None:
    with pytest.raises(LeagueError) as english:
        check_entry("def other(view): pass", "bot", "en")
    for lang in ("tl", "ceb", "sw"):
        with pytest.raises(LeagueError) as theirs:
            check_entry("def other(view): pass", "bot", lang)
        assert str(theirs.value) != str(english.value) and "bot" in str(theirs.value)


def test_an_entry_needs_a_class_and_a_name(store: ClassStore, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(LeagueError, match=re.escape(entry_text("no-name"))):
        enter_league(careful)
    monkeypatch.delenv(ENV_STORE)
    with pytest.raises(LeagueError, match="not part of a class with a league"):
        enter_league(careful, name="Amina")
    with pytest.raises(LeagueError, match="needs your bot function"):
        enter_league(print, name="Amina")
    assert store.league_entries() == []


def test_a_bot_that_fails_its_trial_hand_is_not_entered(store: ClassStore) -> None:
    with pytest.raises(LeagueError, match=r"broken raised AttributeError: .* in a trial hand, so it was not entered"):
        enter_league(BROKEN, name="Amina")
    assert store.league_entries() == []


def test_an_entry_is_kept_and_a_new_one_replaces_it(store: ClassStore) -> None:
    reply = enter_league(careful, name=" Amina  Njoroge ")
    assert str(reply) == entry_text("entered", bot="careful", name="Amina Njoroge")
    assert "`league_standing()`" in reply._repr_markdown_()
    enter_league(RANDOM, name="Amina Njoroge")
    enter_league(GOOD, name="José")
    kept = store.league_entries()
    assert [(e.learner, e.bot) for e in kept] == [("Amina Njoroge", "wild"), ("José", "good")]
    assert kept[0].source == RANDOM


# -- the league's run -------------------------------------------------------------------------

def test_a_bot_that_plays_well_ranks_above_one_that_plays_at_random() -> None:
    heard: list[tuple[int, int]] = []
    result = run_league([entry("jose", RANDOM, "wild"), entry("amina", GOOD, "good", 2.0),
                         entry("wanjiru", BROKEN, "broken", 3.0)], deals=12, field=("rule",),
                        progress=lambda done, total: heard.append((done, total)))
    rows = {row["bot"]: row for row in result["standings"]}
    assert heard == [(n, 4) for n in range(1, 5)], "a match per bot and reference bot"
    assert rows["good"]["high"] < rows["wild"]["low"], "the good bot's interval lies below the random one's"
    assert rows["good"]["rank"] < rows["wild"]["rank"]
    assert rows["good"]["points"] == rows["rule"]["points"], "the same play on the same deals: the same points"
    assert rows["rule"]["learner"] is None and rows["rule"]["name"] is None
    assert [row["rank"] for row in result["standings"]] == [1, 2, 3, 4]
    assert rows["broken"]["forfeits"] == [{"kind": "raised", "count": 1,
                                           "detail": "AttributeError: 'SeatView' object has no attribute 'nothing'"}]
    assert rows["good"]["forfeits"] == [] and len(rows["good"]["points"]) == 12


def test_a_learner_reads_their_own_standing_and_nobody_elses(store: ClassStore) -> None:
    assert str(league_standing("Amina")) == "You have not entered a bot in the class league yet."
    enter_league(GOOD, name="Amina")
    enter_league(RANDOM, name="José")
    assert str(league_standing("Amina")) == "Your bot good is entered; your teacher has not run the league since."
    runner = LeagueRunner(store, deals=3)
    assert runner.start() and runner.wait(60) and not runner.error
    said = str(league_standing("Amina"))
    assert re.fullmatch(r"good is number [12] of 4 in the class league: \d\.\d\d points per hand \(95% interval "
                        r"\d\.\d\d to \d\.\d\d; fewer is better\)\. The rule bot: \d\.\d\d\.", said), said
    view = learner_view(store, "Amina")
    assert "José" not in repr(view) and "wild" not in repr(view)
    enter_league(RANDOM, name="Amina")
    assert "has not run the league since" in str(league_standing("Amina")), "a new entry waits for the next run"


def test_a_forfeit_is_told_to_its_learner() -> None:
    view = {"entered": "broken", "count": 3, "rule": 6.5,
            "standing": {"bot": "broken", "rank": 3, "mean": 7.0, "low": 6.0, "high": 8.0,
                         "forfeits": [{"kind": "slow", "detail": "5", "count": 2}]}}
    assert standing_sentence(view, "en").endswith("In some matches broken took more than 5 s to choose a card: "
                                                  "the rule bot played its seat from then on.")


def test_outside_a_class_the_standing_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (ENV_STORE, ENV_SERVICE, ENV_HUB_TOKEN):
        monkeypatch.delenv(name, raising=False)
    with pytest.raises(LeagueError, match="not part of a class"):
        league_standing("Amina")


# -- the teacher's page -----------------------------------------------------------------------

def test_the_teachers_part_shows_the_button_the_table_and_the_picture(store: ClassStore) -> None:
    runner = LeagueRunner(store, deals=2)
    empty = league_part(runner, "en")
    assert "No learner has entered a bot yet" in empty and "data-league-run disabled" in empty
    store.enter_bot("amina", "Amina", "wild", RANDOM)
    store.enter_bot("jose", "José <b>", "broken", BROKEN)
    assert "2 bots entered." in league_part(runner, "en") and "data-league-run>" in league_part(runner, "en")
    assert runner.start() and runner.wait(60) and not runner.error
    page = league_part(runner, "en")
    assert re.search(r"Last run finished at \d\d:\d\d:\d\d: 2 deals a match\.", page)
    rows = re.findall(r"<tr[^>]*><td class=\"hc-count\">(\d)</td><th scope=\"row\">(\w+)</th><td>([^<]*)</td>", page)
    assert sorted(bot for _, bot, _ in rows) == ["broken", "random", "rule", "wild"]
    assert "José &lt;b&gt;" in page and "José <b>" not in page
    assert "reference bot" in page and "lost its seat in 2 of 2 matches: broken raised AttributeError" in page
    assert page.count("<rect") == 4 and 'role="img"' in page
    sw = league_part(runner, "sw")
    assert "Class league" not in sw and sw.count("<rect") == 4
