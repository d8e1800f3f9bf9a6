"""setuptools hook (everything else is in pyproject.toml): the wheel carries the
notebooks the serverless site presents, copied from notebooks/ (their one
source) into hearts_widget/site/notebooks/, so ``hearts-widget site OUT`` works
from a plain ``pip install``. An editable install reads notebooks/ directly."""

from __future__ import annotations

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

# hearts_widget.site.NOTEBOOKS but play.ipynb: the wheel has it once, as the launcher's
# hearts_widget/widget/play.ipynb, which the site takes (hearts_widget.site.notebook_file).
SITE_NOTEBOOKS = ("lesson.ipynb", "tutorial.ipynb", "tutorial-solutions.ipynb")


class BuildPyWithSiteNotebooks(build_py):
    """build_py, then the site's notebooks into the built package."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        target = Path(self.build_lib, "hearts_widget", "site", "notebooks")
        self.mkpath(str(target))
        for name in SITE_NOTEBOOKS:
            self.copy_file(str(Path("notebooks", name)), str(target / name))


setup(cmdclass={"build_py": BuildPyWithSiteNotebooks})
