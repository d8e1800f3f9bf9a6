"""On a slow connection (every message from the kernel a second late, as on a busy Binder),
at the default pace (Voilà): the learner plays a card and presses Undo at once; the next
bot's card is played while the click travels, and Undo still takes the learner's card back
(it was refused before as made on an earlier table, and nothing was undone) without
marking the game practice, for the learner never saw that card."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from .person import WAIT_MS, choose_and_pass, click_card, hand_cards, state_id, wait_for_change

# Every message from the server reaches the page's scripts a second late, in order.
LATE = 1000
SLOW_CONNECTION = """(late) => {
  const Native = window.WebSocket;
  function Slow(...args) {
    const ws = new Native(...args);
    const listen = ws.addEventListener.bind(ws);
    ws.addEventListener = (type, handler, ...rest) =>
      listen(type, type === 'message' ? (event) => setTimeout(() => handler.call(ws, event), late) : handler, ...rest);
    let onmessage = null;
    Object.defineProperty(ws, 'onmessage', { get: () => onmessage, set: (handler) => { onmessage = handler; } });
    listen('message', (event) => setTimeout(() => onmessage && onmessage.call(ws, event), late));
    return ws;
  }
  Slow.prototype = Native.prototype;
  Object.assign(Slow, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
  window.WebSocket = Slow;
}"""


def test_undo_right_after_a_card_on_a_slow_connection(page: Page, voila_url: str, shots: Path) -> None:
    page.add_init_script(script=f"({SLOW_CONNECTION})({LATE})")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(voila_url)
    hand_cards(page).first.wait_for(timeout=90_000)
    choose_and_pass(page)
    for _ in range(13):  # until a bot is to play after the learner's card
        page.wait_for_function("() => document.querySelector('.hw-hand .hw-card.hw-legal, [data-key=continue]')",
                               timeout=WAIT_MS)
        before = state_id(page)
        if page.locator("[data-key=continue]").count():
            page.locator("[data-key=continue]").click()
            wait_for_change(page, before)
            continue
        count = hand_cards(page).count()
        click_card(page.locator(".hw-hand .hw-card.hw-legal").first)
        wait_for_change(page, before)
        if page.locator("[data-key=continue]").count():
            continue  # the learner's card ended the trick: nobody plays meanwhile
        page.get_by_role("button", name="Undo").click()
        expect(page.get_by_test_id("notice")).to_contain_text("Your last move was taken back", timeout=WAIT_MS)
        expect(hand_cards(page)).to_have_count(count, timeout=WAIT_MS)
        # The bot's card had not reached the page when Undo was clicked: the learner
        # never saw it, so the game is still a real one, not practice.
        expect(page.get_by_test_id("notice")).not_to_contain_text("practice")
        expect(page.get_by_test_id("practice")).to_have_count(0)
        page.screenshot(path=shots / "slow-connection-undo.png")
        return
    raise AssertionError("no bot played after the learner's card")
