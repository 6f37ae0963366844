// What a page with a sandbox does first, so that Python's start has the machine: build_tools/
// mkdocs_hooks.py copies this script inline, first in the <head> of every such page (a file would
// cost a request before it could run), with the worker's URL relative to the page in data-worker.
//
// - It starts the sandbox's worker while the page is still loading. So Python's downloads and
//   start overlap the page's own (material's bundle, the stylesheets, the shell's modules).
//   channel.js adopts the worker, with every message it sent before then.
// - The worker ends with the page, as channel.js's own do (see there).
// - It holds back material's search index until the sandbox has been ready (or failed) for a few
//   seconds, or the reader turns to search, whichever comes first. Material builds the index in
//   its own worker as soon as a page loads; on a two-core laptop, holding it until ready made a
//   return visit 0.14 s sooner (0.91 against 1.05 s) and a first one 0.22 s sooner (2.45 against
//   2.67 s) in one run of build_tools/bench (issue 13). Built right at ready, it slowed the
//   reader's first instant navigation instead (0.18 against 0.15 s), hence the few seconds.
(() => {
  "use strict";

  if (location.protocol === "file:" || typeof WebAssembly !== "object" || typeof Worker !== "function") {
    return; // sandbox.js explains why the sandbox cannot run
  }
  // A guest at a table runs no Python (table/guest.js), nor does a tab that only hands the host
  // a guest's answer (table/host.js).
  if (/^#(join|answer)=/.test(location.hash)) return;
  const url = new URL(document.currentScript.dataset.worker, document.baseURI);
  const worker = new Worker(url, { type: "module" });
  // A page shown again from the back-forward cache, its worker stopped, reloads.
  addEventListener(
    "pagehide",
    () => {
      worker.terminate();
      addEventListener("pageshow", (event) => event.persisted && location.reload(), { once: true });
    },
    { once: true },
  );
  const events = [];
  const keep = (event) => {
    if (event.type === "error") event.preventDefault(); // channel.js reports it, once adopted
    events.push(event);
  };
  for (const type of ["message", "error", "messageerror"]) worker.addEventListener(type, keep);
  holdSearchIndex(worker);
  window.__rbEarlyWorker = {
    worker,
    /** Hand the worker over: stop keeping its events and return the ones kept so far. */
    adopt() {
      for (const type of ["message", "error", "messageerror"]) worker.removeEventListener(type, keep);
      delete window.__rbEarlyWorker;
      return { worker, events };
    },
  };

  /** Keep material's index setup (message type 0, {config, docs, options}, to its search worker)
   * until `worker` has been ready (or failed) for a few seconds, the reader's first moments with
   * the sandbox, or until the reader focuses the search box, or 10 s after the page's start. */
  function holdSearchIndex(worker) {
    const SEARCH_SETUP = 0;
    const AFTER_READY_MS = 3000;
    const post = Worker.prototype.postMessage;
    const held = [];
    let holding = true;
    const release = () => {
      holding = false;
      for (const [target, args] of held.splice(0)) post.apply(target, args);
    };
    Worker.prototype.postMessage = function postMessage(...args) {
      const [message] = args;
      if (!holding || message?.type !== SEARCH_SETUP || !message.data?.docs) {
        return post.apply(this, args);
      }
      held.push([this, args]);
    };
    worker.addEventListener("message", ({ data }) => {
      if (data?.type === "progress" && (data.stage === "ready" || data.stage === "error")) {
        setTimeout(release, AFTER_READY_MS);
      }
    });
    worker.addEventListener("error", release);
    document.addEventListener("focusin", ({ target }) => target.matches?.(".md-search__input") && release());
    setTimeout(release, 10_000);
  }
})();
