"""The house in layers (issue 37, item 1): the package's parts import one another in one
direction only, counting every import (at module level, inside a function, under
``TYPE_CHECKING``), read from the source with :mod:`ast`.

``TIERS`` is the declared order, bottom first: a module may import its own part and the
parts of lower tiers, never a part of its own tier or of a higher one; only the front ends
(``WIDGET_PARTS``) import a widget library. docs/maintainers.md draws the same order
(:func:`layer_picture`), and a test keeps the two the same.
"""

from __future__ import annotations

import ast
import functools
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "hearts_widget"

#: The lesson modules that show the content in a notebook (ipywidgets, anywidget) or run it
#: as a notebook; the rest of ``hearts_widget.lessons`` is the content and its logic.
LESSON_PAGES = ("browser", "controls", "light_outputs", "live_board", "prepost_view", "problem", "stepper",
                "tutorial")

#: Each part: the modules it holds (a module belongs to the part of its longest prefix here).
PARTS: dict[str, tuple[str, ...]] = {
    "engine": ("hearts_widget.engine",),
    "bots": ("hearts_widget.bots",),
    "text": ("hearts_widget.text",),
    "lessons": ("hearts_widget.lessons",),
    "puzzles": ("hearts_widget.puzzles",),
    "widget": ("hearts_widget.widget",),
    "pictures": ("hearts_widget.pictures",),
    "classroom": ("hearts_widget.classroom",),
    "lesson pages": tuple(f"hearts_widget.lessons.{name}" for name in LESSON_PAGES),
    "in_browser": ("hearts_widget.in_browser",),
    "package": ("hearts_widget",),
    "site": ("hearts_widget.site",),
    "serve": ("hearts_widget.serve",),
    "command": ("hearts_widget.__main__",),
}

#: The declared order, bottom first, with what each tier is for.
TIERS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("engine",), "rules, facts, structured explanations: no words, no pictures"),
    (("bots",), "decisions and judgements as data"),
    (("text",), "every sentence, through gettext"),
    (("lessons", "puzzles", "widget", "pictures"),
     "lesson content and its logic; the puzzles cut from play; the table widget; the bots' results drawn"),
    (("classroom",), "the class's store, reports and service: uses the lesson content"),
    (("lesson pages",), "the lessons' ipywidgets and the tutorial's checks"),
    (("in_browser",), "the serverless kernel's glue"),
    (("package",), "the package's names: the engine's, HeartsTable when asked"),
    (("site", "serve"), "the serverless site's builder; the Voilà launcher"),
    (("command",), "python -m hearts_widget"),
)

#: The parts that may import a widget library (the rest run without a kernel).
WIDGET_PARTS = {"widget", "pictures", "lesson pages", "in_browser", "package", "site", "serve", "command"}
WIDGET_LIBRARIES = {"ipywidgets", "anywidget", "traitlets", "IPython"}

def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, name: str | None = None) -> Iterator[tuple[str, int]]:
    """Every module ``path`` (the module ``name``) imports, with its line: absolute names,
    relative ones resolved."""
    name = name or module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            if node.module is None or module == "hearts_widget":  # from . import x: x may be a module
                for alias in node.names:
                    yield (f"{module}.{alias.name}" if _is_module(f"{module}.{alias.name}") else module), node.lineno
            else:
                yield module, node.lineno


def _is_module(name: str) -> bool:
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def part_of(module: str) -> str | None:
    """The part holding ``module`` (None outside the package)."""
    best: tuple[int, str | None] = (0, None)
    for part, prefixes in PARTS.items():
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best[0]:
                best = (len(prefix), part)
    return best[1]


def tier_of(part: str) -> int:
    return next(number for number, (parts, _) in enumerate(TIERS) if part in parts)


@functools.cache
def edges() -> dict[tuple[str, str], list[str]]:
    """Every import of a part by another, or of a widget library: ``(module, imported)`` → where."""
    found: dict[tuple[str, str], list[str]] = defaultdict(list)
    for path in sorted(PACKAGE.rglob("*.py")):
        source = module_name(path)
        for target, line in imports(path):
            if target.split(".")[0] in WIDGET_LIBRARIES or part_of(target) not in (None, part_of(source)):
                found[(source, target)].append(f"{path.relative_to(ROOT)}:{line}")
    return found


def against_the_order(source: str, target: str) -> bool:
    """Whether ``source`` importing ``target`` goes against the declared order."""
    part = part_of(source)
    assert part is not None
    if target.split(".")[0] in WIDGET_LIBRARIES:
        return part not in WIDGET_PARTS
    other = part_of(target)
    return other is not None and other != part and tier_of(other) >= tier_of(part)


def layer_picture() -> str:
    """The declared order as a Mermaid diagram, top tier first (docs/maintainers.md holds it)."""
    lines = ["flowchart TD"]
    for number, (parts, what) in reversed(list(enumerate(TIERS))):
        names = " · ".join(parts)
        lines.append(f'    T{number}["<b>{names}</b><br/>{what}"]')
    lines += [f"    T{number} --> T{number - 1}" for number in range(len(TIERS) - 1, 0, -1)]
    return "\n".join(lines)


def test_every_module_belongs_to_a_part_of_the_declared_order() -> None:
    for path in PACKAGE.rglob("*.py"):
        part = part_of(module_name(path))
        assert part is not None and any(part in parts for parts, _ in TIERS), path
    assert sorted(PARTS) == sorted(part for parts, _ in TIERS for part in parts)


def test_no_part_imports_against_the_order() -> None:
    """A module imports only its own part and the tiers below; the engine, the bots, the
    words, the lesson content and the classroom import no widget library."""
    wrong = {key: where for key, where in edges().items() if against_the_order(*key)}
    assert not wrong, "imports against the order (tests/test_layers.py: TIERS):\n" + "\n".join(
        f"  {source} imports {target}: {', '.join(where)}" for (source, target), where in sorted(wrong.items()))


def test_the_parts_import_one_another_without_a_circle() -> None:
    graph: dict[str, set[str]] = defaultdict(set)
    for source, target in edges():
        if (other := part_of(target)) is not None:
            graph[str(part_of(source))].add(other)
    seen: set[str] = set()

    def walk(part: str, path: tuple[str, ...]) -> None:
        assert part not in path, "a circle between parts: " + " → ".join((*path[path.index(part):], part))
        if part in seen:
            return
        for other in sorted(graph[part]):
            walk(other, (*path, part))
        seen.add(part)

    for part in sorted(graph):
        walk(part, ())


def test_the_check_sees_imports_inside_functions_and_under_type_checking(tmp_path: Path) -> None:
    """The reader counts what a lazy import or a type hint's import would hide."""
    source = tmp_path / "made.py"
    source.write_text("from typing import TYPE_CHECKING\nfrom ..engine import Card\nfrom . import coach\n"
                      "if TYPE_CHECKING:\n    from ..text.coach import hint_text\n"
                      "def later():\n    import ipywidgets\n    from .. import text\n", encoding="utf-8")
    found = {target for target, _ in imports(source, "hearts_widget.bots.made")}
    assert found == {"typing", "hearts_widget.engine", "hearts_widget.bots.coach", "hearts_widget.text.coach",
                     "ipywidgets", "hearts_widget.text"}
    assert against_the_order("hearts_widget.engine.cards", "hearts_widget.text")
    assert against_the_order("hearts_widget.bots.coach", "ipywidgets")
    assert against_the_order("hearts_widget.classroom.store", "hearts_widget.lessons.stepper")
    assert against_the_order("hearts_widget.lessons.format", "hearts_widget.classroom.store")
    assert against_the_order("hearts_widget.lessons.format", "hearts_widget.widget.table")
    assert not against_the_order("hearts_widget.lessons.stepper", "hearts_widget.classroom.live")
    assert not against_the_order("hearts_widget.text.tutorial", "hearts_widget.bots.arena")


def test_no_test_module_imports_another() -> None:
    """Shared helpers live in a conftest.py or a helper module (issue 37, item 5): importing a
    test module runs its module-level setup twice and ties one test file to another's insides."""
    found = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""] + ([alias.name for alias in node.names] if node.module is None else [])
            else:
                continue
            found += [f"{path.relative_to(ROOT)}:{node.lineno} imports {name}" for name in names
                      if name.rpartition(".")[2].startswith("test_")]
    assert not found, "\n".join(found)


def test_the_maintainers_page_draws_the_declared_order() -> None:
    """docs/maintainers.md holds :func:`layer_picture` as it is (change TIERS, then copy it there)."""
    page = (ROOT / "docs" / "maintainers.md").read_text(encoding="utf-8")
    assert f"```mermaid\n{layer_picture()}\n```" in page
    assert "docs/maintainers.md" in (ROOT / "README.md").read_text(encoding="utf-8")
