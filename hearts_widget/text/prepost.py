"""Words of the checks before and after a lesson (:mod:`hearts_widget.lessons.prepost`): what the
learner reads in the check's steps, and what the teacher's page says of the gains."""

from __future__ import annotations

from .translate import translator


def check_step_text(key: str, lang: str | None = None) -> str:
    """The title or the words of a check's step (``check-before.title``, ``check-after.body``, ...)."""
    t = translator(lang)
    texts = {
        "check-before.title": t.gettext("A short check before the lesson"),
        "check-before.body": t.gettext(
            "A few questions, one for each of several rules. Answer as well as you can: a guess is fine. "
            "You are not told here whether you are right; the same kind of check at the end of the lesson "
            "shows what it taught you."),
        "check-after.title": t.gettext("A short check after the lesson"),
        "check-after.body": t.gettext(
            "Questions of the same kind as at the start, but not the same ones. Answer each one; your score, "
            "and your score before the lesson, show at the end."),
        "check-later.title": t.gettext("The check again, some days later"),
        "check-later.body": t.gettext("Questions like those at the start, to see what you still remember."),
        # Translators: said in each check's step when some of its exercises are boards (a hand of cards).
        "check.boards": t.gettext(
            "On a board, choose the card you would play: it is noted, not played, and you are not told "
            "whether the rules allow it."),
    }
    if key not in texts:
        raise KeyError(f"no check text {key!r}")
    return texts[key]


def check_words(lang: str | None = None) -> dict[str, str]:
    """What a check's step says as the learner answers; ``{placeholders}`` filled in by the step."""
    t = translator(lang)
    return {
        # Translators: said after each answer of a check, which shows no verdict.
        "noted": t.gettext("Noted."),
        "done": t.gettext("Thank you: your answers are noted. Go on to the next step."),
        "score": t.gettext("Your score: {right} of {total} right."),
        "score-before": t.gettext("Your score: {right} of {total} right. Before the lesson: {before} of {total}."),
        "later-opens": t.gettext("This check opens on {date}. Come back then: your answers so far are kept."),
    }


def later_waits(days: int, lang: str | None = None) -> str:
    """What the check later says before the check after the lesson is done."""
    return translator(lang).ngettext(
        "This check opens {days} day after your check at the end of the lesson.",
        "This check opens {days} days after your check at the end of the lesson.", days).format(days=days)


def later_due(days: int, lang: str | None = None) -> str:
    """What the lesson says when a learner comes back and the check later is open."""
    return translator(lang).ngettext(
        "Your check {days} day after the lesson is due: here it is.",
        "Your check {days} days after the lesson is due: here it is.", days).format(days=days)


def gain_words(lang: str | None = None) -> dict[str, str]:
    """The teacher's page's words on the checks; ``{placeholders}`` filled in by the page."""
    t = translator(lang)
    return {
        "title": t.gettext("What the lesson taught: the checks"),
        "caption": t.gettext(
            "Per rule, the share of learners right in the check before the lesson and in the check after it, "
            "among those who took both. The gain is the difference; the normalised gain is the share of what "
            "there was to learn that was learned."),
        "rule": t.pgettext("column", "Rule"),
        "before": t.pgettext("column", "Before"),
        "after": t.pgettext("column", "After"),
        "gain": t.pgettext("column", "Gain"),
        "normalised": t.pgettext("column", "Normalised gain"),
        "later": t.pgettext("column", "Later"),
        "all": t.gettext("All the rules checked"),
        "none": t.gettext("No learner has taken both checks yet."),
        "learner": t.gettext("Checks, right of {total}: before {before}, after {after}"),
        "learner-later": t.gettext("Checks, right of {total}: before {before}, after {after}, later {later}"),
        # Translators: about one rule of a learner's checks; {before} and {after} are ✓, ✗ or —.
        "rule-line": t.gettext("{rule}: before {before}, after {after}"),
        "rule-line-later": t.gettext("{rule}: before {before}, after {after}, later {later}"),
    }


def takers(count: int, lang: str | None = None) -> str:
    """How many learners took both checks (the gains are theirs)."""
    return translator(lang).ngettext("{count} learner took both checks", "{count} learners took both checks",
                                     count).format(count=count)
