# Two commands for a fresh machine: `make serve` (dashboards) and `make test` (everything).
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
PORT   ?= 8866
LANG_UI ?= en
# Kernels and tools started by the tests resolve `python`/`jupyter` from the project venv.
export PATH := $(abspath $(VENV))/bin:$(PATH)

.PHONY: serve test test-fast test-unit lint bench screenshots clean site serve-site engine pure

$(VENV)/bin/activate:
	@echo "sq_edu: creating the Python environment $(VENV) (first run only)..."
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

# Re-install whenever the package metadata changes.
# The `server` extra brings Voila, JupyterLab and numpy (the package alone runs in a browser).
$(VENV)/.installed: pyproject.toml | $(VENV)/bin/activate
	@echo "sq_edu: installing sq_edu, Jupyter and Voila into $(VENV)."
	@echo "        The first time it downloads them and takes a few minutes; pip lists each"
	@echo "        package as it goes. Later runs start at once."
	$(PY) -m pip install -e ".[server,compile]"
	touch $@
	@$(MAKE) -s --no-print-directory $(ENGINE_BUILD)

$(VENV)/.installed-test: pyproject.toml | $(VENV)/bin/activate
	@echo "sq_edu: installing sq_edu with its test tools into $(VENV) (a few minutes the first time)."
	$(PY) -m pip install -e ".[server,test,compile]"
	touch $(VENV)/.installed $@
	@$(MAKE) -s --no-print-directory $(ENGINE_BUILD)

# The engine's hot modules compiled with mypyc where a C compiler is present (games about 1.4x as
# fast; tools/compile_engine.py says which modules and why): at install, and again when an engine
# .py changes (until then the engine imports its .py files, sq_edu/engine/build.py).
# `make pure` goes back to plain Python until `make engine`.
# The static site and `pip install` always get plain Python (the wheel leaves the build out).
ENGINE_BUILD := sq_edu/engine/.build
$(ENGINE_BUILD): $(wildcard sq_edu/engine/*.py) tools/compile_engine.py | $(VENV)/.installed
	@$(PY) tools/compile_engine.py

engine: $(VENV)/.installed
	@$(PY) tools/compile_engine.py --compile

pure:
	@$(PYTHON) tools/compile_engine.py --pure

serve: $(VENV)/.installed $(ENGINE_BUILD)
	@echo "sq_edu: starting the lessons; open the address printed below (Ctrl+C stops)."
	$(VENV)/bin/sq-edu serve --port $(PORT) --lang $(LANG_UI)

# ruff, the import contracts of pyproject.toml (docs/architecture.md) and the type check.
lint: $(VENV)/.installed-test
	$(PY) -m ruff check sq_edu tests bench tools lite
	$(VENV)/bin/lint-imports
	$(PY) -m mypy

# Lint, then unit, property, widget, notebook (nbval), browser and site tests (builds site/),
# on two pytest-xdist workers: a test file stays on one worker, so its module-scoped server
# starts once, and each worker has its own session Voila (free port, own log). Every run keeps
# its durations: test-artifacts/junit.xml (each test) and the slowest 30 at the end of the log;
# `python tools/durations.py` sums them by folder and file.
WORKERS ?= 2
DURATIONS := --junitxml=test-artifacts/junit.xml --durations=30
test: $(VENV)/.installed-test $(ENGINE_BUILD)
	$(MAKE) --no-print-directory -j2 site lint   # the site builds while lint reads the code
	$(PY) -m pytest tests --nbval-lax notebooks -m "not sample" -n $(WORKERS) --dist loadfile $(DURATIONS)

# The quick loop while coding: the folders that start no server, kernel or browser (at most 60 s
# on 2 cores, spread over them by pytest-xdist), without the slow tier (long property runs, simulated learners, audits
# over many generated items: `make test` runs those).
UNIT_TESTS := tests/engine tests/gamekit tests/maths tests/bots tests/dungeon tests/practice tests/i18n \
              tests/widgets tests/apps tests/pages tests/test_links.py tests/test_module_size.py
test-unit: $(VENV)/.installed-test $(ENGINE_BUILD)
	$(PY) -m pytest $(UNIT_TESTS) -q -n auto -m "not browser and not slow and not hub and not site"

test-fast: $(VENV)/.installed-test $(ENGINE_BUILD)
	$(PY) -m pytest tests -m "not browser and not slow and not hub and not site"

# The serverless site (every dashboard running in the browser, no kernel on a server): site/.
SITE_VENV ?= .venv-site
SITE_PORT ?= 8867
$(SITE_VENV)/.installed: lite/requirements.txt pyproject.toml
	@echo "Making $(SITE_VENV) for the site build (first time only)..."
	$(PYTHON) -m venv $(SITE_VENV)
	$(SITE_VENV)/bin/python -m pip install --quiet -r lite/requirements.txt
	$(SITE_VENV)/bin/python -m pip install --quiet --no-deps -e .
	touch $@

# A build is reused while none of its inputs is newer than it: `make serve-site` right after
# `make site` serves at once instead of building the whole site again (about two minutes).
SITE_INPUTS := $(shell find sq_edu lite lessons notebooks -type f ! -path '*/node_modules/*' \
	! -path '*/__pycache__/*' ! -name '*.pyc' ! -name '*.so' ! -name .build 2>/dev/null) pyproject.toml
site: site/.built

site/.built: $(SITE_VENV)/.installed $(SITE_INPUTS)
	$(SITE_VENV)/bin/python lite/build.py --out site
	touch $@

serve-site: site/.built
	@echo "Serving the site at http://127.0.0.1:$(SITE_PORT)/ (Ctrl+C stops)"
	$(PYTHON) -m http.server $(SITE_PORT) --bind 127.0.0.1 --directory site

bench: $(VENV)/.installed-test $(ENGINE_BUILD)
	$(PY) -m bench

# Re-take the curated screenshots in docs/screenshots/ (the browser tests take them).
screenshots: $(VENV)/.installed-test
	SQ_EDU_UPDATE_SCREENSHOTS=1 $(PY) -m pytest tests/browser -q

clean:
	rm -rf $(VENV) $(SITE_VENV) site .cache/site .pytest_cache .ruff_cache test-artifacts
	rm -f sq_edu/engine/*.so sq_edu/engine__mypyc*.so sq_edu/engine/.build
