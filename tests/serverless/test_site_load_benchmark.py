"""``benchmarks/site_load.py`` runs to the end on the built site with its smallest
settings (its figures are not checked: tests/test_benchmarks.py says why)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.browser
def test_the_site_load_benchmark_runs(site: Path) -> None:
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "site_load.py"), str(site), "--rounds", "1"],
                          cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, f"site_load.py failed:\n{done.stdout[-3000:]}{done.stderr[-3000:]}"
    assert "ratio to the bare" in done.stdout
