"""Agents that play a `riichi.Game`: the `Agent` protocol and three simple agents.

An agent sees what its seat may know (`Game.observation(seat)`) and the legal
actions, and returns one of them::

    class MyAgent:
        def act(self, observation, legal_actions):
            return legal_actions[0]

`riichi.play(agents)` runs a whole game with one agent per seat (four, or three
under three-player rules) and returns its record.
The three agents here are the core's built-in policies, the ones `simulate`
plays: seeded alike, they choose alike.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from riichi._core import Action, BuiltinAgent, Game, InvalidInputError, Observation, Rules

__all__ = ["Agent", "RandomAgent", "ShantenAgent", "TsumogiriAgent", "play"]


class Agent(Protocol):
    """Anything with `act(observation, legal_actions) -> action`."""

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action: ...


class _BuiltinPolicy:
    """An agent whose choices are the core's built-in policy `_kind`, seeded."""

    _kind: str

    def __init__(self, seed: int | None = None) -> None:
        self._agent = BuiltinAgent(self._kind, seed)

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        return self._agent.act(observation, legal_actions)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomAgent(_BuiltinPolicy):
    """Any legal action, uniformly (seeded: with the seed `agent_seed(game seed,
    seat)` it takes the same actions as `simulate`'s random agent)."""

    _kind = "random"


class TsumogiriAgent(_BuiltinPolicy):
    """Wins when it can, otherwise discards the tile it drew and passes every claim."""

    _kind = "tsumogiri"


class ShantenAgent(_BuiltinPolicy):
    """Wins whenever it can, declares riichi when it can, otherwise discards
    towards the lowest shanten and then the most live tiles that lower it (ties
    broken at random, seeded); never calls."""

    _kind = "shanten"


def play(
    agents: Iterable[Agent],
    rules: Rules | None = None,
    seed: int | None = None,
) -> dict[str, Any]:
    """Play one game with one agent per seat (four, or three under three-player
    rules; seat 0 first dealer); returns the record:
    `{"events": [...mjai...], "result": {...}, "decisions": n}`.

    An agent with a `begin(game, seat)` method is handed the game and its seat
    before the first decision (an agent that needs the events, such as
    `riichi.mjai.MjaiBotAgent`).

    Raises `InvalidInputError` unless exactly one agent per seat is given (at most
    five are read, whatever the sequence claims its length is) and `TypeError` for
    an agent without an `act` method."""
    players = (rules if rules is not None else Rules()).to_dict()["players"]
    seats = list(itertools.islice(iter(agents), 5))
    if len(seats) != players:
        many = f"more than {players}" if len(seats) > players else str(len(seats))
        raise InvalidInputError(f"a game needs {players} agents, got {many}")
    for seat, agent in enumerate(seats):
        if not callable(getattr(agent, "act", None)):
            raise TypeError(
                f"agents[{seat}] is not an agent: {type(agent).__name__} has no act() method"
            )
    game = Game(rules=rules, seed=seed)
    for seat, agent in enumerate(seats):
        begin = getattr(agent, "begin", None)
        if callable(begin):
            begin(game, seat)
    decisions = 0
    while not game.is_over:
        if decisions > 1_000_000:
            raise RuntimeError("the game did not end after a million decisions")
        for seat in game.current_decision:
            legal = game.legal_actions(seat)
            if not legal:
                continue
            game.apply(seat, seats[seat].act(game.observation(seat), legal))
            decisions += 1
            break
    return {"events": game.events, "result": game.result, "decisions": decisions}
