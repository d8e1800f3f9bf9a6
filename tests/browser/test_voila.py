"""In Voilà, like a person: pass three cards, play a whole hand, try an illegal card, see the score."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

from .person import play_one_hand


def test_a_learner_plays_a_whole_hand_in_voila(page: Page, voila_url: str, shots: Path) -> None:
    page.goto(voila_url)
    page.locator(".hw-hand .hw-card").first.wait_for(timeout=60_000)
    play_one_hand(page, shots, "voila")
