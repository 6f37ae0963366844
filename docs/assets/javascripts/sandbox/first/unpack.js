// Part of globalThis.rbFirst (element.js says how): the pre-drawn deals unpacked, the page's own
// copy (raw DEFLATE in base64, mkdocs_hooks.py data-first) and the file (gzip) early.js fetches.
(() => {
  "use strict";
  const rb = (globalThis.rbFirst ??= {});
  // defined once: element.js says why
  if (rb.inflated) return;

  /** The JSON of a gzip file (build_tools/predrawn.py), or as it came from a host that decoded it. */
  async function unpacked(response) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return JSON.parse(new TextDecoder().decode(bytes));
    if (typeof DecompressionStream !== "function") return null; // the board waits for Python
    return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).json();
  }

  // Raw DEFLATE (RFC 1951), decoded at once: the page's own copy of the deals (mkdocs_hooks.py
  // data-first) is drawn as the parser goes, where DecompressionStream answers only in later tasks.
  const LENGTH_EXTRA = Array.from({ length: 29 }, (_, i) => (i < 8 || i === 28 ? 0 : (i >> 2) - 1));
  const LENGTH_BASE = LENGTH_EXTRA.map((_, i) => (i === 28 ? 258 : 3 + LENGTH_EXTRA.slice(0, i).reduce((sum, extra) => sum + (1 << extra), 0)));
  const DISTANCE_EXTRA = Array.from({ length: 30 }, (_, i) => (i < 4 ? 0 : (i >> 1) - 1));
  const DISTANCE_BASE = DISTANCE_EXTRA.map((_, i) => 1 + DISTANCE_EXTRA.slice(0, i).reduce((sum, extra) => sum + (1 << extra), 0));
  const CODE_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

  /** A canonical Huffman code from its code lengths: how many codes of each length, and the
   * symbols in code order. */
  function huffman(lengths) {
    const counts = new Array(16).fill(0);
    for (const length of lengths) counts[length] += 1;
    counts[0] = 0;
    const offsets = [0, 0];
    for (let length = 1; length < 15; length++) offsets[length + 1] = offsets[length] + counts[length];
    const symbols = [];
    lengths.forEach((length, symbol) => length && (symbols[offsets[length]++] = symbol));
    return { counts, symbols };
  }

  const FIXED = [
    huffman(Array.from({ length: 288 }, (_, i) => (i < 144 ? 8 : i < 256 ? 9 : i < 280 ? 7 : 8))),
    huffman(new Array(30).fill(5)),
  ];

  function inflate(input) {
    let byteAt = 0; // the next byte of input
    let held = 0; // the bits read ahead of it, and how many
    let heldBits = 0;
    const bits = (count) => {
      for (; heldBits < count; heldBits += 8) held |= (input[byteAt++] ?? 0) << heldBits;
      const value = held & ((1 << count) - 1);
      held >>>= count;
      heldBits -= count;
      return value;
    };
    let out = new Uint8Array(input.length * 8);
    let size = 0;
    const put = (byte) => {
      if (size === out.length) {
        const grown = new Uint8Array(size * 2);
        grown.set(out);
        out = grown;
      }
      out[size++] = byte;
    };
    const symbol = ({ counts, symbols }) => {
      for (let length = 1, code = 0, first = 0, index = 0; length < 16; length++) {
        code |= bits(1);
        if (code - first < counts[length]) return symbols[index + code - first];
        index += counts[length];
        first = (first + counts[length]) << 1;
        code <<= 1;
      }
      throw new Error("rb: bad DEFLATE data");
    };
    for (let last = 0; !last; ) {
      last = bits(1);
      const type = bits(2);
      if (type === 0) {
        byteAt -= heldBits >> 3; // whole bytes read ahead go back; the rest of this one is padding
        held = heldBits = 0;
        const length = input[byteAt] | (input[byteAt + 1] << 8);
        for (const byte of input.subarray(byteAt + 4, byteAt + 4 + length)) put(byte);
        byteAt += 4 + length;
        continue;
      }
      let [lengths, distances] = FIXED;
      if (type === 2) {
        const [literals, distanceCount, codeCount] = [bits(5) + 257, bits(5) + 1, bits(4) + 4];
        const codeLengths = new Array(19).fill(0);
        for (let i = 0; i < codeCount; i++) codeLengths[CODE_ORDER[i]] = bits(3);
        const code = huffman(codeLengths);
        const all = [];
        while (all.length < literals + distanceCount) {
          const next = symbol(code);
          if (next < 16) all.push(next);
          else if (next === 16) all.push(...new Array(3 + bits(2)).fill(all[all.length - 1]));
          else all.push(...new Array(next === 17 ? 3 + bits(3) : 11 + bits(7)).fill(0));
        }
        [lengths, distances] = [huffman(all.slice(0, literals)), huffman(all.slice(literals))];
      }
      for (let next = symbol(lengths); next !== 256; next = symbol(lengths)) {
        if (next < 256) {
          put(next);
          continue;
        }
        const length = LENGTH_BASE[next - 257] + bits(LENGTH_EXTRA[next - 257]);
        const code = symbol(distances);
        const distance = DISTANCE_BASE[code] + bits(DISTANCE_EXTRA[code]);
        for (let i = 0; i < length; i++) put(out[size - distance]);
      }
    }
    return out.subarray(0, size);
  }

  /** The page's own copy of what it draws first ({game, catalog, deals}: build_tools/predrawn.py
   * `first`), from its base64; null if there is none or it does not read. */
  function inflated(base64) {
    if (!base64) return null;
    try {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      return JSON.parse(new TextDecoder().decode(inflate(bytes)));
    } catch (err) {
      console.warn("rb: the page's pre-drawn board does not read", err);
      return null;
    }
  }

  Object.assign(rb, { unpacked, inflated });
})();
