// Part of globalThis.rbFirst (element.js says how): the sandbox's words and its own controls,
// built once per mount, by draw.js before the shell runs and by the shell (ui.js, component.js,
// prefs.js).
(() => {
  "use strict";
  const rb = (globalThis.rbFirst ??= {});
  // defined once: element.js says why
  if (rb.buildUi) return;
  const { h } = rb;

  const TEXT = {
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
    tutorial: "（チュートリアル）",
    // before Python is ready (predrawn.js)
    taken: "準備中…",
    waits: "ヒント・振り返り・設定は、Python の準備ができてから使えます。",
  };

  /** How long a bot's move stays on screen before the next, by the reader's choice (prefs.js). */
  const BOT_SPEEDS = [
    { id: "slow", name: "ゆっくり", delayMs: 900 },
    { id: "normal", name: "ふつう", delayMs: 350 },
    { id: "instant", name: "すぐ", delayMs: 0 },
  ];

  const TAKEN = "rb-selected"; // the look of a piece picked (games.css)

  /** The sandbox's own controls (not the board: the engine renders that), built once per mount. */
  function buildUi() {
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
      speed: h("select", { name: "bot-speed" }, ...BOT_SPEEDS.map((speed) => h("option", { value: speed.id, textContent: speed.name }))),
      seed: h("span", { className: "rb-seed" }),
      tutorials: h("span", { className: "rb-tutorials" }),
      shareUrl: h("input", { type: "text", readOnly: true }),
      shareNote: h("span", { className: "rb-share-note" }),
      status: h("p", { className: "rb-status" }),
      thinking: h("span", { className: "rb-thinking" }),
      alert: h("p", { className: "rb-alert" }),
      retry: h("button", { type: "button", className: "md-button", textContent: TEXT.retry, hidden: true }),
      board: h("div", { className: "rb-board", tabIndex: -1 }),
      log: h("ol", { className: "rb-log", tabIndex: 0, ariaLabel: TEXT.log }), // it scrolls: reachable by keyboard
      runtime: h("p", { className: "rb-runtime" }),
      earlyNote: h("p", { className: "rb-early-note", textContent: TEXT.waits }), // placed while a pre-drawn board shows
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
      // the main two first (a phone's row: sandbox.css), the game's tutorials last
      h("div", { className: "rb-toolbar" }, ui.newGame, ui.undo, ui.table, ui.share, ui.seed, ui.tutorials),
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

  /** The toolbar's buttons of the game's tutorials (`entry`: the game's catalog entry). */
  function showTutorials(ui, entry, game) {
    ui.tutorials.replaceChildren(
      ...entry.tutorials.map((tutorial, i) => {
        // 「（チュートリアル）」 says what the first is; a phone's narrow toolbar shows the title alone
        const kind = i === 0 ? [h("span", { className: "rb-wide-only", textContent: TEXT.tutorial })] : [];
        const button = h("button", { type: "button", className: "md-button rb-open-tutorial" }, tutorial.title, ...kind);
        Object.assign(button.dataset, { game, tutorial: tutorial.name }); // opened by component.js
        return button;
      }),
    );
  }

  /** What a sandbox state shows of the controls, whatever the frame: true while they wait
   * (loading, or failed) for Python. */
  function showState(ui, state) {
    const off = state === "loading" || state === "error";
    ui.progress.hidden = state !== "loading";
    ui.retry.hidden = state !== "error";
    ui.earlyNote.hidden = state !== "loading";
    ui.newGame.disabled = off;
    for (const select of ui.setup.querySelectorAll("select")) select.disabled = off;
    return off;
  }

  /** The progress line and the note that ヒント and the rest wait for Python: under a pre-drawn
   * board while it shows (`shown`), so that nothing above it moves when Python's frame replaces
   * it (the toolbar shows as it will be: sandbox.css); else the progress alone, on top. */
  function placeEarlyNote(ui, shown) {
    if (shown) ui.board.after(ui.progress, ui.earlyNote);
    else {
      ui.earlyNote.remove();
      ui.root[1].before(ui.progress);
    }
  }

  /** The moment a board first shows on the page, as a User Timing mark that any browser keeps
   * (build_tools/bench_predrawn reads it). */
  function markBoard() {
    if (!performance.getEntriesByName?.("rb-board").length) performance.mark?.("rb-board");
  }

  /** A piece tapped before Python: marked as picked, and 準備中 where the reply will come. */
  function markTaken(el, ui, piece) {
    piece.classList.add(TAKEN);
    el.dataset.rbEarly = "taken";
    ui.thinking.textContent = TEXT.taken;
  }

  Object.assign(rb, { TEXT, BOT_SPEEDS, buildUi, showTutorials, showState, placeEarlyNote, markBoard, markTaken });
})();
