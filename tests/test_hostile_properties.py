"""Hostile input: whatever the public Python API is given, it answers or raises a clean
error, and never crashes.

The properties (hypothesis) feed arbitrary text (lone surrogates and control characters
included) to every call that parses text, Python values of the wrong type to every
argument of the main calls, numpy arrays of every wrong shape, dtype, layout and value
to every batch call, and mutated real logs to the log readers (and what they accept to
the replay and the writers). The only exceptions allowed are `riichi.MahjongError`
subclasses (a `ValueError`) for bad values and `TypeError` for wrong Python types:
never `pyo3_runtime.PanicException` (a `BaseException`, so everything is caught as
`BaseException` and its class checked), never another error escaping from argument
conversion, never a crash; every message is non-empty, and a notation error quotes the
input and names a position inside it.

The catalogue below it lists hand-written bad inputs with the exact exception class and
a fragment of its message, and a refused `Game` action is shown to change nothing that
any seat can see.

Found by these tests and fixed (their tests at the end of the module are regression
tests): integers outside the range of a Rust parameter type raised `OverflowError`
(`points(-1, 30, ...)`, `Game(seed=2**200)`, `game.apply(2**63, ...)`,
`simulate(2**63)`); a lone surrogate in a string parameter raised
`UnicodeEncodeError` (winds, rule option names and values, `Rules.from_json`/
`from_toml`/`preset`, `simulate(agent=...)`, `replay_files(errors=...)`, an
`os.PathLike` log); `Rules.from_json` of JSON that is not an object raised
`TypeError`; `Chi`/`Pon` given other than two tiles raised a bare `ValueError`; the
notation error for an unexpected character showed it raw; the batch calls did not
name the number of dimensions of a wrong array; a log path of unknown size (a FIFO, a
device) was read to its end before the 32 MB limit was checked;
`replay_files("game.mjlog")` read each character of the one path as a path;
`score_batch` ignored flag bits that are no flag.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from game_strategies import ACTIONS, ALL_TILES, fit
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import riichi
from riichi import (
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Game,
    Hand,
    IllegalActionError,
    InvalidContextError,
    InvalidHandError,
    InvalidInputError,
    InvalidMeldError,
    InvalidTileError,
    Kakan,
    KyuushuKyuuhai,
    LogParseError,
    MahjongError,
    Meld,
    NotAgariError,
    NoYakuError,
    Pass,
    Pon,
    Riichi,
    Ron,
    RuleError,
    Rules,
    Tile,
    TileParseError,
    Tsumo,
    logs,
)

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "tenhou"
MJLOG = DATA / "mjlog"

ALLOWED: tuple[type[BaseException], ...] = (MahjongError, TypeError)
Errors = tuple[type[BaseException], ...]

# A complete hand with a yaku (haku) and its winning tile, for calls that need one.
HAND, WIN = "123m456p789s11555z", "5z"
ONE_HAND = Rules(game_length="one_hand")
OPTION_NAMES = [o.name for o in Rules.options()]
SURROGATES = ["\ud800", "\udbff", "\udc00", "\udfff"]


@pytest.fixture(autouse=True, scope="module")
def empty_working_directory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """A log reader takes a `str` that does not look like a log for a path: arbitrary
    text must name no file, so the properties run in an empty directory."""
    old = os.getcwd()
    os.chdir(tmp_path_factory.mktemp("hostile"))
    try:
        yield
    finally:
        os.chdir(old)


# Checking an outcome ----------------------------------------------------------------------


def outcome(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[Any, BaseException | None]:
    """Call `fn`; return its result or the exception it raised (of any class)."""
    try:
        return fn(*args, **kwargs), None
    except KeyboardInterrupt:
        raise
    except BaseException as e:
        return None, e


def check_error(e: BaseException, allowed: Errors = ALLOWED) -> None:
    """`e` is a clean error: of an allowed class, with a message."""
    name = f"{type(e).__module__}.{type(e).__qualname__}"
    assert type(e).__name__ != "PanicException", f"a Rust panic: {name}: {e}"
    assert isinstance(e, allowed), f"{name} is not one of {allowed}: {e}"
    message = str(e)
    assert message.strip(), f"{name} with an empty message"
    if isinstance(e, MahjongError):
        assert type(e).__module__ == "riichi", name
    if isinstance(e, TileParseError):
        assert re.fullmatch(r'".*": .+ at position \d+', message, re.DOTALL), message


def clean(
    fn: Callable[..., Any],
    *args: Any,
    allowed: Errors = ALLOWED,
    **kwargs: Any,
) -> tuple[Any, BaseException | None]:
    """Call `fn` and check that it answers or raises a clean error."""
    result, e = outcome(fn, *args, **kwargs)
    if e is not None:
        check_error(e, allowed)
    return result, e


class PanicException(BaseException):
    """Stands for `pyo3_runtime.PanicException`, which a Rust panic raises."""


@pytest.mark.parametrize(
    "error",
    [
        PanicException("index out of bounds"),
        OverflowError("Python int too large to convert to C long"),
        UnicodeEncodeError("utf-8", "\ud800", 0, 1, "surrogates not allowed"),
        ValueError("expected tuple of length 2"),
        RuntimeError("Already borrowed"),
        riichi.InvalidInputError(""),
        riichi.TileParseError("unknown suit 'x'"),  # no quoted input, no position
    ],
)
def test_the_checker_refuses_what_is_not_a_clean_error(error: BaseException) -> None:
    with pytest.raises(AssertionError):
        check_error(error)


def position_of(e: BaseException) -> int:
    m = re.search(r" at position (\d+)$", str(e))
    assert m, str(e)
    return int(m.group(1))


def has_surrogate(v: Any) -> bool:
    """Whether `v` (a string, or a container of strings) holds a lone surrogate."""
    if isinstance(v, str):
        return any("\ud800" <= c <= "\udfff" for c in v)
    if isinstance(v, (list, tuple, set, frozenset)):
        return any(has_surrogate(x) for x in v)
    if isinstance(v, dict):
        return any(has_surrogate(k) or has_surrogate(x) for k, x in v.items())
    return False


def is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


# Strategies -------------------------------------------------------------------------------

# Any code point: lone surrogates and control characters included (hypothesis leaves
# surrogates out unless asked).
any_char = st.characters(exclude_categories=()) | st.characters(categories=["Cs"])
notation_char = st.sampled_from(
    [*"0123456789mpsz[]()'+ ", "\x00", "\x1b", "\r", "\n", "\t", "\u3000", "\u00e9", *SURROGATES]
)
TEXT = st.one_of(
    st.text(any_char, max_size=40),
    st.text(notation_char, max_size=60),
    st.text(st.sampled_from("123456789mpsz"), min_size=1, max_size=200),
)

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats()
    | st.text(any_char, max_size=8),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=5), children, max_size=4)
    ),
    max_leaves=10,
)
option_name = st.sampled_from(OPTION_NAMES) | st.text(any_char, max_size=12)
# Values as JSON and TOML give them, and then some.
option_value = json_values | st.sampled_from(
    ["none", "double", "yakuman", [1, 1, 1], [0, 0, 0, 0], (20, 10, -10, -20), 2**63, -1]
)

# Python values of the wrong type (and a few of the right type with odd values).
INTS = st.one_of(
    st.integers(-5, 300),
    st.sampled_from([-1, 2**31, 2**32, 2**63 - 1, 2**63, 2**64, 2**70, -(2**63) - 1, 2**200]),
    st.integers(),
)
OBJECTS = [
    object(),
    Tile("1m"),
    Hand("123m456p789s1122z"),
    Meld.parse("[555z]"),
    Rules(),
    riichi.WinContext(),
    Pass(),
    Discard("1m"),
    1j,
    bytearray(b"1m"),
    range(3),
    set(),
    frozenset([1]),
    np.int64(3),
    np.uint8(200),
    np.float64(1.5),
    np.bool_(True),
    np.zeros(3),
    np.zeros((2, 34), np.uint8),
    np.array("1m"),
    [Tile("1m")] * 5,
    ["1m"] * 14,
    ["E", "S"],
    Ellipsis,
    NotImplemented,
    type,
    print,
    str,
]
WRONG = st.one_of(
    st.none(),
    st.booleans(),
    INTS,
    st.floats(),
    TEXT,
    st.binary(max_size=12),
    st.lists(st.integers(-300, 300), max_size=40),
    st.lists(TEXT, max_size=4).map(tuple),
    st.tuples(INTS, INTS, INTS),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
    st.sampled_from(OBJECTS),
)


# Arbitrary text into every call that parses text ---------------------------------------

NOTATION = (TileParseError, InvalidHandError, InvalidMeldError)
TEXT_PARSERS: dict[str, tuple[Callable[[str], Any], Errors]] = {
    "Tile": (Tile, (TileParseError,)),
    "Tile.from_mjai": (Tile.from_mjai, (InvalidTileError, TileParseError)),
    "parse_tiles": (riichi.parse_tiles, (TileParseError,)),
    "format_tiles": (riichi.format_tiles, (TileParseError,)),
    "tiles_to_id136": (riichi.tiles_to_id136, (TileParseError, InvalidTileError)),
    "Hand": (Hand, NOTATION),
    "Meld.parse": (Meld.parse, NOTATION),
    "Meld kind": (lambda s: Meld(s, "555z"), NOTATION),
    "Meld tiles": (lambda s: Meld("chi", s), NOTATION),
    "Meld called_from": (lambda s: Meld("pon", "555z", called="5z", called_from=s), NOTATION),
    "shanten": (riichi.shanten, NOTATION),
    "is_complete": (riichi.is_complete, NOTATION),
    "Hand.with_tile": (Hand("123m456p789s1122z").with_tile, NOTATION),
    "Hand.ukeire": (lambda s: Hand("123m456p789s1122z").ukeire(visible=s), (MahjongError,)),
    "score hand": (lambda s: riichi.score(s, "1m"), (MahjongError,)),
    "score win_tile": (lambda s: riichi.score(HAND, s), (MahjongError,)),
    "score dora_indicators": (
        lambda s: riichi.score(HAND, WIN, dora_indicators=s),
        (MahjongError,),
    ),
    "WinContext ura_indicators": (lambda s: riichi.WinContext(ura_indicators=s), (MahjongError,)),
    "Discard": (Discard, (TileParseError,)),
    "Kakan": (Kakan, (TileParseError,)),
    "score_batch hands": (lambda s: riichi.score_batch([s], ["1m"]), (TileParseError,)),
}


@pytest.mark.parametrize("name", sorted(TEXT_PARSERS))
@settings(max_examples=200, deadline=None)
@given(text=TEXT)
def test_text_parsers_raise_only_their_errors(name: str, text: str) -> None:
    parse, errors = TEXT_PARSERS[name]
    _, e = clean(parse, text, allowed=errors)
    if isinstance(e, TileParseError):
        # The position is a character index into the input (or its end).
        assert position_of(e) <= max(len(text), 1), (text, str(e))
    if has_surrogate(text):
        # Text with no UTF-8 form is refused before it is read.
        assert isinstance(e, TileParseError) and "lone surrogate" in str(e), (text, e)


@settings(max_examples=300, deadline=None)
@given(text=TEXT)
def test_mjai_names_and_wind_names(text: str) -> None:
    clean(Tile.from_mjai, text, allowed=(InvalidTileError, TileParseError))
    for call in (
        lambda: riichi.score(HAND, WIN, seat_wind=text),
        lambda: riichi.score(HAND, WIN, round_wind=text),
        lambda: riichi.WinContext(seat_wind=text),
        lambda: riichi.nagashi_mangan_payments([text]),
    ):
        _, e = clean(call, allowed=(InvalidContextError,))
        if e is not None:
            assert "wind" in str(e), str(e)


# Rules from text, dicts and keywords ------------------------------------------------------


def json_text() -> st.SearchStrategy[str]:
    options = st.dictionaries(option_name, option_value, max_size=4)
    return st.one_of(
        TEXT,
        json_values.map(json.dumps),
        options.map(lambda d: json.dumps(d, default=repr)),
        # The JSON of a real rule set, cut anywhere.
        st.sampled_from(Rules.presets()).flatmap(
            lambda p: st.integers(0, len(Rules.preset(p).to_json())).map(
                lambda n, p=p: Rules.preset(p).to_json()[:n]
            )
        ),
    )


@settings(max_examples=300, deadline=None)
@given(text=json_text())
def test_rules_from_json(text: str) -> None:
    # Escaped surrogates ("\\ud800") come out of the JSON as lone surrogates: a
    # RuleError too.
    rules, _ = clean(Rules.from_json, text, allowed=(RuleError,))
    if rules is not None:
        assert Rules.from_json(rules.to_json()) == rules


def toml_text() -> st.SearchStrategy[str]:
    def line(kv: tuple[str, Any]) -> str:
        k, v = kv
        return f"{k} = {json.dumps(v, default=repr)}"

    lines = st.lists(st.tuples(option_name, option_value).map(line), max_size=4)
    return st.one_of(TEXT, lines.map("\n".join))


@settings(max_examples=300, deadline=None)
@given(text=toml_text())
def test_rules_from_toml(text: str) -> None:
    rules, _ = clean(Rules.from_toml, text, allowed=(RuleError,))
    if rules is not None:
        assert Rules.from_toml(rules.to_toml()) == rules


@settings(max_examples=300, deadline=None)
@given(
    d=st.dictionaries(
        option_name | st.integers() | st.none() | st.tuples(st.text(max_size=3)),
        option_value | WRONG,
        max_size=4,
    ),
    name=option_name,
    value=option_value | WRONG,
)
def test_rules_from_dict_and_keywords(d: dict[Any, Any], name: str, value: Any) -> None:
    # A key that is not a string is a TypeError; everything else a RuleError.
    clean(Rules.from_dict, d, allowed=(RuleError, TypeError))
    clean(lambda: Rules().replace(**{name: value}), allowed=(RuleError,))
    _, e = clean(lambda: Rules(**{name: value}), allowed=(RuleError,))
    if isinstance(e, RuleError) and name in OPTION_NAMES:
        assert name in str(e)  # the message names the option


@settings(max_examples=200, deadline=None)
@given(text=TEXT | st.sampled_from(Rules.presets()))
def test_rules_presets(text: str) -> None:
    for call in (Rules.preset, Rules.preset_doc):
        _, e = clean(call, text, allowed=(RuleError,))
        assert (e is None) == (text in Rules.presets()), (text, e)
        if isinstance(e, RuleError) and has_surrogate(text):
            assert "lone surrogate" in str(e)
        elif isinstance(e, RuleError):
            assert "tenhou" in str(e)  # the message lists the presets


# Logs: text, bytes and mutated real logs ----------------------------------------------------

READERS = {
    "mjlog": logs.read_mjlog,
    "tenhou6": logs.read_tenhou6,
    "mjai": logs.read_mjai,
    "log": logs.read_log,
}
LOG_PREFIXES = ["<", "<mjloggm ", "{", '{"type":"start_game"}\n', "[", "tenhou.net/6/#json=", "\n"]


# What Rust's `str::trim_start` strips (Unicode White_Space; Python's `isspace` also
# takes \x1c-\x1f).
RUST_WHITESPACE = "\t\n\x0b\x0c\r \x85\xa0\u1680\u2028\u2029\u202f\u205f\u3000" + "".join(
    chr(c) for c in range(0x2000, 0x200B)
)


def looks_like_a_path(text: str) -> bool:
    """Whether a reader takes this `str` for a path (rather than the log itself)."""
    t = text.lstrip(RUST_WHITESPACE)
    return not (t.startswith(("<", "{", "[", "http", "tenhou.net")) or "\n" in text)


@settings(max_examples=300, deadline=None)
@given(
    prefix=st.sampled_from(["", *LOG_PREFIXES]), text=TEXT, reader=st.sampled_from(sorted(READERS))
)
def test_log_readers_on_arbitrary_text(prefix: str, text: str, reader: str) -> None:
    text = prefix + text
    if looks_like_a_path(text):
        try:
            assume(not os.path.exists(text))
        except ValueError:  # a NUL or a surrogate: the reader says so itself
            pass
        allowed: Errors = (InvalidInputError,)  # no such file; no UTF-8 form
    elif has_surrogate(text):
        allowed = (InvalidInputError,)  # not valid text: a lone surrogate
    else:
        allowed = (LogParseError,)
    clean(READERS[reader], text, allowed=allowed)


@settings(max_examples=300, deadline=None)
@given(
    prefix=st.sampled_from([b"", *(p.encode() for p in LOG_PREFIXES), b"\xef\xbb\xbf<"]),
    data=st.binary(max_size=200),
    reader=st.sampled_from(sorted(READERS)),
)
def test_log_readers_on_arbitrary_bytes(prefix: bytes, data: bytes, reader: str) -> None:
    # Bytes are always the log itself, never a path.
    clean(READERS[reader], prefix + data, allowed=(LogParseError,))


def engine_record(seed: int, rules: Rules | None = None) -> riichi.GameRecord:
    """A whole game between seeded random players, with its calls, riichi and wins."""
    rng = random.Random(seed)
    game = Game(rules=rules, seed=seed)
    while not game.is_over:
        seat = next(s for s in game.current_decision if game.legal_actions(s))
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game.record()


def base_logs() -> list[tuple[str, str]]:
    """(format, text): an engine game and, when present, two real Tenhou games, in
    every format."""
    records = [engine_record(5)]
    texts: list[tuple[str, str]] = []
    for name in ("pao.mjlog", "yakumann.mjlog"):
        path = MJLOG / name
        if path.is_file():
            text = path.read_text(encoding="utf-8")
            texts.append(("mjlog", text))
            records.append(logs.read_mjlog(text))
    for r in records:
        texts += [("mjlog", r.to_mjlog()), ("tenhou6", r.to_tenhou6()), ("mjai", r.to_mjai())]
    return texts


BASE_LOGS = base_logs()
TOKENS = [
    *"0 1 9 -1 999999 65535 4294967296 -9999999999999999999 1e400 NaN".split(),
    *'" < > } ] [ { , : \n null true "x" "" "1m" "5mr" "E" "?" []'.split(" "),
    '"dahai"',
    '"hora"',
    '"ryukyoku"',
    '"kakan"',
    '"reach"',
    '"start_kyoku"',
    '"end_game"',
    "<N",
    "<AGARI",
    "<RYUUKYOKU",
    '"\\ud800"',
    "\u00e9",
    "\x00",
]
NUMBERS = [0, 1, 3, 4, 5, 13, 16, 33, 34, 35, 37, 52, 60, 88, 135, 136, 255, 256, -1, 2**31, 2**64]
Mutation = tuple[int, int, int, str, int]


def mutate(text: str, ops: list[Mutation]) -> str:
    """Apply edits: cut the end, delete, insert a token, replace a number or a JSON
    string, duplicate a slice, swap two lines."""
    for kind, at, length, token, number in ops:
        if not text:
            break
        i = at % len(text)
        j = min(len(text), i + length)
        if kind == 0:
            text = text[:i]
        elif kind == 1:
            text = text[:i] + text[j:]
        elif kind == 2:
            text = text[:i] + token + text[i:]
        elif kind == 3:
            numbers = list(re.finditer(r"-?\d+", text))
            if numbers:
                m = numbers[at % len(numbers)]
                text = text[: m.start()] + str(NUMBERS[number % len(NUMBERS)]) + text[m.end() :]
        elif kind == 4:
            strings = list(re.finditer(r'"[^"\n]{0,12}"', text))
            if strings:
                m = strings[at % len(strings)]
                text = text[: m.start()] + token + text[m.end() :]
        elif kind == 5:
            text = text[:j] + text[i:j] + text[j:]
        else:
            lines = text.split("\n")
            a, b = at % len(lines), (at + length) % len(lines)
            lines[a], lines[b] = lines[b], lines[a]
            text = "\n".join(lines)
    return text


mutations = st.lists(
    st.tuples(
        # Mostly edits that keep the structure (numbers, strings, lines), so that many
        # mutants still read and go on to the replay.
        st.sampled_from([3, 3, 3, 3, 4, 4, 4, 6, 6, 5, 2, 1, 0]),
        st.integers(0, 10**6),
        st.integers(1, 80),
        st.sampled_from(TOKENS),
        st.integers(0, 100),
    ),
    min_size=1,
    max_size=4,
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    base=st.integers(0, len(BASE_LOGS) - 1),
    ops=mutations,
    as_bytes=st.booleans(),
    detect=st.booleans(),
)
def test_mutated_logs_read_replay_and_write_cleanly(
    base: int, ops: list[Mutation], as_bytes: bool, detect: bool
) -> None:
    fmt, text = BASE_LOGS[base]
    text = mutate(text, ops)
    reader = READERS["log" if detect else fmt]
    if as_bytes:
        record, _ = clean(reader, text.encode(), allowed=(LogParseError,))
    elif looks_like_a_path(text):
        assume(not os.path.exists(text))
        record, _ = clean(reader, text, allowed=(LogParseError, InvalidInputError))
    else:
        record, _ = clean(reader, text, allowed=(LogParseError,))
    event("refused" if record is None else "read")
    if record is None:
        return
    # What a reader accepts, the replay and the writers take without crashing.
    report, e = clean(riichi.replay, record)
    assert e is None and isinstance(report, riichi.ReplayReport)
    unchecked, e = clean(riichi.replay, record, check=False)
    assert e is None and isinstance(unchecked, riichi.ReplayReport)
    assert report.ok == (not report.mismatches)
    for m in report.mismatches:
        assert str(m) and m.kind
    for write in (record.to_mjai, record.to_tenhou6, record.to_mjlog):
        written, _ = clean(write, allowed=(MahjongError,))
        if written is not None:
            # As bytes: an empty log is no path.
            clean(logs.read_log, written.encode(), allowed=(LogParseError,))
    assert len(record) == len(record.events) and repr(record)


def test_every_base_log_reads_and_replays() -> None:
    """The mutation property starts from good logs."""
    assert len(BASE_LOGS) >= 3
    for fmt, text in BASE_LOGS:
        assert riichi.replay(READERS[fmt](text)).ok, fmt


# Wrong Python types for every argument of the main calls ------------------------------------

RESULT = riichi.score(HAND, WIN, seat_wind="S")
GAME = Game(seed=3)
RECORD = engine_record(1, ONE_HAND)


def few_games(v: Any) -> Any:
    """`simulate` plays what it is asked: keep a count small (or out of range)."""
    return 2 if is_int(v) and 3 < v < 2**63 else v


SCORE_KEYWORDS = [
    "tsumo",
    "riichi",
    "double_riichi",
    "ippatsu",
    "rinshan",
    "chankan",
    "robbed_ankan",
    "haitei",
    "houtei",
    "tenhou",
    "chiihou",
    "renhou",
    "open_riichi",
    "open_riichi_deal_in",
    "paarenchan",
    "seat_wind",
    "round_wind",
    "dora_indicators",
    "ura_indicators",
    "honba",
    "riichi_sticks",
]
# Each argument of the main calls, as a call taking the value to try there.
Site = Callable[[Any], Any]


def _score_sites() -> dict[str, Site]:
    sites: dict[str, Site] = {}
    for k in SCORE_KEYWORDS:
        sites[f"score {k}"] = lambda v, k=k: riichi.score(HAND, WIN, **{k: v})
        sites[f"WinContext {k}"] = lambda v, k=k: riichi.WinContext(**{k: v})
    return sites


SITES: dict[str, Site] = {
    **_score_sites(),
    "score hand": lambda v: riichi.score(v, WIN),
    "score win_tile": lambda v: riichi.score(HAND, v),
    "score context": lambda v: riichi.score(HAND, WIN, context=v),
    "score rules": lambda v: riichi.score(HAND, WIN, rules=v),
    "ScoreResult.deltas discarder": lambda v: RESULT.deltas(discarder=v),
    "ScoreResult.deltas liable": lambda v: RESULT.deltas("E", liable=v),
    "points han": lambda v: riichi.points(v, 30, dealer=False, tsumo=False),
    "points fu": lambda v: riichi.points(3, v, dealer=False, tsumo=False),
    "points dealer": lambda v: riichi.points(3, 30, dealer=v, tsumo=False),
    "points honba": lambda v: riichi.points(3, 30, dealer=False, tsumo=False, honba=v),
    "points yakuman": lambda v: riichi.points(3, 30, dealer=False, tsumo=False, yakuman=v),
    "points rules": lambda v: riichi.points(3, 30, dealer=False, tsumo=False, rules=v),
    "score_table": riichi.score_table,
    "settle_multi_ron results": lambda v: riichi.settle_multi_ron(v, "E"),
    "settle_multi_ron discarder": lambda v: riichi.settle_multi_ron([RESULT], v),
    "settle_multi_ron liable": lambda v: riichi.settle_multi_ron([RESULT], "E", liable=v),
    "nagashi_mangan_payments winners": riichi.nagashi_mangan_payments,
    "nagashi_mangan_payments honba": lambda v: riichi.nagashi_mangan_payments(["S"], honba=v),
    "Game rules": lambda v: Game(rules=v, seed=1),
    "Game seed": lambda v: Game(seed=v),
    "Game walls": lambda v: Game(walls=v, seed=1),
    "Game walls[0]": lambda v: Game(walls=[v], seed=1),
    "Game first_dealer": lambda v: Game(first_dealer=v, seed=1),
    "Game.apply action": lambda v: Game(seed=3).apply(0, v),
    "Game.apply seat": lambda v: Game(seed=3).apply(v, Pass()),
    "Game.legal_actions": GAME.legal_actions,
    "Game.observation": GAME.observation,
    "simulate n_games": lambda v: riichi.simulate(few_games(v), "random", rules=ONE_HAND),
    "simulate agent": lambda v: riichi.simulate(1, v, rules=ONE_HAND),
    "simulate seed": lambda v: riichi.simulate(1, "random", seed=v, rules=ONE_HAND),
    "simulate rules": lambda v: riichi.simulate(1, "random", rules=v),
    "simulate threads": lambda v: riichi.simulate(1, "random", rules=ONE_HAND, threads=v),
    "simulate records": lambda v: riichi.simulate(1, "random", rules=ONE_HAND, records=v),
    "Tile": Tile,
    "Tile.from_mjai": Tile.from_mjai,
    "Tile.from_id136": Tile.from_id136,
    "Tile.from_kind": Tile.from_kind,
    "parse_tiles": riichi.parse_tiles,
    "format_tiles": riichi.format_tiles,
    "tiles_to_id136": riichi.tiles_to_id136,
    "tiles_from_id136": riichi.tiles_from_id136,
    "Hand": Hand,
    "Hand melds": lambda v: Hand("123m456p789s1z", melds=v),
    "Hand.ukeire": lambda v: Hand("123m456p789s1122z").ukeire(visible=v),
    "Hand.discard_options": lambda v: Hand(HAND).discard_options(visible=v),
    "Hand.with_tile": lambda v: Hand("123m456p789s1122z").with_tile(v),
    "Hand.without_tile": lambda v: Hand("123m456p789s1122z").without_tile(v),
    "Hand.decompositions": lambda v: Hand(HAND).decompositions(v),
    "Meld.parse": Meld.parse,
    "Meld kind": lambda v: Meld(v, "555z"),
    "Meld tiles": lambda v: Meld("pon", v),
    "Meld called": lambda v: Meld("pon", "555z", called=v, called_from="left"),
    "Meld called_from": lambda v: Meld("pon", "555z", called="5z", called_from=v),
    "Meld added": lambda v: Meld("kakan", "5555z", added=v),
    "shanten": riichi.shanten,
    "is_complete": riichi.is_complete,
    "Discard tile": Discard,
    "Discard tsumogiri": lambda v: Discard("1m", v),
    "Riichi": Riichi,
    "Chi": Chi,
    "Pon": Pon,
    "Ankan": Ankan,
    "Kakan": Kakan,
    "Rules.diff": lambda v: Rules().diff(v),
    "Rules.preset": Rules.preset,
    "Rules.from_json": Rules.from_json,
    "Rules.from_toml": Rules.from_toml,
    "Rules.from_dict": Rules.from_dict,
    "Rules red_fives": lambda v: Rules(red_fives=v),
    "Rules uma": lambda v: Rules(uma=v),
    "Rules min_han": lambda v: Rules(min_han=v),
    "Rules max_yakuman": lambda v: Rules(max_yakuman=v),
    "Rules multi_ron": lambda v: Rules(multi_ron=v),
    "read_mjlog": logs.read_mjlog,
    "read_tenhou6": logs.read_tenhou6,
    "read_mjai": logs.read_mjai,
    "read_log": logs.read_log,
    "write_mjai": logs.write_mjai,
    "write_tenhou6": logs.write_tenhou6,
    "write_mjlog": logs.write_mjlog,
    "replay": riichi.replay,
    "replay check": lambda v: riichi.replay(RECORD, check=v),
    "replay_files paths": riichi.replay_files,
    "replay_files check": lambda v: riichi.replay_files([], check=v),
    "replay_files threads": lambda v: riichi.replay_files([], threads=v),
    "replay_files errors": lambda v: riichi.replay_files([], errors=v),
    "shanten_batch": riichi.shanten_batch,
    "is_complete_batch": riichi.is_complete_batch,
    "waits_batch": riichi.waits_batch,
    "score_batch hands": lambda v: riichi.score_batch(v, ["1m"]),
    "score_batch win_tiles": lambda v: riichi.score_batch([HAND], v),
    **{
        f"score_batch {k}": lambda v, k=k: riichi.score_batch([HAND], [WIN], **{k: v})
        for k in [
            "flags",
            "seat_winds",
            "round_winds",
            "dora_indicators",
            "ura_indicators",
            "honba",
            "rules",
            "threads",
        ]
    },
}


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(SITES)), value=WRONG)
def test_wrong_values_for_every_argument(name: str, value: Any) -> None:
    clean(SITES[name], value)


@pytest.mark.parametrize("name", sorted(SITES))
def test_each_site_with_a_few_wrong_values(name: str) -> None:
    """Every site sees at least these, whatever hypothesis draws."""
    for value in (None, 1.5, object(), b"1m", {"a": 1}, -1, 2**70, "", "\x00", [None]):
        clean(SITES[name], value)


@settings(max_examples=200, deadline=None)
@given(value=st.sampled_from(OBJECTS) | WRONG)
def test_apply_refuses_what_is_not_an_action(value: Any) -> None:
    assume(not isinstance(value, Action))
    before = snapshot(GAME)
    with pytest.raises(TypeError, match="apply takes an action"):
        GAME.apply(0, value)
    assert snapshot(GAME) == before


# numpy arrays for the batch calls -----------------------------------------------------------

BATCH = {
    "shanten_batch": riichi.shanten_batch,
    "is_complete_batch": riichi.is_complete_batch,
    "waits_batch": riichi.waits_batch,
}
DTYPES = [np.uint8, np.int8, np.uint16, np.int64, np.float64, np.bool_, ">u2", "<U3", object]


def counts_rows(draw: st.DrawFn, n: int) -> npt.NDArray[np.uint8]:
    """`n` rows of 34 counts: often all valid 3n+1 closed hands (of at most 13 tiles,
    rarely 5 of a kind), which every batch call takes; otherwise a mix of sizes, some
    wrong, and maybe one count of any value."""
    rows = np.zeros((n, 34), np.uint8)
    valid = draw(st.booleans())
    sizes = [1, 4, 7, 10, 13] if valid else [1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 0, 3, 15, 20]
    for i in range(n):
        size = draw(st.sampled_from(sizes))
        kinds = draw(st.lists(st.integers(0, 33), min_size=size, max_size=size))
        for k in kinds:
            rows[i, k] += 1
    if n and not valid and draw(st.booleans()):
        rows[draw(st.integers(0, n - 1)), draw(st.integers(0, 33))] = draw(st.integers(0, 255))
    return rows


@st.composite
def batch_arrays(draw: st.DrawFn) -> Any:
    """A count array, right or wrong: valid rows or any values; any dtype; 0 to 3
    dimensions; any layout (sliced, transposed, Fortran, read-only, broadcast)."""
    kind = draw(st.sampled_from(["rows", "rows", "any"]))
    if kind == "rows":
        arr: Any = counts_rows(draw, draw(st.integers(0, 12)))
        dtype = draw(st.sampled_from([np.uint8, np.uint8, *DTYPES]))
        arr = arr.astype(dtype)
    else:
        arr = draw(
            hnp.arrays(
                dtype=st.sampled_from(DTYPES[:6]),
                shape=hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=36),
            )
        )
    layout = draw(st.sampled_from(["c", "f", "step", "reverse", "transpose", "ro", "bcast", "pad"]))
    if layout == "f":
        arr = np.asfortranarray(arr)
    elif layout == "step" and arr.ndim:
        wide = np.zeros((*arr.shape[:-1], 2 * arr.shape[-1]), arr.dtype)
        wide[..., ::2] = arr
        arr = wide[..., ::2]
    elif layout == "reverse" and arr.ndim:
        arr = arr[::-1]
    elif layout == "transpose":
        arr = arr.T
    elif layout == "ro":
        arr = arr.copy()
        arr.flags.writeable = False
    elif layout == "bcast" and arr.ndim == 2 and len(arr):
        arr = np.broadcast_to(arr[:1], (3, arr.shape[1]))
    elif layout == "pad" and arr.dtype == np.uint8:
        # Unaligned and offset into a larger buffer.
        buf = np.zeros(arr.size + 1, np.uint8)
        buf[1:] = arr.ravel()
        arr = buf[1:].reshape(arr.shape)
    return arr


def expected_rows(name: str, arr: npt.NDArray[Any]) -> list[Any] | None:
    """Per-row answers of the single-hand calls, when every row is valid."""
    out = []
    for row in arr.tolist():
        n = sum(row)
        if max(row) > 4 or n % 3 == 0 or n > 14 or (name == "waits_batch" and n % 3 != 1):
            return None
        if name == "shanten_batch":
            out.append(riichi.shanten(row))
        elif name == "is_complete_batch":
            out.append(riichi.is_complete(row))
        else:
            out.append(None)
    return out


@pytest.mark.parametrize("name", sorted(BATCH))
@settings(max_examples=250, deadline=None)
@given(arr=batch_arrays())
def test_batch_calls_on_any_array(name: str, arr: Any) -> None:
    result, e = clean(BATCH[name], arr, allowed=(InvalidInputError,))
    is_counts = arr.dtype == np.uint8 and arr.ndim == 2 and arr.shape[1] == 34
    event("refused" if e is not None else "answered")
    if e is not None:
        if is_counts:
            assert re.match(r"row \d+: ", str(e)), str(e)
            row = int(str(e).split(":")[0].split()[1])
            assert expected_rows(name, arr[row : row + 1]) is None
        return
    assert is_counts, f"{name} accepted {arr.dtype} {arr.shape}"
    width = (len(arr), 34) if name == "waits_batch" else (len(arr),)
    assert result.shape == width
    expected = expected_rows(name, arr)
    assert expected is not None
    if name != "waits_batch":
        assert result.tolist() == expected
    # The same answer from a plain C-ordered copy, with one thread.
    assert np.array_equal(result, BATCH[name](np.ascontiguousarray(arr), threads=1))


@settings(max_examples=250, deadline=None)
@given(hands=batch_arrays(), wins=st.sampled_from(["zeros", "short", "strings", "2-d"]))
def test_score_batch_on_any_array(hands: Any, wins: str) -> None:
    n = len(hands) if hands.ndim else 0
    win_tiles: Any = {
        "zeros": np.zeros(n, np.uint8),
        "short": np.zeros(max(n - 1, 0), np.uint8),
        "strings": ["1m"] * n,
        "2-d": np.zeros((n, 1), np.uint8),
    }[wins]
    out, e = clean(riichi.score_batch, hands, win_tiles, allowed=(InvalidInputError, TypeError))
    is_counts = hands.dtype == np.uint8 and hands.ndim == 2 and hands.shape[1] == 34
    if e is None:
        assert len(out["status"]) == n and set(out["status"].tolist()) <= {0, 1, 2, 3}
        assert (out["points"][out["status"] != 0] == 0).all()
    elif is_counts and wins in ("zeros", "strings"):
        raise AssertionError(f"{hands.shape} refused: {e}")


THREADS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 260),
    INTS,
    st.floats(),
    st.text(max_size=3),
    st.sampled_from([np.int64(2), np.uint8(0), np.int32(-1), np.float64(2.0), [2], (2,)]),
)
ONE_ROW = np.zeros((1, 34), np.uint8)
ONE_ROW[0, 0] = 1


@settings(max_examples=150, deadline=None)
@given(threads=THREADS)
def test_thread_counts(threads: Any) -> None:
    calls: list[tuple[str, Callable[[], Any]]] = [
        *((name, lambda fn=fn: fn(ONE_ROW, threads=threads)) for name, fn in BATCH.items()),
        ("score_batch", lambda: riichi.score_batch([HAND], [WIN], threads=threads)),
        ("simulate", lambda: riichi.simulate(1, "random", rules=ONE_HAND, threads=threads)),
        ("replay_files", lambda: riichi.replay_files([], threads=threads)),
    ]
    in_range = (is_int(threads) or isinstance(threads, (bool, np.integer))) and 1 <= int(
        threads
    ) <= 256
    for name, call in calls:
        _, e = clean(call)
        if threads is None or in_range:
            assert e is None, (name, threads, e)
        elif isinstance(e, MahjongError):
            assert type(e) is InvalidInputError, (name, e)
            assert str(e) == f"threads must be an integer from 1 to 256, got {threads}", (name, e)
        else:
            assert e is not None and not isinstance(threads, (int, np.integer)), (name, threads)


@st.composite
def score_batch_args(draw: st.DrawFn) -> dict[str, Any]:
    """Arguments of `score_batch`: complete hands and random ones, winning tile ids
    (255 and 37+ are not tiles), flags, winds and indicators of any value, and
    sometimes a column of the wrong dtype, length or shape."""
    n = draw(st.integers(0, 8))
    rows = np.zeros((n, 34), np.uint8)
    wins = np.zeros(n, np.uint8)
    for i in range(n):
        if draw(st.booleans()):
            counts = [0] * 34
            for _ in range(4):
                if draw(st.booleans()):
                    first = draw(st.sampled_from([s * 9 + k for s in range(3) for k in range(7)]))
                    for k in (first, first + 1, first + 2):
                        counts[k] += 1
                else:
                    counts[draw(st.integers(0, 33))] += 3
            counts[draw(st.integers(0, 33))] += 2
            rows[i] = np.minimum(counts, 255)
            held = [k for k in range(34) if counts[k]]
            wins[i] = draw(st.sampled_from(held))
        else:
            rows[i] = counts_rows(draw, 1)[0]
            wins[i] = draw(st.integers(0, 36) | st.sampled_from([37, 40, 255]))
    args: dict[str, Any] = {"hands": rows, "win_tiles": wins}
    if draw(st.booleans()):
        args["flags"] = np.array(
            [
                draw(
                    st.sampled_from(
                        [0, 1, 2, 3, 11, 0, 1, 2, 3, 11, 5, 9, 64, 128, 2**15, 2**32 - 1]
                    )
                )
                for _ in range(n)
            ],
            np.uint32,
        )
    for col in ("seat_winds", "round_winds"):
        if draw(st.booleans()):
            winds = st.integers(0, 3) | st.sampled_from([4, 255])
            args[col] = np.array([draw(winds) for _ in range(n)], np.uint8)
    for col in ("dora_indicators", "ura_indicators"):
        if draw(st.booleans()):
            k = draw(st.integers(0, 6))
            args[col] = np.array(
                [
                    [draw(st.integers(0, 36) | st.sampled_from([40, 255])) for _ in range(k)]
                    for _ in range(n)
                ],
                np.uint8,
            ).reshape(n, k)
    if draw(st.booleans()):
        args["honba"] = np.array([draw(st.integers(0, 2**32 - 1)) for _ in range(n)], np.uint32)
    if draw(st.integers(0, 3)) == 0:
        # One argument made wrong: dtype, length or dimensions.
        col = draw(st.sampled_from(sorted(args)))
        how = draw(st.sampled_from(["dtype", "length", "ndim"]))
        a = np.asarray(args[col])
        if how == "dtype":
            args[col] = a.astype(np.int64)
        elif how == "length":
            args[col] = (
                np.concatenate([a, a[:1]]) if len(a) else np.zeros((1, *a.shape[1:]), a.dtype)
            )
        else:
            args[col] = a[..., None]
    if draw(st.booleans()):
        # The hands as strings (melds none, winning tile included), tiles as strings.
        args["hands"] = [conftest_mpsz(r) for r in np.asarray(args["hands"]).reshape(-1, 34)]
    return args


def conftest_mpsz(row: Any) -> str:
    """mpsz of a row of counts (any values: a count above 9 repeats its digit)."""
    out = []
    for s, suit in enumerate("mpsz"):
        width = 7 if suit == "z" else 9
        digits = "".join(str(n + 1) * int(row[s * 9 + n]) for n in range(width))
        if digits:
            out.append(digits + suit)
    return "".join(out)


def tile_of_id(i: int) -> Tile:
    return Tile(f"0{'mps'[i - 34]}") if 34 <= i <= 36 else Tile.from_kind(i)


def single_score(args: dict[str, Any], i: int) -> tuple[int, int, int, int]:
    """The row as `riichi.score` scores it: (status, han, fu, points)."""
    flags = int(args["flags"][i]) if "flags" in args else 0
    if flags >> len(riichi.SCORE_FLAGS):
        return 3, 0, 0, 0  # a bit that is no flag: the row is invalid
    kw = {
        name: bool(flags >> bit & 1)
        for bit, name in enumerate(sorted(riichi.SCORE_FLAGS, key=riichi.SCORE_FLAGS.get))
    }
    for col, key in (("seat_winds", "seat_wind"), ("round_winds", "round_wind")):
        if col in args:
            kw[key] = int(args[col][i])
    for col in ("dora_indicators", "ura_indicators"):
        if col in args:
            ids = [int(x) for x in args[col][i] if x != 255]
            if any(x > 36 for x in ids):
                return 3, 0, 0, 0
            kw[col] = [tile_of_id(x) for x in ids]
    if "honba" in args:
        kw["honba"] = int(args["honba"][i])
    hand = args["hands"][i]
    if not isinstance(hand, str):
        hand = conftest_mpsz(hand)
    win = int(args["win_tiles"][i])
    if win > 36:
        return 3, 0, 0, 0
    try:
        r = riichi.score(hand, tile_of_id(win), **kw)
    except NotAgariError:
        return 1, 0, 0, 0
    except NoYakuError:
        return 2, 0, 0, 0
    except MahjongError:
        return 3, 0, 0, 0
    return 0, r.han, r.fu, r.points


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(args=score_batch_args())
def test_score_batch_on_any_columns(args: dict[str, Any]) -> None:
    out, e = clean(lambda: riichi.score_batch(**args), allowed=(InvalidInputError, TypeError))
    if e is not None:
        return
    n = len(args["hands"])
    assert set(out) == {"han", "fu", "points", "status"}
    assert all(len(v) == n for v in out.values())
    for i in range(n):
        got = tuple(int(out[k][i]) for k in ("status", "han", "fu", "points"))
        event(f"status {got[0]}")
        assert got == single_score(args, i), (i, {k: v[i] for k, v in args.items()})


# Random rule sets in the engine ------------------------------------------------------------------


@st.composite
def rule_sets(draw: st.DrawFn) -> Rules:
    """Any valid rule set: each option drawn from its kind's values."""
    changes: dict[str, Any] = {}
    for o in Rules.options():
        if not draw(st.integers(0, 3)) == 0:
            continue
        if o.kind == "bool":
            changes[o.name] = draw(st.booleans())
        elif o.kind == "choice":
            changes[o.name] = draw(st.sampled_from(o.choices or []))
        elif o.kind in ("int", "optional_int"):
            lo, hi = o.range or (0, 0)
            v = draw(st.sampled_from([lo, hi]) | st.integers(lo, hi))
            changes[o.name] = None if o.kind == "optional_int" and draw(st.booleans()) else v
        elif o.kind == "red_fives":
            changes[o.name] = draw(st.tuples(*[st.integers(0, 4)] * 3))
        elif o.kind == "uma":
            a, b, c = draw(st.tuples(*[st.integers(-300, 300)] * 3))
            changes[o.name] = (a, b, c, -(a + b + c))
    changes["game_length"] = "one_hand"
    # An impossible combination names the option at fault: leave it out, and retry.
    for _ in range(len(changes)):
        try:
            return Rules(**changes)
        except RuleError as e:
            named = [n for n in re.findall(r"(\w+) = ", str(e)) if n in changes]
            assert named, str(e)
            del changes[named[0]]
    raise AssertionError(changes)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=rule_sets(), seed=st.integers(0, 2**64 - 1), agent=st.sampled_from(["random", "shanten"])
)
def test_any_rule_set_plays_and_replays(rules: Rules, seed: int, agent: str) -> None:
    stats, e = clean(riichi.simulate, 2, agent, seed=seed, rules=rules, records=True)
    assert e is None, e
    assert stats["games"] == 2
    record = engine_record(seed % 1000, rules)
    assert riichi.replay(record).ok
    for write in (record.to_mjai, record.to_tenhou6, record.to_mjlog):
        clean(write, allowed=(MahjongError,))


@st.composite
def walls(draw: st.DrawFn) -> list[Tile]:
    """A wall in any order, any five of it red or plain (up to four red fives of a
    suit, more than any rules have: such a wall is refused)."""
    tiles = [Tile.from_kind(k) for k in range(34) for _ in range(4)]
    tiles = [
        Tile(f"0{t.suit}") if t.number == 5 and not t.is_honor and draw(st.booleans()) else t
        for t in tiles
    ]
    return draw(st.permutations(tiles))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(wall=walls(), rules=rule_sets(), seed=st.integers(0, 2**64 - 1))
def test_any_wall_under_any_rules_plays_and_replays(
    wall: list[Tile], rules: Rules, seed: int
) -> None:
    game, e = clean(Game, rules=rules, seed=seed, walls=[wall])
    reds = [sum(t.is_red and t.suit == s for t in wall) for s in "mps"]
    if any(n > allowed for n, allowed in zip(reds, rules.red_fives, strict=True)):
        # More red fives than the rules have: refused, naming the option.
        assert isinstance(e, InvalidInputError) and "rule option red_fives" in str(e), e
        game, e = clean(Game, rules=rules, seed=seed, walls=[fit(wall, rules)])
    assert e is None, e
    rng = random.Random(seed)
    while not game.is_over:
        seat = next(s for s in game.current_decision if game.legal_actions(s))
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        game.check_invariants()
    assert riichi.replay(game.record()).ok


# The catalogue: hand-written bad inputs, exact classes and messages ---------------------------


def game_where(pred: Callable[[Game], bool], seeds: range = range(200)) -> Game:
    """The first state, over games of seeded random players, where `pred` holds."""
    for seed in seeds:
        rng = random.Random(seed)
        game = Game(seed=seed)
        while not game.is_over:
            if pred(game):
                return game
            seat = next(s for s in game.current_decision if game.legal_actions(s))
            game.apply(seat, rng.choice(game.legal_actions(seat)))
    raise AssertionError("no such state")


def turn_seat(game: Game) -> int:
    return game.current_decision[0]


def open_hand_on_turn(game: Game) -> bool:
    if game.phase != "turn":
        return False
    s = turn_seat(game)
    return any(m.is_open for m in game.observation(s).melds[s])


def a_claim(game: Game) -> bool:
    """A claim decision (on a discard or a kan) with a seat asked."""
    if game.phase != "claims":
        return False
    return any(game.observation(s).claim is not None for s in game.current_decision)


def kakan_without_pon(game: Game) -> None:
    s = turn_seat(game)
    game.apply(s, Kakan(game.observation(s).hand[0]))


def riichi_with_open_hand(game: Game) -> None:
    s = turn_seat(game)
    game.apply(s, Riichi(game.observation(s).hand[0]))


def first_missing(hand: list[Tile]) -> Tile:
    return next(t for t in ALL_TILES if t not in hand)


def other_tile(game: Game) -> Tile:
    """A tile of seat 0's hand other than the one just drawn."""
    o = game.observation(0)
    return next(t for t in o.hand if t != o.drawn)


def chi_not_offered(game: Game) -> None:
    s = next(s for s in game.current_decision if game.legal_actions(s))
    tile = game.observation(s).claim[0]
    game.apply(s, Chi((tile, tile)))


MJAI_START = '{"type":"start_game"}\n'
PAO = MJLOG / "pao.mjlog"


def half_mjlog() -> str:
    text = PAO.read_text(encoding="utf-8") if PAO.is_file() else engine_record(2).to_mjlog()
    return text[: len(text) // 2]


def tenhou6_with_twelve_dealt() -> str:
    log = json.loads(engine_record(3).to_tenhou6())
    log["log"][0][4] = log["log"][0][4][:12]
    return json.dumps(log)


def fresh() -> Game:
    return Game(seed=1)


CATALOGUE: list[Any] = [
    # Notation, tiles, ids.
    (
        "bad mpsz",
        lambda: riichi.parse_tiles("12x"),
        TileParseError,
        "\"12x\": unknown suit 'x' at position 2",
    ),
    ("no tile 8z", lambda: Tile("8z"), TileParseError, '"8z": no tile 8z at position 0'),
    (
        "red honor",
        lambda: Tile("0z"),
        TileParseError,
        "\"0z\": honors have no red five ('0z') at position 0",
    ),
    ("two tiles for one", lambda: Tile("1m2m"), TileParseError, "expected one tile, got 2"),
    (
        "unclosed meld",
        lambda: Hand("123m [555z"),
        TileParseError,
        "'[' is never closed at position 5",
    ),
    (
        "lone surrogate",
        lambda: Hand("1m\udc00"),
        TileParseError,
        "not valid text (a lone surrogate) at position 2",
    ),
    (
        "136-id 136",
        lambda: Tile.from_id136(136),
        InvalidTileError,
        "136-id 136 is out of range 0-135",
    ),
    ("kind 34", lambda: Tile.from_kind(34), InvalidTileError, "kind 34 is out of range 0-33"),
    ("mjai 5zr", lambda: Tile.from_mjai("5zr"), InvalidTileError, '"5zr" is not an mjai tile name'),
    (
        "fifth 1m id",
        lambda: riichi.tiles_to_id136("11111m"),
        InvalidTileError,
        "no free 136-id left for 1m",
    ),
    # Hands and melds.
    (
        "five copies",
        lambda: Hand("11111m2345678p99s"),
        InvalidHandError,
        "5 copies of 1m in hand and melds (there are 4)",
    ),
    (
        "15 tiles",
        lambda: Hand("123456789m123456p"),
        InvalidHandError,
        "15 concealed tiles: a hand holds 3n+1 or 3n+2",
    ),
    (
        "chi of honors",
        lambda: Meld("chi", "123z"),
        InvalidMeldError,
        'chi of "123z": a chi cannot be made of honors',
    ),
    (
        "chi of honors, brackets",
        lambda: Meld.parse("[1'23z]"),
        InvalidMeldError,
        "a chi cannot be made of honors",
    ),
    (
        "chi from across",
        lambda: Meld.parse("[34'5m]"),
        InvalidMeldError,
        "a chi is called from the left seat, not across",
    ),
    (
        "kakan without added",
        lambda: Meld("kakan", "5555z"),
        InvalidMeldError,
        "a kakan needs the tile added to its pon",
    ),
    (
        "waits of 14",
        lambda: Hand("123m456p789s11222z").waits(),
        InvalidInputError,
        "waits needs a 13-tile hand",
    ),
    (
        "shanten of 15",
        lambda: riichi.shanten("123456789m123456p"),
        InvalidHandError,
        "15 tiles (3n+1 or 3n+2, at most 14)",
    ),
    (
        "visible fifth copy",
        lambda: Hand("123m456p789s1122z").ukeire(visible="111z"),
        InvalidInputError,
        "5 copies of 1z",
    ),
    # Scoring situations.
    (
        "red five, rules without",
        lambda: riichi.score("067m234m456p789s11z", "1z", rules=Rules(red_fives=(0, 0, 0))),
        InvalidContextError,
        "1 red 0m but the rules have 0 (rule option red_fives)",
    ),
    (
        "ippatsu without riichi",
        lambda: riichi.score("234m456p789s11z333z", "3z", ippatsu=True),
        InvalidContextError,
        "ippatsu without riichi",
    ),
    (
        "haitei with ron",
        lambda: riichi.score("234m456p789s11z333z", "3z", haitei=True),
        InvalidContextError,
        "haitei is a tsumo on the last wall tile: it cannot be a ron",
    ),
    (
        "houtei with tsumo",
        lambda: riichi.score("234m456p789s11z333z", "3z", houtei=True, tsumo=True),
        InvalidContextError,
        "houtei is a ron on the last discard",
    ),
    (
        "chankan with tsumo",
        lambda: riichi.score("234m456p789s11z333z", "3z", chankan=True, tsumo=True),
        InvalidContextError,
        "chankan is a ron on a kan: it cannot be a tsumo",
    ),
    (
        "rinshan with ron",
        lambda: riichi.score("234m456p789s11z333z", "3z", rinshan=True),
        InvalidContextError,
        "rinshan kaihou is a tsumo",
    ),
    (
        "riichi, open hand",
        lambda: riichi.score("234m456p789s11z [33'3z]", "1z", riichi=True),
        InvalidContextError,
        "riichi needs a closed hand",
    ),
    (
        "tenhou, not dealer",
        lambda: riichi.score(HAND, WIN, tenhou=True, tsumo=True, seat_wind="S"),
        InvalidContextError,
        "tenhou is the dealer's tsumo",
    ),
    (
        "robbed ankan alone",
        lambda: riichi.score(HAND, WIN, robbed_ankan=True),
        InvalidContextError,
        "robbed_ankan describes a chankan",
    ),
    (
        "winning tile not held",
        lambda: riichi.score(HAND, "9m"),
        InvalidContextError,
        "the winning tile 9m is not among the concealed tiles",
    ),
    (
        "six dora indicators",
        lambda: riichi.score(HAND, WIN, dora_indicators="123456m"),
        InvalidContextError,
        "at most 5 dora and 5 ura indicators",
    ),
    (
        "wind X",
        lambda: riichi.score(HAND, WIN, seat_wind="X"),
        InvalidContextError,
        'wind "X" is not one of "E", "S", "W", "N"',
    ),
    (
        "wind 7",
        lambda: riichi.score(HAND, WIN, seat_wind=7),
        InvalidContextError,
        "wind 7 is not 0-3",
    ),
    (
        "honba -1",
        lambda: riichi.score(HAND, WIN, honba=-1),
        InvalidContextError,
        "honba must be from 0 to 2^32-1, got -1",
    ),
    (
        "not complete",
        lambda: riichi.score("123m456p789s1123z", "3z"),
        NotAgariError,
        "123m456p789s1123z won on 3z is not a complete hand",
    ),
    (
        "dora only",
        lambda: riichi.score("234m456p789s11z333z", "3z", dora_indicators="2z"),
        NoYakuError,
        "has no yaku (dora alone do not win)",
    ),
    (
        "context and keywords",
        lambda: riichi.score(HAND, WIN, context=riichi.WinContext(), tsumo=True),
        TypeError,
        "either as context= or as keywords, not both",
    ),
    (
        "ron deltas, no discarder",
        lambda: riichi.score(HAND, WIN, seat_wind="S").deltas(),
        InvalidInputError,
        "a ron needs the discarder's seat wind",
    ),
    (
        "points of 0 han",
        lambda: riichi.points(0, 30, dealer=False, tsumo=False),
        InvalidInputError,
        "a winning hand has at least 1 han",
    ),
    (
        "points of 35 fu",
        lambda: riichi.points(3, 35, dealer=False, tsumo=False),
        InvalidInputError,
        "fu is 25 or a multiple of 10 from 20 to 110, got 35",
    ),
    (
        "settle nothing",
        lambda: riichi.settle_multi_ron([], "E"),
        InvalidInputError,
        "no win to settle",
    ),
    # Rules.
    (
        "unknown option",
        lambda: Rules(kiriag=True),
        RuleError,
        'unknown rule option "kiriag" (did you mean kiriage?)',
    ),
    (
        "bad choice",
        lambda: Rules(multi_ron="quad"),
        RuleError,
        'multi_ron takes one of "head_bump", "double", "triple"',
    ),
    ("bool as int", lambda: Rules(kiriage=1), RuleError, "kiriage takes true or false"),
    ("min_han 14", lambda: Rules(min_han=14), RuleError, "min_han takes an integer from 1 to 13"),
    ("uma not summing to 0", lambda: Rules(uma=(20, 10, -10, -10)), RuleError, "summing to 0"),
    (
        "unknown preset",
        lambda: Rules.preset("tenho"),
        RuleError,
        'unknown preset "tenho"; the presets are "tenhou"',
    ),
    ("broken rules JSON", lambda: Rules.from_json("{"), RuleError, "rules JSON does not parse"),
    (
        "broken rules TOML",
        lambda: Rules.from_toml("kiriage = "),
        RuleError,
        "rules TOML does not parse",
    ),
    (
        "option key not a str",
        lambda: Rules.from_dict({1: 2}),
        TypeError,
        "rule option names are strings",
    ),
    # Batch calls.
    (
        "batch count 5",
        lambda: riichi.shanten_batch(np.array([[5] + [0] * 33], np.uint8)),
        InvalidInputError,
        "row 0: count 5 for kind 0 (0-4 allowed)",
    ),
    (
        "batch dtype",
        lambda: riichi.shanten_batch(np.zeros((1, 34), np.int64)),
        InvalidInputError,
        "got a 2-d array of dtype int64 and shape (1, 34)",
    ),
    (
        "batch width",
        lambda: riichi.waits_batch(np.zeros((1, 33), np.uint8)),
        InvalidInputError,
        "uint8 array of shape (N, 34), got a 2-d array of dtype uint8 and shape (1, 33)",
    ),
    (
        "threads 0",
        lambda: riichi.is_complete_batch(ONE_ROW, threads=0),
        InvalidInputError,
        "threads must be an integer from 1 to 256, got 0",
    ),
    (
        "threads 257",
        lambda: riichi.score_batch([HAND], [WIN], threads=257),
        InvalidInputError,
        "threads must be an integer from 1 to 256, got 257",
    ),
    (
        "score_batch one string",
        lambda: riichi.score_batch(HAND, [WIN]),
        InvalidInputError,
        "hands is a sequence of hand strings, not one string",
    ),
    (
        "score_batch short column",
        lambda: riichi.score_batch([HAND, HAND], [WIN, WIN], flags=np.zeros(3, np.uint32)),
        InvalidInputError,
        "flags has 3 entries for 2 hands",
    ),
    (
        "score_batch six dora",
        lambda: riichi.score_batch([HAND], [WIN], dora_indicators=np.zeros((1, 6), np.uint8)),
        InvalidInputError,
        "K at most 5",
    ),
    # The game.
    (
        "kakan without pon",
        lambda: kakan_without_pon(fresh()),
        IllegalActionError,
        "there is no pon of",
    ),
    (
        "riichi with an open hand",
        lambda: riichi_with_open_hand(game_where(open_hand_on_turn)),
        IllegalActionError,
        "riichi needs a closed hand",
    ),
    (
        "chi not offered",
        lambda: chi_not_offered(game_where(a_claim)),
        IllegalActionError,
        "the hand does not hold two",
    ),
    (
        "not this seat's turn",
        lambda: fresh().apply(1, Discard(fresh().observation(1).hand[0])),
        IllegalActionError,
        "it is not this seat's decision (seats deciding: [0])",
    ),
    (
        "tsumo on an incomplete hand",
        lambda: fresh().apply(0, Tsumo()),
        IllegalActionError,
        "seat 0 may not Tsumo(): the hand is not complete with",
    ),
    (
        "pass on one's turn",
        lambda: fresh().apply(0, Pass()),
        IllegalActionError,
        "seat 0 may not Pass(): there is no tile to claim: it is this seat's turn",
    ),
    (
        "ron on one's turn",
        lambda: fresh().apply(0, Ron()),
        IllegalActionError,
        "seat 0 may not Ron(): there is no tile to claim",
    ),
    (
        "kyuushu without nine",
        lambda: fresh().apply(0, KyuushuKyuuhai()),
        IllegalActionError,
        "may not KyuushuKyuuhai(): kyuushu kyuuhai is declared on one's first draw",
    ),
    (
        "daiminkan on one's turn",
        lambda: fresh().apply(0, Daiminkan()),
        IllegalActionError,
        "may not Daiminkan(): there is no tile to claim",
    ),
    (
        "discard of a tile not held",
        lambda: fresh().apply(0, Discard(first_missing(fresh().observation(0).hand))),
        IllegalActionError,
        "is not in the hand",
    ),
    (
        "tsumogiri of another tile",
        lambda: fresh().apply(0, Discard(other_tile(fresh()), tsumogiri=True)),
        IllegalActionError,
        "tsumogiri discards the tile just drawn,",
    ),
    (
        "seat 9",
        lambda: fresh().apply(9, Pass()),
        IllegalActionError,
        "seat 9 may not Pass(): seats are 0-3",
    ),
    (
        "seat -1",
        lambda: fresh().apply(-1, Pass()),
        IllegalActionError,
        "seat -1 may not Pass(): seats are 0-3",
    ),
    (
        "a string for an action",
        lambda: fresh().apply(0, "1m"),
        TypeError,
        "apply takes an action (Discard, Riichi, Chi, Pon, ..., Pass), got str",
    ),
    (
        "legal actions of seat 4",
        lambda: fresh().legal_actions(4),
        InvalidInputError,
        "seats are 0-3, got 4",
    ),
    (
        "wall of 135",
        lambda: Game(walls=["1m" * 135]),
        InvalidInputError,
        "a wall has 136 tiles, got 135",
    ),
    (
        "wall of one kind",
        lambda: Game(walls=[["1m"] * 136]),
        InvalidInputError,
        "a wall has 4 copies of each kind, this one has 136 of 1m",
    ),
    (
        "seed -1",
        lambda: Game(seed=-1),
        InvalidInputError,
        "a seed is an integer from 0 to 2^64-1, got -1",
    ),
    (
        "first dealer 4",
        lambda: Game(first_dealer=4),
        InvalidInputError,
        "the first dealer is seat 0-3, got 4",
    ),
    (
        "rules as a name",
        lambda: Game(rules="tenhou"),
        TypeError,
        "rules must be a riichi.Rules, got str",
    ),
    (
        "unknown agent",
        lambda: riichi.simulate(1, "clever"),
        InvalidInputError,
        'agent "clever" is not one of "random", "tsumogiri", "shanten"',
    ),
    (
        "negative games",
        lambda: riichi.simulate(-1),
        InvalidInputError,
        "n_games is a count of games, got -1",
    ),
    # Logs.
    (
        "mjlog cut in half",
        lambda: logs.read_mjlog(half_mjlog()),
        LogParseError,
        "a tag is not closed with '>' (truncated file?)",
    ),
    (
        "mjlog cut, detected",
        lambda: logs.read_log(half_mjlog().encode()),
        LogParseError,
        "mjlog byte",
    ),
    (
        "mjai line not JSON",
        lambda: logs.read_mjai(MJAI_START + "not json"),
        LogParseError,
        "mjai line 2: expected ident at line 1 column 2",
    ),
    (
        "mjai actor 7",
        lambda: logs.read_mjai(MJAI_START + '{"type":"tsumo","actor":7,"pai":"1m"}'),
        LogParseError,
        'mjai line 2: "actor" must be 0-3, got 7',
    ),
    (
        "mjai tile 1x",
        lambda: logs.read_mjai(MJAI_START + '{"type":"tsumo","actor":0,"pai":"1x"}'),
        LogParseError,
        'mjai line 2: "1x" is not an mjai tile name',
    ),
    ("mjai nothing", lambda: logs.read_mjai(b""), LogParseError, "mjai: no events"),
    (
        "tenhou6 with 12 dealt",
        lambda: logs.read_tenhou6(tenhou6_with_twelve_dealt()),
        LogParseError,
        "log[0] (E1 0 honba): seat 0 has 12 dealt tiles; a deal is 13",
    ),
    (
        "tenhou6 not JSON",
        lambda: logs.read_tenhou6("{nope"),
        LogParseError,
        "tenhou6: not JSON: key must be a string",
    ),
    (
        "tenhou6 without log",
        lambda: logs.read_tenhou6('{"title": []}'),
        LogParseError,
        'tenhou6: "log" must be a non-empty list of hands',
    ),
    (
        "log not UTF-8",
        lambda: logs.read_log(b"\xff\xfe<mjloggm"),
        LogParseError,
        "the log is not UTF-8",
    ),
    (
        "no such log file",
        lambda: logs.read_log("no_such_file.mjlog"),
        InvalidInputError,
        'cannot read the log file "no_such_file.mjlog"',
    ),
    (
        "log of an int",
        lambda: logs.read_log(5),
        TypeError,
        "a log is a path, bytes or the log's text, not int",
    ),
    (
        "replay_files errors=",
        lambda: riichi.replay_files([], errors="ignore"),
        InvalidInputError,
        'errors is "raise" or "report", not "ignore"',
    ),
]


@pytest.mark.parametrize(
    ("fn", "exc", "fragment"),
    [pytest.param(fn, exc, frag, id=name) for name, fn, exc, frag in CATALOGUE],
)
def test_catalogue(fn: Callable[[], Any], exc: type[BaseException], fragment: str) -> None:
    _, e = outcome(fn)
    assert e is not None, "no error"
    assert type(e) is exc, f"{type(e).__name__}: {e}"
    assert fragment in str(e), str(e)


def test_catalogue_size() -> None:
    assert len(CATALOGUE) >= 30
    assert len({name for name, *_ in CATALOGUE}) == len(CATALOGUE)


# A refused action changes nothing ---------------------------------------------------------------


def observation_state(game: Game, seat: int) -> tuple[Any, ...]:
    o = game.observation(seat)
    return (
        o.seat,
        o.seat_wind,
        o.round_wind,
        o.kyoku,
        o.honba,
        o.riichi_sticks,
        o.dealer,
        o.scores,
        o.dora_indicators,
        o.tiles_left,
        o.hand,
        o.drawn,
        o.rivers,
        o.melds,
        o.riichi,
        o.concealed_counts,
        o.claim,
        o.furiten,
    )


def snapshot(game: Game) -> tuple[Any, ...]:
    """Everything the API shows of a game."""
    return (
        game.events,
        [observation_state(game, s) for s in range(4)],
        [game.legal_actions(s) for s in range(4)],
        game.phase,
        game.current_decision,
        game.scores,
        game.dealer,
        game.is_over,
        game.result,
        repr(game),
    )


def advance(seed: int, steps: int) -> Game:
    rng = random.Random(seed)
    game = Game(seed=seed)
    for _ in range(steps):
        if game.is_over:
            break
        seat = next(s for s in game.current_decision if game.legal_actions(s))
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 1500),
    seat=st.integers(-2, 6),
    action=ACTIONS,
    borrow=st.booleans(),
)
def test_a_refused_action_changes_nothing(
    seed: int, steps: int, seat: int, action: Action, borrow: bool
) -> None:
    game = advance(seed, steps)
    if borrow and game.current_decision:
        # A legal action of a deciding seat, taken by another seat.
        decider = game.current_decision[0]
        legal = game.legal_actions(decider) or [action]
        action = legal[seed % len(legal)]
        seat = (decider + 1 + seed % 3) % 4
    assume(not 0 <= seat < 4 or action not in game.legal_actions(seat))
    before = snapshot(game)
    with pytest.raises(IllegalActionError) as info:
        game.apply(seat, action)
    assert str(info.value).startswith(f"seat {seat} may not {action!r}"), str(info.value)
    assert snapshot(game) == before
    game.check_invariants()
    # And the game goes on as if nothing had been tried.
    if not game.is_over:
        s = next(s for s in game.current_decision if game.legal_actions(s))
        game.apply(s, game.legal_actions(s)[0])
        game.check_invariants()


# Fixed bugs: each was found by the tests above --------------------------------------------

HUGE_INT_CALLS = {
    "points han -1": lambda: riichi.points(-1, 30, dealer=False, tsumo=False),
    "points fu 2**32": lambda: riichi.points(3, 2**32, dealer=False, tsumo=False),
    "points honba -1": lambda: riichi.points(3, 30, dealer=False, tsumo=False, honba=-1),
    "points yakuman 2**40": lambda: riichi.points(0, 0, dealer=False, tsumo=False, yakuman=2**40),
    "nagashi honba -1": lambda: riichi.nagashi_mangan_payments(["S"], honba=-1),
    "Game seed 2**200": lambda: Game(seed=2**200),
    "Game first_dealer 2**63": lambda: Game(first_dealer=2**63),
    "Game.apply seat 2**63": lambda: Game(seed=1).apply(2**63, Pass()),
    "Game.legal_actions 2**63": lambda: Game(seed=1).legal_actions(2**63),
    "Game.observation -2**63-1": lambda: Game(seed=1).observation(-(2**63) - 1),
    "simulate n_games 2**63": lambda: riichi.simulate(2**63),
    "simulate seed 2**200": lambda: riichi.simulate(1, seed=2**200),
}


@pytest.mark.parametrize("name", sorted(HUGE_INT_CALLS))
def test_out_of_range_integers_are_mahjong_errors(name: str) -> None:
    with pytest.raises(MahjongError):
        HUGE_INT_CALLS[name]()


class SurrogatePath:
    def __fspath__(self) -> str:
        return "\ud800.mjlog"


SURROGATE_CALLS = {
    "score seat_wind": lambda s: riichi.score(HAND, WIN, seat_wind=s),
    "WinContext round_wind": lambda s: riichi.WinContext(round_wind=s),
    "ScoreResult.deltas": lambda s: RESULT.deltas(discarder=s),
    "settle_multi_ron": lambda s: riichi.settle_multi_ron([RESULT], s),
    "nagashi_mangan_payments": lambda s: riichi.nagashi_mangan_payments([s]),
    "Rules option name": lambda s: Rules(**{s: True}),
    "Rules option value": lambda s: Rules(multi_ron=s),
    "Rules.from_dict": lambda s: Rules.from_dict({"kazoe": s}),
    "Rules.from_json": lambda s: Rules.from_json('{"kazoe": "' + s + '"}'),
    "Rules.from_toml": lambda s: Rules.from_toml('kazoe = "' + s + '"'),
    "Rules.preset": Rules.preset,
    "Rules.preset_doc": Rules.preset_doc,
    "simulate agent": lambda s: riichi.simulate(1, s),
    "replay_files errors": lambda s: riichi.replay_files([], errors=s),
    "read_log os.PathLike": lambda s: logs.read_log(SurrogatePath()),
}


@pytest.mark.parametrize("name", sorted(SURROGATE_CALLS))
def test_lone_surrogates_are_mahjong_errors(name: str) -> None:
    with pytest.raises(MahjongError, match="surrogate"):
        SURROGATE_CALLS[name]("x\udc00")


@pytest.mark.parametrize("text", ["[]", "null", "1", '"tenhou"'])
def test_rules_json_not_an_object_is_a_rule_error(text: str) -> None:
    with pytest.raises(RuleError, match="object"):
        Rules.from_json(text)


@pytest.mark.parametrize("cls", [Chi, Pon])
@pytest.mark.parametrize("tiles", [("1m", "2m", "3m"), ("1m",), ()])
def test_chi_and_pon_of_other_than_two_tiles(cls: type[Action], tiles: tuple[str, ...]) -> None:
    with pytest.raises((MahjongError, TypeError)):
        cls(tiles)  # type: ignore[call-arg]


@pytest.mark.parametrize("ch", ["\x00", "\x1b", "\r", "\x7f", "\u200b"])
def test_unexpected_characters_are_shown_escaped(ch: str) -> None:
    with pytest.raises(TileParseError) as info:
        riichi.parse_tiles("1m" + ch)
    # The reason names the character printably, as the quoted input does.
    reason = str(info.value).split('": ', 1)[1]
    assert reason.isprintable(), repr(reason)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs os.mkfifo")
def test_a_log_path_of_unknown_size_is_read_only_to_the_limit(tmp_path: Path) -> None:
    """A FIFO (size 0 to the file system) offering 100 MB: the reader refuses it by its
    size, and must stop reading past the 32 MB limit (a device such as /dev/zero is
    otherwise read until memory runs out). The writer is another process, which says
    how much it could write."""
    fifo = tmp_path / "log.fifo"
    os.mkfifo(fifo)
    writer = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys\n"
            "n = 0\n"
            "try:\n"
            "    with open(sys.argv[1], 'wb') as f:\n"
            "        for _ in range(100):\n"
            "            n += f.write(b'a' * (1 << 20))\n"
            "except BrokenPipeError:\n"
            "    pass\n"
            "print(n)\n",
            str(fifo),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    try:
        _, e = outcome(logs.read_log, str(fifo))
    finally:
        written = int(writer.communicate(timeout=60)[0])
    assert isinstance(e, InvalidInputError) and "more than the 32 MB" in str(e), repr(e)
    assert written < 40 << 20, f"the reader took all {written >> 20} MB"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs os.mkfifo")
def test_log_files_are_read_with_the_gil_released(tmp_path: Path) -> None:
    """A thread of this process writes the log into a FIFO while `read_log` and
    `replay_files` read it: they could not finish if they held the GIL."""
    text = engine_record(3).to_mjai()
    readers: list[Callable[[str], Any]] = [
        lambda p: logs.read_log(p).events,
        lambda p: riichi.replay_files([p])[0].ok,
    ]
    for i, read in enumerate(readers):
        fifo = tmp_path / f"log{i}.fifo"
        os.mkfifo(fifo)
        writer = threading.Thread(target=fifo.write_text, args=(text,), daemon=True)
        writer.start()
        assert read(str(fifo))
        writer.join(timeout=30)
        assert not writer.is_alive()


def test_replay_files_of_one_path_string_is_a_type_error() -> None:
    with pytest.raises((TypeError, MahjongError), match="not one"):
        riichi.replay_files("game.mjlog")


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: riichi.points(2**70, 30, dealer=False, tsumo=False), "han must be an integer"),
        (lambda: Game(seed=2**64), "got 18446744073709551616"),
        (lambda: Game(seed=1).legal_actions(-(2**70)), "got -1180591620717411303424"),
        (lambda: riichi.simulate(1, seed=-1), "from 0 to 2^64-1, got -1"),
    ],
)
def test_out_of_range_messages_show_the_value(call: Callable[[], Any], fragment: str) -> None:
    with pytest.raises(InvalidInputError, match=re.escape(fragment)):
        call()


def test_a_seed_may_use_all_64_bits() -> None:
    a = Game(seed=2**64 - 1)
    b = Game(seed=2**64 - 1)
    assert a.observation(0).hand == b.observation(0).hand
    assert riichi.simulate(1, "random", seed=2**64 - 1)["games"] == 1


def test_score_batch_rows_with_unknown_flag_bits_are_invalid() -> None:
    known = max(riichi.SCORE_FLAGS.values())
    out = riichi.score_batch(
        [HAND, HAND], [WIN, WIN], flags=np.array([known, known << 1], np.uint32)
    )
    assert out["status"].tolist() == [out["status"][0], 3]


def test_score_batch_win_tiles_of_another_integer_dtype() -> None:
    with pytest.raises(InvalidInputError, match=r"uint8 array of shape \(N,\), got a 1-d array"):
        riichi.score_batch([HAND], np.array([5], np.int64))


FILE_READERS: list[tuple[str, Callable[[Any], Any]]] = [
    ("rules", Rules.load),
    ("log", logs.read_log),
    ("log", logs.read_mjlog),
    ("log", lambda p: riichi.replay_files([p])),
]


@pytest.mark.parametrize(("what", "read"), FILE_READERS)
def test_one_rule_for_every_file_read(
    what: str, read: Callable[[Any], Any], tmp_path: Path
) -> None:
    """A missing file, a directory, a path with a NUL or a lone surrogate, a file
    that is not UTF-8 and one over the size limit: the same InvalidInputError,
    naming the file, for rules files and logs alike."""
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'{"kiriage": \xff}')
    big = tmp_path / "big.json"
    with big.open("wb") as f:
        f.truncate(33 << 20)
    cases = [
        (tmp_path / "missing.json", "No such file or directory"),
        (tmp_path, "it is a directory"),
        (str(tmp_path / "a\0b.json"), f"cannot read the {what} file"),
        (latin, "it is not UTF-8 text"),
        (big, "more than the 32 MB a file may hold"),
    ]
    for path, why in cases:
        with pytest.raises(InvalidInputError, match=f"cannot read the {what} file") as info:
            read(path)
        assert why in str(info.value), info.value
    with pytest.raises(InvalidInputError, match="lone surrogate"):
        read(str(tmp_path / "\udcff.json"))


def test_rules_save_follows_the_file_rule(tmp_path: Path) -> None:
    with pytest.raises(
        InvalidInputError, match=r"cannot write the rules file .*: it is a directory"
    ):
        (tmp_path / "d.json").mkdir()
        Rules().save(tmp_path / "d.json")
    with pytest.raises(InvalidInputError, match="cannot write the rules file"):
        Rules().save(tmp_path / "no" / "such" / "dir.toml")
    with pytest.raises(RuleError, match=r"rules files are \.json or \.toml"):
        Rules().save(tmp_path / "rules.yaml")
    Rules(kiriage=True).save(tmp_path / "r.toml")
    assert Rules.load(tmp_path / "r.toml") == Rules(kiriage=True)


@pytest.mark.parametrize(
    ("call", "argument"),
    [
        (lambda: riichi.points("3", 30, dealer=False, tsumo=False), "han"),
        (lambda: Game(seed="1"), "seed"),
        (lambda: riichi.simulate(1, agent=3), "agent"),
        (lambda: Game(seed=1).legal_actions(1.0), "seat"),
    ],
)
def test_a_wrong_type_names_its_argument(call: Callable[[], Any], argument: str) -> None:
    """The message says what was expected; the note (shown in tracebacks) says where."""
    with pytest.raises(TypeError) as info:
        call()
    assert f"while processing '{argument}'" in getattr(info.value, "__notes__", []), info.value


def test_refusals_in_riichi_and_after_a_call_say_why() -> None:
    """Found in review: riichi again while in riichi was told to discard the drawn
    tile; a kan right after a call fell back to the list of legal actions. Games of
    shanten agents that also take every pon and chi."""
    from riichi.agents import ShantenAgent

    seen = set()
    for seed in range(40):
        game, agent = Game(seed=seed), ShantenAgent()
        while not game.is_over and len(seen) < 2:
            s = game.current_decision[0]
            obs = game.observation(s)
            if game.phase == "turn" and obs.riichi[s] and obs.drawn is not None:
                with pytest.raises(IllegalActionError, match="already in riichi"):
                    game.apply(s, Riichi(obs.drawn, tsumogiri=True))
                seen.add("riichi")
            if game.phase == "turn" and obs.drawn is None:
                with pytest.raises(IllegalActionError, match="a kan is declared after a draw"):
                    game.apply(s, Kakan(obs.hand[0]))
                seen.add("call")
            legal = game.legal_actions(s)
            call = next((a for a in legal if a.kind in ("pon", "chi")), None)
            game.apply(s, call or agent.act(obs, legal))
    assert seen == {"riichi", "call"}
