"""`riichi.env.VecEnv` as a training loop drives it: `step` with one random legal
id per game (chosen in numpy from the masks and random bytes), by number of games,
thread count, encoding, whether the arrays are fresh each step (`copy=True`) or kept
and overwritten (`copy=False`), and four-player or three-player rules. A round is a
fixed number of steps (at least 4,096 decisions); ``decisions_per_second`` in the
extra info counts the caller's decisions (the decisions a learner makes; here the
caller plays every seat). Compare with
riichienv's Python loop in ``benches/test_bench_game.py`` in the same run:

    .venv/bin/python -m pytest benches/test_bench_env.py benches/test_bench_game.py --benchmark-only

Each configuration is checked before it is timed: every id chosen is legal (the
step would refuse it otherwise), every step makes one decision per game, games end
and are replaced, and two runs from the same seed give the same rewards.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from riichi import Rules
from riichi.env import VecEnv

CONFIGS = [
    (1, 1, "planes", True, None),
    (64, 1, "planes", True, None),
    (64, 2, "planes", True, None),
    (1024, 1, "planes", True, None),
    (1024, 2, "planes", True, None),
    (1024, 2, "planes", False, None),
    (4096, 1, "planes", False, None),
    (4096, 2, "planes", False, None),
    (1024, 2, "tokens", False, None),
    (1024, 2, None, False, None),
    (1024, 2, "planes", False, "tenhou_sanma"),
]
STEPS = 400  # steps per round of many games: enough for every game to finish hands
DECISIONS = 4096  # at least this many per round: one game alone needs whole games


def steps(n: int) -> int:
    """The steps in a round of `n` games."""
    return max(STEPS, DECISIONS // n)


def choose(rng: np.random.Generator, mask: np.ndarray) -> np.ndarray:
    """A random legal id per row of `mask`: the highest of a random byte per id,
    each at least 1 where the id is legal and 0 where it is not."""
    noise = np.frombuffer(rng.bytes(mask.size), np.uint8).reshape(mask.shape)
    return np.argmax((noise | 1) * mask, axis=1)


def run(
    n: int, threads: int, encoding: str | None, copy: bool, preset: str | None = None
) -> tuple[int, float]:
    """`steps(n)` steps of `n` games (under the rules `preset`, four-player Tenhou
    rules by default): the games finished and the sum of the point rewards'
    sizes (seeded: the same every run)."""
    rules = Rules.preset(preset) if preset else None
    env = VecEnv(n, rules=rules, seed=1, encoding=encoding, threads=threads, copy=copy)
    obs = env.reset()
    rng = np.random.default_rng(0)
    ended, total = 0, 0.0
    for _ in range(steps(n)):
        ids = choose(rng, obs["mask"])
        obs, rewards, terminated, truncated, _ = env.step(ids)
        ended += int(terminated.sum() + truncated.sum())
        total += float(np.abs(rewards).sum())
    assert env.decisions["caller"] == steps(n) * n
    return ended, total


@pytest.mark.parametrize(("n", "threads", "encoding", "copy", "preset"), CONFIGS)
def test_vec_env_steps(
    benchmark: Any, n: int, threads: int, encoding: str | None, copy: bool, preset: str | None
) -> None:
    want = run(n, threads, encoding, copy, preset)
    assert want[1] > 0, "no hand paid: the round is too short to show whole hands"
    # Neither the thread count nor kept arrays change anything.
    assert run(n, 3 - threads, encoding, not copy, preset) == want
    assert benchmark.pedantic(run, (n, threads, encoding, copy, preset), rounds=3) == want
    decisions = steps(n) * n
    benchmark.extra_info["games"] = n
    benchmark.extra_info["copy"] = copy
    benchmark.extra_info["rules"] = preset or "tenhou"
    benchmark.extra_info["decisions"] = decisions
    if benchmark.stats is not None:
        benchmark.extra_info["decisions_per_second"] = round(decisions / benchmark.stats["mean"])
