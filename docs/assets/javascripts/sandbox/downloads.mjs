// The runtime's two big files, fetched as soon as the worker runs, and from their gzip siblings
// (made by build_tools/vendor.py) where the browser can unpack them: 11 MB on a plain server such as
// `python3 -m http.server`, which compresses nothing, become 4 MB. A host that already sends the
// sibling decoded (Content-Encoding: gzip on .gz files) is recognised by the missing gzip magic;
// a host without the siblings gets the files themselves.
//
// The wasm is compiled as it arrives, while the worker reads the manifest and any snapshot;
// `handOver` then gives Pyodide that module instead of the download it would start itself.

const GZIP_MAGIC = [0x1f, 0x8b];

/** The body of `response` with gzip undone, if it is gzip; else as it came. */
async function gunzipped(response) {
  const reader = response.body.getReader();
  const head = [];
  let length = 0;
  while (length < GZIP_MAGIC.length) {
    const { done, value } = await reader.read();
    if (done) break;
    head.push(value);
    length += value.byteLength;
  }
  const body = new ReadableStream({
    start(controller) {
      for (const chunk of head) controller.enqueue(chunk);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  const first = new Uint8Array(length);
  head.reduce((at, chunk) => (first.set(chunk, at), at + chunk.byteLength), 0);
  const packed = GZIP_MAGIC.every((byte, i) => first[i] === byte);
  return packed ? body.pipeThrough(new DecompressionStream("gzip")) : body;
}

/** A Response for `url` with the given Content-Type, made from `url`.gz; null if the host has no
 * such sibling or the browser cannot unpack gzip. */
async function unpacked(url, type) {
  if (typeof DecompressionStream !== "function") return null;
  try {
    const packed = await fetch(`${url}.gz`);
    return packed.ok ? new Response(await gunzipped(packed), { headers: { "Content-Type": type } }) : null;
  } catch {
    return null;
  }
}

/** pyodide.asm.wasm, compiled while it streams in (from its sibling if possible). */
export async function compileWasm(url) {
  const response = (await unpacked(url, "application/wasm")) ?? (await fetch(url));
  if (!response.ok) throw new Error(`${new URL(url).pathname}: HTTP ${response.status}`);
  if (response.headers.get("Content-Type")?.split(";")[0] === "application/wasm") {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer()); // a host with another MIME type
}

/** Pyodide's JavaScript half as a module, from its sibling if possible. */
export async function module(url) {
  const response = await unpacked(url, "text/javascript");
  if (!response) return import(url);
  const code = URL.createObjectURL(new Blob([await response.text()], { type: "text/javascript" }));
  try {
    return await import(code);
  } finally {
    URL.revokeObjectURL(code);
  }
}

/** Make Pyodide's next start use `compiled` (a promise of the wasm module, whose compiling began
 * long before Pyodide asks for it): loadPyodide fetches `url` at once and later hands that
 * response to WebAssembly.instantiateStreaming; for that one fetch and that one call the global
 * functions answer with a stand-in and with an instance of `compiled`, then are themselves again.
 * A module instantiates any number of times, so a second start reuses it. */
export function handOver(url, compiled) {
  const fetchItself = globalThis.fetch;
  const instantiateItself = WebAssembly.instantiateStreaming;
  const standIn = Promise.resolve(new Response(null, { headers: { "Content-Type": "application/wasm" } }));
  globalThis.fetch = function fetchOnce(input, init) {
    if (String(input instanceof Request ? input.url : input) !== String(url)) return fetchItself(input, init);
    globalThis.fetch = fetchItself;
    return standIn;
  };
  WebAssembly.instantiateStreaming = async function instantiateOnce(source, imports) {
    if (source !== standIn) return instantiateItself(source, imports);
    WebAssembly.instantiateStreaming = instantiateItself;
    const module = await compiled;
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
}
