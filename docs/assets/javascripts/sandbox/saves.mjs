// The last game of each game id, kept by the worker in IndexedDB so that a reload resumes it.
// The saved replay log holds every hidden piece; it never travels to the page while a game is
// on (engine/session.py). Database "rb", object store "saves", key: the game id, value: {log, seats,
// coach, table} (coach: a tutorial's progress, when the game is one; table: a table game's host seat).
// Only the worker opens the database; the page knows of a save by saved.js's mark.

import { objectStore } from "./store.mjs";

const run = objectStore("rb", "saves");

/** The saved {log, seats, coach} of `game`, or null (also when storage is unavailable). */
export async function readSave(game) {
  try {
    return (await run("readonly", (store) => store.get(game))) ?? null;
  } catch (err) {
    console.warn("rb: the saved game could not be read", err);
    return null;
  }
}

/** Keep `entry` as the saved game of `game`; whether it was kept. */
export async function writeSave(game, entry) {
  try {
    await run("readwrite", (store) => store.put(entry, game));
    return true;
  } catch (err) {
    console.warn("rb: the game could not be saved", err);
    return false;
  }
}
