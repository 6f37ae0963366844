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

import "./first/element.js";
import "./first/panel.js";

// The panel's parts and where it goes are first/panel.js's, so that a page can place it before
// the shell runs (the board drawn first is then in view: beside the rules on a wide screen).
const { LAYOUT_KEY, PANEL_TEXT: TEXT, WIDE, panelParts, placePanel, wantedLayout } = globalThis.rbFirst;
const HIGHLIGHT_MS = 2000;
const UNDER_BAR_PX = 8; // room between the panel's bar and the status line 「遊ぶ」 opens on

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
  const root = document.documentElement;
  const parts = panelParts(sandbox); // placed already, if drawn first (and 「遊ぶ」 perhaps pressed)
  const { panel, bar, back, toc, place, note, fab } = parts;

  const docked = () => root.dataset.rbLayout === "side";
  const wanted = wantedLayout;

  /** Put the panel where the screen width and the reader's choice say. */
  function arrange() {
    close();
    placePanel({ panel, toc, place, note }, wanted() === "side");
    showToc(false);
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
   * table below it, the toolbar and the settings a short scroll (or a Tab) up. The same on a
   * board drawn before Python (data-rb-early); not while loading with no board (the progress line
   * is the top), on an error, nor in a tutorial (inview.js places the coach and the table). */
  function openOnTheTable() {
    const opened = !panel.classList.contains("rb-panel--open");
    open();
    if (opened) toTheTable();
  }

  /** The open panel's status line right under its bar, from the panel's top (where the status
   * line holds under the bar, the table may be scrolled anywhere below it). */
  function toTheTable() {
    const status = sandbox.querySelector(".rb-status-line");
    const { rbState: state, rbEarly: early } = sandbox.dataset;
    const board = state === "loading" ? Boolean(early) : state !== "error";
    if (!status || !board || sandbox.querySelector(".rb-coach:not([hidden])")) return;
    panel.scrollTop = 0;
    panel.scrollTop += status.getBoundingClientRect().top - bar.getBoundingClientRect().bottom - UNDER_BAR_PX;
  }

  /** 新しいゲーム pressed in the open panel (its toolbar a scroll above the table): the new game
   * starts on the table, not where the reader pressed it. */
  function newGameOnTheTable() {
    if (panel.classList.contains("rb-panel--open")) toTheTable();
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
  listen(sandbox, "rb-new-game", newGameOnTheTable);
  listen(sandbox, "rb-follow-rule", followRule);
  listen(document, "click", showRule);
  listen(document, "keydown", (event) => event.key === "Escape" && close());
  listen(wide, "change", () => root.dataset.rbLayout !== wanted() && arrange());
  arrange();
  if (parts.played) openOnTheTable();
  delete parts.played;

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
