// A printed page says where its links lead (print.css prints data-rb-leads-to after a link's text):
// every link of the article that leaves the page, to another site or another page of this one,
// is marked with its full address; a link within the page is not (it has nowhere else to lead).
// Run on every page, and again after each instant navigation (material's document$).
(() => {
  "use strict";

  const here = () => location.href.split("#")[0];

  function mark() {
    for (const link of document.querySelectorAll(".md-content a[href]:not(.headerlink)")) {
      const leaves = link.href.split("#")[0] !== here() && /^https?:/.test(link.href);
      if (leaves) link.dataset.rbLeadsTo = decodeURI(link.href);
      else delete link.dataset.rbLeadsTo;
    }
  }

  if (window.document$ && !window.document$.isStopped) window.document$.subscribe(mark);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mark);
  else mark();
})();
