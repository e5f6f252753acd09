# Two commands do all the set-up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test bench lint clean

$(BIN)/tdconsole: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@

run: $(BIN)/tdconsole
	$(BIN)/tdconsole demo

test: $(BIN)/tdconsole
	$(BIN)/python -m pytest -q

bench: $(BIN)/tdconsole
	$(BIN)/python -m benchmarks

lint: $(BIN)/tdconsole
	$(BIN)/lint-imports
	$(BIN)/ruff check tdconsole tests benchmarks

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
