// What a page with a sandbox does first, so that Python's start has the machine: build_tools/
// mkdocs_hooks.py copies this script inline, first in the <head> of every such page (a file would
// cost a request before it could run), with the worker's URL relative to the page in data-worker.
//
// - It starts the sandbox's worker while the page is still loading. So Python's downloads and
//   start overlap the page's own (material's bundle, the stylesheets, the shell's modules).
//   channel.js adopts the worker, with every message it sent before then.
// - It asks for every module of the shell at once and fetches the sandbox's pre-drawn board; as
//   soon as the parser has the sandbox, it draws that board there (first/draw.js, copied inline
//   before this script), and the shell's modules mount the sandbox over it once they run.
// - The worker ends with the page, as channel.js's own do (see there).
// - On a guest's page (an invitation's link) it starts no worker; it asks for the shell's modules
//   at once and keeps material's bundle from running (startShell, withoutMaterial).
// - It holds back material's search: the index's download until the runtime's wasm is in, and its
//   building until the sandbox has been ready (or failed) for a few seconds, or the reader turns to
//   search, whichever comes first. Material fetches and builds the index as soon as a page loads;
//   on a two-core laptop, holding the building until ready made a return visit 0.14 s sooner (0.91
//   against 1.05 s) and a first one 0.22 s sooner (2.45 against 2.67 s) in one run of
//   build_tools/bench (issue 13). Built right at ready, it slowed the reader's first instant
//   navigation instead (0.18 against 0.15 s), hence the few seconds. The download, 0.36 MB from a
//   plain host, shared the link with the wasm on a first visit (issue 50).
(() => {
  "use strict";

  if (location.protocol === "file:" || typeof WebAssembly !== "object" || typeof Worker !== "function") {
    return; // sandbox.js explains why the sandbox cannot run
  }
  const url = new URL(document.currentScript.dataset.worker, document.baseURI);
  const { first, predrawn, shell } = document.currentScript.dataset;
  if (!/^#(join|answer)=/.test(location.hash)) fetchPredrawn(predrawn);
  preloadShell(url, shell);
  // A guest at a table runs no Python (table/guest.js), nor does a tab that only hands the host
  // a guest's answer (table/host.js); a guest's phone shows a seat, not the search, so material's
  // index (0.36 MB, the biggest download of a guest's start) waits until the reader turns to search.
  if (/^#(join|answer)=/.test(location.hash)) {
    untilSearch(holdIndex());
    startShell(url);
    if (location.hash.startsWith("#join=")) withoutMaterial();
    return;
  }
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
  holdSearch(worker);
  window.__rbEarlyWorker = {
    worker,
    /** Hand the worker over: stop keeping its events and return the ones kept so far. */
    adopt() {
      for (const type of ["message", "error", "messageerror"]) worker.removeEventListener(type, keep);
      delete window.__rbEarlyWorker;
      return { worker, events };
    },
  };
  mountWhenParsed(url, first);

  /** Every module of the shell (`modules`: paths from the worker's folder, mkdocs_hooks.py),
   * asked for at once, fetched and parsed but not run (modulepreload): imported level by level
   * once material's bundle had run, they came five round trips one after another. Added here, not
   * written in the page, where a file:// page (no module loads) would log each one's failure. */
  function preloadShell(workerUrl, modules = "") {
    for (const module of modules.split(" ").filter(Boolean)) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = new URL(module, workerUrl).href;
      document.head.append(link);
    }
  }

  /** The sandbox's pre-drawn frames (build_tools/predrawn.py), asked for first, before the
   * runtime and the shell, for predrawn.js (a failure, null, is its own to report). */
  function fetchPredrawn(file) {
    if (!file) return null;
    const href = new URL(file, document.baseURI).href;
    const fetched = fetch(href, { priority: "high" });
    window.__rbPredrawnFetch = { href, data: fetched.then((response) => (response.ok ? rbFirst.unpacked(response) : null)) };
  }

  /** The sandbox's board is drawn as the parser goes (first/draw.js), from the page's own copy of
   * its deals (`first`, mkdocs_hooks.py): beside the rules, as soon as the parser has the sidebar
   * there (the page's own script after it calls __rbSidebarParsed); else once it has the sandbox
   * (the script right after it calls __rbSandboxParsed). The shell's modules (every one asked for
   * already: preloadShell) then mount the sandbox, adopting what was drawn. Drawn by the modules
   * alone, the board came some 0.3-1 s after the page's first paint: Chromium ran them, and
   * Chromium and Firefox passed the pre-drawn file's fetch to the page, only once the page had
   * been parsed (build_tools/bench_predrawn). */
  function mountWhenParsed(workerUrl, first) {
    const shell = import(new URL("index.js", workerUrl));
    shell.catch(() => {}); // sandbox.js reports a shell that did not load
    const data = rbFirst.inflated(first);
    window.__rbSidebarParsed = () => rbFirst.drawAhead(data);
    window.__rbSandboxParsed = (sandbox) => {
      if (sandbox) rbFirst.draw(sandbox, data);
      shell.then((module) => module.mountParsed(), () => {});
    };
  }

  /** A guest's page has no Python to wait for, so its start is the shell's own modules: asked for
   * here, while the page still loads, they come in while the rules page is parsed (sandbox.js,
   * at the end of the page, then finds them loaded), with the QR encoder a guest's reply is drawn
   * with. Else each module's imports were asked for only once it
   * had come, after the page was parsed: some 0.7 s of a guest's 2.3 s start on a loaded
   * two-core machine (build_tools/bench_guest). Their top level only defines. */
  function startShell(workerUrl) {
    for (const module of ["index.js", "../../vendor/qr/index.js"]) {
      import(new URL(module, workerUrl)).catch(() => {}); // sandbox.js and qr.js report a failure
    }
  }

  /** A guest's phone shows a seat, so material's bundle does not run there: its start (header,
   * search, instant navigation, the page's components) took 1.5 s of the main thread in a
   * guest's 2.8 s start on a loaded two-core machine (a CPU profile; build_tools/bench_guest),
   * more than everything else together. The script is disarmed as the parser adds it: a
   * mutation's record is handled before the parser runs the script it has just added (a
   * browser that runs it anyway starts as before). The rules stay readable behind 「ルールに戻る」,
   * their links plain ones; what only the bundle makes work (search, the colour switch) is
   * hidden once the page is parsed without it. */
  function withoutMaterial() {
    const BUNDLE = /\/assets\/javascripts\/bundle\.[0-9a-f]+\.min\.js$/;
    const disarm = (records) => {
      for (const { addedNodes } of records) {
        for (const node of addedNodes) if (node.tagName === "SCRIPT" && BUNDLE.test(node.src)) node.type = "rb/not-run";
      }
    };
    const observer = new MutationObserver(disarm);
    observer.observe(document, { childList: true, subtree: true });
    const parsed = () => {
      observer.disconnect();
      if (window.document$) return; // the bundle ran after all
      const style = document.createElement("style");
      style.textContent = '.md-search, label[for="__search"], [data-md-component="palette"] { display: none; }';
      document.head.append(style);
    };
    document.addEventListener("DOMContentLoaded", parsed, { once: true });
  }

  /** Hold material's search back, so that Python's start has the link and the machine: the index's
   * download (0.36 MB from a host that compresses nothing) until the runtime's wasm is in, and the
   * index's setup in material's search worker (message type 0, {config, docs, options}) until
   * `worker` has been ready (or failed) for a few seconds, the reader's first moments with the
   * sandbox. Both go at once when the reader focuses the search box, and 10 s after the page's
   * start at the latest. */
  function holdSearch(worker) {
    const SEARCH_SETUP = 0;
    const AFTER_READY_MS = 3000;
    const releaseDownload = holdIndex();
    const releaseSetup = holdCalls(
      Worker.prototype,
      "postMessage",
      (_, message) => message?.type === SEARCH_SETUP && Boolean(message.data?.docs),
    );
    const releaseAll = () => {
      releaseDownload();
      releaseSetup();
    };
    worker.addEventListener("message", ({ data }) => {
      if (data?.type === "downloaded") releaseDownload();
      if (data?.type === "progress" && (data.stage === "ready" || data.stage === "error")) {
        releaseDownload();
        setTimeout(releaseSetup, AFTER_READY_MS);
      }
    });
    worker.addEventListener("error", releaseAll);
    untilSearch(releaseAll);
    setTimeout(releaseAll, 10_000);
  }

  /** Hold the download of material's search index; returns what lets it go. */
  function holdIndex() {
    const INDEX = /\/search\/search_index\.json$/;
    const opened = new WeakMap(); // XMLHttpRequest -> the URL it was opened with
    const open = XMLHttpRequest.prototype.open;
    XMLHttpRequest.prototype.open = function (method, url, ...rest) {
      opened.set(this, String(url));
      return open.call(this, method, url, ...rest);
    };
    return holdCalls(XMLHttpRequest.prototype, "send", (xhr) => INDEX.test(opened.get(xhr)));
  }

  /** `release` once the reader focuses the search box. */
  function untilSearch(release) {
    document.addEventListener("focusin", ({ target }) => target.matches?.(".md-search__input") && release());
  }

  /** Hold every call of prototype[name] for which `matches(this, ...args)` until the returned
   * function is called, then make them in order; calls after that go straight through. */
  function holdCalls(prototype, name, matches) {
    const call = prototype[name];
    const held = [];
    let holding = true;
    prototype[name] = function (...args) {
      if (!holding || !matches(this, ...args)) return call.apply(this, args);
      held.push([this, args]);
    };
    return () => {
      holding = false;
      for (const [target, args] of held.splice(0)) call.apply(target, args);
    };
  }
})();
