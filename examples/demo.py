"""The main demo: a tour of tiles, hands, hand analysis and scoring (run by `make run`)."""

import numpy as np

import riichi
from riichi.__main__ import analyze, score_report

# Tiles and notations.
red = riichi.Tile("0p")
print(repr(red), red.kind, red.suit, red.number, red.is_red, red.mjai, red.unicode)
tiles = riichi.parse_tiles("123m0p77z")
print(tiles, "->", riichi.format_tiles(tiles), riichi.tiles_to_id136(tiles))

# A hand with melds: an open pon called from across, a closed kan.
hand = riichi.Hand("23m456p11z [55'5z] (1111s)")
print(repr(hand), hand.unicode, "shanten", hand.shanten)
print(analyze(hand))
print()

# A 14-tile hand: the discard table, knowing which tiles are already visible.
print(analyze(riichi.Hand("1234m067p34588s12z"), visible="258m"))
print()

# Every reading of a winning hand and its wait shapes.
for d in riichi.Hand("22334455m234p777s").decompositions(win_tile="5m"):
    print(d)

# Exactness: a tanki on a tile the hand holds four of can never come.
four = riichi.Hand("123m456p789s4444z")
print(four, "shanten", four.shanten, four.waits())

# Batch calls over numpy arrays release the GIL and use every core.
rng = np.random.default_rng(0)
walls = np.argsort(rng.random((100_000, 136)), axis=1)[:, :14] // 4
counts = np.zeros((100_000, 34), dtype=np.uint8)
np.add.at(counts, (np.arange(100_000)[:, None], walls), 1)
s = riichi.shanten_batch(counts)
print("shanten of 100,000 random 14-tile hands:", np.bincount(s + 1).tolist(), "(from -1)")

# Scoring: South wins by tsumo after riichi, with a red five and one dora.
print()
win = riichi.score(
    "234m406p789s11z555z", "5z", tsumo=True, riichi=True, seat_wind="S", dora_indicators="4p"
)
print(win)
print("payments", win.payments, "deltas (E S W N)", win.deltas())
print()

# The same report as `python -m riichi score ...`, here with one honba and a stick.
print(
    score_report(
        "234m406p789s11z555z",
        "5z",
        tsumo=True,
        riichi=True,
        seat_wind="S",
        dora_indicators="4p",
        honba=1,
        riichi_sticks=1,
    )
)
print()

# Rules change the result: 4 han 30 fu is 7700, or a mangan with kiriage.
soul = riichi.Rules.preset("mahjong_soul")
for rules in (soul, soul.replace(kiriage=True)):
    r = riichi.score(
        "233445m456p678s22s", "5m", riichi=True, dora_indicators="3p", seat_wind="W", rules=rules
    )
    limit = "no limit" if r.limit == "none" else r.limit
    print(f"{r.han} han {r.fu} fu, {limit}: {r.points}  with {rules.diff(soul) or 'Mahjong Soul'}")
print("4 han 30 fu non-dealer ron:", riichi.score_table()["non_dealer"][(4, 30)])

# Many wins at once: the same winning hand under every dora indicator.
F = riichi.SCORE_FLAGS
hands = ["22334455m234p777s"] * 34
out = riichi.score_batch(
    hands,
    ["5m"] * 34,
    flags=np.full(34, F["riichi"] | F["tsumo"], dtype=np.uint32),
    dora_indicators=np.arange(34, dtype=np.uint8)[:, None],
)
values, counts = np.unique(out["points"], return_counts=True)
shown = ", ".join(f"{v} x{n}" for v, n in zip(values.tolist(), counts.tolist(), strict=True))
print("dealer riichi tsumo under each of the 34 dora indicators:", shown)

# The game engine (in progress): whole games, step by step or played by agents.
print()
stats = riichi.simulate(20, "shanten", seed=0)
print(
    f"20 games of shanten agents: {stats['hands_per_game']:.1f} hands a game, "
    f"{100 * sum(stats['win_rate']):.0f}% of hands won "
    f"(tsumo {100 * stats['tsumo_rate']:.0f}%, ron {100 * stats['ron_rate']:.0f}%), "
    f"average ranks {[round(r, 2) for r in stats['average_rank']]}, "
    f"{stats['games_per_second']:.0f} games/s"
)

game = riichi.Game(seed=1)
me = game.observation(0)
print(me, "may:", ", ".join(repr(a) for a in game.legal_actions(0)[:3]), "...")

agents = [
    riichi.agents.ShantenAgent(),
    riichi.agents.ShantenAgent(),
    riichi.agents.TsumogiriAgent(),
    riichi.agents.RandomAgent(seed=1),
]
record = riichi.play(agents, seed=1)
for e in record["events"]:
    if e["type"] == "hora":
        how = "tsumo" if e["actor"] == e["target"] else f"ron off seat {e['target']}"
        print(f"  seat {e['actor']} wins by {how}: {e['han']} han {e['fu']} fu, {e['points']}")
result = record["result"]
print(f"{record['decisions']} decisions; points {result['points']}, ranks {result['ranks']},")
print(f"final scores {result['scores']} (uma and oka included)")
