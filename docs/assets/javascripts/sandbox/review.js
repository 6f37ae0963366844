// 振り返り: a finished game looked back on in the sandbox (engine/review.py). The reader steps
// through it move by move (前へ / 次へ / 最初 / 最後, or the arrow keys, Home and End), the board
// drawn for the reviewed seat with every hidden piece shown; meanwhile the engine weighs the
// reader's decisions one request at a time, with a progress bar and 中止; then the moments where the
// reader's choice cost the most, each one line (the move and the cost) that opens on demand both
// moves, the board as the reader saw it (a phone has no room for a board a moment) and 「打ち直す」
// (as the reader saw it, hidden pieces drawn afresh; or as it really lay).
// Narrow (a phone: data-rb-narrow on the sandbox, screen.js) the review is a layer, not a longer
// page: its controls and its moments in one sheet held at the bottom over the table (advice.css),
// the board it steps through above it; Escape or 振り返りを閉じる closes it, and the table comes
// back as it was.
// It knows no game: `call` sends a review request, `showBoard` draws the engine's html, `replay`
// hands over the new game's frame, `close` goes back to the game; the keys work anywhere in
// `host` (the sandbox) until `signal` aborts.

import { h } from "./ui.js";

const TEXT = {
  title: "振り返り",
  move: (at, moves) => (at === 0 ? `開始時（全${moves}手）` : `${at}手目のあと（全${moves}手）`),
  first: "最初",
  previous: "前へ",
  next: "次へ",
  last: "最後",
  close: "振り返りを閉じる",
  weighing: (done, of) => `あなたの手を強いボットの探索で調べています（${done} / ${of}）`,
  cancel: "中止",
  cancelled: (done, of) => `${of}手のうち${done}手まで調べたところで中止しました。`,
  resume: "続きを調べる",
  moments: "大きな差がついた場面",
  none: "探索の誤差を超えて大きく損をした手は見つかりませんでした。",
  moment: (move) => `${move}手目`,
  played: "あなたの手：",
  better: "探索の手：",
  asSeen: "打ち直す（見えていたまま）",
  asItLay: "打ち直す（実際の配置）",
  named: (move, text) => `${move}手目から${text}`,
  open: "場面を押すと、両方の手とその盤面が開きます。",
  replays:
    "「見えていたまま」は伏せられていた札や牌を配りなおし、「実際の配置」は本当の配置のまま、この場面から続けます。探索の手が盤の上に二重の枠で示されます。",
};
const KEYS = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity };
let boards = 0; // the moments' details, numbered for their lines' aria-controls

export function createReview({ call, showBoard, replay, close, host, signal }) {
  const button = (text, onClick, className = "md-button") => {
    const b = h("button", { type: "button", className, textContent: text });
    b.addEventListener("click", onClick);
    return b;
  };
  const where = h("span", { className: "rb-review-where" });
  const first = button(TEXT.first, () => go(-Infinity));
  const previous = button(TEXT.previous, () => go(-1));
  const next = button(TEXT.next, () => go(1));
  const last = button(TEXT.last, () => go(Infinity));
  const bar = h("progress", { max: 1, value: 0 });
  const progressText = h("span");
  const cancel = button(TEXT.cancel, () => (weighing = false));
  const resume = button(TEXT.resume, () => weighAll(), "md-button rb-review-resume");
  const moments = h("div", { className: "rb-review-moments" });
  const closer = button(TEXT.close, () => close(), "rb-review-close");
  const root = h(
    "section",
    { className: "rb-review", hidden: true, ariaLabel: TEXT.title, tabIndex: -1 },
    h("div", { className: "rb-review-head" }, h("strong", { textContent: TEXT.title }), closer),
    h("div", { className: "rb-review-steps" }, first, previous, where, next, last),
    h("p", { className: "rb-review-progress", role: "status" }, progressText, bar, cancel, resume),
  );
  // The moments go below the board, so that stepping keeps the board right under the controls;
  // narrow, into the sheet (`arrange`), their place kept by `spot`.
  const after = h("section", { className: "rb-review rb-review-found", hidden: true, ariaLabel: TEXT.moments }, moments);
  const spot = document.createComment("rb-review-found");
  let moves = 0;
  let at = 0;
  let weighing = false;
  let open = false;
  let runs = 0; // weighAll loops started: only the newest goes on

  async function go(step) {
    const target = Math.max(0, Math.min(moves, Number.isFinite(step) ? at + step : step > 0 ? moves : 0));
    const reply = await call({ do: "show", at: target });
    if (!reply || !open) return;
    at = reply.at;
    where.textContent = TEXT.move(at, moves);
    first.disabled = previous.disabled = at === 0;
    next.disabled = last.disabled = at === moves;
    showBoard(reply);
  }

  /** Weigh every decision not yet weighed, one request each, until done or 中止. */
  async function weighAll() {
    const mine = ++runs; // a review closed and opened again while a request was out: one loop goes on
    weighing = true;
    const focused = document.activeElement === resume;
    cancel.hidden = false;
    resume.hidden = true;
    if (focused) cancel.focus();
    for (;;) {
      const reply = await call({ do: "weigh" });
      if (!reply || !open || mine !== runs) return;
      bar.max = Math.max(1, reply.decisions);
      bar.value = reply.weighed;
      progressText.textContent = TEXT.weighing(reply.weighed, reply.decisions);
      if (reply.moments) return showMoments(reply.moments);
      if (!weighing) {
        progressText.textContent = TEXT.cancelled(reply.weighed, reply.decisions);
        const focused = document.activeElement === cancel;
        cancel.hidden = true;
        resume.hidden = false;
        if (focused) resume.focus(); // the keyboard stays in the review
        return;
      }
    }
  }

  function showMoments(found) {
    after.hidden = false;
    if ([cancel, resume].includes(document.activeElement)) root.focus(); // they are going
    cancel.hidden = resume.hidden = true;
    bar.hidden = true;
    progressText.textContent = "";
    moments.replaceChildren(
      h("h4", { textContent: TEXT.moments }),
      found.length ? momentList(found) : h("p", { textContent: TEXT.none }),
    );
  }

  function momentList(found) {
    return h(
      "div",
      {},
      h("p", { className: "rb-review-replays", textContent: TEXT.open }),
      h("ol", {}, ...found.map(momentItem)),
    );
  }

  /** One moment: a line (a button) that opens its moves, its board as the reader saw it and its
   * replays, so that five moments take five lines until one is asked for. */
  function momentItem(moment) {
    const details = h(
      "div",
      { className: "rb-review-details", id: `rb-moment-${++boards}`, hidden: true },
      h("p", {}, TEXT.played, h("span", { textContent: moment.played })),
      h("p", {}, TEXT.better, h("strong", { textContent: moment.best })),
      h("div", { className: "rb-review-board" }),
      h(
        "div",
        { className: "rb-review-actions" },
        replayButton(moment, TEXT.asSeen, true, "md-button md-button--primary"),
        replayButton(moment, TEXT.asItLay, false, "md-button"),
      ),
      h("p", { className: "rb-review-replays", textContent: TEXT.replays }),
    );
    details.querySelector(".rb-review-board").innerHTML = moment.html; // engine-rendered, as the reader saw it
    const line = button("", () => reveal(details.hidden), "rb-review-line");
    line.append(h("strong", { textContent: TEXT.moment(moment.move) }), h("span", { textContent: moment.loss }));
    line.setAttribute("aria-controls", details.id);
    function reveal(shown) {
      details.hidden = !shown;
      line.setAttribute("aria-expanded", String(shown));
      if (shown && after.parentElement === root) line.scrollIntoView({ block: "start" }); // in a phone's sheet
    }
    reveal(false);
    return h("li", { className: "rb-review-moment" }, line, details);
  }

  function replayButton(moment, text, asSeen, className) {
    const b = button(text, () => replay(moment.at, asSeen), className);
    b.setAttribute("aria-label", TEXT.named(moment.move, text)); // each moment's buttons their own names
    return b;
  }

  // Anywhere in the sandbox while the review is open (the board, its controls, a moment).
  host.addEventListener(
    "keydown",
    (event) => {
      if (!open || !(event.key in KEYS) || event.target.closest("input, select, textarea")) return;
      event.preventDefault();
      go(KEYS[event.key]);
    },
    { signal },
  );

  /** The moments in the sheet while narrow, below the board otherwise; the sheet's height kept
   * free below the table (--rb-review-room), so that all of the board can scroll above it. */
  function arrange() {
    const narrow = host.hasAttribute("data-rb-narrow");
    if (narrow && after.parentElement !== root) {
      after.replaceWith(spot);
      root.append(after);
    } else if (!narrow && spot.parentNode) {
      spot.replaceWith(after);
    }
  }
  const narrowing = new MutationObserver(arrange);
  narrowing.observe(host, { attributeFilter: ["data-rb-narrow"] });
  // set at the next frame, outside the observer's report: the room changes the board's size, and
  // WebKit reports a size changed within a report as a loop (a console error)
  const room = new ResizeObserver(() =>
    requestAnimationFrame(() => {
      if (signal.aborted) return;
      const sheet = open && getComputedStyle(root).position === "fixed" ? root.offsetHeight : 0;
      host.style.setProperty("--rb-review-room", `${sheet}px`);
    }),
  );
  room.observe(root);
  signal.addEventListener("abort", () => {
    narrowing.disconnect();
    room.disconnect();
  });

  // Escape closes the review before anything else (the panel stays open), unless a layer of the
  // screen's (記録) lies over it: that goes first (screen.js).
  window.addEventListener(
    "keydown",
    (event) => {
      if (event.key !== "Escape" || !open || host.dataset.rbLayer) return;
      event.stopPropagation();
      close();
    },
    { signal, capture: true },
  );

  /** Open the review of the game on screen: its answer to "open" is `opened`. */
  async function start(opened) {
    open = true;
    host.dataset.rbReview = "open"; // the stylesheet lets the board's dock go (advice.css)
    moves = opened.moves;
    root.hidden = false;
    after.hidden = true;
    bar.hidden = false;
    moments.replaceChildren();
    arrange();
    await go(Infinity);
    root.focus();
    weighAll();
  }

  function stop() {
    open = false;
    weighing = false;
    delete host.dataset.rbReview;
    root.hidden = after.hidden = true;
  }

  return { root, after, start, stop };
}
