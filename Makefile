# Two commands do all the set-up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-long bench torture lint i18n docs clean

$(STAMP): pyproject.toml
	$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "tdconsole needs Python 3.11+"'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@

# Opens the TUI on a demo tournament stored in a SQLite file in the user data directory.
run: $(STAMP)
	$(BIN)/tdconsole demo

# The whole suite: the import contracts, mypy --strict, then pytest in two workers (each starts and
# stops its own throw-away PostgreSQL server: tests/pgserver.py; an xdist_group shares a worker),
# naming the ten slowest tests (none may take 30 s). Python writes its bytecode during the run even
# where PYTHONDONTWRITEBYTECODE says not to: the suite starts hundreds of Python processes (the CLI,
# `serve`, the benchmarks), and each would otherwise compile tdconsole's modules again.
test: $(STAMP)
	./scripts/test-deps.sh
	$(BIN)/lint-imports
	$(BIN)/mypy
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest -q -p no:cacheprovider -n 2 --dist loadgroup --durations=10

# The property and differential tests marked `long` with their full samples (`make test` tries a fifth
# of each: tests/samples.py).
test-long: $(STAMP)
	$(BIN)/python -m pytest -q -p no:cacheprovider --long -m long

# Every benchmarks/bench_*.py in its own process: figures only; exits 1 if any failed. `make test`
# runs each at a small size (tests/test_benchmarks.py).
bench: $(STAMP)
	$(BIN)/python -m benchmarks

# Not part of `make test`: writers SIGKILLed mid-command, racing first opens, a CLI fuzzer, a server
# that goes away and terminals whose clock is ten minutes off (libfaketime), on SQLite and a
# throw-away PostgreSQL, for TORTURE_SECONDS (default 60) per database.
torture: $(STAMP)
	./scripts/test-deps.sh
	$(BIN)/python -m benchmarks.torture

# The message catalogues (tdconsole/locale/): extract the strings (babel.cfg), update each
# language's .po (new strings untranslated, changed ones fuzzy), compile the .mo that ships.
# tests/test_i18n.py fails until every string is translated and nothing is fuzzy or stale.
i18n: $(STAMP)
	$(BIN)/python scripts/catalogue.py

# docs/KEYS.md's rows of the palette entries that ask one thing, from tui/app.py (scripts/keys.py).
docs: $(STAMP)
	$(BIN)/python scripts/keys.py

# The import contracts, ruff, and mypy --strict over the whole package (pyproject [tool.mypy]).
lint: $(STAMP)
	$(BIN)/lint-imports
	$(BIN)/mypy
	$(BIN)/ruff check tdconsole tests benchmarks migrations

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
