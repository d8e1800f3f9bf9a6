"""The documents tell the truth: RULES.md states every rule id the engine and
the rule names use (and no other), every relative link of the README, RULES.md,
CHANGELOG.md and docs/ leads to a file (and heading) that exists, the Python
snippets of the README and the programmers' pages run as pasted, and the README
stays a newcomer's two minutes."""

from __future__ import annotations

import re
import tomllib
import unicodedata
from pathlib import Path

import pytest

from hearts_widget import Rules
from hearts_widget.engine.rules import VARIANTS

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = sorted([ROOT / "README.md", ROOT / "RULES.md", ROOT / "CHANGELOG.md", *(ROOT / "docs").glob("*.md")])
RULE_ID = re.compile(r"[`\"'](?P<id>(?:setup|pass|play|score|variant)\.[a-z][a-z0-9.-]*[a-z0-9])[`\"']")
# RULES.md states a rule as a list item that begins with its id: "- `play.follow-suit`: ..."
STATED_RULE = re.compile(r"^- `(?P<id>[a-z][a-z0-9.-]*)`:", re.MULTILINE)
LINK = re.compile(r"!?\[[^\]]*\]\((?P<target>[^)\s]+)(?:\s+\"[^\"]*\")?\)|^\[[^\]]+\]:\s*(?P<ref>\S+)", re.MULTILINE)
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
CODE_SPAN = re.compile(r"`[^`\n]*`")
README_MAX_LINES = 150


def rule_ids_in_code() -> set[str]:
    """Every rule id written in the engine's source (its code and docstrings) or
    given a name for learners, and the variants' own ids from Rules.in_force()."""
    sources = [*(ROOT / "hearts_widget" / "engine").glob("*.py"), ROOT / "hearts_widget" / "text" / "rule_names.py"]
    ids = {m["id"] for path in sources for m in RULE_ID.finditer(path.read_text(encoding="utf-8"))}
    for variant in VARIANTS:
        rules = Rules(variant=variant, players=5 if variant == "cancellation" else 4)
        ids |= {rule for rule, _code, _facts in rules.in_force()}
    return ids


def stated_rule_ids() -> list[str]:
    return [m["id"] for m in STATED_RULE.finditer((ROOT / "RULES.md").read_text(encoding="utf-8"))]


def test_rules_md_states_every_rule_id_the_engine_uses() -> None:
    used = rule_ids_in_code()
    assert len(used) > 30, "the engine's rule ids were not found: is RULE_ID still their shape?"
    assert sorted(used - set(stated_rule_ids())) == []


def test_rules_md_states_each_rule_once_and_only_rules_the_engine_knows() -> None:
    stated = stated_rule_ids()
    assert sorted({rule for rule in stated if stated.count(rule) > 1}) == []
    assert sorted(set(stated) - rule_ids_in_code()) == []


def github_anchor(heading: str) -> str:
    """The id GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = CODE_SPAN.sub(lambda m: m.group(0).strip("`"), heading.strip().lower())
    kept = "".join(ch for ch in text if ch in " -_" or unicodedata.category(ch)[0] in "LN")
    return kept.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    found: set[str] = set()
    for line in FENCE.sub("", path.read_text(encoding="utf-8")).splitlines():
        if line.startswith("#"):
            anchor = github_anchor(line.lstrip("#"))
            number = 0
            while (anchor if number == 0 else f"{anchor}-{number}") in found:
                number += 1
            found.add(anchor if number == 0 else f"{anchor}-{number}")
    return found


def relative_links(path: Path) -> list[str]:
    text = CODE_SPAN.sub("", FENCE.sub("", path.read_text(encoding="utf-8")))
    targets = [m["target"] or m["ref"] for m in LINK.finditer(text)]
    return [t for t in targets if not re.match(r"[a-z][a-z0-9+.-]*:", t)]


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_leads_somewhere(document: Path) -> None:
    broken = []
    for target in relative_links(document):
        file_part, _, anchor = target.partition("#")
        linked = (document.parent / file_part).resolve() if file_part else document
        if not linked.exists():
            broken.append(f"{target}: no such file")
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
            broken.append(f"{target}: no heading #{anchor} in {linked.relative_to(ROOT)}")
    assert broken == []


def test_the_link_check_finds_a_broken_link_and_a_broken_anchor(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("# Serving a class\n\n[ok](#serving-a-class) [gone](b.md) [bad](#nowhere)\n"
                                   "`[in code](c.md)`\n", encoding="utf-8")
    assert relative_links(tmp_path / "a.md") == ["#serving-a-class", "b.md", "#nowhere"]
    assert anchors(tmp_path / "a.md") == {"serving-a-class"}


def test_the_readme_is_two_minutes_and_gives_the_two_commands() -> None:
    """A user's command, then a contributor's test command; .ci/run is named as what CI runs."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= README_MAX_LINES
    commands = readme.split("## Try it")[1].split("```")[1].strip().splitlines()
    assert commands == ['pip install ".[lesson]" && python -m hearts_widget',
                        'pip install -e ".[test]" && pytest -m "not browser" && pytest -m browser']
    assert "`bash .ci/run` is what CI runs" in readme
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert "lesson" in extras and (ROOT / ".ci" / "run").exists()


# Pages whose ```python blocks a reader pastes in turn into a fresh notebook (docs/teachers.md's
# name a lesson file of the teacher's own).
RUNNABLE = ["README.md", "docs/pypi.md", "docs/engine.md", "docs/learners.md", "docs/bots.md"]
PYTHON_BLOCK = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)


@pytest.mark.parametrize("name", RUNNABLE)
def test_the_python_snippets_run_as_pasted(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # a snippet that writes a file writes it here
    blocks = PYTHON_BLOCK.findall((ROOT / name).read_text(encoding="utf-8"))
    assert blocks, f"{name} has no Python snippet"
    namespace: dict[str, object] = {"__name__": "__main__"}
    for number, block in enumerate(blocks):
        exec(compile(block, f"{name}, snippet {number + 1}", "exec"), namespace)  # noqa: S102 - the docs' own code
