"""score.winner, score.points: on the Voilà play page at the default settings, the aim of the
game and what counts as a point are on the first screen, above the hand, before the pass, in
each of the four languages."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from hearts_widget.text import LANGUAGES, ui

from .person import hand_cards, hide_settings, settings


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_a_newcomer_reads_the_aim_above_the_hand_before_the_pass(page: Page, voila_url: str, shots: Path,
                                                                 width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.goto(voila_url)
    hand_cards(page).first.wait_for(timeout=60_000)
    for lang in LANGUAGES:
        if lang != "en":  # the language menu's name is in the language shown
            settings(page).locator("select[data-key=lang]").select_option(lang)
            hide_settings(page)
        expect(page.locator(f".hw-root[lang='{lang}']")).to_be_visible()
        aim = page.get_by_test_id("aim")
        # The aim, then what counts as a point (the play page's rules: the standard game).
        expect(aim).to_have_text(f"{ui.aim_text(100, lang)} {ui.point_cards_text('standard', None, lang)}")
        expect(page.get_by_test_id("pass-prompt")).to_be_visible()
        box, hand = aim.bounding_box(), page.get_by_test_id("hand").bounding_box()
        assert box is not None and hand is not None
        assert box["y"] + box["height"] <= hand["y"], f"{lang}: the aim is above the hand"
        assert box["y"] + box["height"] <= height, f"{lang}: the aim is on the first screen, no scrolling"
        page.screenshot(path=shots / f"first-screen-aim-{lang}-{width}.png")
