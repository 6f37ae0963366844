// Share links: the whole game ({log, seats}) as base64url JSON in the URL fragment "#rb=…".

export const SHARE_PREFIX = "#rb=";

export function encodeShare(entry) {
  const bytes = new TextEncoder().encode(JSON.stringify(entry));
  const binary = Array.from(bytes, (byte) => String.fromCharCode(byte)).join("");
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export function decodeShare(text) {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
}

/** This page's URL carrying `entry`. */
export function shareUrl(entry) {
  return location.href.split("#")[0] + SHARE_PREFIX + encodeShare(entry);
}

/** The shared entry in the fragment for `game`: the entry, "bad" if unreadable, or null. */
export function sharedEntry(game) {
  if (!location.hash.startsWith(SHARE_PREFIX)) return null;
  try {
    const entry = decodeShare(location.hash.slice(SHARE_PREFIX.length));
    return entry?.log?.game === game ? entry : null;
  } catch {
    return "bad";
  }
}

/** Take the fragment (a share link, a tutorial to open) off the address once it has been read. */
export function dropFragment() {
  history.replaceState(history.state, "", location.href.split("#")[0]);
}
