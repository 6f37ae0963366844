// The worker's interpreter, kept between visits: a memory snapshot that Pyodide made of it right
// after the engine was imported (worker.mjs), in IndexedDB (database "rb-python", object store
// "snapshots", one record under "current"). Cache Storage would be simpler, but browsers offer it
// only to secure contexts, and a club's laptop serves the site over plain http on the LAN.
//
// A record is {key, length, checksum, bytes}: `key` is manifest.json's hash of every file the
// interpreter's memory depends on, `checksum` a hash of the bytes, kept as a Blob (read back in
// a fraction of the time an ArrayBuffer value takes in Chromium). findSnapshot hands out the bytes
// only when the key is the current one and the bytes are whole.

import { objectStore } from "./store.mjs";

const RECORD = "current";
const run = objectStore("rb-python", "snapshots");

/** A Fletcher-style sum over 32-bit words: a few milliseconds for 30 MB, and any changed, lost or
 * swapped word changes it. (crypto.subtle would be stronger, but plain-http hosts lack it.) */
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
  if (!record || record.key !== (await key)) return null;
  const bytes = (async () => {
    const data = new Uint8Array(record.bytes instanceof Blob ? await record.bytes.arrayBuffer() : record.bytes);
    if (data.byteLength !== record.length || checksum(data) !== record.checksum) {
      throw new Error("the saved interpreter is damaged");
    }
    return data;
  })();
  bytes.catch(() => {}); // whoever awaits it hears of a failure; until then it is no unhandled one
  return { bytes };
}

/** Keep `bytes` as the snapshot for `key`, replacing any other; true once it is kept. As a Blob,
 * or where a browser keeps no Blobs in IndexedDB (WebKit's private sessions), as an ArrayBuffer. */
export async function writeSnapshot(key, bytes) {
  const record = { key, length: bytes.byteLength, checksum: checksum(bytes) };
  const whole = bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : bytes.slice().buffer;
  let failure = null;
  for (const kept of [new Blob([bytes]), whole]) {
    try {
      await run("readwrite", (store) => store.put({ ...record, bytes: kept }, RECORD));
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
