"""The lessons: lesson files (the format and its loader), the built-in
lesson's path, prepared positions and check questions.

The content and its logic are free of any UI, so they are tested like the
engine; the ipywidgets controls live in :mod:`hearts_widget.lessons.controls`
and the stepper in :mod:`hearts_widget.lessons.stepper`, imported only when a
notebook shows them.
"""

from .format import Check, Choice, Lesson, LessonFileError, Step, Text, builtin_lesson, load_lesson, parse_lesson
from .positions import Attempt, Position

__all__ = ["CHECKS", "POSITIONS", "STEPS", "Attempt", "Check", "Choice", "Lesson", "LessonFileError", "Position",
           "Step", "Text", "builtin_lesson", "load_lesson", "parse_lesson"]


def __getattr__(name: str) -> object:
    """``STEPS``, ``POSITIONS`` and ``CHECKS`` of the built-in lesson, read on first use."""
    if name in ("STEPS", "POSITIONS", "CHECKS"):
        from . import path

        return getattr(path, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
