"""Packaged like a library: `python -m build` makes an sdist that holds the
sources and the tests, a wheel rebuilt from that sdist that holds what the
package needs at run time (static assets, compiled catalogs, the bundled
notebook, the site's notebooks, py.typed, the offline Voilà template and its configuration), and
metadata a user can trust (PEP 639 licence, valid classifiers with the Python
versions, no placeholder URL, a long description whose links work on PyPI, a
console script), and no file twice. The sdist's own tests run from its unpacked copy."""

from __future__ import annotations

import email
import hashlib
import os
import re
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from importlib import metadata
from pathlib import Path

import pytest
import trove_classifiers

import hearts_widget
import hearts_widget.__main__ as launcher

ROOT = Path(__file__).resolve().parents[1]
NAME = f"hearts_widget-{hearts_widget.__version__}"
LANGS = ("tl", "ceb", "sw")


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """sdist, then the wheel built from the unpacked sdist (``python -m build``'s default)."""
    out = tmp_path_factory.mktemp("dist")
    run = subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)],
                         capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, f"python -m build failed:\n{run.stdout[-3000:]}\n{run.stderr[-3000:]}"
    return out


def sdist_names(dist: Path) -> set[str]:
    with tarfile.open(dist / f"{NAME}.tar.gz") as tar:
        return {name.removeprefix(f"{NAME}/") for name in tar.getnames()}


def wheel(dist: Path) -> zipfile.ZipFile:
    return zipfile.ZipFile(dist / f"{NAME}-py3-none-any.whl")


def test_the_sdist_holds_sources_tests_notebooks_and_message_sources(dist: Path) -> None:
    names = sdist_names(dist)
    expected = ["LICENSE", "README.md", "RULES.md", "docs/pypi.md", "pyproject.toml", "setup.py", "MANIFEST.in",
                ".ci/run",
                "binder/requirements.txt",
                "hearts_widget/text/babel.cfg", "hearts_widget/text/locale/hearts_widget.pot",
                "tests/servers.py", "tests/test_packaging.py", "tests/serverless/test_site.py", "docs/table.png",
                "notebooks/lesson.ipynb", "notebooks/tutorial.ipynb",
                "jupyter-data/voila/templates/hearts/index.html.j2", "jupyter-config/voila.json"]
    expected += [f"hearts_widget/text/locale/{lang}/LC_MESSAGES/hearts_widget.po" for lang in LANGS]
    expected += [f"hearts_widget/text/glossary/{lang}.md" for lang in LANGS]
    assert [name for name in expected if name not in names] == []
    assert any(name.startswith("tests/engine/test_") for name in names)
    assert not [name for name in names if "__pycache__" in name or name.startswith("artifacts/")]


def test_the_wheel_holds_assets_catalogs_notebook_and_the_voila_template(dist: Path) -> None:
    with wheel(dist) as whl:
        names = set(whl.namelist())
    data = f"{NAME}.data/data"
    expected = ["hearts_widget/py.typed", "hearts_widget/widget/static/table.js",
                "hearts_widget/widget/static/table.css", "hearts_widget/widget/play.ipynb",
                "hearts_widget/site/__init__.py", "hearts_widget/site/presenter.html",
                # the serverless site's notebooks, copied from notebooks/ by setup.py (its play.ipynb is
                # the launcher's widget/play.ipynb: hearts_widget.site.notebook_file)
                "hearts_widget/site/notebooks/lesson.ipynb", "hearts_widget/site/notebooks/tutorial.ipynb",
                f"{data}/share/jupyter/voila/templates/hearts/conf.json",
                f"{data}/share/jupyter/voila/templates/hearts/index.html.j2",
                f"{data}/share/jupyter/voila/templates/hearts/page.html",
                f"{data}/etc/jupyter/voila.json",
                # the launcher's 404 under /voila/templates/ on a Jupyter server too (hearts_widget.serve)
                f"{data}/etc/jupyter/jupyter_server_config.d/hearts-widget.json",
                f"{NAME}.dist-info/licenses/LICENSE",
                # the puzzles cut from the bots' play (hearts_widget.puzzles.load_puzzles)
                "hearts_widget/puzzles/data/puzzles.json"]
    expected += [f"hearts_widget/text/locale/{lang}/LC_MESSAGES/hearts_widget.mo" for lang in LANGS]
    assert [name for name in expected if name not in names] == []
    assert not [name for name in names if name.startswith("tests/") or name.endswith(".po")]
    with wheel(dist) as whl:
        shipped = whl.read("hearts_widget/site/notebooks/tutorial.ipynb")
    assert shipped == (ROOT / "notebooks" / "tutorial.ipynb").read_bytes()


def test_the_wheel_holds_no_file_twice(dist: Path) -> None:
    """check-wheel-contents' W002: two files with the same bytes (empty files aside)."""
    first: dict[str, str] = {}
    twice = []
    with wheel(dist) as whl:
        for name in whl.namelist():
            data = whl.read(name)
            if data:
                digest = hashlib.sha256(data).hexdigest()
                if digest in first:
                    twice.append((first[digest], name))
                first.setdefault(digest, name)
    assert twice == []


# A link or image PyPI can follow: an absolute http(s) URL (a relative one points into the repository).
RELATIVE = re.compile(r"\]\((?!https?://)[^)]*\)|<img[^>]*\ssrc=\"(?!https?://)|<a[^>]*\shref=\"(?!https?://)")


def test_the_wheel_metadata_is_that_of_a_library(dist: Path) -> None:
    with wheel(dist) as whl:
        meta = email.message_from_bytes(whl.read(f"{NAME}.dist-info/METADATA"))
        entry_points = whl.read(f"{NAME}.dist-info/entry_points.txt").decode()
    assert meta["Version"] == hearts_widget.__version__
    assert meta["License-Expression"] == "MIT"
    assert meta.get_all("License-File") == ["LICENSE"]
    classifiers = meta.get_all("Classifier")
    assert {"Framework :: Jupyter", "Framework :: Jupyter :: JupyterLab :: 4"} <= set(classifiers)
    assert [c for c in classifiers if c not in trove_classifiers.classifiers] == []
    assert meta["Keywords"] and "hearts" in meta["Keywords"]
    assert [c for c in classifiers if c.startswith("Programming Language :: Python :: 3.")] == \
        [f"Programming Language :: Python :: 3.{minor}" for minor in (10, 11, 12, 13)]
    assert meta["Requires-Python"] == ">=3.10"
    urls = meta.get_all("Project-URL") or []  # none until the repository is public (docs/serving.md#binder)
    assert all(re.fullmatch(r"[\w ]+, https://\S+", url) and "BINDER_REPO" not in url for url in urls), urls
    assert meta["Description-Content-Type"] == "text/markdown"
    description = meta.get_payload()
    assert description.startswith("# hearts-widget") and RELATIVE.findall(description) == []
    assert "hearts-widget = hearts_widget.__main__:main" in entry_points


def test_the_relative_link_check_finds_relative_links_and_images() -> None:
    text = "[a](docs/x.md) [b](https://e.org) ![c](docs/t.png) <img src=\"t.png\"> [d](#top) <a href=\"x\">"
    assert len(RELATIVE.findall(text)) == 5
    assert RELATIVE.findall((ROOT / "docs" / "pypi.md").read_text(encoding="utf-8")) == []


# Over 30 s on a loaded machine: a pytest process of its own runs the 206 tests of tests/text
# (about 7 s of CPU: the engine's random games rendered in every language) from the unpacked
# sdist, as a packager would.
def test_the_sdist_runs_its_own_tests(dist: Path, tmp_path: Path) -> None:
    with tarfile.open(dist / f"{NAME}.tar.gz") as tar:
        tar.extractall(tmp_path, filter="data")
    unpacked = tmp_path / NAME
    env = {**os.environ, "PYTHONPATH": str(unpacked)}
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/text"],
                         cwd=unpacked, env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-3000:]


def test_one_source_for_the_version() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert "version" not in project.get("dynamic", [])
    assert hearts_widget.__version__ == project["version"]
    assert project["version"] not in (ROOT / "hearts_widget" / "__init__.py").read_text()


def test_in_a_source_tree_the_version_is_its_pyprojects(monkeypatch: pytest.MonkeyPatch) -> None:
    def another_copy_installed(name: str) -> str:
        return "9.8.7"

    monkeypatch.setattr(metadata, "version", another_copy_installed)
    assert hearts_widget._version() == tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


def test_outside_a_source_tree_the_version_is_the_installed_metadata(monkeypatch: pytest.MonkeyPatch,
                                                                      tmp_path: Path) -> None:
    monkeypatch.setattr(hearts_widget, "__file__", str(tmp_path / "site-packages" / "hearts_widget" / "__init__.py"))
    monkeypatch.setattr(metadata, "version",
                        lambda name: "9.8.7" if name == "hearts-widget" else "")
    assert hearts_widget._version() == "9.8.7"

    def not_installed(name: str) -> str:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "version", not_installed)
    assert hearts_widget._version() == "0+unknown"


def test_without_voila_the_launcher_names_the_missing_extra(monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    find_spec = launcher.importlib.util.find_spec
    monkeypatch.setattr(launcher.importlib.util, "find_spec",
                        lambda name, *args: None if name == "voila" else find_spec(name, *args))
    assert launcher.main([]) == 1
    out, err = capsys.readouterr()
    assert 'pip install ".[lesson]"' in err and "repository" in err  # not on PyPI yet: from a copy of it
    assert "http" not in out + err, "no URL is printed for a server that cannot start"


def test_the_installed_site_takes_the_launchers_play_notebook(monkeypatch: pytest.MonkeyPatch,
                                                              tmp_path: Path) -> None:
    """The wheel carries play.ipynb once (W002), as hearts_widget/widget/play.ipynb: the site's
    notebooks folder in the wheel lacks it, and the site takes the launcher's."""
    from hearts_widget import site

    here = tmp_path / "hearts_widget" / "site"
    (here / "notebooks").mkdir(parents=True)
    (tmp_path / "hearts_widget" / "widget").mkdir()
    (tmp_path / "hearts_widget" / "widget" / "play.ipynb").write_text("{}")
    monkeypatch.setattr(site, "HERE", here)
    assert site.notebook_file(here / "notebooks", "play.ipynb") == tmp_path / "hearts_widget" / "widget" / "play.ipynb"
    assert site.notebook_file(here / "notebooks", "lesson.ipynb") == here / "notebooks" / "lesson.ipynb"
    other = tmp_path / "mine"  # a teacher's --notebooks folder must hold its own
    assert site.notebook_file(other, "play.ipynb") == other / "play.ipynb"
