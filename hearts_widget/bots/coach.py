"""The coach: a suggested card with a reason a learner understands, and
feedback after a trick on a card that cost points.

For the widget's Hint button::

    from hearts_widget.bots.coach import hint, trick_feedback

    advice = hint(hand.view(learner), lang="en")   # the learner passes or is to play
    advice.cards    # the suggestion: one card to play, or three to pass
    advice.card     # the card to play (a play hint only); always in view.legal
    advice.reason   # a reason code: "duck", "discard-queen", "lead-low", "pass-danger", ...
    advice.facts    # what the sentence says: cards, the suit, seats, counts
    advice.text     # the sentence in ``lang``, e.g.
                    # "A♣ is already down: play your K♣ under it, so you do not win the trick."
    advice.to_dict()  # JSON-friendly (cards as codes such as "KC")

    # after the trick the learner played to is complete:
    note = trick_feedback(view_when_played, hand.tricks[-1], lang="en")
    # None, or note.card (played), note.better (the coach's card),
    # note.reason ("better-card", "best-card", "own-moon", "would-duck",
    # "fewer-points"), note.facts, note.text, note.to_dict()

    # having shot the moon, with the choice of how to score it:
    moon_hint(shooter, game.scores, game.rules, lang="en")   # reason "moon-self" / "moon-others"

``names`` (optional, both functions) are the seat names the widget shows
("You", "West", ...), used in sentences that name a seat.

All read only what the learner may know: the hint decides from the
:class:`SeatView` with the rule-based player's card sense (:mod:`.tactics`,
then :mod:`.variants`, the same decisions as the rule-based bot's, so under
the rules in force), never from hidden hands; the feedback judges the card
with what the learner knew when it played (the unseen cards sampled as the
strong bot samples them), not with the cards played after it.
"""

from __future__ import annotations

import zlib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..engine import Card, SeatView, Trick, WrongPhase
from ..engine.cards import ALL_CARDS, mask_of, multiset_of
from ..engine.explain import plain_facts
from ..engine.rules import Rules
from ..engine.trick import trick_winner
from ..text.coach import feedback_text, hint_text, moon_text
from ..text.messages import Names
from .base import best_moon_choice
from .strong import StrongBot, distinct_choices
from .table import Table, tricks_taken_before
from .tactics import decide, moon_hand, moon_threat, pass_reasons
from .variants import current_winner, points_taken, variant_decide, wins_now


@dataclass(frozen=True)
class Hint:
    """A suggestion: ``cards`` (one to play or three to pass), the ``reason``
    code, the ``facts`` its sentence uses and the sentence, ``text``."""

    cards: tuple[Card, ...]
    reason: str
    facts: dict[str, Any] = field(default_factory=dict)
    text: str = ""

    @property
    def card(self) -> Card:
        """The card to play (for a play hint)."""
        if len(self.cards) != 1:
            raise ValueError("this hint suggests three cards to pass, not one card to play")
        return self.cards[0]

    def to_dict(self) -> dict[str, Any]:
        return {"cards": [c.code for c in self.cards], "reason": self.reason, "facts": plain_facts(self.facts),
                "text": self.text}


@dataclass(frozen=True)
class Feedback:
    """After a trick: ``card`` cost ``facts["points"]`` points; ``better`` would have saved some."""

    card: Card
    better: Card
    reason: str
    facts: dict[str, Any] = field(default_factory=dict)
    text: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"card": self.card.code, "better": self.better.code, "reason": self.reason,
                "facts": plain_facts(self.facts), "text": self.text}


def hint(view: SeatView, lang: str | None = None, names: Names = None) -> Hint:
    """What the coach suggests to ``view.seat`` now, and why.

    The card comes from the same decisions as the rule-based bot's (the
    tactics, then the variant layer), so it follows the rules in force. Besides
    the reason, a play hint's facts say which card wins the trick now
    (``winning``, ``winner``), what is still out in the suit (``out``, left
    out in a position set up mid-hand, where it is unknown; ``higher``: how
    many unseen cards of the suit are above ``than``, the card or, when
    discarding, the winning card, each copy counted with two packs) and what the card risks (``risk``:
    ``"none"``, it cannot win the trick; ``"may-win"``, it wins unless a later
    player beats it; ``"may-cancel"``, with two packs, unless a later player
    plays its twin; ``"wins"``, nobody can),
    with ``trick_points`` on the table so far (``carried``: the points of
    cancelled tricks waiting for this trick's winner); ``own_moon`` is set when the
    learner has taken every point so far and the moon is in force.
    """
    if view.phase == "pass" and view.seat in view.waiting_to_pass:
        return _pass_hint(view, lang, names)
    if view.to_move != view.seat:
        raise WrongPhase(f"the coach gives hints when seat {view.seat} is to pass or play, and it is not")
    key = _view_key(view)
    if key not in _HINTS:
        if len(_HINTS) >= 64:
            _HINTS.pop(next(iter(_HINTS)))
        _HINTS[key] = _play_hint(view)
    card, reason, facts = _HINTS[key]
    return Hint((card,), reason, dict(facts), hint_text(reason, facts, lang, names))


# The play hints already worked out, by what the seat knows (the table asks
# again on every redraw, and the strong bot's check takes a moment).
_HINTS: dict[str, tuple[Card, str, dict[str, Any]]] = {}


def _play_hint(view: SeatView) -> tuple[Card, str, dict[str, Any]]:
    """The card to play, its reason code and its facts (see :func:`hint`)."""
    table = Table.of(view)
    index, reason = decide(table)
    card, reason, extra = variant_decide(view, ALL_CARDS[index], reason)
    searched = _searched_card(view, table, card)
    if searched is not None:
        extra = {"instead": card, "gain": searched[1]}
        card, reason = searched[0], "search-better"
    facts: dict[str, Any] = {"card": card, **extra}
    now = current_winner(view)
    if now is not None:
        facts["winner"], facts["winning"] = now
    led = view.trick.led_suit
    suit = card.suit if led is None else led
    facts["suit"] = suit
    # The card the still-out cards are counted against: the card played, or the
    # card winning the trick when discarding.
    than = card if card.suit is suit or now is None else now[1]
    facts["than"] = than
    unseen = still_out(view)
    facts["higher"] = sum(1 for c in unseen if c.suit is than.suit and c.index > than.index)
    if not tricks_taken_before(view):  # a position set up mid-hand: which cards are out is unknown
        facts["out"] = tuple(c for c in reversed(unseen) if c.suit is suit)
    facts["risk"] = _risk(view, card, facts["higher"], unseen)
    facts["trick_points"] = view.rules.score(*multiset_of(view.trick.cards + view.carried))
    if view.carried:  # variant.cancellation.carry: the cancelled tricks' cards go to this trick's winner
        facts["carried"] = view.rules.score(*multiset_of(view.carried))
    threat = moon_threat(table)
    if threat is not None:
        facts["threat"] = threat
    if _own_moon_open(table) and not reason.startswith("moon-"):
        facts["own_moon"] = True
    return card, reason, facts


# The strong bot's evaluation in the coach: deals sampled for a hint and for
# the feedback after a trick (a fixed number: the adaptive stop, made for
# speed, can stop on a misleading early lead), and
# how much better (in points) a card must be expected to do to be named.
HINT_DEALS = 300
# Deals for valuing the cards again when one looks better (see _valued).
CONFIRM_DEALS = 600
FEEDBACK_DEALS = 150
WORTH = 0.5
# A card this much better on the first deals is valued again (below WORTH, so
# that a card truly WORTH better is not missed for the noise of those deals).
TRY = 0.25
# At most about this many cards played in play-outs for one hint or feedback
# (and for valuing the cards again).
COACH_WORK = 60_000
CONFIRM_WORK = 120_000


def _searched_card(view: SeatView, table: Table, card: Card) -> tuple[Card, float] | None:
    """The card the strong bot's evaluation (which scores the rules in force)
    expects to do at least ``WORTH`` points better than the rule-based ``card``,
    and by how much; None when the rule-based card stands. Played last with no
    moon possible, the choice is among the cards that take the fewest points
    from the trick (the rule-based card is one), so the hint never takes
    avoidable points."""
    candidates = distinct_choices(table, view.rules)
    moon_possible = bool(table.moon_points) and sum(1 for p in table.points if p) < 2
    if len(view.trick.cards) == view.rules.players - 1 and not moon_possible:
        taken = {c: points_taken(view, ALL_CARDS[c]) for c in candidates}
        candidates = [c for c in candidates if taken[c] == min(taken.values())]
    if len(candidates) == 1:
        return None
    bot = StrongBot(seed=zlib.crc32(_view_key(view).encode()))
    rule = _group(candidates, card)
    means = _valued(bot, view, table, candidates, HINT_DEALS, rule)
    best = min(candidates, key=lambda c: (means[c], c))
    gain = means[rule] - means[best]
    return (ALL_CARDS[best], round(gain, 1)) if gain >= WORTH else None


def _valued(bot: StrongBot, view: SeatView, table: Table, candidates: list[int], deals: int,
            mine: int) -> dict[int, float]:
    """Each candidate's mean result (lower is better) on ``deals`` deals, and when
    ``mine`` seems at least ``TRY`` points worse than the best, on
    ``CONFIRM_DEALS`` fresh deals more, the two runs pooled.

    One play-out's result swings widely (a moon is 26 points), so the best of
    several noisy means looks better than it is, and may not be the best."""
    first = bot.evaluate(view, table, candidates, deals=_coach_deals(view, candidates, deals), adaptive=False)
    if first[mine] - min(first.values()) < TRY:
        return first
    more = _coach_deals(view, candidates, CONFIRM_DEALS, CONFIRM_WORK)
    again = bot.evaluate(view, table, candidates, deals=more, adaptive=False)
    share = more / (more + _coach_deals(view, candidates, deals))
    return {c: share * again[c] + (1 - share) * first[c] for c in candidates}


def _coach_deals(view: SeatView, candidates: list[int], most: int, work: int = 0) -> int:
    """Deals for the coach's evaluation: ``most``, fewer (down to a fifth) when many
    cards are compared over a long play-out, early in a hand (``work``, by
    default ``COACH_WORK``)."""
    return max(most // 5, min(most, (work or COACH_WORK) // (len(candidates) * sum(view.hand_sizes))))


def _group(candidates: list[int], card: Card) -> int:
    """The candidate standing for ``card`` (:func:`.strong.distinct_choices`)."""
    return max(c for c in candidates if c <= card.index and c // 13 == card.index // 13)


def still_out(view: SeatView) -> tuple[Card, ...]:
    """The cards ``view.seat`` has not seen (in other hands, or the kitty), in hand
    order; with two packs a card counts once per unseen copy."""
    seen = Counter(view.held)
    for trick in view.tricks:
        seen.update(trick.cards)
    seen.update(view.trick.cards)
    unseen = Counter(view.rules.deck) - seen
    return tuple(sorted(unseen.elements(), key=lambda c: c.index))


def _risk(view: SeatView, card: Card, higher: int, unseen: tuple[Card, ...]) -> str:
    """What playing ``card`` risks on this trick (``higher``: unseen cards above it,
    ``unseen``: :func:`still_out`): ``"none"`` (it cannot win it),
    ``"may-win"`` (it wins unless a later player beats it), ``"may-cancel"`` (unless
    a later player plays its twin) or ``"wins"``."""
    led = view.trick.led_suit
    if led is not None and card.suit is not led or not wins_now(view, card):
        return "none"
    later = view.rules.players - 1 - len(view.trick.cards)
    if later and higher:
        return "may-win"
    if later and view.rules.packs == 2 and card in unseen:
        return "may-cancel"  # variant.cancellation.cancel: its twin is still out
    return "wins"


def _own_moon_open(table: Table) -> bool:
    """score.moon: this seat has taken every point so far (and some), so it may still shoot the moon."""
    return bool(table.moon_points and table.points[table.seat]
                and not any(p for s, p in enumerate(table.points) if s != table.seat))


def _pass_hint(view: SeatView, lang: str | None, names: Names) -> Hint:
    """Three cards to pass, each with its own reason (``facts["why"]``: (card, code,
    the card's points under the rules) for each); in Omnibus the bonus card is kept
    (``facts["bonus"]``)."""
    held = mask_of(view.held)
    rules = view.rules
    keep = rules.bonus.bit if rules.bonus is not None else 0
    chosen = [(ALL_CARDS[i], why, rules.card_points(ALL_CARDS[i]))
              for i, why in pass_reasons(held, rules.deck_mask, keep)]
    chosen.sort(key=lambda entry: entry[0].index)
    cards = tuple(c for c, _, _ in chosen)
    reason = "pass-moon" if moon_hand(held, rules.deck_mask) else "pass-danger"
    facts: dict[str, Any] = {"cards": cards, "direction": view.pass_direction, "why": tuple(chosen)}
    if keep and held & keep:
        facts["bonus"] = rules.bonus
    return Hint(cards, reason, facts, hint_text(reason, facts, lang, names))


def moon_hint(seat: int, scores: Sequence[int], rules: Rules, lang: str | None = None,
              names: Names = None) -> Hint:
    """score.moon: having shot the moon, which way to score it and what each way
    does to the standings (``scores``: the totals before this hand).

    ``reason`` is ``"moon-self"`` or ``"moon-others"`` (the bots' own choice,
    :func:`.base.best_moon_choice`); ``facts["why"]`` says why: ``"ends-win"``
    (adding ends the game and ``seat`` wins), ``"ends-lost"`` (adding would end
    it with someone else ahead), ``"leading"`` or ``"behind"`` (neither ends it).
    """
    if rules.moon != "choice":
        raise ValueError(f"the moon is scored one way only under Rules.moon={rules.moon!r}: there is no choice")
    points = rules.moon_points
    choice = best_moon_choice(seat, scores, rules.target, points)
    others_after = [total + points for s, total in enumerate(scores) if s != seat]
    if max(others_after) >= rules.target:
        why = "ends-win" if choice == "others" else "ends-lost"
    else:
        why = "leading" if choice == "others" else "behind"
    facts = {"points": points, "own": scores[seat] - points, "why": why, "seat": seat,
             "others": tuple((s, total + points) for s, total in enumerate(scores) if s != seat)}
    return Hint((), f"moon-{choice}", facts, moon_text(f"moon-{choice}", facts, lang, names))


def trick_feedback(view: SeatView, trick: Trick, lang: str | None = None, names: Names = None) -> Feedback | None:
    """The coach's word on the card ``view.seat`` played to the completed ``trick``
    (``view``: its view when it played), judged with what it knew then.

    - ``"own-moon"``: it took points but has every point so far, so it may still
      shoot the moon; the coach says so rather than scold.
    - Each legal card is valued as the strong bot values it, under the rules in force
      (the unseen cards dealt ``FEEDBACK_DEALS`` times consistently with the
      learner's view, the rest played out; ``CONFIRM_DEALS`` more when the
      played card looks ``TRY`` points worse than the best, see :func:`_valued`):
      ``"better-card"`` when another card
      was expected to do at least ``WORTH`` points better (``facts["cost"]``),
      ``"best-card"`` when the learner found the best card and the choice mattered.
    - In a variant a card played last, when the trick's outcome was known, is
      judged on that outcome instead: ``"would-duck"`` / ``"fewer-points"`` when another card
      would have taken fewer points, ``"best-card"`` when it took the fewest and
      another card would have taken more.

    None when there is nothing worth saying. ``better`` is the card the coach
    would have played (the played card itself for ``own-moon`` and ``best-card``).
    The answer for one position is computed once and kept (the table asks again
    on every redraw).
    """
    seat = view.seat
    if view.to_move != seat:
        raise ValueError(f"give seat {seat}'s view at the moment it played, when it was to play")
    if len(trick.cards) != view.rules.players or trick.cards[:len(view.trick.cards)] != view.trick.cards:
        raise ValueError("the trick must be the completed trick the seat played to from this view")
    played = trick.card_of(seat)
    assert played is not None
    key = _position_key(view, played, trick)
    if key not in _FEEDBACK:
        if len(_FEEDBACK) >= 64:
            _FEEDBACK.pop(next(iter(_FEEDBACK)))
        _FEEDBACK[key] = _judge(view, trick, played, key)
    judged = _FEEDBACK[key]
    if judged is None:
        return None
    reason, better, facts = judged
    return Feedback(played, better, reason, facts, feedback_text(reason, facts, lang, names))


Judged = tuple[str, Card, dict[str, Any]] | None
_FEEDBACK: dict[str, Judged] = {}


def _view_key(view: SeatView) -> str:
    """A text naming what ``view.seat`` knows (it seeds the sampling, so the same
    knowledge always gets the same answer)."""
    tricks = " | ".join(f"{t.leader}:{' '.join(c.code for c in t.cards)}"
                        for t in (*view.tricks, view.trick))
    passed = " ".join(c.code for c in view.passed)
    carried = " ".join(c.code for c in view.carried)
    return (f"{view.rules!r} {view.number} {view.seat} {view.points} {view.hearts_broken} {view.first_trick} "
            f"[{' '.join(c.code for c in view.held)}] [{passed}] [{carried}] {tricks}")


def _position_key(view: SeatView, played: Card, trick: Trick) -> str:
    """A text naming the position, the card played and the completed trick."""
    return f"{_view_key(view)} || {trick.leader}:{' '.join(c.code for c in trick.cards)} {played.code}"


def _judge(view: SeatView, trick: Trick, played: Card, key: str) -> Judged:
    rules = view.rules
    table = Table.of(view)
    winner = _trick_winner(view, trick)
    moon_taken = sum(13 if c.is_black_maria else 1 for c in trick.cards if c.is_heart or c.is_black_maria)
    if winner == view.seat and moon_taken and _own_moon_open_after(table, moon_taken):
        return "own-moon", played, {"card": played, "points": rules.score(*multiset_of(trick.cards))}
    if len(view.legal) == 1:
        return None
    if rules.variant != "standard" and len(view.trick.cards) == rules.players - 1:
        return _judge_last(view, trick, played)
    return _judge_by_search(view, table, played, key)


def _trick_winner(view: SeatView, trick: Trick) -> int | None:
    if trick.winner is not None or trick.carried:
        return trick.winner
    return trick_winner(trick.leader, trick.cards, view.rules.players)[0]


def _own_moon_open_after(table: Table, taken: int) -> bool:
    """score.moon: this seat had taken points, and every point so far, before taking
    ``taken`` more, and the moon is still to complete."""
    return bool(table.moon_points and table.points[table.seat]) \
        and not any(p for s, p in enumerate(table.points) if s != table.seat) \
        and table.points[table.seat] + taken < table.moon_points


def _judge_by_search(view: SeatView, table: Table, played: Card, key: str) -> Judged:
    """Value every legal card from the learner's view, as the strong bot would
    (under the rules in force: its play-outs score them)."""
    candidates = distinct_choices(table, view.rules)
    if len(candidates) == 1:
        return None
    bot = StrongBot(seed=zlib.crc32(key.encode()))
    group = _group(candidates, played)
    means = _valued(bot, view, table, candidates, FEEDBACK_DEALS, group)
    best = min(candidates, key=lambda c: (means[c], c))
    cost = means[group] - means[best]
    spread = max(means.values()) - min(means.values())
    if cost >= WORTH:
        return "better-card", ALL_CARDS[best], {"card": played, "better": ALL_CARDS[best], "cost": round(cost, 1)}
    if group == best and spread >= WORTH:
        return "best-card", played, {"card": played, "others": len(candidates) - 1}
    return None


def _judge_last(view: SeatView, trick: Trick, played: Card) -> Judged:
    """Played last in a variant: the trick's outcome for each legal card was known."""
    outcomes = {card: points_taken(view, card) for card in view.legal}
    taken, fewest = outcomes[played], min(outcomes.values())
    if taken == fewest:
        if max(outcomes.values()) > taken:
            return "best-card", played, {"card": played, "others": len(view.legal) - 1}
        return None
    better = max((c for c in view.legal if outcomes[c] == fewest), key=lambda c: (c.rank, c.index))
    cards = trick.cards[:-1] + (better,)
    now = current_winner(replace(view, trick=replace(view.trick, cards=cards)))
    winner, winning = now if now is not None else (view.trick.leader, cards[0])
    reason = "would-duck" if winner != view.seat else "fewer-points"
    facts = {"card": played, "better": better, "points": taken, "fewer": fewest, "winning": winning,
             "winner": winner}
    return reason, better, facts
