"""How a log's format is told (`logs.log_format`, what `read_log`, `replay_files`
and the command line use): by its first characters, the three formats each
recognised, and any other text refused as no game log, never read as mjai."""

from __future__ import annotations

from pathlib import Path

import pytest

import riichi
from riichi import LogParseError, logs

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "tenhou"
WHAT = (
    'a log is Tenhou mjlog XML (starting with <), tenhou.net/6 JSON (an object with "log", '
    'or its tenhou.net/6 URL) or mjai JSON lines (objects with "type", starting with {)'
)


def record() -> riichi.GameRecord:
    """A whole game (every hand with its result), as the writers need."""
    got: list[riichi.GameRecord] = []
    riichi.simulate(1, "tsumogiri", seed=3, on_record=got.append)
    return got[0]


def test_each_format_is_told_from_text_bytes_and_files(tmp_path):
    r = record()
    texts = {"mjai": r.to_mjai(), "tenhou6": r.to_tenhou6()}
    url = "https://tenhou.net/6/#json=" + texts["tenhou6"]
    for name, text in [*texts.items(), ("tenhou6", url), ("mjai", "\n  " + texts["mjai"])]:
        assert logs.log_format(text) == name
        assert logs.log_format(text.encode()) == name
        path = tmp_path / f"{name}.log"
        path.write_text(text, encoding="utf-8")
        assert logs.log_format(path) == logs.log_format(str(path)) == name
        assert logs.read_log(path).n_hands == r.n_hands
    # A byte order mark is skipped.
    assert logs.log_format("\ufeff" + texts["mjai"]) == "mjai"
    assert logs.log_format(b"\xef\xbb\xbf<mjloggm ver='2.3'>") == "mjlog"


def test_the_real_logs_are_told_apart():
    mjlogs = sorted((SHARED / "mjlog").glob("*"))[:20]
    jsons = sorted((SHARED / "json").glob("*.json"))[:20]
    if not mjlogs or not jsons:
        pytest.skip(f"no Tenhou logs under {SHARED}")
    assert {logs.log_format(p) for p in mjlogs} == {"mjlog"}
    assert {logs.log_format(p) for p in jsons} == {"tenhou6"}


@pytest.mark.parametrize(
    ("text", "begins"),
    [
        ("East 1: riichi, third turn\nSouth 2", 'it begins "East 1: riichi, third turn"'),
        ("MIT License\n\nCopyright", 'it begins "MIT License"'),
        ("", "it is empty"),
        ("\n \t\n", "it is empty"),
        ("[1, 2, 3]", 'it begins "[1, 2, 3]"'),
        ("http://example.com/log.json\n", 'it begins "http://example.com/log.json"'),
        ("#" * 80 + "\n", f'it begins "{"#" * 40}…"'),
    ],
)
def test_other_text_is_no_log_and_never_read_as_mjai(text, begins):
    message = f"<text>: not a game log ({begins}): {WHAT}"
    # As bytes, and as a str (one with a newline is taken for a log's text).
    for src in (text.encode(), text + "\n"):
        with pytest.raises(LogParseError) as e:
            logs.log_format(src)
        assert str(e.value) == message
        with pytest.raises(LogParseError) as e:
            logs.read_log(src)
        assert str(e.value) == message and "mjai" not in str(e.value).split(":")[1]
    [report] = riichi.replay_files([text.encode()], errors="report")
    assert [(m.kind, m.ours) for m in report.mismatches] == [("record", message)]
    with pytest.raises(LogParseError, match="not a game log"):
        riichi.replay_files([text.encode()])


def test_a_file_that_is_no_log_is_named(tmp_path):
    path = tmp_path / "LICENSE.txt"
    path.write_text("MIT License\n", encoding="utf-8")
    message = f'{path}: not a game log (it begins "MIT License"): {WHAT}'
    for call in (logs.log_format, logs.read_log, lambda p: riichi.replay_files([p])):
        with pytest.raises(LogParseError) as e:
            call(path)
        assert str(e.value) == message


def test_a_named_format_is_read_as_that_format():
    # The readers of one format take what they are given: no detection.
    with pytest.raises(LogParseError, match=r"^<text>: mjai line 1: "):
        logs.read_mjai(b"East 1: riichi")
    assert logs.read_mjai('{"type":"start_game"}').n_hands == 0
