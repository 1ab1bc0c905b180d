"""Three-player games through Python: `Game` under `tenhou_sanma` and
`mahjong_soul_sanma` (three seats, kita, no chi), the `Kita` action, `play` with
three agents and `simulate(..., rules=...)` in three-player form."""

from __future__ import annotations

import pickle
import random

import pytest

import riichi
from riichi import Chi, Game, IllegalActionError, InvalidInputError, Kita, Rules
from riichi.agents import RandomAgent, ShantenAgent

SANMA = ["tenhou_sanma", "mahjong_soul_sanma"]


def test_kita_is_an_action() -> None:
    k = Kita()
    assert repr(k) == "Kita()" and k.kind == "kita" and k.tile is None
    assert isinstance(k, riichi.Action) and k == Kita() and hash(k) == hash(Kita())
    assert eval(repr(k), vars(riichi)) == k
    assert pickle.loads(pickle.dumps(k)) == k


def test_a_three_player_game_has_three_seats() -> None:
    game = Game(rules=Rules.preset("tenhou_sanma"), seed=4)
    obs = game.observation(0)
    assert len(obs.hand) == 14 and obs.tiles_left == 54
    assert obs.players == 3 and Game(seed=4).observation(0).players == 4
    assert pickle.loads(pickle.dumps(obs)).players == 3
    assert game.legal_actions(3) == []
    with pytest.raises(IllegalActionError, match="seats are 0-2"):
        game.apply(3, riichi.Pass())
    with pytest.raises(InvalidInputError, match="seat 0-2"):
        Game(rules=Rules.preset("tenhou_sanma"), first_dealer=3)
    # No tile of 2m-8m is ever dealt.
    start = game.events[1]
    assert start["type"] == "start_kyoku" and start["tehais"][3] == []
    assert start["scores"] == [35000, 35000, 35000, 0]
    tiles = [t for hand in start["tehais"] for t in hand]
    assert not any(t[0] in "2345678" and t[1] == "m" for t in tiles)


def test_every_seat_sees_the_norths_set_aside() -> None:
    # A seat sets a North aside: each seat's observation counts it, its
    # scalars say so (relative seats), and it comes back from a pickle.
    from riichi.env import SCALARS

    kita_at = [name for name, _ in SCALARS].index("kita_0")
    for seed in range(40):
        game = Game(rules=Rules.preset("tenhou_sanma"), seed=seed)
        seat = game.current_decision[0]
        if Kita() not in game.legal_actions(seat):
            continue
        assert all(game.observation(s).kita == [0, 0, 0, 0] for s in range(3))
        game.apply(seat, Kita())
        for s in range(3):
            obs = game.observation(s)
            assert obs.kita == [1 if x == seat else 0 for x in range(4)]
            assert pickle.loads(pickle.dumps(obs)) == obs
            _, scalars = obs.encode()
            relative = (seat - s) % 3
            assert list(scalars[kita_at : kita_at + 4]) == [
                0.25 if r == relative else 0.0 for r in range(4)
            ]
        return
    pytest.fail("no dealer could set a North aside at the start of 40 games")


@pytest.mark.parametrize("preset", SANMA)
def test_three_player_games_play_to_the_end(preset: str) -> None:
    rules = Rules.preset(preset)
    seen: set[str] = set()
    kita_offered = 0
    for seed in range(30):
        game = Game(rules=rules, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            seat = next(s for s in game.current_decision if game.legal_actions(s))
            legal = game.legal_actions(seat)
            assert not any(isinstance(a, Chi) for a in legal)
            if Kita() in legal:
                kita_offered += 1
                action = Kita() if rng.random() < 0.9 else rng.choice(legal)
            else:
                action = rng.choice(legal)
            game.apply(seat, action)
        seen.update(e["type"] for e in game.events)
        result = game.result
        assert result is not None
        assert result["ranks"][3] == 0 and sorted(result["ranks"][:3]) == [1, 2, 3]
        assert sum(result["points"]) == 3 * 35000
        assert result["scores"][3] == 0
        assert sum(result["scores"]) == pytest.approx(0)
    assert kita_offered > 0
    assert {"nukidora", "hora", "ryukyoku"} <= seen
    assert "chi" not in seen


def test_play_takes_one_agent_per_seat() -> None:
    rules = Rules.preset("tenhou_sanma")
    record = riichi.play([ShantenAgent(1), ShantenAgent(2), RandomAgent(3)], rules=rules, seed=5)
    assert record["result"]["ranks"][3] == 0
    with pytest.raises(InvalidInputError, match="needs 3 agents, got more than 3"):
        riichi.play([RandomAgent(i) for i in range(4)], rules=rules)
    with pytest.raises(InvalidInputError, match="needs 4 agents, got 3"):
        riichi.play([RandomAgent(i) for i in range(3)])


@pytest.mark.parametrize("agent", ["random", "tsumogiri", "shanten"])
def test_simulate_three_player_games(agent: str) -> None:
    stats = riichi.simulate(40, agent, seed=2, rules=Rules.preset("tenhou_sanma"))
    assert stats["games"] == 40
    assert stats["average_rank"][3] == 0 and sum(stats["average_rank"]) == pytest.approx(6)
    assert stats["average_points"][3] == 0
    assert sum(stats["average_points"]) == pytest.approx(105_000)
    assert stats["tsumo_wins"][3] == 0 and stats["ron_wins"][3] == 0
    if agent == "shanten":
        assert stats["yaku_counts"].get("rinshan_kaihou", 0) > 0  # won on kita replacements
