"""`python -m riichi analyze`."""

import subprocess
import sys

from riichi.__main__ import main


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
