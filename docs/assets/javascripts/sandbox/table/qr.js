// QR codes for the table's invitations and answers: drawn with the vendored encoder
// (@paulmillr/qr), read by the browser's own BarcodeDetector where it has one and by the vendored
// decoder elsewhere. Both modules load only when a table needs them.

const QR = new URL("../../../vendor/qr/", import.meta.url);
export const MAX_VERSION = 10; // readable at arm's length from a phone's screen (about 45 mm)
const QUIET = 4; // modules of white around the code, as the standard asks
const SCAN_EVERY_MS = 250;

let encoder = null;

/** The encoder's module, asked for once: a guest asks at once, so that it comes while the answer
 * is being made (it came last, holding the answer's QR code back). */
export function loadEncoder() {
  encoder ??= import(new URL("index.js", QR));
  return encoder;
}

/** An <svg> of `text` at error level L, with its version; refused beyond MAX_VERSION. */
export async function qrCode(text, label) {
  const { encodeQR } = await loadEncoder();
  const rows = encodeQR(text, "raw", { ecc: "low", border: 0 });
  const version = (rows.length - 17) / 4;
  if (version > MAX_VERSION) throw new Error(`QR version ${version} > ${MAX_VERSION}`);
  const size = rows.length + 2 * QUIET;
  const path = rows
    .flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`M${x + QUIET} ${y + QUIET}h1v1h-1z`] : [])))
    .join("");
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("shape-rendering", "crispEdges");
  svg.classList.add("rb-qr");
  svg.innerHTML = `<rect width="${size}" height="${size}" fill="#fff"/><path fill="#000" d="${path}"/>`;
  svg.dataset.version = version;
  svg.dataset.rbKeepClear = ""; // a camera must see it whole: notices give way (screen.js)
  return svg;
}

/** The camera can be used here (a secure context with a camera API). */
export const canScan = () => window.isSecureContext && Boolean(navigator.mediaDevices?.getUserMedia);

/** Read QR codes from the rear camera into `video` until `found(text)` returns true or the
 * returned stop() is called. */
export async function scan(video, found) {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
  video.srcObject = stream;
  video.muted = true;
  video.playsInline = true;
  await video.play();
  const read = await reader();
  let timer = null;
  let stopped = false;
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
  const look = async () => {
    if (stopped) return;
    const text = await read(video).catch(() => null);
    if (text && found(text)) return stop();
    timer = setTimeout(look, SCAN_EVERY_MS);
  };
  look();
  return stop;
}

/** A function from a playing <video> to the text of a QR code in its frame, or null. */
async function reader() {
  if ("BarcodeDetector" in window && (await BarcodeDetector.getSupportedFormats()).includes("qr_code")) {
    const detector = new BarcodeDetector({ formats: ["qr_code"] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { decodeQR } = await import(new URL("decode.js", QR));
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return async (video) => {
    if (!video.videoWidth) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    try {
      return decodeQR(context.getImageData(0, 0, canvas.width, canvas.height));
    } catch {
      return null; // no code in this frame
    }
  };
}
