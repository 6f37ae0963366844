/*
 * Material's instant navigation follows only links listed in sitemap.xml, and it rewrites just the
 * protocol and host name of each <loc>: on another port or under a sub-path every link looks
 * foreign and each click becomes a full reload (and a new Python start). This polyfill rebases the
 * <loc> entries of any parsed sitemap from the build-time site_url onto the site's real root.
 */
(() => {
  "use strict";
  // This file lives at <root>/assets/javascripts/sitemap-rebase.js.
  const root = new URL("../../", document.currentScript.src).href;
  const parse = DOMParser.prototype.parseFromString;

  const commonFolder = (urls) => {
    const prefix = urls.reduce((a, b) => {
      let i = 0;
      while (i < a.length && a[i] === b[i]) i += 1;
      return a.slice(0, i);
    });
    return prefix.slice(0, prefix.lastIndexOf("/") + 1);
  };

  DOMParser.prototype.parseFromString = function parseFromString(text, type) {
    const doc = parse.call(this, text, type);
    if (type !== "text/xml" || doc.documentElement?.localName !== "urlset") return doc;
    const locs = [...doc.getElementsByTagName("loc")];
    if (locs.length === 0) return doc;
    const built = commonFolder(locs.map((loc) => loc.textContent.trim()));
    for (const loc of locs) loc.textContent = root + loc.textContent.trim().slice(built.length);
    return doc;
  };
})();
