// What a game page shows of its sandbox first, before the shell's modules have run: the panel
// where layout.js puts it, the sandbox's own controls and a deal the build drew
// (build_tools/predrawn.py), from the page's own copy of the deals. Chromium ran the shell's
// modules only once the page had been parsed and material's bundle had run, some 0.3-1 s after
// the page's first paint on a loaded two-core machine (build_tools/bench_predrawn); this file is a
// plain script, copied inline into the <head> of every page with a sandbox (mkdocs_hooks.py,
// before early.js), so the board is drawn as the parser goes: beside the rules as soon as it has
// material's sidebar there, else as soon as it has the sandbox (early.js).
//
// It is also the shell's: ui.js, layout.js, prefs.js, saved.js and predrawn.js import it, so
// there is one copy of what it builds (a page reached by instant navigation runs no <head>
// script). Hence no import or export: it defines globalThis.rbFirst, once. The shell's
// component adopts what it drew (take): the same nodes, the same deal, and the reader's press
// made meanwhile, applied then. It knows no game.
globalThis.rbFirst ??= (() => {
  "use strict";

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

  /** Create an element: properties, then children. */
  function h(tag, props = {}, ...children) {
    const node = Object.assign(document.createElement(tag), props);
    node.append(...children);
    return node;
  }

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

  // ------------------------------------------------------------------ the saved game's mark

  const savedKey = (game) => `rb:saved:${game}`;

  /** Whether the worker said it keeps a game of `game` (saved.js; false without localStorage). */
  function markedSaved(game) {
    try {
      return localStorage.getItem(savedKey(game)) !== null;
    } catch {
      return false;
    }
  }

  // ------------------------------------------------------------------ the panel (layout.js)

  const WIDE = "(min-width: 76.25em)"; // material shows the table of contents from here
  const LAYOUT_KEY = "rb:layout";
  const PANEL_TEXT = {
    panel: "サンドボックス",
    play: "遊ぶ",
    back: "ルールに戻る",
    toc: "目次",
    sideBySide: "横に並べる",
    below: "ルールの下に置く",
    docked: "サンドボックスはページの右側にあります。",
  };

  function preferred() {
    try {
      return localStorage.getItem(LAYOUT_KEY) === "below" ? "below" : "side";
    } catch {
      return "side";
    }
  }

  /** The sidebar a wide page puts the panel in (material's, where the table of contents is). */
  const sidebar = () => document.querySelector(".md-sidebar--secondary .md-sidebar__inner");

  /** Where the panel goes: beside the rules on a wide screen with a sidebar, unless the reader
   * put it below them; else below them (a phone's panel, opened over the rules). */
  function wantedLayout() {
    return Boolean(sidebar()) && matchMedia(WIDE).matches && preferred() === "side" ? "side" : "below";
  }

  const panels = new WeakMap(); // panel -> its parts

  /** The panel around `sandbox`, its bar, the docked note and 「遊ぶ」: the ones already made
   * (drawn first), or new ones, the sandbox moved into its panel. */
  function panelParts(sandbox) {
    const made = panels.get(sandbox.parentElement);
    if (made) return made;
    const back = h("button", { type: "button", className: "rb-panel-back md-button", textContent: PANEL_TEXT.back });
    const toc = h("button", { type: "button", className: "rb-panel-toc", textContent: PANEL_TEXT.toc });
    const place = h("button", { type: "button", className: "rb-panel-place" });
    // what the sandbox offers to the bar (screen.js: 記録, 得点表 on a phone), in view above the game
    const tools = h("span", { className: "rb-panel-tools" }, ...sandbox.querySelectorAll(".rb-panel-tool"));
    const bar = h("div", { className: "rb-panel-bar" }, h("strong", { textContent: PANEL_TEXT.panel }), tools, toc, place, back);
    const panel = h("section", { className: "rb-panel", ariaLabel: PANEL_TEXT.panel });
    const note = h("p", { className: "rb-docked-note", textContent: PANEL_TEXT.docked });
    const fab = h("button", { type: "button", className: "rb-play-fab md-button md-button--primary", textContent: PANEL_TEXT.play });
    toc.setAttribute("aria-pressed", "false");
    sandbox.replaceWith(panel);
    panel.append(bar, sandbox);
    panel.after(note, fab);
    const parts = { panel, bar, tools, toc, place, back, note, fab };
    panels.set(panel, parts);
    return parts;
  }

  /** Put the panel beside the rules (`side`) or below them; a panel already there stays put. */
  function placePanel(parts, side) {
    const { panel, toc, place, note } = parts;
    const inner = sidebar();
    const wide = matchMedia(WIDE).matches;
    panel.classList.toggle("md-typeset", side); // in the sidebar, outside the page's typeset
    if (side && inner.firstElementChild !== panel) inner.prepend(panel);
    if (!side && panel.nextElementSibling !== note) note.before(panel);
    document.documentElement.dataset.rbLayout = side ? "side" : "below";
    toc.hidden = !side;
    place.textContent = side ? PANEL_TEXT.below : PANEL_TEXT.sideBySide;
    place.hidden = !inner || !wide;
    note.hidden = !side;
  }

  // ------------------------------------------------------------------ the board drawn first

  const drawn = new Map(); // sandbox element -> what draw made there, until the shell takes it

  /** The JSON of a gzip file (build_tools/predrawn.py), or as it came from a host that decoded it. */
  async function unpacked(response) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return JSON.parse(new TextDecoder().decode(bytes));
    if (typeof DecompressionStream !== "function") return null; // the board waits for Python
    return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).json();
  }

  let ahead = null; // {standIn, first}: drawn beside the rules before the sandbox was parsed

  /** Draw `data` (the page's copy: {game, catalog, deals}) in its first sandbox `el`, just parsed:
   * the panel placed, the controls, and one deal's opening picked at random, its pieces live (the
   * first tap is kept for the shell); or, where drawAhead drew them already, `el` takes their
   * place. Nothing where the shell has mounted it, or shows something else. */
  function draw(el, data) {
    if (ahead) return settle(el);
    if (!data || data.game !== el.dataset.game || el.dataset.rbState || drawn.has(el)) return;
    if (el !== document.querySelector(".rb-sandbox") || !shows(data)) return;
    const original = [...el.childNodes];
    const first = drawInto(el, data);
    first.original = original;
    placePanel(first.parts, wantedLayout() === "side");
  }

  /** Beside the rules, the panel goes to the sidebar, which the parser reaches long before the
   * sandbox at the rules' end (some 0.5 s on a loaded machine): draw it there as soon as both
   * the frames and the sidebar are in, in a stand-in for the sandbox that the sandbox replaces
   * once parsed (settle). Below the rules, the panel waits for the sandbox's place. */
  function drawAhead(data) {
    if (ahead || !data || document.querySelector(".rb-sandbox") || wantedLayout() !== "side" || !shows(data)) return;
    const standIn = h("div", { className: "rb-sandbox" });
    standIn.dataset.game = data.game;
    const first = drawInto(standIn, data);
    placePanel(first.parts, true);
    ahead = { standIn, first };
  }

  /** The sandbox `el`, just parsed, takes the place of the stand-in drawAhead drew, with its
   * controls, board and marks; the docked note and 「遊ぶ」 go where the sandbox was. */
  function settle(el) {
    const { standIn, first } = ahead;
    ahead = null;
    first.original = [...el.childNodes];
    el.after(first.parts.note, first.parts.fab);
    standIn.replaceWith(el);
    el.replaceChildren(...standIn.childNodes);
    drawn.delete(standIn);
    for (const key of ["rbState", "rbEarly"]) if (standIn.dataset[key]) el.dataset[key] = standIn.dataset[key];
    first.el = el;
    drawn.set(el, first);
  }

  // Raw DEFLATE (RFC 1951), decoded at once: the page's own copy of the deals (mkdocs_hooks.py
  // data-first) is drawn as the parser goes, where DecompressionStream answers only in later tasks.
  const LENGTH_EXTRA = Array.from({ length: 29 }, (_, i) => (i < 8 || i === 28 ? 0 : (i >> 2) - 1));
  const LENGTH_BASE = LENGTH_EXTRA.map((_, i) => (i === 28 ? 258 : 3 + LENGTH_EXTRA.slice(0, i).reduce((sum, extra) => sum + (1 << extra), 0)));
  const DISTANCE_EXTRA = Array.from({ length: 30 }, (_, i) => (i < 4 ? 0 : (i >> 1) - 1));
  const DISTANCE_BASE = DISTANCE_EXTRA.map((_, i) => 1 + DISTANCE_EXTRA.slice(0, i).reduce((sum, extra) => sum + (1 << extra), 0));
  const CODE_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

  /** A canonical Huffman code from its code lengths: how many codes of each length, and the
   * symbols in code order. */
  function huffman(lengths) {
    const counts = new Array(16).fill(0);
    for (const length of lengths) counts[length] += 1;
    counts[0] = 0;
    const offsets = [0, 0];
    for (let length = 1; length < 15; length++) offsets[length + 1] = offsets[length] + counts[length];
    const symbols = [];
    lengths.forEach((length, symbol) => length && (symbols[offsets[length]++] = symbol));
    return { counts, symbols };
  }

  const FIXED = [
    huffman(Array.from({ length: 288 }, (_, i) => (i < 144 ? 8 : i < 256 ? 9 : i < 280 ? 7 : 8))),
    huffman(new Array(30).fill(5)),
  ];

  function inflate(input) {
    let byteAt = 0; // the next byte of input
    let held = 0; // the bits read ahead of it, and how many
    let heldBits = 0;
    const bits = (count) => {
      for (; heldBits < count; heldBits += 8) held |= (input[byteAt++] ?? 0) << heldBits;
      const value = held & ((1 << count) - 1);
      held >>>= count;
      heldBits -= count;
      return value;
    };
    let out = new Uint8Array(input.length * 8);
    let size = 0;
    const put = (byte) => {
      if (size === out.length) {
        const grown = new Uint8Array(size * 2);
        grown.set(out);
        out = grown;
      }
      out[size++] = byte;
    };
    const symbol = ({ counts, symbols }) => {
      for (let length = 1, code = 0, first = 0, index = 0; length < 16; length++) {
        code |= bits(1);
        if (code - first < counts[length]) return symbols[index + code - first];
        index += counts[length];
        first = (first + counts[length]) << 1;
        code <<= 1;
      }
      throw new Error("rb: bad DEFLATE data");
    };
    for (let last = 0; !last; ) {
      last = bits(1);
      const type = bits(2);
      if (type === 0) {
        byteAt -= heldBits >> 3; // whole bytes read ahead go back; the rest of this one is padding
        held = heldBits = 0;
        const length = input[byteAt] | (input[byteAt + 1] << 8);
        for (const byte of input.subarray(byteAt + 4, byteAt + 4 + length)) put(byte);
        byteAt += 4 + length;
        continue;
      }
      let [lengths, distances] = FIXED;
      if (type === 2) {
        const [literals, distanceCount, codeCount] = [bits(5) + 257, bits(5) + 1, bits(4) + 4];
        const codeLengths = new Array(19).fill(0);
        for (let i = 0; i < codeCount; i++) codeLengths[CODE_ORDER[i]] = bits(3);
        const code = huffman(codeLengths);
        const all = [];
        while (all.length < literals + distanceCount) {
          const next = symbol(code);
          if (next < 16) all.push(next);
          else if (next === 16) all.push(...new Array(3 + bits(2)).fill(all[all.length - 1]));
          else all.push(...new Array(next === 17 ? 3 + bits(3) : 11 + bits(7)).fill(0));
        }
        [lengths, distances] = [huffman(all.slice(0, literals)), huffman(all.slice(literals))];
      }
      for (let next = symbol(lengths); next !== 256; next = symbol(lengths)) {
        if (next < 256) {
          put(next);
          continue;
        }
        const length = LENGTH_BASE[next - 257] + bits(LENGTH_EXTRA[next - 257]);
        const code = symbol(distances);
        const distance = DISTANCE_BASE[code] + bits(DISTANCE_EXTRA[code]);
        for (let i = 0; i < length; i++) put(out[size - distance]);
      }
    }
    return out.subarray(0, size);
  }

  /** The page's own copy of what it draws first ({game, catalog, deals}: build_tools/predrawn.py
   * `first`), from its base64; null if there is none or it does not read. */
  function inflated(base64) {
    if (!base64) return null;
    try {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      return JSON.parse(new TextDecoder().decode(inflate(bytes)));
    } catch (err) {
      console.warn("rb: the page's pre-drawn board does not read", err);
      return null;
    }
  }

  /** Whether the page opens on what the build drew: no saved game marked, no share link or
   * tutorial named (the shell opens those; a fragment may name a place in the rules). */
  function shows(data) {
    const name = location.hash.slice(1); // the page's ids and the tutorials' names are plain ASCII
    const tutorial = data.catalog.tutorials.some((named) => named.name === name);
    const opensTheDeal = !name || (Boolean(document.getElementById(name)) && !tutorial);
    return opensTheDeal && !markedSaved(data.game);
  }

  /** The panel's parts around `el`, the controls and a deal drawn in `el`; the reader's presses
   * listened to until the shell takes them. */
  function drawInto(el, data) {
    const parts = panelParts(el);
    const ui = buildUi();
    showTutorials(ui, data.catalog, data.game);
    el.replaceChildren(...ui.root);
    placeEarlyNote(ui, true);
    showState(ui, "loading");
    for (const button of [ui.undo, ui.share, ui.table]) button.disabled = true;
    el.dataset.rbState = "loading";
    el.dataset.rbEarly = "drawn"; // the shell's: shown, once it has taken the board over
    const deal = Math.floor(Math.random() * data.deals.length);
    const { frame } = data.deals[deal];
    ui.board.append(h("template", { innerHTML: frame.html }).content); // engine-rendered HTML
    ui.status.textContent = frame.status;
    markBoard();
    const first = { el, ui, parts, deal, original: [], piece: null, opened: null };
    const pressed = (event) => {
      const piece = event.target.closest("[data-action]");
      if (piece && ui.board.contains(piece) && !first.piece) {
        first.piece = piece;
        markTaken(first.el, ui, piece);
      }
      first.opened = event.target.closest(".rb-open-scenario, .rb-open-tutorial") ?? first.opened;
      if (event.target.closest(".rb-play-fab") === parts.fab) parts.played = true; // layout.js opens the panel
    };
    document.addEventListener("click", pressed);
    first.stop = () => document.removeEventListener("click", pressed);
    drawn.set(el, first);
    return first;
  }

  /** What draw made in `el`, handed to the shell once (null if nothing): {ui, original, deal,
   * piece, opened}, the last two the reader's presses meanwhile, for the shell to apply. */
  function take(el) {
    const first = drawn.get(el) ?? null;
    drawn.delete(el);
    first?.stop();
    return first;
  }

  return {
    TEXT,
    BOT_SPEEDS,
    h,
    buildUi,
    showTutorials,
    showState,
    placeEarlyNote,
    markBoard,
    markTaken,
    savedKey,
    markedSaved,
    PANEL_TEXT,
    WIDE,
    LAYOUT_KEY,
    preferred,
    wantedLayout,
    panelParts,
    placePanel,
    unpacked,
    inflated,
    draw,
    drawAhead,
    take,
  };
})();
