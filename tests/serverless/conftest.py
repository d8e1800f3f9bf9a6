"""The serverless site, built once per CI run as a teacher builds it: the
project's wheel installed with the ``site`` extra into a fresh virtual
environment (no source tree on its path, run from another folder), then its
``hearts-widget site OUT --add docs/example-lesson.ipynb`` (a teacher's lesson);
served by ``python -m http.server``; Debian's Chromium, every other host
black-holed. pip's cache is shared with the environment's pip, so the downloads
of one run are reused by the next.

Where the site is built: in HEARTS_SITE_DIR when set (`.ci/run` sets it to a fresh
folder per run, so its two pytest processes share one build; set it to a folder of
your own to keep the build while iterating on the tests), else in this session's
temporary folder. Every pytest process and pytest-xdist worker needing the site
takes a lock there: the first builds, the others wait and reuse its build, which
counts only once its last file (``BUILT``) is written. HEARTS_SITE names a site
built before by other means (``hearts-widget site``), used as it is."""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from servers import CHROMIUM_LAUNCH, free_port, no_request_leaves_the_machine, start_server, stop_server  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots" / "site"
BUILT = "site.built"  # written last: the build in its folder is complete


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    return {**browser_type_launch_args, **CHROMIUM_LAUNCH}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, "viewport": {"width": 1100, "height": 1000}}


def step(what: str, args: list[str], cwd: Path, env: dict[str, str]) -> str:
    """Run one step of the teacher's path; its output, or a failure naming the step."""
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, f"{what} failed:\n{done.stdout[-3000:]}{done.stderr[-3000:]}"
    return done.stdout


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site's folder: built here, or by whichever process took the lock first."""
    if os.environ.get("HEARTS_SITE"):
        return Path(os.environ["HEARTS_SITE"])
    folder = site_folder(tmp_path_factory)
    with locked(folder / "build.lock"):
        if (folder / BUILT).is_file():
            print(f"\nthe site built by an earlier pytest process: {(folder / BUILT).read_text()}")
        else:
            build_site(folder)
    return folder / "site"


def site_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """HEARTS_SITE_DIR, else this session's temporary folder (under pytest-xdist, the
    folder holding every worker's own, so that the workers share one build)."""
    if os.environ.get("HEARTS_SITE_DIR"):
        folder = Path(os.environ["HEARTS_SITE_DIR"])
    elif os.environ.get("PYTEST_XDIST_WORKER"):
        folder = tmp_path_factory.getbasetemp().parent / "serverless-site"
    else:
        folder = tmp_path_factory.getbasetemp() / "serverless-site"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (released when the file is closed, even if the process dies)."""
    with path.open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def build_site(folder: Path) -> None:
    """The teacher's path into ``folder``/site; what a build stopped halfway left there is removed first."""
    work, out = folder / "teacher", folder / "site"
    for leftover in (work, out):
        shutil.rmtree(leftover, ignore_errors=True)
    work.mkdir()
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    start = time.monotonic()
    step("pip wheel", [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(work / "dist"), str(ROOT)],
         work, env)
    (wheel,) = (work / "dist").glob("hearts_widget-*.whl")
    step("python -m venv", [sys.executable, "-m", "venv", str(work / "venv")], work, env)
    python = str(work / "venv" / "bin" / "python")
    step("pip install the wheel", [python, "-m", "pip", "install", "-q", f"{wheel}[site]"], work, env)
    installed = time.monotonic() - start
    found = step("import check", [python, "-c", "import hearts_widget; print(hearts_widget.__file__)"], work, env)
    assert str(work / "venv") in found, f"hearts_widget came from {found}, not the fresh environment"
    # With a teacher's own lesson: its notebook, which opens the lesson file beside it.
    built = step("hearts-widget site", [str(work / "venv" / "bin" / "hearts-widget"), "site", str(out),
                                        "--add", str(ROOT / "docs" / "example-lesson.ipynb")], work, env)
    summary = (f"wheel installed in a fresh environment in {installed:.0f} s; "
               f"site built in {time.monotonic() - start - installed:.0f} s: {built.strip()}")
    print(f"\n{summary}")
    (folder / BUILT).write_text(summary)


@pytest.fixture(scope="session")
def site_url(site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A plain static file server, nothing else."""
    port = free_port()
    log = tmp_path_factory.mktemp("http") / "http.log"
    proc = start_server([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"], site,
                        dict(os.environ), port, log)
    yield f"http://127.0.0.1:{port}/"
    stop_server(proc)


@pytest.fixture(scope="session")
def shots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
