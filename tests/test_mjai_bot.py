"""mjai bots: `MjaiBotAgent` playing through a bot process, `python -m riichi
mjai-bot` serving our agents, and the core calls under them (`Game.seat_events`,
`Game.from_seat_events`, `Game.action_from_mjai`, `Game.action_to_mjai`)."""

from __future__ import annotations

import collections
import io
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import riichi
from riichi import InvalidInputError
from riichi.agents import RandomAgent, ShantenAgent
from riichi.env import VecEnv
from riichi.mjai import MjaiBotAgent, MjaiBotState, serve

AGENTS = {"random": RandomAgent, "shanten": ShantenAgent}


def bot_command(kind: str, seed: int) -> list[str]:
    return [sys.executable, "-m", "riichi", "mjai-bot", "--agent", kind, "--seed", str(seed)]


def play_through_bot(kind: str, game: int, seat: int, rules: riichi.Rules | None = None):
    """The game with `seat` played by our agent served as an mjai bot, and the
    same game with the built-in agent in that seat, seeded alike."""
    n = rules.players if rules is not None else 4
    with MjaiBotAgent(bot_command(kind, riichi.agent_seed(game, seat))) as bot:
        agents = [bot if s == seat else AGENTS[kind](riichi.agent_seed(game, s)) for s in range(n)]
        through = riichi.play(agents, rules=rules, seed=game)
    direct = riichi.play(
        [AGENTS[kind](riichi.agent_seed(game, s)) for s in range(n)], rules=rules, seed=game
    )
    return through, direct


def actions_of(record: dict, seat: int) -> collections.Counter[str]:
    return collections.Counter(e["type"] for e in record["events"] if e.get("actor") == seat)


@pytest.mark.parametrize(("game", "seat"), [(7, 0), (11, 2)])
def test_shanten_agent_through_the_bot_plays_the_same_game(game: int, seat: int) -> None:
    through, direct = play_through_bot("shanten", game, seat)
    assert through["result"] is not None
    assert through == direct
    # The bot's seat went through riichi (two answers: reach, then the discard).
    assert actions_of(through, seat)["reach"] > 0


def test_random_agent_through_the_bot_calls_and_kans_alike() -> None:
    # The random agent calls: chi, pon and kans go through the protocol too.
    seen: collections.Counter[str] = collections.Counter()
    for game in range(3):
        through, direct = play_through_bot("random", game, game % 4)
        assert through == direct
        seen += actions_of(through, game % 4)
    assert seen["chi"] > 0 and seen["pon"] > 0
    assert seen["daiminkan"] + seen["kakan"] + seen["ankan"] > 0


@pytest.mark.parametrize("preset", ["tenhou_sanma", "mahjong_soul_sanma"])
def test_three_player_games_through_the_bot(preset: str) -> None:
    rules = riichi.Rules.preset(preset)
    seen: collections.Counter[str] = collections.Counter()
    for game, kind in ((1, "shanten"), (2, "random")):
        through, direct = play_through_bot(kind, game, 1, rules)
        assert through == direct
        assert through["result"]["scores"][3] == 0
        seen += actions_of(through, 1)
    assert seen["nukidora"] > 0


def play_vec_env(choose, follow=None) -> list[tuple[int, float]]:
    """One game of a `VecEnv` against the built-in shanten agent, the caller's
    ids from `choose(game, seat)`: each step's id and the caller's reward."""
    env = VecEnv(1, seed=3, encoding=None, opponents="shanten")
    obs = env.reset()
    seat = env.learner(0)
    steps = []
    while True:
        game = env.game(0)
        assert int(obs["seat"][0]) == seat
        action = choose(game, seat)
        action_id = game.observation(seat).action_index(action)
        obs, rewards, terminated, truncated, _ = env.step([action_id])
        steps.append((action_id, float(rewards[0, seat])))
        if terminated[0] or truncated[0]:
            return steps


def test_a_bot_plays_the_caller_seat_of_a_vec_env() -> None:
    seed = riichi.agent_seed(3, 0)
    direct_agent = ShantenAgent(seed)
    direct = play_vec_env(lambda g, s: direct_agent.act(g.observation(s), g.legal_actions(s)))
    with MjaiBotAgent(bot_command("shanten", seed)) as bot:
        started = []

        def through(game: riichi.Game, seat: int):
            if started:
                bot.follow(game)  # the slot's game, one step on: no restart
            else:
                bot.begin(game, seat)
                started.append(seat)
            return bot.act(game.observation(seat), game.legal_actions(seat))

        assert play_vec_env(through) == direct
    assert len(direct) > 50 and any(r != 0 for _, r in direct)
    with pytest.raises(InvalidInputError, match="call begin"):
        MjaiBotAgent(bot_command("shanten", 1)).follow(riichi.Game(seed=1))


# The seat's view ---------------------------------------------------------------


def test_seat_events_hide_what_the_seat_may_not_see() -> None:
    game = riichi.Game(rules=riichi.Rules.preset("mleague"), seed=3)
    for _ in range(12):
        seat = game.current_decision[0]
        game.apply(seat, game.legal_actions(seat)[0])
    everything = game.events
    for seat in range(4):
        view = game.seat_events(seat)
        assert len(view) == len(everything)
        assert view[0]["type"] == "start_game" and view[0]["id"] == seat
        # The rules that differ from Tenhou's: enough to rebuild the game's rules.
        assert riichi.Rules.from_dict(view[0]["rules"]) == riichi.Rules.preset("mleague")
        start = view[1]
        assert start["tehais"][seat] == everything[1]["tehais"][seat]
        for other in range(4):
            if other != seat:
                assert start["tehais"][other] == ["?"] * 13
        for mine, full in zip(view[2:], everything[2:], strict=True):
            if full["type"] == "tsumo" and full["actor"] != seat:
                assert mine == {**full, "pai": "?"}
            else:
                assert mine == full
    assert game.seat_events(2, start=5) == game.seat_events(2)[5:]
    assert game.seat_events(0, start=len(everything)) == []
    with pytest.raises(riichi.InvalidInputError, match="seats are 0-3"):
        game.seat_events(4)
    with pytest.raises(riichi.InvalidInputError, match="start is an event index"):
        game.seat_events(0, start=len(everything) + 1)


def test_a_position_from_the_seat_view_is_the_seat_real_position() -> None:
    game = riichi.Game(seed=5)
    for _ in range(40):
        seat = game.current_decision[0]
        start = max(i for i, e in enumerate(game.events) if e["type"] == "start_kyoku")
        rebuilt = riichi.Game.from_seat_events(seat, game.seat_events(seat, start))
        assert rebuilt is not None
        assert rebuilt.observation(seat) == game.observation(seat)
        assert rebuilt.legal_actions(seat) == game.legal_actions(seat)
        game.apply(seat, game.legal_actions(seat)[-1])
    # Events that stop before a draw the seat has not seen: no decision there
    # (the game would draw a tile it does not know).
    game = riichi.Game(seed=5)
    dealer = game.current_decision[0]
    game.apply(dealer, game.legal_actions(dealer)[0])
    drawer = game.current_decision[0]
    view = game.seat_events(drawer, 1)
    assert view[-1] == {"type": "tsumo", "actor": drawer, "pai": view[-1]["pai"]}
    assert riichi.Game.from_seat_events(drawer, view)
    assert riichi.Game.from_seat_events(drawer, view[:-1]) is None
    start_kyoku = view[0]
    with pytest.raises(riichi.InvalidInputError, match="start_kyoku"):
        riichi.Game.from_seat_events(0, [{"type": "tsumo", "actor": 0, "pai": "?"}])
    with pytest.raises(riichi.InvalidInputError, match="not JSON data"):
        riichi.Game.from_seat_events(0, [start_kyoku, {"type": "dahai", "pai": object()}])


def test_answers_and_actions_convert_both_ways() -> None:
    game = riichi.Game(seed=2)
    seat = game.current_decision[0]
    for action in game.legal_actions(seat):
        answer = game.action_to_mjai(seat, action)
        if action.kind == "riichi":
            assert answer == {"type": "reach", "actor": seat}
            assert game.action_from_mjai(seat, answer) is None
            discard = {"type": "dahai", "actor": seat, "pai": action.tile.mjai}
            discard["tsumogiri"] = action.tsumogiri
            assert game.action_from_mjai(seat, discard, riichi=True) == action
        else:
            assert game.action_from_mjai(seat, answer) == action
            assert game.action_from_mjai(seat, json.dumps(answer)) == action
    discard = game.legal_actions(seat)[0]
    assert game.action_to_mjai(seat, discard) == {
        "type": "dahai",
        "actor": seat,
        "pai": discard.tile.mjai,
        "tsumogiri": discard.tsumogiri,
    }
    assert game.action_to_mjai(seat, riichi.Pass()) == {"type": "none"}
    with pytest.raises(riichi.IllegalActionError, match="not legal here; legal: Discard"):
        game.action_from_mjai(seat, {"type": "none"})
    with pytest.raises(riichi.InvalidInputError, match="not JSON"):
        game.action_from_mjai(seat, "{dahai")
    with pytest.raises(riichi.InvalidInputError, match='"fly"'):
        game.action_from_mjai(seat, {"type": "fly"})
    with pytest.raises(riichi.InvalidInputError, match="no claim is pending"):
        game.action_to_mjai(seat, riichi.Pon(("1m", "1m")))


# Refusals: bots that misbehave -------------------------------------------------


def fake_bot(tmp_path: Path, body: str) -> list[str]:
    """A bot program: `answer(events)` returns the line to print, or None."""
    script = tmp_path / "bot.py"
    script.write_text(
        "import json, sys, time\n" + textwrap.dedent(body) + "\nfor line in sys.stdin:\n"
        "    out = answer(json.loads(line))\n"
        "    if out is not None:\n"
        "        print(out, flush=True)\n",
        encoding="utf-8",
    )
    return [sys.executable, str(script)]


def play_one_seat(command: list[str], timeout: float = 10.0) -> None:
    with MjaiBotAgent(command, timeout=timeout) as bot:
        riichi.play([bot, *(ShantenAgent(s) for s in range(1, 4))], seed=1)


def test_a_bot_that_answers_garbage(tmp_path: Path) -> None:
    command = fake_bot(tmp_path, "def answer(events):\n    return 'hello there'\n")
    with pytest.raises(riichi.InvalidInputError, match="answered 'hello there', which is not JSON"):
        play_one_seat(command)


def test_a_bot_that_answers_a_list(tmp_path: Path) -> None:
    command = fake_bot(tmp_path, "def answer(events):\n    return '[1, 2]'\n")
    with pytest.raises(riichi.InvalidInputError, match="not a JSON object"):
        play_one_seat(command)


def test_a_bot_that_answers_an_unknown_type(tmp_path: Path) -> None:
    command = fake_bot(tmp_path, 'def answer(events):\n    return \'{"type": "dance"}\'\n')
    with pytest.raises(riichi.InvalidInputError, match=r'no mjai action.*"dance"'):
        play_one_seat(command)


def test_a_bot_that_answers_an_illegal_action(tmp_path: Path) -> None:
    # Seat 0 deals: its first decision is a discard, never a pass.
    command = fake_bot(tmp_path, 'def answer(events):\n    return \'{"type": "none"}\'\n')
    with pytest.raises(riichi.IllegalActionError, match=r"bot\.py: .*not legal here; legal: "):
        play_one_seat(command)


def test_a_bot_that_discards_a_tile_it_does_not_hold(tmp_path: Path) -> None:
    hand = riichi.Game(seed=1).observation(0).hand
    absent = next(t for t in map(riichi.Tile.from_kind, range(34)) if t not in hand).mjai
    body = f"""
    def answer(events):
        return json.dumps({{"type": "dahai", "actor": 0, "pai": "{absent}", "tsumogiri": False}})
    """
    with pytest.raises(riichi.IllegalActionError, match=f'"pai":"{absent}".*not legal here'):
        play_one_seat(fake_bot(tmp_path, body))


def test_a_bot_that_exits(tmp_path: Path) -> None:
    body = "def answer(events):\n    print('out of memory', file=sys.stderr)\n    sys.exit(3)\n"
    with pytest.raises(
        riichi.InvalidInputError, match=r"exited with status 3 without answering.*out of memory"
    ):
        play_one_seat(fake_bot(tmp_path, body))


def test_a_bot_that_is_too_slow(tmp_path: Path) -> None:
    body = "def answer(events):\n    time.sleep(30)\n"
    with pytest.raises(riichi.InvalidInputError, match=r"did not answer within 0\.5 s"):
        play_one_seat(fake_bot(tmp_path, body), timeout=0.5)


def test_a_bot_that_cannot_start(tmp_path: Path) -> None:
    with pytest.raises(riichi.InvalidInputError, match="cannot start the mjai bot"):
        play_one_seat([str(tmp_path / "no-such-bot")])


def test_the_agent_checks_its_arguments_and_needs_the_game() -> None:
    with pytest.raises(TypeError, match="list of strings"):
        MjaiBotAgent("python bot.py")  # type: ignore[arg-type]
    with pytest.raises(riichi.InvalidInputError, match="empty"):
        MjaiBotAgent([])
    with pytest.raises(riichi.InvalidInputError, match="positive"):
        MjaiBotAgent(["bot"], timeout=0)
    agent = MjaiBotAgent(["bot"], timeout=2)
    assert repr(agent) == "MjaiBotAgent(['bot'], timeout=2)  # not running"
    game = riichi.Game(seed=0)
    with pytest.raises(riichi.InvalidInputError, match=r"call begin\(game, seat\) first"):
        agent.act(game.observation(0), game.legal_actions(0))


def test_the_process_is_closed(tmp_path: Path) -> None:
    command = fake_bot(tmp_path, "def answer(events):\n    return None\n")
    agent = MjaiBotAgent(command)
    agent.begin(riichi.Game(seed=0), 0)
    proc = agent._proc
    assert proc is not None and proc.poll() is None
    assert "seat 0, running" in repr(agent)
    agent.close()
    assert proc.poll() is not None
    agent.close()  # twice is fine


# The mjai-bot side -----------------------------------------------------------------


def test_the_bot_answers_each_line_and_learns_its_seat() -> None:
    game = riichi.Game(seed=4)
    seat = game.current_decision[0]
    out = io.StringIO()
    lines = [
        json.dumps([{"type": "start_game", "id": seat}]),
        json.dumps(game.seat_events(seat, 1)),
    ]
    serve(ShantenAgent(0), input=io.StringIO("\n".join(lines) + "\n"), output=out)
    answers = [json.loads(x) for x in out.getvalue().splitlines()]
    assert answers[0] == {"type": "none"}
    assert answers[1]["actor"] == seat and answers[1]["type"] in ("dahai", "reach")
    # One event per line (no list) is read too.
    state = MjaiBotState(ShantenAgent(0))
    assert state.react([{"type": "start_game", "id": 1}]) == {"type": "none"}
    assert state.seat == 1


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("not json", "input line 1 is not JSON"),
        ('[{"type": "start_game"}]', 'start_game must give the bot\'s seat as "id"'),
        ("[5]", 'an event is a JSON object with a string "type"'),
        ('[{"type": "start_game", "id": 0, "rules": {"kirage": true}}]', "kirage"),
    ],
)
def test_the_bot_refuses_bad_lines(line: str, message: str) -> None:
    with pytest.raises(riichi.MahjongError, match=message):
        serve(ShantenAgent(0), input=io.StringIO(line + "\n"), output=io.StringIO())


def run_cli(*args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "riichi", "mjai-bot", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_the_cli_exits_with_an_error_line_on_bad_input() -> None:
    r = run_cli("--agent", "random", stdin='[{"type":"start_game","id":0}]\n{oops\n')
    assert r.returncode == 2
    assert r.stdout == '{"type":"none"}\n'
    assert r.stderr.startswith("error: input line 2 is not JSON")
    assert "Traceback" not in r.stderr
    # Events the engine cannot follow: a discard of a tile the seat never held.
    game = riichi.Game(seed=4)
    seat = game.current_decision[0]
    events = game.seat_events(seat, 0)
    hand = game.observation(seat).hand
    absent = next(t for t in map(riichi.Tile.from_kind, range(34)) if t not in hand).mjai
    events.append({"type": "dahai", "actor": seat, "pai": absent, "tsumogiri": False})
    r = run_cli(stdin=json.dumps(events) + "\n")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.startswith("error: input line 1: the engine cannot follow the events")


def test_the_cli_plays_a_hand_fed_by_its_events() -> None:
    game = riichi.Game(seed=4)
    seat = game.current_decision[0]
    r = run_cli("--agent", "tsumogiri", stdin=json.dumps(game.seat_events(seat)) + "\n")
    assert r.returncode == 0, r.stderr
    drawn = game.observation(seat).drawn
    assert json.loads(r.stdout) == {
        "type": "dahai",
        "actor": seat,
        "pai": drawn.mjai,
        "tsumogiri": True,
    }
