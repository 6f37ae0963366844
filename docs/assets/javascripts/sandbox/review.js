// 振り返り: a finished game looked back on in the sandbox (engine/review.py). The reader steps
// through it move by move (前へ / 次へ / 最初 / 最後, or the arrow keys, Home and End), the board
// drawn for the reviewed seat with every hidden piece shown; meanwhile the engine weighs the
// reader's decisions one request at a time, with a progress bar and 中止; then the moments where the
// reader's choice cost the most, each with the position as the reader saw it, both moves, the cost,
// and 「ここから打ち直す」 (as the reader saw it, hidden pieces drawn afresh; or as it really lay).
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
  moment: (move, loss) => `${move}手目（${loss}）`,
  played: "あなたの手：",
  better: "探索の手：",
  look: "この局面を見る",
  asSeen: "ここから打ち直す（見えていた情報のまま。伏せられていた札や牌は配りなおし）",
  asItLay: "ここから打ち直す（実際の配置のまま。伏せられていたものも本当のまま）",
};
const KEYS = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity };

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
  // The moments go below the board, so that stepping keeps the board right under the controls.
  const after = h("section", { className: "rb-review rb-review-found", hidden: true, ariaLabel: TEXT.moments }, moments);
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
      "ol",
      {},
      ...found.map((moment) => {
        const board = h("div", { className: "rb-review-board" });
        board.innerHTML = moment.html; // engine-rendered, as the reader saw that position
        return h(
          "li",
          { className: "rb-review-moment" },
          h("strong", { textContent: TEXT.moment(moment.move, moment.loss) }),
          h("p", {}, TEXT.played, h("span", { textContent: moment.played })),
          h("p", {}, TEXT.better, h("strong", { textContent: moment.best })),
          board,
          h(
            "div",
            { className: "rb-review-actions" },
            button(TEXT.look, () => go(moment.at - at).then(() => root.focus())),
            button(TEXT.asSeen, () => replay(moment.at, true), "md-button md-button--primary"),
            button(TEXT.asItLay, () => replay(moment.at, false)),
          ),
        );
      }),
    );
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

  /** Open the review of the game on screen: its answer to "open" is `opened`. */
  async function start(opened) {
    open = true;
    host.dataset.rbReview = "open"; // the stylesheet lets the board's dock go (advice.css)
    moves = opened.moves;
    root.hidden = false;
    after.hidden = true;
    bar.hidden = false;
    moments.replaceChildren();
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
