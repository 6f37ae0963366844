// The reader's preferences, kept in localStorage (the saved game is kept by the worker).

import "./first/element.js";
import "./first/controls.js";

const BOT_SPEED_KEY = "rb:bot-speed";

/** How long a bot's move stays on screen before the next, by the reader's choice (in
 * first/controls.js, whose controls list them before the shell runs). */
export const { BOT_SPEEDS } = globalThis.rbFirst;

export function botSpeed() {
  try {
    const saved = localStorage.getItem(BOT_SPEED_KEY);
    return BOT_SPEEDS.find((speed) => speed.id === saved) ?? BOT_SPEEDS[1];
  } catch {
    return BOT_SPEEDS[1];
  }
}

export function setBotSpeed(id) {
  try {
    localStorage.setItem(BOT_SPEED_KEY, id);
  } catch (err) {
    console.warn("rb: could not keep the bot speed", err);
  }
}

const FOLLOW_KEY = "rb:follow-rules";

/** Whether the rules beside a tutorial scroll to each step's rule by themselves (on unless the
 * reader turned it off). */
export function followsRules() {
  try {
    return localStorage.getItem(FOLLOW_KEY) !== "off";
  } catch {
    return true;
  }
}

export function setFollowsRules(on) {
  try {
    localStorage.setItem(FOLLOW_KEY, on ? "on" : "off");
  } catch (err) {
    console.warn("rb: could not keep the rules-follow choice", err);
  }
}
