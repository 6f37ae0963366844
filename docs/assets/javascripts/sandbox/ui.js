// The sandbox's own controls (not the board: the engine renders that), built once per mount.

import "./first/element.js";
import "./first/controls.js";

// The controls a page may draw before the shell runs are built by first/controls.js (one copy:
// first/element.js says why).
export const { TEXT, h, buildUi } = globalThis.rbFirst;

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
