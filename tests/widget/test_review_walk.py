"""The hand review walks the learner's costly decisions one at a time, and is kept: the
table's saved record holds its judgements, the decision on display and the tries, so a
reload, a kernel restart or ``HeartsTable.resume(table.save())`` shows the same review."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from hearts_widget import HeartsTable
from hearts_widget.bots import coach
from hearts_widget.engine import RecordError
from hearts_widget.widget import persist, review

from .conftest import card_texts, play_highest, send

CLIENT = "r" * 8 + "-review-walk-123"


# A table saved after its first hand (seed 11), which the learner played as issue 32's naive learner (pass the
# three lowest cards; lead the highest heart, else play the highest card) and shot as a moon, its review judged:
# a costly pass and four costly cards (benchmarks and tests/bots/bot_helpers.py: naive_play, naive_pass).
MOON_REVIEW = Path(__file__).with_name("moon_review.json")


@pytest.fixture(scope="module")
def saved() -> str:
    return MOON_REVIEW.read_text(encoding="utf-8")


def resumed(saved: str) -> HeartsTable:
    return HeartsTable.resume(saved, pace=0)


def test_the_review_walks_the_costly_decisions_one_at_a_time(saved: str) -> None:
    table = resumed(saved)
    state = table.review
    walk, costly = state["walk"], table._session.review.costly()  # type: ignore[union-attr]
    assert walk["at"] == 0 and walk["total"] == len(costly) == len(state["marks"])
    for at, mark in enumerate(state["marks"]):
        send(table, {"type": "review", "open": True, "at": at})
        walk = table.review["walk"]
        shown = walk["mark"]  # (its reason said from what the learner had seen then: the next test)
        assert {k: v for k, v in shown.items() if k not in ("reason", "text")} == \
            {k: v for k, v in mark.items() if k not in ("reason", "text")}
        assert shown["text"] == shown["reason"] + mark["text"][len(mark["reason"]):]
        assert walk["title"].startswith(f"Costly choice {at + 1} of {len(costly)}")
        if mark["decision"] == "pass":
            view, passed = table._session.review.passing  # type: ignore[union-attr]
            assert walk["passing"] and walk["title"].endswith("your pass") and not walk["trick"]
            assert {c["code"] for c in walk["hand"] if c["played"]} == {c.code for c in passed}
            continue
        view, played = table._session.review.decisions[mark["decision"]]  # type: ignore[union-attr]
        assert walk["title"].endswith(f"trick {mark['trick'] + 1}")
        # The position as the learner saw it: their cards then, the trick before their card.
        assert [c["code"] for c in walk["hand"]] == [c.code for c in view.held]
        assert [c["code"] for c in walk["hand"] if c["played"]] == [played.code]
        assert [p["card"]["code"] for p in walk["trick"]] == [c.code for c in view.trick.cards]
        assert bool(walk["lead"]) == (not view.trick.cards)


def test_try_again_and_skip_move_the_walk_with_them(saved: str) -> None:
    table = resumed(saved)
    marks = table.review["marks"]
    send(table, {"type": "retry", "decision": marks[-1]["decision"]})
    assert table.review["walk"] is None, "while it is tried again, the position is the retry's"
    assert table._session.review.at == len(marks) - 1  # type: ignore[union-attr]
    send(table, {"type": "retry", "decision": None})  # Back to the review: on the decision tried
    assert table.review["walk"]["mark"]["decision"] == marks[-1]["decision"]


@pytest.mark.parametrize("message", [{"at": 99}, {"at": -1}, {"at": "1"}, {"at": True}, {"open": False, "at": 0}])
def test_a_walk_step_that_is_not_a_costly_decision_is_refused(saved: str, message: dict[str, Any]) -> None:
    table = resumed(saved)
    before = table.review
    send(table, {"type": "review", "open": True, **message})
    assert table.notice["kind"] == "malformed" and "costly decision" in table.notice["text"]
    assert table.review == before


def test_resume_shows_the_same_review_without_judging_again(saved: str, monkeypatch: pytest.MonkeyPatch) -> None:
    table = resumed(saved)
    decision = table.review["marks"][-1]["decision"]
    send(table, {"type": "review", "open": True, "at": 1 if len(table.review["marks"]) > 1 else 0})
    send(table, {"type": "retry", "decision": decision})
    card = next(c["code"] for c in table.review["retry"]["hand"] if c["legal"])
    send(table, {"type": "retry_play", "card": card})
    again_text = table.save()

    def no_judging(*_args: Any) -> Any:
        raise AssertionError("a resumed review is not judged again")

    monkeypatch.setattr(review, "judge_card", no_judging)
    monkeypatch.setattr(review, "judge_pass", no_judging)
    again = resumed(again_text)
    assert again.review == table.review and again.review["retry"]["tried"] == [card]
    first = table._session.review
    kept = again._session.review
    assert kept is not None and first is not None
    assert (kept.judged, kept.pass_judged, kept.settled, kept.at) == (first.judged, first.pass_judged, first.settled,
                                                                      first.at)
    assert len(kept.decisions) == len(first.decisions) > 1, "every card the learner chose is kept, not only the pass"


def test_the_review_stays_through_the_next_hand_and_a_kernel_restart(saved: str, tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(HeartsTable, "store", persist.Store(tmp_path))
    monkeypatch.setattr(HeartsTable, "_claims", {})
    table = resumed(saved)
    send(table, {"type": "hello", "client": CLIENT})
    send(table, {"type": "review", "open": False})
    number = table.review["number"]
    while not table.game.hand.tricks:  # into the next hand: its first trick is won
        play_highest(table)
    assert table.summary is None and table.review["number"] == number
    before = table.review
    HeartsTable._claims.clear()  # a kernel restart, or Voilà's new kernel on a reload
    fresh = HeartsTable(pace=0)
    send(fresh, {"type": "hello", "client": CLIENT})
    assert fresh.notice["kind"] == "resumed" and fresh.review == before
    kept, first = fresh._session.review, table._session.review
    assert kept is not None and first is not None and len(kept.decisions) == len(first.decisions) > 1


def test_a_record_of_version_1_without_the_review_still_opens(saved: str) -> None:
    record = json.loads(saved)
    del record["review"], record["decisions"]
    table = HeartsTable.resume(record, pace=0)
    assert table.game.completed and table.review is not None


def corrupt(record: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    bad = copy.deepcopy(record)
    target = bad
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return bad


BAD = [
    (("review", "version"), 2, "unsupported review version 2"),
    (("review", "number"), 7, "the review is of hand 7"),
    (("review", "open"), "yes", "review open must be true or false"),
    (("review", "cards", 0, 0), "ZZ", "must be cards"),
    (("review", "cards", 0, 2), float("nan"), "cost and error must be numbers"),
    (("review", "cards", 0, 3), -1, "cost and error must be numbers"),
    (("review", "at"), 99, "review at must be the number of a costly decision"),
    (("review", "settled"), [[0, "won"]], "review settled must list"),
    (("review", "retry"), {"decision": 0}, "review retry must be null or an object"),
    (("review", "extra"), 1, "unknown extra"),
    (("review", "cards"), KeyError, "missing cards"),
    (("review",), [], "the review must be a JSON object"),
    (("decisions",), [3, 2], "decisions must be a list of action numbers"),
    (("decisions",), [10**5], "the decisions go past the end of the game"),
    (("decisions",), [0], "decision at action 0 is not a card the learner"),
]


@pytest.mark.parametrize(("path", "value", "error"), BAD, ids=[str(e[2])[:30] for e in BAD])
def test_a_bad_review_in_the_record_is_refused_naming_what_is_wrong(saved: str, path: tuple[Any, ...], value: Any,
                                                                    error: str) -> None:
    record = corrupt(json.loads(saved), path, value)
    with pytest.raises(RecordError, match=error.replace("(", r"\(")):
        HeartsTable.resume(record, pace=0)
    table = resumed(saved)
    state = table.review
    with pytest.raises(RecordError):
        persist.restore(table._session, record)
    assert table.review == state and table._session.review is not None, "a refused record changes nothing"


def test_a_judgement_of_another_card_than_the_one_played_is_refused(saved: str) -> None:
    record = json.loads(saved)
    first = record["review"]["cards"][0]
    table = resumed(saved)
    view, played = table._session.review.decisions[0]  # type: ignore[union-attr]
    other = next(c for c in view.legal if c != played)
    first[0] = other.code
    with pytest.raises(RecordError, match=f"judges {other}, but the learner played {played}"):
        HeartsTable.resume(record, pace=0)


def test_the_judgements_kept_are_the_coachs(saved: str) -> None:
    """The record's judgement of a card is the coach's Judgement, read back field by field."""
    table = resumed(saved)
    kept = table._session.review
    assert kept is not None
    assert all(isinstance(j, coach.Judgement) for j in kept.judged)


@pytest.mark.parametrize("lang", ["en", "tl", "ceb", "sw"])
def test_the_walk_speaks_the_learners_language(saved: str, lang: str) -> None:
    table = resumed(saved)
    send(table, {"type": "lang", "lang": lang})
    walk, labels = table.review["walk"], table.review["labels"]
    english = resumed(saved).review
    assert "{" not in walk["title"] and str(walk["total"]) in walk["title"]
    for key in ("previous", "next", "walk", "yours"):
        assert labels[key] and (lang == "en") == (labels[key] == english["labels"][key])
    assert (lang == "en") == (walk["title"] == english["walk"]["title"])


def test_the_lessons_guided_hand_finds_its_review_again_after_a_reload(saved: str, tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The guided hand keeps its table under keep_as: a reload in the middle of its review (open on
    the third costly decision, a try made) shows the same review, every judgement kept."""
    from hearts_widget.lessons.controls import GuidedGame

    monkeypatch.setattr(HeartsTable, "store", persist.Store(tmp_path))
    monkeypatch.setattr(HeartsTable, "_claims", {})
    table = GuidedGame("en", "guided-review", pace=0).table
    send(table, {"type": "hello", "client": CLIENT})
    played = resumed(saved)
    send(played, {"type": "review", "open": True, "at": 2})
    send(played, {"type": "retry", "decision": played.review["walk"]["mark"]["decision"]})
    send(played, {"type": "retry_play", "card": next(c["code"] for c in played.review["retry"]["hand"] if c["legal"])})
    table.store.save(CLIENT, table._store_name, json.loads(played.save()))
    HeartsTable._claims.clear()  # the reload: a new kernel runs the lesson again
    again = GuidedGame("en", "guided-review", pace=0).table
    send(again, {"type": "hello", "client": CLIENT})
    assert again.review == played.review and again.review["retry"]["verdict"]
    classes = {c["class"]: c["count"] for c in again.review["classes"]}
    assert sum(classes.values()) == 1 + len(again._session.review.decisions) > 2  # type: ignore[union-attr]


def test_the_walk_names_no_card_the_learner_had_not_seen_then(saved: str) -> None:
    """The reason of the choice on display names no card unseen when it was made (nor one played after
    it in its trick): the same reason Try again then shows."""
    table = resumed(saved)
    kept = table._session.review
    assert kept is not None
    for at, decision in enumerate(kept.costly()):
        send(table, {"type": "review", "open": True, "at": at})
        mark = table.review["walk"]["mark"]
        view = kept.passing[0] if decision == "pass" else kept.decisions[decision][0]  # type: ignore[union-attr,index]
        seen = {*view.held, *view.trick.cards, *(c for t in view.tricks for c in t.cards)}
        assert mark["reason"] and not {str(c) for c in set(view.rules.deck) - seen} & card_texts(mark), mark
        send(table, {"type": "retry", "decision": decision})
        assert next(m for m in table.review["marks"] if m["decision"] == decision)["text"] == mark["text"]
        send(table, {"type": "retry", "decision": None})
