// node bytecode.js RUNTIME TREE: compile every Python module under TREE with the Pyodide in
// RUNTIME (the site's own, so the bytecode is exactly what the browser's Python reads): each
// folder of TREE is an unpacked wheel, "stdlib" the unpacked standard library zip (whose
// bytecode sits beside each module, as zipimport looks for it). Unchecked hash-based .pyc
// files: the import system uses them without comparing them with the sources' dates, which
// unpacking a wheel in the browser does not keep. See hearts_widget/site/__init__.py.
"use strict";

const path = require("node:path");
const { pathToFileURL } = require("node:url");

const COMPILE = `
import compileall, contextlib, io, os, py_compile
mode = py_compile.PycInvalidationMode.UNCHECKED_HASH
failures = []
for name in sorted(os.listdir("/tree")):
    said = io.StringIO()
    with contextlib.redirect_stdout(said):
        done = compileall.compile_dir(f"/tree/{name}", quiet=1, legacy=(name == "stdlib"), invalidation_mode=mode)
    if not done:
        failures.append(f"{name}: {said.getvalue().strip()}")
"\\n".join(failures)
`;

(async () => {
  const [runtime, tree] = process.argv.slice(2).map((arg) => path.resolve(arg));
  const { loadPyodide } = await import(pathToFileURL(path.join(runtime, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({ indexURL: runtime + path.sep });
  pyodide.FS.mkdirTree("/tree");
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: tree }, "/tree");
  const failures = pyodide.runPython(COMPILE);
  if (failures) {
    console.error(`modules that do not compile:\n${failures}`);
    process.exit(1);
  }
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
