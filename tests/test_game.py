"""riichi.Game, its actions and observations, the agents, riichi.play and
riichi.simulate: the API, hidden information, legal and refused actions, set-up
situations (given walls), determinism, and whole games under every preset with the
engine's invariants checked after every action and the mjai event log replayed and
cross-checked."""

from __future__ import annotations

import copy
import itertools
import pickle
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pytest
from game_strategies import ACTIONS, ALL_TILES, fit
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import riichi
from riichi import (
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Game,
    Hand,
    IllegalActionError,
    InvalidInputError,
    Kakan,
    KyuushuKyuuhai,
    Pass,
    Pon,
    Riichi,
    Ron,
    Rules,
    Tile,
    Tsumo,
)
from riichi.agents import RandomAgent, ShantenAgent, TsumogiriAgent

PRESETS = ["tenhou", "mahjong_soul", "wrc2025", "ema2025", "mleague"]
MJAI_TYPES = {
    "start_game",
    "start_kyoku",
    "tsumo",
    "dahai",
    "chi",
    "pon",
    "daiminkan",
    "kakan",
    "ankan",
    "dora",
    "reach",
    "reach_accepted",
    "hora",
    "ryukyoku",
    "end_kyoku",
    "end_game",
}
# Every mjai tile name: 1m..9m, 1p..9p, 1s..9s, the red fives, the honors.
MJAI_TILES = {f"{n}{s}" for s in "mps" for n in range(1, 10)} | {"5mr", "5pr", "5sr"}
MJAI_TILES |= set("ESWNPFC")
OBSERVATION_FIELDS = {
    "players",
    "seat",
    "seat_wind",
    "round_wind",
    "kyoku",
    "honba",
    "riichi_sticks",
    "dealer",
    "scores",
    "dora_indicators",
    "tiles_left",
    "hand",
    "drawn",
    "rivers",
    "melds",
    "riichi",
    "concealed_counts",
    "claim",
    "furiten",
    "kita",
}
# Methods that read the fields above (the array form and the action ids).
OBSERVATION_METHODS = {"encode", "action_index", "action_from_index", "peer_ids"}
STAT_KEYS = {
    "games",
    "hands",
    "tsumo_wins",
    "ron_wins",
    "exhaustive_draws",
    "abortive_draws",
    "total_points",
    "total_ranks",
    "decisions",
    "win_rate",
    "tsumo_rate",
    "ron_rate",
    "exhaustive_draw_rate",
    "abortive_draw_rate",
    "average_points",
    "average_rank",
    "hands_per_game",
    "yaku_counts",
    "seconds",
    "games_per_second",
}
TIMING_KEYS = {"seconds", "games_per_second"}
ABORTIVE = {"kyuushu_kyuuhai", "suufon_renda", "suukaikan", "suucha_riichi", "sanchahou"}


def random_agents(seed: int) -> list[RandomAgent]:
    return [RandomAgent(seed * 4 + i) for i in range(4)]


def deciding_seat(game: Game, order: Callable[[list[int]], list[int]] = list) -> int:
    """The first seat (in `order`) of the current decision that has legal actions."""
    seats = [s for s in order(game.current_decision) if game.legal_actions(s)]
    assert seats, f"{game!r}: nobody can act, current_decision={game.current_decision}"
    return seats[0]


def run(
    agents: Sequence[Any],
    *,
    rules: Rules | None = None,
    seed: int = 0,
    check: bool = True,
    on_decision: Callable[[Game], None] | None = None,
    order: Callable[[list[int]], list[int]] = list,
    max_actions: int = 20_000,
    first_dealer: int | None = 0,
) -> Game:
    """Play a whole game like `riichi.play`, checking the engine's invariants after
    every action (and calling `on_decision` before each one)."""
    game = Game(rules=rules, seed=seed, first_dealer=first_dealer)
    for _ in range(max_actions):
        if game.is_over:
            return game
        if on_decision is not None:
            on_decision(game)
        seat = deciding_seat(game, order)
        legal = game.legal_actions(seat)
        action = agents[seat].act(game.observation(seat), legal)
        assert action in legal
        game.apply(seat, action)
        if check:
            game.check_invariants()
    raise AssertionError(f"game seeded {seed} did not end after {max_actions} actions")


def kinds(names: Iterable[str]) -> Counter[int]:
    """The kinds (0-33) of mjai tile names."""
    return Counter(Tile.from_mjai(n).kind for n in names)


def mjai(tiles: Sequence[Tile]) -> Counter[str]:
    return Counter(t.mjai for t in tiles)


# The event log: mjai, and consistent with itself ---------------------------------


class Replay:
    """Replays the mjai events of a game into what they say about the table: every
    seat's concealed tiles, rivers, melds, dora indicators, riichi, scores and
    sticks. On the way it checks the log against itself and the rules: tiles given
    up were held, payments add up (noten payments from the hands at the draw), the
    riichi yaku (riichi, double riichi, ippatsu) are the ones the log allows."""

    def __init__(self, rules: Rules | None = None) -> None:
        self.options = (rules or Rules()).to_dict()
        self.n = 0
        self.scores: list[int] = []
        self.sticks = 0
        self.types: list[str] = []
        self.first_dealer: int | None = None
        self.new_hand([[]] * 4, "")

    def new_hand(self, tehais: list[list[str]], dora: str) -> None:
        self.hands = [Counter(h) for h in tehais]
        self.rivers: list[list[str]] = [[], [], [], []]
        self.melds = [0, 0, 0, 0]
        self.meld_kinds: list[Counter[int]] = [Counter() for _ in range(4)]
        self.dora = [dora]
        self.riichi = [False] * 4
        # For the riichi yaku: double riichi (on a first discard, no call yet this
        # hand) and ippatsu (until one's next discard or any call).
        self.called = False
        self.discarded = [False] * 4
        self.double = [False] * 4
        self.ippatsu = [False] * 4
        self.before_kakan = [False] * 4  # a robbed kakan was never made

    def feed(self, events: Sequence[dict[str, Any]]) -> None:
        for e in events[self.n :]:
            self.event(e)
        self.n = len(events)

    def take(self, seat: int, tiles: Sequence[str]) -> None:
        for t in tiles:
            assert self.hands[seat][t] > 0, f"seat {seat} gives up {t} it does not hold"
            self.hands[seat][t] -= 1

    def event(self, e: dict[str, Any]) -> None:
        kind = e["type"]
        assert kind in MJAI_TYPES, e
        if not self.types:
            assert kind == "start_game", e
        assert not self.types or self.types[-1] != "end_game", f"{e} after end_game"
        self.types.append(kind)
        for key in ("pai", "dora_marker"):
            if key in e:
                assert e[key] in MJAI_TILES, e
        for key in ("consumed",):
            if key in e:
                assert set(e[key]) <= MJAI_TILES, e
        actor = e.get("actor")
        if kind == "start_kyoku":
            assert e["bakaze"] in "ESWN" and 1 <= e["kyoku"] <= 4, e
            if self.first_dealer is None:
                assert (e["bakaze"], e["kyoku"]) == ("E", 1), e
                self.first_dealer = e["oya"]
            assert e["oya"] == (self.first_dealer + e["kyoku"] - 1) % 4, e
            assert all(len(h) == 13 and set(h) <= MJAI_TILES for h in e["tehais"]), e
            if self.scores:
                assert e["scores"] == self.scores, e
                assert e["kyotaku"] == self.sticks, e
            self.scores = list(e["scores"])
            self.sticks = e["kyotaku"]
            self.new_hand(e["tehais"], e["dora_marker"])
        elif kind == "tsumo":
            self.hands[actor][e["pai"]] += 1
        elif kind == "dahai":
            self.take(actor, [e["pai"]])
            self.discarded[actor] = True
            if self.riichi[actor]:
                self.ippatsu[actor] = False
            self.rivers[actor].append(e["pai"])
        elif kind in ("chi", "pon", "daiminkan"):
            assert e["target"] != actor and self.rivers[e["target"]][-1] == e["pai"], e
            if kind == "chi":
                assert e["target"] == (actor + 3) % 4, e
            assert len(e["consumed"]) == {"chi": 2, "pon": 2, "daiminkan": 3}[kind], e
            self.take(actor, e["consumed"])
            self.melds[actor] += 1
            self.meld_kinds[actor].update(kinds([*e["consumed"], e["pai"]]))
            self.called, self.ippatsu = True, [False] * 4
        elif kind == "ankan":
            assert len(e["consumed"]) == 4, e
            self.take(actor, e["consumed"])
            self.melds[actor] += 1
            self.meld_kinds[actor].update(kinds(e["consumed"]))
            self.called, self.ippatsu = True, [False] * 4  # any kan ends every ippatsu
        elif kind == "kakan":
            self.take(actor, [e["pai"]])
            self.meld_kinds[actor].update(kinds([e["pai"]]))
            self.before_kakan = list(self.ippatsu)
            self.called, self.ippatsu = True, [False] * 4
        elif kind == "dora":
            self.dora.append(e["dora_marker"])
            assert len(self.dora) <= 5, e
        elif kind == "reach":
            assert not self.riichi[actor], e
            self.double[actor] = not self.discarded[actor] and not self.called
        elif kind == "reach_accepted":
            assert self.types[-3:-1] == ["reach", "dahai"], self.types[-4:]
            self.riichi[actor] = True
            self.ippatsu[actor] = True
            self.sticks += 1
            self.scores[actor] -= 1000
            assert e["scores"] == self.scores, e
        elif kind == "hora":
            self.hora(e)
        elif kind == "ryukyoku":
            assert sum(e["deltas"]) == 0, e
            if e["reason"] == "exhaustive":
                # Noten payments (3000 unless the rules say otherwise) from the noten
                # players to the tenpai ones.
                total = self.options["noten_payment_total"]
                tenpai = [s for s in range(4) if self.tenpai(s)]
                expected = [0] * 4
                if 0 < len(tenpai) < 4:
                    expected = [
                        total // len(tenpai) if s in tenpai else -total // (4 - len(tenpai))
                        for s in range(4)
                    ]
                assert e["deltas"] == expected, (e, tenpai, self.hands)
            elif e["reason"] != "nagashi_mangan":
                assert e["reason"] in ABORTIVE and e["deltas"] == [0] * 4, e
            self.scores = [s + d for s, d in zip(self.scores, e["deltas"], strict=True)]
            assert e["scores"] == self.scores, e
        elif kind == "end_game":
            gained = [b - a for a, b in zip(self.scores, e["scores"], strict=True)]
            assert gained == self.leftover_sticks(), (e, self.sticks)
            self.scores = e["scores"]

    def leftover_sticks(self) -> list[int]:
        """What the sticks left at the end give each seat: nothing when they stay
        unclaimed, else all to first place, ties broken by seat order from the first
        dealer or (tie_break="share") split among the tied firsts in 100-point steps,
        the larger parts to the earlier seats."""
        gained = [0] * 4
        if self.options["leftover_sticks"] == "none" or not self.sticks:
            return gained
        assert self.first_dealer is not None
        seats = [(self.first_dealer + k) % 4 for k in range(4)]
        top = max(self.scores)
        firsts = [s for s in seats if self.scores[s] == top]
        if self.options["tie_break"] == "seat":
            firsts = firsts[:1]
        q, r = divmod(10 * self.sticks, len(firsts))
        for i, s in enumerate(firsts):
            gained[s] = 100 * (q + (i < r))
        return gained

    def tenpai(self, seat: int) -> bool:
        """Tenpai for the noten payments: a wait on a kind not all four of whose copies
        the player holds itself (Tenhou: waiting on a fifth copy is noten)."""
        counts = [0] * 34
        for k, n in kinds(self.hands[seat].elements()).items():
            counts[k] += n
        if riichi.shanten(counts) != 0:
            return False
        for k in range(34):
            if counts[k] + self.meld_kinds[seat][k] < 4:
                counts[k] += 1
                complete = riichi.is_complete(counts)
                counts[k] -= 1
                if complete:
                    return True
        return False

    def riichi_yaku(self, e: dict[str, Any]) -> None:
        """Riichi, double riichi and ippatsu as the log says they should be."""
        actor = e["actor"]
        ids = {name for name, _ in e["yakus"]}
        if any(han >= 13 for _, han in e["yakus"]):
            return  # a yakuman lists only its yakuman
        riichi_ids = ids & {"riichi", "double_riichi"}
        if not self.riichi[actor]:
            assert not riichi_ids and "ippatsu" not in ids, e
            return
        assert riichi_ids == {"double_riichi" if self.double[actor] else "riichi"}, e
        before = next(t for t in reversed(self.types) if t not in ("hora", "dora"))
        chankan = before == "kakan"
        ippatsu = (self.before_kakan if chankan else self.ippatsu)[actor]
        assert ("ippatsu" in ids) == ippatsu, (e, self.types[-6:])

    def hora(self, e: dict[str, Any]) -> None:
        """A win, with its own payments (a double ron has two hora events) and the
        scores after them."""
        actor, deltas = e["actor"], e["deltas"]
        assert deltas[actor] > 0 and e["points"] > 0 and e["han"] > 0, e
        # The discarder pays a ron (a liable player may share it), everyone a tsumo.
        payers = {s for s, d in enumerate(deltas) if d < 0}
        assert all(d <= 0 for s, d in enumerate(deltas) if s != actor), e
        if e["target"] != actor:
            assert e["target"] in payers and len(payers) <= 2, e
        else:
            assert payers, e
        self.riichi_yaku(e)
        # The first winner (the nearest of a multiple ron) collects every stick on
        # the table; after it there are none left.
        assert sum(deltas) == 1000 * self.sticks, (e, self.sticks)
        self.sticks = 0
        self.scores = [s + d for s, d in zip(self.scores, deltas, strict=True)]
        assert e["scores"] == self.scores, e

    def check_observations(self, game: Game) -> None:
        """Every seat's observation agrees with the log, and holds its own hand only."""
        turn = game.current_decision[0] if game.phase == "turn" else None
        for seat in range(4):
            obs = game.observation(seat)
            assert {a for a in dir(obs) if not a.startswith("_")} == (
                OBSERVATION_FIELDS | OBSERVATION_METHODS
            )
            assert obs.seat == seat
            assert mjai(obs.hand) == +self.hands[seat], (seat, obs.hand)
            assert obs.concealed_counts == [sum(h.values()) for h in self.hands]
            assert len(obs.hand) == obs.concealed_counts[seat]
            if seat != turn:
                assert obs.drawn is None
            elif obs.drawn is not None:
                assert obs.drawn in obs.hand
            assert [[t.mjai for t, *_ in river] for river in obs.rivers] == self.rivers
            assert [len(m) for m in obs.melds] == self.melds
            assert [t.mjai for t in obs.dora_indicators] == self.dora
            assert obs.scores == self.scores
            assert obs.riichi_sticks == self.sticks
            assert obs.riichi == self.riichi
            assert obs.dealer == game.dealer == (game.first_dealer + obs.kyoku - 1) % 4
            assert game.first_dealer == self.first_dealer
            assert obs.seat_wind == "ESWN"[(seat - obs.dealer) % 4]
            # A claim is shown only to the seats asked about it.
            if game.phase == "claims" and seat in game.current_decision:
                tile, frm, kind = obs.claim
                source, giver, pai = last_tile(game)
                assert (frm, kind) == (giver, CLAIM_KIND[source]), (obs.claim, source)
                assert frm != seat and tile.kind == Tile.from_mjai(pai).kind
                if kind == "discard":
                    assert tile.mjai == self.rivers[frm][-1]
            else:
                assert obs.claim is None


def check_events(events: Sequence[dict[str, Any]], rules: Rules | None = None) -> Replay:
    replay = Replay(rules)
    replay.feed(events)
    assert replay.types[0] == "start_game" and replay.types[-1] == "end_game"
    assert replay.types.count("start_game") == replay.types.count("end_game") == 1
    assert replay.types.count("start_kyoku") == replay.types.count("end_kyoku") >= 1
    return replay


def check_result(game: Game, rules: Rules | None = None) -> None:
    rules = rules or Rules()
    result = game.result
    assert result is not None and set(result) == {"points", "ranks", "scores"}
    points, ranks, scores = result["points"], result["ranks"], result["scores"]
    assert points == game.scores == game.events[-1]["scores"]
    # Uma sums to 0 and oka makes up the difference between start and return points,
    # so the scores sum to 0 unless sticks were left unclaimed.
    start = rules.to_dict()["start_points"]
    assert abs(sum(scores) - (sum(points) - 4 * start) / 1000) < 1e-9, result
    if rules.to_dict()["leftover_sticks"] != "none":
        assert sum(points) == 4 * start and abs(sum(scores)) < 1e-9, result
    assert all(1 <= r <= 4 for r in ranks), result
    for a in range(4):
        for b in range(4):
            if points[a] > points[b]:
                assert ranks[a] < ranks[b], result
                assert scores[a] > scores[b], result
    if rules == Rules.preset("tenhou"):
        # Tenhou breaks ties by seat order from the first dealer.
        assert sorted(ranks) == [1, 2, 3, 4], result
        order = [(s - game.first_dealer) % 4 for s in range(4)]
        for a in range(4):
            for b in range(4):
                if points[a] == points[b] and order[a] < order[b]:
                    assert ranks[a] < ranks[b], (result, game.first_dealer)


# API basics -------------------------------------------------------------------------


def test_a_new_game_waits_for_the_dealers_first_discard() -> None:
    game = Game(seed=1)
    assert game.phase == "turn" and not game.is_over
    assert game.current_decision == [0]
    assert game.scores == [25_000] * 4
    assert game.result is None
    obs = game.observation(0)
    assert len(obs.hand) == 14 and obs.drawn is not None
    assert obs.concealed_counts == [14, 13, 13, 13]
    assert obs.seat_wind == "E" and obs.round_wind == "E" and obs.kyoku == 1
    assert (obs.honba, obs.riichi_sticks, obs.dealer) == (0, 0, 0)
    assert len(obs.dora_indicators) == 1
    assert obs.tiles_left == 136 - 14 - 53
    assert obs.rivers == [[], [], [], []] and obs.melds == [[], [], [], []]
    assert obs.riichi == [False] * 4
    for seat in (1, 2, 3):
        assert game.legal_actions(seat) == []
        assert len(game.observation(seat).hand) == 13
        assert game.observation(seat).seat_wind == "ESWN"[seat]
    legal = game.legal_actions(0)
    assert legal and all(isinstance(a, Action) for a in legal)
    discards = [a for a in legal if isinstance(a, Discard)]
    assert {a.tile for a in discards} == set(obs.hand)
    assert [a for a in discards if a.tsumogiri] == [Discard(obs.drawn, tsumogiri=True)]
    assert [e["type"] for e in game.events] == ["start_game", "start_kyoku", "tsumo"]
    assert repr(game) == 'Game(E1 0 honba, scores=[25000, 25000, 25000, 25000], phase="turn")'
    assert repr(obs).startswith("Observation(seat=0, E1 hand=")


def test_actions_have_readable_reprs_and_value_semantics() -> None:
    cases = [
        (Discard("5m", tsumogiri=True), 'Discard(Tile("5m"), tsumogiri=True)', "discard"),
        (Discard(Tile("0p")), 'Discard(Tile("0p"), tsumogiri=False)', "discard"),
        (Riichi("5m", tsumogiri=True), 'Riichi(Tile("5m"), tsumogiri=True)', "riichi"),
        (Chi(("3m", "4m")), 'Chi((Tile("3m"), Tile("4m")))', "chi"),
        (Pon(("5z", "5z")), 'Pon((Tile("5z"), Tile("5z")))', "pon"),
        (Daiminkan(), "Daiminkan()", "daiminkan"),
        (Ankan("1s"), 'Ankan(Tile("1s"))', "ankan"),
        (Kakan("7z"), 'Kakan(Tile("7z"))', "kakan"),
        (Tsumo(), "Tsumo()", "tsumo"),
        (Ron(), "Ron()", "ron"),
        (KyuushuKyuuhai(), "KyuushuKyuuhai()", "kyuushu_kyuuhai"),
        (Pass(), "Pass()", "pass"),
    ]
    for action, text, kind in cases:
        assert repr(action) == text
        assert action.kind == kind
        assert isinstance(action, Action)
        assert eval(text, vars(riichi)) == action  # the repr reads back
    assert isinstance(riichi.Discard("5m"), riichi.Action)
    assert Discard("5m") == Discard(Tile("5m"), tsumogiri=False)
    assert hash(Discard("5m")) == hash(Discard(Tile("5m")))
    assert Discard("5m") != Discard("5m", tsumogiri=True)
    assert Discard("5m") != Discard("0m")
    assert Discard("5m") != Riichi("5m")
    assert Discard("5m") != "5m" and Tsumo() != Ron()
    assert len({Pass(), Pass(), Tsumo(), Discard("1z"), Discard("1z")}) == 3
    assert Discard("5m").tile == Tile("5m") and Discard("5m").tiles is None
    assert Chi(("3m", "4m")).tiles == (Tile("3m"), Tile("4m")) and Chi(("3m", "4m")).tile is None
    assert Pass().tile is None and not Pass().tsumogiri
    with pytest.raises(TypeError):
        Action()  # type: ignore[call-arg]
    with pytest.raises(riichi.TileParseError):
        Discard("5x")


def test_actions_pickle() -> None:
    for action in (Discard("0m", tsumogiri=True), Chi(("3m", "4m")), Pass()):
        assert pickle.loads(pickle.dumps(action)) == action


def test_the_first_dealer() -> None:
    game = Game(seed=3, first_dealer=2)
    assert (game.first_dealer, game.dealer, game.current_decision) == (2, 2, [2])
    assert game.events[1]["oya"] == 2
    assert [game.observation(s).seat_wind for s in range(4)] == ["W", "N", "E", "S"]
    assert Game(seed=3).first_dealer == 0  # seat 0 unless told
    drawn = [Game(seed=seed, first_dealer=None).first_dealer for seed in range(40)]
    assert set(drawn) == {0, 1, 2, 3}
    assert drawn == [Game(seed=seed, first_dealer=None).first_dealer for seed in range(40)]
    with pytest.raises(InvalidInputError, match="first dealer"):
        Game(first_dealer=4)
    game = run(random_agents(2), seed=2, first_dealer=None)
    check_events(game.events)
    check_result(game)


def test_seats_out_of_range() -> None:
    game = Game(seed=2)
    for bad in (4, -1):
        with pytest.raises(InvalidInputError, match="seats are 0-3"):
            game.legal_actions(bad)
        with pytest.raises(InvalidInputError, match="seats are 0-3"):
            game.observation(bad)
        with pytest.raises(IllegalActionError, match="seats are 0-3"):
            game.apply(bad, Pass())
    with pytest.raises(InvalidInputError, match="first dealer"):
        Game(first_dealer=-1)
    with pytest.raises(InvalidInputError, match="seed"):
        Game(seed=-1)


def test_walls_are_played_first() -> None:
    wall = [Tile.from_id136(i) for i in random.Random(7).sample(range(136), 136)]
    a, b = Game(seed=1, walls=[wall]), Game(seed=2, walls=[wall])
    assert a.events == b.events
    assert a.events != Game(seed=1).events
    dealt = [t for h in a.events[1]["tehais"] for t in h] + [a.events[2]["pai"]]
    assert Counter(dealt) <= Counter(t.mjai for t in wall)
    with pytest.raises(InvalidInputError, match="136 tiles"):
        Game(walls=[wall[:135]])


# Observations never leak -----------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "seed"), [("tenhou", 0), ("tenhou", 1), *((p, 2) for p in PRESETS[1:])]
)
def test_observations_agree_with_the_log_and_hide_other_hands(preset: str, seed: int) -> None:
    """At every decision of whole games, each seat's observation is exactly what the
    mjai log says it may know: its own concealed tiles, and of the others only the
    public table (rivers, melds, counts)."""
    replay = Replay(Rules.preset(preset))

    def look(game: Game) -> None:
        replay.feed(game.events)
        replay.check_observations(game)

    agents: list[Any] = random_agents(seed)
    agents[seed % 4] = ShantenAgent()
    first = None if seed % 2 else 0  # drawn from the seed, or seat 0
    game = run(agents, rules=Rules.preset(preset), seed=seed, on_decision=look, first_dealer=first)
    replay.feed(game.events)
    assert replay.types[-1] == "end_game"


def test_observations_do_not_depend_on_other_hands() -> None:
    """Two games whose walls differ only in the hands dealt to seats 1-3 (rotated),
    everyone discarding what they draw: seat 0 sees exactly the same game."""
    base = [Tile.from_id136(i) for i in random.Random(3).sample(range(136), 136)]
    dealt = {
        s: [16 * r + 4 * s + i for r in range(3) for i in range(4)] + [48 + s] for s in range(4)
    }
    rotated = list(base)
    for a, b in ((1, 2), (2, 3), (3, 1)):
        for i, j in zip(dealt[a], dealt[b], strict=True):
            rotated[j] = base[i]
    views = []
    for wall in (base, rotated):
        game, seen = Game(walls=[wall]), []
        for _ in range(40):
            while game.phase == "claims":
                game.apply(game.current_decision[0], Pass())
            obs = game.observation(0)
            seen.append([repr(getattr(obs, f)) for f in sorted(OBSERVATION_FIELDS)])
            seat = game.current_decision[0]
            game.apply(seat, Discard(game.observation(seat).drawn, tsumogiri=True))
        views.append((seen, game.observation(1).hand))
    assert views[0][0] == views[1][0]
    assert views[0][1] != views[1][1]  # the hidden hands did differ


def test_observation_is_a_snapshot() -> None:
    game = Game(seed=3)
    before = game.observation(0)
    hand = list(before.hand)
    game.apply(0, game.legal_actions(0)[0])
    assert before.hand == hand and len(before.hand) == 14
    assert len(game.observation(0).hand) == 13


# Legal actions follow the rules ---------------------------------------------------

YAOCHUU = {0, 8, 9, 17, 18, 26, *range(27, 34)}


# The claim an observation shows, by the event that offered the tile.
CLAIM_KIND = {"dahai": "discard", "kakan": "kakan", "ankan": "ankan"}


def last_tile(game: Game) -> tuple[str, int, str]:
    """The tile being claimed: (event type, who gave it, its mjai name)."""
    e = next(e for e in reversed(game.events) if e["type"] in ("dahai", "kakan", "ankan"))
    pai = e.get("pai") or e["consumed"][0]
    return e["type"], e["actor"], pai


def kuikae(call: dict[str, Any]) -> set[int]:
    """The kinds a chi or pon forbids discarding at once (kuikae, Tenhou): the called
    kind and, after a chi on an end of the run, the kind at its other end."""
    called = Tile.from_mjai(call["pai"]).kind
    forbidden = {called}
    if call["type"] == "chi":
        run = sorted([called, *(Tile.from_mjai(t).kind for t in call["consumed"])])
        other = run[0] + 3 if called == run[0] else run[2] - 3 if called == run[2] else None
        if other is not None and other // 9 == called // 9:
            forbidden.add(other)
    return forbidden


def legality_check(rules: Rules) -> Callable[[Game], None]:
    options = rules.to_dict()
    min_points = options["riichi_min_points"] or -(10**9)
    min_wall = options["riichi_min_wall"]
    assert options["kuikae"] == "forbidden"
    return lambda game: check_legal_actions(game, min_points, min_wall)


def check_legal_actions(game: Game, min_points: int = 1000, min_wall: int = 4) -> None:
    """What `legal_actions` offers, against the rules (RULES.md §9), for every seat."""
    deciding = game.current_decision
    for seat in range(4):
        legal = game.legal_actions(seat)
        if seat not in deciding:
            assert legal == [], (seat, deciding, legal)
            continue
        assert legal and len(set(legal)) == len(legal), legal
        obs = game.observation(seat)
        kinds = {a.kind for a in legal}
        hand = Hand(obs.hand, obs.melds[seat])
        closed = all(not m.is_open for m in obs.melds[seat])
        if game.phase == "claims":
            check_claims(game, seat, obs, legal)
            continue
        assert "pass" not in kinds and {"chi", "pon", "daiminkan", "ron"}.isdisjoint(kinds)
        discards = [a for a in legal if a.kind in ("discard", "riichi")]
        tsumogiri = [a for a in discards if a.tsumogiri]
        if obs.drawn is None:  # after a chi or pon: no draw, no win
            assert not tsumogiri and "tsumo" not in kinds and "kyuushu_kyuuhai" not in kinds
            allowed = {t for t in obs.hand if t.kind not in kuikae(game.events[-1])}
            assert {a.tile for a in discards} == allowed, (obs.hand, game.events[-1], legal)
        else:
            assert {a.tile for a in tsumogiri} <= {obs.drawn}, legal
        if obs.riichi[seat]:
            # After riichi the hand no longer changes: discard the drawn tile (or win,
            # or a closed kan that keeps the waits).
            assert kinds <= {"discard", "tsumo", "ankan"}, legal
            assert [a for a in legal if a.kind == "discard"] == [Discard(obs.drawn, True)]
        elif obs.drawn is not None:
            assert {a.tile for a in legal if a.kind == "discard"} == set(obs.hand), legal
        if "tsumo" in kinds:
            assert hand.is_complete, (hand, legal)
        elif obs.drawn is not None and closed:
            assert not hand.is_complete, f"{hand}: a closed complete hand may always tsumo"
        may_riichi = (
            obs.drawn is not None
            and closed
            and not obs.riichi[seat]
            and obs.scores[seat] >= min_points
            and obs.tiles_left >= min_wall
        )
        if may_riichi:
            tenpai = set()
            for t in set(obs.hand):
                rest = list(obs.hand)
                rest.remove(t)
                if Hand(rest, obs.melds[seat]).shanten == 0:
                    tenpai.add(t)
            assert {a.tile for a in legal if a.kind == "riichi"} == tenpai, (obs.hand, legal)
        for a in legal:
            if a.kind == "riichi":
                assert closed and not obs.riichi[seat] and obs.scores[seat] >= min_points
                assert obs.tiles_left >= min_wall, (obs.tiles_left, legal)
                rest = list(obs.hand)
                rest.remove(a.tile)
                assert Hand(rest, obs.melds[seat]).shanten == 0, (obs.hand, a)
            elif a.kind == "ankan":
                assert sum(t.kind == a.tile.kind for t in obs.hand) == 4, (obs.hand, a)
            elif a.kind == "kakan":
                assert any(
                    m.kind == "pon" and m.tiles[0].kind == a.tile.kind for m in obs.melds[seat]
                )
                assert a.tile in obs.hand
            elif a.kind == "kyuushu_kyuuhai":
                assert len({t.kind for t in obs.hand} & YAOCHUU) >= 9, obs.hand
                assert not any(obs.melds) and obs.rivers[seat] == [], obs


def check_claims(game: Game, seat: int, obs: Any, legal: list[Action]) -> None:
    kinds = {a.kind for a in legal}
    assert "pass" in kinds and len(kinds) >= 2, legal  # a seat is asked to choose
    assert kinds <= {"pass", "ron", "chi", "pon", "daiminkan"}, legal
    source, giver, pai = last_tile(game)
    tile = Tile.from_mjai(pai)
    assert giver != seat
    if "ron" in kinds:
        assert Hand([*obs.hand, tile], obs.melds[seat]).is_complete, (obs.hand, tile)
        # Discard furiten: no ron while a waited tile lies in one's own river.
        waits = {t.kind for t in Hand(obs.hand, obs.melds[seat]).waits().tiles}
        river = {t.kind for t, *_ in obs.rivers[seat]}
        assert not waits & river, ("furiten", obs.hand, obs.rivers[seat])
    if source != "dahai":  # robbing a kan: only ron
        assert kinds == {"pass", "ron"}, legal
        return
    if kinds & {"chi", "pon", "daiminkan"}:
        assert not obs.riichi[seat] and obs.tiles_left > 0, legal
    for a in legal:
        if a.kind == "chi":
            assert seat == (giver + 1) % 4, legal  # only from the left
            run = sorted([t.kind for t in a.tiles] + [tile.kind])
            assert (
                run[0] < 27
                and run[0] // 9 == run[2] // 9
                and run == list(range(run[0], run[0] + 3))
            ), a
        elif a.kind == "pon":
            assert all(t.kind == tile.kind for t in a.tiles), a
        elif a.kind == "daiminkan":
            assert sum(t.kind == tile.kind for t in obs.hand) == 3, obs.hand
        if a.tiles is not None:
            assert Counter(a.tiles) <= Counter(obs.hand), (obs.hand, a)


@pytest.mark.parametrize("preset", PRESETS)
def test_legal_actions_follow_the_rules(preset: str) -> None:
    rules = Rules.preset(preset)
    check = legality_check(rules)
    for seed in range(4):
        # Random players call and kan; shanten players riichi and win.
        agents: list[Any] = random_agents(seed)
        if seed >= 2:
            agents[0] = agents[2] = ShantenAgent()
        run(agents, rules=rules, seed=seed, on_decision=check)


def test_every_legal_action_is_accepted() -> None:
    """From states along random games, each legal action of the deciding seat is
    accepted (the game replayed to that state for each)."""
    for seed, steps in ((1, 0), (2, 57), (3, 140), (4, 333), (5, 801)):
        game = advance(seed, steps)
        for seat in game.current_decision:
            for action in game.legal_actions(seat):
                fresh = advance(seed, steps)
                fresh.apply(seat, action)
                fresh.check_invariants()


# Set-up hands (`walls`) --------------------------------------------------------------


def make_wall(hands: Sequence[str], draws: str = "") -> list[Tile]:
    """A wall (in draw order) that deals `hands` (seat 0 first; each filled up to 13
    tiles from the tiles left, shuffled with a fixed seed) four tiles at a time and
    then one each, as at a table, and then draws `draws`."""
    pool = riichi.tiles_from_id136(list(range(136)))
    dealt = [riichi.parse_tiles(h) for h in [*hands, "", "", "", ""][:4]]
    drawn = riichi.parse_tiles(draws)
    for t in [*(t for h in dealt for t in h), *drawn]:
        pool.remove(t)
    random.Random(0).shuffle(pool)
    for h in dealt:
        h += [pool.pop(0) for _ in range(13 - len(h))]
    wall = [t for r in range(3) for h in dealt for t in h[4 * r : 4 * r + 4]]
    return wall + [h[12] for h in dealt] + drawn + pool


def test_a_wall_with_red_fives_the_rules_lack_is_refused() -> None:
    wall = make_wall(["123m456p789s1122z"], "1z")
    assert sum(t.is_red for t in wall) == 3
    with pytest.raises(
        riichi.InvalidInputError,
        match=r"wall 0: the wall holds 1 red 5m but the rules have 0 \(rule option red_fives\)",
    ):
        Game(rules=Rules.preset("wrc2025"), walls=[wall])
    with pytest.raises(
        riichi.InvalidInputError, match=r"wall 1: the wall holds 1 red 5p but the rules have 0"
    ):
        Game(rules=Rules(red_fives=(1, 0, 1)), walls=[fit(wall, Rules(red_fives=(1, 0, 1))), wall])
    game = Game(rules=Rules.preset("wrc2025"), walls=[fit(wall, Rules.preset("wrc2025"))])
    assert not any(t.is_red for t in game.observation(0).hand)


def hand_events(game: Game) -> list[dict[str, Any]]:
    """The events of the first hand after its first discard, up to its end_kyoku."""
    events = game.events
    end = next(i for i, e in enumerate(events) if e["type"] == "end_kyoku")
    return [e for e in events[3:end] if e["type"] not in ("dahai", "tsumo")]


def test_a_wall_deals_as_at_a_table() -> None:
    game = Game(walls=[make_wall(["123m456p789s1122z"], "1z")])
    assert game.observation(0).hand == riichi.parse_tiles("123m456p789s11122z")
    assert game.observation(0).drawn == Tile("1z")


def test_tenhou_the_dealer_wins_on_the_first_draw() -> None:
    game = Game(walls=[make_wall(["123m456p789s1122z"], "1z")])
    assert Tsumo() in game.legal_actions(0)
    game.apply(0, Tsumo())
    (hora,) = [e for e in game.events if e["type"] == "hora"]
    assert (hora["actor"], hora["target"], hora["points"]) == (0, 0, 48_000)
    assert hora["deltas"] == [48_000, -16_000, -16_000, -16_000]
    start = [e for e in game.events if e["type"] == "start_kyoku"]
    assert (start[1]["oya"], start[1]["honba"]) == (0, 1)  # the dealer keeps the deal


@pytest.mark.parametrize(("preset", "allowed"), [("tenhou", True), ("wrc2025", False)])
def test_kyuushu_kyuuhai_is_an_abortive_draw(preset: str, allowed: bool) -> None:
    # Nine kinds of terminals and honors on the first draw.
    wall = make_wall(["19m19p19s123z234m"], "5m")
    game = Game(rules=Rules.preset(preset), walls=[fit(wall, Rules.preset(preset))])
    assert (KyuushuKyuuhai() in game.legal_actions(0)) == allowed
    if not allowed:
        return
    before = game.scores
    game.apply(0, KyuushuKyuuhai())
    assert game.events[3] == {
        "type": "ryukyoku",
        "reason": "kyuushu_kyuuhai",
        "tenpais": [False] * 4,
        "deltas": [0, 0, 0, 0],
        "scores": before,
    }
    start = game.events[5]
    assert start["type"] == "start_kyoku" and (start["oya"], start["honba"]) == (0, 1)


# The dealer discards 5z at once; seats 1, 2 and 3 each wait on it (a tanki with a
# triplet of their own seat wind).
THREE_WAITS = ["5z", "123m456p789s222z5z", "123m456p789s333z5z", "123m456p789s444z5z"]


@pytest.mark.parametrize(
    ("preset", "rons", "winners"),
    [
        ("tenhou", [1, 2, 3], "sanchahou"),  # a triple ron is an abortive draw
        ("tenhou", [1, 2], [1, 2]),  # double ron
        ("tenhou", [2, 3], [2, 3]),
        ("mahjong_soul", [1, 2, 3], [1, 2, 3]),  # triple ron
        ("ema2025", [3, 1, 2], [1, 2, 3]),  # in turn order from the discarder
        ("wrc2025", [1, 2, 3], [1]),  # head bump: the nearest only
        ("mleague", [3, 2], [2]),
    ],
)
def test_multiple_ron_follows_the_rules(preset: str, rons: list[int], winners: Any) -> None:
    game = Game(
        rules=Rules.preset(preset), walls=[fit(make_wall(THREE_WAITS), Rules.preset(preset))]
    )
    game.apply(0, Discard("5z"))
    assert game.phase == "claims" and game.current_decision == [1, 2, 3]
    for seat in (1, 2, 3):
        assert set(game.legal_actions(seat)) == {Ron(), Pass()}
    for seat in (1, 2, 3):
        if game.phase == "claims" and seat not in rons:
            game.apply(seat, Pass())
    for seat in rons:
        game.apply(seat, Ron())
    game.check_invariants()
    ended = hand_events(game)
    if winners == "sanchahou":
        assert [e["type"] for e in ended] == ["ryukyoku"]
        assert ended[0]["reason"] == "sanchahou" and ended[0]["deltas"] == [0, 0, 0, 0]
        return
    assert [e["type"] for e in ended] == ["hora"] * len(winners)
    assert [e["actor"] for e in ended] == winners
    for e in ended:
        assert e["target"] == 0 and sum(e["deltas"]) == 0
        assert e["deltas"][e["actor"]] == -e["deltas"][0] >= e["points"]
    replay = Replay(Rules.preset(preset))  # each hora with its own payments, the scores adding up
    replay.feed(game.events[: game.events.index(ended[-1]) + 1])
    assert replay.scores == ended[-1]["scores"] == game.scores


# Seat 1 waits on 5z (a tanki, with its seat wind's triplet); seats 2 and 3 hold a 5z.
FURITEN = ["", "123m456p789s222z5z", "5z", "5z"]


def test_temporary_furiten_after_passing_a_win() -> None:
    game = Game(walls=[make_wall(FURITEN, "7z6z7z6z")])
    game.apply(0, Discard("7z", tsumogiri=True))
    game.apply(1, Discard("6z", tsumogiri=True))
    game.apply(2, Discard("5z"))
    assert game.phase == "claims" and game.current_decision == [1]
    assert game.legal_actions(1) == [Ron(), Pass()]
    game.apply(1, Pass())
    # Until its next draw, seat 1 may not ron the same wait from anyone.
    game.apply(3, Discard("5z"))
    assert game.phase == "turn" and game.current_decision == [0]
    assert all(e["type"] != "hora" for e in game.events)


def test_discard_furiten_forbids_ron_but_not_tsumo() -> None:
    game = Game(walls=[make_wall(FURITEN, "7z5z7z")])
    game.apply(0, Discard("7z", tsumogiri=True))
    assert Tsumo() in game.legal_actions(1)  # seat 1 draws its winning tile...
    game.apply(1, Discard("5z", tsumogiri=True))  # ...and throws it away
    assert game.current_decision == [2]
    game.apply(2, Discard("5z"))
    assert game.phase == "turn" and game.current_decision == [3]  # no ron for seat 1


@pytest.mark.parametrize("riichi_declared", [True, False])
def test_riichi_furiten_lasts_for_the_hand(riichi_declared: bool) -> None:
    game = Game(walls=[make_wall(FURITEN, "7z6z7z6z9s9p8p8s")])
    game.apply(0, Discard("7z", tsumogiri=True))
    action = Riichi if riichi_declared else Discard
    game.apply(1, action("6z", tsumogiri=True))
    pass_claims(game)
    game.apply(2, Discard("5z"))
    assert game.legal_actions(1) == [Ron(), Pass()]
    game.apply(1, Pass())
    for seat, tile in ((3, "6z"), (0, "9s"), (1, "9p"), (2, "8p")):
        game.apply(seat, Discard(tile, tsumogiri=True))
        pass_claims(game)
    game.apply(3, Discard("5z"))
    # Seat 1 has drawn since it passed: a temporary furiten is over, not a riichi one.
    assert (game.phase == "claims") != riichi_declared
    assert (Ron() in game.legal_actions(1)) != riichi_declared


@pytest.mark.parametrize(("preset", "aborted"), [("tenhou", True), ("wrc2025", False)])
def test_suufon_renda_four_first_discards_of_one_wind(preset: str, aborted: bool) -> None:
    game = Game(
        rules=Rules.preset(preset),
        walls=[fit(make_wall(["1z"] * 4, "9s8s7s6s"), Rules.preset(preset))],
    )
    for seat in range(4):
        game.apply(seat, Discard("1z"))
    types = [e["type"] for e in game.events]
    assert ("ryukyoku" in types) == aborted
    if aborted:
        draw = game.events[types.index("ryukyoku")]
        assert draw["reason"] == "suufon_renda" and draw["deltas"] == [0, 0, 0, 0]
        start = game.events[types.index("start_kyoku", 2)]
        assert (start["oya"], start["honba"]) == (0, 1)


def nagashi_wall() -> list[Tile]:
    """A wall on which seat 1 draws only terminals and honors (the others' draws and
    every hand at random, with a fixed seed)."""
    tiles = riichi.tiles_from_id136(list(range(136)))
    rng = random.Random(5)
    yaochuu = [t for t in tiles if t.is_yaochuu]
    rng.shuffle(yaochuu)
    wall: list[Tile | None] = [None] * 136
    for p in range(53, 122, 4):  # seat 1's 18 draws, without calls or kans
        wall[p] = yaochuu.pop()
    rest = [t for t in tiles if not t.is_yaochuu] + yaochuu
    rng.shuffle(rest)
    return [t if t is not None else rest.pop() for t in wall]


@pytest.mark.parametrize(("preset", "nagashi"), [("tenhou", True), ("wrc2025", False)])
def test_nagashi_mangan(preset: str, nagashi: bool) -> None:
    """Everyone discards what they draw and passes every claim: seat 1 discards only
    terminals and honors, none called."""
    game = Game(rules=Rules.preset(preset), walls=[fit(nagashi_wall(), Rules.preset(preset))])
    while not any(e["type"] == "end_kyoku" for e in game.events):
        pass_claims(game)
        seat = game.current_decision[0]
        game.apply(seat, Discard(game.observation(seat).drawn, tsumogiri=True))
    replay = Replay(Rules.preset(preset))  # checks the noten payments without nagashi
    replay.feed(game.events)
    draw = next(e for e in game.events if e["type"] == "ryukyoku")
    if nagashi:  # paid as a non-dealer's mangan tsumo
        assert draw["reason"] == "nagashi_mangan"
        assert draw["deltas"] == [-4000, 8000, -2000, -2000]
    else:
        assert draw["reason"] == "exhaustive"


@pytest.mark.parametrize(("preset", "aborted"), [("tenhou", True), ("wrc2025", False)])
def test_suucha_riichi_four_riichi_abort_the_hand(preset: str, aborted: bool) -> None:
    # Four triplets and a tanki each: everyone declares riichi with the 9s it draws.
    hands = ["111m222m333m444m5z", "555m666m777m888m6z", "111p222p333p444p7z", "666p777p888p999p1z"]
    game = Game(
        rules=Rules.preset(preset), walls=[fit(make_wall(hands, "9s9s9s9s"), Rules.preset(preset))]
    )
    for seat in range(4):
        game.apply(seat, Riichi("9s", tsumogiri=True))
        pass_claims(game)
    types = [e["type"] for e in game.events]
    assert types.count("reach_accepted") == 4
    assert ("ryukyoku" in types) == aborted
    if aborted:  # the sticks stay on the table
        draw = game.events[types.index("ryukyoku")]
        assert draw["reason"] == "suucha_riichi" and draw["scores"] == [24_000] * 4
        start = game.events[types.index("start_kyoku", 2)]
        assert (start["oya"], start["honba"], start["kyotaku"]) == (0, 1, 4)


@pytest.mark.parametrize(("preset", "aborted"), [("tenhou", True), ("wrc2025", False)])
def test_suukaikan_four_kans_by_two_players(preset: str, aborted: bool) -> None:
    game = Game(
        rules=Rules.preset(preset),
        walls=[fit(make_wall(["1111m2222m", "6666p7777p"]), Rules.preset(preset))],
    )
    game.apply(0, Ankan("1m"))
    game.apply(0, Ankan("2m"))
    game.apply(0, Discard(game.observation(0).drawn, tsumogiri=True))
    pass_claims(game)
    game.apply(1, Ankan("6p"))
    game.apply(1, Ankan("7p"))
    assert len(game.observation(1).dora_indicators) == 5  # ankan: kan dora at once
    assert not any(a.kind in ("ankan", "kakan") for a in game.legal_actions(1))  # four at most
    game.apply(1, Discard(game.observation(1).drawn, tsumogiri=True))
    pass_claims(game)
    game.check_invariants()
    draws = [e for e in game.events if e["type"] == "ryukyoku"]
    assert [e["reason"] for e in draws] == (["suukaikan"] if aborted else [])


@pytest.mark.parametrize("ron", [True, False])
def test_the_riichi_stick_is_paid_once_the_discard_passes(ron: bool) -> None:
    # The dealer is tenpai on 1z/3z at once and declares riichi with 5z, which seat 1
    # waits on.
    game = Game(walls=[make_wall(["123m456p789s1133z", *FURITEN[1:]], "5z")])
    assert Riichi("5z", tsumogiri=True) in game.legal_actions(0)
    game.apply(0, Riichi("5z", tsumogiri=True))
    assert game.phase == "claims" and game.current_decision == [1]
    assert game.observation(2).riichi_sticks == 0 and game.scores[0] == 25_000
    game.apply(1, Ron() if ron else Pass())
    types = [e["type"] for e in game.events[3:6]]
    if ron:
        # Tenhou: a riichi discard that deals in pays no stick.
        assert types == ["reach", "dahai", "hora"]
        assert game.events[5]["deltas"] == [-1600, 1600, 0, 0]
        assert game.events[7]["kyotaku"] == 0 and game.scores == [23_400, 26_600, 25_000, 25_000]
    else:
        assert types == ["reach", "dahai", "reach_accepted"]
        assert game.scores == [24_000, 25_000, 25_000, 25_000]
        obs = game.observation(1)
        assert obs.riichi == [True, False, False, False] and obs.riichi_sticks == 1


def pass_claims(game: Game) -> None:
    while game.phase == "claims":
        game.apply(game.current_decision[0], Pass())


def robbed_kakan(rules: Rules) -> Game:
    """The dealer pons seat 1's 7m, then draws the fourth 7m and adds it to the pon
    (kakan), which seat 2 (56m, an ittsu in pin) may rob: chankan."""
    wall = make_wall(["7m7m", "7m", "56m123p456p789p11s"], "9s8s1z2z3z7m")
    game = Game(rules=rules, walls=[fit(wall, rules)])
    game.apply(0, Discard("9s", tsumogiri=True))
    pass_claims(game)
    game.apply(1, Discard("7m"))
    assert set(game.legal_actions(2)) == {Ron(), Chi(("5m", "6m")), Pass()}
    game.apply(2, Pass())  # temporary furiten, until seat 2's next draw
    game.apply(0, Pon(("7m", "7m")))
    game.apply(0, game.legal_actions(0)[0])
    pass_claims(game)
    for seat in (1, 2, 3):
        game.apply(seat, Discard(game.observation(seat).drawn, tsumogiri=True))
        pass_claims(game)
    assert Kakan("7m") in game.legal_actions(0)
    game.apply(0, Kakan("7m"))
    assert game.phase == "claims" and game.current_decision == [2]
    assert game.legal_actions(2) == [Ron(), Pass()]
    return game


@pytest.mark.parametrize(
    "preset",
    [
        "tenhou",
        "mahjong_soul",
        # kan_dora_timing=immediate: still no flip when the kan is robbed (PRESETS.md).
        "mleague",
        "wrc2025",
    ],
)
def test_chankan_robs_an_added_kan(preset: str) -> None:
    game = robbed_kakan(Rules.preset(preset))
    indicators = game.observation(2).dora_indicators
    game.apply(2, Ron())
    hora = next(e for e in game.events if e["type"] == "hora")
    assert (hora["actor"], hora["target"]) == (2, 0)
    assert "chankan" in [name for name, _ in hora["yakus"]]
    # The kan was never made: no kan dora.
    assert len(indicators) == 1
    assert [e["type"] for e in game.events].count("dora") == 0


# Refused actions change nothing -----------------------------------------------------


def snapshot(game: Game) -> tuple[Any, ...]:
    observations = [
        tuple(repr(getattr(game.observation(s), f)) for f in sorted(OBSERVATION_FIELDS))
        for s in range(4)
    ]
    return (
        game.phase,
        game.events,
        game.scores,
        game.current_decision,
        [game.legal_actions(s) for s in range(4)],
        observations,
    )


def advance(seed: int, steps: int) -> Game:
    """A game seeded `seed` after `steps` random actions (or at its end)."""
    game = Game(seed=seed)
    agents = random_agents(seed)
    for _ in range(steps):
        if game.is_over:
            break
        seat = deciding_seat(game)
        game.apply(seat, agents[seat].act(game.observation(seat), game.legal_actions(seat)))
    return game


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 400),
    seat=st.integers(0, 4),
    action=ACTIONS,
    other=st.integers(0, 9),
)
def test_illegal_actions_are_refused_and_change_nothing(
    seed: int, steps: int, seat: int, action: Action, other: int
) -> None:
    game = advance(seed, steps)
    if other == 0 and game.current_decision:
        # A legal action of the deciding seat, taken by another seat.
        decider = game.current_decision[0]
        legal = game.legal_actions(decider)
        action = legal[seed % len(legal)]
        seat = (decider + 1 + seed % 3) % 4
    assume(action not in game.legal_actions(seat) if seat < 4 else True)
    before = snapshot(game)
    with pytest.raises(IllegalActionError) as err:
        game.apply(seat, action)
    assert f"seat {seat} may not" in str(err.value)
    assert snapshot(game) == before
    game.check_invariants()


@pytest.mark.parametrize("seed", range(5))
def test_the_classic_mistakes_are_refused(seed: int) -> None:
    game = advance(seed, 37 * seed)
    assert not game.is_over
    before = snapshot(game)
    turn = game.current_decision[0]
    hand = game.observation(turn).hand
    refused: list[tuple[int, Any]] = [
        ((turn + 1) % 4, game.legal_actions(turn)[0]),  # not this seat's decision
        (turn, Discard(next(t for t in ALL_TILES if t not in hand))),  # not in hand
    ]
    if Tsumo() not in game.legal_actions(turn):
        refused.append((turn, Tsumo()))
    if game.phase == "turn":
        refused.append((turn, Pass()))  # nothing to pass on
    for seat, action in refused:
        with pytest.raises(IllegalActionError):
            game.apply(seat, action)
        assert snapshot(game) == before
    for wrong in ("5m", Tile("5m"), None, 3, Discard):
        with pytest.raises(TypeError, match="apply takes an action"):
            game.apply(turn, wrong)  # type: ignore[arg-type]
        assert snapshot(game) == before


def test_nothing_is_legal_after_the_end() -> None:
    game = run(random_agents(1), seed=1)
    assert game.is_over and game.phase == "game_over" and game.current_decision == []
    before = snapshot(game)
    for seat in range(4):
        assert game.legal_actions(seat) == []
        for action in (Pass(), Tsumo(), Discard("1m")):
            with pytest.raises(IllegalActionError):
                game.apply(seat, action)
    assert snapshot(game) == before


# Determinism --------------------------------------------------------------------------


def test_the_same_seed_and_agents_give_the_same_game() -> None:
    for seed in (0, 1, 2**64 - 1):
        a = run(random_agents(5), seed=seed, check=False)
        b = run(random_agents(5), seed=seed, check=False)
        assert a.events == b.events and a.result == b.result
    first_hands = {str(Game(seed=seed).events[1]["tehais"]) for seed in range(20)}
    assert len(first_hands) == 20
    assert run(random_agents(5), seed=3).events != run(random_agents(5), seed=4).events


def test_play_matches_the_loop_and_is_deterministic() -> None:
    record = riichi.play(random_agents(9), seed=9)
    assert set(record) == {"events", "result", "decisions"}
    assert record == riichi.play(random_agents(9), seed=9)
    game = run(random_agents(9), seed=9)
    assert record["events"] == game.events and record["result"] == game.result
    assert record["decisions"] > 0
    with pytest.raises(ValueError, match="4 agents"):
        riichi.play(random_agents(0)[:3])


@pytest.mark.parametrize("seed", range(6))
def test_the_order_of_claim_answers_does_not_matter(seed: int) -> None:
    """Seats answering a claim in any order reach the same outcome (ron beats pon
    beats chi, by seat order from the discarder): each RandomAgent draws from its
    own seeded stream, so its choices do not depend on the order it is asked."""
    forward = run(random_agents(seed), seed=seed, check=False)
    backward = run(random_agents(seed), seed=seed, check=False, order=lambda s: s[::-1])
    assert forward.events == backward.events


def without_timing(stats: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in stats.items() if k not in TIMING_KEYS}


def test_simulate_is_deterministic_whatever_the_threads() -> None:
    a = riichi.simulate(24, "random", seed=5, threads=1)
    b = riichi.simulate(24, "random", seed=5, threads=2)
    c = riichi.simulate(24, "random", seed=5)
    assert without_timing(a) == without_timing(b) == without_timing(c)
    assert without_timing(riichi.simulate(24, "random", seed=6)) != without_timing(a)
    s1 = riichi.simulate(8, "shanten", seed=1, threads=2)
    s2 = riichi.simulate(8, "shanten", seed=1, threads=1)
    assert without_timing(s1) == without_timing(s2)


def test_simulate_records_are_whole_mjai_logs() -> None:
    stats = riichi.simulate(6, "shanten", seed=4, records=True)
    records = stats.pop("records")
    assert len(records) == 6
    assert without_timing(stats) == without_timing(riichi.simulate(6, "shanten", seed=4))
    hands = 0
    for events in records:
        replay = check_events(events)
        hands += replay.types.count("start_kyoku")
    assert hands == stats["hands"]
    again = riichi.simulate(6, "shanten", seed=4, records=True, threads=1)["records"]
    assert again == records


def test_simulate_streams_records_to_on_record() -> None:
    """on_record receives each game's GameRecord in game order, the same games
    records=True keeps as dicts, across parts of the run; nothing is kept."""
    got: list[riichi.GameRecord] = []
    stats = riichi.simulate(600, "tsumogiri", seed=4, threads=2, on_record=got.append)
    assert "records" not in stats and len(got) == 600
    kept = riichi.simulate(600, "tsumogiri", seed=4, threads=1, records=True)["records"]
    assert [r.events for r in got] == kept
    assert all(riichi.replay(r).ok for r in got[:20])


def test_simulate_bounds_what_it_keeps() -> None:
    with pytest.raises(
        riichi.InvalidInputError, match="at most 10000 games, got 10001; pass on_record"
    ):
        riichi.simulate(10_001, records=True)
    with pytest.raises(TypeError, match="on_record must be a callable"):
        riichi.simulate(1, on_record=[])  # type: ignore[arg-type]
    calls: list[int] = []

    def stop(record: riichi.GameRecord) -> None:
        calls.append(1)
        raise KeyError("stop")

    with pytest.raises(KeyError, match="stop"):
        riichi.simulate(10, on_record=stop)
    assert calls == [1]


# Whole games under every preset -----------------------------------------------------


def mix(i: int) -> list[Any]:
    """Seat agents of game `i`: random players (they call, kan, riichi and abort all
    over the place), and in every eighth game a ShantenAgent, who wins hands."""
    agents: list[Any] = random_agents(i)
    if i % 8 == 0:
        agents[i // 8 % 4] = ShantenAgent()
    return agents


@pytest.mark.parametrize("preset", PRESETS)
def test_self_play_keeps_every_invariant(preset: str) -> None:
    rules = Rules.preset(preset)
    head_bump = rules.to_dict()["multi_ron"] == "head_bump"
    seen: Counter[str] = Counter()
    for i in range(200):
        game = run(mix(i), rules=rules, seed=i)
        assert game.phase == "game_over"
        replay = check_events(game.events, rules)
        check_result(game, rules)
        check_length(game.events, rules)
        seen.update(replay.types)
        if head_bump:  # one winner per discard
            assert ["hora", "hora"] not in map(list, itertools.pairwise(replay.types))
    # The games went through every kind of event.
    assert set(seen) == MJAI_TYPES, MJAI_TYPES - set(seen)


def check_length(events: Sequence[dict[str, Any]], rules: Rules) -> None:
    """A hanchan plays East and South (West only as the extension), and ends early
    only when someone busts (tobi) or the last dealer stops (agari/tenpai-yame)."""
    options = rules.to_dict()
    assert options["game_length"] == "hanchan"
    starts = [e for e in events if e["type"] == "start_kyoku"]
    winds = [e["bakaze"] for e in starts]
    assert winds == sorted(winds, key="ESW".index), winds
    if not options["west_extension"]:
        assert "W" not in winds
    final = events[-1]["scores"]
    for e in starts[1:]:
        if options["tobi"]:
            assert min(e["scores"]) >= 0, e  # a player below 0 ends the game
    last = starts[-1]
    if (last["bakaze"], last["kyoku"]) < ("S", 4):
        assert options["tobi"] and min(final) < 0, (last, final)


def test_game_lengths_follow_the_rules() -> None:
    # East only (no extension into South: nobody needs the return points).
    east = Rules().replace(game_length="east", west_extension=False)
    one = Rules().replace(game_length="one_hand")
    for seed in range(10):
        game = run(random_agents(seed), rules=east, seed=seed)
        assert {e["bakaze"] for e in game.events if e["type"] == "start_kyoku"} == {"E"}
        game = run(random_agents(seed), rules=one, seed=seed)
        assert sum(e["type"] == "start_kyoku" for e in game.events) == 1


@pytest.mark.parametrize("preset", PRESETS)
def test_rust_games_replay_cleanly(preset: str) -> None:
    """The logs of games played inside Rust (`simulate(records=True)`) pass every
    check of the log: mjai, tiles, payments, riichi yaku, game length."""
    rules = Rules.preset(preset)
    for agent in ("shanten", "random"):
        stats = riichi.simulate(60, agent, seed=8, rules=rules, records=True)
        for events in stats["records"]:
            check_events(events, rules)
            check_length(events, rules)


# Results and statistics ----------------------------------------------------------------


def test_result_of_a_tenhou_game() -> None:
    game = run([ShantenAgent(), *random_agents(3)[1:]], seed=3)
    check_result(game)
    result = game.result
    assert result is not None
    # Tenhou: 30000 returned, oka 20 to first, uma 20-10.
    ranks, points, scores = result["ranks"], result["points"], result["scores"]
    uma = {1: 20 + 20, 2: 10, 3: -10, 4: -20}
    for seat in range(4):
        if ranks[seat] != 1:
            exact = (points[seat] - 30_000) / 1000 + uma[ranks[seat]]
            assert abs(scores[seat] - exact) <= 0.5, result


def test_simulate_statistics() -> None:
    stats = riichi.simulate(30, "shanten", seed=0, threads=2)
    assert set(stats) == STAT_KEYS
    assert stats["games"] == 30
    assert stats["hands"] >= 30 and stats["decisions"] > stats["hands"]
    assert stats["hands_per_game"] == pytest.approx(stats["hands"] / 30)
    rates = [*stats["win_rate"], stats["tsumo_rate"], stats["ron_rate"]]
    rates += [stats["exhaustive_draw_rate"], stats["abortive_draw_rate"]]
    assert all(0 <= r <= 1 for r in rates), stats
    wins = sum(stats["win_rate"])
    assert wins == pytest.approx(stats["tsumo_rate"] + stats["ron_rate"])
    # A hand ends in a win, or in a draw (a double ron counts two wins).
    assert wins + stats["exhaustive_draw_rate"] + stats["abortive_draw_rate"] >= 1 - 1e-9
    assert wins > 0.5, stats  # shanten players win most hands
    # Every win has a yaku (and a yakuman win only its yakuman).
    yaku = stats["yaku_counts"]
    assert all(isinstance(k, str) and n > 0 for k, n in yaku.items()), yaku
    assert sum(yaku.values()) >= round(wins * stats["hands"])
    assert yaku["riichi"] > 0.5 * wins * stats["hands"]  # shanten players always riichi
    assert sum(stats["average_rank"]) == pytest.approx(10)
    assert all(1 <= r <= 4 for r in stats["average_rank"])
    assert sum(stats["average_points"]) == pytest.approx(100_000)
    assert stats["seconds"] > 0 and stats["games_per_second"] > 0


@pytest.mark.parametrize("agent", ["random", "tsumogiri", "shanten"])
def test_simulate_every_agent_under_every_preset(agent: str) -> None:
    for preset in PRESETS:
        stats = riichi.simulate(4, agent, seed=1, rules=Rules.preset(preset))
        assert stats["games"] == 4 and stats["hands"] >= 4
        assert sum(stats["average_rank"]) <= 10 + 1e-9


def test_simulate_refuses_bad_arguments() -> None:
    with pytest.raises(InvalidInputError, match="agent"):
        riichi.simulate(1, "clever")  # type: ignore[arg-type]
    for threads in (0, -1, 257):
        with pytest.raises(InvalidInputError, match="threads"):
            riichi.simulate(1, threads=threads)
    with pytest.raises(TypeError):
        riichi.simulate(1, threads="2")  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="n_games"):
        riichi.simulate(-1)
    with pytest.raises(InvalidInputError, match="seed"):
        riichi.simulate(1, seed=-1)


# The Python agents ------------------------------------------------------------------


@pytest.mark.parametrize(
    "make", [lambda i: RandomAgent(i), lambda i: TsumogiriAgent(), lambda i: ShantenAgent()]
)
def test_each_agent_plays_whole_games(make: Callable[[int], Any]) -> None:
    for seed in range(2):
        record = riichi.play([make(seed * 4 + i) for i in range(4)], seed=seed)
        assert record["events"][-1]["type"] == "end_game"
        assert record["result"] is not None
        check_events(record["events"])


def test_shanten_agent_wins_more_than_random_agent() -> None:
    def wins(agent: Callable[[int], Any]) -> int:
        total = 0
        for seed in range(3):
            record = riichi.play([agent(seed * 4 + i) for i in range(4)], seed=seed)
            total += sum(e["type"] == "hora" for e in record["events"])
        return total

    assert wins(lambda i: ShantenAgent()) > wins(lambda i: RandomAgent(i)) + 10


def test_agents_only_choose_legal_actions() -> None:
    game = Game(seed=4)
    legal = game.legal_actions(0)
    obs = game.observation(0)
    for agent in (RandomAgent(0), TsumogiriAgent(), ShantenAgent()):
        assert agent.act(obs, legal) in legal
    assert TsumogiriAgent().act(obs, legal) == Discard(obs.drawn, tsumogiri=True)
    assert [repr(a) for a in (RandomAgent(1), TsumogiriAgent(), ShantenAgent())] == [
        "RandomAgent()",
        "TsumogiriAgent()",
        "ShantenAgent()",
    ]


def _shanten_game(rules: riichi.Rules, seed: int) -> riichi.Game:
    """A game under `rules` played to its end by four shanten agents."""
    game = riichi.Game(rules=rules, seed=seed)
    agents = [riichi.agents.ShantenAgent(seed * 4 + s) for s in range(4)]
    while not game.is_over:
        seat = next(s for s in game.current_decision if game.legal_actions(s))
        legal = game.legal_actions(seat)
        game.apply(seat, agents[seat].act(game.observation(seat), legal))
    return game


def test_the_last_dealer_may_play_on_under_yame_choice() -> None:
    rules = riichi.Rules.preset("mahjong_soul").replace(game_length="east")
    assert rules.yame_choice
    game = next(g for g in (_shanten_game(rules, s) for s in range(200)) if g.may_play_on)
    stopped = copy.deepcopy(game)
    end = game.events[-1]
    assert end["type"] == "end_game" and game.result is not None
    last_win = [e for e in game.events if e["type"] == "hora"][-1]
    honba = [e for e in game.events if e["type"] == "start_kyoku"][-1]["honba"]
    game.play_on()
    # The end taken back: the points the hand left (sticks not yet paid out),
    # and the dealer's repeat dealt with one more honba.
    assert not game.is_over and game.result is None and not game.may_play_on
    starts = [e for e in game.events if e["type"] == "start_kyoku"]
    assert starts[-1]["honba"] == honba + 1 and starts[-1]["oya"] == last_win["actor"]
    assert starts[-1]["scores"] == last_win["scores"]
    assert stopped != game
    # Pickled and copied with the choice in it; the record replays (the replay
    # plays on where the log goes on).
    again = pickle.loads(pickle.dumps(game))
    assert again == game
    agents = [riichi.agents.ShantenAgent(s) for s in range(4)]
    while not game.is_over:
        if game.may_play_on:
            game.play_on()
            continue
        seat = next(s for s in game.current_decision if game.legal_actions(s))
        game.apply(seat, agents[seat].act(game.observation(seat), game.legal_actions(seat)))
    assert riichi.replay(game.record()).ok
    assert pickle.loads(pickle.dumps(game)) == game


def test_play_on_is_refused_without_the_choice() -> None:
    game = _shanten_game(riichi.Rules(), 3)
    before = copy.deepcopy(game)
    assert not game.may_play_on
    with pytest.raises(riichi.IllegalActionError, match="yame_choice"):
        game.play_on()
    assert game == before
    running = riichi.Game(seed=1)
    with pytest.raises(riichi.IllegalActionError, match="play_on"):
        running.play_on()


def test_draws_and_discards_are_the_dicts_of_their_mjai_lines():
    """`Game.events` makes draws and discards at once: the same dicts, keys in the
    same order, as the record's mjai lines (red fives and tsumogiri included)."""
    import json
    import random

    g, rng = riichi.Game(seed=11), random.Random(11)
    while not g.is_over:
        seat = g.current_decision[0]
        legal = g.legal_actions(seat)
        g.apply(seat, rng.choice(legal))
    lines = [json.loads(x) for x in g.record().to_mjai().splitlines()]
    events = g.events
    assert len(events) == len(lines)
    kinds = {"tsumo": 0, "dahai": 0}
    for e, line in zip(events, lines, strict=True):
        if e["type"] in kinds:
            kinds[e["type"]] += 1
            assert list(e.items()) == list(line.items())
    assert min(kinds.values()) > 100
    assert any(e["type"] == "dahai" and e["pai"].endswith("r") for e in events)
    assert any(e["type"] == "dahai" and e["tsumogiri"] for e in events)
