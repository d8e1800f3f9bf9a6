"""One hand of Hearts: the deal, the pass and thirteen (or fewer) tricks.

A ``Hand`` is immutable: ``play`` and ``pass_cards`` return the next state and
leave the old one as it was, so undo is keeping the old object. Every move is
checked; an illegal one raises :class:`IllegalMove` carrying the explanation.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any, Iterable, Literal, Sequence

from .cards import HEARTS_MASK, QS_BIT, Card, Suit, cards_of, mask_of, parse_cards
from .errors import BadPosition, CardNotHeld, HeartsError, IllegalMove, OutOfTurn, RecordError, WrongPhase
from .explain import Event, Explanation
from .legality import POINT_CARDS, explain_play, legal_mask, trick_winner
from .rules import PASS_OFFSETS, PassDirection, Rules
from .view import SeatView

Phase = Literal["pass", "play", "done"]
HAND_FORMAT = "hearts-widget.hand"
RECORD_VERSION = 1


@dataclass(frozen=True)
class Trick:
    """Cards played to one trick, in order from ``leader``; ``winner`` once complete."""

    leader: int
    cards: tuple[Card, ...]
    players: int
    winner: int | None = None

    @property
    def seats(self) -> tuple[int, ...]:
        """The seat that played each card."""
        return tuple((self.leader + i) % self.players for i in range(len(self.cards)))

    @property
    def led_suit(self) -> Suit | None:
        return self.cards[0].suit if self.cards else None

    @property
    def points(self) -> int:
        return Rules.points_in(mask_of(self.cards))

    def card_of(self, seat: int) -> Card | None:
        """The card ``seat`` played to this trick, if any."""
        offset = (seat - self.leader) % self.players
        return self.cards[offset] if offset < len(self.cards) else None

    def _repr_html_(self) -> str:
        from .display import trick_html

        return trick_html(self)


class Hand:
    """The state of one hand. Build one with :meth:`deal` or :meth:`from_cards`."""

    __slots__ = (
        "rules", "number", "seed", "pass_direction", "phase", "_held", "_passes", "_received",
        "leader", "_trick", "tricks", "_taken", "hearts_broken", "events", "_start", "_actions",
    )
    rules: Rules
    number: int
    seed: int | None
    pass_direction: PassDirection | None
    phase: Phase
    _held: tuple[int, ...]
    _passes: tuple[int, ...]
    _received: tuple[int, ...]
    leader: int | None
    _trick: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    _taken: tuple[int, ...]
    hearts_broken: bool
    events: tuple[Event, ...]
    _start: dict[str, Any]
    _actions: tuple[dict[str, Any], ...]

    # -- building -----------------------------------------------------------
    @classmethod
    def deal(cls, rules: Rules, seed: int, number: int = 0) -> Hand:
        """Strip, shuffle and deal (setup.deal). The same seed and number give the
        same cards on any machine; ``number`` (0 for the first hand) sets the pass."""
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise HeartsError(f"seed must be a whole number, not {seed!r}")
        _check_number(number)
        deck = list(rules.deck)
        random.Random(f"hearts-widget/{seed}/{number}").shuffle(deck)
        each = rules.cards_each
        held = [mask_of(deck[i * each:(i + 1) * each]) for i in range(rules.players)]
        direction = rules.pass_direction(number)
        hand = cls._start_position(rules, held, direction, number=number, seed=seed)
        deal_event = Event("deal", "setup.deal", facts={
            "players": rules.players, "cards_each": each, "stripped": rules.stripped, "number": number,
        })
        events: tuple[Event, ...] = (deal_event,)
        if direction is None:
            events += (Event("no-pass", "pass.rotation", facts={"number": number}),)
        return hand._replace(events=events)

    @classmethod
    def from_cards(
        cls,
        rules: Rules,
        hands: Sequence[Iterable[str | Card]],
        pass_direction: PassDirection | None = None,
        *,
        leader: int | None = None,
        trick: Iterable[str | Card] = (),
        taken: Sequence[Iterable[str | Card]] | None = None,
        number: int = 0,
    ) -> Hand:
        """Set up a position directly, e.g. for a lesson.

        With ``pass_direction`` the hand starts in the pass phase; without, in
        the play phase. For a position later in the hand, give the cards each
        seat has already ``taken`` in tricks, the ``leader`` of the trick on the
        table and the ``trick`` cards played to it so far. Every card in play
        must be somewhere; hearts are broken if a heart (or the Black Maria) is
        already out.
        """
        if not isinstance(hands, Sequence) or len(hands) != rules.players:
            count = len(hands) if isinstance(hands, Sequence) else hands
            raise BadPosition(f"hands must list {rules.players} hands, one per seat, not {count!r}")
        held = [_mask_checked(cards, f"seat {seat}'s hand") for seat, cards in enumerate(hands)]
        taken_masks = [0] * rules.players
        if taken is not None:
            if not isinstance(taken, Sequence) or len(taken) != rules.players:
                raise BadPosition(f"taken must list {rules.players} piles, one per seat")
            taken_masks = [_mask_checked(cards, f"seat {seat}'s taken cards") for seat, cards in enumerate(taken)]
        trick_cards = tuple(parse_cards(trick))
        _check_number(number)
        return cls._start_position(rules, held, pass_direction, leader=leader, trick=trick_cards,
                                   taken=taken_masks, number=number)

    @classmethod
    def _start_position(
        cls,
        rules: Rules,
        held: list[int],
        direction: PassDirection | None,
        *,
        leader: int | None = None,
        trick: tuple[Card, ...] = (),
        taken: list[int] | None = None,
        number: int = 0,
        seed: int | None = None,
    ) -> Hand:
        """Validate a starting position and build the Hand for it."""
        players = rules.players
        taken = taken or [0] * players
        if direction is not None and direction not in PASS_OFFSETS:
            raise BadPosition(f"pass_direction must be 'left', 'right', 'across' or None, not {direction!r}")
        if direction == "across" and players != 4:
            raise BadPosition(f"passing across needs 4 players, not {players}")
        _check_partition(rules, held, taken, trick)
        taken_count = sum(m.bit_count() for m in taken)
        if taken_count % players:
            raise BadPosition(f"the taken piles hold {taken_count} cards, not a whole number of tricks")
        tricks_done = taken_count // players
        if leader is not None and (not isinstance(leader, int) or not 0 <= leader < players):
            raise BadPosition(f"leader must be a seat from 0 to {players - 1}, not {leader!r}")
        if len(trick) >= players:
            raise BadPosition(f"a trick on the table holds fewer than {players} cards, not {len(trick)}")
        if direction is not None and (tricks_done or trick):
            raise BadPosition("passing happens before the first trick: no cards may be taken or on the table")
        if direction is None:
            leader = _check_leader(rules, held, leader, trick, tricks_done)
            _check_hand_sizes(rules, held, leader, len(trick), tricks_done)
        elif any(m.bit_count() != rules.cards_each for m in held):
            raise BadPosition(f"before the pass every seat holds {rules.cards_each} cards")
        elif leader is not None:
            raise BadPosition("nobody leads during the pass: leave leader out")
        out = mask_of(trick) | _union(taken)
        broken_by = HEARTS_MASK | (QS_BIT if rules.maria_breaks_hearts else 0)
        hand = object.__new__(cls)
        hand._set(
            rules=rules, number=number, seed=seed, pass_direction=direction,
            phase="pass" if direction is not None else "play",
            _held=tuple(held), _passes=(0,) * players, _received=(0,) * players,
            leader=leader, _trick=trick, tricks=(), _taken=tuple(taken),
            hearts_broken=bool(out & broken_by), events=(), _actions=(),
            _start={
                "hands": [[c.code for c in cards_of(m)] for m in held],
                "pass_direction": direction,
                "leader": leader if (tricks_done or trick) else None,
                "trick": [c.code for c in trick],
                "taken": [[c.code for c in cards_of(m)] for m in taken],
            },
        )
        return hand

    def _set(self, **values: Any) -> None:
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def _replace(self, **changes: Any) -> Hand:
        new = object.__new__(Hand)
        for name in Hand.__slots__:
            object.__setattr__(new, name, changes[name] if name in changes else getattr(self, name))
        return new

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Hand is immutable: play() and pass_cards() return a new Hand")

    # -- reading the state ------------------------------------------------
    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat holds now, in hand order."""
        return tuple(cards_of(m) for m in self._held)

    def held(self, seat: int) -> tuple[Card, ...]:
        return cards_of(self._held[self._seat(seat)])

    @property
    def to_move(self) -> int | None:
        """The seat whose turn it is; None while passing or when the hand is done."""
        if self.phase != "play":
            return None
        assert self.leader is not None
        return (self.leader + len(self._trick)) % self.players

    @property
    def trick(self) -> Trick:
        """The trick on the table (possibly empty)."""
        return Trick(self.leader if self.leader is not None else 0, self._trick, self.players)

    @property
    def first_trick(self) -> bool:
        return not self.tricks and not any(self._taken)

    @property
    def waiting_to_pass(self) -> tuple[int, ...]:
        """Seats that have not yet passed (pass phase only)."""
        if self.phase != "pass":
            return ()
        return tuple(s for s in range(self.players) if not self._passes[s])

    def passed(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` passed this hand (empty before it passed)."""
        return cards_of(self._passes[self._seat(seat)])

    def received(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` received in the pass (empty until everyone has passed)."""
        return cards_of(self._received[self._seat(seat)])

    def taken(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` has won in tricks this hand."""
        return cards_of(self._taken[self._seat(seat)])

    def points(self) -> list[int]:
        """score.points: points taken per seat in this hand (the moon not applied)."""
        return [Rules.points_in(m) for m in self._taken]

    @property
    def points_left(self) -> int:
        """Points still in the players' hands or on the table."""
        return Rules.points_in(_union(self._held) | mask_of(self._trick))

    @property
    def moon_shooter(self) -> int | None:
        """score.moon: the seat that took every heart and the Black Maria, once the
        hand is done (None if nobody did, or if the moon is off)."""
        if self.phase != "done" or self.rules.moon == "off":
            return None
        return next((s for s, m in enumerate(self._taken) if m & POINT_CARDS == POINT_CARDS), None)

    # -- legality ---------------------------------------------------------
    def legal_moves(self) -> list[Card]:
        """The cards the player to move may play, in hand order."""
        if self.phase != "play":
            return []
        seat = self.to_move
        assert seat is not None
        led = self._trick[0].suit if self._trick else None
        return list(cards_of(legal_mask(self.rules, self._held[seat], led, self.first_trick, self.hearts_broken)))

    def explain(self, card: str | Card) -> Explanation:
        """Whether the player to move may play ``card``, and the rule that decides."""
        card = Card.parse(card)
        if self.phase == "done":
            raise WrongPhase("the hand is over: no more cards are played")
        if self.phase == "pass":
            return Explanation(True, "pass.three", "may-pass", card, None, {"direction": self.pass_direction})
        seat = self.to_move
        assert seat is not None
        if not self._held[seat] & card.bit:
            raise CardNotHeld(f"{card} is not in the hand of seat {seat}, who is to play")
        led = self._trick[0].suit if self._trick else None
        return explain_play(self.rules, self._held[seat], card, led, self.first_trick, self.hearts_broken, seat)

    # -- moves ------------------------------------------------------------
    def pass_cards(self, seat: int, cards: Iterable[str | Card]) -> Hand:
        """pass.three: ``seat`` commits three cards. When the last seat has
        passed, the cards change hands together (pass.simultaneous)."""
        seat = self._seat(seat)
        if self.phase != "pass":
            if self.pass_direction is None and self.phase == "play" and not self.tricks and not self._trick:
                raise WrongPhase("there is no pass this hand (pass.rotation): the hand starts with play")
            raise WrongPhase(f"passing is over: the hand is in the {self.phase} phase")
        if self._passes[seat]:
            raise IllegalMove(Explanation(False, "pass.simultaneous", "already-passed", None, seat,
                                          {"cards": self.passed(seat)}))
        chosen = parse_cards(cards)
        if len(chosen) != 3:
            raise IllegalMove(Explanation(False, "pass.three", "pass-three", None, seat, {"count": len(chosen)}))
        if len(set(chosen)) != 3:
            twice = next(c for c in chosen if chosen.count(c) > 1)
            raise IllegalMove(Explanation(False, "pass.three", "pass-distinct", twice, seat, {}))
        for card in chosen:
            if not self._held[seat] & card.bit:
                raise CardNotHeld(f"seat {seat} cannot pass {card}: it is not in their hand")
        assert self.pass_direction is not None
        passes = list(self._passes)
        passes[seat] = mask_of(chosen)
        target = self.rules.pass_target(seat, self.pass_direction)
        event = Event("pass", "pass.three", seat, tuple(sorted(chosen)),
                      {"direction": self.pass_direction, "to": target})
        action = {"type": "pass", "seat": seat, "cards": [c.code for c in chosen]}
        hand = self._replace(_passes=tuple(passes), events=self.events + (event,), _actions=self._actions + (action,))
        return hand._exchange() if all(passes) else hand

    def _exchange(self) -> Hand:
        """Every seat has passed: move the cards and start play."""
        assert self.pass_direction is not None
        held = list(self._held)
        received = [0] * self.players
        for seat, mask in enumerate(self._passes):
            target = self.rules.pass_target(seat, self.pass_direction)
            held[seat] &= ~mask
            received[target] = mask
        held = [h | r for h, r in zip(held, received)]
        leader = _holder(self.rules, held)
        event = Event("exchange", "pass.simultaneous", facts={"direction": self.pass_direction})
        return self._replace(_held=tuple(held), _received=tuple(received), phase="play", leader=leader,
                             events=self.events + (event,))

    def play(self, card: str | Card, seat: int | None = None) -> Hand:
        """Play ``card`` for the player to move (give ``seat`` to have the turn checked)."""
        card = Card.parse(card)
        if self.phase != "play":
            if self.phase == "pass":
                raise WrongPhase(f"cards are being passed: waiting for seat(s) "
                                 f"{', '.join(map(str, self.waiting_to_pass))} to pass before play")
            raise WrongPhase("the hand is over: no more cards are played")
        mover = self.to_move
        assert mover is not None and self.leader is not None
        if seat is not None and self._seat(seat) != mover:
            raise OutOfTurn(f"it is seat {mover}'s turn, not seat {seat}'s")
        explanation = self.explain(card)
        if not explanation.legal:
            raise IllegalMove(explanation)
        held = list(self._held)
        held[mover] &= ~card.bit
        trick = self._trick + (card,)
        events = [Event("play", explanation.rule, mover, (card,),
                        {"reason": explanation.reason, "lead": len(trick) == 1, **explanation.facts})]
        broken = self.hearts_broken
        if not broken and (card.is_heart or (card.is_black_maria and self.rules.maria_breaks_hearts)):
            broken = True
            how = "led" if len(trick) == 1 else ("followed" if card.suit is trick[0].suit else "discarded")
            events.append(Event("hearts-broken", "play.hearts-broken", mover, (card,), {"how": how}))
        changes: dict[str, Any] = {
            "_held": tuple(held), "_trick": trick, "hearts_broken": broken,
            "_actions": self._actions + ({"type": "play", "card": card.code},),
        }
        if len(trick) == self.players:
            winner, best = trick_winner(self.leader, trick, self.players)
            done = Trick(self.leader, trick, self.players, winner)
            taken = list(self._taken)
            taken[winner] |= mask_of(trick)
            events.append(Event("trick-won", "play.trick-winner", winner, trick, {
                "winning_card": best, "led_suit": trick[0].suit, "points": done.points,
                "trick_number": len(self.tricks) + self._tricks_before_count + 1,
            }))
            changes.update(_trick=(), tricks=self.tricks + (done,), _taken=tuple(taken), leader=winner)
            if not any(held):
                changes["phase"] = "done"
                points = [Rules.points_in(m) for m in taken]
                events.append(Event("hand-over", "score.points", facts={"points": points}))
                shooter = next((s for s, m in enumerate(taken) if m & POINT_CARDS == POINT_CARDS), None)
                if shooter is not None and self.rules.moon != "off":
                    events.append(Event("moon", "score.moon", shooter, facts={"rule": self.rules.moon}))
        changes["events"] = self.events + tuple(events)
        return self._replace(**changes)

    def finish(self) -> Hand:
        """Play out the rest of the hand at once when no points are left in play:
        whatever is played, nobody's score can change any more."""
        if self.phase != "play":
            raise WrongPhase(f"only a hand being played can be finished, not one in the {self.phase} phase")
        if self.points_left:
            raise HeartsError(f"{self.points_left} points are still in play: the hand must be played out")
        hand = self
        while hand.phase == "play":
            hand = hand.play(hand.legal_moves()[0])
        return hand

    @property
    def _tricks_before_count(self) -> int:
        """Tricks taken before this position was set up (``from_cards`` with ``taken``)."""
        return sum(len(t) for t in self._start["taken"]) // self.players

    # -- views ------------------------------------------------------------
    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know of this hand (for bots, the coach and the widget)."""
        return SeatView.of(self, seat)

    def visible_events(self, seat: int | None) -> tuple[Event, ...]:
        """The events ``seat`` may know of: other seats' passed cards are hidden
        (``seat=None`` hides every seat's)."""
        return tuple(e for e in self.events if e.kind != "pass" or e.seat == seat)

    def _seat(self, seat: int) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise HeartsError(f"seat must be a number from 0 to {self.players - 1}, not {seat!r}")
        return seat

    # -- records ----------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """A record from which :meth:`from_dict` rebuilds this exact state."""
        return {
            "format": HAND_FORMAT,
            "version": RECORD_VERSION,
            "rules": self.rules.to_dict(),
            "number": self.number,
            "seed": self.seed,
            "start": self._start,
            "actions": list(self._actions),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Hand:
        """Rebuild a hand from :meth:`to_json`, replaying every move through the
        rules; a malformed or tampered record raises :class:`RecordError`."""
        try:
            data = json.loads(text)
        except (TypeError, json.JSONDecodeError) as error:
            raise RecordError(f"not a JSON hand record: {error}") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> Hand:
        _check_header(data, HAND_FORMAT, ("rules", "number", "seed", "start", "actions"))
        try:
            rules = Rules.from_dict(data["rules"])
            start = data["start"]
            if not isinstance(start, dict) or set(start) != {"hands", "pass_direction", "leader", "trick", "taken"}:
                raise RecordError("start must hold hands, pass_direction, leader, trick and taken")
            hand = cls.from_cards(rules, start["hands"], start["pass_direction"], leader=start["leader"],
                                  trick=start["trick"], taken=start["taken"], number=data["number"])
            seed = data["seed"]
            if seed is not None:
                dealt = cls.deal(rules, seed, data["number"])
                if dealt._start != hand._start:
                    raise RecordError(f"the hands recorded are not the deal of seed {seed}, hand {data['number']}")
                hand = dealt
        except RecordError:
            raise
        except (HeartsError, TypeError, KeyError) as error:
            raise RecordError(f"bad hand record: {error}") from None
        return _replay(hand, data["actions"])

    def __repr__(self) -> str:
        return f"Hand.from_json({self.to_json()!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def _repr_html_(self) -> str:
        from .display import hand_html

        return hand_html(self)


def _replay(hand: Hand, actions: Any) -> Hand:
    """Apply recorded actions through the checked moves."""
    if not isinstance(actions, list):
        raise RecordError("actions must be a list")
    for number, action in enumerate(actions):
        try:
            hand = apply_action(hand, action)
        except HeartsError as error:
            raise RecordError(f"action {number} ({action!r}) cannot be replayed: {error}") from None
    return hand


def apply_action(hand: Hand, action: Any) -> Hand:
    """One recorded action: ``{"type": "pass", "seat": s, "cards": [...]}`` or
    ``{"type": "play", "card": c}``."""
    if isinstance(action, dict) and action.get("type") == "pass" and set(action) == {"type", "seat", "cards"}:
        if not isinstance(action["cards"], list):
            raise HeartsError("passed cards must be a list")
        return hand.pass_cards(action["seat"], action["cards"])
    if isinstance(action, dict) and action.get("type") == "play" and set(action) == {"type", "card"}:
        return hand.play(action["card"])
    raise HeartsError(f"unknown action {action!r}")


def _check_header(data: Any, kind: str, keys: tuple[str, ...]) -> None:
    if not isinstance(data, dict):
        raise RecordError(f"a {kind} record must be a JSON object")
    if data.get("format") != kind:
        raise RecordError(f"not a {kind} record (format is {data.get('format')!r})")
    if data.get("version") != RECORD_VERSION:
        raise RecordError(f"unsupported record version {data.get('version')!r}; this is version {RECORD_VERSION}")
    missing = [k for k in keys if k not in data]
    if missing:
        raise RecordError(f"record is missing {', '.join(missing)}")
    extra = sorted(set(data) - set(keys) - {"format", "version"})
    if extra:
        raise RecordError(f"record has unknown field(s) {', '.join(extra)}")


def _check_number(number: Any) -> None:
    if not isinstance(number, int) or isinstance(number, bool) or number < 0:
        raise HeartsError(f"the hand number must be a whole number from 0, not {number!r}")


def _mask_checked(cards: Iterable[str | Card], what: str) -> int:
    """Parse cards into a mask, refusing a card given twice."""
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise BadPosition(f"{what} must be a list of cards, not {cards!r}")
    parsed = parse_cards(cards)
    mask = mask_of(parsed)
    if mask.bit_count() != len(parsed):
        twice = next(c for c in parsed if parsed.count(c) > 1)
        raise BadPosition(f"{twice} is given twice in {what}")
    return mask


def _union(masks: Iterable[int]) -> int:
    total = 0
    for m in masks:
        total |= m
    return total


def _check_partition(rules: Rules, held: list[int], taken: list[int], trick: tuple[Card, ...]) -> None:
    """Every card in play is in exactly one place, and no stripped card appears."""
    places = [(f"seat {s}'s hand", m) for s, m in enumerate(held)]
    places += [(f"seat {s}'s taken cards", m) for s, m in enumerate(taken)]
    places.append(("the trick", mask_of(trick)))
    if len(set(trick)) != len(trick):
        raise BadPosition("a card is given twice in the trick")
    seen: dict[int, str] = {}
    for where, mask in places:
        for card in cards_of(mask):
            if card.bit & ~rules.deck_mask:
                raise BadPosition(f"{card} is not in play with {rules.players} players (setup.deal strips it)")
            if card.index in seen:
                raise BadPosition(f"{card} is given twice: in {seen[card.index]} and in {where}")
            seen[card.index] = where
    missing = rules.deck_mask & ~sum(1 << i for i in seen)
    if missing:
        names = " ".join(str(c) for c in cards_of(missing))
        raise BadPosition(f"every card in play must be placed; missing: {names}")


def _check_hand_sizes(rules: Rules, held: list[int], leader: int | None, on_table: int, tricks_done: int) -> None:
    """Seats that have played to the trick on the table hold one card fewer."""
    assert leader is not None
    size = rules.cards_each - tricks_done
    for seat, mask in enumerate(held):
        played = (seat - leader) % rules.players < on_table
        expected = size - 1 if played else size
        if mask.bit_count() != expected:
            raise BadPosition(f"seat {seat} should hold {expected} cards here, not {mask.bit_count()}")


def _check_leader(rules: Rules, held: list[int], leader: int | None, trick: tuple[Card, ...],
                  tricks_done: int) -> int:
    """The leader of the trick on the table, checked against play.first-lead."""
    first = rules.first_lead_card
    if leader is None:
        if tricks_done or trick:
            raise BadPosition("give the leader of the trick on the table when cards have been played")
        return _holder(rules, held)
    if tricks_done == 0:
        if trick and trick[0] is not first:
            raise BadPosition(f"the first trick must be led with {first} (play.first-lead), not {trick[0]}")
        if not trick and leader != _holder(rules, held):
            raise BadPosition(f"the first trick is led by seat {_holder(rules, held)}, who holds {first}, "
                              f"not by seat {leader}")
    return leader


def _holder(rules: Rules, held: Sequence[int]) -> int:
    """The seat holding the first-lead card (play.first-lead)."""
    bit = rules.first_lead_card.bit
    return next(s for s, m in enumerate(held) if m & bit)
