# carebench: the two set-up commands of the README live here.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: demo test lint install install-test browser wheel-smoke clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# llama-cpp-python is compiled from source; the portable build (no -march=native) is required here,
# and its multimodal library (mtmd: 51 of the 178 objects compiled) is not built: carebench sends text only.
export CMAKE_ARGS ?= -DGGML_NATIVE=OFF -DLLAVA_BUILD=OFF

install: $(BIN)/python
	$(BIN)/pip install --quiet -e '.[embedded]'

install-test: $(BIN)/python
	$(BIN)/pip install --quiet -e '.[embedded,test]'

## demo: install carebench and run its main job on the embedded defaults
demo: install
	$(BIN)/carebench demo

## test: install test dependencies, lint, type-check, run the whole suite and smoke the built wheel
test: install-test browser lint
	$(BIN)/python -m pytest
	PYTHON=$(BIN)/python .ci/wheel-smoke

# The artifact users get: build the wheel, install it (not editable) into a fresh venv and run the
# main commands there, outside the source tree.
wheel-smoke: install-test
	PYTHON=$(BIN)/python .ci/wheel-smoke

# Debian's chromium for the browser tests (Playwright drives it; nothing is downloaded by Playwright).
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	  else echo "browser tests need Debian's chromium: sudo apt-get install chromium" >&2; fi; }

lint: install-test
	$(BIN)/ruff check src tests benchmarks experiments
	$(BIN)/ruff format --check src tests benchmarks experiments
	$(BIN)/mypy
	$(BIN)/lint-imports

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache
