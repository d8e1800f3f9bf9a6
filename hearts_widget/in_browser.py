"""hearts-widget with Python in the browser (Pyodide), as in the serverless site.

Two ways Python runs there:

- **JupyterLite's Pyodide kernel** (the site's notebook app: the tutorial). The
  kernel (``jupyterlite-pyodide-kernel`` 0.8) turns each comm message into a
  JavaScript object with Pyodide's ``toJs``, which makes ``None`` ``undefined``;
  the message's JSON then drops the key. A widget trait set back to ``None`` (a
  lesson step shown again with ``layout.display = None``, the table's hand
  summary cleared) never reaches the page, which keeps the old value. Every
  other kernel sends ``null``, so :func:`send_nulls_to_the_page` replaces each
  comm message's ``None`` by Pyodide's ``jsnull`` before the kernel converts it.
- **The site's own pages** (the lesson, the table, a teacher's lesson: no code on
  screen). No kernel and no notebook app: a Web Worker starts Pyodide and runs
  the notebook's code with :func:`run_cells`; :class:`PageBridge` carries the
  widgets' comm messages to the page as JSON text (so ``None`` is ``null``), where
  the widget manager draws them. The site's builder runs the same
  :func:`run_cells` at build time for the snapshot each page shows while Python
  starts (``hearts_widget.site.snapshot``). These pages have no IPython shell
  (nobody types code there): :func:`without_ipython` gives ipywidgets the few
  names it imports from IPython, so the page neither loads IPython's eleven
  packages nor imports it (about 2.5 s of a cold load on a small machine).
"""

from __future__ import annotations

import ast
import functools
import importlib
import json
import sys
import types
import warnings
from collections.abc import Callable, Iterable
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


def notebook_code(cell_source: str) -> str:
    """A code cell's Python, without its IPython lines (``%pip install``, ``!ls``): the
    site's pages carry their packages already."""
    return "\n".join(line for line in cell_source.splitlines() if not line.lstrip().startswith(("%", "!")))


def run_cells(cells: Iterable[str], show: Callable[[Any], None], namespace: dict[str, Any] | None = None) -> None:
    """Run code cells as a notebook does: each cell's statements, then its last expression's
    value, if not None, given to ``show`` (a notebook displays it). ``display(x)`` in a cell
    shows ``x`` the same way."""
    def display(*values: Any) -> None:
        for value in values:
            show(value)

    namespace = {"__name__": "__main__", "display": display} if namespace is None else namespace
    for number, source in enumerate(cells, start=1):
        tree = ast.parse(notebook_code(source), filename=f"<cell {number}>")
        last = tree.body[-1] if tree.body else None
        if isinstance(last, ast.Expr):
            tree.body.pop()
        exec(compile(tree, f"<cell {number}>", "exec"), namespace)  # noqa: S102 - the notebook's own code
        if isinstance(last, ast.Expr):
            value = eval(compile(ast.Expression(last.value), f"<cell {number}>", "eval"), namespace)  # noqa: S307
            if value is not None:
                show(value)


def as_bytes(buffer: Any) -> bytes:
    """A buffer from the page (a JavaScript typed array in Pyodide) as bytes."""
    return buffer.to_bytes() if hasattr(buffer, "to_bytes") else bytes(buffer)


def without_ipython(show: Callable[[Any], None]) -> None:
    """Where IPython is not installed (the site's pages), stand in for the part of it that
    ipywidgets imports, as on a page with no shell: ``get_ipython()`` is None,
    ``InteractiveShell.initialized()`` is False, ``display`` gives each value to ``show``
    and ``clear_output`` has nothing to clear. Where IPython is installed, nothing changes."""
    try:
        importlib.import_module("IPython")
        return
    except ImportError:
        pass

    class InteractiveShell:
        """No shell runs on this page."""

        @classmethod
        def initialized(cls) -> bool:
            return False

    def get_ipython() -> None:
        return None

    def display(*values: Any, **_options: Any) -> None:
        for value in values:
            show(value)

    def clear_output(wait: bool = False) -> None:
        return None

    names: dict[str, dict[str, Any]] = {
        "IPython": {"get_ipython": get_ipython, "display": display},
        "IPython.core": {},
        "IPython.core.getipython": {"get_ipython": get_ipython},
        "IPython.core.interactiveshell": {"InteractiveShell": InteractiveShell},
        "IPython.display": {"display": display, "clear_output": clear_output}}
    for name, members in names.items():
        module = types.ModuleType(name, "A stand-in for IPython on a page with no shell (hearts_widget.in_browser).")
        module.__dict__.update(members)
        module.__path__ = []  # a package: its submodules are below it
        sys.modules[name] = module
    for name in names:
        parent, _, child = name.rpartition(".")
        if parent:
            setattr(sys.modules[parent], child, sys.modules[name])


class PageBridge:
    """The comm of the site's own pages: widget messages to and from the page's widget
    manager, as JSON text and buffers, through ``post`` (the worker's ``postMessage``).

    Each message to the page names the page's message being handled when it was made
    (``parent``), as a kernel's ``parent_header`` does: the page's widget manager drops
    the echo of an update it has since overtaken. After each page message the bridge
    says ``idle`` for it, as a kernel does, which lets the page send its next update."""

    def __init__(self, post: Callable[[str, list[Any]], None]) -> None:
        import comm
        from comm.base_comm import BaseComm

        self._post = post
        self._parent: str | None = None
        bridge = self

        class PageComm(BaseComm):
            """A comm whose messages go to the page."""

            def publish_msg(self, msg_type: str, data: Any = None, metadata: Any = None, buffers: Any = None,
                            **keys: Any) -> None:
                bridge.send({"type": msg_type, "comm_id": self.comm_id, "data": data, "metadata": metadata or {},
                             "target_name": keys.get("target_name")}, buffers or [])

        comm.create_comm = PageComm
        self.manager = comm.get_comm_manager()

    def send(self, message: dict[str, Any], buffers: list[Any]) -> None:
        """One message to the page, with the page message it answers."""
        self._post(json.dumps({**message, "parent": self._parent}), [bytes(buffer) for buffer in buffers])

    def show(self, value: Any) -> None:
        """Display ``value`` on the page: a widget is drawn there; anything else is named in a
        warning (the browser's console: a code-free page shows widgets only)."""
        model_id = getattr(value, "model_id", None)
        if model_id is None:
            warnings.warn(f"not shown on this page (not a widget): {value!r}", stacklevel=2)
            return
        self.send({"type": "display", "model_id": model_id}, [])

    def receive(self, text: str, buffers: list[Any]) -> None:
        """A message from the page (``comm_msg`` or ``comm_close`` of a widget's comm, with
        its ``msg_id``): handled, then answered ``idle``."""
        message = json.loads(text)
        self._parent = message["msg_id"]
        try:
            comm = self.manager.get_comm(message["comm_id"])
            if comm is None:
                raise ValueError(f"the page wrote to a comm this page does not have: {message['comm_id']}")
            content = {"comm_id": message["comm_id"], "data": message.get("data") or {}}
            kernel_message = {"header": {"msg_id": message["msg_id"], "msg_type": message["type"]},
                              "parent_header": {}, "metadata": {}, "content": content,
                              "buffers": [memoryview(as_bytes(buffer)) for buffer in buffers]}
            if message["type"] == "comm_close":
                comm.handle_close(kernel_message)
                self.manager.unregister_comm(comm)
            else:
                comm.handle_msg(kernel_message)
        finally:
            self.send({"type": "idle"}, [])
            self._parent = None
