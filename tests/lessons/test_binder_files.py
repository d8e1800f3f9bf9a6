"""The Binder files and the README's launch links point at what exists. The
repository in the links is BINDER_REPO until it is known; README's `sed` line
replaces it (there and in pyproject.toml's URLs) without failing this test."""

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REPO = r"(BINDER_REPO|[A-Za-z0-9][\w.-]*/[\w.-]+)"


def test_binder_installs_this_repository_with_the_lesson_stack() -> None:
    lines = [line.strip() for line in (ROOT / "binder" / "requirements.txt").read_text().splitlines()]
    assert ".[lesson]" in lines  # pip runs from the repository root on Binder
    assert (ROOT / "binder" / "runtime.txt").read_text().strip().startswith("python-3.")


def test_readme_launch_links_open_existing_notebooks_of_one_repository() -> None:
    readme = (ROOT / "README.md").read_text()
    links = re.findall(rf"https://mybinder\.org/v2/gh/{REPO}/HEAD\?urlpath=([^)\s]+)", readme)
    paths = [path for _, path in links]
    assert "lab/tree/notebooks/tutorial.ipynb" in paths
    assert "voila/render/notebooks/lesson.ipynb" in paths
    for path in paths:
        assert (ROOT / path.split("/", 2)[2]).exists(), path
    repos = {repo for repo, _ in links}
    assert len(repos) == 1, f"the launch links name several repositories: {repos}"
    if repos == {"BINDER_REPO"}:
        assert "sed -i 's#BINDER_REPO#" in readme, "README says how to replace the placeholder"


def test_project_urls_name_the_same_repository_as_the_readme() -> None:
    readme = (ROOT / "README.md").read_text()
    (repo,) = set(re.findall(rf"https://mybinder\.org/v2/gh/{REPO}/HEAD", readme))
    urls = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["urls"]
    assert urls["Source"] == f"https://github.com/{repo}"
    assert all(repo in url for url in urls.values()), urls
