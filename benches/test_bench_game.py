"""Python agent loops, side by side in one run: ``riichi.play`` with four Python
``RandomAgent``s, a minimal loop over ``legal_actions``/``observation``/``apply``,
and riichienv's own Python loop (``RiichiEnv.step`` with its ``RandomAgent``), each
over whole east-south games. A round is a few games; ``decisions_per_second`` in
the extra info is the figure. Each loop's games are checked (ended, every
decision counted, riichi's records replayed) before they are timed.

Run: ``.venv/bin/python -m pytest benches/test_bench_game.py --benchmark-only``
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import riichi
from riichi.agents import RandomAgent

GAMES = 4


def per_second(benchmark: Any, decisions: int) -> None:
    """Decisions per second of the timed rounds (none with --benchmark-disable)."""
    benchmark.extra_info["decisions"] = decisions
    if benchmark.stats is not None:
        benchmark.extra_info["decisions_per_second"] = round(decisions / benchmark.stats["mean"])


def play_games() -> int:
    """`riichi.play` with four Python RandomAgents; the decisions made."""
    n = 0
    for seed in range(GAMES):
        agents = [RandomAgent(seed * 4 + s) for s in range(4)]
        n += riichi.play(agents, seed=seed)["decisions"]
    return n


def minimal_loop() -> int:
    """The smallest loop an agent can drive: each deciding seat's observation and
    legal actions, a random choice applied; the decisions made."""
    n = 0
    for seed in range(GAMES):
        rng, game = random.Random(seed), riichi.Game(seed=seed)
        while not game.is_over:
            seat = next(s for s in game.current_decision if game.legal_actions(s))
            game.observation(seat)
            legal = game.legal_actions(seat)
            game.apply(seat, legal[rng.randrange(len(legal))])
            n += 1
    return n


def test_play_with_python_random_agents(benchmark: Any) -> None:
    first = riichi.play([RandomAgent(s) for s in range(4)], seed=0)
    record = riichi.logs.read_mjai("\n".join(map(json.dumps, first["events"])))
    assert first["decisions"] > 100 and riichi.replay(record).ok
    want = play_games()
    assert benchmark(play_games) == want  # seeded: the same games every round
    per_second(benchmark, want)


def test_minimal_python_loop(benchmark: Any) -> None:
    want = minimal_loop()
    assert want > 100 * GAMES
    assert benchmark(minimal_loop) == want
    per_second(benchmark, want)


def test_riichienv_python_loop(benchmark: Any) -> None:
    riichienv = pytest.importorskip("riichienv")
    from riichienv.agents import RandomAgent as PeerAgent

    def run() -> int:
        n = 0
        for seed in range(GAMES):
            env, agent = riichienv.RiichiEnv(seed=seed, game_mode="4p-red-half"), PeerAgent()
            obs = env.reset()
            while not env.done():
                actions = {p: agent.act(o) for p, o in obs.items()}
                n += len(actions)
                obs = env.step(actions)
            assert sum(env.scores()) == 100_000
        return n

    assert run() > 100 * GAMES
    # Its agent is not seeded: the count of the last timed round stands for all.
    per_second(benchmark, benchmark(run))


def decision_points(n: int = 200) -> list[tuple[riichi.Game, int]]:
    """`n` games each stopped at a decision point some way into its first hands
    (random play, seeded): early, middle and late turns, open hands among them."""
    points = []
    for i in range(n):
        rng, game = random.Random(i), riichi.Game(seed=i)
        for _ in range(i % 90):
            seat = next(s for s in game.current_decision if game.legal_actions(s))
            legal = game.legal_actions(seat)
            game.apply(seat, legal[rng.randrange(len(legal))])
            if game.is_over:
                break
        if not game.is_over:
            points.append((game, next(s for s in game.current_decision if game.legal_actions(s))))
    return points


POINTS = decision_points()


def per_call(benchmark: Any, calls: int) -> None:
    """Microseconds per call of the timed rounds (none with --benchmark-disable)."""
    benchmark.extra_info["calls"] = calls
    if benchmark.stats is not None:
        benchmark.extra_info["us_per_call"] = round(benchmark.stats["mean"] / calls * 1e6, 3)


def observe_all() -> list[tuple[int, int, int, bool]]:
    return [
        (len(o.hand), o.concealed_counts[seat], o.tiles_left, o.claim is None)
        for game, seat in POINTS
        for o in [game.observation(seat)]
    ]


def test_observation_per_decision(benchmark: Any) -> None:
    """`Game.observation` at each of the decision points; the seat's own hand is
    as long as its concealed count, and the call's answers never change."""
    want = observe_all()
    assert len(want) > 150 and all(hand == count for hand, count, _, _ in want)
    assert sum(1 for game, seat in POINTS if game.observation(seat).melds[seat]) > 10
    assert benchmark(observe_all) == want
    per_call(benchmark, len(POINTS))


def legal_all() -> list[int]:
    return [len(game.legal_actions(seat)) for game, seat in POINTS]


def test_legal_actions_per_decision(benchmark: Any) -> None:
    """`Game.legal_actions` of the deciding seat at each decision point: never
    empty, the same lists every round."""
    want = legal_all()
    assert all(n > 0 for n in want)
    assert benchmark(legal_all) == want
    per_call(benchmark, len(POINTS))
