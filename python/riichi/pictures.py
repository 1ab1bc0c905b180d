"""Pictures drawn by the package: SVG of tiles, melds, hands, wins and tables,
and terminal text of tiles.

Every picture is built here from the objects' own properties, with no image,
font file or network: each tile face is drawn once as an SVG group (`<g
id="riichi-5p">`, `riichi-0p` for a red five, `riichi-back` for a face-down
tile) and placed with `<use href="#riichi-5p">`; a called tile lies sideways
(`class="sideways"`), a red five is drawn red. Importing `riichi` gives the
objects their notebook pictures (`_repr_svg_`, `_repr_html_`): `Tile`, `Meld`,
`Hand`, `ScoreResult`, `Observation` and `Game` (the table), and `GameRecord`
(the game viewer of `riichi.viewer`).

>>> import riichi
>>> svg = riichi.pictures.hand_svg(riichi.Hand("123m0p55p789s11z [55'5z]"))
>>> svg.count("<use ")
14
>>> riichi.pictures.terminal("50m7z")
'🀋 🀋ʳ🀄'
"""

from __future__ import annotations

import html
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from riichi._core import (
    Game,
    GameRecord,
    Hand,
    Meld,
    Observation,
    ScoreResult,
    Tile,
    parse_tiles,
)

__all__ = [
    "Table",
    "hand_svg",
    "meld_svg",
    "score_html",
    "score_svg",
    "table_svg",
    "terminal",
    "tile_defs",
    "tile_svg",
]

W, H = 30, 40
"""A tile's width and height in picture units (a sideways tile is H wide, W tall)."""

BLUE, GREEN, RED, INK = "#1f4e9c", "#1b7f3b", "#c8102e", "#1a1a1a"
FACE, EDGE = "#fbf8ee", "#8a7f66"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
WINDS = ("E", "S", "W", "N")
WIND_NAMES = ("East", "South", "West", "North")
RED_MARK = "ʳ"
"""What follows a red five in terminal text (other tiles are followed by a space)."""


# Terminal text ---------------------------------------------------------------------


def _cells(ch: str) -> int:
    return 2 if unicodedata.east_asian_width(ch) in "WF" else 1


def terminal(tiles: Hand | Meld | Tile | str | Iterable[Tile | str]) -> str:
    """Tiles as Unicode mahjong characters for a terminal, every tile two cells
    wide so that rows line up: a tile one cell wide is followed by a space, a red
    five by `ʳ`, and the wide 🀄 stands alone. A hand's melds follow, each in
    `[...]` (open) or `(...)` (a closed kan)."""
    if isinstance(tiles, Hand):
        parts = [terminal(tiles.concealed)]
        for m in tiles.melds:
            inner = terminal(m.tiles)
            parts.append(f"({inner})" if m.kind == "ankan" else f"[{inner}]")
        return " ".join(parts)
    if isinstance(tiles, Meld):
        return terminal(tiles.tiles)
    if isinstance(tiles, Tile):
        tiles = [tiles]
    elif isinstance(tiles, str):
        tiles = parse_tiles(tiles)
    out = []
    for t in tiles:
        t = Tile(t)
        ch = t.unicode
        pad = "" if _cells(ch) == 2 else (RED_MARK if t.is_red else " ")
        out.append(ch + pad)
    return "".join(out)


# Tile faces ------------------------------------------------------------------------


def _pip(cx: float, cy: float, r: float, color: str) -> str:
    return (
        f"<circle cx='{cx}' cy='{cy}' r='{r}' fill='{color}'/>"
        f"<circle cx='{cx}' cy='{cy}' r='{r * 0.58:.2f}' fill='{FACE}'/>"
        f"<circle cx='{cx}' cy='{cy}' r='{r * 0.28:.2f}' fill='{color}'/>"
    )


_B, _G, _R = BLUE, GREEN, RED
PIN_LAYOUT: dict[int, Sequence[tuple[float, float, float, str]]] = {
    2: [(15, 11, 6, _G), (15, 29, 6, _B)],
    3: [(8, 9, 5, _B), (15, 20, 5, _R), (22, 31, 5, _G)],
    4: [(9, 11, 5, _B), (21, 11, 5, _G), (9, 29, 5, _G), (21, 29, 5, _B)],
    5: [(8, 9, 4.6, _B), (22, 9, 4.6, _G), (15, 20, 4.6, _R), (8, 31, 4.6, _G), (22, 31, 4.6, _B)],
    6: [(9, 8, 4.2, _G), (21, 8, 4.2, _G)] + [(x, y, 4.2, _R) for y in (22, 32) for x in (9, 21)],
    7: [(7, 6.5, 3.6, _G), (15, 10.5, 3.6, _G), (23, 14.5, 3.6, _G)]
    + [(x, y, 3.8, _R) for y in (23.5, 32.5) for x in (9, 21)],
    8: [(x, y, 3.8, _B) for y in (7, 15.7, 24.3, 33) for x in (9, 21)],
    9: [(x, y, 3.6, c) for y, c in ((8.5, _B), (20, _R), (31.5, _G)) for x in (7.5, 15, 22.5)],
}
"""Each pin tile's circles: centre, radius and colour (1p is drawn apart)."""

SOU_LAYOUT: dict[int, Sequence[tuple[float, float, float, str]]] = {
    2: [(15, 11, 13, _G), (15, 29, 13, _B)],
    3: [(15, 11, 13, _G), (9, 29, 13, _G), (21, 29, 13, _G)],
    4: [(9, 11, 13, _G), (21, 11, 13, _B), (9, 29, 13, _B), (21, 29, 13, _G)],
    5: [(7, 11, 13, _G), (23, 11, 13, _B), (15, 20, 13, _R), (7, 29, 13, _B), (23, 29, 13, _G)],
    6: [(x, y, 13, _G) for y in (11, 29) for x in (7, 15, 23)],
    7: [(15, 7, 9, _R)] + [(x, y, 10, _G) for y in (19.5, 31.5) for x in (7, 15, 23)],
    8: [(x, y, 13, _G) for y in (11, 29) for x in (6, 12, 18, 24)],
    9: [(x, y, 10, _R if x == 15 else _G) for y in (8, 20, 32) for x in (7, 15, 23)],
}
"""Each sou tile's sticks: centre, height and colour (1s is drawn apart)."""


def _stick(cx: float, cy: float, h: float, color: str) -> str:
    top = cy - h / 2
    return (
        f"<rect x='{cx - 1.9:.1f}' y='{top:.1f}' width='3.8' height='{h}' rx='1.9' "
        f"fill='{color}'/><line x1='{cx - 1.9:.1f}' x2='{cx + 1.9:.1f}' y1='{cy}' y2='{cy}' "
        f"stroke='{FACE}' stroke-width='0.9'/>"
    )


def _text(x: float, y: float, s: str, size: float, color: str, weight: int = 700) -> str:
    return (
        f"<text x='{x}' y='{y}' font-size='{size}' font-weight='{weight}' fill='{color}' "
        f"text-anchor='middle' font-family='{FONT}'>{html.escape(s)}</text>"
    )


def _pin_face(n: int, red: bool) -> str:
    if n == 1:
        return (
            f"<circle cx='15' cy='20' r='11' fill='{GREEN}'/>"
            f"<circle cx='15' cy='20' r='8.5' fill='{FACE}'/>"
            f"<circle cx='15' cy='20' r='6.5' fill='{RED}'/>"
            f"<circle cx='15' cy='20' r='3.2' fill='{FACE}'/>"
            f"<circle cx='15' cy='20' r='1.6' fill='{RED}'/>"
        )
    return "".join(_pip(x, y, r, RED if red else c) for x, y, r, c in PIN_LAYOUT[n])


def _sou_face(n: int, red: bool) -> str:
    if n == 1:
        # One tall stick crowned with a red knot, like the bird that usually
        # stands there.
        return _stick(15, 22, 24, GREEN) + f"<circle cx='15' cy='8' r='3.6' fill='{RED}'/>"
    return "".join(_stick(x, y, h, RED if red else c) for x, y, h, c in SOU_LAYOUT[n])


def _man_face(n: int, red: bool) -> str:
    return _text(15, 22, str(n), 20, RED if red else INK) + _text(15, 35, "m", 12, RED, 700)


def _honor_face(n: int) -> str:
    if n <= 4:
        return _text(15, 28, WINDS[n - 1], 22, INK)
    if n == 5:  # haku: a blue frame on a blank face
        return (
            f"<rect x='7' y='8' width='16' height='24' rx='2' fill='none' stroke='{BLUE}' "
            f"stroke-width='2'/><rect x='10' y='11' width='10' height='18' fill='none' "
            f"stroke='{BLUE}' stroke-width='0.8'/>"
        )
    if n == 6:  # hatsu
        return _text(15, 28, "F", 22, GREEN)
    # chun: the character 中 drawn as strokes
    return (
        f"<rect x='6.5' y='13' width='17' height='12' fill='none' stroke='{RED}' "
        f"stroke-width='2.6'/><line x1='15' x2='15' y1='6' y2='35' stroke='{RED}' "
        f"stroke-width='2.8'/>"
    )


def _face(code: str) -> str:
    """The drawing of a tile (mpsz code such as `5p`, `0p`, `7z`, or `back`) in a
    W x H box at the origin."""
    if code == "back":
        return (
            f"<rect x='0.75' y='0.75' width='{W - 1.5}' height='{H - 1.5}' rx='4' "
            f"fill='#d98c2b' stroke='#8a5a1a' stroke-width='1.5'/>"
            f"<rect x='4' y='4' width='{W - 8}' height='{H - 8}' rx='2' fill='none' "
            f"stroke='#f2c27a' stroke-width='1'/>"
        )
    body = (
        f"<rect x='0.75' y='0.75' width='{W - 1.5}' height='{H - 1.5}' rx='4' "
        f"fill='{FACE}' stroke='{EDGE}' stroke-width='1.5'/>"
    )
    digit, suit = int(code[0]), code[1]
    red = digit == 0
    n = 5 if red else digit
    draw = {"p": _pin_face, "s": _sou_face, "m": _man_face}
    inner = _honor_face(n) if suit == "z" else draw[suit](n, red)
    return body + inner


ALL_CODES = tuple(
    [f"{n}{s}" for s in "mps" for n in (1, 2, 3, 4, 0, 5, 6, 7, 8, 9)]
    + [f"{n}z" for n in range(1, 8)]
    + ["back"]
)


def tile_defs(codes: Iterable[str] = ALL_CODES) -> str:
    """The `<defs>` of the tile faces named (mpsz codes, `back`), each a group
    `riichi-<code>` that a `<use>` places."""
    groups = "".join(f"<g id='riichi-{c}'>{_face(c)}</g>" for c in sorted(set(codes)))
    return f"<defs>{groups}</defs>"


def code(tile: Tile | None) -> str:
    """A tile's face name: its mpsz code (`0p` a red five), `back` for `None`."""
    return "back" if tile is None else str(tile)


# Placing tiles -----------------------------------------------------------------------


@dataclass
class Piece:
    """One tile to place in a row: its face, how it lies and its CSS classes.
    `pose` is `up`, `sideways`, or `stacked` (a kakan's added tile, lying on the
    sideways tile before it); `gap` is the space left before it."""

    face: str
    pose: str = "up"
    classes: tuple[str, ...] = ()
    gap: float = 0


FADED = {"taken": 0.4, "tsumogiri": 0.82}
"""How faint a river tile is drawn: one another player called, a draw
discarded at once (tsumogiri)."""


def _use(face: str, x: float, y: float, sideways: bool, classes: Sequence[str]) -> str:
    cls = " ".join(([] if not sideways else ["sideways"]) + list(classes))
    attr = f" class='{cls}'" if cls else ""
    faint = min((FADED[c] for c in classes if c in FADED), default=None)
    if faint is not None:
        attr += f" opacity='{faint}'"
    if sideways:
        # Turned a quarter left, lying on the row's baseline: H wide, W tall.
        return (
            f"<use href='#riichi-{face}'{attr} transform='translate({x:g},{y + H:g}) rotate(-90)'/>"
        )
    return f"<use href='#riichi-{face}'{attr} x='{x:g}' y='{y:g}'/>"


def row_width(pieces: Sequence[Piece]) -> float:
    """The width the pieces take side by side."""
    return sum(
        p.gap + (0 if p.pose == "stacked" else H if p.pose == "sideways" else W) for p in pieces
    )


def place_row(pieces: Sequence[Piece], x: float, y: float) -> str:
    """The pieces side by side from `x`, upright tiles' tops at `y` (sideways ones
    lie on the same baseline; a stacked tile lies on the one before it)."""
    out = []
    last_x = x
    for p in pieces:
        x += p.gap
        if p.pose == "stacked":
            out.append(_use(p.face, last_x, y - W, True, p.classes))
            continue
        sideways = p.pose == "sideways"
        out.append(_use(p.face, x, y, sideways, p.classes))
        last_x = x
        x += H if sideways else W
    return "".join(out)


def _tile_piece(t: Tile | None, *classes: str, pose: str = "up", gap: float = 0) -> Piece:
    extra = ("red",) if t is not None and t.is_red else ()
    return Piece(code(t), pose, (*classes, *extra), gap)


def meld_pieces(meld: Meld) -> list[Piece]:
    """A meld as on the table: the called tile sideways on the side it came from
    (first from the left, second from across, last from the right), a kakan's
    added tile lying on it, an ankan's two end tiles face down (a red five face
    up)."""
    tiles = list(meld.tiles)
    if meld.kind == "ankan":
        # Sorted with a red five first, so a red five is among the two shown.
        return [Piece("back"), _tile_piece(tiles[0]), _tile_piece(tiles[1]), Piece("back")]
    added = meld.added
    if added is not None:
        tiles.remove(added)
    pieces = [_tile_piece(t) for t in tiles]
    called, source = meld.called, meld.called_from
    if called is not None and source is not None:
        i = tiles.index(called)
        del tiles[i], pieces[i]
        at = {"left": 0, "across": 1, "right": len(tiles)}[source]
        pieces.insert(at, _tile_piece(called, "called", pose="sideways"))
        if added is not None:
            pieces.insert(at + 1, _tile_piece(added, "added", pose="stacked"))
    elif added is not None:
        pieces.append(_tile_piece(added, "added"))
    return pieces


def melds_pieces(melds: Sequence[Meld], gap: float = 6) -> list[Piece]:
    """Melds one after another, `gap` apart."""
    out: list[Piece] = []
    for m in melds:
        ps = meld_pieces(m)
        ps[0].gap = gap if out else 0
        out.extend(ps)
    return out


def _lift(pieces: Sequence[Piece]) -> float:
    """The room a row needs above its tiles (a stacked kakan tile)."""
    return 2 * W - H if any(p.pose == "stacked" for p in pieces) else 0


# Documents ---------------------------------------------------------------------------


def document(
    body: str,
    width: float,
    height: float,
    title: str = "",
    x0: float = 0,
    y0: float = 0,
    faces: Iterable[str] | None = None,
) -> str:
    """A standalone SVG document: the tile faces it uses, then `body`."""
    if faces is None:
        faces = {f for f in ALL_CODES if f"#riichi-{f}'" in body}
    head = f"<title>{html.escape(title)}</title>" if title else ""
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' class='riichi' viewBox='{x0:g} {y0:g} "
        f"{width:g} {height:g}' width='{width:g}' height='{height:g}'>{head}"
        f"{tile_defs(faces)}{body}</svg>"
    )


def pieces_svg(pieces: Sequence[Piece], title: str = "", pad: float = 2) -> str:
    """A row of pieces as a standalone SVG."""
    lift = _lift(pieces)
    body = place_row(pieces, pad, pad + lift)
    return document(body, row_width(pieces) + 2 * pad, H + lift + 2 * pad, title)


def tile_svg(tile: Tile) -> str:
    """One tile."""
    return pieces_svg([_tile_piece(tile)], _tile_title(tile))


def _tile_title(t: Tile) -> str:
    return f"{t} (red five)" if t.is_red else str(t)


def meld_svg(meld: Meld) -> str:
    """A meld, the called tile sideways."""
    return pieces_svg(meld_pieces(meld), f"{meld.kind} {meld}")


def hand_pieces(
    concealed: Sequence[Tile],
    melds: Sequence[Meld],
    apart: Tile | None = None,
    apart_class: str = "drawn",
) -> list[Piece]:
    """A hand's row: its concealed tiles, the tile `apart` (a draw, a winning
    tile) after a gap, then its melds after a wider one."""
    pieces = [_tile_piece(t) for t in concealed]
    if apart is not None:
        pieces.append(_tile_piece(apart, apart_class, gap=10))
    ms = melds_pieces(melds)
    if ms:
        ms[0].gap = 14
    return pieces + ms


def hand_svg(hand: Hand) -> str:
    """A hand: its concealed tiles, then its melds as on the table."""
    return pieces_svg(hand_pieces(hand.concealed, hand.melds), str(hand))


# Wins ----------------------------------------------------------------------------------


def _win_pieces(result: ScoreResult) -> list[Piece]:
    hand, win = result.hand, result.win_tile
    if hand is None or win is None:  # nagashi mangan: no hand to show
        return []
    rest = hand.without_tile(win).concealed if win in hand.concealed else hand.concealed
    return hand_pieces(rest, hand.melds, win, "win")


def score_summary(result: ScoreResult) -> str:
    """`5 han 40 fu, mangan: 8000` (a yakuman: `yakuman: 32000`)."""
    if result.yakuman:
        n = result.yakuman_multiplier
        value = "yakuman" if n == 1 else f"{n}x yakuman"
    else:
        value = f"{result.han} han {result.fu} fu"
        if result.limit != "none":
            value += f", {result.limit}"
    how = "tsumo" if result.tsumo else "ron"
    return f"{value}: {result.points} ({how}, seat {result.seat_wind})"


def score_svg(result: ScoreResult) -> str:
    """The winning hand with the winning tile apart, and the value below it."""
    pieces = _win_pieces(result)
    lift = _lift(pieces)
    width = max(row_width(pieces) + 4, 260)
    body = place_row(pieces, 2, 2 + lift) + (
        f"<text class='value' x='2' y='{lift + H + 20:g}' font-size='14' font-family='{FONT}' "
        f"fill='{INK}'>{html.escape(score_summary(result))}</text>"
    )
    title = "nagashi mangan" if result.hand is None else f"{result.hand} on {result.win_tile}"
    return document(body, width, lift + H + 28, title)


def _rows(rows: Iterable[Sequence[Any]], head: Sequence[str]) -> str:
    cells = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in r) + "</tr>" for r in rows
    )
    return f"<table><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"


def payment_lines(result: ScoreResult) -> list[str]:
    """Who pays what, in words."""
    p = result.payments
    lines = []
    if p.ron is not None:
        lines.append(f"the discarder pays {p.ron}")
    else:
        if p.tsumo_dealer is not None:
            lines.append(f"the dealer pays {p.tsumo_dealer}")
        if p.tsumo_non_dealer is not None:
            each = "each other player" if p.tsumo_dealer is not None else "each player"
            lines.append(f"{each} pays {p.tsumo_non_dealer}")
    if p.honba:
        lines.append(f"honba {p.honba} included")
    if p.sticks:
        lines.append(f"riichi sticks {p.sticks}")
    lines.append(f"the winner gains {p.total}")
    return lines


def yaku_rows(result: ScoreResult) -> list[tuple[str, str]]:
    """The yaku and their han (a yakuman: its multiple), then the dora."""
    rows = [(y.name, f"{y.han} han") for y in result.yaku]
    rows += [
        (y.name, "yakuman" if y.yakuman == 1 else f"{y.yakuman}x yakuman") for y in result.yakuman
    ]
    dora = (("Dora", result.dora), ("Aka Dora", result.aka), ("Ura Dora", result.ura))
    for name, n in (*dora, ("Kita", result.kita)):
        if n and not result.yakuman:
            rows.append((name, f"{n} han"))
    return rows


STYLE = (
    ".riichi-score{font-family:" + FONT + ";font-size:13px;color:#1a1a1a}"
    ".riichi-score table{border-collapse:collapse;margin:4px 12px 4px 0;display:inline-table;"
    "vertical-align:top}.riichi-score td,.riichi-score th{border-bottom:1px solid #ddd;"
    "padding:2px 8px;text-align:left}.riichi-score .value{font-weight:700;margin:4px 0}"
)


def score_html(result: ScoreResult) -> str:
    """The win: the hand with the winning tile apart, the value, the yaku and fu
    tables and the payments."""
    yaku = _rows(yaku_rows(result), ("yaku", "han"))
    fu = _rows([(i.detail, i.fu) for i in result.fu_details] + [("total", result.fu)], ("fu", ""))
    pays = "".join(f"<li>{html.escape(line)}</li>" for line in payment_lines(result))
    return (
        f"<div class='riichi-score'><style>{STYLE}</style>{pieces_svg(_win_pieces(result))}"
        f"<div class='value'>{html.escape(score_summary(result))}</div>{yaku}{fu}"
        f"<ul class='payments'>{pays}</ul></div>"
    )


# The table -------------------------------------------------------------------------------

HALF = 345
"""Half the table's side: the picture spans -HALF..HALF both ways, the centre at 0."""
BOX = 95
"""Half the side of the central box (round, dora, the seats' scores)."""
RIVER_TOP, RIVER_ROW = 100, 6
HAND_TOP, HAND_LEFT, HAND_RIGHT = 290, -335, 255


@dataclass
class Table:
    """What a picture of the table shows, by absolute seat. `hands[s]` is `None`
    for a hidden hand (`counts[s]` backs), `drawn[s]` the tile drawn apart;
    `bottom` is the seat drawn at the bottom."""

    round_wind: str
    kyoku: int
    honba: int
    riichi_sticks: int
    dealer: int
    tiles_left: int
    dora_indicators: list[Tile]
    scores: list[int]
    riichi: list[bool]
    rivers: list[list[tuple[Tile, bool, bool, bool]]]
    melds: list[list[Meld]]
    hands: list[list[Tile] | None]
    drawn: list[Tile | None]
    counts: list[int]
    bottom: int = 0
    names: list[str] = field(default_factory=lambda: ["", "", "", ""])
    #: Players at the table: 4, or 3 (the fourth seat empty).
    players: int = 4

    @classmethod
    def of_observation(cls, obs: Observation) -> Table:
        """The table as `obs`'s seat sees it (at the bottom, other hands face down)."""
        hands: list[list[Tile] | None] = [None] * 4
        drawn: list[Tile | None] = [None] * 4
        hands[obs.seat], drawn[obs.seat] = list(obs.hand), obs.drawn
        return cls._of(obs, hands, drawn, obs.seat)

    @classmethod
    def of_game(cls, game: Game, names: Sequence[str] | None = None) -> Table:
        """The whole table of a game, every hand open, seat 0 at the bottom."""
        views = [game.observation(s) for s in range(4)]
        table = cls._of(views[0], [list(v.hand) for v in views], [v.drawn for v in views], 0)
        if names is not None:
            table.names = list(names)
        return table

    @classmethod
    def _of(
        cls, obs: Observation, hands: list[list[Tile] | None], drawn: list[Tile | None], bottom: int
    ) -> Table:
        return cls(
            round_wind=obs.round_wind,
            kyoku=obs.kyoku,
            honba=obs.honba,
            riichi_sticks=obs.riichi_sticks,
            dealer=obs.dealer,
            tiles_left=obs.tiles_left,
            dora_indicators=list(obs.dora_indicators),
            scores=list(obs.scores),
            riichi=list(obs.riichi),
            rivers=[list(r) for r in obs.rivers],
            melds=[list(m) for m in obs.melds],
            hands=hands,
            drawn=drawn,
            counts=list(obs.concealed_counts),
            bottom=bottom,
            players=obs.players,
        )

    def wind(self, seat: int) -> str:
        """The seat's wind letter this hand."""
        return WINDS[(seat - self.dealer) % self.players]


def _seat_group(table: Table, seat: int, role: str, body: str) -> str:
    """`body`, drawn as if `seat` sat at the bottom, turned to its place."""
    turn = -90 * ((seat - table.bottom) % 4)
    rot = f" transform='rotate({turn})'" if turn else ""
    return f"<g class='{role}' data-seat='{seat}'{rot}>{body}</g>"


def river_svg(table: Table, seat: int) -> str:
    """A seat's discards in rows of six toward the centre: the riichi tile
    sideways, tiles another player called faded, draws discarded at once
    (tsumogiri) shaded."""
    rows: list[list[Piece]] = []
    for i, (tile, tsumogiri, riichi, called) in enumerate(table.rivers[seat]):
        if i % RIVER_ROW == 0:
            rows.append([])
        classes = tuple(
            c for c, on in (("tsumogiri", tsumogiri), ("riichi", riichi), ("taken", called)) if on
        )
        rows[-1].append(_tile_piece(tile, *classes, pose="sideways" if riichi else "up"))
    body = "".join(place_row(r, -RIVER_ROW * W / 2, RIVER_TOP + k * H) for k, r in enumerate(rows))
    return _seat_group(table, seat, "river", body)


def seat_hand_svg(table: Table, seat: int) -> str:
    """A seat's hand along its edge: concealed tiles (or backs) from the left, the
    drawn tile apart, the melds at the right end."""
    hand = table.hands[seat]
    if hand is None:
        n = table.counts[seat]
        apart = n % 3 == 2
        concealed: list[Piece] = [Piece("back") for _ in range(n - apart)]
        if apart:
            concealed.append(Piece("back", "up", ("drawn",), 10))
    else:
        tiles = list(hand)
        drawn = table.drawn[seat]
        if drawn is not None and drawn in tiles:
            tiles.remove(drawn)
        concealed = hand_pieces(tiles, [], drawn)
    melds = melds_pieces(table.melds[seat])
    body = (
        f"<g class='concealed'>{place_row(concealed, HAND_LEFT, HAND_TOP)}</g>"
        f"<g class='melds'>{place_row(melds, HAND_RIGHT - row_width(melds), HAND_TOP)}</g>"
    )
    return _seat_group(table, seat, "hand", body)


def seat_label_svg(table: Table, seat: int) -> str:
    """A seat's wind, score and name on its side of the central box, a riichi
    stick above them when it declared. The empty seat of three players has none."""
    if seat >= table.players:
        return _seat_group(table, seat, "label", "")
    wind = table.wind(seat)
    dealer = wind == "E"
    score = _caption(
        "score dealer" if dealer else "score",
        BOX - 17,
        15,
        RED if dealer else INK,
        f"{wind} {table.scores[seat]}",
        bold=True,
    )
    body = score
    if table.names[seat]:
        body += _caption("name", BOX - 4, 10, "#444", table.names[seat][:14])
    if table.riichi[seat]:
        body += (
            f"<g class='stick'><rect x='-30' y='{BOX - 40}' width='60' height='6' rx='3' "
            f"fill='#fff' stroke='#777' stroke-width='0.8'/><circle cx='0' cy='{BOX - 37}' "
            f"r='2' fill='{RED}'/></g>"
        )
    return _seat_group(table, seat, "label", body)


def centre_svg(table: Table) -> str:
    """The central box: the round, honba and sticks, the dora indicators (face
    down where not yet turned), the tiles left in the wall."""
    wind = (
        WIND_NAMES[WINDS.index(table.round_wind)] if table.round_wind in WINDS else table.round_wind
    )
    shown = [_tile_piece(t, "dora") for t in table.dora_indicators]
    shown += [Piece("back") for _ in range(max(0, 5 - len(shown)))]
    scale = 0.6
    dora = place_row(shown, 0, 0)
    dora_at = f"translate({-2.5 * W * scale:g},-4) scale({scale})"
    return (
        f"<g class='centre'><rect x='{-BOX}' y='{-BOX}' width='{2 * BOX}' height='{2 * BOX}' "
        f"rx='8' fill='#24553a' stroke='#173826' stroke-width='2'/>"
        + _caption("round", -30, 18, "#fff", f"{wind} {table.kyoku}", bold=True)
        + _caption(
            "counters", -13, 11, "#e8f0e8", f"honba {table.honba} · sticks {table.riichi_sticks}"
        )
        + f"<g class='dora' transform='{dora_at}'>{dora}</g>"
        + _caption("left", -4 + H * scale + 16, 11, "#e8f0e8", f"{table.tiles_left} left")
        + "</g>"
    )


def _caption(cls: str, y: float, size: float, fill: str, text: str, bold: bool = False) -> str:
    """A line of text centred on x = 0."""
    weight = " font-weight='700'" if bold else ""
    return (
        f"<text class='{cls}' x='0' y='{y:g}' font-size='{size}'{weight} text-anchor='middle' "
        f"font-family='{FONT}' fill='{fill}'>{html.escape(text)}</text>"
    )


def table_parts(table: Table) -> list[str]:
    """The table's pieces of SVG: the central box, then each seat's label, river
    and hand (each in the table's frame, centred on 0)."""
    parts = [centre_svg(table)]
    for s in range(4):
        parts += [seat_label_svg(table, s), river_svg(table, s), seat_hand_svg(table, s)]
    return parts


TABLE_BACKGROUND = (
    f"<rect x='{-HALF}' y='{-HALF}' width='{2 * HALF}' height='{2 * HALF}' fill='#2e6b48'/>"
)


def table_svg(x: Table | Observation | Game) -> str:
    """The table: four hands (an observation's own hand, the others face down; a
    game's four hands open), the rivers, melds, dora indicators, scores, the
    round, honba and riichi sticks."""
    if isinstance(x, Observation):
        table = Table.of_observation(x)
    elif isinstance(x, Game):
        table = Table.of_game(x)
    else:
        table = x
    title = f"{table.round_wind}{table.kyoku}-{table.honba}"
    body = TABLE_BACKGROUND + "".join(table_parts(table))
    return document(body, 2 * HALF, 2 * HALF, title, -HALF, -HALF)


# Notebook pictures ----------------------------------------------------------------------


def _html(svg: str) -> str:
    return f"<div class='riichi-picture'>{svg}</div>"


def _record_html(record: GameRecord) -> str:
    from riichi import viewer

    return viewer.viewer_html(record)


def _method(draw: Callable[[Any], str], doc: str) -> Callable[[Any], str]:
    def picture(self: Any) -> str:
        return draw(self)

    picture.__doc__ = doc
    return picture


HTML_DOC = "The picture as HTML (what a notebook shows)."
REPRS: list[tuple[type, str, Callable[[Any], str], str]] = [
    (Tile, "_repr_svg_", tile_svg, "The tile as SVG (drawn by `riichi.pictures`)."),
    (Tile, "_repr_html_", lambda t: _html(tile_svg(t)), HTML_DOC),
    (Meld, "_repr_svg_", meld_svg, "The meld as SVG, the called tile sideways as on a table."),
    (Meld, "_repr_html_", lambda m: _html(meld_svg(m)), HTML_DOC),
    (
        Hand,
        "_repr_svg_",
        hand_svg,
        "The hand as SVG: its concealed tiles, then its melds as on a table.",
    ),
    (Hand, "_repr_html_", lambda h: _html(hand_svg(h)), HTML_DOC),
    (
        ScoreResult,
        "_repr_svg_",
        score_svg,
        "The winning hand as SVG, the winning tile apart, and its value.",
    ),
    (
        ScoreResult,
        "_repr_html_",
        score_html,
        "The win as HTML: the hand, the value, the yaku and fu tables, the payments.",
    ),
    (
        Observation,
        "_repr_svg_",
        table_svg,
        "The table as this seat sees it, as SVG: its own hand, the others' backs,\n"
        "every river, meld, dora indicator and score.",
    ),
    (Observation, "_repr_html_", lambda o: _html(table_svg(o)), HTML_DOC),
    (
        Game,
        "_repr_svg_",
        table_svg,
        "The table as SVG, every hand open: rivers, melds, dora indicators,\n"
        "scores, the round, honba and sticks.",
    ),
    (Game, "_repr_html_", lambda g: _html(table_svg(g)), HTML_DOC),
    (
        GameRecord,
        "_repr_html_",
        _record_html,
        "The game viewer (`riichi.viewer`): every step of the game, with keys and\nbuttons.",
    ),
]
"""The notebook pictures the classes get, with their docstrings (as the stub's)."""


def _attach() -> None:
    for cls, name, draw, doc in REPRS:
        setattr(cls, name, _method(draw, doc))


_attach()
