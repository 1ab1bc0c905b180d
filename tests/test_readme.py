"""The README and docs/*.md hold up: their Python examples run as written, every
benchmark command they name exists, and every relative link points to a file (and
heading) that is there."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]
TEXTS = {page: page.read_text(encoding="utf-8") for page in PAGES}
BLOCKS = [
    (page, code)
    for page, text in TEXTS.items()
    for code in re.findall(r"```python\n(.*?)```", text, re.S)
]
CARGO_BENCHES = set(re.findall(r'\[\[bench\]\]\nname = "(\w+)"', (ROOT / "Cargo.toml").read_text()))


def rel(page: Path) -> str:
    return str(page.relative_to(ROOT))


def test_readme_has_examples():
    assert sum(page == README for page, _ in BLOCKS) >= 4


@pytest.mark.parametrize(
    "page,code",
    BLOCKS,
    ids=[f"{rel(page)}-block{i}" for i, (page, _) in enumerate(BLOCKS)],
)
def test_example_runs(page, code):
    exec(compile(code, str(page), "exec"), {})


def named_commands() -> list[tuple[str, str]]:
    """Every benchmark command the README and docs name (inline code running a
    bench), with the page that names it."""
    return sorted(
        {
            (rel(page), c)
            for page, text in TEXTS.items()
            for c in re.findall(r"`([^`\n]+)`", text)
            if "bench" in c and " " in c
        }
    )


def test_every_figure_names_a_bench_that_exists():
    """Each command the README or docs give for a figure runs something that is
    there: a criterion bench of Cargo.toml, or a file of benches/ (and its options)."""
    commands = named_commands()
    assert any("cargo bench --bench" in c for _, c in commands)
    assert any("benches/report.py" in c for _, c in commands)
    report = (ROOT / "benches/report.py").read_text()
    for page, c in commands:
        for name in re.findall(r"--bench (\w+)", c):
            assert name in CARGO_BENCHES, f"{page}: {c}: no criterion bench {name!r}"
        for path in re.findall(r"(benches/[\w./]+\.py)", c):
            assert (ROOT / path).is_file(), f"{page}: {c}: {path} does not exist"
        if "report.py" in c:
            for option in re.findall(r"(--[\w-]+)", c):
                assert option in report, f"{page}: {c}: benches/report.py has no {option}"


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading."""
    text = re.sub(r"[`*_\[\]()]", "", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    return {slug(h) for h in re.findall(r"^#+ (.+)$", text, re.M)}


def links() -> list[tuple[Path, str]]:
    found = []
    for page, text in TEXTS.items():
        text = re.sub(r"```.*?```", "", text, flags=re.S)
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if not re.match(r"[a-z]+:", target):
                found.append((page, target))
    return found


def test_docs_have_links():
    assert any(target.startswith("docs/") for page, target in links() if page == README)


@pytest.mark.parametrize("page,target", links(), ids=[f"{rel(p)}->{t}" for p, t in links()])
def test_relative_link_points_to_a_file(page, target):
    path, _, anchor = target.partition("#")
    dest = (page.parent / path).resolve() if path else page
    assert dest.exists(), f"{rel(page)} links to {target}: {path} does not exist"
    if anchor and dest.suffix == ".md":
        assert anchor in anchors(dest), f"{rel(page)} links to {target}: no such heading"
