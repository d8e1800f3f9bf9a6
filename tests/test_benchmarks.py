"""Every benchmark in ``benchmarks/`` runs to the end with its smallest settings.

The figures are not checked (benchmarks print ratios, they are not timed tests):
a script that crashes, or a benchmark added without a smallest run here, fails.
The ones that drive Chromium are marked ``browser`` (they run in the browser
pytest process), with no CPU-burning process beside them and one page, for a few
seconds: the capacity and soak runs themselves are run by hand
(docs/performance.md, "Capacity and soak: benchmarks, run by hand").
``site_load.py`` needs a built site and is run in
tests/serverless/test_site_load_benchmark.py.
"""

from __future__ import annotations

import importlib.util
import os
import statistics
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

SMALLEST = {
    "engine_speed.py": ["--seconds", "0.05", "--blocks", "1", "--no-reference"],  # OpenSpiel: benchmark-only
    "replay_speed.py": ["--hands", "1", "--runs", "1"],
    "variant_speed.py": ["--hands", "2", "--runs", "1"],
    "variant_bots.py": ["--hands", "2"],
    "tournament.py": ["--deals", "2", "--candidates", "rule", "--field", "random"],
    "coach_quality.py": ["--positions", "2", "--deals", "10", "--rules", "standard"],
    "capacity.py": ["--pages", "1"],
    "import_cost.py": ["--runs", "1"],
    "arena_speed.py": ["--deals", "2", "--runs", "1"],
    "hint_latency.py": ["--positions", "2", "--rules", "standard"],
    "review_quality.py": ["--positions", "2", "--deals", "10", "--rules", "standard"],
    "class_store.py": ["--learners", "2", "--writes", "2"],
    "pass_review_quality.py": ["--hands", "1", "--deals", "10", "--rules", "standard"],
    "naive_moon.py": ["--hands", "2", "--deals", "2", "--rules", "standard"],
    "coach_claims.py": ["--hands", "1", "--hint-hands", "0", "--rules", "standard"],
    "review_independent.py": ["--positions", "1", "--deals", "2", "--rules", "standard"],
    "hint_saving.py": ["--positions", "2", "--deals", "10", "--rules", "standard"],
    "league_speed.py": ["--learners", "1", "--deals", "1"],
    "live_board.py": ["--learners", "2", "--rounds", "1", "--processes", "1", "--think", "0"],
    "puzzles_reevaluate.py": ["--deals", "8", "--limit", "1", "--sets", "standard-4"],
}
IN_THE_BROWSER = {
    "latency.py": ["--rounds", "1", "--where", "voila", "--burners", "0"],
    "lesson_next.py": ["--walks", "1", "--read-ms", "0", "--steps", "2"],
    "arrival.py": ["--learners", "1", "--burners", "0", "--spread", "0", "--timeout", "120"],
    "soak.py": ["--minutes", "0.1", "--pages", "1", "--settle", "0"],
}
# What each browser benchmark prints when it ran: a ratio to its reference, or (with no reference to
# divide by) how many pages ended playable, or how the kernels' memory went.
PRINTS = {"arrival.py": "playable", "soak.py": "kernel memory"}
ELSEWHERE = {"site_load.py"}


def run_benchmark(script: str, args: list[str]) -> str:
    """Run ``benchmarks/script`` from the project root as its docstring says; its output."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"{script} {' '.join(args)} failed:\n{done.stdout[-3000:]}{done.stderr[-3000:]}"
    return done.stdout


def test_every_benchmark_has_a_smallest_run() -> None:
    scripts = {path.name for path in (ROOT / "benchmarks").glob("*.py")}
    assert scripts == set(SMALLEST) | set(IN_THE_BROWSER) | ELSEWHERE


@pytest.mark.parametrize("script", sorted(SMALLEST))
def test_the_benchmark_runs(script: str) -> None:
    assert run_benchmark(script, SMALLEST[script]).strip()


@pytest.mark.browser
@pytest.mark.parametrize("script", sorted(IN_THE_BROWSER))
def test_the_browser_benchmark_runs(script: str) -> None:
    assert PRINTS.get(script, "ratio") in run_benchmark(script, IN_THE_BROWSER[script])


def test_the_import_cost_is_not_measured_without_a_plain_venv(tmp_path: Path) -> None:
    """Where pip cannot install the package into a fresh venv (here: no index, no wheels), the
    benchmark says so and fails, rather than measure in the development environment."""
    env = {**os.environ, "PIP_NO_INDEX": "1", "PIP_FIND_LINKS": str(tmp_path), "PIP_CONSTRAINT": ""}
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "import_cost.py"), "--runs", "1"], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 1 and not done.stdout
    assert "cannot make a plain venv" in done.stderr and "pip install" in done.stderr


def test_the_engine_speed_refuses_to_run_without_its_reference() -> None:
    """Without OpenSpiel (here: made unimportable) and without --no-reference, no ratio to something else."""
    script = str(ROOT / "benchmarks" / "engine_speed.py")
    code = (f"import runpy, sys; sys.modules['pyspiel'] = None; sys.argv = [{script!r}, '--seconds', '0.01'];"
            f"runpy.run_path({script!r}, run_name='__main__')")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "ratio" not in done.stdout
    assert "OpenSpiel" in done.stderr and "--no-reference" in done.stderr


def test_the_class_stores_95th_percentile_is_never_below_its_median() -> None:
    """At its smallest run (two writes) the 95th percentile was the faster write, below the median."""
    spec = importlib.util.spec_from_file_location("class_store", ROOT / "benchmarks" / "class_store.py")
    assert spec is not None and spec.loader is not None
    class_store = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(class_store)
    for values in ([3.0], [1.0, 3.0], [5.0, 1.0, 2.0], [1.0, 2.0, 3.0, 4.0, 100.0]):
        assert class_store.percentile(values, 0.5) == statistics.median(values)
        assert statistics.median(values) <= class_store.percentile(values, 0.95) <= max(values)
    assert class_store.percentile([1.0, 3.0], 0.95) == pytest.approx(2.9)
