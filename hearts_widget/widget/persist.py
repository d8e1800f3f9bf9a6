"""Nothing lost: a table's whole state as a record, a kernel-side store of the
tables a browser was playing, and sealed game files.

- :func:`snapshot` / :func:`restore`: everything the table shows (the game, the
  undo history, the language, the pace, the rules of the next game, the
  coach's word, a lesson table's stop, the practice mark) as a JSON object;
  reading it replays the game through the engine's record checks
  (``Game.from_dict``), the undo history as prefixes of that same game, and the
  learner's cards kept for the hand's review and the review itself (judgements,
  the decision on display, the tries) read back against that game.
- :class:`Store`: the records of the tables a browser was playing, kept by the
  kernel in the user's data folder (``<jupyter data dir>/hearts-widget/tables``),
  one file per browser and table, named by a hash of the browser's random id,
  so the browser itself holds no card; at most :data:`MAX_FILES` files of at
  most :data:`MAX_BYTES` each, the oldest dropped first.
- :func:`seal` / :func:`unseal`: a game file the learner downloads, encrypted
  and authenticated with a key of this user's data folder, so the file does not
  show the other seats' cards and a changed file is refused.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import re
import secrets
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeGuard

from ..engine import Card, Game, HeartsError, RecordError, Rules
from ..engine.same_deal import same_deal
from .options import check_continue_after, check_lang, check_pace
from .review import Review, restore_review, review_record

if TYPE_CHECKING:
    from .session import TableSession

TABLE_FORMAT = "hearts-widget.table"
SEALED_FORMAT = "hearts-widget.sealed-table"
VERSION = 1
MAX_BYTES = 1_000_000  # a record larger than this is refused (a long game is about 40 kB)
MAX_FILES = 500  # tables kept per user; the least recently played go first
CLIENT_ID = re.compile(r"[A-Za-z0-9_-]{16,64}")
KEYS = {"format", "version", "game", "undo", "viewer", "lang", "pace", "show_last_trick", "next_rules",
        "practice", "stop_after_move", "stopped", "stop_armed", "held", "continue_after", "coach", "hint",
        "same_deal"}
# Added since version 1 (a record without them has no review kept): the learner's cards of this hand
# and the one before, each by the number of actions before it, and the review of the hand just finished.
OPTIONAL = {"decisions", "review"}


# -- the table as a record ---------------------------------------------------
def snapshot(session: TableSession) -> dict[str, Any]:
    """Everything the table shows, as a JSON object (see :func:`restore`)."""
    game = session.game
    coach = session._played_from or (session.feedback_on[0] if session.feedback_on else None)
    return {
        "format": TABLE_FORMAT, "version": VERSION,
        "game": game.to_dict(),
        "undo": [[_length(before), seat] for before, seat in session.undo_stack],
        "viewer": session.viewer,
        "lang": session.lang, "pace": session.pace, "show_last_trick": session.show_last_trick,
        "next_rules": session.rules.to_dict(),
        "practice": session.practice,
        "stop_after_move": session.stop_after_move, "stopped": session.stopped,
        "stop_armed": session._stop_armed, "held": session.held, "continue_after": session.continue_after,
        "coach": _coach_entry(session, coach) if coach is not None else None,
        "hint": session.hint_for is game,
        "same_deal": session.same_deal[0] if session.same_deal else None,
        "decisions": _decisions(session),
        "review": review_record(session.review) if session.review is not None else None,
    }


def _decisions(session: TableSession) -> list[int]:
    """Where each of the learner's cards kept for the review was played: the number of the game's
    actions before it (found in the undo history, which holds every move of the learner's). The
    learner's pass is in that history too, with no card played yet, as before their lead of the
    first trick: only a move made in the play is one of these."""
    if not session.decisions:
        return []
    first = session.decisions[0][0].number
    wanted = {(view.number, _played(view)): view for view, _ in session.decisions}
    found: dict[tuple[int, int], int] = {}
    for before, seat in session.undo_stack:
        hand = before.hand
        key = (hand.number, _played(hand))
        if hand.number >= first and hand.phase == "play" and key in wanted and seat == wanted[key].seat \
                and key not in found:
            found[key] = _length(before)
    return [found[key] for key in sorted(found)]


def _played(position: Any) -> int:
    """The cards played so far in a hand or a view."""
    return sum(len(t.cards) for t in position.tricks) + len(position.trick.cards)


def _length(game: Game) -> int:
    return len(game.to_dict()["actions"])


def _coach_entry(session: TableSession, view: Any) -> list[int] | None:
    """Where the learner's last play was made from: [actions before it, seat] (an undo entry)."""
    for before, seat in reversed(session.undo_stack):
        hand = before.hand
        if seat == view.seat and (hand.number, len(hand.tricks)) == (view.number, len(view.tricks)) \
                and hand.view(seat) == view:
            return [_length(before), seat]
    return None


def restore(session: TableSession, record: Any) -> None:
    """Put the table in the state ``record`` (of :func:`snapshot`) describes.
    The record is checked whole before anything changes: a bad one raises
    :class:`RecordError` naming what is wrong and leaves the table as it was."""
    data = _checked(record)
    players = session.options.players
    decided = data.get("decisions", [])
    states = _replay(data["game"], [entry[0] for entry in data["undo"]] + _coach_lengths(data) + decided)
    game = states[-1]
    if game.rules.players != players:
        raise RecordError(f"this table seats {players} players; the saved game has {game.rules.players}")
    seats = [_seat(entry[1], players) for entry in data["undo"]]
    undo = [(states[entry[0]], seat) for entry, seat in zip(data["undo"], seats, strict=True)]
    try:
        next_rules = Rules.from_dict(data["next_rules"])
        lang, pace = check_lang(data["lang"]), check_pace(data["pace"])
        continue_after = check_continue_after(data["continue_after"])
    except (ValueError, TypeError) as error:
        raise RecordError(f"bad table settings: {error}") from None
    if next_rules.players != players:
        raise RecordError(f"the next game's rules seat {next_rules.players} players, not {players}")
    same = None
    if data["same_deal"] is not None:
        if not game.completed:
            raise RecordError("same_deal needs a finished hand in the game")
        try:
            same = (data["same_deal"], same_deal(game.completed[-1], **data["same_deal"]))
        except (ValueError, TypeError, HeartsError) as error:
            raise RecordError(f"bad same_deal change: {error}") from None
    coach_view = None
    if data["coach"] is not None:
        length, seat = data["coach"]
        coach_view = states[length].hand.view(_seat(seat, players))
    learner = session.options.learner
    decisions = [_decision(states[length], data["game"]["actions"][length], length, learner) for length in decided]
    review = _review(session, game, decisions, data.get("review"))
    # Everything checked: change the table.
    session.game, session.undo_stack = game, undo
    session.viewer = _seat(data["viewer"], players)
    session.lang, session.pace, session.show_last_trick = lang, pace, data["show_last_trick"]
    session.rules, session.practice = next_rules, data["practice"]
    session.stop_after_move, session.stopped = data["stop_after_move"], data["stopped"]
    session._stop_armed, session.continue_after = data["stop_armed"], continue_after
    session.held = data["held"]
    session.hint_for = game if data["hint"] else None
    session.same_deal = same
    session._played_from, session.feedback_on = coach_view, None
    session.decisions, session.review = decisions, review
    session._check_trick_done()
    session.undo_changed()


def _decision(before: Game, action: Any, length: int, learner: int) -> tuple[Any, Card]:
    """A card of the learner's kept for the review: their view before it and the card, checked
    against the game (the action after ``length`` actions must be the learner's card)."""
    hand = before.hand
    if not isinstance(action, dict) or action.get("type") != "play" or hand.to_move != learner:
        raise RecordError(f"decision at action {length} is not a card the learner (seat {learner}) played")
    view = hand.view(learner)
    return view, Card.parse(action["card"])


def _review(session: TableSession, game: Game, decisions: list[tuple[Any, Card]], record: Any) -> Review | None:
    """The review of the game's last finished hand as ``record`` (of :func:`.review.review_record`)
    left it, made afresh from the game and the learner's cards; None when there is none."""
    if record is None:
        return None
    if not game.completed:
        raise RecordError("a review needs a finished hand in the game")
    hand = game.completed[-1]
    learner = session.options.learner
    review = Review(hand.number, decisions, hand if session.is_human(learner) else None, learner)
    restore_review(review, record)
    return review


def _coach_lengths(data: dict[str, Any]) -> list[int]:
    return [data["coach"][0]] if data["coach"] is not None else []


def _checked(record: Any) -> dict[str, Any]:
    """The record's fields, each of the right type (the game is checked by replaying it)."""
    if not isinstance(record, dict):
        raise RecordError("a saved table must be a JSON object")
    if record.get("format") != TABLE_FORMAT:
        raise RecordError(f"not a saved table (format is {str(record.get('format'))[:40]!r})")
    if type(record.get("version")) is not int or record["version"] != VERSION:
        raise RecordError(f"unsupported saved table version {str(record.get('version'))[:20]}; this is {VERSION}")
    if not KEYS <= set(record) <= KEYS | OPTIONAL:
        missing, extra = sorted(KEYS - set(record)), sorted(map(str, set(record) - KEYS - OPTIONAL))
        raise RecordError(f"saved table fields: missing {', '.join(missing) or 'none'}, "
                          f"unknown {', '.join(extra)[:80] or 'none'}")
    for name in ("practice", "stop_after_move", "stopped", "stop_armed", "hint", "show_last_trick"):
        if not isinstance(record[name], bool):
            raise RecordError(f"{name} must be true or false")
    if not isinstance(record["undo"], list) or not all(_pair(entry) for entry in record["undo"]):
        raise RecordError("undo must be a list of [actions, seat] pairs")
    lengths = [entry[0] for entry in record["undo"]]
    if lengths != sorted(lengths):
        raise RecordError("the undo history must go forward in the game")
    if record["coach"] is not None and not _pair(record["coach"]):
        raise RecordError("coach must be null or a pair of whole numbers")
    held = record["held"]
    if held is not None and not (type(held) is int and 0 <= held < 10**6):
        raise RecordError("held must be null or the number of a hand")
    if record["same_deal"] is not None and not (isinstance(record["same_deal"], dict)
                                                 and len(record["same_deal"]) == 1):
        raise RecordError("same_deal must be null or one change")
    decided = record.get("decisions", [])
    if not isinstance(decided, list) or not all(type(n) is int and 0 <= n < 10**6 for n in decided) \
            or decided != sorted(set(decided)):
        raise RecordError("decisions must be a list of action numbers, each once, going forward in the game")
    actions = record["game"].get("actions") if isinstance(record["game"], dict) else None
    if decided and (not isinstance(actions, list) or decided[-1] >= len(actions)):
        raise RecordError("the decisions go past the end of the game")
    return record


def _pair(value: Any) -> bool:
    return (isinstance(value, list) and len(value) == 2
            and all(type(v) is int and 0 <= v < 10**6 for v in value))


def _seat(seat: int, players: int) -> int:
    if not 0 <= seat < players:
        raise RecordError(f"seat {seat} is not at a table of {players}")
    return seat


def _replay(record: Any, lengths: list[int]) -> dict[int, Game]:
    """The game of ``record`` replayed through the engine's checks, and its state
    after each of ``lengths`` actions (``-1``: the whole game)."""
    if not isinstance(record, dict) or not isinstance(record.get("actions"), list):
        raise RecordError("the saved game must be a game record with its actions")
    actions = record["actions"]
    game = Game.from_dict({**record, "actions": []})
    wanted = set(lengths)
    if any(length > len(actions) for length in wanted):
        raise RecordError("the undo history goes past the end of the game")
    states = {0: game} if 0 in wanted else {}
    for number, action in enumerate(actions, 1):
        try:
            game = game.apply(action)
        except (HeartsError, TypeError) as error:
            raise RecordError(f"action {number - 1} ({str(action)[:60]}) cannot be replayed: {error}") from None
        if number in wanted:
            states[number] = game
    states[-1] = game
    return states


def parse(text: Any) -> Any:
    """JSON text of at most :data:`MAX_BYTES`, refused with RecordError otherwise."""
    if not isinstance(text, (str, bytes)):
        raise RecordError(f"a saved table is JSON text, not {type(text).__name__}")
    if len(text) > MAX_BYTES:
        raise too_large(len(text))
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:
        raise RecordError(f"not JSON: {str(error)[:80]}") from None


def too_large(size: int) -> RecordError:
    """The refusal of a file or record of ``size`` bytes, larger than :data:`MAX_BYTES`."""
    return RecordError(f"the file is too large to be a game file: {size:,} bytes, at most {MAX_BYTES:,}")


# -- where the kernel keeps them --------------------------------------------
def data_dir() -> Path:
    """This user's folder for saved tables (under Jupyter's data folder)."""
    try:
        from jupyter_core.paths import jupyter_data_dir

        base = Path(jupyter_data_dir())
    except ImportError:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "jupyter"
    return base / "hearts-widget"


def valid_client(client: Any) -> TypeGuard[str]:
    """A browser's id as the page makes it: 16 to 64 letters, digits, ``-`` or ``_``."""
    return isinstance(client, str) and CLIENT_ID.fullmatch(client) is not None


class Store:
    """The saved tables of this user, one file per browser and table."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = (folder or data_dir()) / "tables"

    def path(self, client: str, table: str) -> Path:
        if not valid_client(client):
            raise ValueError("a browser id is 16 to 64 letters, digits, - or _")
        name = hashlib.sha256(f"{client}\0{table}".encode()).hexdigest()[:40]
        return self.folder / f"{name}.json"

    def load(self, client: str, table: str) -> dict[str, Any] | None:
        """The saved record, or None when there is none (or it cannot be read)."""
        path = self.path(client, table)
        try:
            if path.stat().st_size > MAX_BYTES:
                return None
            return parse(path.read_text(encoding="utf-8"))
        except (OSError, RecordError, UnicodeDecodeError):
            return None

    def save(self, client: str, table: str, record: dict[str, Any]) -> None:
        text = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
        if len(text) > MAX_BYTES:
            return
        path = self.path(client, table)
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        fresh = not path.exists()
        _write_private(path, text)
        if fresh:
            self._prune()

    def forget(self, client: str, table: str) -> None:
        self.path(client, table).unlink(missing_ok=True)

    def _prune(self) -> None:
        """Keep the :data:`MAX_FILES` most recently played tables."""
        files = sorted(self.folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in files[MAX_FILES:]:
            old.unlink(missing_ok=True)


def _write_private(path: Path, text: str) -> None:
    """Write ``text`` readable by this user only, replacing ``path`` at once (no half-written file)."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".saving-")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        os.chmod(temporary, 0o600)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


# -- sealed game files ---------------------------------------------------------
def _key(folder: Path | None = None) -> bytes:
    """This user's sealing key, made once."""
    path = (folder or data_dir()) / "seal.key"
    try:
        key = path.read_bytes()
        if len(key) == 32:
            return key
    except OSError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    key = secrets.token_bytes(32)
    handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(handle, "wb") as file:
        file.write(key)
    return key


def _stream(key: bytes, nonce: bytes, size: int) -> bytes:
    return hashlib.shake_256(b"hearts-widget seal\0" + key + nonce).digest(size)


def seal(record: dict[str, Any], folder: Path | None = None) -> str:
    """The record as a file's text: encrypted (SHAKE-256 key stream) then authenticated (HMAC-SHA-256)."""
    key, nonce = _key(folder), secrets.token_bytes(16)
    plain = json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode()
    secret = bytes(a ^ b for a, b in zip(plain, _stream(key, nonce, len(plain)), strict=True))
    mac = _mac(key, VERSION, nonce, secret)
    return json.dumps({"format": SEALED_FORMAT, "version": VERSION, "nonce": base64.b64encode(nonce).decode(),
                       "data": base64.b64encode(secret).decode(), "mac": mac})


def _mac(key: bytes, version: int, nonce: bytes, secret: bytes) -> str:
    """The file's authentication: its version, nonce and encrypted record (a file's version changed is refused)."""
    return hmac.new(key, b"%d\0" % version + nonce + secret, hashlib.sha256).hexdigest()


def unseal(text: Any, folder: Path | None = None) -> Any:
    """The record inside a sealed file; a changed file, or one sealed by another user, raises RecordError."""
    outer = parse(text)
    if not isinstance(outer, dict) or outer.get("format") != SEALED_FORMAT or set(outer) != {
            "format", "version", "nonce", "data", "mac"}:
        raise RecordError("not a game file saved from a Hearts table")
    try:
        nonce, secret = base64.b64decode(outer["nonce"], validate=True), base64.b64decode(outer["data"], validate=True)
    except (ValueError, TypeError):
        raise RecordError("the game file is damaged") from None
    version = outer["version"]
    if type(version) is not int:
        raise RecordError("the game file is damaged")
    key = _key(folder)
    mac = _mac(key, version, nonce, secret)
    if not isinstance(outer["mac"], str) or not hmac.compare_digest(mac, outer["mac"]):
        raise RecordError("the game file was changed, or saved by another server")
    if version != VERSION:
        raise RecordError(f"the game file is of version {version}; this table opens version {VERSION}")
    plain = bytes(a ^ b for a, b in zip(secret, _stream(key, nonce, len(secret)), strict=True))
    return parse(plain.decode("utf-8", errors="replace"))
