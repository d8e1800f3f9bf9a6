"""Import cost: CPU time of ``import hearts_widget`` (and of the table) over ``python -c pass``.

Each run is a fresh interpreter; its CPU time (user + system, from the
kernel's accounting of the finished child) is less stretched by the
machine's other work than wall time. The runs are interleaved: ``pass``,
then each import, ``--runs`` times, and the script prints the median extra
CPU milliseconds of each import over ``pass`` in the same round, with the
spread and the load average. Bytecode is written to a temporary cache first
(as an installed package has it), even where PYTHONDONTWRITEBYTECODE is set,
so that compiling the sources is not counted. The goal (issue 25):
``import hearts_widget`` at most +50 ms.

    PYTHONPATH=. nice python benchmarks/import_cost.py [--runs 15]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile

IMPORTS = {
    "import hearts_widget": "import hearts_widget",
    "from hearts_widget import HeartsTable": "from hearts_widget import HeartsTable",
}


def child_cpu_ms(code: str, env: dict[str, str]) -> float:
    """CPU milliseconds (user + system) of ``python -c code`` in a fresh interpreter."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-c", code], env=env, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return 1000 * (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="interleaved rounds (default 15)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="hearts-pyc-") as cache:
        env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = cache
        for code in IMPORTS.values():
            child_cpu_ms(code, env)  # writes the bytecode
        load = os.getloadavg()
        extra: dict[str, list[float]] = {name: [] for name in IMPORTS}
        for _ in range(args.runs):
            floor = child_cpu_ms("pass", env)
            for name, code in IMPORTS.items():
                extra[name].append(child_cpu_ms(code, env) - floor)
    print(f"CPU time over `python -c pass`, milliseconds ({args.runs} interleaved rounds, bytecode cached):")
    for name, values in extra.items():
        print(f"  {name:40s} median {statistics.median(values):+6.1f}  ({min(values):+.1f} to {max(values):+.1f})")
    print(f"load average (1, 5, 15 min) at the start {' '.join(f'{x:.2f}' for x in load)}, "
          f"at the end {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
