// The coach panel of a tutorial (engine/coach.py), above the board: what the step says, a link to
// its rule on this page, 次へ / 1つ戻る / 最初から / チュートリアルを終える, and at the end what the
// reader learned and two ways on. It knows no game: it shows the frame's `coach` and hands the
// reader's choice to `command` (next, back, restart, continue, leave, new). It also lights the
// pieces and buttons the step points at, keeps them and the step's words in view (inview.js), and
// asks the layout to bring each new step's rule into view (`rb-follow-rule`), unless the reader
// turned that off.
//
// The step's buttons sit in two rows at the top of the box, above the words, and every one stays
// in its place from step to step: 次へ is disabled on a move step, never hidden, so a quick second
// tap never lands on another button. Leaving asks first, inline, under the buttons: a phone's
// window.confirm is a dialog out of context that hides the step, and the reader may well have
// pressed it by mistake.

import { holdSeatUnder, keepInView } from "./inview.js";
import { followsRules, setFollowsRules } from "./prefs.js";
import { h } from "./ui.js";

const TEXT = {
  panel: "チュートリアル",
  progress: (n, m) => `ステップ ${n} / ${m}`,
  next: "次へ",
  back: "1つ戻る",
  restart: "最初から",
  leave: "チュートリアルを終える",
  confirm: "ここまでの進み具合は消えます。チュートリアルを終えて、新しいゲームを始めますか？",
  confirmLeave: "終えて新しいゲームへ",
  stay: "チュートリアルを続ける",
  rule: "ルール：",
  follow: "ルールの該当箇所を自動で表示する",
  done: "おつかれさまでした。この1局で、次のことを覚えました。",
  playOn: "このまま続けて遊ぶ",
  newGame: "新しいゲームを始める",
  script: "ほかのプレイヤーが動きます…",
};
const POINT = "rb-point";

/** The text of a heading on this page, without material's ¶ permalink. */
function ruleTitle(anchor) {
  const heading = document.getElementById(anchor);
  if (!heading) return anchor;
  const copy = heading.cloneNode(true);
  copy.querySelectorAll(".headerlink").forEach((link) => link.remove());
  return copy.textContent.trim();
}

function ruleLink(anchor, text = ruleTitle(anchor)) {
  return h("a", { href: `#${anchor}`, className: "rb-rule-link", textContent: text });
}

/** `signal`: the sandbox's teardown. */
export function createCoach(command, signal) {
  const button = (text, what, kind = "") => {
    const b = h("button", { type: "button", className: `md-button ${kind}`.trim(), textContent: text });
    b.addEventListener("click", () => command(what));
    return b;
  };
  const title = h("strong", { className: "rb-coach-title" });
  const progress = h("span", { className: "rb-coach-progress" });
  const say = h("p", { className: "rb-coach-say", tabIndex: -1 });
  const rule = h("p", { className: "rb-coach-rule" });
  const learned = h("ul", { className: "rb-coach-learned" });
  const playsOn = h("p", { className: "rb-coach-play-on", hidden: true }); // what 「このまま続けて遊ぶ」 will do
  const next = button(TEXT.next, "next", "md-button--primary rb-coach-next");
  const back = button(TEXT.back, "back");
  const restart = button(TEXT.restart, "restart");
  const leave = h("button", { type: "button", className: "md-button rb-coach-leave", textContent: TEXT.leave });
  const confirmLeave = button(TEXT.confirmLeave, "leave");
  const stay = h("button", { type: "button", className: "md-button md-button--primary", textContent: TEXT.stay });
  const confirm = h("div", { className: "rb-coach-confirm", hidden: true }, h("p", { textContent: TEXT.confirm }), stay, confirmLeave);
  const playOn = button(TEXT.playOn, "continue", "md-button--primary");
  const newGame = button(TEXT.newGame, "new");
  const follow = h("input", { type: "checkbox", checked: followsRules() });
  follow.addEventListener("change", () => setFollowsRules(follow.checked));
  const nudge = h("div", { className: "rb-coach-nudge" }); // the sandbox's alert line, while a tutorial is on
  const steps = h("div", { className: "rb-coach-steps" }, next, back, restart, progress);
  const ways = h("div", { className: "rb-coach-ways" }, playOn, newGame);
  const root = h(
    "section",
    { className: "rb-coach", hidden: true, ariaLabel: TEXT.panel },
    h("div", { className: "rb-coach-head" }, title, leave),
    steps,
    confirm,
    // at the end, the two ways on and what the first does come first, in view on a phone; what
    // was learned is read below them
    playsOn,
    ways,
    say,
    rule,
    nudge,
    learned,
    h("label", { className: "rb-coach-follow" }, follow, TEXT.follow),
  );
  say.setAttribute("aria-live", "polite");
  let shown = null; // "name:step" of the step on screen, to tell a new step
  let atStart = true; // nothing to lose by leaving: the first step, before any move
  let inView = null; // what the step shown points at, kept in view again when the screen turns or resizes

  function askToLeave(asking) {
    confirm.hidden = !asking;
    (asking ? stay : leave).focus({ preventScroll: true });
  }
  leave.addEventListener("click", () => (atStart ? command("leave") : askToLeave(true)));
  stay.addEventListener("click", () => askToLeave(false));
  const keep = () => keepInView(root, ...inView, { fresh: false, done: root.dataset.waiting === "done" });
  addEventListener("resize", () => inView && !root.hidden && keep(), { signal });
  // beside the table (a phone on its side), the seat stays under the coach as the box changes (a
  // nudge, the question before leaving, a turned screen), its pointed pieces in its view; at the
  // next frame, outside the observer's report
  const grown = new ResizeObserver(() =>
    requestAnimationFrame(() => signal.aborted || (holdSeatUnder(root) && inView && keep())),
  );
  grown.observe(root);
  signal.addEventListener("abort", () => grown.disconnect());

  /** Show the frame's coach (null: no tutorial); returns whether a new step came up. */
  function show(coach, board) {
    board.querySelectorAll(`.${POINT}`).forEach((node) => node.classList.remove(POINT));
    root.hidden = !coach;
    if (!coach) {
      shown = null;
      keepInView(root, [], board, { fresh: false, done: false }); // lets go of the board
      return false;
    }
    const done = coach.waiting === "done";
    const key = `${coach.tutorial}:${coach.step}:${done}`;
    const fresh = key !== shown;
    shown = key;
    atStart = coach.step === 1 && !coach.can_back;
    root.dataset.waiting = coach.waiting; // coach.css: at the end the panel holds to nothing
    title.textContent = coach.title;
    progress.textContent = TEXT.progress(coach.step, coach.steps);
    const words = done ? TEXT.done : coach.waiting === "script" ? `${coach.say} ${TEXT.script}` : coach.say;
    if (say.textContent !== words) say.textContent = words; // a live region: read out when it changes
    if (fresh) {
      confirm.hidden = true;
      rule.replaceChildren(...(done ? [] : [TEXT.rule, ruleLink(coach.rule)]));
      learned.replaceChildren(...(done ? coach.learned.map((item) => h("li", {}, ruleLink(item.rule, item.text))) : []));
      playsOn.textContent = done ? coach.play_on : "";
      playsOn.hidden = !done;
    }
    next.disabled = coach.waiting !== "read";
    back.disabled = !coach.can_back;
    ways.hidden = !done;
    const points = (coach.point ?? []).flatMap((target) => {
      const escaped = CSS.escape(target);
      return [...board.querySelectorAll(`#${escaped}, [data-action="${escaped}"]`)];
    });
    points.forEach((node) => node.classList.add(POINT));
    inView = [points, board];
    keepInView(root, points, board, { fresh, done });
    if (fresh && !done && follow.checked) {
      root.dispatchEvent(new CustomEvent("rb-follow-rule", { bubbles: true, detail: { rule: coach.rule } }));
    }
    return fresh;
  }

  /** Where keyboard focus goes when a new step comes up and the control the reader used is gone:
   * 次へ, else the first button the step points at, else the step's text. */
  function focusTarget(board) {
    if (!next.disabled) return next;
    if (!ways.hidden) return playOn;
    return board.querySelector(`button.${POINT}:not(:disabled)`) ?? say;
  }

  return { root, nudge, show, focusTarget, contains: (node) => root.contains(node) };
}
