"""Wait shapes checked by brute force, independently of riichi's decompositions.

Random tenpai hands (a complete hand of 4 sets and a pair, some sets called as
melds, less one concealed tile) are completed with every kind; the completed
concealed tiles are split into sets and a pair by trying every multiset of blocks
(runs and triplets the tiles allow), and the wait shapes follow from where the
winning tile sits in each split:

- in the pair: tanki;
- in a triplet: shanpon;
- in a run: kanchan in the middle, penchan as the 3 of 123 or the 7 of 789,
  ryanmen otherwise.

A closed hand of seven distinct pairs is also a tanki (chiitoitsu); a hand built of
sets and a pair is never kokushi.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Literal

from conftest import KINDS, name_of

import riichi
from riichi import Hand, Meld, Tile

HANDS = 4000
MeldKind = Literal["chi", "pon", "daiminkan", "kakan", "ankan"]
Seat = Literal["left", "across", "right"]
SEATS: list[Seat] = ["left", "across", "right"]
KANS: list[MeldKind] = ["daiminkan", "kakan", "ankan"]

Block = tuple[str, int]  # ("run", first kind) or ("triplet", kind)


def candidate_blocks(c: list[int]) -> list[Block]:
    """Every run and triplet that counts `c` could hold once."""
    out: list[Block] = []
    for k in range(KINDS):
        if c[k] >= 3:
            out.append(("triplet", k))
        if k < 27 and k % 9 <= 6 and c[k] and c[k + 1] and c[k + 2]:
            out.append(("run", k))
    return out


def block_kinds(b: Block) -> tuple[int, ...]:
    return (b[1], b[1] + 1, b[1] + 2) if b[0] == "run" else (b[1],) * 3


def multisets(
    c: list[int], blocks: list[Block], sets: int, start: int = 0
) -> Iterator[list[Block]]:
    """Every multiset of `sets` blocks (indices into `blocks` non-decreasing) that
    uses exactly the tiles of `c`."""
    if sets == 0:
        if not any(c):
            yield []
        return
    for i in range(start, len(blocks)):
        kinds = block_kinds(blocks[i])
        for k in kinds:
            c[k] -= 1
        if all(c[k] >= 0 for k in kinds):
            for rest in multisets(c, blocks, sets - 1, i):
                yield [blocks[i], *rest]
        for k in kinds:
            c[k] += 1


def splits(c: list[int]) -> list[tuple[int, tuple[Block, ...]]]:
    """Every distinct (pair, sorted blocks) split of concealed counts `c`."""
    n = sum(c)
    assert n % 3 == 2
    blocks = candidate_blocks(c)
    found = set()
    for p in range(KINDS):
        if c[p] < 2:
            continue
        c[p] -= 2
        for ms in multisets(c, blocks, n // 3):
            found.add((p, tuple(sorted(ms))))
        c[p] += 2
    return sorted(found)


def shape_in_run(first: int, win: int) -> str:
    if win == first + 1:
        return "kanchan"
    if (first % 9 == 0 and win == first + 2) or (first % 9 == 6 and win == first):
        return "penchan"
    return "ryanmen"


def readings_ref(c: list[int], win: int, closed14: bool) -> tuple[list[str], int]:
    """(the wait shape of each reading of `win` in completed concealed counts `c`:
    each split once per distinct place the winning tile can sit; the number of
    distinct standard splits)."""
    readings: list[str] = []
    found = splits(c)
    for pair, blocks in found:
        if pair == win:
            readings.append("tanki")
        for kind, k in set(blocks):
            if kind == "triplet" and k == win:
                readings.append("shanpon")
            elif kind == "run" and k <= win <= k + 2:
                readings.append(shape_in_run(k, win))
    if closed14 and sum(1 for x in c if x == 2) == 7:
        readings.append("tanki")  # chiitoitsu, won on the pair of the winning tile
    return sorted(readings), len(found)


def shapes_ref(c: list[int], win: int, closed14: bool) -> tuple[set[str], int]:
    """(wait shapes of `win` in completed concealed counts `c`, number of distinct
    standard splits)."""
    readings, n = readings_ref(c, win, closed14)
    return set(readings), n


def random_meld(rng: random.Random, block: Block, c_all: list[int]) -> Meld:
    """The meld of a set: a chi, or a pon or kan of a triplet (when a fourth copy is
    left), with or without a called tile."""
    kind, k = block
    names = [name_of(x) for x in block_kinds(block)]
    if kind == "run":
        if rng.random() < 0.5:
            return Meld("chi", names)
        return Meld("chi", names, called=rng.choice(names), called_from="left")
    meld_kind: MeldKind = "pon"
    if c_all[k] < 4 and rng.random() < 0.4:
        meld_kind = rng.choice(KANS)
        names.append(names[0])
        c_all[k] += 1
    if meld_kind == "ankan":
        return Meld("ankan", names)
    added = names[0] if meld_kind == "kakan" else None
    if rng.random() < 0.5:
        return Meld(meld_kind, names, added=added)
    seat = rng.choice(SEATS)
    return Meld(meld_kind, names, called=names[0], called_from=seat, added=added)


def random_tenpai(rng: random.Random) -> tuple[Hand, int]:
    """A tenpai hand and the tile taken from its complete form."""
    while True:
        blocks: list[Block] = []
        for _ in range(4):
            if rng.random() < 0.6:
                blocks.append(("run", 9 * rng.randrange(3) + rng.randrange(7)))
            else:
                blocks.append(("triplet", rng.randrange(KINDS)))
        pair = rng.randrange(KINDS)
        c_all = [0] * KINDS
        for b in blocks:
            for k in block_kinds(b):
                c_all[k] += 1
        c_all[pair] += 2
        if max(c_all) <= 4:
            break
    melds = [random_meld(rng, b, c_all) for b in blocks[: rng.choice([0, 0, 1, 2, 3, 4])]]
    concealed = [pair, pair] + [k for b in blocks[len(melds) :] for k in block_kinds(b)]
    win = rng.choice(concealed)
    concealed.remove(win)
    return Hand([Tile.from_kind(k) for k in concealed], melds=melds), win


def test_wait_shapes_and_decompositions_match_brute_force() -> None:
    rng = random.Random(8128)
    seen_shapes: set[str] = set()
    for _ in range(HANDS):
        h, win = random_tenpai(rng)
        closed14 = not h.melds
        held = list(h.counts)
        in_melds = [0] * KINDS
        for m in h.melds:
            for t in m.tiles:
                in_melds[t.kind] += 1
        w = h.waits()
        got = {x.tile.kind: sorted(x.shapes) for x in w.waits + w.impossible}
        assert win in {x.tile.kind for x in w.waits}, (str(h), name_of(win))
        expected: dict[int, list[str]] = {}
        for k in range(KINDS):
            # A kind neither held nor beside a held kind (within 2, same suit) is a
            # lone tile in any completed hand: it cannot be a wait. Kinds held
            # four times are tried too (their waits are listed as impossible).
            near = [j for j in range(k - 2, k + 3) if 0 <= j < KINDS and j // 9 == k // 9]
            if not (held[k] or (k < 27 and any(held[j] for j in near))):
                continue
            c = held.copy()
            c[k] += 1
            readings, n_splits = readings_ref(c, k, closed14)
            if readings:
                expected[k] = sorted(set(readings))
            live = held[k] + in_melds[k] < 4
            if live:
                # Every distinct split of the concealed tiles is one standard
                # decomposition of the completed hand (the melds are fixed).
                won = h.with_tile(Tile.from_kind(k))
                decs = won.decompositions()
                standard = [d for d in decs if d.form == "standard"]
                assert len(standard) == n_splits, (str(h), name_of(k))
                chiitoitsu = closed14 and sum(1 for x in c if x == 2) == 7
                assert len(decs) == n_splits + chiitoitsu, (str(h), name_of(k))
                # And one reading per split and distinct place of the winning tile.
                got_readings = sorted(str(d.wait) for d in won.decompositions(name_of(k)))
                assert got_readings == readings, (str(h), name_of(k))
        assert got == expected, (str(h), name_of(win))
        live_waits = {k for k in expected if held[k] + in_melds[k] < 4}
        assert {x.tile.kind for x in w.waits} == live_waits, str(h)
        seen_shapes.update(expected[win])
    # The random hands reach every shape a standard hand can wait on.
    assert seen_shapes == {"ryanmen", "kanchan", "penchan", "tanki", "shanpon"}


def test_brute_force_splits_of_known_hands() -> None:
    # The reference itself, on hands worked out by hand.
    def c(text: str) -> list[int]:
        out = [0] * KINDS
        for t in riichi.parse_tiles(text):
            out[t.kind] += 1
        return out

    # 111 222 333m 444p 55p: 123m x3 or 111 222 333m.
    assert [(name_of(p), len(b)) for p, b in splits(c("111222333m44455p"))] == [
        ("5p", 4),
        ("5p", 4),
    ]
    # 1111 2222 3333 44m: three splits (see test_analysis).
    assert len(splits(c("11112222333344m"))) == 3
    # Won on 4m: the 4 of 234 (23 waiting 1/4) or the pair 44.
    assert shapes_ref(c("11112222333344m"), 3, False) == ({"tanki", "ryanmen"}, 3)
    # Won on 3m: the 3 of 123 (12 waiting 3), of 234 (kanchan 24) or of 333.
    assert shapes_ref(c("11112222333344m"), 2, False) == ({"penchan", "kanchan", "shanpon"}, 3)
    # Chuuren won on 5m: only 111 234 55 678 999.
    assert shapes_ref(c("11123455678999m"), 4, True) == ({"tanki"}, 1)
    # Won on 1m: 111 123 456 789 99, the 1m in 111 or in 123.
    assert shapes_ref(c("11112345678999m"), 0, True) == ({"ryanmen", "shanpon"}, 1)
    # Won on 7m: 111 234 567 789 99, the 7m in 567 (56 waiting 4/7) or 789 (89).
    assert shapes_ref(c("11123456778999m"), 6, True) == ({"penchan", "ryanmen"}, 1)
    # 11 + 234 234 567 567, 44 + 123 123 567 567, 77 + 123 123 456 456, and seven
    # pairs: won on 4m, ryanmen or tanki.
    assert shapes_ref(c("11223344556677m"), 3, True) == ({"tanki", "ryanmen"}, 3)
    assert shapes_ref(c("123m456p789s12345z"), 0, False) == (set(), 0)
