"""Marks every test that drives a real browser (it uses Playwright's ``page``,
``context`` or ``browser``).

`.ci/run` runs those in a pytest process of their own: Playwright's sync API
keeps an asyncio loop running in the test process, and a table made later in
that process would schedule its bots on that loop (as it does in a kernel),
where they never run.
"""

from __future__ import annotations

import tempfile
from collections.abc import Generator
from pathlib import Path

import pytest
from playwright.sync_api import Page

_config: list[pytest.Config] = []


def pytest_configure(config: pytest.Config) -> None:
    _config.append(config)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """A browser test that failed and is run again (`.ci/run` reruns them once): its failure and
    what the page showed are printed now, as pytest prints only the failures of the last run."""
    terminal = _config[0].pluginmanager.get_plugin("terminalreporter") if _config else None
    if report.outcome != "rerun" or terminal is None:
        return
    terminal.write_sep("-", f"failed, run again: {report.nodeid}")  # type: ignore[attr-defined]
    text = report.longreprtext  # its head says which expectation failed, its tail where
    terminal.write_line(text if len(text) <= 8000 else f"{text[:4000]}\n[...]\n{text[-4000:]}")  # type: ignore[attr-defined]
    for title, text in report.sections:
        if title.startswith("what the page"):
            terminal.write_sep("-", title)  # type: ignore[attr-defined]
            terminal.write_line(text)  # type: ignore[attr-defined]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if {"page", "context", "browser"} & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]
                             ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """A failed browser test's report says what each open page showed at that moment (its
    address, state id and text, through shadow roots, its errors) and where its screenshot is: CI keeps
    only the printed output, and a failure on a loaded machine may not come back here."""
    report = yield
    if report.when == "call" and report.failed:
        for name, value in getattr(item, "funcargs", {}).items():
            if isinstance(value, Page) and not value.is_closed():
                report.sections.append((f"what the page '{name}' showed", page_summary(value, item)))
    return report


def page_summary(page: Page, item: pytest.Item) -> str:
    """The page's address; each table's state id, classes (greeting, pending, disconnected) and
    chosen cards, with the text of the tables on screen; the page's errors and last console lines;
    a screenshot's path. Never raises."""
    lines = [f"url: {page.url}"]
    try:
        tables = page.locator(".hw-root")
        for index in range(min(tables.count(), 12)):
            table = tables.nth(index)
            shown = table.is_visible(timeout=2000)
            chosen = table.locator(".hw-card.hw-chosen").count()
            lines.append(f"table {index} (state {table.get_attribute('data-state-id', timeout=2000)}, "
                         f"class {table.get_attribute('class', timeout=2000)!r}, {chosen} chosen, "
                         f"{'on screen' if shown else 'hidden'}):")
            if shown:
                lines.append(table.inner_text(timeout=2000)[:2500])
        if not tables.count():
            lines.append(page.locator("body").inner_text(timeout=2000)[:2500])
        errors = [str(error)[:300] for error in page.page_errors()]
        errors += [f"console: {message.text[:300]}" for message in page.console_messages() if message.type == "error"]
        lines += ["errors on the page:", *errors[-10:]] if errors else ["no errors on the page"]
        console = [f"{message.type}: {message.text[:200]}" for message in page.console_messages()]
        lines += ["last console lines:", *console[-15:]] if console else []
        shot = Path(tempfile.gettempdir()) / f"failed-{item.name[:80]}.png".replace("/", "_")
        page.screenshot(path=str(shot), full_page=True, timeout=5000)
        lines.append(f"screenshot: {shot}")
    except Exception as error:  # the page may be gone or stuck: say so, and keep the test's own failure
        lines.append(f"(could not read the page further: {error.__class__.__name__}: {str(error)[:200]})")
    return "\n".join(lines)
