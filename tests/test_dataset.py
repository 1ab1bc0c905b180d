"""Training data from logs: `riichi.dataset.decisions` and `encode_logs`.

The decisions of a log, applied as ids from each hand's start, make the hand the
log shows, event for event; each id is in its mask; the count is the log's
actions plus the passes it proves. The arrays of `encode_logs` are the same
decisions, encoded as `Observation.encode` encodes them."""

from __future__ import annotations

import copy
import importlib.util
import itertools
import json
import pickle
import random
from pathlib import Path

import numpy as np
import pytest

import riichi
from riichi import dataset
from riichi.env import ACTION_COUNT, PLANE_GROUPS, SCALARS

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "tenhou"
MJLOG = DATA / "mjlog"
needs_data = pytest.mark.skipif(
    not MJLOG.is_dir(), reason=f"the shared Tenhou logs are absent ({MJLOG})"
)
PASS = next(first for name, first, _, _ in riichi.env.ACTION_GROUPS if name == "pass")
PLANES = sum(count for _, _, count, _ in PLANE_GROUPS)


def mjlogs() -> list[Path]:
    return sorted(MJLOG.glob("*.mjlog")) if MJLOG.is_dir() else []


def hand_key(obs: riichi.Observation) -> tuple[int, int, int]:
    """A hand of one game: its round wind, number and honba."""
    return (obs.round_wind, obs.kyoku, obs.honba)


def play_hand(start: riichi.Game, rows: list[dataset.Decision]) -> riichi.Game:
    """`start` (a copy) with the decisions applied as ids; a seat still asked
    when the next decision is another seat's turn (or the rows end) passes: the
    passes the log cannot prove."""
    game = copy.copy(start)

    def pass_the_rest() -> None:
        for s in list(game.current_decision):
            game.apply_index(s, PASS)

    for obs, mask, action in rows:
        if game.phase == "claims" and obs.claim is None:
            pass_the_rest()
        assert obs == game.observation(obs.seat)
        assert np.array_equal(mask, game.legal_mask(obs.seat))
        game.apply_index(obs.seat, action)
    if game.phase == "claims":
        pass_the_rest()
    return game


def check_log(record: riichi.GameRecord) -> tuple[int, int]:
    """Every hand of `record` made again from its start by its decisions; the
    decisions' and the proven passes' counts."""
    starts: dict[int, riichi.Game] = {}
    ends: dict[int, riichi.Game] = {}

    def step(hand: int, game: riichi.Game) -> None:
        starts.setdefault(hand, game)
        ends[hand] = game

    report = riichi.replay(record, on_step=step)
    assert report.ok, report.mismatches[:1]
    rows = list(dataset.decisions(record))
    by_hand = [list(g) for _, g in itertools.groupby(rows, key=lambda r: hand_key(r[0]))]
    assert len(by_hand) == len(starts) == report.hands
    for h, hand_rows in enumerate(by_hand):
        game = play_hand(starts[h], hand_rows)
        want = ends[h].events
        assert game.events[: len(want)] == want, f"hand {h}"
    passes = sum(1 for r in rows if r.action == PASS)
    assert len(rows) == report.actions + passes
    return len(rows), passes


@needs_data
def test_decisions_of_every_shared_game_make_its_hands_again() -> None:
    files = mjlogs()
    assert len(files) >= 100
    total = passes = 0
    for path in files:
        n, p = check_log(riichi.logs.read_mjlog(path))
        total += n
        passes += p
    # Every game has many decisions, and the logs prove many passes.
    assert total > 100 * len(files) and passes > 10 * len(files), (total, passes)


def random_game(seed: int, rules: riichi.Rules | None = None) -> riichi.Game:
    """A whole game of random legal choices."""
    rng = random.Random(seed)
    game = riichi.Game(rules=rules, seed=seed)
    while not game.is_over:
        seat = next(s for s in game.current_decision if game.legal_actions(s))
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game


@pytest.mark.parametrize("preset", ["tenhou", "mahjong_soul", "tenhou_sanma"])
def test_decisions_of_engine_games_replay_them(preset: str) -> None:
    rules = riichi.Rules.preset(preset)
    for seed in range(4):
        game = random_game(seed, rules)
        record = game.record()
        rows = list(dataset.decisions(record))
        # One seat's rows are its share of all, in the same order.
        mine = list(dataset.decisions(record, seat=1))
        assert [r.action for r in mine] == [r.action for r in rows if r.observation.seat == 1]
        assert all(r.observation.seat == 1 for r in mine)
        # The ids decode to legal actions of the seat at that point.
        for obs, mask, action in rows[:300]:
            assert mask.shape == (ACTION_COUNT,) and mask.dtype == np.bool_
            assert mask[action]
            assert obs.action_index(obs.action_from_index(action)) == action
        check_log(record)


def test_pass_decisions_are_the_ones_the_log_proves() -> None:
    # A chi claimed while another seat could pon it: the pon's pass is proven;
    # a pon claimed while the next seat could chi: that seat's wish is unknown.
    for seed in range(40):
        record = random_game(seed).record()
        got = riichi.dataset._log_decisions(record)
        assert got["decisions"] == got["actions_in_log"] + got["passes"]
        assert got["passes"] == int(np.sum(got["actions"] == PASS))
        if got["unproven_passes"]:
            return
    pytest.fail("no game of 40 left a pass unproven")


def test_decisions_refuse_a_bad_seat_and_a_log_that_does_not_replay() -> None:
    record = random_game(1).record()
    with pytest.raises(riichi.InvalidInputError, match="seats are 0-3, got 4"):
        list(dataset.decisions(record, seat=4))
    sanma = random_game(1, riichi.Rules.preset("tenhou_sanma")).record()
    with pytest.raises(riichi.InvalidInputError, match="seat 3: the record's seats are 0-2"):
        list(dataset.decisions(sanma, seat=3))
    # The first discard changed to a tile its seat does not hold: the log no
    # longer replays, and nothing is yielded.
    lines = [json.loads(line) for line in record.to_mjai().splitlines()]
    start = next(e for e in lines if e["type"] == "start_kyoku")
    first = next(e for e in lines if e["type"] == "dahai")
    held = start["tehais"][first["actor"]] + [first["pai"]]
    first["pai"] = next(t for t in ("E", "S", "W", "N", "P", "F", "C") if t not in held)
    first["tsumogiri"] = False
    bad = riichi.logs.read_mjai("\n".join(json.dumps(e) for e in lines))
    with pytest.raises(riichi.LogParseError, match="does not replay"):
        next(dataset.decisions(bad))
    with pytest.raises(TypeError):
        list(dataset.decisions(12))  # type: ignore[arg-type]


def test_decisions_take_a_path_text_or_bytes(tmp_path: Path) -> None:
    record = random_game(5).record()
    path = tmp_path / "game.mjson"
    path.write_text(record.to_mjai(), encoding="utf-8")
    want = [(r.action, r.observation) for r in dataset.decisions(record)]
    for src in (path, str(path), record.to_mjai(), record.to_mjai().encode()):
        assert [(r.action, r.observation) for r in dataset.decisions(src)] == want
    row = next(dataset.decisions(record))
    assert pickle.loads(pickle.dumps(row.observation)) == row.observation


@needs_data
def test_encode_logs_rows_are_the_decisions_encoded() -> None:
    files = mjlogs()[:5]
    arrays = dataset.encode_logs(files)
    assert isinstance(arrays, dict)
    n = len(arrays["action"])
    tokens = dataset.encode_logs(files[:1], "tokens", oracle=True)
    for name, (dtype, _) in dataset.COLUMNS.items():
        got = arrays.get(name, tokens.get(name))
        assert got.dtype == np.dtype(dtype), name
        if name != "tokens":
            assert len(got) == (n if name in arrays else len(tokens["action"])), name
    assert set(dataset.COLUMNS) == set(arrays) | set(tokens)
    assert arrays["planes"].shape == (n, PLANES, 34)
    assert arrays["scalars"].shape == (n, len(SCALARS))
    assert arrays["mask"][np.arange(n), arrays["action"]].all()
    assert set(np.unique(arrays["game"])) == set(range(5))
    assert set(np.unique(arrays["rank"])) == {1, 2, 3, 4}
    # Game by game: the rows are the decisions, encoded as Observation.encode does.
    for g, path in enumerate(files):
        rows = list(dataset.decisions(riichi.logs.read_mjlog(path)))
        at = np.flatnonzero(arrays["game"] == g)
        assert len(at) == len(rows)
        assert [r.action for r in rows] == arrays["action"][at].tolist()
        for k in range(0, len(rows), 97):
            obs, mask, _ = rows[k]
            planes, scalars = obs.encode()
            assert np.array_equal(arrays["planes"][at[k]], planes)
            assert np.array_equal(arrays["scalars"][at[k]], scalars)
            assert np.array_equal(arrays["mask"][at[k]], mask)
            assert arrays["seat"][at[k]] == obs.seat
            assert arrays["turn"][at[k]] == len(obs.rivers[obs.seat])
    # A hand's delta is the same on all its rows of one seat, and the deltas of
    # a hand's four seats add up to what the table kept or gave (sticks).
    first = arrays["game"] == 0
    for h in np.unique(arrays["hand"][first]):
        rows = first & (arrays["hand"] == h)
        per_seat = {
            s: set(arrays["hand_delta"][rows & (arrays["seat"] == s)].tolist()) for s in range(4)
        }
        assert all(len(v) <= 1 for v in per_seat.values())


@needs_data
def test_encode_logs_threads_oracle_seat_and_shards(tmp_path: Path) -> None:
    files = mjlogs()[:4]
    one = dataset.encode_logs(files, threads=1)
    two = dataset.encode_logs(files, threads=2)
    assert all(np.array_equal(one[k], two[k]) for k in one)
    oracle = dataset.encode_logs(files, oracle=True)
    assert oracle["planes"].shape[1] > PLANES
    assert np.array_equal(oracle["planes"][:, :PLANES], one["planes"])
    south = dataset.encode_logs(files, seat=1)
    assert np.array_equal(south["action"], one["action"][one["seat"] == 1])
    seen: list[tuple[int, int]] = []
    shards = dataset.encode_logs(
        files, out=tmp_path / "shards", shard_games=3, progress=lambda d, t: seen.append((d, t))
    )
    assert [p.name for p in shards] == ["shard-00000.npz", "shard-00001.npz"]
    loaded = [np.load(p) for p in shards]
    for k in one:
        assert np.array_equal(np.concatenate([s[k] for s in loaded]), one[k]), k
    assert seen[-1] == (4, 4) and all(d <= t for d, t in seen)


@needs_data
def test_man_pin_swap_is_a_position_as_legal_as_the_first() -> None:
    arrays = dataset.encode_logs(mjlogs()[:2])
    swapped = dataset.swap_man_pin(arrays)
    n = len(arrays["action"])
    assert swapped["mask"][np.arange(n), swapped["action"]].all()
    again = dataset.swap_man_pin(swapped)
    assert all(np.array_equal(again[k], arrays[k]) for k in arrays)
    # Channel "hand": the characters of one are the circles of the other.
    assert np.array_equal(swapped["planes"][:, 0, 9:18], arrays["planes"][:, 0, :9])
    # A discard of 1m becomes a discard of 1p; the red 0m a red 0p.
    assert riichi.env.action_name(int(dataset.swap_man_pin(
        {"planes": arrays["planes"][:1], "mask": arrays["mask"][:1],
         "action": np.array([0], dtype=np.int16)})["action"][0])) == "discard 1p"  # fmt: skip
    both = dataset.encode_logs(mjlogs()[:2], augment=True)
    assert len(both["action"]) == 2 * n
    assert np.array_equal(both["action"][n:], swapped["action"])


_TILE_NAMES = [str(riichi.Tile.from_kind(k)) for k in range(34)] + ["0m", "0p", "0s"]


@needs_data
def test_encode_logs_tokens_are_each_decisions_tokens() -> None:
    files = mjlogs()[:3]
    arrays = dataset.encode_logs(files, "tokens", threads=2)
    planes = dataset.encode_logs(files)
    assert "planes" not in arrays
    assert np.array_equal(arrays["action"], planes["action"])
    assert np.array_equal(arrays["scalars"], planes["scalars"])
    start, count = arrays["token_start"], arrays["token_count"]
    assert start[0] == 0 and np.array_equal(start[1:], np.cumsum(count)[:-1])
    assert len(arrays["tokens"]) == count.sum()
    # Row by row, the tokens agree with the decision's observation: the seat's
    # own discards are its river, and a claim's tile is the last discard.
    rows = np.flatnonzero(arrays["game"] == 1)
    decisions = list(dataset.decisions(files[1]))
    assert len(rows) == len(decisions)
    for r, (obs, _, _) in zip(rows, decisions, strict=True):
        got = arrays["tokens"][start[r] : start[r] + count[r]]
        own_discards = got[(got[:, 0] == 4) & (got[:, 1] == 0), 2]
        assert [str(t[0]) for t in obs.rivers[obs.seat]] == [
            _TILE_NAMES[int(t)] for t in own_discards
        ]
        if obs.claim is not None and obs.claim[2] == "discard":
            assert _TILE_NAMES[int(got[got[:, 0] == 4][-1, 2])] == str(obs.claim[0])
    with_oracle = dataset.encode_logs(files[:1], "tokens", oracle=True)
    assert with_oracle["oracle"].shape[1:] == (23, 34)
    swapped = dataset.swap_man_pin(arrays)
    assert np.array_equal(dataset.swap_man_pin(swapped)["tokens"], arrays["tokens"])
    both = dataset.encode_logs(files, "tokens", augment=True)
    n = len(arrays["action"])
    second = both["tokens"][both["token_start"][n] : both["token_start"][n] + count[0]]
    np.testing.assert_array_equal(second, swapped["tokens"][: count[0]])
    # A discard of 1m (tile 0) is one of 1p (tile 9) once swapped; 37 and 38 stay.
    one = swapped["tokens"][arrays["tokens"][:, 2] == 0]
    assert len(one) and (one[:, 2] == 9).all()
    assert (swapped["tokens"][:, 5:] == 38).sum() == (arrays["tokens"][:, 5:] == 38).sum()


def test_encode_logs_refuses_what_it_cannot_take(tmp_path: Path) -> None:
    with pytest.raises(TypeError, match="not one"):
        dataset.encode_logs("game.mjlog")
    with pytest.raises(ValueError, match="encoding"):
        dataset.encode_logs([], encoding="words")
    with pytest.raises(ValueError, match="shard_games"):
        dataset.encode_logs([], out=tmp_path, shard_games=0)
    with pytest.raises(riichi.InvalidInputError, match=r"missing\.mjlog"):
        dataset.encode_logs([tmp_path / "missing.mjlog"])
    empty = dataset.encode_logs([])
    assert isinstance(empty, dict)
    assert empty["planes"].shape == (0, PLANES, 34)
    no_tokens = dataset.encode_logs([], encoding="tokens")
    assert no_tokens["tokens"].shape == (0, 8) and len(no_tokens["token_start"]) == 0


def test_the_behaviour_cloning_example_learns_the_agents_choices() -> None:
    path = Path(__file__).resolve().parents[1] / "examples" / "behaviour_cloning.py"
    spec = importlib.util.spec_from_file_location("behaviour_cloning", path)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    # Far above a random legal id (about 19% on these games).
    assert example.main(games=16, epochs=3) > 0.4
