# Two commands for a fresh machine: `make serve` (dashboards) and `make test` (everything).
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
PORT   ?= 8866
LANG_UI ?= en
# Kernels and tools started by the tests resolve `python`/`jupyter` from the project venv.
export PATH := $(abspath $(VENV))/bin:$(PATH)

.PHONY: serve test test-fast lint bench screenshots clean

$(VENV)/bin/activate:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

# Re-install whenever the package metadata changes.
# The `server` extra brings Voila, JupyterLab and numpy (the package alone runs in a browser).
$(VENV)/.installed: pyproject.toml | $(VENV)/bin/activate
	$(PY) -m pip install --quiet -e ".[server]"
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(VENV)/bin/activate
	$(PY) -m pip install --quiet -e ".[server,test]"
	touch $(VENV)/.installed $@

serve: $(VENV)/.installed
	$(VENV)/bin/sq-edu serve --port $(PORT) --lang $(LANG_UI)

lint: $(VENV)/.installed-test
	$(PY) -m ruff check sq_edu tests bench

# Unit, property, widget, notebook (nbval) and browser tests, then lint.
test: $(VENV)/.installed-test
	$(PY) -m ruff check sq_edu tests bench
	$(PY) -m pytest tests --nbval-lax notebooks

test-fast: $(VENV)/.installed-test
	$(PY) -m pytest tests -m "not browser and not slow"

bench: $(VENV)/.installed-test
	$(PY) -m bench

# Re-take the curated screenshots in docs/screenshots/ (the browser tests take them).
screenshots: $(VENV)/.installed-test
	SQ_EDU_UPDATE_SCREENSHOTS=1 $(PY) -m pytest tests/browser -q

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache test-artifacts
