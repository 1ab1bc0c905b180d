"""`riichi.score_batch` against `riichi.score`, row by row and column by column: the
real and golden wins of the scoring data (Tenhou's and majiang-core's), random
hands, and rows made wrong in each way a row can be wrong (each with its
`SCORE_STATUS` code). Columns of any integer dtype are read alike; a value that
does not fit its column is refused, naming its row and column."""

from __future__ import annotations

import ast
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import scoring_data
from hypothesis import given, settings
from hypothesis import strategies as st
from score_batch_rows import (
    COLUMNS,
    expected_row,
    expected_score,
    got_row,
    tile_id,
    tile_of_id,
    unscored,
)

import riichi
from riichi import InvalidInputError

FLAG_NAMES = sorted(riichi.SCORE_FLAGS, key=riichi.SCORE_FLAGS.get)
WINDS = "ESWN"
STATUS = riichi.SCORE_STATUS
DTYPES = {
    "han": np.int32, "fu": np.int32, "points": np.int64, "yaku": np.uint64,
    "yakuman": np.uint8, "limit": np.int8, "dora": np.uint8, "aka": np.uint8,
    "ura": np.uint8, "kita": np.uint8, "ron": np.int64, "tsumo_dealer": np.int64,
    "tsumo_non_dealer": np.int64,
    "honba_points": np.int64, "sticks_points": np.int64, "total": np.int64, "status": np.int8,
}  # fmt: skip


# The real and golden wins --------------------------------------------------------


def cases() -> list[scoring_data.Case]:
    root = scoring_data.shared_data_dir()
    if root is None:
        pytest.skip("no scoring data (tenhou/agari.jsonl, majiang/hule.jsonl)")
    return scoring_data.tenhou_cases(root / scoring_data.TENHOU_AGARI) + scoring_data.majiang_cases(
        root / scoring_data.MAJIANG_HULE
    )


def batch_args(rows: list[scoring_data.Case], dtype: Any = None) -> dict[str, Any]:
    """The `score_batch` arguments of the cases (one rule set), columns of `dtype`
    or of the documented dtypes."""

    def col(values: list[Any], default: Any) -> np.ndarray:
        return np.array(values, dtype=dtype or default)

    def indicators(key: str) -> np.ndarray:
        return col(
            [[tile_id(t) for t in c.kwargs[key]] + [255] * (5 - len(c.kwargs[key])) for c in rows],
            np.uint8,
        )

    return {
        "hands": [str(c.hand) for c in rows],
        "win_tiles": col([tile_id(c.win_tile) for c in rows], np.uint8),
        "flags": col(
            [sum(riichi.SCORE_FLAGS[f] for f in FLAG_NAMES if c.kwargs.get(f)) for c in rows],
            np.uint32,
        ),
        "seat_winds": col([WINDS.index(c.kwargs["seat_wind"]) for c in rows], np.uint8),
        "round_winds": col([WINDS.index(c.kwargs["round_wind"]) for c in rows], np.uint8),
        "dora_indicators": indicators("dora_indicators"),
        "ura_indicators": indicators("ura_indicators"),
        "honba": col([c.kwargs["honba"] for c in rows], np.uint32),
        "riichi_sticks": col([c.kwargs["riichi_sticks"] for c in rows], np.uint32),
    }


def by_rules(all_cases: list[scoring_data.Case]) -> dict[str, list[scoring_data.Case]]:
    groups: dict[str, list[scoring_data.Case]] = {}
    for c in all_cases:
        groups.setdefault(repr(c.kwargs.get("rules")), []).append(c)
    return groups


def test_every_column_of_every_real_win_is_what_score_gives():
    all_cases = cases()
    seen_limits, seen_yaku, scored = set(), set(), 0
    for rows in by_rules(all_cases).values():
        rules = rows[0].kwargs.get("rules")
        out = riichi.score_batch(**batch_args(rows), rules=rules, threads=2)
        assert set(out) == COLUMNS
        for name, v in out.items():
            assert v.dtype == DTYPES[name], name
            assert v.shape == ((len(rows), 2) if name == "yaku" else (len(rows),)), name
        for i, c in enumerate(rows):
            r = c.score()
            want = expected_row(r)
            assert got_row(out, i) == want, c.label
            seen_limits.add(r.limit)
            seen_yaku |= want["yaku"]
            scored += 1
    assert scored == len(all_cases) > 10_000
    # The data holds every limit but kazoe, and yaku and yakuman of the first word.
    assert {"none", "mangan", "haneman", "baiman", "sanbaiman", "yakuman"} <= seen_limits
    assert {"riichi", "tanyao", "kokushi (yakuman)"} <= seen_yaku


LOCAL = riichi.Rules(
    suurenkou=True, beni_kujaku=True, isshoku_yonjun=True, kouitten=True, kinmonkyou=True,
    daichisei=True, daisharin="on", toupuu_shinkansen="on", hyakuman_goku="at_least_100",
    tuibuudao="on", sanrenkou=True, isshoku_sanjun="on", uumensai=True, sanshoku_tsuukan="on",
)  # fmt: skip
LOCAL_WINS = [
    ("111222333444m55p", "5p", {}),  # suurenkou
    ("111555777999s77z", "7z", {}),  # beni kujaku
    ("111122223333m55p", "5p", {"tsumo": True}),  # isshoku yonjun or the triplets
    ("22334466688s666z", "6z", {}),  # kouitten
    ("123m456m789m99m789p", "9m", {}),  # too few: an ordinary hand
    ("22334455667788p", "8p", {"riichi": True}),  # daisharin
    ("11223344556677z", "7z", {}),  # daichisei
    ("123456789s111z99s", "9s", {}),  # toupuu shinkansen
    ("777888999m11122z", "2z", {}),  # hyakuman goku? (too few: not 100)
    ("789m789m789m789m11m", "1m", {}),  # hyakuman goku
    ("123p456p888p999p55p", "5p", {}),  # tuibuudao? (pins of 1234589)
    ("123m345m567m789m99m", "9m", {}),  # kinmonkyou
    ("123m234m345m789s11z", "1z", {"riichi": True}),  # isshoku sanjun? sanrenkou?
    ("123m456p789s11z22z3z", "3z", {}),  # not complete
]


def test_local_yaku_and_yakuman_of_the_second_word():
    hands = [h for h, _, _ in LOCAL_WINS]
    wins = [w for _, w, _ in LOCAL_WINS]
    flags = [sum(riichi.SCORE_FLAGS[k] for k in kw) for _, _, kw in LOCAL_WINS]
    out = riichi.score_batch(hands, wins, flags=np.array(flags), rules=LOCAL)
    seen = set()
    for i, (hand, win, kw) in enumerate(LOCAL_WINS):
        want = expected_score(hand, tile_id(win), kw, LOCAL)
        assert got_row(out, i) == want, hand
        seen |= want["yaku"]
    second = {n for n in seen if riichi.YAKU_NAMES.index(n) >= 64}
    assert len(second) >= 3, seen


def test_real_wins_read_alike_from_columns_of_every_integer_dtype():
    rows = cases()[:400]
    base = riichi.score_batch(**batch_args(rows))
    for dtype in (np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64):
        out = riichi.score_batch(**batch_args(rows, dtype))
        for k in base:
            assert np.array_equal(out[k], base[k]), (dtype, k)


def test_real_closed_wins_as_count_arrays_of_any_dtype():
    # Closed hands with no red five, as (N, 34) counts: the same columns as strings.
    rows = [c for c in cases()[:3000] if not c.hand.melds and "0" not in str(c.hand)]
    rows = [c for c in rows if "rules" not in c.kwargs]
    assert len(rows) > 300
    args = batch_args(rows)
    strings = riichi.score_batch(**args)
    for dtype in (np.uint8, np.int64, np.uint16):
        args["hands"] = np.array([c.hand.counts for c in rows], dtype=dtype)
        out = riichi.score_batch(**args)
        for k in strings:
            assert np.array_equal(out[k], strings[k]), (dtype, k)


# Random hands --------------------------------------------------------------------


@st.composite
def random_rows(draw: st.DrawFn) -> tuple[list[str], list[int], dict[str, Any]]:
    """Hands made of sets and a pair (some open, some with red fives) or random
    tiles, with a tile of the hand (or any id) as the winning tile, and random
    situations."""
    n = draw(st.integers(1, 12))
    hands, wins = [], []
    for _ in range(n):
        rng = random.Random(draw(st.integers(0, 2**32)))
        tiles: list[str] = []
        if rng.random() < 0.8:
            for _ in range(4):
                if rng.random() < 0.6:
                    s, k = rng.choice("mps"), rng.randint(1, 7)
                    tiles += [f"{k}{s}", f"{k + 1}{s}", f"{k + 2}{s}"]
                else:
                    s = rng.choice("mpsz")
                    k = rng.randint(1, 7 if s == "z" else 9)
                    tiles += [f"{k}{s}"] * 3
            s = rng.choice("mpsz")
            tiles += [f"{rng.randint(1, 7 if s == 'z' else 9)}{s}"] * 2
        else:
            tiles = [rng.choice(["1m", "5p", "9s", "3z", "7z", "4m"]) for _ in range(14)]
        if rng.random() < 0.3 and "5m" in tiles:
            tiles[tiles.index("5m")] = "0m"
        hand = "".join(tiles)
        hands.append(hand)
        wins.append(tile_id(rng.choice(tiles)) if rng.random() < 0.9 else rng.choice([0, 20, 36]))
    flag_values = [0, 1, 2, 3, 6, 11, 64, 128, 1 | 64, 2 | 128, 256 | 1]
    columns = {
        "flags": np.array([draw(st.sampled_from(flag_values)) for _ in range(n)], np.int64),
        "seat_winds": np.array([draw(st.integers(0, 3)) for _ in range(n)], np.int16),
        "round_winds": np.array([draw(st.integers(0, 1)) for _ in range(n)], np.uint8),
        "dora_indicators": np.array([[draw(st.integers(0, 36)), 255] for _ in range(n)], np.int32),
        "honba": np.array([draw(st.integers(0, 5)) for _ in range(n)], np.uint64),
        "riichi_sticks": np.array([draw(st.integers(0, 3)) for _ in range(n)], np.int8),
    }
    return hands, wins, columns


def expected_of(hand: str, win: int, columns: dict[str, Any], i: int) -> dict[str, Any]:
    """What `score` makes of row `i` of random columns."""
    flags = int(columns["flags"][i])
    kw: dict[str, Any] = {f: bool(flags & riichi.SCORE_FLAGS[f]) for f in FLAG_NAMES}
    kw |= {
        "seat_wind": int(columns["seat_winds"][i]),
        "round_wind": int(columns["round_winds"][i]),
        "dora_indicators": [tile_of_id(x) for x in columns["dora_indicators"][i] if x != 255],
        "honba": int(columns["honba"][i]),
        "riichi_sticks": int(columns["riichi_sticks"][i]),
    }
    return expected_score(hand, win, kw)


@settings(max_examples=300, deadline=None)
@given(rows=random_rows())
def test_every_column_of_random_hands_is_what_score_gives(rows):
    hands, wins, columns = rows
    out = riichi.score_batch(hands, np.array(wins, np.uint16), **columns)
    for i in range(len(hands)):
        assert got_row(out, i) == expected_of(hands[i], wins[i], columns, i), (hands[i], wins[i])


SANMA = riichi.Rules.preset("tenhou_sanma")
SANMA_KINDS = ["1m", "9m"] + [f"{k}{s}" for s in "ps" for k in range(1, 10)]


@st.composite
def sanma_rows(draw: st.DrawFn) -> tuple[list[str], list[int], dict[str, Any]]:
    """Three-player wins: sets and a pair of the 27 kinds (no 2m-8m), with 0-4
    Norths set aside (some rows holding Norths too, so that some rows have more
    than 4), North or West as a dora indicator."""
    n = draw(st.integers(1, 10))
    hands, wins = [], []
    for _ in range(n):
        rng = random.Random(draw(st.integers(0, 2**32)))
        tiles: list[str] = []
        for _ in range(4):
            s = rng.choice("psz")
            if s != "z" and rng.random() < 0.6:
                k = rng.randint(1, 7)
                tiles += [f"{k}{s}", f"{k + 1}{s}", f"{k + 2}{s}"]
            else:
                tiles += [rng.choice([*SANMA_KINDS, *(f"{k}z" for k in range(1, 8))])] * 3
        tiles += [rng.choice(SANMA_KINDS)] * 2
        hands.append("".join(tiles))
        wins.append(tile_id(rng.choice(tiles)))
    columns = {
        "flags": np.array([draw(st.sampled_from([1, 2, 3, 1 | 16])) for _ in range(n)], np.uint32),
        "seat_winds": np.array([draw(st.integers(0, 2)) for _ in range(n)], np.uint8),
        "round_winds": np.zeros(n, np.uint8),
        "dora_indicators": np.array([[draw(st.sampled_from([29, 30, 0])), 255] for _ in range(n)]),
        "honba": np.zeros(n, np.uint32),
        "riichi_sticks": np.zeros(n, np.uint32),
        "kita": np.array([draw(st.integers(0, 4)) for _ in range(n)], np.int64),
    }
    return hands, wins, columns


@settings(max_examples=200, deadline=None)
@given(rows=sanma_rows())
def test_kita_of_three_player_wins_is_what_score_gives(rows):
    hands, wins, columns = rows
    out = riichi.score_batch(hands, np.array(wins), rules=SANMA, **columns)
    for i in range(len(hands)):
        flags = int(columns["flags"][i])
        kw: dict[str, Any] = {f: bool(flags & riichi.SCORE_FLAGS[f]) for f in FLAG_NAMES}
        kw |= {
            "seat_wind": int(columns["seat_winds"][i]),
            "dora_indicators": [tile_of_id(x) for x in columns["dora_indicators"][i] if x != 255],
            "kita": int(columns["kita"][i]),
        }
        assert got_row(out, i) == expected_score(hands[i], wins[i], kw, SANMA), hands[i]


def test_kita_count_as_han_and_are_refused_without_nukidora():
    hand, win = "111p456p789s11z222z", tile_id("2z")  # riichi tsumo, no North in the hand
    args = {"flags": np.array([3, 3, 3]), "kita": np.array([0, 2, 5])}
    out = riichi.score_batch([hand] * 3, np.array([win] * 3), rules=SANMA, **args)
    assert out["kita"].tolist() == [0, 2, 0]
    assert out["han"][1] == out["han"][0] + 2
    assert out["status"].tolist() == [STATUS["ok"], STATUS["ok"], STATUS["invalid"]]  # 5 Norths
    four = riichi.score_batch([hand], np.array([win]), flags=np.array([3]), kita=np.array([1]))
    assert got_row(four, 0) == unscored("invalid")


# Why a row is not scored ---------------------------------------------------------

HAND, WIN = "22334455m234p777s", "5m"  # scored alone: tanyao
OPEN = "234m234456s88m[567p]"


@pytest.mark.parametrize(
    ("status", "row"),
    [
        ("ok", {}),
        ("not_agari", {"hands": "22334455m234p778s"}),
        ("no_yaku", {"hands": "123m456p789s33344z", "win_tiles": 29}),  # West, seat S
        ("invalid", {"flags": riichi.SCORE_FLAGS["ippatsu"]}),  # ippatsu without riichi
        ("invalid", {"hands": OPEN, "win_tiles": 7, "flags": riichi.SCORE_FLAGS["riichi"]}),
        ("bad_flags", {"flags": 1 << len(FLAG_NAMES)}),
        ("bad_hand", {"hands": "22334455m234p777x"}),
        ("bad_hand", {"hands": "55555m234p777s"}),  # five of a kind
        ("bad_hand", {"hands": "22334455m234p777s[123m]"}),  # 17 tiles
        ("bad_win_tile", {"win_tiles": 37}),
        ("bad_win_tile", {"win_tiles": 255}),
        ("bad_wind", {"seat_winds": 4}),
        ("bad_wind", {"round_winds": 200}),
        ("bad_indicator", {"dora_indicators": [40, 255]}),
        ("bad_indicator", {"ura_indicators": [3, 37]}),
        ("win_tile_not_in_hand", {"win_tiles": 27}),
    ],
)
def test_each_status_says_why(status, row):
    args: dict[str, Any] = {
        "hands": HAND, "win_tiles": tile_id(WIN), "flags": 0, "seat_winds": 1,
        "round_winds": 0, "dora_indicators": [255, 255], "ura_indicators": [255, 255],
    }  # fmt: skip
    args |= row
    call = {k: np.array([v]) for k, v in args.items() if k != "hands"}
    out = riichi.score_batch([args["hands"]], **call)
    assert got_row(out, 0)["status"] == STATUS[status]
    if status != "ok":
        assert got_row(out, 0) == unscored(status)
    else:
        assert got_row(out, 0) == expected_row(riichi.score(HAND, WIN, seat_wind="S"))


def test_the_status_and_limit_codes_are_named_once_each_and_documented():
    assert sorted(STATUS.values()) == list(range(len(STATUS)))
    assert sorted(riichi.SCORE_LIMITS.values()) == list(range(len(riichi.SCORE_LIMITS)))
    stub = Path(riichi.__file__).with_name("_core.pyi").read_text(encoding="utf-8")
    tree = ast.parse(stub)
    data = {
        n.target.id: tree.body[i + 1].value.value  # type: ignore[attr-defined]
        for i, n in enumerate(tree.body[:-1])
        if isinstance(n, ast.AnnAssign)
        and isinstance(n.target, ast.Name)
        and isinstance(tree.body[i + 1], ast.Expr)
        and isinstance(tree.body[i + 1].value, ast.Constant)  # type: ignore[attr-defined]
    }
    for table, codes in (("SCORE_STATUS", STATUS), ("SCORE_LIMITS", riichi.SCORE_LIMITS)):
        text = " ".join(data[table].split())
        for name, code in codes.items():
            assert f"`{name}` {code}" in text, (table, name)


def test_limit_codes_follow_score_results():
    wins = [
        ("123m456p789s33344z", "4z", {"riichi": True}),  # 1 han: no limit
        ("22334455m234p777s", "5m", {"riichi": True, "tsumo": True, "dora_indicators": ["4m"]}),
        ("11122233344455m", "5m", {}),  # chinitsu and more: a limit
        ("119m19p19s1234567z", "1m", {}),  # kokushi
        ("11123455678999m", "9m", {"tsumo": True}),  # chuuren
    ]
    codes = set()
    for hand, win, kw in wins:
        r = riichi.score(hand, win, **kw)
        flags = sum(riichi.SCORE_FLAGS[k] for k in kw if k in riichi.SCORE_FLAGS)
        dora = [[tile_id(t) for t in kw.get("dora_indicators", [])] + [255]]
        out = riichi.score_batch(
            [hand], [win], flags=np.array([flags]), dora_indicators=np.array(dora)
        )
        assert got_row(out, 0) == expected_row(r), hand
        codes.add(int(out["limit"][0]))
    assert len(codes) >= 3


def test_yaku_names_are_the_yaku_and_yakuman_in_order():
    names = riichi.YAKU_NAMES
    assert isinstance(names, tuple) and len(set(names)) == len(names) <= 128
    yakuman = [n.endswith(" (yakuman)") for n in names]
    assert yakuman == sorted(yakuman)  # regular yaku first, then yakuman
    assert names[0] == "riichi" and "tanyao" in names and "kokushi (yakuman)" in names
    assert {"renhou", "renhou (yakuman)", "open_riichi", "open_riichi (yakuman)"} <= set(names)
    # simulate names yaku the same way
    counts = riichi.simulate(40, "shanten", seed=1)["yaku_counts"]
    assert counts and set(counts) <= set(names)


# Any integer dtype, values that fit ----------------------------------------------


def test_a_plain_int_array_is_taken_for_every_column():
    # np.array([0]) is int64: taken as flags, winds, honba and sticks alike.
    out = riichi.score_batch(
        [HAND], np.array([4]), flags=np.array([0]), seat_winds=np.array([1]),
        round_winds=np.array([0]), honba=np.array([2]), riichi_sticks=np.array([1]),
        dora_indicators=np.array([[3]]),
    )  # fmt: skip
    r = riichi.score(HAND, WIN, seat_wind="S", honba=2, riichi_sticks=1, dora_indicators=["4m"])
    assert got_row(out, 0) == expected_row(r)


@pytest.mark.parametrize(
    ("column", "value", "message"),
    [
        (
            "flags",
            np.array([0, -1], np.int8),
            r"^flags\[1\] is -1, outside 0 to 4294967295 \(uint32\)$",
        ),
        (
            "flags",
            np.array([0, 2**32], np.int64),
            r"^flags\[1\] is 4294967296, outside 0 to 4294967295",
        ),
        (
            "honba",
            np.array([2**40, 0], np.uint64),
            r"^honba\[0\] is 1099511627776, outside 0 to 4294967295",
        ),
        ("riichi_sticks", np.array([0, -3]), r"^riichi_sticks\[1\] is -3, outside 0 to 4294967295"),
        ("kita", np.array([0, 2**33]), r"^kita\[1\] is 8589934592, outside 0 to 4294967295"),
        (
            "seat_winds",
            np.array([0, 256], np.int16),
            r"^seat_winds\[1\] is 256, outside 0 to 255 \(uint8\)$",
        ),
        ("round_winds", np.array([-1, 0]), r"^round_winds\[0\] is -1, outside 0 to 255"),
        ("win_tiles", np.array([4, 300], np.uint16), r"^win_tiles\[1\] is 300, outside 0 to 255"),
        (
            "dora_indicators",
            np.array([[3, 255], [3, 256]]),
            r"^dora_indicators\[1, 1\] is 256, outside 0 to 255",
        ),
        (
            "ura_indicators",
            np.array([[3], [-2]], np.int8),
            r"^ura_indicators\[1, 0\] is -2, outside 0 to 255",
        ),
    ],
)
def test_a_value_that_does_not_fit_its_column_is_refused_naming_it(column, value, message):
    args: dict[str, Any] = {"win_tiles": np.array([4, 4], np.uint8), column: value}
    with pytest.raises(InvalidInputError, match=message):
        riichi.score_batch([HAND, HAND], **args)


def test_counts_that_do_not_fit_are_refused_naming_row_and_kind():
    counts = np.zeros((3, 34), np.int16)
    counts[:, :] = riichi.Hand("123456789m11p123s").counts
    counts[2, 7] = 300
    with pytest.raises(
        InvalidInputError, match=r"^hands\[2, 7\] is 300, outside 0 to 255 \(uint8\)$"
    ):
        riichi.score_batch(counts, np.array([9, 9, 9]))
    counts[2, 7] = -1
    with pytest.raises(InvalidInputError, match=r"^hands\[2, 7\] is -1, outside"):
        riichi.score_batch(counts, np.array([9, 9, 9]))
    counts[2, 7] = 5  # fits, but no hand holds five: the row's status
    out = riichi.score_batch(counts, np.array([9, 9, 9]))
    assert out["status"].tolist() == [0, 0, STATUS["bad_hand"]]


@pytest.mark.parametrize(
    "value",
    [np.array([0.0]), np.array([True]), np.array(["1"]), [0], np.array([[0]])],
    ids=["float", "bool", "str", "list", "2-d"],
)
def test_a_column_that_is_no_integer_array_is_refused(value):
    with pytest.raises(
        InvalidInputError, match=r"^flags must be a numpy integer array of shape \(N,\)"
    ):
        riichi.score_batch([HAND], [WIN], flags=value)


def test_any_layout_of_any_dtype():
    base = riichi.score_batch([HAND] * 4, [WIN] * 4, seat_winds=np.array([0, 1, 2, 3], np.uint8))
    wide = np.zeros(8, np.int64)
    wide[::2] = [0, 1, 2, 3]
    big_endian = np.array([0, 1, 2, 3], dtype=">i4")
    for winds in (wide[::2], big_endian, np.array([3, 2, 1, 0], np.uint64)[::-1]):
        out = riichi.score_batch([HAND] * 4, [WIN] * 4, seat_winds=winds)
        assert np.array_equal(out["points"], base["points"]) and np.array_equal(
            out["ron"], base["ron"]
        )
