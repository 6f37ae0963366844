// The site offline (a classic script on every page; sw.js does the keeping). Once the page's
// sandbox is ready (or the page has loaded, where it has none) and the browser has an idle moment,
// it registers the service worker, which then fetches the whole build in the background: the
// first start of Python never shares the link or the CPU with it.
//
// States of the one notice it may show (bottom of the screen, role=status):
//   hidden -> ready   「このサイトはオフラインでも使えます（約 N MB）」, once per browser
//   hidden -> update  「新しい版があります」 and a button that switches to it and reloads the page
//                     (the game in progress resumes from its save)
// Not on file:// (no service worker there: the site works from a folder as before).
(() => {
  "use strict";

  if (location.protocol === "file:" || !("serviceWorker" in navigator)) return;

  const ROOT = new URL("../../", document.currentScript.src);
  const NOTED = "rb:offline-noted";
  const IDLE_WAIT_MS = 2000; // at most, where the browser never says it is idle
  const READY_SHOWN_MS = 10_000; // the quiet note goes by itself; the offer of an update stays
  const TEXT = {
    ready: (mb) => `このサイトはオフラインでも使えます（約 ${mb} MB）`,
    update: "新しい版があります",
    reload: "新しい版にする",
    close: "閉じる",
  };

  const notice = mountNotice();
  afterTheStart().then(register);

  /** The first sandbox on the page has left its loading state (ready or failed), or the page has
   * no sandbox and has loaded; then an idle moment. */
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
        window.requestIdleCallback ? requestIdleCallback(resolve, { timeout: IDLE_WAIT_MS }) : setTimeout(resolve, 0),
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
    if (!localStorage.getItem(NOTED)) noteReady();
  }

  /** Ask the active service worker how much it keeps, then say so once. */
  async function noteReady() {
    const { active } = await navigator.serviceWorker.ready;
    const channel = new MessageChannel();
    const about = new Promise((resolve) => (channel.port1.onmessage = ({ data }) => resolve(data)));
    active.postMessage({ type: "about" }, [channel.port2]);
    const { bytes } = await about;
    localStorage.setItem(NOTED, "yes");
    notice.show(TEXT.ready(Math.max(1, Math.round(bytes / 1e6))), { close: true });
  }

  /** A newer build's service worker is installed and waiting (the first one never waits: there
   * is nothing to switch from): offer to switch to it. */
  function offer(registration) {
    if (!registration.waiting || !navigator.serviceWorker.controller) return;
    document.documentElement.dataset.rbOffline = "update";
    notice.show(TEXT.update, {
      action: TEXT.reload,
      onAction() {
        navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
        registration.waiting?.postMessage({ type: "skip-waiting" });
      },
    });
  }

  /** The notice: built once, shown with a message and a close button or an action. */
  function mountNotice() {
    const box = Object.assign(document.createElement("div"), { className: "rb-offline-notice", hidden: true });
    box.setAttribute("role", "status");
    const text = document.createElement("span");
    const button = Object.assign(document.createElement("button"), { type: "button", className: "md-button" });
    box.append(text, button);
    let onButton = () => {};
    let hiding = null;
    button.addEventListener("click", () => onButton());
    const attach = () => document.body.append(box);
    if (document.body) attach();
    else addEventListener("DOMContentLoaded", attach, { once: true });
    return {
      show(message, { close = false, action = "", onAction = null }) {
        text.textContent = message;
        button.textContent = close ? TEXT.close : action;
        button.classList.toggle("md-button--primary", !close);
        onButton = close ? () => (box.hidden = true) : onAction;
        box.hidden = false;
        box.dataset.kind = close ? "ready" : "update";
        clearTimeout(hiding);
        if (close) hiding = setTimeout(() => (box.hidden = true), READY_SHOWN_MS);
      },
    };
  }
})();
