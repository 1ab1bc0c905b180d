"""The main demo: a tour of tiles, hands and hand analysis (run by `make run`)."""

import numpy as np

import riichi
from riichi.__main__ import analyze

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
