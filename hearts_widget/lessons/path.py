"""The lesson path: the rules of RULES.md in teaching order, one step each.

A step names the rule ids it teaches, its paragraphs (text keys), the
prepared positions the learner plays, an optional demonstration and its
check questions. The tutorial notebook and the Voilà lesson walk the same
path; after the standard rules comes one variant (the same deal as Omnibus
Hearts), and the last step is a whole game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..text.lessons import lesson_keys, lesson_text
from .checks import CHECKS, Check

Demo = Literal["deck", "pass", "rotation", "sheet", "moon", "target", "variants", "table"]


@dataclass(frozen=True)
class Step:
    """One step of the path."""

    key: str
    rules: tuple[str, ...]
    paragraphs: int
    positions: tuple[str, ...] = ()
    demo: Demo | None = None
    checks: tuple[str, ...] = ()

    def title(self, lang: str | None = None) -> str:
        return lesson_text(f"step.{self.key}.title", lang)

    def body(self, lang: str | None = None) -> list[str]:
        return [lesson_text(f"step.{self.key}.body.{n}", lang) for n in range(1, self.paragraphs + 1)]

    def check_questions(self) -> list[Check]:
        return [CHECKS[key] for key in self.checks]

    def text_keys(self) -> list[str]:
        """Every lesson text key this step needs."""
        keys = [f"step.{self.key}.title"] + [f"step.{self.key}.body.{n}" for n in range(1, self.paragraphs + 1)]
        keys += [f"position.{p}" for p in self.positions]
        for check in self.check_questions():
            keys += [f"check.{check.key}.question", f"check.{check.key}.why"]
            keys += [f"check.{check.key}.{c}" for c in check.choices]
        return keys


STEPS: tuple[Step, ...] = (
    Step("deck", ("setup.deal",), 3, demo="deck", checks=("deck-six", "deck-points")),
    Step("pass", ("pass.three", "pass.simultaneous"), 2, demo="pass", checks=("pass-when",)),
    Step("rotation", ("pass.rotation",), 3, demo="rotation", checks=("rotation-four", "rotation-five")),
    Step("first-lead", ("play.first-lead",), 2, ("first-lead", "first-lead-five"), checks=("first-lead-five",)),
    Step("follow-suit", ("play.follow-suit",), 1, ("follow-suit",), checks=("follow-spades",)),
    Step("discard", ("play.discard",), 1, ("discard",), checks=("discard-spade",)),
    Step("trick-winner", ("play.trick-winner",), 2, ("trick-winner",), checks=("winner-which",)),
    Step("first-trick", ("play.first-trick-no-points",), 2, ("first-trick", "first-trick-only-points"),
         checks=("first-trick-heart",)),
    Step("hearts-lead", ("play.hearts-lead",), 3,
         ("hearts-lead", "hearts-lead-only-hearts", "hearts-lead-hearts-and-maria"), checks=("hearts-and-maria",)),
    Step("hearts-broken", ("play.hearts-broken",), 2, ("hearts-broken-discard", "hearts-broken-by-maria"),
         checks=("broken-by-maria",)),
    Step("black-maria", ("play.black-maria-lead",), 1, ("black-maria-lead",), checks=("maria-lead",)),
    Step("points", ("score.points", "score.sheet"), 2, ("points",), demo="sheet", checks=("points-count",)),
    Step("moon", ("score.moon",), 2, demo="moon", checks=("moon-choice",)),
    Step("target", ("score.target", "score.winner"), 3, demo="target", checks=("winner-tie",)),
    Step("variants", ("variant.omnibus.bonus",), 2, demo="variants", checks=("omnibus-trick",)),
    Step("play", (), 1, demo="table"),
)


def step(key: str) -> Step:
    """The step called ``key``; an unknown key is refused naming the choices."""
    for candidate in STEPS:
        if candidate.key == key:
            return candidate
    raise KeyError(f"no lesson step {key!r}: choose one of {', '.join(s.key for s in STEPS)}")


def missing_texts() -> list[str]:
    """Text keys the path needs but the catalog lacks (empty when all is well)."""
    known = lesson_keys()
    return [key for s in STEPS for key in s.text_keys() if key not in known]
