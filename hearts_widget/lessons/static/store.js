// The lesson's memory in the browser: reads the saved progress from
// localStorage once, sends it to the kernel ("saved"), then mirrors every
// progress the kernel sends back. It shows nothing.

/** @param {{ model: any, el: HTMLElement }} ctx */
function render({ model, el }) {
  el.classList.add("hearts-lesson-store");
  const key = model.get("key");
  let saved = null;
  try {
    saved = JSON.parse(window.localStorage.getItem(key) || "null");
  } catch (error) {
    saved = null; // unreadable or blocked storage: start afresh
  }
  const write = () => {
    const progress = model.get("progress");
    try {
      if (progress && Object.keys(progress).length) {
        window.localStorage.setItem(key, JSON.stringify(progress));
      } else {
        window.localStorage.removeItem(key);
      }
    } catch (error) {
      // storage full or blocked: the lesson still works, it is only not kept
    }
  };
  model.on("change:progress", write);
  model.send({ type: "saved", progress: saved });
  return () => {
    model.off("change:progress", write);
  };
}

export default { render };
