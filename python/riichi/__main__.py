"""Command line.

``python -m riichi analyze "<hand>" [--visible "<tiles>"]`` prints the hand in
Unicode tiles, its shanten by form, and then either its waits with their shapes and
its ukeire (a 13-tile hand) or the discard table (a 14-tile hand).

``python -m riichi score "<hand>" --win <tile> [--tsumo] [--riichi] ... [--rules
mahjong_soul|rules.toml] [--set kiriage=true]`` scores a win: its yaku, the fu
breakdown, han and fu, the limit, the points and who pays what.

Errors (bad notation, an incomplete hand, a hand without yaku, an unknown rule
option, ...) print one line on stderr and exit with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from riichi._core import (
    Decomposition,
    Hand,
    MahjongError,
    Rules,
    Tile,
    format_tiles,
    parse_tiles,
    score,
)

WINDS = ("E", "S", "W", "N")
_SITUATION_FLAGS = {
    "tsumo": "won on the player's own draw (default: ron, on a discard)",
    "riichi": "the winner declared riichi",
    "double_riichi": "riichi on the first turn (implies --riichi)",
    "ippatsu": "won within one go-around of the riichi",
    "rinshan": "won on a kan's replacement tile",
    "chankan": "won on the tile added to another player's kakan",
    "haitei": "won by tsumo on the last tile of the wall",
    "houtei": "won by ron on the last discard",
}


def _tiles(tiles: Sequence[Tile]) -> str:
    return format_tiles(list(tiles)) or "-"


def analyze(hand: Hand, visible: str = "") -> str:
    """The report `python -m riichi analyze` prints, as a string."""
    seen = parse_tiles(visible)
    lines = [f"hand     {hand}", f"tiles    {hand.unicode}"]
    by_form = hand.shanten_by_form
    forms = [f"standard {by_form.standard}"]
    for name, value in (("chiitoitsu", by_form.chiitoitsu), ("kokushi", by_form.kokushi)):
        forms.append(f"{name} {'-' if value is None else value}")
    lines.append(f"shanten  {hand.shanten}  ({', '.join(forms)})")
    concealed = len(hand.concealed)
    if concealed % 3 == 1:
        waits = hand.waits()
        if len(waits):
            shown = ", ".join(f"{w.tile} ({'/'.join(w.shapes)})" for w in waits.waits)
            lines.append(f"waits    {shown}")
        for w in waits.impossible:
            lines.append(f"         {w.tile} would complete it, but the hand holds all four")
        uke = hand.ukeire(visible=seen)
        lines.append(f"ukeire   {_tiles([t for t, _ in uke.tiles])}  ({uke.live} tiles live)")
    else:
        if hand.is_complete:
            lines.append("complete hand")
        lines.append("")
        lines.append("discard  shanten  ukeire (live)")
        for opt in hand.discard_options(visible=seen):
            kinds = _tiles([t for t, _ in opt.ukeire.tiles])
            lines.append(f"{opt.tile!s:<8} {opt.shanten:>7}  {kinds} ({opt.live})")
    return "\n".join(lines)


def _reading(d: Decomposition) -> str:
    """The sets and pair(s) of a decomposition, melds in their brackets."""
    if d.form == "kokushi":
        return "kokushi"
    parts = []
    for b in d.blocks:
        s = format_tiles(b.tiles)
        parts.append(f"[{s}]" if b.is_open else f"({s})" if b.meld == "ankan" else s)
    parts += [format_tiles([p, p]) for p in d.pairs]
    return " ".join(parts)


def _yakuman(n: int) -> str:
    return "yakuman" if n == 1 else f"yakuman x{n}"


def score_report(
    hand: Hand | str,
    win_tile: Tile | str,
    *,
    rules: Rules | None = None,
    seat_wind: str = "E",
    round_wind: str = "E",
    dora_indicators: str = "",
    ura_indicators: str = "",
    honba: int = 0,
    riichi_sticks: int = 0,
    **flags: bool,
) -> str:
    """The report `python -m riichi score` prints, as a string.

    Takes the arguments of `riichi.score` (`flags` are its boolean keywords:
    `tsumo=True`, `riichi=True`, ...) and raises its errors.
    """
    hand = Hand(hand) if isinstance(hand, str) else hand
    r = score(
        hand,
        win_tile,
        rules=rules,
        seat_wind=seat_wind,  # type: ignore[arg-type]
        round_wind=round_wind,  # type: ignore[arg-type]
        dora_indicators=dora_indicators,
        ura_indicators=ura_indicators,
        honba=honba,
        riichi_sticks=riichi_sticks,
        **flags,
    )
    how = "tsumo" if r.tsumo else "ron"
    dealer = ", dealer" if r.is_dealer else ""
    lines = [
        f"hand     {hand}",
        f"tiles    {hand.unicode}",
        f"win      {win_tile} by {how} (seat {seat_wind}{dealer}, round {round_wind})",
    ]
    context = [name.replace("_", " ") for name in flags if flags[name] and name != "tsumo"]
    if dora_indicators:
        context.append(f"dora indicators {format_tiles(dora_indicators)}")
    if ura_indicators:
        context.append(f"ura indicators {format_tiles(ura_indicators)}")
    if honba:
        context.append(f"honba {honba}")
    if riichi_sticks:
        context.append(f"riichi sticks {riichi_sticks}")
    if context:
        lines.append(f"context  {', '.join(context)}")
    changed = (rules or Rules()).diff()
    shown = ", ".join(f"{k}={json.dumps(v)}" for k, v in changed.items())
    lines.append(f"rules    {shown or 'tenhou (the defaults)'}")
    lines.append(f"reading  {_reading(r.decomposition)}  ({r.wait} wait)")

    # Yaku: a yakuman hand lists its yakuman only; dora count for regular hands.
    yaku = [(y.name, _yakuman(y.yakuman)) for y in r.yakuman]
    if not yaku:
        yaku = [(y.name, f"{y.han} han") for y in r.yaku]
        for name, n in (("Dora", r.dora), ("Aka Dora", r.aka), ("Ura Dora", r.ura)):
            if n:
                yaku.append((name, f"{n} han"))
    width = max(len(name) for name, _ in yaku)
    for i, (name, value) in enumerate(yaku):
        lines.append(f"{'yaku' if i == 0 else '':<8} {name:<{width}}  {value}")

    reason_width = max(len(item.reason) for item in r.fu_details)
    for i, item in enumerate(r.fu_details):
        label = "fu" if i == 0 else ""
        lines.append(f"{label:<8} {item.fu:>3}  {item.reason:<{reason_width}}  {item.detail}")
    lines.append(f"{'':<8} {r.fu:>3}  total")

    lines.append(f"han/fu   {r.han} han {r.fu} fu")
    lines.append(f"limit    {r.limit.replace('_', ' ') if r.limit != 'none' else '-'}")
    lines.append(f"points   {r.points}")

    # Who pays what, honba included; the winner also collects the riichi sticks.
    p = r.payments
    winner = WINDS.index(seat_wind)
    if r.tsumo:
        payers = [(WINDS[i], -d) for i, d in enumerate(r.deltas()) if i != winner]
        paid = [f"{w} pays {n}{' (dealer)' if w == 'E' else ''}" for w, n in payers]
    else:
        paid = [f"the discarder pays {p.ron}"]
    extras = [f"honba {p.honba} included"] if p.honba else []
    if p.sticks:
        extras.append(f"riichi sticks {p.sticks}")
    if extras:
        paid.append(", ".join(extras))
    paid.append(f"{seat_wind} gains {p.total}")
    for i, line in enumerate(paid):
        lines.append(f"{'payments' if i == 0 else '':<8} {line}")
    return "\n".join(lines)


def _option_value(text: str) -> Any:
    """A `--set` value: JSON (true, 4, null, [1, 1, 1], "x"), else the bare string;
    `none` reads as null."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return None if text.lower() == "none" else text


def _rules(name: str | None, settings: Sequence[str]) -> Rules | None:
    """The rules of `--rules` (a preset name or a .json/.toml file) and `--set`."""
    if name is None:
        rules = None
    elif "." in name or "/" in name or Path(name).exists():
        try:
            rules = Rules.load(name)
        except OSError as e:
            raise ValueError(f"cannot read rules file {name}: {e.strerror or e}") from e
    else:
        rules = Rules.preset(name)
    changes = {}
    for setting in settings:
        key, eq, value = setting.partition("=")
        if not eq or not key.strip():
            raise ValueError(f"--set takes option=value, not {setting!r}")
        changes[key.strip().replace("-", "_")] = _option_value(value.strip())
    if changes:
        rules = (rules or Rules()).replace(**changes)
    return rules


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m riichi",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("analyze", help="shanten, waits, ukeire and discards of a hand")
    p.add_argument("hand", help='hand notation, e.g. "123m456p11z [555z] (1111s)"')
    p.add_argument("--visible", default="", help="tiles seen outside the hand, e.g. 19m5z")

    s = sub.add_parser("score", help="yaku, fu, points and payments of a winning hand")
    s.add_argument(
        "hand", help='the winning hand, winning tile included, e.g. "234m406p789s11z555z"'
    )
    s.add_argument("--win", required=True, help="the winning tile, e.g. 5z (a red five as 0p)")
    for flag, text in _SITUATION_FLAGS.items():
        s.add_argument(f"--{flag.replace('_', '-')}", action="store_true", dest=flag, help=text)
    s.add_argument("--dora", default="", help="dora indicators, e.g. 4p1z")
    s.add_argument("--ura", default="", help="ura dora indicators")
    winds = {"type": str.upper, "choices": WINDS}
    s.add_argument("--seat", default="E", help="the winner's seat wind (E = dealer)", **winds)
    s.add_argument("--round", default="E", help="the round wind", **winds)
    s.add_argument("--honba", type=int, default=0, help="honba counters")
    s.add_argument("--sticks", type=int, default=0, help="riichi sticks on the table")
    s.add_argument("--rules", help=f"a preset ({', '.join(Rules.presets())}) or a .json/.toml file")
    s.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="OPTION=VALUE",
        help="change a rule option, e.g. kiriage=true, red_fives=[0,0,0] (repeatable)",
    )
    args = parser.parse_args(argv)
    try:
        if args.command == "analyze":
            print(analyze(Hand(args.hand), args.visible))
        else:
            flags = {flag: getattr(args, flag) for flag in _SITUATION_FLAGS}
            report = score_report(
                args.hand,
                args.win,
                rules=_rules(args.rules, args.set),
                seat_wind=args.seat,
                round_wind=args.round,
                dora_indicators=args.dora,
                ura_indicators=args.ura,
                honba=args.honba,
                riichi_sticks=args.sticks,
                **flags,
            )
            print(report)
    except (MahjongError, ValueError) as e:  # MahjongError is a ValueError: said for clarity
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
