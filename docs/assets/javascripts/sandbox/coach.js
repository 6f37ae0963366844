// The coach panel of a tutorial (engine/coach.py), above the board: what the step says, a link to
// its rule on this page, 次へ / 1つ戻る / 最初から / やめる, and at the end what the reader learned
// and two ways on. It knows no game: it shows the frame's `coach` and hands the reader's choice to
// `command` (next, back, restart, continue, leave, new). It also lights the pieces and buttons the
// step points at, and asks the layout to bring each new step's rule into view (`rb-follow-rule`),
// unless the reader turned that off.

import { followsRules, setFollowsRules } from "./prefs.js";
import { h } from "./ui.js";

const TEXT = {
  panel: "チュートリアル",
  progress: (n, m) => `ステップ ${n} / ${m}`,
  next: "次へ",
  back: "1つ戻る",
  restart: "最初から",
  leave: "やめる",
  rule: "このステップのルール：",
  follow: "ルールの該当箇所を自動で表示する",
  done: "おつかれさまでした。この1局で、次のことを覚えました。",
  playOn: "このまま続けて遊ぶ",
  newGame: "新しいゲーム",
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

export function createCoach(command) {
  const button = (text, what, primary = false) => {
    const b = h("button", { type: "button", className: `md-button${primary ? " md-button--primary" : ""}`, textContent: text });
    b.addEventListener("click", () => command(what));
    return b;
  };
  const title = h("strong", { className: "rb-coach-title" });
  const progress = h("span", { className: "rb-coach-progress" });
  const say = h("p", { className: "rb-coach-say", tabIndex: -1 });
  const rule = h("p", { className: "rb-coach-rule" });
  const learned = h("ul", { className: "rb-coach-learned" });
  const playsOn = h("p", { className: "rb-coach-play-on", hidden: true }); // what 「このまま続けて遊ぶ」 will do
  const next = button(TEXT.next, "next", true);
  const back = button(TEXT.back, "back");
  const restart = button(TEXT.restart, "restart");
  const leave = button(TEXT.leave, "leave");
  const playOn = button(TEXT.playOn, "continue", true);
  const newGame = button(TEXT.newGame, "new");
  const follow = h("input", { type: "checkbox", checked: followsRules() });
  follow.addEventListener("change", () => setFollowsRules(follow.checked));
  const steps = h("div", { className: "rb-coach-steps" }, next, back, restart, leave);
  const ways = h("div", { className: "rb-coach-ways" }, playOn, newGame);
  const root = h(
    "section",
    { className: "rb-coach", hidden: true, ariaLabel: TEXT.panel },
    h("div", { className: "rb-coach-head" }, title, progress),
    say,
    rule,
    learned,
    playsOn,
    steps,
    ways,
    h("label", { className: "rb-coach-follow" }, follow, TEXT.follow),
  );
  say.setAttribute("aria-live", "polite");
  let shown = null; // "name:step" of the step on screen, to tell a new step

  /** Show the frame's coach (null: no tutorial); returns whether a new step came up. */
  function show(coach, board) {
    board.querySelectorAll(`.${POINT}`).forEach((node) => node.classList.remove(POINT));
    root.hidden = !coach;
    if (!coach) {
      shown = null;
      return false;
    }
    const done = coach.waiting === "done";
    const key = `${coach.tutorial}:${coach.step}:${done}`;
    const fresh = key !== shown;
    shown = key;
    root.dataset.waiting = coach.waiting; // coach.css: at the end the panel holds to nothing
    title.textContent = coach.title;
    progress.textContent = TEXT.progress(coach.step, coach.steps);
    const words = done ? TEXT.done : coach.waiting === "script" ? `${coach.say} ${TEXT.script}` : coach.say;
    if (say.textContent !== words) say.textContent = words; // a live region: read out when it changes
    if (fresh) {
      rule.replaceChildren(...(done ? [] : [TEXT.rule, ruleLink(coach.rule)]));
      learned.replaceChildren(...(done ? coach.learned.map((item) => h("li", {}, ruleLink(item.rule, item.text))) : []));
      playsOn.textContent = done ? coach.play_on : "";
      playsOn.hidden = !done;
    }
    next.hidden = coach.waiting !== "read";
    back.disabled = !coach.can_back;
    ways.hidden = !done;
    for (const target of coach.point ?? []) {
      const escaped = CSS.escape(target);
      board.querySelectorAll(`#${escaped}, [data-action="${escaped}"]`).forEach((node) => node.classList.add(POINT));
    }
    if (fresh) root.scrollTop = 0; // a new step is read from its first word
    if (fresh && done) root.scrollIntoView({ block: "nearest" }); // what was learned, and the ways on
    if (fresh && !done && follow.checked) {
      root.dispatchEvent(new CustomEvent("rb-follow-rule", { bubbles: true, detail: { rule: coach.rule } }));
    }
    return fresh;
  }

  /** Where keyboard focus goes when a new step comes up and the control the reader used is gone:
   * 次へ, else the first button the step points at, else the step's text. */
  function focusTarget(board) {
    if (!next.hidden) return next;
    if (!ways.hidden) return playOn;
    return board.querySelector(`button.${POINT}:not(:disabled)`) ?? say;
  }

  return { root, show, focusTarget, contains: (node) => root.contains(node) };
}
