# 遊べるルールブック: build, serve and test the static site.
#   make serve   build everything and serve site/ on http://127.0.0.1:8000
#   make test    install what is missing (venv, the browsers) and run every test
#   make test-browsers   every game page in Chromium, Firefox ESR and WebKitGTK (the default
#                suite plays one page in each of the last two, and shares the rest of their
#                walk between them: tests/browser/cross/test_cross_browser.py)
SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := site

VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
PYODIDE_WHEELS := .cache/pyodide-wheels
PYTEST_VERSION := $(shell sed -n 's/.*"pytest==\([^"]*\)".*/\1/p' pyproject.toml)
# Debian's browsers (Playwright never downloads one); WebKit runs on an X server of its own,
# with a window manager so that MiniBrowser can fill a phone-sized screen; poppler-utils reads
# the pages Chromium prints (pdftotext: tests/browser/test_print.py); iproute2 builds the network
# namespace where the table's real data channels are tested (build_tools/netns.py). Without the
# packages' recommendations (a fresh machine installs 94 packages, not 339: a fresh clone's make test
# 466 -> 423 s), but with the one they brought that the pages are drawn in: Liberation, for the
# Latin of the theme's font stack (Helvetica, Arial), as on the machines the layouts were drawn on.
BROWSER_PACKAGES := chromium firefox-esr webkit2gtk-driver xvfb matchbox-window-manager fonts-noto-cjk \
  fonts-liberation poppler-utils iproute2
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
export NO_MKDOCS_2_WARNING := 1

.PHONY: setup browser-deps vendor wheel runtime site serve test test-python test-pyodide test-browsers soak \
  bench screenshots contact-sheet lint clean

setup: $(STAMP)
# The machine's own pip installs into the venv (--python): a venv's copy of pip costs a fresh clone
# about 6 s, more than the venv itself.
$(PY):
	python3 -m venv --without-pip $(VENV)
# --no-compile: Python compiles what it imports when it first does (a fraction of the packages),
# not every module of every package at install time.
$(STAMP): pyproject.toml | $(PY)
	python3 -m pip --python $(PY) install -q --no-compile -e '.[dev]'
	touch $@

browser-deps:
	dpkg -s $(BROWSER_PACKAGES) >/dev/null 2>&1 || { \
	  $(SUDO) apt-get update -q && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
	    -o DPkg::Lock::Timeout=300 $(BROWSER_PACKAGES); }

# The standard library alone (npm does the fetching): it needs the venv's Python, not its packages,
# so the Pyodide suite can start while the packages install.
vendor: | $(PY)
	$(PY) -m build_tools.vendor

# The standard library alone, as vendor: the runtime is made while pip installs the packages.
wheel: | $(PY)
	$(PY) -m build_tools.wheel

# The engine wheel with .pyc and the cut standard library, made by the vendored Pyodide in Node.
runtime: vendor wheel
	$(PY) -m build_tools.runtime

site: runtime setup
	$(PY) -m mkdocs build --strict --quiet

serve: site
	$(PY) -m build_tools.serve site

$(PYODIDE_WHEELS)/.stamp: pyproject.toml
	rm -rf $(PYODIDE_WHEELS)
	python3 -m pip download -q --only-binary=:all: --python-version 3.14 --platform any \
	  --implementation py --abi none -d $(PYODIDE_WHEELS) pytest==$(PYTEST_VERSION)
	touch $@

# The browser's Python (3.14 in WebAssembly) runs the engine's tests that could differ from the
# host's 3.11: the rules, the contract, the golden replays, the recorded search choices and hints,
# the bridge and the tutorials (marked in_pyodide: tests/conftest.py). What is marked host_only
# (pyproject.toml) and the searches' other checks run on the host alone: they test the algorithms,
# which the recorded choices pin across both. Fewer random games, fuzzed requests and hot-seat games
# than a plain pytest run's (100, 8,000 and 3), so that the whole of make test stays within ten
# minutes; make soak runs the long ones.
# Niced to the lowest priority: beside the browser suite (make test runs both), it takes the time
# the browsers leave, rather than a share of theirs (tests/conftest.py runs first the browser tests
# that leave most).
test-pyodide: vendor $(PYODIDE_WHEELS)/.stamp
	RB_INVARIANT_GAMES=$${RB_INVARIANT_GAMES:-4} RB_FUZZ_REQUESTS=$${RB_FUZZ_REQUESTS:-1000} \
	  RB_HOT_SEAT_GAMES=$${RB_HOT_SEAT_GAMES:-2} RB_HOT_SEAT_STEPS=$${RB_HOT_SEAT_STEPS:-100} \
	  nice -n 19 node tests/pyodide/run.mjs tests/engine -m in_pyodide

# Every test the browser's Python does not run (make test-pyodide runs those, beside this one).
# worksteal: a worker that runs out of tests takes some of the other's (the browser tests' lengths
# vary from a second to a minute).
test-python: browser-deps site
	RB_SITE_BUILT=1 $(PY) -m pytest -q -n 2 --dist worksteal -m "not in_pyodide"

test-browsers: browser-deps site
	RB_SITE_BUILT=1 RB_BROWSER_PAGES=all $(PY) -m pytest -q tests/browser/cross

# Both suites at once; -k: one run reports both, and still fails if either fails. -j3: while the
# Pyodide suite runs, pip installs the packages and Node makes the runtime side by side.
test:
	$(MAKE) --no-print-directory -k -j3 test-python test-pyodide

soak: setup  # long runs, outside CI: 100,000 games per table, 1,000,000 fuzzed requests
	RB_INVARIANT_GAMES=100000 RB_FUZZ_REQUESTS=1000000 $(PY) -m pytest -q -n 2 \
	  tests/engine/test_contract.py::test_invariants_over_random_games tests/engine/test_bridge_fuzz.py

bench: site browser-deps  # the search levels' long run is niced: other work keeps the machine
	$(PY) -m build_tools.bench
	$(PY) -m build_tools.bench_browsers
	$(PY) -m build_tools.bench_waits
	$(PY) -m build_tools.bench_advice
	$(PY) -m build_tools.bench_offline
	$(PY) -m build_tools.bench_table
	$(PY) -m build_tools.bench_guest
	$(PY) -m build_tools.bench_taps
	nice -n 19 $(PY) -m build_tools.bench_search

screenshots: site browser-deps
	$(PY) -m build_tools.screenshots

# Every tutorial step at 390 × 844, one PNG each, in .cache/contact-sheet: look through them.
contact-sheet: site browser-deps
	$(PY) -m build_tools.contact_sheet

lint: setup
	$(VENV)/bin/ruff check .

clean:
	rm -rf site .cache docs/assets/vendor
