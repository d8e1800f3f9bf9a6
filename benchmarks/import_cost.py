"""Import cost: CPU time of ``import hearts_widget`` (and of the table) over ``python -c pass``, in a plain venv.

What a learner's ``pip install hearts-widget`` gets: the script makes a fresh
venv (no system site-packages, so none of the development environment's
``.pth`` files, which pre-import dozens of modules at start-up and so hide
their cost), installs a copy of this source tree into it with pip (a built
wheel, not an editable install; its dependencies from the package index; the
copy keeps the build's files out of the shared tree), and checks that
the venv imports the installed copy and that its ``__version__`` is the
installed metadata's. It refuses to run (exit status 1) when it cannot make
that venv: a figure from another interpreter would not be this one.

The reference is ``python -c pass`` in the same venv. Each run is a fresh
interpreter; its CPU time (user + system, from the kernel's accounting of the
finished child) is less stretched by the machine's other work than wall time.
The runs are interleaved: ``pass``, then each import, ``--runs`` times, and the
script prints the median extra CPU milliseconds of each import over ``pass``
in the same round, with the spread and the load average. pip compiles the
bytecode at install time, as for a learner, so compiling is not counted. The
goal (issues 25 and 38): ``import hearts_widget`` at most +50 ms.

    nice python benchmarks/import_cost.py [--runs 15]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
IMPORTS = {
    "import hearts_widget": "import hearts_widget",
    "from hearts_widget import HeartsTable": "from hearts_widget import HeartsTable",
}
# Where the interpreter would otherwise look for modules or start-up code outside the venv.
NOT_PASSED_ON = ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "PYTHONUSERBASE", "PYTHONDONTWRITEBYTECODE",
                 "PYTHONPYCACHEPREFIX", "PYTHONNOUSERSITE", "VIRTUAL_ENV")
CHECK = ("import sys, hearts_widget; from importlib import metadata;"
         "print(hearts_widget.__file__); print(hearts_widget.__version__ == metadata.version('hearts-widget'))")


class NoPlainVenv(Exception):
    """The plain venv could not be made or is not plain: the figures would be another interpreter's."""


def run(command: list[str], env: dict[str, str], cwd: str, what: str) -> str:
    """Run ``command``; its output, or NoPlainVenv saying ``what`` failed and why."""
    try:
        done = subprocess.run(command, env=env, cwd=cwd, capture_output=True, text=True, timeout=900)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise NoPlainVenv(f"{what}: {error}") from error
    if done.returncode != 0:
        raise NoPlainVenv(f"{what} failed (exit status {done.returncode}):\n{(done.stdout + done.stderr)[-2000:]}")
    return done.stdout


def plain_venv(folder: str, env: dict[str, str]) -> str:
    """Make a venv in ``folder`` with this source tree pip-installed; its interpreter, checked plain."""
    venv = os.path.join(folder, "venv")
    run([sys.executable, "-m", "venv", "--without-pip", venv], env, folder, "python -m venv")
    python = os.path.join(venv, "bin", "python")
    if not os.path.exists(python):
        raise NoPlainVenv(f"python -m venv made no {python}")
    source = os.path.join(folder, "source")
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(".*", "artifacts", "build", "dist", "*.egg-info",
                                                                "__pycache__"))
    # This interpreter's pip installs into the venv (--python), which then holds no pip of its own.
    run([sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-input", source], env,
        folder, f"pip install (a copy of) {ROOT} into the venv")
    where, same = run([python, "-c", CHECK], env, folder, "import hearts_widget in the venv").split()
    if not where.startswith(venv):
        raise NoPlainVenv(f"the venv imported hearts_widget from {where}, not from its own site-packages")
    if same != "True":
        raise NoPlainVenv("the venv's hearts_widget.__version__ is not its installed metadata's version")
    config = Path(venv, "pyvenv.cfg").read_text(encoding="utf-8")
    if "include-system-site-packages = false" not in config:
        raise NoPlainVenv(f"the venv sees the system site-packages:\n{config}")
    return python


def child_cpu_ms(python: str, code: str, env: dict[str, str], cwd: str) -> float:
    """CPU milliseconds (user + system) of ``python -c code`` in a fresh interpreter."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([python, "-c", code], env=env, cwd=cwd, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return 1000 * (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="interleaved rounds (default 15)")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error(f"--runs must be at least 1, not {args.runs}")
    env = {key: value for key, value in os.environ.items() if key not in NOT_PASSED_ON}
    with tempfile.TemporaryDirectory(prefix="hearts-import-cost-") as folder:
        try:
            python = plain_venv(folder, env)
        except NoPlainVenv as error:
            print(f"import_cost.py: cannot make a plain venv with hearts-widget pip-installed, so nothing is "
                  f"measured (it is not measured in this interpreter's environment instead): {error}",
                  file=sys.stderr)
            return 1
        at_start = run([python, "-c", "import sys; print(len(sys.modules))"], env, folder, "python -c pass")
        for code in IMPORTS.values():
            child_cpu_ms(python, code, env, folder)  # warms the file cache
        load = os.getloadavg()
        extra: dict[str, list[float]] = {name: [] for name in IMPORTS}
        for _ in range(args.runs):
            floor = child_cpu_ms(python, "pass", env, folder)
            for name, code in IMPORTS.items():
                extra[name].append(child_cpu_ms(python, code, env, folder) - floor)
    print(f"CPU time over `python -c pass` in a fresh plain venv with hearts-widget pip-installed "
          f"({at_start.strip()} modules at start-up), milliseconds ({args.runs} interleaved rounds):")
    for name, values in extra.items():
        print(f"  {name:40s} median {statistics.median(values):+6.1f}  ({min(values):+.1f} to {max(values):+.1f})")
    print(f"load average (1, 5, 15 min) at the start {' '.join(f'{x:.2f}' for x in load)}, "
          f"at the end {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
