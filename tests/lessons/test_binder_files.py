"""The Binder files and the project's launch URL point at what exists. The
repository is BINDER_REPO until it is known: meanwhile the README says how to
set it (its `sed` line for pyproject.toml) and shows no badge; once set, the
README shows the badge built from pyproject.toml's Lesson URL."""

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REPO = r"(BINDER_REPO|[A-Za-z0-9][\w.-]*/[\w.-]+)"


def test_binder_installs_this_repository_with_the_lesson_stack() -> None:
    lines = [line.strip() for line in (ROOT / "binder" / "requirements.txt").read_text().splitlines()]
    assert ".[lesson]" in lines  # pip runs from the repository root on Binder
    assert (ROOT / "binder" / "runtime.txt").read_text().strip().startswith("python-3.")


def project_urls() -> dict[str, str]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["urls"]


def test_the_project_urls_name_one_repository_and_the_lesson_link_opens_an_existing_notebook() -> None:
    urls = project_urls()
    (repo,) = re.findall(rf"^https://github\.com/{REPO}$", urls["Source"])
    assert all(repo in url for url in urls.values()), urls
    (path,) = re.findall(rf"^https://mybinder\.org/v2/gh/{re.escape(repo)}/HEAD\?urlpath=voila/render/(\S+)$",
                         urls["Lesson"])
    assert (ROOT / path).exists(), path


def test_the_readme_shows_the_binder_badge_built_from_the_project_url_or_says_how_to_set_it() -> None:
    readme = (ROOT / "README.md").read_text()
    lesson = project_urls()["Lesson"]
    if "BINDER_REPO" in lesson:
        assert "mybinder.org/v2/gh" not in readme, "no badge that leads nowhere while the repository is unset"
        assert "sed -i 's#BINDER_REPO#owner/name#g' pyproject.toml" in readme
    else:
        assert f"[![Launch the lesson on Binder](https://mybinder.org/badge_logo.svg)]({lesson})" in readme
