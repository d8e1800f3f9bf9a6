"""The hand review's moon sentences (:mod:`hearts_widget.bots.moon_story`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .messages import points_said
from .translate import translator

if TYPE_CHECKING:
    from ..bots.moon_story import MoonStory


def moon_story_text(story: MoonStory, names: list[str], lang: str | None = None) -> str:
    """What happened to the moon in the hand, for the learner."""
    t = translator(lang)
    other = names[story.other] if story.other is not None else ""
    if story.kind == "made":
        return t.gettext("You shot the moon: you took every point of the hand.")
    if story.kind == "missed":
        return t.gettext("You had taken every point until trick {trick}, when {seat} took one and stopped your moon."
                         ).format(seat=other, trick=story.trick)
    return t.gettext("You stopped {seat}'s moon: {seat} had taken every point until you took one on trick {trick}."
                     ).format(seat=other, trick=story.trick)


def moon_mark(cost: float, lang: str | None = None) -> str:
    """Beside a costly card in a hand the learner shot as a moon: it worked this time, and why it is still marked."""
    return translator(lang).gettext(
        "This time the others let you take every point and you shot the moon; against careful players "
        "this choice costs about {cost} of your points.").format(cost=points_said(cost))
