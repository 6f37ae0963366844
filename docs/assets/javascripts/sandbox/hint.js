// ヒント: the button by the status line while the reader's seat is to move, and what the engine's
// search answered (engine/advice.py): the best actions named as the board's buttons name them, each
// with its figure, the one つよい would play marked (and outlined on the board), ほぼ互角 where the
// search cannot tell them apart (with its error), and the game's own word on the best where it has
// one. After 「ここから打ち直す」 the frame names the review's better move (`suggest`, for the seat at
// the screen only): it is outlined the same way, with a line saying so, until the next frame. It
// knows no game; `ask` sends the request, and any new frame closes the hint.

import { h } from "./ui.js";

const TEXT = {
  button: "ヒント",
  asking: "ヒントを考えています…",
  title: "つよいボットなら",
  best: "おすすめ",
  close: ({ margin, tied }) => {
    if (tied) return "ほぼ互角：上位2手は、探索が試したどの場合も同じ結果でした。どれを選んでも大差ありません。";
    if (margin) return `ほぼ互角：上位2手の差は、探索の誤差（${margin}）の内です。どれを選んでも大差ありません。`;
    return "ほぼ互角：試した回数が少なく、上位2手の差が探索の誤差を超えるとは言えません。";
  },
  lead: "点差の見込み：この手のあと、ほかの人でいちばん点の多い人との差を探索が平均したもの。",
  forced: "この場面で選べる手は1つだけです。",
  dismiss: "閉じる",
  suggested: "振り返りで探索が選んだ手を、二重の枠で示しています。",
};
const MARK = "rb-hint-best";

/** `ask()` fetches the hint; `onShown(box, marked)` runs once it is drawn (screen.js keeps the
 * marked piece clear of the box). */
export function createHint(ask, onShown = () => {}) {
  const button = h("button", { type: "button", className: "md-button rb-hint-button", textContent: TEXT.button, hidden: true });
  const list = h("ol", { className: "rb-hint-list" });
  const note = h("div", { className: "rb-hint-note" });
  const dismiss = h("button", { type: "button", className: "rb-hint-dismiss", textContent: TEXT.dismiss });
  const box = h(
    "section",
    { className: "rb-hint", hidden: true, ariaLabel: TEXT.button },
    h("div", { className: "rb-hint-head" }, h("strong", { textContent: TEXT.title }), dismiss),
    list,
    note,
  );
  box.setAttribute("aria-live", "polite");
  const suggestion = h("p", { className: "rb-hint-suggested", textContent: TEXT.suggested, hidden: true });
  let board = null;

  function clear() {
    box.hidden = true;
    box.style.removeProperty("max-height"); // as onShown may have fitted it
    suggestion.hidden = true;
    board?.querySelectorAll(`.${MARK}`).forEach((node) => node.classList.remove(MARK));
  }

  function mark(action) {
    board?.querySelectorAll(`[data-action="${CSS.escape(action)}"]`).forEach((node) => node.classList.add(MARK));
  }

  button.addEventListener("click", async () => {
    clear();
    button.disabled = true;
    note.textContent = TEXT.asking;
    list.replaceChildren();
    box.hidden = false;
    try {
      const shown = await ask();
      if (shown) {
        render(shown);
        onShown(box, marked());
      } else clear();
    } finally {
      button.disabled = false;
    }
  });
  dismiss.addEventListener("click", () => {
    clear();
    button.focus(); // the box that held the focus is gone: the keyboard stays by ヒント
  });

  function render(hint) {
    list.replaceChildren(
      ...hint.actions.map((item) =>
        h(
          "li",
          { className: item.best ? "rb-hint-chosen" : "" },
          item.best ? h("strong", { className: "rb-hint-tag", textContent: TEXT.best }) : "",
          h("span", { textContent: item.label }),
          item.figure ? h("span", { className: "rb-hint-figure", textContent: item.figure }) : "",
        ),
      ),
    );
    const words = [
      [hint.forced ? TEXT.forced : "", ""],
      [hint.why ?? "", "rb-hint-why"],
      [hint.close && !hint.forced ? TEXT.close(hint) : "", ""],
      [hint.unit === "lead" && !hint.forced ? TEXT.lead : "", "rb-hint-legend"],
    ];
    const said = words.filter(([text]) => text);
    note.replaceChildren(...said.map(([text, className]) => h("p", { className, textContent: text })));
    const best = hint.actions.find((item) => item.best);
    if (best) mark(best.action);
  }

  /** A new frame: the hint is for the position it was asked in, so it goes; the button shows
   * where the reader's seat may move (`offered`); `suggested`: the review's better move here. */
  function update(offered, shownBoard, suggested = []) {
    board = shownBoard;
    clear();
    button.hidden = !offered;
    suggested.forEach(mark);
    suggestion.hidden = !(offered && suggested.length);
  }

  /** The first button marked on the board (the hint's best, or the review's better move). */
  const marked = () => board?.querySelector(`.${MARK}`) ?? null;

  return { button, box, suggestion, update, marked };
}
