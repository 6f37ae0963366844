// Part of globalThis.rbFirst (element.js says how): the mark a page keeps of a saved game per game
// (sandbox/saved.js sets it), read before the shell runs: whether to draw the pre-drawn board.
(() => {
  "use strict";
  const rb = (globalThis.rbFirst ??= {});
  // defined once: element.js says why
  if (rb.markedSaved) return;

  const savedKey = (game) => `rb:saved:${game}`;

  /** Whether the worker said it keeps a game of `game` (saved.js; false without localStorage). */
  function markedSaved(game) {
    try {
      return localStorage.getItem(savedKey(game)) !== null;
    } catch {
      return false;
    }
  }

  Object.assign(rb, { savedKey, markedSaved });
})();
