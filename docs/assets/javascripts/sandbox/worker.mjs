// Module worker that runs the game engine in Pyodide for every sandbox of the browsing session.
// Messages: see channel.js. Paths are relative to this file, so any host, port or sub-path works.
//
// It starts Python as soon as it runs, in one of two ways:
// - restored: from the snapshot this browser kept of an earlier start (snapshots.mjs), when the
//   snapshot was made from the very files manifest.json names now; the engine is already imported;
// - stock: loadPyodide() on the cut standard library, then the engine's wheel and its import; the
//   interpreter is then snapshotted (before any game touches it), and the snapshot is kept for the
//   next visit once the page has had its first answers.
// A snapshot that fails to load in any way is dropped and the stock start follows: the reader sees
// a normal start. Pyodide's snapshot options are private API, pinned with Pyodide's version
// (build_tools/vendor.lock.json); they fail closed.
import { loadPyodide } from "../../vendor/pyodide/pyodide.mjs";
import * as downloads from "./downloads.mjs";
import { ENTRY, importEveryGame, installWheel, reseed } from "./python.mjs";
import { readSave, writeSave } from "./saves.mjs";
import { dropSnapshot, findSnapshot, writeSnapshot } from "./snapshots.mjs";

const VENDOR = new URL("../../vendor/", import.meta.url);
const RUNTIME = new URL("pyodide/", VENDOR);
const PYTHON = new URL("python/", VENDOR); // build_tools/runtime.py: manifest.json, wheel, stdlib
const WASM = new URL("pyodide.asm.wasm", RUNTIME);
const SOURCES_AFTER_MS = 3000; // after a restore, when to unpack the engine's sources again
// After a stock start, when to pack and store the snapshot: once the page has had its first answers
// (packing and summing 30 MB held a first visit's start 48-107 ms on a two-core machine).
const SNAPSHOT_AFTER_MS = 1500;

// Both big downloads start now, and the wasm compiles as it comes, while the worker reads the
// manifest and any snapshot.
const asm = downloads.module(new URL("pyodide.asm.mjs", RUNTIME).href);
const wasm = downloads.compileWasm(WASM);
asm.catch(() => {}); // awaited by every start; until then a failure must not count as unhandled
// The page holds its other big download (material's search index) until the wasm is in: early.js.
wasm.then(() => postMessage({ type: "downloaded" }), () => {});

/** loadPyodide on the downloads under way; fails at once if they do (Pyodide would wait). */
function loadRuntime(options) {
  downloads.handOver(WASM, wasm);
  const failed = Promise.all([asm, wasm]).then(() => new Promise(() => {}));
  const createPyodideModule = async (settings) => (await asm).default(settings);
  return Promise.race([loadPyodide({ createPyodideModule, ...options }), failed]);
}

function progress(stage, details = {}) {
  postMessage({ type: "progress", stage, ...details });
}

async function fetchOk(url, options = {}) {
  const response = await fetch(url, options);
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  return response;
}

async function fetchBytes(url) {
  return new Uint8Array(await (await fetchOk(url)).arrayBuffer());
}

/** The interpreter restored from `snapshot` (a promise of its bytes: Pyodide fetches the standard
 * library and its lock file while they are read), its engine already imported. */
async function restore(options, snapshot) {
  const py = await loadRuntime({
    ...options,
    _loadSnapshot: snapshot,
    // A snapshot taken after the heap grew holds more memory than the wasm starts with.
    async createPyodideModule(settings) {
      const [create, bytes] = await Promise.all([asm, snapshot]);
      const module = await create.default(settings);
      const heap = bytes.byteLength - new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true);
      if (module.HEAP8.length < heap) module.growMemory(heap);
      return module;
    },
  });
  delete py._api.config._loadSnapshot; // else it keeps the snapshot's 30 MB alive
  reseed(py);
  const handle = py.pyimport(ENTRY);
  if (!JSON.parse(handle(JSON.stringify({ op: "catalog", game: "" }))).error) {
    throw new Error("the restored engine answered a bad request as a good one");
  }
  return { py, handle };
}

/** loadPyodide's stock start, the engine installed and imported; then a snapshot for next time. */
async function start(options, manifest, wheel) {
  const py = await loadRuntime({ ...options, _makeSnapshot: true });
  progress("engine");
  installWheel(py, await wheel, manifest.wheel.sha256, manifest.wheel.file);
  const handle = py.pyimport(ENTRY);
  try {
    importEveryGame(py);
    const snapshot = py.makeMemorySnapshot();
    // The bench and the tests wait for {type: "snapshot"}.
    const keep = async () => (await writeSnapshot(manifest.key, snapshot)) && postMessage({ type: "snapshot" });
    setTimeout(keep, SNAPSHOT_AFTER_MS);
  } catch (err) {
    console.warn("rb: no snapshot of the interpreter this time", err);
  }
  return { py, handle };
}

async function boot() {
  const started = performance.now();
  try {
    progress("runtime");
    // The manifest is checked with the host every time; the files it names never change.
    const manifest = fetchOk(new URL("manifest.json", PYTHON), { cache: "no-cache" }).then((r) => r.json());
    const snapshot = findSnapshot(manifest.then((m) => m.key));
    const { key, stdlib, wheel } = await manifest;
    const options = { indexURL: RUNTIME.href, stdLibURL: new URL(stdlib.file, PYTHON).href };
    const saved = await snapshot;
    let python = null;
    if (saved) {
      python = await restore(options, saved.bytes).catch(async (err) => {
        console.warn("rb: the saved interpreter did not load; starting afresh", err);
        await dropSnapshot();
        return null;
      });
    }
    const restored = python !== null;
    const wheelUrl = new URL(wheel.file, PYTHON);
    if (!restored) {
      // The wheel is needed only once Python has started: fetched after the wasm, it leaves the
      // link to the files the start waits for, and comes in while Python starts.
      const wheelBytes = wasm.then(() => fetchBytes(wheelUrl));
      wheelBytes.catch(() => {}); // awaited in start(); until then a failure must not count as unhandled
      python = await start(options, { key, wheel }, wheelBytes);
    }
    const { py, handle } = python;
    progress("ready", {
      python: py.runPython("__import__('sys').version"),
      pyodide: py.version,
      bootMs: Math.round(performance.now() - started),
      restored,
    });
    if (restored) {
      // The snapshot holds the imported modules, not their files: unpack the wheel again, once
      // the page has had its first answers, so that tracebacks show source lines.
      const unpack = async () => installWheel(py, await fetchBytes(wheelUrl), wheel.sha256, wheel.file);
      const warn = (err) => console.warn("rb: the engine's sources were not unpacked", err);
      setTimeout(() => unpack().catch(warn), SOURCES_AFTER_MS);
    }
    return handle;
  } catch (err) {
    progress("error", { message: String(err?.message ?? err) });
    throw err;
  }
}

const ready = boot(); // Promise of the bridge's handle_json PyProxy
ready.catch(() => {}); // the page hears of a failure through "progress"; calls get it too

let turn = ready.catch(() => {}); // the last request's work: each waits for the one before

/** `work` for request `id` once every request that came before has been answered: a page may send
 * a request before the answer to the last (the shell asks for the catalog and the saved game at
 * once). The page hears when it starts: its time-out counts from then (channel.js). */
function inTurn(id, work) {
  const done = turn.then(() => {
    postMessage({ type: "started", id });
    return work();
  });
  turn = done.catch(() => {});
  return done;
}

/** Run one bridge request; keep the game's `save` here and pass the rest to the page. */
async function runBridge(payload) {
  const handle = await ready;
  const reply = JSON.parse(handle(JSON.stringify(payload)));
  if (reply.save) {
    // coach: a tutorial's progress, if the game is one; table: みんなのスマホで遊ぶ's host seat
    const { log, seats, coach, table } = reply.save;
    // the page marks the game saved (saved.js): it reads no IndexedDB itself
    if (await writeSave(log.game, { log, seats, coach, table })) postMessage({ type: "saved", game: log.game });
    delete reply.save;
  }
  return reply;
}

const call = (payload, id) => inTurn(id, () => runBridge(payload));

/** Reopen the saved game; it is read from storage at once, while Python may still be starting. */
function resume({ game, sandbox }, id) {
  const saved = readSave(game);
  return inTurn(id, async () => {
    const found = await saved;
    if (!found) return { ok: false, missing: true };
    return runBridge({ ...found, op: "open", sandbox }); // what the session saved: see runBridge
  });
}

async function answer({ id, type, payload }) {
  try {
    const handlers = { call, resume };
    if (!Object.hasOwn(handlers, type)) throw new Error(`unknown message type: ${type}`);
    postMessage({ id, ok: true, result: await handlers[type](payload, id) });
  } catch (err) {
    postMessage({ id, ok: false, error: { message: String(err?.message ?? err) } });
  }
}

self.addEventListener("message", (event) => answer(event.data));
