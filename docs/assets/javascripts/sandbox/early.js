// Start the sandbox's worker while the page is still loading: build_tools/mkdocs_hooks.py copies
// this script inline, first in the <head> of every page with a sandbox (a file would cost a
// request before it could run), with the worker's URL relative to the page in data-worker. So
// Python's downloads and start overlap the page's own (material's bundle, the stylesheets, the
// shell's modules). channel.js adopts the worker, with every message it sent before then.
(() => {
  "use strict";

  if (location.protocol === "file:" || typeof WebAssembly !== "object" || typeof Worker !== "function") {
    return; // sandbox.js explains why the sandbox cannot run
  }
  const url = new URL(document.currentScript.dataset.worker, document.baseURI);
  const worker = new Worker(url, { type: "module" });
  const events = [];
  const keep = (event) => {
    if (event.type === "error") event.preventDefault(); // channel.js reports it, once adopted
    events.push(event);
  };
  for (const type of ["message", "error", "messageerror"]) worker.addEventListener(type, keep);
  window.__rbEarlyWorker = {
    worker,
    /** Hand the worker over: stop keeping its events and return the ones kept so far. */
    adopt() {
      for (const type of ["message", "error", "messageerror"]) worker.removeEventListener(type, keep);
      delete window.__rbEarlyWorker;
      return { worker, events };
    },
  };
})();
