"""The command line: `riichi COMMAND ...` (the console script) or `python -m riichi`.

Seven commands, each printing a plain-text report on stdout: `analyze` (shanten,
waits, ukeire, discards), `score` (yaku, fu, points, payments), `rules` (the rule
options, a preset's values, the difference between two rulesets), `simulate`
(games between built-in agents), `replay` (real logs checked against the engine),
`convert` (between log formats) and `view` (a game as one HTML page to step
through); and `mjai-bot`, a built-in agent answering mjai events as an mjai
bot. An error prints one line on stderr, saying what was wrong and what to do,
and exits with status 2; `replay` exits with 1 when
a game disagrees with the engine.

The reports are functions too (`analyze`, `score_report`, `rules_report`,
`simulate_report`, `replay_summary`), for use from Python.
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import sys
import textwrap
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any

from riichi._core import (
    Hand,
    LogParseError,
    MahjongError,
    ReplayReport,
    Rules,
    Tile,
    WinContext,
    __version__,
    format_tiles,
    log_format,
    parse_tiles,
    read_log,
    replay_files,
    score,
    shanten,
    simulate,
)
from riichi.pictures import terminal

WINDS = ("E", "S", "W", "N")
AGENTS = ("random", "tsumogiri", "shanten")
LOG_FORMATS = ("mjai", "tenhou6", "mjlog")


def situation_flags() -> dict[str, str]:
    """The situation flags of `riichi.score` (`WinContext.FLAGS`), each with its
    description: the command line's `--tsumo`, `--riichi`, ... options."""
    return {name: (getattr(WinContext, name).__doc__ or "").strip() for name in WinContext.FLAGS}


def _tiles(tiles: Sequence[Tile]) -> str:
    return format_tiles(list(tiles)) or "-"


def analyze(hand: Hand, visible: str = "", rules: Rules | None = None) -> str:
    """The report `riichi analyze` prints, as a string; `rules` of three players
    analyse with the 108 tiles of sanma (the shanten then shown without its forms)."""
    seen = parse_tiles(visible)
    lines = [f"hand     {hand}", f"tiles    {terminal(hand).rstrip()}"]
    if rules is not None and rules.players == 3:
        lines.append(f"shanten  {shanten(hand, rules=rules)}  (three players)")
    else:
        by_form = hand.shanten_by_form
        forms = [f"standard {by_form.standard}"]
        for name, value in (("chiitoitsu", by_form.chiitoitsu), ("kokushi", by_form.kokushi)):
            forms.append(f"{name} {'-' if value is None else value}")
        lines.append(f"shanten  {hand.shanten}  ({', '.join(forms)})")
    concealed = len(hand.concealed)
    if concealed % 3 == 1:
        waits = hand.waits(rules=rules)
        if len(waits):
            shown = ", ".join(f"{w.tile} ({'/'.join(w.shapes)})" for w in waits.waits)
            lines.append(f"waits    {shown}")
        for w in waits.impossible:
            lines.append(f"         {w.tile} would complete it, but the hand holds all four")
        uke = hand.ukeire(visible=seen, rules=rules)
        lines.append(f"ukeire   {_tiles([t for t, _ in uke.tiles])}  ({uke.live} tiles live)")
    else:
        if hand.is_complete:
            lines.append("complete hand")
        lines.append("")
        lines.append("discard  shanten  ukeire (live)")
        for opt in hand.discard_options(visible=seen, rules=rules):
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
    kita: int = 0,
    rules_label: str | None = None,
    **flags: bool,
) -> str:
    """The report `riichi score` prints, as a string.

    Takes the arguments of `riichi.score` (`flags` are its boolean keywords:
    `tsumo=True`, `riichi=True`, ...) and raises its errors. The `rules` line is
    `rules_label`, or else the nearest preset and the options that differ from it
    (`describe_rules`).
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
        kita=kita,
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
    if kita:
        context.append(f"kita {kita}")
    if context:
        lines.append(f"context  {', '.join(context)}")
    lines.append(f"rules    {rules_label or describe_rules(rules)}")
    lines.append(str(r))
    return "\n".join(lines)


def simulate_report(stats: dict[str, Any], agent: str, seed: int, rules: str = "tenhou") -> str:
    """The report `riichi simulate` prints, as a string (`rules` says
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


def _duration(seconds: float) -> str:
    seconds = max(0, round(seconds))
    return f"{seconds} s" if seconds < 60 else f"{seconds // 60} min {seconds % 60:02d} s"


def _is_terminal(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False


class ProgressBar:
    """A progress callback `(done, total)` that draws a bar on a terminal: the
    count, the rate and the time left, redrawn in place at most every `interval`
    seconds and finished with the total time. On anything but a terminal (a file,
    a pipe) it writes nothing at all."""

    WIDTH = 30

    def __init__(
        self,
        unit: str,
        stream: IO[str] | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        interval: float = 0.1,
    ) -> None:
        self.unit = unit
        self.stream = sys.stderr if stream is None else stream
        self.active = _is_terminal(self.stream)
        self.clock = clock
        self.interval = interval
        self.start = clock()
        self.drawn: float | None = None

    def __call__(self, done: int, total: int) -> None:
        if not self.active:
            return
        now = self.clock()
        final = done >= total
        if not final and self.drawn is not None and now - self.drawn < self.interval:
            return
        self.drawn = now
        elapsed = now - self.start
        rate = done / elapsed if elapsed > 0 else 0.0
        filled = self.WIDTH * done // max(total, 1)
        bar = "#" * filled + "." * (self.WIDTH - filled)
        if final:
            when = f"in {_duration(elapsed)}"
        elif rate > 0:
            when = f"ETA {_duration((total - done) / rate)}"
        else:
            when = "ETA -"
        # `\r` back to the line's start, `\x1b[K` clears what a longer frame left.
        frame = f"\r[{bar}] {done}/{total} {self.unit}  {rate:.0f} {self.unit}/s  {when}\x1b[K"
        self.stream.write(frame + ("\n" if final else ""))
        self.stream.flush()


# Log files ------------------------------------------------------------------------

LOG_SUFFIXES = (".mjlog", ".xml", ".json", ".jsonl", ".mjson", ".txt")


def not_a_log(path: Path) -> str | None:
    """Why a file is not a game log, as the readers tell a log's format
    (`logs.log_format`): `None` for a log of one of the three formats, else the
    reason, which names the file. This keeps a README or a LICENSE.txt from being
    read as a log."""
    try:
        log_format(path)
    except LogParseError as e:
        return str(e)
    return None


def log_files(paths: Sequence[str]) -> tuple[list[Path], list[Path]]:
    """The files to replay and the files skipped. A file named is taken as it is
    (a missing one or one that is not a log is an error); from a directory, every
    file below it with a log suffix whose text begins as a log does, sorted."""
    files: list[Path] = []
    skipped: list[Path] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            for p in sorted(p for p in path.rglob("*") if p.is_file()):
                if p.suffix.lower() in LOG_SUFFIXES and not_a_log(p) is None:
                    files.append(p)
                else:
                    skipped.append(p)
        elif not path.exists():
            raise ValueError(f"{name}: no such file or directory")
        elif (why := not_a_log(path)) is not None:
            raise ValueError(why)
        else:
            files.append(path)
    return files, skipped


def replay_logs(
    files: Sequence[Path],
    check: bool = True,
    threads: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[ReplayReport]:
    """Replays the files in parallel (the GIL released), calling
    `progress(done, total)` as parts of them are done; unreadable files are
    reports with one `record` mismatch."""
    paths = [str(f) for f in files]
    return replay_files(paths, check=check, threads=threads, errors="report", progress=progress)


def _unreadable(report: ReplayReport) -> str | None:
    """Why the file could not be read, for a report of an unreadable file."""
    m = report.mismatches
    if len(m) == 1 and m[0].kind == "record":
        return m[0].ours
    return None


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


def replay_summary(reports: Sequence[ReplayReport], seconds: float) -> str:
    """A line per file (its mismatches below it), then the totals."""
    lines = []
    for r in reports:
        why = _unreadable(r)
        if why is not None:
            why = why.removeprefix(f"{r.source}: ")
            lines.append(f"{r.source}: cannot read it: {why}")
            continue
        status = "ok" if r.ok else f"{len(r.mismatches)} mismatches"
        lines.append(f"{r.source}: {status}, {r.hands} hands, {r.wins} wins, {r.draws} draws")
        lines.extend(f"    {m}" for m in r.mismatches[:5])
    unread = sum(_unreadable(r) is not None for r in reports)
    bad = sum(not r.ok for r in reports) - unread
    total = (
        f"{len(reports) - unread} games, {sum(r.hands for r in reports)} hands, "
        f"{sum(r.actions for r in reports)} actions, {sum(r.wins for r in reports)} wins, "
        f"{sum(r.draws for r in reports)} draws checked; "
        f"{sum(len(r.mismatches) for r in reports if _unreadable(r) is None)} mismatches "
        f"in {bad} games"
    )
    if unread:
        total += f"; {_count(unread, 'file')} unreadable"
    total += f" ({len(reports) / max(seconds, 1e-9):.0f} games/s)"
    return "\n".join([*lines, total])


# Rules ------------------------------------------------------------------------------


def setting_text(value: Any) -> str:
    """An option's value as `--set OPTION=VALUE` takes it: `true`, `4`, `none`,
    `[1,1,1]`, `sanbaiman`."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(setting_text(v) for v in value) + "]"
    return str(value)


def _settings(changed: dict[str, Any]) -> list[str]:
    return [f"{k}={setting_text(v)}" for k, v in changed.items()]


def describe_rules(rules: Rules | None) -> str:
    """The rules in a few words: the preset they are (`tenhou (the defaults)`,
    `mahjong_soul`), or the nearest preset and the options that differ from it
    (`mahjong_soul, kiriage=true`)."""
    rules = rules or Rules()
    # The first preset is the defaults, so a tie goes to the defaults.
    nearest = min(Rules.presets(), key=lambda p: len(rules.diff(Rules.preset(p))))
    changed = _settings(rules.diff(Rules.preset(nearest)))
    if not changed:
        return "tenhou (the defaults)" if nearest == "tenhou" else nearest
    return ", ".join([nearest, *changed])


def _option_value(text: str) -> Any:
    """A `--set` value: JSON (true, 4, null, [1, 1, 1], "x"), else the bare string;
    `none` reads as null."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return None if text.lower() == "none" else text


def load_rules(name: str) -> Rules:
    """A preset by name (any case) or the rules of a .json/.toml file."""
    if "." in name or "/" in name or Path(name).exists():
        return Rules.load(name)
    return Rules.preset(name.lower())


def _rules(name: str | None, settings: Sequence[str]) -> tuple[Rules, str]:
    """The rules of `--rules` (a preset name or a .json/.toml file) and `--set`,
    and how to name them: the preset or file, then the options `--set` changed."""
    base = Rules() if name is None else load_rules(name)
    changes = {}
    for setting in settings:
        key, eq, value = setting.partition("=")
        if not eq or not key.strip():
            raise ValueError(f"--set takes option=value, not {setting!r}")
        changes[key.strip().replace("-", "_")] = _option_value(value.strip())
    rules = base.replace(**changes) if changes else base
    changed = _settings(rules.diff(base))
    if name is None and not changed:
        return rules, "tenhou (the defaults)"
    if name is None:
        label = "tenhou"
    elif name.lower() in Rules.presets():
        label = name.lower()
    else:  # a file: its name, and what its rules are
        label = f"{name} ({describe_rules(base)})"
    return rules, ", ".join([label, *changed])


def _takes(option: Any) -> str:
    """What an option accepts, in a few words."""
    if option.kind == "bool":
        return "true or false"
    if option.kind == "choice":
        return " | ".join(option.choices)
    if option.kind == "red_fives":
        return "[m,p,s], each 0-4"
    if option.kind == "uma":
        return "[1st,2nd,3rd,4th] in thousands"
    lo, hi = option.range
    return f"{lo}-{hi}" + (" or none" if option.kind == "optional_int" else "")


def _wrapped(text: str, indent: str = "    ", width: int = 88) -> list[str]:
    return textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=indent)


def rules_report(
    rules: Rules | None = None,
    name: str = "tenhou",
    *,
    against: Rules | None = None,
    against_name: str = "tenhou",
) -> str:
    """The report `riichi rules` prints: every rule option of `rules` (named
    `name`) with its value, what it takes and what it means; with `against`, only
    the options whose value differs from those rules, beside their value there.

    The options and their descriptions are `Rules.options()`, the table the
    engine reads."""
    rules = rules or Rules()
    options = Rules.options()
    values = rules.to_dict()
    lines: list[str] = []
    if name in Rules.presets():
        doc = Rules.preset_doc(name)
        lines += _wrapped(f"{name}: {doc}" if doc else name, indent="")
    else:
        lines.append(name)
    if against is None:
        default = Rules().to_dict()
        changed = sum(values[o.name] != default[o.name] for o in options)
        count = f"{len(options)} options"
        if changed:
            count += f", {changed} not the defaults (the default in brackets)"
        lines.append(f"{count}; score and simulate change one with --set OPTION=VALUE")
        shown = options
        other = default
        other_name = "default"
    else:
        other = against.to_dict()
        shown = [o for o in options if values[o.name] != other[o.name]]
        lines.append(f"{len(shown)} of {len(options)} options differ from {against_name}")
        other_name = against_name
    for o in shown:
        value = setting_text(values[o.name])
        mark = (
            f"  [{other_name}: {setting_text(other[o.name])}]"
            if values[o.name] != other[o.name]
            else ""
        )
        lines.append("")
        lines.append(f"{o.name} = {value}  ({_takes(o)}){mark}")
        lines += _wrapped(o.doc)
    return "\n".join(lines)


# The parser -------------------------------------------------------------------------


def _wind(text: str) -> str:
    """A wind as `riichi.score` takes one (`E`, `s`, `South`, `west`, ...), read by
    the same parser, as its letter."""
    try:
        return WinContext(seat_wind=text).seat_wind  # type: ignore[arg-type]
    except MahjongError as e:
        raise argparse.ArgumentTypeError(
            f"{e} (or East, South, West, North, in any case)"
        ) from None


def _add_rules_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--rules",
        metavar="PRESET|FILE",
        help=f"a preset ({', '.join(Rules.presets())}) or a .json/.toml file "
        '(default: tenhou; "riichi rules" lists the options)',
    )
    p.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="OPTION=VALUE",
        help="change a rule option, e.g. kiriage=true, red_fives=[0,0,0] (repeatable)",
    )


class _Formatter(argparse.RawDescriptionHelpFormatter):
    """The descriptions as written; the commands listed one a line, without the
    `COMMAND` line argparse puts above them."""

    def _format_action(self, action: argparse.Action) -> str:
        if isinstance(action, argparse._SubParsersAction):
            return "".join(self._format_action(a) for a in action._get_subactions())
        return super()._format_action(action)


def _parser(prog: str) -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    parser = argparse.ArgumentParser(
        prog=prog,
        formatter_class=_Formatter,
        description=(
            "Japanese (riichi) mahjong on the command line: analyse and score hands,\n"
            "list the rules, play games between built-in agents, replay and convert\n"
            "real game logs, serve an agent as an mjai bot."
        ),
        epilog=(
            f'Run "{prog} COMMAND --help" for the options of a command. An error prints\n'
            "one line on stderr and exits with status 2."
        ),
    )
    parser.add_argument("--version", action="version", version=f"riichi {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", title="commands")
    commands: dict[str, argparse.ArgumentParser] = {}

    def command(name: str, summary: str, description: str) -> argparse.ArgumentParser:
        p = sub.add_parser(
            name,
            help=summary,
            description=description,
            formatter_class=_Formatter,
        )
        commands[name] = p
        return p

    p = command(
        "analyze",
        "shanten, waits, ukeire and discards of a hand",
        "The hand in Unicode tiles, its shanten by form, and then either its waits with\n"
        "their shapes and its ukeire (a 13-tile hand) or the discard table (a 14-tile\n"
        "hand).\n\n"
        f'example: {prog} analyze "1234m067p34588s12z" --visible 258m',
    )
    p.add_argument("hand", help='hand notation, e.g. "123m456p11z [555z] (1111s)"')
    p.add_argument("--visible", default="", help="tiles seen outside the hand, e.g. 19m5z")
    _add_rules_options(p)

    s = command(
        "score",
        "yaku, fu, points and payments of a winning hand",
        "Scores a win: its reading, yaku, fu breakdown, han and fu, limit, points and\n"
        "who pays what.\n\n"
        f"example: {prog} score 234m406p789s11z555z --win 5z --tsumo --riichi --seat south",
    )
    s.add_argument("hand", help="the winning hand, winning tile included, e.g. 234m406p789s11z555z")
    s.add_argument("--win", required=True, help="the winning tile, e.g. 5z (a red five as 0p)")
    for flag, text in situation_flags().items():
        s.add_argument(f"--{flag.replace('_', '-')}", action="store_true", dest=flag, help=text)
    s.add_argument("--dora", default="", help="dora indicators, e.g. 4p1z")
    s.add_argument("--ura", default="", help="ura dora indicators")
    s.add_argument(
        "--seat", default="E", type=_wind, help="the winner's seat wind: E (the dealer), S, W, N"
    )
    s.add_argument("--round", default="E", type=_wind, help="the round wind (default E)")
    s.add_argument("--honba", type=int, default=0, help="honba counters")
    s.add_argument("--sticks", type=int, default=0, help="riichi sticks on the table")
    s.add_argument(
        "--kita", type=int, default=0, help="Norths set aside as nukidora (three-player rules)"
    )
    _add_rules_options(s)

    u = command(
        "rules",
        "the rule options: values, what they take and mean; presets and differences",
        "Every rule option with its value, what it takes and what it means, for the\n"
        "defaults (Tenhou's rules), a preset or a rules file; with --diff, only the\n"
        "options whose value differs from another ruleset.\n\n"
        f"examples: {prog} rules --preset mahjong_soul\n"
        f"          {prog} rules --preset mleague --diff wrc2025",
    )
    u.add_argument(
        "--preset",
        metavar="PRESET|FILE",
        help=f"the rules to show: a preset ({', '.join(Rules.presets())}) or a .json/.toml file",
    )
    u.add_argument(
        "--diff",
        nargs="?",
        const="tenhou",
        metavar="PRESET|FILE",
        help="only the options that differ from these rules (default: tenhou)",
    )

    m = command(
        "simulate",
        "whole games between built-in agents: statistics and speed",
        "Plays whole games inside Rust, every seat the same built-in agent, and prints\n"
        "their statistics and the throughput (a progress bar on a terminal meanwhile).\n\n"
        f"example: {prog} simulate --games 1000 --agent shanten --seed 0 --rules mleague",
    )
    m.add_argument("--games", type=int, default=1000, help="how many games (default 1000)")
    m.add_argument(
        "--agent",
        default="shanten",
        type=str.lower,
        choices=AGENTS,
        help="the agent on every seat (default shanten)",
    )
    m.add_argument("--seed", type=int, default=0, help="seeds every game (default 0)")
    m.add_argument("--threads", type=int, help="threads (default: every core)")
    m.add_argument("--json", action="store_true", help="print the statistics as JSON")
    m.add_argument("--quiet", action="store_true", help="no progress bar")
    _add_rules_options(m)

    r = command(
        "replay",
        "replay real game logs through the engine and check them",
        "Replays game logs (Tenhou mjlog, tenhou.net/6 JSON, mjai; the format is\n"
        "detected) through the engine, checking every action and result: a line per\n"
        "file, then the totals. From a directory it takes every file below it that is\n"
        "a log. Exit status 1 when any game disagrees.\n\n"
        f"example: {prog} replay logs/ --threads 2",
    )
    r.add_argument("files", nargs="+", metavar="FILE|DIR", help="log files or directories")
    r.add_argument(
        "--check",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="compare every event and result with the log (default); --no-check: legality only",
    )
    r.add_argument("--threads", type=int, help="threads (default: every core)")
    r.add_argument("--quiet", action="store_true", help="no progress bar")

    c = command(
        "convert",
        "convert a log between mjlog, tenhou.net/6 and mjai",
        "Reads a log in any of the three formats and writes it in another.\n\n"
        f"example: {prog} convert game.mjlog --to mjai -o game.mjson",
    )
    c.add_argument("input", metavar="FILE", help="the log file (format detected)")
    c.add_argument("--to", required=True, type=str.lower, choices=LOG_FORMATS)
    c.add_argument("-o", "--output", help="the file to write (default: standard output)")

    b = command(
        "mjai-bot",
        "one of our agents as an mjai bot on standard input and output",
        "Serves a built-in agent as an mjai bot: reads mjai events, a JSON list of them\n"
        "per line (or one event per line), from standard input and answers each line\n"
        'with one action on standard output ({"type":"none"} when it has nothing to\n'
        "do). The seat comes from start_game's id, the rules from start_game's rules\n"
        "when it has them, else from --rules. A line that is not mjai data is an error.\n\n"
        f"example: {prog} mjai-bot --agent shanten --seed 7",
    )
    b.add_argument(
        "--agent",
        default="shanten",
        type=str.lower,
        choices=AGENTS,
        help="the agent that plays (default shanten)",
    )
    b.add_argument("--seed", type=int, default=0, help="seeds the agent's choices (default 0)")
    _add_rules_options(b)

    v = command(
        "view",
        "a game log as an HTML page to step through",
        "Replays a log through the engine and writes one self-contained HTML page (no\n"
        "network needed) that steps through every event with the arrow keys or buttons,\n"
        "showing each win's yaku and points.\n\n"
        f"example: {prog} view game.mjlog -o game.html",
    )
    v.add_argument("log", help="the log file (mjlog, tenhou.net/6 JSON or mjai; format detected)")
    v.add_argument(
        "-o", "--output", help="the page to write (default: the log's name with .html, here)"
    )
    return parser, commands


def view(log: str, output: str | None = None) -> str:
    """Writes the viewer page of a log file (`riichi view`): every step of the game
    replayed through the engine, in one HTML file that needs no network. Returns the
    line it prints."""
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


def _parse(
    parser: argparse.ArgumentParser,
    commands: dict[str, argparse.ArgumentParser],
    argv: Sequence[str] | None,
) -> argparse.Namespace:
    """Parses `argv`; an unknown option is reported by its command's parser (its
    usage, and the options it may have meant)."""
    args, extra = parser.parse_known_args(argv)
    if extra:
        p = commands[args.command]
        known = [o for a in p._actions for o in a.option_strings]
        hints = []
        for word in extra:
            if word.startswith("-"):
                close = difflib.get_close_matches(word.split("=")[0], known, n=1)
                if close:
                    hints.append(f"{word} (did you mean {close[0]}?)")
                    continue
            hints.append(word)
        p.error(f"unrecognized arguments: {' '.join(hints)}")
    return args


def main(argv: Sequence[str] | None = None, prog: str = "riichi") -> int:
    """Runs the command line on `argv` (default `sys.argv[1:]`); the exit status."""
    parser, commands = _parser(prog)
    args = _parse(parser, commands, argv)
    try:
        return _run(args)
    except (MahjongError, ValueError) as e:  # MahjongError is a ValueError: said for clarity
        print(f"error: {e}", file=sys.stderr)
        return 2


def mjai_bot(agent: str, seed: int, rules: Rules | None = None) -> None:
    """Serves built-in agent `agent` (seeded `seed`) as an mjai bot on standard
    input and output until the input ends (`riichi mjai-bot`)."""
    from riichi.agents import RandomAgent, ShantenAgent, TsumogiriAgent
    from riichi.mjai import serve

    if not 0 <= seed < 2**64:
        raise ValueError(f"a seed is an integer from 0 to 2^64-1, got {seed}")
    kinds = {"random": RandomAgent, "tsumogiri": TsumogiriAgent, "shanten": ShantenAgent}
    serve(kinds[agent](seed), rules)


def _run(args: argparse.Namespace) -> int:
    if args.command == "mjai-bot":
        rules, _ = _rules(args.rules, args.set)
        mjai_bot(args.agent, args.seed, rules)
        return 0
    if args.command == "view":
        print(view(args.log, args.output))
        return 0
    if args.command == "replay":
        files, skipped = log_files(args.files)
        if skipped:
            names = ", ".join(str(p) for p in skipped[:3])
            more = f" and {len(skipped) - 3} more" if len(skipped) > 3 else ""
            what = (
                "file that is not a game log"
                if len(skipped) == 1
                else "files that are not game logs"
            )
            print(f"skipped {len(skipped)} {what}: {names}{more}", file=sys.stderr)
        if not files:
            raise ValueError(
                f"no game logs in {' '.join(args.files)}: a log is a {', '.join(LOG_SUFFIXES)} "
                "file holding Tenhou mjlog XML, tenhou.net/6 JSON or mjai JSON lines"
            )
        progress = None if args.quiet or len(files) < 2 else ProgressBar("games")
        start = time.perf_counter()
        reports = replay_logs(files, args.check, args.threads, progress)
        print(replay_summary(reports, time.perf_counter() - start))
        return 0 if all(r.ok for r in reports) else 1
    if args.command == "convert":
        path = Path(args.input)
        if not path.is_file():
            raise ValueError(f"{args.input}: no such file")
        if (why := not_a_log(path)) is not None:
            raise ValueError(why)
        text = getattr(read_log(path), f"to_{args.to}")()
        if args.output:
            Path(args.output).write_text(text, encoding="utf-8")
        else:
            sys.stdout.write(text if text.endswith("\n") else text + "\n")
        return 0
    if args.command == "analyze":
        rules, _ = _rules(args.rules, args.set)
        print(analyze(Hand(args.hand), args.visible, rules))
    elif args.command == "rules":
        name = args.preset or "tenhou"
        rules = load_rules(name)
        shown = name.lower() if name.lower() in Rules.presets() else name
        if args.diff is None:
            print(rules_report(rules, shown))
        else:
            other = args.diff.lower() if args.diff.lower() in Rules.presets() else args.diff
            print(rules_report(rules, shown, against=load_rules(args.diff), against_name=other))
    elif args.command == "simulate":
        if args.games < 1:
            raise ValueError(f"the number of games is at least 1, got {args.games}")
        rules, label = _rules(args.rules, args.set)
        progress = None if args.quiet or args.games < 100 else ProgressBar("games")
        stats = simulate(args.games, args.agent, args.seed, rules, args.threads, progress=progress)
        if args.json:
            print(json.dumps(stats, indent=2))
        else:
            print(simulate_report(stats, args.agent, args.seed, label))
    else:
        rules, label = _rules(args.rules, args.set)
        flags = {flag: getattr(args, flag) for flag in WinContext.FLAGS}
        report = score_report(
            args.hand,
            args.win,
            rules=rules,
            seat_wind=args.seat,
            round_wind=args.round,
            dora_indicators=args.dora,
            ura_indicators=args.ura,
            honba=args.honba,
            riichi_sticks=args.sticks,
            kita=args.kita,
            rules_label=label,
            **flags,
        )
        print(report)
    return 0


def _entry(prog: str) -> int:
    try:
        return main(prog=prog)
    except BrokenPipeError:
        # The reader went away (`riichi rules | head`): nothing more to say, and
        # nothing for Python to complain about when it flushes stdout at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def console() -> None:
    """The `riichi` console script."""
    sys.exit(_entry("riichi"))


if __name__ == "__main__":
    sys.exit(_entry("python -m riichi"))
