"""Write tenhou_sanma_wins.tsv: every win of real three-player Tenhou games (mjlog)
with Tenhou's own han, fu, points, yaku and score changes, for the scorer's
three-player golden test (`cargo test --lib golden_tenhou_sanma`).

Re-run from the repository root with the mjlog files of three-player games:

    python3 src/score/golden/extract_sanma.py PATH/TO/sanma/*.mjlog \
        > src/score/golden/tenhou_sanma_wins.tsv

Columns are those of tenhou_wins.tsv (see extract.py) and an 18th: the winner's
kita (Norths set aside). Score changes are by seat wind E, S, W, N (N always 0).
Tenhou counts kita inside its dora entry (yaku id 52). Needs only Python.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

WINDS = "ESWN"
# Tenhou yaku ids that are situations of the win (the others come from the hand).
FLAGS = {
    1: "riichi",
    2: "ippatsu",
    3: "chankan",
    4: "rinshan",
    5: "haitei",
    6: "houtei",
    21: "double_riichi",
    37: "tenhou",
    38: "chiihou",
}


def mpsz(ids: list[int]) -> str:
    """Tiles by 136-id as mpsz text, a red five (ids 16, 52, 88) as 0."""
    out = []
    for suit, letter in enumerate("mpsz"):
        digits = "".join(
            "0" if i in (16, 52, 88) else str(i // 4 % 9 + 1)
            for i in sorted(ids)
            if i // 36 == suit
        )
        if digits:
            out.append(digits + letter)
    return "".join(out)


def meld(m: int) -> tuple[str, str] | None:
    """A Tenhou meld code as ("kita", "") or (mpsz text, kind); chi does not occur."""
    if m & 0x4:
        raise ValueError(f"chi {m} in a three-player game")
    if m & 0xFF == 0x20:
        return ("kita", "")
    if m & 0x18:  # pon (0x8) or added kan (0x10)
        kind = (m >> 9) // 3
        unused = (m >> 5) & 3
        ids = [kind * 4 + i for i in range(4) if m & 0x10 or i != unused]
        return (f"[{mpsz(ids)}]", "kan" if m & 0x10 else "pon")
    kind = (m >> 8) // 4
    ids = [kind * 4 + i for i in range(4)]
    return (f"({mpsz(ids)})", "ankan") if m & 3 == 0 else (f"[{mpsz(ids)}]", "kan")


def attrs(tag: str) -> dict[str, str]:
    return dict(re.findall(r'(\w+)="([^"]*)"', tag))


def rows(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    out = []
    oya = 0
    round_wind = "E"
    for tag in re.findall(r"<(?:INIT|AGARI)[^>]*>", text):
        a = attrs(tag)
        if tag.startswith("<INIT"):
            oya = int(a["oya"])
            round_wind = WINDS[int(a["seed"].split(",")[0]) // 4]
            continue
        who, from_who = int(a["who"]), int(a["fromWho"])
        hai = [int(x) for x in a["hai"].split(",")]
        melds, kita = [], 0
        for code in filter(None, a.get("m", "").split(",")):
            text_, _kind = meld(int(code))
            if text_ == "kita":
                kita += 1
            else:
                melds.append(text_)
        hand = " ".join([mpsz(hai), *melds])
        win = mpsz([int(a["machi"])])
        fu, points, limit = (int(x) for x in a["ten"].split(","))
        honba, sticks = a["ba"].split(",")
        yaku_list = [int(x) for x in a.get("yaku", "").split(",") if x]
        pairs = zip(yaku_list[::2], yaku_list[1::2], strict=True)
        yaku = [(i, h) for i, h in pairs if h > 0]
        yakuman = [int(x) for x in a.get("yakuman", "").split(",") if x]
        flags = ["tsumo"] if who == from_who else []
        flags += [FLAGS[i] for i, _ in yaku if i in FLAGS]
        han = sum(h for _, h in yaku)
        sc = [int(x) for x in a["sc"].split(",")]
        deltas_by_seat = [sc[2 * s + 1] * 100 for s in range(3)]
        by_wind = [deltas_by_seat[(oya + k) % 3] for k in range(3)] + [0]
        tsumo = who == from_who
        doras = [int(x) for x in a["doraHai"].split(",")]
        uras = [int(x) for x in a.get("doraHaiUra", "").split(",") if x]
        cells = [
            hand,
            win,
            ",".join(flags),
            WINDS[(who - oya) % 3],
            round_wind,
            mpsz(doras),
            mpsz(uras),
            honba,
            sticks,
            "" if tsumo else WINDS[(from_who - oya) % 3],
            "",
            "" if yakuman else str(han),
            "" if yakuman else str(fu),
            str(points),
            ",".join(f"{i}:{h}" for i, h in yaku),
            ",".join(str(i) for i in yakuman),
            ",".join(str(d) for d in by_wind),
            str(kita),
        ]
        del limit
        out.append("\t".join(c or "-" for c in cells))
    return out


def main(paths: list[str]) -> None:
    for p in sorted(paths):
        for line in rows(Path(p)):
            print(line)


if __name__ == "__main__":
    main(sys.argv[1:])
