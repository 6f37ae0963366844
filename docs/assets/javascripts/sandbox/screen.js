// The game screen's shared parts (ARCHITECTURE.md, "The game screen on a phone"). It knows no
// game: it reads the classes every view draws (`.rb-seat[data-seat]`, its `.rb-seat-head`,
// `.rb-scores`) and adds what a phone needs:
// - narrow (the sandbox's content 440 px wide or less, as the CSS container query says, or a
//   screen too low to show a seat whole, but not pinned beside the rules: data-rb-narrow on the
//   sandbox), another seat shows its head line alone; a tap on the head
//   (or Enter/Space) shows it whole, and the choice holds from frame to frame;
// - notices (`notify`): status lines under the status line, in view, gone after a few seconds or
//   at a tap on them, and kept in the log's お知らせ; never over a QR code or a camera's picture
//   (data-rb-keep-clear);
// - seat notes (`setSeatNote`): a line of the shell's own in a seat's area (the table's),
//   put back after every frame;
// - layers: narrow, 「得点表」 by the status line shows the running score sheet over the table
//   (while the game is on it is out of the flow), 「記録」 the moves and notices; pressed again,
//   or Escape, they go.
// - a layer (ヒント's details) kept clear of the piece it marks (`keepClear`).
// createScreen(...) -> { afterFrame, notify, setSeatNote, toggleSeat, keepClear, notices, noticeLog,
//   layerButtons }

import { h } from "./ui.js";

const NARROW_PX = 440; // keep equal to the container queries of sandbox.css and the games' CSS
const SHORT = "screen and (max-height: 29.984375em)"; // as sandbox.css's phone on its side
const NOTICE_MS = 6000;
const GAP_PX = 8; // between a layer and the piece it keeps clear of
const MIN_LAYER_PX = 72; // a layer cut shorter would show no line of its own
const TEXT = {
  notices: "お知らせ",
};
/** The layers a button by the status line opens over the table, narrow: its name on the button,
 * shut and open (sandbox.css shows `[data-rb-layer=<name>]`). */
const LAYERS = {
  sheet: ["得点表", "得点表を閉じる"], // the board's running score sheet (.rb-scores)
  log: ["記録", "記録を閉じる"], // the moves and notices (手の記録)
};
// What it adds to the engine's board (a test comparing the board with the engine's HTML takes it
// away first: BOARD_DIFFERENCE in tests/browser/helpers.py): data-rb-expanded on a seat; tabindex,
// role and aria-expanded on its head line; .rb-seat-note nodes; tabindex on a shown score sheet.

export function createScreen({ host, board, signal }) {
  const expanded = new Set(); // the seats the reader opened, by number
  const notes = new Map(); // seat number -> the node put in its area
  const notices = h("div", { className: "rb-notices" });
  notices.setAttribute("role", "status");
  notices.setAttribute("aria-live", "polite");
  const noticeLog = h("ol", { className: "rb-notice-log", ariaLabel: TEXT.notices, hidden: true });
  const buttons = Object.fromEntries(
    Object.keys(LAYERS).map((name) => {
      const className = `md-button rb-panel-tool rb-layer-button rb-${name}-button`;
      const button = h("button", { type: "button", className, hidden: true });
      button.addEventListener("click", () => showLayer(host.dataset.rbLayer === name ? null : name), { signal });
      return [name, button];
    }),
  );
  const narrow = () => host.hasAttribute("data-rb-narrow");

  // narrow: a phone in portrait, or any screen too low to show a seat whole (a phone on its side)
  const short = matchMedia(SHORT);
  let width = Infinity; // of the sandbox's content, as the container queries measure it
  // only a change of state redraws (a redraw inside the observer's own report would ask it again)
  const measure = () => {
    const docked = document.documentElement.dataset.rbLayout === "side"; // beside the rules: room to read
    const narrowNow = !docked && (width <= NARROW_PX || short.matches);
    if (narrowNow === narrow()) return;
    host.toggleAttribute("data-rb-narrow", narrowNow);
    afterFrame();
  };
  // the width alone counts (folding changes the height), measured at the next frame, outside the
  // observer's report (WebKit reports a change made within it as a loop)
  const sizes = new ResizeObserver(([entry]) => {
    if (entry.contentRect.width === width) return;
    width = entry.contentRect.width;
    requestAnimationFrame(() => signal.aborted || measure());
  });
  sizes.observe(host);
  short.addEventListener("change", measure, { signal });
  signal.addEventListener("abort", () => {
    sizes.disconnect();
    delete host.dataset.rbNarrow;
    delete host.dataset.rbLayer;
  });

  const otherSeats = () => [...board.querySelectorAll(".rb-seat[data-seat]")].filter((seat) => !seat.closest(".rb-dock"));

  /** After every frame (and a change of width): seats folded or whole, notes back in place, the
   * 得点表 button shown where the board keeps a sheet while the game is on. */
  function afterFrame() {
    for (const seat of otherSeats()) {
      const head = seat.querySelector(":scope > .rb-seat-head");
      const open = expanded.has(seat.dataset.seat);
      seat.toggleAttribute("data-rb-expanded", open);
      if (!head) continue;
      if (narrow()) {
        head.tabIndex = 0;
        head.setAttribute("role", "button");
        head.setAttribute("aria-expanded", String(open));
      } else {
        for (const name of ["tabindex", "role", "aria-expanded"]) head.removeAttribute(name);
      }
    }
    for (const [seat, node] of notes) {
      const area = board.querySelector(`.rb-seat[data-seat="${CSS.escape(seat)}"]`);
      if (area && node.parentElement !== area) area.append(node);
    }
    const sheets = Boolean(board.querySelector(".rb-scores")) && host.dataset.rbNext !== "over";
    buttons.sheet.hidden = !sheets || !narrow();
    buttons.log.hidden = !narrow();
    const open = host.dataset.rbLayer;
    showLayer(open && !buttons[open].hidden ? open : null);
  }

  /** One layer over the table (null: none); a score sheet shown scrolls within itself and so
   * takes the keyboard's focus. */
  function showLayer(name) {
    if (name) host.dataset.rbLayer = name;
    else delete host.dataset.rbLayer;
    for (const sheet of board.querySelectorAll(".rb-scores")) {
      if (name === "sheet") sheet.tabIndex = 0;
      else sheet.removeAttribute("tabindex");
    }
    for (const [which, button] of Object.entries(buttons)) {
      button.textContent = LAYERS[which][which === name ? 1 : 0];
      button.setAttribute("aria-expanded", String(which === name));
    }
  }

  /** A tap on another seat's head line (narrow): that seat whole, or folded again. True when the
   * event was that. */
  function toggleSeat(event) {
    const head = event.target.closest(".rb-seat-head");
    const seat = head?.parentElement;
    if (!narrow() || !seat?.matches(".rb-seat[data-seat]") || seat.closest(".rb-dock")) return false;
    const number = seat.dataset.seat;
    if (expanded.has(number)) expanded.delete(number);
    else expanded.add(number);
    afterFrame();
    return true;
  }

  function notify(text) {
    const line = h("p", { className: "rb-notice", textContent: text });
    const watching = notices.childElementCount > 0;
    notices.append(line);
    noticeLog.append(h("li", { textContent: text }));
    noticeLog.hidden = false;
    const timer = setTimeout(() => line.remove(), NOTICE_MS);
    signal.addEventListener("abort", () => clearTimeout(timer));
    // a toast: a tap puts it away at once (on a phone's game screen it lies over the panel's bar,
    // whose buttons it would hide for its six seconds); the log and the live region keep its words
    line.addEventListener("click", () => {
      clearTimeout(timer);
      line.remove();
    });
    if (!watching) giveWay();
  }

  /** While notices are up, frame by frame: where they would lie over what a camera must see whole
   * (a table's QR code, the camera's own picture: data-rb-keep-clear) they are not shown, however
   * the page scrolls or the table changes under them; the log keeps them. What lies above the
   * status line's foot counts not: on the game screen the notices lie over the bar and the status
   * line, and a code scrolled under those is not seen anyway. */
  function giveWay() {
    notices.hidden = false;
    if (signal.aborted || !notices.childElementCount) return;
    const shown = notices.getBoundingClientRect();
    const foot = host.querySelector(".rb-head").getBoundingClientRect().bottom;
    notices.hidden = [...host.querySelectorAll("[data-rb-keep-clear]")].some((node) => {
      const r = node.getBoundingClientRect();
      const top = Math.max(r.top, foot);
      return r.width > 0 && top < r.bottom && top < shown.bottom && r.bottom > shown.top;
    });
    requestAnimationFrame(giveWay);
  }

  /** Put `node` in seat `seat`'s area after every frame; null takes it away. */
  function setSeatNote(seat, node) {
    notes.get(String(seat))?.remove();
    if (node) notes.set(String(seat), node);
    else notes.delete(String(seat));
    afterFrame();
  }

  /** A layer by the status line (ヒント's details) must not lie over what the decision is about:
   * on a phone's game screen the layers lie over the panel's bar and the status line (sandbox.css)
   * and this one reaches the status line's foot, no further (the table where it was) and no
   * shorter (a short one left the status line's last line peeking out under it); elsewhere narrow
   * (a tutorial, the panel closed) it lies under the status line, cut short above the piece it
   * marks, and where even a short layer would cover it, the screen scrolls the piece down clear of
   * it. */
  function keepClear(piece, layer) {
    for (const name of ["min-height", "border-bottom"]) layer.style.removeProperty(name); // an earlier call's
    if (!narrow() || layer.hidden) return;
    if (getComputedStyle(layer.parentElement).position === "fixed") {
      const foot = host.querySelector(".rb-head").getBoundingClientRect().bottom;
      const height = `${Math.max(foot - layer.getBoundingClientRect().top, MIN_LAYER_PX)}px`;
      layer.style.maxHeight = height;
      layer.style.minHeight = height;
      endOnAWholeLine(layer);
      return;
    }
    if (!piece) return;
    const [p, l] = [piece.getBoundingClientRect(), layer.getBoundingClientRect()];
    if (p.top >= l.bottom || p.bottom <= l.top) return;
    const room = p.top - l.top - GAP_PX;
    layer.style.maxHeight = `${Math.max(room, MIN_LAYER_PX)}px`;
    const still = layer.getBoundingClientRect().bottom + GAP_PX - p.top;
    if (still > 0) (host.closest(".rb-panel--open") ?? document.scrollingElement).scrollBy(0, -still);
  }

  /** A layer that scrolls within itself shows whole lines: the part of its height under its last
   * whole line becomes its bottom border, in its own colour (its second or third line was cut at its
   * bottom edge). */
  function endOnAWholeLine(layer) {
    if (layer.scrollHeight <= layer.clientHeight) return;
    const box = layer.getBoundingClientRect();
    const style = getComputedStyle(layer);
    const end = box.bottom - parseFloat(style.borderBottomWidth);
    let last = box.top + parseFloat(style.borderTopWidth) + parseFloat(style.paddingTop);
    const range = document.createRange();
    const texts = document.createTreeWalker(layer, NodeFilter.SHOW_TEXT);
    for (let text = texts.nextNode(); text; text = texts.nextNode()) {
      range.selectNodeContents(text);
      for (const line of range.getClientRects()) if (line.bottom <= end) last = Math.max(last, line.bottom);
    }
    const width = parseFloat(style.borderBottomWidth) + end - Math.ceil(last);
    if (width > 0) layer.style.borderBottom = `${width}px solid ${style.backgroundColor}`;
  }

  // Escape closes an open layer first, wherever the focus is (the panel's bar too), and the panel
  // only after (layout.js); a panel closed by its button takes its layers with it.
  document.addEventListener(
    "keydown",
    (event) => {
      const open = host.dataset.rbLayer;
      if (event.key !== "Escape" || !open) return;
      event.stopPropagation();
      showLayer(null);
      buttons[open].focus();
    },
    { signal, capture: true },
  );
  const panel = new MutationObserver(() => {
    if (document.documentElement.dataset.rbPanel !== "open" && host.dataset.rbLayer) showLayer(null);
    measure(); // the layout may have put the sandbox beside the rules, or taken it away
  });
  panel.observe(document.documentElement, { attributeFilter: ["data-rb-panel", "data-rb-layout"] });
  signal.addEventListener("abort", () => panel.disconnect());
  showLayer(null);
  return { afterFrame, notify, setSeatNote, toggleSeat, keepClear, notices, noticeLog, layerButtons: Object.values(buttons) };
}
