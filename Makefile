# Two entry points: `make play` and `make test`. Both set up a virtual environment first.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: play test lint bench clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "warroom needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

play: $(STAMP)
	$(BIN)/warroom play kow --players human,mcts

test: $(STAMP)
	$(BIN)/python -m pytest -n 2

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks

# `make bench BASELINE=/path/to/other/checkout/src` also measures that code, side by side.
bench: $(STAMP)
	$(BIN)/warroom bench --checked --peers
	$(BIN)/python benchmarks/engine.py $(if $(BASELINE),--baseline $(BASELINE))

clean:
	rm -rf $(VENV) build dist .pytest_cache
