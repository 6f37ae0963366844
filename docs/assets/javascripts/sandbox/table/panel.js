// The table's screens (みんなのスマホで遊ぶ) inside a sandbox: the host's setup and invitations,
// and a guest's answer. Small components: each builds its DOM, updates it, and tears it down.

import { h } from "../ui.js";
import { HOST_TEXT, createHost } from "./host.js";
import { canScan, qrCode, scan } from "./qr.js";
import { NO_TRANSPORT_TEXT, transportKind } from "./transports.js";

export const TABLE_TEXT = {
  open: "みんなのスマホで遊ぶ",
  title: "みんなのスマホで遊ぶ",
  about:
    "この端末がゲームを進め、友だちはそれぞれのスマホで自分の手の内だけを見て遊びます（同じWi-Fiで）。" +
    "全員の手の内はゲームを進めるこの端末の中にありますが、この端末の画面に出るのは、この端末の席から見えるもの" +
    "（席がなければ全員に見えるもの）だけです。この遊び方では「一手戻す」は使えません。",
  here: "この端末",
  friend: "友だちのスマホ",
  invite: "招待を作る",
  reinvite: "新しい招待を出す",
  spent: "この招待ではもうつながりません。「新しい招待を出す」で作り直してください。",
  toBot: "ボットに任せる",
  cancel: "やめる",
  copy: "コピー",
  copied: "コピーしました。",
  share: "送る",
  link: (name) => `${name}への招待リンク`,
  pasteLabel: "友だちのスマホに出た返事のコード（貼り付け）",
  qr: (name) => `${name}への招待のQRコード`,
  answerQr: "返事のQRコード",
  scanStart: "カメラで返事を読み取る",
  scanStop: "カメラを止める",
  scanFailed: "カメラを使えませんでした。返事のコードを貼り付けてください。",
  inviteHow: "友だちのスマホのカメラでQRコードを読み取ってもらうか、リンクを送ってください。",
  connect: "つなぐ",
  waiting: "待っています",
  connected: "つながりました",
  making: "招待を作っています…",
  start: "全員そろいました。ゲームを始めます。",
  missing: (names) => `${names.join("、")}の席のスマホを待っています。`,
  seatWaiting: "この席のスマホを待っています。",
  rejoin: "この席の新しい招待を上に出しました。友だちのスマホで読み取ってもらうと、同じ席に戻れます。",
  again: "同じメンバーでもう1局",
  end: "みんなのスマホで遊ぶを終える",
  newGame: "ホストが新しいゲームを始めました。",
  noRoom: (count, lost) =>
    `${count}人のゲームには${lost.join("、")}の席がないので、つながっているスマホのままでは始められません。` +
    `その人数で遊ぶには、「みんなのスマホで遊ぶを終える」を押してから選んでください。`,
};

/** The host's panel. `entry`: the game's catalog entry; `hooks`: {turn (awake.js turnSignal),
 * awake (keepAwake's), start(seats, host), again(), act(seat, action), hint(seat), reseat(seat),
 * present(seats), notice(text), seatNote(seat, node or null): a line in the seat's own area on
 * the board, close(), end(): the table is over, the game goes on this device alone}. Returns
 * {root, again: もう1局's button (the shell puts it by the status line), playing(),
 * seatsFor(chosen, frame, bot), newGame(), resume(frame), relay(frame), moved(moved), teardown()}. */
export function createTablePanel(entry, hooks) {
  const root = h("section", { className: "rb-table", ariaLabel: TABLE_TEXT.title });
  let host = null;
  let friends = [];
  let started = false;
  const names = entry.seat_names;

  const players = h("select", { name: "table-players", ariaLabel: "人数" });
  players.append(...entry.players.map((n) => h("option", { value: n, textContent: `${n}人` })));
  const seatBox = h("div", { className: "rb-table-seats" });
  const inviteButton = h("button", { type: "button", className: "md-button md-button--primary", textContent: TABLE_TEXT.invite });
  const cancelButton = h("button", { type: "button", className: "md-button", textContent: TABLE_TEXT.cancel });
  const cards = h("div", { className: "rb-table-cards" });
  const paste = h("textarea", { rows: 2, className: "rb-table-paste", ariaLabel: TABLE_TEXT.pasteLabel });
  const connectButton = h("button", { type: "button", className: "md-button", textContent: TABLE_TEXT.connect });
  const scanButton = h("button", { type: "button", className: "md-button", textContent: TABLE_TEXT.scanStart, hidden: !canScan() });
  const video = h("video", { className: "rb-table-camera", hidden: true });
  video.dataset.rbKeepClear = ""; // the reader aims it at a friend's answer: notices give way
  const pasteBox = h(
    "div",
    { className: "rb-table-answer", hidden: true },
    h("label", {}, TABLE_TEXT.pasteLabel, paste),
    h("div", { className: "rb-table-tools" }, connectButton, scanButton),
    video,
  );
  let stopScan = null;
  const again = h("button", { type: "button", className: "md-button md-button--primary rb-table-again", textContent: TABLE_TEXT.again, hidden: true });
  again.addEventListener("click", () => {
    again.hidden = true;
    hooks.again();
  });
  const roster = h("ul", { className: "rb-table-roster" });
  const note = h("p", { className: "rb-table-note", role: "status" });
  const setup = h("div", { className: "rb-table-setup" }, h("label", {}, "人数", players), seatBox, inviteButton, cancelButton);
  const endButton = h("button", { type: "button", className: "md-button rb-table-end", textContent: TABLE_TEXT.end, hidden: true });
  endButton.addEventListener("click", () => hooks.end());
  root.append(h("h3", { textContent: TABLE_TEXT.title }), h("p", { textContent: TABLE_TEXT.about }), setup, roster, cards, pasteBox, note, hooks.turn.toggle, endButton);

  function seatChoices(count) {
    const kinds = [
      { id: "here", name: TABLE_TEXT.here },
      { id: "friend", name: TABLE_TEXT.friend },
      ...entry.seat_kinds.filter((kind) => kind.id !== "human"),
    ];
    seatBox.replaceChildren(
      ...names.slice(0, count).map((name, i) => {
        const select = h("select", { ariaLabel: name }, ...kinds.map((k) => h("option", { value: k.id, textContent: k.name })));
        select.value = i === 0 ? "here" : "friend";
        return h("label", {}, name, select);
      }),
    );
  }
  players.addEventListener("change", () => seatChoices(Number(players.value)));
  seatChoices(entry.players[0]);
  if (!transportKind()) {
    // no WebRTC in this browser: say so at once, instead of invitations no phone could answer
    for (const node of [players.parentElement, seatBox, inviteButton]) node.hidden = true;
    note.textContent = NO_TRANSPORT_TEXT;
    setup.before(note); // read before the only button left, やめる
  }

  function showRoster() {
    roster.replaceChildren(
      ...friends.map((seat) => {
        const on = host.connected(seat);
        const item = h("li", {}, `${names[seat]}：${on ? TABLE_TEXT.connected : TABLE_TEXT.waiting}`);
        item.dataset.seat = seat;
        item.dataset.connected = on;
        item.append(...seatButtons(seat));
        if (started) hooks.seatNote(seat, on ? null : h("p", { className: "rb-seat-note" }, TABLE_TEXT.seatWaiting, ...seatButtons(seat)));
        return item;
      }),
    );
    for (const card of cards.querySelectorAll("[data-seat]")) {
      const seat = Number(card.dataset.seat);
      if (host.connected(seat)) card.remove();
      else if (host.stale(seat) && !("rbSpent" in card.dataset)) spend(card);
    }
    placeAnswerBox();
  }

  /** A failed invitation's code and link lead no phone to the table any more: they go, so that no
   * friend scans a dead code (and notices no longer give way to it); the seat's 新しい招待を出す
   * makes a fresh one. */
  function spend(card) {
    card.dataset.rbSpent = "";
    card.replaceChildren(...card.querySelectorAll("h4"), h("p", { className: "rb-table-spent", textContent: TABLE_TEXT.spent }));
  }

  /** The paste field and the camera go right under the first invitation still waiting: the
   * host reads a friend's reply beside the code that friend scanned, not after every QR code
   * (any seat's reply is taken there: it names its seat). */
  function placeAnswerBox() {
    const first = cards.querySelector(".rb-table-card:not([data-rb-spent])");
    if (first) first.append(pasteBox);
    else cards.after(pasteBox);
    pasteBox.hidden = !first;
  }

  /** What the host may do for a seat without its phone: a new invitation, once the last one was
   * used or failed (a first one still waiting needs none), and, in a game, a bot meanwhile. */
  function seatButtons(seat) {
    if (host.connected(seat)) return [];
    const buttons = [];
    if (host.stale(seat)) {
      const again = h("button", { type: "button", className: "md-button", textContent: TABLE_TEXT.reinvite });
      again.addEventListener("click", () => inviteSeat(seat));
      buttons.push(again);
    }
    if (started) {
      const bot = h("button", { type: "button", className: "md-button", textContent: TABLE_TEXT.toBot });
      bot.addEventListener("click", () => hooks.reseat(seat));
      buttons.push(bot);
    }
    return buttons.flatMap((button) => [" ", button]);
  }

  async function inviteSeat(seat) {
    cards.querySelector(`[data-seat="${seat}"]`)?.remove();
    const card = h("div", { className: "rb-table-card", textContent: TABLE_TEXT.making });
    card.dataset.seat = seat;
    cards.append(card);
    const { link } = await host.invite(seat);
    const field = h("input", { type: "text", readOnly: true, value: link, ariaLabel: TABLE_TEXT.link(names[seat]) });
    const copy = h("button", { type: "button", className: "md-button", textContent: TABLE_TEXT.copy });
    copy.addEventListener("click", async () => {
      field.select();
      await navigator.clipboard?.writeText(link).catch(() => {});
      note.textContent = TABLE_TEXT.copied;
    });
    const tools = [copy];
    if (navigator.share) {
      const share = h("button", { type: "button", className: "md-button", textContent: TABLE_TEXT.share });
      share.addEventListener("click", () => navigator.share({ title: TABLE_TEXT.title, url: link }).catch(() => {}));
      tools.push(share);
    }
    const code = await qrCode(link, TABLE_TEXT.qr(names[seat]));
    card.replaceChildren(h("h4", { textContent: names[seat] }), code, h("p", { textContent: TABLE_TEXT.inviteHow }), field, h("div", { className: "rb-table-tools" }, ...tools));
    showRoster();
  }

  function changed() {
    showRoster();
    const missing = friends.filter((seat) => !host.connected(seat));
    if (!started && missing.length && missing.length < friends.length) host.tell(TABLE_TEXT.missing(missing.map((seat) => names[seat])));
    if (started) hooks.present(friends.filter((seat) => host.connected(seat)));
    if (!started && friends.length && host.full(friends)) {
      started = true;
      note.textContent = TABLE_TEXT.start;
      const choices = [...seatBox.querySelectorAll("select")].map((select) => select.value);
      const seats = choices.map((choice) => (choice === "here" || choice === "friend" ? "human" : choice));
      const here = choices.indexOf("here");
      hooks.start(seats, here < 0 ? null : here);
    }
  }

  /** A friend's phone left: that seat's fresh invitation at once, so one scan brings it back. */
  async function rejoin(seat) {
    await inviteSeat(seat);
    hooks.notice(TABLE_TEXT.rejoin);
  }

  function makeHost() {
    host?.close();
    host = createHost(names, { act: hooks.act, hint: hooks.hint, notice: hooks.notice, changed, left: rejoin });
  }

  inviteButton.addEventListener("click", async () => {
    const choices = [...seatBox.querySelectorAll("select")].map((select) => select.value);
    if (choices.filter((choice) => choice === "here").length > 1) return (note.textContent = "「この端末」は1つの席だけです。");
    friends = choices.flatMap((choice, seat) => (choice === "friend" ? [seat] : []));
    if (!friends.length) return (note.textContent = "友だちのスマホの席を1つ以上選んでください。");
    setup.hidden = true;
    endButton.hidden = false;
    makeHost();
    for (const seat of friends) await inviteSeat(seat);
    // the first friend scans first: its QR code whole on the screen (a phone's too)
    cards.querySelector("svg")?.scrollIntoView({ block: "center" });
  });
  cancelButton.addEventListener("click", () => hooks.close());
  connectButton.addEventListener("click", () => {
    const reason = host.accept(paste.value);
    note.textContent = reason;
    if (!reason) paste.value = "";
  });
  function endScan() {
    stopScan?.();
    stopScan = null;
    video.hidden = true;
    scanButton.textContent = TABLE_TEXT.scanStart;
  }
  scanButton.addEventListener("click", async () => {
    if (stopScan) return endScan();
    video.hidden = false;
    scanButton.textContent = TABLE_TEXT.scanStop;
    const found = (text) => {
      const reason = host.accept(text);
      note.textContent = reason;
      if (!reason) queueMicrotask(endScan);
      return !reason;
    };
    stopScan = await scan(video, found).catch(() => {
      note.textContent = TABLE_TEXT.scanFailed;
      video.hidden = true;
      return null;
    });
  });

  return {
    root,
    again,
    /** A table game resumed from the save (the host reloaded): every guest seat invited afresh. */
    resume(frame) {
      setup.hidden = true;
      endButton.hidden = false;
      started = true;
      friends = Object.keys(frame.table.guests).map(Number);
      makeHost();
      host.relay(frame); // what a guest that rejoins is sent first
      showRoster();
      for (const seat of friends) inviteSeat(seat); // each friend rejoins in one scan
    },
    /** Whether the table's game has begun (every friend's phone came once). */
    playing: () => started,
    /** 新しいゲーム at this table with the seats `chosen` (the setup's, one per seat): the same
     * phones in the same seats, where those seats are still in the game: {seats, host}, the
     * other seats a bot's (`bot` for one the setup gives a person); else {error}, in Japanese. */
    seatsFor(chosen, frame, bot) {
      const host = frame.table.host;
      const phones = host === null ? friends : [host, ...friends];
      const lost = phones.filter((seat) => seat >= chosen.length);
      if (lost.length) return { error: TABLE_TEXT.noRoom(chosen.length, lost.map((seat) => names[seat])) };
      const seats = chosen.map((kind, seat) => (phones.includes(seat) ? frame.seats[seat] : kind === "human" ? bot : kind));
      return { seats, host };
    },
    /** A new game began on the same phones: every device hears it. */
    newGame: () => host.tell(TABLE_TEXT.newGame),
    relay(frame) {
      if (frame.table) hooks.turn.update(frame);
      again.hidden = !(frame.table && frame.next === "over"); // the same phones, the next game
      host?.relay(frame);
    },
    /** もう1局 began: each friend's phone follows its player to the seat `moved` says. */
    moved(moved) {
      for (const seat of friends) hooks.seatNote(seat, null);
      friends = friends.map((seat) => moved[seat]);
      host.moveSeats(moved);
      showRoster();
    },
    teardown() {
      endScan();
      host?.close();
      for (const seat of friends) hooks.seatNote(seat, null);
      hooks.awake.release();
      hooks.turn.stop();
    },
  };
}

export { HOST_TEXT };

/** A guest's panel: its answer for the host to read, then who it sits as, with `buzz` (the
 * vibration's checkbox) once seated. Returns {root, answer(code, link, where), seated(line),
 * playing(), say(text)}. */
export function createGuestPanel(text, buzz) {
  const code = h("textarea", { rows: 3, readOnly: true, className: "rb-table-code", ariaLabel: text.answerLabel });
  const picture = h("div", { className: "rb-table-qr" });
  const copy = h("button", { type: "button", className: "md-button", textContent: TABLE_TEXT.copy });
  const joining = h("p", { className: "rb-table-joining" });
  const answerBox = h("div", { className: "rb-table-answer", hidden: true }, joining, h("p", { textContent: text.answer }), picture, code, copy);
  const status = h("p", { className: "rb-table-note", role: "status", textContent: text.waiting });
  const root = h("section", { className: "rb-table rb-table-guest", ariaLabel: TABLE_TEXT.title }, h("h3", { textContent: TABLE_TEXT.title }), answerBox, status);
  copy.addEventListener("click", async () => {
    code.select();
    await navigator.clipboard?.writeText(code.value).catch(() => {});
    status.textContent = TABLE_TEXT.copied;
  });
  return {
    root,
    async answer(value, link, where) {
      joining.textContent = where; // which game and seat this phone is joining
      code.value = value;
      answerBox.hidden = false;
      picture.replaceChildren(await qrCode(link, TABLE_TEXT.answerQr));
    },
    seated(line) {
      answerBox.hidden = true;
      status.textContent = line;
      root.append(buzz);
    },
    /** The game is on: its status line and notices say what happens, so the box keeps only the
     * vibration's switch (a phone's screen holds the table and the seat whole under it). */
    playing: () => (status.hidden = true),
    say(line) {
      status.textContent = line;
      status.hidden = false;
    },
  };
}
