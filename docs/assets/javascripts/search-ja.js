/*
 * Material segments Japanese pages with TinySegmenter when it builds the search index, but sends
 * the reader's query to the search worker as typed, so a compound word such as 得点計算 matches
 * nothing. This polyfill loads the site's own TinySegmenter on the main thread and segments each
 * Japanese run of a query, the same way as the index, before the query reaches the worker.
 */
(() => {
  "use strict";
  // A guest's page at a table has no search (sandbox/early.js keeps material's bundle from running).
  if (location.hash.startsWith("#join=")) return;
  const QUERY = 2; // Material's search message type for a query: {type: 2, data: "<query>"}
  const JAPANESE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々〆ヵヶ]+/gu;
  let segmenter = null;

  // tinyseg.js attaches TinySegmenter to the global lunr object (Material uses lunr only in its worker).
  window.lunr ??= {};
  const script = document.createElement("script");
  script.src = new URL("lunr/tinyseg.js", document.currentScript.src).href;
  script.onload = () => {
    segmenter = new window.lunr.TinySegmenter();
  };
  document.head.append(script);

  const segment = (query) =>
    query.replace(JAPANESE, (run) => segmenter.segment(run).filter((word) => word.trim()).join(" "));

  const isQuery = (message) =>
    message?.type === QUERY && typeof message.data === "string" && Object.keys(message).length === 2;

  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function postMessage(message, ...rest) {
    if (segmenter && isQuery(message)) message = { type: QUERY, data: segment(message.data) };
    return post.call(this, message, ...rest);
  };
})();
