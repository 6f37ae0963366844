"""Sandbox start-up in each browser engine: time to a ready sandbox against a bare Pyodide boot.

For Chromium, Firefox ESR and WebKitGTK (build_tools.browsers), each run with fresh profiles:
- bare boot: `loadPyodide` alone in a module worker, on the site's page without a sandbox, with
  a cold HTTP cache and then a warm one;
- sandbox ready: from the navigation's start to the sandbox's first "ready" on the game page,
  cold (a fresh profile) and warm (the same page again); and its ratio to the bare boot.
- phases of a warm boot, in the worker: fetching and compiling the wasm module alone, then
  `loadPyodide` (the interpreter and the standard library's start-up), a few more standard
  modules, the engine's wheel, its import, the first bridge call, and a pure-Python loop (the
  interpreter's speed once started). For WebKit also with JSC's optimizing wasm tier (OMG)
  turned off through the environment, which shows how much of WebKit's boot is that tier's
  compiling; readers cannot do that, it is a measurement only.

WebKit runs on an Xvfb display at the desktop size the others use, without GL compositing (see
build_tools.browsers: on this GPU-less machine it would be software-rendered). The machine's
other load moves every figure: compare the ratios and the engines within one run.

    python -m build_tools.bench_browsers [--runs 3] [--browsers chromium firefox webkit]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from build_tools.browsers import BROWSERS, Driver, launch
from build_tools.serve import serving

ROOT = Path(__file__).resolve().parent.parent
GAME = "necropolis"  # the page whose start-up is measured, as in build_tools.bench
NO_SANDBOX_PAGE = "404.html"
TIMEOUT_S = 300
NO_OMG = {"JSC_useOMGJIT": "0"}

READY_AT = """() => document.querySelector(".rb-sandbox")?.dataset.rbState === "ready" && performance.now()"""
STATE = """() => document.querySelector(".rb-sandbox")?.dataset.rbState"""

BARE_BOOT = """async (indexURL) => {
  const source = `import { loadPyodide } from ${JSON.stringify(indexURL + "pyodide.mjs")};
    await loadPyodide({ indexURL: ${JSON.stringify(indexURL)} });
    postMessage("booted");`;
  const started = performance.now();
  const worker = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })),
                            { type: "module" });
  await new Promise((resolve, reject) => {
    worker.onmessage = resolve;
    worker.onerror = () => reject(new Error("the bare Pyodide worker failed"));
  });
  worker.terminate();
  return performance.now() - started;
}"""

PHASES = """async (vendor, game) => {
  const source = `
    const vendor = ${JSON.stringify(vendor)};
    const phases = {};
    let mark = performance.now();
    const lap = (name) => { const now = performance.now(); phases[name] = now - mark; mark = now; };
    const bytes = await (await fetch(vendor + "pyodide/pyodide.asm.wasm")).arrayBuffer();
    lap("fetch wasm");
    await WebAssembly.compile(bytes);
    lap("compile wasm alone");
    const { loadPyodide } = await import(vendor + "pyodide/pyodide.mjs");
    const py = await loadPyodide({ indexURL: vendor + "pyodide/" });
    lap("loadPyodide");
    py.runPython("import dataclasses, enum, hashlib, html, json, random, sysconfig, typing");
    lap("more standard modules");
    const manifest = await (await fetch(vendor + "wheels/manifest.json")).json();
    const wheel = new Uint8Array(await (await fetch(vendor + "wheels/" + manifest.file)).arrayBuffer());
    const purelib = py.runPython("__import__('sysconfig').get_paths()['purelib']");
    py.unpackArchive(wheel, "wheel", { extractDir: purelib });
    lap("engine wheel");
    const handle = py.pyimport("engine.bridge.handle_json");
    lap("engine import");
    handle(JSON.stringify({ op: "catalog", game: ${JSON.stringify(game)} }));
    lap("first bridge call");
    py.runPython("sum(i * i for i in range(300_000))");
    lap("Python loop (300k)");
    postMessage(phases);`;
  const worker = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })),
                            { type: "module" });
  const phases = await new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) => resolve(data);
    worker.onerror = (event) => reject(new Error(`the phases worker failed: ${event.message}`));
  });
  worker.terminate();
  return phases;
}"""


def progress(text: str) -> None:
    print(f"bench_browsers: {text}", file=sys.stderr, flush=True)


@contextmanager
def environment(extra: dict[str, str]) -> Iterator[None]:
    """Variables for the browsers started inside (JSC reads its options from JSC_* variables)."""
    saved = {key: os.environ.get(key) for key in extra}
    os.environ.update(extra)
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                del os.environ[key]
            else:
                os.environ[key] = value


def ready_ms(driver: Driver, url: str) -> float:
    """Load the game page; the moment (ms after the navigation's start) its sandbox is ready."""
    driver.goto(url)
    if driver.evaluate(STATE) == "ready":
        raise RuntimeError("the sandbox was ready before the page's load event: measure it another way")
    return driver.wait_for(READY_AT, timeout=TIMEOUT_S)


def measure_startup(browser: str, base: str, runs: int) -> dict[str, list[float]]:
    timings: dict[str, list[float]] = defaultdict(list)
    vendor = base + "assets/vendor/"
    for run in range(runs):
        progress(f"{browser}: start-up, run {run + 1} of {runs}")
        with launch(browser) as driver:
            driver.goto(base + NO_SANDBOX_PAGE)
            timings["bare cold"].append(driver.evaluate(BARE_BOOT, vendor + "pyodide/"))
            timings["bare warm"].append(driver.evaluate(BARE_BOOT, vendor + "pyodide/"))
        with launch(browser) as driver:
            timings["ready cold"].append(ready_ms(driver, base + f"{GAME}.html"))
            driver.goto("about:blank")
            timings["ready warm"].append(ready_ms(driver, base + f"{GAME}.html"))
    return timings


def measure_phases(browser: str, base: str) -> tuple[str, dict[str, float]]:
    """The browser's version, and the phases of a warm boot."""
    with launch(browser) as driver:
        driver.goto(base + NO_SANDBOX_PAGE)
        driver.evaluate(BARE_BOOT, base + "assets/vendor/pyodide/")  # warms the HTTP cache
        return driver.version, driver.evaluate(PHASES, base + "assets/vendor/", GAME)


def median_s(values: list[float]) -> str:
    seconds = [value / 1000 for value in values]
    return f"{statistics.median(seconds):5.2f} s ({min(seconds):.2f}–{max(seconds):.2f})"


def print_startup(results: dict[str, dict[str, list[float]]], versions: dict[str, str], runs: int) -> None:
    print(f"\nSandbox start-up, {GAME} page, median of {runs} (range); ratio: sandbox ready / bare boot")
    print(f"  {'browser':<24} {'cache':<6} {'bare boot':<22} {'sandbox ready':<22} ratio")
    for browser, timings in results.items():
        for cache in ("cold", "warm"):
            bare, ready = timings[f"bare {cache}"], timings[f"ready {cache}"]
            ratio = statistics.median(ready) / statistics.median(bare)
            name = f"{browser} {versions[browser]}" if cache == "cold" else ""
            print(f"  {name:<24} {cache:<6} {median_s(bare):<22} {median_s(ready):<22} {ratio:.2f}×")


def print_phases(phases: dict[str, dict[str, float]]) -> None:
    columns = list(phases)
    print("\nPhases of a warm boot in the worker (ms)")
    print(f"  {'phase':<24}" + "".join(f"{column:>18}" for column in columns))
    for phase in next(iter(phases.values())):
        print(f"  {phase:<24}" + "".join(f"{phases[column][phase]:18.0f}" for column in columns))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--browsers", nargs="+", choices=BROWSERS, default=list(BROWSERS))
    args = parser.parse_args()
    results, phases, versions = {}, {}, {}
    with serving(args.site, quiet=True) as base:
        for browser in args.browsers:
            results[browser] = measure_startup(browser, base, args.runs)
            progress(f"{browser}: phases")
            versions[browser], phases[browser] = measure_phases(browser, base)
        if "webkit" in args.browsers:
            progress("webkit without OMG: phases")
            with environment(NO_OMG):
                _, phases["webkit, no OMG"] = measure_phases("webkit", base)
    print_startup(results, versions, args.runs)
    print_phases(phases)


if __name__ == "__main__":
    main()
