// The lesson's path of steps: a chip per step, its number or a tick once done, the current one
// marked; a step ahead and not done is named by its number alone. The kernel sends the labels
// when the language changes and only `current` (and `done` when a step is done) on Back and
// Next; the chips are kept and their classes changed.
// On a narrow screen (a phone) the chips fold into a menu, "Step 5 of 23", shut until opened, so
// that the step's board has the screen; on a wider one the menu is open and its name not shown.

const WIDE = "(min-width: 601px)"; // lesson.css hides the menu's name from this width on

/** @param {{ model: any, el: HTMLElement }} ctx */
function render({ model, el }) {
  const menu = document.createElement("details");
  menu.className = "hearts-lesson-path-menu";
  const name = document.createElement("summary");
  const box = document.createElement("div");
  box.className = "hearts-lesson-path";
  menu.append(name, box);
  el.appendChild(menu);
  const wide = window.matchMedia(WIDE);
  const fit = () => { menu.open = wide.matches; };
  fit();
  wide.addEventListener("change", fit);
  const draw = () => {
    /** @type {string[]} */
    const todo = model.get("todo_labels");
    /** @type {string[]} */
    const doneLabels = model.get("done_labels");
    /** @type {string[]} */
    const aheadLabels = model.get("ahead_labels") || [];
    /** @type {boolean[]} */
    const done = model.get("done");
    const current = model.get("current");
    name.textContent = model.get("menu");
    box.setAttribute("aria-label", model.get("summary"));
    while (box.children.length > todo.length) box.lastElementChild?.remove();
    todo.forEach((todoLabel, index) => {
      let chip = /** @type {HTMLElement | undefined} */ (box.children[index]);
      if (!chip) {
        chip = document.createElement("span");
        box.appendChild(chip);
      }
      const isDone = Boolean(done[index]);
      // A step ahead, not done, by its number alone: its title may name what it is yet to teach.
      const ahead = !isDone && index > current ? aheadLabels[index] : "";
      const label = isDone ? doneLabels[index] || todoLabel : ahead || todoLabel;
      chip.className = "hearts-lesson-path-step" + (isDone ? " hearts-lesson-done" : "")
        + (index === current ? " hearts-lesson-current" : "");
      chip.title = label;
      chip.setAttribute("aria-label", label);
      chip.textContent = isDone ? "✓" : String(index + 1);
    });
  };
  draw();
  const events = ["todo_labels", "done_labels", "ahead_labels", "done", "current", "summary", "menu"].map((n) => `change:${n}`);
  for (const event of events) model.on(event, draw);
  return () => {
    wide.removeEventListener("change", fit);
    for (const event of events) model.off(event, draw);
  };
}

export default { render };
