"""No global mutable state in the core: every `static` in the Rust sources is an
immutable table, `unsafe` is denied crate-wide (so no `static mut`), and no static
holds interior mutability (a lock, a cell, an atomic, a lazily set value) or is
thread-local. Calls from many threads therefore share nothing but read-only tables
(`tests/test_concurrency.py` runs them at once)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MUTABLE = re.compile(
    r"\b(Mutex|RwLock|RefCell|Cell|OnceCell|OnceLock|LazyLock|Lazy|Atomic\w+|UnsafeCell)\b"
)
STATIC = re.compile(r"^\s*(pub(\([^)]*\))?\s+)?static\s+(mut\s+)?(\w+)\s*:\s*([^=]+)=", re.M)


def test_unsafe_code_is_denied() -> None:
    cargo = (ROOT / "Cargo.toml").read_text(encoding="utf-8")
    lints = cargo.split("[lints.rust]", 1)[1].split("\n[", 1)[0]
    assert re.search(r'^unsafe_code\s*=\s*"deny"', lints, re.M)


def test_unsafe_is_allowed_in_three_places_only() -> None:
    # The SSE2 module of the shanten core, the SSE4.1 module that ranks a hand's
    # four groups at once, and the function of the binding that tells a list's
    # small integers by identity; each allows it on one item, not on a whole file.
    allowed = [
        (path.relative_to(ROOT).as_posix(), m.group(0))
        for path in sorted((ROOT / "src").rglob("*.rs"))
        for m in re.finditer(
            r"#!?\[\s*(allow|expect)\([^\]]*unsafe_code[^\]]*\]", path.read_text("utf-8")
        )
    ]
    assert allowed == [
        ("src/algo/rank.rs", "#[allow(unsafe_code)]"),
        ("src/algo/shanten.rs", "#[allow(unsafe_code)]"),
        ("src/py/tile.rs", "#[allow(unsafe_code)]"),
    ], allowed


def test_every_static_is_an_immutable_table() -> None:
    statics = []
    for path in sorted((ROOT / "src").rglob("*.rs")):
        text = path.read_text(encoding="utf-8")
        assert "thread_local!" not in text, path
        for m in STATIC.finditer(text):
            name, ty = m.group(4), m.group(5).strip()
            assert m.group(3) is None, f"{path}: static mut {name}"
            assert not MUTABLE.search(ty), f"{path}: static {name}: {ty}"
            statics.append(name)
    assert statics, "the scan found no statics at all: the pattern is wrong"
