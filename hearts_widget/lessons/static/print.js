// A button that prints the page; the print style keeps only the rules card.

/** @param {{ model: any, el: HTMLElement }} ctx */
function render({ model, el }) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "hearts-lesson-print jupyter-button";
  const label = () => { button.textContent = model.get("label"); };
  label();
  button.addEventListener("click", () => window.print());
  model.on("change:label", label);
  el.appendChild(button);
  return () => model.off("change:label", label);
}

export default { render };
