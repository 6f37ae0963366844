// What the worker asks of Python while it starts, in one place: the build (build_tools/runtime.mjs)
// runs these same functions in Node, on the cut standard library, and stops if any fails there.
// No browser API here, so Node can import this file.

/** The one entry point of the engine that the worker calls. */
export const ENTRY = "engine.bridge.handle_json";

/** Check the wheel against its sha256, then unpack it into site-packages (not the working
 * directory, so the import never depends on sys.path[0]). */
export function installWheel(py, bytes, sha256, name = "the engine wheel") {
  const scope = py.toPy({ data: bytes });
  try {
    const found = py.runPython("__import__('hashlib').sha256(data).hexdigest()", { globals: scope });
    if (found !== sha256) throw new Error(`${name}: sha256 does not match manifest.json`);
  } finally {
    scope.destroy();
  }
  const sitePackages = py.runPython("__import__('sysconfig').get_paths()['purelib']");
  py.unpackArchive(bytes, "wheel", { extractDir: sitePackages });
}

/** Import every game's package, so that a snapshot holds them all (and none is left to import
 * from files after a restore, when the wasm code is still cold). */
export function importEveryGame(py) {
  py.runPython("__import__('engine.registry').registry.games()");
}

/** After a restore: the random generator's state was frozen in the snapshot; draw a new one. */
export function reseed(py) {
  py.runPython("__import__('random').seed()");
}
