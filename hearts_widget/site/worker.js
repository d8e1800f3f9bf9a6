// hearts-widget's serverless pages: Python (Pyodide) in a Web Worker, so the page stays
// free to draw and to answer clicks while Python starts. Started in the page's head
// (presenter.html), it fetches the files of the page's Python packages (packages.gz beside
// it: see below) while Pyodide starts and writes them into site-packages itself, then waits for the page's "run" message (the
// notebook's code cells, the files they open, the environment) and carries the widgets' comm
// messages both ways through hearts_widget.in_browser.PageBridge. Nothing is loaded from
// another host.
//
// packages.gz (hearts_widget.site.page_bundle): gzip of a 4-byte little-endian length, a JSON
// list of [path, size] of that length, then the files' bytes in that order; the files of
// this package's wheel and of its requirements but IPython (see
// hearts_widget.in_browser.without_ipython), with their bytecode. One inflate of one file:
// unpacking their wheels took a second or more on a small machine (Pyodide's loadPackage
// unpacks in Python; inflating each file on its own waits on the browser's threads).
"use strict";

const here = new URL(".", self.location.href);
let bridge = null;
const waiting = [];  // page messages that came before Python was ready

function post(message, transfer = []) { self.postMessage(message, transfer); }

async function gunzip(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Write the files of packages.gz under `folder`. A server that sends a .gz file with
 * "Content-Encoding: gzip" has the browser inflate it already: then it is read as it is. */
async function unpack(pyodide, packed, folder) {
  const bytes = packed[0] === 0x1f && packed[1] === 0x8b ? await gunzip(packed) : packed;
  const length = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, true);
  const files = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + length)));
  let at = 4 + length;
  for (const [path, size] of files) {
    const target = `${folder}/${path}`;
    pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    pyodide.FS.writeFile(target, bytes.subarray(at, at + size));
    at += size;
  }
  if (at !== bytes.length) throw new Error("packages.gz is damaged");
}

const python = (async () => {
  const packed = fetch(new URL("packages.gz", here)).then(async (answer) => {
    if (!answer.ok) throw new Error(`packages.gz: ${answer.status} ${answer.statusText}`);
    return new Uint8Array(await answer.arrayBuffer());
  });
  const { loadPyodide } = await import(new URL("../pyodide/pyodide.mjs", here).href);
  const pyodide = await loadPyodide({ indexURL: new URL("../pyodide/", here).href });
  await unpack(pyodide, await packed, pyodide.runPython("import site; site.getsitepackages()[0]"));
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
  post({ type: "python" });
  return pyodide;
})();

async function run({ cells, files, environ, base }) {
  const pyodide = await python;
  for (const path of files) {
    const answer = await fetch(new URL(path, base));
    if (!answer.ok) throw new Error(`${path}: ${answer.status} ${answer.statusText}`);
    const target = `${pyodide.FS.cwd()}/${path}`;
    pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    pyodide.FS.writeFile(target, new Uint8Array(await answer.arrayBuffer()));
  }
  const os = pyodide.pyimport("os");
  for (const [key, value] of Object.entries(environ)) os.environ.__setitem__(key, value);
  const page = pyodide.pyimport("hearts_widget.in_browser");
  bridge = page.PageBridge((text, buffers) => {
    const list = buffers.toJs();  // copied to the page, never transferred: they may share Python's memory
    buffers.destroy();
    post({ type: "message", text, buffers: list });
  });
  page.without_ipython(bridge.show);
  for (const message of waiting.splice(0)) deliver(message);
  page.run_cells(pyodide.toPy(cells), bridge.show);
  post({ type: "ran" });
}

function deliver({ text, buffers }) {
  bridge.receive(text, buffers);
}

self.onmessage = ({ data }) => {
  if (data.type === "run") {
    run(data).catch((error) => post({ type: "error", text: String(error && error.message || error) }));
  } else if (bridge) {
    try {
      deliver(data);
    } catch (error) {
      post({ type: "error", text: String(error && error.message || error) });
    }
  } else {
    waiting.push(data);
  }
};
