// How the table's messages travel between two devices. Every transport gives the same
// connection: {send(text), onMessage(handler), onClose(handler), close()}.
//
// - "rtc": a WebRTC data channel, the product. No STUN or TURN server: the devices' own
//   addresses only (one Wi-Fi, or a phone's tethering). The host makes one peer connection per
//   friend's seat; its offer is the invitation, the guest's answer comes back by QR code or text.
// - "bc": a BroadcastChannel between pages of one browser, asked for by `?rb-transport=bc`: the
//   tests' stand-in in a browser built without WebRTC (Debian's WebKitGTK). Same messages, same
//   invitations, no network. Without that, such a browser has no transport (transportKind: null).
//
// Both sides wait for candidate gathering to finish (at most GATHER_MS), so one invitation and
// one answer carry everything; the host gives up on a seat whose guest has not said hello
// CONNECT_MS after it took the answer (host.js), whatever the transport.

import { describe, partsOf, randomId } from "./invite.js";

const GATHER_MS = 5000;
export const CONNECT_MS = 15_000;
/** What the host and a guest read in a browser that has no transport. */
export const NO_TRANSPORT_TEXT =
  "このブラウザは端末どうしを直接つなぐ機能（WebRTC）がないため、「みんなのスマホで遊ぶ」のホストにもゲストにもなれません。" +
  "Chrome、Safari、Firefoxなどで開くか、1台で交代して遊んでください。";

/** Which transport this page uses: the data channel, or null in a browser built without WebRTC
 * (Debian's WebKitGTK): pages of one browser cannot stand for a table of phones, so such a browser
 * can neither host nor join, and says so. "bc" only when a test asks for it. */
export function transportKind() {
  const forced = new URLSearchParams(location.search).get("rb-transport"); // tests only
  if (forced === "bc") return "bc";
  return typeof RTCPeerConnection === "function" ? "rtc" : null;
}

function gathered(pc) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, GATHER_MS);
    pc.addEventListener("icegatheringstatechange", () => {
      if (pc.iceGatheringState === "complete") {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}

function channelConnection(channel, pc) {
  const closers = [];
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    channel.close();
    pc.close();
    for (const handler of closers) handler();
  };
  channel.addEventListener("close", close);
  pc.addEventListener("connectionstatechange", () => ["failed", "closed"].includes(pc.connectionState) && close());
  return {
    send: (text) => channel.readyState === "open" && channel.send(text),
    onMessage: (handler) => channel.addEventListener("message", ({ data }) => handler(data)),
    onClose: (handler) => closers.push(handler),
    close,
  };
}

function opened(channel, pc) {
  return new Promise((resolve) => channel.addEventListener("open", () => resolve(channelConnection(channel, pc))));
}

/** The host's side of one seat: {offer: the invitation's parts, accept(answer parts), connected}. */
export async function hostSide(kind) {
  if (kind === "bc") {
    const room = randomId();
    let accept;
    const connected = new Promise((resolve) => (accept = (answer) => resolve(broadcastConnection(`${room}:${answer.room}`))));
    return { offer: { room }, accept, connected, cancel() {} };
  }
  const pc = new RTCPeerConnection({ iceServers: [] });
  const channel = pc.createDataChannel("rb-table", { ordered: true });
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  const accept = (answer) => pc.setRemoteDescription(describe(answer.rtc, true));
  return { offer: { rtc: partsOf(pc.localDescription.sdp) }, accept, connected: opened(channel, pc), cancel: () => pc.close() };
}

/** The guest's side: {answer: its parts, connected}; `connected` fails if its connection does. */
export async function guestSide(invitation) {
  if (invitation.room) {
    const mine = randomId();
    return { answer: { room: mine }, connected: Promise.resolve(broadcastConnection(`${invitation.room}:${mine}`)) };
  }
  const pc = new RTCPeerConnection({ iceServers: [] });
  const channel = new Promise((resolve) => pc.addEventListener("datachannel", ({ channel }) => resolve(channel)));
  await pc.setRemoteDescription(describe(invitation.rtc, false));
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(pc);
  // A connection that fails before it opens (no way through) is said at once. An answer taken
  // too late is not always seen here: Firefox keeps "checking" (measured: README), so the guest's
  // waiting line says what to do, and the host's 15 s word does too.
  const failed = new Promise((_, reject) =>
    pc.addEventListener("connectionstatechange", () => pc.connectionState === "failed" && reject(new Error("failed"))),
  );
  const open = channel.then((dc) => (dc.readyState === "open" ? channelConnection(dc, pc) : opened(dc, pc)));
  return { answer: { rtc: partsOf(pc.localDescription.sdp) }, connected: Promise.race([open, failed]) };
}

/** A BroadcastChannel as a connection: each side posts {from, text}; its own posts it ignores. */
function broadcastConnection(name) {
  const channel = new BroadcastChannel(`rb-table:${name}`);
  const me = randomId();
  const closers = [];
  let closed = false;
  const close = (tell = true) => {
    if (closed) return;
    closed = true;
    if (tell) channel.postMessage({ from: me, bye: true });
    channel.close();
    for (const handler of closers) handler();
  };
  addEventListener("pagehide", () => close(), { once: true });
  const handlers = [];
  channel.addEventListener("message", ({ data }) => {
    if (data?.from === me) return;
    if (data?.bye) return close(false);
    for (const handler of handlers) handler(data?.text);
  });
  return {
    send: (text) => !closed && channel.postMessage({ from: me, text }),
    onMessage: (handler) => handlers.push(handler),
    onClose: (handler) => closers.push(handler),
    close,
  };
}
