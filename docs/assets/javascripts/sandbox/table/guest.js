// A guest's phone at the table: opened by an invitation link (#join=…), it runs no Python. It
// answers the invitation, then shows the frames the host sends and sends back its clicks; the
// sandbox component draws the frames as it draws the worker's.

import { ANSWER_PREFIX, JOIN_PREFIX } from "./host.js";
import { pack, unpack } from "./invite.js";
import { checkFromHost, encode, frameAssembler } from "./protocol.js";
import { CONNECT_MS, guestSide } from "./transports.js";

export const GUEST_TEXT = {
  badInvitation: "招待を読み取れませんでした。ホストにもう一度QRコードを出してもらってください。",
  answer: "この返事のコードを、ホストの端末のカメラで読み取ってもらうか、テキストで送ってください。",
  answerLabel: "返事のコード",
  joining: (game, seat) => `${game}の${seat + 1}番目の席に入ります。`,
  waiting: "ホストの読み取りを待っています…（すぐに読み取ってもらってください。遅れてつながらないときは、ホストの「新しい招待を出す」からやり直せます）",
  seated: (name) => `${name}の席でつながりました。`,
  moved: (name) => `もう1局：今度は${name}の席です。`,
  unreachable:
    "ホストの端末とつながりませんでした。同じWi-Fiにつないでいるか確かめてください。" +
    "だめなら、どちらかのスマホのテザリングにもう一方がつなぐか、1台で交代して遊んでください。",
  failed:
    "ホストの端末とつながりませんでした。返事のコードの読み取りが遅すぎたか、同じWi-Fiにいないようです。" +
    "ホストに「新しい招待を出す」を押してもらい、新しいQRコードを読み取ってください。",
  slow:
    "まだホストとつながっていません。返事のコードを読み取ってもらってから15秒ほどたってもつながらないときは、" +
    "ホストに「新しい招待を出す」を押してもらい、新しいQRコードを読み取ってください。",
  gone: "ホストとの接続が切れました。ホストの画面に出る、この席の新しいQRコードを読み取ると、同じ席に戻れます。",
};

/** How long after its answer is shown a guest not yet connected says what to do: an answer read
 * too late never connects in Firefox, which keeps "checking" and gives no sign (README), and the
 * host gives up CONNECT_MS after reading it. */
export const SLOW_MS = CONNECT_MS + 5000;

/** The invitation in this page's address, or null; "bad" if unreadable. */
export function invitationHere() {
  if (!location.hash.startsWith(JOIN_PREFIX)) return null;
  try {
    const invitation = unpack(location.hash.slice(JOIN_PREFIX.length));
    return invitation.answer ? "bad" : invitation;
  } catch {
    return "bad";
  }
}

/** Answer `invitation`; `hooks`: {answer(code, link), slow(text), seated(name), moved(name),
 * frame(frame), notice(text), error(text), gone(text)}. Returns {act(action), hint(): the answer or null, close()}, or null
 * when the connection failed before it opened (said through `gone`). */
export async function joinTable(invitation, hooks) {
  const side = await guestSide(invitation);
  const code = pack({ answer: true, seat: invitation.seat, token: invitation.token, ...side.answer });
  hooks.answer(code, location.href.split("#")[0] + ANSWER_PREFIX + code);
  const slow = setTimeout(() => hooks.slow(GUEST_TEXT.slow), SLOW_MS);
  const timer = setTimeout(() => hooks.gone(GUEST_TEXT.unreachable), CONNECT_MS + 60_000); // the host may take a minute to scan
  let connection;
  try {
    connection = await side.connected;
  } catch {
    clearTimeout(timer);
    clearTimeout(slow);
    hooks.gone(GUEST_TEXT.failed); // too late, or no way through: only a fresh invitation helps
    return null;
  }
  const assemble = frameAssembler();
  let at = -1; // the id of the frame on screen
  let hinted = null; // settles the ヒント asked for, with the answer or null
  let seq = 0; // the number of the last message sent: every message has its own
  const send = (kind, fields) => connection.send(encode(kind, { ...fields, seq: ++seq }));
  connection.onClose(() => hooks.gone(GUEST_TEXT.gone));
  connection.onMessage((text) => {
    const { message, error } = checkFromHost(text);
    if (error) return hooks.error(error);
    if (message.kind === "welcome") {
      clearTimeout(timer);
      clearTimeout(slow);
      send("hello", { token: invitation.token });
      return hooks.seated(message.name);
    }
    if (message.kind === "part") {
      const built = assemble(message);
      if (built.error) hooks.error(built.error);
      if (built.frame) {
        at = message.id;
        hooks.frame(built.frame);
      }
      return;
    }
    if (message.kind === "notice") return hooks.notice(message.text);
    if (message.kind === "seat") return hooks.moved(message.name);
    hinted?.(message.kind === "hint" ? message.hint : null);
    hinted = null;
    if (message.kind === "error") hooks.error(message.error);
  });
  return {
    act: (action) => send("act", { action, at }),
    hint: () =>
      new Promise((resolve) => {
        hinted = resolve;
        send("hint", { at });
      }),
    close: () => connection.close(),
  };
}
