"""Command line.

``python -m riichi analyze "<hand>" [--visible "<tiles>"]`` prints the hand in
Unicode tiles, its shanten by form, and then either its waits with their shapes and
its ukeire (a 13-tile hand) or the discard table (a 14-tile hand).

``python -m riichi score "<hand>" --win <tile> [--tsumo] [--riichi] ... [--rules
mahjong_soul|rules.toml] [--set kiriage=true]`` scores a win: its yaku, the fu
breakdown, han and fu, the limit, the points and who pays what.

``python -m riichi simulate --games 1000 --agent shanten --seed 0 [--rules ...] [--set
...] [--threads 2]`` plays whole games inside Rust, every seat the same built-in agent,
and prints their statistics and the throughput (a progress bar on stderr meanwhile).

``python -m riichi replay FILE|DIR... [--no-check] [--threads T]`` replays real game
logs (Tenhou mjlog, tenhou.net/6 JSON, mjai; the format is detected) through the
engine, checking every action and result: a line per file, then the totals. Exit
status 1 when any game disagrees.

``python -m riichi convert IN --to mjai|tenhou6|mjlog [-o OUT]`` converts a log.

``python -m riichi view LOG [-o game.html]`` writes a game as one HTML page to step
through with the arrow keys or buttons (no network needed to open it).

Errors (bad notation, an incomplete hand, a hand without yaku, an unknown rule
option, ...) print one line on stderr and exit with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from riichi._core import (
    Hand,
    MahjongError,
    ReplayReport,
    Rules,
    Tile,
    WinContext,
    format_tiles,
    parse_tiles,
    read_log,
    replay_files,
    score,
    simulate,
)
from riichi.pictures import terminal

WINDS = ("E", "S", "W", "N")


def situation_flags() -> dict[str, str]:
    """The situation flags of `riichi.score` (`WinContext.FLAGS`), each with its
    description: the command line's `--tsumo`, `--riichi`, ... options."""
    return {name: (getattr(WinContext, name).__doc__ or "").strip() for name in WinContext.FLAGS}


def _tiles(tiles: Sequence[Tile]) -> str:
    return format_tiles(list(tiles)) or "-"


def analyze(hand: Hand, visible: str = "") -> str:
    """The report `python -m riichi analyze` prints, as a string."""
    seen = parse_tiles(visible)
    lines = [f"hand     {hand}", f"tiles    {terminal(hand).rstrip()}"]
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
        f"tiles    {terminal(hand).rstrip()}",
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
    lines.append(str(r))
    return "\n".join(lines)


def simulate_report(stats: dict[str, Any], agent: str, seed: int, rules: str = "tenhou") -> str:
    """The report `python -m riichi simulate` prints, as a string (`rules` says
    which rules were played)."""

    def pct(x: float) -> str:
        return f"{100 * x:.1f}%"

    lines = [
        f"games    {stats['games']} ({agent} agent on every seat, seed {seed})",
        f"rules    {rules}",
        f"hands    {stats['hands']} ({stats['hands_per_game']:.2f} per game), "
        f"{stats['decisions']} decisions",
        f"wins     {pct(sum(stats['win_rate']))} of hands: tsumo {pct(stats['tsumo_rate'])}, "
        f"ron {pct(stats['ron_rate'])}",
        f"draws    exhaustive {pct(stats['exhaustive_draw_rate'])}, "
        f"abortive {pct(stats['abortive_draw_rate'])}",
    ]
    # The most frequent yaku, as a share of the wins.
    wins = max(1, round(sum(stats["win_rate"]) * stats["hands"]))
    common = sorted(stats.get("yaku_counts", {}).items(), key=lambda kv: (-kv[1], kv[0]))
    if common:
        shown = ", ".join(f"{name} {pct(n / wins)}" for name, n in common[:5])
        more = f" (+{len(common) - 5} more)" if len(common) > 5 else ""
        lines.append(f"yaku     {shown}{more}")
    lines += [
        "by seat  " + " ".join(f"{f'seat {i}':>8}" for i in range(4)) + "  (seat 0 deals first)",
        "win rate " + " ".join(f"{pct(r):>8}" for r in stats["win_rate"]),
        "points   " + " ".join(f"{p:>8.0f}" for p in stats["average_points"]),
        "rank     " + " ".join(f"{r:>8.2f}" for r in stats["average_rank"]),
        f"speed    {stats['games_per_second']:.0f} games/s ({stats['games']} games in "
        f"{stats['seconds']:.2f} s)",
    ]
    return "\n".join(lines)


def _progress_bar(done: int, total: int, unit: str = "games") -> None:
    width = 30
    filled = width * done // max(total, 1)
    bar = "#" * filled + "." * (width - filled)
    end = "\n" if done == total else ""
    print(f"\r[{bar}] {done}/{total} {unit}", end=end, file=sys.stderr, flush=True)


LOG_SUFFIXES = (".mjlog", ".xml", ".json", ".jsonl", ".mjson", ".txt")


def log_files(paths: Sequence[str]) -> list[Path]:
    """The files named, with each directory's log files (by suffix, sorted)."""
    files: list[Path] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*") if p.suffix in LOG_SUFFIXES))
        else:
            files.append(path)
    return files


def replay_logs(
    files: Sequence[Path],
    check: bool = True,
    threads: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    chunk: int = 64,
) -> list[ReplayReport]:
    """Replays the files in chunks (each chunk in parallel, the GIL released),
    calling `progress(done, total)` after each; unreadable files are reports with
    one `record` mismatch."""
    reports: list[ReplayReport] = []
    for start in range(0, len(files), chunk):
        part = [str(f) for f in files[start : start + chunk]]
        reports.extend(replay_files(part, check=check, threads=threads, errors="report"))
        if progress is not None:
            progress(len(reports), len(files))
    return reports


def replay_summary(reports: Sequence[ReplayReport], seconds: float) -> str:
    """A line per file (its mismatches below it), then the totals."""
    lines = []
    for r in reports:
        status = "ok" if r.ok else f"{len(r.mismatches)} mismatches"
        lines.append(f"{r.source}: {status}, {r.hands} hands, {r.wins} wins, {r.draws} draws")
        lines.extend(f"    {m}" for m in r.mismatches[:5])
    bad = sum(not r.ok for r in reports)
    total = (
        f"{len(reports)} games, {sum(r.hands for r in reports)} hands, "
        f"{sum(r.actions for r in reports)} actions, {sum(r.wins for r in reports)} wins, "
        f"{sum(r.draws for r in reports)} draws checked; "
        f"{sum(len(r.mismatches) for r in reports)} mismatches in {bad} games "
        f"({len(reports) / max(seconds, 1e-9):.0f} games/s)"
    )
    return "\n".join([*lines, total])


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
        rules = Rules.load(name)
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


def _add_rules_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rules", help=f"a preset ({', '.join(Rules.presets())}) or a .json/.toml file")
    p.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="OPTION=VALUE",
        help="change a rule option, e.g. kiriage=true, red_fives=[0,0,0] (repeatable)",
    )


def _add_view_parser(sub: Any) -> None:
    v = sub.add_parser("view", help="a game log as an HTML page to step through")
    v.add_argument("log", help="the log file (mjlog, tenhou.net/6 JSON or mjai; format detected)")
    v.add_argument(
        "-o", "--output", help="the page to write (default: the log's name with .html, here)"
    )


def view(log: str, output: str | None = None) -> str:
    """Writes the viewer page of a log file (`python -m riichi view`): every step of
    the game replayed through the engine, in one HTML file that needs no network.
    Returns the line it prints."""
    from riichi.viewer import write_viewer

    out = Path(output) if output else Path(Path(log).stem + ".html")
    try:
        data = write_viewer(log, out)
    except OSError as e:
        raise ValueError(f"cannot write {out}: {e.strerror or e}") from None
    line = f"wrote {out}: {len(data['hands'])} hands, {len(data['steps'])} steps"
    if data["mismatches"]:
        line += f"; the engine disagrees with the log: {data['mismatches'][0]}"
    return line


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
    for flag, text in situation_flags().items():
        s.add_argument(f"--{flag.replace('_', '-')}", action="store_true", dest=flag, help=text)
    s.add_argument("--dora", default="", help="dora indicators, e.g. 4p1z")
    s.add_argument("--ura", default="", help="ura dora indicators")
    winds = {"type": str.upper, "choices": WINDS}
    s.add_argument("--seat", default="E", help="the winner's seat wind (E = dealer)", **winds)
    s.add_argument("--round", default="E", help="the round wind", **winds)
    s.add_argument("--honba", type=int, default=0, help="honba counters")
    s.add_argument("--sticks", type=int, default=0, help="riichi sticks on the table")
    _add_rules_options(s)

    m = sub.add_parser("simulate", help="whole games played by built-in agents: statistics")
    m.add_argument("--games", type=int, default=1000, help="how many games (default 1000)")
    m.add_argument(
        "--agent",
        default="shanten",
        choices=("random", "tsumogiri", "shanten"),
        help="the agent on every seat (default shanten)",
    )
    m.add_argument("--seed", type=int, default=0, help="seeds every game (default 0)")
    m.add_argument("--threads", type=int, help="threads (default: every core)")
    m.add_argument("--json", action="store_true", help="print the statistics as JSON")
    m.add_argument("--quiet", action="store_true", help="no progress bar on stderr")
    _add_rules_options(m)

    r = sub.add_parser("replay", help="replay real game logs through the engine and check them")
    r.add_argument("files", nargs="+", help="log files or folders (mjlog, tenhou.net/6, mjai)")
    r.add_argument(
        "--check",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="compare every event and result with the log (default); --no-check: legality only",
    )
    r.add_argument("--threads", type=int, help="threads (default: every core)")
    r.add_argument("--quiet", action="store_true", help="no progress bar on stderr")

    c = sub.add_parser("convert", help="convert a log between mjlog, tenhou.net/6 and mjai")
    c.add_argument("input", help="the log file (format detected)")
    c.add_argument("--to", required=True, choices=("mjai", "tenhou6", "mjlog"))
    c.add_argument("-o", "--output", help="the file to write (default: standard output)")

    _add_view_parser(sub)

    args = parser.parse_args(argv)
    try:
        if args.command == "view":
            print(view(args.log, args.output))
            return 0
        if args.command == "replay":
            files = log_files(args.files)
            if not files:
                raise ValueError("no log files found")
            progress = None if args.quiet or len(files) < 2 else _progress_bar
            start = time.perf_counter()
            reports = replay_logs(files, args.check, args.threads, progress)
            print(replay_summary(reports, time.perf_counter() - start))
            return 0 if all(r.ok for r in reports) else 1
        if args.command == "convert":
            record = read_log(Path(args.input))
            text = getattr(record, f"to_{args.to}")()
            if args.output:
                Path(args.output).write_text(text, encoding="utf-8")
            else:
                sys.stdout.write(text if text.endswith("\n") else text + "\n")
            return 0
        if args.command == "analyze":
            print(analyze(Hand(args.hand), args.visible))
        elif args.command == "simulate":
            if args.games < 1:
                raise ValueError(f"the number of games is at least 1, got {args.games}")
            rules = _rules(args.rules, args.set)
            progress = None if args.quiet or args.games < 100 else _progress_bar
            stats = simulate(
                args.games, args.agent, args.seed, rules, args.threads, progress=progress
            )
            if args.json:
                print(json.dumps(stats, indent=2))
            else:
                label = ", ".join([args.rules or "tenhou", *args.set])
                print(simulate_report(stats, args.agent, args.seed, label))
        else:
            flags = {flag: getattr(args, flag) for flag in WinContext.FLAGS}
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
