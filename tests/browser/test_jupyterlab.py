"""In JupyterLab (and a Notebook 7 smoke test), like a person: run the notebook, then play."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from .lab import KERNEL_START_MS, run_all_when_idle
from .person import choose_and_pass, click_card, play_one_hand


def test_a_learner_plays_a_whole_hand_in_jupyterlab(page: Page, lab_url: str, shots: Path) -> None:
    page.goto(lab_url)
    run_all_when_idle(page)
    play_one_hand(page, shots, "lab")


def test_the_table_renders_and_plays_in_notebook_7(page: Page, notebook7_url: str, shots: Path) -> None:
    page.goto(notebook7_url)
    page.locator(".jp-Notebook").wait_for(timeout=KERNEL_START_MS)
    page.wait_for_function("window.jupyterapp !== undefined", timeout=KERNEL_START_MS)
    page.wait_for_function(
        "() => { const k = window.jupyterapp.shell.currentWidget?.sessionContext?.session?.kernel;"
        " return k && k.status === 'idle'; }", timeout=KERNEL_START_MS)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    cards = page.locator(".hw-hand .hw-card")
    cards.first.wait_for(timeout=KERNEL_START_MS)
    for index in (0, 1, 2):
        click_card(cards.nth(index))
    page.get_by_role("button", name="Pass these three cards").click()
    expect(page.locator(".hw-received")).to_contain_text("You received")
    page.screenshot(path=shots / "notebook7-play.png", full_page=True)


# Every visible text of the table against the background it is drawn on (WCAG contrast,
# semi-transparent colours blended); disabled controls and dimmed cards are meant to be faint.
LOW_CONTRAST = """() => {
  const parse = (text) => {
    const v = (text.match(/[\\d.]+/g) || []).map(Number);
    return [...v.slice(0, 3), v.length > 3 ? v[3] : 1];
  };
  const blend = (top, under) => top.slice(0, 3).map((c, i) => c * top[3] + under[i] * (1 - top[3]));
  const background = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c[3] > 0) { layers.push(c); if (c[3] >= 0.99) break; }
    }
    return layers.reverse().reduce((under, layer) => blend(layer, under), [255, 255, 255]);
  };
  const luminance = (rgb) => {
    const [r, g, b] = rgb.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const low = [];
  let checked = 0;
  for (const el of document.querySelectorAll('.hw-root *')) {
    if (![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    if (el.closest('.hw-visually-hidden, [disabled], .hw-illegal, svg, option, select')) continue;
    if (!el.getClientRects().length) continue;
    const bg = background(el);
    const fg = blend(parse(getComputedStyle(el).color), bg);
    const [a, b] = [luminance(fg), luminance(bg)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    checked += 1;
    if (ratio < 4.5) {
      low.push(`${el.className || el.tagName} "${el.textContent.trim().slice(0, 30)}" ${ratio.toFixed(2)}`);
    }
  }
  return { low, checked };
}"""


def test_the_tables_text_is_readable_in_lab_light_and_dark_themes(page: Page, lab_url: str, shots: Path) -> None:
    page.goto(lab_url)
    run_all_when_idle(page)
    choose_and_pass(page)
    page.locator(".hw-hand .hw-card.hw-illegal, .hw-hand .hw-card.hw-legal").first.wait_for(timeout=30_000)
    for theme in ("JupyterLab Dark", "JupyterLab Light"):
        page.evaluate(f"window.jupyterapp.commands.execute('apputils:change-theme', {{theme: '{theme}'}})")
        page.wait_for_function(f"document.body.dataset.jpThemeName === '{theme}'", timeout=30_000)
        dark = theme.endswith("Dark")
        page.wait_for_function("dark => { const c = getComputedStyle(document.querySelector('.hw-root')).color;"
                               " return dark ? c.startsWith('rgb(255') : !c.startsWith('rgb(255'); }",
                               arg=dark, timeout=30_000)
        page.wait_for_function("() => !document.querySelector('#jupyterlab-splash')", timeout=30_000)
        found = page.evaluate(LOW_CONTRAST)
        page.screenshot(path=shots / f"lab-{'dark' if dark else 'light'}.png")
        assert found["checked"] > 60, found  # the table's texts were all looked at
        assert not found["low"], f"text below 4.5:1 in {theme}: {found['low'][:8]}"
