"""The lessons: the path through the rules, prepared positions and check questions.

This package holds the content and the logic, free of any UI, so it is
tested like the engine; the ipywidgets controls live in
:mod:`hearts_widget.lessons.controls` and the stepper in
:mod:`hearts_widget.lessons.stepper`, imported only when a notebook shows them.
"""

from .checks import CHECKS, Check, Feedback
from .path import STEPS, Step, step
from .positions import POSITIONS, Attempt, Position

__all__ = ["CHECKS", "POSITIONS", "STEPS", "Attempt", "Check", "Feedback", "Position", "Step", "step"]
