"""A page's layout at a phone's 390 × 844 in WebKit, the engine of every browser on an iPhone,
measured while a reader plays (test_cross_browser.py: when the sandbox is first ready, after each
of the reader's first clicks, and on the finished game, so the setup, the board in play and the
result are all measured). Usable means:
- no sideways scroll: the document is no wider than the viewport;
- nothing clipped: nothing in the article sticks out past the viewport's edges (except inside
  a box meant to scroll sideways, as the theme wraps wide tables), and nothing in the sandbox
  hides part of its content (overflow hidden or clipped);
- touch targets: every visible button, select, input, summary and link of the sandbox is at
  least 44 × 44 CSS pixels (Apple's and WCAG 2.5.5's minimum), or, where a row must fit more (a
  hand of cards in rows of eight: ARCHITECTURE.md, the game screen), 36 px wide and 44 px tall
  with 4 px clear of every other target, so that a finger still hits one.
"""

from __future__ import annotations

from build_tools.browsers import Driver

CLICKS = 12  # the reader's first clicks, each followed by a measure
TOUCH_PX = 44
NARROW_TOUCH_PX = 36  # the width of a target in a row that must fit more, GAP_PX clear of others
GAP_PX = 4

# What a reader of a small screen would stumble on, described for the failure message.
LAYOUT = f"""(touchPx) => {{
  const [NARROW_PX, GAP_PX] = [{NARROW_TOUCH_PX}, {GAP_PX}];
  const name = (el) => {{
    const r = el.getBoundingClientRect();
    const text = (el.getAttribute("aria-label") ?? el.textContent).trim().replace(/\\s+/g, " ");
    const kind = el.className ? `.${{el.className}}` : "";
    const what = el.dataset.action ? `[data-action="${{el.dataset.action}}"]` : kind;
    const size = `${{Math.round(r.width)}}×${{Math.round(r.height)}}`;
    return `${{el.localName}}${{what}} "${{text.slice(0, 24)}}" ${{size}} at x=${{Math.round(r.left)}}`;
  }};
  const shown = (el) => {{
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden";
  }};
  const scrollsSideways = (el) => ["auto", "scroll"].includes(getComputedStyle(el).overflowX);
  const inScroller = (el) => {{
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {{
      if (scrollsSideways(up)) return true;
    }}
    return false;
  }};
  const hides = (el) => {{
    const style = getComputedStyle(el);
    return (["hidden", "clip"].includes(style.overflowX) && el.scrollWidth > el.clientWidth + 1)
      || (["hidden", "clip"].includes(style.overflowY) && el.scrollHeight > el.clientHeight + 1);
  }};
  const sandbox = document.querySelector(".rb-sandbox");
  const width = document.documentElement.scrollWidth;
  const article = [...document.querySelector(".md-content").querySelectorAll("*")].filter(shown);
  const targets = [...sandbox.querySelectorAll("button, select, input, summary, a[href]")].filter(shown);
  const spaced = (el, gap) => {{
    const r = el.getBoundingClientRect();
    return !targets.some((other) => {{
      if (other === el || other.contains(el) || el.contains(other)) return false;
      const q = other.getBoundingClientRect();
      const across = q.left < r.right + gap && q.right > r.left - gap;
      return across && q.top < r.bottom + gap && q.bottom > r.top - gap;
    }});
  }};
  const large = (el) => {{
    const r = el.getBoundingClientRect();
    if (r.height < touchPx - 0.5) return false;
    return r.width >= touchPx - 0.5 || (r.width >= NARROW_PX - 0.5 && spaced(el, GAP_PX - 0.5));
  }};
  return {{
    scroll: width > innerWidth ? [`the page is ${{width}} px wide in a ${{innerWidth}} px viewport`] : [],
    outside: article.filter((el) => {{
      const r = el.getBoundingClientRect();
      return (r.left < -0.5 || r.right > innerWidth + 0.5) && !inScroller(el);
    }}).map(name),
    clipped: [sandbox, ...sandbox.querySelectorAll("*")].filter(shown).filter(hides).map(name),
    // WCAG's equivalent-control exception: a small target is fine where a large one shown
    // beside it does the same (Rondo's spaces of the drawing, and the list of them).
    small: targets.filter((el) => !large(el) && !targets.some((other) =>
      other !== el && el.dataset.action && other.dataset.action === el.dataset.action && large(other)
    )).map(name),
  }};
}}"""


def measure(driver: Driver) -> dict[str, list[str]]:
    """What a reader of a small screen would stumble on now, by kind (see KINDS)."""
    return driver.evaluate(LAYOUT, TOUCH_PX)


KINDS = {
    "scroll": "the page scrolls sideways",
    "outside": "something sticks out past the screen's edges",
    "clipped": "the sandbox hides part of its content",
    "small": "a touch target is under 44 × 44 px (or 36 × 44 px, 4 px clear of others)",
}


def problems(layouts: dict[str, dict[str, list[str]]]) -> dict[str, dict[str, list[str]]]:
    """Of the layouts measured at each moment ({"ready": ..., "click 1": ...}), what each kind of
    problem found, by kind and moment (empty: none)."""
    found = {kind: {moment: at[kind] for moment, at in layouts.items() if at[kind]} for kind in KINDS}
    return {KINDS[kind]: moments for kind, moments in found.items() if moments}


UNDER_BAR_PX = 8  # layout.js: the room 「遊ぶ」 leaves between the panel's bar and the status line
SETTLED = """async () => {
  // until the panel's scroll stays put for five frames (WebKit scrolled it after opening)
  const panel = document.querySelector(".rb-panel--open");
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  for (let still = 0, before = -1; still < 5; ) {
    await frame();
    still = panel.scrollTop === before ? still + 1 : 0;
    before = panel.scrollTop;
  }
  return true;
}"""
ON_THE_TABLE = f"""() => {{
  const bar = document.querySelector(".rb-panel--open .rb-panel-bar").getBoundingClientRect();
  const status = document.querySelector(".rb-sandbox .rb-status-line").getBoundingClientRect();
  const below = Math.round(status.top - bar.bottom);
  const held = below >= 0 && below <= {UNDER_BAR_PX} + 1;
  const problems = held ? [] : [`the status line ${{below}} px below the bar`];
  const seats = [...document.querySelectorAll(".rb-sandbox .rb-board .rb-seat[data-seat]")]
    .filter((seat) => !seat.closest(".rb-dock"));
  const parts = seats.flatMap((seat) => [...seat.querySelectorAll(":scope > .rb-seat-head, .rb-glance")]);
  for (const part of parts) {{
    const r = part.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const whole = r.top >= bar.bottom && r.bottom <= innerHeight && r.width > 0;
    if (!whole || !hit || !part.contains(hit)) {{
      const by = hit ? String(hit.className?.baseVal ?? hit.className ?? hit.nodeName) : "nothing";
      const what = part.textContent.trim().slice(0, 20);
      problems.push(`${{what}} at y=${{Math.round(r.top)}}: under ${{by.slice(0, 30)}}`);
    }}
  }}
  return problems;
}}"""


def opened_on_the_table(driver: Driver) -> list[str]:
    """Open the phone's panel as a reader does (from the rules, a click on 「遊ぶ」), and say what
    is wrong with the game screen it opens on: the status line not right under the panel's bar
    (layout.js), or a part of another seat that it shows (its head line, its public pieces)
    covered or off screen. The panel is closed again (ルールに戻る). WebKit, at 390 px, scrolled
    the opened panel back 56 px to bring the focused ルールに戻る into view, so that the reader's
    seat covered the other seats (Rondo at 4); focus({preventScroll: true}) keeps it put."""
    driver.evaluate("() => scrollTo(0, 0)")  # the rules' top: 「遊ぶ」 floats there
    driver.wait_for("() => getComputedStyle(document.querySelector('.rb-play-fab')).display !== 'none'")
    driver.press(".rb-play-fab")
    driver.wait_for("() => document.documentElement.dataset.rbPanel === 'open'")
    driver.evaluate(SETTLED)
    problems = driver.evaluate(ON_THE_TABLE)
    driver.press(".rb-panel-back")
    driver.wait_for("() => document.documentElement.dataset.rbPanel !== 'open'")
    return problems
