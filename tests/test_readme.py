"""The README's Python examples run as written."""

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def test_readme_has_examples():
    assert len(BLOCKS) >= 4


@pytest.mark.parametrize("code", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_readme_example_runs(code):
    exec(compile(code, str(README), "exec"), {})


ROOT = README.parent
TEXT = README.read_text(encoding="utf-8")
CARGO_BENCHES = set(re.findall(r'\[\[bench\]\]\nname = "(\w+)"', (ROOT / "Cargo.toml").read_text()))


def named_commands() -> list[str]:
    """Every benchmark command the README names (inline code running a bench)."""
    return sorted({c for c in re.findall(r"`([^`\n]+)`", TEXT) if "bench" in c and " " in c})


def test_every_figure_names_a_bench_that_exists():
    """Each command the README gives for a figure runs something that is there:
    a criterion bench of Cargo.toml, or a file of benches/ (and its options)."""
    commands = named_commands()
    assert any("cargo bench --bench" in c for c in commands)
    assert any("benches/report.py" in c for c in commands)
    for c in commands:
        for name in re.findall(r"--bench (\w+)", c):
            assert name in CARGO_BENCHES, f"{c}: no criterion bench {name!r}"
        for path in re.findall(r"(benches/[\w./]+\.py)", c):
            assert (ROOT / path).is_file(), f"{c}: {path} does not exist"
        if "report.py" in c:
            for option in re.findall(r"(--[\w-]+)", c):
                assert option in (ROOT / "benches/report.py").read_text(), f"{c}: {option}"
