"""The game viewer (`riichi.viewer`, `python -m riichi view`): its steps are the
engine's states as `riichi.replay` drives it through a record, checked against the
record itself (every event stepped through, the rivers and scores the events
imply); the page is one self-contained file for every log format; and in a real
browser (headless Chromium, through the DevTools protocol on a pipe) the arrow
keys and buttons step it, the DOM after N steps shows the engine's state after N
steps, and a screenshot shows the table."""

from __future__ import annotations

import base64
import fcntl
import json
import os
import re
import select
import shutil
import struct
import subprocess
import tempfile
import time
import xml.etree.ElementTree as ET
import zlib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import riichi
from riichi import viewer
from riichi.__main__ import main

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "tenhou"
MJLOG = DATA / "mjlog"
JSON = DATA / "json"
needs_data = pytest.mark.skipif(
    not MJLOG.is_dir(), reason=f"the shared Tenhou logs are absent ({MJLOG})"
)
CHROMIUM = os.environ.get("RIICHI_CHROMIUM") or next(
    (p for p in map(shutil.which, ("chromium", "chromium-browser")) if p), None
)
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None,
    reason="no Chromium to test the viewer in (apt-get install chromium, or set RIICHI_CHROMIUM)",
)
SVG = "{http://www.w3.org/2000/svg}"


def page_data(page: str) -> dict[str, Any]:
    m = re.search(r"<script type='application/json' class='riichi-data'>(.*?)</script>", page, re.S)
    assert m, "no embedded data"
    return json.loads(m.group(1))


class Snapshots(list):
    """The engine's states of a replay, and the replay's report."""

    report: riichi.ReplayReport


def snapshots(record: riichi.GameRecord) -> Snapshots:
    """The engine after each step of the replay: the hand, the four seats'
    observations, how many events the hand has had and whether the game is over."""
    out = Snapshots()

    def on_step(h: int, game: riichi.Game) -> None:
        events = [e for e in game.events if e["type"] != "end_game"]
        views = [game.observation(s) for s in range(4)]
        out.append((h, views, len(events), game.is_over))

    out.report = riichi.replay(record, on_step=on_step)
    return out


def implied(record: riichi.GameRecord, hand: int, n_events: int, over: bool) -> dict[str, Any]:
    """What the record says of the table after a hand's first `n_events` events:
    each seat's river (its discards in order) and the scores last stated (at the
    end of the game, its final points)."""
    rivers: list[list[str]] = [[], [], [], []]
    scores = None
    for e in record.hands[hand][:n_events]:
        if e["type"] == "dahai":
            rivers[e["actor"]].append(str(riichi.Tile.from_mjai(e["pai"])))
        if "scores" in e:
            scores = e["scores"]
    return {"rivers": rivers, "scores": record.final_points if over else scores}


def first_mjlog() -> Path:
    return MJLOG / "1.mjlog"


# The steps --------------------------------------------------------------------------


@needs_data
@pytest.mark.parametrize("name", ["1.mjlog", "10.mjlog", "11.mjlog"])  # calls; a draw; kans
def test_the_steps_go_through_every_event_of_the_record(name):
    record = riichi.logs.read_log(MJLOG / name)
    steps, report = viewer.game_steps(record)
    assert report.ok
    by_hand: dict[int, list[dict[str, Any]]] = {}
    for step in steps:
        by_hand.setdefault(step.hand, []).extend(step.events)
    assert sorted(by_hand) == list(range(record.n_hands))

    def key(e: dict[str, Any]) -> tuple[Any, ...]:
        return (e["type"], e.get("actor"), e.get("pai"), e.get("target"))

    for h, events in by_hand.items():
        ours = [key(e) for e in events if e["type"] != "end_game"]
        assert ours == [key(e) for e in record.hands[h]], f"hand {h}"
    # Each step's table is what the record's events so far imply.
    seen = Counter()
    for step in steps:
        seen[step.hand] += len([e for e in step.events if e["type"] != "end_game"])
        expected = implied(record, step.hand, seen[step.hand], step.result is not None)
        assert [[str(t) for t, *_ in r] for r in step.table.rivers] == expected["rivers"]
        assert step.table.scores == expected["scores"]
    assert steps[-1].result is not None and steps[-1].result["points"] == record.final_points


def test_a_game_of_the_engine_is_its_own_record():
    game = riichi.Game(seed=11)
    while not game.is_over:
        seat = game.current_decision[0]
        game.apply(seat, game.legal_actions(seat)[-1])
    record = game.record()
    steps, report = viewer.game_steps(record)
    assert report.ok and {s.hand for s in steps} == set(range(record.n_hands))
    data = viewer.viewer_data(record)
    assert len(data["steps"]) == len(steps) == len(snapshots(record))
    panels = "".join(data["panels"][s["r"]] for s in data["steps"] if s["r"] is not None)
    assert panels.count("class='panel win'") == record.n_wins
    assert panels.count("class='panel draw'") == record.n_draws
    assert panels.count("Final standings") == 1


def played(seed: int) -> riichi.GameRecord:
    game = riichi.Game(seed=seed)
    while not game.is_over:
        seat = game.current_decision[0]
        game.apply(seat, game.legal_actions(seat)[0])
    return game.record()


def test_replay_shows_copies_of_the_engine_and_raises_what_the_callback_raises():
    record = played(3)
    games: list[tuple[int, riichi.Game]] = []
    assert riichi.replay(record, on_step=lambda h, g: games.append((h, g))).ok
    assert [h for h, _ in games] == sorted(h for h, _ in games)
    first = games[0][1]
    assert first.phase == "turn" and [e["type"] for e in first.events] == ["start_kyoku", "tsumo"]
    # Copies: playing one on changes no other; the record's first action
    # (the first legal one) gives what the next copy holds.
    second = games[1][1].events
    seat = first.current_decision[0]
    first.apply(seat, first.legal_actions(seat)[0])
    assert first.events == second == games[1][1].events
    assert games[-1][1].is_over
    assert riichi.replay(record, on_step=None).ok

    calls = []

    def fails(h: int, g: riichi.Game) -> None:
        calls.append(h)
        raise KeyError("stop here")

    with pytest.raises(KeyError, match="stop here"):
        riichi.replay(record, on_step=fails)
    assert calls == [0]
    with pytest.raises(TypeError):
        riichi.replay(record, on_step=42)


def check_page(page: str, record: riichi.GameRecord) -> dict[str, Any]:
    """A self-contained page: nothing fetched, every SVG piece well-formed, one
    step per engine state, a hand per hand, a panel per win and draw."""
    assert not re.search(r"\b(src|action)=", page) and "<link" not in page
    assert set(re.findall(r"https?://[^'\"\s]*", page)) == {"http://www.w3.org/2000/svg"}
    data = page_data(page)
    for part in data["parts"]:
        ET.fromstring(f"<svg xmlns='http://www.w3.org/2000/svg'>{part}</svg>")
    for panel in data["panels"]:
        for svg in re.findall(r"<svg.*?</svg>", panel, re.S):
            ET.fromstring(svg)
    snaps = snapshots(record)
    assert len(data["steps"]) == len(snaps)
    assert data["mismatches"] == [str(m) for m in snaps.report.mismatches]
    if snaps.report.ok:
        assert [h["index"] for h in data["hands"]] == list(range(record.n_hands))
        used = "".join(data["panels"][s["r"]] for s in data["steps"] if s["r"] is not None)
        assert used.count("class='panel win'") == record.n_wins
        assert used.count("class='panel draw'") == record.n_draws
    else:
        assert "The engine disagrees with this log" in page
    return data


@needs_data
def test_a_page_for_every_log_format():
    mjlog = riichi.logs.read_log(first_mjlog())
    official = sorted(JSON.glob("20*.json"))
    assert official, "no tenhou.net/6 game in the shared data"
    records = {
        "mjlog": mjlog,
        "tenhou6": riichi.logs.read_log(official[0]),
        "mjai": riichi.logs.read_mjai(mjlog.to_mjai()),
    }
    for fmt, record in records.items():
        data = check_page(viewer.game_html(record), record)
        assert data["steps"] and not data["mismatches"], fmt


@needs_data
def test_single_hand_logs_each_give_a_page():
    """The tenhou.net/6 single-hand cases: chankan, double ron, four riichi, kans
    and calls of every kind; the two whose calls the engine orders otherwise than
    the log show the disagreement and the hand up to it."""
    hands = sorted(JSON.glob("hand-*.json"))
    assert len(hands) >= 10
    disagree = []
    for path in hands:
        record = riichi.logs.read_log(path)
        if check_page(viewer.game_html(record), record)["mismatches"]:
            disagree.append(path.name)
    assert disagree == ["hand-confusing_nakis_1.json", "hand-confusing_nakis_2.json"]


def test_a_disagreement_is_shown_not_hidden():
    game = riichi.Game(seed=5)
    while not game.is_over:
        seat = game.current_decision[0]
        game.apply(seat, game.legal_actions(seat)[0])
    text = game.record().to_mjai()
    hora = next(line for line in text.splitlines() if '"hora"' in line)
    e = json.loads(hora)
    e["points"] += 100
    record = riichi.logs.read_mjai(text.replace(hora, json.dumps(e)))
    data = viewer.viewer_data(record)
    assert data["mismatches"] and "win" in data["mismatches"][0]
    assert "The engine disagrees with this log" in viewer.game_html(record)


def test_the_notebook_shows_the_viewer():
    record = riichi.Game(seed=2).record()
    fragment = record._repr_html_()
    assert fragment.startswith("<div class='riichi-viewer'") and "tabindex='0'" in fragment
    assert "<html" not in fragment and "data-page" not in fragment
    assert len(page_data(fragment)["steps"]) == 1  # the deal


@needs_data
def test_the_view_command(tmp_path, capsys):
    out = tmp_path / "game.html"
    assert main(["view", str(first_mjlog()), "-o", str(out)]) == 0
    data = page_data(out.read_text(encoding="utf-8"))
    assert capsys.readouterr().out == (
        f"wrote {out}: {len(data['hands'])} hands, {len(data['steps'])} steps\n"
    )
    assert data["title"] == "1.mjlog" and len(data["hands"]) == 7


def test_the_view_command_errors(tmp_path, capsys):
    assert main(["view", str(tmp_path / "missing.mjlog")]) == 2
    assert capsys.readouterr().err.startswith("error: cannot read the log file")
    log = tmp_path / "game.mjson"
    log.write_text(riichi.Game(seed=1).record().to_mjai(), encoding="utf-8")
    assert main(["view", str(log), "-o", str(tmp_path / "no" / "dir.html")]) == 2
    assert "error: cannot write" in capsys.readouterr().err


# In a browser -------------------------------------------------------------------------


class Chromium:
    """Headless Chromium driven through the DevTools protocol on a pipe (file
    descriptors 3 and 4, messages ending in NUL): no websocket needed."""

    def __init__(self, width: int = 1200, height: int = 900) -> None:
        to_read, to_write = os.pipe()
        from_read, from_write = os.pipe()
        # Chromium's ends copied above 9 first, so that putting them on 3 and 4
        # cannot overwrite one with the other.
        ends = [fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10) for fd in (to_read, from_write)]
        os.close(to_read)
        os.close(from_write)

        def on_3_and_4() -> None:  # in the child, before Chromium starts
            os.dup2(ends[0], 3)
            os.dup2(ends[1], 4)

        self.profile = tempfile.mkdtemp(prefix="riichi-chromium-")
        args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--remote-debugging-pipe",
            "--no-first-run",
            "--hide-scrollbars",
            f"--user-data-dir={self.profile}",
            f"--window-size={width},{height}",
            "about:blank",
        ]
        self.proc = subprocess.Popen(
            [CHROMIUM, *args],
            preexec_fn=on_3_and_4,  # the test starts no threads
            close_fds=False,  # the other descriptors are not inheritable anyway
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for fd in ends:
            os.close(fd)
        self.out, self.inp = to_write, from_read
        self.buf = b""
        self.last_id = 0
        self.events: list[dict[str, Any]] = []
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        attached = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})
        self.session = attached["sessionId"]
        self.page("Page.enable")
        size = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}
        self.page("Emulation.setDeviceMetricsOverride", size)

    def _message(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("Chromium did not answer in time")
            if select.select([self.inp], [], [], left)[0]:
                chunk = os.read(self.inp, 1 << 20)
                if not chunk:
                    raise RuntimeError("Chromium closed its DevTools pipe")
                self.buf += chunk
        message, _, self.buf = self.buf.partition(b"\0")
        return json.loads(message)

    def send(self, method: str, params: dict[str, Any] | None = None, **kw: Any) -> Any:
        self.last_id += 1
        message = {"id": self.last_id, "method": method, "params": params or {}, **kw}
        os.write(self.out, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + 60
        while True:
            m = self._message(deadline)
            if m.get("id") == self.last_id:
                if "error" in m:
                    raise RuntimeError(f"{method}: {m['error']}")
                return m["result"]
            self.events.append(m)

    def page(self, method: str, params: dict[str, Any] | None = None) -> Any:
        return self.send(method, params, sessionId=self.session)

    def wait_for(self, method: str) -> dict[str, Any]:
        deadline = time.monotonic() + 60
        while True:
            for i, m in enumerate(self.events):
                if m.get("method") == method:
                    return self.events.pop(i)
            self.events.append(self._message(deadline))

    def open(self, url: str) -> None:
        self.events.clear()
        self.page("Page.navigate", {"url": url})
        self.wait_for("Page.loadEventFired")

    def key(self, key: str, times: int = 1) -> None:
        codes = {"ArrowRight": 39, "ArrowLeft": 37, "ArrowDown": 40, "ArrowUp": 38}
        codes |= {"Home": 36, "End": 35}
        for _ in range(times):
            for kind in ("keyDown", "keyUp"):
                self.page(
                    "Input.dispatchKeyEvent",
                    {"type": kind, "key": key, "code": key, "windowsVirtualKeyCode": codes[key]},
                )

    def click(self, selector: str) -> None:
        box = self.js(
            f"(() => {{ const r = document.querySelector({json.dumps(selector)})"
            ".getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()"
        )
        for kind in ("mousePressed", "mouseReleased"):
            self.page(
                "Input.dispatchMouseEvent",
                {"type": kind, "x": box[0], "y": box[1], "button": "left", "clickCount": 1},
            )

    def js(self, expression: str) -> Any:
        r = self.page("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        assert "exceptionDetails" not in r, r
        return r["result"].get("value")

    def screenshot(self) -> bytes:
        return base64.b64decode(self.page("Page.captureScreenshot", {"format": "png"})["data"])

    def close(self) -> None:
        try:
            self.send("Browser.close")
        except (OSError, RuntimeError, TimeoutError):
            self.proc.kill()
        self.proc.wait(timeout=30)
        os.close(self.out)
        os.close(self.inp)
        shutil.rmtree(self.profile, ignore_errors=True)


# What the DOM shows: per seat the concealed tiles, the meld tiles, the river and
# the score line; the step counter and the words of the step.
READ_DOM = """(() => {
  const table = document.querySelector('svg.riichi-table');
  const face = u => u.getAttribute('href').slice('#riichi-'.length);
  const seats = [0, 1, 2, 3].map(s => {
    const hand = table.querySelector(`g.hand[data-seat="${s}"]`);
    return {
      concealed: [...hand.querySelectorAll('g.concealed use')].map(face),
      melds: [...hand.querySelectorAll('g.melds use')].map(face),
      river: [...table.querySelectorAll(`g.river[data-seat="${s}"] use`)].map(face),
      score: table.querySelector(`g.label[data-seat="${s}"] text.score`).textContent,
    };
  });
  const root = document.querySelector('.riichi-viewer');
  return {
    step: +root.dataset.step,
    seats: seats,
    round: table.querySelector('text.round').textContent,
    words: [...root.querySelectorAll('.words li')].map(li => li.textContent),
    panel: root.querySelector('.panel-slot').textContent,
  };
})()"""


def check_dom(dom: dict[str, Any], record: riichi.GameRecord, snaps: list[Any], n: int) -> None:
    """The DOM at step `n` against the engine's state after `n` steps and the
    rivers and scores the record's events imply."""
    hand, views, n_events, over = snaps[n]
    assert dom["step"] == n
    truth = implied(record, hand, n_events, over)
    for s, seat in enumerate(dom["seats"]):
        obs = views[s]
        assert sorted(seat["concealed"]) == sorted(str(t) for t in obs.hand), (n, s)
        assert len(seat["melds"]) == sum(len(m.tiles) for m in obs.melds[s]), (n, s)
        assert seat["river"] == [str(t) for t, *_ in obs.rivers[s]] == truth["rivers"][s], (n, s)
        wind = "ESWN"[(s - obs.dealer) % 4]
        assert seat["score"] == f"{wind} {obs.scores[s]}" == f"{wind} {truth['scores'][s]}"
    wind = {"E": "East", "S": "South", "W": "West", "N": "North"}[views[0].round_wind]
    assert dom["round"] == f"{wind} {views[0].kyoku}"


@pytest.fixture(scope="module")
def browser():
    if CHROMIUM is None:
        pytest.skip("no Chromium")
    b = Chromium()
    yield b
    b.close()


def first_game_page(tmp_path):
    """The first shared mjlog, its engine snapshots and its viewer page's URL."""
    record = riichi.logs.read_log(first_mjlog())
    page = tmp_path / "game.html"
    page.write_text(viewer.game_html(record), encoding="utf-8")
    return record, snapshots(record), page.as_uri()


@needs_data
@needs_chromium
def test_the_keys_step_the_page_through_the_engine_states(browser, tmp_path):
    record, snaps, url = first_game_page(tmp_path)
    browser.open(url)
    check_dom(browser.js(READ_DOM), record, snaps, 0)
    at = 0
    for presses in (1, 4, 20, 21):  # a step, a few, a call or a riichi on the way
        browser.key("ArrowRight", presses)
        at += presses
        dom = browser.js(READ_DOM)
        check_dom(dom, record, snaps, at)
    browser.key("ArrowLeft", 3)
    at -= 3
    check_dom(browser.js(READ_DOM), record, snaps, at)
    # Down: the next hand's deal; up twice: back to this hand's, then the one before.
    first = {h: next(i for i, s in enumerate(snaps) if s[0] == h) for h in range(record.n_hands)}
    browser.key("ArrowDown")
    check_dom(browser.js(READ_DOM), record, snaps, first[1])
    browser.key("ArrowDown")
    browser.key("ArrowUp")
    check_dom(browser.js(READ_DOM), record, snaps, first[1])
    # The last step of the first hand shows its win: the yaku and the points.
    browser.key("ArrowLeft")
    dom = browser.js(READ_DOM)
    check_dom(dom, record, snaps, first[1] - 1)
    win = next(e for e in record.hands[0] if e["type"] == "hora")
    assert f"{win['han']} han {win['fu']} fu, {win['points']} points" in dom["panel"]
    assert "Riichi" in dom["panel"]
    # The end: the final standings.
    browser.key("End")
    dom = browser.js(READ_DOM)
    check_dom(dom, record, snaps, len(snaps) - 1)
    assert "Final standings" in dom["panel"]
    browser.key("Home")
    check_dom(browser.js(READ_DOM), record, snaps, 0)
    # The buttons.
    browser.click("button[data-go='next']")
    browser.click("button[data-go='next']")
    check_dom(browser.js(READ_DOM), record, snaps, 2)
    browser.click("button[data-go='nextHand']")
    check_dom(browser.js(READ_DOM), record, snaps, first[1])


@needs_data
@needs_chromium
def test_the_url_opens_a_step_and_a_screenshot_shows_the_table(browser, tmp_path):
    record, snaps, url = first_game_page(tmp_path)
    n = 40
    browser.open(f"{url}#step={n}")
    check_dom(browser.js(READ_DOM), record, snaps, n)
    png = browser.screenshot()
    shot = Path(os.environ.get("RIICHI_SCREENSHOT", tmp_path / "step40.png"))
    shot.write_bytes(png)
    width, height, pixels = decode_png(png)
    assert (width, height) == (1200, 900)
    colours = Counter(pixels)
    share = {c: n / len(pixels) for c, n in colours.items()}
    table_green, tile_face = (0x2E, 0x6B, 0x48), (0xFB, 0xF8, 0xEE)
    assert share.get(table_green, 0) > 0.15  # the table
    assert share.get(tile_face, 0) > 0.03  # the tiles' faces
    assert len(colours) > 200  # tiles drawn, text anti-aliased: not a blank page
    reds = sum(n for (r, g, b), n in colours.items() if r > 180 and g < 60 and b < 80)
    assert reds > 50  # red marks: man tiles, red pips, the dealer's score


def decode_png(data: bytes) -> tuple[int, int, list[tuple[int, int, int]]]:
    """The pixels (RGB) of an 8-bit, non-interlaced RGB or RGBA PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, chunks, header = 8, [], None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        pos += 12 + length
    assert header is not None
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, header
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(chunks))
    stride = width * bpp
    prev = bytearray(stride)
    pixels: list[tuple[int, int, int]] = []
    for y in range(height):
        line = raw[y * (stride + 1) : (y + 1) * (stride + 1)]
        kind, cur = line[0], bytearray(line[1:])
        for i in range(stride):
            a = cur[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if kind == 1:
                cur[i] = (cur[i] + a) & 255
            elif kind == 2:
                cur[i] = (cur[i] + b) & 255
            elif kind == 3:
                cur[i] = (cur[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else b if pb <= pc else c
                cur[i] = (cur[i] + pred) & 255
        pixels.extend(tuple(cur[i : i + 3]) for i in range(0, stride, bpp))
        prev = cur
    return width, height, pixels


def test_the_module_example_runs():
    import doctest

    result = doctest.testmod(viewer)
    assert result.attempted and not result.failed


@needs_data
def test_every_seat_action_of_a_three_player_game_has_words():
    """Kita included: each draw, discard, call, kan, kita, riichi and indicator
    of a real three-player game is told, with the seat by wind and name."""
    record = riichi.logs.read_log(DATA / "sanma" / "2014091101gm-00b9-0000-5ca6b487.mjlog")
    steps, report = viewer.game_steps(record)
    assert not report.mismatches
    words: dict[str, list[str]] = {}
    for step in steps:
        for e in step.events:
            if e["type"] in viewer._ACTIONS:
                text = viewer.describe(e, step.table)
                assert text, e
                words.setdefault(e["type"], []).append(text)
    assert {"tsumo", "dahai", "nukidora", "pon", "reach", "dora"} <= set(words)
    assert all(w.endswith("sets North aside (kita)") for w in words["nukidora"])
    assert any(" with Chun Chun" in w for w in words["pon"])


def test_the_words_refuse_an_unknown_kind():
    from riichi._words import action_words

    assert action_words("discard", "E", "5m", tsumogiri=True) == "E discards 5m (tsumogiri)"
    with pytest.raises(ValueError, match="no words for 'hora'"):
        action_words("hora", "E")
