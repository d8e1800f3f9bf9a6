"""The site builder's own steps, without the network: Pyodide's lock followed
and pruned, notebooks made for the site, an output folder never clobbered, and
the project's wheel rebuilt from an installed copy (never from a changed one)."""

from __future__ import annotations

import gzip
import importlib.metadata
import json
import re
import struct
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


def test_a_site_notebook_stores_each_output_text_as_one_string(tmp_path: Path) -> None:
    """JupyterLite shows a stored output's text as it is in the file: a list of lines would
    be shown comma-joined (", ,In this notebook...")."""
    source = tmp_path / "tutorial.ipynb"
    markdown = ["# Write a Hearts bot\n", "\n", "In this notebook..."]
    source.write_text(json.dumps({"cells": [
        {"cell_type": "code", "metadata": {}, "execution_count": 1, "source": ["tutorial.section('intro')"],
         "outputs": [{"output_type": "display_data", "metadata": {},
                      "data": {"text/markdown": markdown, "text/plain": ["<Markdown>"]}},
                     {"output_type": "stream", "name": "stdout", "text": ["one\n", "two\n"]}]},
        {"cell_type": "markdown", "metadata": {}, "source": ["# Title\n", "text"]}],
        "metadata": {"kernelspec": {"name": "python3"}}, "nbformat": 4, "nbformat_minor": 5}))
    site.site_notebook(source, tmp_path / "out.ipynb")
    display, stream = json.loads((tmp_path / "out.ipynb").read_text())["cells"][1]["outputs"]
    assert display["data"] == {"text/markdown": "".join(markdown), "text/plain": "<Markdown>"}
    assert stream["text"] == "one\ntwo\n"


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


EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "example-lesson.json"


def lesson_notebook_file(folder: Path, name: str, code: str) -> Path:
    path = folder / name
    path.write_text(json.dumps({"cells": [{"cell_type": "code", "metadata": {}, "outputs": [], "source": [code]}],
                                "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    return path


@pytest.fixture
def contents_of(tmp_path: Path):
    """Run the contents step with the package's notebooks and the given --add files."""
    def run(*extra: Path) -> tuple[list[site.AddedLesson], Path]:
        target = tmp_path / f"contents-{len(list(tmp_path.glob('contents-*')))}"
        return site.contents(site.default_notebooks(), list(extra), target), target
    return run


def test_an_added_notebook_brings_the_lesson_file_it_opens(tmp_path: Path, contents_of) -> None:
    teacher = tmp_path / "teacher"
    (teacher / "files").mkdir(parents=True)
    (teacher / "files" / "mine.json").write_text(EXAMPLE.read_text())
    code = "from hearts_widget.lessons.stepper import Lesson\nLesson('files/mine.json', lang='sw')"
    notebook = lesson_notebook_file(teacher, "my-lesson.ipynb", code)
    added, target = contents_of(notebook)
    assert (target / "files" / "mine.json").read_text() == EXAMPLE.read_text()
    assert added == [site.AddedLesson("my-lesson.ipynb", "my-lesson.html",
                                      {"en": "Practice: following suit", "tl": "Practice: following suit",
                                       "ceb": "Practice: following suit", "sw": "Mazoezi: kufuata suti"})]
    cells = json.loads((target / "my-lesson.ipynb").read_text())["cells"]
    assert cells[0]["source"] == [site.INSTALL_CELL]


def test_a_lesson_file_alone_gets_a_notebook_made_for_it(tmp_path: Path, contents_of) -> None:
    added, target = contents_of(EXAMPLE)
    assert [lesson.page for lesson in added] == ["example-lesson.html"]
    assert (target / "example-lesson.json").is_file()
    code = "".join(json.loads((target / "example-lesson.ipynb").read_text())["cells"][1]["source"])
    assert code.endswith("Lesson('example-lesson.json')")
    assert site.lesson_files_named(json.loads((target / "example-lesson.ipynb").read_text()), EXAMPLE) == [
        "example-lesson.json"]


def test_a_notebook_opening_no_lesson_file_is_added_without_a_page(tmp_path: Path, contents_of) -> None:
    added, target = contents_of(lesson_notebook_file(tmp_path, "notes.ipynb", "%pip install x\nprint('hi')"))
    assert added == [] and (target / "notes.ipynb").is_file()


def test_a_lesson_file_the_loader_refuses_stops_the_build_with_its_message(tmp_path: Path, contents_of) -> None:
    broken = json.loads(EXAMPLE.read_text())
    broken["steps"][0]["positions"][0]["expect"][0]["cards"] = "4C JC 1X"
    (tmp_path / "broken.json").write_text(json.dumps(broken))
    with pytest.raises(site.SiteError, match=r"broken.json: step 1 \('follow'\), field 'positions\[0\]"):
        contents_of(tmp_path / "broken.json")
    notebook = lesson_notebook_file(tmp_path, "uses-broken.ipynb", "Lesson('broken.json')")
    with pytest.raises(site.SiteError, match=r"broken.json: step 1"):
        contents_of(notebook)


@pytest.mark.parametrize(("code", "words"), [
    ("Lesson('gone.json')", "opens the lesson file 'gone.json', which is not at"),
    ("Lesson(lesson='../up.json')", "only files in the notebook's folder or below"),
    ("Lesson('/etc/x.json')", "only files in the notebook's folder or below"),
    ("Lesson(", "cell 1 is not Python"),
])
def test_a_notebook_whose_lesson_file_cannot_be_carried_is_named(tmp_path: Path, contents_of, code: str,
                                                                 words: str) -> None:
    with pytest.raises(site.SiteError, match=re.escape(words)):
        contents_of(lesson_notebook_file(tmp_path, "mine.ipynb", code))


def test_a_lesson_file_linked_from_outside_the_notebooks_folder_is_refused_by_name(tmp_path: Path,
                                                                                   contents_of) -> None:
    """A symlink in the teacher's folder (to a file, or a folder holding it) leading out of it
    is not followed into the site; a link that stays inside is carried as the file."""
    outside = tmp_path / "private"
    outside.mkdir()
    (outside / "secret.json").write_text(EXAMPLE.read_text())
    teacher = tmp_path / "teacher"
    (teacher / "inner").mkdir(parents=True)
    (teacher / "mine.json").symlink_to(outside / "secret.json")
    (teacher / "linked").symlink_to(outside, target_is_directory=True)
    for name in ("mine.json", "linked/secret.json"):
        notebook = lesson_notebook_file(teacher, "uses-link.ipynb", f"Lesson({name!r})")
        with pytest.raises(site.SiteError, match=re.escape(f"opens the lesson file {name!r}, a link to "
                                                           f"{outside.resolve() / 'secret.json'}, outside")):
            contents_of(notebook)
    (teacher / "inner" / "real.json").write_text(EXAMPLE.read_text())
    (teacher / "inside.json").symlink_to(teacher / "inner" / "real.json")
    _, target = contents_of(lesson_notebook_file(teacher, "uses-inside.ipynb", "Lesson('inside.json')"))
    assert not (target / "inside.json").is_symlink()
    assert (target / "inside.json").read_text() == EXAMPLE.read_text()


def test_a_notebooks_name_goes_into_its_page_escaped(tmp_path: Path, contents_of) -> None:
    """A name that would close the page's HTML comment (or look like a placeholder) stays text."""
    stem = "x --><img src=x onerror=alert(1)> & __CONFIG__"
    (tmp_path / f"{stem}.json").write_text(EXAMPLE.read_text())
    added, contents = contents_of(tmp_path / f"{stem}.json")
    output = tmp_path / "output"
    (output / "static" / "hearts").mkdir(parents=True)
    site.pages(output, contents, tmp_path, added)
    page = (output / added[0].page).read_text()
    comment = page.split("<!--")[1].split("-->")[0]
    assert "x --&gt;&lt;img src=x onerror=alert(1)&gt; &amp; __CONFIG__.ipynb" in comment
    assert "<img" not in page
    config = json.loads(page.split('id="hw-config">')[1].split("</script>")[0])
    assert config["page"] == stem
    assert 'href="x%20--%3E%3Cimg%20src%3Dx%20onerror%3Dalert%281%29%3E%20%26%20__CONFIG__.html"' in \
        site.index_page(added)


@pytest.mark.parametrize(("name", "text", "words"), [
    ("notes.txt", "hello", "give a notebook (.ipynb) or a lesson file (.json)"),
    ("bad.ipynb", "{not json", "not a readable notebook"),
    ("list.ipynb", "[1, 2]", "not a notebook (no list of cells)"),
    ("play.json", EXAMPLE.read_text(), "the site already has a notebook named play.ipynb"),
    ("lessons.json", EXAMPLE.read_text(), "its page would be lessons.html, one of the site's own pages"),
], ids=["not-a-notebook", "not-json", "no-cells", "notebook-name-taken", "page-name-taken"])
def test_an_added_file_the_site_cannot_take_is_named(tmp_path: Path, contents_of, name: str, text: str,
                                                     words: str) -> None:
    (tmp_path / name).write_text(text)
    with pytest.raises(site.SiteError, match=re.escape(words)):
        contents_of(tmp_path / name)
    with pytest.raises(site.SiteError, match="no such file"):
        site.contents(site.default_notebooks(), [tmp_path / "missing.json"], tmp_path / "other")


def test_the_lessons_page_lists_every_lesson_by_title_in_each_language() -> None:
    lesson = site.AddedLesson("mine.ipynb", "mine.html", {"en": "Mine & yours", "tl": "Akin", "ceb": "Ako",
                                                         "sw": "Yangu"})
    page = site.index_page([lesson])
    assert "Mine &amp; yours" in page and '<a href="mine.html?lang=sw">Yangu</a>' in page
    assert '<a href="index.html">Learn Hearts</a>' in page and "Masomo ya Mioyo" in page
    assert "://" not in page


def test_each_page_carries_its_code_its_lesson_files_and_a_snapshot_per_language(tmp_path: Path,
                                                                                   contents_of) -> None:
    """pages(): an added lesson's page runs its notebook's code (not the install cell), fetches
    the lesson file it opens, and shows a snapshot of its first step in each language."""
    added, contents = contents_of(EXAMPLE)
    output = tmp_path / "output"
    (output / "static" / "hearts").mkdir(parents=True)
    site.pages(output, contents, tmp_path, added)
    html = (output / "example-lesson.html").read_text()
    assert "__CONFIG__" not in html and "__NOTEBOOK__" not in html and "://" not in html
    config = json.loads(html.split('id="hw-config">')[1].split("</script>")[0])
    assert config["page"] == "example-lesson"
    assert config["text"]["sw"]["starting"] != config["text"]["en"]["starting"]
    for lang, title in (("en", "Practice: following suit"), ("sw", "Mazoezi: kufuata suti")):
        data = json.loads((output / "static" / "hearts" / "pages" / f"example-lesson.{lang}.json").read_text())
        assert data["cells"] == ["from hearts_widget.lessons.stepper import Lesson\n\nLesson('example-lesson.json')"]
        assert data["files"] == ["example-lesson.json"]
        assert data["environ"]["LANGUAGE"] == lang
        states = data["snapshot"]["state"]["state"]
        assert data["snapshot"]["views"][0] in states
        assert title in json.dumps(states, ensure_ascii=False)
        # anywidget's models whole (their module and style sheet), ipywidgets' without defaults
        any_models = [entry for entry in states.values() if entry["model_name"] == "AnyModel"]
        assert any_models and all("_esm" in entry["state"] for entry in any_models)
    assert (output / "lessons.html").is_file()


def wheel_file(folder: Path, name: str, version: str, requires: list[str], files: dict[str, str]) -> Path:
    """A small wheel: its files, METADATA with these requirements, and RECORD."""
    path = folder / f"{name}-{version}-py3-none-any.whl"
    info = f"{name}-{version}.dist-info"
    meta = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n" + "".join(
        f"Requires-Dist: {req}\n" for req in requires)
    with zipfile.ZipFile(path, "w") as archive:
        for member, text in {**files, f"{info}/METADATA": meta, f"{info}/RECORD": ""}.items():
            archive.writestr(member, text)
    return path


def test_the_sites_wheels_join_the_lock_with_their_browser_requirements(tmp_path: Path) -> None:
    """The site's own wheels get lock entries (their requirements in the browser: no extras, not
    the notebook extensions' front ends); the pages load hearts-widget's closure without IPython."""
    own = tmp_path / "own"
    own.mkdir()
    wheel_file(own, "hearts_widget", "1.0", ["anywidget>=0.9", "voila>=0.5; extra == 'lesson'"],
               {"hearts_widget/__init__.py": ""})
    wheel_file(own, "anywidget", "0.11", ["ipywidgets>=7", "typing-extensions"], {"anywidget/__init__.py": ""})
    wheel_file(own, "ipywidgets", "8.1", ["comm", "ipython>=6", "traitlets", "widgetsnbextension~=4.0",
                                         "jupyterlab_widgets~=3.0"], {"ipywidgets/__init__.py": ""})
    wheel_file(own, "comm", "0.2", ["traitlets>=4"], {"comm/__init__.py": ""})
    wheel_file(own, "jupyterlab_widgets", "3.0", [], {"jupyterlab_widgets/__init__.py": ""})
    kernel = tmp_path / "kernel"
    kernel.mkdir()
    lock = {"ipython": {"name": "ipython", "version": "9", "depends": ["traitlets"], "file_name": "x.whl"},
            "traitlets": {"name": "traitlets", "version": "5", "depends": [], "file_name": "x.whl"},
            "typing-extensions": {"name": "typing-extensions", "version": "4", "depends": [], "file_name": "x.whl"}}
    for entry in lock.values():
        wheel_file(kernel, entry["name"].replace("-", "_"), entry["version"], [], {})
    packages = site.site_lock(lock, kernel, own)
    assert "jupyterlab-widgets" not in packages
    entry, _ = packages["hearts-widget"]
    assert entry["depends"] == ["anywidget"] and entry["imports"] == ["hearts_widget"]
    assert packages["ipywidgets"][0]["depends"] == ["comm", "ipython", "traitlets"]
    assert sorted(site.page_wheels(packages)) == [
        "anywidget-0.11-py3-none-any.whl", "comm-0.2-py3-none-any.whl", "hearts_widget-1.0-py3-none-any.whl",
        "ipywidgets-8.1-py3-none-any.whl", "traitlets-5-py3-none-any.whl", "typing_extensions-4-py3-none-any.whl"]
    wheel_file(own, "psygnal", "0.1", ["numpy"], {})
    with pytest.raises(site.SiteError, match=r"psygnal-0.1-py3-none-any.whl needs \['numpy'\]"):
        site.site_lock(lock, kernel, own)


def test_the_pages_packages_are_one_file_of_their_wheels_files(tmp_path: Path) -> None:
    """packages.gz as worker.js reads it: a length, the [path, size] list, then the bytes."""
    first = wheel_file(tmp_path, "one", "1.0", [], {"one/__init__.py": "x = 1\n", "one-1.0.data/data/a.js": "js"})
    second = wheel_file(tmp_path, "two", "2.0", [], {"two.py": "y = 2\n"})
    site.page_bundle([first, second], tmp_path / "packages.gz")
    data = gzip.decompress((tmp_path / "packages.gz").read_bytes())
    (length,) = struct.unpack("<I", data[:4])
    files = json.loads(data[4:4 + length])
    assert [path for path, _ in files] == ["one/__init__.py", "one-1.0.dist-info/METADATA", "one-1.0.dist-info/RECORD",
                                           "two.py", "two-2.0.dist-info/METADATA", "two-2.0.dist-info/RECORD"]
    at, contents = 4 + length, {}
    for path, size in files:
        contents[path] = data[at:at + size]
        at += size
    assert at == len(data) and contents["one/__init__.py"] == b"x = 1\n" and contents["two.py"] == b"y = 2\n"


def test_a_rezipped_wheel_records_every_file_it_holds(tmp_path: Path) -> None:
    wheel = wheel_file(tmp_path, "mine", "1.0", [], {"mine/__init__.py": "x = 1\n"})
    tree = tmp_path / "tree"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(tree)
    (tree / "mine" / "__pycache__").mkdir()
    bytecode = b"\0bytecode"
    (tree / "mine" / "__pycache__" / "__init__.cpython-314.pyc").write_bytes(bytecode)
    site.rezip_wheel(tree, wheel)
    with zipfile.ZipFile(wheel) as archive:
        record = archive.read("mine-1.0.dist-info/RECORD").decode().splitlines()
        names = archive.namelist()
    assert "mine/__pycache__/__init__.cpython-314.pyc" in names
    assert f"mine/__pycache__/__init__.cpython-314.pyc,{site.record_hash(bytecode)},9" in record
    assert record[-1] == "mine-1.0.dist-info/RECORD,,"
