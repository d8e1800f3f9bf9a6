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
    # None, or note.card (played), note.better (would have saved points),
    # note.reason ("would-duck" or "fewer-points"), note.facts, note.text, note.to_dict()

``names`` (optional, both functions) are the seat names the widget shows
("You", "West", ...), used in sentences that name a seat.

Both read only what the learner may know: the hint decides from the
:class:`SeatView` with the rule-based player's card sense
(:mod:`.tactics`), never from hidden hands; the feedback compares the
learner's legal cards against the completed trick, which is in the open,
the others' cards taken as played.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine import Card, SeatView, Suit, Trick, WrongPhase
from ..engine.cards import ALL_CARDS, mask_of
from ..engine.explain import plain_facts
from ..engine.trick import trick_winner
from ..engine.rules import Rules
from ..text.coach import feedback_text, hint_text
from ..text.messages import Names
from .table import Table
from .tactics import above, decide, moon_hand, moon_threat, rule_pass, winning_index


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
    """What the coach suggests to ``view.seat`` now, and why."""
    if view.phase == "pass" and view.seat in view.waiting_to_pass:
        return _pass_hint(view, lang, names)
    if view.to_move != view.seat:
        raise WrongPhase(f"the coach gives hints when seat {view.seat} is to pass or play, and it is not")
    table = Table.of(view)
    index, reason = decide(table)
    card = ALL_CARDS[index]
    facts: dict[str, Any] = {"card": card}
    if table.trick:
        win = winning_index(table.trick)
        facts["winning"] = ALL_CARDS[win]
        facts["winner"] = (table.leader + table.trick.index(win)) % table.players
        facts["suit"] = Suit(table.trick[0] // 13)
    else:
        facts["suit"] = card.suit
        facts["higher"] = (table.unseen & above(index)).bit_count()
    threat = moon_threat(table)
    if threat is not None:
        facts["threat"] = threat
    return Hint((card,), reason, facts, hint_text(reason, facts, lang, names))


def _pass_hint(view: SeatView, lang: str | None, names: Names) -> Hint:
    held = mask_of(view.held)
    deck = view.rules.deck_mask
    cards = tuple(sorted(ALL_CARDS[i] for i in rule_pass(held, deck)))
    reason = "pass-moon" if moon_hand(held, deck) else "pass-danger"
    facts = {"cards": cards, "direction": view.pass_direction}
    return Hint(cards, reason, facts, hint_text(reason, facts, lang, names))


def trick_feedback(view: SeatView, trick: Trick, lang: str | None = None, names: Names = None) -> Feedback | None:
    """Whether the card ``view.seat`` played to the completed ``trick`` cost points
    that another of its legal cards (``view``: its view when it played) would have
    saved, the other cards taken as played. None when nothing could be saved."""
    seat = view.seat
    if view.to_move != seat:
        raise ValueError(f"give seat {seat}'s view at the moment it played, when it was to play")
    if len(trick.cards) != view.rules.players or trick.cards[:len(view.trick.cards)] != view.trick.cards:
        raise ValueError("the trick must be the completed trick the seat played to from this view")
    played = trick.card_of(seat)
    assert played is not None
    position = trick.cards.index(played)

    def outcome(card: Card) -> tuple[int, int, Card]:
        cards = trick.cards[:position] + (card,) + trick.cards[position + 1:]
        winner, best = trick_winner(trick.leader, cards, view.rules.players)
        return (Rules.points_in(mask_of(cards)) if winner == seat else 0), winner, best

    taken = outcome(played)[0]
    if not taken or moon_threat(Table.of(view)) is not None:
        return None  # nothing lost, or points taken on purpose to stop a moon
    saved = min(outcome(card)[0] for card in view.legal)
    if saved >= taken:
        return None
    better = max((c for c in view.legal if outcome(c)[0] == saved), key=lambda c: (c.rank, c.index))
    _, winner, winning = outcome(better)
    reason = "would-duck" if winner != seat else "fewer-points"
    facts = {"card": played, "better": better, "points": taken, "fewer": saved, "winning": winning,
             "winner": winner}
    return Feedback(played, better, reason, facts, feedback_text(reason, facts, lang, names))
