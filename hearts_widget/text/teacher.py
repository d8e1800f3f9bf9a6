"""Words of the teacher's view of a class (:mod:`hearts_widget.classroom`), and the two
sentences it adds to the lesson: the learner's name for their teacher, and why the
progress the browser kept was not used.

The page is made on the server in the language the teacher chooses (``?lang=``, else
the browser's), its step and rule names too.
"""

from __future__ import annotations

from .translate import translator


def name_label(lang: str | None = None) -> str:
    """The label of the lesson's name field, shown when a class is served with a teacher's view."""
    return translator(lang).gettext("Your name, for your teacher:")


def progress_refused(lang: str | None = None) -> str:
    """What the lesson says when the progress the browser kept cannot be used (damaged, changed,
    or kept before the class began) and it starts afresh."""
    return translator(lang).gettext("The progress this browser kept for this lesson could not be used, "
                                    "so the lesson starts again from the first step.")


def teacher_words(lang: str | None = None) -> dict[str, str]:
    """The page's fixed words; those with ``{placeholders}`` are filled in by the page."""
    t = translator(lang)
    return {
        "title": t.gettext("The class: {lesson}"),
        "intro": t.gettext("Each learner's progress in the lesson, as they work. "
                           "This page refreshes by itself every few seconds."),
        "updated": t.gettext("Updated at {time}."),
        "lost": t.gettext("The server does not answer: trying again…"),
        "where": t.gettext("Where the class is"),
        "where-caption": t.gettext("How many learners are on each step now, and how many have done it."),
        "step": t.pgettext("column", "Step"),
        "here": t.pgettext("column", "On it now"),
        "done": t.pgettext("column", "Done"),
        "learners": t.gettext("Learners"),
        "nobody": t.gettext("No learner has started the lesson yet. Each one shows here "
                            "from their first step."),
        "unnamed": t.gettext("No name yet ({id})"),
        "on-step": t.gettext("Step {number} of {total}: {title}"),
        "steps-done": t.gettext("Steps done: {done} of {total}"),
        "mastered": t.gettext("Rules mastered: {done} of {total}"),
        "practise": t.gettext("To practise: {rules}"),
        "last-change": t.gettext("Last change at {time}"),
        "every-rule": t.gettext("Every rule"),
        # Translators: about a learner, for their teacher (the lesson's own words speak to the learner).
        "rule-mastered": t.pgettext("teacher", "{rule}: mastered"),
        "rule-missed": t.pgettext("teacher", "{rule}: to practise again"),
        "rule-not-yet": t.pgettext("teacher", "{rule}: not mastered yet"),
        "download": t.gettext("Download the class's results ({format})"),
        "kept": t.gettext("Kept on this server: each learner's name, step, answers right or wrong and "
                          "time per step, and the card each one chose on the class's board; never a hand. "
                          "See the teacher's guide to delete it."),
        "refused-title": t.gettext("This page is for the teacher"),
        "refused-token": t.gettext("Open it with the teacher's link, which the server printed when it started. "
                                   "A learner's link does not open it."),
        "refused-hub": t.gettext("Only a teacher may open it: an administrator of JupyterHub, "
                                 "or a member of its group `teachers`."),
    }


def learners_count(count: int, lang: str | None = None) -> str:
    """How many learners the page shows."""
    return translator(lang).ngettext("{count} learner", "{count} learners", count).format(count=count)


def first_try_count(right: int, answered: int, lang: str | None = None) -> str:
    """How many of a learner's answers were right at the first try."""
    return translator(lang).ngettext("Right at the first try: {right} of {count} answer",
                                     "Right at the first try: {right} of {count} answers",
                                     answered).format(right=right, count=answered)
