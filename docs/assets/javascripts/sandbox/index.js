// The page hook: mount every sandbox of the page, and tear them down when the page changes.
// A sandbox is mounted as soon as the parser has it (early.js, mountParsed), else on material's
// document$, which emits on the first load and after every instant navigation.

import { mountSandbox } from "./component.js";
import { mountLayout } from "./layout.js";

const mounted = new Map(); // element -> teardown of its component
let unlayout = null; // teardown of the page's layout (the first sandbox goes beside the rules)
let laidOut = null; // the sandbox that layout is for
let listening = false; // for a sandbox's request to be mounted afresh (its 再試行)

function remount(event) {
  if (mounted.has(event.target)) mounted.set(event.target, mountSandbox(event.target));
}

/** Mount every sandbox of the page not mounted yet, and tear down those no longer in it. Called
 * as soon as the parser has a sandbox (early.js: the board shows before material's bundle has
 * run), then by material's document$: a sandbox mounted then is kept as it is. */
function scan() {
  if (!listening) document.addEventListener("rb-remount", remount);
  listening = true;
  const sandboxes = [...document.querySelectorAll(".rb-sandbox")];
  const first = sandboxes[0] ?? null;
  if (laidOut !== first) unlayout?.();
  for (const [el, teardown] of mounted) {
    if (sandboxes.includes(el)) continue;
    teardown();
    mounted.delete(el);
  }
  for (const el of sandboxes) if (!mounted.has(el)) mounted.set(el, mountSandbox(el));
  if (laidOut === first) return;
  laidOut = first;
  unlayout = first && mountLayout(first);
}

export const mountParsed = scan;

export function start() {
  if (window.document$ && !window.document$.isStopped) window.document$.subscribe(scan);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", scan);
  else scan();
}
