"""The site builder's own steps, without the network: Pyodide's lock followed
and pruned, notebooks made for the site, and an output folder never clobbered."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hearts_widget import site

LOCK = {"ipython": {"name": "ipython", "version": "9", "depends": ["prompt_toolkit", "traitlets"]},
        "prompt-toolkit": {"name": "prompt_toolkit", "version": "3", "depends": ["wcwidth"]},
        "wcwidth": {"name": "wcwidth", "version": "0.6", "depends": []},
        "traitlets": {"name": "traitlets", "version": "5", "depends": []},
        "numpy": {"name": "numpy", "version": "2", "depends": []}}


def test_the_lock_is_followed_by_normalized_names_under_its_own_keys() -> None:
    found = site.lock_closure(LOCK, ["IPython"])
    assert sorted(found) == ["ipython", "prompt-toolkit", "traitlets", "wcwidth"]


def test_a_site_notebook_installs_the_package_first_in_a_hidden_cell(tmp_path: Path) -> None:
    source = tmp_path / "lesson.ipynb"
    source.write_text(json.dumps({"cells": [{"cell_type": "code", "metadata": {}, "outputs": [],
                                             "source": ["Lesson()"]}],
                                  "metadata": {"kernelspec": {"name": "python3"}}, "nbformat": 4,
                                  "nbformat_minor": 5}))
    site.site_notebook(source, tmp_path / "out.ipynb")
    site.site_notebook(tmp_path / "out.ipynb", tmp_path / "again.ipynb")  # not installed twice
    notebook = json.loads((tmp_path / "again.ipynb").read_text())
    assert [cell["source"] for cell in notebook["cells"]] == [[site.INSTALL_CELL], ["Lesson()"]]
    assert notebook["cells"][0]["metadata"]["jupyter"]["source_hidden"] is True
    assert notebook["metadata"]["kernelspec"]["name"] == "python"


def test_a_folder_that_is_not_a_previous_site_is_never_replaced(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("a teacher's file")
    with pytest.raises(site.SiteError, match="not empty and was not built by this command"):
        site.prepare(tmp_path)
    assert (tmp_path / "notes.txt").exists()


def test_a_previous_site_is_replaced(tmp_path: Path) -> None:
    (tmp_path / site.MARKER).write_text("hearts-widget 0.1.0\n")
    (tmp_path / "index.html").write_text("old")
    site.prepare(tmp_path)
    assert not tmp_path.exists()


def test_missing_notebooks_are_named(tmp_path: Path) -> None:
    with pytest.raises(site.SiteError, match="lesson.ipynb"):
        site.contents(tmp_path, [], tmp_path / "contents")
