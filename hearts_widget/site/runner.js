// hearts-widget's serverless pages (index.html, play.html, a teacher's lesson): a notebook's
// widgets with no code on screen and no notebook app.
//
// At once: Python starts in a Web Worker (worker.js), and the page draws the snapshot made at
// build time (the notebook's widgets as saved widget state, in the learner's language) with
// ipywidgets' HTML widget manager. The snapshot is not played: a click on it is answered with
// the "starting" notice and kept. When Python has run the notebook, its live widgets (drawn by
// the same manager, their comm messages carried to and from the worker) take the snapshot's
// place, and a kept click is made again on the same element if the live page shows the same
// thing, else the notice asks for it again. The body's data-visible, data-kernel and
// data-ready attributes say when each happened (milliseconds after the page began to load:
// see benchmarks/site_load.py). Nothing is loaded from another host.
"use strict";

(() => {
  const config = JSON.parse(document.getElementById("hw-config").textContent);
  const asked = new URLSearchParams(location.search).get("lang");
  const lang = config.languages.includes(asked) ? asked : config.language;
  const words = config.text[lang];
  const main = document.getElementById("hw-page");
  const notice = document.getElementById("hw-notice");
  const snapshot = document.getElementById("hw-snapshot");
  const live = document.getElementById("hw-live");
  const stamp = (name) => { document.body.dataset[name] = String(Math.round(performance.now())); };
  const say = (text) => { notice.textContent = text; notice.hidden = !text; };
  document.documentElement.lang = lang;
  document.title = words.title;
  document.getElementById("hw-title").textContent = words.title;
  say(words.starting);

  const worker = window.hwWorker;  // started in the page's head (presenter.html)

  // The theme follows the browser's; the widgets' style sheets read it from the body as JupyterLab sets it.
  const dark = window.matchMedia("(prefers-color-scheme: dark)");
  const theme = () => { document.body.dataset.jpThemeLight = String(!dark.matches); };
  theme();
  dark.addEventListener("change", theme);

  const failed = (error) => {
    console.error(error);
    if (document.body.dataset.error) return;
    document.body.dataset.error = String(error && error.message || error);
    main.removeAttribute("aria-busy");
    say(`${words.failed} ${document.body.dataset.error}`);
    notice.classList.add("hw-page-error");
  };

  const widgets = new Promise((resolve, reject) => {
    window.requirejs.config({ paths: { anywidget: "static/hearts/anywidget" } });
    window.requirejs(["@jupyter-widgets/html-manager"], resolve, reject);
  });
  const loader = (name, version) => (name === "anywidget"
    ? new Promise((resolve, reject) => window.requirejs(["anywidget"], resolve, reject))
    : Promise.reject(new Error(`${name}@${version} is not in this site`)));
  const pageData = fetch(`static/hearts/pages/${config.page}.${lang}.json`).then((answer) => {
    if (!answer.ok) throw new Error(`${answer.url}: ${answer.status}`);
    return answer.json();
  });

  // -- the snapshot, until Python is ready --
  let kept = null;  // the path of the element clicked before Python was ready
  const pathOf = (element) => {
    const path = [];
    for (let node = element; node && node !== snapshot; node = node.parentElement) {
      path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
    }
    return path;
  };
  const atPath = (root, path) => path.reduce((node, index) => node && node.children[index], root);
  const early = (event) => {
    if (event.type === "keydown" && event.key !== "Enter" && event.key !== " ") return;  // Tab still moves
    event.preventDefault();
    event.stopPropagation();
    if (event.type === "click" || event.type === "keydown") {
      kept = pathOf(event.target);
      say(words.early);
    }
  };
  for (const type of ["click", "pointerdown", "mousedown", "keydown", "change", "input"]) {
    snapshot.addEventListener(type, early, true);
  }

  const draw = async (manager, model, into) => {
    const host = document.createElement("div");
    host.className = "hw-output";
    into.append(host);
    const view = await manager.create_view(model);
    await manager.display_view(view, host);
    return view;
  };
  const snapshotViews = [];

  // Python runs the notebook as soon as the page knows its code: it does not wait for the snapshot.
  pageData.then((data) => worker.postMessage({ type: "run", cells: data.cells, files: data.files,
                                               environ: data.environ, base: new URL("files/", location.href).href }))
    .catch(failed);

  let isLive = false;
  (async () => {
    const [{ HTMLManager }, data] = await Promise.all([widgets, pageData]);
    const manager = new HTMLManager({ loader });
    const models = await manager.set_state(data.snapshot.state);
    for (const id of data.snapshot.views) {
      if (isLive) return;
      const view = await draw(manager, models.find((model) => model.model_id === id), snapshot);
      if (isLive) view.remove(); else snapshotViews.push(view);
    }
    if (!isLive) stamp("visible");
  })().catch(failed);

  // -- the live widgets: comms to Python in the worker --
  const comms = new Map();
  const callbacksOf = new Map();
  let sent = 0;
  const toPython = (type, commId, data, callbacks, buffers) => {
    const msgId = `page-${++sent}`;
    if (callbacks) callbacksOf.set(msgId, callbacks);
    const copies = (buffers || []).map((buffer) => new Uint8Array(ArrayBuffer.isView(buffer)
      ? buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) : buffer.slice(0)));
    worker.postMessage({ text: JSON.stringify({ type, comm_id: commId, msg_id: msgId, data }), buffers: copies },
                       copies.map((copy) => copy.buffer));
    return msgId;
  };

  /** A widget's comm, as ipywidgets' manager uses one; messages that come before the model
   * listens (its class still loading) wait for it. */
  class PageComm {
    constructor(commId, targetName) {
      this.comm_id = commId;
      this.target_name = targetName;
      this.listeners = { msg: null, close: null };
      this.early = [];
    }
    on_msg(callback) {
      this.listeners.msg = callback;
      for (const message of this.early.splice(0)) callback(message);
    }
    on_close(callback) { this.listeners.close = callback; }
    open() { throw new Error("the page's widgets do not open comms"); }
    send(data, callbacks, metadata, buffers) { return toPython("comm_msg", this.comm_id, data, callbacks, buffers); }
    close(data, callbacks) {
      comms.delete(this.comm_id);
      return toPython("comm_close", this.comm_id, data, callbacks, []);
    }
    receive(message) {
      if (this.listeners.msg) this.listeners.msg(message); else this.early.push(message);
    }
  }

  const liveManager = widgets.then(({ HTMLManager }) => new HTMLManager({ loader }));
  const shown = [];
  const handle = async (message, buffers) => {
    const manager = await liveManager;
    const parent_header = message.parent ? { msg_id: message.parent } : {};
    const content = { comm_id: message.comm_id, target_name: message.target_name, data: message.data };
    const kernelMessage = { content, buffers, metadata: message.metadata || {}, parent_header,
                            header: { msg_type: message.type } };
    const comm = comms.get(message.comm_id);
    if (message.type === "comm_open") {
      const opened = new PageComm(message.comm_id, message.target_name);
      comms.set(message.comm_id, opened);
      await manager.handle_comm_open(opened, kernelMessage);
    } else if (message.type === "comm_msg") {
      if (comm) comm.receive(kernelMessage);
    } else if (message.type === "comm_close") {
      comms.delete(message.comm_id);
      if (comm && comm.listeners.close) comm.listeners.close(kernelMessage);
    } else if (message.type === "display") {
      shown.push(draw(manager, await manager.get_model(message.model_id), live));
    } else if (message.type === "idle") {
      const callbacks = callbacksOf.get(message.parent);
      callbacksOf.delete(message.parent);
      const status = callbacks && callbacks.iopub && callbacks.iopub.status;
      if (status) status({ content: { execution_state: "idle" }, parent_header });
    }
  };

  const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
  const ready = async () => {
    await Promise.all(shown);
    await frame();
    await frame();
    const same = snapshot.textContent === live.textContent;
    isLive = true;
    for (const view of snapshotViews) view.remove();  // and their timers (the table's ping)
    snapshot.remove();
    live.hidden = false;
    main.removeAttribute("aria-busy");
    stamp("ready");
    if (kept === null) {
      say("");
    } else if (same && atPath(live, kept)) {
      say("");
      atPath(live, kept).click();
    } else {
      say(words.again);
    }
  };

  let chain = Promise.resolve();
  worker.onmessage = ({ data }) => {
    if (data.type === "python") {
      stamp("kernel");
    } else if (data.type === "error") {
      failed(data.text);
    } else if (data.type === "ran") {
      chain = chain.then(ready).catch(failed);
    } else {
      const message = JSON.parse(data.text);
      const buffers = data.buffers.map((buffer) => new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength));
      chain = chain.then(() => handle(message, buffers)).catch(failed);
    }
  };
  worker.onerror = (event) => failed(event.message || "the worker failed");
})();
