"""Undo without peeking: taking a move back after a card it led to was seen.

Undo stays free to use (it is how a learner tries the other card), but once a
move is taken back after the learner saw a card that move led to (another
seat's card, the cards received in the pass, the next hand's deal), replaying
it is no longer the same game: the learner knows what comes. From then on the
game is marked as practice on the score sheet and at the end. Undo before any
such card was seen (at a visible bot pace, before the next seat has played)
leaves the game as it was. README, "Undo", says why this rule.
"""

from __future__ import annotations

from ..engine import Event, Game
from .state import visible_history

# Events that show a seat cards it did not know: the exchange of the pass, a new
# hand's deal, the kitty; and any card played by another seat.
REVEALING = frozenset({"exchange", "deal", "kitty-taken"})


def reveals(event: Event, seat: int) -> bool:
    """Whether ``event`` shows ``seat`` a card it did not know before."""
    return event.kind in REVEALING or (event.kind == "play" and event.seat != seat)


def revealed_since(before: Game, after: Game, seat: int, open_hands: bool) -> bool:
    """Whether ``seat`` was shown, between ``before`` and ``after``, a card it did not know at ``before``."""
    known = len(visible_history(before, seat, open_hands))
    return any(reveals(event, seat) for event in visible_history(after, seat, open_hands)[known:])
