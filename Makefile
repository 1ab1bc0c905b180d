# The two Quickstart commands: `make run` (build, then the demo) and `make test`
# (build, then every test). Everything is installed into .venv from the project's
# own files. `make dist` builds the wheel and sdist into dist/, `make docs` the docs
# site into site/.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
export VIRTUAL_ENV := $(abspath $(VENV))

.PHONY: run test build lint bench venv dist docs

$(VENV)/.ready: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q "maturin>=1.5,<2" "ziglang>=0.13,<0.18"
	touch $@

venv: $(VENV)/.ready

# The extension (release), the test tools, the peers the benches compare with, the
# docs tools and the learning frameworks' adapters (pyproject.toml's "test",
# "bench", "docs" and "rl" extras).
build: venv
	$(VENV)/bin/maturin develop --release -q --extras test,bench,docs,rl

# The wheel users install without Rust: manylinux2014 (glibc 2.17 and later), abi3
# (CPython 3.10 and later), linked by zig (from PyPI) against the old glibc; and the
# sdist. maturin runs zig with the python it finds first on PATH: the venv's.
dist: venv
	rm -f dist/riichi-*
	PATH="$(abspath $(VENV))/bin:$$PATH" $(VENV)/bin/maturin build --release --zig \
		--compatibility manylinux2014 --strip --out dist
	$(VENV)/bin/maturin sdist --out dist

# The docs site (MkDocs; the API reference from the docstrings), warnings as errors.
docs: build
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict --quiet

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
# The wheel of `make dist` is installed into a fresh venv and tried there
# (tests/test_wheel.py); with RIICHI_REQUIRE_WHEEL set, a missing wheel fails.
test: build lint dist docs
	RIICHI_REQUIRE_SHARED=1 cargo test --release
	$(PY) benches/play_corpus.py
	RIICHI_REQUIRE_SHARED=1 cargo test --release --bench analysis --bench score --bench game --bench logs
	RIICHI_REQUIRE_WHEEL=1 $(PY) -m pytest
	$(PY) -m pytest benches --benchmark-disable -q
	$(PY) benches/report.py --hands 50 --repeat 1 > /dev/null

bench: build
	$(PY) benches/play_corpus.py
	RIICHI_REQUIRE_SHARED=1 cargo bench --bench analysis --bench score --bench game --bench logs
	$(PY) -m pytest benches --benchmark-only
