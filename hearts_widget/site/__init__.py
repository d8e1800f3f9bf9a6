"""``hearts-widget site OUTDIR``: build a serverless lesson site.

The site is a JupyterLite 0.8.6 build with the Pyodide kernel: Python runs in
the learner's browser, so any static file server (``python -m http.server``,
a USB stick's folder on a school server, GitHub Pages) serves any class size
and no kernel runs anywhere. Everything the pages load is inside the site:

- ``index.html``: the lesson, started by itself with no code on screen
  (``?lang=tl|ceb|sw`` chooses the language); ``play.html``: a table against
  bots (``?lang=`` too); ``notebooks/index.html?path=tutorial.ipynb``: the
  tutorial, code and all.
- ``static/pyodide/``: the Pyodide runtime of the npm package ``pyodide`` (of
  exactly the kernel's version), with the pure-Python wheels the kernel
  installs at start-up fetched from PyPI at the versions of Pyodide's lock;
  the lock is rewritten to their hashes and pruned to what the site holds.
- ``pypi/``: the wheels of this package and of anywidget, ipywidgets,
  jupyterlab_widgets, comm and psygnal, installed by each notebook's first
  (hidden) cell, ``%pip install hearts-widget``.

It is built from an installed package as well as from the source tree: the
wheel carries the notebooks (``hearts_widget/site/notebooks/``, copied from the
repository's ``notebooks/`` by ``setup.py``), and this package's own wheel is
rebuilt from the installed files listed in its RECORD (checked against their
hashes there), so the site serves exactly the version installed. From a source
tree (a clone, an editable install) the repository's notebooks are used and the
wheel is built with ``pip wheel``.

Building needs the package registries (PyPI through pip, npm through npm) and
``jupyterlite-core`` / ``jupyterlite-pyodide-kernel`` (the ``site`` extra);
the built site needs no network at all.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import importlib.metadata
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import hearts_widget

HERE = Path(__file__).resolve().parent
SOURCE_TREE = HERE.parents[1]
PYODIDE_VERSION = "314.0.6"  # must equal jupyterlite_pyodide_kernel.constants.PYODIDE_VERSION
LITE_VERSION = "0.8.6"
#: Wheels served from the site's pypi/ folder, at the versions installed here
#: (jupyterlab_widgets must match the lab extension the build copies from here).
SITE_WHEELS = ("anywidget", "ipywidgets", "jupyterlab_widgets", "comm", "psygnal")
#: What the Pyodide kernel installs at start-up from Pyodide's lock, plus what
#: the site's wheels need from it; their dependencies are followed in the lock.
KERNEL_NEEDS = ("micropip", "ipython", "jedi", "traitlets", "typing-extensions")
#: The Pyodide runtime files the kernel loads (the npm package has more).
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "package.json")
#: The site's pages: file name -> the notebook it presents.
PAGES = {"index.html": "lesson.ipynb", "play.html": "play.ipynb"}
NOTEBOOKS = ("lesson.ipynb", "tutorial.ipynb", "play.ipynb")
MARKER = ".hearts-widget-site"
PYODIDE_KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
INSTALL_CELL = "%pip install -q hearts-widget"


class SiteError(RuntimeError):
    """A step of the build failed; the message names the step and what to do."""


def normalize(name: str) -> str:
    """A project name as PyPI and Pyodide's lock compare them (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def run(step: str, args: list[str], cwd: Path | None = None) -> None:
    """Run one build step; on failure raise :class:`SiteError` with its output."""
    done = subprocess.run(args, cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        raise SiteError(f"{step} failed ({' '.join(args[:4])} ...):\n{done.stdout[-2000:]}{done.stderr[-2000:]}")


def check_tools() -> None:
    """The build tools are there, at the versions that work together."""
    try:
        versions = {name: importlib.metadata.version(name)
                    for name in ("jupyterlite-core", "jupyterlite-pyodide-kernel")}
    except importlib.metadata.PackageNotFoundError as missing:
        raise SiteError(f"{missing.name} is not installed: pip install \"hearts-widget[site]\"") from None
    wrong = {name: version for name, version in versions.items() if version != LITE_VERSION}
    if wrong:
        raise SiteError(f"the site is built with {LITE_VERSION} of {sorted(versions)}, found {wrong}: "
                        "pip install \"hearts-widget[site]\"")
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION as kernel_pyodide

    if kernel_pyodide != PYODIDE_VERSION:
        raise SiteError(f"the Pyodide kernel wants Pyodide {kernel_pyodide}, this builder copies {PYODIDE_VERSION}")
    if shutil.which("npm") is None:
        raise SiteError("npm is needed to fetch the Pyodide runtime (Debian: apt-get install npm)")


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
    run("fetching the Pyodide runtime from npm", ["npm", "pack", "--silent", f"pyodide@{PYODIDE_VERSION}"], cwd=work)
    with tarfile.open(work / f"pyodide-{PYODIDE_VERSION}.tgz") as tar:
        tar.extractall(work / "npm", filter="data")
    return work / "npm" / "package"


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


def pyodide_folder(runtime: Path, target: Path, work: Path) -> None:
    """static/pyodide/: the runtime, the kernel's wheels from PyPI, and the lock rewritten to them."""
    lock = json.loads((runtime / "pyodide-lock.json").read_text())
    needed = lock_closure(lock["packages"], KERNEL_NEEDS)
    compiled = sorted(name for name, entry in needed.items() if not entry["file_name"].endswith("-none-any.whl"))
    if compiled:
        raise SiteError(f"the kernel needs compiled Pyodide packages that are not on PyPI: {compiled}")
    wheels = work / "pyodide-wheels"
    pip_download([f"{entry['name']}=={entry['version']}" for entry in needed.values()], wheels)
    on_disk = {normalize(path.name.split("-")[0]): path for path in wheels.glob("*.whl")}
    target.mkdir(parents=True)
    for name in RUNTIME_FILES:
        shutil.copy2(runtime / name, target / name)
    kept = {}
    for key, entry in needed.items():
        wheel = on_disk.get(normalize(entry["name"]))
        if wheel is None:
            raise SiteError(f"PyPI had no pure-Python wheel of {entry['name']}=={entry['version']}")
        shutil.copy2(wheel, target / wheel.name)
        kept[key] = {**entry, "file_name": wheel.name,
                               "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest()}
    (target / "pyodide-lock.json").write_text(json.dumps({**lock, "packages": kept}, indent=1))


def site_notebook(source: Path, target: Path) -> None:
    """``source`` for the site: the Pyodide kernel, and a first, hidden cell installing this package."""
    notebook = json.loads(source.read_text())
    install = {"cell_type": "code", "execution_count": None, "id": "install-hearts-widget",
               "metadata": {"jupyter": {"source_hidden": True}, "tags": ["hearts-widget-install"]},
               "outputs": [], "source": [INSTALL_CELL]}
    cells = [cell for cell in notebook["cells"] if "".join(cell["source"]).strip() != INSTALL_CELL]
    notebook = {**notebook, "cells": [install, *cells],
                "metadata": {**notebook["metadata"], "kernelspec": PYODIDE_KERNELSPEC}}
    target.write_text(json.dumps(notebook, indent=1, ensure_ascii=False))


def contents(notebooks: Path, extra: Iterable[Path], target: Path) -> None:
    """The notebooks the site opens: lesson, tutorial, play, and any extra ones given."""
    target.mkdir(parents=True)
    sources = [notebooks / name for name in NOTEBOOKS] + list(extra)
    missing = [str(path) for path in sources if not path.is_file()]
    if missing:
        raise SiteError(f"notebooks not found: {missing} (--notebooks names a folder holding {', '.join(NOTEBOOKS)})")
    for path in sources:
        site_notebook(path, target / path.name)


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


def pages(output: Path) -> None:
    """index.html (the lesson) and play.html, each presenting one notebook with no code on screen."""
    template = (HERE / "presenter.html").read_text()
    for page, notebook in PAGES.items():
        (output / page).write_text(template.replace("__NOTEBOOK__", notebook))


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
        contents(notebooks, extra, work / "contents")
        site_wheels(work / "wheels")
        lite_config(work / "lite", work / "wheels")
        runtime = pyodide_runtime(work)
        output = work / "output"
        run("jupyter lite build",
            [sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(work / "lite"),
             "--contents", str(work / "contents"), "--output-dir", str(output), "--apps", "notebooks", "--apps", "lab",
             "--no-sourcemaps", "--no-unused-shared-packages"], cwd=work)
        pyodide_folder(runtime, output / "static" / "pyodide", work)
        pages(output)
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
                        help="folder with lesson.ipynb, tutorial.ipynb and play.ipynb (default: the package's own)")
    parser.add_argument("--add", type=Path, action="append", default=[], metavar="NOTEBOOK",
                        help="another notebook to include, e.g. a teacher's own lesson (repeatable)")
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
