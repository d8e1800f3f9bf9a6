"""The hub's class service without a hub: its handlers with the hub's check of a token replaced
by a table of tokens. A learner's post is kept under the token's user whatever name it gives,
every other body is refused with words (fuzzed), a learner reads back only their own progress,
and only a teacher (an admin, or a member of the group ``teachers``) sees the class."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tornado import web

from hearts_widget.classroom import service
from hearts_widget.classroom.league import LeagueError, LeagueRunner, enter_league, league_standing
from hearts_widget.classroom.page import Links
from hearts_widget.classroom.report import (
    ENV_HUB_TOKEN,
    ENV_SERVICE,
    ENV_STORE,
    HubReporter,
    class_check_plan,
    learner_report,
)
from hearts_widget.classroom.store import ClassStore
from hearts_widget.lessons.format import builtin_lesson
from hearts_widget.lessons.prepost import CheckPlan
from hearts_widget.lessons.progress import new_progress
from hearts_widget.lessons.stepper import Lesson

from .conftest import TokenTable, opened, served, work

LESSON = builtin_lesson()
PREFIX = "/services/hearts-class/"
class Progress(TokenTable, service.ProgressHandler):
    pass


class Seal(TokenTable, service.SealHandler):
    pass


class Page(TokenTable, service.HubPage):
    pass


class Csv(TokenTable, service.HubCsv):
    pass


class Now(TokenTable, service.HubNow):
    pass


class LeagueRun(TokenTable, service.HubLeague):
    pass


class LeagueEntry(TokenTable, service.LeagueEntryHandler):
    pass


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, ClassStore]]:
    store = ClassStore(tmp_path / "class.sqlite")
    links = Links(page=PREFIX, now=f"{PREFIX}now", csv=f"{PREFIX}class.csv", league=f"{PREFIX}league")
    teacher = {"lesson": LESSON, "store": store, "links": links, "keep_days": 30,
               "league": LeagueRunner(store, deals=2)}
    app = web.Application([(f"{PREFIX}api/progress", Progress, {"lesson": LESSON, "store": store}),
                           (f"{PREFIX}api/seal", Seal, {"lesson": LESSON, "store": store}),
                           (f"{PREFIX}api/league", LeagueEntry, {"lesson": LESSON, "store": store}),
                           (PREFIX, Page, teacher), (links.csv, Csv, teacher), (links.now, Now, teacher),
                           (links.league, LeagueRun, teacher)], cookie_secret=b"x" * 32)
    with served(app) as base:
        yield f"{base}{PREFIX}", store


def ask(url: str, token: str | None = None, body: bytes | None = None) -> tuple[int, str]:
    headers = {"Authorization": f"token {token}"} if token else {}
    request = urllib.request.Request(url, data=body, headers=headers, method="POST" if body is not None else "GET")
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, answer.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8")


def report(name: str = "Somebody Else", step: int = 2) -> dict[str, Any]:
    progress = {**new_progress(LESSON, "sw"), "name": name, "step": LESSON.steps[step].key}
    return learner_report(LESSON, progress)


def test_a_post_is_kept_under_the_tokens_user_whatever_name_it_gives(server: tuple[str, ClassStore]) -> None:
    url, store = server
    status, body = ask(f"{url}api/progress", "amina-token", json.dumps(report("jose")).encode())
    assert status == 200, body
    [row] = store.learners(LESSON.id)
    assert (row.learner, row.name, row.step) == ("amina", "amina", LESSON.steps[2].key)


def test_the_kernels_reporter_posts_with_the_hub_token(server: tuple[str, ClassStore]) -> None:
    url, store = server
    reporter = HubReporter(url, "jose-token")
    reporter.report(report(step=4))
    assert reporter.flush(10)
    assert [(row.learner, row.step) for row in store.learners(LESSON.id)] == [("jose", LESSON.steps[4].key)]


def test_a_learner_reads_back_only_their_own_progress(server: tuple[str, ClassStore]) -> None:
    url, _store = server
    ask(f"{url}api/progress", "amina-token", json.dumps(report(step=3)).encode())
    assert ask(f"{url}api/progress", "jose-token")[0] == 404, "jose has posted nothing: nothing to read"
    status, body = ask(f"{url}api/progress", "amina-token")
    assert status == 200 and json.loads(body)["kept"]["learner"] == "amina"
    assert ask(f"{url}api/progress")[0] == 403, "no token, nothing read"
    ask(f"{url}api/progress", "jose-token", json.dumps(report(step=5)).encode())
    assert json.loads(ask(f"{url}api/progress", "jose-token")[1])["kept"]["step"] == LESSON.steps[5].key


def test_only_a_teacher_sees_the_class(server: tuple[str, ClassStore]) -> None:
    url, _store = server
    ask(f"{url}api/progress", "amina-token", json.dumps(report(step=3)).encode())
    for token in ("ada-token", "root-token"):
        status, page = ask(url, token)
        assert status == 200 and 'data-learner="amina"' in page
        assert ask(f"{url}class.csv", token)[1].count("\namina,amina,") == len(LESSON.steps)
    for token in ("amina-token", "jose-token"):
        status, page = ask(url, token)
        assert status == 403 and "This page is for the teacher" in page and "amina" not in page
        assert ask(f"{url}class.csv", token)[0] == 403


@pytest.mark.parametrize(("body", "status", "words"), [
    (b"not json", 400, "the report is not JSON"),
    (b"[]", 400, "report field 'report': an object, not list"),
    (json.dumps({**report(), "lesson": "x"}).encode(), 400, "this class records the lesson 'hearts-basics'"),
    (b" " * (service.MAX_BODY + 1), 413, "a report is at most"),
], ids=["not-json", "a-list", "another-lesson", "too-long"])  # report() draws a learner id: no id of it
def test_a_bad_post_is_refused_with_words(server: tuple[str, ClassStore], body: bytes, status: int,
                                          words: str) -> None:
    url, store = server
    answer = ask(f"{url}api/progress", "amina-token", body)
    assert answer[0] == status and words in json.loads(answer[1])["error"]
    assert store.learners(LESSON.id) == []


BODIES = st.one_of(
    st.binary(max_size=300),
    st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
                 lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
                 max_leaves=15).map(lambda value: json.dumps(value).encode()),
    st.dictionaries(st.sampled_from(sorted(report())), st.integers() | st.text(max_size=8) | st.booleans(),
                    max_size=4).map(lambda change: json.dumps({**report(), **change}).encode()),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=BODIES)
def test_fuzz_any_post_is_kept_checked_or_refused_with_words(server: tuple[str, ClassStore], body: bytes) -> None:
    url, store = server
    status, answer = ask(f"{url}api/progress", "jose-token", body)
    assert status in (200, 400), answer
    said = json.loads(answer)
    if status == 400:
        assert said["error"].startswith("report field '") or said["error"] == "the report is not JSON"
    else:
        assert store.learner(LESSON.id, "jose") is not None
    for row in store.learners(LESSON.id):  # never a broken row
        assert row.learner == "jose" and row.report["lesson"] == LESSON.id


def test_each_hub_user_gets_a_seal_key_of_their_own(server: tuple[str, ClassStore]) -> None:
    url, store = server
    keys = {token: json.loads(ask(f"{url}api/seal", token)[1])["key"] for token in ("amina-token", "jose-token")}
    assert keys["amina-token"] != keys["jose-token"] and len(bytes.fromhex(keys["amina-token"])) == 32
    assert keys["amina-token"] == service.hub_seal_key(store.class_key(), "amina").hex()
    assert HubReporter(url, "amina-token").seal_key() == bytes.fromhex(keys["amina-token"])
    assert ask(f"{url}api/seal")[0] == 403, "no token, no key"
    assert HubReporter("http://127.0.0.1:1/services/hearts-class/", "amina-token").seal_key() is None


def test_on_the_hub_a_copy_edited_in_the_browser_is_refused(server: tuple[str, ClassStore],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    url, store = server
    monkeypatch.delenv(ENV_STORE, raising=False)
    monkeypatch.setenv(ENV_SERVICE, url)
    monkeypatch.setenv(ENV_HUB_TOKEN, "amina-token")
    first = opened(Lesson(lang="en"))
    work(first)
    kept = json.loads(json.dumps(first.store.progress))  # type: ignore[union-attr]
    assert opened(Lesson(lang="en"), kept).index == first.index, "her own sealed copy comes back"
    kept["steps"][LESSON.steps[0].key]["done"] = True
    kept["step"] = LESSON.steps[-1].key
    again = opened(Lesson(lang="en"), kept)
    assert again.index == 0 and again.notice.layout.display != "none"
    assert again.reporter is not None and again.reporter.flush(10)
    [row] = store.learners(LESSON.id)
    assert (row.learner, row.step) == ("amina", LESSON.steps[0].key)


BOT = "def careful(view):\n    return view.legal[0]\n"


def test_a_learner_enters_a_bot_under_their_own_name_and_reads_only_their_standing(
        server: tuple[str, ClassStore], monkeypatch: pytest.MonkeyPatch) -> None:
    url, store = server
    monkeypatch.delenv(ENV_STORE, raising=False)
    monkeypatch.setenv(ENV_SERVICE, url)
    monkeypatch.setenv(ENV_HUB_TOKEN, "amina-token")
    assert str(enter_league(BOT, name="Somebody Else")) == (
        "Your bot careful is entered in the class league as amina. When your teacher runs the league, "
        "`league_standing()` shows where it stands.")
    assert [(e.learner, e.name, e.bot) for e in store.league_entries()] == [("amina", "amina", "careful")]
    assert str(league_standing()) == "Your bot careful is entered; your teacher has not run the league since."
    monkeypatch.setenv(ENV_HUB_TOKEN, "jose-token")
    assert str(league_standing()) == "You have not entered a bot in the class league yet."
    monkeypatch.setenv(ENV_HUB_TOKEN, "nobody")
    with pytest.raises(LeagueError, match="The class did not take the entry: send your hub token"):
        enter_league(BOT, name="x")


@pytest.mark.parametrize(("body", "words"), [
    (b"not json", "the entry is not a JSON object"),
    (json.dumps({"bot": "careful", "source": "def other(view): pass"}).encode(),
     "The code defines no function careful."),
    (json.dumps({"bot": "careful", "source": "x" * 30_000}).encode(), "at most 20000 can be entered"),
])
def test_a_bad_entry_is_refused_with_words(server: tuple[str, ClassStore], body: bytes, words: str) -> None:
    url, store = server
    status, answer = ask(f"{url}api/league", "jose-token", body)
    assert status == 400 and words in json.loads(answer)["error"]
    assert store.league_entries() == []


def test_only_a_teacher_runs_the_league_and_sees_its_table(server: tuple[str, ClassStore]) -> None:
    url, store = server
    ask(f"{url}api/league", "amina-token", json.dumps({"bot": "careful", "source": BOT}).encode())
    for token in ("amina-token", None):
        status, page = ask(f"{url}league", token, b"")
        assert status == 403 and "This page is for the teacher" in page
        assert ask(f"{url}now", token)[0] == 403
    status, answer = ask(f"{url}league", "ada-token", b"")
    assert status == 202 and json.loads(answer) == {"started": True}
    for _ in range(600):
        part = ask(f"{url}now", "ada-token")[1]
        if "Last run finished at" in part:
            break
        time.sleep(0.1)
    assert re.search(r'<th scope="row">careful</th><td>amina</td>', part)
    standing = json.loads(ask(f"{url}api/league", "amina-token")[1])
    assert standing["entered"] == "careful" and standing["count"] == 3 and standing["standing"]["name"] == "amina"
    assert set(json.loads(ask(f"{url}api/league", "jose-token")[1])) == {"entered"}, "jose entered nothing"
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_stops_the_service_quietly(tmp_path: Path, signum: int) -> None:
    """The hub stops its services with SIGINT, then SIGTERM (SIGINT as a teacher's Ctrl+C): the
    service says it stopped and exits 0, without a KeyboardInterrupt traceback in the hub's log;
    also when it was started with SIGINT ignored, as a background job (or a pytest-xdist worker,
    where this test once waited 60 s for a service that ignored SIGINT) starts it."""
    with socket.socket() as probe:  # a free port for the service's own address
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "JUPYTERHUB_SERVICE_URL": f"http://127.0.0.1:{port}", "JUPYTERHUB_SERVICE_PREFIX": PREFIX,
           "JUPYTERHUB_API_TOKEN": "service-token", "JUPYTERHUB_API_URL": "http://127.0.0.1:9/hub/api"}
    service_process = subprocess.Popen(
        [sys.executable, "-m", "hearts_widget.classroom.service", "--db", str(tmp_path / "class.sqlite")],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))  # noqa: PLW1509 (no threads)
    try:
        assert service_process.stdout is not None
        assert "listening" in service_process.stdout.readline()
        # A class has the checks before and after the lesson unless the teacher says --no-check.
        assert ClassStore(tmp_path / "class.sqlite").check_plan() == CheckPlan()
        service_process.send_signal(signum)
        out, err = service_process.communicate(timeout=60)
    finally:
        service_process.kill()
    assert service_process.returncode == 0, err
    assert "stopped" in out
    assert "Traceback" not in err, err


def test_the_service_refuses_no_check_with_a_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for options in (["--no-check", "--check"], ["--no-check", "--check-later", "7"]):
        with pytest.raises(SystemExit) as stopped:
            service.main(["--db", str(tmp_path / "class.sqlite"), *options])
        assert stopped.value.code == 2
        assert "--no-check goes with neither --check nor --check-later" in capsys.readouterr().err


def test_on_the_hub_the_lesson_has_the_checks_the_teacher_asked_for(server: tuple[str, ClassStore],
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    url, store = server
    assert HubReporter(url, "amina-token").check_plan() is None
    store.set_check_plan(CheckPlan(later_days=7))  # as `service --check-later 7` keeps it
    assert HubReporter(url, "amina-token").check_plan() == CheckPlan(later_days=7)
    monkeypatch.delenv(ENV_STORE, raising=False)
    monkeypatch.setenv(ENV_SERVICE, url)
    monkeypatch.setenv(ENV_HUB_TOKEN, "amina-token")
    assert class_check_plan() == CheckPlan(later_days=7)
    keys = [step.key for step in Lesson(lang="en", remember=False).lesson.steps]
    assert keys[0] == "check-before" and "check-later" in keys
    assert HubReporter("http://127.0.0.1:1/services/hearts-class/", "amina-token").check_plan() is None
