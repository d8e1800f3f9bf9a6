"""The serverless site, built once per session by ``python -m hearts_widget site``
(or taken from HEARTS_SITE, a site built before, to iterate on the tests) and
served by ``python -m http.server``; Debian's Chromium, every other host black-holed."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from servers import CHROMIUM_LAUNCH, free_port, no_request_leaves_the_machine, start_server, stop_server  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots" / "site"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    return {**browser_type_launch_args, **CHROMIUM_LAUNCH}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, "viewport": {"width": 1100, "height": 1000}}


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if os.environ.get("HEARTS_SITE"):
        return Path(os.environ["HEARTS_SITE"])
    out = tmp_path_factory.mktemp("site") / "site"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    start = time.monotonic()
    built = subprocess.run([sys.executable, "-m", "hearts_widget", "site", str(out)], env=env,
                           capture_output=True, text=True, timeout=900)
    assert built.returncode == 0, f"the site did not build:\n{built.stdout}{built.stderr}"
    print(f"\nsite built in {time.monotonic() - start:.0f} s: {built.stdout.strip()}")
    return out


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
