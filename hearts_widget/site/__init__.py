"""``hearts-widget site OUTDIR``: build a serverless lesson site.

The site is a JupyterLite 0.8.6 build with the Pyodide kernel: Python runs in
the learner's browser, so any static file server (``python -m http.server``,
a USB stick's folder on a school server, GitHub Pages) serves any class size
and no kernel runs anywhere. Everything the pages load is inside the site:

- ``index.html``: the lesson, started by itself with no code on screen
  (``?lang=tl|ceb|sw`` chooses the language); ``play.html``: a table against
  bots (``?lang=`` too); a page for each teacher's lesson added; these pages
  use no notebook app: Python starts in a Web Worker while the page shows a
  snapshot of the notebook's widgets made at build time, then the live widgets
  (``runner.js``, ``worker.js``, ``snapshot.py``, ``static/hearts/``).
  ``notebooks/index.html?path=tutorial.ipynb``: the tutorial, code and all, in
  JupyterLite's notebook app.
- ``static/pyodide/``: the Pyodide runtime of the npm package ``pyodide`` (of
  exactly the kernel's version), with the pure-Python wheels the kernel
  installs at start-up fetched from PyPI at the versions of Pyodide's lock, and
  the site's own wheels; the lock is rewritten to their hashes and pruned to
  what the site holds. Every wheel and the standard library carry their
  bytecode, compiled at build time by that same Pyodide in Node: Python in the
  browser otherwise compiles every module it imports on each page load.
- ``pypi/``: the wheels of this package and of anywidget, ipywidgets,
  jupyterlab_widgets, comm and psygnal, installed by each notebook's first
  (hidden) cell, ``%pip install hearts-widget``.
- ``static/hearts/``: the pages' widget manager (the npm packages
  ``@jupyter-widgets/html-manager``, ``anywidget`` and ``requirejs``), the
  JupyterLab light and dark themes' colours, the files of the pages' Python
  packages in one file (``packages.gz``), and each page's code cells and
  snapshot in each language.

It is built from an installed package as well as from the source tree: the
wheel carries the notebooks (``hearts_widget/site/notebooks/``, copied from the
repository's ``notebooks/`` by ``setup.py``), and this package's own wheel is
rebuilt from the installed files listed in its RECORD (checked against their
hashes there), so the site serves exactly the version installed. From a source
tree (a clone, an editable install) the repository's notebooks are used and the
wheel is built with ``pip wheel``.

Building needs the package registries (PyPI through pip, npm through npm) and
``jupyter-server`` (the ``site`` extra); the built site needs no network at all.
JupyterLite's build tools (``jupyterlite-core`` and ``jupyterlite-pyodide-kernel``)
are installed by each build into a folder of its own and never into the
environment: the Pyodide kernel's JupyterLab extension works only inside
JupyterLite, and JupyterLab and Notebook 7 load every extension installed beside
them, where this one fails ("Shared module @jupyterlite/services doesn't exist",
jupyterlite/pyodide-kernel#32).
"""

from __future__ import annotations

import argparse
import ast
import base64
import gzip
import hashlib
import html
import importlib.metadata
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.parse
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import hearts_widget
from hearts_widget.in_browser import notebook_code
from hearts_widget.lessons.format import Lesson as LessonFile
from hearts_widget.lessons.format import LessonFileError, builtin_lesson, load_lesson
from hearts_widget.site.snapshot import page_environ
from hearts_widget.text.site import site_index_text, site_page_text
from hearts_widget.text.translate import DEFAULT_LANGUAGE, LANGUAGES

HERE = Path(__file__).resolve().parent
SOURCE_TREE = HERE.parents[1]
PYODIDE_VERSION = "314.0.6"  # must equal jupyterlite_pyodide_kernel.constants.PYODIDE_VERSION
LITE_VERSION = "0.8.6"
#: JupyterLite's build tools, installed by each build into a folder of its own (:func:`lite_tools`).
LITE_TOOLS = (f"jupyterlite-core=={LITE_VERSION}", f"jupyterlite-pyodide-kernel=={LITE_VERSION}")
#: Where the Pyodide kernel's JupyterLab extension lands in that folder (given to the build).
KERNEL_EXTENSION = Path("share", "jupyter", "labextensions", "@jupyterlite", "pyodide-kernel-extension")
#: Wheels served from the site's pypi/ folder, at the versions installed here
#: (jupyterlab_widgets must match the lab extension the build copies from here).
SITE_WHEELS = ("anywidget", "ipywidgets", "jupyterlab_widgets", "comm", "psygnal")
#: What the Pyodide kernel installs at start-up from Pyodide's lock, plus what
#: the site's wheels need from it; their dependencies are followed in the lock.
KERNEL_NEEDS = ("micropip", "ipython", "jedi", "traitlets", "typing-extensions")
#: The Pyodide runtime files the kernel loads (the npm package has more).
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "package.json")
#: Requirements of the site's wheels that Python in a browser does not use (the notebook
#: extensions' front ends, which the site's pages and notebook app carry already).
NOT_IN_THE_BROWSER = ("widgetsnbextension", "jupyterlab-widgets")
#: The npm packages of the pages' widget manager: ipywidgets 8.1's HTML manager, the AMD
#: loader it needs, and anywidget's front end (at the version of the anywidget installed).
HTML_MANAGER = "@jupyter-widgets/html-manager@1.0.15"
REQUIREJS = "requirejs@2.3.8"
#: The site's pages: file name -> the notebook it presents.
PAGES = {"index.html": "lesson.ipynb", "play.html": "play.ipynb"}
NOTEBOOKS = ("lesson.ipynb", "tutorial.ipynb", "tutorial-solutions.ipynb", "play.ipynb")
MARKER = ".hearts-widget-site"
PROJECT = "hearts-widget"
PYODIDE_KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
INSTALL_CELL = "%pip install -q hearts-widget"


class SiteError(RuntimeError):
    """A step of the build failed; the message names the step and what to do."""


def normalize(name: str) -> str:
    """A project name as PyPI and Pyodide's lock compare them (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def run(step: str, args: list[str], cwd: Path | None = None, env: dict[str, str] | None = None) -> None:
    """Run one build step; on failure raise :class:`SiteError` with its output."""
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SiteError(f"{step} failed ({' '.join(args[:4])} ...):\n{done.stdout[-2000:]}{done.stderr[-2000:]}")


def check_tools() -> None:
    """The tools the build runs itself are there."""
    if shutil.which("npm") is None:
        raise SiteError("npm is needed to fetch the Pyodide runtime (Debian: apt-get install npm)")


def lite_tools(into: Path) -> dict[str, str]:
    """JupyterLite's build tools (``LITE_TOOLS``, with what they need) installed from PyPI into
    ``into`` alone; the environment to run them in. The Pyodide kernel must want the Pyodide
    this builder copies."""
    run("installing JupyterLite's build tools from PyPI",
        [sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check", "--target", str(into),
         *LITE_TOOLS])
    if not (into / KERNEL_EXTENSION / "package.json").is_file():
        raise SiteError(f"pip installed no Pyodide kernel extension at {into / KERNEL_EXTENSION}")
    constants = into / "jupyterlite_pyodide_kernel" / "constants.py"
    found = re.search(r'^PYODIDE_VERSION = "([^"]+)"$', constants.read_text(), re.MULTILINE)
    if found is None or found.group(1) != PYODIDE_VERSION:
        raise SiteError(f"the Pyodide kernel in {into} wants Pyodide {found and found.group(1)}, "
                        f"this builder copies {PYODIDE_VERSION}")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(into), env.get("PYTHONPATH")]))
    return env


def pip_download(requirements: Iterable[str], into: Path) -> None:
    """Pure-Python wheels of exactly these versions, for any platform, from PyPI."""
    run("downloading wheels from PyPI",
        [sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check", "--no-deps",
         "--only-binary", ":all:", "--python-version", "3.14", "--implementation", "py", "--abi", "none",
         "--platform", "any", "-d", str(into), *requirements])


def in_source_tree() -> bool:
    """Whether this package runs from the repository (a clone, an editable install)."""
    return (SOURCE_TREE / "pyproject.toml").is_file() and (SOURCE_TREE / "notebooks").is_dir()


def default_notebooks() -> Path:
    """The repository's notebooks/ in a source tree, else the copies the wheel carries."""
    return SOURCE_TREE / "notebooks" if in_source_tree() else HERE / "notebooks"


def notebook_file(notebooks: Path, name: str) -> Path:
    """``notebooks/name``; the wheel's copies lack play.ipynb, which it carries once, as the
    launcher's notebook (``hearts_widget/widget/play.ipynb``, the same as ``notebooks/play.ipynb``)."""
    path = notebooks / name
    if name == "play.ipynb" and notebooks == HERE / "notebooks" and not path.is_file():
        return HERE.parent / "widget" / "play.ipynb"
    return path


def record_hash(data: bytes) -> str:
    """A file's hash as a wheel's RECORD writes it."""
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


#: dist-info files an installer writes: not part of the wheel.
INSTALLER_FILES = ("RECORD", "INSTALLER", "REQUESTED", "direct_url.json")


def installed_wheel(into: Path) -> Path:
    """This package's wheel, rebuilt from the installed files its RECORD lists: the
    package and its dist-info (the Voilà template and configuration, installed outside
    site-packages, serve no purpose in the browser and are left out). A file that no
    longer matches its RECORD hash stops the build rather than going into the site."""
    dist = importlib.metadata.distribution("hearts-widget")
    name = f"hearts_widget-{dist.version}"
    package = [path for path in dist.files or [] if path.parts[0] == "hearts_widget"]
    meta = [path for path in dist.files or []
            if path.parts[0] == f"{name}.dist-info" and path.name not in INSTALLER_FILES]
    running = Path(hearts_widget.__file__).resolve()
    if dist.version != hearts_widget.__version__ or not any(
            Path(str(dist.locate_file(path))).resolve() == running for path in package):
        raise SiteError(f"the hearts-widget installed ({dist.version}, {dist.locate_file('')}) is not the one "
                        f"running ({hearts_widget.__version__}, {running.parent}): reinstall it with pip")
    wheel = into / f"{name}-py3-none-any.whl"
    record = []
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in [p for p in package if "__pycache__" not in p.parts] + meta:
            data = Path(str(dist.locate_file(path))).read_bytes()
            if path.hash is not None and record_hash(data) != f"{path.hash.mode}={path.hash.value}":
                raise SiteError(f"{dist.locate_file(path)} was changed after it was installed: "
                                "reinstall hearts-widget with pip")
            archive.writestr(zip_entry(str(path)), data)
            record.append(f"{path},{record_hash(data)},{len(data)}")
        record.append(f"{name}.dist-info/RECORD,,")
        archive.writestr(zip_entry(f"{name}.dist-info/RECORD"), "\n".join(record) + "\n")
    return wheel


def zip_entry(name: str) -> zipfile.ZipInfo:
    """A wheel member with a fixed date, so the same install makes the same wheel."""
    entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    entry.compress_type = zipfile.ZIP_DEFLATED
    entry.external_attr = 0o644 << 16
    return entry


def project_wheel(into: Path) -> None:
    """This package's wheel: built from the source tree when there is one, else rebuilt
    from the installed package (see :func:`installed_wheel`)."""
    if in_source_tree():
        run("building the hearts-widget wheel",
            [sys.executable, "-m", "pip", "wheel", "-q", "--disable-pip-version-check", "--no-deps",
             "-w", str(into), str(SOURCE_TREE)])
    else:
        installed_wheel(into)


def site_wheels(into: Path) -> None:
    """The wheels of the site's pypi/ folder."""
    into.mkdir(parents=True)
    project_wheel(into)
    pip_download([f"{name}=={importlib.metadata.version(name)}" for name in SITE_WHEELS], into)


def pyodide_runtime(work: Path) -> Path:
    """The npm package ``pyodide`` of the kernel's version, unpacked; returns its folder."""
    return npm_package(f"pyodide@{PYODIDE_VERSION}", work)


def lock_closure(packages: dict[str, Any], wanted: Iterable[str]) -> dict[str, dict[str, Any]]:
    """The lock's entries for ``wanted`` and everything they depend on, under the lock's own keys
    (names are compared normalized: ipython depends on "prompt_toolkit", keyed "prompt-toolkit")."""
    key_of = {normalize(key): key for key in packages}
    found: dict[str, dict[str, Any]] = {}
    todo = [normalize(name) for name in wanted]
    while todo:
        key = key_of.get(todo.pop())
        if key is None or key in found:
            continue
        found[key] = packages[key]
        todo += [normalize(dep) for dep in packages[key]["depends"]]
    return found


def kernel_wheels(runtime: Path, into: Path) -> dict[str, dict[str, Any]]:
    """The pure-Python wheels the kernel installs from Pyodide's lock, from PyPI at the lock's
    versions, into ``into``; returns their lock entries."""
    lock = json.loads((runtime / "pyodide-lock.json").read_text())
    needed = lock_closure(lock["packages"], KERNEL_NEEDS)
    compiled = sorted(name for name, entry in needed.items() if not entry["file_name"].endswith("-none-any.whl"))
    if compiled:
        raise SiteError(f"the kernel needs compiled Pyodide packages that are not on PyPI: {compiled}")
    pip_download([f"{entry['name']}=={entry['version']}" for entry in needed.values()], into)
    return needed


def wheel_named(folder: Path, project: str) -> Path:
    """The wheel of ``project`` in ``folder``."""
    found = [path for path in folder.glob("*.whl") if normalize(path.name.split("-")[0]) == normalize(project)]
    if len(found) != 1:
        raise SiteError(f"expected one wheel of {project} in {folder}, found {[path.name for path in found]}")
    return found[0]


def wheel_metadata(wheel: Path) -> tuple[str, str, list[str], list[str]]:
    """A wheel's project name, version, requirements (in the browser: no extras) and the
    top-level names it can be imported as."""
    from packaging.requirements import Requirement

    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        meta = next(name for name in names if name.endswith(".dist-info/METADATA"))
        fields = [line.split(": ", 1) for line in archive.read(meta).decode().splitlines() if ": " in line]
    environment = {"sys_platform": "emscripten", "platform_system": "Emscripten", "python_version": "3.14",
                   "python_full_version": "3.14.2", "implementation_name": "cpython", "extra": ""}
    requires = [Requirement(value) for key, value in fields if key == "Requires-Dist"]
    depends = [normalize(req.name) for req in requires if req.marker is None or req.marker.evaluate(environment)]
    tops = {name.split("/")[0] if "/" in name else name for name in names}
    imports = sorted(top.removesuffix(".py") for top in tops
                     if not top.endswith((".dist-info", ".data")) and ("." not in top or top.endswith(".py")))
    value = dict(fields)
    return value["Name"], value["Version"], depends, imports


def lock_entry(wheel: Path, known: set[str]) -> dict[str, Any]:
    """A lock entry for one of the site's own wheels, its requirements those the lock holds;
    a requirement it holds not (and the browser needs) stops the build. Its sha256 is set
    when the wheel is put in the site (:func:`pyodide_folder`)."""
    name, version, depends, imports = wheel_metadata(wheel)
    missing = sorted(set(depends) - known - set(NOT_IN_THE_BROWSER))
    if missing:
        raise SiteError(f"{wheel.name} needs {missing}, which the site does not carry")
    return {"name": normalize(name), "version": version, "file_name": wheel.name, "install_dir": "site",
            "package_type": "package", "imports": imports, "depends": sorted(set(depends) & known),
            "unvendored_tests": False}


def site_lock(kernel: dict[str, dict[str, Any]], downloaded: Path, own: Path) -> dict[str, tuple[dict[str, Any], Path]]:
    """The packages of the site's Pyodide lock: the kernel's wheels (downloaded from PyPI) and
    the site's own, but those the browser does not use; each with its wheel."""
    packages = {}
    for key, entry in kernel.items():
        try:
            wheel = wheel_named(downloaded, entry["name"])
        except SiteError:
            raise SiteError(f"PyPI had no pure-Python wheel of {entry['name']}=={entry['version']}") from None
        packages[key] = ({**entry, "file_name": wheel.name}, wheel)
    projects = {normalize(wheel_metadata(wheel)[0]): wheel for wheel in sorted(own.glob("*.whl"))}
    known = (set(packages) | set(projects)) - set(NOT_IN_THE_BROWSER)
    for project, wheel in projects.items():
        if project not in NOT_IN_THE_BROWSER:
            packages[project] = (lock_entry(wheel, known), wheel)
    return packages


def page_wheels(packages: dict[str, tuple[dict[str, Any], Path]]) -> dict[str, Path]:
    """The wheels the site's code-free pages load, by file name: this package and its
    requirements, but IPython's own (no shell runs there: see
    hearts_widget.in_browser.without_ipython)."""
    shell_free = {key: {**entry, "depends": [dep for dep in entry["depends"] if normalize(dep) != "ipython"]}
                  for key, (entry, _) in packages.items()}
    return {packages[key][1].name: packages[key][1] for key in lock_closure(shell_free, [PROJECT])}


def pyodide_folder(runtime: Path, target: Path, packages: dict[str, tuple[dict[str, Any], Path]]) -> None:
    """static/pyodide/: the runtime, the lock's wheels, and the lock rewritten to them (with
    their hashes: PyPI's wheels differ from Pyodide's rebuilt ones)."""
    lock = json.loads((runtime / "pyodide-lock.json").read_text())
    target.mkdir(parents=True)
    for name in RUNTIME_FILES:
        shutil.copy2(runtime / name, target / name)
    kept = {}
    for key, (entry, wheel) in packages.items():
        shutil.copy2(wheel, target / wheel.name)
        kept[key] = {**entry, "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest()}
    (target / "pyodide-lock.json").write_text(json.dumps({**lock, "packages": kept}, indent=1))


def rezip_wheel(tree: Path, wheel: Path) -> None:
    """``wheel`` rewritten from the unpacked ``tree`` (its files and the bytecode compiled
    beside them), with a RECORD listing them all."""
    files = sorted(path for path in tree.rglob("*") if path.is_file())
    record_path = next(path for path in files if path.name == "RECORD" and path.parent.name.endswith(".dist-info"))
    record = []
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in files:
            if path == record_path:
                continue
            name = path.relative_to(tree).as_posix()
            data = path.read_bytes()
            archive.writestr(zip_entry(name), data)
            record.append(f"{name},{record_hash(data)},{len(data)}")
        name = record_path.relative_to(tree).as_posix()
        record.append(f"{name},,")
        archive.writestr(zip_entry(name), "\n".join(record) + "\n")


def compile_bytecode(runtime: Path, wheels: Iterable[Path], work: Path) -> None:
    """Every wheel in ``wheels`` (the pages' own) and the runtime's standard library
    (``python_stdlib.zip``) rewritten with their modules' bytecode (unchecked hash-based .pyc
    files, which the import system uses as they are), compiled by the site's own Pyodide under
    Node: Python in the browser would otherwise compile each module it imports on every page
    load (about half of the lesson's start). The notebook app's shell (IPython, jedi,
    pygments...) stays as PyPI ships it: compiled, it would add 5 MB to the site."""
    if shutil.which("node") is None:
        raise SiteError("node is needed to compile the site's Python bytecode (Debian: apt-get install nodejs)")
    tree = work / "bytecode"
    wheels = list(wheels)
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(tree / wheel.name)
    stdlib = runtime / "python_stdlib.zip"
    with zipfile.ZipFile(stdlib) as archive:
        archive.extractall(tree / "stdlib")
    run("compiling the site's Python bytecode", ["node", str(HERE / "bytecode.js"), str(runtime), str(tree)])
    for wheel in wheels:
        rezip_wheel(tree / wheel.name, wheel)
    # The standard library's bytecode without its sources (as Pyodide's own distribution
    # ships it): the sources would add 2.5 MB to every first load.
    with zipfile.ZipFile(stdlib, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(path for path in (tree / "stdlib").rglob("*") if path.is_file()):
            if path.suffix != ".py" or not path.with_suffix(".pyc").is_file():
                archive.writestr(zip_entry(path.relative_to(tree / "stdlib").as_posix()), path.read_bytes())


def joined_outputs(cell: dict[str, Any]) -> dict[str, Any]:
    """``cell`` with its stored outputs' texts as single strings. A notebook file may keep a
    text as a list of lines; Jupyter's server joins them when it reads the file, but
    JupyterLite serves the file as it is, and its renderers then show the list comma-joined."""
    def joined(value: Any) -> Any:
        return "".join(value) if isinstance(value, list) and all(isinstance(v, str) for v in value) else value

    outputs = []
    for output in cell.get("outputs", []):
        output = dict(output)
        if "data" in output:
            output["data"] = {mime: joined(value) for mime, value in output["data"].items()}
        if "text" in output:
            output["text"] = joined(output["text"])
        outputs.append(output)
    return {**cell, "outputs": outputs} if "outputs" in cell else cell


def site_notebook(source: Path, target: Path) -> None:
    """``source`` for the site: the Pyodide kernel, and a first, hidden cell installing this package."""
    notebook = json.loads(source.read_text())
    install = {"cell_type": "code", "execution_count": None, "id": "install-hearts-widget",
               "metadata": {"jupyter": {"source_hidden": True}, "tags": ["hearts-widget-install"]},
               "outputs": [], "source": [INSTALL_CELL]}
    cells = [joined_outputs(cell) for cell in notebook["cells"] if "".join(cell["source"]).strip() != INSTALL_CELL]
    notebook = {**notebook, "cells": [install, *cells],
                "metadata": {**notebook["metadata"], "kernelspec": PYODIDE_KERNELSPEC}}
    target.write_text(json.dumps(notebook, indent=1, ensure_ascii=False))


@dataclass(frozen=True)
class AddedLesson:
    """A teacher's lesson the site carries: its notebook's name in the site, the page that
    presents it, and its title in each language (from the lesson file)."""

    notebook: str
    page: str
    titles: dict[str, str]


#: Calls whose first argument (or ``lesson=``) names a lesson file, in a notebook's code.
LESSON_CALLS = ("Lesson", "load_lesson")
#: The site's list of its lessons.
INDEX_PAGE = "lessons.html"
#: Page names an added lesson cannot take: the site's own pages.
RESERVED_PAGES = {*PAGES, INDEX_PAGE}


def lesson_files_named(notebook: dict[str, Any], source: Path) -> list[str]:
    """The lesson files a notebook's code opens: ``Lesson("my-lesson.json")``,
    ``load_lesson(...)``; each a path relative to the notebook's folder."""
    named = []
    for number, cell in enumerate(notebook.get("cells", []), start=1):
        if cell.get("cell_type") != "code":
            continue
        code = "".join(cell.get("source", ""))
        try:
            tree = ast.parse("\n".join(line for line in code.splitlines() if not line.lstrip().startswith(("%", "!"))))
        except SyntaxError as error:
            raise SiteError(f"{source}: cell {number} is not Python ({error.msg}, line {error.lineno})") from None
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
            if name not in LESSON_CALLS:
                continue
            args = [*node.args[:1], *(keyword.value for keyword in node.keywords if keyword.arg == "lesson")]
            named += [arg.value for arg in args if isinstance(arg, ast.Constant) and isinstance(arg.value, str)]
    return named


def checked_lesson(path: Path) -> LessonFile:
    """The lesson file at ``path``, checked by the loader; a file it refuses stops the build
    with the loader's own message (the file, the step and the field)."""
    try:
        return load_lesson(path)
    except LessonFileError as error:
        raise SiteError(f"the lesson cannot go into the site: {error}") from None


def lesson_notebook(lesson_file: str) -> dict[str, Any]:
    """A notebook presenting the lesson file ``lesson_file`` (beside it), as a teacher writes one."""
    code = f"from hearts_widget.lessons.stepper import Lesson\n\nLesson({lesson_file!r})"
    return {"cells": [{"cell_type": "code", "execution_count": None, "id": "lesson", "metadata": {},
                       "outputs": [], "source": [code]}],
            "metadata": {"kernelspec": PYODIDE_KERNELSPEC}, "nbformat": 4, "nbformat_minor": 5}


def add_lesson_files(notebook: dict[str, Any], source: Path, target: Path) -> LessonFile | None:
    """Copy the lesson files the notebook ``source`` names into ``target`` (at the same place
    relative to the notebook), each checked; the lesson it presents, or None for a notebook
    that opens no lesson file."""
    lesson = None
    for name in lesson_files_named(notebook, source):
        relative = Path(name)
        if relative.is_absolute() or ".." in relative.parts:
            raise SiteError(f"{source} opens the lesson file {name!r}: the site carries only files in the "
                            "notebook's folder or below it; give a path relative to the notebook")
        found = source.parent / relative
        if not found.is_file():
            raise SiteError(f"{source} opens the lesson file {name!r}, which is not at {found}")
        folder, real = source.parent.resolve(), found.resolve()
        if not real.is_relative_to(folder):
            raise SiteError(f"{source} opens the lesson file {name!r}, a link to {real}, outside the notebook's "
                            f"folder {folder}: the site carries only files in that folder or below it; put a copy "
                            "there instead of a link")
        lesson = checked_lesson(found)
        (target / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(found, target / relative)
    return lesson


def add(path: Path, target: Path) -> AddedLesson | None:
    """Put one ``--add`` into the site's contents: a notebook with the lesson files it names,
    or a lesson file with a notebook made for it. The added lesson, or None for a notebook
    that presents no lesson."""
    if not path.is_file():
        raise SiteError(f"--add {path}: no such file")
    if path.suffix == ".json":
        lesson: LessonFile | None = checked_lesson(path)
        shutil.copy2(path, target / path.name)
        notebook = lesson_notebook(path.name)
        source = path.with_suffix(".ipynb")
    elif path.suffix == ".ipynb":
        try:
            notebook = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            raise SiteError(f"--add {path}: not a readable notebook ({error})") from None
        if not isinstance(notebook, dict) or not isinstance(notebook.get("cells"), list):
            raise SiteError(f"--add {path}: not a notebook (no list of cells)")
        lesson = add_lesson_files(notebook, path, target)
        source = path
    else:
        raise SiteError(f"--add {path}: give a notebook (.ipynb) or a lesson file (.json)")
    if (target / source.name).exists():
        raise SiteError(f"--add {path}: the site already has a notebook named {source.name}")
    scratch = target / f".{source.name}"
    scratch.write_text(json.dumps(notebook, indent=1, ensure_ascii=False))
    site_notebook(scratch, target / source.name)
    scratch.unlink()
    if lesson is None:
        return None
    page = f"{source.stem}.html"
    if page in RESERVED_PAGES:
        raise SiteError(f"--add {path}: its page would be {page}, one of the site's own pages: rename the file")
    return AddedLesson(source.name, page, {lang: lesson.title(lang) for lang in LANGUAGES})


def contents(notebooks: Path, extra: Iterable[Path], target: Path) -> list[AddedLesson]:
    """The notebooks the site opens: lesson, tutorial, play, and any extra ones given (with
    the lesson files they name); returns the added lessons, each to get a page of its own."""
    target.mkdir(parents=True)
    sources = [notebook_file(notebooks, name) for name in NOTEBOOKS]
    missing = [str(path) for path in sources if not path.is_file()]
    if missing:
        raise SiteError(f"notebooks not found: {missing} (--notebooks names a folder holding {', '.join(NOTEBOOKS)})")
    for path in sources:
        site_notebook(path, target / path.name)
    return [lesson for path in extra if (lesson := add(path, target)) is not None]


def lite_config(lite_dir: Path, wheels: Path) -> None:
    """jupyter-lite.json: Pyodide from inside the site and never from PyPI; the app exposed to
    index.html; overrides.json: no autosave."""
    lite_dir.mkdir(parents=True)
    shutil.copytree(wheels, lite_dir / "pypi")
    config = {"jupyter-lite-schema-version": 0,
              "jupyter-config-data": {
                  "appName": "Hearts", "exposeAppInBrowser": True,
                  "disabledExtensions": ["@jupyterlab/apputils-extension:announcements"],
                  "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": {
                      "pyodideUrl": "./static/pyodide/pyodide.mjs", "disablePyPIFallback": True}}}}
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(config, indent=1))
    # Never save a learner's run into the browser's storage: a saved copy would
    # hide the notebooks of a newer build of the site.
    overrides = {"@jupyterlab/docmanager-extension:plugin": {"autosave": False}}
    (lite_dir / "overrides.json").write_text(json.dumps(overrides, indent=1))


def npm_package(spec: str, work: Path) -> Path:
    """The npm package ``spec`` (name@version), unpacked; returns its folder."""
    folder = work / "npm-packages" / re.sub(r"[^a-z0-9.]+", "-", spec.lower())
    folder.mkdir(parents=True)
    run(f"fetching {spec} from npm", ["npm", "pack", "--silent", spec], cwd=folder)
    (tarball,) = folder.glob("*.tgz")
    with tarfile.open(tarball) as tar:
        tar.extractall(folder, filter="data")
    return folder / "package"


def theme_css(output: Path) -> str:
    """JupyterLab's light theme's colours, and its dark theme's where the browser asks for
    dark (the widgets' and the table's style sheets read them), from the app's build."""
    themes = output / "build" / "themes" / "@jupyterlab"
    light = (themes / "theme-light-extension" / "index.css").read_text()
    dark = (themes / "theme-dark-extension" / "index.css").read_text()
    return f"{light}\n@media (prefers-color-scheme: dark) {{\n{dark}\n}}\n"


def page_bundle(wheels: Iterable[Path], target: Path) -> None:
    """static/hearts/packages.gz: the files of the pages' wheels (their .data folders aside),
    which the pages' worker writes into site-packages in one go (see worker.js for why and
    for the format: a 4-byte little-endian length, a JSON list of [path, size], the bytes)."""
    files = []
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as archive:
            files += [(info.filename, archive.read(info)) for info in archive.infolist()
                      if not info.is_dir() and not info.filename.split("/")[0].endswith(".data")]
    index = json.dumps([[name, len(data)] for name, data in files]).encode()
    target.write_bytes(gzip.compress(struct.pack("<I", len(index)) + index + b"".join(data for _, data in files),
                                     compresslevel=9, mtime=0))


def page_assets(output: Path, work: Path) -> None:
    """static/hearts/: the pages' scripts, their widget manager and their theme."""
    target = output / "static" / "hearts"
    target.mkdir(parents=True)
    manager = npm_package(HTML_MANAGER, work)
    shutil.copy2(manager / "dist" / "libembed-amd.js", target / "libembed-amd.js")
    shutil.copy2(npm_package(REQUIREJS, work) / "require.js", target / "require.js")
    anywidget = npm_package(f"anywidget@{importlib.metadata.version('anywidget')}", work)
    shutil.copy2(anywidget / "dist" / "index.js", target / "anywidget.js")
    for name in ("runner.js", "worker.js"):
        shutil.copy2(HERE / name, target / name)
    (target / "theme.css").write_text(theme_css(output))


@dataclass(frozen=True)
class Page:
    """One of the site's code-free pages: its file, the notebook it presents (in the site's
    contents) and the lesson files that notebook opens."""

    file: str
    notebook: str
    files: tuple[str, ...] = ()

    @property
    def stem(self) -> str:
        return self.file.removesuffix(".html")


def page_cells(contents: Path, page: Page) -> list[str]:
    """The code cells the page runs: its notebook's, but the install cell (the page's Python
    has the site's packages already) and IPython's own lines."""
    notebook = json.loads((contents / page.notebook).read_text())
    sources = ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "code"]
    return [code for source in sources if source.strip() != INSTALL_CELL and (code := notebook_code(source)).strip()]


def snapshots(contents: Path, cells: dict[str, list[str]], work: Path) -> dict[str, dict[str, Any]]:
    """Each page's snapshot in each language (see hearts_widget.site.snapshot), made by this
    Python in a process of its own."""
    spec = work / "snapshot-pages.json"
    spec.write_text(json.dumps({page: {"folder": ".", "cells": code} for page, code in cells.items()}))
    done = subprocess.run([sys.executable, "-m", "hearts_widget.site.snapshot", str(contents), str(spec)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise SiteError(f"making the pages' snapshots failed:\n{done.stderr[-3000:]}")
    shots: dict[str, dict[str, Any]] = json.loads(done.stdout)
    return shots


def script_json(value: Any) -> str:
    """``value`` as JSON that can sit inside a <script> element (no ``<``, ``>`` or ``&`` as such,
    so no text in it can close the element or open a comment there)."""
    text = json.dumps(value, ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def filled(template: str, fills: dict[str, str]) -> str:
    """``template`` with each placeholder replaced in one pass (a filled text is never read again)."""
    return re.sub("|".join(map(re.escape, fills)), lambda match: fills[match.group()], template)


def pages(output: Path, contents: Path, work: Path, added: Iterable[AddedLesson] = ()) -> None:
    """index.html (the lesson), play.html and a page for each added lesson, each presenting
    one notebook with no code on screen (runner.js), with its code, the lesson files it opens
    and its snapshot in each language in static/hearts/pages/; lessons.html lists them."""
    added = list(added)
    every = [Page(file, notebook) for file, notebook in PAGES.items()]
    for lesson in added:
        notebook = json.loads((contents / lesson.notebook).read_text())
        files = tuple(lesson_files_named(notebook, contents / lesson.notebook))
        every.append(Page(lesson.page, lesson.notebook, files))
    cells = {page.stem: page_cells(contents, page) for page in every}
    shots = snapshots(contents, cells, work)
    template = (HERE / "presenter.html").read_text()
    data = output / "static" / "hearts" / "pages"
    data.mkdir(parents=True, exist_ok=True)
    for page in every:
        config = {"page": page.stem, "languages": list(LANGUAGES), "language": DEFAULT_LANGUAGE,
                  "text": {lang: site_page_text(lang) for lang in LANGUAGES}}
        fills = {"__NOTEBOOK__": html.escape(page.notebook), "__CONFIG__": script_json(config)}
        (output / page.file).write_text(filled(template, fills))
        for lang in LANGUAGES:
            (data / f"{page.stem}.{lang}.json").write_text(json.dumps(
                {"cells": cells[page.stem], "files": list(page.files), "environ": page_environ(lang),
                 "snapshot": shots[page.stem][lang]}, ensure_ascii=False))
    (output / INDEX_PAGE).write_text(index_page(added))


def index_page(added: list[AddedLesson]) -> str:
    """lessons.html: the site's lessons by title, the play page and the tutorial, in each
    language (the page shows the one ``?lang=`` asks for, English by default)."""
    builtin = builtin_lesson()
    entries = [("index.html", {lang: builtin.title(lang) for lang in LANGUAGES}),
               *((lesson.page, lesson.titles) for lesson in added)]
    texts = {lang: site_index_text(lang) for lang in LANGUAGES}
    sections = []
    for lang in LANGUAGES:
        query = "" if lang == DEFAULT_LANGUAGE else f"?lang={lang}"
        words = texts[lang]
        links = [(urllib.parse.quote(page) + query, titles[lang]) for page, titles in entries]
        links += [("play.html" + query, words["play"]),
                  ("notebooks/index.html?path=tutorial.ipynb", words["tutorial"])]
        items = "\n".join(f'    <li><a href="{html.escape(href)}">{html.escape(title)}</a></li>'
                          for href, title in links)
        hidden = "" if lang == DEFAULT_LANGUAGE else " hidden"
        heading = html.escape(words["heading"])
        sections.append(f'<section lang="{lang}" data-lang="{lang}"{hidden}>\n  <h1>{heading}</h1>\n'
                        f'  <ul>\n{items}\n  </ul>\n</section>')
    return (HERE / "lessons.html").read_text().replace("__SECTIONS__", "\n".join(sections))


def prepare(outdir: Path) -> None:
    """OUTDIR must be new, empty, or a site this command built (which is then replaced)."""
    if outdir.exists():
        if not outdir.is_dir():
            raise SiteError(f"{outdir} exists and is not a folder")
        if any(outdir.iterdir()) and not (outdir / MARKER).exists():
            raise SiteError(f"{outdir} is not empty and was not built by this command: choose another folder")
        shutil.rmtree(outdir)


def build_site(outdir: Path, notebooks: Path | None = None, extra: Iterable[Path] = ()) -> Path:
    """Build the site into ``outdir`` and return it (see the module docstring)."""
    check_tools()
    notebooks = notebooks or default_notebooks()
    outdir = outdir.resolve()
    prepare(outdir)
    with tempfile.TemporaryDirectory(prefix="hearts-site-") as tmp:
        work = Path(tmp)
        added = contents(notebooks, extra, work / "contents")
        runtime = pyodide_runtime(work)
        site_wheels(work / "wheels")
        packages = site_lock(kernel_wheels(runtime, work / "kernel-wheels"), work / "kernel-wheels", work / "wheels")
        wheels = page_wheels(packages)
        compile_bytecode(runtime, wheels.values(), work)
        lite_config(work / "lite", work / "wheels")
        tools = lite_tools(work / "tools")
        output = work / "output"
        # The environment's extensions (the widget managers), and the Pyodide kernel's from the tools' folder.
        kernel_extension = work / "tools" / KERNEL_EXTENSION
        run("jupyter lite build",
            [sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(work / "lite"),
             "--contents", str(work / "contents"), "--output-dir", str(output), "--apps", "notebooks", "--apps", "lab",
             "--no-sourcemaps", "--no-unused-shared-packages",
             f"--LiteBuildConfig.federated_extensions={kernel_extension}"],
            cwd=work, env=tools)
        pyodide_folder(runtime, output / "static" / "pyodide", packages)
        page_assets(output, work)
        page_bundle(wheels.values(), output / "static" / "hearts" / "packages.gz")
        pages(output, work / "contents", work, added)
        (output / MARKER).write_text(f"hearts-widget {hearts_widget.__version__}\n")
        shutil.copytree(output, outdir)
    return outdir


def size_of(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="hearts-widget site",
        description="Build a static lesson site where Python runs in the browser (JupyterLite with Pyodide).")
    parser.add_argument("outdir", type=Path, help="folder to build the site into (new, empty, or a previous site)")
    parser.add_argument("--notebooks", type=Path, default=None,
                        help="folder with lesson.ipynb, tutorial.ipynb, tutorial-solutions.ipynb and play.ipynb "
                             "(default: the package's own)")
    parser.add_argument("--add", type=Path, action="append", default=[], metavar="FILE",
                        help="a teacher's own lesson to include, as its notebook (.ipynb, with the lesson files "
                             "it opens) or its lesson file (.json); each gets a page of its own (repeatable)")
    args = parser.parse_args(argv)
    start = time.monotonic()
    try:
        site = build_site(args.outdir, args.notebooks, args.add)
    except SiteError as error:
        print(f"hearts-widget site: {error}", file=sys.stderr)
        return 1
    print(f"Built {site} ({size_of(site) / 1e6:.1f} MB) in {time.monotonic() - start:.0f} s.\n"
          f"Serve it with:  python -m http.server --directory {site}  and open http://127.0.0.1:8000/")
    return 0
