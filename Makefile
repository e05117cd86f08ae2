# soan — make demo / make test set up .venv from nothing, then run.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test typecheck lint bench clean venv mutation fuzz

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

venv: $(STAMP)

demo: $(STAMP)
	$(BIN)/soan demo

typecheck: $(STAMP)
	$(BIN)/mypy

test: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/mypy
	sh scripts/system_packages.sh  # chromium, fonts-noto-cjk, postgresql, tmux with apt-get (root, Debian/Ubuntu); else their tests are skipped, said in one line
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/soan bench la-superba

# Mutation testing (not part of `make test`; long): a seeded sample of one game's rule-module mutants,
# in a scratch copy (out/mutation/GAME/); see scripts/mutation.py and docs/testing.md.
GAME ?= la_superba
SAMPLE ?= 200
SEED ?= 9
mutation: $(STAMP)
	PYTHONPATH= nice -n 10 $(BIN)/python scripts/mutation.py $(GAME) $(SAMPLE) --seed=$(SEED)

# The long fuzz run (not part of `make test`): random games of every game and variant mix.
FUZZ ?= 20000
fuzz: $(STAMP)
	nice -n 5 $(BIN)/soan fuzz -n $(FUZZ) --jobs 2 --every 40

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info src/*.egg-info
