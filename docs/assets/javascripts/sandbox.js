// Game-agnostic sandbox shell. Every <div class="rb-sandbox" data-game="…"> on a page becomes a
// playable sandbox: the rules engine runs in Python (Pyodide) in one module worker that lives for
// the whole browsing session, and this file only forwards the reader's clicks and shows what
// Python rendered. Protocol: engine/bridge.py (handle_json).
(() => {
  "use strict";

  const SCRIPT_URL = document.currentScript.src; // null inside callbacks, so read it now
  const WORKER_URL = new URL("sandbox-worker.mjs", SCRIPT_URL);
  const MORPHDOM_URL = new URL("../vendor/morphdom/morphdom-esm.js", SCRIPT_URL);
  const BOT_DELAY_MS = 300;
  const SHARE_PREFIX = "#rb=";
  const STAGES = ["runtime", "engine", "ready"];

  const TEXT = {
    fileProtocol:
      "この遊び場は file:// では動きません。HTTP サーバーで配信してください（例: python3 -m http.server）。ルールはこのまま読めます。",
    unsupported:
      "このブラウザーでは遊び場を動かせません（WebAssembly と Web Worker が必要です）。ルールはこのまま読めます。",
    stage: {
      runtime: "Python を読み込んでいます…",
      engine: "ゲームエンジンを準備しています…",
      ready: "ゲームを開いています…",
    },
    failed: "遊び場を動かせませんでした。ページを再読み込みしてください。",
    workerStopped: "Python のワーカーが止まりました。",
    unknownGame: "このゲームはエンジンにありません: ",
    badLink: "共有リンクを読み取れませんでした。新しいゲームを始めます。",
    seats: "席",
    players: "人数",
    playerCount: (n) => `${n}人`,
    newGame: "新しいゲーム",
    undo: "一手戻す",
    share: "共有リンクをコピー",
    shareLabel: "共有リンク",
    copied: "コピーしました。",
    copyFailed: "自動でコピーできませんでした。リンクを選んでコピーしてください。",
    seed: (seed) => `シード: ${seed}`,
    log: "手の記録",
    runtime: (p) => `Python ${p.python.split(" ")[0]}（Pyodide ${p.pyodide}）`,
  };

  // ---------------------------------------------------------------- worker channel

  let channel = null; // one worker per browsing session, created on the first mount
  let morphdom = null; // Promise of morphdom's default export

  function connect() {
    channel ??= openChannel();
    return channel;
  }

  function openChannel() {
    const worker = new Worker(WORKER_URL, { type: "module" });
    window.__rbWorkerStarts = (window.__rbWorkerStarts ?? 0) + 1;
    const pending = new Map(); // request id -> settle(reply)
    const listeners = new Set();
    let progress = { stage: "runtime" };
    let stopped = null; // message once the worker is gone
    let lastId = 0;

    const publish = (message) => {
      progress = message;
      for (const listener of listeners) listener(message);
    };
    const stop = (message) => {
      if (stopped) return;
      stopped = message;
      worker.terminate();
      if (channel === self) channel = null;
      for (const settle of pending.values()) settle({ ok: false, error: { message } });
      publish({ stage: "error", message });
    };

    worker.addEventListener("message", ({ data }) => {
      if (data.type !== "progress") pending.get(data.id)?.(data);
      else if (data.stage === "error") stop(data.message);
      else publish(data);
    });
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      stop(event.message || TEXT.workerStopped);
    });
    worker.addEventListener("messageerror", () => stop(TEXT.workerStopped));

    const self = {
      call(payload) {
        if (stopped) return Promise.reject(new Error(stopped));
        const id = ++lastId;
        return new Promise((resolve, reject) => {
          pending.set(id, (reply) => (reply.ok ? resolve(reply.result) : reject(new Error(reply.error.message))));
          worker.postMessage({ id, type: "call", payload });
        }).finally(() => pending.delete(id));
      },
      watch(listener, signal) {
        listeners.add(listener);
        signal.addEventListener("abort", () => listeners.delete(listener));
        listener(progress);
      },
    };
    return self;
  }

  // ---------------------------------------------------------------- small helpers

  function h(tag, props = {}, ...children) {
    const node = Object.assign(document.createElement(tag), props);
    node.append(...children);
    return node;
  }

  function delay(ms, signal) {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener("abort", done);
    });
  }

  function blocker() {
    if (location.protocol === "file:") return TEXT.fileProtocol;
    if (typeof WebAssembly !== "object" || typeof Worker !== "function") return TEXT.unsupported;
    return null;
  }

  function encodeShare(entry) {
    const bytes = new TextEncoder().encode(JSON.stringify(entry));
    const binary = Array.from(bytes, (byte) => String.fromCharCode(byte)).join("");
    return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
  }

  function decodeShare(text) {
    const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  }

  const storage = {
    key: (game) => `rb:${game}`,
    read(game) {
      try {
        return JSON.parse(localStorage.getItem(this.key(game)));
      } catch (err) {
        console.warn("rb: saved game ignored", err);
        return null;
      }
    },
    write(game, entry) {
      try {
        localStorage.setItem(this.key(game), JSON.stringify(entry));
      } catch (err) {
        console.warn("rb: could not save the game", err);
      }
    },
  };

  function buildUi() {
    const ui = {
      stageText: h("span"),
      bar: h("progress", { max: STAGES.length, value: 0 }),
      legend: h("legend", { textContent: TEXT.seats }),
      seats: h("fieldset"),
      players: h("select"),
      newGame: h("button", { type: "submit", className: "md-button", textContent: TEXT.newGame }),
      undo: h("button", { type: "button", className: "md-button", textContent: TEXT.undo }),
      share: h("button", { type: "button", className: "md-button", textContent: TEXT.share }),
      seed: h("span", { className: "rb-seed" }),
      shareUrl: h("input", { type: "text", readOnly: true }),
      shareNote: h("span", { className: "rb-share-note" }),
      status: h("p", { className: "rb-status" }),
      alert: h("p", { className: "rb-alert" }),
      board: h("div", { className: "rb-board", tabIndex: -1 }),
      log: h("ol", { className: "rb-log" }),
      runtime: h("p", { className: "rb-runtime" }),
    };
    ui.progress = h("p", { className: "rb-progress" }, ui.stageText, ui.bar);
    ui.playersBox = h("label", { hidden: true }, TEXT.players, ui.players);
    ui.setup = h("form", { className: "rb-setup" }, ui.playersBox, ui.seats, ui.newGame);
    ui.shareBox = h("label", { className: "rb-share", hidden: true }, TEXT.shareLabel, ui.shareUrl, ui.shareNote);
    ui.progress.setAttribute("role", "status");
    ui.status.setAttribute("role", "status");
    ui.status.setAttribute("aria-live", "polite");
    ui.alert.setAttribute("role", "alert");
    ui.root = [
      ui.progress,
      ui.setup,
      h("div", { className: "rb-toolbar" }, ui.undo, ui.share, ui.seed),
      ui.shareBox,
      ui.status,
      ui.alert,
      ui.board,
      h("details", { className: "rb-moves", open: true }, h("summary", { textContent: TEXT.log }), ui.log),
      ui.runtime,
    ];
    return ui;
  }

  function morph(board, html) {
    const template = h("template", { innerHTML: html }); // engine-rendered HTML
    const next = board.cloneNode(false);
    next.append(template.content);
    return (morphdom ??= import(MORPHDOM_URL).then((module) => module.default)).then((patch) =>
      patch(board, next, { childrenOnly: true }),
    );
  }

  // ---------------------------------------------------------------- the component

  let mountCount = 0;

  function mountSandbox(el) {
    const game = el.dataset.game;
    if (!el.classList.contains("rb-sandbox") || !game) {
      throw new Error('mountSandbox: expected <div class="rb-sandbox" data-game="…">');
    }
    const original = [...el.childNodes];
    const blocked = blocker();
    if (blocked) {
      el.replaceChildren(h("p", { className: "rb-blocked", textContent: blocked }));
      el.dataset.rbState = "error";
      return () => {
        delete el.dataset.rbState;
        el.replaceChildren(...original);
      };
    }

    const sandbox = `${game}-${++mountCount}`;
    const channel = connect();
    const controller = new AbortController();
    const { signal } = controller;
    const ui = buildUi();
    let active = true;
    let opened = false; // the bridge holds a session for this sandbox
    let frame = null; // the last frame shown
    let epoch = 0; // bumped by every request; a stale bot loop stops
    let wanted = null; // {name, players} of a scenario asked for while Python was still starting
    let kinds = []; // the catalog's seat kinds and default seats for this game
    let defaults = [];
    let seatNames = []; // what the rules call each seat (先手, 後手, プレイヤー1…)

    const teardown = () => {
      if (!active) return;
      active = false;
      controller.abort();
      if (opened) channel.call({ op: "close", sandbox }).catch((err) => console.warn("rb: close failed", err));
      delete el.dataset.rbState;
      delete el.dataset.rbNext;
      el.replaceChildren(...original);
    };

    function setState(state) {
      el.dataset.rbState = state;
      const off = state === "loading" || state === "error";
      ui.progress.hidden = state !== "loading";
      ui.newGame.disabled = off;
      for (const select of ui.setup.querySelectorAll("select")) select.disabled = off;
      ui.undo.disabled = off || !frame?.can_undo;
      ui.share.disabled = off || !frame;
    }

    function fail(err) {
      if (!active) return;
      console.error("rb:", err);
      setState("error");
      ui.alert.textContent = `${TEXT.failed}（${err.message}）`;
    }

    function showProgress({ stage, ...details }) {
      if (stage === "error") return fail(new Error(details.message));
      ui.stageText.textContent = TEXT.stage[stage];
      ui.bar.value = STAGES.indexOf(stage) + 1;
      if (stage === "ready") ui.runtime.textContent = TEXT.runtime(details);
    }

    const call = (request) => channel.call({ ...request, sandbox });

    async function show(next) {
      const focusWasOnBoard = ui.board.contains(document.activeElement);
      frame = next;
      opened = true;
      el.dataset.rbNext = next.next;
      await morph(ui.board, next.html);
      if (!active) return;
      ui.status.textContent = next.status;
      ui.seed.textContent = TEXT.seed(next.seed);
      ui.log.replaceChildren(...next.lines.map((line) => h("li", { textContent: line })));
      ui.log.scrollTop = ui.log.scrollHeight; // the newest move in view
      showSeats(next.seats);
      ui.shareUrl.value = shareUrl();
      storage.write(game, { log: next.log, seats: next.seats });
      if (focusWasOnBoard && !ui.board.contains(document.activeElement)) {
        (ui.board.querySelector("button:not(:disabled)") ?? ui.board).focus();
      }
    }

    // Send one request, then let the bots move until a human (or nobody) is to act.
    async function play(request) {
      const mine = ++epoch;
      const current = () => active && mine === epoch;
      setState("busy");
      try {
        let reply = await call(request);
        while (current()) {
          if (!reply.ok) {
            ui.alert.textContent = reply.error;
            return false;
          }
          await show(reply);
          if (reply.next !== "bot" || !current()) return current();
          await delay(BOT_DELAY_MS, signal);
          if (current()) reply = await call({ op: "step" });
        }
        return false;
      } catch (err) {
        if (current()) fail(err);
        return false;
      } finally {
        if (current() && el.dataset.rbState === "busy") setState("ready");
      }
    }

    const chosenSeats = () => [...ui.seats.querySelectorAll("select")].map((select) => select.value);

    function freshLog(scenario = null) {
      return { game, players: chosenSeats().length, seed: null, options: {}, actions: [], scenario };
    }

    const open = (log, seats = chosenSeats()) => play({ op: "open", log, seats });

    // The chosen seats, cut or filled up with the defaults to `count` seats.
    function resized(count) {
      const seats = chosenSeats();
      return Array.from({ length: count }, (_, i) => seats[i] ?? defaults[i] ?? defaults.at(-1));
    }

    // A worked example has its own player count: the seats follow it.
    function openScenario({ name, players }) {
      const seats = resized(players);
      showSeats(seats);
      return open({ ...freshLog(name), players }, seats);
    }

    function shareUrl() {
      const base = location.href.split("#")[0];
      return frame ? base + SHARE_PREFIX + encodeShare({ log: frame.log, seats: frame.seats }) : base;
    }

    // The shared game in the URL fragment: an entry for this game, "bad", or null.
    function sharedEntry() {
      if (!location.hash.startsWith(SHARE_PREFIX)) return null;
      try {
        const entry = decodeShare(location.hash.slice(SHARE_PREFIX.length));
        return entry?.log?.game === game ? entry : null;
      } catch {
        return "bad";
      }
    }

    function dropHash() {
      history.replaceState(history.state, "", location.href.split("#")[0]);
    }

    async function openShared() {
      const entry = sharedEntry();
      if (!entry) return false;
      dropHash();
      if (entry === "bad") {
        ui.alert.textContent = TEXT.badLink;
        return false;
      }
      return open(entry.log, entry.seats);
    }

    async function openFirst() {
      if (wanted) return openScenario(wanted);
      if (await openShared()) return true;
      const saved = storage.read(game);
      if (saved?.log && (await open(saved.log, saved.seats))) return true;
      return active && el.dataset.rbState !== "error" && open(freshLog());
    }

    // One select per seat (human or a bot); a player-count select when the game allows several.
    function buildSetup(entry) {
      kinds = entry.seat_kinds;
      defaults = entry.default_seats;
      seatNames = entry.seat_names;
      ui.playersBox.hidden = entry.players.length < 2;
      ui.players.replaceChildren(
        ...entry.players.map((n) => h("option", { value: n, textContent: TEXT.playerCount(n) })),
      );
      showSeats(defaults);
    }

    function showSeats(seats) {
      ui.players.value = seats.length;
      if (ui.seats.querySelectorAll("select").length !== seats.length) {
        const select = (name) =>
          h("select", { ariaLabel: name }, ...kinds.map((k) => h("option", { value: k.id, textContent: k.name })));
        ui.seats.replaceChildren(ui.legend, ...seats.map((_, i) => h("label", {}, seatNames[i], select(seatNames[i]))));
      }
      ui.seats.querySelectorAll("select").forEach((select, i) => (select.value = seats[i]));
    }

    function onPlayerCount() {
      showSeats(resized(Number(ui.players.value)));
      open(freshLog());
    }

    function onBoardClick(event) {
      const button = event.target.closest("button[data-action], button[data-command]");
      if (!button || !ui.board.contains(button) || button.disabled) return;
      if (el.dataset.rbState !== "ready") return;
      ui.alert.textContent = "";
      const { action, command } = button.dataset;
      play(action !== undefined ? { op: "act", action } : { op: command });
    }

    function onScenarioClick(event) {
      const button = event.target.closest(".rb-open-scenario");
      if (!button || button.dataset.game !== game) return;
      if (document.querySelector(`.rb-sandbox[data-game="${CSS.escape(game)}"]`) !== el) return;
      el.scrollIntoView({ behavior: "smooth", block: "start" });
      const scenario = { name: button.dataset.scenario, players: Number(button.dataset.players) };
      if (el.dataset.rbState === "loading") {
        wanted = scenario;
        return;
      }
      ui.alert.textContent = "";
      openScenario(scenario);
    }

    async function onShare() {
      ui.shareBox.hidden = false;
      ui.shareUrl.value = shareUrl();
      ui.shareUrl.select();
      try {
        await navigator.clipboard.writeText(ui.shareUrl.value);
        if (active) ui.shareNote.textContent = TEXT.copied;
      } catch {
        if (active) ui.shareNote.textContent = TEXT.copyFailed;
      }
    }

    const listen = (target, type, handler) => target.addEventListener(type, handler, { signal });
    listen(ui.setup, "submit", (event) => {
      event.preventDefault();
      ui.alert.textContent = "";
      open(freshLog());
    });
    listen(ui.seats, "change", () => open(frame ? frame.log : freshLog()));
    listen(ui.players, "change", onPlayerCount);
    listen(ui.undo, "click", () => {
      ui.alert.textContent = "";
      play({ op: "undo" });
    });
    listen(ui.share, "click", onShare);
    listen(ui.board, "click", onBoardClick);
    listen(document, "click", onScenarioClick);
    listen(window, "hashchange", () => el.dataset.rbState !== "loading" && openShared());

    async function start() {
      setState("loading");
      channel.watch(showProgress, signal);
      try {
        const catalog = await call({ op: "catalog" });
        if (!active) return;
        const entry = catalog.games?.find((g) => g.id === game);
        if (!entry) throw new Error(TEXT.unknownGame + game);
        buildSetup(entry);
        await openFirst();
      } catch (err) {
        fail(err);
      }
    }

    el.replaceChildren(...ui.root);
    setState("idle");
    start();
    return teardown;
  }

  // ---------------------------------------------------------------- page hook

  let teardowns = [];

  function scan() {
    for (const teardown of teardowns) teardown();
    teardowns = [...document.querySelectorAll(".rb-sandbox")].map(mountSandbox);
  }

  // material's document$ emits on every instant navigation; it is stopped on file:// (no emit).
  if (window.document$ && !window.document$.isStopped) window.document$.subscribe(scan);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", scan);
  else scan();
})();
