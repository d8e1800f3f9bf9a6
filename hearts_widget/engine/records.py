"""JSON records of hands: what :meth:`Hand.to_json` writes and how
:meth:`Hand.from_json` reads it back.

A record holds the rules, the starting position (or the seed that deals it)
and the actions in order; reading replays every action through the checked
moves, so a tampered record (a changed card, an extra or illegal action, a
seed that does not deal the hands recorded) is refused with
:class:`RecordError` instead of producing a state the rules forbid.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .errors import HeartsError, RecordError
from .rules import Rules

if TYPE_CHECKING:
    from .hand import Hand

HAND_FORMAT = "hearts-widget.hand"
RECORD_VERSION = 1
START_KEYS = frozenset({"hands", "pass_direction", "leader", "trick", "taken"})


def hand_record(hand: Hand) -> dict[str, Any]:
    """The record from which :func:`hand_from_record` rebuilds ``hand`` exactly."""
    return {
        "format": HAND_FORMAT,
        "version": RECORD_VERSION,
        "rules": hand.rules.to_dict(),
        "number": hand.number,
        "seed": hand.seed,
        "start": hand._start,
        "actions": hand_actions(hand),
    }


def hand_actions(hand: Hand) -> list[dict[str, Any]]:
    """The moves made in ``hand`` in order: the passes, then every card played."""
    actions: list[dict[str, Any]] = [
        {"type": "pass", "seat": seat, "cards": list(codes)} for seat, codes in hand._pass_log
    ]
    played = [card for trick in hand.tricks for card in trick.cards] + list(hand._trick)
    # The cards on the table in the starting position are part of the start, not moves.
    played = played[len(hand._start["trick"]):]
    actions.extend({"type": "play", "card": card.code} for card in played)
    return actions


def loads(text: Any, what: str) -> Any:
    """Parse JSON text, refusing what is not JSON with RecordError."""
    try:
        return json.loads(text)
    except (TypeError, ValueError) as error:
        raise RecordError(f"not a JSON {what} record: {error}") from None


def dumps(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def hand_from_record(cls: type[Hand], data: Any) -> Hand:
    """Rebuild a hand from its record, replaying every action through the rules."""
    check_header(data, HAND_FORMAT, ("rules", "number", "seed", "start", "actions"))
    try:
        rules = Rules.from_dict(data["rules"])
        start = data["start"]
        keys = START_KEYS | {"kitty"} if rules.packs == 2 else START_KEYS
        if not isinstance(start, dict) or set(start) != keys:
            raise RecordError(f"start must hold exactly {', '.join(sorted(keys))}")
        hand = cls.from_cards(rules, start["hands"], start["pass_direction"], leader=start["leader"],
                              trick=start["trick"], taken=start["taken"], number=data["number"],
                              kitty=start.get("kitty", ()))
        seed = data["seed"]
        if seed is not None:
            dealt = cls.deal(rules, seed, data["number"])
            if dealt._start != hand._start:
                raise RecordError(f"the hands recorded are not the deal of seed {seed}, hand {data['number']}")
            hand = dealt
    except RecordError:
        raise
    except (ValueError, TypeError, KeyError) as error:
        raise RecordError(f"bad hand record: {error}") from None
    return replay(hand, data["actions"])


def replay(hand: Hand, actions: Any) -> Hand:
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


def check_header(data: Any, kind: str, keys: tuple[str, ...]) -> None:
    """The record is a JSON object of format ``kind``, this version, with exactly ``keys``."""
    if not isinstance(data, dict):
        raise RecordError(f"a {kind} record must be a JSON object")
    if data.get("format") != kind:
        raise RecordError(f"not a {kind} record (format is {data.get('format')!r})")
    version = data.get("version")
    if type(version) is not int or version != RECORD_VERSION:
        raise RecordError(f"unsupported record version {version!r}; this is version {RECORD_VERSION}")
    missing = [k for k in keys if k not in data]
    if missing:
        raise RecordError(f"record is missing {', '.join(missing)}")
    extra = sorted(set(data) - set(keys) - {"format", "version"}, key=str)
    if extra:
        raise RecordError(f"record has unknown field(s) {', '.join(map(str, extra))}")
