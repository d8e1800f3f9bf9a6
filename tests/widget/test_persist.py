"""Nothing lost: table.save() / HeartsTable.resume(), the kernel-side store a
page's "hello" finds its game in, and sealed game files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hearts_widget import HeartsTable, RecordError
from hearts_widget.widget import persist

from .conftest import act, pass_first_three, play_first_legal, send

CLIENT = "b" * 8 + "-client-id-1234"


@pytest.fixture(autouse=True)
def own_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> persist.Store:
    store = persist.Store(tmp_path)
    monkeypatch.setattr(HeartsTable, "store", store)
    monkeypatch.setattr(persist, "data_dir", lambda: tmp_path)
    monkeypatch.setattr(HeartsTable, "_claims", {})
    return store


def new_kernel() -> None:
    """What a kernel restart (or Voilà's new kernel on reload) forgets: the tables made so far."""
    HeartsTable._claims.clear()


def shown(table: HeartsTable) -> dict[str, Any]:
    """What the page shows, without the state id (which counts changes)."""
    return {k: v for k, v in table.state.items() if k != "id"}


def played_table() -> HeartsTable:
    table = HeartsTable(seed=5, pace=0.8)
    send(table, {"type": "lang", "lang": "sw"})
    send(table, {"type": "house_rules", "rules": {"moon": "self"}})
    for _ in range(30):
        act(table)
    send(table, {"type": "undo"})
    send(table, {"type": "hint"})
    send(table, {"type": "show_last_trick", "show": True})
    return table


def test_resume_shows_exactly_what_the_saved_table_showed_and_undo_still_works() -> None:
    table = played_table()
    again = HeartsTable.resume(table.save())
    assert shown(again) == shown(table)
    assert again.game == table.game and again.lang == "sw"
    assert again._session.rules.moon == "self", "the next game's house rules come back"
    assert len(again._session.undo_stack) == len(table._session.undo_stack)
    for copy in (table, again):
        send(copy, {"type": "undo"})
    assert shown(again) == shown(table), "the undo history is the same game's"


def test_a_tampered_record_is_refused_by_the_engines_checks() -> None:
    record = json.loads(played_table().save())
    record["game"]["actions"][5] = {"type": "play", "card": "QS"}
    with pytest.raises(RecordError, match="cannot be replayed"):
        HeartsTable.resume(record)
    record = json.loads(played_table().save())
    record["undo"].append([10**5, 0])
    with pytest.raises(RecordError, match="undo"):
        HeartsTable.resume(record)


@pytest.mark.parametrize("bad", [None, 7, "[]", "{" * 100_000, "x" * (persist.MAX_BYTES + 1), {"format": "x"}])
def test_what_is_not_a_saved_table_is_refused(bad: Any) -> None:
    with pytest.raises(RecordError):
        HeartsTable.resume(bad)


def test_a_page_reload_finds_the_game_again() -> None:
    table = HeartsTable(seed=9)
    send(table, {"type": "hello", "client": CLIENT})
    pass_first_three(table)
    play_first_legal(table)
    before = shown(table)
    new_kernel()
    fresh = HeartsTable(seed=9)  # a Voilà reload or a kernel restart runs the notebook again
    send(fresh, {"type": "hello", "client": CLIENT})
    assert fresh.notice["kind"] == "resumed"
    assert shown(fresh) == before
    send(fresh, {"type": "new_game"})
    assert fresh.state["phase"] == "pass" and not fresh.sheet["rows_text"]


def test_a_reload_after_the_learner_passed_and_led_the_first_trick_finds_the_game_again() -> None:
    """The learner's pass and their lead of the first trick are both made with no card played yet:
    the saved record once took the pass for the lead, and a reload then refused the game and dealt
    afresh (about one hand in five: the learner keeps the 2♣ in most passes). Seen in CI as a chance
    failure of tests/lessons/test_controls.py's reload test, whose free game is dealt at random."""
    seed = next(s for s in range(200) if "2C" in {c.code for c in HeartsTable(seed=s).game.hand.held(0)})
    table = HeartsTable(seed=seed)
    send(table, {"type": "hello", "client": CLIENT})
    send(table, {"type": "pass", "state": table.state["id"],
                 "cards": [c.code for c in table.game.hand.held(0) if c.code != "2C"][:3]})
    assert table.game.hand.to_move == 0 and table.game.hand.phase == "play"
    send(table, {"type": "play", "state": table.state["id"], "card": "2C"})
    before = shown(table)
    new_kernel()
    fresh = HeartsTable(seed=seed)
    send(fresh, {"type": "hello", "client": CLIENT})
    assert fresh.notice["kind"] == "resumed"
    assert fresh.game == table.game and shown(fresh) == before
    assert [card for _, card in fresh._session.decisions] == [card for _, card in table._session.decisions]
    again = HeartsTable.resume(table.save())
    assert again.game == table.game


def test_another_browser_and_a_table_already_played_keep_their_own_game() -> None:
    table = HeartsTable(seed=9)
    send(table, {"type": "hello", "client": CLIENT})
    pass_first_three(table)
    new_kernel()
    other = HeartsTable(seed=9)
    send(other, {"type": "hello", "client": "another-browser-0001"})
    assert other.state["phase"] == "pass", "another browser's page starts its own game"
    new_kernel()
    live = HeartsTable(seed=9)
    pass_first_three(live)
    game = live.game
    send(live, {"type": "hello", "client": CLIENT})  # JupyterLab reload: the kernel kept this table
    assert live.game == game


def test_a_cell_run_again_in_the_same_kernel_takes_the_game_over() -> None:
    old = HeartsTable(seed=4)
    send(old, {"type": "hello", "client": CLIENT})
    pass_first_three(old)
    new = HeartsTable(seed=4)  # JupyterLab: the cell run again after a reload
    send(new, {"type": "hello", "client": CLIENT})
    assert new.game == old.game and new.notice["kind"] == "resumed"
    play_first_legal(new)
    play_first_legal(old)  # the old table, still alive in the kernel, no longer saves
    new_kernel()
    again = HeartsTable(seed=4)
    send(again, {"type": "hello", "client": CLIENT})
    assert again.game == new.game


def test_tables_kept_as_different_names_keep_their_own_games() -> None:
    """keep_as: a lesson's free game is not the game of a plain table made alike, in the same browser."""
    plain, named = HeartsTable(seed=3), HeartsTable(seed=3, keep_as="lesson:basics:table")
    for table in (plain, named):
        send(table, {"type": "hello", "client": CLIENT})
    pass_first_three(named)
    new_kernel()
    plain, named = HeartsTable(seed=3), HeartsTable(seed=3, keep_as="lesson:basics:table")
    for table in (plain, named):
        send(table, {"type": "hello", "client": CLIENT})
    assert plain.state["phase"] == "pass" and named.state["phase"] == "play"
    assert named.notice["kind"] == "resumed"


def test_a_forgotten_table_starts_afresh_after_a_reload(own_store: persist.Store) -> None:
    table = HeartsTable(seed=3, keep_as="guided")
    send(table, {"type": "hello", "client": CLIENT})
    pass_first_three(table)
    table.forget()  # a lesson's Start over
    play_first_legal(table)  # no longer kept
    assert not list(own_store.folder.glob("*.json"))
    new_kernel()
    fresh = HeartsTable(seed=3, keep_as="guided")
    send(fresh, {"type": "hello", "client": CLIENT})
    assert fresh.state["phase"] == "pass"


@pytest.mark.parametrize("name", ["", 5, "x" * 101])
def test_a_bad_keep_as_name_is_refused(name: Any) -> None:
    with pytest.raises(ValueError, match="keep_as"):
        HeartsTable(keep_as=name)


@pytest.mark.parametrize("client", [None, 5, "", "short", "x" * 65, "../../etc/passwd-xxxxxxxx", "a b" * 8])
def test_a_bad_browser_id_is_ignored(client: Any, own_store: persist.Store) -> None:
    table = HeartsTable(seed=2)
    send(table, {"type": "hello", "client": client})
    pass_first_three(table)
    assert not own_store.folder.exists() or not list(own_store.folder.iterdir())


def test_the_store_holds_no_card_for_the_browser_and_is_private(own_store: persist.Store) -> None:
    table = HeartsTable(seed=2)
    send(table, {"type": "hello", "client": CLIENT})
    pass_first_three(table)
    [saved] = own_store.folder.iterdir()
    assert CLIENT not in saved.name, "files are named by a hash of the id"
    assert saved.stat().st_mode & 0o077 == 0, "only this user may read it"


def test_the_store_is_bounded(own_store: persist.Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(persist, "MAX_FILES", 3)
    for number in range(6):
        own_store.save(f"browser-number-{number:04d}", "t", {"n": number})
    assert len(list(own_store.folder.glob("*.json"))) == 3


def test_a_game_file_is_sealed_and_opens_again() -> None:
    table = played_table()
    messages: list[dict[str, Any]] = []
    table.send = lambda content, buffers=None: messages.append(content)  # type: ignore[method-assign]
    send(table, {"type": "save_file"})
    [file] = messages
    assert file["type"] == "file" and file["name"].endswith(".json")
    assert table.game.to_json()[:200] not in file["text"] and '"seed"' not in file["text"], "no card readable"
    fresh = HeartsTable(seed=1)
    send(fresh, {"type": "open_file", "text": file["text"]})
    assert fresh.notice["kind"] == "loaded" and fresh.game == table.game
    changed = json.loads(file["text"])
    changed["data"] = changed["data"][:-8] + ("A" * 8 if not changed["data"].endswith("A" * 8) else "B" * 8)
    game = fresh.game
    send(fresh, {"type": "open_file", "text": json.dumps(changed)})
    assert fresh.notice["kind"] == "load-refused" and fresh.game == game
    send(fresh, {"type": "open_file", "text": 12})
    assert fresh.notice["kind"] == "load-refused"


def test_the_page_is_welcomed_after_the_kept_game_is_on_the_table() -> None:
    """The page shows the table only once the kernel answers its hello (table.js,
    "hw-greeting"), so the answer must come after the kept game's update: a reload
    then never flashes the fresh deal the new kernel made first."""
    table = played_table()
    send(table, {"type": "hello", "client": CLIENT})
    table.save()
    new_kernel()
    fresh = HeartsTable(seed=5, pace=0.8)
    events: list[tuple[str, Any]] = []
    fresh.observe(lambda change: events.append(("state", change["new"]["id"])), names="state")
    fresh.send = lambda content, buffers=None: events.append(("send", content))  # type: ignore[method-assign]
    send(fresh, {"type": "hello", "client": CLIENT})
    assert events[-1] == ("send", {"type": "welcome"})
    assert ("state", fresh.state["id"]) in events[:-1], "the kept game reached the page before the welcome"
    assert shown(fresh) == shown(table)


@pytest.mark.parametrize("client", [CLIENT, "not a browser id", None])
def test_every_hello_is_answered_even_with_nothing_kept_or_a_bad_id(client: Any) -> None:
    table = HeartsTable(seed=1)
    sent: list[Any] = []
    table.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
    send(table, {"type": "hello", "client": client})
    assert sent == [{"type": "welcome"}]


def test_a_game_files_version_is_sealed_with_it() -> None:
    """A file whose version was changed (to make a table read it as another format) is refused."""
    sealed = json.loads(persist.seal(persist.snapshot(played_table()._session)))
    assert persist.unseal(json.dumps(sealed))["format"] == persist.TABLE_FORMAT
    for version in (99, 0, "1", None):
        with pytest.raises(RecordError, match="changed, or saved by another server|damaged"):
            persist.unseal(json.dumps({**sealed, "version": version}))


def test_a_file_too_large_to_read_is_refused_in_clear_words() -> None:
    table = HeartsTable(seed=1)
    game = table.game
    send(table, {"type": "open_file", "text": None, "bytes": 3_000_000})  # what the page sends for a 3 MB file
    assert table.notice["kind"] == "load-refused" and table.game is game
    assert "too large to be a game file: 3,000,000 bytes, at most 1,000,000" in table.notice["text"]
    assert "NoneType" not in table.notice["text"]


EXIT_RIGHT_AFTER_A_MOVE = """
import asyncio, json, sys
from pathlib import Path
from hearts_widget import HeartsTable
from hearts_widget.widget import persist

HeartsTable.store = persist.Store(Path(sys.argv[1]))

async def main():
    table = HeartsTable(seed=9, pace=0)
    table.send_intent({"type": "hello", "client": sys.argv[2], "state": table.state["id"]})
    cards = [c["code"] for c in table.hand[:3]]
    table.send_intent({"type": "pass", "cards": cards, "state": table.state["id"]})
    print(json.dumps([c["code"] for c in table.hand]))
    sys.exit(0)  # as a kernel shut down by Voilà when the page unloads, before the save's timer

asyncio.run(main())
"""


def test_a_move_just_before_the_kernel_exits_is_kept(tmp_path: Path) -> None:
    """Voilà shuts the page's kernel down as the page unloads, which can come within
    SAVE_DELAY of the learner's last move: the kernel saves that move as it exits."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", EXIT_RIGHT_AFTER_A_MOVE, str(tmp_path), CLIENT],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    hand_after_the_pass = json.loads(done.stdout.strip().splitlines()[-1])
    fresh = HeartsTable(seed=9, pace=0)
    send(fresh, {"type": "hello", "client": CLIENT})
    assert fresh.notice["kind"] == "resumed"
    assert [c["code"] for c in fresh.hand] == hand_after_the_pass
