"""The table's game logic without any widget: a :class:`Game`, the seats
(humans and bots), an undo stack, and the handling of every message the page
can send. Kept free of ipywidgets so it can be tested directly.

Nothing here decides legality: every move goes through the engine, and a
refused move leaves the game exactly as it was, with a notice saying why.
"""

from __future__ import annotations

import json
import traceback
from collections.abc import Callable
from typing import Any, TypeVar

from ..bots import best_moon_choice
from ..bots.base import ask_moon_choice
from ..bots.function import BotMistake, FunctionBot
from ..bots.rule import RuleBot
from ..bots.time_limit import BotFailed, BotInterrupted, BotTooSlow, TimeLimit, is_trusted
from ..engine import Card, Game, Hand, HeartsError, IllegalMove, Trick, parse_cards
from ..engine.same_deal import SameDeal, changed_rules, same_deal
from ..engine.view import SeatView
from ..text.bot_time import NOTICES as BOT_TIME_NOTICES
from ..text.bot_time import bot_time_text
from ..text.ui import notice_text, seat_names, seat_with_bot_text
from ..text.variants import house_rule_labels, variant_label
from .options import (
    TableOptions,
    bot_for_seats,
    check_continue_after,
    check_lang,
    check_pace,
)
from .review import Review
from .same_deal import same_deal_changes
from .undo_rule import revealed_since

Notice = dict[str, Any]
T = TypeVar("T")

# The messages the page may send; "state" must carry the current state id
# for those that change the game (a click on an old table does nothing).
GAME_INTENTS = ("play", "pass", "undo", "new_game", "finish_hand", "moon", "hint", "continue")
VIEW_INTENTS = ("set_pace", "set_continue_after", "show_last_trick", "lang", "house_rules", "same_deal",
                "review", "retry", "retry_play", "retry_answer", "retry_skip")
# The house rules a learner may set for a new game (options of Rules).
HOUSE_RULES = ("first_trick_no_points", "maria_breaks_hearts", "hearts_must_be_broken", "moon", "target")
MESSAGE_TYPES = GAME_INTENTS + VIEW_INTENTS
# The games kept by state id for judging an Undo made on an earlier state (a hand's worth of bots' cards).
SHOWN_KEPT = 64


class TableSession:
    """One table: the game, who sits where, and what the learner was last told."""

    def __init__(self, options: TableOptions) -> None:
        self.options = options
        self.bots = bot_for_seats(options)
        # A learner's bot (a function or a bot object from outside the package) decides within
        # options.bot_time_limit seconds, or the rule bot takes its seat (bots/time_limit.py).
        self.time_limit = TimeLimit(options.bot_time_limit)
        self.lang = options.lang
        self.pace = options.pace
        self.continue_after = options.continue_after
        # At a pace above 0 a completed trick stays on the table, its winner marked,
        # until the learner continues: the number of the hand whose last trick it is.
        # Nobody moves meanwhile (not the bots, not a moon choice, not the next hand).
        self.held: int | None = None
        self.open_hands = options.open_hands
        self.show_last_trick = False
        self.rules = options.game_rules  # a new game's rules (the variant may be changed for a new game)
        self.game = Game.new(self.rules, options.seed)
        self.viewer = options.learner
        self.undo_stack: list[tuple[Game, int]] = []
        # Undo used after a card it led to was seen: the game is practice (undo_rule.py).
        self.practice = False
        self.state_id = 0
        # The last game intent acted on: the state id it was made on, and the intent (intent_key).
        # The same intent sent again on that state (a double click) is ignored without a word.
        self.acted: tuple[int, str] | None = None
        # The state id since which the undo stack is as it is: an Undo made on that state or a later
        # one takes back the same move (a bot's card landing as the learner clicks does not change it).
        self.undo_since = 0
        # The game as each state id since then showed it: an Undo made on one of them judged the
        # peeking by what the page had shown when it was clicked (undo_rule.py).
        self.shown: dict[int, Game] = {0: self.game}
        self.notice: Notice = {}
        self._notice_count = 0
        # The coach: a hint asked for in this exact game state, and the learner's
        # last play (its view when played) until its trick is complete.
        self.hint_for: Game | None = None
        self._played_from: SeatView | None = None
        self.feedback_on: tuple[SeatView, Trick] | None = None
        # The feedback_on the coach has judged (its search takes up to a second): until then the
        # table shows the trick without the coach's word, which follows in its own update.
        self.judged: tuple[SeatView, Trick] | None = None
        # A lesson table (HeartsTable.from_hand) may stop once the trick the learner
        # played to is complete (armed by the learner's card until then).
        self.stop_after_move = False
        self.stopped = False
        self._stop_armed = False
        # A board that asks first (options.ask_first) shows its verdicts once the learner
        # has tried a card or asked to see the playable ones.
        self.revealed = False
        # A check's board (options.note_only): the learner's card, noted and never judged or played.
        self.noted: Card | None = None
        # Same deal, other rules: the change tried on the hand just finished, and the replay.
        self.same_deal: tuple[dict[str, Any], SameDeal] | None = None
        # The learner's cards of this hand and the one before, each with its view when played
        # (for the hand's review), and the review of the hand just finished (review.py).
        self.decisions: list[tuple[SeatView, Card]] = []
        self.review: Review | None = None

    @property
    def asking(self) -> bool:
        """Whether the learner's cards show no verdict yet (a board that asks first, not answered;
        a check's board, always)."""
        return self.options.note_only or (self.options.ask_first and not self.revealed)

    def reveal(self) -> None:
        """Show the verdicts on the learner's cards (a lesson's "Show the playable cards"; never on
        a check's board)."""
        if not self.revealed and not self.options.note_only:
            self.revealed = True
            self._changed()

    # -- who acts -----------------------------------------------------------
    @property
    def names(self) -> list[str]:
        """The seats' names; a seat played by a bot function carries the function's name too."""
        names = seat_names(self.options.players, self.options.learner, self.lang)
        return [seat_with_bot_text(name, bot.name, self.lang) if isinstance(bot, FunctionBot) else name
                for name, bot in zip(names, self.bots, strict=True)]

    def is_human(self, seat: int) -> bool:
        return self.bots[seat] is None

    def seats_to_act(self) -> list[int]:
        """The seats the game waits for now (several while passing)."""
        game = self.game
        if game.is_over or self.stopped or self.held is not None:
            return []
        if game.pending_moon is not None:
            return [game.pending_moon]
        if game.hand.phase == "pass":
            return list(game.hand.waiting_to_pass)
        return [game.hand.to_move] if game.hand.to_move is not None else []

    def bot_to_act(self) -> bool:
        """Whether a bot has a move to make now (the table lets the bots move first)."""
        return any(not self.is_human(seat) for seat in self.seats_to_act())

    def bot_step(self) -> None:
        """One bot action: every waiting bot passes at once, or one bot plays a card
        or makes its moon choice. A bot that fails or breaks the rules is shown as
        an error on the table and its seat is played by the rule bot from then on."""
        game = before = self.game
        if game.pending_moon is not None:
            seat, scores, rules = game.pending_moon, game.scores, game.rules
            bot = self.bots[seat]
            assert bot is not None
            game = self._bot_move(seat, lambda: game.choose_moon(self._ask(bot, lambda: ask_moon_choice(
                bot, seat, scores, rules))),
                                  lambda: game.choose_moon(best_moon_choice(seat, scores, rules.target,
                                                                            rules.moon_points)))
        elif game.hand.phase == "pass":
            for seat in game.hand.waiting_to_pass:
                if not self.is_human(seat):
                    game = self._bot_pass(game, seat)
        else:
            mover = game.hand.to_move
            assert mover is not None  # the play phase always has a seat to move
            player = self.bots[mover]
            assert player is not None
            view = game.hand.view(mover)
            game = self._bot_move(mover, lambda: game.play(self._ask(player, lambda: player.choose_play(view)), mover),
                                  lambda: game.play(RuleBot().choose_play(view), mover))
        self.game = game
        self._after_play(before)

    def _bot_pass(self, game: Game, seat: int) -> Game:
        bot = self.bots[seat]
        assert bot is not None
        view = game.hand.view(seat)
        return self._bot_move(seat, lambda: game.pass_cards(seat, self._ask(bot, lambda: bot.choose_pass(view))),
                              lambda: game.pass_cards(seat, RuleBot().choose_pass(view)))

    def _ask(self, bot: Any, decide: Callable[[], T]) -> T:
        """A bot's decision: a learner's bot within the time limit, the package's own bots directly."""
        return decide() if is_trusted(bot) else self.time_limit.call(decide)

    def _bot_move(self, seat: int, decide: Callable[[], Game], fallback: Callable[[], Game]) -> Game:
        """The bot's move; a bot that raises, breaks a rule, is too slow or is interrupted is
        told on the table, and the rule bot makes this move and every later one for that seat."""
        try:
            return decide()
        except Exception as error:  # noqa: BLE001 - a third-party bot must not stop the table
            name = self.names[seat]
            self.bots[seat] = RuleBot()
            if isinstance(error, BotTooSlow):
                self._say("bot-too-slow", level="error", name=name, seconds=f"{error.seconds:g}")
                return fallback()
            if isinstance(error, BotInterrupted):
                self._say("bot-interrupted", level="error", name=name)
                return fallback()
            cause: BaseException = error.error if isinstance(error, BotFailed) else error
            detail = str(cause) if isinstance(cause, BotMistake) else \
                "".join(traceback.format_exception_only(type(cause), cause)).strip()
            self._say("bot-replaced", level="error", name=name, detail=detail)
            return fallback()

    def run_bots(self) -> None:
        """Let the bots move until a human must act (the instant pace)."""
        while self.bot_to_act():
            self.bot_step()

    # -- messages from the page -----------------------------------------
    def handle(self, message: Any) -> None:
        """Apply one message from the page. Never raises: anything wrong becomes a notice."""
        try:
            self._dispatch(message)
        except Exception as error:  # noqa: BLE001 - the kernel must survive any message
            self.handle_error(error)

    def handle_error(self, error: Exception) -> None:
        """Show an unexpected error on the table (the game itself is immutable, so unchanged)."""
        detail = "".join(traceback.format_exception_only(type(error), error)).strip()
        self._say("internal", level="error", detail=detail)

    def _dispatch(self, message: Any) -> None:
        if not isinstance(message, dict):
            self._say("malformed", detail=f"not an object: {message!r:.60}")
            return
        kind = message.get("type")
        if kind not in MESSAGE_TYPES:
            self._say("malformed", detail=f"unknown type {kind!r:.40}")
            return
        if kind in GAME_INTENTS:
            state = message.get("state")
            if not isinstance(state, int) or isinstance(state, bool):
                self._say("malformed", detail="missing state id")
                return
            if state != self.state_id and not (kind == "undo" and state >= self.undo_since) \
                    and not (kind == "pass" and self._same_pass_since(state)):
                # Made on a table that has changed since: the intent acted on there, sent again (a double
                # click), is done already and needs no word; any other is stale.
                if self.acted != (state, intent_key(message)):
                    self._say("stale")
                return
            before = self.state_id
            HANDLERS[kind](self, message)
            if self.state_id != before:
                self.acted = (state, intent_key(message))
            return
        HANDLERS[kind](self, message)

    def _same_pass_since(self, state: int) -> bool:
        """Whether the learner's pass is the same now as on the table ``state``: the same hand
        to pass from, the learner still to pass. Only the bots moved since (their passes,
        unseen), so a pass made there is taken, not refused as made on an earlier table:
        a page drawn before the bots' passes arrived (a busy kernel) would otherwise refuse
        the learner's first pass."""
        then, now, seat = self.shown.get(state), self.game, self.viewer
        if then is None or now.hand.phase != "pass" or seat not in now.hand.waiting_to_pass:
            return False
        return then.hand.number == now.hand.number and then.hand.held(seat) == now.hand.held(seat)

    def _on_play(self, message: dict[str, Any]) -> None:
        card_text = message.get("card")
        if not isinstance(card_text, str):
            self._say("malformed", detail="play needs a card")
            return
        if self._refuse_phase("play"):
            return
        hand = self.game.hand
        seat, mover = self.viewer, hand.to_move
        assert mover is not None  # _refuse_phase let only the play phase through
        if mover != seat:
            self._say("not-your-turn", name=self.names[mover])
            return
        try:
            card = Card.parse(card_text)
        except HeartsError as error:
            self._say("malformed", detail=str(error))
            return
        if card not in hand.held(seat):
            self._say("not-held", card=str(card))
            return
        if self.options.note_only:  # a check's board: the card is the answer, legal or not
            if self.noted is None:
                self.noted = card
                self._changed()
            return
        self.revealed = True  # the learner has answered: the verdicts may show
        explanation = hand.view(seat).explain(card)
        if not explanation.legal:
            self._say("illegal", rule=explanation.rule, card=str(card), reason=explanation.text(self.lang))
            return
        view, before = hand.view(seat), self.game
        if self._human_move(lambda game: game.play(card, seat)):
            self._played_from = view
            if seat == self.options.learner:
                self.decisions = [d for d in self.decisions if d[0].number >= view.number - 1] + [(view, card)]
            self._stop_armed = self.stop_after_move
            self._after_play(before)

    def _on_pass(self, message: dict[str, Any]) -> None:
        texts = message.get("cards")
        if not isinstance(texts, list) or not all(isinstance(c, str) for c in texts):
            self._say("malformed", detail="pass needs a list of cards")
            return
        if self._refuse_phase("pass"):
            return
        try:
            cards = parse_cards(texts)
        except HeartsError as error:
            self._say("malformed", detail=str(error))
            return
        seat = self.viewer
        missing = [card for card in cards if card not in self.game.hand.held(seat)]
        if missing:
            self._say("not-held", card=str(missing[0]))
            return
        self._human_move(lambda game: game.pass_cards(seat, cards))  # the engine checks three, distinct, once

    def _on_finish_hand(self, message: dict[str, Any]) -> None:
        if self._refuse_phase("play"):
            return
        if self.game.hand.points_left:
            self._say("no-finish")
            return
        self._human_move(lambda game: game.finish_hand())

    def _on_moon(self, message: dict[str, Any]) -> None:
        choice = message.get("choice")
        shooter = self.game.pending_moon
        if shooter is None or not self.is_human(shooter):
            self._say("no-moon")
            return
        if choice not in ("self", "others"):
            self._say("malformed", detail="the moon choice is 'self' or 'others'")
            return
        self._human_move(lambda game: game.choose_moon(choice))

    def _on_undo(self, message: dict[str, Any]) -> None:
        if not self.undo_stack:
            self._say("nothing-to-undo")
            return
        before, seat = self.undo_stack.pop()
        # On a slow connection a bot's card may land while the click travels: the learner had not seen it.
        shown = self.shown.get(message["state"], self.game)
        peeked = revealed_since(before, shown, seat, self.open_hands)
        self.practice = self.practice or peeked
        self.game, self.viewer = before, seat
        self.decisions = [d for d in self.decisions if _played_count(d[0]) < _played_count(before.hand)]
        self._played_from = self.feedback_on = self.same_deal = self.held = None
        self.stopped = self._stop_armed = self.revealed = False
        self.undo_changed()
        self._say("undone-practice" if peeked else "undone", level="info")

    def _on_new_game(self, message: dict[str, Any]) -> None:
        variant = message.get("variant")
        if variant is not None:
            try:
                self.rules = changed_rules(self.rules, {"variant": variant})
            except ValueError:
                self._refuse_rules({"variant": variant})
                return
        self.game = Game.new(self.rules)
        self.undo_stack.clear()
        self.practice = False
        self._played_from = self.feedback_on = self.same_deal = self.held = self.review = None
        self.decisions = []
        self.stopped = self.stop_after_move = self._stop_armed = False
        self.viewer = self.options.learner
        self.undo_changed()
        self._say("new-game", level="info")

    def _on_house_rules(self, message: dict[str, Any]) -> None:
        """Set house rules for the next new game: ``{"rules": {"moon": "self", ...}}``.
        ``Rules`` checks the whole combination; a refusal leaves the rules as they were."""
        changes = message.get("rules")
        if not isinstance(changes, dict) or not changes or not set(changes) <= set(HOUSE_RULES):
            self._say("malformed", detail=f"house_rules needs rules: some of {', '.join(HOUSE_RULES)}")
            return
        try:
            self.rules = changed_rules(self.rules, changes)
        except (ValueError, HeartsError):
            self._refuse_rules(changes)
            return
        self._changed()
        self._say("house-rules", level="info")

    def _refuse_rules(self, changes: dict[str, Any]) -> None:
        """``Rules`` refused a change: name the learner's choice in their language
        (Rules' own message is English, written for programmers)."""
        labels = {**house_rule_labels(self.lang), "variant": variant_label(self.lang)}
        self._say("rules-refused", option=", ".join(labels[name] for name in changes if name in labels))

    def _on_same_deal(self, message: dict[str, Any]) -> None:
        """Replay the hand just finished with one change (``{"change": "moon=self"}``,
        a code of :func:`same_deal_changes`), or close the comparison (``"change": null``)."""
        code = message.get("change")
        if code is None:
            self.same_deal = None
            self._changed()
            return
        if not self.game.completed:
            self._say("no-same-deal")
            return
        finished = self.game.completed[-1]
        changes = same_deal_changes(finished.rules)
        if not isinstance(code, str) or code not in changes:
            self._say("malformed", detail=f"same_deal needs change: one of {', '.join(changes)}")
            return
        try:
            result = same_deal(finished, **changes[code])
        except (ValueError, HeartsError) as error:
            self._say("refused", reason=str(error))
            return
        self.same_deal = (changes[code], result)
        self._changed()

    def review_hand(self) -> Review | None:
        """The review of the hand just finished (made once per hand, judged by the table's thread)."""
        game = self.game
        if not game.completed:
            return None
        number = game.completed[-1].number
        if self.review is None or self.review.number != number:
            learner = self.options.learner
            passed_in = game.completed[-1] if self.is_human(learner) else None  # a bot's pass is not the learner's
            self.review = Review(number, self.decisions, passed_in, learner)
        return self.review

    def _on_review(self, message: dict[str, Any]) -> None:
        """Open or close the review of the hand just finished: ``{"open": true}``; open on the
        costly decision number ``at`` of its walk: ``{"open": true, "at": 2}``."""
        review = self.review_hand()
        show = message.get("open")
        if review is None or not isinstance(show, bool):
            self._say("malformed", detail="review needs open: true or false, after a hand")
            return
        if "at" in message and not (show and review.step(message["at"])):
            self._say("malformed", detail="review at needs open: true and the number of a costly decision of the "
                      "review, from 0")
            return
        review.open, review.retry = show, None
        self._changed()

    def _on_retry(self, message: dict[str, Any]) -> None:
        """Try a costly card of the review again (``{"decision": i}``), or stop (``null``)."""
        review = self.review_hand()
        decision = message.get("decision")
        if review is None:
            self._say("malformed", detail="retry needs a review")
            return
        if decision is None:
            review.retry = None
        elif not review.start_retry(decision):
            self._say("malformed", detail="retry needs decision: the number of a costly card of the review")
            return
        self._changed()

    def _on_retry_play(self, message: dict[str, Any]) -> None:
        """A card tried in the position tried again: ``{"card": "QS"}``; at the pass, three
        cards: ``{"cards": ["QS", "KS", "AH"]}``."""
        choice = message.get("cards", message.get("card"))
        self._in_retry(lambda review: review.try_again(choice), "retry_play needs a card playable in the position "
                       "tried again (at the pass, three cards of the hand)")

    def _on_retry_answer(self, message: dict[str, Any]) -> None:
        """Show the answer of the decision tried again ("Show the answer"): ``{}``."""
        self._in_retry(Review.show_answer, "retry_answer needs a decision tried again, not found yet")

    def _on_retry_skip(self, message: dict[str, Any]) -> None:
        """Leave the decision tried again for the next costly one ("Skip"): ``{}``."""
        self._in_retry(Review.skip, "retry_skip needs a decision tried again")

    def _in_retry(self, act: Callable[[Review], bool], refused: str) -> None:
        """Do ``act`` on the hand's review; when there is none or it refuses, say ``refused``."""
        review = self.review_hand()
        if review is None or not act(review):
            self._say("malformed", detail=refused)
            return
        self._changed()

    def _on_hint(self, message: dict[str, Any]) -> None:
        """The coach's suggestion for this position: the pass, the card, or the moon choice."""
        if self.viewer not in self.seats_to_act():
            self._say("no-hint")
            return
        self.hint_for = self.game
        self._changed()

    def _on_continue(self, message: dict[str, Any]) -> None:
        """The learner has seen the completed trick: it goes to its winner and play goes on."""
        if self.held is None or self.stopped:
            self._say("nothing-to-continue")
            return
        self.continue_play()

    def continue_play(self) -> None:
        """Release the completed trick on display (the learner's click, key or the auto-continue delay).
        A Continue the learner sends on that table afterwards is then done already."""
        self.acted = (self.state_id, intent_key({"type": "continue"}))
        self.held = None
        self._changed()

    def _on_set_continue_after(self, message: dict[str, Any]) -> None:
        try:
            self.continue_after = check_continue_after(message.get("seconds"))
        except ValueError as error:
            self._say("malformed", detail=str(error))
            return
        self._changed()
        self._say("continue-after", level="info")

    def _on_set_pace(self, message: dict[str, Any]) -> None:
        try:
            self.pace = check_pace(message.get("pace"))
        except ValueError as error:
            self._say("malformed", detail=str(error))
            return
        self._say("pace", level="info")

    def _on_show_last_trick(self, message: dict[str, Any]) -> None:
        show = message.get("show")
        if not isinstance(show, bool):
            self._say("malformed", detail="show_last_trick needs show: true or false")
            return
        self.show_last_trick = show
        self._changed()

    def _on_lang(self, message: dict[str, Any]) -> None:
        try:
            self.set_lang(message.get("lang"))
        except ValueError as error:
            self._say("bad-language", detail=str(error))

    # -- changing the game --------------------------------------------------
    def set_lang(self, lang: Any) -> None:
        from ..text.translate import LANGUAGES

        self.lang = check_lang(lang)
        self._changed()
        self._say("language", level="info", language=LANGUAGES[self.lang])

    def load(self, game: Game) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"game must be a hearts_widget.Game (load() needs one), not {type(game).__name__}")
        if game.rules.players != self.options.players:
            raise ValueError(f"this table seats {self.options.players} players; the game has {game.rules.players}")
        self.game = game
        self.undo_stack.clear()
        self.practice = False
        self._played_from = self.feedback_on = self.same_deal = self.held = self.review = None
        self.decisions = []
        self.stopped = self._stop_armed = self.revealed = False
        self.undo_changed()

    def _human_move(self, move: Callable[[Game], Game]) -> bool:
        """Apply a learner's move through the engine; a refusal changes nothing.
        Returns whether the move was made."""
        before = self.game
        try:
            after = move(before)
        except IllegalMove as error:
            self._say("refused", rule=error.explanation.rule, reason=error.explanation.text(self.lang))
            return False
        except HeartsError as error:
            self._say("refused", reason=str(error))
            return False
        self.undo_stack.append((before, self.viewer))
        self.game = after
        self.notice = {}
        self.feedback_on = None
        self.undo_changed()
        return True

    def _check_trick_done(self) -> None:
        """Once the trick the learner played to is complete, keep it for the coach's feedback."""
        view = self._played_from
        if view is None:
            return
        game = self.game
        hands = [game.hand, *reversed(game.completed)]
        hand = next((h for h in hands if h.number == view.number), None)
        index = len(view.tricks)
        if hand is not None and len(hand.tricks) > index:
            self._played_from = None
            self.feedback_on = (view, hand.tricks[index])

    def _after_play(self, before: Game) -> None:
        """After any card: when it completed a trick, keep that trick on the table (at a
        pace above 0), and a lesson table stops there, whoever won, so the learner sees
        the whole trick and its winner."""
        self._check_trick_done()
        number = completed_trick_hand(before, self.game)
        if number is not None:
            if self._stop_armed:
                self.stopped, self._stop_armed, self.held = True, False, number
            elif self.pace > 0:
                self.held = number
        self._changed()

    def held_trick(self) -> tuple[Hand, Trick] | None:
        """The completed trick on display and the hand it belongs to (its last trick)."""
        if self.held is None:
            return None
        game = self.game
        hand = next((h for h in (game.hand, *reversed(game.completed)) if h.number == self.held), None)
        return (hand, hand.tricks[-1]) if hand is not None and hand.tricks else None

    def _refuse_phase(self, phase: str) -> bool:
        """Refuse, with a notice, a pass or play made when the game is elsewhere."""
        game = self.game
        if self.held is not None and not self.stopped:
            kind = "continue-first"
        elif game.is_over:
            kind = "game-over"
        elif game.pending_moon is not None:
            kind = "moon-first"
        elif game.hand.phase != phase:
            kind = "pass-first" if phase == "play" else "passing-over"
        else:
            return False
        self._say(kind)
        return True

    def undo_changed(self) -> None:
        """The game changed, and the undo stack with it (a learner's move, an undo, a new game,
        a loaded one): an Undo made from now on takes back the stack's new top."""
        self._changed()
        self.undo_since = self.state_id
        self.shown = {self.state_id: self.game}

    def _changed(self) -> None:
        """The game or the view changed: new state id, and the human who must act sits down."""
        self.state_id += 1
        self.shown[self.state_id] = self.game
        if len(self.shown) > SHOWN_KEPT:  # a table nobody moves at: only the latest states matter
            del self.shown[next(iter(self.shown))]
        humans = [seat for seat in self.seats_to_act() if self.is_human(seat)]
        if humans:
            self.viewer = humans[0]

    def _say(self, kind: str, level: str = "warning", rule: str | None = None, **facts: Any) -> None:
        self._notice_count += 1
        words = bot_time_text if kind in BOT_TIME_NOTICES else notice_text
        self.notice = {"id": self._notice_count, "level": level, "kind": kind, "rule": rule,
                       "text": words(kind, self.lang, **facts)}



Handler = Callable[[TableSession, dict[str, Any]], None]
#: Each message type the session takes (MESSAGE_TYPES: the page's intents), and the method that
#: handles it: a reader, or an editor, follows a message's ``type`` from here to its code.
HANDLERS: dict[str, Handler] = {
    "play": TableSession._on_play,
    "pass": TableSession._on_pass,
    "undo": TableSession._on_undo,
    "new_game": TableSession._on_new_game,
    "finish_hand": TableSession._on_finish_hand,
    "moon": TableSession._on_moon,
    "hint": TableSession._on_hint,
    "continue": TableSession._on_continue,
    "set_pace": TableSession._on_set_pace,
    "set_continue_after": TableSession._on_set_continue_after,
    "show_last_trick": TableSession._on_show_last_trick,
    "lang": TableSession._on_lang,
    "house_rules": TableSession._on_house_rules,
    "same_deal": TableSession._on_same_deal,
    "review": TableSession._on_review,
    "retry": TableSession._on_retry,
    "retry_play": TableSession._on_retry_play,
    "retry_answer": TableSession._on_retry_answer,
    "retry_skip": TableSession._on_retry_skip,
}

def intent_key(message: dict[str, Any]) -> str:
    """What an intent asks for, whatever table it was made on: the message without its state id."""
    return json.dumps({key: value for key, value in message.items() if key != "state"}, sort_keys=True, default=str)


def completed_trick_hand(before: Game, after: Game) -> int | None:
    """The number of the hand whose trick the move from ``before`` to ``after``
    completed (its last trick when the hand ended), or None."""
    if after.hand.number != before.hand.number or (after.hand.phase == "done" and before.hand.phase != "done"):
        return before.hand.number
    if len(after.hand.tricks) > len(before.hand.tricks):
        return after.hand.number
    return None


def _played_count(position: Hand | SeatView) -> tuple[int, int]:
    """How far into the game a hand or a view is: its hand number and the cards played in it."""
    return position.number, sum(len(t.cards) for t in position.tricks) + len(position.trick.cards)
