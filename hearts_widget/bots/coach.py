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

import math
import random
import threading
import zlib
from array import array
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from ..engine import Card, SeatView, Trick, WrongPhase
from ..engine.cards import ALL_CARDS, cards_of, mask_of, multiset_of
from ..engine.explain import plain_facts
from ..engine.rules import Rules
from ..engine.trick import trick_winner
from ..engine.words import words
from .base import best_moon_choice
from .claims import Claim, hint_claims, pass_hint_claims, risk_claims
from .passing import PassDeals, pass_candidates
from .strong import Deal, Deals, distinct_choices
from .table import Table, tricks_taken_before
from .tactics import decide, index_mask, moon_hand, moon_threat, pass_danger, pass_reason, pass_reasons
from .variants import current_winner, points_taken, variant_decide, wins_now
from .verify import holds

#: The seat names a sentence uses ("You", "West", ...); None for the plain ones.
Names = Sequence[str] | None


@dataclass(frozen=True)
class Hint:
    """A suggestion: ``cards`` (one to play or three to pass), the ``reason``
    code, the ``facts`` its sentence uses and the sentence, ``text``, which the
    words layer makes from them (:mod:`hearts_widget.text.coach`, found through
    :mod:`hearts_widget.engine.words`: the coach makes no sentence itself)."""

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
    # Every fact the sentences say is checked on the position first (.verify).
    checked = all(holds(view, claim) for claim in hint_claims(view, card, reason, facts))
    risk = all(holds(view, claim) for claim in risk_claims(view, card, facts))
    return Hint((card,), reason, dict(facts), words("hint")(reason, facts, lang, names, checked, risk))


# The play hints already worked out, by what the seat knows (the table asks
# again on every redraw, and the strong bot's check takes a moment).
_HINTS: dict[str, tuple[Card, str, dict[str, Any]]] = {}


def forget() -> None:
    """Drop every hint, judgement and card value the coach keeps (for benchmarks and tests)."""
    _HINTS.clear()
    _FEEDBACK.clear()
    with _KEPT:
        _SAMPLED.clear()


def _play_hint(view: SeatView) -> tuple[Card, str, dict[str, Any]]:
    """The card to play, its reason code and its facts (see :func:`hint`)."""
    table = Table.of(view)
    index, reason = decide(table)
    card, reason, extra = variant_decide(view, ALL_CARDS[index], reason)
    chosen, gain = _hint_card(view, table, card)
    if chosen is not card:
        extra = {"instead": card, "gain": round(gain, 1)}
        card, reason = chosen, "search-better"
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


# The strong bot's evaluation in the coach. The hint, the feedback after a trick
# and the hand's review value the legal cards of one position from the same
# play-outs (kept in ``_SAMPLED``), each asking for more deals only until its own
# question is settled (:func:`sampled`): after ``FIRST_DEALS`` deals and every
# ``CHECK_EVERY`` more (an eighth more, once that is more), up to a budget of cards
# played in play-outs (``*_WORK``) and of deals (``*_DEALS``: late in a hand the
# play-outs are short, and weighting a deal by the others' play costs more than them).
# The deals are kept, so a card dropped from the play-outs as clearly worse than the
# best (``DROP_RISK``) can be played on the deals it missed when a later question
# is about it (the learner played it).
FIRST_DEALS = 24
CHECK_EVERY = 8
HINT_WORK = 30_000
HINT_DEALS = 300
JUDGE_WORK = 60_000
JUDGE_DEALS = 600
# How much better (in points) a card must be expected to do to be named.
WORTH = 0.5
# The hint is settled when the card it names is expected to fall short of the
# best by more than WORTH by less than this (summed over the other cards).
HINT_RISK = 0.02
# Deals at least before the hint names another card than the rule-based one (a
# card looks best on a few deals more often than it is), and before a cost
# measured on fresh deals is taken (a moon's swing makes a few deals' error
# look smaller than it is).
SWITCH_DEALS = 96
# A judgement's search is settled when the best card is known (the expected loss of
# taking it for the best below BEST_RISK) and the played card's cost is further than
# two standard errors from WORTH. A cost of WORTH or more is then measured again on
# fresh deals, the judged card and the best only (:func:`_fresh_cost`), until it is
# further than two standard errors from every class boundary: the best of several
# noisy means looks better than it is, so a cost measured against it on the deals that
# chose it is too high (the winner's curse).
BEST_RISK = 0.1
BOUNDARIES = (WORTH, 1.0, 3.0, 6.0)
# A candidate gets no more deals once it is expected to beat the best card by less
# than this (Sampled.drop_clearly_worse), checked from FIRST_DEALS deals on.
DROP_RISK = 0.005


@dataclass
class Sampled:
    """The play-outs done from one position: each candidate's result (its seat's
    points minus the others' average, lower is better) on the deals kept in
    ``deals`` (every candidate on the same deals, in the same order), and each
    deal's weight (:mod:`.inference`). A candidate clearly worse than the best is
    ``dropped``: it gets no more deals (its results cover the first deals only)
    until a question needs it again, when it is played on the deals it missed.
    Results and weights are arrays of doubles: a third of the memory of lists of floats."""

    candidates: list[int]
    scores: dict[int, array[float]]
    weights: array[float]
    deals: list[Deal] = field(default_factory=list)
    dropped: set[int] = field(default_factory=set)

    def means(self) -> dict[int, float]:
        """Each candidate's weighted mean result, over the deals it was played on."""
        means = {}
        for card, results in self.scores.items():
            weights = self.weights[:len(results)]
            means[card] = sum(w * x for w, x in zip(weights, results, strict=True)) / sum(weights)
        return means

    def best(self) -> int:
        """The candidate with the best mean, of those not dropped."""
        means = self.means()
        return min((c for c in self.candidates if c not in self.dropped), key=lambda c: (means[c], c))

    def paired(self, a: int, b: int) -> tuple[float, float]:
        """The mean of ``a``'s result minus ``b``'s and its standard error, over the deals both were played on."""
        count = min(len(self.scores[a]), len(self.scores[b]))
        weights = self.weights[:count]
        total = sum(weights)
        diffs = [x - y for x, y in zip(self.scores[a][:count], self.scores[b][:count], strict=True)]
        mean = sum(w * d for w, d in zip(weights, diffs, strict=True)) / total
        spread = sum(w * (d - mean) ** 2 for w, d in zip(weights, diffs, strict=True)) / total
        effective = total * total / sum(w * w for w in weights)
        return mean, math.sqrt(spread / max(1.0, effective - 1))

    def shortfall(self, card: int, margin: float) -> float:
        """How much ``card`` is expected to fall short of each other candidate by
        more than ``margin`` points, summed (each paired difference taken as normal)."""
        total = 0.0
        for other in self.candidates:
            if other != card:
                mean, error = self.paired(card, other)
                total += excess(mean - margin, error)
        return total

    def drop_clearly_worse(self, keep: Collection[int]) -> None:
        """Stop playing out the candidates (but those in ``keep`` and the best) by which the best
        is expected to be beaten by less than ``DROP_RISK`` points: more deals would
        not make them the answer to any question asked (what they add to a
        :meth:`shortfall` stays below that)."""
        best = self.best()
        for card in self.candidates:
            if card != best and card not in keep and card not in self.dropped:
                mean, error = self.paired(best, card)
                if excess(mean, error) < DROP_RISK:
                    self.dropped.add(card)


def excess(mean: float, error: float) -> float:
    """The expected positive part of a normal difference with this mean and standard error."""
    if error == 0:
        return max(0.0, mean)
    z = mean / error
    return mean * 0.5 * math.erfc(-z / math.sqrt(2)) + error * math.exp(-z * z / 2) / math.sqrt(2 * math.pi)


Settled = Callable[[Sampled], bool]


class Source(Protocol):
    """Where a search's deals come from: :class:`.strong.Deals` for a card to play,
    :class:`.passing.PassDeals` for a pass."""

    rng: random.Random  # where the next deal comes from (the search seeds it per deal)

    def sample(self) -> Any: ...  # a new deal, with its ``weight``

    def result(self, deal: Any, candidate: int) -> float: ...  # lower is better


# The searches kept for later questions about the same positions (the feedback after
# a trick, the hand's review, a card tried again), the most recently asked last, and
# at most KEPT_DEALS deals in all: the last few hands of a table, about 4 MiB
# (a kernel's memory then stays flat after its first five hands). A search dropped is
# done again if asked.
_SAMPLED: dict[str, Sampled] = {}
KEPT_DEALS = 12_000
# One search at a time per position (the table's hint and its coach thread may ask about the
# same one; the pass judged in a thread must not hold up a hint): a lock per key's hash.
_SEARCHES = tuple(threading.Lock() for _ in range(16))
_KEPT = threading.Lock()  # guards _SAMPLED itself


def sampled(view: SeatView, table: Table, candidates: list[int], settled: Settled, work: int,
            deals: int, keep: Sequence[int]) -> Sampled:
    """The play-outs from ``view`` for ``candidates``: those done already (for a hint,
    a feedback or a review of the same position), and more until ``settled`` says
    the question is answered, about ``work`` cards have been played or ``deals`` dealt.
    ``keep`` are the candidates the question is about (the rule-based card, the card
    played): they are played on every deal, the others only while they may be the best."""
    most = max(FIRST_DEALS, min(deals, work // (len(candidates) * sum(view.hand_sizes))))
    return _search(_view_key(view), candidates, lambda rng: Deals(view, table, rng), settled, most, keep,
                   own_share(view.rules))


def own_share(rules: Rules) -> float:
    """What a play-out's result (its seat's points minus the others' average) is worth in
    the seat's own points: (players - 1) / players. A hand's points add up to the same
    total whoever takes them (a moon aside), so a point the seat does not take goes to
    another seat, and the result moves by players / (players - 1) for each of its own
    points. Every value the coach keeps, compares and tells is in the seat's own points."""
    return (rules.players - 1) / rules.players


def _search(key: str, candidates: list[int], source: Callable[[random.Random], Source], settled: Settled,
            most: int, keep: Sequence[int], share: float) -> Sampled:
    """:func:`sampled` for any kind of decision (``key`` names the position and what the
    candidates are): each of ``keep``, when new there (a pass the learner tries), is added
    and played on the deals kept; at most ``most`` deals. The results are in the seat's own
    points (``share``: :func:`own_share`). Each deal is dealt from its own seed (the key and
    its number), so the deals of a position are the same however its questions split them."""
    with _SEARCHES[zlib.crc32(key.encode()) % len(_SEARCHES)]:
        with _KEPT:
            kept = _SAMPLED.pop(key, None)
            if kept is None:
                kept = Sampled(list(candidates), {c: array("d") for c in candidates}, array("d"))
                _forget_oldest(KEPT_DEALS)
            _SAMPLED[key] = kept
        done = len(kept.weights)
        deals = source(random.Random(zlib.crc32(f"{key} {done}".encode())))
        for card in keep:
            if card not in kept.scores:
                kept.candidates.append(card)
                kept.scores[card] = array("d")
            kept.dropped.discard(card)  # dropped for another question: played on the deals it missed
            results = kept.scores[card]
            results.extend(share * deals.result(deal, card) for deal in kept.deals[len(results):])
        if done >= most or (done >= FIRST_DEALS and settled(kept)):
            return kept
        while True:
            deals.rng = random.Random(zlib.crc32(f"{key} {len(kept.weights)}".encode()))
            deal = deals.sample()
            kept.deals.append(deal)
            kept.weights.append(deal.weight)
            for candidate in kept.candidates:
                if candidate not in kept.dropped:
                    kept.scores[candidate].append(share * deals.result(deal, candidate))
            count = len(kept.weights)
            if count >= most:
                return kept
            if count < FIRST_DEALS or count % max(CHECK_EVERY, count // 8 // CHECK_EVERY * CHECK_EVERY):
                continue
            kept.drop_clearly_worse(keep)
            if settled(kept):
                return kept


def _forget_oldest(most: int) -> None:
    """Drop the searches asked about longest ago until at most ``most`` deals are kept
    (call with ``_KEPT`` held)."""
    kept = sum(len(values.weights) for values in _SAMPLED.values())
    while _SAMPLED and kept > most:
        kept -= len(_SAMPLED.pop(next(iter(_SAMPLED))).weights)


def _hint_choice(values: Sampled, mine: int) -> int:
    """The rule-based card ``mine``, unless the best card is expected to do WORTH points better."""
    means = values.means()
    best = values.best()
    return best if means[mine] - means[best] >= WORTH else mine


def _hint_card(view: SeatView, table: Table, rule: Card) -> tuple[Card, float]:
    """The hint's card and how many of the seat's own points it is expected to save
    against the rule-based card ``rule`` (0 for ``rule`` itself), measured on deals other
    than those that chose it (:func:`_fresh_cost`: the best of several noisy means looks
    better than it is).

    The hint is one the review grades "good" (:func:`judge_card`, on the same kept
    play-outs): the rule-based card when the review would, else the review's best card
    (checked in turn); a card the search finds better replaces a good rule-based card
    only when it saves at least WORTH points on the fresh deals."""
    candidates = _choices(view, table)
    if len(candidates) == 1:
        return rule, 0.0
    card = rule
    for _ in range(3):
        _, group, best, cost, error = judged_values(view, table, card)
        if card_class(cost, error) == "good":
            break
        card = ALL_CARDS[best]
    if card is rule:
        searched = _searched_card(view, table, rule)
        if searched is None or card_class(*judged_values(view, table, searched)[3:]) != "good":
            return rule, 0.0
        card = searched
    key, share = _view_key(view), own_share(view.rules)
    fresh = max(FIRST_DEALS, min(JUDGE_DEALS, JUDGE_WORK // (2 * sum(view.hand_sizes))))
    gain, _ = _fresh_cost(key, lambda rng: Deals(view, table, rng), _group(candidates, rule),
                          _group(candidates, card), fresh, (WORTH,), share)
    if gain < WORTH and card_class(*judged_values(view, table, rule)[3:]) == "good":
        return rule, 0.0
    return card, max(gain, 0.0)


def _searched_card(view: SeatView, table: Table, card: Card) -> Card | None:
    """The card the strong bot's evaluation (which scores the rules in force)
    expects to do at least ``WORTH`` points better than the rule-based ``card``;
    None when the rule-based card stands. Played last with no
    moon possible, the choice is among the cards that take the fewest points
    from the trick (the rule-based card is one), so the hint never takes
    avoidable points."""
    candidates = _choices(view, table)
    if len(candidates) == 1:
        return None
    rule = _group(candidates, card)

    def settled(values: Sampled) -> bool:
        choice = _hint_choice(values, rule)
        if choice != rule and len(values.weights) < SWITCH_DEALS:
            return False
        return values.shortfall(choice, WORTH) < HINT_RISK

    values = sampled(view, table, candidates, settled, HINT_WORK, HINT_DEALS, (rule,))
    choice = _hint_choice(values, rule)
    return None if choice == rule else ALL_CARDS[choice]


def judged_values(view: SeatView, table: Table, played: Card) -> tuple[Sampled, int, int, float, float]:
    """Every distinct legal card (:func:`_choices`) valued from ``view`` until the best is
    known and the cost of ``played`` clear enough to class (:func:`_judged`); the
    values, the played card's group, the best card, the played card's cost and its
    standard error."""
    candidates = _choices(view, table)
    group = _group(distinct_choices(table, view.rules), played)
    most = max(FIRST_DEALS, min(JUDGE_DEALS, JUDGE_WORK // (len(candidates) * sum(view.hand_sizes))))
    fresh = max(FIRST_DEALS, min(JUDGE_DEALS, JUDGE_WORK // (2 * sum(view.hand_sizes))))
    values, best, cost, error = _judged(_view_key(view), candidates, lambda rng: Deals(view, table, rng), most, fresh,
                                        group, own_share(view.rules))
    return values, group, best, cost, error


def _judged(key: str, candidates: list[int], source: Callable[[random.Random], Source], most: int, fresh: int,
            judged: int, share: float) -> tuple[Sampled, int, float, float]:
    """A decision's judgement: the search's values, the best candidate, ``judged``'s
    cost against it (0 when it is ``judged``) and the cost's standard error (which
    :func:`card_class` weighs at the blunder's edge). The ``candidates`` (and ``judged``) are
    searched until the best is known and ``judged``'s cost is clearly under or over
    WORTH (at most ``most`` deals). Under WORTH, the cost stands (measured against the
    luckiest of the means, it can only be too high). Over it, it is measured again
    against the best on fresh deals (:func:`_fresh_cost`, at most ``fresh`` deals)."""
    values = _search(key, candidates, source, _classed(judged, (WORTH,)), most, (judged,), share)
    best = values.best()
    cost, error = values.paired(judged, best)
    if cost >= WORTH:
        cost, error = _fresh_cost(key, source, judged, best, fresh, BOUNDARIES, share)
    return (values, judged, 0.0, 0.0) if best == judged or cost <= 0 else (values, best, cost, error)


def _fresh_cost(key: str, source: Callable[[random.Random], Source], judged: int, rival: int, most: int,
                boundaries: Sequence[float], share: float) -> tuple[float, float]:
    """How much ``judged`` is expected to do worse than ``rival`` (negative: better), and
    that difference's standard error, on deals other than those of the search that chose
    them (their own seeds, shared by every such question about the position), until the
    difference is further than two standard errors from each of ``boundaries``
    (BLUNDER_SURE above the blunder's edge), after SWITCH_DEALS deals at least, or
    ``most`` deals."""
    def settled(values: Sampled) -> bool:
        if len(values.weights) < SWITCH_DEALS:
            return False
        cost, error = values.paired(judged, rival)
        return all(abs(cost - edge) >= (BLUNDER_SURE if edge == BLUNDER and cost > edge else 2) * error
                   for edge in boundaries)

    return _search(f"fresh {key}", [], source, settled, most, (judged, rival), share).paired(judged, rival)


def _classed(judged: int, boundaries: Sequence[float]) -> Settled:
    """A search is settled when the best candidate is known (``BEST_RISK``) and the
    ``judged`` one's cost is further than two standard errors from each of ``boundaries``."""
    def settled(values: Sampled) -> bool:
        best = values.best()
        if values.shortfall(best, 0.0) >= BEST_RISK:
            return False
        cost, error = values.paired(judged, best)
        return all(abs(cost - edge) >= 2 * error for edge in boundaries)
    return settled


def _choices(view: SeatView, table: Table) -> list[int]:
    """The cards the coach compares here, for the hint and the judgements alike (they
    share the play-outs of a position): the distinct legal cards; played last with no
    moon possible, only those that take the fewest points from the trick, so the coach
    never names a card that takes avoidable points, nor judges the hint's card against one."""
    candidates = distinct_choices(table, view.rules)
    moon_possible = bool(table.moon_points) and sum(1 for p in table.points if p) < 2
    if len(view.trick.cards) == view.rules.players - 1 and not moon_possible:
        taken = {c: points_taken(view, ALL_CARDS[c]) for c in candidates}
        candidates = [c for c in candidates if taken[c] == min(taken.values())]
    return candidates


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
    moon = rules.moon_points > 0
    reasons = pass_reasons(held, rules.deck_mask, keep, moon)
    reason = "pass-moon" if moon_hand(held, rules.deck_mask) else "pass-danger"
    graded = _good_pass(view, tuple(sorted((ALL_CARDS[i] for i, _ in reasons), key=lambda c: c.index)))
    if graded is not None:  # the review would not call the rule-based pass good: its best pass
        rest = held
        reasons = []
        for card in sorted(graded, key=lambda c: -pass_danger(c.index, held, moon)):
            reasons.append((card.index, pass_reason(card.index, rest)))
            rest ^= card.bit
        reason = "pass-danger"
    chosen = [(ALL_CARDS[i], why, rules.card_points(ALL_CARDS[i])) for i, why in reasons]
    chosen.sort(key=lambda entry: entry[0].index)
    cards = tuple(c for c, _, _ in chosen)
    facts: dict[str, Any] = {"cards": cards, "direction": view.pass_direction, "why": tuple(chosen)}
    if keep and held & keep:
        facts["bonus"] = rules.bonus
    # Only the reasons whose facts the engine finds true on the hand are said (.verify).
    said = {**facts, "why": tuple(entry for entry in chosen
                                  if all(holds(view, claim) for claim in pass_hint_claims(view, cards, *entry)))}
    if rules.bonus is not None and not holds(view, Claim("keep-bonus", other=rules.bonus, cards=cards)):
        said.pop("bonus", None)
    return Hint(cards, reason, facts, words("hint")(reason, said, lang, names))


def _good_pass(view: SeatView, rule: tuple[Card, ...]) -> tuple[Card, ...] | None:
    """None when the review grades the rule-based pass ``rule`` "good" (:func:`judge_pass`),
    else a pass it grades good: its best pass, checked in turn."""
    cards = rule
    for _ in range(3):
        judged = judge_pass(view, cards)
        if judged.verdict == "good":
            return None if cards == rule else cards
        cards = judged.best
    return cards


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
    return Hint((), f"moon-{choice}", facts, words("moon")(f"moon-{choice}", facts, lang, names))


def trick_feedback(view: SeatView, trick: Trick, lang: str | None = None, names: Names = None) -> Feedback | None:
    """The coach's word on the card ``view.seat`` played to the completed ``trick``
    (``view``: its view when it played), judged with what it knew then.

    - ``"own-moon"``: it took points but has every point so far, so it may still
      shoot the moon; the coach says so rather than scold.
    - Each legal card is valued as the strong bot values it, under the rules in force
      (the unseen cards dealt many times consistently with the learner's view, the
      rest played out, until the played card's cost is clear: :func:`judged_values`):
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
    return Feedback(played, better, reason, facts, words("feedback")(reason, facts, lang, names))


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
    if len(distinct_choices(table, view.rules)) == 1:
        return None
    values, group, best, cost, _ = judged_values(view, table, played)
    means = values.means()
    spread = max(means.values()) - min(means.values())
    if cost >= WORTH:
        return "better-card", ALL_CARDS[best], {"card": played, "better": ALL_CARDS[best], "cost": round(cost, 1)}
    if group == best and spread >= WORTH:
        return "best-card", played, {"card": played, "others": len(values.candidates) - 1}
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


# The review's classes of a card, by the points it is expected to cost against the
# best card (a moon swing counts: the play-outs score it): at least this many points.
CLASSES = (("blunder", 6.0), ("mistake", 3.0), ("inaccuracy", 1.0))
BLUNDER = dict(CLASSES)["blunder"]  # the blunder's edge: 6 points
# A blunder is the review's strongest word. A cost measured over BLUNDER is measured on until
# it clears BLUNDER by this many standard errors (a hand's moon swings give a few deals' mean
# heavy tails: two standard errors were seen to settle a mistake as a blunder), and a search
# that ran out of deals first calls the card a blunder only if it clears BLUNDER by two.
BLUNDER_SURE = 3.0


def card_class(cost: float, error: float = 0.0) -> str:
    """``"good"``, ``"inaccuracy"`` (cost ≥ 1 of the seat's own points), ``"mistake"``
    (≥ 3) or ``"blunder"`` (≥ 6).

    ``error`` is the cost's standard error: a class only when the cost clears its edge by
    two standard errors, else the milder class (a cost of 3.3 ± 0.5 is an inaccuracy)."""
    sure = cost - 2 * error
    return next((name for name, least in CLASSES if sure >= least), "good")


@dataclass(frozen=True)
class Judgement:
    """A card judged from what its seat knew: the best card there, and how many
    points ``card`` is expected to cost against it (0 for the best card itself)."""

    card: Card
    best: Card
    cost: float
    error: float = 0.0  # the cost's standard error

    @property
    def verdict(self) -> str:
        return card_class(self.cost, self.error)


@dataclass(frozen=True)
class PassJudgement:
    """A pass judged from what its seat knew (its thirteen cards): the best pass the
    coach's search found, and how many points passing ``cards`` is expected to cost
    against it over the hand (0 for the best pass itself)."""

    cards: tuple[Card, ...]
    best: tuple[Card, ...]
    cost: float
    error: float = 0.0  # the cost's standard error

    @property
    def verdict(self) -> str:
        return card_class(self.cost, self.error)


# The budget of a pass's judgement: play-outs of the whole hand (about PASS_WORK,
# shared among the passes compared) and deals.
PASS_WORK = 4_000
PASS_DEALS = 400


def judge_pass(view: SeatView, cards: Sequence[Card]) -> PassJudgement:
    """How passing ``cards`` (three of ``view.held``, ``view`` at the pass) does against
    the best pass, from what ``view.seat`` knew then: its own cards only (the others'
    hands dealt at random, each passing as the rule-based bot does). The passes
    compared are the strong bot's (:func:`.passing.pass_candidates`: the rule-based pass
    and every three of the six most dangerous cards) and this one, each played out on
    the same deals with the rest of the hand, until its cost is clear enough to class."""
    if view.phase != "pass" or view.pass_direction is None or view.seat not in view.waiting_to_pass:
        raise WrongPhase(f"a pass is judged from seat {view.seat}'s view before it passes")
    chosen = tuple(sorted(set(cards), key=lambda c: c.index))
    if len(chosen) != 3 or len(tuple(cards)) != 3 or any(c not in view.held for c in chosen):
        raise ValueError(f"a pass is three different cards of the hand, not {' '.join(str(c) for c in cards)}")
    rules = view.rules
    held = mask_of(view.held)
    mine = mask_of(chosen)
    keep = rules.bonus.bit if rules.bonus is not None else 0
    candidates = [index_mask(p) for p in pass_candidates(held, rules.deck_mask, keep, rules.moon_points > 0)]
    target = rules.pass_target(view.seat, view.pass_direction)
    most = max(FIRST_DEALS, min(PASS_DEALS, PASS_WORK // (len(candidates) + 1)))
    fresh = max(FIRST_DEALS, min(PASS_DEALS, PASS_WORK // 2))
    _, best, cost, error = _judged(f"pass {_view_key(view)}", candidates,
                                   lambda rng: PassDeals(rules, view.seat, held, target, rng), most, fresh, mine,
                                   own_share(rules))
    if best == mine:
        return PassJudgement(chosen, chosen, 0.0)
    return PassJudgement(chosen, cards_of(best), round(cost, 1), round(error, 2))


def judge_card(view: SeatView, card: Card) -> Judgement:
    """How ``card`` (legal in ``view``) does against the best card, from what
    ``view.seat`` knew then (the unseen cards sampled, never looked at)."""
    if card not in view.legal:
        raise ValueError(f"{card} is not a legal card in this position")
    table = Table.of(view)
    if len(distinct_choices(table, view.rules)) == 1:
        return Judgement(card, card, 0.0)
    _, group, best, cost, error = judged_values(view, table, card)
    if group == best:
        return Judgement(card, card, 0.0)
    return Judgement(card, ALL_CARDS[best], round(cost, 1), round(error, 2))


def position_values(view: SeatView, deals: int, seed: int) -> Sampled:
    """Every distinct legal card of ``view`` (:func:`.strong.distinct_choices`) played out on
    the same ``deals`` deals consistent with the seat's view (the coach's sampler and play-outs,
    results in the seat's own points), the deals drawn from ``seed`` alone: nothing is kept,
    so another seed gives fresh deals (the puzzles' generator and their re-evaluation)."""
    if view.to_move != view.seat or view.phase != "play":
        raise WrongPhase(f"a card is valued from seat {view.seat}'s view when it is to play")
    table = Table.of(view)
    source = Deals(view, table, random.Random(seed))
    return _played_on(distinct_choices(table, view.rules), source, deals, own_share(view.rules))


def pass_values(view: SeatView, deals: int, seed: int) -> tuple[list[tuple[Card, ...]], Sampled]:
    """The strong bot's candidate passes (:func:`.passing.pass_candidates`) of ``view.seat`` at
    the pass, each played out on the same ``deals`` deals drawn from ``seed``, as
    :func:`position_values`; the passes (in the candidates' order) and their values."""
    if view.phase != "pass" or view.pass_direction is None or view.seat not in view.waiting_to_pass:
        raise WrongPhase(f"a pass is valued from seat {view.seat}'s view before it passes")
    rules = view.rules
    held = mask_of(view.held)
    keep = rules.bonus.bit if rules.bonus is not None else 0
    candidates = [index_mask(p) for p in pass_candidates(held, rules.deck_mask, keep, rules.moon_points > 0)]
    source = PassDeals(rules, view.seat, held, rules.pass_target(view.seat, view.pass_direction),
                       random.Random(seed))
    return [cards_of(c) for c in candidates], _played_on(candidates, source, deals, own_share(rules))


def _played_on(candidates: list[int], source: Source, deals: int, share: float) -> Sampled:
    """Each candidate's result, in the seat's own points, on ``deals`` deals of ``source``."""
    if not isinstance(deals, int) or isinstance(deals, bool) or deals < 2:
        raise ValueError(f"deals must be a whole number of at least 2, not {deals!r}")
    values = Sampled(list(candidates), {c: array("d") for c in candidates}, array("d"))
    for _ in range(deals):
        deal = source.sample()
        values.weights.append(deal.weight)
        for candidate in candidates:
            values.scores[candidate].append(share * source.result(deal, candidate))
    return values
