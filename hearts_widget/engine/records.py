"""JSON records of hands: what :meth:`Hand.to_json` writes and how
:meth:`Hand.from_json` reads it back.

A record holds the rules, the starting position (or the seed that deals it)
and the actions in order; reading replays every action through the checked
moves, so a tampered record (a changed card, an extra or illegal action, a
seed that does not deal the hands recorded) is refused with
:class:`RecordError` instead of producing a state the rules forbid.

A record is bounded before anything is replayed (:func:`check_record`): its
size, its nesting, the length of its texts and the size of its numbers, so a
record crafted to exhaust memory, time or the stack is refused at once. Reading
costs time linear in the record's length.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from .checks import MAX_SEED
from .errors import HeartsError, RecordError, names, shown
from .rules import Rules

if TYPE_CHECKING:
    from .hand import Hand

HAND_FORMAT = "hearts-widget.hand"
RECORD_VERSION = 1
START_KEYS = frozenset({"hands", "pass_direction", "leader", "trick", "taken"})

MAX_ACTIONS = 200_000  # moves in one record: thousands of hands, far more than a game to 100 needs
MAX_RECORD_CHARS = 8_000_000  # JSON text of a record at MAX_ACTIONS moves, with room to spare
MAX_VALUES = 1_000_000  # values (objects, lists, texts, numbers) in one record
MAX_DEPTH = 8  # lists and objects inside each other: a game record begun from a hand needs 5
MAX_TEXT = 64  # characters in one text of a record: card codes, field names, variant names


def hand_record(hand: Hand) -> dict[str, Any]:
    """The record from which :func:`hand_from_record` rebuilds ``hand`` exactly."""
    return {
        "format": HAND_FORMAT,
        "version": RECORD_VERSION,
        "rules": hand.rules.to_dict(),
        "number": hand.number,
        "seed": hand.seed,
        "start": json_copy(hand._start),
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
    """Parse JSON text, refusing with RecordError what is not JSON, or is too
    long or too deeply nested to be a record."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise RecordError(f"a {what} record is JSON text, not {shown(text)}")
    if len(text) > MAX_RECORD_CHARS:
        raise RecordError(f"a {what} record is at most {MAX_RECORD_CHARS:,} characters long, not {len(text):,}")
    import json  # here, not at the top: `import hearts_widget` need not pay for it

    try:
        return json.loads(text, parse_int=_parse_int, parse_constant=_parse_constant)
    except RecordError:
        raise
    except RecursionError:
        raise RecordError(f"a {what} record nests lists and objects at most {MAX_DEPTH} deep") from None
    except ValueError as error:  # JSONDecodeError, UnicodeDecodeError
        raise RecordError(f"not a JSON {what} record: {error}") from None


def _parse_int(digits: str) -> int:
    """A number in a record's JSON: refused when longer than any record needs (before ``int`` reads it)."""
    if len(digits) > 20:
        raise RecordError(f"a number in a record has at most 20 digits, not {len(digits):,}")
    return int(digits)


def _parse_constant(name: str) -> Any:
    raise RecordError(f"a record holds no {name}: its numbers are whole numbers")


def check_record(data: Any, what: str) -> None:
    """Refuse a record (the JSON object :func:`loads` returns, or one built in
    Python) that is bigger or more deeply nested than any record, or that holds
    a value JSON cannot: walked without recursion, so any depth is refused."""
    if not isinstance(data, dict):
        raise RecordError(f"a {what} record must be a JSON object, not {shown(data)}")
    stack: list[tuple[Any, int]] = [(data, 1)]
    count = 0
    while stack:
        value, depth = stack.pop()
        count += 1
        if count > MAX_VALUES:
            raise RecordError(f"a {what} record holds at most {MAX_VALUES:,} values")
        if isinstance(value, str):
            if len(value) > MAX_TEXT:
                raise RecordError(f"a text in a {what} record is at most {MAX_TEXT} characters, not {shown(value)}")
        elif value is None or isinstance(value, (bool, float)):
            pass  # a float where a whole number belongs is refused by that field's check, naming it
        elif isinstance(value, int):
            if not -MAX_SEED <= value <= MAX_SEED:
                raise RecordError(f"a number in a {what} record is below 2**63 in size, not {shown(value)}")
        elif isinstance(value, (dict, list, tuple)):
            if depth > MAX_DEPTH:
                raise RecordError(f"a {what} record nests lists and objects at most {MAX_DEPTH} deep")
            if isinstance(value, dict):
                for key in value:
                    if not isinstance(key, str) or len(key) > MAX_TEXT:
                        raise RecordError(f"the fields of a {what} record are short texts, not {shown(key)}")
                items: Collection[Any] = value.values()
            else:
                items = value
            if len(items) > MAX_VALUES:
                raise RecordError(f"a {what} record holds at most {MAX_VALUES:,} values")
            stack.extend((item, depth + 1) for item in items)
        else:
            raise RecordError(f"a {what} record holds only JSON values (text, numbers, true, false, "
                              f"null, lists, objects), not {shown(value)}")


def too_many_actions(actions: list[Any]) -> None:
    if len(actions) > MAX_ACTIONS:
        raise RecordError(f"a record holds at most {MAX_ACTIONS:,} actions, not {len(actions):,}")


def json_copy(value: Any) -> Any:
    """A copy of JSON data (objects and lists copied all the way down): a record
    handed out is the caller's to change."""
    if isinstance(value, dict):
        return {key: json_copy(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_copy(item) for item in value]
    return value


def dumps(record: dict[str, Any]) -> str:
    import json  # as in loads()

    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def hand_from_record(cls: type[Hand], data: Any) -> Hand:
    """Rebuild a hand from its record, replaying every action through the rules."""
    check_record(data, "hand")
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
    except HeartsError as error:
        raise RecordError(f"bad hand record: {error}") from None
    return replay(hand, data["actions"])


def replay(hand: Hand, actions: Any) -> Hand:
    """Apply recorded actions through the checked moves."""
    if not isinstance(actions, list):
        raise RecordError("actions must be a list")
    too_many_actions(actions)
    for number, action in enumerate(actions):
        try:
            hand = apply_action(hand, action)
        except HeartsError as error:
            raise RecordError(f"action {number} ({shown(action)}) cannot be replayed: {error}") from None
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
    raise HeartsError(f"unknown action {shown(action)}")


def check_header(data: Any, kind: str, keys: tuple[str, ...]) -> None:
    """The record is a JSON object of format ``kind``, this version, with exactly ``keys``."""
    if not isinstance(data, dict):
        raise RecordError(f"a {kind} record must be a JSON object, not {shown(data)}")
    if data.get("format") != kind:
        raise RecordError(f"not a {kind} record (format is {shown(data.get('format'))})")
    version = data.get("version")
    if type(version) is not int or version != RECORD_VERSION:
        raise RecordError(f"unsupported record version {shown(version)}; this is version {RECORD_VERSION}")
    missing = [k for k in keys if k not in data]
    if missing:
        raise RecordError(f"record is missing {', '.join(missing)}")
    extra = [key for key in data if key not in keys and key not in ("format", "version")]
    if extra:
        raise RecordError(f"record has unknown field(s) {names(extra)}")
