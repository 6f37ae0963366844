// Accessibility patches for markup that Material for MkDocs builds itself, checked with axe-core by
// tests/browser/test_accessibility.py. Run on every page, and again after each instant navigation.
// - The search dialog has no name (axe: aria-dialog-name): it gets one, and so does the focusable
//   box that scrolls its results (axe: focus-order-semantics).
// - Material wraps each Markdown table in a scrolling box, which scrolls sideways on a narrow
//   screen but cannot take keyboard focus (axe: scrollable-region-focusable): it becomes a
//   focusable region named after its table's column headings.
(() => {
  "use strict";

  function name(selector, label, role) {
    const element = document.querySelector(selector);
    if (!element || element.hasAttribute("aria-label")) return;
    if (role) element.setAttribute("role", role);
    element.setAttribute("aria-label", label);
  }

  function nameSearch() {
    name('.md-search[role="dialog"]', "サイト内検索");
    name(".md-search__scrollwrap", "検索結果", "region");
  }

  function focusableTables() {
    for (const box of document.querySelectorAll(".md-typeset__scrollwrap:not([tabindex])")) {
      const heads = [...box.querySelectorAll("thead th")]
        .map((th) => th.textContent.trim())
        .filter(Boolean);
      box.tabIndex = 0;
      box.setAttribute("role", "region");
      box.setAttribute("aria-label", heads.length ? `表: ${heads.join("・")}` : "表");
    }
  }

  function patch() {
    nameSearch();
    focusableTables();
  }

  // Material's document$ emits once per page, after its own components (the table wrappers
  // among them) are in place; it never emits on file://, hence the fallback.
  const page$ = window.document$;
  if (page$ && !page$.isStopped) page$.subscribe(patch);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", patch);
  else patch();
})();
