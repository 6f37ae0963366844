// The site's service worker, at the site's root so that its scope is the whole site, at whatever
// host and sub-path it is served. build_tools/offline.py writes BUILD below after each build: the
// list of every built file with the SHA-256 of its bytes, and a digest of them all. A changed
// build is a changed sw.js, which the browser installs beside the old one (see offline.js for what
// the reader sees).
//
// - install: every file of the build is fetched straight from the host (no HTTP cache may answer)
//   into a cache named by the site's scope and the digest; a file whose bytes are not the ones
//   listed fails the install, which the next visit resumes (files already kept are not fetched
//   again). The site's address without its last slash is asked once too, so that the host's
//   redirect to the site stays in the HTTP cache for a reader who types it offline;
// - activate: this scope's other caches are deleted (Cache Storage belongs to the origin, which
//   other sites may share: /a/ and /b/), and the open pages are taken over;
// - fetch: a GET inside the scope is answered from the cache (a build is never mixed with another),
//   else from the network; a page neither kept nor reachable gets a short Japanese page saying so.
//   Nothing outside the serving host is ever requested or kept here.
"use strict";

const BUILD = null; // written by build_tools/offline.py
const ROOT = new URL("./", self.location.href);
// "rb-site /rulebook/ 0123…": the space after the scope keeps /a/'s caches apart from /a/b/'s.
const SCOPE_CACHES = `rb-site ${ROOT.pathname} `;
const CACHE = SCOPE_CACHES + BUILD.digest;
const UNSCOPED = /^rb-site-[0-9a-f]{16}$/; // the names of the builds before caches had a scope
const BUILT = new Set([...BUILD.files.map(([path]) => path), ...Object.keys(BUILD.packed)]);
const AT_ONCE = 4; // downloads in flight during the install
const GZIP_MAGIC = [0x1f, 0x8b];
const TYPES = { wasm: "application/wasm", mjs: "text/javascript", js: "text/javascript", xml: "application/xml" };

const OFFLINE_PAGE = `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>オフラインです - 遊べるルールブック</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.7;color:#222}a{color:#3d5afe}</style>
</head><body><main><h1>オフラインです</h1>
<p>このページはまだこの端末に保存されていないため、ネットワークなしでは開けません。</p>
<p>保存済みのページは今も開けます。<a href="${ROOT.href}">トップページへ</a></p>
</main></body></html>`;

self.addEventListener("install", (event) => event.waitUntil(Promise.all([precache(), keepTheRedirect()])));

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name !== CACHE && (name.startsWith(SCOPE_CACHES) || (await unscopedOfThisSite(name)))) {
          await caches.delete(name);
        }
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "skip-waiting") self.skipWaiting();
  if (event.data?.type === "about") event.ports[0]?.postMessage({ digest: BUILD.digest, bytes: BUILD.bytes });
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== ROOT.origin || !url.pathname.startsWith(ROOT.pathname)) return;
  // A file the build never had (a browser's own /favicon.ico) is left to the browser, as if there
  // were no service worker: answered here, its failure offline was an error in Firefox's console.
  if (!BUILT.has(pathOf(url)) && event.request.mode !== "navigate") return;
  event.respondWith(answer(event.request, url));
});

/** The path of `url` within the site, as the build lists it ("" and folders: their index.html). */
function pathOf(url) {
  const path = url.pathname.slice(ROOT.pathname.length);
  return path === "" || path.endsWith("/") ? path + "index.html" : path;
}

/** Whether `name` is a cache of this site kept by a build from before caches had a scope: it holds
 * this site's manifest (each site on an origin has its own at its root). */
async function unscopedOfThisSite(name) {
  return UNSCOPED.test(name) && Boolean(await (await caches.open(name)).match(new URL("manifest.webmanifest", ROOT)));
}

/** Every file of the build into this build's cache, AT_ONCE at a time. */
async function precache() {
  const cache = await caches.open(CACHE);
  const kept = new Set((await cache.keys()).map((request) => request.url));
  const queue = BUILD.files.filter(([path]) => !kept.has(new URL(path, ROOT).href));
  const fetchNext = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) await keep(cache, ...file);
  };
  await Promise.all(Array.from({ length: AT_ONCE }, fetchNext));
}

/** The file `path` into `cache`, if its bytes are the build's (`sha256`; a .gz sibling's may also
 * be the ones it unpacks to, sent by a host that decodes it itself: see unpacked). "no-store": with
 * "no-cache", Chromium and Firefox asked with If-Modified-Since, and a host that validates by
 * Last-Modified answered 304 for a file changed without a newer time (a deploy by rsync -a, cp -a
 * or tar), so the HTTP cache's older bytes went into the new build's cache. */
async function keep(cache, path, sha256) {
  const url = new URL(path, ROOT);
  const response = await fetch(url, { cache: "no-store" });
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  const body = await response.clone().arrayBuffer();
  const got = await digestOf(body);
  if (got !== sha256 && got !== BUILD.unpacked[path]) {
    throw new Error(`${url.pathname}: ${body.byteLength} bytes that are not the build's`);
  }
  await cache.put(url, response);
}

/** The SHA-256 of `body` in base64, as build_tools/offline.py lists it. */
async function digestOf(body) {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
  return btoa(String.fromCharCode(...bytes));
}

/** Ask for the site's address without its last slash (/rulebook), outside the scope: its redirect
 * to the site, kept by the HTTP cache, takes a reader who types it offline to the kept site
 * instead of the browser's error page. Chromium keeps a 301 asked for here; Firefox did in one
 * try of two, WebKit never (it keeps one the reader followed). Nothing to ask at an origin's
 * root; a failure changes nothing. */
async function keepTheRedirect() {
  if (ROOT.pathname === "/") return;
  try {
    await (await fetch(ROOT.href.slice(0, -1))).arrayBuffer();
  } catch {}
}

async function answer(request, url) {
  const path = pathOf(url);
  const cache = await caches.open(CACHE);
  // One copy a file: a host's `Vary: Accept-Encoding` must not make it miss (Firefox's own loads
  // of the page's icons ask with other headers, and missed with the network cut).
  const match = (kept) => cache.match(new URL(kept, ROOT), { ignoreVary: true });
  const kept = Object.hasOwn(BUILD.packed, path)
    ? await unpacked(await match(BUILD.packed[path]), path)
    : await match(path);
  if (kept) return kept;
  try {
    return await fetch(request);
  } catch (err) {
    if (request.mode !== "navigate") throw err;
    return new Response(OFFLINE_PAGE, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
  }
}

/** The file `path` from its kept gzip sibling (null if not kept), unpacked unless the host had
 * already unpacked it. */
async function unpacked(sibling, path) {
  if (!sibling) return null;
  const bytes = new Uint8Array(await sibling.arrayBuffer());
  const packed = GZIP_MAGIC.every((byte, i) => bytes[i] === byte);
  const body = packed ? new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip")) : bytes;
  const type = TYPES[path.split(".").pop()] ?? "application/octet-stream";
  return new Response(body, { headers: { "Content-Type": type } });
}
