"""What one seat may know: its own cards and everything played in the open.

Bots and the coach decide from a ``SeatView``, never from the whole ``Hand``,
so they cannot peek; the widget sends the browser the learner's view.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import Card, Suit, mask_of
from .checks import flag, optional_seat, tuple_of, whole_number
from .errors import CardNotHeld, HeartsError, WrongPhase, shown
from .explain import Event, Explanation
from .legality import explain_play
from .rules import PASS_OFFSETS, PassDirection, Rules
from .trick import Trick

if TYPE_CHECKING:
    from .hand import Hand, Phase


@dataclass(frozen=True)
class SeatView:
    """One seat's information about a hand in progress."""

    rules: Rules
    seat: int
    number: int
    phase: Phase
    pass_direction: PassDirection | None
    held: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    passed: tuple[Card, ...]
    received: tuple[Card, ...]
    waiting_to_pass: tuple[int, ...]
    to_move: int | None
    trick: Trick
    tricks: tuple[Trick, ...]
    first_trick: bool
    hearts_broken: bool
    points: tuple[int, ...]
    legal: tuple[Card, ...]
    events: tuple[Event, ...]
    # variant.cancellation.carry: cards of cancelled tricks waiting on the table for a winner.
    carried: tuple[Card, ...] = ()
    # variant.cancellation.kitty: how many cards still lie face down in the kitty.
    kitty_size: int = 0

    def __post_init__(self) -> None:
        """A view built by hand is checked field by field (:meth:`of` needs no checks)."""
        if not isinstance(self.rules, Rules):
            raise HeartsError(f"SeatView.rules must be a Rules object, not {shown(self.rules)}")
        players = self.rules.players
        whole_number(self.seat, "SeatView.seat", 0, players - 1)
        whole_number(self.number, "SeatView.number", 0)
        if self.phase not in ("pass", "play", "done") if isinstance(self.phase, str) else True:
            raise HeartsError(f"SeatView.phase must be 'pass', 'play' or 'done', not {shown(self.phase)}")
        if self.pass_direction is not None and (not isinstance(self.pass_direction, str)
                                                or self.pass_direction not in PASS_OFFSETS):
            raise HeartsError(f"SeatView.pass_direction must be 'left', 'right', 'across' or None, "
                              f"not {shown(self.pass_direction)}")
        for name in ("held", "passed", "received", "legal", "carried"):
            tuple_of(getattr(self, name), Card, f"SeatView.{name}", "cards")
        for name in ("hand_sizes", "waiting_to_pass", "points"):
            tuple_of(getattr(self, name), int, f"SeatView.{name}", "whole numbers")
        optional_seat(self.to_move, "SeatView.to_move", players)
        if not isinstance(self.trick, Trick):
            raise HeartsError(f"SeatView.trick must be a Trick, not {shown(self.trick)}")
        tuple_of(self.tricks, Trick, "SeatView.tricks", "tricks")
        flag(self.first_trick, "SeatView.first_trick")
        flag(self.hearts_broken, "SeatView.hearts_broken")
        tuple_of(self.events, Event, "SeatView.events", "events")
        whole_number(self.kitty_size, "SeatView.kitty_size", 0)

    @classmethod
    def of(cls, hand: Hand, seat: int) -> SeatView:
        """What ``seat`` may know of ``hand`` (the same as ``hand.view(seat)``)."""
        from .hand import Hand

        if not isinstance(hand, Hand):
            raise HeartsError(f"SeatView.of needs a Hand, not {shown(hand)}")
        seat = hand._seat(seat)
        view = object.__new__(cls)  # every field comes from a checked Hand: no need to check again
        view.__dict__.update(
            rules=hand.rules, seat=seat, number=hand.number, phase=hand.phase,
            pass_direction=hand.pass_direction, held=hand.held(seat),
            hand_sizes=hand._hand_sizes(), passed=hand.passed(seat),
            received=hand.received(seat), waiting_to_pass=hand.waiting_to_pass, to_move=hand.to_move,
            trick=hand.trick, tricks=hand.tricks, first_trick=hand.first_trick,
            hearts_broken=hand.hearts_broken, points=tuple(hand.points()),
            legal=tuple(hand.legal_moves()) if hand.to_move == seat else (),
            events=hand.visible_events(seat), carried=hand.carried, kitty_size=hand.kitty_size,
        )
        return view

    def _repr_html_(self) -> str:
        """In a notebook: the seat's snapshot, what this seat may see (engine.display)."""
        from .display import seat_view_html

        return seat_view_html(self)

    @property
    def led_suit(self) -> Suit | None:
        return self.trick.led_suit

    def explain(self, card: str | Card) -> Explanation:
        """Why this seat may or may not play ``card`` now (it must be this seat's turn)."""
        card = Card.parse(card)
        if self.to_move != self.seat:
            raise WrongPhase(f"it is not seat {self.seat}'s turn to play")
        if card not in self.held:
            raise CardNotHeld(f"{card} is not in the hand of seat {self.seat}")
        return explain_play(self.rules, mask_of(self.held), card, self.led_suit, self.first_trick,
                            self.hearts_broken, self.seat,
                            last_trick_carried=bool(self.tricks) and self.tricks[-1].winner is None)
