"""riichi.score against two real datasets (see `scoring_data`): every Tenhou win of
`tenhou/agari.jsonl` under the default rules, every majiang-core case of
`majiang/hule.jsonl` under `majiang_rules()`. Each must agree entirely: han, fu
(not for yakuman), the yaku with their han (dora, ura dora and red fives as the
Tenhou entries 52, 53, 54), the yakuman with their multipliers, the points and the
score changes of all four seats (honba, riichi sticks and pao included).

A failing test lists the first mismatches (line, hand, what differs) and counts all
of them by field. Skipped when the shared data directory is absent.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import pytest
import scoring_data as sd
from scoring_data import Case

import riichi

SHOWN = 20
DATA = sd.shared_data_dir()
MISSING = (
    "the shared test data is not present (its data/tenhou/agari.jsonl and "
    "data/majiang/hule.jsonl; RIICHI_SHARED may point at it)"
)

# Short names of Tenhou's yaku numbers, for the failure messages.
TENHOU_YAKU = (
    "tsumo riichi ippatsu chankan rinshan haitei houtei pinfu tanyao iipeikou "
    "seat_E seat_S seat_W seat_N round_E round_S round_W round_N haku hatsu chun "
    "double_riichi chiitoitsu chanta ittsu sanshoku sanshoku_doukou sankantsu toitoi "
    "sanankou shousangen honroutou ryanpeikou junchan honitsu chinitsu renhou tenhou "
    "chiihou daisangen suuankou suuankou_tanki tsuuiisou ryuuiisou chinroutou chuuren "
    "junsei_chuuren kokushi kokushi_13 daisuushii shousuushii suukantsu dora ura aka"
).split()


def _data(rel: str) -> Path:
    if DATA is None:
        pytest.skip(MISSING)
    return DATA / rel


@pytest.fixture(scope="module")
def tenhou() -> list[Case]:
    return sd.tenhou_cases(_data(sd.TENHOU_AGARI))


@pytest.fixture(scope="module")
def majiang() -> list[Case]:
    return sd.majiang_cases(_data(sd.MAJIANG_HULE))


def by_line(cases: Sequence[Case], line: int) -> Case:
    return next(c for c in cases if c.line == line)


# Comparison -----------------------------------------------------------------------

YakuKey = tuple[int | str, int]


def _key(y: riichi.Yaku) -> int | str:
    """Tenhou's number of a yaku, or its id for a local yaku Tenhou does not have."""
    return y.id if y.tenhou_id is None else y.tenhou_id


def _sorted(items: list[YakuKey]) -> tuple[YakuKey, ...]:
    return tuple(sorted(items, key=lambda p: (isinstance(p[0], str), str(p[0]).zfill(3), p[1])))


def _fmt_yaku(items: Sequence[YakuKey]) -> str:
    if not items:
        return "-"
    return ", ".join(
        f"{TENHOU_YAKU[k] if isinstance(k, int) and 0 <= k < len(TENHOU_YAKU) else k} {h}"
        for k, h in items
    )


def observed_yaku(result: riichi.ScoreResult, yakuman: bool) -> tuple[YakuKey, ...]:
    """The result's yaku in the datasets' form. Dora, ura dora and red fives come from
    `result.dora/ura/aka` (entries 52/53/54 when they add han); should `result.yaku`
    list them too, those entries are replaced by the counts (and checked against
    them by `diffs`). A yakuman hand has no regular yaku and its dora are not
    counted, so only `result.yaku` itself is reported."""
    if yakuman:
        return _sorted([(_key(y), y.han) for y in result.yaku])
    items: list[YakuKey] = [(_key(y), y.han) for y in result.yaku if y.tenhou_id not in sd.DORA_IDS]
    for k, n in ((sd.DORA, result.dora), (sd.URA, result.ura), (sd.AKA, result.aka)):
        if n:
            items.append((k, n))
    return _sorted(items)


def diffs(case: Case) -> dict[str, str]:
    """What differs between `case.score()` and `case.expected`: field → "want … got …"
    (field "error" when scoring raised)."""
    exp = case.expected
    try:
        result = case.score()
        deltas = tuple(result.deltas(discarder=case.discarder, liable=case.liable))
    except Exception as e:
        return {"error": f"{type(e).__name__}: {e}"}
    except BaseException as e:  # a Rust panic surfaces as pyo3's PanicException
        if type(e).__name__ != "PanicException":
            raise
        return {"error": f"panic: {e}"}
    out: dict[str, str] = {}

    def check(name: str, want: object, got: object) -> None:
        if want != got:
            out[name] = f"want {want} got {got}"

    yakuman = bool(exp.yakuman)
    if exp.han is not None:
        check("han", exp.han, result.han)
    if exp.fu is not None:
        check("fu", exp.fu, result.fu)
    want_yaku, got_yaku = _sorted(list(exp.yaku)), observed_yaku(result, yakuman)
    if got_yaku != want_yaku:
        out["yaku"] = f"want [{_fmt_yaku(want_yaku)}] got [{_fmt_yaku(got_yaku)}]"
    listed = {y.tenhou_id: y.han for y in result.yaku if y.tenhou_id in sd.DORA_IDS}
    counted = {sd.DORA: result.dora, sd.URA: result.ura, sd.AKA: result.aka}
    if not yakuman and any(listed[k] != counted[k] for k in listed):
        out["dora"] = f"result.yaku lists {listed} but dora/ura/aka are {counted}"
    want_yakuman = _sorted(list(exp.yakuman))
    got_yakuman = _sorted([(_key(y), y.yakuman) for y in result.yakuman])
    if got_yakuman != want_yakuman:
        out["yakuman"] = f"want [{_fmt_yaku(want_yakuman)}] got [{_fmt_yaku(got_yakuman)}]"
    if yakuman or (exp.han is not None and exp.han < 13):
        check("multiplier", exp.yakuman_multiplier, result.yakuman_multiplier)
    else:  # 13+ han of regular yaku: a kazoe yakuman, which neither dataset multiplies
        check("limit", "kazoe_yakuman", result.limit)
    check("points", exp.points, result.points)
    check("deltas", exp.deltas, deltas)
    return out


def agreement_report(name: str, cases: Sequence[Case]) -> str | None:
    """None when every case agrees; otherwise the count by field and the first
    mismatches, one case per two lines."""
    bad = [(c, d) for c in cases if (d := diffs(c))]
    if not bad:
        return None
    fields = Counter(f for _, d in bad for f in d)
    lines = [
        f"{name}: {len(bad)} of {len(cases)} wins disagree "
        f"(by field: {', '.join(f'{f} {n}' for f, n in fields.most_common())}); "
        f"first {min(SHOWN, len(bad))}:"
    ]
    for c, d in bad[:SHOWN]:
        lines.append(f"line {c.line}: {c.label}")
        lines.append("    " + "; ".join(f"{f}: {v}" for f, v in d.items()))
    return "\n".join(lines)


def assert_agrees(case: Case) -> None:
    d = diffs(case)
    assert not d, f"{case.dataset} line {case.line}: {case.label}\n    " + "; ".join(
        f"{f}: {v}" for f, v in d.items()
    )


# The whole datasets ---------------------------------------------------------------


def test_datasets_load_completely(tenhou: list[Case], majiang: list[Case]) -> None:
    assert len(tenhou) == 1508
    assert len(majiang) == 10000
    assert len(sd.tenhou_double_rons(tenhou)) == 12
    assert sum(c.liable is not None for c in tenhou) == 3
    assert sum(bool(c.expected.yakuman) for c in tenhou) == 11
    assert sum(bool(c.expected.yakuman) for c in majiang) == 8


def test_every_tenhou_win_agrees(tenhou: list[Case]) -> None:
    report = agreement_report(sd.TENHOU_AGARI, tenhou)
    assert report is None, report


def test_every_majiang_case_agrees(majiang: list[Case]) -> None:
    report = agreement_report(sd.MAJIANG_HULE, majiang)
    assert report is None, report


# Named cases ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        pytest.param(1, id="open-yakuhai-ron"),
        pytest.param(238, id="daisangen-ron-no-pao"),
        pytest.param(318, id="kokushi-ron"),
        pytest.param(342, id="chiihou-red-win-tile"),
        pytest.param(344, id="triple-yakuman-dealer-tsumo"),
        pytest.param(348, id="pao-daisangen-tsumo"),
        pytest.param(412, id="tenhou-with-honba"),
        pytest.param(488, id="double-ron-nearest-takes-honba-and-stick"),
        pytest.param(489, id="double-ron-second-winner-no-honba"),
        pytest.param(525, id="daisangen-robbing-a-kan-double-ron"),
        pytest.param(526, id="chankan-pinfu-second-of-double-ron"),
        pytest.param(797, id="sanbaiman-ura-3"),
        pytest.param(1002, id="riichi-ippatsu-chankan"),
        pytest.param(1091, id="suuankou-riichi-tsumo"),
        pytest.param(1177, id="daisangen-with-ankan-and-kan-dora"),
        pytest.param(1466, id="pao-double-yakuman-tsumo"),
    ],
)
def test_tenhou_named_case(tenhou: list[Case], line: int) -> None:
    assert_agrees(by_line(tenhou, line))


@pytest.mark.parametrize(
    "line",
    [
        pytest.param(1, id="open-tanyao-aka-2"),
        pytest.param(33, id="kakan-dealer-ron"),
        pytest.param(42, id="open-pinfu-shape-30fu"),
        pytest.param(183, id="houtei-riichi-ankan-70fu"),
        pytest.param(443, id="rinshan-dealer"),
        pytest.param(1153, id="suuankou-riichi-3-honba"),
        pytest.param(1527, id="dora-8-from-a-repeated-indicator"),
        pytest.param(2709, id="kazoe-yakuman"),
        pytest.param(3997, id="kokushi-ron"),
        pytest.param(4163, id="double-riichi-ippatsu-chiitoitsu"),
        pytest.param(7795, id="ryanpeikou"),
        pytest.param(8211, id="sanbaiman-12-han"),
        pytest.param(9075, id="kokushi-red-indicator"),
    ],
)
def test_majiang_named_case(majiang: list[Case], line: int) -> None:
    assert_agrees(by_line(majiang, line))


def test_pao_covers_the_whole_hand(tenhou: list[Case]) -> None:
    """Line 1466: daisangen (pao: the player who fed the third dragon) and tsuuiisou,
    tsumo by South with 3 honba. Tenhou has the liable player pay all of it."""
    case = by_line(tenhou, 1466)
    assert (case.kwargs["seat_wind"], case.liable) == ("S", "N")
    result = case.score()
    assert sorted(_key(y) for y in result.yakuman) == [39, 42]
    assert result.yakuman_multiplier == 2
    assert result.points == 64000
    assert tuple(result.deltas(liable="N")) == (0, 64900, 0, -64900)
    assert tuple(result.deltas()) == (-32300, 64900, -16300, -16300)


def test_three_single_yakuman_under_tenhou_rules(tenhou: list[Case]) -> None:
    """Line 344: daisuushii, suuankou on a pair wait and tsuuiisou, all single under
    the Tenhou rules (144,000); the majiang rules double two of them (6 × 48,000)."""
    case = by_line(tenhou, 344)
    result = case.score()
    assert sorted((_key(y), y.yakuman) for y in result.yakuman) == [(41, 1), (42, 1), (49, 1)]
    assert "suuankou_tanki" in [y.id for y in result.yakuman]
    assert (result.yakuman_multiplier, result.points) == (3, 144000)
    doubled = riichi.score(case.hand, case.win_tile, **{**case.kwargs, "rules": sd.majiang_rules()})
    assert doubled.yakuman_multiplier == 5
    assert doubled.points == 240000


def test_kazoe_yakuman(majiang: list[Case]) -> None:
    """Line 2709: riichi, tsumo, dora 5, ura 6: 13 han of regular yaku pay a yakuman."""
    result = by_line(majiang, 2709).score()
    assert (result.han, result.limit, result.points) == (13, "kazoe_yakuman", 32000)
    assert result.yakuman == []
    assert (result.dora, result.ura, result.aka) == (5, 6, 0)


@pytest.mark.parametrize("group", range(12))
def test_tenhou_double_ron_settles(tenhou: list[Case], group: int) -> None:
    """Each double ron of agari.jsonl through `settle_multi_ron`: both wins scored
    with the table's honba and sticks, settled under the Tenhou rules (honba and
    sticks to the winner nearest the discarder), give the sum of the records."""
    cases = sd.tenhou_double_rons(tenhou)[group]
    first = cases[0].record
    discarder = cases[0].discarder
    assert discarder is not None
    assert all(c.discarder == discarder for c in cases)
    order = [(c.record["winner"] - first["from_who"]) % 4 for c in cases]
    assert order == sorted(order), "the data lists the nearest winner first"
    table = {"honba": first["honba"], "riichi_sticks": first["riichi_sticks"]}
    results = [riichi.score(c.hand, c.win_tile, **{**c.kwargs, **table}) for c in cases]
    liable = [c.liable for c in cases]
    deltas, winners = riichi.settle_multi_ron(
        results, discarder, liable=liable if any(liable) else None
    )
    want = tuple(sum(c.expected.deltas[k] for c in cases) for k in range(4))
    assert tuple(deltas) == want, "\n".join(f"line {c.line}: {c.label}" for c in cases)
    assert sorted(winners) == sorted(c.kwargs["seat_wind"] for c in cases)


def test_yakuman_fu_are_the_ones_tenhou_records(tenhou: list[Case]) -> None:
    """A yakuman hand's fu do not count, but `result.fu` still gives them, as Tenhou's
    logs do: the reading's fu, and 0 for kokushi musou, which has no sets (the game
    engine's win events carry the same)."""
    cases = [c for c in tenhou if c.expected.yakuman]
    assert len(cases) == 11
    got = [(c.line, c.record["result"]["fu"], c.score().fu) for c in cases]
    assert [g for g in got if g[1] != g[2]] == []
    assert {fu for _, fu, _ in got} >= {0, 20, 40, 60}
