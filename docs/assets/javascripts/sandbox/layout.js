// Read and play side by side. The sandbox sits in a panel that this module places:
// - wide screens (material's breakpoint where the table of contents shows): in the sidebar on
//   the right, pinned while the rules scroll, in place of the table of contents (one tab away);
//   the reader may put it back below the rules, and the choice is remembered;
// - otherwise, or below the rules: a floating 「遊ぶ」 button opens it over the rules at full
//   height, and 「ルールに戻る」 closes it; the page underneath never scrolls, so the reader's
//   place in the rules is kept.
// A worked example or a rule link never moves the reader's place: the first opens the panel
// (where it is not already in view), the second closes it and brings the rule into view. Beside
// the rules, a tutorial's rules follow it: each new step's rule comes into view, marked.
// mount(sandbox) -> teardown; no game-specific code here, only the page's structure and CSS.

import { h } from "./ui.js";

const WIDE = "(min-width: 76.25em)"; // material shows the table of contents from here
const LAYOUT_KEY = "rb:layout";
const HIGHLIGHT_MS = 2000;
const UNDER_BAR_PX = 8; // room between the panel's bar and the status line 「遊ぶ」 opens on

const TEXT = {
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

function remember(layout) {
  try {
    localStorage.setItem(LAYOUT_KEY, layout);
  } catch (err) {
    console.warn("rb: could not keep the layout", err);
  }
}

export function mountLayout(sandbox) {
  const controller = new AbortController();
  const listen = (target, type, handler) => target.addEventListener(type, handler, { signal: controller.signal });
  const wide = matchMedia(WIDE);
  const sidebar = document.querySelector(".md-sidebar--secondary .md-sidebar__inner");
  const root = document.documentElement;

  const back = h("button", { type: "button", className: "rb-panel-back md-button", textContent: TEXT.back });
  const toc = h("button", { type: "button", className: "rb-panel-toc", textContent: TEXT.toc });
  const place = h("button", { type: "button", className: "rb-panel-place" });
  // what the sandbox offers to the bar (screen.js: 記録, 得点表 on a phone), in view above the game
  const tools = h("span", { className: "rb-panel-tools" }, ...sandbox.querySelectorAll(".rb-panel-tool"));
  const bar = h("div", { className: "rb-panel-bar" }, h("strong", { textContent: TEXT.panel }), tools, toc, place, back);
  const panel = h("section", { className: "rb-panel", ariaLabel: TEXT.panel });
  const note = h("p", { className: "rb-docked-note", textContent: TEXT.docked });
  const fab = h("button", { type: "button", className: "rb-play-fab md-button md-button--primary", textContent: TEXT.play });
  toc.setAttribute("aria-pressed", "false");
  sandbox.replaceWith(panel);
  panel.append(bar, sandbox);
  panel.after(note, fab);

  const docked = () => root.dataset.rbLayout === "side";
  const wanted = () => (Boolean(sidebar) && wide.matches && preferred() === "side" ? "side" : "below");

  /** Put the panel where the screen width and the reader's choice say. */
  function arrange() {
    const side = wanted() === "side";
    close();
    panel.classList.toggle("md-typeset", side); // in the sidebar, outside the page's typeset
    if (side) {
      sidebar.prepend(panel);
      root.dataset.rbLayout = "side";
    } else {
      note.before(panel);
      root.dataset.rbLayout = "below";
    }
    showToc(false);
    toc.hidden = !side;
    place.textContent = side ? TEXT.below : TEXT.sideBySide;
    place.hidden = !sidebar || !wide.matches;
    note.hidden = !side;
  }

  function showToc(shown) {
    toc.setAttribute("aria-pressed", String(shown));
    panel.classList.toggle("rb-panel--toc", shown);
  }

  function open() {
    // a screen turned or resized just now: its media query's change event may come after this
    if (root.dataset.rbLayout !== wanted()) arrange();
    if (docked() || panel.classList.contains("rb-panel--open")) return;
    panel.classList.add("rb-panel--open");
    root.dataset.rbPanel = "open";
    // the bar holds at the top anyway; WebKit, a moment later, scrolled the panel back from the
    // status line (openOnTheTable) to bring the focused button "into view"
    back.focus({ preventScroll: true });
  }

  /** 「遊ぶ」 opens the panel on the game in progress: its status line right under the bar, the
   * table below it, the toolbar and the settings a short scroll (or a Tab) up. Not while loading
   * (the progress line is the top) nor in a tutorial (inview.js places the coach and the table). */
  function openOnTheTable() {
    const opened = !panel.classList.contains("rb-panel--open");
    open();
    const status = sandbox.querySelector(".rb-status-line");
    const playing = !["loading", "error"].includes(sandbox.dataset.rbState);
    if (!opened || !status || !playing || sandbox.querySelector(".rb-coach:not([hidden])")) return;
    panel.scrollTop += status.getBoundingClientRect().top - bar.getBoundingClientRect().bottom - UNDER_BAR_PX;
  }

  function close() {
    if (!panel.classList.contains("rb-panel--open")) return;
    const hadFocus = panel.contains(document.activeElement);
    panel.classList.remove("rb-panel--open");
    delete root.dataset.rbPanel;
    if (hadFocus) fab.focus();
  }

  /** Bring a rule into view in the rules and flash it; the game is left as it is. */
  function showRule(event) {
    const link = event.target.closest(".rb-rule-link");
    if (!link || !panel.contains(link)) return;
    const rule = document.getElementById(decodeURIComponent(link.hash.slice(1)));
    if (!rule) return;
    event.preventDefault();
    close();
    rule.classList.add("rb-highlight");
    rule.scrollIntoView({ block: "start" });
    history.replaceState(history.state, "", link.hash);
    setTimeout(() => rule.classList.remove("rb-highlight"), HIGHLIGHT_MS);
  }

  let marked = null; // the rule of a tutorial's current step, marked while the sandbox is beside the rules

  /** A tutorial's new step (coach.js): beside the rules, bring its rule into view and mark it
   * until the next step; below the rules or on a phone, leave the reader's place alone. */
  function followRule(event) {
    marked?.classList.remove("rb-marked");
    marked = docked() ? document.getElementById(event.detail.rule) : null;
    if (!marked) return;
    marked.classList.add("rb-marked");
    marked.scrollIntoView({ block: "start" });
  }

  // The floating button steps aside while the sandbox itself is on screen (below the rules).
  const seen = new IntersectionObserver(([entry]) => fab.classList.toggle("rb-play-fab--away", entry.isIntersecting));
  seen.observe(sandbox);

  listen(fab, "click", openOnTheTable);
  listen(back, "click", close);
  listen(toc, "click", () => showToc(toc.getAttribute("aria-pressed") !== "true"));
  listen(place, "click", () => {
    remember(docked() ? "below" : "side");
    arrange();
  });
  listen(sandbox, "rb-show", open);
  listen(sandbox, "rb-follow-rule", followRule);
  listen(document, "click", showRule);
  listen(document, "keydown", (event) => event.key === "Escape" && close());
  listen(wide, "change", () => root.dataset.rbLayout !== wanted() && arrange());
  arrange();

  return () => {
    controller.abort();
    seen.disconnect();
    marked?.classList.remove("rb-marked");
    delete root.dataset.rbLayout;
    delete root.dataset.rbPanel;
    panel.replaceWith(sandbox);
    note.remove();
    fab.remove();
  };
}
