"""The situation flags come from one table: `WinContext.FLAGS` (bit order of
`SCORE_FLAGS`), and the stub, the keywords, the getters, the repr, the batch bits
and the command line all follow it."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

import numpy as np
import pytest

import riichi
from riichi.__main__ import main, situation_flags

STUB = Path(riichi.__file__).with_name("_core.pyi")
FLAGS = riichi.WinContext.FLAGS


def _stub() -> ast.Module:
    return ast.parse(STUB.read_text(encoding="utf-8"))


def _bool_keywords(fn: ast.FunctionDef) -> list[str]:
    return [
        a.arg
        for a in fn.args.kwonlyargs
        if isinstance(a.annotation, ast.Name) and a.annotation.id == "bool"
    ]


def _function(tree: ast.Module, name: str) -> ast.FunctionDef:
    return next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == name)


def _class(tree: ast.Module, name: str) -> ast.ClassDef:
    return next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == name)


def test_flags_are_the_score_flags_bits_in_order():
    assert isinstance(FLAGS, tuple)
    assert list(riichi.SCORE_FLAGS) == list(FLAGS)
    assert [riichi.SCORE_FLAGS[f] for f in FLAGS] == [1 << i for i in range(len(FLAGS))]


def test_the_stub_lists_exactly_the_flags():
    tree = _stub()
    assert _bool_keywords(_function(tree, "score")) == list(FLAGS)
    cls = _class(tree, "WinContext")
    new = next(n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == "__new__")
    assert _bool_keywords(new) == list(FLAGS)
    props = [
        n.name
        for n in cls.body
        if isinstance(n, ast.FunctionDef)
        and not n.name.startswith("__")
        and isinstance(n.returns, ast.Name)
        and n.returns.id == "bool"
    ]
    assert props == list(FLAGS)


def test_the_stub_documents_the_bits():
    tree = _stub()
    doc = ast.get_docstring(_function(tree, "score_batch")) or ""
    bits = dict(re.findall(r"`(\w+)`\s+(\d+)", doc))
    assert {k: int(v) for k, v in bits.items()} == riichi.SCORE_FLAGS
    i = next(
        i
        for i, n in enumerate(tree.body)
        if isinstance(n, ast.AnnAssign) and getattr(n.target, "id", "") == "SCORE_FLAGS"
    )
    doc = tree.body[i + 1].value.value  # type: ignore[attr-defined]
    assert {k: int(v) for k, v in re.findall(r"`(\w+)`\s+(\d+)", doc)} == riichi.SCORE_FLAGS


def test_keywords_getters_and_repr_follow_the_table():
    for name in ("score", "WinContext"):
        params = inspect.signature(getattr(riichi, name)).parameters
        flags = [p for p, v in params.items() if v.default is False]
        assert flags == list(FLAGS)
    for i, flag in enumerate(FLAGS):
        kw = {flag: True}
        ctx = riichi.WinContext(**kw)
        assert getattr(ctx, flag) is True
        assert f"{flag}=True" in repr(ctx)
        implied = {flag, "riichi"} if flag == "double_riichi" else {flag}
        assert {f for f in FLAGS if getattr(ctx, f)} == implied
        assert getattr(riichi.WinContext, flag).__doc__, flag
        assert riichi.SCORE_FLAGS[flag] == 1 << i


def test_the_batch_reads_the_same_bits_as_the_keywords():
    hand, win = "234m567p234456s88m", "6s"
    for flags in (["riichi"], ["tsumo"], ["riichi", "ippatsu", "tsumo"], ["double_riichi"]):
        bits = sum(riichi.SCORE_FLAGS[f] for f in flags)
        out = riichi.score_batch(
            [hand],
            [win],
            flags=np.array([bits], dtype=np.uint32),
            seat_winds=np.array([1], np.uint8),
        )
        r = riichi.score(hand, win, seat_wind="S", **dict.fromkeys(flags, True))
        assert (out["han"][0], out["fu"][0], out["points"][0]) == (r.han, r.fu, r.points)


def test_the_command_line_offers_every_flag(capsys):
    assert list(situation_flags()) == list(FLAGS)
    with pytest.raises(SystemExit):
        main(["score", "--help"])
    help_text = capsys.readouterr().out
    for flag in FLAGS:
        assert f"--{flag.replace('_', '-')}" in help_text
    argv = ["score", "234m567p234456s88m", "--win", "6s", "--seat", "S", "--houtei"]
    assert main(argv) == 0
    assert "Houtei Raoyui" in capsys.readouterr().out


def test_contradictions_are_refused_alike_as_keywords_and_bits():
    hand, win = "234m567p234456s88m", "6s"
    with pytest.raises(riichi.InvalidContextError, match="ippatsu without riichi"):
        riichi.score(hand, win, ippatsu=True)
    out = riichi.score_batch(
        [hand], [win], flags=np.array([riichi.SCORE_FLAGS["ippatsu"]], dtype=np.uint32)
    )
    assert out["status"][0] == riichi.SCORE_STATUS["invalid"]


@pytest.mark.parametrize(
    ("dora", "ura"),
    [(None, "1m"), ("", "1m"), ("2m", "1m3p"), ("2m3p", "1m3p4s")],
    ids=["one-ura-no-dora", "one-ura-empty-dora", "two-ura-one-dora", "three-ura-two-dora"],
)
def test_ura_indicators_never_outnumber_dora_indicators(dora: str | None, ura: str) -> None:
    """One ura indicator lies under each dora indicator: more are refused alike, as
    keywords, as a WinContext and in a batch."""
    message = "there is one ura indicator under each dora indicator, no more"
    hand = "234m567p234456s88m"
    with pytest.raises(riichi.InvalidContextError) as e:
        riichi.score(hand, "6s", riichi=True, dora_indicators=dora, ura_indicators=ura)
    assert str(e.value) == message
    ctx = riichi.WinContext(riichi=True, dora_indicators=dora, ura_indicators=ura)
    with pytest.raises(riichi.InvalidContextError, match=message):
        riichi.score(hand, "6s", context=ctx)

    # The batch refuses the row alike.
    def row(tiles: str | None) -> list[int]:  # tile ids (kinds here), 255 for none
        return ([t.kind for t in riichi.parse_tiles(tiles)] if tiles else []) + [255] * 5

    def batch(dora: str | None, ura: str) -> int:
        out = riichi.score_batch(
            [hand],
            ["6s"],
            flags=np.array([2], np.uint32),  # riichi
            dora_indicators=np.array([row(dora)[:5]], np.uint8),
            ura_indicators=np.array([row(ura)[:5]], np.uint8),
        )
        return int(out["status"][0])

    assert batch(dora, ura) == riichi.SCORE_STATUS["invalid"]
    assert batch(ura, ura) == riichi.SCORE_STATUS["ok"]
    # As many ura as dora is fine.
    riichi.score(hand, "6s", riichi=True, dora_indicators=ura, ura_indicators=ura)
