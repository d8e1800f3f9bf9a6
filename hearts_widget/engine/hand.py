"""One hand of Hearts: the deal, the pass and the tricks.

A ``Hand`` is immutable: ``play`` and ``pass_cards`` return the next state and
leave the old one as it was, so undo is keeping the old object. Every move is
checked; an illegal one raises :class:`IllegalMove` carrying the explanation.
Inside, each seat's cards are an ``int`` bitmask (see :mod:`.cards`); with two
packs (Cancellation Hearts) a second bitmask per seat holds the kinds of card
it has both copies of, so legality still works on the first mask alone.

A played card's events are made when :attr:`Hand.events` is first read, from
the hands before and after it: simulations play thousands of cards whose events
nobody reads, and a learner's table reads them after every move.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, Literal

from .cards import HEARTS_MASK, Card, cards_of, mask_of, multiset_cards, multiset_of, parse_cards
from .checks import MAX_SEED, whole_number
from .errors import BadPosition, CardNotHeld, HeartsError, IllegalMove, OutOfTurn, WrongPhase, shown
from .explain import Event, Explanation, FrozenList
from .legality import POINT_CARDS, Verdict, explain_play, judge_play, legal_mask
from .position import (
    check_number,
    check_position,
    check_two_pack_start,
    holder_of_first_lead,
    mask_checked,
    multiset_checked,
    trick_cards,
    union,
)
from .records import dumps, hand_from_record, hand_record, loads
from .rules import PassDirection, Rules
from .trick import Trick, cancellation_winner, trick_winner
from .view import SeatView

Phase = Literal["pass", "play", "done"]
# A card played: the hand it was played in, the seat, the card and the rules' verdict on it.
Move = tuple["Hand", int, Card, Verdict]

__all__ = ["Hand", "Phase", "Trick"]


class Hand:
    """The state of one hand. Build one with :meth:`deal` or :meth:`from_cards`.

    Public attributes: ``rules``, ``number`` (0 for a game's first hand),
    ``seed`` (None for a position set up with ``from_cards``),
    ``pass_direction``, ``phase``, ``leader`` (of the trick on the table),
    ``tricks`` (finished since the start), ``hearts_broken`` and ``events``.
    """

    rules: Rules
    number: int
    seed: int | None
    pass_direction: PassDirection | None
    phase: Phase
    leader: int | None
    tricks: tuple[Trick, ...]
    hearts_broken: bool
    _events: tuple[Event, ...] | None  # the events so far, once made (None: made when first read)
    _made_by: Move | None              # while _events is None: the card that made this hand
    _held: tuple[int, ...]             # each seat's cards, as bitmasks
    _passes: tuple[int, ...]           # the cards each seat has passed (0 until it passes)
    _received: tuple[int, ...]         # the cards each seat received (0 until the exchange)
    _pass_log: tuple[tuple[int, tuple[str, ...]], ...]  # (seat, card codes) in the order passed
    _trick: tuple[Card, ...]           # the cards on the table
    _taken: tuple[int, ...]            # the cards each seat has won, as bitmasks
    _tricks_before: int                # tricks taken before a from_cards position
    _start: dict[str, Any]             # the starting position, as recorded in JSON
    # Two packs only (Cancellation Hearts); a one-pack hand keeps these class defaults,
    # which keeps its attributes few and the 52-card game as fast as before.
    _held2: tuple[int, ...] = ()       # the kinds of card each seat holds twice
    _taken2: tuple[int, ...] = ()      # the kinds of card each seat has won twice
    _kitty: tuple[Card, ...] = ()      # variant.cancellation.kitty: face down until someone takes a trick
    _carried: tuple[Card, ...] = ()    # variant.cancellation.carry: cancelled tricks waiting for a winner

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise HeartsError("make a Hand with Hand.deal(rules, seed), Hand.from_cards(rules, hands) "
                          "or Hand.from_json(record)")

    # -- building -----------------------------------------------------------
    @classmethod
    def deal(cls, rules: Rules, seed: int, number: int = 0) -> Hand:
        """Strip, shuffle and deal (setup.deal). The same seed and number give the
        same cards on any machine; ``number`` (0 for the first hand) sets the pass."""
        _check_rules(rules)
        whole_number(seed, "seed", -MAX_SEED, MAX_SEED)
        check_number(number)
        deck = list(rules.deck)
        random.Random(f"hearts-widget/{seed}/{number}").shuffle(deck)
        each = rules.cards_each
        seats = range(rules.players)
        direction = rules.pass_direction(number)
        facts: dict[str, Any] = {
            "players": rules.players, "cards_each": each, "stripped": rules.stripped, "number": number,
        }
        if rules.packs == 1:
            held = [mask_of(deck[i * each:(i + 1) * each]) for i in seats]
            hand = cls._start_position(rules, held, direction, None, (), [0] * rules.players, number, seed)
            events: tuple[Event, ...] = (Event._make("deal", "setup.deal", None, (), facts),)
        else:
            piles = [multiset_of(deck[i * each:(i + 1) * each]) for i in seats]
            kitty = tuple(sorted(deck[rules.players * each:]))
            hand = cls._start_position(rules, [p[0] for p in piles], direction, None, (), [0] * rules.players,
                                       number, seed, held2=[p[1] for p in piles], kitty=kitty)
            facts.update(kitty=len(kitty), dealer=rules.dealer(number), leader=hand.leader)
            events = (Event._make("deal", "variant.cancellation.deal", None, (), facts),)
        if direction is None:
            rule = "variant.cancellation.no-pass" if rules.variant == "cancellation" else "pass.rotation"
            events += (Event._make("no-pass", rule, None, (), {"number": number}),)
        hand.__dict__["_events"] = events  # the new hand, before anyone sees it
        return hand

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
        kitty: Iterable[str | Card] = (),
    ) -> Hand:
        """Set up a position directly, e.g. for a lesson.

        With ``pass_direction`` the hand starts in the pass phase; without, in
        the play phase. For a position later in the hand, give the cards each
        seat has already ``taken`` in tricks, the ``leader`` of the trick on the
        table and the ``trick`` cards played to it so far. Every card in play
        must be somewhere; hearts are broken if a heart (or the Black Maria) is
        already out. A position that cannot occur raises :class:`BadPosition`.

        With two packs (Cancellation Hearts) a hand may list a card twice, the
        leftover cards are the ``kitty``, and only the start of a hand (before
        the first card is played) can be set up.
        """
        _check_rules(rules)
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence) or len(hands) != rules.players:
            count = len(hands) if isinstance(hands, Sequence) and not isinstance(hands, str) else hands
            raise BadPosition(f"hands must list {rules.players} hands, one per seat, not {shown(count)}")
        if rules.packs == 2:
            piles = [multiset_checked(cards, f"seat {seat}'s hand") for seat, cards in enumerate(hands)]
            taken_cards = taken is not None and any(trick_cards(p) for p in _taken_piles(taken, rules.players))
            if taken_cards or trick_cards(trick):
                raise BadPosition("in Cancellation Hearts only the start of a hand can be set up: "
                                  "deal it, or replay its moves from the start")
            check_number(number)
            return cls._start_position(rules, [p[0] for p in piles], pass_direction, leader, (),
                                       [0] * rules.players, number, held2=[p[1] for p in piles],
                                       kitty=trick_cards(kitty))
        if list(trick_cards(kitty)):
            raise BadPosition("only Cancellation Hearts (two packs) has a kitty")
        held = [mask_checked(cards, f"seat {seat}'s hand") for seat, cards in enumerate(hands)]
        taken_masks = [0] * rules.players
        if taken is not None:
            taken_masks = [mask_checked(cards, f"seat {seat}'s taken cards")
                           for seat, cards in enumerate(_taken_piles(taken, rules.players))]
        check_number(number)
        return cls._start_position(rules, held, pass_direction, leader, trick_cards(trick), taken_masks, number)

    @classmethod
    def _start_position(
        cls,
        rules: Rules,
        held: list[int],
        direction: PassDirection | None,
        leader: int | None,
        trick: tuple[Card, ...],
        taken: list[int],
        number: int,
        seed: int | None = None,
        *,
        held2: list[int] | None = None,
        kitty: tuple[Card, ...] = (),
    ) -> Hand:
        """Build the Hand for a starting position, once :func:`check_position`
        (two packs: :func:`check_two_pack_start`) accepts it."""
        players = rules.players
        held2 = held2 if held2 is not None else [0] * players
        if rules.packs == 2:
            leader = check_two_pack_start(rules, held, held2, kitty, direction, leader, number)
            tricks_done = 0
        else:
            leader, tricks_done = check_position(rules, held, direction, leader, trick, taken)
        out = mask_of(trick) | union(taken)
        breaks_hearts = POINT_CARDS if rules.maria_breaks_hearts else HEARTS_MASK
        hand = object.__new__(cls)
        hand.__dict__.update(
            rules=rules, number=number, seed=seed, pass_direction=direction,
            phase="pass" if direction is not None else "play",
            leader=leader, tricks=(), hearts_broken=bool(out & breaks_hearts), _events=(), _made_by=None,
            _held=tuple(held), _passes=(0,) * players, _received=(0,) * players, _pass_log=(),
            _trick=trick, _taken=tuple(taken), _tricks_before=tricks_done,
            _start={
                "hands": [[c.code for c in multiset_cards(m, m2)] for m, m2 in zip(held, held2, strict=True)],
                "pass_direction": direction,
                "leader": leader if (tricks_done or trick) else None,
                "trick": [c.code for c in trick],
                "taken": [[c.code for c in cards_of(m)] for m in taken],
            },
        )
        if rules.packs == 2:
            hand._start["kitty"] = [c.code for c in kitty]
            hand.__dict__.update(_held2=tuple(held2), _taken2=(0,) * players, _kitty=kitty, _carried=())
        return hand

    def _replace(self, **changes: Any) -> Hand:
        """A copy with some attributes changed (the old state stays as it was)."""
        new = object.__new__(Hand)
        values = new.__dict__
        values.update(self.__dict__)
        values.update(changes)
        return new

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Hand is immutable: play() and pass_cards() return a new Hand")

    # -- reading the state ------------------------------------------------
    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat holds now, in hand order (with two packs a card may appear twice)."""
        if not self._held2:
            return tuple(cards_of(m) for m in self._held)
        return tuple(multiset_cards(m, m2) for m, m2 in zip(self._held, self._held2, strict=True))

    def _hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds (counted on the bitmasks, for :class:`SeatView`)."""
        if not self._held2:
            return tuple([m.bit_count() for m in self._held])
        return tuple([m.bit_count() + m2.bit_count() for m, m2 in zip(self._held, self._held2, strict=True)])

    def held(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds now, in hand order (with two packs a card may appear twice)."""
        seat = self._seat(seat)
        if not self._held2:
            return cards_of(self._held[seat])
        return multiset_cards(self._held[seat], self._held2[seat])

    @property
    def kitty_size(self) -> int:
        """variant.cancellation.kitty: cards of the kitty still face down (0 once taken)."""
        return len(self._kitty)

    @property
    def carried(self) -> tuple[Card, ...]:
        """variant.cancellation.carry: the cards of cancelled tricks waiting for the
        next trick's winner (they stay on the table, in the open)."""
        return self._carried

    @property
    def to_move(self) -> int | None:
        """The seat whose turn it is; None while passing or when the hand is done."""
        if self.phase != "play":
            return None
        return (self.leader + len(self._trick)) % self.rules.players  # type: ignore[operator]

    @property
    def trick(self) -> Trick:
        """The trick on the table (possibly empty)."""
        return Trick._make(self.leader if self.leader is not None else 0, self._trick, self.rules.players,
                           None, self.rules)

    @property
    def first_trick(self) -> bool:
        """True until the first trick of the hand is complete."""
        return not self.tricks and not self._tricks_before

    @property
    def waiting_to_pass(self) -> tuple[int, ...]:
        """Seats that have not yet passed (pass phase only)."""
        if self.phase != "pass":
            return ()
        return tuple(s for s in range(self.rules.players) if not self._passes[s])

    def passed(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` passed this hand (empty before it passed)."""
        return cards_of(self._passes[self._seat(seat)])

    def received(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` received in the pass (empty until everyone has passed)."""
        return cards_of(self._received[self._seat(seat)])

    def taken(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` has won in tricks this hand (the kitty included)."""
        seat = self._seat(seat)
        if not self._taken2:
            return cards_of(self._taken[seat])
        return multiset_cards(self._taken[seat], self._taken2[seat])

    def taken_before(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` had already taken when a prepared position (``from_cards``)
        began: counted in :meth:`points` and :meth:`taken`, in none of :attr:`tricks`."""
        return tuple(parse_cards(self._start["taken"][self._seat(seat)]))

    def points(self) -> list[int]:
        """score.points: points taken per seat in this hand, as the variant counts
        them (the moon not applied)."""
        return _points(self.rules, self._taken, self._taken2)

    def bonus_points(self) -> list[int]:
        """variant.omnibus.moon: the bonus card's points per seat (all 0 outside Omnibus),
        which a seat keeps even when someone shoots the moon."""
        bonus = self.rules.bonus
        return [(-10 if bonus is not None and m & bonus.bit else 0) for m in self._taken]

    @property
    def points_left(self) -> int:
        """Points still in the players' hands, on the table or in the kitty (the
        Omnibus bonus counted by its size, so 0 means no score can change any more)."""
        rules = self.rules
        if rules.packs == 1:
            return rules.score(union(self._held) | mask_of(self._trick), magnitude=True)
        return rules.points_per_hand - sum(self.points())

    @property
    def moon_shooter(self) -> int | None:
        """score.moon: the seat that took every heart and the Black Maria (every copy,
        and in Omnibus with moon_needs_bonus the bonus card too), once the hand is
        done (None if nobody did, or if the moon is off)."""
        if self.phase != "done" or self.rules.moon == "off":
            return None
        return _shooter(self.rules, self._taken, self._taken2)

    # -- legality ---------------------------------------------------------
    def legal_moves(self) -> list[Card]:
        """The cards the player to move may play, in hand order."""
        if self.phase != "play":
            return []
        trick = self._trick
        seat = (self.leader + len(trick)) % self.rules.players  # type: ignore[operator]
        led = trick[0].suit if trick else None
        first = not self.tricks and not self._tricks_before
        return list(cards_of(legal_mask(self.rules, self._held[seat], led, first, self.hearts_broken)))

    def explain(self, card: str | Card) -> Explanation:
        """Whether the player to move may play ``card``, and the rule that decides.
        In the pass phase: any three cards may be passed (pass.three)."""
        card = Card.parse(card)
        if self.phase == "done":
            raise WrongPhase("the hand is over: no more cards are played")
        if self.phase == "pass":
            if not card.bit & self.rules.deck_mask:
                raise CardNotHeld(f"{card} is not in play with {self.rules.players} players (setup.deal strips it)")
            return Explanation(True, "pass.three", "may-pass", card, None, {"direction": self.pass_direction})
        seat = self.to_move
        assert seat is not None
        if not self._held[seat] & card.bit:
            raise CardNotHeld(f"{card} is not in the hand of seat {seat}, who is to play")
        return self._explain(seat, card)

    def _explain(self, seat: int, card: Card) -> Explanation:
        trick = self._trick
        return explain_play(self.rules, self._held[seat], card, trick[0].suit if trick else None,
                            not self.tricks and not self._tricks_before, self.hearts_broken, seat,
                            last_trick_carried=self._last_trick_carried)

    @property
    def _last_trick_carried(self) -> bool:
        """variant.cancellation.carry: nobody won the last trick, so its leader leads again."""
        return bool(self.tricks) and self.tricks[-1].winner is None

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
        if isinstance(cards, (bytes, bytearray)) or not isinstance(cards, Iterable):
            raise HeartsError(f"the cards to pass must be a list of three cards, not {shown(cards)}")
        chosen = parse_cards(cards)
        if len(chosen) != 3:
            raise IllegalMove(Explanation(False, "pass.three", "pass-three", None, seat, {"count": len(chosen)}))
        mask = mask_of(chosen)
        if mask.bit_count() != 3:
            twice = next(c for c in chosen if chosen.count(c) > 1)
            raise IllegalMove(Explanation(False, "pass.three", "pass-distinct", twice, seat, {}))
        if mask & ~self._held[seat]:
            card = next(c for c in chosen if not self._held[seat] & c.bit)
            raise CardNotHeld(f"seat {seat} cannot pass {card}: it is not in their hand")
        assert self.pass_direction is not None
        passes = list(self._passes)
        passes[seat] = mask
        target = self.rules.pass_target(seat, self.pass_direction)
        event = Event._make("pass", "pass.three", seat, cards_of(mask),
                            {"direction": self.pass_direction, "to": target})
        hand = self._replace(_passes=tuple(passes), _events=self.events + (event,),
                             _pass_log=self._pass_log + ((seat, tuple([c.code for c in chosen])),))
        return hand._exchange() if all(passes) else hand

    def _exchange(self) -> Hand:
        """Every seat has passed: move the cards and start play."""
        assert self.pass_direction is not None
        held = list(self._held)
        received = [0] * self.rules.players
        for seat, mask in enumerate(self._passes):
            held[seat] &= ~mask
            received[self.rules.pass_target(seat, self.pass_direction)] = mask
        held = [h | r for h, r in zip(held, received, strict=True)]
        event = Event._make("exchange", "pass.simultaneous", None, (), {"direction": self.pass_direction})
        return self._replace(_held=tuple(held), _received=tuple(received), phase="play",
                             leader=holder_of_first_lead(self.rules, held), _events=self.events + (event,))

    def play(self, card: str | Card, seat: int | None = None) -> Hand:
        """Play ``card`` for the player to move (give ``seat`` to have the turn checked)."""
        if card.__class__ is not Card:
            card = Card.parse(card)
        if self.phase != "play":
            if self.phase == "pass":
                raise WrongPhase(f"cards are being passed: waiting for seat(s) "
                                 f"{', '.join(map(str, self.waiting_to_pass))} to pass before play")
            raise WrongPhase("the hand is over: no more cards are played")
        rules = self.rules
        leader: int = self.leader  # type: ignore[assignment]
        trick = self._trick
        mover = (leader + len(trick)) % rules.players
        if seat is not None and self._seat(seat) != mover:
            raise OutOfTurn(f"it is seat {mover}'s turn, not seat {seat}'s")
        if not self._held[mover] & card.bit:
            raise CardNotHeld(f"{card} is not in the hand of seat {mover}, who is to play")
        verdict = judge_play(rules, self._held[mover], card, trick[0].suit if trick else None,
                             not self.tricks and not self._tricks_before, self.hearts_broken,
                             last_trick_carried=not trick and self._last_trick_carried)
        legal, rule, reason, facts = verdict
        if not legal:
            raise IllegalMove(Explanation(legal, rule, reason, card, mover, facts))
        return self._next(mover, card, verdict)

    def _next(self, mover: int, card: Card, verdict: Verdict) -> Hand:
        """The hand after ``mover`` plays ``card``, which the rules' ``verdict`` allows.
        The card's events are made when :attr:`events` is read (the new hand keeps
        the move), except at the end of a Cancellation trick, which makes them at once."""
        rules = self.rules
        leader: int = self.leader  # type: ignore[assignment]
        held = list(self._held)
        held2 = self._held2
        if held2 and held2[mover] & card.bit:  # two packs: the seat keeps its other copy
            held2 = tuple(m & ~card.bit if s == mover else m for s, m in enumerate(held2))
        else:
            held[mover] &= ~card.bit
        trick = self._trick + (card,)
        # play.hearts-broken: a heart breaks hearts, and so does the Black Maria if the rules say so.
        broken = self.hearts_broken or bool(card.bit & POINT_CARDS) and (card.is_heart or rules.maria_breaks_hearts)
        ends_trick = len(trick) == rules.players
        if ends_trick and rules.packs == 2:
            events = self._card_events(mover, card, verdict, broken)
            return self._end_two_pack_trick(held, held2, trick, broken, events)
        # The new hand's attributes are filled in one by one before anyone sees it
        # (as _replace does, without its dict of changes: this is the move made most).
        hand = object.__new__(Hand)
        state = hand.__dict__
        state.update(self.__dict__)
        state["_held"] = tuple(held)
        state["_held2"] = held2
        state["hearts_broken"] = broken
        state["_events"] = None
        state["_made_by"] = (self, mover, card, verdict)
        if not ends_trick:
            state["_trick"] = trick
            return hand
        winner, _ = trick_winner(leader, trick, rules.players)
        taken = list(self._taken)
        taken[winner] |= mask_of(trick)
        state["_trick"] = ()
        state["tricks"] = self.tricks + (Trick._make(leader, trick, rules.players, winner, rules),)
        state["_taken"] = tuple(taken)
        state["leader"] = winner
        if not any(held):
            state["phase"] = "done"
        return hand

    @property
    def events(self) -> tuple[Event, ...]:
        """Everything that happened in this hand so far, in order (see :class:`Event`)."""
        if self._events is None:
            self._make_events()
        return self._events  # type: ignore[return-value]

    def _make_events(self) -> None:
        """Make the events of the cards played since they were last read, oldest
        first, each read off the hands before and after the card; keep them in
        each hand (``_events``, a cache: the hand's state does not change) and
        drop its link to the hand before, which may then be freed. Safe when two
        threads read at once: ``_events`` is set before ``_made_by`` is cleared."""
        waiting: list[tuple[Hand, Move]] = []
        hand = self
        while (move := hand._made_by) is not None:
            waiting.append((hand, move))
            hand = move[0]
        for hand, (before, mover, card, verdict) in reversed(waiting):
            events = before._card_events(mover, card, verdict, hand.hearts_broken)
            if not hand._trick:  # the card ended the trick (one pack: see _next)
                events += hand._trick_won_events()
            hand.__dict__.update(_events=before._events + tuple(events), _made_by=None)  # type: ignore[operator]

    def _card_events(self, mover: int, card: Card, verdict: Verdict, broken: bool) -> list[Event]:
        """play (with the rule and reason of the ``verdict``) when ``mover`` plays
        ``card`` in this hand, and play.hearts-broken if hearts are ``broken`` after it
        and were not before."""
        _, rule, reason, facts = verdict
        trick = self._trick
        events = [Event._make("play", rule, mover, (card,), {"reason": reason, "lead": not trick, **facts})]
        if broken and not self.hearts_broken:
            how = "led" if not trick else ("followed" if card.suit is trick[0].suit else "discarded")
            events.append(Event._make("hearts-broken", "play.hearts-broken", mover, (card,),
                                      {"how": how, "unlocks_hearts_lead": self.rules.hearts_must_be_broken}))
        return events

    def _trick_won_events(self) -> list[Event]:
        """play.trick-winner, read off this hand just after a one-pack trick ended (with
        Omnibus's bonus card taken, and at the end of the hand the score)."""
        rules = self.rules
        done = self.tricks[-1]
        winner: int = done.winner  # type: ignore[assignment]
        events = [Event._make("trick-won", "play.trick-winner", winner, done.cards, {
            "winning_card": done.card_of(winner), "led_suit": done.cards[0].suit,
            "points": rules.score(mask_of(done.cards)), "trick_number": len(self.tricks) + self._tricks_before,
            "tricks": rules.cards_each,
        })]
        bonus = rules.bonus
        if bonus is not None and bonus in done.cards:
            events.append(Event._make("bonus", "variant.omnibus.bonus", winner, (bonus,), {"points": -10}))
        if self.phase == "done":
            events += self._hand_over_events(self._taken, self._taken2)
        return events

    def _hand_over_events(self, taken: Sequence[int], taken2: Sequence[int]) -> list[Event]:
        """score.points and score.moon at the end of the hand."""
        rules = self.rules
        points = FrozenList(_points(rules, taken, taken2))
        events = [Event._make("hand-over", "score.points", None, (), {"points": points})]
        shooter = _shooter(rules, taken, taken2)
        if shooter is not None and rules.moon != "off":
            facts: dict[str, Any] = {"rule": rules.moon}
            if rules.variant != "standard":
                facts.update(variant=rules.variant, points=rules.moon_points, bonus=rules.moon_needs_bonus)
            events.append(Event._make("moon", "score.moon", shooter, (), facts))
        return events

    def _end_two_pack_trick(self, held: list[int], held2: tuple[int, ...], trick: tuple[Card, ...],
                            broken: bool, events: list[Event]) -> Hand:
        """variant.cancellation.cancel and .carry: cancel twin cards of the suit led; the
        highest card left wins the trick with any carried cards (and the kitty, if
        still face down); if none is left the trick is carried, on the last trick
        to its leader. ``events``: those of the trick's last card; the trick's own
        follow, all made at once (the cancelling decides them)."""
        rules = self.rules
        leader: int = self.leader  # type: ignore[assignment]
        number = len(self.tricks) + 1
        winner, best, cancelled = cancellation_winner(leader, trick, rules.players)
        seats = Trick(leader, trick, rules.players).seats
        for card in cancelled:
            events.append(Event._make("cancelled", "variant.cancellation.cancel", None, (card, card), {
                "card": card, "seats": FrozenList(s for s, c in zip(seats, trick, strict=True) if c is card)}))
        last = not any(held)
        if winner is None and not last:
            carried = self._carried + trick
            events.append(Event._make("trick-carried", "variant.cancellation.carry", leader, trick, {
                "trick_number": number, "led_suit": trick[0].suit, "waiting": len(carried),
                "points": rules.score(*multiset_of(carried)),
            }))
            done = Trick(leader, trick, rules.players, None, rules, carried=True)
            return self._replace(_held=tuple(held), _held2=held2, _trick=(), hearts_broken=broken,
                                 tricks=self.tricks + (done,), _carried=carried, _events=self.events + tuple(events),
                                 _made_by=None)
        if winner is None:
            winner = leader
            events.append(Event._make("last-trick-to-leader", "variant.cancellation.carry", leader, trick, {
                "trick_number": number, "points": rules.score(*multiset_of(trick))}))
        else:
            facts: dict[str, Any] = {"winning_card": best, "led_suit": trick[0].suit,
                                     "points": rules.score(*multiset_of(trick)), "trick_number": number,
                                     "tricks": rules.cards_each}
            if cancelled:
                facts["cancelled"] = FrozenList(cancelled)
            events.append(Event._make("trick-won", "play.trick-winner", winner, trick, facts))
        if self._carried:
            events.append(Event._make("carried-taken", "variant.cancellation.carry", winner, self._carried, {
                "points": rules.score(*multiset_of(self._carried))}))
        if self._kitty:
            events.append(Event._make("kitty-taken", "variant.cancellation.kitty", winner, self._kitty, {
                "count": len(self._kitty), "points": rules.score(*multiset_of(self._kitty))}))
        once, twice = self._taken[winner], self._taken2[winner]
        for card in trick + self._carried + self._kitty:
            if once & card.bit:
                twice |= card.bit
            else:
                once |= card.bit
        taken = tuple(once if s == winner else m for s, m in enumerate(self._taken))
        taken2 = tuple(twice if s == winner else m for s, m in enumerate(self._taken2))
        done = Trick(leader, trick, rules.players, winner, rules)
        phase = self.phase
        if last:
            phase = "done"
            events += self._hand_over_events(taken, taken2)
        return self._replace(_held=tuple(held), _held2=held2, _trick=(), hearts_broken=broken,
                             tricks=self.tricks + (done,), _taken=taken, _taken2=taken2, _carried=(), _kitty=(),
                             leader=winner, phase=phase, _events=self.events + tuple(events), _made_by=None)

    def finish(self) -> Hand:
        """Play out the rest of the hand at once when no points are left in play:
        whatever is played, nobody's score can change any more."""
        if self.phase != "play":
            raise WrongPhase(f"only a hand being played can be finished, not one in the {self.phase} phase")
        if self.points_left:
            raise HeartsError(f"{self.points_left} points are still in play: the hand must be played out")
        if self._carried or self._kitty:
            raise HeartsError("cards of a cancelled trick or the kitty still wait for a winner: "
                              "the hand must be played out")
        hand = self
        while hand.phase == "play":
            hand = hand.play(hand.legal_moves()[0])
        return hand

    # -- views ------------------------------------------------------------
    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know of this hand (for bots, the coach and the widget)."""
        return SeatView.of(self, seat)

    def visible_events(self, seat: int | None) -> tuple[Event, ...]:
        """The events ``seat`` may know of: other seats' passed cards are hidden
        (``seat=None`` hides every seat's), and so is the kitty another seat took
        (its size stays known)."""
        if seat is not None:
            seat = self._seat(seat)
        return tuple([
            Event._make("kitty-taken", e.rule, e.seat, (), {"count": e.facts["count"]})
            if e.kind == "kitty-taken" and e.seat != seat else e
            for e in self.events if e.kind != "pass" or e.seat == seat
        ])

    def _seat(self, seat: int) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.rules.players:
            raise HeartsError(f"seat must be a number from 0 to {self.rules.players - 1}, not {shown(seat)}")
        return seat

    # -- records ----------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """A record from which :meth:`from_dict` rebuilds this exact state."""
        return hand_record(self)

    def to_json(self) -> str:
        return dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str) -> Hand:
        """Rebuild a hand from :meth:`to_json`, replaying every move through the
        rules; a malformed or tampered record raises :class:`RecordError`."""
        return cls.from_dict(loads(text, "hand"))

    @classmethod
    def from_dict(cls, data: Any) -> Hand:
        return hand_from_record(cls, data)

    def __repr__(self) -> str:
        """Python that rebuilds the hand (``Hand.from_json(...)``), every move included."""
        return f"Hand.from_json({self.to_json()!r})"

    def __str__(self) -> str:
        """A short picture of the position: the seats' cards by suit and points, and the trick."""
        from .display import hand_text

        return hand_text(self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def _repr_html_(self) -> str:
        from .display import hand_html

        return hand_html(self)


def _points(rules: Rules, taken: Sequence[int], taken2: Sequence[int]) -> list[int]:
    """score.points per seat, as the variant counts them (``taken2`` empty with one pack)."""
    if not taken2:
        return [rules.score(m) for m in taken]
    return [rules.score(m, m2) for m, m2 in zip(taken, taken2, strict=True)]


def _shooter(rules: Rules, taken: Sequence[int], taken2: Sequence[int]) -> int | None:
    """score.moon: the seat whose taken cards hold every heart and the Black Maria
    (every copy of them, and in Omnibus with moon_needs_bonus the bonus card)."""
    needed = rules.moon_cards
    for seat, mask in enumerate(taken):
        if mask & needed == needed and (rules.packs == 1 or taken2[seat] & needed == needed):
            return seat
    return None


def _taken_piles(taken: Any, players: int) -> Sequence[Any]:
    """``taken`` for from_cards: one pile of cards per seat."""
    if isinstance(taken, (str, bytes)) or not isinstance(taken, Sequence) or len(taken) != players:
        raise BadPosition(f"taken must list {players} piles, one per seat, not {shown(taken)}")
    return taken


def _check_rules(rules: Any) -> None:
    if not isinstance(rules, Rules):
        raise HeartsError(f"rules must be a Rules object, like Rules(players=4), not {shown(rules)}")
