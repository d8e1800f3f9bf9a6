"""The live board ("predict, then reveal", issue 34 item 1) without a browser: the round in the class
store (put, each learner answers once a card they hold, the spread, reveal, back), a learner's
lesson kernel following it (the board on top of the lesson, no verdict until the reveal, then
back where they were; only their own cards of the board in its widgets), the teacher's controls
on the launcher and on the hub's service (a learner's token or cookie refused), and the hub's
learners' address, which the kernels on JupyterHub use.
"""

from __future__ import annotations

import http.cookiejar
import json
import re
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tornado import web

from hearts_widget.classroom import service
from hearts_widget.classroom.handlers import token_handlers
from hearts_widget.classroom.live import HubLive, LiveError, LiveRounds, most_missed
from hearts_widget.classroom.page import Links
from hearts_widget.classroom.report import learner_report
from hearts_widget.classroom.store import ClassStore
from hearts_widget.lessons.format import builtin_lesson
from hearts_widget.lessons.path import STEPS
from hearts_widget.lessons.progress import new_progress
from hearts_widget.lessons.stepper import Lesson

from .conftest import USERS, TokenTable, opened, served

LESSON = builtin_lesson()
BOARD = STEPS[2].positions[0]  # follow suit: 6♦ led; 7♣ 3♦ Q♦ 9♠ 4♥ in hand
ALLOWED, REFUSED = "QD", "9S"
HIDDEN = [card for seat in range(4) if seat != BOARD.seat for card in BOARD.hand.held(seat)]
PREFIX = "/services/hearts-class/"
TEACHER_TOKEN = "teacher-token-for-the-live-board"


@pytest.fixture
def rounds(tmp_path: Path) -> LiveRounds:
    return LiveRounds(ClassStore(tmp_path / "class.sqlite"), LESSON)


def test_a_round_put_answered_once_revealed_and_closed(rounds: LiveRounds) -> None:
    assert rounds.current() is None and rounds.for_learner("amina-0001") is None
    put = rounds.put(BOARD.key)
    assert (put.board, put.state) == (BOARD.key, "open")
    for learner in ("amina-0001", "jose-00002", "kofi-00003"):
        assert rounds.for_learner(learner) == {"round": put.number, "board": BOARD.key, "state": "open", "mine": None}
    assert rounds.answer("amina-0001", put.number, ALLOWED) == ALLOWED
    assert rounds.answer("jose-00002", put.number, "9♠") == REFUSED, "a card as the engine writes it"
    spread = rounds.spread(put.number)
    assert (spread.present, spread.answered, spread.cards) == (3, 2, {ALLOWED: 1, REFUSED: 1})
    assert rounds.for_learner("amina-0001")["mine"] == ALLOWED
    assert "spread" not in rounds.for_learner("amina-0001"), "no one sees the class's answers before the reveal"
    rounds.answer("kofi-00003", put.number, ALLOWED)
    assert rounds.spread(put.number).cards == {ALLOWED: 2, REFUSED: 1}, "most chosen first"
    assert rounds.reveal().state == "revealed"
    assert rounds.for_learner("kofi-00003") == {"round": put.number, "board": BOARD.key, "state": "revealed",
                                                "mine": ALLOWED, "spread": {ALLOWED: 2, REFUSED: 1}}
    assert rounds.back().state == "closed"
    assert rounds.current() is None and rounds.for_learner("amina-0001") is None
    again = rounds.put(BOARD.key)
    assert again.number == put.number + 1 and rounds.spread(again.number).answered == 0, "a new round starts empty"


@pytest.mark.parametrize(("learner", "number", "card", "words"), [
    ("amina-0001", 1, ALLOWED, "has answered round 1 already (QD)"),
    ("jose-00002", 1, "2C", "'2C' is not a card of this board's hand (7C 3D QD 9S 4H)"),
    ("jose-00002", 1, "6D", "'6D' is not a card of this board's hand"),  # on the table, not in hand
    ("jose-00002", 1, "zz", "'zz' is not a card of this board's hand"),
    ("jose-00002", 2, ALLOWED, "round 2 is not the board before the class"),
    ("", 1, ALLOWED, "no learner"),
], ids=["twice", "not-held", "on-the-table", "not-a-card", "another-round", "nobody"])
def test_an_answer_is_refused_with_words(rounds: LiveRounds, learner: str, number: int, card: str,
                                         words: str) -> None:
    rounds.put(BOARD.key)
    rounds.answer("amina-0001", 1, ALLOWED)
    with pytest.raises(LiveError, match=re.escape(words)):
        rounds.answer(learner, number, card)
    assert rounds.spread(1).cards == {ALLOWED: 1}, "a refused answer changes nothing"


def test_the_teachers_moves_are_refused_out_of_turn(rounds: LiveRounds) -> None:
    with pytest.raises(LiveError, match="no board 'nowhere'"):
        rounds.put("nowhere")
    with pytest.raises(LiveError, match="no open board to reveal"):
        rounds.reveal()
    with pytest.raises(LiveError, match="no board before the class"):
        rounds.back()
    rounds.put(BOARD.key)
    rounds.reveal()
    with pytest.raises(LiveError, match="answers are closed"):
        rounds.answer("amina-0001", 1, ALLOWED)
    with pytest.raises(LiveError, match="no open board to reveal"):
        rounds.reveal()


def test_the_class_s_most_missed_boards_come_first(rounds: LiveRounds) -> None:
    others = [p.key for step in STEPS for p in step.positions if p.key != BOARD.key]
    for number, wrong in enumerate(([BOARD.key, others[0]], [BOARD.key], [others[1]])):
        report = learner_report(LESSON, {**new_progress(LESSON, "en"), "learner": f"learner-{number:04d}"})
        report["first_try"] = {f"position:{key}": False for key in wrong} | {f"position:{others[2]}": True}
        rounds.store.record(LESSON, report)
    missed = most_missed(LESSON, rounds.store.learners(LESSON.id))
    assert missed == [(BOARD.key, 2), (others[0], 1), (others[1], 1)]


def test_old_rounds_are_forgotten_with_their_answers(rounds: LiveRounds) -> None:
    rounds.put(BOARD.key)
    rounds.answer("amina-0001", 1, ALLOWED)
    rounds.back()
    assert rounds.forget_older_than(30) == 0, "a round of today is kept"
    assert rounds.forget_older_than(30, now=time.time() + 31 * 86400) == 1
    assert rounds.spread(1).present == 0


def strings_of(widget: Any) -> str:
    """Every text a widget tree sends to the browser (values, labels, tooltips)."""
    texts = [str(getattr(widget, name, "")) for name in ("value", "description", "tooltip")]
    return " ".join(texts + [strings_of(child) for child in getattr(widget, "children", ())])


def test_a_learners_lesson_shows_the_board_on_top_then_the_verdict_then_goes_back(store_path: Path) -> None:
    lesson = opened(Lesson(lang="en"))
    lesson.go(5)
    assert lesson.live is not None and not lesson.live.shown
    rounds = LiveRounds(ClassStore(store_path), LESSON)
    number = rounds.put(BOARD.key).number
    lesson.live.check()
    assert lesson.live.shown and lesson.content.layout.display == "none" and lesson.next.disabled
    shown = strings_of(lesson.live)
    assert BOARD.prompt("en") in shown and "East: 6♦" in shown
    assert [b.description for b in lesson.live.cards.children] == ["7♣", "3♦", "Q♦", "9♠", "4♥"]
    assert not [str(card) for card in HIDDEN if str(card) in shown], "another seat's card reached the browser"
    assert rounds.spread(number).present == 1
    button = next(b for b in lesson.live.cards.children if b.description == "9♠")
    button.click()
    lesson.live.send.click()
    assert rounds.spread(number).cards == {REFUSED: 1}
    assert "Your answer: 9♠" in lesson.live.outcome.value and "Not allowed" not in strings_of(lesson.live)
    assert all(b.disabled for b in lesson.live.cards.children), "one answer"
    rounds.reveal()
    lesson.live.check()
    outcome = lesson.live.outcome.value
    assert "Not allowed" in outcome and BOARD.hand.explain(REFUSED).text("en") in outcome
    assert "9♠: 1 learner" in outcome
    lesson.set_lang("sw")
    assert "Zoezi la mwalimu wako" in lesson.live.words.value and "Hairuhusiwi" in lesson.live.outcome.value
    rounds.back()
    lesson.live.check()
    assert not lesson.live.shown and lesson.content.layout.display is None and lesson.index == 5
    assert not lesson.next.disabled, "back where the learner was"


# -- the teacher's controls and the hub's learners' address, over HTTP -----------------------

class HubLiveAsTokens(TokenTable, service.HubLive):
    def check_xsrf_cookie(self) -> None:
        """The hub asks for no XSRF token from a request made with a token (see ``HubOAuth.check_xsrf_cookie``)."""


class LearnerLiveAsTokens(TokenTable, service.LearnerLiveHandler):
    pass


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, LiveRounds]]:
    """The launcher's teacher's routes at ``/teacher`` and the hub service's live routes, one server."""
    store = ClassStore(tmp_path / "class.sqlite")
    rounds = LiveRounds(store, LESSON)
    links = Links(page=PREFIX, now=f"{PREFIX}now", csv=f"{PREFIX}class.csv", live=f"{PREFIX}live")
    hub = {"lesson": LESSON, "store": store, "links": links, "keep_days": 30, "rounds": rounds}
    routes = [*token_handlers(LESSON, store, TEACHER_TOKEN, 0, 30),
              (links.live, HubLiveAsTokens, hub),
              (f"{PREFIX}api/live", LearnerLiveAsTokens, {"lesson": LESSON, "store": store, "rounds": rounds})]
    app = web.Application(routes, cookie_secret=b"x" * 32)
    with served(app) as base:
        yield base, rounds


def call(opener: urllib.request.OpenerDirector, url: str, body: Any = None,
         headers: dict[str, str] | None = None) -> tuple[int, str]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with opener.open(request, timeout=10) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def test_the_launchers_teacher_runs_a_round_and_a_learner_is_refused(server: tuple[str, LiveRounds]) -> None:
    url, rounds = server
    teacher = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    status, page = call(teacher, f"{url}/teacher?token={TEACHER_TOKEN}")
    assert status == 200 and 'id="hc-live"' in page and f'value="{BOARD.key}"' in page
    xsrf = {"X-XSRFToken": re.search(r'data-xsrf="([^"]+)"', page).group(1)}  # type: ignore[union-attr]
    status, part = call(teacher, f"{url}/teacher/live", {"action": "put", "board": BOARD.key}, xsrf)
    assert status == 200 and 'data-state="open"' in part and "0 of 0 learners answered" in part
    rounds.for_learner("amina-0001")
    rounds.for_learner("jose-00002")
    rounds.answer("amina-0001", 1, ALLOWED)
    part = call(teacher, f"{url}/teacher/live")[1]
    assert "1 of 2 learners answered" in part and "Q♦: 1 learner" in part and "amina" not in part
    assert "✓" not in part, "no verdict before the reveal"
    assert not [str(card) for card in HIDDEN if str(card) in part], "another seat's card on the teacher's page"
    assert call(teacher, f"{url}/teacher/live", {"action": "reveal", "round": 7}, xsrf)[0] == 409, "a stale page"
    status, part = call(teacher, f"{url}/teacher/live", {"action": "reveal", "round": 1}, xsrf)
    assert status == 200 and 'data-state="revealed"' in part and "✓ allowed" in part
    assert call(teacher, f"{url}/teacher/live", {"action": "back", "round": 1}, None)[0] == 403, "no XSRF token"
    assert call(teacher, f"{url}/teacher/live", {"action": "back", "round": 1}, xsrf)[0] == 200
    assert rounds.current() is None

    learner = urllib.request.build_opener()  # a learner: the learners' token, or nothing the teacher holds
    for path in ("/teacher/live", "/teacher/live?token=learners-token"):
        assert call(learner, f"{url}{path}")[0] == 403
        assert call(learner, f"{url}{path}", {"action": "put", "board": BOARD.key})[0] == 403
    assert rounds.current() is None, "a learner put nothing"


def test_on_the_hub_learners_answer_as_their_user_and_only_a_teacher_moves(server: tuple[str, LiveRounds]) -> None:
    url, rounds = server
    live = f"{url}{PREFIX}live"
    plain = urllib.request.build_opener()
    assert call(plain, live, {"action": "put", "board": BOARD.key}, {"Authorization": "token amina-token"})[0] == 403
    status, part = call(plain, live, {"action": "put", "board": BOARD.key}, {"Authorization": "token ada-token"})
    assert status == 200 and 'data-state="open"' in part
    amina, jose = (HubLive(f"{url}{PREFIX}", f"{name}-token") for name in ("amina", "jose"))
    assert amina.fetch() == {"round": 1, "board": BOARD.key, "state": "open", "mine": None}
    jose.fetch()
    amina.answer(1, ALLOWED)
    rounds.store.record(LESSON, learner_report(LESSON, {**new_progress(LESSON, "en"), "learner": "x" * 8}),
                        learner="amina", name="Amina M.")  # as the service keeps a hub user's progress
    with pytest.raises(LiveError, match="answered round 1 already"):
        amina.answer(1, REFUSED)
    with pytest.raises(LiveError, match="not a card of this board's hand"):
        jose.answer(1, "AS")
    part = call(plain, f"{live}?names=1", headers={"Authorization": "token root-token"})[1]
    assert "1 of 2 learners answered" in part and "Amina M." in part, "names when the teacher asks"
    assert "Amina M." not in call(plain, live, headers={"Authorization": "token root-token"})[1], "else none"
    assert rounds.spread(1).who == {ALLOWED: ["amina"]}, "kept under the token's user"
    assert call(plain, f"{url}{PREFIX}api/live")[0] == 403, "no token, no board"
    assert USERS["amina-token"]["name"] == "amina"
    assert call(plain, live, headers={"Authorization": "token jose-token"})[0] == 403, "a learner's token: no spread"
