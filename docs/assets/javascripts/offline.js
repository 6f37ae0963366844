// The site offline (a classic script on every page; sw.js does the keeping). Once the page's
// sandbox has been ready for a few seconds (or the page loaded, where it has none) and the browser
// has an idle moment, it registers the service worker, which then fetches the whole build in the
// background: neither the first start of Python nor the reader's first moves with it (a bot's
// reply, the search index built 3 s after ready: early.js) share the link or the CPU with it.
//
// States of the one notice it may show (bottom of the screen, role=status; never over the sandbox
// opened over the rules on a phone, offline.css):
//   hidden -> ready   「このサイトはオフラインでも使えます（約 N MB）」, once per browser
//   hidden -> update  「新しい版があります」 with 新しい版にする, which switches to it and reloads the
//                     page (the game in progress resumes from its save), and あとで
// Not on file:// (no service worker there: the site works from a folder as before).
(() => {
  "use strict";

  if (location.protocol === "file:" || !("serviceWorker" in navigator)) return;

  const ROOT = new URL("../../", document.currentScript.src);
  const NOTED = "rb:offline-noted";
  const AFTER_START_MS = 5000;
  const IDLE_WAIT_MS = 2000; // at most, where the browser never says it is idle
  const READY_SHOWN_MS = 10_000; // the quiet note goes by itself; the offer of an update stays
  const TEXT = {
    ready: (mb) => `このサイトはオフラインでも使えます（約\u00a0${mb}\u00a0MB）`,
    update: "新しい版があります",
    reload: "新しい版にする",
    close: "閉じる",
    later: "あとで",
  };

  const notice = mountNotice();
  afterTheStart().then(register);

  /** The first sandbox on the page has left its loading state (ready or failed), or the page has
   * no sandbox and has loaded; a few seconds later, an idle moment. */
  function afterTheStart() {
    const started = () => {
      const sandbox = document.querySelector(".rb-sandbox");
      return !sandbox || !["loading", undefined].includes(sandbox.dataset.rbState);
    };
    const loaded = new Promise((resolve) =>
      document.readyState === "complete" ? resolve() : addEventListener("load", resolve, { once: true }),
    );
    const sandboxDone = new Promise((resolve) => {
      if (started()) return resolve();
      const watch = new MutationObserver(() => started() && (watch.disconnect(), resolve()));
      watch.observe(document.body, { attributes: true, attributeFilter: ["data-rb-state"], subtree: true, childList: true });
    });
    const idle = () =>
      new Promise((resolve) =>
        setTimeout(
          () => (window.requestIdleCallback ? requestIdleCallback(resolve, { timeout: IDLE_WAIT_MS }) : resolve()),
          AFTER_START_MS,
        ),
      );
    return Promise.all([loaded, sandboxDone]).then(idle);
  }

  async function register() {
    let registration;
    try {
      registration = await navigator.serviceWorker.register(new URL("sw.js", ROOT), { scope: ROOT.href });
    } catch (err) {
      console.warn("rb: the site cannot be kept for offline use here", err);
      return;
    }
    const offerWhenInstalled = (worker) =>
      worker?.addEventListener("statechange", () => worker.state === "installed" && offer(registration));
    offer(registration);
    offerWhenInstalled(registration.installing);
    registration.addEventListener("updatefound", () => offerWhenInstalled(registration.installing));
    await navigator.serviceWorker.ready;
    document.documentElement.dataset.rbOffline = "ready"; // for the tests: the whole build is kept
    if (!remembered()) noteReady();
  }

  /** Whether this browser was told already (a browser that keeps nothing is told every time). */
  function remembered() {
    try {
      return localStorage.getItem(NOTED) !== null;
    } catch {
      return false;
    }
  }

  /** Ask the active service worker how much it keeps, then say so once: not over a tutorial's
   * coach, whose pointed piece it could cover (a later page or visit says it instead), and not
   * over the sandbox opened over the rules on a phone, whose board and hand it would lie on for
   * its ten seconds: once the reader is back to the rules. */
  async function noteReady() {
    if (document.querySelector(".rb-coach:not([hidden])")) return;
    await panelClosed();
    const { active } = await navigator.serviceWorker.ready;
    const channel = new MessageChannel();
    const about = new Promise((resolve) => (channel.port1.onmessage = ({ data }) => resolve(data)));
    active.postMessage({ type: "about" }, [channel.port2]);
    const { bytes } = await about;
    try {
      localStorage.setItem(NOTED, "yes");
    } catch {}
    notice.show("ready", TEXT.ready(Math.max(1, Math.round(bytes / 1e6))), [[TEXT.close, notice.hide]]);
  }

  /** Resolves once no sandbox is open over the rules (layout.js marks the page while one is). */
  function panelClosed() {
    const root = document.documentElement;
    const closed = () => root.dataset.rbPanel !== "open";
    return new Promise((resolve) => {
      if (closed()) return resolve();
      const watch = new MutationObserver(() => closed() && (watch.disconnect(), resolve()));
      watch.observe(root, { attributes: true, attributeFilter: ["data-rb-panel"] });
    });
  }

  /** A newer build's service worker is installed and waiting (the first one never waits: there
   * is nothing to switch from): offer to switch to it. */
  function offer(registration) {
    if (!registration.waiting || !navigator.serviceWorker.controller) return;
    const switchOver = () => {
      navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
      registration.waiting?.postMessage({ type: "skip-waiting" });
    };
    notice.show("update", TEXT.update, [[TEXT.reload, switchOver, true], [TEXT.later, notice.hide]]);
  }

  /** The notice: mounted once; show(kind, message, actions) replaces what it says and its buttons
   * ([label, run, primary?]); a "ready" note goes by itself, an "update" offer stays. */
  function mountNotice() {
    const box = Object.assign(document.createElement("div"), { className: "rb-offline-notice", hidden: true });
    box.setAttribute("role", "status");
    let hiding = null;
    const hide = () => (box.hidden = true);
    const attach = () => document.body.append(box);
    if (document.body) attach();
    else addEventListener("DOMContentLoaded", attach, { once: true });
    return {
      hide,
      show(kind, message, actions) {
        const buttons = actions.map(([label, run, primary]) => {
          const button = Object.assign(document.createElement("button"), { type: "button", textContent: label });
          button.className = primary ? "md-button md-button--primary" : "md-button";
          button.addEventListener("click", run);
          return button;
        });
        const group = Object.assign(document.createElement("div"), { className: "rb-offline-actions" });
        group.append(...buttons);
        box.replaceChildren(Object.assign(document.createElement("span"), { textContent: message }), group);
        box.dataset.kind = kind;
        box.hidden = false;
        clearTimeout(hiding);
        if (kind === "ready") hiding = setTimeout(hide, READY_SHOWN_MS);
      },
    };
  }
})();
