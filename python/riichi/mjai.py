"""mjai bots: an agent that plays through an external mjai bot program, and our
agents served as an mjai bot.

An mjai bot (Mortal's `mjai` interface, the mjai.app protocol) is a program that
reads mjai events on its standard input, a JSON list of events per line, and
answers each line with one JSON object on its standard output: an action
(`{"type": "dahai", "actor": 1, "pai": "5m", "tsumogiri": false}`, `chi`, `pon`,
`reach`, `hora`, ...) or `{"type": "none"}`. It learns its seat from
`start_game`'s `id`, and sees the other seats' dealt tiles and draws as `"?"`. A
riichi takes two answers: `reach`, then, once the bot is shown its own `reach`
event, the discard.

`MjaiBotAgent(command)` is an `Agent` that runs such a program for one seat;
`riichi.play` hands it the game (`begin(game, seat)`). `serve(agent)` is the
other side: one of our agents answering as an mjai bot (`python -m riichi
mjai-bot`).
"""

from __future__ import annotations

import collections
import json
import math
import queue
import subprocess
import sys
import threading
from collections.abc import Sequence
from typing import IO, Any

from riichi._core import (
    Action,
    Game,
    IllegalActionError,
    InvalidInputError,
    MahjongError,
    Observation,
    Rules,
)
from riichi.agents import Agent

__all__ = ["MjaiBotAgent", "MjaiBotState", "serve"]

NONE: dict[str, Any] = {"type": "none"}


def _line(events: Sequence[dict[str, Any]]) -> str:
    return json.dumps(list(events), separators=(",", ":")) + "\n"


def _pump(stream: IO[str], lines: queue.Queue[str | None]) -> None:
    """Moves the lines of `stream` to `lines`, then `None` at its end."""
    try:
        for line in stream:
            lines.put(line)
    except (OSError, ValueError):  # the pipe closed under us
        pass
    lines.put(None)


def _keep(stream: IO[str], tail: collections.deque[str]) -> None:
    """Keeps the last lines of `stream` (a bot's standard error) in `tail`."""
    try:
        for line in stream:
            tail.append(line.rstrip("\n"))
    except (OSError, ValueError):
        pass


class MjaiBotAgent:
    """An agent that plays through an external mjai bot: `command` (a list, e.g.
    `["python", "mybot.py"]`) is started when a game begins and spoken to in
    mjai JSON lines over its standard input and output.

    The agent needs the game's events, which `act` does not receive: `riichi.play`
    calls `begin(game, seat)` before the first decision; in a loop of your own,
    call it yourself. At each decision the bot is sent, on one line, the events
    since its last decision as its seat sees them (`Game.seat_events`), and its
    answer is read as one of the legal actions (`Game.action_from_mjai`).

    Raises `InvalidInputError` when the bot cannot be started, answers what is
    not an mjai action (not JSON, not an object, an unknown type), exits, or
    does not answer within `timeout` seconds; `IllegalActionError` when its
    action is not legal. The messages name the bot and what it answered. The
    process ends with `close()`, at the end of a `with` block, when the agent
    begins another game, or when it is garbage collected.
    """

    def __init__(self, command: Sequence[str], *, timeout: float = 10.0) -> None:
        if isinstance(command, (str, bytes)) or not all(isinstance(c, str) for c in command):
            raise TypeError(
                "command is a list of strings, e.g. ['python', 'bot.py'], "
                f"got {type(command).__name__}"
            )
        if not command:
            raise InvalidInputError("command is empty: name the bot's program")
        if isinstance(timeout, bool) or not isinstance(timeout, (int, float)):
            raise TypeError(f"timeout is a number of seconds, got {type(timeout).__name__}")
        if not (timeout > 0 and math.isfinite(timeout)):
            raise InvalidInputError(f"timeout is a positive number of seconds, got {timeout}")
        self.command = list(command)
        self.timeout = float(timeout)
        self._proc: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._stderr: collections.deque[str] = collections.deque(maxlen=20)
        self._game: Game | None = None
        self._seat = 0
        self._sent = 0
        self._reach_shown = False

    # The process ------------------------------------------------------------------

    def _name(self) -> str:
        return " ".join(self.command)

    def _start(self) -> subprocess.Popen[str]:
        try:
            proc = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                errors="replace",
                bufsize=1,
            )
        except OSError as e:
            raise InvalidInputError(f"cannot start the mjai bot {self._name()}: {e}") from None
        self._lines = queue.Queue()
        self._stderr = collections.deque(maxlen=20)
        assert proc.stdout is not None and proc.stderr is not None
        for target, args in (
            (_pump, (proc.stdout, self._lines)),
            (_keep, (proc.stderr, self._stderr)),
        ):
            threading.Thread(target=target, args=args, daemon=True).start()
        return proc

    def close(self) -> None:
        """Ends the bot's process (its input closed, then killed if it lingers)."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            if proc.stdin is not None:
                proc.stdin.close()
        except OSError:
            pass
        try:
            proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()

    def __enter__(self) -> MjaiBotAgent:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # nothing may escape a finalizer
            pass

    def __repr__(self) -> str:
        state = f"seat {self._seat}, running" if self._proc is not None else "not running"
        return f"MjaiBotAgent({self.command!r}, timeout={self.timeout:g})  # {state}"

    # The game ---------------------------------------------------------------------

    def begin(self, game: Game, seat: int) -> None:
        """Plays seat `seat` of `game` from now on: (re)starts the bot, which is
        sent every event of the game so far at the first decision."""
        if not isinstance(game, Game):
            raise TypeError(f"begin takes a riichi.Game, got {type(game).__name__}")
        game.seat_events(seat, len(game.events))  # checks the seat
        self.close()
        self._proc = self._start()
        self._game, self._seat, self._sent, self._reach_shown = game, seat, 0, False

    def follow(self, game: Game) -> None:
        """Goes on with `game`, a later copy of the game the bot plays (as
        `VecEnv.game(i)` gives at each step), without restarting the bot: it is
        sent the events it has not seen yet at its next decision. Raises
        `InvalidInputError` before `begin`, or when `game` holds fewer events
        than the bot was sent (another game: call `begin` for it)."""
        if not isinstance(game, Game):
            raise TypeError(f"follow takes a riichi.Game, got {type(game).__name__}")
        if self._game is None:
            raise InvalidInputError("follow goes on with a game: call begin(game, seat) first")
        if len(game.events) < self._sent:
            raise InvalidInputError(
                f"the game holds {len(game.events)} events, but the bot was sent "
                f"{self._sent}: another game starts with begin(game, seat)"
            )
        self._game = game

    def _failed(self, what: str) -> InvalidInputError:
        tail = "; ".join(self._stderr)
        said = f" (its standard error: {tail[-400:]})" if tail else ""
        self.close()
        return InvalidInputError(f"the mjai bot {self._name()} (seat {self._seat}) {what}{said}")

    def _ask(self, events: Sequence[dict[str, Any]]) -> dict[str, Any]:
        """Sends one line of events and reads the bot's answer."""
        proc = self._proc
        if proc is None or proc.stdin is None:
            raise InvalidInputError(
                f"the mjai bot {self._name()} is not running: begin(game, seat) starts it"
            )
        try:
            proc.stdin.write(_line(events))
            proc.stdin.flush()
        except (OSError, ValueError):
            raise self._dead("before it was sent the events") from None
        while True:
            try:
                line = self._lines.get(timeout=self.timeout)
            except queue.Empty:
                raise self._failed(f"did not answer within {self.timeout:g} s") from None
            if line is None:
                raise self._dead("without answering")
            if line.strip():
                break
        shown = line.strip()[:120]
        try:
            answer = json.loads(line)
        except json.JSONDecodeError as e:
            raise self._failed(f"answered {shown!r}, which is not JSON: {e}") from None
        if not isinstance(answer, dict):
            raise self._failed(f"answered {shown!r}, not a JSON object (an mjai action)")
        return answer

    def _dead(self, when: str) -> InvalidInputError:
        proc = self._proc
        status = None
        if proc is not None:
            try:
                status = proc.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                pass
        how = f"exited with status {status}" if status is not None else "closed its output"
        return self._failed(f"{how} {when}")

    def _read(self, answer: dict[str, Any], riichi: bool = False) -> Action | None:
        assert self._game is not None
        try:
            return self._game.action_from_mjai(self._seat, answer, riichi=riichi)
        except IllegalActionError as e:
            raise IllegalActionError(f"the mjai bot {self._name()}: {e}") from None
        except MahjongError as e:
            raise self._failed(f"answered what is no mjai action: {e}") from None

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """Sends the bot the events since its last decision and returns its
        answer as one of `legal_actions`."""
        game, seat = self._game, self._seat
        if game is None:
            raise InvalidInputError(
                "MjaiBotAgent.act needs the game: call begin(game, seat) first (riichi.play does)"
            )
        if observation.seat != seat:
            raise InvalidInputError(
                f"the observation is seat {observation.seat}'s, but the bot plays seat {seat}"
            )
        events = game.seat_events(seat, self._sent)
        self._sent += len(events)
        if self._reach_shown and events and events[0].get("type") == "reach":
            events = events[1:]  # already shown when the bot declared it
        self._reach_shown = False
        action = self._read(self._ask(events))
        if action is None:  # a riichi: the discard comes after its own reach event
            action = self._read(self._ask([{"type": "reach", "actor": seat}]), riichi=True)
            self._reach_shown = True
        if action is None or action not in legal_actions:
            raise IllegalActionError(
                f"the mjai bot {self._name()} answered {action!r}, which is not among the "
                "legal actions it was given"
            )
        return action


class MjaiBotState:
    """One of our agents as an mjai bot: `react(events)` takes the events of one
    input line and returns the answer (an mjai dict).

    It keeps the seat (`start_game`'s `id`), the rules (`start_game`'s `rules`,
    else those given) and the current hand's events; at each line it rebuilds
    the seat's position from them (`Game.from_seat_events`), and when the seat
    has a decision asks the agent, once per decision. Raises `InvalidInputError`
    for events that are not mjai data or that the engine cannot follow."""

    def __init__(self, agent: Agent, rules: Rules | None = None) -> None:
        if not callable(getattr(agent, "act", None)):
            raise TypeError(f"{type(agent).__name__} is not an agent: it has no act() method")
        self.agent = agent
        self.default_rules = rules if rules is not None else Rules()
        self.rules = self.default_rules
        self.seat: int | None = None
        self._hand: list[dict[str, Any]] | None = None
        self._riichi: Action | None = None

    def __repr__(self) -> str:
        return f"MjaiBotState({self.agent!r}, seat={self.seat})"

    def _take(self, event: object) -> None:
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            raise InvalidInputError(
                f'an event is a JSON object with a string "type", got {json.dumps(event)[:120]}'
            )
        kind = event["type"]
        if kind == "start_game":
            seat = event.get("id")
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
                raise InvalidInputError(
                    f'start_game must give the bot\'s seat as "id" (0-3), got {seat!r}'
                )
            rules = event.get("rules")
            if rules is not None and not isinstance(rules, dict):
                raise InvalidInputError(f"start_game's rules are an object, got {rules!r}")
            self.rules = Rules.from_json(json.dumps(rules)) if rules else self.default_rules
            if seat >= self.rules.players:
                raise InvalidInputError(f"seat {seat} in a game of {self.rules.players} players")
            self.seat, self._hand, self._riichi = seat, None, None
        elif kind == "start_kyoku":
            self._hand, self._riichi = [event], None
        elif kind in ("end_kyoku", "end_game"):
            self._hand, self._riichi = None, None
        elif self._hand is not None:
            self._hand.append(event)

    def react(self, events: Sequence[object]) -> dict[str, Any]:
        """The answer to one line's events."""
        for event in events:
            self._take(event)
        seat, hand = self.seat, self._hand
        if seat is None or hand is None:
            return NONE
        last = hand[-1]
        if last.get("type") == "reach" and last.get("actor") == seat and self._riichi:
            action, self._riichi = self._riichi, None
            assert action.tile is not None
            return {
                "type": "dahai",
                "actor": seat,
                "pai": action.tile.mjai,
                "tsumogiri": action.tsumogiri,
            }
        game = Game.from_seat_events(seat, hand, self.rules)
        if game is None:
            return NONE
        legal = game.legal_actions(seat)
        if not legal:
            return NONE
        action = self.agent.act(game.observation(seat), legal)
        answer = game.action_to_mjai(seat, action)
        if action.kind == "riichi":
            self._riichi = action
        return answer


def serve(
    agent: Agent,
    rules: Rules | None = None,
    input: IO[str] | None = None,
    output: IO[str] | None = None,
) -> None:
    """Serves `agent` as an mjai bot: reads lines of mjai events (a JSON list of
    them, or one event) from `input` (standard input) until it ends, and writes
    one answer line to `output` (standard output) for each. `rules` are the
    game's unless `start_game` carries its own. A line that is not mjai data
    raises `InvalidInputError` naming the line."""
    source = sys.stdin if input is None else input
    sink = sys.stdout if output is None else output
    bot = MjaiBotState(agent, rules)
    for n, line in enumerate(source, 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as e:
            raise InvalidInputError(f"input line {n} is not JSON: {e}") from None
        events = data if isinstance(data, list) else [data]
        try:
            answer = bot.react(events)
        except MahjongError as e:
            raise type(e)(f"input line {n}: {e}") from None
        sink.write(json.dumps(answer, separators=(",", ":")) + "\n")
        sink.flush()
