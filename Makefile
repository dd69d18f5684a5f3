# Dreadforge: `make run` serves the site, `make test` runs the whole suite.
# Both install whatever is missing first (idempotent): .venv, the web app's node_modules and build,
# and for the tests Debian's Chromium and running PostgreSQL and Redis servers.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
STAMP := $(VENV)/.installed
LLM_STAMP := $(VENV)/.installed-llm
WEBAPP := webapp
PORT ?= 5000
PYTEST_ARGS ?=

.PHONY: run test setup llm webapp services browser seed bench mutation clean

run: setup
	$(PY) -m cli run --port $(PORT)

# The linters first (docs/architecture.md): the import contracts of .importlinter, ruff, ESLint
test: setup llm services browser
	$(VENV)/bin/lint-imports --no-logo
	$(VENV)/bin/ruff check .
	cd $(WEBAPP) && npm run lint --silent
	$(PY) -m pytest -n 2 --dist loadgroup $(PYTEST_ARGS)

setup: $(STAMP) $(WEBAPP)/dist/index.html

$(STAMP): setup.cfg pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip setuptools wheel
	$(PIP) install --quiet -e ".[dev,stability]"
	touch $(STAMP)

# The tests also run real llama.cpp on a small model: llama-cpp-python builds from source once
# (~12 min on 2 cores) into $(LLAMA_WHEELS), then installs from there. Not part of `make run`.
# Built for any x86-64 with AVX2 (not -march=native): a wheel kept in a cache may run on another
# machine, and on CPUs with AMX the native build's AMX matrix kernel crashes (SIGSEGV in
# ggml_backend_amx_mul_mat, llama-cpp-python 0.3.36, seen on a Xeon with AMX-INT8).
LLAMA_VERSION := 0.3.36
LLAMA_WHEELS ?= $(HOME)/.cache/dreadforge-wheels
LLAMA_CMAKE_ARGS := -DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_BMI2=ON

llm: $(LLM_STAMP)

$(LLM_STAMP): $(STAMP)
	@ls $(LLAMA_WHEELS)/llama_cpp_python-$(LLAMA_VERSION)-*.whl >/dev/null 2>&1 || \
	  CMAKE_ARGS="$(LLAMA_CMAKE_ARGS)" CMAKE_BUILD_PARALLEL_LEVEL=2 $(PIP) wheel --quiet --no-deps \
	    --no-cache-dir -w $(LLAMA_WHEELS) llama-cpp-python==$(LLAMA_VERSION)
	$(PIP) install --quiet --find-links $(LLAMA_WHEELS) -e ".[dev,stability,llm,llmtest]"
	$(PIP) install --quiet --force-reinstall --no-deps $(LLAMA_WHEELS)/llama_cpp_python-$(LLAMA_VERSION)-*.whl
	touch $@

$(WEBAPP)/node_modules/.installed: $(WEBAPP)/package.json $(WEBAPP)/package-lock.json
	cd $(WEBAPP) && npm ci --no-audit --no-fund --loglevel=error
	touch $@

$(WEBAPP)/dist/index.html: $(WEBAPP)/node_modules/.installed $(shell find $(WEBAPP)/src -type f 2>/dev/null)
	cd $(WEBAPP) && npm run build --silent

webapp: $(WEBAPP)/dist/index.html

# PostgreSQL and Redis for the test suite (the site itself needs neither: it embeds SQLite and a queue).
services:
	@bash tests/services.sh

# Debian's Chromium for the browser tests (never a downloaded browser).
browser:
	@test -x /usr/bin/chromium || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

seed: setup
	$(PY) -m cli seed --users 50 --stories 500 --videos 20 --likes 2000

bench: setup
	for script in bench/bench_*.py; do $(PY) $$script || exit 1; done

# How many small changes to core/security.py, core/limits.py and core/pagination.py their tests
# notice (tests/mutation/run.py; SQLite only, some minutes): fails under 85 % for a module.
# Not part of `make test`. `make mutation MUTATION_ARGS="core/limits.py -v"`: one module, every mutant.
MUTATION_ARGS ?=

mutation: setup services
	$(PY) -m tests.mutation.run $(MUTATION_ARGS)

clean:
	rm -rf $(VENV) $(WEBAPP)/node_modules $(WEBAPP)/dist $(WEBAPP)/.parcel-cache
