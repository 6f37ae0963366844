// Module worker that runs the game engine in Pyodide for every sandbox of the browsing session.
// Messages: see channel.js. Paths are relative to this file, so any host, port or sub-path works.
import { loadPyodide } from "../../vendor/pyodide/pyodide.mjs";
import { readSave, writeSave } from "./saves.mjs";

const VENDOR = new URL("../../vendor/", import.meta.url);

let ready = null; // Promise of the bridge's handle_json PyProxy, created once.

function progress(stage, details = {}) {
  postMessage({ type: "progress", stage, ...details });
}

async function fetchOk(url) {
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  return response;
}

function sha256Hex(py, bytes) {
  const scope = py.toPy({ data: bytes });
  try {
    return py.runPython("__import__('hashlib').sha256(data).hexdigest()", { globals: scope });
  } finally {
    scope.destroy();
  }
}

async function installEngine(py) {
  const wheels = new URL("wheels/", VENDOR);
  const manifest = await (await fetchOk(new URL("manifest.json", wheels))).json();
  const bytes = new Uint8Array(await (await fetchOk(new URL(manifest.file, wheels))).arrayBuffer());
  if (sha256Hex(py, bytes) !== manifest.sha256) {
    throw new Error(`${manifest.file}: sha256 does not match manifest.json`);
  }
  // Into site-packages, not the working directory, so the import never depends on sys.path[0].
  const sitePackages = py.runPython("__import__('sysconfig').get_paths()['purelib']");
  py.unpackArchive(bytes, "wheel", { extractDir: sitePackages });
}

async function boot() {
  const started = performance.now();
  try {
    progress("runtime");
    const py = await loadPyodide({ indexURL: new URL("pyodide/", VENDOR).href });
    progress("engine");
    await installEngine(py);
    const handle = py.pyimport("engine.bridge.handle_json");
    progress("ready", {
      python: py.runPython("__import__('sys').version"),
      pyodide: py.version,
      bootMs: Math.round(performance.now() - started),
    });
    return handle;
  } catch (err) {
    progress("error", { message: String(err?.message ?? err) });
    throw err;
  }
}

/** Run one bridge request; keep the game's `save` here and pass the rest to the page. */
async function call(payload) {
  const handle = await (ready ??= boot());
  const reply = JSON.parse(handle(JSON.stringify(payload)));
  if (reply.save) {
    await writeSave(reply.save.log.game, { log: reply.save.log, seats: reply.save.seats });
    delete reply.save;
  }
  return reply;
}

async function resume({ game, sandbox }) {
  const saved = await readSave(game);
  if (!saved) return { ok: false, missing: true };
  return call({ op: "open", sandbox, log: saved.log, seats: saved.seats });
}

async function answer({ id, type, payload }) {
  try {
    const handlers = { call, resume };
    if (!Object.hasOwn(handlers, type)) throw new Error(`unknown message type: ${type}`);
    postMessage({ id, ok: true, result: await handlers[type](payload) });
  } catch (err) {
    postMessage({ id, ok: false, error: { message: String(err?.message ?? err) } });
  }
}

self.addEventListener("message", (event) => answer(event.data));
