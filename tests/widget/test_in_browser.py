"""In JupyterLite's Pyodide kernel a widget trait set back to None reaches the
page as null (the kernel's own conversion would drop it): the kernel's comm is
patched once, with Pyodide's jsnull, and only there."""

from __future__ import annotations

import sys
import types
from typing import Any

import pytest

from hearts_widget import in_browser

JSNULL = object()  # stands for pyodide.ffi.jsnull


def test_every_none_in_a_message_becomes_null() -> None:
    data = {"method": "update", "state": {"display": None, "children": ["IPY_MODEL_a", None]},
            "buffer_paths": [], "pair": (None, 1)}
    assert in_browser.with_nulls(data, JSNULL) == {
        "method": "update", "state": {"display": JSNULL, "children": ["IPY_MODEL_a", JSNULL]},
        "buffer_paths": [], "pair": [JSNULL, 1]}


@pytest.fixture
def pyodide_kernel(monkeypatch: pytest.MonkeyPatch) -> type:
    """Stand-ins for pyodide_kernel.comm (its Comm records what it would convert) and pyodide.ffi."""
    class Comm:
        sent: list[tuple[str, Any]] = []

        def publish_msg(self, msg_type: str, data: Any = None, metadata: Any = None, buffers: Any = None) -> None:
            self.sent.append((msg_type, data))

    modules = {"pyodide_kernel": types.ModuleType("pyodide_kernel"),
               "pyodide_kernel.comm": types.SimpleNamespace(Comm=Comm),
               "pyodide": types.ModuleType("pyodide"),
               "pyodide.ffi": types.SimpleNamespace(jsnull=JSNULL)}
    for name, module in modules.items():
        monkeypatch.setitem(sys.modules, name, module)
    return Comm


def test_the_kernel_comm_sends_null_once_patched(pyodide_kernel: type) -> None:
    assert in_browser.send_nulls_to_the_page() is True
    assert in_browser.send_nulls_to_the_page() is True  # a second import does not wrap it twice
    pyodide_kernel().publish_msg("comm_msg", {"state": {"display": None}}, buffers=[])
    assert pyodide_kernel.sent == [("comm_msg", {"state": {"display": JSNULL}})]


def test_outside_pyodide_nothing_is_patched() -> None:
    assert "pyodide_kernel" not in sys.modules
    assert in_browser.send_nulls_to_the_page() is False
