// The sandbox component: mount(el) turns <div class="rb-sandbox" data-game="…"> into a playable
// game and returns its teardown. It knows no game: it forwards the reader's clicks to the engine
// (engine/bridge.py) and shows the frames Python rendered. State, on the element as
// data-rb-state: idle | loading | ready | busy | error; what comes next as data-rb-next:
// human | bot | handover | over; the seat to move as data-rb-mover; how Python started as
// data-rb-boot: started (loadPyodide) | restored (from the snapshot an earlier visit kept:
// worker.mjs). Before Python is ready it shows the board the build drew (predrawn.js), marked
// data-rb-early: shown | taken (a tap kept), then same | differs (Python's first frame against it).

// what the page drew before the shell ran, and the parts it drew with (in mkdocs_hooks.py INLINE's
// order: each after the parts it uses)
import "./first/element.js";
import "./first/controls.js";
import "./first/saved.js";
import "./first/panel.js";
import "./first/draw.js";
import { connect } from "./channel.js";
import { createCoach } from "./coach.js";
import { createEarly, loadPredrawn } from "./predrawn.js";
import { createHint } from "./hint.js";
import { botSpeed, setBotSpeed } from "./prefs.js";
import { createReview } from "./review.js";
import { createScreen } from "./screen.js";
import { dropFragment, sharedEntry, shareUrl } from "./share.js";
import { keepAwake, turnSignal } from "./table/awake.js";
import { GUEST_TEXT, invitationHere, joinTable } from "./table/guest.js";
import { handAnswerOver } from "./table/host.js";
import { loadEncoder } from "./table/qr.js";
import { createGuestPanel, createTablePanel } from "./table/panel.js";
import { NO_TRANSPORT_TEXT, transportKind } from "./table/transports.js";
import { TEXT, buildUi, h, optionSelects, seatSelects } from "./ui.js";

const { markBoard, placeEarlyNote, showState, showTutorials, take: takeFirst } = globalThis.rbFirst;

const MORPHDOM_URL = new URL("../../vendor/morphdom/morphdom-esm.js", import.meta.url);
const STAGES = ["runtime", "engine", "ready"];

let morphdom = null; // Promise of morphdom's default export, loaded once
let mounts = 0;

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

/** morphdom, loaded once: from the mount on, so the first frame does not wait for it. */
function loadMorphdom() {
  morphdom ??= import(MORPHDOM_URL).then((module) => module.default);
  return morphdom;
}

/** Patch the board with the engine's HTML, keeping unchanged nodes (and so keyboard focus). */
function morph(board, html) {
  const template = h("template", { innerHTML: html }); // engine-rendered HTML
  if (!board.firstChild) {
    board.append(template.content); // the first frame: at once, without waiting for morphdom
    return Promise.resolve();
  }
  const next = board.cloneNode(false);
  next.append(template.content);
  return loadMorphdom().then((patch) => patch(board, next, { childrenOnly: true }));
}

/** The page is marked while a table of phones is on it (a host's table open, a guest's page), in
 * any of its sandboxes: offline.css hides the update notice then. */
function markPaired() {
  const paired = document.querySelector(".rb-sandbox[data-rb-table], .rb-sandbox[data-rb-guest]");
  document.documentElement.toggleAttribute("data-rb-paired", Boolean(paired));
}

/** The board's seats checked after each frame (`refresh`: its buttons may have changed) and
 * whenever one is shown, hidden or resized with the screen. `refresh.atFrame()` checks them at the
 * next animation frame instead, once for all the frames shown before it (each check lays the page
 * out: at the instant bot pace a tap brings several frames). */
function watchDocks(board, signal) {
  // checked at the next frame, outside the observer's report (as screen.js measures): WebKit
  // reports a change made within a report as a loop
  const watcher = new ResizeObserver(() =>
    requestAnimationFrame(() => signal.aborted || scrollableByKeyboard(board)),
  );
  // each seat and what is in it: a seat at its greatest height keeps its size as its hand grows
  const watched = new Set();
  signal.addEventListener("abort", () => watcher.disconnect());
  let due = false; // a check asked for at the next animation frame, not made since
  function refresh() {
    due = false;
    for (const box of [...watched].filter((node) => !node.isConnected)) {
      watcher.unobserve(box);
      watched.delete(box);
    }
    for (const dock of board.querySelectorAll(".rb-dock")) {
      for (const box of [dock, ...dock.children]) {
        if (!watched.has(box)) watcher.observe(box); // its first report checks it too
        watched.add(box);
      }
    }
    scrollableByKeyboard(board);
  }
  refresh.atFrame = () => {
    if (due) return;
    due = true;
    requestAnimationFrame(() => signal.aborted || !due || refresh());
  };
  return refresh;
}

/** The seat at the screen scrolls within itself when it is taller than its room (games.css). When
 * none of its buttons may be pressed (a tutorial's read step), the seat itself takes keyboard
 * focus, so that a keyboard can still scroll it; otherwise Tab goes straight to its buttons. Its
 * size is read only for a seat without such a button: the read lays the page out there and then,
 * mid-frame, and the reader's seat has a button at most of their decisions. */
function scrollableByKeyboard(board) {
  for (const dock of board.querySelectorAll(".rb-dock")) {
    const stuck = !dock.querySelector("button:not(:disabled)") && dock.scrollHeight > dock.clientHeight + 1;
    if (stuck) {
      dock.tabIndex = 0;
      dock.setAttribute("role", "group");
      dock.setAttribute("aria-label", TEXT.dock);
    } else {
      for (const name of ["tabindex", "role", "aria-label"]) dock.removeAttribute(name);
    }
  }
}

export function mountSandbox(el) {
  const game = el.dataset.game;
  if (!el.classList.contains("rb-sandbox") || !game) {
    throw new Error('mountSandbox: expected <div class="rb-sandbox" data-game="…">');
  }
  // what the page drew before the shell ran (first/draw.js): its controls and board, adopted as
  // they are
  const first = takeFirst(el);
  const original = first?.original ?? [...el.childNodes];
  const sandbox = `${game}-${++mounts}`;
  // A guest at a table (opened by an invitation link) runs no Python: the host sends its frames.
  const invitation = invitationHere();
  const handedAnswer = invitation ? null : handAnswerOver(); // a tab the host's camera app opened
  const channel = invitation || handedAnswer ? null : connect();
  const controller = new AbortController();
  const { signal } = controller;
  const ui = first?.ui ?? buildUi();
  const refreshDocks = watchDocks(ui.board, signal);
  const screen = createScreen({ host: el, board: ui.board, signal });
  const coach = createCoach(onCoach, signal);
  const hint = createHint(askHint, (box, marked) => screen.keepClear(marked, box));
  const review = createReview({
    call: (payload) => ask("review", payload),
    showBoard: showReviewed,
    replay: replayFrom,
    close: closeReview,
    host: el,
    signal,
  });
  const reviewButton = h("button", { type: "button", className: "md-button rb-review-button", textContent: TEXT.review, hidden: true });
  const tutorials = ui.tutorials;
  const alertLine = ui.alert.parentElement; // the alert's own place, outside a tutorial
  let active = true;
  let frame = null; // the last frame shown
  let logLines = []; // the move log's lines as shown
  // The log scrolls to its newest line when that line is laid out with a size: after the frame
  // that added it, or when the log comes into view (a phone's 記録; shut, the log has no box and
  // keeps no scroll). Not at once: reading the log's height laid the whole page out mid-frame,
  // at every move, for a log mostly not shown.
  let lastLineShown = false;
  const logEnd = new ResizeObserver((entries) => {
    const shown = entries.at(-1).contentRect.height > 0;
    if (shown && !lastLineShown) ui.log.scrollTop = ui.log.scrollHeight;
    lastLineShown = shown;
  });
  signal.addEventListener("abort", () => logEnd.disconnect());
  let epoch = 0; // bumped by every request; a stale bot loop stops
  let wanted = null; // a worked example or tutorial asked for while Python was still starting
  let entry = null; // this game in the engine's catalog (the pre-drawn one until Python's comes)
  let python = false; // whether Python has answered: until then the board is pre-drawn, if at all
  let booted = false; // whether the worker's Python is ready (a page reached by instant navigation)
  let early = null; // the pre-drawn board shown before Python (predrawn.js)
  let table = null; // the host's table panel (みんなのスマホで遊ぶ), while one is open
  let guest = null; // a guest's link to its host, once connected
  let pointed = false; // whether the last press on the board was a finger's or a mouse's, not a key's

  // ------------------------------------------------------------------ state and display

  function setState(state) {
    el.dataset.rbState = state;
    const off = showState(ui, state);
    ui.undo.disabled = off || !frame?.can_undo;
    ui.undo.hidden = Boolean(frame?.coach); // a tutorial steps back with its own 1つ戻る
    for (const button of tutorials.children) button.disabled = off && !early?.has(button.dataset.tutorial);
    ui.share.disabled = off || !frame || Boolean(frame?.table);
    ui.table.disabled = off || Boolean(table);
    ui.thinking.textContent = state === "busy" && frame?.next === "bot" ? TEXT.thinking : "";
  }

  function fail(err) {
    if (!active) return;
    console.error("rb:", err);
    setState("error");
    ui.alert.textContent = `${TEXT.failed}（${err.message}）`;
  }

  /** A refusal: its Japanese message, and a link to the rule it names on this page. */
  function refuse(reply) {
    ui.alert.replaceChildren(reply.error);
    const rule = reply.rule && document.getElementById(reply.rule);
    if (rule) ui.alert.append(" ", h("a", { href: `#${reply.rule}`, className: "rb-rule-link", textContent: TEXT.rule }));
  }

  function showProgress({ stage, ...details }) {
    if (stage === "error") return fail(new Error(details.message));
    ui.stageText.textContent = TEXT.stage[stage];
    ui.bar.value = STAGES.indexOf(stage) + 1;
    if (stage !== "ready") return;
    booted = true;
    ui.runtime.textContent = TEXT.runtime(details);
    el.dataset.rbBoot = details.restored ? "restored" : "started";
  }

  async function show(next, { drawn = false } = {}) {
    const inSandbox = ui.board.contains(document.activeElement) || coach.contains(document.activeElement);
    const focused = ui.board.contains(document.activeElement) ? document.activeElement : null;
    const focusedAction = focused?.dataset?.action;
    const ended = frame?.next !== undefined && frame.next !== "over" && next.next === "over";
    frame = next;
    review.stop();
    el.dataset.rbNext = next.next;
    table?.relay(next); // each guest's own seat's frame
    el.dataset.rbMover = next.mover ?? ""; // the seat to move (public): the wait bench times each move
    await morph(ui.board, next.html);
    markBoard();
    if (!active) return;
    screen.afterFrame();
    if (!drawn) el.dataset.rbFrames = Number(el.dataset.rbFrames ?? 0) + 1; // tests wait on Python's frames
    ui.status.textContent = next.status;
    ui.seed.textContent = next.seed === undefined ? "" : TEXT.seed(next.seed);
    showLog(next.lines);
    if (entry) showSetup(next.players, next.seats, next.options); // a guest has no setup
    ui.shareBox.hidden = true;
    const visible = (node) => node.checkVisibility?.() ?? true;
    const now = document.activeElement;
    const movable = next.next === "human" && (!next.coach || next.coach.waiting === "move");
    hint.update(movable, ui.board, next.suggest ?? []);
    hint.button.disabled = drawn; // it waits for Python (ui.earlyNote says so)
    reviewButton.hidden = !(next.next === "over" && next.reviewable);
    const fresh = coach.show(next.coach, ui.board); // in a tutorial, it keeps the step in view itself
    placeAlert(Boolean(next.coach));
    // once all that sizes the seat is set (the coach shown, its seat grown), in the same task as the
    // morph: no moment between them finds a seat that scrolls and takes no focus (axe-core ran in
    // one). A frame the bots move on from (more come at once) is checked at the next animation
    // frame, before anyone sees it; the frame the reader is left on, at once.
    if (next.next === "bot") refreshDocks.atFrame();
    else refreshDocks();
    if (fresh && inSandbox) {
      // A new step: its 次へ, or the move it asks for.
      coach.focusTarget(ui.board).focus({ preventScroll: true });
    } else if (focused && !(ui.board.contains(now) && visible(now))) {
      // Focus was on the board and the move took its element away (or hid it: the browser will
      // drop it): the same move's button if it is still there, else the first, else the board.
      const shown = [...ui.board.querySelectorAll("button:not(:disabled)")].filter(visible);
      // The page scrolls to it for the keyboard alone: after a tap, the table stays where it was
      // (a phone's game screen scrolled the first button, a guest's vibration switch, into view).
      const preventScroll = Boolean(next.coach) || pointed;
      (shown.find((b) => b.dataset.action === focusedAction) ?? shown[0] ?? ui.board).focus({ preventScroll });
    }
    if (ended && !reviewButton.hidden && !next.coach) {
      // The game just ended: 振り返り comes into view by the end line, once (the panel may be
      // scrolled down to the reader's seat); the keyboard stays on the board, where it was.
      reviewButton.scrollIntoView({ block: "center" });
    }
  }

  /** A refusal or nudge is shown next to the coach's words while a tutorial is on (its own line,
   * above the coach, would be scrolled off under the panel's bar), and by the status otherwise. */
  function placeAlert(inCoach) {
    const home = inCoach ? coach.nudge : alertLine;
    if (ui.alert.parentElement !== home) home.prepend(ui.alert);
  }

  /** The move log: a frame's lines usually extend the ones shown (a move adds one), and only
   * those are added; otherwise (an undo, another seat's view) the log is written anew. The newest
   * line comes into view once the page is laid out with it (`logEnd`). */
  function showLog(lines) {
    const shown = logLines;
    logLines = lines;
    const extended = lines.length >= shown.length && shown.every((line, i) => line === lines[i]);
    if (extended && lines.length === shown.length) return;
    const items = (from) => lines.slice(from).map((line) => h("li", { textContent: line }));
    if (extended) ui.log.append(...items(shown.length));
    else ui.log.replaceChildren(...items(0));
    logEnd.disconnect();
    lastLineShown = false;
    if (ui.log.lastElementChild) logEnd.observe(ui.log.lastElementChild);
  }

  // ------------------------------------------------------------------ talking to the engine

  const call = (request) => channel.call({ ...request, sandbox });
  const guestStep = () => new Promise((resolve) => (awaitingFrame = resolve));
  let awaitingFrame = null; // a guest's bot turn: settled by the host's next frame

  /** Send one request, then let the bots move until a human (or nobody) is to act. */
  async function play(send) {
    const mine = ++epoch;
    const current = () => active && mine === epoch;
    setState("busy");
    try {
      let reply = await send();
      while (current()) {
        if (!reply.ok) {
          refuse(reply);
          return false;
        }
        // At the pace すぐ a bot's move of several steps (pick, pick, done) is shown once, done:
        // the frames between would only flicker by, and each costs the page a redraw.
        const midMove = reply.next === "bot" && frame?.next === "bot" && reply.mover === frame.mover;
        if (!(midMove && botSpeed().delayMs === 0)) await show(reply);
        if (reply.next !== "bot" || !current()) return current();
        setState("busy");
        if (!guest) await delay(botSpeed().delayMs, signal);
        if (current()) reply = await (guest ? guestStep() : call({ op: "step" })); // the host moves the bots
      }
      return false;
    } catch (err) {
      if (current()) fail(err);
      return false;
    } finally {
      if (current() && el.dataset.rbState === "busy") setState("ready");
    }
  }

  const request = (payload) => play(() => call(payload));

  // ------------------------------------------------------------------ the setup form

  const chosenSeats = () => [...ui.seats.querySelectorAll("select")].map((select) => select.value);

  function chosenOptions() {
    const options = {};
    for (const select of ui.options.querySelectorAll("select")) options[select.name] = JSON.parse(select.value);
    return options;
  }

  function freshLog(scenario = null, players = chosenSeats().length) {
    return { game, players, seed: null, options: chosenOptions(), actions: [], scenario };
  }

  const open = (log, seats = chosenSeats()) => request({ op: "open", log, seats });

  /** The seats for `count` players: each seat the reader changed keeps its choice; the others
   * take the game's default for that count. */
  function resized(count) {
    const seats = chosenSeats();
    const before = entry.default_seats[seats.length] ?? [];
    return entry.default_seats[count].map((fallback, i) => (seats[i] && seats[i] !== before[i] ? seats[i] : fallback));
  }

  function buildSetup() {
    showTutorials(ui, entry, game);
    ui.playersBox.hidden = entry.players.length < 2;
    ui.players.replaceChildren(...entry.players.map((n) => h("option", { value: n, textContent: TEXT.playerCount(n) })));
    ui.options.replaceChildren(...optionSelects(entry.options));
    ui.speed.value = botSpeed().id;
    showSetup(entry.players[0], resized(entry.players[0]), {});
  }

  function showSetup(players, seats, options) {
    ui.players.value = players;
    const selects = ui.seats.querySelectorAll("select");
    if (selects.length !== seats.length) {
      ui.seats.replaceChildren(ui.seats.firstChild, ...seatSelects(entry.seat_kinds, entry.seat_names.slice(0, seats.length)));
    }
    ui.seats.querySelectorAll("select").forEach((select, i) => (select.value = seats[i]));
    for (const select of ui.options.querySelectorAll("select")) {
      const value = options[select.name] ?? entry.options.find((o) => o.key === select.name).default;
      select.value = JSON.stringify(value);
    }
  }

  // ------------------------------------------------------------------ how a game starts

  function openScenario({ name, players, tutorial }) {
    if (tutorial) return early?.tutorial() === name ? catchUp() : request({ op: "tutorial", game, name });
    const seats = resized(players);
    showSetup(players, seats, {});
    return open(freshLog(name, players), seats);
  }

  /** A request of ヒント or 振り返り: the engine's answer (the reply's `op` field), or null where it
   * refused (said in the alert line). */
  async function ask(op, payload = {}) {
    const reply = await call({ op, ...payload }).catch((err) => ({ ok: false, error: err.message }));
    if (!active) return null;
    if (!reply.ok) refuse(reply);
    return reply.ok ? reply[op] : null;
  }

  function askHint() {
    ui.alert.textContent = "";
    return guest ? guest.hint() : ask("hint");
  }

  async function openReview() {
    ui.alert.textContent = "";
    const opened = await ask("review", { do: "open" });
    if (!opened || !active) return;
    reviewButton.hidden = true;
    coach.show(null, ui.board);
    placeAlert(false);
    hint.update(false, ui.board);
    await review.start(opened);
  }

  async function showReviewed(position) {
    await morph(ui.board, position.html);
    refreshDocks();
    if (!active) return;
    screen.afterFrame();
    ui.status.textContent = position.status;
    showLog(position.lines);
  }

  async function replayFrom(at, asSeen) {
    review.stop();
    const opened = await request({ op: "review", do: "replay", at, as_seen: asSeen });
    // The review's better move, marked on the board (hint.js): the line that says so and the mark
    // in view (the reader pressed 打ち直す far below, in the review), and the keyboard on it.
    const marked = opened && hint.marked();
    if (!marked) return opened;
    hint.suggestion.scrollIntoView({ block: "start" });
    marked.focus({ preventScroll: true });
    marked.scrollIntoView({ block: "nearest" });
    return opened;
  }

  async function closeReview() {
    review.stop();
    if (frame) await show(frame);
    reviewButton.focus();
  }

  /** The coach panel's buttons: its own commands go to the engine; leaving starts a new game. */
  function onCoach(command) {
    if (early) return earlyCoach(command);
    ui.alert.textContent = "";
    if (command === "leave" || command === "new") open(freshLog());
    else request({ op: "coach", do: command });
  }

  async function openShared() {
    const shared = sharedEntry(game);
    if (!shared) return false;
    dropFragment();
    if (shared === "bad") {
      ui.alert.textContent = TEXT.badLink;
      return false;
    }
    const opened = await open(shared.log, shared.seats);
    if (opened && frame?.next === "over" && frame.reviewable) openReview(); // a finished game: its review
    return opened;
  }

  /** Show the game the worker saved for this page (after a reload, or another visit): `resumed`
   * is the worker's reply to the resume asked for at mount. */
  async function resumeSaved(resumed) {
    const reply = await resumed;
    if (reply.missing) return false;
    if (early) dropEarly(null); // saved.js's mark said no game was saved: the worker's save wins
    return play(async () => reply); // a save that no longer loads says why
  }

  /** A link to `#<tutorial name>` (the page's tutorial buttons carry those ids) opens it. The
   * names are plain ASCII ids, so the fragment is compared as it is: a share link's `%` never
   * reaches a decoder here. */
  function linkedTutorial() {
    const name = location.hash.slice(1);
    if (!entry.tutorials.some((tutorial) => tutorial.name === name)) return null;
    dropFragment(); // a reload resumes the tutorial where the reader is, not from its start
    el.dispatchEvent(new CustomEvent("rb-show", { bubbles: true })); // a phone's panel opens on it
    return { name, tutorial: true };
  }

  async function openFirst(resumed) {
    wanted ??= linkedTutorial();
    if (wanted) return openScenario(wanted);
    if ((await openShared()) || (await resumeSaved(resumed))) return true;
    return active && el.dataset.rbState !== "error" && (early ? catchUp() : open(freshLog()));
  }

  // ------------------------------------------------------------------ before Python (predrawn.js)

  /** The pre-drawn board, once its file is in, unless Python or another game came first. */
  async function showPredrawn() {
    const data = !booted && (await loadPredrawn(el, game));
    const starting = el.dataset.rbState === "loading"; // not failed meanwhile
    if (!data || !active || !starting || booted || python || wanted || sharedEntry(game)) {
      if (first && active && starting && !python) dropEarly(wanted); // first/draw.js's board is not what Python opens
      return;
    }
    early = createEarly(data, game, first?.deal);
    entry = early.catalog;
    buildSetup();
    const linked = linkedTutorial();
    if (linked && early.has(linked.name)) {
      wanted = linked;
      early.openTutorial(linked.name);
    } else if (linked) {
      return dropEarly(linked);
    }
    placeEarlyNote(ui, true);
    setState("loading");
    await showEarly("shown");
    if (first && active) applyFirstPresses();
  }

  async function showEarly(mark) {
    el.dataset.rbEarly = mark;
    ui.alert.textContent = "";
    ui.thinking.textContent = "";
    await show(early.frame(), { drawn: true });
  }

  /** Python will open something the build did not draw: the pre-drawn board goes. */
  function dropEarly(scenario) {
    wanted = scenario;
    early = null;
    placeEarlyNote(ui, false);
    delete el.dataset.rbEarly;
    frame = null;
    coach.show(null, ui.board);
    ui.board.replaceChildren();
    ui.status.textContent = "";
    setState("loading");
  }

  /** The reader's press before Python: a piece's tap is kept (once), a coach's step is shown. */
  function takeEarly(piece) {
    early.take(el, ui, piece);
  }

  /** The reader's presses on the board first/draw.js drew, before the shell ran: its piece kept
   * as if tapped now (the same deal is shown), and a tutorial or worked example opened. */
  function applyFirstPresses() {
    const action = first.piece?.dataset.action;
    const piece = action === undefined ? null : ui.board.querySelector(`[data-action="${CSS.escape(action)}"]`);
    if (piece && early) takeEarly(piece);
    const opened = first.opened;
    const again = opened?.isConnected ? opened : tutorials.querySelector(`[data-tutorial="${CSS.escape(opened?.dataset.tutorial ?? "")}"]`);
    again?.click();
  }

  function earlyCoach(command) {
    if (early.step(command)) return showEarly("shown");
    if (command === "leave" || command === "new") {
      wanted = null;
      early.openDeal();
      return showEarly("shown");
    }
  }

  /** Python is ready: it opens the game shown (the same seed, the same steps), then applies the
   * tap kept, once (refused as any tap would be, where it was not legal). */
  async function catchUp() {
    const shown = early;
    early = null;
    placeEarlyNote(ui, false);
    let caught = null;
    const opened = await play(async () => {
      caught = await shown.replay(call);
      return caught.reply;
    });
    if (caught && active) el.dataset.rbEarly = caught.same ? "same" : "differs";
    return opened && caught.tap !== null && active ? request({ op: "act", action: caught.tap }) : opened;
  }

  // ------------------------------------------------------------------ the reader's input

  /** A press on the board: a piece or button with `data-action` (any element: a space on a board
   * is a piece too), an engine command, or another seat's head line (screen.js). */
  function onBoardClick(event) {
    if (screen.toggleSeat(event)) return;
    const button = event.target.closest("[data-action], button[data-command]");
    if (!button || !ui.board.contains(button) || button.disabled) return;
    const { action, command } = button.dataset;
    if (early && el.dataset.rbState === "loading" && action !== undefined) return takeEarly(button);
    if (el.dataset.rbState !== "ready") return;
    ui.alert.textContent = "";
    if (guest) {
      if (action === undefined) return;
      setState("busy");
      return guest.act(action);
    }
    request(action !== undefined ? { op: "act", action } : { op: command });
  }

  /** Enter or Space on a piece that is not a button (role="button"), as a button takes them. */
  function onBoardKey(event) {
    if (event.key !== "Enter" && event.key !== " ") return;
    const piece = event.target;
    if (piece.matches("button, a, input, select, summary") || piece.getAttribute("role") !== "button") return;
    event.preventDefault();
    piece.click();
  }

  /** A worked example's この局面を遊ぶ, or a tutorial's button on the page or in the toolbar. */
  function onScenarioClick(event) {
    const button = event.target.closest(".rb-open-scenario, .rb-open-tutorial");
    if (!button || button.dataset.game !== game || button.disabled) return;
    if (document.querySelector(`.rb-sandbox[data-game="${CSS.escape(game)}"]`) !== el) return;
    el.dispatchEvent(new CustomEvent("rb-show", { bubbles: true })); // the layout brings it into view
    const tutorial = button.classList.contains("rb-open-tutorial");
    const scenario = tutorial
      ? { name: button.dataset.tutorial, tutorial }
      : { name: button.dataset.scenario, players: Number(button.dataset.players) };
    if (!python) {
      if (early && tutorial && early.has(scenario.name)) {
        wanted = scenario;
        early.openTutorial(scenario.name);
        showEarly("shown");
      } else if (early) dropEarly(scenario);
      else wanted = scenario;
      return;
    }
    ui.alert.textContent = "";
    openScenario(scenario);
  }

  async function onShare() {
    try {
      const exported = await call({ op: "export" });
      if (!active) return;
      if (!exported.ok) return refuse(exported);
      ui.shareBox.hidden = false;
      ui.shareUrl.value = shareUrl({ log: exported.log, seats: exported.seats });
      ui.shareUrl.select();
      const note = exported.reveals ? `${TEXT.revealsAll} ` : "";
      try {
        await navigator.clipboard.writeText(ui.shareUrl.value);
        if (active) ui.shareNote.textContent = note + TEXT.copied;
      } catch {
        if (active) ui.shareNote.textContent = note + TEXT.copyFailed;
      }
    } catch (err) {
      fail(err);
    }
  }

  /** Start again from scratch (a fresh worker if the last one failed): the page hook remounts. */
  function remount() {
    teardown();
    el.dispatchEvent(new CustomEvent("rb-remount", { bubbles: true }));
  }

  const listen = (target, type, handler) => target.addEventListener(type, handler, { signal });
  listen(ui.setup, "submit", (event) => event.preventDefault());
  listen(ui.newGame, "click", () => {
    ui.alert.textContent = "";
    if (!table?.playing()) closeTable(); // invitations not all answered: a new game on this device
    newGame();
    el.dispatchEvent(new CustomEvent("rb-new-game", { bubbles: true })); // a phone's panel: on the table
  });
  listen(ui.seats, "change", () => (frame ? request({ op: "seats", seats: chosenSeats() }) : open(freshLog())));
  listen(ui.players, "change", () => {
    showSetup(Number(ui.players.value), resized(Number(ui.players.value)), chosenOptions());
    newGame();
  });
  listen(ui.options, "change", newGame);
  listen(ui.speed, "change", () => setBotSpeed(ui.speed.value));
  listen(ui.undo, "click", () => {
    ui.alert.textContent = "";
    request({ op: "undo" });
  });
  listen(ui.share, "click", onShare);
  listen(ui.table, "click", openTable);
  listen(reviewButton, "click", openReview);
  listen(ui.retry, "click", remount);
  listen(ui.board, "pointerdown", () => (pointed = true));
  listen(ui.board, "click", onBoardClick);
  listen(ui.board, "keydown", (event) => {
    pointed = false;
    onBoardKey(event);
  });
  listen(document, "click", onScenarioClick);
  listen(window, "hashchange", () => {
    if (!python) return;
    const linked = linkedTutorial(); // a link within the page to a tutorial's button
    return linked ? openScenario(linked) : openShared();
  });

  function teardown() {
    if (!active) return;
    active = false;
    controller.abort();
    review.stop(); // its mark on the element goes with the rest
    table?.teardown();
    guest?.close();
    channel?.call({ op: "close", sandbox }).catch((err) => console.warn("rb: close failed", err));
    delete el.dataset.rbState;
    delete el.dataset.rbNext;
    delete el.dataset.rbMover;
    delete el.dataset.rbFrames;
    delete el.dataset.rbBoot;
    delete el.dataset.rbEarly;
    delete el.dataset.rbGuest;
    delete el.dataset.rbTable;
    markPaired();
    el.replaceChildren(...original);
  }

  // ------------------------------------------------------------------ みんなのスマホで遊ぶ

  /** A game as the setup says: at a table in play, on the same phones where their seats fit
   * (else said, and nothing changes). */
  async function newGame() {
    if (!(table?.playing() && frame?.table)) return open(freshLog());
    const fit = table.seatsFor(chosenSeats(), frame, defaultBot());
    if (fit.error) {
      showSetup(frame.players, frame.seats, frame.options);
      return (ui.alert.textContent = fit.error);
    }
    const log = freshLog(null, fit.seats.length);
    if (await request({ op: "open", log, seats: fit.seats, table: { host: fit.host } })) table?.newGame();
  }

  function openTable() {
    if (table || !python) return;
    const awake = keepAwake(tableNotice);
    const turn = turnSignal(el);
    table = createTablePanel(entry, {
      turn,
      awake,
      start: (seats, host) =>
        request({ op: "open", log: freshLog(null, seats.length), seats, table: { host } }),
      again: () =>
        play(async () => {
          const reply = await call({ op: "table_again" });
          if (reply.ok) table.moved(reply.table.moved); // before the new frame goes to the phones
          return reply;
        }),
      act: (seat, action) => guestRequest({ op: "guest_act", seat, action }),
      hint: (seat) => call({ op: "guest_hint", seat }), // a failure is the host's to show: host.js tells the guest
      reseat: (seat) => request({ op: "seats", seats: frame.seats.map((kind, i) => (i === seat ? defaultBot() : kind)) }),
      present(seats) {
        const back = frame?.table && seats.filter((seat) => frame.seats[seat] !== "human");
        if (back?.length) request({ op: "seats", seats: frame.seats.map((kind, i) => (back.includes(i) ? "human" : kind)) });
      },
      notice: tableNotice,
      seatNote: (seat, node) => screen.setSeatNote(seat, node),
      close: closeTable,
      end() {
        closeTable();
        open(freshLog());
      },
    });
    ui.board.before(table.root);
    reviewButton.after(table.again);
    el.dispatchEvent(new CustomEvent("rb-show", { bubbles: true })); // a phone: the game screen, where notices show
    el.dataset.rbTable = ""; // offline.js holds an update's reload while friends' phones are paired
    markPaired();
    setState(el.dataset.rbState);
  }

  /** What the table says of itself: who came or left, what to do: a status in view for a few
   * seconds and kept in the log's お知らせ, not an error. */
  function tableNotice(text) {
    screen.notify(text);
  }

  function closeTable() {
    table?.teardown();
    table?.root.remove();
    table?.again.remove();
    table = null;
    delete el.dataset.rbTable;
    markPaired();
    setState(el.dataset.rbState);
  }

  /** The panel's bar's place for what the sandbox offers there (記録, 得点表, a guest's vibration
   * switch), or null where the layout has made no panel yet (first/panel.js takes `.rb-panel-tool`s
   * then). */
  const barTools = () => el.closest(".rb-panel")?.querySelector(".rb-panel-tools") ?? null;

  const defaultBot = () => entry.default_seats[frame.players].find((kind) => kind !== "human");

  /** A guest's click: the engine's refusal goes back to the guest, a new frame to everyone (a
   * failed call rejects: the host's page says why, host.js tells the guest in its own words). */
  async function guestRequest(payload) {
    const reply = await call(payload);
    if (reply.ok && active) play(async () => reply);
    return reply;
  }

  /** A guest's page: answer the invitation, then show what the host sends. */
  async function startGuest() {
    loadEncoder().catch(() => {}); // while the answer is made; a failure is heard when it is drawn
    const turn = turnSignal(el);
    const panel = createGuestPanel(GUEST_TEXT, turn.toggle);
    ui.board.before(panel.root);
    el.dataset.rbGuest = "";
    markPaired();
    ui.progress.hidden = true;
    for (const node of [ui.newGame, ui.undo, ui.share, ui.table, ui.settings, ui.runtime]) node.hidden = true;
    dropFragment(); // a reload needs a fresh invitation anyway
    if (invitation === "bad") return (ui.alert.textContent = GUEST_TEXT.badInvitation);
    if (!transportKind()) return panel.say(NO_TRANSPORT_TEXT);
    try {
      guest = await joinTable(invitation, {
        answer(code, link) {
          el.dispatchEvent(new CustomEvent("rb-show", { bubbles: true })); // a phone: the sandbox in view
          const page = document.querySelector(".md-content h1")?.firstChild?.textContent ?? document.title;
          panel.answer(code, link, GUEST_TEXT.joining(page.trim(), invitation.seat));
        },
        slow: (text) => panel.say(text), // not yet connected: what to do if it never does
        seated(name) {
          panel.seated(GUEST_TEXT.seated(name));
          // the vibration's switch beside 記録 in the panel's bar, where the layout made one: on a
          // phone its own line above the table left a Herrlof guest's seats under the reader's
          barTools()?.append(turn.toggle);
          const awake = keepAwake(tableNotice);
          signal.addEventListener("abort", () => {
            awake.release();
            turn.stop();
            turn.toggle.remove();
          });
        },
        moved(name) {
          panel.say(GUEST_TEXT.moved(name));
          tableNotice(GUEST_TEXT.moved(name));
        },
        frame(next) {
          turn.update(next);
          if (!frame) panel.playing(); // the status line says whose turn it is from now on
          if (awaitingFrame) awaitingFrame(next);
          else play(async () => next);
          awaitingFrame = null;
        },
        notice(text) {
          tableNotice(text);
          if (!frame) panel.say(text); // before the game: who came, who is still awaited
        },
        error(text) {
          ui.alert.textContent = text;
          if (el.dataset.rbState === "busy") setState("ready");
        },
        gone(text) {
          panel.say(text);
          ui.board.inert = true; // a click would reach no one; the friend rejoins through a fresh invitation
        },
      });
    } catch (err) {
      fail(err);
    }
  }

  async function start() {
    if (invitation) return startGuest();
    if (handedAnswer) return (ui.alert.textContent = handedAnswer);
    setState("loading");
    loadMorphdom().catch(() => {}); // a failure is heard by the first frame's morph
    channel.watch(showProgress, signal);
    // Both asked at once, so the worker answers both as soon as Python is ready (a shared link
    // or a worked example opened first replaces the resumed game).
    const catalog = call({ op: "catalog", game });
    const resumed = channel.resume({ game, sandbox });
    resumed.catch(() => {}); // awaited in openFirst, or not at all if the catalog fails
    showPredrawn();
    try {
      const reply = await catalog;
      if (!active) return;
      if (!reply.ok) throw new Error(TEXT.unknownGame + game);
      const built = entry !== null; // from the pre-drawn catalog, the same (tests/site/test_predrawn.py)
      entry = reply.game;
      python = true;
      if (!built) buildSetup();
      await openFirst(resumed);
      if (frame?.table && active) {
        openTable(); // a table game resumed (the host reloaded): invite every guest afresh
        table.resume(frame);
      }
    } catch (err) {
      fail(err);
    }
  }

  if (!first) el.replaceChildren(...ui.root);
  ui.status.after(hint.button, reviewButton);
  // the layers' buttons go to the panel's bar, where the layout has made it (layout.js takes them
  // there when it comes after), else by the status line
  (barTools() ?? ui.status.parentElement).append(...screen.layerButtons);
  // the status line and what opens under it (notices, ヒント's details), held together (sandbox.css)
  const statusLine = ui.status.parentElement;
  const layers = h("div", { className: "rb-layers" }, screen.notices, hint.box, hint.suggestion);
  const head = h("div", { className: "rb-head" });
  statusLine.replaceWith(head);
  head.append(statusLine, layers);
  ui.log.after(screen.noticeLog);
  ui.board.before(coach.root, review.root);
  ui.board.after(review.after);
  setState("idle");
  start();
  return teardown;
}
