"""axe-core in the page (the copy bundled by the PyPI package ``axe-playwright-python``:
nothing fetched at test time), and what the accessibility tests assert with it."""

from __future__ import annotations

from axe_playwright_python.base import AXE_SCRIPT
from playwright.sync_api import Page

# What must be gone: every critical or serious violation, and content outside landmarks.
# axe's experimental rule that a control's name contains its visible text (WCAG 2.5.3) is
# switched on: the hand's cards show "K ♦" and must be named "K♦, King of diamonds, ...".
BLOCKING_IMPACTS = ("critical", "serious")
ALSO_BLOCKING = ("region",)


def axe_violations(page: Page, within: str | None = None, leaving_out: str | None = None) -> list[dict]:
    """axe's violations on the page (or inside the elements matching the CSS selector ``within``),
    leaving out the elements matching ``leaving_out`` (e.g. a lesson's hidden steps)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE_SCRIPT)
    return page.evaluate(
        "async ([within, leavingOut]) => (await axe.run("
        " leavingOut ? {include: [[within || 'html']], exclude: [[leavingOut]]} : (within || document),"
        " {resultTypes: ['violations'], rules: {'label-content-name-mismatch': {enabled: true}}})).violations",
        [within, leaving_out])


def blocking(violations: list[dict]) -> list[dict]:
    return [v for v in violations if v["impact"] in BLOCKING_IMPACTS or v["id"] in ALSO_BLOCKING]


def describe(violations: list[dict]) -> str:
    """One line per violation, then the elements it was found on (their selector and HTML)."""
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']} ({len(v['nodes'])} elements)")
        for node in v["nodes"][:6]:
            lines.append(f"    {node['target']}: {node['html'][:160]}")
            summary = (node.get("failureSummary") or "").replace("\n", " ")
            if summary:
                lines.append(f"      {summary[:240]}")
    return "\n".join(lines)


def assert_axe_clean(page: Page, where: str, within: str | None = None, leaving_out: str | None = None) -> None:
    """No critical or serious violation and no content outside landmarks, listed if any."""
    found = blocking(axe_violations(page, within, leaving_out))
    assert not found, f"axe on {where}:\n{describe(found)}"


# The controls too small to touch (under 24 px either way; a card of the hand under 44 px wide)
# and the texts under 12 px, inside the elements matching ``selector``, as "what: size" lines.
# Hidden elements (no box, or visibility hidden, or the 1 px text for screen readers) are left out.
SMALL_THINGS = """(selector) => {
  const problems = [];
  const shown = (el) => { const box = el.getBoundingClientRect(); const style = getComputedStyle(el);
    return box.width > 1 && box.height > 1 && style.visibility !== 'hidden'; };
  const named = (el) => (el.getAttribute('aria-label') || el.textContent || el.tagName).trim().slice(0, 40);
  for (const root of document.querySelectorAll(selector)) {
    for (const el of root.querySelectorAll('button, select, input, summary, a[href], [role=button]')) {
      if (!shown(el)) continue;
      const box = el.getBoundingClientRect();
      const wide = el.classList.contains('hw-card') ? 44 : 24;
      if (box.width < wide - 0.5 || box.height < 23.5) {
        problems.push(`control ${named(el)}: ${box.width.toFixed(1)}x${box.height.toFixed(1)} px`);
      }
    }
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const el = node.parentElement;
      if (!node.textContent.trim() || !el || !shown(el) || el.closest('svg')) continue;
      const size = parseFloat(getComputedStyle(el).fontSize);
      if (size < 11.95) problems.push(`text "${node.textContent.trim().slice(0, 30)}": ${size.toFixed(1)} px`);
    }
  }
  return [...new Set(problems)];
}"""


def small_things(page: Page, selector: str) -> list[str]:
    """Controls under 24 px (cards under 44 px wide) and texts under 12 px inside ``selector``."""
    return page.evaluate(SMALL_THINGS, selector)


# Contrast from computed styles (WCAG 2 luminance, semi-transparent colours blended over what is
# under them, a gradient taken at its first colour): every visible text inside ``selector``
# against its background (4.5:1; 3:1 when large or a lone symbol), and every control's edge (its border, or its
# own background) against the background around it (3:1). Disabled controls and the dimmed
# cards of the hand are meant to be faint and are left out.
COLOURS = """
  const parse = (text) => {
    const v = (text.match(/[\\d.]+/g) || []).map(Number);
    return v.length < 3 ? [0, 0, 0, 0] : [...v.slice(0, 3), v.length > 3 ? v[3] : 1];
  };
  const blend = (top, under) => top.slice(0, 3).map((c, i) => c * top[3] + under[i] * (1 - top[3]));
  const fill = (e) => {
    const style = getComputedStyle(e);
    const gradient = style.backgroundImage.match(/rgba?\\([^)]*\\)/);
    return gradient ? parse(gradient[0]) : parse(style.backgroundColor);
  };
  const background = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = fill(e);
      if (c[3] > 0) { layers.push(c); if (c[3] >= 0.99) break; }
    }
    return layers.reverse().reduce((under, layer) => blend(layer, under), [255, 255, 255]);
  };
  const luminance = (rgb) => {
    const [r, g, b] = rgb.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (x, y) => {
    const [a, b] = [luminance(x), luminance(y)].sort((p, q) => q - p);
    return (a + 0.05) / (b + 0.05);
  };"""
LOW_CONTRAST = """(selector) => {""" + COLOURS + """
  const what = (el) => `${el.className || el.tagName} "${(el.textContent || '').trim().slice(0, 30)}"`;
  const faint = '.hw-visually-hidden, [disabled], .hw-illegal, svg, option, .hw-ghost';
  const low = [];
  let texts = 0, controls = 0;
  for (const root of document.querySelectorAll(selector)) {
    for (const el of root.querySelectorAll('*')) {
      if (!el.getClientRects().length || el.closest(faint) || getComputedStyle(el).visibility === 'hidden') continue;
      if ([...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) {
        const style = getComputedStyle(el);
        const bg = background(el);
        const size = parseFloat(style.fontSize);
        // A lone symbol (the winner's star, a check mark) is a graphic: 3:1, as large text.
        const symbol = !/[\\p{L}\\p{N}]/u.test(el.textContent);
        const large = symbol || size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
        const r = ratio(blend(parse(style.color), bg), bg);
        texts += 1;
        if (r < (large ? 3 : 4.5)) low.push(`text ${what(el)} ${r.toFixed(2)}`);
      }
      // (Check boxes and radio buttons are drawn by the browser, not by the page's colours.)
      if (el.matches('button, select, input, .jupyter-button, .hw-face')
          && !el.matches('.hw-link, .hw-card, [type=checkbox], [type=radio]')) {
        const style = getComputedStyle(el);
        const around = background(el.parentElement);
        const own = blend(fill(el), around);
        const edge = parseFloat(style.borderTopWidth) > 0 ? blend(parse(style.borderTopColor), own) : own;
        const r = Math.max(ratio(edge, around), ratio(own, around));
        controls += 1;
        if (r < 3) low.push(`control ${what(el)} ${r.toFixed(2)}`);
      }
    }
  }
  return { low: [...new Set(low)], texts, controls };
}"""


def low_contrast(page: Page, selector: str) -> dict:
    """``{"low": [...], "texts": n, "controls": n}``: what is under 4.5:1 (text) or 3:1 (controls)."""
    return page.evaluate(LOW_CONTRAST, selector)


# The keyboard's focus indicator on what has focus now: its outline (style, width) and the contrast
# of its colour against the background around the element, where an outline with an offset is
# drawn (WCAG 2.4.13 asks 3:1 of a focus indicator); what has focus, as "tag.class name".
FOCUS_RING = """() => {""" + COLOURS + """
  const el = document.activeElement;
  const style = getComputedStyle(el);
  const around = background(el.parentElement);
  const drawn = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
  const colour = blend(parse(style.outlineColor), around);
  const name = (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 30);
  return {what: `${el.tagName.toLowerCase()}.${el.className} ${name}`, width: parseFloat(style.outlineWidth),
          ratio: drawn ? ratio(colour, around) : 0, visible: el.matches(':focus-visible'),
          inTable: Boolean(el.closest('.hw-root'))};
}"""


def focus_ring(page: Page) -> dict:
    """``{"what", "width", "ratio", "visible", "inTable"}`` of the focused element's focus outline."""
    return page.evaluate(FOCUS_RING)
