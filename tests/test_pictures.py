"""The pictures the package draws (`riichi.pictures`): every SVG parses as XML and
shows the tiles of what it draws — each tile once, red fives red, the called tile
sideways on the side it came from, a kakan's added tile on it, an ankan's ends face
down — for every tile, real winning hands and their scores, and the observations
and tables of seeded games; and terminal text keeps every tile two cells wide."""

from __future__ import annotations

import ast
import doctest
import re
import unicodedata
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from scoring_data import TENHOU_AGARI, shared_data_dir, tenhou_cases

import riichi
from riichi import pictures
from riichi.pictures import RED

SVG = "{http://www.w3.org/2000/svg}"
ALL_TILES = [riichi.Tile(c) for c in pictures.ALL_CODES if c != "back"]
DATA = shared_data_dir()
needs_data = pytest.mark.skipif(
    DATA is None, reason="the shared scoring data (tenhou/agari.jsonl) is absent"
)


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def uses(node: ET.Element) -> list[ET.Element]:
    return list(node.iter(f"{SVG}use"))


def face(u: ET.Element) -> str:
    href = u.get("href") or ""
    assert href.startswith("#riichi-"), href
    return href[len("#riichi-") :]


def classes(u: ET.Element) -> set[str]:
    return set((u.get("class") or "").split())


def shown(node: ET.Element) -> list[str]:
    """The faces placed under `node`, in order."""
    return [face(u) for u in uses(node)]


def faces_defined(root: ET.Element) -> dict[str, ET.Element]:
    return {
        g.get("id", "")[len("riichi-") :]: g
        for g in root.iter(f"{SVG}g")
        if g.get("id", "").startswith("riichi-")
    }


def check_document(svg: str) -> ET.Element:
    """Parses, every placed face is defined in the document, and nothing outside
    it is referred to."""
    root = parse(svg)
    defined = faces_defined(root)
    for u in uses(root):
        assert face(u) in defined
    assert "<image" not in svg and "<script" not in svg
    assert re.findall(r"https?://[^'\"]*", svg) == ["http://www.w3.org/2000/svg"]
    return root


# Tiles --------------------------------------------------------------------------------


@pytest.mark.parametrize("tile", ALL_TILES, ids=str)
def test_every_tile_is_drawn_once_with_its_own_face(tile):
    root = check_document(tile._repr_svg_())
    assert shown(root) == [str(tile)]
    assert root.findtext(f"{SVG}title") == (f"{tile} (red five)" if tile.is_red else str(tile))
    assert tile._repr_html_().count("<svg") == 1


def test_the_faces_differ_and_red_fives_are_red():
    root = parse(pictures.document("", 1, 1, faces=pictures.ALL_CODES))
    defined = faces_defined(root)
    drawings = {c: ET.tostring(g).decode().replace(f"riichi-{c}", "") for c, g in defined.items()}
    assert len(set(drawings.values())) == len(pictures.ALL_CODES)  # 37 faces and the back
    for suit in "mps":
        red, plain = drawings[f"0{suit}"], drawings[f"5{suit}"]
        assert RED in red
        # The red five's marks are all red; the plain five's are not.
        assert not re.search(r"fill=[\"']#(?!c8102e|fbf8ee)", red), suit
        assert re.search(r"fill=[\"']#(?!c8102e|fbf8ee)", plain), suit


def test_honours_are_drawn_legibly_without_fonts_of_other_scripts():
    """Winds as their letters, haku as its blue frame, hatsu a green F, chun the
    character 中 in strokes: nothing needs a CJK font."""
    root = parse(pictures.document("", 1, 1, faces=pictures.ALL_CODES))
    defined = faces_defined(root)
    for n, letter in enumerate("ESWN", start=1):
        assert [t.text for t in defined[f"{n}z"].iter(f"{SVG}text")] == [letter]
    assert [t.text for t in defined["6z"].iter(f"{SVG}text")] == ["F"]
    assert not list(defined["5z"].iter(f"{SVG}text"))
    assert not list(defined["7z"].iter(f"{SVG}text"))
    assert all(ord(ch) < 128 for t in root.iter(f"{SVG}text") for ch in t.text or "")


# Melds --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "notation,sideways",
    [
        ("[3'45m]", 0),
        ("[3'40m]", 0),
        ("[0'46p]", 0),
        ("[55'5z]", 1),
        ("[5555'z]", 3),
        ("[5'55z]", 0),
        ("[1111's]", 3),
        ("[1'111s]", 0),
        ("[11'11s]", 1),
        ("[5'50m]", 0),
    ],
)
def test_the_called_tile_lies_sideways_on_the_side_it_came_from(notation, sideways):
    meld = riichi.Meld.parse(notation)
    root = check_document(meld._repr_svg_())
    placed = uses(root)
    assert len(placed) == len(meld.tiles)
    turned = [i for i, u in enumerate(placed) if "sideways" in classes(u)]
    assert turned == [sideways]
    assert face(placed[sideways]) == str(meld.called)
    assert Counter(shown(root)) == Counter(str(t) for t in meld.tiles)
    assert sum("red" in classes(u) for u in placed) == sum(t.is_red for t in meld.tiles)


def test_a_kakan_lays_its_added_tile_on_the_called_one():
    meld = riichi.Meld.parse("[5'55+0p]")  # called from the left, a red five added
    placed = uses(check_document(pictures.meld_svg(meld)))
    assert [face(u) for u in placed] == ["5p", "0p", "5p", "5p"]
    called, added = placed[0], placed[1]
    assert {"sideways", "called"} <= classes(called) and {"sideways", "added", "red"} <= classes(
        added
    )
    (cx, cy), (ax, ay) = (
        tuple(map(float, re.findall(r"translate\(([-\d.]+),([-\d.]+)\)", u.get("transform"))[0]))
        for u in (called, added)
    )
    assert cx == ax and cy - ay == pictures.W  # the same place, one tile's width above


def test_an_ankan_shows_two_tiles_between_two_backs():
    placed = uses(check_document(pictures.meld_svg(riichi.Meld.parse("(0555s)"))))
    assert [face(u) for u in placed] == ["back", "0s", "5s", "back"]
    assert not any("sideways" in classes(u) for u in placed)


# Hands and wins -------------------------------------------------------------------------


def check_hand_row(root: ET.Element, hand: riichi.Hand) -> None:
    """The hand's concealed tiles in order, then each meld's tiles (an ankan's ends
    face down), the called tiles sideways, red fives marked."""
    placed = uses(root)
    expected = [str(t) for t in hand.concealed]
    for m in hand.melds:
        expected += [face(u) for u in uses(parse(pictures.meld_svg(m)))]
    assert [face(u) for u in placed] == expected
    hidden = 2 * sum(m.kind == "ankan" for m in hand.melds)
    assert sum(face(u) == "back" for u in placed) == hidden
    called = sum(m.called_from is not None for m in hand.melds if m.kind != "ankan")
    kakan = sum(m.kind == "kakan" and m.called_from is not None for m in hand.melds)
    assert sum("sideways" in classes(u) for u in placed) == called + kakan
    reds = [u for u in placed if "red" in classes(u)]
    assert all(face(u).startswith("0") for u in reds)


@pytest.mark.parametrize(
    "notation",
    [
        "123m0p55p789s11z [55'5z]",
        "19m19p19s1234567z",
        "11z [5'55+5z] (0555s) [3'40m] [1111'p]",
        "22z (1111m) (9999p) (5555s) (7777z)",
        "1234m067p34588s12z",
    ],
)
def test_hand_pictures(notation):
    hand = riichi.Hand(notation)
    root = check_document(hand._repr_svg_())
    assert root.findtext(f"{SVG}title") == str(hand)
    check_hand_row(root, hand)


@needs_data
def test_every_real_winning_hand_and_its_score_are_drawn():
    """The 1,508 wins of the Tenhou logs: the hand, and the score's picture with the
    winning tile apart (class `win`), its value, yaku, fu and payments."""
    cases = tenhou_cases(DATA / TENHOU_AGARI)
    assert len(cases) == 1508
    for case in cases:
        hand = case.hand
        check_hand_row(check_document(pictures.hand_svg(hand)), hand)
        result = case.score()
        assert (result.hand, result.win_tile) == (hand, case.win_tile)
        root = check_document(result._repr_svg_())
        placed = uses(root)
        apart = [u for u in placed if "win" in classes(u)]
        assert [face(u) for u in apart] == [str(case.win_tile)], case.label
        rest = hand.without_tile(case.win_tile)
        assert [face(u) for u in placed[: placed.index(apart[0])]] == [
            str(t) for t in rest.concealed
        ]
        (value,) = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "value"]
        assert value == pictures.score_summary(result)
        page = result._repr_html_()
        check_document(re.search(r"<svg.*?</svg>", page, re.S).group(0))
        for y in result.yaku + result.yakuman:
            assert f"<td>{y.name}</td>" in page
        assert f"<td>total</td><td>{result.fu}</td>" in page
        assert f"the winner gains {result.payments.total}" in page


def test_score_picture_tables():
    r = riichi.score(
        "234m406p789s11z555z",
        "5z",
        tsumo=True,
        riichi=True,
        seat_wind="S",
        dora_indicators="4p",
        honba=1,
        riichi_sticks=1,
    )
    assert pictures.score_summary(r) == "5 han 40 fu, mangan: 8000 (tsumo, seat S)"
    assert pictures.yaku_rows(r) == [
        ("Riichi", "1 han"),
        ("Menzen Tsumo", "1 han"),
        ("Haku", "1 han"),
        ("Dora", "1 han"),
        ("Aka Dora", "1 han"),
    ]
    assert pictures.payment_lines(r) == [
        "the dealer pays 4100",
        "each other player pays 2100",
        "honba 300 included",
        "riichi sticks 1000",
        "the winner gains 9300",
    ]
    yakuman = riichi.score("19m19p19s12345677z", "1m", tsumo=True)
    assert pictures.score_summary(yakuman) == "yakuman: 48000 (tsumo, seat E)"
    assert pictures.yaku_rows(yakuman) == [("Kokushi Musou", "yakuman")]
    ron = riichi.score("22334455m234p777s", "5m", seat_wind="W")
    assert pictures.payment_lines(ron)[0] == f"the discarder pays {ron.points}"


# Tables ---------------------------------------------------------------------------------


def seat_group(root: ET.Element, role: str, seat: int) -> ET.Element:
    (g,) = [
        g
        for g in root.iter(f"{SVG}g")
        if g.get("class") == role and g.get("data-seat") == str(seat)
    ]
    return g


def check_table(svg: str, obs: riichi.Observation, open_hands: list[list[str]] | None) -> None:
    """The table against what the observation says (and, for a game, every hand)."""
    root = check_document(svg)
    for s in range(4):
        hand = seat_group(root, "hand", s)
        n_meld_tiles = sum(len(m.tiles) for m in obs.melds[s])
        concealed, melds = (uses(g) for g in hand if g.get("class") in ("concealed", "melds"))
        if open_hands is not None or s == obs.seat:
            expected = open_hands[s] if open_hands is not None else [str(t) for t in obs.hand]
            assert sorted(face(u) for u in concealed) == sorted(expected)
        else:
            assert [face(u) for u in concealed] == ["back"] * obs.concealed_counts[s]
        drawn = [u for u in concealed if "drawn" in classes(u)]
        if s == obs.seat and obs.drawn is not None:
            assert [face(u) for u in drawn] == [str(obs.drawn)]
        assert len(melds) == n_meld_tiles
        river = uses(seat_group(root, "river", s))
        assert [face(u) for u in river] == [str(t) for t, *_ in obs.rivers[s]]
        flags = [
            ("sideways" in classes(u), "taken" in classes(u), u.get("opacity") is not None)
            for u in river
        ]
        assert flags == [
            (riichi_, called, called or tsumogiri)
            for _, tsumogiri, riichi_, called in obs.rivers[s]
        ]
        label = seat_group(root, "label", s)
        score = next(t for t in label.iter(f"{SVG}text") if "score" in t.get("class", ""))
        assert score.text.split() == [pictures.WINDS[(s - obs.dealer) % 4], str(obs.scores[s])]
        sticks = [g for g in label.iter(f"{SVG}g") if g.get("class") == "stick"]
        assert len(sticks) == obs.riichi[s]
    dora = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "dora")
    indicators = [str(t) for t in obs.dora_indicators]
    assert shown(dora) == indicators + ["back"] * (5 - len(indicators))
    texts = {t.get("class"): t.text for t in root.iter(f"{SVG}text")}
    assert texts["round"] == f"{pictures.WIND_NAMES['ESWN'.index(obs.round_wind)]} {obs.kyoku}"
    assert texts["counters"] == f"honba {obs.honba} · sticks {obs.riichi_sticks}"
    assert texts["left"] == f"{obs.tiles_left} left"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_observation_and_game_pictures_of_seeded_games(seed):
    """Games of the random and shanten agents (riichi, calls and wins happen):
    every 9th decision, each seat's observation and the whole game's table."""
    game = riichi.Game(seed=seed)
    kinds = ("random", "shanten", "random", "shanten")
    agents = [riichi.BuiltinAgent(k, seed=seed * 4 + s) for s, k in enumerate(kinds)]
    decisions = 0
    seen = Counter()
    while not game.is_over and decisions < 900:
        seat = game.current_decision[0]
        obs = game.observation(seat)
        if decisions % 9 == 0:
            for s in range(4):
                check_table(game.observation(s)._repr_svg_(), game.observation(s), None)
            views = [game.observation(s) for s in range(4)]
            check_table(game._repr_svg_(), views[0], [[str(t) for t in v.hand] for v in views])
            seen["riichi"] += any(v for v in obs.riichi)
            seen["melds"] += any(obs.melds)
            seen["taken"] += any(c for r in obs.rivers for *_, c in r)
        game.apply(seat, agents[seat].act(obs, game.legal_actions(seat)))
        decisions += 1
    assert seen["riichi"] and seen["melds"] and seen["taken"], seen


# Terminal text ------------------------------------------------------------------------


def cells(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def test_terminal_text_keeps_every_tile_two_cells_wide_and_marks_red_fives():
    assert pictures.terminal("50m7z") == "\U0001f00b \U0001f00bʳ\U0001f004"
    assert pictures.terminal(riichi.Tile("0p")) == "\U0001f01dʳ"
    hand = riichi.Hand("123m0p55p789s11z [55'5z]")
    assert pictures.terminal(hand) == (
        "\U0001f007 \U0001f008 \U0001f009 \U0001f01dʳ\U0001f01d \U0001f01d \U0001f016 "
        "\U0001f017 \U0001f018 \U0001f000 \U0001f000  [\U0001f006 \U0001f006 \U0001f006 ]"
    )
    # Rows of as many tiles take as many cells, 🀄 or not; each tile two.
    for notation in ("1112345678999m", "111234567777z", "1112340678999p", "1234567z"):
        tiles = riichi.parse_tiles(notation)
        assert cells(pictures.terminal(tiles)) == 2 * len(tiles), notation
    melds = ("1122z [7'77z] [5'55z] [3'45m]", "1122z [6'66z] [5'55z] [3'45m]")
    assert len({cells(pictures.terminal(riichi.Hand(h))) for h in melds}) == 1


def test_the_command_line_prints_tiles_as_terminal_text():
    from riichi.__main__ import analyze, score_report

    hand = riichi.Hand("234m406p789s11z555z")
    report = score_report(hand, "5z", tsumo=True).splitlines()
    assert report[1] == "tiles    " + pictures.terminal(hand).rstrip()
    assert "\U0001f01dʳ" in report[1]  # the red five
    assert analyze(riichi.Hand("123m456p789s7z777z")).splitlines()[1] == (
        "tiles    " + pictures.terminal("123m456p789s7777z").rstrip()
    )


def test_the_pictures_docstrings_are_the_stubs():
    """Each notebook picture a class gets is in `_core.pyi`, with the same
    docstring."""
    stub = Path(__file__).resolve().parents[1] / "python" / "riichi" / "_core.pyi"
    classes = {
        node.name: node
        for node in ast.parse(stub.read_text(encoding="utf-8")).body
        if isinstance(node, ast.ClassDef)
    }
    for cls, name, _, doc in pictures.REPRS:
        (method,) = [
            f
            for f in classes[cls.__name__].body
            if isinstance(f, ast.FunctionDef) and f.name == name
        ]
        assert ast.get_docstring(method) == doc == getattr(cls, name).__doc__, (cls, name)


def test_the_module_examples_run():
    assert doctest.testmod(pictures).failed == 0


def test_three_player_tables_show_three_seats_with_their_winds():
    """Under three-player rules the winds turn over three seats (with seat 1
    dealing, seat 0 is West, not North) and the empty fourth seat has no label;
    the viewer names three players and ranks three."""
    rules = riichi.Rules.preset("tenhou_sanma")
    game = riichi.Game(rules=rules, seed=2)
    agents = [riichi.BuiltinAgent("shanten", seed=s) for s in range(3)]
    checked = 0
    while not game.is_over:
        seat = game.current_decision[0]
        obs = game.observation(seat)
        if obs.dealer != 0 and checked < 20:
            root = check_document(obs._repr_svg_())
            for s in range(3):
                label = seat_group(root, "label", s)
                text = next(t for t in label.iter(f"{SVG}text") if "score" in t.get("class", ""))
                wind = "ESW"[(s - obs.dealer) % 3]
                assert text.text.split() == [wind, str(obs.scores[s])]
            assert list(seat_group(root, "label", 3)) == []
            checked += 1
        game.apply(seat, agents[seat].act(obs, game.legal_actions(seat)))
    assert checked == 20
    page = riichi.viewer.game_html(game.record())
    assert "seat 3" not in page
    # The panels sit in the page's data as JSON, their '<' escaped.
    final = page[page.index("Final standings") :].replace("\\u003c", "<")
    assert final[: final.index("</table>")].count("<tr><td>") == 3
