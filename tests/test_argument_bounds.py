"""Every sequence argument of the public API is read with a bound.

Each call below is made with one sequence argument replaced by a hostile
sequence: `range(2**40)` (a true but huge length), a list whose `__len__` lies,
and an endless iterator of valid items. A call whose argument the domain bounds
(tiles of a hand, melds, indicators, winners, walls) must raise a riichi error
or a `TypeError` within a second, having read at most one item past the bound.
A call whose argument the caller sizes (hands of a batch, log files) may read
for as long as it is fed, but must stop at Ctrl-C. The calls run in a child
process, so that an abort fails the test instead of ending the run.
"""

from __future__ import annotations

import itertools
import json
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import riichi
from riichi import Hand, Meld, Rules, Tile

HAND = "123m456p789s1122z"
WIN = riichi.score("123m456p789s11222z", "2z", tsumo=True)


class LyingList(list):  # type: ignore[type-arg]
    """A list of a few items that claims to hold 2**40."""

    def __len__(self) -> int:
        return 2**40


def endless(item: Any) -> Iterator[Any]:
    """An iterator that never ends, of one valid item."""
    return itertools.repeat(item)


# (name, call taking the hostile value, a valid item of that argument, bounded)
# `bounded` False: the caller sizes the argument; only Ctrl-C is expected to stop it.
Case = tuple[str, Callable[[Any], Any], Any, bool]

CASES: list[Case] = [
    ("Hand.tiles", lambda v: Hand(v, melds=[]), "1m", True),
    ("Hand.melds", lambda v: Hand("23m456p11z", melds=v), Meld("pon", "555z"), True),
    ("Meld.tiles", lambda v: Meld("pon", v), "5z", True),
    ("Chi.tiles", lambda v: riichi.Chi(v), "3m", True),
    ("Pon.tiles", lambda v: riichi.Pon(v), "3m", True),
    ("format_tiles", riichi.format_tiles, "1m", True),
    ("tiles_to_id136", riichi.tiles_to_id136, "1m", True),
    ("tiles_from_id136", riichi.tiles_from_id136, 0, True),
    ("shanten", riichi.shanten, "1m", True),
    ("is_complete", riichi.is_complete, "1m", True),
    ("Hand.ukeire.visible", lambda v: Hand(HAND).ukeire(v), "1m", True),
    (
        "Hand.discard_options.visible",
        lambda v: Hand("123m456p789s11223z").discard_options(v),
        "1m",
        True,
    ),
    (
        "score.dora_indicators",
        lambda v: riichi.score(HAND + "2z", "2z", dora_indicators=v),
        "1m",
        True,
    ),
    (
        "score.ura_indicators",
        lambda v: riichi.score(HAND + "2z", "2z", ura_indicators=v),
        "1m",
        True,
    ),
    ("WinContext.dora_indicators", lambda v: riichi.WinContext(dora_indicators=v), "1m", True),
    ("WinContext.ura_indicators", lambda v: riichi.WinContext(ura_indicators=v), "1m", True),
    ("nagashi_mangan_payments", riichi.nagashi_mangan_payments, "E", True),
    ("settle_multi_ron.results", lambda v: riichi.settle_multi_ron(v, "N"), WIN, True),
    (
        "settle_multi_ron.liable",
        lambda v: riichi.settle_multi_ron([WIN], "N", liable=v),
        None,
        True,
    ),
    ("Game.walls", lambda v: riichi.Game(walls=v), [Tile("1m")] * 136, True),
    ("Game.walls[0]", lambda v: riichi.Game(walls=[v]), "1m", True),
    ("Rules.red_fives", lambda v: Rules(red_fives=v), 1, True),
    ("Rules.uma", lambda v: Rules(uma=v), 10, True),
    ("score_batch.win_tiles", lambda v: riichi.score_batch([HAND + "2z"], v), "2z", True),
    ("play.agents", lambda v: riichi.play(v), riichi.agents.RandomAgent(0), True),
    (
        "BuiltinAgent.legal_actions",
        lambda v: riichi.BuiltinAgent("random", 0).act(riichi.Game(seed=0).observation(0), v),
        riichi.Pass(),
        True,
    ),
    ("score_batch.hands", lambda v: riichi.score_batch(v, ["2z"]), HAND + "2z", False),
    ("replay_files.paths", riichi.replay_files, b"not a log", False),
]

FORMS: dict[str, Callable[[Any], Any]] = {
    "range": lambda item: range(2**40),
    "lying_len": lambda item: LyingList([item] * 3),
    "endless": endless,
}

# Every public callable is either above or takes no sequence argument.
NO_SEQUENCE = {
    "Action", "Ankan", "Block", "Daiminkan", "Decomposition", "Discard", "DiscardOption",
    "FuItem", "GameRecord", "Kakan", "Kita", "KyuushuKyuuhai", "Mismatch", "Observation",
    "Pass", "Payments", "PointsEntry", "ReplayReport", "Riichi", "Ron", "RuleOption",
    "ScoreResult", "ShantenByForm", "Tile", "Tsumo", "Ukeire", "Wait", "Waits", "Yaku",
    "agent_seed", "game_seed", "is_complete_batch", "parse_tiles", "points", "replay",
    "score_nagashi_mangan", "score_table", "shanten_batch", "simulate", "waits_batch",
}  # fmt: skip
COVERED = {"BuiltinAgent", "Hand", "Meld", "Chi", "Pon", "WinContext", "Game", "Rules", "score",
           "score_batch", "settle_multi_ron", "nagashi_mangan_payments", "format_tiles",
           "tiles_to_id136", "tiles_from_id136", "shanten", "is_complete", "play",
           "replay_files"}  # fmt: skip


def test_every_public_callable_is_listed() -> None:
    public = {
        n
        for n in riichi.__all__
        if callable(getattr(riichi, n))
        and not (isinstance(getattr(riichi, n), type) and issubclass(getattr(riichi, n), Exception))
    }
    assert public - NO_SEQUENCE - COVERED == set()
    assert {c[0].split(".")[0] for c in CASES} <= COVERED | {"Hand", "Game"}


def run_child() -> None:
    """In the child: each case and form, one JSON line each."""

    def interrupt(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGALRM, interrupt)
    for name, call, item, bounded in CASES:
        for form, make in FORMS.items():
            value = make(item)
            start = time.perf_counter()
            # The unbounded ones are "interrupted" after half a second.
            signal.setitimer(signal.ITIMER_REAL, 0.5 if not bounded else 5.0)
            try:
                call(value)
                outcome = "returned"
            except KeyboardInterrupt:
                outcome = "interrupted"
            except riichi.MahjongError as e:
                outcome = f"{type(e).__name__}: {e}"
            except TypeError as e:
                outcome = f"TypeError: {e}"
            except BaseException as e:
                outcome = f"UNCLEAN {type(e).__name__}: {e}"
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            seconds = time.perf_counter() - start
            print(json.dumps([name, form, outcome, seconds]), flush=True)


@pytest.fixture(scope="module")
def child_results() -> dict[tuple[str, str], tuple[str, float]]:
    proc = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "child"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    lines = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("[")]
    assert proc.returncode == 0, (
        f"the child died (exit {proc.returncode}) after {lines[-1:] if lines else 'nothing'}:"
        f"\n{proc.stderr[-2000:]}"
    )
    return {(n, f): (o, s) for n, f, o, s in lines}


@pytest.mark.parametrize("form", list(FORMS))
@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_hostile_sequence(
    child_results: dict[tuple[str, str], tuple[str, float]], case: Case, form: str
) -> None:
    name, _, _, bounded = case
    outcome, seconds = child_results[(name, form)]
    if bounded:
        # A lying length is ignored: its few items are read and may well be valid.
        refused = ("UNCLEAN", "interrupted") + (("returned",) if form != "lying_len" else ())
        assert not outcome.startswith(refused), outcome
        assert seconds < 1.0, f"{name} with {form} took {seconds:.2f} s"
    else:
        # Read as long as fed (or refused at the first bad item), but Ctrl-C stops it.
        assert not outcome.startswith(("UNCLEAN", "returned")), outcome
        assert seconds < 1.5, f"{name} with {form} ignored Ctrl-C for {seconds:.2f} s"


def test_refusal_names_the_argument_and_bound() -> None:
    with pytest.raises(riichi.InvalidHandError, match="a hand has at most 4 melds, got more"):
        Hand("2m", melds=endless(Meld("pon", "555z")))
    with pytest.raises(
        riichi.InvalidHandError, match="a hand has at most 14 concealed tiles, got more"
    ):
        Hand(endless("1m"), melds=[])
    with pytest.raises(riichi.InvalidContextError, match="at most 5 dora"):
        riichi.WinContext(dora_indicators=endless("1m"))
    with pytest.raises(riichi.InvalidInputError, match="winners may hold at most 4 items"):
        riichi.nagashi_mangan_payments(LyingList(["E", "S", "W", "N", "E"]))
    with pytest.raises(TypeError, match=r"melds\[0\]"):
        Hand("23m456p11z", melds=[5])


def test_tile_lists_share_one_object_per_tile() -> None:
    """A list of a million tiles holds references to the 37 tiles, not a million
    objects for the garbage collector to track."""
    tiles = riichi.parse_tiles("123456789m0p" * 100_000)
    assert len(tiles) == 1_000_000
    assert len({id(t) for t in tiles}) == 10
    assert riichi.parse_tiles("0p")[0] is riichi.tiles_from_id136([52])[0]
    assert Hand(HAND).concealed[0] is riichi.parse_tiles("1m")[0]


def test_legal_action_lists_share_one_object_per_action() -> None:
    """Each action is one shared object, as each tile is: asking for the legal
    actions again allocates none, and the shared objects stay equal to new ones."""
    game = riichi.Game(seed=3)
    seat = game.current_decision[0]
    first, again = game.legal_actions(seat), game.legal_actions(seat)
    assert first == again and all(a is b for a, b in zip(first, again, strict=True))
    discard = next(a for a in first if a.kind == "discard")
    assert discard == riichi.Discard(discard.tile, tsumogiri=discard.tsumogiri)
    assert type(discard) is riichi.Discard
    index = game.observation(seat).action_index(discard)
    assert game.action_from_index(seat, index) is discard


MJAI_MEMORY = """
import sys, riichi
g = riichi.Game(seed=1)
while not g.is_over:
    s = g.current_decision[0]
    g.apply(s, g.legal_actions(s)[0])
lines = riichi.logs.write_mjai(g.record()).splitlines()
body = lines[1:-1]
text = "\\n".join(lines[:1] + body * (300_000 // len(body)) + lines[-1:])
def peak():
    return int(open("/proc/self/status").read().split("VmHWM:")[1].split()[0]) << 10
before = peak()
record = riichi.logs.read_mjai(text)
print(len(text), peak() - before, len(record))
"""


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc")
def test_the_mjai_reader_holds_a_small_multiple_of_its_input() -> None:
    """A 300,000-line mjai log (about 15 MB) is read into at most 8 times its size
    (the events and one copy of the text), measured as the child's peak memory."""
    out = subprocess.run(
        [sys.executable, "-c", MJAI_MEMORY], capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    size, grown, events = map(int, out.stdout.split())
    assert events > 250_000
    assert grown < 8 * size, f"{grown >> 20} MB for a {size >> 20} MB log"


if __name__ == "__main__" and sys.argv[1:] == ["child"]:
    run_child()
