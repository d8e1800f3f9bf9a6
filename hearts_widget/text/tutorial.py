"""The words of the notebook tutorial for learners who code (notebooks/tutorial.ipynb):
its sections' headings and instructions, its checks' messages, and the arena's picture."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .translate import translator
from .variants import variant_names

if TYPE_CHECKING:
    from ..bots.arena import ArenaResult

# The tutorial's sections, in order (lessons/tutorial.py shows them).
SECTIONS = ("intro", "engine", "bot", "better", "table", "arena", "variants", "next")


def section_text(key: str, lang: str | None = None) -> tuple[str, str]:
    """A section's heading and its instructions (Markdown; code stays in backticks, untranslated)."""
    t = translator(lang)
    texts = {
        "intro": (t.gettext("Write a Hearts bot"), t.gettext(
            "In this notebook you write a player for Hearts in Python, seat it at the table against the "
            "project's bots and measure how well it plays. Run each cell in turn with Shift+Enter. "
            "Each section ends with a cell for you to fill in and a check cell that tells you if it works. "
            "To read this notebook in another language, set `lang` in the first cell and run it again.")),
        "engine": (t.gettext("1. The engine in five lines"), t.gettext(
            "`Hand.deal` deals a hand; `hand.legal_moves()` lists the cards the seat to move may play; "
            "`hand.explain(card)` says why a card may or may not be played, with its rule; "
            "`hand.play(card)` returns the hand after the card; `hand.points()` gives each seat's points. "
            "Cards and hands show themselves as pictures.\n\n"
            "**Your turn:** set `legal_now` to the cards the seat to move may play in `hand`.")),
        "bot": (t.gettext("2. Write your own bot"), t.gettext(
            "A bot is a function: it gets its seat's `view` and returns one card of `view.legal`. The view "
            "holds only what that player may see: `view.held` (its cards), `view.legal`, `view.trick` (the "
            "cards on the table, `view.trick.led_suit`), `view.tricks` (the tricks played) and "
            "`view.points`. It never sees another player's cards.\n\n"
            "**Your turn:** write `my_bot` so that it plays the lowest legal card (`card.rank`: 2 to 14).")),
        "better": (t.gettext("3. Make it better"), t.gettext(
            "Three ideas that good players use:\n\n"
            "- **Duck:** when you follow suit and can stay under the card that is winning the trick, play "
            "the highest card that still loses.\n"
            "- **Dump the Q♠:** when you cannot follow suit, get rid of the Q♠ if you hold it.\n"
            "- **Pass the high spades:** pass the Q♠, K♠ and A♠ if you hold them.\n\n"
            "**Your turn:** write `better_bot` (duck, dump the Q♠) and `my_pass` (returns three cards of "
            "`view.held`). `as_bot(better_bot, passing=my_pass)` makes one player of the two.")),
        "table": (t.gettext("4. Seat it at the table"), t.gettext(
            "`HeartsTable(bots=[...])` takes one bot per other seat, from your left: a name (`\"rule\"`, "
            "`\"strong\"`, `\"random\"`) or your function. The table names your seat after your function and "
            "the narration says each card it plays. If your bot raises an error or returns a card it may not "
            "play, the table says so and the rule bot takes its seat: the game goes on.\n\n"
            "**Your turn:** make `table`, with your bot on your left, and play a hand against it.")),
        "arena": (t.gettext("5. Measure it"), t.gettext(
            "`arena(bot, against=\"rule\", deals=100)` plays each deal once with your bot in each seat and "
            "the other bot in the rest, so both sides get the same cards. It shows a progress bar, then a "
            "picture: points per hand (fewer is better) with a 95% interval, and how often each side took "
            "the Q♠ or shot the moon. `result.rows` gives the numbers.\n\n"
            "**Your turn:** measure `better_bot` against the random bot. Does it beat it?")),
        "variants": (t.gettext("6. Variants"), t.gettext(
            "The same bot plays other rules: `Rules(variant=\"omnibus\")` (the J♦ is worth −10 to whoever "
            "takes it), `\"black-maria\"`, `\"cancellation\"` (5 to 10 players, two packs). Your bot still "
            "plays legal cards, because the engine works out `view.legal`, but its ideas may not fit.\n\n"
            "**Your turn:** measure `better_bot` against the rule bot in Omnibus Hearts "
            "(`rules=Rules(variant=\"omnibus\")`). What changes?")),
        "next": (t.gettext("Where next"), t.gettext(
            "- Read the rule bot (`hearts_widget/bots/rule.py`) and the strong bot, which plays out sampled "
            "deals (`hearts_widget/bots/strong.py`), and try to beat them in the arena.\n"
            "- The rules as the engine implements them, with their rule ids: `docs/engine.md`.\n"
            "- Writing bots and the arena: `docs/bots.md`. One answer for each exercise: "
            "`tutorial-solutions.ipynb`.")),
    }
    return texts[key]


def check_text(kind: str, lang: str | None = None, **facts: object) -> str:
    """A check cell's message: "well done" or a friendly "not yet" saying what to change."""
    t = translator(lang)
    texts = {
        "missing": t.gettext("Not yet: replace the `...` in `{name}` with your code, run that cell, then this one."),
        "raised": t.gettext("Not yet: `{name}` raised an error: {error}"),
        "not-a-card": t.gettext("Not yet: `{name}` returned {answer}; return one card of `view.legal`."),
        "legal-wrong": t.gettext("Not yet: `legal_now` holds {answer}, but the cards the seat to move may play "
                                 "are {expected}. Try `hand.legal_moves()`."),
        "legal-right": t.gettext("Well done: those are the legal cards. Try `hand.explain(card)` on one that "
                                 "is not."),
        "lowest-wrong": t.gettext("Not yet: `{name}` played {answer} where the lowest legal card is {expected} "
                                  "(legal: {legal})."),
        "lowest-right": t.gettext("Well done: `{name}` plays the lowest legal card in every position tried."),
        "duck-wrong": t.gettext("Not yet: with {winning} winning the trick, `{name}` played {answer}; the "
                                "highest card that stays under it is {expected}."),
        "dump-wrong": t.gettext("Not yet: `{name}` cannot follow suit and holds the Q♠, but played {answer}."),
        "better-right": t.gettext("Well done: `{name}` ducks under the winning card and dumps the Q♠."),
        "pass-wrong": t.gettext("Not yet: `{name}` passed {answer} holding {spades}: pass the high spades."),
        "pass-invalid": t.gettext("Not yet: `{name}` returned {answer}; return three different cards of "
                                  "`view.held`."),
        "pass-right": t.gettext("Well done: `{name}` passes the high spades."),
        "table-wrong": t.gettext("Not yet: `table` should be `HeartsTable(bots=[...])` with your function among "
                                 "the bots."),
        "table-right": t.gettext("Well done: your bot sits at {seat}. Play a hand and read what it does."),
        "arena-wrong": t.gettext("Not yet: `result` should be what `arena(better_bot, against=\"random\")` "
                                 "returns."),
        "arena-behind": t.gettext("Not yet: `{name}` took {mine} points per hand and the random bot {theirs}. "
                                  "Fewer is better: look again at section 3."),
        "arena-right": t.gettext("Well done: `{name}` took {mine} points per hand and the random bot {theirs}."),
        "variant-wrong": t.gettext("Not yet: `omnibus_result` should be an arena result under "
                                   "`Rules(variant=\"omnibus\")`."),
        "variant-right": t.gettext("Well done: in Omnibus Hearts `{name}` took {mine} points per hand and the "
                                   "rule bot {theirs}. Could your bot try to win the J♦?"),
    }
    return texts[kind].format(**facts)


def arena_words(result: ArenaResult) -> dict[str, Any]:
    """The words of the arena's picture for ``result``, in its language."""
    t = translator(result.lang)
    bot, against = result.bot, result.against
    variant = variant_names(result.lang)[result.rules.variant]
    low, high = bot.interval
    summary = t.gettext("{bot}: {points} points per hand (95% interval {low} to {high}); {against}: "
                        "{their_points}.").format(bot=bot.name, points=_decimal(bot.mean), low=_decimal(low),
                                                  high=_decimal(high), against=against.name,
                                                  their_points=_decimal(against.mean))
    return {
        "title": t.ngettext("{bot} against {against}: {deals} deal of {variant}, played from every seat",
                            "{bot} against {against}: {deals} deals of {variant}, played from every seat",
                            result.deals).format(bot=bot.name, against=against.name, deals=result.deals,
                                                 variant=variant),
        "points": arena_points_title(result.lang),
        "points_values": [_decimal(s.mean) for s in (bot, against)],
        "maria": t.gettext("Took the Q♠ (share of hands)"),
        "maria_values": [_percent(s.took_maria) for s in (bot, against)],
        "moon": t.gettext("Shot the moon (share of hands)"),
        "moon_values": [_percent(s.shot_moon) for s in (bot, against)],
        "footer": t.gettext("The same deals for both sides; {seconds} s.").format(seconds=f"{result.seconds:.1f}"),
        "summary": summary,
    }


def arena_points_title(lang: str | None = None) -> str:
    """The title of the arena's points panel (the class league's picture has it too)."""
    return translator(lang).gettext("Points per hand (fewer is better), with the 95% interval")


def _decimal(value: float) -> str:
    """A number with two decimals and a true minus sign."""
    return f"{value:.2f}".replace("-", "\u2212")


def _percent(share: float) -> str:
    return f"{100 * share:.1f}%" if share < 0.1 else f"{100 * share:.0f}%"
