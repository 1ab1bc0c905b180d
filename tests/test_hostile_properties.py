"""Hostile input, by property: whatever the public Python API is given, it answers or
raises a clean error, and never crashes.

The properties (hypothesis) feed arbitrary text (lone surrogates and control characters
included) to every call that parses text, Python values of the wrong type to every
argument of the main calls, numpy arrays of every wrong shape, dtype, layout and value
to every batch call, and mutated real logs to the log readers (and what they accept to
the replay and the writers). The only exceptions allowed are `riichi.MahjongError`
subclasses (a `ValueError`) for bad values and `TypeError` for wrong Python types:
never `pyo3_runtime.PanicException` (a `BaseException`, so everything is caught as
`BaseException` and its class checked), never another error escaping from argument
conversion, never a crash; every message is non-empty, and a notation error quotes the
input and names a position inside it. Last, a refused `Game` action is shown to change
nothing that any seat can see.

The bad inputs these properties found (integers outside the range of a Rust parameter
type, lone surrogates in string parameters, rules JSON that is not an object, `Chi`
and `Pon` of other than two tiles, unescaped control characters in messages, a log
path of unknown size read past the size limit, one path string given to
`replay_files`, unknown flag bits in `score_batch`) are cases of `test_bad_input.py`,
with the exact class and message of each.
"""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from game_strategies import ACTIONS, fit
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from score_batch_rows import COLUMNS, expected_score, got_row, unscored

import riichi
from riichi import (
    Action,
    Ankan,
    Chi,
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
    LogParseError,
    MahjongError,
    Meld,
    Pass,
    Pon,
    Riichi,
    RuleError,
    Rules,
    Tile,
    TileParseError,
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
    # Counts of any integer dtype are taken when every value fits a uint8.
    is_counts = hands.dtype.kind in "iu" and hands.ndim == 2 and hands.shape[1] == 34
    fits = is_counts and bool(((hands >= 0) & (hands <= 255)).all())
    if e is None:
        statuses = set(riichi.SCORE_STATUS.values())
        assert len(out["status"]) == n and set(out["status"].tolist()) <= statuses
        assert (out["points"][out["status"] != 0] == 0).all()
    elif fits and wins in ("zeros", "strings"):
        raise AssertionError(f"{hands.shape} refused: {e}")
    elif is_counts and not fits:
        assert re.match(r"hands\[\d+, \d+\] is -?\d+, outside 0 to 255 \(uint8\)$", str(e)), str(e)


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


def single_score(args: dict[str, Any], i: int) -> dict[str, Any]:
    """The row as `riichi.score` scores it, every column, with the batch's checks
    in its order: flags, hand, winning tile, winds, indicators, the winning tile
    in the hand."""
    flags = int(args["flags"][i]) if "flags" in args else 0
    if flags >> len(riichi.SCORE_FLAGS):
        return unscored("bad_flags")
    kw: dict[str, Any] = {
        name: bool(flags >> bit & 1)
        for bit, name in enumerate(sorted(riichi.SCORE_FLAGS, key=riichi.SCORE_FLAGS.get))
    }
    hand = args["hands"][i]
    if not isinstance(hand, str):
        hand = conftest_mpsz(hand)
    try:
        riichi.Hand(hand)
    except MahjongError:
        return unscored("bad_hand")
    win = int(args["win_tiles"][i])
    if win > 36:
        return unscored("bad_win_tile")
    for col, key in (("seat_winds", "seat_wind"), ("round_winds", "round_wind")):
        if col in args:
            kw[key] = int(args[col][i])
            if kw[key] > 3:
                return unscored("bad_wind")
    for col in ("dora_indicators", "ura_indicators"):
        if col in args:
            ids = [int(x) for x in args[col][i] if x != 255]
            if any(x > 36 for x in ids):
                return unscored("bad_indicator")
            kw[col] = [tile_of_id(x) for x in ids]
    if "honba" in args:
        kw["honba"] = int(args["honba"][i])
    return expected_score(hand, win, kw)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(args=score_batch_args())
def test_score_batch_on_any_columns(args: dict[str, Any]) -> None:
    out, e = clean(lambda: riichi.score_batch(**args), allowed=(InvalidInputError, TypeError))
    if e is not None:
        return
    n = len(args["hands"])
    assert set(out) == COLUMNS
    assert all(len(v) == n for v in out.values())
    for i in range(n):
        got = got_row(out, i)
        event(f"status {got['status']}")
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
    if rules.players == 3:
        # A 136-tile wall under three-player rules is refused; the same wall's 108
        # three-player tiles (2m-8m left out, order kept) are played instead.
        assert isinstance(e, InvalidInputError) and "rules have players = 3" in str(e), e
        wall = [t for t in wall if not (t.suit == "m" and 2 <= t.number <= 8)]
        assert len(wall) == 108
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


@settings(max_examples=20, deadline=None)
@given(
    wall=walls(),
    preset=st.sampled_from(["tenhou_sanma", "mahjong_soul_sanma"]),
    seed=st.integers(0, 2**64 - 1),
)
def test_any_wall_under_three_player_rules_plays_and_replays(
    wall: list[Tile], preset: str, seed: int
) -> None:
    # Any rule set above draws three players rarely: every run plays some here.
    test_any_wall_under_any_rules_plays_and_replays.hypothesis.inner_test(  # type: ignore[attr-defined]
        wall, Rules.preset(preset), seed
    )


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
