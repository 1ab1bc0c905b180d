"""The wheel `make dist` builds is what a user installs without Rust: tagged
manylinux and abi3, with full metadata and the LICENSE, and once installed into a
fresh venv (no cargo, rustc or zig on PATH) it runs the examples, the `riichi`
command and the README's score report.

Run with `make dist` first; `make test` does. Without a wheel in dist/ these tests
skip, unless RIICHI_REQUIRE_WHEEL is set (as `make test` sets it): then they fail.
Select them alone with `pytest -m wheel`."""

from __future__ import annotations

import email
import os
import re
import shlex
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

import riichi

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
VERSION = riichi.__version__

pytestmark = pytest.mark.wheel


def built(pattern: str) -> Path:
    found = sorted(DIST.glob(pattern))
    if not found:
        message = f"no {pattern} in {DIST}: run `make dist` first"
        if os.environ.get("RIICHI_REQUIRE_WHEEL"):
            pytest.fail(message + " (RIICHI_REQUIRE_WHEEL is set)")
        pytest.skip(message)
    assert len(found) == 1, f"more than one {pattern} in {DIST}: {found}"
    return found[0]


@pytest.fixture(scope="module")
def wheel() -> Path:
    return built(f"riichi-{VERSION}-*.whl")


@pytest.fixture(scope="module")
def sdist() -> Path:
    return built(f"riichi-{VERSION}.tar.gz")


def wheel_text(wheel: Path, name: str) -> str:
    with zipfile.ZipFile(wheel) as z:
        return z.read(name).decode("utf-8")


# What the wheel is -----------------------------------------------------------------


def test_wheel_is_manylinux_and_abi3(wheel):
    assert re.fullmatch(
        rf"riichi-{re.escape(VERSION)}-cp310-abi3-manylinux2014_x86_64\.manylinux_2_17_x86_64\.whl",
        wheel.name,
    ), wheel.name
    tags = re.findall(r"^Tag: (.*)$", wheel_text(wheel, f"riichi-{VERSION}.dist-info/WHEEL"), re.M)
    assert sorted(tags) == ["cp310-abi3-manylinux2014_x86_64", "cp310-abi3-manylinux_2_17_x86_64"]


def test_wheel_needs_no_newer_glibc_than_its_tag(wheel):
    """auditwheel reads the symbol versions the extension links to: they fit
    manylinux_2_17 (glibc 2.17), the tag the wheel carries."""
    auditwheel = shutil.which("auditwheel", path=str(Path(sys.executable).parent))
    assert auditwheel, "auditwheel is in the test extra (`make build` installs it)"
    r = subprocess.run([auditwheel, "show", str(wheel)], capture_output=True, text=True, check=True)
    shown = " ".join(r.stdout.split())
    assert 'is consistent with the following platform tag: "manylinux_2_17_x86_64"' in shown, shown


def test_wheel_holds_the_package_as_the_tree_has_it(wheel):
    """Not a stale wheel: its Python files and stub are the source tree's."""
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        for path in sorted((ROOT / "python/riichi").iterdir()):
            if path.suffix in (".py", ".pyi", ".typed"):
                assert z.read(f"riichi/{path.name}") == path.read_bytes(), (
                    f"{wheel.name} holds another {path.name} than the tree: run `make dist`"
                )
    assert "riichi/_core.abi3.so" in names
    assert f"riichi-{VERSION}.dist-info/licenses/LICENSE" in names


def test_metadata_is_complete(wheel):
    meta = email.message_from_string(wheel_text(wheel, f"riichi-{VERSION}.dist-info/METADATA"))
    assert meta["Name"] == "riichi" and meta["Version"] == VERSION
    assert meta["License-Expression"] == "MIT"
    assert meta.get_all("License-File") == ["LICENSE"]
    assert meta["Author"] == "the riichi authors"
    assert meta["Requires-Python"] == ">=3.10"
    assert "mahjong" in meta["Keywords"].split(",")
    urls = dict(u.split(", ", 1) for u in meta.get_all("Project-URL"))
    assert set(urls) == {"Homepage", "Documentation", "Repository", "Issues"}
    classifiers = meta.get_all("Classifier")
    for c in (
        "Programming Language :: Python :: 3 :: Only",
        "Programming Language :: Rust",
        "Operating System :: POSIX :: Linux",
        "Typing :: Typed",
    ):
        assert c in classifiers
    assert not any(c.startswith("License ::") for c in classifiers)  # the expression says it
    assert meta.get_payload().startswith("# riichi\n")  # the README
    entry_points = wheel_text(wheel, f"riichi-{VERSION}.dist-info/entry_points.txt")
    assert entry_points == "[console_scripts]\nriichi=riichi.__main__:console\n"
    license_text = wheel_text(wheel, f"riichi-{VERSION}.dist-info/licenses/LICENSE")
    assert license_text == (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert license_text.startswith("MIT License\n\nCopyright (c) 2026 the riichi authors\n")


def test_sdist_holds_what_a_build_needs(sdist):
    with tarfile.open(sdist) as t:
        names = {n.split("/", 1)[1] for n in t.getnames() if "/" in n}
    for needed in (
        "pyproject.toml",
        "Cargo.toml",
        "Cargo.lock",
        "build.rs",
        ".cargo/config.toml",
        "LICENSE",
        "README.md",
        "src/lib.rs",
        "src/py/mod.rs",
        "python/riichi/__init__.py",
        "python/riichi/_core.pyi",
        "PKG-INFO",
    ):
        assert needed in names, needed
    assert not any(n.startswith(("target/", ".venv/", "dist/")) for n in names)


# The wheel installed where there is no Rust ---------------------------------------------


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory):
    """A fresh venv with the wheel (and numpy) installed; PATH holds its bin/ and
    the system's directories, none with cargo, rustc or zig."""
    home = tmp_path_factory.mktemp("wheel")
    venv = home / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    tools = ("cargo", "rustc", "rustup", "zig")
    dirs = [str(venv / "bin")] + [
        d
        for d in os.environ.get("PATH", "").split(os.pathsep)
        if d and not any(shutil.which(t, path=d) for t in tools) and ".venv" not in d
    ]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CARGO", "RUSTUP", "VIRTUAL"))}
    env |= {"PATH": os.pathsep.join(dirs), "PYTHONNOUSERSITE": "1", "COLUMNS": "100"}
    env.pop("PYTHONPATH", None)
    for t in tools:
        assert shutil.which(t, path=env["PATH"]) is None, f"{t} is on the test's PATH"
    python = venv / "bin" / "python"
    install = [str(python), "-m", "pip", "install", "-q", "--only-binary", ":all:", str(wheel)]
    subprocess.run(install, check=True, env=env, cwd=home)
    return python, env, home


def run_in(installed, *argv, check=True):
    _, env, home = installed
    return subprocess.run(
        [str(a) for a in argv], capture_output=True, text=True, env=env, cwd=home, check=check
    )


def test_installed_package_is_the_wheels(installed):
    python, _, _ = installed
    r = run_in(installed, python, "-c", "import riichi; print(riichi.__file__, riichi.__version__)")
    path, version = r.stdout.split()
    assert Path(path).is_relative_to(python.parent.parent), path  # the venv's, not the tree's
    assert version == VERSION


def test_riichi_command_and_version(installed):
    riichi_command = installed[0].parent / "riichi"
    assert run_in(installed, riichi_command, "--version").stdout == f"riichi {VERSION}\n"
    assert run_in(installed, riichi_command, "--help").stdout.startswith(
        "usage: riichi [-h] [--version] COMMAND ...\n"
    )


def test_installed_command_prints_the_readme_score_report(installed):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command, shown = re.search(
        r"```sh\n\.venv/bin/python -m riichi (score .*?)\n```\n\n```text\n(.*?)```", readme, re.S
    ).groups()
    r = run_in(installed, installed[0].parent / "riichi", *shlex.split(command))
    assert r.stdout == shown


@pytest.mark.parametrize("example", sorted((ROOT / "examples").glob("*.py")), ids=lambda p: p.name)
def test_examples_run_with_the_installed_wheel(installed, example):
    r = run_in(installed, installed[0], example, check=False)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip()
