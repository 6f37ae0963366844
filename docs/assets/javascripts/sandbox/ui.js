// The sandbox's own controls (not the board: the engine renders that), built once per mount.

import { BOT_SPEEDS } from "./prefs.js";

export const TEXT = {
  stage: {
    runtime: "Python を読み込んでいます…",
    engine: "ゲームエンジンを準備しています…",
    ready: "ゲームを開いています…",
  },
  failed: "遊び場を動かせませんでした。",
  retry: "もう一度読み込む",
  unknownGame: "このゲームはエンジンにありません: ",
  badLink: "共有リンクを読み取れませんでした。新しいゲームを始めます。",
  setup: "設定（人数・席・ルール・ボットの速さ）",
  seats: "席",
  players: "人数",
  playerCount: (n) => `${n}人`,
  newGame: "新しいゲーム",
  undo: "一手戻す",
  table: "みんなのスマホで遊ぶ",
  dock: "手元（席と選べる手）",
  shareShort: "共有リンク", // a phone's toolbar shows this alone
  shareRest: "を作る",
  shareLabel: "共有リンク",
  copied: "コピーしました。",
  copyFailed: "自動でコピーできませんでした。リンクを選んでコピーしてください。",
  revealsAll: "対局の途中のリンクです。まだ伏せられている牌・カード・チップも、開けばすべて分かります。",
  botSpeed: "ボットの速さ",
  thinking: "考え中…",
  rule: "ルールを確認する",
  review: "振り返り",
  seed: (seed) => `シード: ${seed}`,
  log: "手の記録",
  runtime: (p) => `Python ${p.python.split(" ")[0]}（Pyodide ${p.pyodide}）`,
};

/** Create an element: properties, then children. */
export function h(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

export function buildUi() {
  const ui = {
    stageText: h("span"),
    bar: h("progress", { max: 3, value: 0 }),
    players: h("select", { name: "players" }),
    options: h("div", { className: "rb-options" }),
    seats: h("fieldset", {}, h("legend", { textContent: TEXT.seats })),
    newGame: h("button", { type: "button", className: "md-button", textContent: TEXT.newGame }),
    undo: h("button", { type: "button", className: "md-button", textContent: TEXT.undo }),
    table: h("button", { type: "button", className: "md-button rb-table-open", textContent: TEXT.table }),
    share: h("button", { type: "button", className: "md-button" }, TEXT.shareShort, h("span", { className: "rb-wide-only", textContent: TEXT.shareRest })),
    speed: h(
      "select",
      { name: "bot-speed" },
      ...BOT_SPEEDS.map((speed) => h("option", { value: speed.id, textContent: speed.name })),
    ),
    seed: h("span", { className: "rb-seed" }),
    shareUrl: h("input", { type: "text", readOnly: true }),
    shareNote: h("span", { className: "rb-share-note" }),
    status: h("p", { className: "rb-status" }),
    thinking: h("span", { className: "rb-thinking" }),
    alert: h("p", { className: "rb-alert" }),
    retry: h("button", { type: "button", className: "md-button", textContent: TEXT.retry, hidden: true }),
    board: h("div", { className: "rb-board", tabIndex: -1 }),
    log: h("ol", { className: "rb-log", tabIndex: 0, ariaLabel: TEXT.log }), // it scrolls: reachable by keyboard
    runtime: h("p", { className: "rb-runtime" }),
  };
  ui.progress = h("p", { className: "rb-progress" }, ui.stageText, ui.bar);
  ui.playersBox = h("label", { hidden: true }, TEXT.players, ui.players);
  ui.setup = h(
    "form",
    { className: "rb-setup" },
    ui.playersBox,
    ui.options,
    ui.seats,
    h("label", { className: "rb-speed" }, TEXT.botSpeed, ui.speed),
  );
  ui.settings = h("details", { className: "rb-settings" }, h("summary", { textContent: TEXT.setup }), ui.setup);
  ui.shareBox = h("label", { className: "rb-share", hidden: true }, TEXT.shareLabel, ui.shareUrl, ui.shareNote);
  ui.progress.setAttribute("role", "status");
  ui.status.setAttribute("role", "status");
  ui.status.setAttribute("aria-live", "polite");
  ui.alert.setAttribute("role", "alert");
  ui.root = [
    ui.progress,
    h("div", { className: "rb-toolbar" }, ui.newGame, ui.undo, ui.table, ui.share, ui.seed), // the main two first (a phone's row: sandbox.css)
    ui.settings,
    ui.shareBox,
    h("div", { className: "rb-status-line" }, ui.status, ui.thinking),
    h("div", { className: "rb-alert-line" }, ui.alert, ui.retry),
    ui.board,
    h("details", { className: "rb-moves", open: true }, h("summary", { textContent: TEXT.log }), ui.log),
    ui.runtime,
  ];
  return ui;
}

/** One <select> per seat (human or a bot level), labelled with the rules' seat names. */
export function seatSelects(kinds, names) {
  return names.map((name) =>
    h("label", {}, name, h("select", { ariaLabel: name }, ...kinds.map((k) => h("option", { value: k.id, textContent: k.name })))),
  );
}

/** One <select> per game option; values travel as JSON, since they may be numbers or null. */
export function optionSelects(options) {
  return options.map((option) =>
    h(
      "label",
      {},
      option.label,
      h(
        "select",
        { name: option.key, ariaLabel: option.label },
        ...option.choices.map((c) => h("option", { value: JSON.stringify(c.value), textContent: c.label })),
      ),
    ),
  );
}
