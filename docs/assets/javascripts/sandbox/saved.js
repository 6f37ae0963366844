// Whether the worker keeps a saved game of a game id, as the page may know it without opening
// IndexedDB: a mark in localStorage per game id, set when the worker says it saved that game
// (channel.js) and dropped when it answers a resume with nothing saved. A page never opens the
// worker's database itself: WebKit keeps a page left in its back-forward cache with its IndexedDB
// connection open, and the next page's worker then waits on it (see channel.js). The mark may be
// wrong (storage cleared in part, a save from before it existed): the worker's answer wins.

import "./first/saved.js";

// first/draw.js reads the mark too, before the shell runs: whether to draw the pre-drawn board.
const { savedKey: key } = globalThis.rbFirst;

/** Whether the worker said it keeps a game of `game` (false where localStorage is unavailable). */
export const { markedSaved } = globalThis.rbFirst;

/** Keep what the worker said of `game`: saved, or nothing saved. */
export function markSaved(game, saved) {
  try {
    if (saved) localStorage.setItem(key(game), "1");
    else localStorage.removeItem(key(game));
  } catch {
    // no storage: every page asks the worker, as before the marks
  }
}
