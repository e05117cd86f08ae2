# soan — make demo / make test set up .venv from nothing, then run.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test typecheck lint bench clean venv mutation

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
	test -x /usr/bin/chromium || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null)  # browser tests: Debian's chromium, never a download
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null)  # the PostgreSQL store test starts its own server
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/soan bench la-superba

# Mutation testing (not part of `make test`; long): one rule module at a time, in a scratch copy.
MUTATE ?= src/soan/games/la_superba/rules.py
COMMA := ,
MUT_GAME = $(if $(findstring la_superba,$(MUTATE)),la_superba,undecim)
MUT_TESTS = "tests/test_$(MUT_GAME)_rules.py", "tests/test_bad_views.py"$(if $(findstring la_superba,$(MUTATE)),$(COMMA) "tests/test_la_superba_mutation_gaps.py",)
mutation: $(STAMP)
	rm -rf out/mutation && mkdir -p out/mutation
	cp -r src tests pyproject.toml out/mutation/
	printf '\n[tool.mutmut]\npaths_to_mutate = ["$(MUTATE)"]\ntests_dir = [$(MUT_TESTS)]\nalso_copy = ["tests", "src"]\npytest_add_cli_args = ["-x", "-q", "-p", "no:cacheprovider"]\n' >> out/mutation/pyproject.toml
	cd out/mutation && PYTHONPATH= nice -n 10 $(CURDIR)/$(BIN)/mutmut run --max-children 1; $(CURDIR)/$(BIN)/mutmut results

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info src/*.egg-info
