"""The Voilà lesson for everyone (issue 22) on a 390×844 phone: in the four languages, every
control is at least 24 px each way and no text is under 12 px. The test opens a lesson of its
own (on the session's shared Voilà server). axe-core on every step, before and after the
learner acts, runs in the lesson's whole walk (test_voila_lesson.py), which acts on every step."""

from __future__ import annotations

import re

from accessibility import small_things
from playwright.sync_api import Page, expect

from hearts_widget.lessons.path import STEPS
from hearts_widget.text.lessons import lesson_text
from hearts_widget.text.translate import LANGUAGES

from .conftest import SCREENSHOTS
from .walk import COUNT, SIZES, page_number, shoot

# On a phone: what is wrong with the header (taller than HEADER_PX, or the path of steps unfolded), an
# input, select or text box not whole in the window (cut off at a side), a board whose first
# row of cards, or last card, ends below the first screen (the lesson scrolled to its top: the whole
# board from its question to its last card under its step's words, a 20-card two-pack hand included),
# and a board taller than the screen from its question to its last card.
HEADER_PX = 140
PHONE_FAULTS = """([step, most]) => {
  const rect = (e) => e.getBoundingClientRect();
  const lesson = document.querySelector('.hearts-lesson');
  const top = rect(lesson).top - lesson.offsetTop;  // where the lesson's top is at scroll 0
  const faults = [];
  const header = rect(lesson.querySelector('.hearts-lesson-header'));
  if (header.height > most) faults.push(`the header is ${Math.round(header.height)} px tall`);
  if (lesson.querySelector('.hearts-lesson-path-menu')?.open) faults.push('the path of steps is unfolded');
  for (const input of lesson.querySelectorAll('input, select, textarea')) {
    const r = rect(input);
    if (!input.getClientRects().length) continue;
    if (r.left < 0 || r.right > document.documentElement.clientWidth) {
      faults.push(`${input.closest('.widget-text, .widget-dropdown, .jupyter-widgets')?.className} cut off:`
        + ` ${Math.round(r.left)}-${Math.round(r.right)} px`);
    }
  }
  const card = [...document.querySelectorAll(`.hearts-lesson-step-${step} .hearts-lesson-position .hw-hand .hw-card`)]
    .find((c) => c.getClientRects().length);
  const end = card ? Math.round(rect(card).bottom - top) : 0;
  if (end > innerHeight) faults.push(`the first row of cards ends at ${end} px`);
  const board = card?.closest('.hearts-lesson-position');
  const last = board ? Math.max(...[...board.querySelectorAll('.hw-hand .hw-card')].map((c) => rect(c).bottom)) : 0;
  if (board && last - top > innerHeight) faults.push(`the last card ends at ${Math.round(last - top)} px`);
  if (board && last - rect(board).top > innerHeight) {
    faults.push(`the board is ${Math.round(last - rect(board).top)} px from its question to its last card`);
  }
  return faults;
}"""


def test_on_a_phone_every_step_has_big_enough_controls_and_text(class_lesson_page: Page) -> None:
    """About 30-45 s: the 23 steps are each measured in four languages, walked forward in one
    language and back in the next (a step two away is built again when shown). The lesson is a
    class's (it asks the learner's name); on every step the header leaves room for the board (the
    path of steps folded into its menu), every input is whole, and every board of the step (each
    turned to) is whole on the first screen from its question to its last card (issue 35: the
    two-pack Cancellation boards ended 80-120 px below it in Tagalog and Cebuano)."""
    page = class_lesson_page
    page.set_viewport_size(SIZES["phone"])
    for turn, lang in enumerate(LANGUAGES):
        page.locator(".hearts-lesson-language select").select_option(label=LANGUAGES[lang])
        expect(page.locator(".hearts-lesson-next")).to_contain_text(lesson_text("ui.next", lang))
        forward = turn % 2 == 0
        walk = list(enumerate(STEPS, start=1))
        for index, (number, current) in enumerate(walk if forward else walk[::-1]):
            step = page.locator(f".hearts-lesson-step-{current.key}")
            expect(step).to_be_visible()
            # A board shown again fits its new width in the frame it is painted (the table's resize
            # observer, before paint), not in the instant a script first sees it shown.
            expect(step.locator(".hw-table:not(.hw-columns):visible")).to_have_count(0)
            problems = small_things(page, ".hearts-lesson") + page.evaluate(PHONE_FAULTS, [current.key, HEADER_PX])
            assert not problems, f"{lang}, step {number} ({current.key}): {problems}"
            if len(current.positions) > 1:  # every board of the step, each on a page of its own
                shown, total = page_number(step)
                by = 1 if shown == 1 else -1  # on from the first board, or back from the last
                for _ in range(total - 1):
                    step.locator(".hearts-lesson-next-board" if by == 1 else ".hearts-lesson-previous-board").click()
                    shown += by
                    expect(step.locator(COUNT)).to_have_text(re.compile(rf"^\D*{shown}\D+{total}\D*$"))
                    expect(step.locator(".hw-table:not(.hw-columns):visible")).to_have_count(0)
                    problems = page.evaluate(PHONE_FAULTS, [current.key, HEADER_PX])
                    assert not problems, f"{lang}, step {number} ({current.key}), board {shown}: {problems}"
            if lang in ("en", "sw") and current.key in ("pass", "follow-suit", "guided"):
                shoot(page, SCREENSHOTS / "a11y" / f"phone-{lang}-{number:02d}-{current.key}.png")
            if index < len(STEPS) - 1:
                page.locator(".hearts-lesson-next" if forward else ".hearts-lesson-back").click()
