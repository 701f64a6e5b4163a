# Two entry points: `make play` and `make test` (and `make serve`, the browser table). Each
# sets up a virtual environment first.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
# What is installed, each once: STAMP what playing needs (the package, and the `native` extra
# for the compiled build), DEV_STAMP everything for the tests (`.[dev]`, which covers playing),
# SERVE_STAMP the `server` extra on top of STAMP, for `make serve`.
STAMP := $(VENV)/.installed-stamp
DEV_STAMP := $(VENV)/.installed-dev-stamp
SERVE_STAMP := $(VENV)/.installed-serve-stamp

.PHONY: play serve test lint bench clean chromium native _install_play

# Hot modules compiled with mypyc from the same source (src/warroom/native; the list is
# MODULES in src/warroom/native/build.py): used only while they match it, else the
# interpreted modules are. `make play NATIVE=0` / `make test NATIVE=0` skip the build and
# run interpreted only (no C compiler needed).
NATIVE ?= 1
WITH_NATIVE := $(if $(filter 1,$(NATIVE)),native)

define make_venv
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "warroom needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
endef

# With the tests' install among the goals, it comes first (it covers this one).
$(STAMP): pyproject.toml | $(if $(filter test lint bench,$(MAKECMDGOALS)),$(DEV_STAMP))
	@if [ -f $(DEV_STAMP) ] && [ $(DEV_STAMP) -nt pyproject.toml ]; then touch $(STAMP); else \
		$(MAKE) --no-print-directory _install_play; fi

_install_play:
	$(make_venv)
	$(BIN)/python -m pip install --quiet -e '.$(if $(WITH_NATIVE),[native])'
	@touch $(STAMP)

$(DEV_STAMP): pyproject.toml
	$(make_venv)
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(DEV_STAMP)

# `python -m warroom.native build` builds the package's list (installing the `native` extra,
# mypyc, first when a `make play NATIVE=0` left it out).
native: $(STAMP)
	@$(BIN)/python -c 'import mypyc' 2>/dev/null || \
		$(BIN)/python -m pip install --quiet -e '.[native]'
	$(BIN)/python -m warroom.native build

# Playing needs no compiler: without one, the interpreted rules are used (and said so).
define try_native
	@$(if $(WITH_NATIVE),$(MAKE) --no-print-directory native || echo "warroom: the compiled \
	rules were not built (a C compiler is needed); playing with the interpreted rules")
endef

play: $(STAMP)
	$(try_native)
	@# Quitting with q or Ctrl-C exits 130, ending the input (Ctrl-D) 1: the player's
	@# choice, not a failure of make (an error exits 2).
	$(BIN)/warroom play kow --players human,mcts || { s=$$?; [ $$s -eq 130 ] || [ $$s -eq 1 ]; }

# The browser table: what playing needs and the `server` extra (which the tests' install
# covers). Ctrl-C stops the server, every game kept in its database.
$(SERVE_STAMP): $(STAMP)
	@if [ -f $(DEV_STAMP) ] && [ $(DEV_STAMP) -nt pyproject.toml ]; then :; else \
		$(BIN)/python -m pip install --quiet -e '.[server]'; fi
	@touch $(SERVE_STAMP)

serve: $(SERVE_STAMP)
	$(try_native)
	$(BIN)/warroom serve

# The browser tests drive Debian's Chromium (Playwright's own browser download is not used).
CHROMIUM ?= /usr/bin/chromium
chromium:
	@if [ -x "$(CHROMIUM)" ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; \
	else \
		echo "warroom: the browser tests need Chromium at $(CHROMIUM) and will fail without it."; \
		echo "warroom: install it with 'sudo apt-get install chromium' (Debian, Ubuntu), or run"; \
		echo "warroom: 'make test CHROMIUM=/path/to/chromium'."; \
	fi

# Test processes: two by default (the suite's browser and process tests are sized for a
# two-core machine); `make test JOBS=auto` uses one per core. The run ends by listing its
# slowest tests, so a CI log says where the suite's time goes.
JOBS ?= 2
test: $(DEV_STAMP) chromium $(WITH_NATIVE)
	WARROOM_NATIVE=$(NATIVE) WARROOM_CHROMIUM=$(CHROMIUM) $(BIN)/python -m pytest -n $(JOBS) \
		$(if $(WITH_NATIVE),,-m "not native") --durations=25

lint: $(DEV_STAMP)
	$(BIN)/ruff check src tests benchmarks

# `make bench BASELINE=/path/to/other/checkout/src` also measures that code, side by side.
bench: $(DEV_STAMP) $(WITH_NATIVE)
	$(BIN)/warroom bench --checked --peers
	$(BIN)/python benchmarks/engine.py $(if $(BASELINE),--baseline $(BASELINE))

clean:
	rm -rf $(VENV) build dist .pytest_cache src/warroom/native/compiled
