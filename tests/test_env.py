"""Action ids, masks, the plane encoding and `VecEnv` from Python: the ids are the
legal actions one for one, the arrays are the game's own, bad input is refused
with the game unchanged."""

import copy

import numpy as np
import pytest

import riichi
from riichi.env import (
    ACTION_COUNT,
    ACTION_GROUPS,
    MAX_TOKENS,
    ORACLE_GROUPS,
    PLANE_GROUPS,
    SCALARS,
    TOKEN_COLUMNS,
    TOKEN_KINDS,
    VecEnv,
    action_name,
    token_text,
)


def positions(games=9, seed=5):
    """Every decision of a few seeded games played by the shanten agent (which
    reaches riichi, calls and wins): (game, seat) before each action."""
    agent = riichi.BuiltinAgent("shanten", seed=seed)
    for k in range(games):
        g = riichi.Game(seed=seed * 1000 + k)
        while not g.is_over:
            for seat in g.current_decision:
                yield g, seat
            seat = g.current_decision[0]
            g.apply(seat, agent.act(g.observation(seat), g.legal_actions(seat)))


def test_the_docs_tables_are_the_runtime_tables():
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "docs" / "gen_env.py"
    spec = importlib.util.spec_from_file_location("gen_env", path)
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    committed = gen.OUT.read_text(encoding="utf-8")
    assert committed == gen.render(), "run `python docs/gen_env.py --write`"
    for name, first, count, _ in ACTION_GROUPS:
        assert f"`{name}`" in committed and str(first) in committed and count > 0


def test_the_groups_tile_the_id_range_and_every_name_is_distinct():
    ends = [first + count for _, first, count, _ in ACTION_GROUPS]
    starts = [first for _, first, _, _ in ACTION_GROUPS]
    assert starts == [0, *ends[:-1]]
    assert ends[-1] == ACTION_COUNT == 159
    names = [action_name(i) for i in range(ACTION_COUNT)]
    assert len(set(names)) == ACTION_COUNT
    assert names[:3] == ["discard 1m", "discard 2m", "discard 3m"]
    assert names[34] == "discard 0m" and names[157] == "pass" and names[158] == "kita"
    with pytest.raises(ValueError, match="action ids are 0-158, got 159"):
        action_name(159)
    with pytest.raises(TypeError):
        action_name("1")  # type: ignore[arg-type]


def test_the_mask_is_the_legal_actions_one_id_each():
    seen_groups = set()
    checked = 0
    for g, seat in positions():
        legal = g.legal_actions(seat)
        mask = g.legal_mask(seat)
        assert mask.dtype == np.bool_ and mask.shape == (ACTION_COUNT,)
        obs = g.observation(seat)
        ids = [obs.action_index(a) for a in legal]
        assert len(set(ids)) == len(ids), legal
        assert sorted(ids) == np.flatnonzero(mask).tolist()
        for a, i in zip(legal, ids, strict=True):
            assert g.action_from_index(seat, i) == a
            assert obs.action_from_index(i) == a
            seen_groups.add(action_name(i).split(",")[0].split(" ")[0])
        checked += 1
    assert checked > 5000
    assert {"discard", "tsumogiri", "riichi", "chi", "pon", "ron", "tsumo", "pass"} <= seen_groups


def test_a_seat_not_asked_has_an_empty_mask():
    g = riichi.Game(seed=3)
    asked = g.current_decision
    for seat in range(4):
        assert g.legal_mask(seat).any() == (seat in asked)


def test_apply_index_is_apply_and_an_illegal_id_changes_nothing():
    g = riichi.Game(seed=11)
    h = riichi.Game(seed=11)
    rng = np.random.default_rng(0)
    for _ in range(300):
        seat = g.current_decision[0]
        i = int(rng.choice(np.flatnonzero(g.legal_mask(seat))))
        h.apply(seat, g.action_from_index(seat, i))
        g.apply_index(seat, i)
        assert g == h
    seat = g.current_decision[0]
    illegal = int(np.flatnonzero(~g.legal_mask(seat))[0])
    before = copy.deepcopy(g)
    with pytest.raises(riichi.IllegalActionError, match=f"action id {illegal}: "):
        g.apply_index(seat, illegal)
    for bad in (-1, 159, 2**70):
        with pytest.raises(riichi.IllegalActionError, match=f"action id {bad}: ids are 0-158"):
            g.apply_index(seat, bad)
    with pytest.raises(TypeError):
        g.apply_index(seat, "5")  # type: ignore[arg-type]
    with pytest.raises(riichi.InvalidInputError, match="seats are 0-3"):
        g.legal_mask(4)
    assert g == before


def test_a_chi_id_needs_the_claimed_tile():
    obs = riichi.Game(seed=1).observation(0)
    assert obs.claim is None
    with pytest.raises(riichi.InvalidInputError, match="claimed tile"):
        obs.action_index(riichi.Chi(("3m", "4m")))
    with pytest.raises(riichi.IllegalActionError, match="action id 77: the seat has no claim"):
        obs.action_from_index(77)
    with pytest.raises(TypeError, match="action_index takes an action"):
        obs.action_index("pass")  # type: ignore[arg-type]


def test_the_encoding_shows_the_own_hand_and_the_tables_describe_it():
    channels = sum(count for _, _, count, _ in PLANE_GROUPS)
    assert PLANE_GROUPS[-1][1] + PLANE_GROUPS[-1][2] == channels
    g = riichi.Game(seed=2)
    seat = g.current_decision[0]
    obs = g.observation(seat)
    planes, scalars = obs.encode()
    assert planes.shape == (channels, 34) and planes.dtype == np.uint8
    assert scalars.shape == (len(SCALARS),) and scalars.dtype == np.float32
    counts = np.zeros(34, int)
    for t in obs.hand:
        counts[t.kind] += 1
    hand = next(first for name, first, _, _ in PLANE_GROUPS if name == "hand")
    np.testing.assert_array_equal(planes[hand : hand + 4].sum(axis=0), counts)
    names = [name for name, _ in SCALARS]
    assert scalars[names.index("score_0")] == pytest.approx(obs.scores[seat] / 100_000)
    assert scalars[names.index("own_turn")] == 1.0
    oracle = g.oracle_planes(seat)
    assert oracle.shape == (sum(c for _, _, c, _ in ORACLE_GROUPS), 34)
    # The three other hands, 13 tiles each, in the oracle's first twelve channels.
    assert oracle[:12].sum() == 39


def play(env, steps, seed=0):
    """Random legal ids for `steps` steps; every output of every step."""
    rng = np.random.default_rng(seed)
    obs = env.reset()
    out = []
    for _ in range(steps):
        ids = np.array([rng.choice(np.flatnonzero(m)) for m in obs["mask"]])
        obs, rewards, term, trunc, info = env.step(ids)
        out.append((obs, rewards, term, trunc, info))
    return out


def test_the_thread_count_changes_nothing():
    one = play(VecEnv(6, seed=9, threads=1), 400)
    two = play(VecEnv(6, seed=9, threads=2), 400)
    for a, b in zip(one, two, strict=True):
        for k in a[0]:
            np.testing.assert_array_equal(a[0][k], b[0][k])
        for x, y in zip(a[1:4], b[1:4], strict=True):
            np.testing.assert_array_equal(x, y)
        np.testing.assert_array_equal(a[4]["scores"], b[4]["scores"])


def test_the_arrays_are_the_games_own():
    env = VecEnv(4, seed=1)
    obs = env.reset()
    rng = np.random.default_rng(1)
    for _ in range(200):
        for i in range(len(env)):
            g = env.game(i)
            seat = int(obs["seat"][i])
            np.testing.assert_array_equal(obs["mask"][i], g.legal_mask(seat))
            planes, scalars = g.observation(seat).encode()
            np.testing.assert_array_equal(obs["planes"][i], planes)
            np.testing.assert_array_equal(obs["scalars"][i], scalars)
        ids = np.array([rng.choice(np.flatnonzero(m)) for m in obs["mask"]])
        obs, *_ = env.step(ids)


def test_the_token_arrays_are_the_games_own():
    env = VecEnv(3, seed=2, encoding="tokens", opponents="shanten", threads=2)
    obs = env.reset()
    assert "planes" not in obs
    assert obs["tokens"].shape == (3, MAX_TOKENS, len(TOKEN_COLUMNS))
    assert obs["tokens"].dtype == np.uint8
    rng = np.random.default_rng(2)
    longest = 0
    for _ in range(300):
        for i in range(len(env)):
            g = env.game(i)
            seat = int(obs["seat"][i])
            tokens = g.tokens(seat)
            n = int(obs["token_count"][i])
            assert n == len(tokens)
            np.testing.assert_array_equal(obs["tokens"][i, :n], tokens)
            assert not obs["tokens"][i, n:].any()
            np.testing.assert_array_equal(obs["scalars"][i], g.observation(seat).encode()[1])
            longest = max(longest, n)
        ids = np.array([rng.choice(np.flatnonzero(m)) for m in obs["mask"]])
        obs, *_ = env.step(ids)
    assert longest > 40
    assert 'encoding="tokens"' in repr(env)


def test_tokens_start_the_hand_and_show_only_the_seats_own_draws():
    g = riichi.Game(seed=4)
    kinds = {name: value for value, name, _ in TOKEN_KINDS}
    # The start row, the 13 dealt tiles, then the dealer's (seat 0's) first draw,
    # seen by the dealer alone.
    hand = g.observation(0).hand
    for seat in range(4):
        rows = g.tokens(seat)
        assert rows.shape == (15, 8)
        assert list(rows[:, 0]) == [kinds["start"]] + [kinds["deal"]] * 13 + [kinds["draw"]]
        assert rows[0, 1] == (4 - seat) % 4  # the dealer, relative to the seat
        assert rows[14, 1] == (4 - seat) % 4
    dealer = g.tokens(0)
    red = {34: "0m", 35: "0p", 36: "0s"}
    names = [red.get(int(t)) or str(riichi.Tile.from_kind(int(t))) for t in dealer[1:, 2]]
    assert sorted(names) == sorted(str(t) for t in hand)
    assert g.tokens(1)[14, 2] == 37
    for _ in range(20):
        seat = g.current_decision[0]
        g.apply(seat, g.legal_actions(seat)[-1])
    for seat in range(4):
        rows = g.tokens(seat)
        draws = rows[rows[:, 0] == kinds["draw"]]
        assert (draws[draws[:, 1] != 0, 2] == 37).all()
        assert (draws[draws[:, 1] == 0, 2] < 37).all()
    with pytest.raises(riichi.InvalidInputError, match="seats are 0-3, got 4"):
        g.tokens(4)
    sanma = riichi.Game(rules=riichi.Rules.preset("tenhou_sanma"), seed=1)
    with pytest.raises(riichi.InvalidInputError, match="seat 3 is empty"):
        sanma.tokens(3)


def test_token_text_names_each_kind_and_refuses_what_is_not_a_token():
    assert token_text([4, 1, 34, 4, 1, 38, 38, 38]) == "the next seat discards 0m (tsumogiri)"
    assert token_text([8, 0, 4, 3, 0, 4, 35, 38]) == (
        "this seat calls pon on 5m from the left seat with 5m 0p"
    )
    assert token_text([3, 2, 37, 4, 0, 38, 38, 38]) == "the opposite seat draws an unseen tile"
    assert token_text([13, 4, 27, 4, 0, 38, 38, 38]) == "new dora indicator 1z"
    for bad in ([0] * 8, [99, 0, 0, 4, 0, 38, 38, 38], [4, 0, 1]):
        with pytest.raises(ValueError):
            token_text(bad)


@pytest.mark.parametrize("encoding", ["planes", "tokens", None])
def test_kept_arrays_are_overwritten_in_place_with_the_same_values(encoding):
    fresh = VecEnv(5, seed=3, encoding=encoding, opponents="random")
    kept = VecEnv(5, seed=3, encoding=encoding, opponents="random", copy=False)
    assert "copy=False" in repr(kept) and "copy" not in repr(fresh)
    a, b = fresh.reset(), kept.reset()
    first = b
    rng = np.random.default_rng(3)
    for _ in range(150):
        for k in a:
            np.testing.assert_array_equal(a[k], b[k])
            assert b[k] is first[k]  # the same array, every step
        ids = np.array([rng.choice(np.flatnonzero(m)) for m in a["mask"]])
        a, *rest_a = fresh.step(ids)
        b, *rest_b = kept.step(ids)
        for x, y in zip(rest_a[:3], rest_b[:3], strict=True):
            np.testing.assert_array_equal(x, y)
        for k in ("hand_done", "scores"):
            np.testing.assert_array_equal(rest_a[3][k], rest_b[3][k])
    # A kept array made read-only cannot be written: the step is refused, and no
    # game moved.
    ids = np.array([np.flatnonzero(m)[0] for m in a["mask"]])
    b["mask"].flags.writeable = False
    with pytest.raises(riichi.InvalidInputError, match="cannot be written now"):
        kept.step(ids)
    b["mask"].flags.writeable = True
    np.testing.assert_array_equal(kept.step(ids)[1], fresh.step(ids)[1])


def test_point_rewards_add_up_to_the_score_changes():
    env = VecEnv(3, seed=4, opponents="random")
    totals = np.zeros((3, 4))
    start = np.array([env.game(i).scores for i in range(3)], float)
    obs = env.reset()
    rng = np.random.default_rng(2)
    for _ in range(150):
        ids = np.array([rng.choice(np.flatnonzero(m)) for m in obs["mask"]])
        obs, rewards, term, trunc, info = env.step(ids)
        assert rewards.dtype == np.float32 and rewards.shape == (3, 4)
        assert not (term | trunc).any(), "a game ended: pick a shorter run"
        totals += rewards
    np.testing.assert_array_equal(start + totals, info["scores"])
    assert np.abs(totals).sum() > 0


def test_rank_rewards_come_at_the_end_with_the_final_points():
    env = VecEnv(2, seed=6, reward=(3, 1, -1, -3), opponents="shanten", records=True)
    obs = env.reset()
    rng = np.random.default_rng(3)
    ended = 0
    while ended < 2:
        ids = np.array([rng.choice(np.flatnonzero(m)) for m in obs["mask"]])
        obs, rewards, term, trunc, info = env.step(ids)
        assert not trunc.any()
        for i in np.flatnonzero(~term):
            assert not rewards[i].any()
        for i in np.flatnonzero(term):
            (record,) = env.finished()
            states = []
            assert riichi.replay(record, on_step=lambda _, g, seen=states: seen.append(g)).ok
            result = states[-1].result
            assert info["scores"][i].tolist() == result["points"]
            assert rewards[i].tolist() == [(3, 1, -1, -3)[r - 1] for r in result["ranks"]]
            ended += 1


def test_opponents_leave_the_caller_one_seat_per_game():
    env = VecEnv(8, seed=2, opponents="tsumogiri", duplicate=True)
    obs = env.reset()
    assert [env.learner(i) for i in range(8)] == [0, 1, 2, 3, 0, 1, 2, 3]
    for _ in range(50):
        assert [int(s) for s in obs["seat"]] == [env.learner(i) for i in range(8)]
        obs, *_ = env.step(obs["mask"].argmax(axis=1))
    assert VecEnv(2).learner(1) is None
    assert env.decisions["caller"] == 50 * 8 and env.decisions["opponents"] > 0


def test_an_illegal_id_refuses_the_whole_step():
    env = VecEnv(3, seed=8)
    obs = env.reset()
    before = [env.game(i) for i in range(3)]
    ids = obs["mask"].argmax(axis=1)
    bad = int(np.flatnonzero(~obs["mask"][2])[0])
    ids[2] = bad
    with pytest.raises(riichi.IllegalActionError, match=f"game 2: action id {bad}: "):
        env.step(ids)
    assert [env.game(i) for i in range(3)] == before


class Lying:
    def __len__(self):
        return 2

    def __iter__(self):
        return iter(range(10**9))


@pytest.mark.parametrize(
    ("actions", "error", "message"),
    [
        (range(2**40), riichi.InvalidInputError, "2 games, got more than 2"),
        (Lying(), riichi.InvalidInputError, "2 games, got more than 2"),
        ([157], riichi.InvalidInputError, "2 games, got 1"),
        (np.zeros((2, 1), np.int64), riichi.InvalidInputError, "shape \\(2, 1\\)"),
        (np.zeros(2, np.float64), TypeError, "an action id is an integer, got float64"),
        ([1.5, 2], TypeError, "an action id is an integer"),
        ([2**70, 0], riichi.IllegalActionError, "game 0: action id"),
        (np.array([-1, 0], np.int8), riichi.IllegalActionError, "game 0: action id -1"),
        (None, TypeError, "actions must be"),
    ],
)
def test_bad_actions_are_refused_and_nothing_moves(actions, error, message):
    env = VecEnv(2, seed=1, encoding=None)
    before = [env.game(i) for i in range(2)]
    with pytest.raises(error, match=message):
        env.step(actions)
    assert [env.game(i) for i in range(2)] == before


def test_any_integer_dtype_is_taken():
    outs = []
    for dtype in (np.int64, np.int32, np.uint8, np.uint16, np.dtype(">i4")):
        env = VecEnv(2, seed=1, encoding=None)
        obs = env.reset()
        obs, *_ = env.step(obs["mask"].argmax(axis=1).astype(dtype))
        outs.append(obs["mask"])
        assert set(obs) == {"mask", "seat"}
    for m in outs[1:]:
        np.testing.assert_array_equal(m, outs[0])


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"num_envs": 0}, "num_envs must be an integer from 1 to 65536, got 0"),
        ({"num_envs": 2**40}, "num_envs must be an integer from 1 to 65536"),
        ({"encoding": "words"}, 'encoding is "planes", "tokens" or None'),
        ({"reward": "rank"}, 'reward is "points", "final" or four numbers'),
        ({"reward": (1, 2, 3)}, "four numbers"),
        ({"reward": (1, 2, 3, float("nan"))}, "finite"),
        ({"opponents": "mortal"}, 'opponents "mortal" is not one of'),
        ({"duplicate": True}, "duplicate=True needs opponents"),
        ({"threads": 0}, "threads must be an integer from 1 to 256"),
        ({"max_decisions": 0}, "max_decisions must be an integer from 1"),
        ({"seed": -1}, "a seed is an integer from 0"),
    ],
)
def test_bad_settings_say_what_is_wrong(kwargs, message):
    kwargs = {"num_envs": 2, **kwargs}
    with pytest.raises(riichi.InvalidInputError, match=message):
        VecEnv(**kwargs)


def test_a_copied_game_copies_but_does_not_pickle():
    import pickle

    env = VecEnv(2, seed=5, opponents="shanten")
    obs = env.reset()
    obs, *_ = env.step(obs["mask"].argmax(axis=1))
    g = env.game(1)
    h = copy.deepcopy(g)
    assert h == g
    seat = g.current_decision[0]
    g.apply(seat, g.legal_actions(seat)[0])
    assert h != g and env.game(1) == h  # the copies are independent of the env
    with pytest.raises(riichi.InvalidInputError, match="copied out of a VecEnv does not pickle"):
        pickle.dumps(h)


def test_finished_needs_records_and_the_index_is_checked():
    env = VecEnv(2)
    with pytest.raises(riichi.InvalidInputError, match="records=True"):
        env.finished()
    with pytest.raises(riichi.InvalidInputError, match="game index 2: this VecEnv runs games 0-1"):
        env.game(2)
    assert repr(env) == (
        'VecEnv(2, encoding="planes", reward="points", opponents=None, '
        "duplicate=False, threads=None)"
    )


def test_finished_games_are_records_that_replay():
    env = VecEnv(2, seed=3, opponents="shanten", records=True, encoding=None)
    obs = env.reset()
    got = []
    while len(got) < 2:
        obs, *_ = env.step(obs["mask"].argmax(axis=1))
        got += env.finished()
    for record in got:
        assert isinstance(record, riichi.GameRecord)
        assert riichi.replay(record).ok


def test_peer_ids_map_every_legal_id_of_a_game_into_each_numbering() -> None:
    """Every legal id of seeded games maps into each numbering's range (one id, or a
    declaration and a second id), with the worked cases of the learning guide."""
    sizes = {"mortal": 46, "riichienv": 82, "mjx": 181, "mahjax": 87}
    game = riichi.Game(seed=5)
    steps = 0
    while not game.is_over and steps < 600:
        seat = game.current_decision[0]
        obs = game.observation(seat)
        legal = np.flatnonzero(game.legal_mask(seat))
        for name, size in sizes.items():
            table = obs.peer_ids(name)
            assert table.shape == (159, 2) and table.dtype == np.int16
            for i in legal:
                first, second = table[i]
                if i == 158 or (i == 84 and name in ("mortal", "mahjax")):
                    assert first == -1
                    continue
                assert 0 <= first < size and -1 <= second < size, (name, i)
                # Riichi is a declaration and then its discard everywhere.
                assert (second >= 0) == (38 <= i <= 75 or (name == "mortal" and 85 <= i <= 153))
        if obs.drawn is not None:
            drawn = obs.drawn
            assert obs.peer_ids("mahjax")[37, 0] == 71
            assert obs.peer_ids("riichienv")[37, 0] == drawn.kind
        game.apply_index(seat, int(legal[0]))
        steps += 1
    with pytest.raises(riichi.InvalidInputError, match="mortal, riichienv, mjx, mahjax"):
        riichi.Game(seed=5).observation(0).peer_ids("tenhou")


def test_three_player_planes_lose_nothing_in_27_columns():
    """Under three-player rules the 2m-8m columns of the planes (and of the
    oracle planes) stay 0 and their discard ids are never legal, step after
    step; `sanma_columns` keeps the other 27 in tile order."""
    from riichi.env import SANMA_KINDS, sanma_columns

    rules = riichi.Rules.preset("tenhou_sanma")
    env = VecEnv(12, rules=rules, seed=4, threads=1)
    obs = env.reset()
    rng = np.random.default_rng(4)
    gone = [k for k in range(34) if k not in SANMA_KINDS]
    assert gone == list(range(1, 8)) and len(SANMA_KINDS) == 27
    seen = np.zeros(34, dtype=bool)
    for _ in range(400):
        planes = obs["planes"]
        assert not planes[..., gone].any()
        assert not obs["mask"][:, gone].any()  # discards of 2m-8m (ids 1-7)
        seen |= planes.any(axis=(0, 1))
        compact = sanma_columns(planes)
        assert compact.shape == (*planes.shape[:-1], 27)
        assert np.array_equal(compact, planes[..., SANMA_KINDS])
        ids = np.argmax(rng.random(obs["mask"].shape) * obs["mask"], axis=1)
        obs, *_ = env.step(ids)
    assert seen[SANMA_KINDS].all(), "every kept column was used"
    oracle = riichi.Game(rules=rules, seed=4).oracle_planes(0)
    assert not np.asarray(oracle)[..., gone].any()
    assert sanma_columns(np.arange(34)).tolist() == [0, *range(8, 34)]
    with pytest.raises(ValueError, match="34 kinds"):
        sanma_columns(np.zeros((3, 27)))
