// The site offline (a classic script on every page; sw.js does the keeping). Once the page's
// sandbox has been ready for a few seconds (or the page loaded, where it has none) and the browser
// has an idle moment, it registers the service worker, which then fetches the whole build in the
// background: neither the first start of Python nor the reader's first moves with it (a bot's
// reply, the search index built 3 s after ready: early.js) share the link or the CPU with it.
//
// States of the one notice it may show (bottom of the screen, role=status; never over the sandbox
// opened over the rules on a phone, offline.css):
//   hidden -> ready    「このサイトはオフラインでも使えます（約 N MB）」, once per site (its scope:
//                      two sites may share an origin)
//   hidden -> stopped  the first keeping failed (the network cut): said, and tried again when the
//                      browser is back online (or on the next page)
//   hidden -> update   「新しい版があります」 with 新しい版にする, which switches to it and reloads the
//                      page (the game in progress resumes from its save), and あとで; held while a
//                      table of phones is on the page (offline.css): reloading would cut every
//                      friend's phone off, and the new version can wait for the game's end
// When any tab switches, every tab of the site reloads onto the new version (a page of the old one
// would fetch the new build's files), a tab with a table on once its table has closed.
// A guest's page at a table (an invitation's #join=…) keeps nothing: it runs no Python, and the
// table needs the network anyway; a reader keeps the site on their own visit. Not on file:// (no
// service worker there: the site works from a folder as before).
(() => {
  "use strict";

  if (location.protocol === "file:" || !("serviceWorker" in navigator)) return;

  const ROOT = new URL("../../", document.currentScript.src);
  const NOTED = `rb:offline-noted:${ROOT.pathname}`;
  const JOINED = /^#join=/.test(location.hash); // read now: the guest's page drops its fragment
  const TABLE_ON = ".rb-sandbox[data-rb-table], .rb-sandbox[data-rb-guest]"; // component.js marks them
  const AFTER_START_MS = 5000;
  const IDLE_WAIT_MS = 2000; // at most, where the browser never says it is idle
  const READY_SHOWN_MS = 10_000; // the quiet note goes by itself; the offer of an update stays
  const TEXT = {
    ready: (mb) => `このサイトはオフラインでも使えます（約\u00a0${mb}\u00a0MB）`,
    stopped: "オフライン用の保存が途中で止まりました。ネットワークにつながると、続きから保存します。",
    update: "新しい版があります",
    reload: "新しい版にする",
    close: "閉じる",
    later: "あとで",
  };

  const notice = mountNotice();
  // A page that came from a kept version reloads when another takes over (the first keeping takes
  // over pages that came from the network: nothing to reload there).
  const controlled = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => controlled && reloadWithoutTable());
  afterTheStart().then(() => {
    if (JOINED || document.querySelector(".rb-sandbox[data-rb-guest]")) {
      document.documentElement.dataset.rbOffline = "guest"; // for the tests: nothing registered, nothing kept
      return;
    }
    navigator.serviceWorker.ready.then(kept);
    register();
  });

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

  /** Register the service worker (again, after a failure: the browser resumes its keeping where
   * it stopped), and follow its installs: a new version's offer, a failure said. */
  async function register() {
    let registration;
    try {
      registration = await navigator.serviceWorker.register(new URL("sw.js", ROOT), { scope: ROOT.href });
    } catch (err) {
      console.warn("rb: the site cannot be kept for offline use here", err);
      // sw.js could not be fetched (the network cut), unlike a browser that allows no service
      // worker here (a SecurityError): that one is not told
      if (err instanceof TypeError || !navigator.onLine) stopped();
      return;
    }
    const follow = (worker) =>
      worker?.addEventListener("statechange", () => {
        if (worker.state === "installed") offer(registration);
        if (worker.state === "redundant" && !registration.active) stopped(); // the first keeping failed
      });
    offer(registration);
    follow(registration.installing);
    registration.addEventListener("updatefound", () => follow(registration.installing));
  }

  /** The first keeping stopped (a download failed, or sw.js could not be fetched): say so, and
   * go on when the browser is back online. */
  function stopped() {
    notice.show("stopped", TEXT.stopped, [[TEXT.close, notice.hide]]);
    addEventListener(
      "online",
      () => {
        if (notice.kind() === "stopped") notice.hide();
        register();
      },
      { once: true },
    );
  }

  /** The whole build is kept: say so, once per site. */
  function kept() {
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
   * coach, whose pointed piece it could cover, nor at a table of phones, whose QR codes and seats
   * it could lie on (a later page or visit says it instead), and not over the sandbox opened over
   * the rules on a phone, whose board and hand it would lie on for its ten seconds: once the
   * reader is back to the rules. */
  async function noteReady() {
    const busy = () => document.querySelector(`.rb-coach:not([hidden]), ${TABLE_ON}`);
    if (busy()) return;
    await panelClosed();
    const { active } = await navigator.serviceWorker.ready;
    const channel = new MessageChannel();
    const about = new Promise((resolve) => (channel.port1.onmessage = ({ data }) => resolve(data)));
    active.postMessage({ type: "about" }, [channel.port2]);
    const { bytes } = await about;
    if (busy()) return; // begun meanwhile
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
   * is nothing to switch from): offer to switch to it. The switch reloads every tab of the site
   * (controllerchange). */
  function offer(registration) {
    if (!registration.waiting || !navigator.serviceWorker.controller) return;
    const switchOver = () => registration.waiting?.postMessage({ type: "skip-waiting" });
    notice.show("update", TEXT.update, [[TEXT.reload, switchOver, true], [TEXT.later, notice.hide]]);
  }

  /** Reload this page onto the version now in charge, once no table of phones is on it: a host's
   * reload would cut every friend off, a guest's its own seat. */
  function reloadWithoutTable() {
    const reloadIfFree = () => !document.querySelector(TABLE_ON) && (location.reload(), true);
    if (reloadIfFree()) return;
    const watch = new MutationObserver(() => reloadIfFree() && watch.disconnect());
    const marks = ["data-rb-table", "data-rb-guest"];
    watch.observe(document.body, { attributes: true, attributeFilter: marks, subtree: true, childList: true });
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
      kind: () => (box.hidden ? null : box.dataset.kind),
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
