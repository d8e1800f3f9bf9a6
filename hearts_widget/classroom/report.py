"""What a learner's lesson tells the teacher, and how it gets to the class store.

The lesson's kernel makes a report from its progress (:func:`learner_report`: steps,
answers right at the first try, rules; no card, no hand): what it saw the learner do,
and a copy the browser kept only when it carries the seal made with the class's key
(:meth:`Reporter.seal_key`; see ``hearts_widget.lessons.progress.check_progress``).
It hands it to a :class:`Reporter`, which sends the latest one in the
background, in order, so that the lesson never waits for it:

- the launcher (``python -m hearts_widget --lesson``) names the class store's file in
  ``HEARTS_CLASS_DB``: the kernel writes into it (:class:`StoreReporter`);
- on JupyterHub the configuration names the class service in ``HEARTS_CLASS_SERVICE_URL``:
  the kernel posts to it with the learner's own hub token, ``JUPYTERHUB_API_TOKEN``
  (:class:`HubReporter`), and the service stores it under the hub user's name.

Without either, nothing is sent (:func:`class_reporter` gives None): a lesson opened
alone keeps its progress in the browser only, as before.
"""

from __future__ import annotations

import atexit
import json
import os
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..lessons.checks import first_try_right, valid_tries
from ..lessons.format import Lesson
from ..lessons.mastery import rule_progress
from ..lessons.prepost import CheckPlan, plan_of, scores
from ..lessons.progress import results
from .store import REPORT_FORMAT, STEP_FIELDS, ClassStore, ClassStoreError, ReportError

ENV_STORE = "HEARTS_CLASS_DB"
ENV_SERVICE = "HEARTS_CLASS_SERVICE_URL"
ENV_HUB_TOKEN = "JUPYTERHUB_API_TOKEN"
RETRY_S = 5.0  # after a failed send, the latest report is tried again this much later
POST_TIMEOUT_S = 10.0
SEAL_TIMEOUT_S = 5.0  # the lesson waits this long at most for its seal key, once
FLUSH_AT_EXIT_S = 2.0


def learner_report(lesson: Lesson, progress: dict[str, Any]) -> dict[str, Any]:
    """The report of ``progress`` (a lesson's progress as the browser keeps it) for the class store:
    per step the numbers of the learner's results file, per rule the answers right unaided and
    wrong, per board and question whether the first answer was right unaided."""
    steps = {row["key"]: {field: row[field] for field in STEP_FIELDS} for row in results(lesson, progress)}
    rules = {rule: {"right": row["right"], "wrong": row["wrong"]}
             for rule, row in rule_progress(lesson, progress).items()}
    first_try: dict[str, bool] = {}
    for step in lesson.steps:
        record = progress.get("steps", {}).get(step.key, {})
        parts = record.get("parts", {}) if isinstance(record, dict) else {}
        for position in step.positions:
            state = parts.get(f"position:{position.key}")
            first = state.get("first") if isinstance(state, dict) else None
            if isinstance(first, bool):
                first_try[f"position:{position.key}"] = first
        for check in step.checks:
            state = parts.get(f"check:{check.key}")
            tries = valid_tries(check, state.get("tries") if isinstance(state, dict) else None)
            if tries:
                first_try[f"check:{check.key}"] = first_try_right(check, tries)
    report = {"format": REPORT_FORMAT, "lesson": lesson.id, "learner": progress["learner"],
              "name": progress.get("name", ""), "step": progress["step"], "lang": progress["lang"],
              "steps": steps, "rules": rules, "first_try": first_try}
    if plan_of(lesson) is not None:  # per check finished, per rule: right or not
        report["check"] = scores(lesson, progress)
    return report


def say(message: str) -> None:
    """A line in the server's log: the kernel process's own stderr (``sys.stderr`` would go to the page)."""
    stream = sys.__stderr__
    if stream is not None:
        stream.write(f"hearts_widget.classroom: {message}\n")
        stream.flush()


class Reporter:
    """Sends the latest report in a thread of its own: a report given while another is being sent
    replaces any still waiting (only the latest matters); a failed send is tried again after
    :data:`RETRY_S` unless a newer report came; what is waiting at exit is sent then."""

    asks_name = False  # whether the lesson asks the learner's name (the hub knows it)

    def __init__(self) -> None:
        self._waiting: dict[str, Any] | None = None
        self._sending = False
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None
        self._last_problem = ""

    def report(self, report: dict[str, Any]) -> None:
        with self._changed:
            self._waiting = report
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="hearts-class-report", daemon=True)
                self._thread.start()
                atexit.register(self.flush, FLUSH_AT_EXIT_S)
            self._changed.notify_all()

    def flush(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds until nothing is waiting or being sent; whether that came."""
        with self._changed:
            return self._changed.wait_for(lambda: self._waiting is None and not self._sending, timeout)

    def _run(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: self._waiting is not None)
                report, self._waiting, self._sending = self._waiting, None, True
            sent = self._send_logged(report)
            with self._changed:
                self._sending = False
                if not sent and self._waiting is None:
                    self._waiting = report
                self._changed.notify_all()
                if not sent:
                    self._changed.wait(RETRY_S)

    def _send_logged(self, report: Any) -> bool:
        try:
            self.send(report)
        except ReportError as error:  # sending it again would not help: dropped, and said
            say(f"the teacher's view refused this learner's progress: {error}")
            return True
        except Exception as error:  # noqa: BLE001 - whatever happens, the lesson goes on; the log says why
            problem = f"the teacher's view did not get this learner's progress: {error}"
            if problem != self._last_problem:
                say(problem)
                self._last_problem = problem
            return False
        self._last_problem = ""
        return True

    def send(self, report: dict[str, Any]) -> None:
        raise NotImplementedError

    def seal_key(self) -> bytes | None:
        """The class's key the lesson seals the browser's copy of the progress with (None: no seal)."""
        return None


class StoreReporter(Reporter):
    """Writes into the class store's file (the launcher's kernels, all on one machine)."""

    asks_name = True  # the launcher knows no names: the learner types theirs

    def __init__(self, lesson: Lesson, path: Path) -> None:
        super().__init__()
        self.lesson = lesson
        self.path = path
        self._store: ClassStore | None = None

    def _opened(self) -> ClassStore:
        if self._store is None:
            self._store = ClassStore(self.path)
        return self._store

    def send(self, report: dict[str, Any]) -> None:
        self._opened().record(self.lesson, report)

    def seal_key(self) -> bytes | None:
        """The key kept in the class store (None, said in the log, when the store cannot be opened:
        then nothing reaches the teacher either)."""
        try:
            return self._opened().class_key()
        except ClassStoreError as error:
            say(f"the class store cannot be opened, so the browser's copy is not sealed: {error}")
            return None


class HubReporter(Reporter):
    """Posts to the hub's class service with the learner's hub token (JupyterHub)."""

    def __init__(self, url: str, token: str) -> None:
        super().__init__()
        self.url = url.rstrip("/") + "/api/progress"
        self.seal_url = url.rstrip("/") + "/api/seal"
        self.token = token

    def seal_key(self) -> bytes | None:
        """This hub user's seal key, asked of the class service (None, said in the log, when it
        does not answer: the browser's copy then goes unsealed, as outside a class)."""
        request = urllib.request.Request(self.seal_url, headers={"Authorization": f"token {self.token}"})
        try:
            with urllib.request.urlopen(request, timeout=SEAL_TIMEOUT_S) as answer:
                return bytes.fromhex(json.load(answer)["key"])
        except (OSError, ValueError, KeyError, TypeError) as error:
            say(f"{self.seal_url} gave no seal key ({error}): the browser's copy is not sealed")
            return None

    def check_plan(self) -> CheckPlan | None:
        """The checks the teacher asked for, as the class service says with the seal key (None, said in
        the log, when it does not answer or asked for none)."""
        request = urllib.request.Request(self.seal_url, headers={"Authorization": f"token {self.token}"})
        try:
            with urllib.request.urlopen(request, timeout=SEAL_TIMEOUT_S) as answer:
                asked = json.load(answer).get("check")
            return None if asked is None else CheckPlan(later_days=asked["later_days"])
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
            say(f"{self.seal_url} did not say which checks the teacher asked for ({error}): the lesson has none")
            return None

    def send(self, report: dict[str, Any]) -> None:
        request = urllib.request.Request(self.url, data=json.dumps(report).encode("utf-8"), method="POST",
                                         headers={"Authorization": f"token {self.token}",
                                                  "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=POST_TIMEOUT_S):
                pass
        except urllib.error.HTTPError as error:
            answer = f"{self.url} answered {error.code}: {error.read(300).decode('utf-8', 'replace')}"
            raise (ReportError if error.code == 400 else RuntimeError)(answer) from None


def class_check_plan(environ: Mapping[str, str] | None = None) -> CheckPlan | None:
    """The checks the teacher asked for (None: none, or not a class): in the class store this kernel
    writes to, or on JupyterHub as the class service says (what cannot be read is said in the log)."""
    environ = os.environ if environ is None else environ
    if not environ.get(ENV_STORE):
        if environ.get(ENV_SERVICE) and environ.get(ENV_HUB_TOKEN):
            return HubReporter(environ[ENV_SERVICE], environ[ENV_HUB_TOKEN]).check_plan()
        return None
    try:
        return ClassStore(Path(environ[ENV_STORE])).check_plan()
    except ClassStoreError as error:
        say(f"the class store cannot be opened, so the lesson has no checks: {error}")
        return None


def class_reporter(lesson: Lesson, environ: Mapping[str, str] | None = None) -> Reporter | None:
    """The reporter this kernel's environment asks for, or None outside a class."""
    environ = os.environ if environ is None else environ
    if environ.get(ENV_STORE):
        return StoreReporter(lesson, Path(environ[ENV_STORE]))
    if environ.get(ENV_SERVICE) and environ.get(ENV_HUB_TOKEN):
        return HubReporter(environ[ENV_SERVICE], environ[ENV_HUB_TOKEN])
    return None
