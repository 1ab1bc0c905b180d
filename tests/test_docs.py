"""The docs agree with the code: the rules reference is what docs/gen_rules.py writes
from the installed riichi, the stub's docstrings are the runtime's, and the layout
in docs/design.md names every module there is."""

import ast
import importlib.util
import inspect
import re
from pathlib import Path

import pytest

import riichi._core as core

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
STUB = ROOT / "python/riichi/_core.pyi"


def load_generator():
    spec = importlib.util.spec_from_file_location("gen_rules", DOCS / "gen_rules.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_rules_reference_is_up_to_date():
    expected = load_generator().render()
    committed = (DOCS / "rules.md").read_text(encoding="utf-8")
    if committed != expected:
        old, new = committed.splitlines(), expected.splitlines()
        first = next(
            (i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b),
            min(len(old), len(new)),
        )
        pytest.fail(
            "docs/rules.md differs from what docs/gen_rules.py writes from the installed "
            f"riichi (first at line {first + 1}); run `python docs/gen_rules.py --write`.\n"
            f"committed: {old[first] if first < len(old) else '<end>'}\n"
            f"generated: {new[first] if first < len(new) else '<end>'}"
        )


def test_rules_reference_covers_every_option_and_preset():
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    for option in riichi_options():
        assert f"| `{option}` |" in text, option
    for preset in core.Rules.presets():
        assert f"**`{preset}`**" in text, preset


def riichi_options() -> list[str]:
    return [o.name for o in core.Rules.options()]


# Docstrings: the first line of each public name's runtime __doc__ against the
# first line of its docstring in _core.pyi.

STUB_DOCS = {
    node.name: ast.get_docstring(node)
    for node in ast.parse(STUB.read_text(encoding="utf-8")).body
    if isinstance(node, (ast.ClassDef, ast.FunctionDef)) and not node.name.startswith("_")
}
PUBLIC = sorted(
    name
    for name in dir(core)
    if not name.startswith("_")
    and (inspect.isclass(getattr(core, name)) or callable(getattr(core, name)))
)

# The names whose runtime docstring and stub docstring begin differently today
# (the runtime text lives in src/py/*.rs, the stub's in _core.pyi). Make the two
# first lines equal, then delete the name here; test_allowlist_is_not_stale says when.
DOCSTRING_MISMATCH_ALLOWLIST = frozenset(
    {
        # both have one, worded or wrapped differently
        "Action", "DiscardOption", "Game", "GameRecord", "Hand", "IllegalActionError",
        "InvalidContextError", "InvalidHandError", "InvalidInputError", "InvalidTileError",
        "LogParseError", "Meld", "NoYakuError", "NotAgariError", "Observation", "Payments",
        "PointsEntry", "RuleError", "RuleOption", "Rules", "ScoreResult", "ScoringError",
        "ShantenByForm", "TileParseError", "Waits", "WinContext", "format_tiles",
        "is_complete", "is_complete_batch", "nagashi_mangan_payments", "parse_tiles",
        "points", "read_log", "read_mjai", "read_mjlog", "read_tenhou6", "replay",
        "replay_files", "score", "score_batch", "score_table", "settle_multi_ron",
        "shanten", "tiles_from_id136", "tiles_to_id136", "waits_batch",
        "write_mjlog", "write_tenhou6",
    }
)  # fmt: skip


def first_line(doc: str | None) -> str | None:
    lines = (doc or "").strip().splitlines()
    return lines[0].strip() if lines else None


def test_stub_and_runtime_name_the_same_things():
    assert sorted(STUB_DOCS) == PUBLIC, (
        f"only at run time: {sorted(set(PUBLIC) - set(STUB_DOCS))}; "
        f"only in _core.pyi: {sorted(set(STUB_DOCS) - set(PUBLIC))}"
    )


@pytest.mark.parametrize("name", [n for n in PUBLIC if n not in DOCSTRING_MISMATCH_ALLOWLIST])
def test_docstring_first_line_matches_stub(name):
    runtime, stub = first_line(getattr(core, name).__doc__), first_line(STUB_DOCS.get(name))
    assert runtime == stub, f"riichi.{name}: runtime {runtime!r} != _core.pyi {stub!r}"


def test_allowlist_is_not_stale():
    fixed = sorted(
        n
        for n in DOCSTRING_MISMATCH_ALLOWLIST
        if n in STUB_DOCS and first_line(getattr(core, n, None).__doc__) == first_line(STUB_DOCS[n])
    )
    unknown = sorted(DOCSTRING_MISMATCH_ALLOWLIST - set(PUBLIC))
    assert not fixed, f"now agree, delete from DOCSTRING_MISMATCH_ALLOWLIST: {fixed}"
    assert not unknown, f"no longer public, delete from DOCSTRING_MISMATCH_ALLOWLIST: {unknown}"


# Layout: docs/design.md's "## Layout" section names each module in backticks.

MODULE = re.compile(r"`((?:src/[\w/]+\.rs)|(?:python/riichi/\w+\.py))`")


def layout_section() -> str:
    text = (DOCS / "design.md").read_text(encoding="utf-8")
    match = re.search(r"^## Layout\n(.*?)(?=^## |\Z)", text, re.S | re.M)
    assert match, "docs/design.md has no '## Layout' section"
    return match.group(1)


def test_layout_names_every_module_and_no_other():
    named = set(MODULE.findall(layout_section()))
    present = {str(p.relative_to(ROOT)) for p in (ROOT / "src").rglob("*.rs")}
    present |= {str(p.relative_to(ROOT)) for p in (ROOT / "python/riichi").glob("*.py")}
    missing, gone = sorted(present - named), sorted(named - present)
    assert not missing and not gone, (
        "docs/design.md's Layout table is out of step with the tree.\n"
        + (f"  files with no line (add '| `path` | its job |'): {missing}\n" if missing else "")
        + (f"  lines for files that do not exist (remove or rename them): {gone}\n" if gone else "")
    )
