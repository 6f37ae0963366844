// Make, with the vendored Pyodide itself (in Node), what the browser's Python loads besides the
// runtime (see build_tools/runtime.py, which runs this and publishes the result):
//   <out>/engine.whl   the engine wheel, with a .pyc beside every module
//   <out>/stdlib.zip   the standard library cut to the modules the sandbox imports, as .pyc
//   <out>/report.json  the modules kept
// The modules come from a trace: a stock interpreter installs the engine exactly as the worker
// does (docs/assets/javascripts/sandbox/python.mjs) and drives every game through the bridge
// (build_tools/runtime_trace.py). A second interpreter, booted from the cut zip, then does it all
// again; any failure stops the build.
//
//   node build_tools/runtime.mjs <pyodide dir> <out dir>      (<out dir>/source.whl: build_tools/wheel.py's)
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import {
  ENTRY,
  importEveryGame,
  installWheel,
  reseed,
} from "../docs/assets/javascripts/sandbox/python.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const [pyodideDir, outDir] = process.argv.slice(2).map((arg) => path.resolve(arg));
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const STDLIB_ARCHIVE = "/lib/python314.zip"; // where Pyodide puts whichever zip it loads

const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");
const read = (file) => new Uint8Array(readFileSync(file)); // unpackArchive refuses a Node Buffer

/** An interpreter with the engine installed as the worker installs it, and the trace helpers. */
async function interpreter(wheel, options = {}) {
  const py = await loadPyodide({ indexURL: `${pyodideDir}/`, ...options });
  py.FS.mkdirTree("/out");
  py.FS.mount(py.FS.filesystems.NODEFS, { root: outDir }, "/out");
  py.FS.mkdirTree("/build");
  for (const name of ["runtime_trace.py", "zips.py"]) {
    py.FS.writeFile(`/build/${name}`, readFileSync(path.join(HERE, name)));
  }
  installWheel(py, wheel, sha256(wheel));
  py.pyimport(ENTRY);
  importEveryGame(py);
  reseed(py);
  try {
    py.runPython("1 / 0"); // a Python error reaching JavaScript is formatted by Python
  } catch {}
  py.runPython("import sys; sys.dont_write_bytecode = True; sys.path.insert(0, '/build')");
  return { py, trace: py.pyimport("runtime_trace") };
}

const sitePackages = (py) => py.runPython("__import__('sysconfig').get_paths()['purelib']");

// 1. The trace, on the stock standard library.
const stock = await interpreter(read(path.join(outDir, "source.whl")));
stock.trace.exercise();
const modules = stock.trace.stdlib_modules(STDLIB_ARCHIVE).toJs({ dict_converter: Object.fromEntries });
const unlisted = stock.trace.unlisted_imports(sitePackages(stock.py), STDLIB_ARCHIVE, stock.py.toPy(modules));
if (unlisted.length) throw new Error(`the engine imports standard modules the trace missed: ${unlisted}`);

// 2. What it made: the .pyc of the engine, the wheel with them, and the cut standard library.
stock.trace.precompile(sitePackages(stock.py));
stock.trace.pack_wheel(`/out/source.whl`, "/out/engine.whl", sitePackages(stock.py));
const entries = stock.trace.write_stdlib(STDLIB_ARCHIVE, "/out/stdlib.zip", stock.py.toPy(modules)).toJs();

// 3. The check: boot from the cut zip, install the new wheel, do everything again.
const cut = await interpreter(read(path.join(outDir, "engine.whl")), {
  stdLibURL: path.join(outDir, "stdlib.zip"),
});
cut.trace.exercise();
const compiled = cut.py.runPython("__import__('engine.core').core.__spec__.cached");
if (!cut.py.FS.analyzePath(compiled).exists) {
  throw new Error(`the engine's .pyc were not installed (${compiled})`);
}

writeFileSync(
  path.join(outDir, "report.json"),
  JSON.stringify({ modules: Object.keys(modules).sort(), entries }, null, 1),
);
console.log(`runtime: ${Object.keys(modules).length} standard modules, ${entries.length} files in the zip`);
