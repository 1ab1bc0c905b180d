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


# Docstrings: every public name's runtime __doc__ (the `///` comments in
# src/py/*.rs) is its docstring in _core.pyi, word for word, and so is every
# public method's and property's. Constructors are left out: PyO3 gives `__new__`
# no docstring of its own, so the stub's `__new__` docstrings exist only there.

STUB_TREE = ast.parse(STUB.read_text(encoding="utf-8"))
STUB_DOCS = {
    node.name: ast.get_docstring(node)
    for node in STUB_TREE.body
    if isinstance(node, (ast.ClassDef, ast.FunctionDef)) and not node.name.startswith("_")
}
STUB_MEMBER_DOCS = {
    f"{node.name}.{sub.name}": ast.get_docstring(sub)
    for node in STUB_TREE.body
    if isinstance(node, ast.ClassDef) and not node.name.startswith("_")
    for sub in node.body
    if isinstance(sub, ast.FunctionDef) and not sub.name.startswith("_")
}
PUBLIC = sorted(
    name
    for name in dir(core)
    if not name.startswith("_")
    and (inspect.isclass(getattr(core, name)) or callable(getattr(core, name)))
)


def cleaned(doc: str | None) -> str | None:
    return inspect.cleandoc(doc) if doc else None


def runtime_doc(name: str) -> str | None:
    obj = core
    for part in name.split("."):
        obj = getattr(obj, part)
    return obj.__doc__


def test_stub_and_runtime_name_the_same_things():
    assert sorted(STUB_DOCS) == PUBLIC, (
        f"only at run time: {sorted(set(PUBLIC) - set(STUB_DOCS))}; "
        f"only in _core.pyi: {sorted(set(STUB_DOCS) - set(PUBLIC))}"
    )


@pytest.mark.parametrize("name", sorted(STUB_DOCS))
def test_docstring_equals_stub(name):
    assert STUB_DOCS[name], f"riichi.{name} has no docstring in _core.pyi"
    runtime = cleaned(runtime_doc(name))
    assert runtime == cleaned(STUB_DOCS[name]), (
        f"riichi.{name}: the runtime docstring (src/py/*.rs) differs from _core.pyi's:\n"
        f"runtime:\n{runtime}\n_core.pyi:\n{cleaned(STUB_DOCS[name])}"
    )


@pytest.mark.parametrize("name", sorted(STUB_MEMBER_DOCS))
def test_member_docstring_equals_stub(name):
    assert STUB_MEMBER_DOCS[name], f"riichi.{name} has no docstring in _core.pyi"
    runtime = cleaned(runtime_doc(name))
    assert runtime == cleaned(STUB_MEMBER_DOCS[name]), (
        f"riichi.{name}: the runtime docstring (src/py/*.rs) differs from _core.pyi's:\n"
        f"runtime:\n{runtime}\n_core.pyi:\n{cleaned(STUB_MEMBER_DOCS[name])}"
    )


def test_help_shows_the_full_docstring():
    """What `help(riichi.score)` shows is the whole text, not one line."""
    import pydoc

    text = pydoc.render_doc(core.score, renderer=pydoc.plaintext)
    assert "Raises `NotAgariError`, `NoYakuError`, `InvalidContextError`." in text


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
