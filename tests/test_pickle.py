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


# Values handed out by analysis, the engine and replays: pickled and copied by value.


def _same_value(x) -> None:
    """Pickled, deep-copied and copied, `x` comes back equal, with the same repr
    and hash."""
    for other in (restored(x), copy.deepcopy(x), copy.copy(x)):
        assert type(other) is type(x)
        assert other == x
        assert repr(other) == repr(x)
        assert hash(other) == hash(x)


def _observations(seed: int, steps: int):
    """Every seat's observation at each of up to `steps` decisions of a random
    game, with the game's seat hands (concealed tiles and melds) for analysis."""
    rng = random.Random(seed)
    g = Game(seed=seed)
    for _ in range(steps):
        if g.is_over:
            break
        for s in range(4):
            yield g.observation(s)
        seat = g.current_decision[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))


def _hands_of(obs: riichi.Observation) -> list[riichi.Hand]:
    """The observing seat's hand, and (with 3n+2 tiles) each hand left by one
    discard."""
    melds = obs.melds[obs.seat]
    hands = [riichi.Hand(obs.hand, melds)]
    if len(obs.hand) % 3 == 2:
        for i in sorted({str(t): i for i, t in enumerate(obs.hand)}.values()):
            hands.append(riichi.Hand(obs.hand[:i] + obs.hand[i + 1 :], melds))
    return hands


OBSERVATION_FIELDS = (
    "seat", "seat_wind", "round_wind", "kyoku", "honba", "riichi_sticks", "dealer",
    "scores", "dora_indicators", "tiles_left", "hand", "drawn", "rivers", "melds",
    "riichi", "concealed_counts", "claim", "furiten",
)  # fmt: skip


def _fields(obs: riichi.Observation) -> tuple:
    return tuple(repr(getattr(obs, name)) for name in OBSERVATION_FIELDS)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**64 - 1))
def test_observations_pickle_by_value(seed):
    seen = 0
    for obs in _observations(seed, 250):
        _same_value(obs)
        back = restored(obs)
        for name in OBSERVATION_FIELDS:
            assert getattr(back, name) == getattr(obs, name), name
        seen += 1
    assert seen > 0


def test_observations_are_equal_exactly_when_every_part_is():
    obs = list(_observations(3, 60)) + list(_observations(3, 60))
    for a in obs[::7]:
        for b in obs[::5]:
            assert (a == b) == (_fields(a) == _fields(b))
            if a == b:
                assert hash(a) == hash(b)
    assert obs[0] != obs[1] and obs[0] != "an observation"
    assert len(set(obs)) == len({_fields(o) for o in obs}) < len(obs)


def test_observation_pickles_without_a_game():
    obs = Game(seed=11).observation(0)
    data = pickle.dumps(obs)
    assert b"Game" not in data
    assert len(data) < 1000


def test_observation_claims_pickle():
    # Claims of every kind the game offered, with the claimed tile and seat.
    kinds = set()
    for seed in range(12):
        for obs in _observations(seed, 400):
            if obs.claim is not None:
                kinds.add(obs.claim[2])
                assert restored(obs).claim == obs.claim
    assert "discard" in kinds


class _ForgedObservation:
    def __init__(self, state):
        self.state = state

    def __reduce__(self):
        return (riichi._core._observation, (self.state,))


def _observation_state(obs, change):
    """`obs`'s pickled state with some parts replaced, each named by its group
    and place."""
    state = [list(part) for part in obs.__reduce__()[1][0]]
    for (group, place), value in change.items():
        state[group][place] = value
    return tuple(tuple(p) for p in state)


@pytest.mark.parametrize(
    "change",
    [
        {(0, 0): 5},  # players
        {(0, 1): 4},  # seat
        {(0, 2): 9},  # seat wind
        {(0, 4): 0},  # kyoku
        {(0, 7): -1},  # dealer
        {(1, 1): b"\x25"},  # dora indicator id 37
        {(1, 3): bytes(15)},  # 15 tiles in hand
        {(1, 4): 200},  # drawn tile
        {(2, 1): [b"\x01", b"", b"", b""]},  # river flags without tiles
        {(2, 2): [["[5556z]"], [], [], []]},  # a meld that is none
        {(3, 0): (0, 1, 9)},  # claim code
        {(3, 0): (0, 7, 0)},  # claim seat
        {(1, 0): "scores"},
    ],
)
def test_bad_observation_state_raises_a_riichi_error(change):
    obs = Game(seed=1).observation(0)
    with pytest.raises(riichi.MahjongError):
        pickle.loads(pickle.dumps(_ForgedObservation(_observation_state(obs, change))))


@pytest.mark.parametrize("state", ["nothing", (), (1, 2, 3, 4), None])
def test_observation_state_of_another_form_raises_a_riichi_error(state):
    with pytest.raises(riichi.InvalidInputError, match="Observation"):
        pickle.loads(pickle.dumps(_ForgedObservation(state)))


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**64 - 1))
def test_decompositions_and_waits_of_game_hands_pickle(seed):
    """Hands of random games (open hands among them): waits of each 3n+1 hand,
    every decomposition of each complete one, with and without a winning tile."""
    waits = decompositions = 0
    for obs in _observations(seed, 200):
        if obs.seat != obs.dealer and obs.drawn is None and obs.claim is None:
            continue  # one seat in four is enough
        for hand in _hands_of(obs):
            if len(hand.concealed) % 3 == 1:
                w = hand.waits()
                _same_value(w)
                for x in w.waits + w.impossible:
                    _same_value(x)
                waits += 1
            elif hand.is_complete:
                for win in {str(t) for t in hand.concealed}:
                    for d in hand.decompositions(win):
                        _same_value(d)
                        decompositions += 1
                for d in hand.decompositions():
                    _same_value(d)
                    for b in d.blocks:
                        _same_value(b)
    assert waits > 0


def test_decompositions_of_real_wins_pickle():
    cases = _cases()
    if not cases:
        pytest.skip("no scoring data (tenhou/agari.jsonl, majiang/hule.jsonl)")
    forms, shapes, melds = set(), set(), set()
    for case in cases:
        for d in case.hand.decompositions(case.win_tile):
            back = restored(d)
            assert back == d and copy.deepcopy(d) == d and repr(back) == repr(d)
            assert (back.form, back.pair, back.pairs, back.wait, back.win_block) == (
                d.form, d.pair, d.pairs, d.wait, d.win_block,
            )  # fmt: skip
            assert [(b.shape, b.tiles, b.meld, b.is_open) for b in back.blocks] == [
                (b.shape, b.tiles, b.meld, b.is_open) for b in d.blocks
            ]
            forms.add(d.form)
            shapes.add(d.wait)
            melds |= {b.meld for b in d.blocks}
        # The hand before the win: its waits.
        concealed = list(case.hand.concealed)
        concealed.remove(next(t for t in concealed if t.kind == riichi.Tile(case.win_tile).kind))
        w = riichi.Hand(concealed, case.hand.melds).waits()
        assert restored(w) == w and copy.deepcopy(w) == w
        shapes_of = [(x.tile, x.shapes) for x in w.waits]
        assert [(x.tile, x.shapes) for x in restored(w).waits] == shapes_of
    assert {"standard", "chiitoitsu", "kokushi"} <= forms
    assert {"ryanmen", "kanchan", "penchan", "tanki", "shanpon"} <= shapes
    assert {None, "chi", "pon", "ankan", "daiminkan"} <= melds


def test_decompositions_differ():
    a, b = riichi.Hand("123m456p789s11122z").decompositions("1m")[0], None
    b = riichi.Hand("123m456p789s11122z").decompositions("3m")[0]
    assert a != b and a == restored(a) and hash(a) == hash(restored(a))
    w1, w2 = riichi.Hand("23m456p789s11122z").waits(), riichi.Hand("24m456p789s11122z").waits()
    assert w1 != w2 and w1.waits[0] != w2.waits[0]


class _Forged2:
    def __init__(self, f, state):
        self.f, self.state = f, state

    def __reduce__(self):
        return (getattr(riichi._core, self.f), (self.state,))


@pytest.mark.parametrize(
    ("f", "state"),
    [
        ("_block", ("shuntsu", 7, None)),  # 8m9m1p
        ("_block", ("shuntsu", 27, None)),  # honors
        ("_block", ("kantsu", 3, None)),  # a kan that is no meld
        ("_block", ("koutsu", 3, "chi")),
        ("_block", ("koutsu", 34, None)),
        ("_block", ("triplet", 3, None)),
        ("_block", ("koutsu", 3, "kan")),
        ("_block", "koutsu"),
        ("_decomposition", ("standard", [], [34], None, None)),
        ("_decomposition", ("standard", [], [], None, None)),
        ("_decomposition", ("seven", [], [1], None, None)),
        ("_decomposition", ("standard", [("koutsu", 1, None)], [2], "tanki", 1)),
        ("_decomposition", ("standard", [], [2], "long", None)),
        ("_wait", (34, ["tanki"])),
        ("_wait", (3, ["wide"])),
        ("_waits", ([(3, ["tanki"])], [(40, [])])),
        ("_waits", [1, 2, 3]),
        ("_mismatch", (0, "E1-0", 0, "bad kind", "", "")),
        ("_replay_report", (None, (1, 2, 3, 4, 5), [])),
        ("_replay_report", (None, (1, 2, 3, 4, 5, 6), [(0, "", 0, "weird", "", "")])),
    ],
)
def test_bad_analysis_and_report_states_raise_a_riichi_error(f, state):
    with pytest.raises(riichi.MahjongError):
        pickle.loads(pickle.dumps(_Forged2(f, state)))


ACTIONS = [
    riichi.Discard("1m"),
    riichi.Discard("0p", tsumogiri=True),
    riichi.Riichi("5s"),
    riichi.Riichi("7z", tsumogiri=True),
    riichi.Chi(("3m", "4m")),
    riichi.Pon(("0s", "5s")),
    riichi.Daiminkan(),
    riichi.Ankan("5z"),
    riichi.Kakan("0m"),
    riichi.Tsumo(),
    riichi.Ron(),
    riichi.KyuushuKyuuhai(),
    riichi.Pass(),
    riichi.Kita(),
]


def test_every_action_class_pickles():
    # Every action class of the package is among the samples.
    classes = {
        c for c in vars(riichi).values() if isinstance(c, type) and issubclass(c, riichi.Action)
    }
    assert classes - {riichi.Action} == {type(a) for a in ACTIONS}
    for a in ACTIONS:
        _same_value(a)
        assert (restored(a).kind, restored(a).tile, restored(a).tiles, restored(a).tsumogiri) == (
            a.kind, a.tile, a.tiles, a.tsumogiri,
        )  # fmt: skip


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**64 - 1))
def test_legal_actions_of_games_pickle(seed):
    rng = random.Random(seed)
    g = Game(seed=seed)
    kinds = set()
    for _ in range(400):
        if g.is_over:
            break
        for s in g.current_decision:
            for a in g.legal_actions(s):
                _same_value(a)
                kinds.add(a.kind)
        seat = g.current_decision[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    assert "discard" in kinds


def _log_files():
    base = DATA.parent
    files = sorted((base / "json").glob("*.json")) + sorted((base / "mjlog").glob("*"))
    return [f for f in files if f.is_file()]


def test_replay_reports_of_real_logs_pickle():
    files = _log_files()
    if not files:
        pytest.skip(f"no Tenhou logs under {DATA.parent}")
    reports = riichi.replay_files([str(f) for f in files], errors="report")
    reports.append(riichi.replay(riichi.logs.read_log(files[0])))
    for r in reports:
        _same_value(r)
        back = restored(r)
        assert (back.ok, back.hands, back.actions, back.events, back.wins, back.draws) == (
            r.ok, r.hands, r.actions, r.events, r.wins, r.draws,
        )  # fmt: skip
        assert (back.walls_reproduced, back.source, back.mismatches) == (
            r.walls_reproduced, r.source, r.mismatches,
        )  # fmt: skip
    assert any(r.hands > 0 for r in reports)


def test_replay_reports_with_mismatches_pickle():
    files = _log_files()
    if not files:
        pytest.skip(f"no Tenhou logs under {DATA.parent}")
    # An unreadable log and a record whose events were altered give mismatches.
    reports = riichi.replay_files([str(files[0]), b"not a log"], errors="report")
    g = Game(seed=4)
    play(g, random.Random(4), 300)
    text = g.record().to_mjai().replace('"tsumogiri":true', '"tsumogiri":false', 1)
    reports.append(riichi.replay(riichi.logs.read_mjai(text)))
    bad = [r for r in reports if not r.ok]
    assert len(bad) >= 1
    for r in reports:
        _same_value(r)
        for m in r.mismatches:
            _same_value(m)
            assert str(restored(m)) == str(m)
    assert reports[0] != reports[1]


def test_replay_step_games_pickle_and_go_on_the_same():
    g = Game(seed=5)
    play(g, random.Random(5), 300)
    steps: list[Game] = []
    riichi.replay(g.record(), on_step=lambda i, game: steps.append(game))
    assert len(steps) > 10
    for i in (0, 1, len(steps) // 2, len(steps) - 1):
        step = steps[i]
        for other in (restored(step), copy.deepcopy(step)):
            assert other == step and other.events == step.events
            same_course(copy.deepcopy(step), other, random.Random(i), 60)
    # A step game that went on pickles with its actions.
    step = copy.deepcopy(steps[len(steps) // 3])
    play(step, random.Random(9), 40)
    assert restored(step) == step


def test_replay_step_games_of_real_logs_pickle():
    files = _log_files()
    if not files:
        pytest.skip(f"no Tenhou logs under {DATA.parent}")
    rec = riichi.logs.read_log(files[0])
    steps: list[Game] = []
    riichi.replay(rec, check=False, on_step=lambda i, game: steps.append(game))
    for i in range(0, len(steps), max(1, len(steps) // 5)):
        assert restored(steps[i]) == steps[i]


class _ForgedStep:
    def __init__(self, *args):
        self.args = args

    def __reduce__(self):
        return (riichi._core._replay_step, self.args)


def test_bad_replay_step_raises_a_riichi_error():
    rec = Game(seed=1).record()
    with pytest.raises(riichi.InvalidInputError, match="replay step"):
        pickle.loads(pickle.dumps(_ForgedStep(rec, True, 10**6)))
