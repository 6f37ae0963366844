// A table's phones awake and told: while a table game is on, each device holds a screen wake lock
// (a phone put down between turns would otherwise lock its screen, and its browser may then freeze
// the page and its connection), asked again whenever the page is shown again (a hidden page loses
// it); where there is none, the reader is told once to keep the screen on. When the device's seat
// becomes to move, the phone vibrates briefly (where it can, unless the reader turned it off), the
// tab's title says so, and the sandbox is marked (table.css makes the seat's own dock stand out).
// It knows no game: it reads a frame's `next` ("human": this device's seat is to move).

import { h } from "../ui.js";

export const AWAKE_TEXT = {
  keepOn: "この端末は画面を点けたままにできません。ゲームのあいだは、画面が消えないようにしておいてください。",
  yourTurn: "あなたの番",
  buzz: "自分の番で振動する",
  buzzShort: "振動", // its words where the switch sits in a phone's panel bar (table.css)
};
const BUZZ_MS = 200;
const BUZZ_KEY = "rb-table-buzz"; // "off" when the reader turned the vibration off

/** Hold the screen awake until `release()`; `notice(text)` says once that it cannot. */
export function keepAwake(notice) {
  let lock = null;
  let held = true;
  async function request() {
    if (!held || document.visibilityState !== "visible" || (lock && !lock.released)) return;
    try {
      lock = await navigator.wakeLock.request("screen");
    } catch {
      lock = null; // refused now (a battery saver, say): asked again when the page is shown again
    }
  }
  const onVisible = () => request();
  if (!navigator.wakeLock) notice(AWAKE_TEXT.keepOn);
  else {
    document.addEventListener("visibilitychange", onVisible);
    request();
  }
  return {
    release() {
      held = false;
      document.removeEventListener("visibilitychange", onVisible);
      lock?.release().catch(() => {});
      lock = null;
    },
  };
}

/** The sign that this device's seat is to move, for `host` (the sandbox element). Returns
 * {update(frame), toggle: the vibration's checkbox, stop()}. The checkbox is named by its whole
 * words wherever it sits; a phone's panel bar shows only the short ones (table.css). */
export function turnSignal(host) {
  const title = document.title;
  let mine = false;
  const box = h("input", { type: "checkbox", checked: localStorage.getItem(BUZZ_KEY) !== "off", ariaLabel: AWAKE_TEXT.buzz });
  box.addEventListener("change", () => localStorage.setItem(BUZZ_KEY, box.checked ? "on" : "off"));
  const words = h("span", { className: "rb-buzz-words", textContent: AWAKE_TEXT.buzz });
  const short = h("span", { className: "rb-buzz-short", textContent: AWAKE_TEXT.buzzShort });
  const toggle = h("label", { className: "rb-table-buzz", hidden: typeof navigator.vibrate !== "function" }, box, words, short);
  return {
    toggle,
    update(frame) {
      const now = frame.next === "human";
      if (now && !mine && box.checked) navigator.vibrate?.(BUZZ_MS);
      mine = now;
      document.title = now ? `${AWAKE_TEXT.yourTurn} – ${title}` : title;
      host.toggleAttribute("data-rb-your-turn", now);
    },
    stop() {
      document.title = title;
      host.removeAttribute("data-rb-your-turn");
    },
  };
}
