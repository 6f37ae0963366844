// A board on screen before Python: the frames the build drew for what a reader meets first
// (build_tools/predrawn.py: the game's catalog entry, a few deals' openings, each tutorial's frames
// up to its first move step), beside the page. It knows no game: it picks a deal at random, steps
// a tutorial's read steps (次へ, 1つ戻る) through the frames drawn, keeps the one piece the reader
// taps before Python is ready, and, once it is, has the worker open the same game from the same
// seed (and the same steps), saying whether its frame is the one shown. The deals' seeds are in a
// file of the site, so the worker deals again everything hidden from the reader's seat (a log's
// `redeal` at its start, engine/replay.py) from a seed made then and kept nowhere: what the reader
// sees is the same, what is hidden is as unknown as in any game.

import "./first/element.js";
import "./first/controls.js";
import "./first/saved.js";
import "./first/unpack.js";

const { markTaken, markedSaved, unpacked } = globalThis.rbFirst;

// The file early.js asked for as the page began loading, unpacked as soon as it came in: when the
// parser reaches the sandbox, its board is drawn in that same task (first/draw.js).
let asked = unpackedEarly();

function unpackedEarly() {
  const early = window.__rbPredrawnFetch;
  delete window.__rbPredrawnFetch;
  if (!early) return null;
  early.data.catch(() => {}); // loadPredrawn reports it, if the page comes to use it
  return { href: early.href, data: early.data };
}

/** The sandbox's pre-drawn frames ({catalog, deals, tutorials}), or null: none on this page, or a
 * game the worker marked saved (saved.js: that game is what the reader sees, once Python has it). */
export async function loadPredrawn(el, game) {
  const url = el.dataset.rbPredrawn;
  if (!url || markedSaved(game)) return null;
  const href = new URL(url, document.baseURI).href;
  const early = asked?.href === href ? asked.data : null;
  asked = null;
  try {
    return await (early ?? fetch(href).then((response) => (response.ok ? unpacked(response) : null)));
  } catch (err) {
    console.warn("rb: no pre-drawn board", err);
    return null;
  }
}

/** A seed nobody can know in advance: below 2^53, so that JSON carries it exactly. */
function freshSeed() {
  const [high, low] = crypto.getRandomValues(new Uint32Array(2));
  return (high % 2 ** 21) * 2 ** 32 + low;
}

/** What the sandbox shows before Python: a deal's opening (`dealt`: the one first/draw.js drew,
 * else one at random), or a tutorial's frames. */
export function createEarly(data, game, dealt = Math.floor(Math.random() * data.deals.length)) {
  const deal = data.deals[dealt];
  let tutorial = null; // the name of the tutorial shown, or null: the deal
  let index = 0; // the tutorial's frame shown
  let tap = null; // the action of the piece tapped, kept for Python

  const frames = () => data.tutorials[tutorial];
  return {
    catalog: data.catalog,
    /** Whether the build drew `name`'s opening frames. */
    has: (name) => Object.hasOwn(data.tutorials, name),
    tutorial: () => tutorial,
    frame: () => (tutorial ? frames()[index] : deal.frame),
    openTutorial(name) {
      tutorial = name;
      index = 0;
      tap = null;
    },
    openDeal() {
      tutorial = null;
      tap = null;
    },
    /** A coach's 次へ, 1つ戻る or 最初から on the frames drawn; false where it needs Python. */
    step(command) {
      const moves = { next: index + 1, back: index - 1, restart: 0 };
      const to = moves[command];
      if (!tutorial || to === undefined || to < 0 || to >= frames().length) return false;
      index = to;
      tap = null;
      return true;
    },
    /** Keep the reader's tap on `piece` of the sandbox `el` (marked as picked, 準備中 said): only
     * the first is kept. */
    take(el, ui, piece) {
      if (tap !== null) return;
      tap = piece.dataset.action;
      markTaken(el, ui, piece);
    },
    /** Python is ready: the worker opens the same game (and steps) through `call`; its last reply,
     * whether it is the frame shown, and the tap to apply (none on a board that was not Python's). */
    async replay(call) {
      let reply;
      if (tutorial) {
        reply = await call({ op: "tutorial", game, name: tutorial });
        for (let i = 0; i < index && reply.ok; i++) reply = await call({ op: "coach", do: "next" });
      } else {
        const redeal = { at: 0, seat: deal.frame.viewer, seed: freshSeed() };
        reply = await call({ op: "open", log: { ...deal.log, redeal }, seats: deal.seats });
      }
      const same = reply.ok && JSON.stringify(reply) === JSON.stringify(this.frame());
      if (!same) console.warn("rb: Python's first frame is not the pre-drawn one", reply);
      return { reply, same, tap: same ? tap : null };
    },
  };
}
