"""The table widget. Importing this imports ipywidgets and anywidget."""

from .table import HeartsTable

__all__ = ["HeartsTable"]
