"""The notebook tutorial for learners who code (notebooks/tutorial.ipynb): its
sections' words in the learner's language, and the check cells.

Each check tries the learner's code on positions from real hands (the rule
bots' games of a few fixed deals) and prints one friendly message: "well
done", or a "not yet" saying what to change. A check never raises, so a
notebook run with the exercises left as given runs to its end.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from functools import cache
from typing import Any

from ..bots.arena import ArenaResult, play_out
from ..bots.function import FunctionBot, as_card
from ..bots.rule import RuleBot
from ..engine import Card, Hand, HeartsError, Rules, SeatView
from ..engine.cards import parse_cards
from ..text.translate import default_language
from ..text.tutorial import check_text, section_text

SAMPLE_DEALS = 6  # hands of rule bots whose positions the checks try
MORE_DEALS = 200  # further hands searched for positions that call for a rarer behaviour
EACH_BEHAVIOUR = 8  # positions that call for each behaviour a check names (ducking, dumping the Q♠)
HIGH_SPADES = tuple(Card.parse(code) for code in ("QS", "KS", "AS"))


class Tutorial:
    """The tutorial in one language: ``Tutorial("sw").section("bot")`` shows a
    section, the ``check_...`` methods check an exercise."""

    def __init__(self, lang: str | None = None) -> None:
        self.lang = default_language(lang)

    def section(self, key: str) -> None:
        """Show a section's heading and instructions (Markdown in a notebook)."""
        heading, text = section_text(key, self.lang)
        markdown = f"{'#' if key == 'intro' else '##'} {heading}\n\n{text}"
        try:
            from IPython.display import Markdown, display
        except ImportError:
            print(markdown)  # noqa: T201 - the tutorial speaks to the learner
            return
        display(Markdown(markdown))

    def _say(self, kind: str, **facts: Any) -> None:
        print(check_text(kind, self.lang, **facts))  # noqa: T201 - a check says how the exercise went

    # -- the checks ------------------------------------------------------------------
    def check_legal(self, hand: Hand, legal_now: Any) -> None:
        """Section 1: ``legal_now`` must be the legal cards of the seat to move in ``hand`` (cards or card
        text such as ``["2C", "5C"]``, in any order)."""
        if legal_now is Ellipsis:
            self._say("missing", name="legal_now")
            return
        expected = hand.legal_moves()
        try:  # cards or card text, as the engine takes them: [Card.parse("2C")], ["2C", "5C"], "2C 5C"
            same = sorted(parse_cards(legal_now)) == sorted(expected)
        except HeartsError:
            same = False
        if not same:
            self._say("legal-wrong", answer=_shown(legal_now), expected=_cards(expected))
            return
        self._say("legal-right")

    def check_lowest(self, bot: Callable[[SeatView], Any]) -> None:
        """Section 2: ``bot`` plays the lowest legal card (any of them when two share the lowest rank)."""
        for view in play_views():
            answer = self._answer(bot, view)
            if answer is None:
                return
            lowest = min(card.rank for card in view.legal)
            if answer.rank != lowest:
                expected = next(card for card in view.legal if card.rank == lowest)
                self._say("lowest-wrong", name=_name(bot), answer=answer, expected=expected,
                          legal=_cards(view.legal))
                return
        self._say("lowest-right", name=_name(bot))

    def check_better(self, bot: Callable[[SeatView], Any]) -> None:
        """Section 3: ``bot`` ducks under the winning card and dumps the Q♠ when it cannot follow."""
        for view in play_views():
            answer = self._answer(bot, view)
            if answer is None:
                return
            duck = duck_card(view)
            if duck is not None and answer != duck:
                self._say("duck-wrong", name=_name(bot), winning=winning_card(view), answer=answer, expected=duck)
                return
            if must_dump_maria(view) and not answer.is_black_maria:
                self._say("dump-wrong", name=_name(bot), answer=answer)
                return
        self._say("better-right", name=_name(bot))

    def check_pass(self, passing: Callable[[SeatView], Any]) -> None:
        """Section 3: ``passing`` passes the Q♠, K♠ and A♠ it holds."""
        name = _name(passing)
        for view in pass_views():
            answer = self._call(passing, view)
            if answer is Ellipsis:
                return
            cards = [as_card(item) for item in answer] if isinstance(answer, (list, tuple, set)) else []
            if len(set(cards)) != 3 or not all(card in view.held for card in cards):
                self._say("pass-invalid", name=name, answer=_shown(answer))
                return
            spades = [card for card in HIGH_SPADES if card in view.held]
            if not set(spades) <= set(cards):
                self._say("pass-wrong", name=name, answer=_cards(cards), spades=_cards(spades))
                return
        self._say("pass-right", name=name)

    def check_table(self, table: Any) -> None:
        """Section 4: ``table`` is a ``HeartsTable`` with one of the learner's functions at a seat."""
        session = getattr(table, "_session", None)
        bots = getattr(session, "bots", [])
        seats = [seat for seat, bot in enumerate(bots) if isinstance(bot, FunctionBot)]
        if table is Ellipsis:
            self._say("missing", name="table")
        elif not seats:
            self._say("table-wrong")
        else:
            self._say("table-right", seat=session.names[seats[0]])  # type: ignore[union-attr]

    def check_arena(self, result: Any) -> None:
        """Section 5: ``result`` is an arena against the random bot, and the learner's bot took fewer points."""
        if result is Ellipsis:
            self._say("missing", name="result")
        elif not isinstance(result, ArenaResult) or result.against.name != "random":
            self._say("arena-wrong")
        else:
            facts = {"name": result.bot.name, "mine": f"{result.bot.mean:.2f}", "theirs": f"{result.against.mean:.2f}"}
            self._say("arena-right" if result.bot.mean < result.against.mean else "arena-behind", **facts)

    def check_variant(self, result: Any) -> None:
        """Section 6: ``result`` is an arena under Omnibus Hearts."""
        if result is Ellipsis:
            self._say("missing", name="omnibus_result")
        elif not isinstance(result, ArenaResult) or result.rules.variant != "omnibus":
            self._say("variant-wrong")
        else:
            self._say("variant-right", name=result.bot.name, mine=f"{result.bot.mean:.2f}",
                      theirs=f"{result.against.mean:.2f}")

    def _answer(self, bot: Callable[[SeatView], Any], view: SeatView) -> Card | None:
        """The card ``bot`` plays in ``view``, or None once the learner has been told what is wrong."""
        answer = self._call(bot, view)
        if answer is Ellipsis:
            return None
        card = as_card(answer)
        if card is None or card not in view.legal:
            self._say("not-a-card", name=_name(bot), answer=_shown(answer))
            return None
        return card

    def _call(self, function: Callable[[SeatView], Any], view: SeatView) -> Any:
        """What ``function`` returns for ``view``; ``...`` (Ellipsis) once the learner has been
        told that it raised or is still to be written."""
        try:
            answer = function(view)
        except Exception as error:  # noqa: BLE001 - the learner's code: told, never raised
            detail = "".join(traceback.format_exception_only(type(error), error)).strip()
            self._say("raised", name=_name(function), error=detail)
            return Ellipsis
        if answer is Ellipsis:
            self._say("missing", name=_name(function))
        return answer


@cache
def sample_views() -> tuple[tuple[SeatView, ...], tuple[SeatView, ...]]:
    """The pass views and the play views (with a choice of card) the checks try: every
    position of the rule bots' hands of a few fixed deals, and then, from further fixed
    deals, the positions that call for dumping the Q♠ (which the first deals seldom
    need), until ``EACH_BEHAVIOUR`` positions call for it. (Ducking is called for in
    dozens of the first deals' positions.)"""
    passes: list[SeatView] = []
    plays: list[SeatView] = []
    keep_all = True

    class Watching(RuleBot):
        def choose_pass(self, view: SeatView) -> list[Card]:
            if keep_all:
                passes.append(view)
            return super().choose_pass(view)

        def choose_play(self, view: SeatView) -> Card:
            if len(view.legal) > 1 and (keep_all or must_dump_maria(view)):
                plays.append(view)
            return super().choose_play(view)

    rules = Rules()
    for number in range(MORE_DEALS):
        keep_all = number < SAMPLE_DEALS
        if not keep_all and sum(map(must_dump_maria, plays)) >= EACH_BEHAVIOUR:
            break
        play_out([Watching() for _ in range(rules.players)], Hand.deal(rules, 100 + number, number=number))
    return tuple(passes), tuple(plays)


def pass_views() -> tuple[SeatView, ...]:
    return sample_views()[0]


def play_views() -> tuple[SeatView, ...]:
    return sample_views()[1]


def winning_card(view: SeatView) -> Card | None:
    """The card winning the trick on the table so far: the highest of the suit led."""
    led = view.trick.led_suit
    following = [card for card in view.trick.cards if card.suit is led]
    return max(following, key=lambda card: card.rank) if following else None


def duck_card(view: SeatView) -> Card | None:
    """Following suit with a card under the winning one: the highest such card, else None."""
    winning = winning_card(view)
    if winning is None:
        return None
    under = [card for card in view.legal if card.suit is winning.suit and card.rank < winning.rank]
    return max(under, key=lambda card: card.rank) if under else None


def must_dump_maria(view: SeatView) -> bool:
    """The seat cannot follow suit and may play the Q♠ it holds."""
    led = view.trick.led_suit
    return led is not None and not any(card.suit is led for card in view.held) \
        and any(card.is_black_maria for card in view.legal)


def _name(function: Any) -> str:
    from ..bots.function import function_name

    return function_name(function)


def _cards(cards: Any) -> str:
    return " ".join(str(card) for card in cards) or "—"


def _shown(value: Any) -> str:
    try:
        return _cards(value) if not isinstance(value, str) else repr(value)
    except TypeError:
        return repr(value)[:60]
