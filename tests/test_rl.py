"""The reinforcement-learning adapters of `riichi.rl`: the Gymnasium vector
environment and the PettingZoo AEC and Parallel environments pass their
frameworks' checkers, their masks are the legal ids exactly, they are seeded, reset
as documented, and play whole games of four and of three players."""

from __future__ import annotations

import copy
import doctest
import importlib
import sys
import warnings
from typing import Any

import numpy as np
import pytest

EXTRA = "the rl extra is not installed (`pip install 'riichi[rl]'`; `make build` installs it)"
gymnasium = pytest.importorskip("gymnasium", reason=EXTRA)
pytest.importorskip("pettingzoo", reason=EXTRA)

from gymnasium.utils import env_checker  # noqa: E402
from gymnasium.utils.env_checker import data_equivalence  # noqa: E402
from pettingzoo.test import api_test, parallel_api_test, seed_test  # noqa: E402

import riichi  # noqa: E402
from riichi import IllegalActionError, Rules, game_seed, rl  # noqa: E402
from riichi.env import ACTION_COUNT, SCALARS, VecEnv  # noqa: E402
from riichi.rl import (  # noqa: E402
    ENV_ID,
    NO_OP,
    RiichiAECEnv,
    RiichiEnv,
    RiichiParallelEnv,
    RiichiVectorEnv,
)

MODES = ["NextStep", "SameStep"]
TABLES = [None, "tenhou_sanma"]  # four players (the default rules), three players


def players_of(rules: str | None) -> int:
    return 3 if rules else 4


def start_points(rules: str | None) -> int:
    r = Rules.preset(rules) if rules else Rules()
    return int(r.start_points)


def random_actions(env: RiichiVectorEnv, obs: dict[str, Any]) -> np.ndarray:
    """One masked random id per game, drawn by the action space itself."""
    return np.asarray(env.action_space.sample(mask=tuple(obs["action_mask"])))


# The module ------------------------------------------------------------------------


@pytest.mark.parametrize("missing", ["gymnasium", "pettingzoo"])
def test_without_the_extra_the_import_says_what_to_install(monkeypatch, missing):
    monkeypatch.delitem(sys.modules, "riichi.rl")
    monkeypatch.setitem(sys.modules, missing, None)  # import fails as if absent
    with pytest.raises(ImportError, match=r"riichi\[rl\]") as error:
        importlib.import_module("riichi.rl")
    assert missing in str(error.value)


def test_the_docstring_example_runs():
    tests = doctest.DocTestFinder().find(rl, rl.__name__, globs={})
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for t in tests:
        runner.run(t)
    assert runner.tries > 0 and runner.failures == 0


def test_public_names_have_docstrings_and_reprs():
    for name in rl.__all__:
        obj = getattr(rl, name)
        if callable(obj):
            assert obj.__doc__, name
            for member, value in vars(obj).items():
                if not member.startswith("_") and callable(value):
                    assert value.__doc__, f"{name}.{member}"
    assert repr(RiichiVectorEnv(2)) == (
        "RiichiVectorEnv(num_envs=2, players=4, opponents='shanten', reward='points', "
        "autoreset_mode=NEXT_STEP)"
    )
    assert repr(RiichiAECEnv(rules="tenhou_sanma", reward=[3, 0, -3])) == (
        "RiichiAECEnv(players=3, reward=(3.0, 0.0, -3.0), skip_forced=True, first_dealer=0)"
    )
    assert repr(RiichiEnv(opponents="random")) == (
        "RiichiEnv(players=4, opponents='random', reward='points')"
    )
    assert repr(RiichiParallelEnv(reward="final")) == (
        "RiichiParallelEnv(players=4, reward='final', skip_forced=True, first_dealer=0)"
    )


# Gymnasium: the vector environment -------------------------------------------------


def test_the_vector_spaces():
    env = RiichiVectorEnv(3)
    single = env.single_observation_space
    assert isinstance(single, gymnasium.spaces.Dict)
    assert set(single) == {"observation", "scalars", "action_mask"}
    assert single["observation"].shape == (95, 34) and single["observation"].dtype == np.uint8
    assert single["scalars"].shape == (len(SCALARS),) == (34,)
    assert single["scalars"].dtype == np.float32
    assert single["action_mask"].shape == (ACTION_COUNT,)
    assert single["action_mask"].dtype == np.int8
    assert env.single_action_space == gymnasium.spaces.Discrete(ACTION_COUNT)
    assert env.action_space == gymnasium.spaces.MultiDiscrete([ACTION_COUNT] * 3)
    assert env.observation_space["observation"].shape == (3, 95, 34)
    assert env.metadata["autoreset_mode"].name == "NEXT_STEP"
    assert {m.name for m in env.metadata["autoreset_modes"]} == {"NEXT_STEP", "SAME_STEP"}
    assert env.render_mode is None and env.render() is None
    assert RiichiVectorEnv(2, autoreset_mode="same_step").metadata["autoreset_mode"].name == (
        "SAME_STEP"
    )


# The scalars are unbounded (the honba count, points): Box(-inf, inf) is their space.
@pytest.mark.filterwarnings("ignore:.*Box observation space m.* is (-)?infinity")
@pytest.mark.parametrize("mode", MODES)
def test_gymnasiums_checks_that_apply_to_a_vector_env(mode):
    """`check_env` takes a single `gymnasium.Env`; these of its checks take any
    environment with the same reset API, a vector one included."""
    env = RiichiVectorEnv(4, autoreset_mode=mode)
    env_checker.check_reset_return_type(env)
    env_checker.check_reset_options(env)
    env_checker.check_reset_return_info_deprecation(env)
    env_checker.check_seed_deprecation(env)
    env_checker.check_reset_seed_determinism(env)
    env_checker.check_space_limit(env.single_observation_space, "observation")
    env_checker.check_space_limit(env.single_action_space, "action")


@pytest.mark.parametrize("rules", TABLES)
@pytest.mark.parametrize("mode", MODES)
def test_the_spaces_hold_what_reset_and_step_return(mode, rules):
    n = 4
    env = RiichiVectorEnv(n, rules=rules, autoreset_mode=mode)
    env.action_space.seed(1)
    obs, info = env.reset(seed=1)
    assert obs in env.observation_space
    assert set(info) == {"seat"} and info["seat"].shape == (n,)
    ends = 0
    for _ in range(400):
        obs, rewards, terminated, truncated, info = env.step(random_actions(env, obs))
        assert obs in env.observation_space
        assert rewards.dtype == np.float32 and rewards.shape == (n,)
        assert terminated.dtype == truncated.dtype == np.bool_
        assert terminated.shape == truncated.shape == (n,)
        assert {"seat", "seat_rewards", "scores", "hand_done"} <= set(info)
        assert info["seat_rewards"].shape == info["scores"].shape == (n, 4)
        seats = info["seat"]
        assert np.all((seats >= -1) & (seats < players_of(rules)))
        if rules:  # the empty fourth seat
            assert not info["seat_rewards"][:, 3].any()
        ends += int(terminated.sum())
    assert ends > 0


@pytest.mark.parametrize("mode", MODES)
def test_the_same_seed_plays_the_same_games(mode):
    def run(seed: int | None, first_seed: int = 5) -> list[Any]:
        env = RiichiVectorEnv(3, autoreset_mode=mode)
        env.reset(seed=first_seed)
        obs, info = env.reset(seed=seed)  # seed None: drawn from the first seed
        env.action_space.seed(9)
        out = [obs, info]
        for _ in range(250):
            step = env.step(random_actions(env, obs))
            obs = step[0]
            out.append(step)
        return out

    a, b = run(7), run(7)
    assert data_equivalence(a, b, exact=True)
    assert data_equivalence(run(None), run(None), exact=True)
    assert not data_equivalence(a[0], run(8)[0])
    assert not data_equivalence(run(None)[0], run(None, first_seed=6)[0])


def test_the_games_are_those_of_vecenv():
    """SAME_STEP plays `VecEnv(n, seed=s)`; NEXT_STEP game i `VecEnv(1, seed=game_seed(s, i))`."""
    env = RiichiVectorEnv(3, autoreset_mode="SameStep", opponents="random")
    obs, _ = env.reset(seed=11)
    ref = VecEnv(3, seed=11, opponents="random").reset()
    assert np.array_equal(obs["observation"], ref["planes"])
    assert np.array_equal(obs["action_mask"], ref["mask"].astype(np.int8))
    env = RiichiVectorEnv(3, autoreset_mode="NextStep", opponents="random")
    obs, _ = env.reset(seed=11)
    for i in range(3):
        one = VecEnv(1, seed=game_seed(11, i), opponents="random").reset()
        assert np.array_equal(obs["observation"][i], one["planes"][0])
        assert np.array_equal(obs["scalars"][i], one["scalars"][0])


def play_to_ends(env: RiichiVectorEnv, obs: dict[str, Any], games: int, seed: int = 0):
    """Step from `obs` with random legal ids until `games` games ended, yielding
    each step's results."""
    env.action_space.seed(seed)
    ended = 0
    for _ in range(20_000):
        result = env.step(random_actions(env, obs))
        yield result
        obs = result[0]
        ended += int((result[2] | result[3]).sum())
        if ended >= games:
            return
    raise AssertionError("the games did not end")


@pytest.mark.parametrize("rules", TABLES)
def test_next_step_autoreset(rules):
    n = 3
    env = RiichiVectorEnv(n, rules=rules, autoreset_mode="NextStep")
    first, info = env.reset(seed=2)
    seat = info["seat"]
    reset_next = np.zeros(n, bool)
    totals = np.zeros(n)
    checked = 0
    for obs, rewards, terminated, truncated, info in play_to_ends(env, first, 4):
        ended = terminated | truncated
        for i in np.flatnonzero(reset_next):  # the step after an end: the next game
            assert rewards[i] == 0 and not ended[i]
            game = env.game(i)
            planes, scalars = game.observation(int(info["seat"][i])).encode()
            assert np.array_equal(obs["observation"][i], planes)
            assert np.array_equal(obs["scalars"][i], scalars)
            assert np.array_equal(obs["action_mask"][i], game.legal_mask(int(info["seat"][i])))
            assert game.scores == info["scores"][i].tolist()
            totals[i] = 0
            checked += 1
        totals += np.where(reset_next, 0, rewards)
        for i in np.flatnonzero(ended):  # a terminal observation
            assert not obs["observation"][i].any() and not obs["scalars"][i].any()
            assert np.flatnonzero(obs["action_mask"][i]).tolist() == [NO_OP]
            assert info["seat"][i] == -1
            # the learner's rewards over its game are its points won or lost
            assert totals[i] == info["scores"][i][seat[i]] - start_points(rules)
        seat = np.where(ended | (info["seat"] < 0), seat, info["seat"])
        reset_next = ended
    assert checked + int(reset_next.sum()) >= 4


def test_next_step_ignores_the_action_of_a_game_being_reset():
    env = RiichiVectorEnv(2, autoreset_mode="NextStep")
    obs, _ = env.reset(seed=3)
    env.action_space.seed(0)
    ended = np.zeros(2, bool)
    while not ended.any():
        obs, _, terminated, truncated, _ = env.step(random_actions(env, obs))
        ended = terminated | truncated
    actions = random_actions(env, obs)
    actions[ended] = 158  # kita: never legal with four players
    obs, rewards, terminated, truncated, info = env.step(actions)
    assert not rewards[ended].any() and (info["seat"][ended] >= 0).all()


@pytest.mark.parametrize("rules", TABLES)
def test_same_step_autoreset(rules):
    n = 3
    env = RiichiVectorEnv(n, rules=rules, autoreset_mode="SameStep")
    first, _ = env.reset(seed=4)
    seen = 0
    for obs, _, terminated, truncated, info in play_to_ends(env, first, 3):
        ended = terminated | truncated
        if not ended.any():
            assert "final_obs" not in info
            continue
        assert np.array_equal(info["_final_obs"], ended)
        assert np.array_equal(info["_final_info"], ended)
        assert np.array_equal(info["final_info"]["_scores"], ended)
        for i in range(n):
            final = info["final_obs"][i]
            if not ended[i]:
                assert final is None
                continue
            seen += 1
            assert final in env.single_observation_space
            assert np.flatnonzero(final["action_mask"]).tolist() == [NO_OP]
            assert np.array_equal(info["final_info"]["scores"][i], info["scores"][i])
            # the observation is already the next game's first decision
            game = env.game(i)
            s = int(info["seat"][i])
            assert np.array_equal(obs["action_mask"][i], game.legal_mask(s))
            assert game.scores[0] == start_points(rules)
    assert seen >= 3


@pytest.mark.parametrize("mode", MODES)
def test_gymnasiums_episode_statistics_wrapper_counts_the_games(mode):
    from gymnasium.wrappers.vector import RecordEpisodeStatistics

    env = RecordEpisodeStatistics(RiichiVectorEnv(2, autoreset_mode=mode))
    obs, _ = env.reset(seed=6)
    returns, ends, episodes = np.zeros(2), [], []
    reset_next = np.zeros(2, bool)
    env.action_space.seed(0)
    while len(ends) < 2:
        obs, rewards, terminated, truncated, info = env.step(random_actions(env.unwrapped, obs))
        returns += np.where(reset_next, 0, rewards)
        for i in np.flatnonzero(terminated | truncated):
            ends.append(returns[i])
            episodes.append(info["episode"]["r"][i])
            returns[i] = 0
        reset_next = (terminated | truncated) if mode == "NextStep" else np.zeros(2, bool)
    assert np.allclose(ends, episodes)


# Masks: every masked id is legal, an unmasked one is refused ----------------------


@pytest.mark.parametrize("mode", MODES)
def test_the_vector_masks_are_the_legal_ids(mode):
    env = RiichiVectorEnv(2, opponents=None, autoreset_mode=mode)
    obs, info = env.reset(seed=8)
    twin = RiichiVectorEnv(2, opponents=None, autoreset_mode=mode)
    twin.reset(seed=8)
    env.action_space.seed(3)
    for step in range(120):
        for i in range(2):
            seat = int(info["seat"][i])
            if seat < 0:
                continue
            game = env.game(i)
            mask = obs["action_mask"][i].astype(bool)
            assert np.array_equal(mask, game.legal_mask(seat))
            for a in np.flatnonzero(mask):  # every masked id applies
                copy.copy(game).apply_index(seat, int(a))
        if step % 10 == 0:  # an unmasked id is refused and nothing moves
            i = step // 10 % 2
            bad = random_actions(env, obs)
            bad[i] = int(np.flatnonzero(obs["action_mask"][i] == 0)[0])
            with pytest.raises(IllegalActionError, match=f"game {i}: action id {bad[i]}"):
                env.step(bad)
            with pytest.raises(IllegalActionError):
                env.step(np.full(2, -1))
        actions = random_actions(env, obs)
        obs, _, _, _, info = env.step(actions)
        assert data_equivalence(obs, twin.step(actions)[0], exact=True)


def test_bad_vector_arguments_are_refused():
    with pytest.raises(ValueError, match="render_mode"):
        RiichiVectorEnv(2, render_mode="human")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="NEXT_STEP and SAME_STEP"):
        RiichiVectorEnv(2, autoreset_mode="Disabled")
    with pytest.raises(ValueError, match="num_envs"):
        RiichiVectorEnv(0)
    with pytest.raises(ValueError, match="threads"):
        RiichiVectorEnv(2, threads=0)
    with pytest.raises(riichi.InvalidInputError):
        RiichiVectorEnv(2, opponents="nobody")  # type: ignore[arg-type]
    env = RiichiVectorEnv(2)
    with pytest.raises(RuntimeError, match="reset"):
        env.step([0, 0])
    with pytest.raises(ValueError, match="options"):
        env.reset(options={"reset_mask": np.array([True, False])})
    with pytest.raises(ValueError, match="seed"):
        env.reset(seed=-1)
    env.reset(seed=0)
    with pytest.raises(ValueError, match="one action id per game"):
        env.step([0])
    with pytest.raises(TypeError, match="integers"):
        env.step(np.zeros(2))
    env.close()
    assert env.closed


# Gymnasium: one game, and the registered id --------------------------------------


def masked_id(env: Any, obs: dict[str, Any]) -> int:
    """A masked random id drawn by the action space itself."""
    return int(env.action_space.sample(mask=obs["action_mask"]))


@pytest.mark.filterwarnings("ignore:.*Box observation space m.* is (-)?infinity")
def test_gymnasiums_env_checks_pass_on_the_single_env():
    """The checks of `check_env` that draw no action (a random id from the unmasked
    space is refused, as every illegal id is), then a masked game under Gymnasium's
    passive checker."""
    env = RiichiEnv()
    env_checker.check_reset_return_type(env)
    env_checker.check_reset_options(env)
    env_checker.check_reset_return_info_deprecation(env)
    env_checker.check_seed_deprecation(env)
    env_checker.check_reset_seed_determinism(env)
    env_checker.check_space_limit(env.observation_space, "observation")
    env_checker.check_space_limit(env.action_space, "action")
    checked = gymnasium.make(ENV_ID, opponents="random")
    checked.action_space.seed(5)
    obs, _ = checked.reset(seed=5)
    for _ in range(50):
        obs, _, terminated, truncated, _ = checked.step(masked_id(checked, obs))
        assert not (terminated or truncated)


@pytest.mark.parametrize("rules", TABLES)
def test_a_single_env_game_is_game_zero_of_vecenv(rules):
    """Step for step the same observations, rewards and ends as the first game of a
    `VecEnv` with the same seed, to the end of the game."""
    env = RiichiEnv(rules=rules, opponents="random", reward="final")
    twin = VecEnv(
        1,
        seed=11,
        rules=Rules.preset(rules) if rules else Rules(),
        opponents="random",
        reward="final",
    )
    env.action_space.seed(11)
    obs, info = env.reset(seed=11)
    first = twin.reset()
    assert np.array_equal(obs["observation"], first["planes"][0])
    assert np.array_equal(obs["action_mask"], first["mask"][0].astype(np.int8))
    assert info["seat"] == first["seat"][0] == twin.learner(0)
    total, steps = 0.0, 0
    for _ in range(5000):
        steps += 1
        assert obs in env.observation_space
        assert np.array_equal(env.action_masks(), obs["action_mask"].astype(bool))
        action = masked_id(env, obs)
        me = twin.learner(0)  # (after the game's end the twin has a new game)
        obs, reward, terminated, truncated, info = env.step(action)
        seen, rewards, te, tr, more = twin.step([action])
        assert reward == rewards[0, me]
        assert (terminated, truncated) == (bool(te[0]), bool(tr[0]))
        assert np.array_equal(info["scores"], more["scores"][0])
        total += reward
        if terminated:
            break
        assert np.array_equal(obs["observation"], seen["planes"][0])
        assert info["seat"] == twin.learner(0)
    else:
        pytest.fail("the game did not end in 5000 decisions")
    assert steps > 20 and info["hand_done"] and info["seat"] == -1
    assert obs["action_mask"].tolist() == np.eye(ACTION_COUNT, dtype=int)[NO_OP].tolist()
    assert not env.action_masks().any()
    # "final" pays only at the end of the game.
    assert total == reward
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(NO_OP)


def test_the_single_env_refuses_bad_ids_and_nothing_moves():
    env = RiichiEnv()
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    obs, _ = env.reset(seed=2)
    before = env.game
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    for bad in (illegal, -1, ACTION_COUNT, 2**70):
        with pytest.raises(IllegalActionError, match=f"action id {bad} is not legal"):
            env.step(bad)
    for wrong in ("3", 1.0, True, None):
        with pytest.raises(TypeError, match="one integer id"):
            env.step(wrong)
    assert env.game == before
    with pytest.raises(ValueError, match="no options"):
        env.reset(options={"x": 1})
    with pytest.raises(ValueError, match="render_mode"):
        RiichiEnv(render_mode="human")
    with pytest.raises(ValueError):
        RiichiEnv(opponents="nobody")  # type: ignore[arg-type]


def test_the_registered_id_makes_both_envs():
    assert ENV_ID in gymnasium.registry
    env = gymnasium.make(ENV_ID, rules="tenhou_sanma", opponents="tsumogiri")
    assert isinstance(env.unwrapped, RiichiEnv) and env.unwrapped.players == 3
    envs = gymnasium.make_vec(ENV_ID, num_envs=3, opponents="random")
    assert isinstance(envs, RiichiVectorEnv) and envs.num_envs == 3
    obs, _ = envs.reset(seed=0)
    assert obs["observation"].shape == (3, 95, 34)
    # The module named in the id is imported by Gymnasium itself.
    assert isinstance(gymnasium.make("riichi.rl:riichi/Riichi-v0").unwrapped, RiichiEnv)


# PettingZoo ------------------------------------------------------------------------

# PettingZoo's checkers warn that an observation is a dict, not an array, for any
# environment not on their list of those with action masks (chess, go, ...).
DICT_OBSERVATION_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be",
)


def assert_only_dict_warnings(record: list[warnings.WarningMessage]) -> None:
    other = {str(w.message) for w in record}
    other = {m for m in other if not m.startswith(DICT_OBSERVATION_WARNINGS)}
    assert not other, other


@pytest.mark.parametrize("rules", TABLES)
def test_pettingzoo_api_test(rules):
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        api_test(RiichiAECEnv(rules=rules), num_cycles=2000)
    assert_only_dict_warnings(record)


@pytest.mark.parametrize("rules", TABLES)
def test_pettingzoo_parallel_api_test(rules):
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        parallel_api_test(RiichiParallelEnv(rules=rules), num_cycles=2000)
    assert_only_dict_warnings(record)


@pytest.mark.parametrize("rules", TABLES)
def test_pettingzoo_seed_test(rules):
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        seed_test(lambda: RiichiAECEnv(rules=rules), num_cycles=300)
    assert_only_dict_warnings(record)


def test_the_parallel_env_is_seeded():
    """(`pettingzoo.test.parallel_seed_test` samples ids without their masks, which
    the environment refuses; this is the same check with masked samples.)"""

    def run(seed: int | None) -> list[Any]:
        env = RiichiParallelEnv()
        env.reset(seed=31)
        out: list[Any] = [env.reset(seed=seed)]
        obs = out[0][0]
        for i, agent in enumerate(env.possible_agents):
            env.action_space(agent).seed(i)
        while env.agents:
            actions = {
                a: env.action_space(a).sample(mask=obs[a]["action_mask"]) for a in env.agents
            }
            out.append(env.step(actions))
            obs = out[-1][0]
        return out

    a = run(3)
    assert data_equivalence(a, run(3), exact=True)
    assert data_equivalence(run(None), run(None), exact=True)
    assert not data_equivalence(a[0], run(4)[0])


def aec_rollout(env: RiichiAECEnv, seed: int, check=None) -> dict[str, float]:
    """A game of random legal ids; returns each agent's summed rewards."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(100_000):
        obs, reward, terminated, truncated, _info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        if check:
            check(env, agent, obs)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert not env.agents and env.game.is_over
    return totals


@pytest.mark.parametrize("rules", TABLES)
def test_an_aec_game_to_its_end(rules):
    env = RiichiAECEnv(rules=rules)
    assert env.possible_agents == [f"player_{s}" for s in range(players_of(rules))]
    for agent in env.possible_agents:
        assert env.observation_space(agent) is env.observation_space(agent)
        assert env.action_space(agent) == gymnasium.spaces.Discrete(ACTION_COUNT)

    def check(env, agent, obs):
        seat = env.possible_agents.index(agent)
        game = env.game
        assert seat in game.current_decision
        mask = obs["action_mask"]
        assert mask.dtype == np.int8 and np.array_equal(mask, game.legal_mask(seat))
        assert mask.sum() > 1  # forced decisions are taken without asking
        for other in env.agents:  # only the selected agent has a mask
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        for a in np.flatnonzero(mask):  # every masked id applies
            copy.copy(game).apply_index(seat, int(a))

    totals = aec_rollout(env, 5, check)
    points = env.game.result["points"]
    start = start_points(rules)
    assert totals == {a: points[s] - start for s, a in enumerate(env.possible_agents)}


def test_the_aec_env_asks_the_seats_vecenv_asks():
    """Claims one seat at a time in priority order, forced decisions skipped: the
    same decisions, masks and planes as `VecEnv` without opponents."""
    vec = VecEnv(1, seed=7, opponents=None, threads=1)
    ref = vec.reset()
    env = RiichiAECEnv()
    env.reset(seed=game_seed(7, 0))
    rng = np.random.default_rng(1)
    claims = 0
    totals, aec_totals = np.zeros(4), np.zeros(4)
    for agent in env.agent_iter():
        obs, reward, terminated, _, _ = env.last()
        seat = env.possible_agents.index(agent)
        aec_totals[seat] += reward
        if terminated:
            env.step(None)
            continue
        assert seat == ref["seat"][0]
        assert np.array_equal(obs["action_mask"].astype(bool), ref["mask"][0])
        assert np.array_equal(obs["observation"], ref["planes"][0])
        claims += len(env.game.current_decision) > 1
        action = int(rng.choice(np.flatnonzero(ref["mask"][0])))
        env.step(action)
        ref, rewards, done, _, _ = vec.step([action])
        totals += rewards[0]
    assert done[0] and claims > 0
    assert np.array_equal(totals, aec_totals)  # the same points, by hand rather than by step


@pytest.mark.parametrize("rules", TABLES)
def test_an_unmasked_id_is_refused_and_nothing_moves(rules):
    aec = RiichiAECEnv(rules=rules)
    aec.reset(seed=1)
    par = RiichiParallelEnv(rules=rules)
    obs, _ = par.reset(seed=1)
    for _ in range(30):
        agent = aec.agent_selection
        mask = aec.observe(agent)["action_mask"]
        before = copy.copy(aec.game)
        for bad in (int(np.flatnonzero(mask == 0)[0]), -1, ACTION_COUNT):
            with pytest.raises(IllegalActionError, match=f"{agent}: action id {bad}"):
                aec.step(bad)
        with pytest.raises(TypeError):
            aec.step(None)
        assert aec.game == before and aec.agent_selection == agent
        aec.step(int(np.flatnonzero(mask)[-1]))

        actions = {a: int(np.flatnonzero(o["action_mask"])[-1]) for a, o in obs.items()}
        before = copy.copy(par.game)
        for agent, o in obs.items():
            wrong = dict(actions)
            wrong[agent] = int(np.flatnonzero(o["action_mask"] == 0)[0])
            with pytest.raises(IllegalActionError, match=agent):
                par.step(wrong)
        assert par.game == before
        obs = par.step(actions)[0]


@pytest.mark.parametrize("rules", TABLES)
def test_a_parallel_game_to_its_end(rules):
    env = RiichiParallelEnv(rules=rules)
    obs, infos = env.reset(seed=9)
    rng = np.random.default_rng(9)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    together = 0
    while env.agents:
        game = env.game
        deciding = {a for a in env.agents if infos[a]["deciding"]}
        seats = {env.possible_agents.index(a) for a in deciding}
        assert seats == set(game.current_decision)
        together += len(deciding) > 1
        actions: dict[str, int | None] = {}
        for agent in env.agents:
            mask = obs[agent]["action_mask"]
            seat = env.possible_agents.index(agent)
            if agent in deciding:
                assert np.array_equal(mask, game.legal_mask(seat))
                actions[agent] = int(rng.choice(np.flatnonzero(mask)))
            else:  # the no-op: NO_OP, None, or nothing
                assert np.flatnonzero(mask).tolist() == [NO_OP]
                choice = rng.integers(3)
                if choice < 2:
                    actions[agent] = [NO_OP, None][choice]
        obs, rewards, terminations, truncations, infos = env.step(actions)
        assert set(rewards) == set(terminations) == set(truncations) == set(obs)
        for agent, r in rewards.items():
            totals[agent] += r
        assert not any(truncations.values())
    assert all(terminations.values())
    assert together > 0 or rules  # with three players (no chi) claims rarely meet
    points = env.game.result["points"]
    start = start_points(rules)
    assert totals == {a: points[s] - start for s, a in enumerate(env.possible_agents)}
    assert infos["player_0"]["points"] == points[0]
    with pytest.raises(RuntimeError, match="reset"):
        env.step({})


def test_the_parallel_env_refuses_a_missing_action_or_a_stray_one():
    env = RiichiParallelEnv()
    obs, infos = env.reset(seed=2)
    deciding = [a for a in env.agents if infos[a]["deciding"]]
    idle = [a for a in env.agents if not infos[a]["deciding"]]
    with pytest.raises(ValueError, match=f"{deciding[0]} must act"):
        env.step({})
    act = {deciding[0]: int(np.flatnonzero(obs[deciding[0]]["action_mask"])[0])}
    with pytest.raises(IllegalActionError, match="while not deciding"):
        env.step({**act, idle[0]: 0})
    with pytest.raises(KeyError, match="player_9"):
        env.step({**act, "player_9": NO_OP})
    env.step(act)


@pytest.mark.parametrize("rules", TABLES)
def test_the_reward_kinds(rules):
    players = players_of(rules)
    places = [4.0, 1.0, -1.0, -4.0][:players]
    for reward in ("final", places):
        env = RiichiAECEnv(rules=rules, reward=reward)
        totals = aec_rollout(env, 12)
        result = env.game.result
        for s, agent in enumerate(env.possible_agents):
            expected = result["scores"][s] if reward == "final" else places[result["ranks"][s] - 1]
            assert totals[agent] == pytest.approx(expected)
    with pytest.raises(ValueError, match="place"):
        RiichiAECEnv(rules=rules, reward=[1.0])
    with pytest.raises(ValueError, match="reward"):
        RiichiParallelEnv(reward="rank")  # type: ignore[arg-type]


def test_forced_decisions_can_be_asked():
    """Without `skip_forced`, a seat in riichi is asked for each forced tsumogiri
    (here the built-in shanten agent plays, and reaches riichi)."""
    env = RiichiAECEnv(skip_forced=False)
    env.reset(seed=3)
    agent = riichi.BuiltinAgent("shanten", seed=3)
    forced = 0
    for name in env.agent_iter(100_000):
        obs, _, terminated, _, _ = env.last()
        if terminated:
            env.step(None)
            continue
        seat = env.possible_agents.index(name)
        forced += obs["action_mask"].sum() == 1
        view = env.game.observation(seat)
        env.step(view.action_index(agent.act(view, env.game.legal_actions(seat))))
    assert forced > 0


def test_seeds_and_first_dealer():
    env = RiichiAECEnv(first_dealer=None)
    env.reset(seed=21)
    fresh = riichi.Game(seed=21, first_dealer=None)
    assert env.game.first_dealer == fresh.first_dealer
    with pytest.raises(ValueError, match="seed"):
        env.reset(seed=2**64)
    with pytest.raises(ValueError, match="render_mode"):
        RiichiAECEnv(render_mode="human")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rules"):
        RiichiParallelEnv(rules=3)  # type: ignore[arg-type]
