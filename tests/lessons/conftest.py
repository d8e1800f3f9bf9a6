"""Fixtures for the Binder rehearsal: Debian's Chromium for Playwright (the
shared helpers, free ports, Jupyter folders and servers, are in tests/servers.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from servers import CHROMIUM_LAUNCH, no_request_leaves_the_machine  # noqa: F401 (an autouse fixture)

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots" / "lessons"
SERVER_WAIT_S = 120


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    return {**browser_type_launch_args, **CHROMIUM_LAUNCH}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, "viewport": {"width": 1100, "height": 900}}
