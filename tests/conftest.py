"""Shared helpers: a slow, obviously-correct pure-Python reference (counts, complete
hands, waits by brute force) and random hand generators, all independent of
`riichi`'s own algorithms."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

import pytest

import riichi

KINDS = 34
SUITS = "mpsz"
YAOCHUU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
# Every distinct tile: 34 plain kinds and the three red fives.
ALL_TILE_NAMES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
ALL_TILE_NAMES += ["0m", "0p", "0s"]


def kind_of(name: str) -> int:
    """Kind 0-33 of a two-character tile name such as "5m", "0p" or "7z"."""
    n, s = int(name[0]), name[1]
    return SUITS.index(s) * 9 + (5 if n == 0 else n) - 1


def name_of(kind: int) -> str:
    return f"{kind % 9 + 1}{SUITS[kind // 9]}"


def counts_of(s: str) -> list[int]:
    """34 counts of a plain mpsz string (no melds), parsed without `riichi`."""
    counts = [0] * KINDS
    digits: list[str] = []
    for c in s:
        if c.isdigit():
            digits.append(c)
        elif c in SUITS:
            for d in digits:
                counts[kind_of(d + c)] += 1
            digits = []
        elif c != " ":
            raise AssertionError(f"bad test input {s!r}")
    assert not digits, s
    return counts


def names(tiles: Iterable[riichi.Tile]) -> list[str]:
    return [str(t) for t in tiles]


def _sets_and_pair(c: list[int], need_pair: bool) -> bool:
    """Whether counts `c` split exactly into sets (and one pair when asked)."""
    k = next((i for i in range(KINDS) if c[i]), None)
    if k is None:
        return not need_pair
    if need_pair and c[k] >= 2:
        c[k] -= 2
        ok = _sets_and_pair(c, False)
        c[k] += 2
        if ok:
            return True
    if c[k] >= 3:
        c[k] -= 3
        ok = _sets_and_pair(c, need_pair)
        c[k] += 3
        if ok:
            return True
    if k < 27 and k % 9 <= 6 and c[k + 1] and c[k + 2]:
        for i in (k, k + 1, k + 2):
            c[i] -= 1
        ok = _sets_and_pair(c, need_pair)
        for i in (k, k + 1, k + 2):
            c[i] += 1
        if ok:
            return True
    return False


def is_complete_ref(counts: Sequence[int], melds: int = 0) -> bool:
    """Brute-force completeness of concealed counts (melds are finished sets):
    sets and one pair; with no melds and 14 tiles also seven distinct pairs or
    kokushi."""
    c = list(counts)
    n = sum(c)
    if n % 3 != 2:
        return False
    if _sets_and_pair(c, True):
        return True
    if melds == 0 and n == 14:
        if sum(1 for x in c if x == 2) == 7:
            return True
        if all(c[k] >= 1 for k in YAOCHUU) and sum(c[k] for k in YAOCHUU) == 14:
            return True
    return False


def waits_ref(
    counts: Sequence[int], meld_counts: Sequence[int] | None = None, melds: int = 0
) -> tuple[set[int], set[int]]:
    """Brute-force waits of a 3n+1 hand: (kinds that complete it and can still be
    drawn, kinds that complete it but are held four times counting melds)."""
    mc = meld_counts or [0] * KINDS
    live: set[int] = set()
    dead: set[int] = set()
    for k in range(KINDS):
        c = list(counts)
        c[k] += 1
        if is_complete_ref(c, melds):
            (dead if counts[k] + mc[k] >= 4 else live).add(k)
    return live, dead


def is_tenpai_ref(
    counts: Sequence[int], meld_counts: Sequence[int] | None = None, melds: int = 0
) -> bool:
    return bool(waits_ref(counts, meld_counts, melds)[0])


def meld_counts_of(hand: riichi.Hand) -> list[int]:
    mc = [0] * KINDS
    for m in hand.melds:
        for t in m.tiles:
            mc[t.kind] += 1
    return mc


def random_closed_counts(rng: random.Random, n: int) -> list[int]:
    """`n` tiles drawn from a shuffled 136-tile wall, as counts."""
    wall = [k for k in range(KINDS) for _ in range(4)]
    counts = [0] * KINDS
    for k in rng.sample(wall, n):
        counts[k] += 1
    return counts


def random_complete_counts(rng: random.Random, sets: int = 4) -> list[int]:
    """Counts of a random complete standard hand (`sets` sets and a pair), at most
    4 copies of a kind."""
    while True:
        c = [0] * KINDS
        for _ in range(sets):
            if rng.random() < 0.6:
                suit = rng.randrange(3)
                first = suit * 9 + rng.randrange(7)
                for k in (first, first + 1, first + 2):
                    c[k] += 1
            else:
                c[rng.randrange(KINDS)] += 3
        c[rng.randrange(KINDS)] += 2
        if max(c) <= 4:
            return c


def kans_left_out(counts: Sequence[int]) -> list[riichi.Meld]:
    """Closed kans that make closed counts of fewer than 13 tiles (3n+1 or 3n+2) a
    13- or 14-tile `Hand` whose analysis is that of the counts alone, as the
    module-level calls read them (a hand with its melds left out).

    Each kan is of a kind that neither the counts nor its neighbours within two
    (same suit) hold, honors first: no held tile could ever make a set with it, and
    any set or pair a completion would build of it from new tiles alone can be built
    of another untouched kind instead, so shanten, waits and completeness are the
    same."""
    n = sum(counts)
    assert n % 3 and n <= 14, n
    need = (14 - n if n % 3 == 2 else 13 - n) // 3

    def untouched(k: int) -> bool:
        if k >= 27:
            return counts[k] == 0
        return all(counts[j] == 0 for j in range(max(k - 2, 0), k + 3) if j // 9 == k // 9)

    kinds = [k for k in [*range(27, KINDS), *range(27)] if untouched(k)][:need]
    assert len(kinds) == need, counts
    return [riichi.Meld("ankan", name_of(k) * 4) for k in kinds]


def hand_of_counts(counts: Sequence[int]) -> riichi.Hand:
    """The `Hand` of closed counts; fewer than 13 tiles get `kans_left_out`."""
    text = counts_to_mpsz(counts)
    if sum(counts) >= 13:
        return riichi.Hand(text)
    return riichi.Hand(text, melds=kans_left_out(counts))


def counts_to_mpsz(counts: Sequence[int]) -> str:
    out = []
    for s_i, s in enumerate(SUITS):
        width = 7 if s == "z" else 9
        digits = "".join(
            str(n + 1) * counts[s_i * 9 + n] for n in range(width) if counts[s_i * 9 + n]
        )
        if digits:
            out.append(digits + s)
    return "".join(out)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "differential: compares with the `mahjong` package on the shared corpus "
        "(deselect with -m 'not differential')",
    )


@pytest.fixture
def rng() -> random.Random:
    return random.Random(20240601)
