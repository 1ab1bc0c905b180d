# The two Quickstart commands: `make run` (build, then the demo) and `make test`
# (build, then every test). Everything is installed into .venv from the project's
# own files.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
export VIRTUAL_ENV := $(abspath $(VENV))

.PHONY: run test build lint bench venv

$(VENV)/.ready: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q "maturin>=1.5,<2"
	touch $@

venv: $(VENV)/.ready

# The extension (release) and the test tools, from pyproject.toml's "test" extra.
build: venv
	$(VENV)/bin/maturin develop --release -q --extras test

run: build
	$(PY) examples/demo.py

lint: build
	cargo fmt --check
	cargo clippy --release --all-targets --features python -- -D warnings
	$(VENV)/bin/ruff check python tests examples benches
	$(VENV)/bin/ruff format --check python tests examples benches
	$(PY) -m mypy.stubtest riichi._core --allowlist tests/stubtest_allowlist.txt

test: build lint
	cargo test --release
	$(PY) -m pytest

bench: build
	$(VENV)/bin/maturin develop --release -q --extras test,bench
	cargo bench --bench analysis --bench score --bench game --bench logs
	$(PY) -m pytest benches --benchmark-only
