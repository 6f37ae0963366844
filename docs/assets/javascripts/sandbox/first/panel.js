// Part of globalThis.rbFirst (element.js says how): the sandbox's panel, its parts and where it
// goes, so that a page can place it before the shell runs (draw.js); layout.js adopts the same
// panel.
(() => {
  "use strict";
  const rb = (globalThis.rbFirst ??= {});
  // defined once: element.js says why
  if (rb.placePanel) return;
  const { h } = rb;

  const WIDE = "(min-width: 76.25em)"; // material shows the table of contents from here
  const LAYOUT_KEY = "rb:layout";
  const PANEL_TEXT = {
    panel: "サンドボックス",
    play: "遊ぶ",
    back: "ルールに戻る",
    toc: "目次",
    sideBySide: "横に並べる",
    below: "ルールの下に置く",
    docked: "サンドボックスはページの右側にあります。",
  };

  function preferred() {
    try {
      return localStorage.getItem(LAYOUT_KEY) === "below" ? "below" : "side";
    } catch {
      return "side";
    }
  }

  /** The sidebar a wide page puts the panel in (material's, where the table of contents is). */
  const sidebar = () => document.querySelector(".md-sidebar--secondary .md-sidebar__inner");

  /** Where the panel goes: beside the rules on a wide screen with a sidebar, unless the reader
   * put it below them; else below them (a phone's panel, opened over the rules). */
  function wantedLayout() {
    return Boolean(sidebar()) && matchMedia(WIDE).matches && preferred() === "side" ? "side" : "below";
  }

  const panels = new WeakMap(); // panel -> its parts

  /** The panel around `sandbox`, its bar, the docked note and 「遊ぶ」: the ones already made
   * (drawn first), or new ones, the sandbox moved into its panel. */
  function panelParts(sandbox) {
    const made = panels.get(sandbox.parentElement);
    if (made) return made;
    const back = h("button", { type: "button", className: "rb-panel-back md-button", textContent: PANEL_TEXT.back });
    const toc = h("button", { type: "button", className: "rb-panel-toc", textContent: PANEL_TEXT.toc });
    const place = h("button", { type: "button", className: "rb-panel-place" });
    // what the sandbox offers to the bar (screen.js: 記録, 得点表 on a phone), in view above the game
    const tools = h("span", { className: "rb-panel-tools" }, ...sandbox.querySelectorAll(".rb-panel-tool"));
    const bar = h("div", { className: "rb-panel-bar" }, h("strong", { className: "rb-panel-title", textContent: PANEL_TEXT.panel }), tools, toc, place, back);
    const panel = h("section", { className: "rb-panel", ariaLabel: PANEL_TEXT.panel });
    const note = h("p", { className: "rb-docked-note", textContent: PANEL_TEXT.docked });
    const fab = h("button", { type: "button", className: "rb-play-fab md-button md-button--primary", textContent: PANEL_TEXT.play });
    toc.setAttribute("aria-pressed", "false");
    sandbox.replaceWith(panel);
    panel.append(bar, sandbox);
    panel.after(note, fab);
    const parts = { panel, bar, tools, toc, place, back, note, fab };
    panels.set(panel, parts);
    return parts;
  }

  /** Put the panel beside the rules (`side`) or below them; a panel already there stays put. */
  function placePanel(parts, side) {
    const { panel, toc, place, note } = parts;
    const inner = sidebar();
    const wide = matchMedia(WIDE).matches;
    panel.classList.toggle("md-typeset", side); // in the sidebar, outside the page's typeset
    if (side && inner.firstElementChild !== panel) inner.prepend(panel);
    if (!side && panel.nextElementSibling !== note) note.before(panel);
    document.documentElement.dataset.rbLayout = side ? "side" : "below";
    toc.hidden = !side;
    place.textContent = side ? PANEL_TEXT.below : PANEL_TEXT.sideBySide;
    place.hidden = !inner || !wide;
    note.hidden = !side;
  }

  Object.assign(rb, { PANEL_TEXT, WIDE, LAYOUT_KEY, preferred, wantedLayout, panelParts, placePanel });
})();
