"""Pickling and copying: a loaded or copied value equals the original and behaves
the same (a game goes on with the same legal actions, draws and events); a bad
pickled state raises a riichi exception."""

from __future__ import annotations

import copy
import pickle
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import riichi
from riichi import Game, GameRecord, Pass, Rules

DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "tenhou" / "json"


def play(game: Game, rng: random.Random, steps: int) -> list[tuple[int, object]]:
    """Apply up to `steps` random legal actions; return what was applied."""
    done = []
    for _ in range(steps):
        if game.is_over:
            break
        seat = game.current_decision[0]
        action = rng.choice(game.legal_actions(seat))
        game.apply(seat, action)
        done.append((seat, action))
    return done


def same_course(a: Game, b: Game, rng: random.Random, steps: int) -> None:
    """Both games, given the same actions, stay equal at every step."""
    for _ in range(steps):
        assert a == b
        assert a.events == b.events
        if a.is_over:
            assert b.is_over and a.result == b.result
            return
        seat = a.current_decision[0]
        assert b.current_decision == a.current_decision
        legal = a.legal_actions(seat)
        assert b.legal_actions(seat) == legal
        action = rng.choice(legal)
        a.apply(seat, action)
        b.apply(seat, action)
    assert a == b and a.events == b.events


def restored(x):
    return pickle.loads(pickle.dumps(x))


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**64 - 1),
    steps=st.integers(0, 400),
    first_dealer=st.sampled_from([0, 1, 2, 3, None]),
    preset=st.sampled_from(["tenhou", "mahjong_soul"]),
)
def test_game_pickles_and_goes_on_the_same(seed, steps, first_dealer, preset):
    g = Game(rules=Rules.preset(preset), seed=seed, first_dealer=first_dealer)
    rng = random.Random(seed)
    play(g, rng, steps)
    for other in (restored(g), copy.deepcopy(g), copy.copy(g)):
        assert other == g
        assert other.events == g.events
        assert other.scores == g.scores
        assert other.record() == g.record()
        # The copies are independent: each goes on from here as the original does.
        same_course(copy.deepcopy(g), other, random.Random(steps), 120)
    # The original is untouched by its copies going on.
    assert restored(g) == g


def test_game_with_walls_pickles():
    tiles = [riichi.Tile(f"{n}{s}") for s in "mps" for n in range(1, 10) for _ in range(4)]
    tiles += [riichi.Tile(f"{n}z") for n in range(1, 8) for _ in range(4)]
    random.Random(1).shuffle(tiles)
    g = Game(rules=Rules.preset("tenhou").replace(red_fives=(0, 0, 0)), seed=3, walls=[tiles])
    play(g, random.Random(2), 30)
    r = restored(g)
    assert r == g
    same_course(g, r, random.Random(3), 200)


def test_pickled_game_keeps_a_random_seed():
    g = Game(seed=None)
    assert restored(g) == g


def test_games_that_differ_are_unequal():
    a, b = Game(seed=1), Game(seed=2)
    assert a != b
    assert a != "a game"
    c = Game(seed=1)
    assert a == c
    seat = c.current_decision[0]
    c.apply(seat, c.legal_actions(seat)[0])
    assert a != c


class _Forged:
    """Pickles as a Game with the given state, to load bad pickles."""

    def __init__(self, state):
        self.state = state

    def __reduce__(self):
        return (Game, (Rules(), 1, None, 0), self.state)


@pytest.mark.parametrize(
    "state",
    [
        "not a list",
        [1, 2],
        [(0, "Pass")],
        [(0, Pass(), 3)],
        [(9, Pass())],
        [(0, Pass())],  # seat 0 has no claim to pass at the start
        [(-1, Pass())],
    ],
)
def test_bad_game_state_raises_a_riichi_error(state):
    with pytest.raises(riichi.MahjongError):
        pickle.loads(pickle.dumps(_Forged(state)))


def test_setstate_only_on_a_new_game():
    g = Game(seed=1)
    play(g, random.Random(0), 5)
    with pytest.raises(riichi.InvalidInputError):
        g.__setstate__([])


def test_replay_step_copies_but_does_not_pickle():
    g = Game(seed=5)
    play(g, random.Random(5), 300)
    steps: list[Game] = []
    riichi.replay(g.record(), on_step=lambda i, game: steps.append(game))
    assert steps
    step = steps[len(steps) // 2]
    c = copy.deepcopy(step)
    assert c == step and c.events == step.events
    with pytest.raises(riichi.InvalidInputError, match="GameRecord"):
        pickle.dumps(step)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), steps=st.integers(0, 2000))
def test_game_record_pickles(seed, steps):
    g = Game(seed=seed)
    play(g, random.Random(seed), steps)
    rec = g.record()
    assert restored(rec) == rec
    assert copy.deepcopy(rec) == rec
    assert riichi.replay(restored(rec)).ok == riichi.replay(rec).ok


def test_logged_records_pickle():
    files = sorted(DATA.glob("*.json")) if DATA.is_dir() else []
    if not files:
        pytest.skip(f"no Tenhou logs at {DATA}")
    for f in files:
        rec = riichi.logs.read_log(f)
        back = restored(rec)
        assert back == rec, f
        assert copy.deepcopy(rec) == rec
        assert riichi.logs.write_tenhou6(back) == riichi.logs.write_tenhou6(rec)


class _ForgedRecord:
    def __init__(self, data):
        self.data = data

    def __reduce__(self):
        return (riichi._core.read_mjai, (self.data,))


@pytest.mark.parametrize("data", [b"", b"garbage", b"\xff\xfe", b'{"type": "dahai"}\n'])
def test_bad_record_bytes_raise_a_riichi_error(data):
    with pytest.raises(riichi.MahjongError):
        pickle.loads(pickle.dumps(_ForgedRecord(data)))


def test_game_record_type():
    assert isinstance(restored(Game(seed=1).record()), GameRecord)


TILE_NAMES = [f"{n}{s}" for s in "mps" for n in range(10)] + [f"{n}z" for n in range(1, 8)]


@settings(max_examples=200, deadline=None)
@given(
    flags=st.sets(st.sampled_from(riichi.WinContext.FLAGS)),
    seat_wind=st.sampled_from(["E", "S", "W", "N"]),
    round_wind=st.sampled_from(["E", "S", "W", "N"]),
    dora=st.lists(st.sampled_from(TILE_NAMES), max_size=5),
    ura=st.lists(st.sampled_from(TILE_NAMES), max_size=5),
    honba=st.integers(0, 2**32 - 1),
    sticks=st.integers(0, 2**32 - 1),
    streak=st.integers(0, 2**32 - 1),
)
def test_win_context_pickles(flags, seat_wind, round_wind, dora, ura, honba, sticks, streak):
    try:
        ctx = riichi.WinContext(
            **dict.fromkeys(flags, True),
            seat_wind=seat_wind,
            round_wind=round_wind,
            dora_indicators=dora,
            ura_indicators=ura,
            honba=honba,
            riichi_sticks=sticks,
            dealer_streak=streak,
        )
    except riichi.InvalidContextError:
        return  # flags that cannot go together
    for other in (restored(ctx), copy.deepcopy(ctx), copy.copy(ctx)):
        assert other == ctx and hash(other) == hash(ctx)
        assert repr(other) == repr(ctx)
        for name in riichi.WinContext.FLAGS:
            assert getattr(other, name) == getattr(ctx, name)
    assert ctx != riichi.WinContext(honba=honba ^ 1, riichi_sticks=sticks)


def test_restored_win_context_scores_the_same():
    ctx = riichi.WinContext(riichi=True, tsumo=True, seat_wind="S", dora_indicators=["4p"], honba=1)
    hand = riichi.Hand("234m678p340s11z555z")
    a = riichi.score(hand, "2m", context=ctx)
    b = riichi.score(hand, "2m", context=restored(ctx))
    assert (a.han, a.fu, a.points, a.deltas()) == (b.han, b.fu, b.points, b.deltas())
    assert [y.id for y in a.yaku] == [y.id for y in b.yaku]


def _same_score(a: riichi.ScoreResult, b: riichi.ScoreResult, case=None) -> None:
    assert a == b
    assert (a.han, a.fu, a.points) == (b.han, b.fu, b.points)
    assert [(y.id, y.han) for y in a.yaku] == [(y.id, y.han) for y in b.yaku]
    assert repr(a.fu_details) == repr(b.fu_details)
    assert str(a) == str(b)
    if case is not None:
        kw = {"discarder": case.discarder, "liable": case.liable}
        assert a.deltas(**kw) == b.deltas(**kw)


def _cases():
    import scoring_data

    root = scoring_data.shared_data_dir()
    if root is None:
        return []
    cases = []
    path = root / scoring_data.TENHOU_AGARI
    if path.is_file():
        cases += scoring_data.tenhou_cases(path)
    path = root / scoring_data.MAJIANG_HULE
    if path.is_file():
        cases += scoring_data.majiang_cases(path)[:3000]
    return cases


def test_scored_real_hands_pickle():
    cases = _cases()
    if not cases:
        pytest.skip("no scoring data (tenhou/agari.jsonl, majiang/hule.jsonl)")
    scored = 0
    for case in cases:
        try:
            r = case.score()
        except riichi.MahjongError:
            continue
        scored += 1
        _same_score(r, restored(r), case)
        _same_score(r, copy.deepcopy(r), case)
    assert scored > len(cases) // 2


def test_score_results_differ_by_situation():
    hand = riichi.Hand("234m678p340s11z555z")
    a = riichi.score(hand, "2m", riichi=True, tsumo=True)
    b = riichi.score(hand, "2m", riichi=True)
    assert a != b and a != "a result"
    assert a == riichi.score(hand, "2m", riichi=True, tsumo=True)


@settings(max_examples=50, deadline=None)
@given(
    seat=st.sampled_from(["E", "S", "W", "N"]),
    honba=st.integers(0, 20),
    sticks=st.integers(0, 20),
)
def test_nagashi_mangan_result_pickles(seat, honba, sticks):
    r = riichi.score_nagashi_mangan(seat, honba=honba, riichi_sticks=sticks)
    back = restored(r)
    _same_score(r, back)
    assert r.deltas() == back.deltas()


class _ForgedScore:
    def __reduce__(self):
        import functools

        return (functools.partial(riichi._core.score, "123m", "1m"), ())


def test_bad_score_state_raises_a_riichi_error():
    with pytest.raises(riichi.MahjongError):
        pickle.loads(pickle.dumps(_ForgedScore()))
