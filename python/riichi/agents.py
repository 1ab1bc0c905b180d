"""Agents that play a `riichi.Game`: the `Agent` protocol and three simple agents.

An agent sees what its seat may know (`Game.observation(seat)`) and the legal
actions, and returns one of them::

    class MyAgent:
        def act(self, observation, legal_actions):
            return legal_actions[0]

`riichi.play(agents)` runs a whole game with four agents and returns its record.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from riichi._core import Action, Game, InvalidInputError, Observation, Rules, shanten

__all__ = ["Agent", "RandomAgent", "ShantenAgent", "TsumogiriAgent", "play"]


class Agent(Protocol):
    """Anything with `act(observation, legal_actions) -> action`."""

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action: ...


class RandomAgent:
    """Any legal action, uniformly (seeded)."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        return legal_actions[self._rng.randrange(len(legal_actions))]

    def __repr__(self) -> str:
        return "RandomAgent()"


class TsumogiriAgent:
    """Wins when it can, otherwise discards the tile it drew and passes every claim."""

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        for kind in ("tsumo", "ron"):
            for a in legal_actions:
                if a.kind == kind:
                    return a
        for a in legal_actions:
            if a.kind == "discard" and a.tsumogiri:
                return a
        for a in legal_actions:
            if a.kind == "pass":
                return a
        return legal_actions[0]

    def __repr__(self) -> str:
        return "TsumogiriAgent()"


class ShantenAgent:
    """Wins whenever it can, declares riichi when tenpai and closed, otherwise
    discards towards the lowest shanten and then the most tiles that lower it;
    never calls."""

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        for kind in ("tsumo", "ron", "riichi"):
            for a in legal_actions:
                if a.kind == kind:
                    return a
        discards = [a for a in legal_actions if a.kind == "discard"]
        if not discards:
            return next((a for a in legal_actions if a.kind == "pass"), legal_actions[0])
        hand = observation.hand
        best: tuple[int, int] | None = None
        choice = discards[0]
        for a in discards:
            rest = list(hand)
            rest.remove(a.tile)
            counts = [0] * 34
            for t in rest:
                counts[t.kind] += 1
            s = shanten(counts)
            key = (s, -_lowering(counts, s))
            if best is None or key < best:
                best, choice = key, a
        return choice

    def __repr__(self) -> str:
        return "ShantenAgent()"


def _lowering(counts: list[int], s: int) -> int:
    """How many kinds lower the shanten of `counts` (each tried once)."""
    n = 0
    for k in range(34):
        if counts[k] < 4:
            counts[k] += 1
            try:
                if shanten(counts) < s:
                    n += 1
            finally:
                counts[k] -= 1
    return n


def play(
    agents: Iterable[Agent],
    rules: Rules | None = None,
    seed: int | None = None,
) -> dict[str, Any]:
    """Play one game with four agents (seat 0 first dealer); returns the record:
    `{"events": [...mjai...], "result": {...}, "decisions": n}`.

    Raises `InvalidInputError` unless exactly four agents are given (at most five
    are read, whatever the sequence claims its length is) and `TypeError` for an
    agent without an `act` method."""
    seats = list(itertools.islice(iter(agents), 5))
    if len(seats) != 4:
        many = "more than 4" if len(seats) > 4 else str(len(seats))
        raise InvalidInputError(f"a game needs 4 agents, got {many}")
    for seat, agent in enumerate(seats):
        if not callable(getattr(agent, "act", None)):
            raise TypeError(
                f"agents[{seat}] is not an agent: {type(agent).__name__} has no act() method"
            )
    game = Game(rules=rules, seed=seed)
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
