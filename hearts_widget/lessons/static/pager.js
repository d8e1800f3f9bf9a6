// A step's pager: the previous page, its count ("Board 2 of 3") and the next page. The count is a
// live region, so that a screen reader says the new count; a click asks the kernel to turn the page
// ({type: "turn", by: -1 | 1}), and when the kernel has turned it the focus goes to the new page's
// heading (its question: the part with the class `target`, in this step) once the page shows it.
// Each button's words are in a span of their own, which a phone's style sheet hides visually.

const FRAMES = 300; // about 5 s at 60 frames a second: then the focus is left where it is
const KEEP_FRAMES = 30; // about half a second: focus put on a heading that falls to the page goes back to it

/**
 * @param {string} css
 * @param {string} arrow
 * @param {boolean} before whether the arrow goes before the words
 */
function button(css, arrow, before) {
  const element = document.createElement("button");
  element.type = "button";
  element.className = `jupyter-button jupyter-widgets ${css}`;
  const words = document.createElement("span");
  words.className = "hearts-lesson-pager-words";
  const mark = document.createElement("span");
  mark.setAttribute("aria-hidden", "true");
  mark.textContent = arrow;
  if (before) element.append(mark, " ", words);
  else element.append(words, " ", mark);
  return { element, words };
}

/** @param {{ model: any, el: HTMLElement }} ctx */
function render({ model, el }) {
  const row = document.createElement("div");
  row.className = "hearts-lesson-pager-row";
  const previous = button("hearts-lesson-previous-board", "←", true);
  const next = button("hearts-lesson-next-board", "→", false);
  const count = document.createElement("span");
  count.className = "hearts-lesson-board-count";
  count.setAttribute("role", "status");
  row.append(previous.element, count, next.element);
  el.appendChild(row);
  const draw = () => {
    count.textContent = model.get("count");
    previous.words.textContent = model.get("previous");
    next.words.textContent = model.get("following");
    previous.element.disabled = model.get("first");
    next.element.disabled = model.get("last");
  };
  draw();
  previous.element.addEventListener("click", () => model.send({ type: "turn", by: -1 }));
  next.element.addEventListener("click", () => model.send({ type: "turn", by: 1 }));
  const move = () => {
    const target = model.get("target");
    const step = el.closest(".hearts-lesson-step") || document;
    let frames = 0;
    let kept = 0;
    /** The heading of the part turned to, once the page shows it. */
    const heading = () => {
      const part = /** @type {HTMLElement | null} */ (step.querySelector(`.${CSS.escape(target)}`));
      if (!part || !part.getClientRects().length) return null;
      const found = /** @type {HTMLElement} */ (part.querySelector(".hearts-lesson-ask") || part);
      if (!found.hasAttribute("tabindex")) found.setAttribute("tabindex", "-1");
      return found;
    };
    // Then the focus stays there for the next frames should it fall to the page (the heading drawn
    // again, or the control pressed removed, by an update close behind); focus moved elsewhere is left,
    // and so is focus that falls to the page after the learner moved it (a control they pressed, drawn
    // again): once focus goes anywhere but the heading, the keeping ends.
    /** @type {HTMLElement | null} */
    let focused = null; // the heading this keeps the focus on, null once the focus went elsewhere
    /** @param {FocusEvent} event */
    const moved = (event) => {
      if (event.target !== focused) focused = null;
    };
    /** @param {HTMLElement} node */
    const focusOn = (node) => {
      focused = node;
      node.focus();
    };
    const stop = () => document.removeEventListener("focusin", moved, true);
    const keep = () => {
      const now = document.activeElement;
      if (focused === null || (now !== focused && now && now !== document.body && now.isConnected)) {
        stop();
        return;
      }
      if (now !== focused) {
        const found = heading();
        if (found) focusOn(found);
      }
      if (++kept < KEEP_FRAMES) requestAnimationFrame(keep);
      else stop();
    };
    const look = () => {
      const found = heading();
      if (found) {
        focusOn(found);
        document.addEventListener("focusin", moved, true);
        requestAnimationFrame(keep);
        return;
      }
      if (++frames < FRAMES) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  };
  const events = ["count", "previous", "following", "first", "last"].map((name) => `change:${name}`);
  for (const event of events) model.on(event, draw);
  model.on("change:turn", move);
  return () => {
    for (const event of events) model.off(event, draw);
    model.off("change:turn", move);
  };
}

export default { render };
