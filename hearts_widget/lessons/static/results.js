// The learner's results to download: a link per format. The file is made by the kernel when its
// link is clicked (a "results" message each way), then saved by the browser as <name>.<format>.

const TYPES = { csv: "text/csv", json: "application/json" };

/** @param {{ model: any, el: HTMLElement }} ctx */
function render({ model, el }) {
  const words = document.createElement("span");
  el.append(words, " ");
  /** @type {Record<string, HTMLAnchorElement>} */
  const anchors = {};
  const draw = () => {
    words.textContent = model.get("label");
    /** @type {Record<string, string>} */
    const links = model.get("links");
    for (const [format, text] of Object.entries(links)) {
      let link = anchors[format];
      if (!link) {
        link = anchors[format] = document.createElement("a");
        link.className = "hearts-lesson-download";
        link.href = "#";
        link.addEventListener("click", (event) => {
          event.preventDefault();
          model.send({ type: "results", format });
        });
        el.append(link, " ");
      }
      link.textContent = text;
    }
  };
  /** @param {any} message */
  const save = (message) => {
    if (!message || message.type !== "results" || !(message.format in TYPES)) return;
    const blob = new Blob([message.text], { type: `${TYPES[message.format]};charset=utf-8` });
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = `${model.get("name")}.${message.format}`;
    link.style.display = "none";
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };
  draw();
  model.on("change:label", draw);
  model.on("change:links", draw);
  model.on("msg:custom", save);
  return () => {
    model.off("change:label", draw);
    model.off("change:links", draw);
    model.off("msg:custom", save);
  };
}

export default { render };
