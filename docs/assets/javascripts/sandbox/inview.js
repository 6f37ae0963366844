// Keep a tutorial's step in view on any screen: the coach's box holds to the top of whatever
// scrolls (coach.css) and the reader's seat (.rb-dock) to its bottom (games.css); the table lies
// between them. After every frame the scroller moves as little as it can so that:
// 1. the coach is held at its place at the top: its buttons never move from step to step (at the
//    end, what was learned starts there too);
// 2. the pointed things inside the seat are in the seat's view (the seat scrolls within itself,
//    and grows up to the coach where they do not fit: `rb-seat-tall`);
// 3. the pointed pieces of the table are in the band between the coach and the seat (where they
//    are taller than that band, the seat steps aside into the flow for them: `rb-seat-aside`);
//    a new step that points at none of them brings the board's top under the coach: the views
//    begin with the centre of the table (the bag, the trick, the trump card, the stock), and a
//    step is read from there. (Anchoring the table's end on the seat instead was tried: in the
//    trick-taking games that showed the other seats, and the trick stayed under the coach.)
// On a phone on its side the coach tops the seat's column on the right (coach.css), the seat under
// it (`holdSeatUnder`), and the band for the table is the whole left column under the panel's bar.
// It knows no game, only the shell's classes.

const GAP = 8; // px between the coach and what it points at
const ASIDE = "rb-seat-aside";
const TALL = "rb-seat-tall";

/** The nearest ancestor that scrolls `node` (the phone's panel, the pinned sidebar), else the page. */
function scroller(node) {
  for (let box = node.parentElement; box; box = box.parentElement) {
    const { overflowY } = getComputedStyle(box);
    if (/(auto|scroll)/.test(overflowY) && box.scrollHeight > box.clientHeight) return box;
  }
  return document.scrollingElement;
}

/** The scroller's visible rectangle on screen (the page's: the window). */
function viewport(box) {
  if (box === document.scrollingElement) return { top: 0, bottom: innerHeight };
  const rect = box.getBoundingClientRect();
  return { top: rect.top + box.clientTop, bottom: rect.top + box.clientTop + box.clientHeight };
}

/** The top of the first and the bottom of the last of `nodes` on screen. */
function span(nodes) {
  const rects = nodes.map((node) => node.getBoundingClientRect());
  return [Math.min(...rects.map((r) => r.top)), Math.max(...rects.map((r) => r.bottom))];
}

/** Scroll the seat within itself (not the page) so that `nodes` are in its visible part, as near
 * its top as they allow (what the seat shows first, a card just drawn, stays in view where it
 * can); a seat too low for all of them grows, up to the `room` under the coach. */
function showInSeat(seat, nodes, board, room) {
  seat.scrollTop = 0;
  if (span(nodes)[1] - span(nodes)[0] > seat.clientHeight - 2 * GAP) {
    board.style.setProperty("--rb-seat-room", `${Math.round(room)}px`);
    board.classList.add(TALL);
  }
  const [first, last] = span(nodes);
  const outer = seat.getBoundingClientRect();
  if (first < outer.top + GAP) seat.scrollTop -= outer.top + GAP - first;
  else if (last > outer.bottom - GAP) seat.scrollTop += Math.min(last - outer.bottom + GAP, first - outer.top - GAP);
}

/** How far up the scroller may go with the coach still held: the distance between its place in
 * the flow (under what comes before it) and the place it is held at. */
function heldFor(coach, held) {
  const before = coach.previousElementSibling;
  if (!before) return 0;
  const flow = before.getBoundingClientRect().bottom + parseFloat(getComputedStyle(coach).marginTop);
  return Math.max(held - flow, 0);
}

/** The coach beside the table, out of the flow (a phone on its side): the seat's column puts the
 * seat under it (coach.css reads --rb-coach-height). True where it is so. */
export function holdSeatUnder(coach) {
  const beside = !coach.hidden && getComputedStyle(coach).position === "fixed";
  const height = beside ? Math.ceil(coach.getBoundingClientRect().height) : 0;
  coach.parentElement?.style.setProperty("--rb-coach-height", `${height}px`);
  return beside;
}

/** After the coach showed a frame: see the module's comment. On the page itself (the sandbox
 * below the rules) nothing moves unless the coach is already on screen: the reader is reading. */
export function keepInView(coach, points, board, { fresh, done }) {
  board.classList.remove(ASIDE, TALL);
  const beside = holdSeatUnder(coach);
  if (coach.hidden) return;
  const box = scroller(coach);
  const view = viewport(box);
  const rect = coach.getBoundingClientRect();
  if (box === document.scrollingElement && (rect.bottom < 0 || rect.top > innerHeight)) return;
  const held = view.top + (parseFloat(getComputedStyle(coach).top) || 0);
  // 1. The coach held at its place: where it lies in the flow is above that place.
  if (!beside && (done || rect.top > held + 0.5)) box.scrollTop += rect.top - held;
  if (done) return;
  // the seat, where it holds to the bottom or is a column of its own (once the game is over it
  // lies in the flow: games.css)
  const docked = board.querySelector(".rb-dock");
  const seat = docked && ["sticky", "fixed"].includes(getComputedStyle(docked).position) ? docked : null;
  // the table's band starts under the coach, or beside it under what the scroller holds at its top
  const under = parseFloat(getComputedStyle(box).scrollPaddingTop) || 0;
  const top = (beside ? view.top + under : coach.getBoundingClientRect().bottom) + GAP;
  // 2. The seat's own pointed buttons and pieces.
  const inSeat = points.filter((node) => seat?.contains(node));
  if (inSeat.length) showInSeat(seat, inSeat, board, view.bottom - top);
  else if (fresh && seat) seat.scrollTop = 0; // a new step sees the seat from its top
  // 3. The table, between the coach and the seat.
  const pointed = points.filter((node) => !seat?.contains(node));
  const below = seat && !beside; // beside, the seat covers none of the table's column
  const seatHeight = () => (below && !board.classList.contains(ASIDE) ? seat.getBoundingClientRect().height : 0);
  if (pointed.length && span(pointed)[1] - span(pointed)[0] > view.bottom - seatHeight() - GAP - top) {
    board.classList.add(ASIDE);
  }
  const bottom = view.bottom - seatHeight() - GAP;
  let by = 0; // how far to scroll down (negative: up)
  if (pointed.length) {
    const [first, last] = span(pointed);
    if (first < top) by = first - top;
    else if (last > bottom) by = Math.min(last - bottom, first - top);
  } else if (fresh) {
    by = board.getBoundingClientRect().top - top;
  }
  box.scrollTop += beside ? by : Math.max(by, -heldFor(coach, held));
}
