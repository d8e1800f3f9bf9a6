"""Nothing lost in a browser: a reload in Voilà, and a reload and a kernel
restart in JupyterLab, bring back the same game; a dead kernel says so; the
browser's storage and the messages it receives hold no hidden card."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

from playwright.sync_api import Page, expect

from hearts_widget import Game

from .lab import KERNEL_START_MS, run_all_when_idle
from .launcher import RENDER_MS, Launcher, local_only, open_playable
from .person import (
    WAIT_MS,
    choose_and_pass,
    click_card,
    hand_cards,
    settings,
    sheet_rows,
    state_id,
    wait_for_change,
)


def what_is_shown(page: Page) -> dict[str, object]:
    return {"hand": [c.get_attribute("data-code") for c in hand_cards(page).all()],
            "trick": page.get_by_test_id("trick").inner_text(), "rows": sheet_rows(page),
            "lang": page.locator(".hw-root").get_attribute("lang")}


# Each hand a person could see from the page's first frame on (cards drawn but not yet
# shown, until the kernel has answered the page's hello, are not seen).
WATCH_HANDS = """(() => {
  window.handsSeen = [];
  const look = () => {
    const cards = [...document.querySelectorAll('.hw-hand .hw-card')]
      .filter((card) => card.checkVisibility({ visibilityProperty: true, opacityProperty: true }));
    const hand = cards.map((card) => card.dataset.code).join(' ');
    if (hand && !window.handsSeen.includes(hand)) window.handsSeen.push(hand);
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})()"""


def play_a_little(page: Page) -> None:
    """Three cards passed, one card played, then Swahili."""
    choose_and_pass(page)
    legal = page.locator(".hw-hand .hw-card.hw-legal")
    legal.first.wait_for(timeout=WAIT_MS)
    before = state_id(page)
    click_card(legal.first)
    wait_for_change(page, before)
    # At the default pace the bots answer one card at a time: wait until the table
    # waits for the learner again (their card, or a completed trick to continue from).
    page.wait_for_function(
        "() => document.querySelector('.hw-hand .hw-card.hw-legal, [data-key=continue], .hw-dialog')",
        timeout=WAIT_MS)
    settings(page).get_by_role("combobox", name="Language").select_option("sw")
    expect(page.locator(".hw-root[lang='sw']")).to_be_visible()


def hidden_cards(data_dir: Path) -> set[str]:
    """The other seats' unknown cards in the game the kernel saved (the test may look; the page may not)."""
    [saved] = (data_dir / "hearts-widget" / "tables").glob("*.json")
    record = json.loads(saved.read_text())["game"]
    game = Game.from_dict(record)
    passed = {code for action in record["actions"] if action["type"] == "pass" and action["seat"] == 0
              for code in action["cards"]}  # the learner's own pass is known to the learner
    return {card.code for seat in range(1, game.rules.players) for card in game.hand.held(seat)} - passed


def test_a_reload_in_voila_brings_back_the_same_game(page: Page, launcher: Launcher, tmp_path: Path) -> None:
    frames: list[str] = []  # what the kernel sent this game's pages
    page.on("websocket", lambda ws: ws.on("framereceived", lambda frame: frames.append(str(frame))))
    foreign = local_only(page.context, launcher.port)
    open_playable(page, launcher.url)
    play_a_little(page)
    first_page = len(frames)
    shown = what_is_shown(page)
    page.add_init_script(script=WATCH_HANDS)
    page.reload()
    hand_cards(page).first.wait_for(timeout=RENDER_MS)
    expect(page.get_by_test_id("notice")).to_be_visible(timeout=WAIT_MS)  # "your game is back"
    # Every frame since the reload showed the learner's own hand, never the fresh deal.
    hand = " ".join(shown["hand"])  # type: ignore[arg-type]
    page.wait_for_function("(hand) => window.handsSeen.includes(hand)", arg=hand, timeout=WAIT_MS)
    assert page.evaluate("window.handsSeen") == [hand]
    # The new kernel's first message is a fresh deal, thrown away once the page's hello
    # brings the saved game back: only this game's messages are checked.
    fresh = next(i for i, f in enumerate(frames) if "hw-" not in f and '"kind":"resumed"' in f.replace(" ", ""))
    frames = frames[:first_page] + frames[fresh:]
    assert what_is_shown(page) == shown
    storage = page.evaluate("JSON.stringify(Object.entries(localStorage))")
    hidden = hidden_cards(tmp_path / "home" / "data")
    assert len(hidden) >= 27, hidden
    assert not [code for code in hidden if f'"{code}"' in storage], "localStorage holds a hidden card"
    leaked = [code for code in hidden if any(f'"code":"{code}"' in f or f'"code": "{code}"' in f for f in frames)]
    assert not leaked, f"the page was sent hidden cards {leaked}"
    assert frames, "the test watched the kernel's messages"
    expect(page.locator("[data-key=new]")).to_be_visible()  # New game is one click away
    assert not foreign, foreign


def test_a_dead_kernel_says_connection_lost(page: Page, launcher: Launcher) -> None:
    open_playable(page, launcher.url)
    [kernel] = launcher.kernels()
    os.kill(kernel, signal.SIGKILL)
    page.locator(".hw-hand .hw-card").first.click()  # a click the kernel will never answer
    banner = page.get_by_test_id("connection-lost")
    expect(banner).to_be_visible(timeout=30_000)
    expect(banner).to_contain_text("reload the page to continue")
    page.screenshot(path=Path(__file__).resolve().parents[2] / "artifacts" / "screenshots" / "connection-lost.png")


def test_a_reload_and_a_kernel_restart_in_jupyterlab_bring_back_the_game(page: Page, lab_url: str) -> None:
    page.goto(lab_url)
    run_all_when_idle(page)
    play_a_little(page)
    shown = what_is_shown(page)

    page.evaluate("window.jupyterapp.commands.execute('docmanager:save')")
    expect(page.locator(".jp-mod-dirty")).to_have_count(0, timeout=WAIT_MS)
    page.reload()  # the saved outputs show the table again, from the kernel that still runs
    try:
        hand_cards(page).first.wait_for(timeout=KERNEL_START_MS)
    except Exception:
        page.screenshot(path=Path(__file__).resolve().parents[2] / "artifacts" / "screenshots" / "lab-reload.png",
                        full_page=True)
        raise
    assert what_is_shown(page) == shown, "after a reload"

    page.evaluate("async () => { const app = window.jupyterapp;"
                  " await app.shell.currentWidget.sessionContext.session.kernel.restart();"
                  " await app.commands.execute('notebook:clear-all-cell-outputs'); }")
    expect(hand_cards(page)).to_have_count(0, timeout=KERNEL_START_MS)
    run_all_when_idle(page)
    expect(page.get_by_test_id("notice")).to_be_visible(timeout=WAIT_MS)
    assert what_is_shown(page) == shown, "after a kernel restart"
