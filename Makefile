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

# The extension (release), the test tools and the peers the benches compare with
# (pyproject.toml's "test" and "bench" extras).
build: venv
	$(VENV)/bin/maturin develop --release -q --extras test,bench

run: build
	$(PY) examples/demo.py

lint: build
	cargo fmt --check
	cargo clippy --release --all-targets --features python -- -D warnings
	$(VENV)/bin/ruff check python tests examples benches
	$(VENV)/bin/ruff format --check python tests examples benches
	$(PY) -m mypy.stubtest riichi._core --allowlist tests/stubtest_allowlist.txt

# The shared data is required: a test or bench that would find none fails.
# Every bench runs once in a quick mode: its answers are checked, its timings
# not judged (criterion's test mode, pytest-benchmark disabled, a short report).
test: build lint
	RIICHI_REQUIRE_SHARED=1 cargo test --release
	$(PY) benches/play_corpus.py
	RIICHI_REQUIRE_SHARED=1 cargo test --release --bench analysis --bench score --bench game --bench logs
	$(PY) -m pytest
	$(PY) -m pytest benches --benchmark-disable -q
	$(PY) benches/report.py --hands 50 --repeat 1 > /dev/null

bench: build
	$(PY) benches/play_corpus.py
	RIICHI_REQUIRE_SHARED=1 cargo bench --bench analysis --bench score --bench game --bench logs
	$(PY) -m pytest benches --benchmark-only
