"""The command line, `riichi` and `python -m riichi`: each command's report, its
errors, its help, and the progress bar, each checked against the exact output."""

import io
import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

import riichi
from riichi.__main__ import _option_value, main, score_report


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "riichi", *args], capture_output=True, text=True, check=False
    )


def test_analyze_13_tiles_shows_waits_and_ukeire(capsys):
    assert main(["analyze", "23m456p11z [55'5z] (1111s)"]) == 0
    out = capsys.readouterr().out
    assert "🀈 🀉 " in out  # each tile two cells wide
    assert "shanten  0  (standard 0, chiitoitsu -, kokushi -)" in out
    assert "waits    1m (ryanmen), 4m (ryanmen)" in out
    assert "ukeire   14m  (8 tiles live)" in out


def test_analyze_14_tiles_prints_discard_table(capsys):
    assert main(["analyze", "123m456p789s11223z", "--visible", "3z"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    header = lines.index("discard  shanten  ukeire (live)")
    # Discarding 3z leaves a shanpon wait on 1z/2z: 4 tiles live.
    assert lines[header + 1].split() == ["3z", "0", "12z", "(4)"]


def test_analyze_complete_hand(capsys):
    assert main(["analyze", "123m456p789s11122z"]) == 0
    assert "complete hand" in capsys.readouterr().out


def test_bad_hand_is_an_error_not_a_traceback():
    r = run("analyze", "123x")
    assert r.returncode == 2
    assert r.stderr.strip() == "error: \"123x\": unknown suit 'x' at position 3"
    assert "Traceback" not in r.stderr


# `python -m riichi score` ---------------------------------------------------------


def block(out, label):
    """The lines of one labelled block of a report (the label's line and the
    indented lines that follow it), without the label column."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"{label} "))
    found = [lines[start][9:]]
    for line in lines[start + 1 :]:
        if not line.startswith(" " * 9):
            break
        found.append(line[9:])
    return found


def test_score_ron_lists_yaku_fu_and_payment():
    out = score_report("123m456p789s11z [55'5z]", "1z", seat_wind="S", honba=2, riichi_sticks=1)
    assert "win      1z by ron (seat S, round E)" in out
    assert "context  honba 2, riichi sticks 1" in out
    assert "reading  123m 456p 789s [555z] 11z  (tanki wait)" in out
    assert block(out, "yaku") == ["Haku  1 han"]
    fu = [line.split(None, 2) for line in block(out, "fu")]
    assert fu == [
        ["20", "base", "base fu"],
        ["4", "meld", "open yaochuu triplet 555z"],
        ["2", "pair", "yakuhai pair 11z"],
        ["2", "wait", "tanki wait"],
        ["2", "round_up", "rounded up to 10"],
        ["30", "total"],
    ]
    assert "han/fu   1 han 30 fu" in out
    assert "limit    -" in out
    assert "points   1000" in out
    assert block(out, "payments") == [
        "the discarder pays 1600",
        "honba 600 included, riichi sticks 1000",
        "S gains 2600",
    ]


def test_score_tsumo_shows_who_pays_what(capsys):
    argv = ["score", "22334455m234p777s", "--win", "5m", "--tsumo", "--riichi"]
    argv += ["--dora", "1m", "--ura", "6p", "--seat", "S", "--honba", "1", "--sticks", "1"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "context  riichi, dora indicators 1m, ura indicators 6p, honba 1, riichi sticks 1" in out
    assert [line.split("  ")[0] for line in block(out, "yaku")] == [
        "Riichi",
        "Menzen Tsumo",
        "Iipeikou",
        "Tanyao",
        "Dora",
    ]
    assert block(out, "yaku")[-1].split() == ["Dora", "2", "han"]
    assert "han/fu   6 han 30 fu" in out
    assert "limit    haneman" in out
    assert "points   12000" in out
    # 6000 / 3000 each, plus 100 honba from each payer; the winner takes the stick.
    assert block(out, "payments") == [
        "E pays 6100 (dealer)",
        "W pays 3100",
        "N pays 3100",
        "honba 300 included, riichi sticks 1000",
        "S gains 13300",
    ]


def test_score_three_players_with_kita(capsys):
    argv = ["score", "234p567p123345s77s", "--win", "2s", "--tsumo", "--riichi", "--seat", "S"]
    argv += ["--kita", "2", "--dora", "3z", "--rules", "tenhou_sanma", "--honba", "1"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "context  riichi, dora indicators 3z, honba 1, kita 2" in out
    # Riichi, tsumo, 2 kita and North as dora (twice): 6 han, a haneman 6000 / 3000
    # with the absent North's 3000 lost, and 100 honba from each of the two payers.
    assert block(out, "yaku")[-2:] == ["Dora          2 han", "Kita          2 han"]
    assert block(out, "payments") == [
        "E pays 6100 (dealer)",
        "W pays 3100",
        "honba 200 included",
        "S gains 9200",
    ]


def test_analyze_three_players(capsys):
    assert main(["analyze", "19m123456p789s11z", "--rules", "tenhou_sanma"]) == 0
    out = capsys.readouterr().out
    assert "shanten  1  (three players)" in out
    assert "ukeire   19m1z  (8 tiles live)" in out


def test_score_yakuman_shows_its_multiplier(capsys):
    assert main(["score", "19m19p19s1234567z1m", "--win", "1m", "--tsumo", "--seat", "N"]) == 0
    out = capsys.readouterr().out
    assert "reading  kokushi  (kokushi13 wait)" in out
    assert block(out, "yaku") == ["Kokushi Musou 13-sided  yakuman"]
    assert "limit    yakuman" in out
    assert block(out, "payments") == [
        "E pays 16000 (dealer)",
        "S pays 8000",
        "W pays 8000",
        "N gains 32000",
    ]
    # Mahjong Soul makes the 13-sided wait a double yakuman.
    assert main(["score", "19m19p19s1234567z1m", "--win", "1m", "--rules", "mahjong_soul"]) == 0
    out = capsys.readouterr().out
    assert block(out, "yaku") == ["Kokushi Musou 13-sided  yakuman x2"]
    assert "points   96000" in out


def test_score_rules_preset_and_set_change_the_result(capsys, tmp_path):
    # Riichi, pinfu, tanyao and one dora: 4 han 30 fu, 7700 for a non-dealer ron...
    argv = ["score", "233445m456p678s22s", "--win", "5m", "--riichi", "--dora", "3p"]
    argv += ["--seat", "W", "--rules", "mahjong_soul"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "han/fu   4 han 30 fu" in out
    assert "points   7700" in out
    assert "rules    mahjong_soul" in out.splitlines()
    # ... but a mangan with kiriage.
    assert main([*argv, "--set", "kiriage=true"]) == 0
    out = capsys.readouterr().out
    assert "rules    mahjong_soul, kiriage=true" in out.splitlines()
    assert "limit    mangan" in out
    assert "points   8000" in out
    assert block(out, "payments")[0] == "the discarder pays 8000"
    # The same rules from a file.
    path = tmp_path / "house.toml"
    riichi.Rules(kiriage=True).save(path)
    assert main([*argv[:-2], "--rules", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"rules    {path} (tenhou, kiriage=true)" in out.splitlines()
    assert "points   8000" in out


def test_set_values_parse_as_json_or_strings():
    assert _option_value("true") is True
    assert _option_value("false") is False
    assert _option_value("4") == 4
    assert _option_value("null") is None
    assert _option_value("none") is None
    assert _option_value("[0, 0, 0]") == [0, 0, 0]
    assert _option_value("sanbaiman") == "sanbaiman"
    assert _option_value('"sanbaiman"') == "sanbaiman"


def test_score_set_takes_every_kind_of_value(capsys):
    argv = ["score", "233445m456p678s22s", "--win", "5m", "--riichi", "--dora", "3p"]
    argv += ["--set", "red_fives=[0,0,0]", "--set", "kazoe=sanbaiman", "--set", "max_yakuman=2"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "rules    tenhou, red_fives=[0,0,0], kazoe=sanbaiman, max_yakuman=2" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--set", "kiriag=true"],
            'error: unknown rule option "kiriag" (did you mean kiriage?); '
            "Rules.options() lists all 87 options",
        ),
        (
            ["--set", "kiriage=1"],
            "error: rule option kiriage = 1 is not valid: kiriage takes true or false",
        ),
        (["--set", "kiriage"], "error: --set takes option=value, not 'kiriage'"),
        (
            ["--rules", "nope"],
            'error: unknown preset "nope"; the presets are "tenhou", "mahjong_soul", '
            '"wrc2025", "ema2025", "mleague", "tenhou_sanma", "mahjong_soul_sanma"',
        ),
        (
            ["--rules", "no/such/rules.toml"],
            'error: cannot read the rules file "no/such/rules.toml": No such file or directory',
        ),
        (["--ippatsu"], "error: ippatsu without riichi"),
    ],
)
def test_score_bad_options_are_errors(capsys, args, message):
    assert main(["score", "233445m456p678s22s", "--win", "5m", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.strip() == message


def test_score_incomplete_hand_is_an_error():
    r = run("score", "123m456p789s1123z", "--win", "3z")
    assert r.returncode == 2
    assert r.stderr.strip() == "error: 123m456p789s1123z won on 3z is not a complete hand"
    assert "Traceback" not in r.stderr
    assert r.stdout == ""


def test_score_hand_without_yaku_is_an_error():
    r = run("score", "234m456p789s11z333z", "--win", "3z", "--dora", "2z")
    assert r.returncode == 2
    assert r.stderr.strip() == (
        "error: 234m456p789s11333z won on 3z has no yaku (dora alone do not win)"
    )
    assert "Traceback" not in r.stderr


def test_readme_shows_the_score_report_as_printed(capsys):
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    command, shown = re.search(
        r"```sh\n\.venv/bin/python -m riichi (score .*?)\n```\n\n```text\n(.*?)```", readme, re.S
    ).groups()
    assert main(shlex.split(command)) == 0
    assert capsys.readouterr().out == shown


# `python -m riichi simulate` -------------------------------------------------------

TIMING = {"seconds", "games_per_second"}


def untimed(stats):
    return {k: v for k, v in stats.items() if k not in TIMING}


def test_simulate_reports_progress_in_parts():
    seen = []
    stats = riichi.simulate(700, "random", seed=11, threads=2, progress=lambda *a: seen.append(a))
    assert seen[-1] == (700, 700)
    assert len(seen) >= 2  # parts of a few hundred games
    assert [done for done, _ in seen] == sorted({done for done, _ in seen})
    assert {total for _, total in seen} == {700}
    assert untimed(stats) == untimed(riichi.simulate(700, "random", seed=11, threads=1))


def test_simulate_counts_are_what_the_games_hold():
    stats = riichi.simulate(30, "shanten", seed=5, records=True)
    wins = [[0, 0] for _ in range(4)]
    draws = {"exhaustive": 0, "abortive": 0}
    for events in stats["records"]:
        for e in events:
            if e["type"] == "hora":
                wins[e["actor"]][e["actor"] != e["target"]] += 1
            elif e["type"] == "ryukyoku":
                exhaustive = e["reason"] in ("exhaustive", "nagashi_mangan")
                draws["exhaustive" if exhaustive else "abortive"] += 1
    assert stats["tsumo_wins"] == [w[0] for w in wins]
    assert stats["ron_wins"] == [w[1] for w in wins]
    assert stats["exhaustive_draws"] == draws["exhaustive"]
    assert stats["abortive_draws"] == draws["abortive"]
    assert sum(stats["total_ranks"]) == 30 * (1 + 2 + 3 + 4)
    hands = stats["hands"]
    assert stats["win_rate"] == [(t + r) / hands for t, r in wins]
    assert stats["tsumo_rate"] == sum(w[0] for w in wins) / hands
    assert stats["average_points"] == [p / 30 for p in stats["total_points"]]


def test_simulate_at_the_end_of_the_seed_range():
    seed = 2**64 - 1
    once = untimed(riichi.simulate(3, "tsumogiri", seed=seed))
    assert once == untimed(riichi.simulate(3, "tsumogiri", seed=seed))
    assert once["games"] == 3
    with pytest.raises(riichi.InvalidInputError, match="a seed is an integer"):
        riichi.simulate(1, seed=2**64)


def test_simulate_prints_statistics_and_throughput(capsys):
    assert main(["simulate", "--games", "12", "--agent", "shanten", "--seed", "3"]) == 0
    captured = capsys.readouterr()
    out = captured.out
    stats = riichi.simulate(12, "shanten", seed=3)
    lines = out.splitlines()
    assert lines[0] == "games    12 (shanten agent on every seat, seed 3)"
    assert lines[1] == "rules    tenhou (the defaults)"
    assert lines[2].startswith(f"hands    {stats['hands']} ({stats['hands_per_game']:.2f} per")
    assert f"{stats['decisions']} decisions" in lines[2]
    wins = 100 * sum(stats["win_rate"])
    assert lines[3].startswith(f"wins     {wins:.1f}% of hands: tsumo ")
    assert lines[5].startswith("yaku     riichi ")  # shanten agents riichi when they can
    assert block(out, "rank")[0].split() == [f"{r:.2f}" for r in stats["average_rank"]]
    assert block(out, "points")[0].split() == [f"{p:.0f}" for p in stats["average_points"]]
    assert re.fullmatch(r"speed    \d+ games/s \(12 games in \d+\.\d\d s\)", lines[-1])
    assert captured.err == ""  # no progress bar for a short run


def test_simulate_json_is_the_statistics(capsys):
    args = ["simulate", "--games", "5", "--agent", "tsumogiri", "--seed", "9", "--json"]
    assert main([*args, "--rules", "mleague", "--set", "kiriage=false"]) == 0
    stats = json.loads(capsys.readouterr().out)
    rules = riichi.Rules.preset("mleague").replace(kiriage=False)
    assert untimed(stats) == untimed(riichi.simulate(5, "tsumogiri", seed=9, rules=rules))


def test_simulate_rules_change_the_games(capsys, tmp_path):
    path = tmp_path / "rules.toml"
    riichi.Rules.preset("wrc2025").save(path)
    outputs = []
    for rules in (["--rules", "wrc2025"], ["--rules", str(path)], []):
        assert main(["simulate", "--games", "6", "--json", *rules]) == 0
        outputs.append(untimed(json.loads(capsys.readouterr().out)))
    assert outputs[0] == outputs[1] != outputs[2]
    assert main(["simulate", "--games", "6", "--rules", str(path), "--set", "tobi=true"]) == 0
    assert f"rules    {path} (wrc2025), tobi=true" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--games", "0"], "error: the number of games is at least 1, got 0"),
        (["--seed", "-1"], "error: a seed is an integer from 0 to 2^64-1, got -1"),
        (["--threads", "0"], "error: threads must be an integer from 1 to 256, got 0"),
        (["--set", "tobi"], "error: --set takes option=value, not 'tobi'"),
        (["--rules", "nope"], 'error: unknown preset "nope"'),
    ],
)
def test_simulate_bad_options_are_errors(capsys, args, message):
    assert main(["simulate", "--games", "2", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.strip().startswith(message)


def test_simulate_unknown_agent_is_a_usage_error():
    r = run("simulate", "--agent", "clever")
    assert r.returncode == 2
    assert "invalid choice: 'clever'" in r.stderr
    assert "Traceback" not in r.stderr


def test_readme_shows_the_simulate_report_as_printed(capsys):
    """All but the speed line, which depends on the machine."""
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    command, shown = re.search(
        r"```sh\n\.venv/bin/python -m riichi (simulate .*?)\n```\n\n```text\n(.*?)```", readme, re.S
    ).groups()
    assert main([*shlex.split(command), "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[:-1] == shown.splitlines()[:-1]
    assert out.splitlines()[-1].startswith("speed    ")


# Help, version and usage ------------------------------------------------------------

TOP_HELP = """\
usage: riichi [-h] [--version] COMMAND ...

Japanese (riichi) mahjong on the command line: analyse and score hands,
list the rules, play games between built-in agents, replay and convert
real game logs, serve an agent as an mjai bot.

options:
  -h, --help  show this help message and exit
  --version   show program's version number and exit

commands:
  analyze     shanten, waits, ukeire and discards of a hand
  score       yaku, fu, points and payments of a winning hand
  rules       the rule options: values, what they take and mean; presets and differences
  simulate    whole games between built-in agents: statistics and speed
  replay      replay real game logs through the engine and check them
  convert     convert a log between mjlog, tenhou.net/6 and mjai
  mjai-bot    one of our agents as an mjai bot on standard input and output
  view        a game log as an HTML page to step through

Run "riichi COMMAND --help" for the options of a command. An error prints
one line on stderr and exits with status 2.
"""

COMMANDS = ("analyze", "score", "rules", "simulate", "replay", "convert", "mjai-bot", "view")


def help_of(capsys, *argv):
    with pytest.raises(SystemExit) as exit_:
        main([*argv, "--help"])
    assert exit_.value.code == 0
    return capsys.readouterr().out


def test_help_lists_every_command_in_plain_text(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    assert help_of(capsys) == TOP_HELP


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_a_description_and_an_example(capsys, monkeypatch, command):
    monkeypatch.setenv("COLUMNS", "100")
    text = help_of(capsys, command)
    assert "`" not in text  # no reStructuredText or Markdown marks
    lines = text.splitlines()
    description = lines[lines.index("") + 1]
    assert description and not description.startswith(("positional", "options"))
    assert f"riichi {command} " in text.split("example")[1]


def test_python_m_riichi_names_itself_so():
    r = run("--help")
    assert r.returncode == 0
    assert r.stdout.startswith("usage: python -m riichi [-h] [--version] COMMAND ...\n")
    assert 'Run "python -m riichi COMMAND --help"' in r.stdout


def test_version_is_the_package_version(capsys):
    from importlib.metadata import version

    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out == f"riichi {version('riichi')}\n"
    assert riichi.__version__ == version("riichi")


def test_a_typo_in_an_option_prints_that_commands_usage(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["analyze", "123m", "--visble", "5z"])
    assert exit_.value.code == 2
    assert capsys.readouterr().err == (
        "usage: riichi analyze [-h] [--visible VISIBLE] [--rules PRESET|FILE]\n"
        "                      [--set OPTION=VALUE]\n"
        "                      hand\n"
        "riichi analyze: error: unrecognized arguments: "
        "--visble (did you mean --visible?) 5z\n"
    )
    with pytest.raises(SystemExit):
        main(["score", "22334455m234p777s", "--win", "5m", "--tsmo"])
    err = capsys.readouterr().err
    assert err.startswith("usage: riichi score [-h] --win WIN [--tsumo]")
    assert err.endswith(
        "riichi score: error: unrecognized arguments: --tsmo (did you mean --tsumo?)\n"
    )


def test_no_command_says_which_there_are(capsys):
    with pytest.raises(SystemExit) as exit_:
        main([])
    assert exit_.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        "riichi: error: the following arguments are required: COMMAND"
    )


# Winds and names in any case ----------------------------------------------------------


@pytest.mark.parametrize(
    ("seat", "round_"),
    [("S", "w"), ("s", "W"), ("south", "West"), ("South", "west"), ("SOUTH", "WEST")],
)
def test_seat_takes_what_the_python_api_takes(capsys, seat, round_):
    argv = ["score", "234m406p789s11z555z", "--win", "5z", "--tsumo", "--seat", seat]
    assert main([*argv, "--round", round_]) == 0
    assert "win      5z by tsumo (seat S, round W)" in capsys.readouterr().out.splitlines()
    assert riichi.score("234m406p789s11z555z", "5z", tsumo=True, seat_wind=seat).seat_wind == "S"


def test_a_bad_wind_says_what_a_wind_is(capsys):
    with pytest.raises(SystemExit):
        main(["score", "234m406p789s11z555z", "--win", "5z", "--seat", "sud"])
    assert capsys.readouterr().err.splitlines()[-1] == (
        'riichi score: error: argument --seat: wind "sud" is not one of "E", "S", "W", "N" '
        "(or East, South, West, North, in any case)"
    )


def test_names_of_agents_formats_and_presets_in_any_case(capsys, tmp_path):
    assert main(["simulate", "--games", "2", "--agent", "Tsumogiri", "--rules", "MLeague"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:2] == ["games    2 (tsumogiri agent on every seat, seed 0)", "rules    mleague"]
    log = tmp_path / "game.mjson"
    log.write_text(game_record().to_mjai(), encoding="utf-8")
    assert main(["convert", str(log), "--to", "Tenhou6"]) == 0
    assert riichi.logs.read_log(capsys.readouterr().out).n_hands == game_record().n_hands


# `riichi score --rules`: the preset by name -------------------------------------------


def test_score_names_the_preset_not_its_options(capsys):
    argv = ["score", "233445m456p678s22s", "--win", "5m", "--riichi", "--dora", "3p"]
    assert main([*argv, "--rules", "mahjong_soul"]) == 0
    assert block(capsys.readouterr().out, "rules") == ["mahjong_soul"]
    assert main([*argv, "--rules", "mahjong_soul", "--set", "kiriage=false"]) == 0
    assert block(capsys.readouterr().out, "rules") == ["mahjong_soul"]  # already so
    assert main(argv) == 0
    assert block(capsys.readouterr().out, "rules") == ["tenhou (the defaults)"]


def test_describe_rules_names_the_nearest_preset():
    from riichi.__main__ import describe_rules

    soul = riichi.Rules.preset("mahjong_soul")
    assert describe_rules(None) == "tenhou (the defaults)"
    assert describe_rules(soul) == "mahjong_soul"
    assert describe_rules(soul.replace(kiriage=True)) == "mahjong_soul, kiriage=true"
    assert describe_rules(riichi.Rules(red_fives=[0, 1, 2])) == "tenhou, red_fives=[0,1,2]"
    assert describe_rules(riichi.Rules.preset("ema2025").replace(max_yakuman=None)) == (
        "ema2025, max_yakuman=none"
    )


# `riichi rules` ------------------------------------------------------------------------

EMA_AGAINST_WRC = """\
ema2025: EMA Riichi Competition Rules 2025 (v1.1): no red fives, kiriage, no kazoe
yakuman (13+ han = sanbaiman), yakuman not cumulative (max 1), no double yakuman, double
wind pair 2 fu, renhou mangan, no nagashi mangan, double and triple ron with honba to
every winner, kokushi may rob an ankan. Game: 30000 start and return, uma 15/5/-5/-15
shared on ties, no rounding, no abortive draws, no busting, no extension, no agari-yame,
riichi at any points with at least one wall tile, kan dora at once.
7 of 87 options differ from wrc2025

kazoe = sanbaiman  (yakuman | sanbaiman | multiple)  [wrc2025: yakuman]
    13+ han of regular yaku and dora: one yakuman, capped at sanbaiman, or one yakuman
    per 13 han.

max_yakuman = 1  (1-99 or none)  [wrc2025: none]
    Cap on the total yakuman multiple; none = no cap.

multi_ron = triple  (head_bump | double | triple)  [wrc2025: head_bump]
    Several rons on one discard: head bump, double (three = abortive draw) or triple.

multi_ron_honba = each  (nearest | each)  [wrc2025: nearest]
    On a multiple ron, honba go to the nearest winner or to each winner.

pao_suukantsu = false  (true or false)  [wrc2025: true]
    Pao for suukantsu (the fourth kan by daiminkan).

riichi_min_wall = 1  (0-4)  [wrc2025: 0]
    Live-wall tiles that must remain to declare riichi (4: the player has another draw).

leftover_sticks = first  (first | none)  [wrc2025: none]
    Riichi sticks left at the end of the game: to first place, or unclaimed.
"""


def test_rules_diff_between_two_presets(capsys):
    assert main(["rules", "--preset", "ema2025", "--diff", "wrc2025"]) == 0
    assert capsys.readouterr().out == EMA_AGAINST_WRC


def option_entries(out):
    """`{name: (value, takes, [default], doc)}` of a `riichi rules` listing."""
    entries = {}
    for para in out.split("\n\n")[1:]:
        first, *doc = para.splitlines()
        m = re.fullmatch(r"(\w+) = (\S+)  \((.*?)\)(?:  \[(\w+): (\S+)\])?", first)
        assert m, first
        name, value, takes, _, other = m.groups()
        entries[name] = (value, takes, other, " ".join(line.strip() for line in doc))
    return entries


def test_rules_lists_every_option_of_the_options_table(capsys):
    from riichi.__main__ import setting_text

    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    assert (
        out.splitlines()[2] == "87 options; score and simulate change one with --set OPTION=VALUE"
    )
    entries = option_entries(out)
    options = riichi.Rules.options()
    assert list(entries) == [o.name for o in options]  # the table's order, every option
    for o in options:
        value, _, other, doc = entries[o.name]
        assert value == setting_text(o.default)
        assert other is None
        assert doc == o.doc
    assert entries["kazoe"][1] == "yakuman | sanbaiman | multiple"
    assert entries["two_han_from_honba"][:2] == ("none", "1-99 or none")
    assert entries["red_fives"][:2] == ("[1,1,1]", "[m,p,s], each 0-4")


def test_rules_preset_shows_its_values_and_the_defaults_it_changes(capsys):
    assert main(["rules", "--preset", "mahjong_soul"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("mahjong_soul: Mahjong Soul 4-player ranked.")
    assert "87 options, 13 not the defaults (the default in brackets); score and " in out
    entries = option_entries(out)
    soul = riichi.Rules.preset("mahjong_soul")
    changed = {name for name, e in entries.items() if e[2] is not None}
    assert changed == set(soul.diff())
    assert entries["multi_ron"][0] == "triple" and entries["multi_ron"][2] == "double"
    assert entries["uma"][0] == "[15,5,-5,-15]" and entries["uma"][2] == "[20,10,-10,-20]"


def test_rules_diff_defaults_to_the_tenhou_rules(capsys, tmp_path):
    assert main(["rules", "--preset", "mahjong_soul", "--diff"]) == 0
    out = capsys.readouterr().out
    assert "13 of 87 options differ from tenhou" in out.splitlines()
    assert set(option_entries(out)) == set(riichi.Rules.preset("mahjong_soul").diff())
    path = tmp_path / "house.toml"
    riichi.Rules(kiriage=True).save(path)
    assert main(["rules", "--preset", str(path), "--diff"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[:2] == [str(path), "1 of 87 options differ from tenhou"]
    assert out.splitlines()[3] == "kiriage = true  (true or false)  [tenhou: false]"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--preset", "nope"],
            'error: unknown preset "nope"; the presets are "tenhou", "mahjong_soul", '
            '"wrc2025", "ema2025", "mleague", "tenhou_sanma", "mahjong_soul_sanma"',
        ),
        (
            ["--diff", "missing.toml"],
            'error: cannot read the rules file "missing.toml": No such file or directory',
        ),
    ],
)
def test_rules_bad_names_are_errors(capsys, args, message):
    assert main(["rules", *args]) == 2
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == ("", message + "\n")


# `riichi replay` and `riichi convert`: files -------------------------------------------


def game_record():
    game = riichi.Game(seed=3)
    while not game.is_over:
        seat = game.current_decision[0]
        game.apply(seat, game.legal_actions(seat)[0])
    return game.record()


def test_replay_of_a_missing_file_says_it_is_missing(capsys):
    assert main(["replay", "/missing.mjlog"]) == 2
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == (
        "",
        "error: /missing.mjlog: no such file or directory\n",
    )
    assert main(["convert", "/missing.mjlog", "--to", "mjai"]) == 2
    assert capsys.readouterr().err == "error: /missing.mjlog: no such file\n"


def test_a_file_in_no_known_format_is_reported_as_such(capsys, tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("East 1: riichi on the third turn\n", encoding="utf-8")
    # The readers' own refusal: the same words as `read_log` raises.
    not_a_log = (
        f'error: {path}: not a game log (it begins "East 1: riichi on the third turn"): '
        'a log is Tenhou mjlog XML (starting with <), tenhou.net/6 JSON (an object with "log", '
        'or its tenhou.net/6 URL) or mjai JSON lines (objects with "type", starting with {)\n'
    )
    with pytest.raises(riichi.LogParseError) as e:
        riichi.logs.read_log(path)
    assert f"error: {e.value}\n" == not_a_log
    for argv in (["replay", str(path)], ["convert", str(path), "--to", "mjai"]):
        assert main(argv) == 2
        captured = capsys.readouterr()
        assert (captured.out, captured.err) == ("", not_a_log)


def test_replay_of_a_directory_takes_only_its_logs(capsys, tmp_path):
    record = game_record()
    (tmp_path / "a.mjson").write_text(record.to_mjai(), encoding="utf-8")
    (tmp_path / "b.json").write_text(record.to_tenhou6(), encoding="utf-8")
    (tmp_path / "LICENSE.txt").write_text("MIT License\n", encoding="utf-8")
    (tmp_path / "README.md").write_text("# logs\n", encoding="utf-8")
    assert main(["replay", str(tmp_path), "--quiet"]) == 0
    captured = capsys.readouterr()
    assert captured.err == (
        f"skipped 2 files that are not game logs: {tmp_path / 'LICENSE.txt'}, "
        f"{tmp_path / 'README.md'}\n"
    )
    lines = captured.out.splitlines()
    counts = f"{record.n_hands} hands, {record.n_wins} wins, {record.n_draws} draws"
    assert lines[:2] == [
        f"{tmp_path / 'a.mjson'}: ok, {counts}",
        f"{tmp_path / 'b.json'}: ok, {counts}",
    ]
    assert re.fullmatch(
        rf"2 games, {2 * record.n_hands} hands, \d+ actions, {2 * record.n_wins} wins, "
        rf"{2 * record.n_draws} draws checked; 0 mismatches in 0 games \(\d+ games/s\)",
        lines[2],
    )


def test_replay_reports_a_broken_log_as_unreadable(capsys, tmp_path):
    (tmp_path / "a.mjson").write_text(game_record().to_mjai(), encoding="utf-8")
    broken = tmp_path / "broken.mjson"
    broken.write_text('{"type":"start_game"}\n{"type":"dahai"', encoding="utf-8")
    assert main(["replay", str(tmp_path), "--quiet"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == (
        f"{broken}: cannot read it: mjai line 2: EOF while parsing an object at line 1 column 15"
    )
    assert lines[2].startswith("1 games, ")
    assert "; 0 mismatches in 0 games; 1 file unreadable (" in lines[2]


def test_replay_of_a_directory_without_logs_says_what_a_log_is(capsys, tmp_path):
    (tmp_path / "LICENSE.txt").write_text("MIT License\n", encoding="utf-8")
    assert main(["replay", str(tmp_path)]) == 2
    assert capsys.readouterr().err == (
        f"skipped 1 file that is not a game log: {tmp_path / 'LICENSE.txt'}\n"
        f"error: no game logs in {tmp_path}: a log is a .mjlog, .xml, .json, .jsonl, .mjson, "
        ".txt file holding Tenhou mjlog XML, tenhou.net/6 JSON or mjai JSON lines\n"
    )


# The progress bar: on a terminal only ---------------------------------------------------


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_progress_bar_shows_rate_and_time_left_on_a_terminal():
    from riichi.__main__ import ProgressBar

    now = [100.0]
    stream = Terminal()
    bar = ProgressBar("games", stream, clock=lambda: now[0], interval=0.5)
    for t, done in ((1.0, 250), (1.2, 300), (2.0, 500), (4.0, 1000)):
        now[0] = 100.0 + t
        bar(done, 1000)
    assert stream.getvalue().split("\r")[1:] == [
        "[#######.......................] 250/1000 games  250 games/s  ETA 3 s\x1b[K",
        # 300 at 1.2 s is within 0.5 s of the last frame: not drawn
        "[###############...............] 500/1000 games  250 games/s  ETA 2 s\x1b[K",
        "[##############################] 1000/1000 games  250 games/s  in 4 s\x1b[K\n",
    ]


def test_progress_bar_writes_nothing_into_a_file(tmp_path):
    """Not a terminal: no `\\r` frames, nothing at all, however long the run."""
    err = tmp_path / "err.txt"
    with err.open("w") as f:
        r = subprocess.run(
            [sys.executable, "-m", "riichi", "simulate", "--games", "300", "--agent", "random"],
            stderr=f,
            stdout=subprocess.PIPE,
            text=True,
            check=False,
        )
    assert r.returncode == 0 and r.stdout.startswith("games    300 ")
    assert err.read_text() == ""


def test_progress_bar_on_a_real_terminal():
    pty = pytest.importorskip("pty")
    import os

    leader, follower = pty.openpty()
    argv = [sys.executable, "-m", "riichi", "simulate", "--games", "400", "--agent", "random"]
    r = subprocess.run(argv, stderr=follower, stdout=subprocess.PIPE, text=True, check=False)
    os.close(follower)
    shown = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal closed
            break
        if not chunk:
            break
        shown += chunk
    os.close(leader)
    assert r.returncode == 0
    frames = shown.decode().replace("\r\n", "\n").split("\r")[1:]
    assert frames, shown
    assert re.fullmatch(r"\[#{30}\] 400/400 games  \d+ games/s  in \d+ s\x1b\[K\n", frames[-1]), (
        frames[-1]
    )
    assert all(re.search(r" games/s  (ETA|in) ", f) for f in frames)
