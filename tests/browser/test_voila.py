"""In Voilà, like a person: pass three cards, play a whole hand, try an illegal card, see the
score, switch language mid-game; watch the bots play one card at a time; and "New game" asks
before the game in progress is lost. Tests that play through tricks without testing the pace
play at the instant pace (``instant_voila_url``); the others see the default table."""

from __future__ import annotations

from pathlib import Path

from accessibility import assert_axe_clean
from playwright.sync_api import Page, expect

from .person import (
    WAIT_MS,
    choose_and_pass,
    click_card,
    hand_cards,
    play_one_hand,
    settings,
    sheet_rows,
    state_id,
    wait_for_change,
    wait_for_my_turn,
)


def open_table(page: Page, url: str) -> None:
    page.goto(url)
    hand_cards(page).first.wait_for(timeout=60_000)


def test_a_learner_plays_a_whole_hand_in_voila(page: Page, instant_voila_url: str, shots: Path) -> None:
    open_table(page, instant_voila_url)
    play_one_hand(page, shots, "voila")
    language = settings(page).get_by_role("combobox", name="Language")
    other = next(value for value in language.locator("option").evaluate_all("os => os.map(o => o.value)")
                 if value != "en")
    language.select_option(other)
    expect(page.locator(f".hw-root[lang='{other}']")).to_be_visible()
    expect(page.locator(".hw-root")).not_to_contain_text("New game")
    assert sheet_rows(page) == 1, "switching language keeps the game"
    page.screenshot(path=shots / f"voila-6-language-{other}.png", full_page=True)


def test_the_table_fits_a_narrow_column_and_respects_reduced_motion(page: Page, voila_url: str,
                                                                    shots: Path) -> None:
    page.set_viewport_size({"width": 400, "height": 1200})
    page.emulate_media(reduced_motion="reduce")
    open_table(page, voila_url)
    expect(page.locator(".hw-root.hw-narrow")).to_be_visible()
    overflow = page.evaluate("() => { const r = document.querySelector('.hw-root');"
                             " return r.scrollWidth - r.clientWidth; }")
    assert overflow <= 1, f"the table is {overflow}px wider than its column"
    transition = page.evaluate("getComputedStyle(document.querySelector('.hw-card')).transitionDuration")
    assert transition == "0s"
    page.screenshot(path=shots / "voila-8-narrow.png", full_page=True)


def test_bots_play_one_card_at_a_time_at_the_default_pace(page: Page, voila_url: str, shots: Path) -> None:
    open_table(page, voila_url)
    pace = settings(page).get_by_role("combobox", name="Bot pace")
    assert pace.locator("option:checked").inner_text() == "One card at a time", "the default pace"
    choose_and_pass(page)
    expect(page.get_by_test_id("pass-prompt")).to_have_count(0)
    on_table = page.locator("[data-testid=trick] .hw-played")
    legal = page.locator(".hw-hand .hw-card.hw-legal")
    counts: list[int] = []
    turns = 0

    def look() -> None:
        count = on_table.count()
        if not counts or counts[-1] != count:
            counts.append(count)

    for _ in range(300):  # watch the table until the learner's second turn
        look()
        # A card may land between that look and the next question (a bot's card gives the learner
        # the turn, or completes the trick): look again once the table waits, before acting.
        if page.locator("[data-key=continue]").count():  # the completed trick waits: seen, go on
            look()
            before = state_id(page)
            page.locator("[data-key=continue]").click()
            wait_for_change(page, before)
        elif legal.count():
            look()
            turns += 1
            if turns == 2:
                break
            page.screenshot(path=shots / "voila-7-paced.png", full_page=True)
            before = state_id(page)
            click_card(legal.first)
            wait_for_change(page, before)
        page.wait_for_timeout(100)
    assert turns == 2, f"the learner's turn came twice (the table showed {counts})"
    steps = list(zip(counts, counts[1:], strict=False))
    assert all(b == a + 1 or b <= 1 for a, b in steps), f"cards arrived one at a time: {counts}"
    assert 4 in counts, f"the completed trick was seen whole: {counts}"
    assert len(steps) >= 3, f"several bot cards were each seen on their own: {counts}"


def test_switching_language_mid_hand_changes_the_words_not_the_game(page: Page, instant_voila_url: str,
                                                                    shots: Path) -> None:
    """Mid-hand, with an illegal card explained: Swahili replaces every English word
    (the card's reason, the narration, the buttons) and the cards stay where they were."""
    open_table(page, instant_voila_url)
    choose_and_pass(page, (0, 4, 8))
    illegal = page.locator(".hw-hand .hw-card.hw-illegal")
    for _ in range(17):
        page.locator(".hw-hand .hw-card.hw-legal").first.wait_for(timeout=WAIT_MS)
        if illegal.count():
            break
        before = state_id(page)
        click_card(page.locator(".hw-hand .hw-card.hw-legal").first)
        wait_for_change(page, before)
    code = illegal.first.get_attribute("data-code")
    click_card(illegal.first)
    why = page.get_by_test_id("notice")  # the kernel's verdict on the card clicked
    expect(why.locator(".hw-rule-name")).to_have_count(1)  # the rule by name; its id only with show_rule_ids
    english_why, english_story = why.inner_text(), page.get_by_test_id("narration").inner_text()
    rule_name = why.locator(".hw-rule-name").inner_text()
    held = [c.get_attribute("data-code") for c in hand_cards(page).all()]
    trick = page.get_by_test_id("trick").inner_text()

    settings(page).get_by_role("combobox", name="Language").select_option("sw")
    expect(page.locator(".hw-root[lang='sw']")).to_be_visible()
    click_card(page.locator(f".hw-hand .hw-card[data-code='{code}']"))
    expect(why.locator(".hw-rule-name")).to_have_count(1)
    expect(why.locator(".hw-rule-name")).not_to_have_text(rule_name)  # the rule's name in Kiswahili
    expect(why).not_to_contain_text("play.")
    swahili_why, swahili_story = why.inner_text(), page.get_by_test_id("narration").inner_text()
    assert swahili_why != english_why and "must follow suit" not in swahili_why
    assert swahili_story != english_story and "leads it to the first trick" not in swahili_story
    for button in ("Undo", "New game", "Hint", "Show the last trick"):
        expect(page.get_by_role("button", name=button, exact=True)).to_have_count(0)
    assert [c.get_attribute("data-code") for c in hand_cards(page).all()] == held, "the hand is unchanged"
    assert page.get_by_test_id("trick").inner_text() == trick, "the trick is unchanged"
    page.screenshot(path=shots / "voila-9-language-mid-hand-sw.png", full_page=True)


def test_hovering_or_focusing_a_card_tells_its_verdict_by_the_hand(page: Page, instant_voila_url: str) -> None:
    """A pointer over a dimmed card, or keyboard focus on any card, says there (by the hand,
    on the first screen) whether it may be played and why; nothing is played meanwhile."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_table(page, instant_voila_url)
    choose_and_pass(page)
    for _ in range(13):
        wait_for_my_turn(page)
        if page.locator(".hw-hand .hw-card.hw-illegal").count():
            break
        before = state_id(page)
        click_card(page.locator(".hw-hand .hw-card.hw-legal").first)
        wait_for_change(page, before)
    legal = page.locator(".hw-hand .hw-card.hw-legal").first
    after_legal = legal.evaluate(
        "(card) => (card.nextElementSibling || card.parentElement.firstElementChild).dataset.code")
    illegal = page.locator(f".hw-hand .hw-card.hw-illegal:not([data-code='{after_legal}'])").first
    name = (illegal.get_attribute("aria-label") or "").split(", ")[1]  # after what the card shows, "K♦"
    before, cards = state_id(page), hand_cards(page).count()
    illegal.hover()
    why = page.get_by_test_id("why")
    expect(why).to_contain_text(f"{name}: ")
    expect(why.locator(".hw-rule-name")).to_have_count(1)
    box = why.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 800, box
    expect(legal).to_be_focused()  # focus came to the first playable card
    page.keyboard.press("ArrowRight")  # the learner moves it to the next card (or round to the first)
    focused = page.evaluate("() => document.activeElement.getAttribute('aria-label')").split(", ")[1]
    expect(why).to_contain_text(f"{focused}: ")
    expect(why).not_to_contain_text(f"{name}: ")
    assert state_id(page) == before
    expect(hand_cards(page)).to_have_count(cards)


def test_new_game_asks_before_the_game_in_progress_is_lost(page: Page, voila_url: str, shots: Path) -> None:
    """Nothing played yet: "New game" deals at once. Once a pass is made it asks first, saying what
    is lost, with Keep playing focused; Escape, Keep playing, or another variant kept back all leave
    the game as it was, focus back on what was pressed; Tab and Enter start the new game; in Tagalog too."""
    open_table(page, voila_url)
    new_game = page.locator("[data-key=new]")
    dialog = page.get_by_role("alertdialog")
    before = state_id(page)
    new_game.click()  # nothing to lose: a new deal at once
    wait_for_change(page, before)
    expect(dialog).to_have_count(0)
    choose_and_pass(page)
    expect(page.locator(".hw-hand .hw-card.hw-new")).to_have_count(3)  # the cards received: the pass is done
    kept = [card.get_attribute("data-code") for card in hand_cards(page).all()]
    new_game.click()
    expect(dialog).to_be_visible()
    expect(dialog).to_have_accessible_name("Start a new game?")
    expect(dialog).to_have_accessible_description("The game in progress and its score sheet will be lost.")
    expect(dialog.get_by_role("button", name="Keep playing")).to_be_focused()
    assert_axe_clean(page, "the new game's question")
    page.screenshot(path=shots / "voila-9-new-game-question.png")
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(new_game).to_be_focused()
    page.keyboard.press("Enter")  # the keyboard alone: New game, then Keep playing
    expect(dialog.get_by_role("button", name="Keep playing")).to_be_focused()
    page.keyboard.press("Enter")
    expect(dialog).to_have_count(0)
    expect(new_game).to_be_focused()
    variant = settings(page).get_by_role("combobox", name="Variant for a new game")
    variant.select_option(label="Omnibus Hearts")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Keep playing").click()
    expect(variant).to_have_value("standard")  # the game's own variant, shown again
    expect(variant).to_be_focused()
    assert [card.get_attribute("data-code") for card in hand_cards(page).all()] == kept, "the game as it was"
    expect(page.get_by_test_id("pass-prompt")).to_have_count(0)
    settings(page).get_by_role("combobox", name="Language").select_option("tl")
    expect(page.locator(".hw-root[lang='tl']")).to_be_visible()
    new_game.click()
    expect(dialog).to_have_accessible_name("Magsimula ng bagong laro?")
    expect(dialog).to_contain_text("Mawawala ang larong kasalukuyang nilalaro")
    page.screenshot(path=shots / "voila-10-new-game-question-tl.png")
    page.keyboard.press("Tab")
    expect(dialog.get_by_role("button", name="Magsimula ng bagong laro")).to_be_focused()
    before = state_id(page)
    page.keyboard.press("Enter")
    wait_for_change(page, before)
    expect(dialog).to_have_count(0)
    expect(page.get_by_test_id("pass-prompt")).to_be_visible()  # a new game, at its first pass
    expect(hand_cards(page)).to_have_count(13)
