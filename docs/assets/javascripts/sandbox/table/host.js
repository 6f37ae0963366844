// The table's host: the device that runs the game. It invites a phone to each friend's seat,
// binds each connection to the seat whose invitation it answered (never to what a message says),
// sends each guest its own seat's frame and nothing else (and only when that frame changed: a step
// of another seat that the guest cannot see sends it nothing, not even a sign that a step was
// made), and passes a guest's click to the engine as that seat's (engine/table.py checks it as a
// click). No guest can hold the game up for the others: a seat has one request at the engine at a
// time and a limited rate, and a copy of a message is refused (protocol.js). It knows no game.

import { RATE, REFUSED, checkFromGuest, encode, frameParts } from "./protocol.js";
import { pack, randomId, unpack } from "./invite.js";
import { CONNECT_MS, hostSide, transportKind } from "./transports.js";

export const JOIN_PREFIX = "#join=";
export const ANSWER_PREFIX = "#answer=";
const HANDED_ANSWERS = "rb-table-answers"; // from a tab the host's camera app opened, to the host's tab

export const HOST_TEXT = {
  left: (name) => `${name}の席の接続が切れました。`,
  joined: (name) => `${name}の席がつながりました。`,
  badAnswer: "返事のコードを読み取れませんでした。友だちのスマホに出たコードを、そのまま貼り付けてください。",
  unreachable: (name) =>
    `${name}の席のスマホとつながりませんでした。同じWi-Fiにつないでいるか確かめてください。` +
    "返事のコードの読み取りが遅すぎたときは「新しい招待を出す」からやり直せます。" +
    "だめなら、どちらかのスマホのテザリングにもう一方がつなぐか、1台で交代して遊んでください（ゲームはそのままです）。",
  handed: "返事のコードをゲームのタブに渡しました。このタブを閉じて、元のタブに戻ってください。",
  notInvited: "この席の招待は使えません。その席の新しい招待を出して、もう一度つないでください。",
};

/** `names`: the seats' names; `hooks`: {act(seat, action), hint(seat), notice(text), changed(),
 * left(seat): its phone's connection closed}. */
export function createHost(names, hooks) {
  const kind = transportKind();
  // seat -> {seat, token, side, accepted, link, used, connection, frameId, sent, acted, seq, busy, tokens, filled}
  const seats = new Map();
  let lastFrame = null;
  let closed = false; // the table closed: its connections' ends are no news
  const handed = new BroadcastChannel(HANDED_ANSWERS);
  handed.addEventListener("message", ({ data }) => typeof data === "string" && hooks.notice(accept(data)));

  const name = (seat) => names[seat];
  const connected = (seat) => Boolean(seats.get(seat)?.connection);

  function tellAll(text) {
    hooks.notice(text);
    for (const [, entry] of seats) entry.connection?.send(encode("notice", { text }));
  }

  /** The seat's frame to its guest, unless the guest has it already (`sent`: its JSON) and is
   * not waiting for the frame of its own click (`acted`). */
  function sendFrame(seat) {
    const frame = lastFrame?.table?.guests?.[seat];
    const entry = seats.get(seat);
    if (!frame || !entry?.connection) return;
    const json = JSON.stringify(frame);
    if (json === entry.sent && !entry.acted) return;
    Object.assign(entry, { sent: json, acted: false, frameId: entry.frameId + 1 });
    try {
      for (const part of frameParts(entry.frameId, json)) entry.connection.send(part);
    } catch (err) {
      console.warn("rb: a frame could not be sent to a guest", err); // the host's game goes on
    }
  }

  /** A fresh single-use invitation to `seat`; an older one of the seat stops working. */
  async function invite(seat) {
    seats.get(seat)?.side.cancel();
    const side = await hostSide(kind);
    const entry = { seat, token: randomId(), side, used: false, connection: null, frameId: 0, sent: null, acted: false, seq: -1, busy: false, tokens: RATE.burst, filled: performance.now() };
    seats.set(seat, entry);
    const code = pack({ answer: false, seat, token: entry.token, ...side.offer });
    side.connected.then((connection) => bind(entry, connection));
    return { code, link: location.href.split("#")[0] + JOIN_PREFIX + code };
  }

  /** A guest's answer, pasted or scanned: "" when it was taken, else why not. */
  function accept(text) {
    let answer;
    try {
      const trimmed = text.trim();
      answer = unpack(trimmed.includes(ANSWER_PREFIX) ? trimmed.split(ANSWER_PREFIX)[1] : trimmed);
    } catch {
      return HOST_TEXT.badAnswer;
    }
    const entry = seats.get(answer.seat);
    if (!answer.answer || !entry || entry.token !== answer.token || entry.used || entry.accepted) return HOST_TEXT.notInvited;
    entry.accepted = true;
    Promise.resolve(entry.side.accept(answer)).catch(() => hooks.changed());
    setTimeout(() => giveUp(entry), CONNECT_MS); // the clock starts once both sides have what they need
    return "";
  }

  /** The seat's guest has not said hello in time (no way through, or an answer too late): say
   * what to try; the seat waits for a new invitation, the game goes on. */
  function giveUp(entry) {
    if (seats.get(entry.seat) !== entry || entry.used) return; // connected, or a newer invitation
    entry.side.cancel();
    entry.link?.close();
    entry.failed = true;
    hooks.changed();
    hooks.notice(HOST_TEXT.unreachable(name(entry.seat)));
  }

  function bind(entry, connection) {
    if (seats.get(entry.seat) !== entry) return connection.close(); // a newer invitation replaced it
    entry.link = connection; // the connection before its hello
    connection.onMessage((text) => onMessage(entry, connection, text));
    connection.onClose(() => {
      if (closed || entry.connection !== connection) return;
      entry.connection = null;
      hooks.changed();
      tellAll(HOST_TEXT.left(name(entry.seat)));
      hooks.left(entry.seat);
    });
    connection.send(encode("welcome", { seat: entry.seat, name: name(entry.seat) }));
  }

  function onMessage(entry, connection, text) {
    const seat = entry.seat; // where the connection's player sits now (もう1局 may move it)
    const { message, error } = checkFromGuest(text);
    const refuse = (reason) => connection.send(encode("error", { error: reason }));
    if (error) return refuse(error);
    if (message.seq <= entry.seq) return refuse(REFUSED.replay); // a copy, however soon after
    entry.seq = message.seq;
    if (message.kind === "hello") {
      if (entry.used || message.token !== entry.token) return refuse(REFUSED.token);
      entry.used = true;
      entry.connection = connection;
      hooks.changed();
      tellAll(HOST_TEXT.joined(name(seat)));
      return sendFrame(seat);
    }
    if (entry.connection !== connection) return refuse(REFUSED.notSeated);
    if (entry.busy) return refuse(REFUSED.busy);
    if (!takeToken(entry)) return refuse(REFUSED.tooFast);
    if (message.at !== entry.frameId) return refuse(REFUSED.stale);
    entry.busy = true;
    const done = () => (entry.busy = false);
    if (message.kind === "act") {
      entry.acted = true; // its phone waits for the frame the click makes, even one it has
      return hooks.act(seat, message.action).then(
        (reply) => {
          done();
          if (reply.ok) return;
          entry.acted = false; // refused: no frame comes of it
          refuse(fromEngine(reply));
        },
        () => {
          done();
          entry.acted = false;
          refuse(REFUSED.hostStopped); // the host's own screen says why
        },
      );
    }
    return hooks.hint(seat).then(
      (reply) => {
        done();
        connection.send(reply.ok ? encode("hint", { hint: reply.hint }) : encode("error", { error: fromEngine(reply) }));
      },
      () => {
        done();
        refuse(REFUSED.hostStopped);
      },
    );
  }

  /** One of the seat's RATE tokens, if it has one left (they come back at RATE.perSecond). */
  function takeToken(entry) {
    const now = performance.now();
    entry.tokens = Math.min(RATE.burst, entry.tokens + ((now - entry.filled) / 1000) * RATE.perSecond);
    entry.filled = now;
    if (entry.tokens < 1) return false;
    entry.tokens -= 1;
    return true;
  }

  return {
    kind,
    invite,
    accept,
    connected,
    /** Whether a new invitation to `seat` is worth offering: none yet, or the last one was
     * used (its phone came and went) or failed to connect. */
    stale: (seat) => !seats.get(seat) || seats.get(seat).used || Boolean(seats.get(seat).failed),
    /** Say `text` on the host and on every connected phone. */
    tell: tellAll,
    /** Every friend's seat has its phone. */
    full: (friends) => friends.every(connected),
    /** もう1局: each phone follows its player to the seat `moved[seat]`, and its guest is told. */
    moveSeats(moved) {
      const entries = [...seats.values()];
      seats.clear();
      for (const entry of entries) {
        entry.seat = moved[entry.seat];
        seats.set(entry.seat, entry);
        entry.connection?.send(encode("seat", { seat: entry.seat, name: name(entry.seat) }));
      }
    },
    /** The host's new frame: each guest gets its own seat's. */
    relay(frame) {
      if (!frame.table) return;
      lastFrame = frame;
      for (const seat of seats.keys()) sendFrame(seat);
    },
    close() {
      closed = true;
      handed.close();
      for (const entry of seats.values()) {
        entry.connection?.close();
        entry.side.cancel();
      }
      seats.clear();
    },
  };
}

/** The engine's refusal as a guest may read it: an unexpected error is the host's, not a rule's
 * (its own message speaks of 新しいゲーム, which only the host has). */
const fromEngine = (reply) => (reply.bug ? REFUSED.hostBug : reply.error);

/** This page was opened by an answer's link on the host's device (its camera app read the
 * guest's QR code): hand the answer to the game's tab. Returns what to say, or null. */
export function handAnswerOver() {
  if (!location.hash.startsWith(ANSWER_PREFIX)) return null;
  const channel = new BroadcastChannel(HANDED_ANSWERS);
  channel.postMessage(location.hash.slice(ANSWER_PREFIX.length));
  channel.close();
  history.replaceState(history.state, "", location.href.split("#")[0]);
  return HOST_TEXT.handed;
}
