"""The lessons: lesson files (the format and its loader), the built-in
lesson's path, prepared positions and check questions.

The content and its logic are free of any UI, so they are tested like the
engine; the ipywidgets controls live in :mod:`hearts_widget.lessons.controls`
and the stepper in :mod:`hearts_widget.lessons.stepper`, imported only when a
notebook shows them.
"""

from .format import Check, Choice, Lesson, LessonFileError, Step, Text, builtin_lesson, load_lesson, parse_lesson
from .positions import Attempt, Position

__all__ = ["Attempt", "Check", "Choice", "Lesson", "LessonFileError", "Position", "Step", "Text",
           "builtin_lesson", "load_lesson", "parse_lesson"]
