"""Capacity of one ``python -m hearts_widget`` server: kernel starts per core per
minute and memory per table (learners per GiB).

Starts the launcher, asks for N pages at once over HTTP (each GET starts a
kernel and runs the play notebook, as a learner's page load does, without the
browser's share of the work), and prints the time for all N, the kernels'
resident memory, and the load average. Bounded: N pages, then the server is
stopped. Usage: ``PYTHONPATH=. nice python benchmarks/capacity.py --pages 8``.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path


def kernels_of(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
                cmdline = Path(f"/proc/{entry}/cmdline").read_bytes()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid and b"ipykernel" in cmdline:
                found.append(int(entry))
    return found


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=8)
    args = parser.parse_args()
    home = Path(tempfile.mkdtemp(prefix="hearts-capacity-"))
    env = {**os.environ, **{name: str(home / name.lower()) for name in
                            ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR")}}
    proc = subprocess.Popen([sys.executable, "-m", "hearts_widget", "--max-kernels", str(args.pages)],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env,
                            start_new_session=True)
    try:
        line = proc.stdout.readline() if proc.stdout else ""
        url = re.search(r"open (\S+)", line).group(1)  # type: ignore[union-attr]
        start = time.monotonic()

        def load(_: int) -> float:
            begin = time.monotonic()
            with urllib.request.urlopen(url, timeout=300) as response:
                assert b"application/vnd.jupyter.widget-view+json" in response.read()
            return time.monotonic() - begin

        with ThreadPoolExecutor(args.pages) as pool:
            times = list(pool.map(load, range(args.pages)))
        wall = time.monotonic() - start
        kernels = kernels_of(proc.pid)
        memory = [rss_mib(pid) for pid in kernels]
        cores = os.cpu_count() or 1
        print(f"{args.pages} pages at once on {cores} cores: all rendered by the server in {wall:.1f} s "
              f"(median page {statistics.median(times):.1f} s, slowest {max(times):.1f} s)")
        print(f"kernel starts: {args.pages / wall * 60 / cores:.1f} per core per minute")
        print(f"kernel memory: median {statistics.median(memory):.0f} MiB resident "
              f"({len(kernels)} kernels): {1024 / statistics.median(memory):.0f} learners per GiB")
        print(f"server process: {rss_mib(proc.pid):.0f} MiB; load average {os.getloadavg()[0]:.2f}")
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)
    return 0


if __name__ == "__main__":
    sys.exit(main())
