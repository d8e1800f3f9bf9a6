"""The Binder files and the project's URLs point at what exists. Until the public
repository is known the project names no URL (no placeholder that leads nowhere):
the README shows no badge and docs/serving.md says what to add. Once URLs are
given, they name one repository, the Lesson link opens an existing notebook and
the README's badge is built from it."""

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REPO = r"([A-Za-z0-9][\w.-]*/[\w.-]+)"
PUBLISHED = [ROOT / "pyproject.toml", ROOT / "README.md", ROOT / "MANIFEST.in", *sorted((ROOT / "docs").glob("*.md"))]


def test_binder_installs_this_repository_with_the_lesson_stack() -> None:
    lines = [line.strip() for line in (ROOT / "binder" / "requirements.txt").read_text().splitlines()]
    assert ".[lesson]" in lines  # pip runs from the repository root on Binder
    assert (ROOT / "binder" / "runtime.txt").read_text().strip().startswith("python-3.")


def project_urls() -> dict[str, str]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"].get("urls", {})


def test_no_placeholder_in_the_metadata_readme_or_docs() -> None:
    assert [path.name for path in PUBLISHED if "BINDER_REPO" in path.read_text("utf-8")] == []
    assert "OWNER/NAME" not in (ROOT / "pyproject.toml").read_text()  # docs/serving.md's stand-in, for the steps


def test_the_project_urls_name_one_repository_and_the_lesson_link_opens_an_existing_notebook() -> None:
    urls = project_urls()
    if not urls:
        return  # none until the repository is public: the tests below check the README says nothing of one
    (repo,) = re.findall(rf"^https://github\.com/{REPO}$", urls["Source"])
    assert all(repo in url for url in urls.values()), urls
    (path,) = re.findall(rf"^https://mybinder\.org/v2/gh/{re.escape(repo)}/HEAD\?urlpath=voila/render/(\S+)$",
                         urls["Lesson"])
    assert (ROOT / path).exists(), path


def test_the_readme_shows_the_binder_badge_built_from_the_project_url_or_none() -> None:
    readme = (ROOT / "README.md").read_text()
    lesson = project_urls().get("Lesson")
    if lesson is None:
        assert "mybinder.org/v2/gh" not in readme, "no badge that leads nowhere while the repository is unknown"
        assert "docs/serving.md#binder" in readme
        serving = (ROOT / "docs" / "serving.md").read_text()
        assert "[project.urls]" in serving and "badge_logo.svg" in serving
    else:
        assert f"[![Launch the lesson on Binder](https://mybinder.org/badge_logo.svg)]({lesson})" in readme
