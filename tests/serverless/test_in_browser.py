"""hearts_widget.in_browser, what the site's pages run in Pyodide, checked in CPython: a
notebook's cells run as a notebook runs them, the widgets' messages to and from the page
(JSON, ``None`` as null, answered ``idle`` with the page's message id), and the stand-in for
IPython that lets ipywidgets and the lesson import where IPython is not installed. The last
two change process-wide state (comm's factory, sys.modules): each runs in a Python of its own."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from typing import Any

import pytest

from hearts_widget.in_browser import notebook_code, run_cells


def run_python(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                          env=dict(os.environ), timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_cells_run_as_a_notebook_runs_them() -> None:
    shown: list[Any] = []
    run_cells(["%pip install -q hearts-widget\nx = 2", "x * 3", "y = x\ny", "display(x, 'two')\nNone",
               "def f():\n    return 1"], shown.append)
    assert shown == [6, 2, 2, "two"]
    assert notebook_code("!ls\n  %time x\nx = 1") == "x = 1"


def test_a_failing_cell_stops_the_run_with_its_error() -> None:
    shown: list[Any] = []
    with pytest.raises(ZeroDivisionError):
        run_cells(["1", "1 / 0", "2"], shown.append)
    assert shown == [1]


def test_the_page_bridge_carries_widget_messages_both_ways() -> None:
    out = run_python("""
        import json
        sent = []
        from hearts_widget.in_browser import PageBridge
        bridge = PageBridge(lambda text, buffers: sent.append((json.loads(text), buffers)))
        import ipywidgets
        slider = ipywidgets.IntSlider(value=1)
        opened = [m for m, _ in sent if m["type"] == "comm_open" and m["comm_id"] == slider.model_id][0]
        assert opened["data"]["state"]["value"] == 1 and opened["data"]["state"]["description"] == ""
        assert opened["target_name"] == "jupyter.widget" and opened["metadata"]["version"].startswith("2.")
        assert opened["parent"] is None
        bridge.show(slider)
        assert sent[-1][0] == {"type": "display", "model_id": slider.model_id, "parent": None}
        sent.clear()
        update = {"type": "comm_msg", "comm_id": slider.model_id, "msg_id": "page-7",
                  "data": {"method": "update", "state": {"value": 5}, "buffer_paths": []}}
        bridge.receive(json.dumps(update), [])
        assert slider.value == 5
        kinds = [(m["type"], m["parent"]) for m, _ in sent]
        assert kinds[-1] == ("idle", "page-7"), kinds
        assert ("comm_msg", "page-7") in kinds  # the echo of the update, naming the page's message
        sent.clear()
        try:
            bridge.receive(json.dumps({**update, "comm_id": "nobody", "msg_id": "page-8"}), [])
        except ValueError as error:
            assert "nobody" in str(error)
        else:
            raise AssertionError("a message to an unknown comm was accepted")
        assert [(m["type"], m["parent"]) for m, _ in sent] == [("idle", "page-8")]
        layout = ipywidgets.Layout(display="none")
        sent.clear()
        layout.display = None  # shown again: None reaches the page as null, not as a missing key
        assert sent[0][0]["data"] == {"method": "update", "state": {"display": None}, "buffer_paths": []}
        print("ok")
    """)
    assert out.strip() == "ok"


def test_ipywidgets_and_the_lesson_import_with_the_stand_in_for_ipython() -> None:
    out = run_python("""
        import sys
        sys.modules["IPython"] = None  # as where IPython is not installed: importing it fails
        shown = []
        from hearts_widget.in_browser import without_ipython
        without_ipython(shown.append)
        import ipywidgets
        from IPython import get_ipython
        from IPython.display import clear_output, display
        from IPython.core.interactiveshell import InteractiveShell
        assert get_ipython() is None and not InteractiveShell.initialized()
        display(1, 2)
        clear_output(wait=True)
        assert shown == [1, 2]
        with ipywidgets.Output():
            pass
        from hearts_widget.lessons.stepper import Lesson
        from hearts_widget import HeartsTable
        assert isinstance(Lesson(), ipywidgets.Widget) and isinstance(HeartsTable(), ipywidgets.Widget)
        assert "IPython.core.completer" not in sys.modules
        print("ok")
    """)
    assert out.strip() == "ok"
