// The table protocol (みんなのスマホで遊ぶ): versioned JSON messages between the host, which runs
// the game, and each guest's phone. It knows no game and no transport (transports.js).
//
// Guest → host:  {v, kind: "hello", token, seq}      claims the seat its invitation names
//                {v, kind: "act", action, at, seq}   a click, on the frame numbered `at`
//                {v, kind: "hint", at, seq}          ヒント, on the frame numbered `at`
//                (`seq`: the message's own number, growing by one or more with each message the
//                guest sends: a copy of a message, even inside one burst, is refused)
// Host → guest:  {v, kind: "welcome", seat, name}    the seat is this connection's
//                {v, kind: "part", id, i, n, data}   piece i of n of a frame's JSON (frames of a
//                                                     board with pictures outgrow one message)
//                {v, kind: "seat", seat, name}       もう1局: the seat this connection's player moved to
//                {v, kind: "hint", hint}             the answer to this guest's ヒント
//                {v, kind: "notice", text}           who left or came back, for every device
//                {v, kind: "error", error}           a refusal, in Japanese; nothing was applied
//
// A seat has at most one request (act or hint) at the host at a time, and at most RATE.burst of
// them in a row (then RATE.perSecond): anything beyond is refused at once (table/host.js).
//
// Every message is at most MAX_BYTES (what every browser's data channel accepts) and is checked
// field by field before anything reads it; a frame rebuilt from parts is at most MAX_FRAME_BYTES.

export const VERSION = 2;
export const MAX_BYTES = 16 * 1024;
export const MAX_FRAME_BYTES = 1024 * 1024;
const PART_CHARS = 12 * 1024; // of a frame's JSON per part at most; fewer where its bytes are many
const MAX_PARTS = 1024;
/** A seat's requests (act, hint): this many in a row, then this many a second. A friend's taps
 * stay far inside it; a flood is refused at once, so it never queues in the host's worker. */
export const RATE = { burst: 60, perSecond: 10 };

export const REFUSED = {
  malformed: "届いたメッセージの形式が正しくありません。",
  oversized: "届いたメッセージが大きすぎます。",
  version: "このページとホストの版が違います。両方のページを読み込み直してください。",
  notSeated: "まだ席についていません。招待のQRコードを読み取り直してください。",
  token: "この招待は使えません。ホストに新しい招待を出してもらってください。",
  stale: "盤面が変わったあとの操作でした。もう一度選んでください。",
  replay: "この操作はもう届いています。同じものは二度使いません。",
  busy: "ホストが前の操作をまだ進めています。少し待ってから、もう一度選んでください。",
  tooFast: "操作が速すぎます。少し待ってから、もう一度選んでください。",
  hostStopped: "ホストの端末でゲームが止まりました。ホストの画面を見てもらってください。",
  hostBug: "ホストの端末で予期しないエラーが起きました。この操作は取り消されました。もう一度選んでください。",
};

const STRING = (limit) => (value) => typeof value === "string" && value.length <= limit;
const COUNT = (value) => Number.isSafeInteger(value) && value >= 0;

/** The fields of each kind a side accepts, and the check of each. */
const FROM_GUEST = {
  hello: { token: STRING(64), seq: COUNT },
  act: { action: STRING(200), at: COUNT, seq: COUNT },
  hint: { at: COUNT, seq: COUNT },
};
const FROM_HOST = {
  welcome: { seat: COUNT, name: STRING(100) },
  seat: { seat: COUNT, name: STRING(100) },
  part: { id: COUNT, i: COUNT, n: (n) => COUNT(n) && n >= 1 && n <= MAX_PARTS, data: STRING(PART_CHARS) },
  hint: { hint: (value) => value !== null && typeof value === "object" },
  notice: { text: STRING(500) },
  error: { error: STRING(500) },
};

const size = (text) => new TextEncoder().encode(text).length;

/** One message as text, refused here if it would be too big to send. */
export function encode(kind, fields = {}) {
  const text = JSON.stringify({ v: VERSION, kind, ...fields });
  if (size(text) > MAX_BYTES) throw new Error(REFUSED.oversized);
  return text;
}

/** Check a received message: {message} or {error} (a Japanese refusal to answer with). */
function check(text, kinds) {
  if (typeof text !== "string") return { error: REFUSED.malformed };
  if (text.length > MAX_BYTES || size(text) > MAX_BYTES) return { error: REFUSED.oversized };
  let message;
  try {
    message = JSON.parse(text);
  } catch {
    return { error: REFUSED.malformed };
  }
  if (message === null || typeof message !== "object" || Array.isArray(message)) return { error: REFUSED.malformed };
  if (message.v !== VERSION) return { error: REFUSED.version };
  const fields = Object.hasOwn(kinds, message.kind) ? kinds[message.kind] : null;
  if (!fields) return { error: REFUSED.malformed };
  const extra = Object.keys(message).filter((key) => key !== "v" && key !== "kind" && !Object.hasOwn(fields, key));
  if (extra.length || !Object.entries(fields).every(([key, ok]) => ok(message[key]))) return { error: REFUSED.malformed };
  return { message };
}

export const checkFromGuest = (text) => check(text, FROM_GUEST);
export const checkFromHost = (text) => check(text, FROM_HOST);

/** A frame (its JSON) as the messages that carry it: cut where each part's message fits in
 * MAX_BYTES (Japanese text takes three bytes a character, an escaped quote two). */
export function frameParts(id, json) {
  const pieces = [];
  for (let at = 0; at < json.length || !pieces.length; ) {
    let length = PART_CHARS;
    const widest = (data) => JSON.stringify({ v: VERSION, kind: "part", id, i: MAX_PARTS, n: MAX_PARTS, data });
    while (size(widest(json.slice(at, at + length))) > MAX_BYTES) length = Math.floor(length / 2);
    pieces.push(json.slice(at, at + length));
    at += length;
  }
  if (pieces.length > MAX_PARTS) throw new Error(REFUSED.oversized);
  return pieces.map((data, i) => encode("part", { id, i, n: pieces.length, data }));
}

/** Rebuilds frames from their parts, in order; a part out of order drops the frame it belongs to. */
export function frameAssembler() {
  let id = null;
  let pieces = [];
  return function add({ id: partId, i, n, data }) {
    if (i === 0) [id, pieces] = [partId, []];
    if (partId !== id || i !== pieces.length || i >= n) {
      [id, pieces] = [null, []];
      return { error: REFUSED.malformed };
    }
    pieces.push(data);
    if (pieces.length < n) return {};
    const json = pieces.join("");
    [id, pieces] = [null, []];
    if (json.length > MAX_FRAME_BYTES) return { error: REFUSED.oversized };
    try {
      const frame = JSON.parse(json);
      return frame && typeof frame === "object" && typeof frame.html === "string" ? { frame } : { error: REFUSED.malformed };
    } catch {
      return { error: REFUSED.malformed };
    }
  };
}
