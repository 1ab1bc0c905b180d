"""Adapters for reinforcement-learning frameworks: Gymnasium environments of one
game and of many over `riichi.env.VecEnv` (registered as `ENV_ID`,
"riichi/Riichi-v0"), and PettingZoo AEC and Parallel environments over one
`riichi.Game`. Optional: `pip install "riichi[rl]"` installs Gymnasium and
PettingZoo.

Every adapter observes a seat the same way, as a dict:

- `"observation"`: uint8 (95, 34), the plane encoding (`riichi.env.PLANE_GROUPS`),
  values 0 or 1;
- `"scalars"`: float32 (34,), the scalars (`riichi.env.SCALARS`);
- `"action_mask"`: int8 (159,), 1 for each action id the seat may take
  (`riichi.env.ACTION_GROUPS`), the dtype Gymnasium's `Discrete.sample(mask=...)`
  takes.

An action is one action id (`Discrete(159)`); an id the mask does not allow is
refused with `IllegalActionError` and nothing moves.

>>> import numpy as np
>>> from riichi.rl import RiichiVectorEnv
>>> envs = RiichiVectorEnv(2, opponents="shanten")
>>> obs, info = envs.reset(seed=0)
>>> obs["observation"].shape, obs["action_mask"].shape
((2, 95, 34), (2, 159))
>>> actions = obs["action_mask"].argmax(axis=1)  # the first legal id of each game
>>> obs, rewards, terminated, truncated, info = envs.step(actions)
>>> rewards.shape
(2,)
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import Any, Literal, TypeAlias

import numpy as np
import numpy.typing as npt

from riichi._core import (
    ACTION_COUNT,
    PLANE_GROUPS,
    SCALARS,
    Game,
    IllegalActionError,
    Rules,
    VecEnv,
    game_seed,
)

_MISSING = (
    "riichi.rl needs {name}, which is not installed: install the optional "
    '"rl" extra with `pip install "riichi[rl]"` (Gymnasium and PettingZoo)'
)

try:
    import gymnasium
    from gymnasium import spaces
    from gymnasium.vector import VectorEnv
    from gymnasium.vector.utils import batch_space
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError(_MISSING.format(name="gymnasium")) from error
try:
    from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped, unused-ignore]
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError(_MISSING.format(name="pettingzoo")) from error

try:
    from gymnasium.vector import AutoresetMode
except ImportError:  # pragma: no cover - Gymnasium 1.0 names the modes in its docs only

    class AutoresetMode(Enum):  # type: ignore[no-redef]
        """The autoreset modes of Gymnasium 1.1 and later, with the same values."""

        NEXT_STEP = "NextStep"
        SAME_STEP = "SameStep"
        DISABLED = "Disabled"


__all__ = [
    "ENV_ID",
    "NO_OP",
    "RiichiAECEnv",
    "RiichiEnv",
    "RiichiParallelEnv",
    "RiichiVectorEnv",
]

NO_OP: int = 157
"""The id of `pass`: in `RiichiParallelEnv` the action of a seat that is not
deciding, and in a `RiichiVectorEnv` terminal observation the one id the mask
allows (the step that follows ignores it)."""

ENV_ID: str = "riichi/Riichi-v0"
"""The Gymnasium id `riichi.rl` registers: `gymnasium.make(ENV_ID)` makes a
`RiichiEnv`, `gymnasium.make_vec(ENV_ID, num_envs=n)` a `RiichiVectorEnv`, each
taking the same keyword arguments as the class. Without importing `riichi.rl`
first, name the module in the id: `gymnasium.make("riichi.rl:riichi/Riichi-v0")`."""

_PLANES = max(first + count for _, first, count, _ in PLANE_GROUPS)
_SCALARS = len(SCALARS)

ObsDict: TypeAlias = dict[str, npt.NDArray[Any]]
"""An observation: `{"observation": planes, "scalars": ..., "action_mask": ...}`."""
RulesLike: TypeAlias = Rules | str | None
"""A `Rules`, a preset's name (`"tenhou_sanma"`) or `None` (the default rules)."""
Opponents: TypeAlias = Literal["random", "tsumogiri", "shanten"] | None
"""The built-in agent playing the other seats, or `None` to play every seat."""
RewardSpec: TypeAlias = Literal["points", "final"] | Sequence[float]
"""`"points"`, `"final"`, or the value of each place (first to last)."""


def _rules(rules: RulesLike) -> Rules:
    """`rules` as a `Rules`: `None` the default rules, a string a preset's name."""
    if rules is None:
        return Rules()
    if isinstance(rules, str):
        return Rules.preset(rules)
    if isinstance(rules, Rules):
        return rules
    raise TypeError(f"rules is a Rules, a preset name or None, got {type(rules).__name__}")


def _players(rules: Rules) -> int:
    """The players at the table under `rules`: 4, or 3."""
    players = rules.players
    assert isinstance(players, int)
    return players


def _observation_space() -> spaces.Dict:
    """The observation space of one seat (see the module's docstring)."""
    return spaces.Dict(
        {
            "observation": spaces.Box(0, 1, (_PLANES, 34), np.uint8),
            "scalars": spaces.Box(-np.inf, np.inf, (_SCALARS,), np.float32),
            "action_mask": spaces.MultiBinary(ACTION_COUNT),
        }
    )


def _no_op_mask() -> npt.NDArray[np.int8]:
    """A mask allowing `NO_OP` alone."""
    mask = np.zeros(ACTION_COUNT, np.int8)
    mask[NO_OP] = 1
    return mask


def _seed(seed: int | None) -> None:
    """Refuse a seed the engine cannot take (0 to 2^64 - 1)."""
    if seed is not None and not 0 <= int(seed) < 2**64:
        raise ValueError(f"a seed is an integer from 0 to 2^64-1, got {seed}")


def _reward_repr(reward: RewardSpec) -> str:
    return repr(reward) if isinstance(reward, str) else repr(tuple(reward))


def _autoreset_mode(mode: AutoresetMode | str) -> AutoresetMode:
    """`mode` as an `AutoresetMode`: the enum itself, its value ("NextStep") or its
    name in any case ("next_step")."""
    if isinstance(mode, AutoresetMode):
        return mode
    if isinstance(mode, str):
        for m in AutoresetMode:
            if mode in (m.value, m.name) or mode.upper() == m.name:
                return m
    raise ValueError(f"autoreset_mode is an AutoresetMode, got {mode!r}")


# Gymnasium ------------------------------------------------------------------------


def _no_render(env: object, render_mode: object) -> None:
    """Refuse a render mode: these environments draw nothing."""
    if render_mode is not None:
        raise ValueError(
            f"{type(env).__name__} renders nothing: render_mode must be None, got {render_mode!r}"
        )


def _observations(
    planes: npt.NDArray[np.uint8], scalars: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]
) -> ObsDict:
    """Observations as the adapters give them (one seat's or batched)."""
    return {"observation": planes, "scalars": scalars, "action_mask": mask.astype(np.int8)}


def _terminal() -> ObsDict:
    """A terminal observation: nothing to decide (only `NO_OP` allowed)."""
    return {
        "observation": np.zeros((_PLANES, 34), np.uint8),
        "scalars": np.zeros(_SCALARS, np.float32),
        "action_mask": _no_op_mask(),
    }


class _Engines:
    """What the Gymnasium environments share: the settings of the `VecEnv` games
    they run (checked when the environment is made), the players at the table,
    and the checks and seed of a reset."""

    _rules: Rules
    _settings: dict[str, Any]

    def _configure(
        self,
        rules: RulesLike,
        opponents: Opponents,
        reward: RewardSpec,
        max_decisions: int,
        render_mode: None,
    ) -> None:
        """Refuse a render mode and settings `VecEnv` would refuse, and keep the rest."""
        _no_render(self, render_mode)
        self._rules = _rules(rules)
        self._settings = {
            "rules": self._rules,
            "opponents": opponents,
            "reward": reward,
            "max_decisions": max_decisions,
        }
        VecEnv(1, seed=0, threads=1, **self._settings)  # refuses bad settings now

    @property
    def players(self) -> int:
        """Players at the table: 4, or 3 under three-player rules."""
        return _players(self._rules)

    def _check_reset(self, seed: int | None, options: dict[str, Any] | None) -> None:
        """Refuse reset options (none are supported) and a seed out of range."""
        if options:
            raise ValueError(f"{type(self).__name__}.reset takes no options, got {sorted(options)}")
        _seed(seed)

    @staticmethod
    def _games_seed(seed: int | None, rng: np.random.Generator) -> int:
        """The seed of the games a reset plays: `seed`, or one drawn from `rng`."""
        return int(seed) if seed is not None else int(rng.integers(2**63))


class RiichiVectorEnv(_Engines, VectorEnv):
    """`num_envs` games for Gymnasium, stepped together: a `gymnasium.vector.VectorEnv`
    over `riichi.env.VecEnv`.

    Each game waits at a decision of one seat; `step(actions)` takes one action id
    per game (`action_space` is `MultiDiscrete([159] * num_envs)`), plays on (the
    built-in `opponents`, and every decision with a single legal action) to each
    game's next decision, and returns `(observations, rewards, terminations,
    truncations, infos)`.

    - **Observations**: a dict of batched arrays, `"observation"` uint8 (N, 95, 34),
      `"scalars"` float32 (N, 34), `"action_mask"` int8 (N, 159).
    - **Rewards**: float32 (N,), the reward (`reward`: `"points"`, `"final"` or the
      value of each place, as `VecEnv` takes it) of the seat that took the step's
      action; with `opponents` that is the learner's seat all game long.
      `infos["seat_rewards"]` float32 (N, 4) has every seat's.
    - **Infos**: `"seat"` int8 (N,), the seat deciding at the returned observation
      (-1 at a terminal one); after a step also `"seat_rewards"`, `"scores"` int64
      (N, 4) (points by seat; for a game that just ended, its final points) and
      `"hand_done"` bool (N,).
    - **Ends**: `terminated` when a game is over, `truncated` after
      `max_decisions` decisions. What follows depends on `autoreset_mode`
      (`metadata["autoreset_modes"]` lists those supported):
      `AutoresetMode.NEXT_STEP` (the default) returns a terminal observation
      (planes and scalars 0, only `NO_OP` in the mask); the next step ignores that
      game's action and returns the first observation of its next game, reward 0,
      flags false. `AutoresetMode.SAME_STEP` returns the next game's first
      observation at once, the terminal one in `infos["final_obs"]` (an object
      array, `None` for the other games) and the ended game's `"scores"` in
      `infos["final_info"]`, each with its `"_"`-prefixed mask.
      `AutoresetMode.DISABLED` is not supported.
    - **Seeds**: `reset(seed=s)` with `SAME_STEP` plays the games of
      `VecEnv(num_envs, seed=s)`, one call per step spread over `threads`; with
      `NEXT_STEP` game `i` has its own `VecEnv(1, seed=game_seed(s, i))` (a game
      must be able to stand still for the step of its reset), stepped in turn.
      `reset()` without a seed draws one from `np_random`.

    Made as `RiichiVectorEnv(num_envs=8, *, rules=None, opponents="shanten",
    reward="points", autoreset_mode=AutoresetMode.NEXT_STEP, max_decisions=5000,
    threads=None, render_mode=None)`. `rules` is a `Rules`, a preset's name
    (`"tenhou_sanma"`) or `None` (the default rules); under three-player rules the
    fourth seat is empty (its reward and score columns stay 0). `opponents` is
    `"random"`, `"tsumogiri"`, `"shanten"` or `None` (every seat played through
    `step`); `autoreset_mode` may also be given by value or name (`"SameStep"`,
    `"same_step"`); `threads` are those of the `SAME_STEP` `VecEnv`. Only
    `render_mode=None` is supported.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - Gymnasium's own attribute
        "render_modes": [],
        "autoreset_mode": AutoresetMode.NEXT_STEP,
        "autoreset_modes": (AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP),
    }

    def __init__(
        self,
        num_envs: int = 8,
        *,
        rules: RulesLike = None,
        opponents: Opponents = "shanten",
        reward: RewardSpec = "points",
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        max_decisions: int = 5000,
        threads: int | None = None,
        render_mode: None = None,
    ) -> None:
        self._configure(rules, opponents, reward, max_decisions, render_mode)
        mode = _autoreset_mode(autoreset_mode)
        if mode not in self.metadata["autoreset_modes"]:
            raise ValueError(
                f"RiichiVectorEnv supports autoreset_mode NEXT_STEP and SAME_STEP, got {mode.name}"
            )
        if (
            isinstance(num_envs, bool)
            or not isinstance(num_envs, int)
            or not 1 <= num_envs <= 65_536
        ):
            raise ValueError(f"num_envs is an integer from 1 to 65536, got {num_envs!r}")
        if threads is not None and (
            isinstance(threads, bool) or not isinstance(threads, int) or threads < 1
        ):
            raise ValueError(f"threads is a positive integer or None, got {threads!r}")
        self._threads = threads
        self.num_envs = num_envs
        self.autoreset_mode = mode
        self.metadata = {**type(self).metadata, "autoreset_mode": mode}
        self.render_mode = None
        self.single_observation_space = _observation_space()
        self.single_action_space = spaces.Discrete(ACTION_COUNT)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._batch: VecEnv | None = None
        self._engines: list[VecEnv] = []
        self._mask = np.zeros((num_envs, ACTION_COUNT), np.bool_)
        self._seat = np.zeros(num_envs, np.int8)
        self._autoreset = np.zeros(num_envs, np.bool_)
        self._pending: list[tuple[dict[str, npt.NDArray[Any]], npt.NDArray[np.int64]] | None] = []

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsDict, dict[str, Any]]:
        """Start new games and return their first observations and `{"seat": ...}`.

        `seed` (0 to 2^64 - 1) seeds the games and `np_random`; without one the
        games' seed is drawn from `np_random`, so that each reset plays new games.
        `options` must be empty (the per-game resets of `AutoresetMode.DISABLED`
        are not supported)."""
        self._check_reset(seed, options)
        super().reset(seed=seed)
        base = self._games_seed(seed, self.np_random)
        n = self.num_envs
        if self.autoreset_mode is AutoresetMode.SAME_STEP:
            self._batch = VecEnv(n, seed=base, threads=self._threads, **self._settings)
            self._engines = []
            first = self._batch.reset()
            planes, scalars, mask, seat = (
                first["planes"],
                first["scalars"],
                first["mask"],
                first["seat"],
            )
        else:
            self._batch = None
            self._engines = [
                VecEnv(1, seed=game_seed(base, i), threads=1, **self._settings) for i in range(n)
            ]
            firsts = [e.reset() for e in self._engines]
            planes = np.concatenate([o["planes"] for o in firsts])
            scalars = np.concatenate([o["scalars"] for o in firsts])
            mask = np.concatenate([o["mask"] for o in firsts])
            seat = np.concatenate([o["seat"] for o in firsts])
        self._pending = [None] * n
        self._autoreset = np.zeros(n, np.bool_)
        self._remember(mask, seat)
        return _observations(planes, scalars, mask), {"seat": seat.copy()}

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        ObsDict,
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """Take one action id per game and play on to each game's next decision.

        Returns `(observations, rewards, terminations, truncations, infos)` (see
        the class). Every id is checked before any game moves: an id the game's
        mask does not allow raises `IllegalActionError` naming the game and the
        id, and nothing changes. Under `NEXT_STEP` the id of a game being reset is
        ignored."""
        if self._batch is None and not self._engines:
            raise RuntimeError("call reset() before step()")
        ids = self._ids(actions)
        if self._batch is not None:
            return self._step_same(ids)
        return self._step_next(ids)

    def _ids(self, actions: npt.ArrayLike) -> npt.NDArray[np.int64]:
        """The actions as int64 (num_envs,), or a `TypeError`/`ValueError` saying why not."""
        ids = np.asarray(actions)
        if ids.shape != (self.num_envs,):
            raise ValueError(
                f"step takes one action id per game: {self.num_envs} games, got shape {ids.shape}"
            )
        if ids.dtype == np.bool_ or not np.issubdtype(ids.dtype, np.integer):
            raise TypeError(f"action ids are integers, got dtype {ids.dtype}")
        return ids.astype(np.int64)

    def _step_same(
        self, ids: npt.NDArray[np.int64]
    ) -> tuple[ObsDict, Any, Any, Any, dict[str, Any]]:
        """A step under SAME_STEP: one call of the batched `VecEnv`."""
        assert self._batch is not None
        obs, seat_rewards, terminated, truncated, info = self._batch.step(ids)
        rewards = seat_rewards[np.arange(self.num_envs), self._seat].astype(np.float32)
        infos: dict[str, Any] = {
            "seat": obs["seat"].copy(),
            "seat_rewards": seat_rewards,
            "scores": info["scores"],
            "hand_done": info["hand_done"],
        }
        ended = terminated | truncated
        if ended.any():
            final_obs = np.full(self.num_envs, None, dtype=object)
            for i in np.flatnonzero(ended):
                final_obs[i] = _terminal()
            final_scores = np.where(ended[:, None], info["scores"], 0)
            infos["final_obs"], infos["_final_obs"] = final_obs, ended.copy()
            infos["final_info"] = {"scores": final_scores, "_scores": ended.copy()}
            infos["_final_info"] = ended.copy()
        self._remember(obs["mask"], obs["seat"])
        observations = _observations(obs["planes"], obs["scalars"], obs["mask"])
        return observations, rewards, terminated, truncated, infos

    def _step_next(
        self, ids: npt.NDArray[np.int64]
    ) -> tuple[ObsDict, Any, Any, Any, dict[str, Any]]:
        """A step under NEXT_STEP: each game's own `VecEnv`, a game just ended
        showing its successor's first decision instead."""
        n = self.num_envs
        self._check(ids, ~self._autoreset)
        planes = np.zeros((n, _PLANES, 34), np.uint8)
        scalars = np.zeros((n, _SCALARS), np.float32)
        mask = np.zeros((n, ACTION_COUNT), np.bool_)
        seat = np.full(n, -1, np.int8)
        rewards = np.zeros(n, np.float32)
        seat_rewards = np.zeros((n, 4), np.float32)
        scores = np.zeros((n, 4), np.int64)
        hand_done = np.zeros(n, np.bool_)
        terminated = np.zeros(n, np.bool_)
        truncated = np.zeros(n, np.bool_)
        for i, engine in enumerate(self._engines):
            pending = self._pending[i]
            if pending is not None:  # the reset step: the next game's first decision
                obs, scores[i] = pending
                self._pending[i] = None
            else:
                obs, r, te, tr, info = engine.step(ids[i : i + 1])
                rewards[i] = r[0, self._seat[i]]
                seat_rewards[i], scores[i], hand_done[i] = (
                    r[0],
                    info["scores"][0],
                    info["hand_done"][0],
                )
                terminated[i], truncated[i] = te[0], tr[0]
                if te[0] or tr[0]:
                    self._pending[i] = (obs, np.asarray(engine.game(0).scores, np.int64))
                    mask[i, NO_OP] = True
                    continue
            planes[i], scalars[i], mask[i], seat[i] = (
                obs["planes"][0],
                obs["scalars"][0],
                obs["mask"][0],
                obs["seat"][0],
            )
        self._autoreset = terminated | truncated
        self._remember(mask, seat)
        infos: dict[str, Any] = {
            "seat": seat.copy(),
            "seat_rewards": seat_rewards,
            "scores": scores,
            "hand_done": hand_done,
        }
        return _observations(planes, scalars, mask), rewards, terminated, truncated, infos

    def _check(self, ids: npt.NDArray[np.int64], live: npt.NDArray[np.bool_]) -> None:
        """Raise `IllegalActionError` for the first live game whose id its mask
        does not allow."""
        in_range = (ids >= 0) & (ids < ACTION_COUNT)
        allowed = np.zeros(self.num_envs, np.bool_)
        rows = np.flatnonzero(in_range)
        allowed[rows] = self._mask[rows, ids[rows]]
        bad = np.flatnonzero(live & ~allowed)
        if bad.size:
            i = int(bad[0])
            legal = np.flatnonzero(self._mask[i]).tolist()
            raise IllegalActionError(
                f"game {i}: action id {int(ids[i])} is not legal here (legal ids: {legal})"
            )

    def _remember(self, mask: npt.NDArray[np.bool_], seat: npt.NDArray[np.int8]) -> None:
        """Keep the masks and seats the next step is checked and rewarded by."""
        self._mask = np.array(mask, np.bool_)
        self._seat = np.array(seat, np.int8)

    def game(self, i: int) -> Game:
        """A copy of the `riichi.Game` running for game `i` (at the decision its last
        observation shows; after a terminal observation, already the next game)."""
        if not 0 <= i < self.num_envs:
            raise IndexError(f"game {i}: there are {self.num_envs} games")
        if self._batch is not None:
            return self._batch.game(i)
        if not self._engines:
            raise RuntimeError("call reset() first")
        return self._engines[i].game(0)

    def render(self) -> None:
        """Nothing: only `render_mode=None` is supported."""
        return None

    def close_extras(self, **kwargs: Any) -> None:
        """Let the games go."""
        self._batch = None
        self._engines = []

    def __repr__(self) -> str:
        opponents = self._settings["opponents"]
        return (
            f"RiichiVectorEnv(num_envs={self.num_envs}, players={self.players}, "
            f"opponents={opponents!r}, reward={_reward_repr(self._settings['reward'])}, "
            f"autoreset_mode={self.autoreset_mode.name})"
        )


class RiichiEnv(_Engines, gymnasium.Env[ObsDict, int]):
    """One game for Gymnasium: a single-agent `gymnasium.Env` over `riichi.env.VecEnv`.

    The game waits at a decision of one seat; `step(action)` takes one action id
    (`action_space` is `Discrete(159)`), plays on (the built-in `opponents`, and
    every decision with a single legal action) to the next decision and returns
    `(observation, reward, terminated, truncated, info)`. The observation is the
    dict of the module's docstring; the reward (`reward`: `"points"`, `"final"` or
    the value of each place) is that of the seat that took the action, with
    `opponents` the learner's seat all game long. `info` holds `"seat"`, the seat
    deciding at the returned observation (-1 once the game is over), and after a
    step `"seat_rewards"` float32 (4,), `"scores"` int64 (4,) (points by seat; at
    the end, the final points) and `"hand_done"`.

    The episode is one game: `terminated` when it is over, `truncated` after
    `max_decisions` decisions. The observation returned then is terminal (planes
    and scalars 0, only `NO_OP` in the mask); call `reset()` for the next game.
    An id the mask does not allow raises `IllegalActionError` and nothing moves.
    `reset(seed=s)` plays the game of `VecEnv(1, seed=s)`, the one a
    `RiichiVectorEnv` under `SAME_STEP` plays first; without a seed, one drawn from
    `np_random`.

    Made as `RiichiEnv(*, rules=None, opponents="shanten", reward="points",
    max_decisions=5000, render_mode=None)` or `gymnasium.make(ENV_ID, ...)` with the
    same keywords; the arguments are those of `RiichiVectorEnv`.
    """

    metadata: dict[str, Any] = {"render_modes": []}  # noqa: RUF012 - Gymnasium's own attribute

    def __init__(
        self,
        *,
        rules: RulesLike = None,
        opponents: Opponents = "shanten",
        reward: RewardSpec = "points",
        max_decisions: int = 5000,
        render_mode: None = None,
    ) -> None:
        self._configure(rules, opponents, reward, max_decisions, render_mode)
        self.render_mode = None
        self.observation_space = _observation_space()
        self.action_space = spaces.Discrete(ACTION_COUNT)
        self._engine: VecEnv | None = None
        self._mask = np.zeros(ACTION_COUNT, np.bool_)
        self._seat = -1

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsDict, dict[str, Any]]:
        """Start a new game and return its first observation and `{"seat": ...}`.

        `seed` (0 to 2^64 - 1) seeds the game and `np_random`; without one the
        game's seed is drawn from `np_random`, so that each reset plays a new game.
        `options` must be empty."""
        self._check_reset(seed, options)
        super().reset(seed=seed)
        self._engine = VecEnv(
            1, seed=self._games_seed(seed, self.np_random), threads=1, **self._settings
        )
        first = self._engine.reset()
        self._mask = np.array(first["mask"][0], np.bool_)
        self._seat = int(first["seat"][0])
        return _one(first), {"seat": self._seat}

    def step(self, action: Any) -> tuple[ObsDict, float, bool, bool, dict[str, Any]]:
        """Take one action id and play on to the next decision (see the class).

        An id the mask does not allow raises `IllegalActionError` naming it and
        the legal ids, and nothing moves; a step after the game's end raises
        `RuntimeError`."""
        if self._engine is None:
            raise RuntimeError("call reset() before step()")
        if self._seat < 0:
            raise RuntimeError("the game is over: call reset() for the next one")
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            raise TypeError(f"an action is one integer id, got {type(action).__name__}")
        action_id = int(action)
        if not (0 <= action_id < ACTION_COUNT and self._mask[action_id]):
            legal = np.flatnonzero(self._mask).tolist()
            raise IllegalActionError(
                f"action id {action_id} is not legal here (legal ids: {legal})"
            )
        obs, seat_rewards, terminated, truncated, info = self._engine.step(
            np.array([action_id], np.int64)
        )
        reward = float(seat_rewards[0, self._seat])
        done, cut = bool(terminated[0]), bool(truncated[0])
        infos: dict[str, Any] = {
            "seat_rewards": seat_rewards[0].astype(np.float32),
            "scores": np.array(info["scores"][0], np.int64),
            "hand_done": bool(info["hand_done"][0]),
        }
        if done or cut:
            self._seat = -1
            self._mask = np.zeros(ACTION_COUNT, np.bool_)
            observation = _terminal()
        else:
            self._mask = np.array(obs["mask"][0], np.bool_)
            self._seat = int(obs["seat"][0])
            observation = _one(obs)
        infos["seat"] = self._seat
        return observation, reward, done, cut, infos

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal ids of the current decision, bool (159,) (all false once the
        game is over): what maskable-policy libraries ask an environment for."""
        return self._mask.copy()

    @property
    def game(self) -> Game:
        """A copy of the `riichi.Game` being played, at the decision the last
        observation shows."""
        if self._engine is None:
            raise RuntimeError("call reset() first")
        return self._engine.game(0)

    def render(self) -> None:
        """Nothing: only `render_mode=None` is supported."""
        return None

    def close(self) -> None:
        """Let the game go."""
        self._engine = None

    def __repr__(self) -> str:
        opponents = self._settings["opponents"]
        return (
            f"RiichiEnv(players={self.players}, opponents={opponents!r}, "
            f"reward={_reward_repr(self._settings['reward'])})"
        )


def _one(batch: dict[str, npt.NDArray[Any]]) -> ObsDict:
    """The observation of the first (only) game of a `VecEnv` batch."""
    return _observations(batch["planes"][0], batch["scalars"][0], batch["mask"][0])


if ENV_ID not in gymnasium.registry:
    gymnasium.register(
        id=ENV_ID,
        entry_point="riichi.rl:RiichiEnv",
        vector_entry_point="riichi.rl:RiichiVectorEnv",
    )


# PettingZoo -----------------------------------------------------------------------


class _Table:
    """One `riichi.Game` for the PettingZoo environments: who decides, in which
    order, the forced decisions played, and the rewards of the hands that end."""

    def __init__(
        self, rules: Rules, reward: RewardSpec, skip_forced: bool, first_dealer: int | None
    ) -> None:
        self.rules = rules
        self.players = _players(rules)
        if isinstance(reward, str):
            if reward not in ("points", "final"):
                raise ValueError(
                    f'reward is "points", "final" or one value per place, got {reward!r}'
                )
        elif len(reward) < self.players:
            raise ValueError(
                f"reward needs a value for each of {self.players} places, got {list(reward)}"
            )
        self.reward: RewardSpec = (
            reward if isinstance(reward, str) else tuple(float(x) for x in reward)
        )
        self.skip_forced = skip_forced
        self.first_dealer = first_dealer
        self.rng: np.random.Generator | None = None
        self.game = Game(rules, seed=0, first_dealer=first_dealer)
        self.hand_scores = self.scores()
        self.hand_key = self.key()

    def start(self, seed: int | None) -> None:
        """A new game: seeded `seed`, or from a seed drawn from the seeded stream."""
        _seed(seed)
        if seed is not None:
            self.rng = np.random.default_rng(seed)
            game_seed_ = int(seed)
        else:
            if self.rng is None:
                self.rng = np.random.default_rng()
            game_seed_ = int(self.rng.integers(2**63))
        self.game = Game(self.rules, seed=game_seed_, first_dealer=self.first_dealer)
        self.hand_scores = self.scores()
        self.hand_key = self.key()
        self.play_forced()

    def scores(self) -> npt.NDArray[np.int64]:
        return np.asarray(self.game.scores[: self.players], np.int64)

    def key(self) -> tuple[str, int, int] | None:
        """What tells one hand from the next (round wind, hand number, honba)."""
        if self.game.is_over:
            return None
        o = self.game.observation(0)
        return (o.round_wind, o.kyoku, o.honba)

    def deciding(self) -> list[int]:
        """The seats deciding now, in the order `VecEnv` asks them
        (`Game.asking_order`)."""
        return list(self.game.asking_order)

    def play_forced(self) -> None:
        """With `skip_forced`, take every decision that has a single legal action."""
        while self.skip_forced and not self.game.is_over:
            forced = [s for s in self.deciding() if self.game.legal_mask(s).sum() == 1]
            if not forced:
                return
            for seat in forced:
                if seat in self.game.current_decision:
                    self.game.apply_index(seat, int(np.flatnonzero(self.game.legal_mask(seat))[0]))

    def rewards(self) -> npt.NDArray[np.float64]:
        """Each seat's reward since the last call: with `"points"` the points won
        or lost over each hand that ended; with `"final"` or place values, at the
        end of the game."""
        out = np.zeros(self.players)
        over = self.game.is_over
        if self.reward == "points":
            key = self.key()
            if over or key != self.hand_key:
                now = self.scores()
                out += now - self.hand_scores
                self.hand_scores, self.hand_key = now, key
        elif over:
            result = self.game.result
            assert result is not None
            if self.reward == "final":
                out += np.asarray(result["scores"][: self.players], float)
            else:
                values = self.reward
                assert not isinstance(values, str)
                out += [values[int(r) - 1] for r in result["ranks"][: self.players]]
        return out

    def results(self, seat: int) -> dict[str, Any]:
        """A seat's end of game: its final points, place and score with uma and oka."""
        result = self.game.result
        if result is None:
            return {}
        return {
            "points": int(result["points"][seat]),
            "rank": int(result["ranks"][seat]),
            "score": float(result["scores"][seat]),
        }

    def view(self, seat: int, mask: npt.NDArray[np.int8]) -> ObsDict:
        planes, scalars = self.game.observation(seat).encode()
        return {"observation": planes, "scalars": scalars, "action_mask": mask}

    def legal(self, seat: int) -> npt.NDArray[np.int8]:
        return self.game.legal_mask(seat).astype(np.int8)


def _action_id(agent: str, action: Any) -> int:
    """An agent's action as an int id, or a `TypeError`."""
    if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer):
        raise TypeError(f"{agent}: an action is an action id (int), got {action!r}")
    return int(action)


def _check_legal(agent: str, seat: int, game: Game, action_id: int) -> None:
    if not (0 <= action_id < ACTION_COUNT and game.legal_mask(seat)[action_id]):
        legal = np.flatnonzero(game.legal_mask(seat)).tolist()
        raise IllegalActionError(
            f"{agent}: action id {action_id} is not legal here (legal ids: {legal})"
        )


class _OneGame:
    """What the PettingZoo environments share: one `_Table`, the agents named by
    seat, their spaces, no rendering, the repr."""

    _table: _Table

    def _seat_players(
        self,
        rules: RulesLike,
        reward: RewardSpec,
        skip_forced: bool,
        first_dealer: int | None,
        render_mode: None,
    ) -> None:
        _no_render(self, render_mode)
        self.render_mode = None
        self._table = _Table(_rules(rules), reward, skip_forced, first_dealer)
        self.possible_agents = [f"player_{s}" for s in range(self._table.players)]
        self._seat_of = {a: s for s, a in enumerate(self.possible_agents)}
        self.observation_spaces = {a: _observation_space() for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(ACTION_COUNT) for a in self.possible_agents}
        self.agents: list[str] = []

    @property
    def game(self) -> Game:
        """The `riichi.Game` being played (to read, record or picture: act through
        `step`)."""
        return self._table.game

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of `agent` (the same object every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """`Discrete(159)`, the action ids (the same object every call)."""
        return self.action_spaces[agent]

    def render(self) -> None:
        """Nothing: only `render_mode=None` is supported."""
        return None

    def close(self) -> None:
        """Nothing to release."""

    def __repr__(self) -> str:
        t = self._table
        return (
            f"{type(self).__name__}(players={t.players}, reward={_reward_repr(t.reward)}, "
            f"skip_forced={t.skip_forced}, first_dealer={t.first_dealer})"
        )


class RiichiAECEnv(_OneGame, AECEnv):  # type: ignore[misc]
    """One game for PettingZoo, one seat acting at a time: a `pettingzoo.AECEnv`
    over `riichi.Game`.

    Agents are `"player_0"` to `"player_3"` (`"player_2"` the last under
    three-player rules), seat `i` being `"player_i"`; `first_dealer` deals the
    first hand (0, or `None` to draw it from the seed). `agent_selection` is the
    seat deciding; claims on a discard are asked one seat at a time in priority
    order (a seat that may ron first, then pon or kan, then chi), and none sees
    another's answer. With `skip_forced` (the default) a decision with a single
    legal action is taken without asking.

    `observation_space(agent)` is a `Dict` of `"observation"` (uint8 (95, 34)),
    `"scalars"` (float32 (34,)) and `"action_mask"` (int8 (159,): the legal ids
    for the selected agent, all 0 for the others); `action_space(agent)` is
    `Discrete(159)`. An id the mask does not allow raises `IllegalActionError`.

    Rewards (`reward`): `"points"` each seat's points won or lost over a hand,
    when the hand ends; `"final"` the final score with uma and oka (in thousands)
    when the game ends; a sequence, the value of each place (first to last) when
    the game ends. When the game ends every agent is terminated, with
    `{"points", "rank", "score"}` in its info; truncations never happen.
    `reset(seed=s)` plays `riichi.Game(rules, seed=s)`; `reset()` draws a seed from
    the last one given. `options` are not used.

    Made as `RiichiAECEnv(*, rules=None, reward="points", skip_forced=True,
    first_dealer=0, render_mode=None)`, `rules` a `Rules`, a preset's name or
    `None`. Only `render_mode=None` is supported.
    """

    metadata: dict[str, Any] = {"name": "riichi_v0", "render_modes": []}  # noqa: RUF012

    def __init__(
        self,
        *,
        rules: RulesLike = None,
        reward: RewardSpec = "points",
        skip_forced: bool = True,
        first_dealer: int | None = 0,
        render_mode: None = None,
    ) -> None:
        super().__init__()
        self._seat_players(rules, reward, skip_forced, first_dealer, render_mode)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game (seeded `seed`, or from a seed drawn from the last
        seed given) and select the first seat to decide."""
        self._table.start(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._select()

    def _select(self) -> None:
        deciding = self._table.deciding()
        self.agent_selection = self.possible_agents[deciding[0]] if deciding else self.agents[0]

    def observe(self, agent: str) -> ObsDict:
        """What `agent`'s seat knows now, with its mask (all 0 unless selected)."""
        seat = self._seat_of[agent]
        selected = agent == self.agent_selection and not self._table.game.is_over
        mask = self._table.legal(seat) if selected else np.zeros(ACTION_COUNT, np.int8)
        return self._table.view(seat, mask)

    def step(self, action: int | None) -> None:
        """Take the selected agent's action id (`None` once it is terminated) and
        select the next seat to decide."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        action_id = _action_id(agent, action)
        seat = self._seat_of[agent]
        game = self._table.game
        _check_legal(agent, seat, game, action_id)
        game.apply_index(seat, action_id)
        self._cumulative_rewards[agent] = 0.0
        self._table.play_forced()
        rewards = self._table.rewards()
        self.rewards = {a: float(rewards[self._seat_of[a]]) for a in self.agents}
        if game.is_over:
            for a in self.agents:
                self.terminations[a] = True
                self.infos[a] = self._table.results(self._seat_of[a])
        self._select()
        self._accumulate_rewards()


class RiichiParallelEnv(_OneGame, ParallelEnv):  # type: ignore[misc]
    """One game for PettingZoo, every seat acting at each step: a
    `pettingzoo.ParallelEnv` over `riichi.Game`.

    The agents, spaces, rewards, seeds and ends are those of `RiichiAECEnv`. At
    each step the seats deciding at once act together: on a seat's own turn that
    seat alone; on a claim every seat that may claim (none sees another's answer,
    and the engine settles them by priority: a ron over a pon or kan, those over
    a chi). A seat that is not deciding passes the no-op: its mask
    allows `NO_OP` (157, `pass`) alone, and its action may be `NO_OP`, `None`, or
    left out. `infos[agent]["deciding"]` says whether the agent decides at the
    returned observation. A deciding seat's id the mask does not allow, or a
    non-deciding seat's id other than `NO_OP`, raises `IllegalActionError` before
    anything moves; a deciding seat without an action, `ValueError`.

    Made as `RiichiParallelEnv(*, rules=None, reward="points", skip_forced=True,
    first_dealer=0, render_mode=None)`, as `RiichiAECEnv`.
    """

    metadata: dict[str, Any] = {"name": "riichi_v0", "render_modes": []}  # noqa: RUF012

    def __init__(
        self,
        *,
        rules: RulesLike = None,
        reward: RewardSpec = "points",
        skip_forced: bool = True,
        first_dealer: int | None = 0,
        render_mode: None = None,
    ) -> None:
        self._seat_players(rules, reward, skip_forced, first_dealer, render_mode)

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, ObsDict], dict[str, dict[str, Any]]]:
        """Start a new game (seeded `seed`, or from a seed drawn from the last seed
        given); returns every agent's observation and info."""
        self._table.start(seed)
        self.agents = self.possible_agents[:]
        deciding = set(self._table.deciding())
        return self._observations(deciding), self._infos(deciding)

    def step(
        self, actions: dict[str, int | None]
    ) -> tuple[
        dict[str, ObsDict],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Take the deciding seats' action ids (the others' no-ops) and play on to
        the next decision; returns observations, rewards, terminations,
        truncations and infos of every agent of the step."""
        if not self.agents:
            raise RuntimeError("the game is over: call reset()")
        game = self._table.game
        order = self._table.deciding()
        chosen: dict[int, int] = {}
        for agent, action in actions.items():
            if agent not in self._seat_of:
                raise KeyError(f"no agent {agent!r}: the agents are {self.possible_agents}")
            seat = self._seat_of[agent]
            if seat in order:
                if action is None:
                    continue
                action_id = _action_id(agent, action)
                _check_legal(agent, seat, game, action_id)
                chosen[seat] = action_id
            elif action is not None and _action_id(agent, action) != NO_OP:
                raise IllegalActionError(
                    f"{agent}: action id {action} while not deciding (the no-op is {NO_OP} or None)"
                )
        missing = [self.possible_agents[s] for s in order if s not in chosen]
        if missing:
            raise ValueError(f"{', '.join(missing)} must act now and gave no action")
        for seat in order:
            if seat in game.current_decision:
                game.apply_index(seat, chosen[seat])
        self._table.play_forced()
        rewards = self._table.rewards()
        over = game.is_over
        deciding = set(self._table.deciding())
        agents = self.agents
        observations = self._observations(deciding)
        infos = self._infos(deciding)
        if over:
            infos = {
                a: {"deciding": False, **self._table.results(self._seat_of[a])} for a in agents
            }
            self.agents = []
        return (
            observations,
            {a: float(rewards[self._seat_of[a]]) for a in agents},
            dict.fromkeys(agents, over),
            dict.fromkeys(agents, False),
            infos,
        )

    def _observations(self, deciding: set[int]) -> dict[str, ObsDict]:
        out = {}
        for agent in self.agents:
            seat = self._seat_of[agent]
            mask = self._table.legal(seat) if seat in deciding else _no_op_mask()
            out[agent] = self._table.view(seat, mask)
        return out

    def _infos(self, deciding: set[int]) -> dict[str, dict[str, Any]]:
        return {a: {"deciding": self._seat_of[a] in deciding} for a in self.agents}
