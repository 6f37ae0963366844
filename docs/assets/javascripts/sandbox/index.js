// The page hook: mount every sandbox of the page, and tear them down when the page changes.
// material's document$ emits on the first load and after every instant navigation.

import { mountSandbox } from "./component.js";
import { mountLayout } from "./layout.js";

const mounted = new Map(); // element -> teardown of its component
let unlayout = null; // teardown of the page's layout (the first sandbox goes beside the rules)

function scan() {
  unlayout?.();
  unlayout = null;
  for (const teardown of mounted.values()) teardown();
  mounted.clear();
  const sandboxes = document.querySelectorAll(".rb-sandbox");
  for (const el of sandboxes) mounted.set(el, mountSandbox(el));
  if (sandboxes.length) unlayout = mountLayout(sandboxes[0]);
}

export function start() {
  document.addEventListener("rb-remount", (event) => {
    if (mounted.has(event.target)) mounted.set(event.target, mountSandbox(event.target));
  });
  if (window.document$ && !window.document$.isStopped) window.document$.subscribe(scan);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", scan);
  else scan();
}
