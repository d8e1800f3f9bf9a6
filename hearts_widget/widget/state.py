"""What the browser receives: the table as the seat to act may see it.

Built from the engine's :class:`SeatView` of that seat, so other hands and
other seats' passed cards never reach the page (unless open-hands teaching
mode is on). Every sentence is made here in Python through gettext; the front
end only lays it out.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import accumulate
from typing import TYPE_CHECKING, Any

from ..bots.coach import hint, moon_hint, trick_feedback
from ..engine import Card, Event, Game, Trick
from ..engine.cards import mask_of, multiset_of
from ..engine.rules import MOON_RULES, VARIANTS, Rules
from ..engine.view import SeatView
from ..text import LANGUAGES, card_name, event_text, number_text, ui, variants
from ..text.classroom import practice_text
from ..text.messages import suit_name
from ..text.rule_names import rule_name
from ..text.rules_card import rules_card
from .options import SLOW_PACE
from .same_deal import same_deal_choices, same_deal_view

if TYPE_CHECKING:
    from .session import TableSession

# The latest narration lines :func:`narration` gives (``HeartsTable.narration``); the whole
# story goes to the page as new lines through :class:`Story`.
NARRATION_LENGTH = 4


def card_info(card: Card, lang: str) -> dict[str, Any]:
    """A card as the front end draws it."""
    rank = card.code[:-1]
    return {"code": card.code, "rank": rank, "suit": card.suit.letter, "symbol": card.suit.symbol,
            "red": card.suit.is_red, "name": card_name(card, lang)}


def card_ref(card: Card, lang: str) -> dict[str, str]:
    """A card as the table's traits send it: its code (the page draws the face from it) and its
    name. Half the bytes of :func:`card_info`, which a hand's replay sends 60 times."""
    return {"code": card.code, "name": card_name(card, lang)}


def visible_history(game: Game, seat: int, open_hands: bool) -> list[Event]:
    """The game's events that ``seat`` may know: other seats' passes stay hidden."""
    return [e for e in game.history if e.kind != "pass" or e.seat == seat or open_hands]


class TableView:
    """What the synced traits are made from: the seat to act's view of the game now."""

    def __init__(self, session: TableSession) -> None:
        game, seat = session.game, session.viewer
        self.view = game.hand.view(seat)
        # A check's board, its card noted: nobody acts any more.
        self.acting = session.seats_to_act() if session.noted is None else []
        self.your_turn = seat in self.acting and game.pending_moon is None and game.hand.phase == "play"
        # While a completed trick is on display nobody acts: not even the next hand's pass.
        self.passing = game.hand.phase == "pass" and seat in self.acting
        # The completed trick on display and its hand, or None; the hand the table shows is the one
        # that trick ended, until the learner continues.
        self.held = session.held_trick()
        self.shown = self.held[0] if self.held is not None else game.hand


def table_state(session: TableSession, now: TableView | None = None) -> dict[str, Any]:
    """The synced state: everything the page shows but what has a trait of its own (the
    learner's cards, the seats, the score sheet, the last trick: :func:`hand_state`,
    :func:`seats_state`, :func:`sheet_state`, :func:`last_trick_state`), nothing the seat
    may not see."""
    now = now or TableView(session)
    game, lang, seat = session.game, session.lang, session.viewer
    hand = game.hand
    view, acting, your_turn, passing = now.view, now.acting, now.your_turn, now.passing
    names = session.names
    return {
        "id": session.state_id,
        "layout": session.options.layout,
        "stopped": session.stopped,
        "held": session.held is not None and not session.stopped,
        "continue_after": session.continue_after,
        "lang": lang,
        "pace": session.pace,
        "players": game.rules.players,
        "viewer": seat,
        "learner": session.options.learner,
        "hot_seat": sum(session.is_human(s) for s in range(game.rules.players)) > 1,
        "hot_seat_text": ui.hot_seat_text(names[seat], lang),
        "hand_title": ui.hand_title(now.shown.number + 1, lang),
        "seat_turns": _seat_turns(view, acting, lang),
        "pass_label": ui.pass_direction_label(now.shown.pass_direction, lang),
        "phase": "over" if game.is_over else "moon" if game.pending_moon is not None else hand.phase,
        "status": _status(session, view),
        "aim": _aim(session),
        "your_turn": your_turn,
        "asking": session.asking,
        "noted": session.noted.code if session.noted is not None else None,
        "passing": passing,
        "teaching": _teaching(view, lang, session.options.untaught) if your_turn and not session.asking else [],
        "pass": _pass_info(view, names, lang, passing),
        "trick": _trick(session, now),
        "show_last_trick": session.show_last_trick,
        "hearts_broken": view.hearts_broken,
        "finish_offer": ui.finish_offer_text(lang) if _can_finish(game) and seat in acting else "",
        "moon": _moon(game, names, lang) if game.pending_moon == seat and session.held is None else None,
        "game_over": (_game_over(game, names, session.options.learner, lang)
                      if game.is_over and session.held is None else None),
        "can_undo": bool(session.undo_stack),
        "in_progress": _in_progress(session),
        "practice": practice_text(lang) if session.practice else "",
        "hand_over": _hand_over(game, names, lang),
        "hint": _hint(session, view),
        "feedback": _feedback(session),
        "same_deal": _same_deal(session, names, lang),
        "table_notes": _table_notes(view, lang),
    }


def static_state(session: TableSession) -> dict[str, Any]:
    """What changes only with the language or the rules (a new game, the house rules):
    synced apart from the game's state, so a played card does not resend it."""
    return _static(session.lang, session.options.show_rule_ids, session.options.players, session.game.rules,
                   session.rules, session.pace, session.continue_after)


@lru_cache(maxsize=64)
def _static(lang: str, show_rule_ids: bool, players: int, rules: Rules, next_rules: Rules, pace: float,
            continue_after: float) -> dict[str, Any]:
    """:func:`static_state`, made once for what it depends on (every update asks for it; a rules card
    takes a millisecond to write). Shared by the updates that ask: never changed once made."""
    return {
        "languages": [{"code": code, "name": name} for code, name in LANGUAGES.items()],
        "rule_names": _rule_names(lang),
        "show_rule_ids": show_rule_ids,
        "rules_card": _rules_card(rules, lang),
        # score.points: what counts as a point under these rules, said after the aim on the first screen.
        "point_cards": ui.point_cards_text(rules.variant, rules.bonus, lang),
        "variants": _variants(players, next_rules, lang),
        "house_rules": _house_rules(next_rules, lang),
        "paces": _choices(PACES, pace, lambda value: _pace_text(value, lang)),
        "continue_choices": _choices(CONTINUE_CHOICES, continue_after,
                                     lambda seconds: ui.continue_choice_text(seconds, lang)),
        # Every card's name, once (not with each of the 52 to 100 cards of a hand's summary): by their codes'
        # order in NAMED_CARDS, so that no card's code is sent with them (a hidden card is never named).
        "card_names": [card_name(card, lang) for card in NAMED_CARDS],
    }


# The cards of static["card_names"], in the order the page reads them (table.js, cardName): clubs,
# diamonds, spades, hearts, each from 2 to the Ace.
NAMED_CARDS = tuple(Card.parse(rank + suit) for suit in "CDSH"
                    for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"))


# The bot paces and the delays before a completed trick goes by itself that the toolbar offers
# (a table made with another value offers it too).
PACES = (0.0, SLOW_PACE)
CONTINUE_CHOICES = (0.0, 2.0, 4.0)


def _choices(offered: tuple[float, ...], value: float, label: Callable[[float], str]) -> list[dict[str, Any]]:
    """A menu's choices with their words: the values offered, and the current one if it is another."""
    values = offered if value in offered else (*offered, value)
    return [{"value": v, "label": label(v)} for v in values]


def _pace_text(pace: float, lang: str) -> str:
    words = ui.ui_strings(lang)
    return {0.0: words["pace_instant"], SLOW_PACE: words["pace_slow"]}.get(pace) or ui.pace_choice_text(pace, lang)


# The rules the table may cite (RULES.md ids): a beginner sees each one's name, not its id.
RULE_IDS = (
    "setup.deal", "pass.three", "pass.simultaneous", "pass.rotation", "play.first-lead", "play.follow-suit",
    "play.discard", "play.first-trick-no-points", "play.trick-winner", "play.hearts-lead", "play.hearts-broken",
    "play.black-maria-lead", "score.points", "score.sheet", "score.moon", "score.target", "score.winner",
    "variant.omnibus.bonus", "variant.omnibus.moon", "variant.black-maria.pass", "variant.black-maria.points",
    "variant.black-maria.first-trick", "variant.cancellation.deal", "variant.cancellation.kitty",
    "variant.cancellation.no-pass", "variant.cancellation.first-lead", "variant.cancellation.cancel",
    "variant.cancellation.carry", "variant.cancellation.moon",
)


def _rule_names(lang: str) -> dict[str, str]:
    return {rule: rule_name(rule, lang) for rule in RULE_IDS}


def summary_state(session: TableSession) -> dict[str, Any] | None:
    """The hand just finished, from the moon choice (or its last trick's Continue) until the
    first trick of the next hand is won: each seat's points with the point cards it took,
    the moon, and a replay of its tricks (leader, cards, winner and the rule that decided).
    Synced as its own trait: sent once per finished hand."""
    game, lang, names = session.game, session.lang, session.names
    if session.held is not None:
        return None
    if game.pending_moon is not None:
        hand = game.hand
    elif game.completed and (not game.hand.tricks or game.is_over):
        hand = game.completed[-1]
    else:
        return None
    rules = hand.rules
    taken: list[list[Card]] = [[] for _ in range(rules.players)]
    for trick in hand.tricks:
        if trick.winner is not None:
            taken[trick.winner] += _point_cards(trick, rules)
    segments = trick_segments(hand.visible_events(session.viewer))
    ends = [segment for segment in segments if any(e.kind in TRICK_ENDS for e in segment)]
    for event in (e for segment in segments for e in segment if e.kind == "carried-taken"):
        if event.seat is not None:
            taken[event.seat] += [c for c in event.cards if rules.card_points(c)]
    tricks = hand.tricks[-len(ends):] if ends else ()
    points = hand.points()
    # A prepared position (a lesson's) may start with points already taken: no trick shows them.
    before = [rules.score(mask_of(hand.taken_before(seat))) for seat in range(rules.players)]
    return {
        "number": hand.number,
        "title": ui.hand_summary_title(hand.number + 1, lang),
        # Each seat's point cards by their codes (the page has every card's name: static["card_names"]).
        "seats": [{"seat": seat, "name": names[seat],
                   "points_text": ui.hand_points_text(names[seat], points[seat], lang),
                   "before_text": ui.taken_before_text(before[seat], lang) if before[seat] else "",
                   "cards": [c.code for c in taken[seat]]} for seat in range(rules.players)],
        "moon": [event_text(e, lang, names) for segment in segments for e in segment if e.kind == "moon"],
        "tricks": [_replayed(index, len(tricks), trick, segment, rules, names, lang,
                             len(hand.tricks) - len(tricks) + index)
                   for index, (trick, segment) in enumerate(zip(tricks, ends, strict=True))],
    }


def _replayed(index: int, count: int, trick: Trick, events: list[Event], rules: Rules, names: list[str],
              lang: str, number: int) -> list[Any]:
    """One trick of the replay, as ``[title, number, cards, events, winner, winner_text, holds_text,
    rule]`` (a hand's replay holds every card and trick of the hand: each in a fraction of the trick's
    own form, with no key names): who led it, the number of the hand's trick (the review marks the
    learner's card of that trick), its cards (each ``[seat, code]``, and a third item 1 for a twin
    that cancelled (variant.cancellation.cancel); the page has the cards' names), what happened in it
    (each ``[kind, rule, text]``), the winner marked and why."""
    info = _trick_info(trick, events, rules, names, lang, held=False)
    return [ui.replay_trick_title(index + 1, count, names[trick.leader], lang), number,
            [[p["seat"], p["card"]["code"]] + ([1] if p.get("cancelled") else []) for p in info["cards"]],
            [[event["kind"], event["rule"], event["text"]] for event in info["events"]],
            info["winner"], info["winner_text"], info["holds_text"], info["rule"]]


def _in_progress(session: TableSession) -> bool:
    """Whether a new game would lose something played: a learner's pass, a card or a finished hand
    (nothing once the game is over). The page asks before it starts one."""
    game = session.game
    hand = game.hand
    passed = hand.pass_direction is not None and (hand.phase != "pass" or any(
        session.is_human(seat) and seat not in hand.waiting_to_pass for seat in range(hand.players)))
    return not game.is_over and bool(game.completed or hand.tricks or hand.trick.cards or passed)


def _hand_over(game: Game, names: list[str], lang: str) -> str:
    """What the hand just finished scored, until the first card of the next one is played
    (not while the moon choice waits: that hand is not on the sheet yet)."""
    started = bool(game.hand.tricks or game.hand.trick.cards)
    if not game.sheet or game.pending_moon is not None or (started and not game.is_over):
        return ""
    points = ", ".join(ui.total_entry(names[s], p, lang) for s, p in enumerate(game.sheet[-1]))
    return ui.hand_over_text(len(game.sheet), points, lang)


def _aim(session: TableSession) -> str:
    """score.winner: the aim of the game, told on a game's first screen (until its first trick
    is won), so a newcomer reads it before the pass; not on a lesson's position board."""
    game = session.game
    if session.options.layout == "position" or game.completed or game.hand.tricks:
        return ""
    return ui.aim_text(game.rules.target, session.lang)


def _hint(session: TableSession, view: SeatView) -> dict[str, Any] | None:
    """The coach's suggestion, when the learner asked for one in this very position: the
    cards to pass or play, or at the moon choice the choice (``"self"`` or ``"others"``)
    and what it does to the standings (score.moon)."""
    game = session.game
    if session.hint_for is not game:
        return None
    if game.pending_moon is not None:
        advice = moon_hint(game.pending_moon, game.scores, game.rules, session.lang, session.names)
        return {"cards": [], "text": advice.text, "reason": advice.reason,
                "choice": advice.reason.removeprefix("moon-")}
    advice = hint(view, session.lang, session.names)
    return {"cards": [c.code for c in advice.cards], "text": advice.text, "reason": advice.reason, "choice": None}


def _feedback(session: TableSession) -> str:
    """The coach's word on the learner's last trick, when another card would have saved points:
    shown with that trick while it is held on the table (at the instant pace, until the
    learner's next card), never once the next trick has started."""
    if session.feedback_on is None or session.judged is not session.feedback_on or "coach" in session.options.untaught:
        return ""
    if session.pace > 0 and session.held is None:
        return ""
    view, trick = session.feedback_on
    note = trick_feedback(view, trick, session.lang, session.names)
    return note.text if note is not None else ""


def _status(session: TableSession, view: SeatView) -> str:
    """Who the table waits for."""
    names, lang, game = session.names, session.lang, session.game
    if session.stopped:
        return ui.trick_over_text(lang)
    if session.noted is not None:
        return ui.noted_text(str(session.noted), lang)
    if session.held is not None:
        return ui.continue_text(lang)
    if game.is_over or game.pending_moon is not None:
        return ""
    if view.phase == "pass":
        return ui.waiting_pass_text([names[s] for s in view.waiting_to_pass], lang)
    if view.to_move is None:
        return ""
    if session.asking and view.to_move == view.seat:
        return ui.ask_turn_text(names[view.to_move], lang)
    return ui.turn_text(names[view.to_move], view.to_move == view.seat, lang)


def hand_state(session: TableSession, now: TableView | None = None) -> list[dict[str, Any]]:
    """The learner's cards, each with its verdict on their turn (legal or not, why, the rule).
    Synced as its own trait: an update that changes no card or verdict does not resend it."""
    now = now or TableView(session)
    view, your_turn, passing = now.view, now.your_turn, now.passing
    lang = session.lang
    received = set(view.received) if not view.tricks else set()
    cards: list[dict[str, Any]] = []
    if now.shown is not session.game.hand:
        return cards  # the last trick of a hand is on display: every card of that hand is played
    for card in view.held:
        # Compact, as it is resent whenever a card leaves the hand: the page draws the face from
        # the code; its accessible name is made by the page from ui's card label templates.
        info: dict[str, Any] = {"code": card.code, "name": card_name(card, lang), "received": card in received,
                                "legal": False}
        if passing:
            info.update(legal=True, why="", rule="pass.three")
        elif your_turn and not session.asking:  # a board that asks first tells nothing yet
            explanation = view.explain(card)
            info.update(legal=explanation.legal, why=explanation.text(lang), rule=explanation.rule)
        cards.append(info)
    return cards


def _teaching(view: SeatView, lang: str, untaught: tuple[str, ...] = ()) -> list[dict[str, str]]:
    """The rules that limit this seat's choice now, one line per rule case (the
    first lead, following suit, the first-trick restriction, hearts not broken); a rule
    not taught yet without its name."""
    seen: dict[tuple[str, str], dict[str, str]] = {}
    explanations = [view.explain(card) for card in view.held]
    limited = [e for e in explanations if not e.legal]
    for explanation in limited:
        seen.setdefault((explanation.rule, explanation.reason),
                        {"text": explanation.text(lang), "rule": taught_rule(explanation.rule, untaught)})
    return list(seen.values())


def _pass_info(view: SeatView, names: list[str], lang: str, passing: bool) -> dict[str, Any]:
    direction = view.pass_direction
    info: dict[str, Any] = {"direction": direction, "prompts": [], "received_text": ""}
    if direction is None:
        return info
    rules = view.rules
    if passing:
        target = names[rules.pass_target(view.seat, direction)]
        info["prompts"] = [ui.pass_prompt(direction, target, chosen, lang) for chosen in range(4)]
    if view.received and not view.tricks:
        giver = next(s for s in range(rules.players) if rules.pass_target(s, direction) == view.seat)
        info["received_text"] = ui.received_text(names[giver], view.received, lang)
    return info


def _seat_turns(view: SeatView, acting: list[int], lang: str) -> list[dict[str, Any]]:
    """What changes at each seat with every card: the cards left, who acts (passes or plays: not
    the moon's choice, made with no card left), who leads."""
    cards_to_act = view.phase in ("pass", "play")
    return [{"count_text": ui.card_count(view.hand_sizes[seat], lang), "to_act": cards_to_act and seat in acting,
             "leads": view.phase == "play" and view.trick.leader == seat} for seat in range(view.rules.players)]


def seats_state(session: TableSession, now: TableView | None = None) -> list[dict[str, Any]]:
    """The seats around the table: name, place, tricks and points taken (other seats' cards
    only with open hands). Synced as its own trait, so it is resent once a trick, not with
    every card: what changes with every card is in the state's ``seat_turns``."""
    now = now or TableView(session)
    view = now.view
    game, names, lang = session.game, session.names, session.lang
    players = game.rules.players
    # A prepared position (a lesson's) starts with tricks already taken: they count too, as the trick's
    # caption counts them ("the 9th trick of 13").
    before = [len(game.hand.taken_before(s)) // players if game.rules.packs == 1 else 0 for s in range(players)]
    tricks_won = [before[s] + sum(1 for t in view.tricks if t.winner == s) for s in range(players)]
    seats = []
    for seat in range(players):
        shown = session.open_hands and seat != view.seat
        seats.append({
            "seat": seat,
            "name": names[seat],
            "position": (seat - session.options.learner) % players,
            "human": session.is_human(seat),
            "viewer": seat == view.seat,
            "points_text": ui.points_taken(view.points[seat], lang),
            "tricks_text": ui.tricks_taken(tricks_won[seat], lang),
            "cards": [card_ref(c, lang) for c in game.hand.held(seat)] if shown else None,
        })
    return seats


# The events that end a trick (variant.cancellation.carry: a trick nobody wins ends too).
TRICK_ENDS = frozenset({"trick-won", "trick-carried", "last-trick-to-leader"})


def trick_segments(events: tuple[Event, ...] | list[Event]) -> list[list[Event]]:
    """A hand's events cut by trick: each segment runs from a trick's first card
    through its end and what follows it (a bonus, the kitty, the hand's end)."""
    segments: list[list[Event]] = []
    ended = True
    for event in events:
        if event.kind == "play" and ended:
            segments.append([])
            ended = False
        if segments:
            segments[-1].append(event)
        ended = ended or event.kind in TRICK_ENDS
    return segments


def _trick(session: TableSession, now: TableView) -> dict[str, Any]:
    """The trick on the table, with what happened in it: the trick in progress, or the
    completed trick held on display (its winner marked, a caption saying why);
    between tricks at the instant pace, the one just won."""
    names, lang, view = session.names, session.lang, now.view
    if now.held is not None:
        hand, trick = now.held
        segments = trick_segments(hand.visible_events(view.seat))
        return _trick_info(trick, segments[-1] if segments else [], hand.rules, names, lang, held=True,
                           untaught=session.options.untaught)
    trick = view.trick
    segments = trick_segments(view.events)
    if not trick.cards and view.tricks:
        trick = view.tricks[-1]
    return _trick_info(trick, segments[-1] if segments else [], view.rules, names, lang, held=False,
                       untaught=session.options.untaught)


def last_trick_state(session: TableSession) -> dict[str, Any] | None:
    """The last completed trick when the learner asked to see it (its own trait: it changes once a trick)."""
    if not session.show_last_trick:
        return None
    return _last_trick(session.game.hand.view(session.viewer), session.names, session.lang)


def _last_trick(view: SeatView, names: list[str], lang: str) -> dict[str, Any] | None:
    if not view.tricks:
        return None
    ends = [segment for segment in trick_segments(view.events) if any(e.kind in TRICK_ENDS for e in segment)]
    return _trick_info(view.tricks[-1], ends[-1] if ends else [], view.rules, names, lang, held=False)


def _trick_info(trick: Trick, events: list[Event], rules: Rules, names: list[str], lang: str,
                held: bool, untaught: tuple[str, ...] = ()) -> dict[str, Any]:
    """A trick as the page draws it; once complete, the winning card marked, a caption
    naming it and why it wins, and what the trick holds; and the events of the trick
    told at the table (hearts broken, a void shown, the Black Maria taken...)."""
    played = list(zip(trick.seats, trick.cards, strict=True))
    end = next((e for e in events if e.kind in TRICK_ENDS), None)
    complete = end is not None and len(played) == trick.players
    winning = trick.card_of(trick.winner) if complete and trick.winner is not None else None
    cancelled = cancelled_seats(events) if complete else set()
    info: dict[str, Any] = {
        # Each card by its seat (the page has the seats' names); a twin that cancelled is marked so.
        "cards": [{"seat": s, "card": card_ref(c, lang), "wins": complete and s == trick.winner,
                   **({"cancelled": True} if s in cancelled else {})} for s, c in played],
        "leader": trick.leader if trick.cards else None,
        "winner": trick.winner if complete else None,
        "winner_text": "", "holds_text": "", "rule": "", "held": held,
        "events": _trick_events(events, rules, names, lang, untaught),
    }
    if complete and end is not None:
        info["winner_text"] = _trick_caption(end, trick, winning, names, lang)
        info["holds_text"] = ui.trick_points_text(trick.points, _point_cards(trick, rules), lang)
        info["rule"] = taught_rule(end.rule, untaught)
    return info


def cancelled_seats(events: list[Event]) -> set[int]:
    """variant.cancellation.cancel: the seats whose card cancelled with its twin in a trick's events."""
    return {seat for event in events if event.kind == "cancelled" for seat in event.facts["seats"]}


def _trick_caption(end: Event, trick: Trick, winning: Card | None, names: list[str], lang: str) -> str:
    """Who won the trick with which card, and why (or why nobody did)."""
    if end.kind == "trick-carried":
        return ui.trick_carried_text(lang)
    if end.kind == "last-trick-to-leader":
        return ui.trick_to_leader_text(names[trick.leader], lang)
    assert trick.winner is not None and winning is not None
    suit = suit_name(winning.suit, lang)
    return ui.trick_winner_text(names[trick.winner], str(winning), suit, bool(end.facts.get("cancelled")), lang)


def _point_cards(trick: Trick, rules: Rules) -> list[Card]:
    return [card for card in trick.cards if rules.card_points(card)]


def _trick_events(events: list[Event], rules: Rules, names: list[str], lang: str,
                  untaught: tuple[str, ...] = ()) -> list[dict[str, str]]:
    """What happened in this trick that a learner should see at the table, in order; a rule
    of ``untaught`` told in plain words, without its name."""
    told: list[dict[str, str]] = []
    for event in events:
        seat = names[event.seat] if event.seat is not None else ""
        text = ""
        if event.kind == "hearts-broken" and event.rule in untaught:
            # What it allows, once leading hearts is taught; before, or when hearts may be led anyway,
            # it changes nothing the learner knows of.
            if rules.hearts_must_be_broken and "play.hearts-lead" not in untaught:
                told.append({"kind": event.kind, "rule": "", "text": ui.hearts_open_note(seat, str(event.cards[0]),
                                                                                         lang)})
            continue
        if event.kind == "hearts-broken":
            text = ui.hearts_broken_note(seat, str(event.cards[0]), rules.hearts_must_be_broken, lang)
        elif event.kind == "play" and event.facts.get("reason") == "discard":
            text = ui.void_note(seat, suit_name(event.facts["led_suit"], lang), str(event.cards[0]), lang)
        elif event.kind == "trick-won":
            marias = [c for c in event.cards if c.code == "QS"]
            if marias:
                text = ui.maria_taken_note(seat, rules.card_points(marias[0]) * len(marias), lang)
        elif event.kind == "hand-over":
            text = ui.last_trick_note(lang)
        elif event.kind in ("moon", "bonus", "cancelled", "carried-taken", "kitty-taken"):
            text = event_text(event, lang, names)
        if text:
            told.append({"kind": event.kind, "rule": taught_rule(event.rule, untaught), "text": text})
    return told


def taught_rule(rule: str, untaught: tuple[str, ...]) -> str:
    """``rule`` for its tag, or no tag ("") when the learner has not been taught it yet."""
    return "" if rule in untaught else rule


def _can_finish(game: Game) -> bool:
    hand = game.hand
    return (not game.is_over and game.pending_moon is None and hand.phase == "play"
            and hand.points_left == 0 and any(hand.hands))


def sheet_state(session: TableSession) -> dict[str, Any]:
    """The score sheet (its own trait: it changes once a hand)."""
    short = ui.seat_short_names(session.options.players, session.options.learner, session.lang)
    return _sheet(session.game, session.names, short, session.lang)


def _sheet(game: Game, names: list[str], short_names: list[str], lang: str) -> dict[str, Any]:
    """The score sheet: every number as the learner reads it (``rows_text``, ``totals_text``,
    with a true minus sign), the seats' short names for a sheet on a phone, and the raw
    numbers the chart is drawn from."""
    running = list(accumulate(game.sheet, lambda a, b: tuple(x + y for x, y in zip(a, b, strict=True))))
    return {
        "names": names,
        "short_names": short_names,
        "hands_text": [number_text(number) for number in range(1, len(game.sheet) + 1)],
        "rows_text": [[number_text(points) for points in row] for row in game.sheet],
        "totals_text": [number_text(total) for total in game.scores],
        "running": [list(r) for r in running],
        "totals": list(game.scores),
        "target": game.rules.target,
        "target_text": ui.target_text(game.rules.target, lang),
        "chart": {"target_text": ui.chart_target_text(game.rules.target, lang), "zero_text": number_text(0),
                  "ends_text": [ui.total_entry(name, total, lang) for name, total in zip(names, game.scores,
                                                                                          strict=True)]},
    }


def _moon(game: Game, names: list[str], lang: str) -> dict[str, Any]:
    """The shooter's two choices, each with what it does to the standings."""
    choices = []
    moon = game.rules.moon_points
    labels = ui.moon_choice_texts(lang) if moon == 26 else variants.moon_choice_labels(moon, lang)
    for choice in ("self", "others"):
        after = game.choose_moon(choice)
        totals = ", ".join(ui.total_entry(names[s], t, lang) for s, t in enumerate(after.scores))
        winners = [names[s] for s in after.winners]
        choices.append({"choice": choice, "label": labels[choice],
                        "effect": ui.moon_effect_text(totals, winners, lang)})
    return {"choices": choices}


def _game_over(game: Game, names: list[str], learner: int, lang: str) -> dict[str, Any]:
    """Who won, and the learner's own result: their total and place, their best and worst hand."""
    winners = list(game.winners)
    return {"winners": winners,
            "text": ui.winners_text([names[s] for s in winners], learner in winners, lang),
            "own": own_result(game, names, learner, lang)}


def own_result(game: Game, names: list[str], learner: int, lang: str) -> list[str]:
    """score.winner: the learner's total and place (1 is the lowest total; players with the same
    total share a place), then their best and worst hand when the game had more than one."""
    scores = game.scores
    mine = scores[learner]
    place = 1 + sum(total < mine for total in scores)
    tied = [names[seat] for seat, total in enumerate(scores) if total == mine and seat != learner]
    lines = [ui.own_result_text(mine, place, len(scores), tied, lang)]
    hands = [row[learner] for row in game.sheet]
    if len(hands) > 1:
        best, worst = hands.index(min(hands)), hands.index(max(hands))
        lines.append(ui.best_worst_text(best + 1, hands[best], worst + 1, hands[worst], lang))
    return lines


class Story:
    """The narration log as the page receives it: only the lines added since the last
    update (``start`` is the index of the first), or, when the story was rewritten (undo,
    a new game, another language or seat), from the first line that changed on, under a
    new ``version``. Events are compared by identity: a game's history only grows."""

    def __init__(self) -> None:
        self.version = 0
        self._events: list[Event] = []
        self._lines: list[dict[str, str]] = []
        self._key: tuple[Any, ...] | None = None

    def update(self, session: TableSession) -> dict[str, Any]:
        """The change to send for the session's game as its viewer may see it now."""
        lang, names = session.lang, session.names
        events = told_history(session)
        key = (lang, tuple(names))
        common = 0
        if key == self._key:
            for old, new in zip(self._events, events, strict=False):
                if old is not new:
                    break
                common += 1
        if common < len(self._events):
            self.version += 1
        new_lines = [story_line(e, session) for e in events[common:]]
        self._events, self._key = events, key
        self._lines = self._lines[:common] + new_lines
        return {"version": self.version, "start": common, "lines": new_lines}

    def whole(self) -> dict[str, Any]:
        """Every line (for a page displayed late, which asks for them once)."""
        return {"version": self.version, "start": 0, "lines": list(self._lines)}


def story_line(event: Event, session: TableSession) -> dict[str, str]:
    """A line of the narration: what happened, with its rule; a rule the learner has not been
    taught yet (``untaught``) told in plain words, without its name."""
    untaught = session.options.untaught
    if (event.kind == "hearts-broken" and event.rule in untaught and event.seat is not None
            and event.facts.get("unlocks_hearts_lead", True)):
        text = ui.hearts_open_note(session.names[event.seat], str(event.cards[0]), session.lang)
        return {"kind": event.kind, "rule": "", "text": text}
    if event.kind == "play" and event.rule in untaught and event.facts.get("reason") == "discard" \
            and event.seat is not None:  # discarding not taught yet: what happened, in plain words
        suit = suit_name(event.facts["led_suit"], session.lang)
        text = ui.void_note(session.names[event.seat], suit, str(event.cards[0]), session.lang)
        return {"kind": event.kind, "rule": "", "text": text}
    return {"kind": event.kind, "rule": taught_rule(event.rule, untaught),
            "text": event_text(event, session.lang, session.names)}


def narration(session: TableSession) -> list[dict[str, str]]:
    """The latest lines of the narration, for Python readers (the page gets the story as new lines)."""
    return [story_line(e, session) for e in told_history(session)[-NARRATION_LENGTH:]]


def told_history(session: TableSession) -> list[Event]:
    """The events the narration tells: those the viewer may see, but for hearts broken while
    neither breaking nor leading hearts is taught (it changes nothing the learner knows of)."""
    untaught = session.options.untaught
    silent = {"play.hearts-broken", "play.hearts-lead"} <= set(untaught)
    events = visible_history(session.game, session.viewer, session.open_hands)
    return [e for e in events if not (silent and e.kind == "hearts-broken")]


def _rules_card(rules: Rules, lang: str) -> dict[str, Any]:
    """The rules in force, one line each with its rule id (variant first)."""
    return {"title": variants.rules_card_title(lang),
            "lines": [{"rule": rule, "text": text} for rule, text in rules_card(rules, lang)]}


def _variants(players: int, rules: Rules, lang: str) -> dict[str, Any]:
    """The variants a new game at a table of ``players`` may be played in (those that fit), ``rules``'s current."""
    names = variants.variant_names(lang)
    choices = []
    for code in VARIANTS:
        try:
            Rules(players=players, variant=code)  # type: ignore[arg-type]
        except ValueError:
            continue
        choices.append({"code": code, "name": names[code]})
    return {"label": variants.variant_label(lang), "current": rules.variant, "choices": choices}


def _house_rules(rules: Rules, lang: str) -> dict[str, Any]:
    """The house rules a new game will use, as switches, a choice of moon and a target."""
    labels = variants.house_rule_labels(lang)
    switches = [{"key": key, "label": labels[key], "value": getattr(rules, key)}
                for key in ("first_trick_no_points", "maria_breaks_hearts", "hearts_must_be_broken")]
    moons = variants.moon_rule_names(lang)
    return {"title": variants.house_rules_title(lang), "switches": switches,
            "moon": {"label": labels["moon"], "value": rules.moon,
                     "choices": [{"code": code, "name": moons[code]} for code in MOON_RULES]},
            "target": {"label": labels["target"], "value": rules.target}}


def _same_deal(session: TableSession, names: list[str], lang: str) -> dict[str, Any] | None:
    """Same deal, other rules: the changes to try on the hand just finished, and the
    comparison once one is chosen (nothing before a hand is finished)."""
    if not session.game.completed:
        return None
    texts = variants.same_deal_texts(lang)
    shown = session.same_deal
    return {"button": texts["button"], "label": texts["label"],
            "choices": same_deal_choices(session.game.completed[-1].rules, lang),
            "result": same_deal_view(shown[1], shown[0], names, lang) if shown else None}


def _table_notes(view: SeatView, lang: str) -> list[str]:
    """Cancellation Hearts: the kitty still face down, and cards of cancelled tricks waiting."""
    notes = []
    if view.kitty_size:
        notes.append(variants.kitty_text(view.kitty_size, lang))
    if view.carried:
        points = view.rules.score(*multiset_of(view.carried))
        notes.append(variants.carried_text(len(view.carried), points, lang))
    return notes
