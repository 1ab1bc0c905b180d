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


def assert_runtime_doc_is(name: str, stub: str | None) -> None:
    """The runtime docstring of `riichi.name` (src/py/*.rs) is the stub's `stub`."""
    assert stub, f"riichi.{name} has no docstring in _core.pyi"
    runtime = cleaned(runtime_doc(name))
    assert runtime == cleaned(stub), (
        f"riichi.{name}: the runtime docstring (src/py/*.rs) differs from _core.pyi's:\n"
        f"runtime:\n{runtime}\n_core.pyi:\n{cleaned(stub)}"
    )


@pytest.mark.parametrize("name", sorted(STUB_DOCS))
def test_docstring_equals_stub(name):
    assert_runtime_doc_is(name, STUB_DOCS[name])


@pytest.mark.parametrize("name", sorted(STUB_MEMBER_DOCS))
def test_member_docstring_equals_stub(name):
    assert_runtime_doc_is(name, STUB_MEMBER_DOCS[name])


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


# The docs site: MkDocs builds it (warnings are errors) and its API reference is
# the docstrings.

import doctest  # noqa: E402
import html  # noqa: E402
import os  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402

import riichi  # noqa: E402
from riichi import agents, logs  # noqa: E402


def api_names() -> list[str]:
    """Every public name, as the API reference page names it."""
    names = [
        f"riichi.{n}"
        for n in riichi.__all__
        if n not in ("__version__", "agents", "dataset", "env", "logs", "mjai")
    ]
    names += [f"riichi.logs.{n}" for n in logs.__all__ if n not in riichi.__all__]
    names += [f"riichi.agents.{n}" for n in agents.__all__ if n not in riichi.__all__]
    names += [f"riichi.mjai.{n}" for n in riichi.mjai.__all__]
    # The id and channel tables are data: docs/learning.md prints them.
    names += [f"riichi.env.{n}" for n in riichi.env.__all__ if callable(getattr(riichi.env, n))]
    names += [f"riichi.dataset.{n}" for n in riichi.dataset.__all__ if n != "COLUMNS"]
    return names


def test_api_reference_names_every_public_name():
    page = (DOCS / "api.md").read_text(encoding="utf-8")
    listed = re.findall(r"^::: (riichi\.[\w.]+)$", page, re.M)
    assert len(listed) == len(set(listed)), "a name is listed twice"
    by_leaf = {n.rsplit(".", 1)[1] for n in listed if not n.startswith("riichi.__main__")}
    missing = sorted(n for n in api_names() if n.rsplit(".", 1)[1] not in by_leaf)
    assert not missing, f"docs/api.md has no '::: name' for {missing}"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    pytest.importorskip(
        "mkdocs", reason="the docs extra is not installed (`make build` installs it)"
    )
    out = tmp_path_factory.mktemp("site")
    r = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        check=False,
    )
    assert r.returncode == 0, f"mkdocs build --strict failed:\n{r.stdout}\n{r.stderr}"
    return out


def page_text(path: Path) -> str:
    text = re.sub(r"</?(?:code|a|span|em|strong)\b[^>]*>", "", path.read_text(encoding="utf-8"))
    text = re.sub(r"<[^>]+>", " ", text)
    return " ".join(html.unescape(text).split())


def test_site_builds_without_warnings_and_has_every_page(site):
    pages = ["index.html"] + [
        f"{p.stem}/index.html" for p in DOCS.glob("*.md") if p.stem != "README"
    ]
    for page in pages:
        assert (site / page).is_file(), page
    home = page_text(site / "index.html")
    assert "Japanese (riichi) mahjong for Python, with a Rust core" in home  # the README


def test_site_names_no_repository_and_shows_source_files_as_text(site):
    # The site holds no source files: a page's link to one is its text alone,
    # and no page points at a repository address.
    pages = sorted(site.rglob("*.html"))
    assert pages
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert "github.com/riichi" not in html, page
        assert "/blob/main/" not in html, page
    reliability = (site / "reliability/index.html").read_text(encoding="utf-8")
    assert "<code>tests/test_hostile_properties.py</code>" in reliability


def test_api_reference_is_the_docstrings(site):
    page = (site / "api/index.html").read_text(encoding="utf-8")
    text = page_text(site / "api/index.html")
    listed = re.findall(r"^::: (riichi\.[\w.]+)$", (DOCS / "api.md").read_text(), re.M)
    for name in listed:
        assert f'id="{name}"' in page, f"{name} has no entry on the API page"
        module, _, leaf = name.rpartition(".")
        doc = inspect.getdoc(getattr(importlib.import_module(module), leaf))
        if leaf in STUB_DATA_DOCS:  # data: the stub's text
            doc = STUB_DATA_DOCS[leaf]
        first = " ".join(doc.split("\n\n")[0].replace("`", "").split())
        assert first in text, f"{name}: its docstring is not on the API page: {first!r}"
    # members too: a property's docstring and a method's
    assert " ".join(core.Hand.waits.__doc__.replace("`", "").split()) in text
    assert core.Tile.kind.__doc__.split("\n")[0] in text


STUB_DATA_DOCS = {
    node.target.id: STUB_TREE.body[i + 1].value.value
    for i, node in enumerate(STUB_TREE.body)
    if isinstance(node, ast.AnnAssign)
    and isinstance(node.target, ast.Name)
    and i + 1 < len(STUB_TREE.body)
    and isinstance(STUB_TREE.body[i + 1], ast.Expr)
}


def test_rules_page_of_the_site_is_the_options_table(site):
    text = page_text(site / "rules/index.html")
    for option in core.Rules.options():
        assert f"{option.name} " in text and " ".join(option.doc.split()) in text, option.name


# Every example: the docstrings' `>>>` examples, and the command lines the pages give.


@pytest.mark.parametrize("module", [riichi, logs, agents], ids=lambda m: m.__name__)
def test_docstring_examples_run(module):
    tests = doctest.DocTestFinder().find(module, module.__name__, globs={})
    examples = [t for t in tests if t.examples]
    assert examples or module is agents
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for t in examples:
        runner.run(t)
    assert runner.failures == 0


def test_no_native_docstring_holds_an_untested_example():
    """The `>>>` examples live in the Python modules' docstrings, which the test
    above runs; a native one would need a runner of its own."""
    with_examples = sorted(
        n for n, d in {**STUB_DOCS, **STUB_MEMBER_DOCS}.items() if ">>>" in (d or "")
    )
    assert not with_examples, with_examples


MJLOG = ROOT.parent / "shared" / "data" / "tenhou" / "mjlog"


def command_lines() -> list[tuple[str, str]]:
    """Every `python -m riichi ...` line of the pages' sh blocks, with its page."""
    found = []
    for page in [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]:
        for block in re.findall(r"```sh\n(.*?)```", page.read_text(encoding="utf-8"), re.S):
            for line in block.splitlines():
                m = re.match(r"(?:\.venv/bin/)?python -m riichi (.*)$", line.strip())
                if m:
                    found.append((page.name, m.group(1)))
    return found


@pytest.mark.skipif(not MJLOG.is_dir(), reason=f"the shared Tenhou logs are absent ({MJLOG})")
@pytest.mark.parametrize(("page", "command"), command_lines())
def test_command_lines_of_the_docs_run(page, command, tmp_path, monkeypatch, capsys):
    """Each runs as written, in a directory whose logs/ holds the test data's
    Tenhou games."""
    import shlex

    from riichi.__main__ import main

    (tmp_path / "logs").symlink_to(MJLOG)
    monkeypatch.chdir(tmp_path)
    argv = shlex.split(command)
    if argv[0] == "simulate":
        argv.append("--quiet")
    assert main(argv) == 0, capsys.readouterr().err
    out = capsys.readouterr().out
    if argv[0] == "replay":
        # the total the guide quotes for these games
        guide = (DOCS / "guide.md").read_text(encoding="utf-8")
        quoted = re.search(r"the last line reads:\n\n```text\n(.*?)\n```", guide).group(1)
        last = re.sub(r"\(\d+ games/s\)", "(... games/s)", out.splitlines()[-1])
        assert last == quoted


def test_the_guides_pictures_are_what_the_package_draws():
    spec = importlib.util.spec_from_file_location("gen_pictures", DOCS / "gen_pictures.py")
    assert spec is not None and spec.loader is not None
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    pictures = gen.render()
    assert set(pictures) == {"hand.svg", "win.svg", "table.svg"}
    guide = (DOCS / "guide.md").read_text(encoding="utf-8")
    for name, svg in pictures.items():
        assert f"](img/{name})" in guide, f"the guide does not show img/{name}"
        committed = (DOCS / "img" / name).read_text(encoding="utf-8")
        assert committed == svg, f"run `python docs/gen_pictures.py --write` ({name})"
