"""The game viewer: a whole game as one self-contained HTML page (inline SVG, CSS
and script; no network), stepped through with the arrow keys or buttons.

The states come from the engine: `riichi.replay` drives the engine through the
record and shows this module a copy of it after the deal and after each action
that moved it on; each such step is drawn once here (`riichi.pictures`), its
pieces of SVG shared with the steps that repeat them, and the page's script
only puts the step's pieces on the table. A win shows its hand, yaku, han, fu
and points, a draw its tenpai hands and payments, the last step the final
standings. `riichi view LOG -o game.html` writes the page for a log of any
format the library reads; in a notebook a `GameRecord` shows it.

>>> import riichi
>>> game = riichi.Game(seed=1)
>>> while not game.is_over:
...     seat = game.current_decision[0]
...     game.apply(seat, game.legal_actions(seat)[0])
>>> page = riichi.viewer.game_html(game.record())
>>> page.startswith("<!doctype html>")
True
"""

from __future__ import annotations

import html
import json
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from riichi import pictures
from riichi._core import Game, GameRecord, ReplayReport, Tile, read_log, replay
from riichi._words import action_words
from riichi.pictures import WIND_NAMES, WINDS, Table

__all__ = ["Step", "game_html", "game_steps", "viewer_data", "viewer_html", "write_viewer"]


@dataclass
class Step:
    """One step of the game: the engine after some action of the record.
    `events` are the engine's events of this step (mjai dicts), `table` the
    table after them; `result` the engine's final result on the game's last
    step."""

    hand: int
    events: list[dict[str, Any]]
    table: Table
    result: dict[str, list[Any]] | None = None


def game_steps(record: GameRecord) -> tuple[list[Step], ReplayReport]:
    """Every step of the record's replay through the engine, and its report (a
    hand the engine disagrees with stops at the disagreement)."""
    steps: list[Step] = []
    seen: dict[int, int] = {}
    names = _names(record)

    def on_step(hand: int, game: Game) -> None:
        events = game.events
        new = events[seen.get(hand, 0) :]
        seen[hand] = len(events)
        result = game.result if game.phase == "game_over" else None
        steps.append(Step(hand, new, Table.of_game(game, names), result))

    report = replay(record, on_step=on_step)
    return steps, report


def _names(record: GameRecord) -> list[str]:
    """The players' names by seat (the seats at the table only)."""
    seats = record.rules.players
    return [n or f"seat {s}" for s, n in enumerate(record.names[:seats])]


# Words for the events -------------------------------------------------------------


HONOURS = ("East", "South", "West", "North", "Haku", "Hatsu", "Chun")


def _tile(name: str) -> str:
    """An mjai tile in words: `5m`, `red 5m`, `West`, `Chun`."""
    t = Tile.from_mjai(name)
    if t.is_honor:
        return HONOURS[t.number - 1]
    return f"red {t.plain}" if t.is_red else str(t)


def _who(table: Table, seat: int) -> str:
    return f"{table.wind(seat)} {table.names[seat]}"


def _yaku_name(yaku_id: str) -> str:
    return yaku_id.replace("_", " ").title()


#: The mjai event types of what a seat does, by the names the words use.
_ACTIONS = {
    "tsumo": "draw",
    "dahai": "discard",
    "reach": "riichi",
    "reach_accepted": "riichi_accepted",
    "chi": "chi",
    "pon": "pon",
    "daiminkan": "daiminkan",
    "kakan": "kakan",
    "ankan": "ankan",
    "nukidora": "kita",
    "kita": "kita",
    "dora": "dora",
}
_CALLS = ("chi", "pon", "daiminkan")


def describe(e: dict[str, Any], table: Table) -> str | None:
    """The event in words (`None` for the events that say nothing new)."""
    kind = e["type"]
    who = _who(table, e["actor"]) if "actor" in e else ""
    target = _who(table, e["target"]) if "target" in e else ""
    if kind == "start_kyoku":
        return (
            f"{WIND_NAMES[WINDS.index(e['bakaze'])]} {e['kyoku']}, {e['honba']} honba, "
            f"{e['kyotaku']} riichi sticks: the deal (dora indicator {_tile(e['dora_marker'])})"
        )
    action = _ACTIONS.get(kind)
    if action is not None:
        tile = e.get("dora_marker") if action == "dora" else e.get("pai")
        hand = e.get("consumed", []) if action in _CALLS else []
        if action == "ankan":
            # The kind, then the other three (a red five shows among them).
            tile, *hand = e["consumed"]
        return action_words(
            action,
            who,
            _tile(tile) if tile else "",
            source=target,
            tsumogiri=bool(e.get("tsumogiri")),
            hand=[_tile(t) for t in hand],
        )
    if kind == "hora":
        how = "tsumo" if e["actor"] == e["target"] else f"ron from {target}"
        return f"{who} wins by {how}: {_value(e)}"
    if kind == "ryukyoku":
        return f"{_draw_name(e)}: {_tenpai_words(e, table)}"
    if kind == "end_game":
        return "the game ends"
    return None


def _value(e: dict[str, Any]) -> str:
    limit = e.get("limit", "none")
    value = f"{e['han']} han {e['fu']} fu" if limit not in ("yakuman",) else "yakuman"
    if limit not in ("none", "yakuman"):
        value += f", {limit}"
    return f"{value}, {e['points']} points"


def _draw_name(e: dict[str, Any]) -> str:
    reason = e.get("reason", "exhaustive")
    return {
        "exhaustive": "Exhaustive draw",
        "nagashi_mangan": "Exhaustive draw, nagashi mangan",
    }.get(reason, f"Abortive draw ({reason.replace('_', ' ')})")


def _tenpai_words(e: dict[str, Any], table: Table) -> str:
    tenpai = [s for s in range(4) if e.get("tenpais", [False] * 4)[s]]
    if not tenpai:
        return "nobody tenpai"
    return "tenpai " + ", ".join(_who(table, s) for s in tenpai)


# Panels: a win, a draw, the end -----------------------------------------------------


def _deltas(deltas: Sequence[int], table: Table) -> str:
    cells = "".join(
        f"<tr><td>{html.escape(_who(table, s))}</td><td class='num'>{d:+d}</td>"
        f"<td class='num'>{table.scores[s]}</td></tr>"
        for s, d in enumerate(deltas)
        if s < table.players
    )
    return (
        f"<table class='deltas'><tr><th>seat</th><th>change</th><th>score</th></tr>{cells}</table>"
    )


def _tiles_row(tiles: Sequence[Tile], label: str) -> str:
    if not tiles:
        return ""
    pieces = [pictures.Piece(str(t)) for t in tiles]
    return f"<div class='row'><span>{label}</span>{pictures.pieces_svg(pieces)}</div>"


def win_panel(e: dict[str, Any], table: Table) -> str:
    """A win: the hand with the winning tile apart, the indicators, the yaku with
    their han, the value and each seat's change."""
    seat = e["actor"]
    tiles = [Tile.from_mjai(n) for n in e["hora_tehais"]]
    win = Tile.from_mjai(e["pai"])
    if win in tiles:
        tiles.remove(win)
    hand = pictures.pieces_svg(pictures.hand_pieces(sorted(tiles), table.melds[seat], win, "win"))
    rows = [(_yaku_name(y), han) for y, han in e.get("yakus", [])]
    rows += [
        (n, e.get(k, 0)) for n, k in (("Dora", "dora"), ("Aka Dora", "aka"), ("Ura Dora", "ura"))
    ]
    yaku = "".join(
        f"<tr><td>{html.escape(name)}</td><td class='num'>{han}</td></tr>"
        for name, han in rows
        if han
    )
    indicators = _tiles_row(table.dora_indicators, "dora")
    ura = [Tile.from_mjai(n) for n in e.get("uradora_markers", [])]
    indicators += _tiles_row(ura, "ura")
    how = "Tsumo" if e["actor"] == e["target"] else f"Ron from {_who(table, e['target'])}"
    return (
        f"<div class='panel win'><h3>{html.escape(how)}: {html.escape(_who(table, seat))}</h3>"
        f"{hand}{indicators}<table class='yaku'><tr><th>yaku</th><th>han</th></tr>{yaku}</table>"
        f"<p class='value'>{html.escape(_value(e))}</p>{_deltas(e['deltas'], table)}</div>"
    )


def draw_panel(e: dict[str, Any], table: Table) -> str:
    """A draw: why, who was tenpai, each seat's change."""
    return (
        f"<div class='panel draw'><h3>{html.escape(_draw_name(e))}</h3>"
        f"<p>{html.escape(_tenpai_words(e, table))}</p>{_deltas(e['deltas'], table)}</div>"
    )


def final_panel(result: dict[str, list[Any]], table: Table) -> str:
    """The final standings: rank, points and score with uma and oka."""
    order = sorted(range(table.players), key=lambda s: result["ranks"][s])
    rows = "".join(
        f"<tr><td>{result['ranks'][s]}</td><td>{html.escape(table.names[s])}</td>"
        f"<td class='num'>{result['points'][s]}</td>"
        f"<td class='num'>{result['scores'][s]:+.1f}</td></tr>"
        for s in order
    )
    return (
        "<div class='panel final'><h3>Final standings</h3><table><tr><th>rank</th>"
        f"<th>player</th><th>points</th><th>score</th></tr>{rows}</table></div>"
    )


# The page ---------------------------------------------------------------------------


class _Pieces:
    """Strings kept once, named by their index."""

    def __init__(self) -> None:
        self.items: list[str] = []
        self.index: dict[str, int] = {}

    def __call__(self, s: str) -> int:
        if s not in self.index:
            self.index[s] = len(self.items)
            self.items.append(s)
        return self.index[s]


def _hand_label(table: Table) -> str:
    return f"{table.round_wind}{table.kyoku}-{table.honba}"


def viewer_data(record: GameRecord, title: str | None = None) -> dict[str, Any]:
    """What the page embeds: the SVG pieces, each step's pieces, words and
    panel, the hands (their first step and outcome), the players and what the
    replay reported; `title` names the game (the log's id by default)."""
    steps, report = game_steps(record)
    parts, panels = _Pieces(), _Pieces()
    out_steps: list[dict[str, Any]] = []
    hands: list[dict[str, Any]] = []
    for i, step in enumerate(steps):
        table = step.table
        words = [w for e in step.events if (w := describe(e, table)) is not None]
        shown = [
            win_panel(e, table) if e["type"] == "hora" else draw_panel(e, table)
            for e in step.events
            if e["type"] in ("hora", "ryukyoku")
        ]
        if step.result is not None:
            shown.append(final_panel(step.result, table))
        if not hands or hands[-1]["index"] != step.hand:
            hands.append(
                {"index": step.hand, "label": _hand_label(table), "first": i, "outcome": ""}
            )
        outcome = [
            w
            for e in step.events
            if e["type"] in ("hora", "ryukyoku")
            for w in [describe(e, table)]
            if w
        ]
        if outcome:
            hands[-1]["outcome"] = "; ".join(outcome)
        out_steps.append(
            {
                "h": len(hands) - 1,
                "p": [parts(p) for p in pictures.table_parts(table)],
                "w": words,
                "r": panels("".join(shown)) if shown else None,
            }
        )
    mismatches = [str(m) for m in report.mismatches]
    return {
        "title": title or record.log_id or "game",
        "players": _names(record),
        "parts": parts.items,
        "panels": panels.items,
        "steps": out_steps,
        "hands": hands,
        "mismatches": mismatches,
    }


STYLE = """
.riichi-viewer{font-family:DejaVu Sans,Verdana,Arial,sans-serif;font-size:14px;color:#1a1a1a;
  outline:none;max-width:1120px}
.riichi-viewer .bar{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin:6px 0}
.riichi-viewer button{font-size:14px;min-width:38px;padding:3px 8px}
.riichi-viewer input[type=range]{flex:1;min-width:160px}
.riichi-viewer .main{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start}
.riichi-viewer svg.riichi-table{width:640px;max-width:100%;height:auto;flex:none}
.riichi-viewer .side{flex:1;min-width:260px}
.riichi-viewer .words{margin:0 0 8px 0;padding-left:18px}
.riichi-viewer table{border-collapse:collapse;margin:4px 0;font-size:inherit}
.riichi-viewer td,.riichi-viewer th{border-bottom:1px solid #ddd;padding:2px 8px;text-align:left}
.riichi-viewer td.num{text-align:right}
.riichi-viewer .panel{border:1px solid #ccc;border-radius:6px;padding:6px 10px;margin:6px 0}
.riichi-viewer .panel h3{margin:2px 0 6px 0;font-size:15px}
.riichi-viewer .panel .row{display:flex;align-items:center;gap:6px}
.riichi-viewer .panel .row svg{height:28px;width:auto}
.riichi-viewer .value{font-weight:700}
.riichi-viewer .mismatch{color:#a00}
.riichi-viewer .help{color:#666;font-size:12px}
"""

SCRIPT = """
(function (root) {
  var data = JSON.parse(root.querySelector('script.riichi-data').textContent);
  var table = root.querySelector('svg.riichi-table .steps');
  var words = root.querySelector('.words');
  var panel = root.querySelector('.panel-slot');
  var slider = root.querySelector('input.step');
  var counter = root.querySelector('.counter');
  var hands = root.querySelector('select.hands');
  var last = data.steps.length - 1;
  var at = -1;
  slider.max = last;
  data.hands.forEach(function (h, k) {
    var o = document.createElement('option');
    o.value = k;
    o.textContent = h.label + (h.outcome ? ': ' + h.outcome : '');
    hands.appendChild(o);
  });
  function show(n) {
    n = Math.max(0, Math.min(last, n | 0));
    if (n === at) return;
    at = n;
    var s = data.steps[n];
    table.innerHTML = s.p.map(function (k) { return data.parts[k]; }).join('');
    words.innerHTML = '';
    s.w.forEach(function (w) {
      var li = document.createElement('li');
      li.textContent = w;
      words.appendChild(li);
    });
    panel.innerHTML = s.r === null ? '' : data.panels[s.r];
    slider.value = n;
    hands.value = s.h;
    counter.textContent = 'step ' + n + ' of ' + last;
    root.dataset.step = n;
    if (root.dataset.page && window.history.replaceState) {
      window.history.replaceState(null, '', '#step=' + n);
    }
  }
  function handStart(k) {
    k = Math.max(0, Math.min(data.hands.length - 1, k));
    return data.hands[k].first;
  }
  function go(what) {
    var h = data.steps[at].h;
    var moves = {
      first: 0, last: last, next: at + 1, prev: at - 1,
      nextHand: h + 1 < data.hands.length ? handStart(h + 1) : last,
      prevHand: at > data.hands[h].first ? data.hands[h].first : handStart(h - 1)
    };
    show(moves[what]);
  }
  var keys = {
    ArrowRight: 'next', ArrowLeft: 'prev', ArrowDown: 'nextHand', ArrowUp: 'prevHand',
    PageDown: 'nextHand', PageUp: 'prevHand', Home: 'first', End: 'last'
  };
  (root.dataset.page ? document : root).addEventListener('keydown', function (ev) {
    if (ev.target && ev.target.tagName === 'SELECT') return;
    var what = keys[ev.key];
    if (what) { ev.preventDefault(); go(what); }
  });
  root.querySelectorAll('button[data-go]').forEach(function (b) {
    b.addEventListener('click', function () { go(b.dataset.go); });
  });
  slider.addEventListener('input', function () { show(+slider.value); });
  hands.addEventListener('change', function () { show(handStart(+hands.value)); });
  function fromHash() {
    var m = /step=(\\d+)/.exec(window.location.hash);
    return m ? +m[1] : 0;
  }
  if (root.dataset.page) {
    window.addEventListener('hashchange', function () { show(fromHash()); });
  }
  show(root.dataset.page ? fromHash() : 0);
})(document.getElementById('%(id)s'));
"""

BUTTONS = (
    ("first", "|◀", "the first step (Home)"),
    ("prevHand", "◀◀", "the previous hand (↑)"),
    ("prev", "◀", "the previous step (←)"),
    ("next", "▶", "the next step (→)"),
    ("nextHand", "▶▶", "the next hand (↓)"),
    ("last", "▶|", "the last step (End)"),
)


def _json_for_script(data: dict[str, Any]) -> str:
    """JSON safe inside `<script>`: no `</` or `<!--` can end or open anything."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def viewer_html(record: GameRecord, page: bool = False) -> str:
    """The viewer as an HTML fragment (what a notebook shows); `page=True` makes
    it follow the keys anywhere on the page and the URL's `#step=N`."""
    return _viewer(viewer_data(record), record.first_dealer, page)


def _viewer(data: dict[str, Any], first_dealer: int, page: bool) -> str:
    vid = f"riichi-viewer-{uuid.uuid4().hex[:12]}"
    buttons = "".join(
        f"<button type='button' data-go='{go}' title='{title}'>{label}</button>"
        for go, label, title in BUTTONS
    )
    seats = len(data["players"])
    players = " · ".join(
        f"{WINDS[(s - first_dealer) % seats]} {html.escape(n)}"
        for s, n in enumerate(data["players"])
    )
    warn = ""
    if data["mismatches"]:
        shown = "".join(f"<li>{html.escape(m)}</li>" for m in data["mismatches"][:5])
        warn = (
            "<div class='mismatch'>The engine disagrees with this log; a hand is shown up to "
            f"the disagreement:<ul>{shown}</ul></div>"
        )
    half = pictures.HALF
    table = (
        f"<svg class='riichi-table' xmlns='http://www.w3.org/2000/svg' "
        f"viewBox='{-half} {-half} {2 * half} {2 * half}'>{pictures.tile_defs()}"
        f"{pictures.TABLE_BACKGROUND}<g class='steps'></g></svg>"
    )
    focus = " data-page='1'" if page else " tabindex='0'"
    return (
        f"<div class='riichi-viewer' id='{vid}'{focus}>"
        f"<style>{STYLE}</style><div class='title'><b>{html.escape(data['title'])}</b> "
        f"— {players}</div>{warn}<div class='bar'>{buttons}"
        f"<input class='step' type='range' min='0' value='0' aria-label='step'>"
        f"<span class='counter'></span><select class='hands' aria-label='hand'></select></div>"
        f"<div class='main'>{table}<div class='side'><ul class='words'></ul>"
        f"<div class='panel-slot'></div><p class='help'>keys: ← → a step, ↑ ↓ a hand, "
        f"Home / End</p></div></div>"
        f"<script type='application/json' class='riichi-data'>{_json_for_script(data)}</script>"
        f"<script>{SCRIPT % {'id': vid}}</script></div>"
    )


def game_html(record: GameRecord) -> str:
    """The viewer as a standalone HTML page: the arrow keys step anywhere on it,
    and `#step=N` in its URL opens it at step N."""
    return _page(viewer_data(record), record)


def _page(data: dict[str, Any], record: GameRecord) -> str:
    title = html.escape(data["title"])
    return (
        "<!doctype html>\n<html lang='en'><head><meta charset='utf-8'>"
        f"<meta name='viewport' content='width=device-width,initial-scale=1'><title>{title}</title>"
        f"</head><body>{_viewer(data, record.first_dealer, True)}</body></html>\n"
    )


def write_viewer(log: str | Path, output: str | Path) -> dict[str, Any]:
    """Writes the viewer page of a log file (any format the library reads) to
    `output`; returns what it embeds (`viewer_data`)."""
    record = read_log(Path(log))
    data = viewer_data(record, record.log_id or Path(log).name)
    Path(output).write_text(_page(data, record), encoding="utf-8")
    return data
