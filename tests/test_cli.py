"""`python -m riichi analyze`, `python -m riichi score` and `python -m riichi simulate`."""

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
    assert "🀈🀉" in out
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
    assert "rules    kokushi_robs_ankan=true, double_kokushi_13=true" in out
    # ... but a mangan with kiriage.
    assert main([*argv, "--set", "kiriage=true"]) == 0
    out = capsys.readouterr().out
    assert "limit    mangan" in out
    assert "points   8000" in out
    assert block(out, "payments")[0] == "the discarder pays 8000"
    # The same rules from a file.
    path = tmp_path / "house.toml"
    riichi.Rules(kiriage=True).save(path)
    assert main([*argv[:-2], "--rules", str(path)]) == 0
    out = capsys.readouterr().out
    assert "rules    kiriage=true" in out
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
    assert 'rules    red_fives=[0, 0, 0], kazoe="sanbaiman", max_yakuman=2' in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--set", "kiriag=true"],
            'error: unknown rule option "kiriag" (did you mean kiriage?); '
            "Rules.options() lists all 79 options",
        ),
        (
            ["--set", "kiriage=1"],
            "error: rule option kiriage = 1 is not valid: kiriage takes true or false",
        ),
        (["--set", "kiriage"], "error: --set takes option=value, not 'kiriage'"),
        (
            ["--rules", "nope"],
            'error: unknown preset "nope"; the presets are "tenhou", "mahjong_soul", '
            '"wrc2025", "ema2025", "mleague"',
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
    assert lines[1] == "rules    tenhou"
    assert lines[2].startswith(f"hands    {stats['hands']} ({stats['hands_per_game']:.2f} per")
    assert f"{stats['decisions']} decisions" in lines[2]
    wins = 100 * sum(stats["win_rate"])
    assert lines[3].startswith(f"wins     {wins:.1f}% of hands: tsumo ")
    assert lines[5].startswith("yaku     riichi ")  # shanten agents riichi when they can
    assert block(out, "rank")[0].split() == [f"{r:.2f}" for r in stats["average_rank"]]
    assert block(out, "points")[0].split() == [f"{p:.0f}" for p in stats["average_points"]]
    assert re.fullmatch(r"speed    \d+ games/s \(12 games in \d+\.\d\d s\)", lines[-1])
    assert captured.err == ""  # no progress bar for a short run


def test_simulate_shows_progress_on_stderr_for_long_runs(capsys):
    assert main(["simulate", "--games", "150", "--agent", "random", "--threads", "1"]) == 0
    err = capsys.readouterr().err
    assert err.endswith("] 150/150 games\n")
    assert err.count("\r") >= 1
    assert main(["simulate", "--games", "150", "--agent", "random", "--quiet"]) == 0
    assert capsys.readouterr().err == ""


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
    assert f"rules    {path}, tobi=true" in capsys.readouterr().out


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
