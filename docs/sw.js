// The site's service worker, at the site's root so that its scope is the whole site, at whatever
// host and sub-path it is served. build_tools/offline.py writes BUILD below after each build: the
// list of every built file and a digest of them all. A changed build is a changed sw.js, which the
// browser installs beside the old one (see offline.js for what the reader sees).
//
// - install: every file of the build is fetched (asking the host again, so never an older copy
//   from the HTTP cache) into a cache named by the digest; one that fails or has the wrong size
//   fails the install, which the next visit resumes (files already kept are not fetched again);
// - activate: the other builds' caches are deleted, and the open pages are taken over;
// - fetch: a GET inside the scope is answered from the cache (a build is never mixed with another),
//   else from the network; a page neither kept nor reachable gets a short Japanese page saying so.
//   Nothing outside the serving host is ever requested or kept here.
"use strict";

const BUILD = null; // written by build_tools/offline.py
const CACHE_PREFIX = "rb-site-";
const CACHE = CACHE_PREFIX + BUILD.digest;
const ROOT = new URL("./", self.location.href);
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

self.addEventListener("install", (event) => event.waitUntil(precache()));

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(CACHE_PREFIX) && name !== CACHE) await caches.delete(name);
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

async function keep(cache, path, size) {
  const url = new URL(path, ROOT);
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  const body = await response.clone().arrayBuffer();
  // A host that compressed the file sends it whole after decoding; one that decodes a .gz itself
  // sends other bytes (served as they are: see unpacked).
  if (body.byteLength !== size && !response.headers.has("Content-Encoding")) {
    throw new Error(`${url.pathname}: ${body.byteLength} bytes, not the build's ${size}`);
  }
  await cache.put(url, response);
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
