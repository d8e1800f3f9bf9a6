"""Marks every test that drives a real browser (it uses Playwright's ``page``,
``context`` or ``browser``).

`.ci/run` runs those in a pytest process of their own: Playwright's sync API
keeps an asyncio loop running in the test process, and a table made later in
that process would schedule its bots on that loop (as it does in a kernel),
where they never run.
"""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if {"page", "context", "browser"} & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)
