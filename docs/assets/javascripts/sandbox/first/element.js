// The first of the plain scripts that draw a game page's sandbox before the shell's modules have
// run (draw.js says why). Each adds its part to one namespace, globalThis.rbFirst, once: the hooks
// copy them inline into the <head> of every page with a sandbox, comment lines left out, in the
// order of mkdocs_hooks.py INLINE (each after the parts it uses), and the shell's modules import
// the ones they use, in that order, for a page reached by instant navigation (it runs no <head>
// script). Hence no import or export, and a part found already is kept: there is one copy of what
// they build and of what draw.js drew, for the shell to take. They know no game.
// This part: creating an element, for the controls, the panel and the board.
(() => {
  "use strict";
  const rb = (globalThis.rbFirst ??= {});
  // defined once: see above
  if (rb.h) return;

  /** Create an element: properties, then children. */
  function h(tag, props = {}, ...children) {
    const node = Object.assign(document.createElement(tag), props);
    node.append(...children);
    return node;
  }

  Object.assign(rb, { h });
})();
