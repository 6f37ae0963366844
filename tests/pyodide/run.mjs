// Run the engine's tests on the browser's own Python: the vendored Pyodide, in Node.
// The host has CPython 3.11; the site runs CPython 3.14 compiled to WebAssembly. This runner boots
// docs/assets/vendor/pyodide/, installs the pure-Python wheels of pytest from .cache/pyodide-wheels/
// (see `make test-pyodide`), mounts the repository and runs pytest; its exit code is pytest's.
//
//   node tests/pyodide/run.mjs [pytest arguments]      (default: tests/engine)
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PYODIDE = path.join(ROOT, "docs/assets/vendor/pyodide");
const WHEELS = path.join(ROOT, ".cache/pyodide-wheels");
const MOUNT = "/repo";

const started = performance.now();
const { loadPyodide } = await import(pathToFileURL(path.join(PYODIDE, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: `${PYODIDE}/` });
const extractDir = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
for (const name of readdirSync(WHEELS).filter((file) => file.endsWith(".whl"))) {
  // unpackArchive rejects a Node Buffer ("Unknown typed array type 'Buffer'"): pass a Uint8Array.
  pyodide.unpackArchive(new Uint8Array(readFileSync(path.join(WHEELS, name))), "wheel", { extractDir });
}
pyodide.FS.mkdirTree(MOUNT);
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: ROOT }, MOUNT);
console.log(`Pyodide ${pyodide.version} ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const args = process.argv.slice(2);
pyodide.globals.set("PYTEST_ARGS", pyodide.toPy(args.length > 0 ? args : ["tests/engine"]));
// The suite's knobs (RB_INVARIANT_GAMES, RB_FUZZ_REQUESTS, ...) reach the browser's Python too.
const knobs = Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith("RB_")));
pyodide.globals.set("RB_ENV", pyodide.toPy(knobs));
let exitCode;
try {
  exitCode = pyodide.runPython(`
import os, sys
os.environ.update(RB_ENV)
os.chdir("${MOUNT}")
sys.dont_write_bytecode = True
import pytest
int(pytest.main(["-q", "-p", "no:cacheprovider", *PYTEST_ARGS]))
`);
} catch (error) {
  // Print Python's traceback, not the minified runtime's source around the throw.
  console.error(error.message);
  exitCode = 1;
}
process.exit(exitCode);
