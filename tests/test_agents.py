"""`riichi.agents`: the built-in agents are the core's policies, so a Python game
with them seeded as `simulate` seeds its seats is the same game `simulate` plays."""

from __future__ import annotations

import pytest

import riichi
from riichi.agents import RandomAgent, ShantenAgent, TsumogiriAgent

AGENTS = {"random": RandomAgent, "tsumogiri": TsumogiriAgent, "shanten": ShantenAgent}


@pytest.mark.parametrize("kind", sorted(AGENTS))
@pytest.mark.parametrize("seed", [0, 7, 2**64 - 1])
def test_python_agents_play_the_games_simulate_plays(kind: str, seed: int) -> None:
    [events] = riichi.simulate(1, kind, seed=seed, records=True, threads=1)["records"]
    game = riichi.game_seed(seed, 0)
    agents = [AGENTS[kind](riichi.agent_seed(game, seat)) for seat in range(4)]
    played = riichi.play(agents, seed=game)
    assert played["events"] == events
    assert played["decisions"] == riichi.simulate(1, kind, seed=seed)["decisions"]


def test_other_seeds_give_other_choices() -> None:
    game = riichi.game_seed(0, 0)
    one = riichi.play([RandomAgent(riichi.agent_seed(game, s)) for s in range(4)], seed=game)
    two = riichi.play([RandomAgent(riichi.agent_seed(game, s) + 1) for s in range(4)], seed=game)
    assert one["events"] != two["events"]


def test_an_agent_returns_the_legal_action_object_itself() -> None:
    game = riichi.Game(seed=3)
    seat = game.current_decision[0]
    legal = game.legal_actions(seat)
    for agent in (RandomAgent(1), TsumogiriAgent(), ShantenAgent(2)):
        choice = agent.act(game.observation(seat), legal)
        assert any(choice is a for a in legal)


def test_a_builtin_agent_refuses_what_is_not_a_decision() -> None:
    game = riichi.Game(seed=3)
    obs = game.observation(0)
    agent = riichi.BuiltinAgent("random", 0)
    assert repr(agent) == 'BuiltinAgent("random")' and agent.kind == "random"
    with pytest.raises(riichi.InvalidInputError, match="nothing to choose"):
        agent.act(obs, [])
    with pytest.raises(TypeError, match=r"legal_actions\[1\]: not an action: str"):
        agent.act(obs, [riichi.Pass(), "pass"])
    with pytest.raises(TypeError, match="observation must be an Observation, got dict"):
        agent.act({}, [riichi.Pass()])
    with pytest.raises(riichi.InvalidInputError, match="at most 64 items"):
        agent.act(obs, iter([riichi.Pass()] * 100))
    with pytest.raises(riichi.InvalidInputError, match='agent "greedy" is not one of'):
        riichi.BuiltinAgent("greedy")
    with pytest.raises(riichi.InvalidInputError, match="a seat is 0-3, got 4"):
        riichi.agent_seed(0, 4)
