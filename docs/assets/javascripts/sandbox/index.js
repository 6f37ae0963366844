// The page hook: mount every sandbox of the page, and tear them down when the page changes.
// material's document$ emits on the first load and after every instant navigation.

import { mountSandbox } from "./component.js";

const mounted = new Map(); // element -> teardown

function scan() {
  for (const teardown of mounted.values()) teardown();
  mounted.clear();
  for (const el of document.querySelectorAll(".rb-sandbox")) mounted.set(el, mountSandbox(el));
}

export function start() {
  document.addEventListener("rb-remount", (event) => {
    if (mounted.has(event.target)) mounted.set(event.target, mountSandbox(event.target));
  });
  if (window.document$ && !window.document$.isStopped) window.document$.subscribe(scan);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", scan);
  else scan();
}
