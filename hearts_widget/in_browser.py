"""Widgets in JupyterLite's Pyodide kernel: send ``None`` to the page as ``null``.

The kernel (``jupyterlite-pyodide-kernel`` 0.8) turns each comm message into a
JavaScript object with Pyodide's ``toJs``, which makes ``None`` ``undefined``;
the message's JSON then drops the key. A widget trait set back to ``None``
(a lesson step shown again with ``layout.display = None``, the table's hand
summary cleared) never reaches the page, which keeps the old value. Every
other kernel sends ``null``, so each comm message's data has its ``None``
replaced by Pyodide's ``jsnull`` before the kernel converts it.
"""

from __future__ import annotations

import functools
import importlib
from typing import Any

_PATCHED = "_hearts_widget_sends_null"


def with_nulls(value: Any, null: Any) -> Any:
    """``value`` with every ``None`` in its dicts, lists and tuples replaced by ``null``."""
    if value is None:
        return null
    if isinstance(value, dict):
        return {key: with_nulls(item, null) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [with_nulls(item, null) for item in value]
    return value


def send_nulls_to_the_page() -> bool:
    """Patch the Pyodide kernel's comm, once; False when this is not that kernel."""
    try:
        kernel_comm = importlib.import_module("pyodide_kernel.comm")
        jsnull = importlib.import_module("pyodide.ffi").jsnull
    except (ImportError, AttributeError):
        return False
    comm_class = kernel_comm.Comm
    if getattr(comm_class, _PATCHED, False):
        return True
    publish = comm_class.publish_msg

    @functools.wraps(publish)
    def publish_msg(self: Any, msg_type: str, data: Any = None, *args: Any, **kwargs: Any) -> Any:
        return publish(self, msg_type, with_nulls(data, jsnull), *args, **kwargs)

    comm_class.publish_msg = publish_msg
    setattr(comm_class, _PATCHED, True)
    return True
