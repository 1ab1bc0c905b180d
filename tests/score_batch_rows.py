"""What `riichi.score_batch` must give for a row, from `riichi.score`: every column
of a scored row, the zeros and the status of one that is not, and a row of the
batch's output read back as the same dict (the yaku mask as names). Plain
functions: the batch tests use them."""

from __future__ import annotations

from typing import Any

import riichi
from riichi import MahjongError, NotAgariError, NoYakuError, Tile

STATUS = riichi.SCORE_STATUS
COLUMNS = {
    "han", "fu", "points", "yaku", "yakuman", "limit", "dora", "aka", "ura", "kita",
    "ron", "tsumo_dealer", "tsumo_non_dealer", "honba_points", "sticks_points", "total", "status",
}  # fmt: skip


def tile_id(t: Any) -> int:
    """A tile's id as the batch takes it: its kind, 34-36 for the red fives."""
    t = Tile(t) if not isinstance(t, Tile) else t
    return 34 + "mps".index(str(t)[1]) if t.is_red else t.kind


def yaku_names_of(r: riichi.ScoreResult) -> set[str]:
    return {y.id + (" (yakuman)" if y.yakuman else "") for y in [*r.yaku, *r.yakuman]}


def names_of_mask(words: Any) -> set[str]:
    bits = [int(words[i // 64]) >> (i % 64) & 1 for i in range(len(riichi.YAKU_NAMES))]
    assert int(words[0]) >> len(riichi.YAKU_NAMES) == 0 or len(riichi.YAKU_NAMES) > 64
    return {riichi.YAKU_NAMES[i] for i, b in enumerate(bits) if b}


def expected_row(r: riichi.ScoreResult) -> dict[str, Any]:
    """The columns of a scored row, from `score`'s result."""
    p = r.payments
    return {
        "han": r.han, "fu": r.fu, "points": r.points, "yaku": yaku_names_of(r),
        "yakuman": r.yakuman_multiplier, "limit": riichi.SCORE_LIMITS[r.limit],
        "dora": r.dora, "aka": r.aka, "ura": r.ura, "kita": r.kita, "ron": p.ron or 0,
        "tsumo_dealer": p.tsumo_dealer or 0, "tsumo_non_dealer": p.tsumo_non_dealer or 0,
        "honba_points": p.honba, "sticks_points": p.sticks, "total": p.total, "status": 0,
    }  # fmt: skip


def unscored(status: str) -> dict[str, Any]:
    row: dict[str, Any] = dict.fromkeys(COLUMNS - {"yaku", "status"}, 0)
    return {**row, "yaku": set(), "status": STATUS[status]}


def got_row(out: dict[str, Any], i: int) -> dict[str, Any]:
    row = {k: int(v[i]) for k, v in out.items() if k != "yaku"}
    row["yaku"] = names_of_mask(out["yaku"][i])
    return row


def expected_score(hand: str, win: int, kw: dict[str, Any], rules: Any = None) -> dict[str, Any]:
    """What `score` makes of a row with valid flags, winds and indicators, with
    the batch's checks of the hand and the winning tile before it."""
    try:
        h = riichi.Hand(hand)
    except MahjongError:
        return unscored("bad_hand")
    if h.counts[tile_of_id(win).kind] == 0:
        return unscored("win_tile_not_in_hand")
    try:
        return expected_row(riichi.score(h, tile_of_id(win), rules=rules, **kw))
    except NotAgariError:
        return unscored("not_agari")
    except NoYakuError:
        return unscored("no_yaku")
    except (riichi.InvalidHandError, riichi.TileParseError, riichi.InvalidMeldError):
        return unscored("bad_hand")
    except MahjongError:
        return unscored("invalid")


def tile_of_id(i: int) -> Tile:
    return Tile(f"0{'mps'[i - 34]}") if 34 <= i <= 36 else Tile.from_kind(i)
