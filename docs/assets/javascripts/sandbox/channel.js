// The one channel to the engine: a module worker that lives for the whole browsing session (it
// survives material's instant navigation) and answers requests one by one.
//
// Out:  {id, type: "call", payload}            a bridge request (engine/bridge.py)
//       {id, type: "resume", payload: {game, sandbox}}   reopen the game the worker saved
// In:   {type: "progress", stage: "runtime" | "engine" | "ready" | "error", ...}
//       {id, ok: true, result} | {id, ok: false, error: {message}}
//       {type: "snapshot"}   the interpreter was kept for the next visit (worker.mjs; for tests)
//       {type: "saved", game} a game of `game` is saved (marked for the page: saved.js)
//       {type: "downloaded"} the runtime's wasm is in (for early.js: the page's other downloads may go)
//       {type: "started", id} the worker began this request (those before it are answered)
//
// Every pending call is rejected when the worker fails, is stopped, or does not answer in time,
// so the page never waits forever; the next connect() then starts a fresh worker. A worker whose
// own files did not load is started again (at most LOAD_ATTEMPTS in all) before anything fails:
// a browser gives up on a worker when one of its module files is not answered (a dropped
// connection on a loaded server or a busy Wi-Fi), tries no file again, and says only "error",
// without a message: the symptom the namespace test's host met (issue 58: "stopped" within two
// seconds of a first start). The requests it was sent are sent again to the new one. A call's time
// counts from when the worker starts it, not from when it was sent: a request queued behind
// others (a table's guests ask too) waits without a clock, while the one being worked on has its
// own; a call sent before Python is ready waits for the boot, under the boot's limit. The first
// channel of a page adopts the worker that early.js started, if there is one.
//
// The worker ends with the page (endingWithThePage). Firefox and WebKit keep a page the reader
// left in their back-forward cache with its worker frozen, still holding what it held: in WebKit
// an IndexedDB transaction, after which no other page could save a game or take a snapshot (its
// sandbox waited, then failed); in Firefox a wasm compile that kept a compiler thread. The page
// itself never opens IndexedDB, for the same reason: what it knows of the saves is saved.js's mark.

import { markSaved } from "./saved.js";

const WORKER_URL = new URL("worker.mjs", import.meta.url);
const BOOT_TIMEOUT_MS = 180_000; // a call sent before Python is ready waits for the boot too
const CALL_TIMEOUT_MS = 60_000; // from the worker's start of the call
const LOAD_ATTEMPTS = 3;

export const MESSAGES = {
  stopped: "Python のワーカーが止まりました。",
  notLoaded: "Python のワーカーが止まりました。そのファイルが届きませんでした（通信を確かめてください）。",
  timeout: (seconds) => `Python から ${seconds} 秒たっても応答がありません。`,
};

let current = null;

/** The session's channel, started on first use. */
export function connect() {
  current ??= openChannel();
  return current;
}

function openChannel() {
  const early = window.__rbEarlyWorker?.adopt() ?? { worker: null, events: [] };
  let worker = early.worker ?? newWorker();
  let attempts = 1;
  let heard = false; // the worker has said something: its files loaded
  window.__rbWorkerStarts = (window.__rbWorkerStarts ?? 0) + 1;
  const pending = new Map(); // request id -> {settle(reply), started(), message}
  const listeners = new Set();
  let progress = { stage: "runtime" };
  let stopped = null; // the reason, once the worker is gone
  let lastId = 0;

  const publish = (message) => {
    progress = message;
    for (const listener of listeners) listener(message);
  };

  const stop = (reason) => {
    if (stopped) return;
    stopped = reason;
    worker.terminate();
    if (current === channel) current = null;
    for (const { settle } of pending.values()) settle({ ok: false, error: { message: reason } });
    publish({ stage: "error", message: reason });
  };

  /** The worker whose files did not load, replaced by a fresh one that gets every request. */
  const reload = () => {
    worker.terminate();
    attempts += 1;
    worker = newWorker();
    listen(worker);
    for (const { message } of pending.values()) worker.postMessage(message);
  };

  const handlers = {
    message({ data }) {
      heard = true;
      if (data.type === "snapshot" || data.type === "downloaded") return;
      if (data.type === "saved") return markSaved(data.game, true);
      if (data.type === "started") pending.get(data.id)?.started();
      else if (data.type !== "progress") pending.get(data.id)?.settle(data);
      else if (data.stage === "error") stop(data.message);
      else publish(data);
    },
    error(event) {
      event.preventDefault();
      if (event.message) return stop(event.message); // an error thrown in the worker
      if (heard) return stop(MESSAGES.stopped);
      if (attempts < LOAD_ATTEMPTS) return reload();
      stop(MESSAGES.notLoaded);
    },
    messageerror: () => stop(MESSAGES.stopped),
  };
  const listen = (target) => {
    for (const [type, handler] of Object.entries(handlers)) target.addEventListener(type, handler);
  };
  listen(worker);

  function send(type, payload) {
    if (stopped) return Promise.reject(new Error(stopped));
    const id = ++lastId;
    let timer;
    const clock = (limit) => {
      clearTimeout(timer);
      timer = setTimeout(() => stop(MESSAGES.timeout(limit / 1000)), limit);
    };
    return new Promise((resolve, reject) => {
      const message = { id, type, payload };
      pending.set(id, {
        settle: (reply) => (reply.ok ? resolve(reply.result) : reject(new Error(reply.error.message))),
        started: () => clock(CALL_TIMEOUT_MS),
        message,
      });
      if (progress.stage !== "ready") clock(BOOT_TIMEOUT_MS);
      worker.postMessage(message);
    }).finally(() => {
      clearTimeout(timer);
      pending.delete(id);
    });
  }

  const channel = {
    /** A bridge request; resolves with the bridge's reply object. */
    call: (payload) => send("call", payload),
    /** Reopen the game the worker saved for `game` (the reply of "open", or {ok: false}). */
    resume: (payload) =>
      send("resume", payload).then((reply) => {
        if (reply.missing) markSaved(payload.game, false); // the mark was wrong: gone for the next visit
        return reply;
      }),
    /** Progress of the boot, now and later, until `signal` aborts. */
    watch(listener, signal) {
      listeners.add(listener);
      signal.addEventListener("abort", () => listeners.delete(listener));
      listener(progress);
    },
  };
  // What the early worker said before it was adopted, once `current` is this channel (a stop()
  // on replay must be able to clear it), and before anything it says next.
  queueMicrotask(() => early.events.forEach((event) => handlers[event.type](event)));
  return channel;
}

function newWorker() {
  return endingWithThePage(new Worker(WORKER_URL, { type: "module" }));
}

/** `worker`, stopped when the page is left; should the browser show the page again from its
 * back-forward cache, the page reloads (the game resumes from the worker's save). early.js does
 * the same for the worker it starts. */
function endingWithThePage(worker) {
  const leave = () => {
    worker.terminate();
    addEventListener("pageshow", (event) => event.persisted && location.reload(), { once: true });
  };
  addEventListener("pagehide", leave, { once: true });
  return worker;
}
