"""Words of the live board (:mod:`hearts_widget.classroom.live`): the teacher puts one board before
the class, each learner answers without a verdict, then the teacher reveals it.

``live_teacher_words`` are the teacher's page's; ``live_learner_words`` the lesson's, where the
board comes on top of what the learner was doing.
"""

from __future__ import annotations

from .translate import translator


def live_teacher_words(lang: str | None = None) -> dict[str, str]:
    """The live part of the teacher's page; those with ``{placeholders}`` are filled in by the page."""
    t = translator(lang)
    return {
        "heading": t.gettext("One board for the whole class"),
        "intro": t.gettext("Put a board before every learner. Each one chooses a card without seeing "
                           "the verdict; when you reveal it, everyone sees the verdict, the reason and "
                           "how the class answered."),
        "choose": t.gettext("Board"),
        "missed": t.gettext("Missed most by this class"),
        # Translators: a board in the list: {number} is the step's number, {title} its title, {question} the board's.
        "board": t.gettext("Step {number}, {title}: {question}"),
        "put": t.pgettext("button", "Put before the class"),
        "names": t.gettext("Show who answered what"),
        "nothing": t.gettext("No board is before the class."),
        "before": t.gettext("Before the class: step {number}, {title}"),
        "table": t.gettext("On the table:"),
        "lead": t.gettext("No card on the table: the learners lead."),
        "hand": t.gettext("The learners' cards:"),
        "no-answer-yet": t.gettext("No answer yet."),
        "spread": t.gettext("The class's answers"),
        "reveal": t.pgettext("button", "Reveal"),
        "revealed": t.gettext("Revealed: every learner sees the verdict and the class's answers."),
        "back": t.pgettext("button", "Back to the lessons"),
        "allowed": t.gettext("allowed"),
        "not-allowed": t.gettext("not allowed: {rule}"),
        "changed": t.gettext("The board changed meanwhile; this is how it is now."),
    }


def answered_count(answered: int, present: int, lang: str | None = None) -> str:
    """How many of the learners who have the board before them answered (``2 of 3 answered``)."""
    return translator(lang).ngettext("{answered} of {count} learner answered",
                                     "{answered} of {count} learners answered",
                                     present).format(answered=answered, count=present)


def missed_count(board: str, count: int, lang: str | None = None) -> str:
    """A board in the list of the class's most common mistakes, with how many missed it."""
    return translator(lang).ngettext("{board} ({count} learner missed it)",
                                     "{board} ({count} learners missed it)",
                                     count).format(board=board, count=count)


def card_count(card: str, count: int, lang: str | None = None) -> str:
    """One card of the class's spread: the card and how many chose it."""
    return translator(lang).ngettext("{card}: {count} learner", "{card}: {count} learners",
                                     count).format(card=card, count=count)


def live_learner_words(lang: str | None = None) -> dict[str, str]:
    """The live board in the lesson."""
    t = translator(lang)
    return {
        "heading": t.gettext("Your teacher's board"),
        "intro": t.gettext("The whole class has this board. Choose the card you would play and send it; "
                           "you see the verdict when your teacher reveals it."),
        "table": t.gettext("On the table:"),
        "lead": t.gettext("No card on the table: you lead."),
        "hand": t.gettext("Your cards:"),
        "send": t.pgettext("button", "Send my answer"),
        "sent": t.gettext("Your answer: {card}. Wait for your teacher to reveal the verdict."),
        "not-sent": t.gettext("Your answer did not reach your teacher. Try again."),
        "no-answer": t.gettext("You did not answer this board."),
        "yours": t.gettext("Your answer was {card}."),
        "allowed": t.gettext("Allowed. {reason} (Rule {rule}.)"),
        "not-allowed": t.gettext("Not allowed. {reason} (Rule {rule}.)"),
        "class": t.gettext("How the class answered"),
        "back": t.pgettext("button", "Back to my lesson"),
    }
