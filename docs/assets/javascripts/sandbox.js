// Entry of the sandbox shell (a classic script, so that it runs everywhere): where a sandbox can
// run, it loads the shell's ES modules (sandbox/); where it cannot (opened as file://, no
// WebAssembly or Worker), it says so in every sandbox and the rules stay readable.
(() => {
  "use strict";

  const SHELL_URL = new URL("sandbox/index.js", document.currentScript.src);
  const FILE_PROTOCOL =
    "この遊び場は file:// では動きません。HTTP サーバーで配信してください（例: python3 -m http.server）。ルールはこのまま読めます。";
  const UNSUPPORTED =
    "このブラウザーでは遊び場を動かせません（WebAssembly と Web Worker が必要です）。ルールはこのまま読めます。";

  function blocker() {
    if (location.protocol === "file:") return FILE_PROTOCOL;
    if (typeof WebAssembly !== "object" || typeof Worker !== "function") return UNSUPPORTED;
    return null;
  }

  function explain(message) {
    for (const el of document.querySelectorAll(".rb-sandbox")) {
      const note = document.createElement("p");
      note.className = "rb-blocked";
      note.textContent = message;
      el.replaceChildren(note);
      el.dataset.rbState = "error";
    }
  }

  const blocked = blocker();
  if (!blocked) {
    // A worked example's or a tutorial's button may be pressed before the shell has loaded: keep
    // the last one.
    let early = null;
    let leaving = false; // a reader who leaves while the shell loads cuts its download short
    const remember = (event) => (early = event.target.closest(".rb-open-scenario, .rb-open-tutorial") ?? early);
    document.addEventListener("click", remember);
    addEventListener("pagehide", () => (leaving = true));
    import(SHELL_URL).then(
      (shell) => {
        document.removeEventListener("click", remember);
        shell.start();
        early?.click();
      },
      (err) => leaving || console.error("rb: the sandbox shell did not load", err),
    );
    return;
  }
  const run = () => explain(blocked);
  // material's document$ is stopped on file:// and never emits there.
  if (window.document$ && !window.document$.isStopped) window.document$.subscribe(run);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run);
  else run();
})();
