"""Words of the class league (:mod:`hearts_widget.classroom.league`): what a learner reads
when they enter their bot and ask where it stands, why a bot lost its seat in a match,
and the league's part of the teacher's page."""

from __future__ import annotations

from .translate import translator


def entry_text(kind: str, lang: str | None = None, **facts: object) -> str:
    """A sentence for the learner about their entry: accepted, or refused and why."""
    t = translator(lang)
    texts = {
        "entered": t.gettext("Your bot {bot} is entered in the class league as {name}. When your teacher runs "
                             "the league, `league_standing()` shows where it stands."),
        "no-class": t.gettext("This notebook is not part of a class with a league, so the bot cannot be "
                              "entered. Ask your teacher for the class's address."),
        "no-name": t.gettext("Give your name for your teacher: `enter_league(my_bot, name=\"Your name\")`."),
        "not-a-bot": t.gettext("`enter_league` needs your bot function, like `def my_bot(view): ...`, "
                               "not {value}."),
        "no-source": t.gettext("The code of {bot} cannot be found: define it in a notebook cell, "
                               "or give its code as text."),
        "too-long": t.gettext("The bot's code has {size} characters; at most {most} can be entered."),
        "syntax": t.gettext("The bot's code does not run: {error}"),
        "no-function": t.gettext("The code defines no function {bot}."),
        "trial": t.gettext("{reason}, in a trial hand, so it was not entered."),
        "refused": t.gettext("The class did not take the entry: {error}"),
    }
    return texts[kind].format(**facts)


def forfeit_text(kind: str, bot: str, detail: str = "", lang: str | None = None) -> str:
    """Why ``bot`` lost its seat in a match: it was too slow (``detail``: the limit in seconds),
    raised an error (``detail``), returned something that is not a legal card, or stopped."""
    t = translator(lang)
    texts = {
        "slow": t.gettext("{bot} took more than {detail} s to choose a card"),
        "raised": t.gettext("{bot} raised {detail}"),
        "illegal": t.gettext("{bot} returned {detail}, which is not a legal card"),
        "crashed": t.gettext("{bot} stopped working (its process ended)"),
    }
    return texts[kind].format(bot=bot, detail=detail)


def standing_text(kind: str, lang: str | None = None, **facts: object) -> str:
    """Where the learner's bot stands in the league, for the learner."""
    t = translator(lang)
    texts = {
        "not-entered": t.gettext("You have not entered a bot in the class league yet."),
        "not-run": t.gettext("Your bot {bot} is entered; your teacher has not run the league since."),
        "standing": t.gettext("{bot} is number {rank} of {count} in the class league: {points} points per hand "
                              "(95% interval {low} to {high}; fewer is better). The rule bot: {rule}."),
        "forfeits": t.gettext("In some matches {reason}: the rule bot played its seat from then on."),
    }
    return texts[kind].format(**facts)


def league_words(lang: str | None = None) -> dict[str, str]:
    """The league's part of the teacher's page; those with ``{placeholders}`` are filled in by the page."""
    t = translator(lang)
    return {
        "title": t.gettext("Class league"),
        "intro": t.gettext("Each bot plays every deal from every seat against each reference bot, on the same "
                           "deals, one match at a time, each learner's bot in a process of its own."),
        "nobody": t.gettext("No learner has entered a bot yet. In their notebook: "
                            "`enter_league(my_bot, name=\"Their name\")`."),
        "run": t.gettext("Run the league"),
        "running": t.gettext("Running: match {done} of {total}…"),
        "last": t.gettext("Last run finished at {time}: {deals} deals a match."),
        "failed": t.gettext("The league stopped: {error}"),
        "caption": t.gettext("The bots by points per hand (fewer is better), with the 95% interval."),
        "rank": t.pgettext("column", "Rank"),
        "bot": t.pgettext("column", "Bot"),
        "learner": t.pgettext("column", "Learner"),
        "points": t.pgettext("column", "Points per hand"),
        "interval": t.pgettext("column", "95% interval"),
        "problems": t.pgettext("column", "Problems"),
        "reference": t.gettext("reference bot"),
        "forfeits": t.gettext("lost its seat in {count} of {total} matches: {reason}"),
    }


def entries_count(count: int, lang: str | None = None) -> str:
    """How many bots are entered."""
    return translator(lang).ngettext("{count} bot entered.", "{count} bots entered.", count).format(count=count)
