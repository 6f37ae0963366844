// Invitations and answers (みんなのスマホで遊ぶ), small enough for a QR code a phone reads at arm's
// length: not the session description's text, only what the connection needs, packed in bytes
// and written in base64url.
//
//   byte 0      version (high 4 bits), answer (bit 1), over a BroadcastChannel (bit 0)
//   byte 1      the seat
//   9 bytes     the seat's single-use token
//   then, for a data channel: ICE ufrag and password (each a length byte and ASCII), the DTLS
//   SHA-256 fingerprint (32 bytes) and the UDP host candidates (a count, then each: 4 for IPv4,
//   6 for IPv6, 0 for an mDNS name's UUID, its 4 or 16 bytes, the port in 2 bytes);
//   for a BroadcastChannel (tests in a browser without WebRTC): the room's 9 bytes.
//
// The other side rebuilds a whole description from these parts (`describe`): nobody edits the
// credentials of a description its own browser made.

const FORMAT = 1;
export const TOKEN_BYTES = 9;
const CANDIDATES_MAX = 8;

export function randomId() {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(TOKEN_BYTES)));
}

export function toBase64Url(bytes) {
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("not base64url");
  return Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));
}

/** The parts of a local description the other side needs. */
export function partsOf(sdp) {
  const value = (name) => sdp.match(new RegExp(`^a=${name}:(.+)$`, "m"))?.[1].trim();
  const fingerprint = value("fingerprint")?.match(/^sha-256 ([0-9A-Fa-f:]+)$/)?.[1];
  if (!fingerprint) throw new Error("no SHA-256 fingerprint");
  const candidates = [...sdp.matchAll(/^a=candidate:\S+ 1 udp \d+ (\S+) (\d+) typ host/gim)]
    .map(([, address, port]) => ({ address, port: Number(port) }))
    .filter(({ address }) => addressBytes(address))
    .slice(0, CANDIDATES_MAX);
  return { ufrag: value("ice-ufrag"), pwd: value("ice-pwd"), fingerprint, candidates };
}

/** A whole description of the other side, from its parts. */
export function describe({ ufrag, pwd, fingerprint, candidates }, answer) {
  const lines = [
    "v=0",
    `o=- ${Date.now()} 2 IN IP4 127.0.0.1`,
    "s=-",
    "t=0 0",
    "a=group:BUNDLE 0",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
    ...candidates.map(({ address, port }, i) => `a=candidate:${i + 1} 1 udp ${2122260223 - i} ${address} ${port} typ host`),
    "a=end-of-candidates",
    `a=ice-ufrag:${ufrag}`,
    `a=ice-pwd:${pwd}`,
    `a=fingerprint:sha-256 ${fingerprint}`,
    `a=setup:${answer ? "active" : "actpass"}`,
    "a=mid:0",
    "a=sctp-port:5000",
    "a=max-message-size:262144",
  ];
  return { type: answer ? "answer" : "offer", sdp: `${lines.join("\r\n")}\r\n` };
}

function addressBytes(address) {
  const mdns = address.match(/^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/i);
  if (mdns) return [0, ...hexBytes(mdns.slice(1).join(""))];
  if (/^\d+\.\d+\.\d+\.\d+$/.test(address)) return [4, ...address.split(".").map(Number)];
  if (address.includes(":") && !address.includes("%")) {
    const [head, tail = ""] = address.split("::");
    const groups = (part) => (part ? part.split(":") : []);
    const missing = 8 - groups(head).length - groups(tail).length;
    if (missing < 0 || (!address.includes("::") && missing !== 0)) return null;
    const all = [...groups(head), ...Array(missing).fill("0"), ...groups(tail)];
    return [6, ...hexBytes(all.map((g) => g.padStart(4, "0")).join(""))];
  }
  return null;
}

const hexBytes = (hex) => hex.match(/../g).map((pair) => parseInt(pair, 16));
const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

function addressText(kind, bytes) {
  if (kind === 4) return bytes.join(".");
  const h = hex(bytes);
  if (kind === 0) return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}.local`;
  return h.match(/.{4}/g).map((g) => g.replace(/^0+(?=.)/, "")).join(":");
}

/** Pack {answer, seat, token, rtc: parts} or {answer, seat, token, room} into text. */
export function pack({ answer, seat, token, rtc, room }) {
  const bytes = [(FORMAT << 4) | (answer ? 2 : 0) | (room ? 1 : 0), seat, ...fromBase64Url(token)];
  if (room) bytes.push(...fromBase64Url(room));
  else {
    for (const text of [rtc.ufrag, rtc.pwd]) bytes.push(text.length, ...Array.from(text, (c) => c.charCodeAt(0)));
    bytes.push(...hexBytes(rtc.fingerprint.replaceAll(":", "")), rtc.candidates.length);
    for (const { address, port } of rtc.candidates) bytes.push(...addressBytes(address), port >> 8, port & 255);
  }
  return toBase64Url(Uint8Array.from(bytes));
}

/** The packed text read back; throws on anything else. */
export function unpack(text) {
  const bytes = fromBase64Url(text.trim());
  let at = 0;
  const take = (n) => {
    if (at + n > bytes.length) throw new Error("too short");
    at += n;
    return bytes.slice(at - n, at);
  };
  const [head, seat] = take(2);
  if (head >> 4 !== FORMAT) throw new Error("unknown format");
  const result = { answer: Boolean(head & 2), seat, token: toBase64Url(take(TOKEN_BYTES)) };
  if (head & 1) result.room = toBase64Url(take(TOKEN_BYTES));
  else {
    const ascii = () => String.fromCharCode(...take(take(1)[0]));
    const [ufrag, pwd] = [ascii(), ascii()];
    const fingerprint = hex(take(32)).toUpperCase().match(/../g).join(":");
    const candidates = Array.from({ length: Math.min(take(1)[0], CANDIDATES_MAX) }, () => {
      const kind = take(1)[0];
      if (![0, 4, 6].includes(kind)) throw new Error("unknown address kind");
      const address = addressText(kind, take(kind === 4 ? 4 : 16));
      const [high, low] = take(2);
      return { address, port: (high << 8) | low };
    });
    result.rtc = { ufrag, pwd, fingerprint, candidates };
  }
  if (at !== bytes.length) throw new Error("trailing bytes");
  return result;
}
