"""The Binder files and the README's launch links point at what exists."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_binder_installs_this_repository_with_the_lesson_stack() -> None:
    lines = [line.strip() for line in (ROOT / "binder" / "requirements.txt").read_text().splitlines()]
    assert ".[lesson]" in lines  # pip runs from the repository root on Binder
    assert (ROOT / "binder" / "runtime.txt").read_text().strip().startswith("python-3.")


def test_readme_has_both_launch_links_built_from_the_placeholder() -> None:
    readme = (ROOT / "README.md").read_text()
    links = re.findall(r"https://mybinder\.org/v2/gh/BINDER_REPO/HEAD\?urlpath=([^)\s]+)", readme)
    assert links == ["lab/tree/notebooks/tutorial.ipynb", "voila/render/notebooks/lesson.ipynb"]
    for link in links:
        assert (ROOT / link.split("/", 2)[2]).exists()
    assert "BINDER_REPO` in the two links" in readme
