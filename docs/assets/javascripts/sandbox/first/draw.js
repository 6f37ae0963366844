// Part of globalThis.rbFirst (element.js says how): what a game page shows of its sandbox first,
// before the shell's modules have run: the panel where layout.js puts it, the sandbox's own
// controls and a deal the build drew (build_tools/predrawn.py), from the page's own copy of the
// deals. Chromium ran the shell's modules only once the page had been parsed and material's bundle
// had run, some 0.3-1 s after the page's first paint on a loaded two-core machine
// (build_tools/bench_predrawn); copied inline into the <head> (before early.js), the board is
// drawn as the parser goes: beside the rules as soon as it has material's sidebar there, else as
// soon as it has the sandbox (early.js). The shell's component adopts what it drew (take): the
// same nodes, the same deal, and the reader's press made meanwhile, applied then.
(() => {
  "use strict";
  const rb = (globalThis.rbFirst ??= {});
  // defined once: element.js says why
  if (rb.take) return;
  const { h, buildUi, showTutorials, showState, placeEarlyNote, markBoard, markTaken, markedSaved, wantedLayout, panelParts, placePanel } = rb;

  const drawn = new Map(); // sandbox element -> what draw made there, until the shell takes it

  let ahead = null; // {standIn, first}: drawn beside the rules before the sandbox was parsed

  /** Draw `data` (the page's copy: {game, catalog, deals}) in its first sandbox `el`, just parsed:
   * the panel placed, the controls, and one deal's opening picked at random, its pieces live (the
   * first tap is kept for the shell); or, where drawAhead drew them already, `el` takes their
   * place. Nothing where the shell has mounted it, or shows something else. */
  function draw(el, data) {
    if (ahead) return settle(el);
    if (!data || data.game !== el.dataset.game || el.dataset.rbState || drawn.has(el)) return;
    if (el !== document.querySelector(".rb-sandbox") || !shows(data)) return;
    const original = [...el.childNodes];
    const first = drawInto(el, data);
    first.original = original;
    placePanel(first.parts, wantedLayout() === "side");
  }

  /** Beside the rules, the panel goes to the sidebar, which the parser reaches long before the
   * sandbox at the rules' end (some 0.5 s on a loaded machine): draw it there as soon as both
   * the frames and the sidebar are in, in a stand-in for the sandbox that the sandbox replaces
   * once parsed (settle). Below the rules, the panel waits for the sandbox's place. */
  function drawAhead(data) {
    if (ahead || !data || document.querySelector(".rb-sandbox") || wantedLayout() !== "side" || !shows(data)) return;
    const standIn = h("div", { className: "rb-sandbox" });
    standIn.dataset.game = data.game;
    const first = drawInto(standIn, data);
    placePanel(first.parts, true);
    ahead = { standIn, first };
  }

  /** The sandbox `el`, just parsed, takes the place of the stand-in drawAhead drew, with its
   * controls, board and marks; the docked note and 「遊ぶ」 go where the sandbox was. */
  function settle(el) {
    const { standIn, first } = ahead;
    ahead = null;
    first.original = [...el.childNodes];
    el.after(first.parts.note, first.parts.fab);
    standIn.replaceWith(el);
    el.replaceChildren(...standIn.childNodes);
    drawn.delete(standIn);
    for (const key of ["rbState", "rbEarly"]) if (standIn.dataset[key]) el.dataset[key] = standIn.dataset[key];
    first.el = el;
    drawn.set(el, first);
  }

  /** Whether the page opens on what the build drew: no saved game marked, no share link or
   * tutorial named (the shell opens those; a fragment may name a place in the rules). */
  function shows(data) {
    const name = location.hash.slice(1); // the page's ids and the tutorials' names are plain ASCII
    const tutorial = data.catalog.tutorials.some((named) => named.name === name);
    const opensTheDeal = !name || (Boolean(document.getElementById(name)) && !tutorial);
    return opensTheDeal && !markedSaved(data.game);
  }

  /** The panel's parts around `el`, the controls and a deal drawn in `el`; the reader's presses
   * listened to until the shell takes them. */
  function drawInto(el, data) {
    const parts = panelParts(el);
    const ui = buildUi();
    showTutorials(ui, data.catalog, data.game);
    el.replaceChildren(...ui.root);
    placeEarlyNote(ui, true);
    showState(ui, "loading");
    for (const button of [ui.undo, ui.share, ui.table]) button.disabled = true;
    el.dataset.rbState = "loading";
    el.dataset.rbEarly = "drawn"; // the shell's: shown, once it has taken the board over
    const deal = Math.floor(Math.random() * data.deals.length);
    const { frame } = data.deals[deal];
    ui.board.append(h("template", { innerHTML: frame.html }).content); // engine-rendered HTML
    ui.status.textContent = frame.status;
    markBoard();
    const first = { el, ui, parts, deal, original: [], piece: null, opened: null };
    const pressed = (event) => {
      const piece = event.target.closest("[data-action]");
      if (piece && ui.board.contains(piece) && !first.piece) {
        first.piece = piece;
        markTaken(first.el, ui, piece);
      }
      first.opened = event.target.closest(".rb-open-scenario, .rb-open-tutorial") ?? first.opened;
      if (event.target.closest(".rb-play-fab") === parts.fab) parts.played = true; // layout.js opens the panel
    };
    document.addEventListener("click", pressed);
    first.stop = () => document.removeEventListener("click", pressed);
    drawn.set(el, first);
    return first;
  }

  /** What draw made in `el`, handed to the shell once (null if nothing): {ui, original, deal,
   * piece, opened}, the last two the reader's presses meanwhile, for the shell to apply. */
  function take(el) {
    const first = drawn.get(el) ?? null;
    drawn.delete(el);
    first?.stop();
    return first;
  }

  Object.assign(rb, { draw, drawAhead, take });
})();
