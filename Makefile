# Two entry points: `make play` and `make test`. Both set up a virtual environment first.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: play test lint bench clean chromium native

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "warroom needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

# Hot modules compiled with mypyc from the same source (src/warroom/native): used only while
# they match it, else the interpreted modules are. `make play NATIVE=0` / `make test NATIVE=0`
# skip the build and run interpreted only (no C compiler needed).
NATIVE ?= 1
NATIVE_MODULES := warroom.games.battle.state warroom.games.word_iron.state \
	warroom.games.word_iron.army warroom.games.word_iron.heuristic \
	warroom.games.viktory_battles.resolver warroom.games.viktory_battles.dice \
	warroom.games.viktory_battles.hand \
	warroom.games.viktory.state \
	warroom.games.battle.encode warroom.games.champions.encode warroom.games.kow.encode \
	warroom.games.viktory.encode warroom.games.viktory_ii.encode warroom.games.word_iron.encode \
	warroom.games.viktory_ii.state warroom.games.viktory_ii.movement warroom.games.viktory_ii.placement \
	warroom.games.viktory_ii.units
WITH_NATIVE := $(if $(filter 1,$(NATIVE)),native)
native: $(STAMP)
	$(BIN)/python -m warroom.native build $(NATIVE_MODULES)

# Playing needs no compiler: without one, the interpreted rules are used (and said so).
play: $(STAMP)
	@$(if $(WITH_NATIVE),$(MAKE) --no-print-directory native || echo "warroom: the compiled \
	rules were not built (a C compiler is needed); playing with the interpreted rules")
	@# Quitting with q or Ctrl-C exits 130, ending the input (Ctrl-D) 1: the player's
	@# choice, not a failure of make (an error exits 2).
	$(BIN)/warroom play kow --players human,mcts || { s=$$?; [ $$s -eq 130 ] || [ $$s -eq 1 ]; }

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

test: $(STAMP) chromium $(WITH_NATIVE)
	WARROOM_NATIVE=$(NATIVE) WARROOM_CHROMIUM=$(CHROMIUM) $(BIN)/python -m pytest -n 2 \
		$(if $(WITH_NATIVE),,-m "not native")

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks

# `make bench BASELINE=/path/to/other/checkout/src` also measures that code, side by side.
bench: $(STAMP) $(WITH_NATIVE)
	$(BIN)/warroom bench --checked --peers
	$(BIN)/python benchmarks/engine.py $(if $(BASELINE),--baseline $(BASELINE))

clean:
	rm -rf $(VENV) build dist .pytest_cache src/warroom/native/compiled
