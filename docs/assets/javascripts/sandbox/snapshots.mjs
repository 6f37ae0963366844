// The worker's interpreter, kept between visits: a memory snapshot that Pyodide made of it right
// after the engine was imported (worker.mjs), in IndexedDB (database "rb-python", object store
// "snapshots", one record under "current"). Cache Storage would be simpler, but browsers offer it
// only to secure contexts, and a club's laptop serves the site over plain http on the LAN.
//
// A record is {key, length, runs, checksum, bytes}: `key` is manifest.json's hash of every file the
// interpreter's memory depends on. More than half of the snapshot's 4 KB pages are zeros (unused
// heap), so only the other pages are kept, end to end, in `bytes`, and `runs` says where each run
// of them goes: [start, end, start, end, ...]. That halves what a return visit reads and checks.
// `checksum` is a hash of the kept bytes, kept as a Blob (read back in a fraction of the time an
// ArrayBuffer value takes in Chromium). findSnapshot hands out the snapshot only when the key is
// the current one and the bytes are whole.

import { objectStore } from "./store.mjs";

const RECORD = "current";
const PAGE = 4096;
const run = objectStore("rb-python", "snapshots");

/** A Fletcher-style sum over 32-bit words: any changed, lost or swapped word changes it. It took
 * 45–75 ms for 31 MB in Chromium on a two-core laptop, so only the kept pages are summed.
 * (crypto.subtle would be stronger, but plain-http hosts lack it.) */
export function checksum(bytes) {
  const words = new Int32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >>> 2);
  let low = 1;
  let high = 0;
  for (let i = 0; i < words.length; i++) {
    low = (low + words[i]) | 0;
    high = (high + low) | 0;
  }
  for (let i = words.length * 4; i < bytes.byteLength; i++) high = (high + bytes[i]) | 0;
  return `${(low >>> 0).toString(16)}-${(high >>> 0).toString(16)}`;
}

function allZeros(bytes, start, end) {
  for (let i = start; i < end; i++) if (bytes[i] !== 0) return false;
  return true;
}

/** The snapshot without its pages of zeros: {runs, kept}, as the record keeps them. */
function pack(bytes) {
  const runs = [];
  for (let start = 0; start < bytes.byteLength; start += PAGE) {
    const end = Math.min(start + PAGE, bytes.byteLength);
    if (allZeros(bytes, start, end)) continue;
    if (runs.at(-1) === start) runs[runs.length - 1] = end;
    else runs.push(start, end);
  }
  let size = 0;
  for (let i = 0; i < runs.length; i += 2) size += runs[i + 1] - runs[i];
  const kept = new Uint8Array(size);
  for (let i = 0, at = 0; i < runs.length; at += runs[i + 1] - runs[i], i += 2) {
    kept.set(bytes.subarray(runs[i], runs[i + 1]), at);
  }
  return { runs, kept };
}

/** The snapshot of `length` bytes that pack() made `runs` and `kept` of; throws unless they fit
 * it exactly (in order, within the length, and every kept byte used). */
function unpack(length, runs, kept) {
  const bytes = new Uint8Array(length);
  let at = 0;
  for (let i = 0, last = 0; i < runs.length; last = runs[i + 1], i += 2) {
    const [start, end] = [runs[i], runs[i + 1]];
    if (!(Number.isInteger(start) && Number.isInteger(end) && last <= start && start < end && end <= length)) {
      throw new Error("the saved interpreter's runs are damaged");
    }
    bytes.set(kept.subarray(at, at + end - start), start);
    at += end - start;
  }
  if (at !== kept.byteLength) throw new Error("the saved interpreter is damaged");
  return bytes;
}

/** Whether a snapshot made for `key` (a promise) is stored: null if none is, else {bytes}, a
 * promise of its bytes that rejects unless they are whole. Only the record's small fields are read
 * before answering, so that Pyodide's start can begin while the bytes are still being read. */
export async function findSnapshot(key) {
  let record;
  try {
    record = await run("readonly", (store) => store.get(RECORD));
  } catch (err) {
    console.warn("rb: the saved interpreter could not be read", err);
    return null;
  }
  // A record from before the pages of zeros were left out has no runs: it is replaced.
  if (!record || !Array.isArray(record.runs)) return null;
  // The bytes are read while the key is still on its way: in a browser just started, the
  // manifest's answer came up to 130 ms after the record's (issue 13). They are checked only
  // if the key matches: a snapshot for other files costs a stock start no checksum.
  const matches = Promise.resolve(key).then((current) => record.key === current);
  const bytes = (async () => {
    const kept = new Uint8Array(record.bytes instanceof Blob ? await record.bytes.arrayBuffer() : record.bytes);
    if (!(await matches)) throw new Error("the saved interpreter was made for other files");
    if (checksum(kept) !== record.checksum) throw new Error("the saved interpreter is damaged");
    return unpack(record.length, record.runs, kept);
  })();
  bytes.catch(() => {}); // whoever awaits it hears of a failure; until then it is no unhandled one
  return (await matches) ? { bytes } : null;
}

/** Keep `bytes` as the snapshot for `key`, replacing any other; true once it is kept. As a Blob,
 * or where a browser keeps no Blobs in IndexedDB (WebKit's private sessions), as an ArrayBuffer. */
export async function writeSnapshot(key, bytes) {
  const { runs, kept } = pack(bytes);
  const record = { key, length: bytes.byteLength, runs, checksum: checksum(kept) };
  let failure = null;
  for (const stored of [new Blob([kept]), kept.buffer]) {
    try {
      await run("readwrite", (store) => store.put({ ...record, bytes: stored }, RECORD));
      return true;
    } catch (err) {
      failure = err;
    }
  }
  console.warn("rb: the interpreter could not be saved for the next visit", failure);
  return false;
}

/** Forget the stored snapshot (it failed to load). */
export async function dropSnapshot() {
  try {
    await run("readwrite", (store) => store.delete(RECORD));
  } catch (err) {
    console.warn("rb: the saved interpreter could not be removed", err);
  }
}
