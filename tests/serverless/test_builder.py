"""The site builder's own steps, without the network: Pyodide's lock followed
and pruned, notebooks made for the site, an output folder never clobbered, and
the project's wheel rebuilt from an installed copy (never from a changed one)."""

from __future__ import annotations

import importlib.metadata
import json
import zipfile
from pathlib import Path

import pytest

import hearts_widget
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


def fake_install(root: Path) -> importlib.metadata.Distribution:
    """A site-packages folder holding a tiny installed hearts-widget: two files, its
    dist-info with RECORD (hashes included), INSTALLER and a script outside the folder."""
    name = f"hearts_widget-{hearts_widget.__version__}"
    files = {"hearts_widget/__init__.py": b"# the package\n", "hearts_widget/site/notebooks/lesson.ipynb": b"{}\n",
             "hearts_widget/__pycache__/__init__.cpython-311.pyc": b"\0",
             f"{name}.dist-info/METADATA": f"Name: hearts-widget\nVersion: {hearts_widget.__version__}\n".encode(),
             f"{name}.dist-info/INSTALLER": b"pip\n"}
    record = []
    for path, data in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_bytes(data)
        record.append(f"{path},{site.record_hash(data)},{len(data)}")
    record += ["../../../bin/hearts-widget,,", f"{name}.dist-info/RECORD,,"]
    (root / f"{name}.dist-info" / "RECORD").write_text("\n".join(record) + "\n")
    return importlib.metadata.PathDistribution(root / f"{name}.dist-info")


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "site-packages"
    dist = fake_install(root)
    monkeypatch.setattr(site.importlib.metadata, "distribution", lambda name: dist)
    monkeypatch.setattr(hearts_widget, "__file__", str(root / "hearts_widget" / "__init__.py"))
    return root


def test_the_project_wheel_is_rebuilt_from_the_installed_files(installed: Path, tmp_path: Path) -> None:
    with zipfile.ZipFile(site.installed_wheel(tmp_path)) as wheel:
        names = wheel.namelist()
        record = wheel.read(names[-1]).decode().splitlines()
        assert wheel.read("hearts_widget/site/notebooks/lesson.ipynb") == b"{}\n"
    name = f"hearts_widget-{hearts_widget.__version__}"
    assert names == ["hearts_widget/__init__.py", "hearts_widget/site/notebooks/lesson.ipynb",
                     f"{name}.dist-info/METADATA", f"{name}.dist-info/RECORD"]
    package = b"# the package\n"
    assert record[0] == f"hearts_widget/__init__.py,{site.record_hash(package)},{len(package)}"
    assert record[-1] == f"{name}.dist-info/RECORD,,"


def test_an_installed_file_changed_since_is_not_put_in_the_site(installed: Path, tmp_path: Path) -> None:
    (installed / "hearts_widget" / "__init__.py").write_text("# edited by hand\n")
    with pytest.raises(site.SiteError, match="changed after it was installed"):
        site.installed_wheel(tmp_path)


def test_another_installed_copy_than_the_running_one_is_refused(installed: Path, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hearts_widget, "__file__", str(tmp_path / "elsewhere" / "hearts_widget" / "__init__.py"))
    with pytest.raises(site.SiteError, match="is not the one running"):
        site.installed_wheel(tmp_path)
