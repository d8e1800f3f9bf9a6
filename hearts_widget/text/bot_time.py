"""The words about a bot's time limit (bots/time_limit.py): the table's notice when a
learner's bot is too slow or interrupted, and the arena's warning that a run will be long."""

from __future__ import annotations

from .translate import translator

# The table's notices about a bot's time (TableSession._say finds their words here).
NOTICES = ("bot-too-slow", "bot-interrupted")


def bot_time_text(kind: str, lang: str | None = None, **facts: object) -> str:
    """A notice on the table: ``name`` (the seat and its bot) was too slow (``seconds``, the
    limit) or was interrupted, and the rule bot plays that seat from now on."""
    t = translator(lang)
    texts = {
        "bot-too-slow": t.gettext("{name} took more than {seconds} s to choose, so the table stopped waiting: "
                                  "the rule bot plays that seat from now on."),
        "bot-interrupted": t.gettext("{name} was interrupted while choosing: the rule bot plays that seat "
                                     "from now on."),
    }
    return texts[kind].format(**facts)


def slow_arena_text(name: str, seconds: float, deals: int, minutes: int, lang: str | None = None) -> str:
    """The arena's early warning: ``name`` takes ``seconds`` a decision, and the run of ``deals``
    deals will take about ``minutes`` minutes."""
    t = translator(lang)
    run = t.ngettext("This arena of {deals} deal will take about {minutes} min.",
                     "This arena of {deals} deals will take about {minutes} min.", deals)
    return " ".join([
        run.format(deals=deals, minutes=minutes),
        t.gettext("{name} takes {seconds} s a decision. To stop it, use `Kernel › Interrupt`; for a quicker "
                  "measure, give fewer `deals`.").format(name=name, seconds=f"{seconds:.2f}"),
    ])
