# soan — make demo / make test set up .venv from nothing, then run.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test typecheck lint bench clean venv mutation fuzz compiled test-compiled wheel figures-check results

# An editable install: pure Python under src/ (setup.py compiles nothing in place, where an extension would be
# imported instead of the .py being edited); `make compiled` builds the compiled copy, `make wheel` the wheel
# `pip install .` installs (compiled where a C compiler is there).
$(STAMP): pyproject.toml setup.py
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@case "$$SOAN_LANG" in ja*) echo "soan: 編集可能なインストール（src/）は Python のみです。コンパイル版は make compiled（build/compiled）で作り、pip install . はコンパイル版を入れます";; \
	  *) echo "soan: the editable install (src/) is pure Python; make compiled builds the compiled copy (build/compiled), and pip install . installs the compiled build";; esac
	touch $(STAMP)

venv: $(STAMP)

demo: $(STAMP)
	$(BIN)/soan demo

typecheck: $(STAMP)
	$(BIN)/mypy
	$(BIN)/mypy --strict src/soan/core src/soan/lab

test: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/mypy
	sh scripts/system_packages.sh  # chromium, fonts-noto-cjk, postgresql, tmux with apt-get (root, Debian/Ubuntu); else their tests are skipped, said in one line
	$(BIN)/python -m pytest
	$(MAKE) --no-print-directory test-compiled

# The development tree's compiled build (Cython's pure-Python mode over the same .py files, the modules setup.py
# lists; C types only where a .pxd declares them) into build/compiled/ — the package under src/ is untouched; use
# it with PYTHONPATH=build/compiled.
compiled: $(STAMP)
	nice -n 5 $(BIN)/python scripts/build_compiled.py -j 2

# The wheel `pip install .` builds and installs (dist/): compiled where Cython and a C compiler are there, else
# pure Python, one line saying why (SOAN_PURE=1 forces pure). Not part of `make test`.
wheel: $(STAMP)
	mkdir -p build
	nice -n 5 $(BIN)/python -m pip wheel . --no-deps -w dist -v > build/wheel.log 2>&1 || { tail -30 build/wheel.log; exit 1; }
	@sed -n 's/^ *\(soan: .*\)/\1/p' build/wheel.log; ls dist/soan-*.whl

# The same games on the compiled build: the golden digests and the engine/bot tests, the compiled
# modules first on the path (and checked to be the ones imported). Without Cython or a C compiler: one
# line, and nothing fails.
COMPILED_TESTS := tests/test_compiled_build.py tests/test_identical_records.py tests/test_core.py \
	tests/test_agents.py tests/test_bots*.py tests/test_look_ahead_copies.py tests/test_playout_hooks.py \
	tests/test_asian_delivery_rules.py tests/test_la_superba_rules.py tests/test_undecim_rules.py
test-compiled: $(STAMP)
	@if $(BIN)/python scripts/build_compiled.py --available; then \
	  $(MAKE) --no-print-directory compiled && \
	  SOAN_COMPILED=build/compiled PYTHONPATH=build/compiled $(BIN)/python -m pytest -p no:cacheprovider $(COMPILED_TESTS); \
	fi

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

# The documented figures (docs/figures.yaml): still printed as registered, stale or not, the affordable ones
# re-run on fresh seeds; fails where today's interval excludes a documented value. Not part of `make test`.
MAX_COST ?= 600
# The lab's measurement runs (docs/results.md) from their records (docs/results/*.md), stale ones marked.
results: $(STAMP)
	$(BIN)/python -m soan.lab.results

figures-check: $(STAMP)
	nice -n 5 $(BIN)/python scripts/figures_check.py --max-cost $(MAX_COST)

clean:
	rm -rf $(VENV) .pytest_cache build dist *.egg-info src/*.egg-info
