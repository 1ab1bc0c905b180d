//! `riichi.Game`, its actions and events, and `riichi.simulate`.

// PyO3 extracts arguments by value.
#![allow(clippy::needless_pass_by_value)]

use super::args::{bounded_items, items_up_to, threads_arg, Int, Text, ALL_TILES, GAME_WALLS};
use super::errors::{invalid, IllegalActionError};
use super::rules::rules_arg;
use super::tile::{tile_arg, to_py, PyTile};
use crate::game::action_id;
use crate::game::agents::AgentKind;
use crate::game::encode::{self, ORACLE_PLANES, PLANES};
use crate::game::engine::ClaimKind;
use crate::game::observation::Claim;
use crate::game::peer_ids;
use crate::game::player::RiverTile;
use crate::game::sim;
use crate::game::tokens;
use crate::game::wall::Wall;
use crate::game::{Action, Event, Game, Observation, Phase};
use crate::logs::record::GameRecord;
use crate::tile::{Tile, KINDS};
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyDict, PyTuple};
use std::sync::Arc;

/// An action at a decision point. Build one with its kind's class:
/// `Discard(tile, tsumogiri=False)`, `Riichi(tile, tsumogiri=False)`,
/// `Chi((a, b))`, `Pon((a, b))`, `Daiminkan()`, `Ankan(tile)`, `Kakan(tile)`,
/// `Tsumo()`, `Ron()`, `KyuushuKyuuhai()`, `Pass()`, and with three players
/// `Kita()`. Immutable, hashable, compared by value.
#[pyclass(name = "Action", module = "riichi", frozen, subclass, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyAction(pub Action);

#[pymethods]
impl PyAction {
    /// `"discard"`, `"riichi"`, `"chi"`, `"pon"`, `"daiminkan"`, `"ankan"`,
    /// `"kakan"`, `"tsumo"`, `"ron"`, `"kyuushu_kyuuhai"`, `"pass"` or `"kita"`.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.0 {
            Action::Discard { .. } => "discard",
            Action::Riichi { .. } => "riichi",
            Action::Chi { .. } => "chi",
            Action::Pon { .. } => "pon",
            Action::Daiminkan => "daiminkan",
            Action::Ankan { .. } => "ankan",
            Action::Kakan { .. } => "kakan",
            Action::Tsumo => "tsumo",
            Action::Ron => "ron",
            Action::KyuushuKyuuhai => "kyuushu_kyuuhai",
            Action::Pass => "pass",
            Action::Kita => "kita",
        }
    }
    /// The tile discarded, added (kakan) or of the closed kan; `None` otherwise.
    #[getter]
    fn tile(&self) -> Option<PyTile> {
        match self.0 {
            Action::Discard { tile, .. } | Action::Riichi { tile, .. } | Action::Kakan { tile } => {
                Some(PyTile(tile))
            }
            Action::Ankan { kind } => Tile::from_kind(kind).map(PyTile),
            _ => None,
        }
    }
    /// The two tiles from the hand of a chi or pon.
    #[getter]
    fn tiles(&self) -> Option<(PyTile, PyTile)> {
        match self.0 {
            Action::Chi { tiles } | Action::Pon { tiles } => {
                Some((PyTile(tiles[0]), PyTile(tiles[1])))
            }
            _ => None,
        }
    }
    /// Whether a discard is the tile just drawn.
    #[getter]
    fn tsumogiri(&self) -> bool {
        matches!(
            self.0,
            Action::Discard {
                tsumogiri: true,
                ..
            } | Action::Riichi {
                tsumogiri: true,
                ..
            }
        )
    }
    fn __repr__(&self) -> String {
        self.0.to_string()
    }

    /// Pickled as its class and arguments.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let cls = slf.get_type().into_any();
        let a = slf.get().0;
        let args = match a {
            Action::Discard { tile, tsumogiri } | Action::Riichi { tile, tsumogiri } => {
                PyTuple::new(
                    py,
                    [
                        PyTile(tile).into_pyobject(py)?.into_any(),
                        pyo3::types::PyBool::new(py, tsumogiri)
                            .to_owned()
                            .into_any(),
                    ],
                )?
            }
            Action::Chi { tiles } | Action::Pon { tiles } => {
                let pair = PyTuple::new(py, [PyTile(tiles[0]), PyTile(tiles[1])])?;
                PyTuple::new(py, [pair])?
            }
            Action::Kakan { tile } => PyTuple::new(py, [PyTile(tile)])?,
            Action::Ankan { kind } => {
                PyTuple::new(py, [PyTile(Tile::from_kind(kind).expect("kind"))])?
            }
            _ => PyTuple::empty(py),
        };
        Ok((cls, args))
    }
}

macro_rules! action_class {
    ($name:ident, $py:literal, $doc:literal, $sig:literal, ($($arg:ident : $ty:ty $(= $def:expr)?),*), $build:expr) => {
        #[doc = $doc]
        #[pyclass(name = $py, module = "riichi", frozen, extends = PyAction)]
        pub struct $name;

        #[pymethods]
        impl $name {
            #[new]
            #[pyo3(signature = ($($arg $(= $def)?),*), text_signature = $sig)]
            fn new($($arg: $ty),*) -> PyResult<PyClassInitializer<Self>> {
                let a: PyResult<Action> = $build;
                Ok(PyClassInitializer::from(PyAction(a?)).add_subclass($name))
            }
        }
    };
}

/// The two tiles of a chi or pon (any sequence of two tiles), sorted.
fn pair_arg(tiles: &Bound<'_, PyAny>, call: &str) -> PyResult<[Tile; 2]> {
    let items = items_up_to(tiles, "tiles", "a pair of tiles", 2, Ok)
        .map_err(|_| {
            PyTypeError::new_err(format!(
                "a {call} takes a pair of tiles, not one tile or value"
            ))
        })?
        .ok_or_else(|| invalid(format!("a {call} takes two tiles of the hand, got more")))?;
    match items.as_slice() {
        [a, b] => Ok(sorted_pair(tile_arg(a)?, tile_arg(b)?)),
        _ => Err(invalid(format!(
            "a {call} takes two tiles of the hand, got {}",
            items.len()
        ))),
    }
}

action_class!(PyDiscard, "Discard", "Discard a tile.", "(tile, tsumogiri=False)", (tile: Bound<'_, PyAny>, tsumogiri: bool = false),
    Ok(Action::Discard { tile: tile_arg(&tile)?, tsumogiri }));
action_class!(PyRiichi, "Riichi", "Declare riichi with this discard.", "(tile, tsumogiri=False)", (tile: Bound<'_, PyAny>, tsumogiri: bool = false),
    Ok(Action::Riichi { tile: tile_arg(&tile)?, tsumogiri }));
action_class!(PyChi, "Chi", "Chi the discard with two tiles of the hand.", "(tiles)", (tiles: Bound<'_, PyAny>),
    Ok(Action::Chi { tiles: pair_arg(&tiles, "chi")? }));
action_class!(PyPon, "Pon", "Pon the discard with two tiles of the hand.", "(tiles)", (tiles: Bound<'_, PyAny>),
    Ok(Action::Pon { tiles: pair_arg(&tiles, "pon")? }));
action_class!(
    PyDaiminkan,
    "Daiminkan",
    "Open kan on the discard.",
    "()",
    (),
    Ok(Action::Daiminkan)
);
action_class!(PyAnkan, "Ankan", "Closed kan of the four copies of a tile's kind.", "(tile)", (tile: Bound<'_, PyAny>),
    Ok(Action::Ankan { kind: tile_arg(&tile)?.kind() }));
action_class!(PyKakan, "Kakan", "Add this tile to a pon.", "(tile)", (tile: Bound<'_, PyAny>),
    Ok(Action::Kakan { tile: tile_arg(&tile)? }));
action_class!(
    PyTsumo,
    "Tsumo",
    "Win on the tile drawn.",
    "()",
    (),
    Ok(Action::Tsumo)
);
action_class!(
    PyRon,
    "Ron",
    "Win on the discard (or the kan tile).",
    "()",
    (),
    Ok(Action::Ron)
);
action_class!(
    PyKyuushu,
    "KyuushuKyuuhai",
    "Abortive draw with nine terminal and honor kinds.",
    "()",
    (),
    Ok(Action::KyuushuKyuuhai)
);
action_class!(
    PyKita,
    "Kita",
    "Set a North aside as nukidora and draw its replacement (three players).",
    "()",
    (),
    Ok(Action::Kita)
);
action_class!(
    PyPass,
    "Pass",
    "Decline every claim.",
    "()",
    (),
    Ok(Action::Pass)
);

fn sorted_pair(a: Tile, b: Tile) -> [Tile; 2] {
    if a <= b {
        [a, b]
    } else {
        [b, a]
    }
}

/// The Python object of an action, of its kind's class.
fn action_object(py: Python<'_>, a: Action) -> PyResult<Py<PyAny>> {
    let slots = ACTION_OBJECTS.get_or_init(py, || {
        (0..ACTION_CODES).map(|_| PyOnceLock::new()).collect()
    });
    let slot = &slots[action_code(a)];
    if let Some(obj) = slot.get(py) {
        return Ok(obj.clone_ref(py));
    }
    let obj = new_action_object(py, a)?;
    Ok(slot.get_or_init(py, || obj).clone_ref(py))
}

/// Codes of every action: discards and riichi by tile and tsumogiri, chi and
/// pon by their two tiles, ankan by kind, kakan by tile, then the six others.
const ACTION_CODES: usize = 4 * 37 + 2 * 37 * 37 + 34 + 37 + 6;

/// The one object of each action, made when first asked for: actions are
/// immutable values, so the lists `legal_actions` returns share them (as
/// tiles share theirs) instead of allocating an object per action per call.
static ACTION_OBJECTS: PyOnceLock<Vec<PyOnceLock<Py<PyAny>>>> = PyOnceLock::new();

/// The place of `a` among [`ACTION_CODES`] codes.
fn action_code(a: Action) -> usize {
    const CHI: usize = 4 * 37;
    const PON: usize = CHI + 37 * 37;
    const ANKAN: usize = PON + 37 * 37;
    const KAKAN: usize = ANKAN + 34;
    const OTHER: usize = KAKAN + 37;
    let id = |t: Tile| usize::from(t.id());
    let pair = |t: [Tile; 2]| 37 * id(t[0]) + id(t[1]);
    match a {
        Action::Discard { tile, tsumogiri } => 2 * id(tile) + usize::from(tsumogiri),
        Action::Riichi { tile, tsumogiri } => 2 * 37 + 2 * id(tile) + usize::from(tsumogiri),
        Action::Chi { tiles } => CHI + pair(tiles),
        Action::Pon { tiles } => PON + pair(tiles),
        Action::Ankan { kind } => ANKAN + usize::from(kind).min(33),
        Action::Kakan { tile } => KAKAN + id(tile),
        Action::Tsumo => OTHER,
        Action::Ron => OTHER + 1,
        Action::Daiminkan => OTHER + 2,
        Action::KyuushuKyuuhai => OTHER + 3,
        Action::Pass => OTHER + 4,
        Action::Kita => OTHER + 5,
    }
}

/// A new object of action `a`, of its kind's class.
fn new_action_object(py: Python<'_>, a: Action) -> PyResult<Py<PyAny>> {
    let base = PyAction(a);
    macro_rules! make {
        ($cls:ident) => {
            Py::new(py, PyClassInitializer::from(base).add_subclass($cls))?.into_any()
        };
    }
    Ok(match a {
        Action::Discard { .. } => make!(PyDiscard),
        Action::Riichi { .. } => make!(PyRiichi),
        Action::Chi { .. } => make!(PyChi),
        Action::Pon { .. } => make!(PyPon),
        Action::Daiminkan => make!(PyDaiminkan),
        Action::Ankan { .. } => make!(PyAnkan),
        Action::Kakan { .. } => make!(PyKakan),
        Action::Tsumo => make!(PyTsumo),
        Action::Ron => make!(PyRon),
        Action::KyuushuKyuuhai => make!(PyKyuushu),
        Action::Pass => make!(PyPass),
        Action::Kita => make!(PyKita),
    })
}

/// The mjai form of an event (`crate::logs::mjai`).
pub fn event_dict<'py>(py: Python<'py>, e: &Event) -> PyResult<Bound<'py, PyDict>> {
    // Draws and discards, most of a game's events, are made at once (the keys
    // in the sorted order the JSON path gives them, the strings shared); the
    // rest through their mjai JSON.
    match *e {
        Event::Tsumo { seat, tile } => {
            let d = PyDict::new(py);
            d.set_item(pyo3::intern!(py, "actor"), seat)?;
            d.set_item(pyo3::intern!(py, "pai"), mjai_name(py, tile))?;
            d.set_item(pyo3::intern!(py, "type"), pyo3::intern!(py, "tsumo"))?;
            Ok(d)
        }
        Event::Dahai {
            seat,
            tile,
            tsumogiri,
        } => {
            let d = PyDict::new(py);
            d.set_item(pyo3::intern!(py, "actor"), seat)?;
            d.set_item(pyo3::intern!(py, "pai"), mjai_name(py, tile))?;
            d.set_item(pyo3::intern!(py, "tsumogiri"), tsumogiri)?;
            d.set_item(pyo3::intern!(py, "type"), pyo3::intern!(py, "dahai"))?;
            Ok(d)
        }
        _ => Ok(
            super::json::to_py(py, &crate::logs::mjai::event_to_json(e))?.cast_into::<PyDict>()?,
        ),
    }
}

/// The mjai names of the 37 tiles as Python strings, made once.
static MJAI_NAMES: PyOnceLock<Vec<Py<pyo3::types::PyString>>> = PyOnceLock::new();

/// A tile's mjai name (`5m`, `5mr`, `E`) as a shared Python string.
fn mjai_name(py: Python<'_>, tile: Tile) -> &Bound<'_, pyo3::types::PyString> {
    let names = MJAI_NAMES.get_or_init(py, || {
        (0..37u8)
            .map(|id| {
                let t = Tile::from_id(id).expect("the 37 tile ids");
                pyo3::types::PyString::new(py, &t.mjai()).unbind()
            })
            .collect()
    });
    names[usize::from(tile.id())].bind(py)
}

/// What one seat may know at a decision point (a snapshot): never another
/// player's concealed tiles or the wall. Compared, hashed and pickled by value.
#[pyclass(name = "Observation", module = "riichi", frozen, eq)]
#[derive(PartialEq)]
pub struct PyObservation(pub Observation);

const WIND_NAMES: [&str; 4] = ["E", "S", "W", "N"];

/// An observation's pickled form, in four groups: the table (players, seat, seat
/// wind, round wind, kyoku, honba, sticks, dealer); scores, dora indicators, tiles
/// left, hand and drawn tile; each seat's river tiles, river flags (bit 0
/// tsumogiri, 1 riichi, 2 called), melds (bracket notation), riichi and
/// concealed count; the claim (tile, from, what it is on) and furiten. Tiles
/// are their ids (`Tile::id`) in bytes.
type ObservationState = (
    (u8, usize, u8, u8, u8, u32, u32, usize),
    ([i64; 4], Vec<u8>, usize, Vec<u8>, Option<u8>),
    (
        [Vec<u8>; 4],
        [Vec<u8>; 4],
        [Vec<String>; 4],
        [bool; 4],
        [usize; 4],
    ),
    (Option<(u8, usize, u8)>, bool, [u8; 4]),
);

/// What a claim is on, as a code: 0 a discard, 1 a riichi discard, 2 a kakan,
/// 3 an ankan, 4 a kita.
fn claim_code(on: ClaimKind) -> u8 {
    match on {
        ClaimKind::Discard { riichi: false } => 0,
        ClaimKind::Discard { riichi: true } => 1,
        ClaimKind::Kakan => 2,
        ClaimKind::Ankan => 3,
        ClaimKind::Kita => 4,
    }
}

fn observation_state(o: &Observation) -> ObservationState {
    let ids = |t: &[Tile]| t.iter().map(|t| t.id()).collect::<Vec<u8>>();
    (
        (
            o.players,
            o.seat,
            o.seat_wind,
            o.round_wind,
            o.kyoku,
            o.honba,
            o.riichi_sticks,
            o.dealer,
        ),
        (
            o.scores,
            ids(&o.dora_indicators),
            o.tiles_left,
            ids(&o.hand),
            o.drawn.map(Tile::id),
        ),
        (
            std::array::from_fn(|s| o.rivers[s].iter().map(|d| d.tile.id()).collect()),
            std::array::from_fn(|s| {
                o.rivers[s]
                    .iter()
                    .map(|d| {
                        u8::from(d.tsumogiri) | u8::from(d.riichi) << 1 | u8::from(d.called) << 2
                    })
                    .collect()
            }),
            std::array::from_fn(|s| o.melds[s].iter().map(ToString::to_string).collect()),
            o.riichi,
            o.concealed_counts,
        ),
        (
            o.claim.map(|c| (c.tile.id(), c.from, claim_code(c.on))),
            o.furiten,
            o.kita,
        ),
    )
}

/// An observation back from its pickled form, every part checked.
fn observation_of(state: ObservationState) -> PyResult<Observation> {
    let (
        (players, seat, seat_wind, round_wind, kyoku, honba, riichi_sticks, dealer),
        (scores, dora, tiles_left, hand, drawn),
        (river_tiles, river_flags, melds, riichi, concealed_counts),
        (claim, furiten, kita),
    ) = state;
    let bad = |why: String| invalid(format!("a pickled Observation: {why}"));
    let tiles = |ids: &[u8], what: &str| -> PyResult<Vec<Tile>> {
        ids.iter()
            .map(|&id| {
                Tile::from_id(id).ok_or_else(|| bad(format!("{what}: tile id {id} is not 0-36")))
            })
            .collect()
    };
    if !(3..=4).contains(&players) {
        return Err(bad(format!("players is 3 or 4, got {players}")));
    }
    if seat > 3 || dealer > 3 || seat_wind > 3 || round_wind > 3 || !(1..=4).contains(&kyoku) {
        return Err(bad(format!(
            "seat {seat}, dealer {dealer} and winds {seat_wind}, {round_wind} are 0-3, \
             kyoku {kyoku} is 1-4"
        )));
    }
    let hand = tiles(&hand, "hand")?;
    if kita.iter().any(|&n| n > 4) {
        return Err(bad(format!(
            "a seat sets aside at most the four Norths, got {kita:?}"
        )));
    }
    if hand.len() > 14 || concealed_counts.iter().any(|&n| n > 14) {
        return Err(bad("a hand holds at most 14 tiles".into()));
    }
    let drawn = drawn
        .map(|id| tiles(&[id], "drawn").map(|t| t[0]))
        .transpose()?;
    let mut rivers: [Vec<RiverTile>; 4] = Default::default();
    for (s, (ids, flags)) in river_tiles.iter().zip(&river_flags).enumerate() {
        if ids.len() != flags.len() || flags.iter().any(|&f| f > 7) {
            return Err(bad(format!(
                "seat {s}'s river has {} tiles and {} flags (each 0-7)",
                ids.len(),
                flags.len()
            )));
        }
        rivers[s] = tiles(ids, "river")?
            .into_iter()
            .zip(flags)
            .map(|(tile, &f)| RiverTile {
                tile,
                tsumogiri: f & 1 != 0,
                riichi: f & 2 != 0,
                called: f & 4 != 0,
            })
            .collect();
    }
    let mut meld_lists: [Vec<crate::meld::Meld>; 4] = Default::default();
    for (s, ms) in melds.iter().enumerate() {
        meld_lists[s] = ms
            .iter()
            .map(|m| {
                crate::notation::mpsz::parse_meld(m)
                    .map_err(|e| bad(format!("seat {s}'s meld: {e}")))
            })
            .collect::<PyResult<_>>()?;
    }
    let claim = match claim {
        None => None,
        Some((id, from, code)) => {
            let on = match code {
                0 => ClaimKind::Discard { riichi: false },
                1 => ClaimKind::Discard { riichi: true },
                2 => ClaimKind::Kakan,
                3 => ClaimKind::Ankan,
                4 => ClaimKind::Kita,
                _ => return Err(bad(format!("claim code {code} is not 0-4"))),
            };
            if from > 3 {
                return Err(bad(format!("the claimed tile's seat {from} is not 0-3")));
            }
            Some(Claim {
                tile: tiles(&[id], "claim")?[0],
                from,
                on,
            })
        }
    };
    Ok(Observation {
        players,
        seat,
        seat_wind,
        round_wind,
        kyoku,
        honba,
        riichi_sticks,
        dealer,
        scores,
        dora_indicators: tiles(&dora, "dora indicators")?,
        tiles_left,
        hand,
        drawn,
        rivers,
        melds: meld_lists,
        riichi,
        concealed_counts,
        claim,
        furiten,
        kita,
    })
}

/// An `Observation` from its pickled state (what `Observation.__reduce__` gives).
#[pyfunction]
fn _observation(state: &Bound<'_, PyAny>) -> PyResult<PyObservation> {
    let state: ObservationState = super::analysis::pickled(state, "Observation")?;
    Ok(PyObservation(observation_of(state)?))
}

#[pymethods]
impl PyObservation {
    /// Players at the table: 4, or 3 under three-player rules (seat 3 is empty).
    #[getter]
    fn players(&self) -> u8 {
        self.0.players
    }
    /// The seat observing, 0-3.
    #[getter]
    fn seat(&self) -> usize {
        self.0.seat
    }
    /// The observing seat's wind, `"E"` (the dealer) to `"N"`.
    #[getter]
    fn seat_wind(&self) -> &'static str {
        WIND_NAMES[self.0.seat_wind as usize & 3]
    }
    /// The round wind, `"E"` to `"N"`.
    #[getter]
    fn round_wind(&self) -> &'static str {
        WIND_NAMES[self.0.round_wind as usize & 3]
    }
    /// The hand number within the round wind, 1-4.
    #[getter]
    fn kyoku(&self) -> u8 {
        self.0.kyoku
    }
    /// Honba counters on the table.
    #[getter]
    fn honba(&self) -> u32 {
        self.0.honba
    }
    /// Riichi sticks on the table.
    #[getter]
    fn riichi_sticks(&self) -> u32 {
        self.0.riichi_sticks
    }
    /// The seat dealing this hand.
    #[getter]
    fn dealer(&self) -> usize {
        self.0.dealer
    }
    /// Points by absolute seat.
    #[getter]
    fn scores(&self) -> Vec<i64> {
        self.0.scores.to_vec()
    }
    /// The dora indicators turned so far.
    #[getter]
    fn dora_indicators(&self) -> Vec<Py<PyTile>> {
        to_py(&self.0.dora_indicators)
    }
    /// Tiles left in the live wall.
    #[getter]
    fn tiles_left(&self) -> usize {
        self.0.tiles_left
    }
    /// Own concealed tiles, sorted (the drawn tile included).
    #[getter]
    fn hand(&self) -> Vec<Py<PyTile>> {
        to_py(&self.0.hand)
    }
    /// The tile just drawn, on one's own turn.
    #[getter]
    fn drawn(&self) -> Option<PyTile> {
        self.0.drawn.map(PyTile)
    }
    /// Each seat's discards as `(tile, tsumogiri, riichi, called)`.
    #[getter]
    fn rivers(&self) -> Vec<Vec<(PyTile, bool, bool, bool)>> {
        self.0
            .rivers
            .iter()
            .map(|r| {
                r.iter()
                    .map(|d| (PyTile(d.tile), d.tsumogiri, d.riichi, d.called))
                    .collect()
            })
            .collect()
    }
    /// Each seat's melds.
    #[getter]
    fn melds(&self) -> Vec<Vec<super::hand::PyMeld>> {
        self.0
            .melds
            .iter()
            .map(|m| m.iter().cloned().map(super::hand::PyMeld).collect())
            .collect()
    }
    /// Which seats are in riichi.
    #[getter]
    fn riichi(&self) -> Vec<bool> {
        self.0.riichi.to_vec()
    }
    /// How many concealed tiles each seat holds.
    #[getter]
    fn concealed_counts(&self) -> Vec<usize> {
        self.0.concealed_counts.to_vec()
    }
    /// On a claim decision: `(tile, from_seat, kind)` with kind `"discard"`,
    /// `"kakan"` or `"ankan"` (a kan that may be robbed); `None` otherwise.
    #[getter]
    fn claim(&self) -> Option<(PyTile, usize, &'static str)> {
        self.0.claim.map(|c| (PyTile(c.tile), c.from, c.on.name()))
    }
    /// Whether this seat may not ron now (discard, temporary or riichi furiten).
    #[getter]
    fn furiten(&self) -> bool {
        self.0.furiten
    }
    /// Norths each seat (0-3) has set aside as nukidora (kita, three players):
    /// each one counts as a dora for its seat.
    #[getter]
    fn kita(&self) -> Vec<u32> {
        self.0.kita.iter().map(|&n| u32::from(n)).collect()
    }
    /// The plane encoding of what this seat knows: `(planes, scalars)`, uint8
    /// (95, 34) (one row per channel, one column per kind; channels in
    /// `riichi.env.PLANE_GROUPS`) and float32 (34,) (`riichi.env.SCALARS`). Seats
    /// are relative: 0 this seat, 1 the next (to its right), 2 opposite, 3 left.
    fn encode<'py>(&self, py: Python<'py>) -> PyResult<EncodedObservation<'py>> {
        let (planes, scalars) = self.0.encode_planes();
        Ok((
            PyArray1::from_vec(py, planes).reshape([PLANES, KINDS])?,
            PyArray1::from_vec(py, scalars),
        ))
    }
    /// The action id of `action` at this decision (`riichi.env.ACTION_GROUPS`);
    /// a chi's id depends on the claimed tile, which this observation holds.
    /// Raises `InvalidInputError` for a chi with no claim to decide.
    fn action_index(&self, action: &Bound<'_, PyAny>) -> PyResult<usize> {
        let a = action_arg(action, "action_index")?;
        action_id::action_index(&a, action_id::claimed_tile(&self.0)).ok_or_else(|| {
            invalid(format!(
                "{a}: a chi's id needs the claimed tile, and this observation has no claim"
            ))
        })
    }
    /// Every action id of ours in another project's numbering at this decision:
    /// int16 (159, 2), row `i` their id for our id `i` and, where they take a
    /// second decision (riichi's discard after its declaration; Mortal's kan
    /// kind), their second id, else -1; both -1 where they have no such action
    /// (or the id names a tile this decision lacks). `peer` is `"mortal"` (46
    /// ids), `"riichienv"` (82), `"mjx"` (181) or `"mahjax"` (87); the mapping
    /// and what each numbering merges are in the learning guide. Raises
    /// `InvalidInputError` for another name.
    fn peer_ids<'py>(&self, py: Python<'py>, peer: &str) -> PyResult<Bound<'py, PyArray2<i16>>> {
        let p = peer_ids::Peer::from_name(peer).ok_or_else(|| {
            let names: Vec<&str> = peer_ids::Peer::ALL.iter().map(|p| p.name()).collect();
            invalid(format!(
                "no numbering named {peer:?}: the numberings are {}",
                names.join(", ")
            ))
        })?;
        let table = peer_ids::peer_table(p, &self.0);
        let flat: Vec<i16> = table.iter().flatten().copied().collect();
        PyArray1::from_vec(py, flat).reshape([action_id::ACTION_COUNT, 2])
    }
    /// The action an id stands for at this decision, built from the tiles this
    /// seat holds, the tile just drawn and the claimed tile. It is not checked
    /// against the rules (`Game.apply` does that). Raises `IllegalActionError`
    /// when the id cannot be built here (out of range, a tile not held).
    fn action_from_index(&self, py: Python<'_>, action_id: Int) -> PyResult<Py<PyAny>> {
        let id = action_id_arg(&action_id)?;
        action_object(py, action_id::action_from_index(id, &self.0)?)
    }
    /// Pickled by value (tiles as ids in bytes): loading needs no game.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyTuple>,))> {
        let f = py.import("riichi._core")?.getattr("_observation")?;
        let (a, (scores, dora, left, hand, drawn), (rt, rf, melds, riichi, counts), d) =
            observation_state(&self.0);
        let bytes = |v: &[u8]| PyBytes::new(py, v);
        let b = (scores, bytes(&dora), left, bytes(&hand), drawn).into_pyobject(py)?;
        let c = (
            rt.iter().map(|v| bytes(v)).collect::<Vec<_>>(),
            rf.iter().map(|v| bytes(v)).collect::<Vec<_>>(),
            melds,
            riichi,
            counts,
        )
            .into_pyobject(py)?;
        let state = PyTuple::new(
            py,
            [
                a.into_pyobject(py)?.into_any(),
                b.into_any(),
                c.into_any(),
                d.into_pyobject(py)?.into_any(),
            ],
        )?;
        Ok((f, (state,)))
    }
    /// The hash of its state (equal observations hash alike).
    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        observation_state(&self.0).hash(&mut h);
        h.finish()
    }
    fn __repr__(&self) -> String {
        let o = &self.0;
        format!(
            "Observation(seat={}, {}{} hand={:?}, tiles_left={})",
            o.seat,
            WIND_NAMES[o.round_wind as usize & 3],
            o.kyoku,
            crate::notation::mpsz::format_tiles(&o.hand),
            o.tiles_left
        )
    }
}

/// `Observation.encode`'s result: planes (channels × 34) and scalars.
type EncodedObservation<'py> = (Bound<'py, PyArray2<u8>>, Bound<'py, PyArray1<f32>>);

/// An action argument, or a `TypeError` naming the method.
fn action_arg(action: &Bound<'_, PyAny>, method: &str) -> PyResult<Action> {
    Ok(action
        .cast::<PyAction>()
        .map_err(|_| {
            PyTypeError::new_err(format!(
                "{method} takes an action (Discard, Riichi, Chi, Pon, ..., Pass), got {}",
                super::args::type_name(action)
            ))
        })?
        .get()
        .0)
}

/// An action id 0-158, or an `IllegalActionError` saying the range.
fn action_id_arg(id: &Int) -> PyResult<usize> {
    id.get::<usize>()
        .filter(|&i| i < action_id::ACTION_COUNT)
        .ok_or_else(|| {
            IllegalActionError::new_err(format!(
                "action id {id}: ids are 0-{}",
                action_id::ACTION_COUNT - 1
            ))
        })
}

/// A seat number 0-3.
pub(super) fn seat_arg(seat: Int) -> PyResult<usize> {
    seat.get::<usize>()
        .filter(|&s| s < 4)
        .ok_or_else(|| invalid(format!("seats are 0-3, got {seat}")))
}

/// A seed: any integer from 0 to 2^64-1.
pub(super) fn seed_arg(seed: &Int) -> PyResult<u64> {
    seed.get::<u64>()
        .ok_or_else(|| invalid(format!("a seed is an integer from 0 to 2^64-1, got {seed}")))
}

/// A game of four players (three under three-player rules):
/// `legal_actions(seat)` at each decision, `apply(seat, action)` checked. When a
/// hand ends the next one starts at once; `events` has every event in the mjai
/// vocabulary. Not safe to share between threads: give each thread its own game
/// (the object refuses concurrent use with a `RuntimeError`).
#[pyclass(name = "Game", module = "riichi")]
#[derive(Clone)]
pub struct PyGame {
    game: Game,
    /// Where the game came from: with `steps`, what rebuilds it (pickling).
    origin: Origin,
    /// Every action applied since the setup, in order.
    /// `(seat, action)` for each action applied, `None` where the dealer played on.
    steps: Vec<Option<(usize, Action)>>,
}

/// What `Game.__reduce__` returns: the call that rebuilds the start, its
/// arguments, the actions (`(seat, action)`, `None` where the dealer played on).
type Reduced<'py> = (
    Bound<'py, PyAny>,
    Bound<'py, PyTuple>,
    Vec<Bound<'py, PyAny>>,
);

/// Where a game came from: the game follows from it and its actions.
#[derive(Clone)]
enum Origin {
    /// The constructor's arguments.
    Setup {
        seed: u64,
        walls: Vec<Vec<Tile>>,
        first_dealer: Option<usize>,
    },
    /// Step `step` (counted from 0) of `replay(record, check, on_step=...)`.
    Replay {
        record: Arc<GameRecord>,
        check: bool,
        step: usize,
    },
    /// A copy of a `VecEnv`'s game: no setup to rebuild it from.
    Copy,
}

impl PyGame {
    /// A `Game` holding a copy of `game` as it is: step `step` of replaying
    /// `record`.
    pub(super) fn snapshot(
        game: &Game,
        record: &Arc<GameRecord>,
        check: bool,
        step: usize,
    ) -> PyGame {
        PyGame {
            game: game.clone(),
            origin: Origin::Replay {
                record: Arc::clone(record),
                check,
                step,
            },
            steps: Vec::new(),
        }
    }

    /// A seat of this game's players (0-3, 0-2 with three).
    fn player_seat(&self, seat: Int) -> PyResult<usize> {
        let n = self.game.seats();
        seat.get::<usize>()
            .filter(|&s| s < n)
            .ok_or_else(|| invalid(format!("seats are 0-{}, got {seat}", n - 1)))
    }

    /// After a hand ends, the next one starts at once.
    fn advance(&mut self) -> PyResult<()> {
        if *self.game.phase() == Phase::HandOver {
            self.game.next_hand()?;
        }
        Ok(())
    }
}

impl PyGame {
    /// A `Game` holding a copy of a running `game` (a `VecEnv`'s): it copies but
    /// does not pickle.
    pub(super) fn copy_of(game: &Game) -> PyGame {
        PyGame {
            game: game.clone(),
            origin: Origin::Copy,
            steps: Vec::new(),
        }
    }
}

/// The game at step `step` (counted from 0) of `replay(record, check,
/// on_step=...)`: what a replay step's `Game.__reduce__` gives.
#[pyfunction]
fn _replay_step(record: &super::logs::PyGameRecord, check: bool, step: usize) -> PyResult<PyGame> {
    let mut seen = 0;
    let mut found = None;
    crate::logs::replay::replay_observed(&record.0, check, &mut |_, g| {
        if seen == step {
            found = Some(g.clone());
        }
        seen += 1;
    });
    let game = found.ok_or_else(|| {
        invalid(format!(
            "a pickled replay step {step}: the record's replay has {seen} steps"
        ))
    })?;
    Ok(PyGame {
        game,
        origin: Origin::Replay {
            record: Arc::new(record.0.clone()),
            check,
            step,
        },
        steps: Vec::new(),
    })
}

#[pymethods]
impl PyGame {
    /// A new game under `rules` (Tenhou's by default). `seed` makes it
    /// reproducible (a random seed when `None`); `walls` (lists of 136 tiles in
    /// draw order) are played first, one per hand; `first_dealer` is a seat 0-3,
    /// or `None` to draw it (seeded).
    #[new]
    #[pyo3(
        signature = (rules=None, seed=None, walls=None, first_dealer=Some(Int::from(0))),
        text_signature = "(rules=None, seed=None, walls=None, first_dealer=0)"
    )]
    fn new(
        rules: Option<&Bound<'_, PyAny>>,
        seed: Option<Int>,
        walls: Option<&Bound<'_, PyAny>>,
        first_dealer: Option<Int>,
    ) -> PyResult<Self> {
        let rules = rules_arg(rules)?;
        let seed = seed.as_ref().map(seed_arg).transpose()?;
        let first_dealer = first_dealer
            .map(|d| {
                d.get::<usize>()
                    .ok_or_else(|| invalid(format!("the first dealer is seat 0-3, got {d}")))
            })
            .transpose()?;
        let seed = seed.unwrap_or_else(|| {
            use std::hash::{BuildHasher, RandomState};
            RandomState::new().hash_one(0u64)
        });
        let tiles = match walls.filter(|w| !w.is_none()) {
            Some(walls) => bounded_items(walls, "walls", GAME_WALLS, |w| {
                super::tile::tiles_arg(&w, "a wall", ALL_TILES)
            })?,
            None => Vec::new(),
        };
        let ws = tiles
            .iter()
            .map(|t| Wall::from_tiles(t))
            .collect::<crate::error::Result<Vec<Wall>>>()?;
        let game = Game::setup(rules, seed, ws, first_dealer)?;
        let mut g = PyGame {
            game,
            origin: Origin::Setup {
                seed,
                walls: tiles,
                first_dealer,
            },
            steps: Vec::new(),
        };
        g.advance()?;
        Ok(g)
    }

    /// `"turn"` (one seat draws and acts), `"claims"` (seats may claim a discard
    /// or a kan tile) or `"game_over"`.
    #[getter]
    fn phase(&self) -> &'static str {
        match self.game.phase() {
            Phase::Turn { .. } => "turn",
            Phase::Claims { .. } => "claims",
            Phase::HandOver => "hand_over",
            Phase::GameOver => "game_over",
        }
    }

    /// The seats that must act now.
    #[getter]
    fn current_decision(&self) -> Vec<usize> {
        self.game.deciding()
    }

    /// The seats that must act now, in the order a loop asking one seat at a
    /// time asks them (as `riichi.env.VecEnv` does): on a claim, the seats that
    /// may ron first, then those that may pon or open kan, then chi, each rank
    /// from the discarder's right round.
    #[getter]
    fn asking_order(&self) -> Vec<usize> {
        self.game.asking_order()
    }

    /// Every action `seat` may take now (empty when it is not asked).
    fn legal_actions(&self, py: Python<'_>, seat: Int) -> PyResult<Vec<Py<PyAny>>> {
        let seat = seat_arg(seat)?;
        self.game
            .legal_actions(seat)
            .into_iter()
            .map(|a| action_object(py, a))
            .collect()
    }

    /// Which action ids `seat` may take now: bool (159,), indexed by
    /// `riichi.env.ACTION_GROUPS` (all false when the seat is not asked).
    fn legal_mask<'py>(&self, py: Python<'py>, seat: Int) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let seat = seat_arg(seat)?;
        Ok(PyArray1::from_slice(py, &self.game.legal_mask(seat)))
    }

    /// The legal action of `seat` with this action id. Raises
    /// `IllegalActionError` naming the id when no legal action has it.
    fn action_from_index(&self, py: Python<'_>, seat: Int, action_id: Int) -> PyResult<Py<PyAny>> {
        let seat = seat_arg(seat)?;
        let id = action_id_arg(&action_id)?;
        action_object(py, self.game.action_for_index(seat, id)?)
    }

    /// Take the action with this id for `seat` (`apply` of
    /// `action_from_index(seat, action_id)`). Raises `IllegalActionError` naming
    /// the id and leaves the game unchanged when no legal action has it.
    fn apply_index(&mut self, seat: Int, action_id: Int) -> PyResult<()> {
        let seat = seat_arg(seat)?;
        let id = action_id_arg(&action_id)?;
        let a = self.game.apply_index(seat, id)?;
        self.steps.push(Some((seat, a)));
        self.advance()
    }

    /// What `seat` cannot see, as planes: uint8 (23, 34), channels in
    /// `riichi.env.ORACLE_GROUPS` (the other hands, the ura indicators, the live
    /// wall); for training with privileged information, never for play.
    fn oracle_planes<'py>(&self, py: Python<'py>, seat: Int) -> PyResult<Bound<'py, PyArray2<u8>>> {
        let seat = seat_arg(seat)?;
        let mut planes = vec![0u8; ORACLE_PLANES * KINDS];
        encode::encode_oracle(&self.game, seat, &mut planes);
        PyArray1::from_vec(py, planes).reshape([ORACLE_PLANES, KINDS])
    }

    /// A copy of this game that agrees with everything `seat` knows, for search:
    /// the tiles it cannot see (the other seats' concealed tiles, the wall's
    /// unseen part: live wall, replacement tiles, ura and later dora indicators)
    /// shuffled with `seed` and dealt back into the same places, every hand and
    /// the wall keeping their sizes. The current hand's events are rewritten to
    /// agree: the other seats' dealt tiles and draws are the ones they later
    /// showed, and their new hands. `seat`'s observation, legal actions and tokens
    /// are this game's. The other seats' pending answers to a claim and their
    /// temporary and riichi furiten start over; later hands' walls are shuffled
    /// from `seed`. Like other copies, it does not pickle.
    ///
    /// Raises `InvalidInputError` for a seat not at the table or when no hand is
    /// in play (between a hand's end and `next_hand`, or after the game).
    fn determinize(&self, seat: Int, seed: Int) -> PyResult<PyGame> {
        let seat = seat_arg(seat)?;
        let seed = seed_arg(&seed)?;
        Ok(PyGame {
            game: self.game.determinize(seat, seed)?,
            origin: Origin::Copy,
            steps: Vec::new(),
        })
    }

    /// The current hand's history as `seat` saw it, for sequence models: uint8
    /// (tokens, 8), one row per event from the hand's start (the start, the
    /// seat's dealt tiles, then every draw, discard, call, kan, kita, riichi and
    /// new dora indicator; another seat's drawn tile is 37). Columns in
    /// `riichi.env.TOKEN_COLUMNS`, kinds in `riichi.env.TOKEN_KINDS`; seats are
    /// relative as in the plane encoding. At most `riichi.env.MAX_TOKENS` rows.
    fn tokens<'py>(&self, py: Python<'py>, seat: Int) -> PyResult<Bound<'py, PyArray2<u8>>> {
        let seat = seat_arg(seat)?;
        let players = usize::from(self.game.rules().players);
        if seat >= players {
            return Err(invalid(format!(
                "seat {seat} is empty at a table of {players} players (seats 0-{})",
                players - 1
            )));
        }
        let (mut rows, n) = self.game.tokens(seat);
        rows.truncate(n * tokens::WIDTH);
        PyArray1::from_vec(py, rows).reshape([n, tokens::WIDTH])
    }

    /// Take `action` for `seat`. Raises `IllegalActionError` (naming the action and
    /// why) and leaves the game unchanged when the rules do not allow it; `TypeError`
    /// for a non-action.
    fn apply(&mut self, seat: Int, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let a = action_arg(action, "apply")?;
        let seat = seat.get::<usize>().ok_or_else(|| {
            IllegalActionError::new_err(format!("seat {seat} may not {a}: seats are 0-3"))
        })?;
        self.game.apply(seat, a)?;
        self.steps.push(Some((seat, a)));
        self.advance()
    }

    /// Pickled as its setup (rules, seed, walls, first dealer) and every action
    /// applied, replayed on loading: the loaded game is equal to this one and
    /// goes on as it would. A game taken from a replay (`replay(..., on_step=...)`)
    /// is pickled as its record and step, replayed again on loading.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduced<'py>> {
        let py = slf.py();
        let g = slf.borrow();
        let (f, args) = match &g.origin {
            Origin::Setup {
                seed,
                walls,
                first_dealer,
            } => {
                let rules = super::rules::PyRules(g.game.rules().clone()).into_pyobject(py)?;
                let walls: Vec<Vec<Py<PyTile>>> = walls.iter().map(|w| to_py(w)).collect();
                let args = PyTuple::new(
                    py,
                    [
                        rules.into_any(),
                        seed.into_pyobject(py)?.into_any(),
                        walls.into_pyobject(py)?.into_any(),
                        first_dealer.into_pyobject(py)?.into_any(),
                    ],
                )?;
                (slf.get_type().into_any(), args)
            }
            Origin::Replay {
                record,
                check,
                step,
            } => {
                let record = super::logs::PyGameRecord(GameRecord::clone(record));
                let args = PyTuple::new(
                    py,
                    [
                        record.into_pyobject(py)?.into_any(),
                        pyo3::types::PyBool::new(py, *check).to_owned().into_any(),
                        step.into_pyobject(py)?.into_any(),
                    ],
                )?;
                (py.import("riichi._core")?.getattr("_replay_step")?, args)
            }
            Origin::Copy => {
                return Err(invalid(
                    "a game copied out of a VecEnv does not pickle (copy.deepcopy works); \
                     pickle the records of VecEnv.finished()",
                ))
            }
        };
        let steps = g
            .steps
            .iter()
            .map(|step| match *step {
                Some((s, a)) => Ok((s, action_object(py, a)?).into_pyobject(py)?.into_any()),
                None => Ok(py.None().into_bound(py)),
            })
            .collect::<PyResult<Vec<_>>>()?;
        Ok((f, args, steps))
    }

    /// Replay the pickled actions `(seat, action)` (`None` where the dealer played
    /// on) on a new game. Raises
    /// `IllegalActionError` naming the first that does not apply,
    /// `InvalidInputError` for a state of another form.
    fn __setstate__(&mut self, state: &Bound<'_, PyAny>) -> PyResult<()> {
        if !self.steps.is_empty() {
            return Err(invalid(
                "a Game's pickled actions are replayed only on a new game",
            ));
        }
        let bad = |i: usize| {
            invalid(format!(
                "a Game's pickled state is a list of (seat, action) pairs; item {i} is not one"
            ))
        };
        let items =
            super::args::items_up_to(state, "state", "a list of (seat, action)", usize::MAX, Ok)
                .map_err(|_| invalid("a Game's pickled state is a list of (seat, action) pairs"))?
                .unwrap_or_default();
        for (i, item) in items.iter().enumerate() {
            if item.is_none() {
                self.game
                    .play_on()
                    .map_err(|e| IllegalActionError::new_err(format!("pickled step {i}: {e}")))?;
                self.steps.push(None);
                self.advance()?;
                continue;
            }
            let (seat, action): (usize, Bound<'_, PyAny>) = item.extract().map_err(|_| bad(i))?;
            let a = action.cast::<PyAction>().map_err(|_| bad(i))?.get().0;
            self.game
                .apply(seat, a)
                .map_err(|e| IllegalActionError::new_err(format!("pickled action {i}: {e}")))?;
            self.steps.push(Some((seat, a)));
            self.advance()?;
        }
        Ok(())
    }

    /// Games are equal when every part of their state is (hands, wall, scores,
    /// events, the generator dealing the next walls).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyGame>()
            .is_ok_and(|o| o.try_borrow().is_ok_and(|o| o.game == self.game))
    }

    /// An independent copy, at the same point.
    fn __copy__(&self) -> PyGame {
        self.clone()
    }

    /// An independent copy, at the same point.
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.clone()
    }

    /// What `seat` may know now (an `Observation`): its own hand, every river and
    /// meld, the dora indicators, scores, riichi states and the wall count — never
    /// another player's concealed tiles or the wall.
    fn observation(&self, seat: Int) -> PyResult<PyObservation> {
        Ok(PyObservation(self.game.observation(seat_arg(seat)?)?))
    }

    /// Every event so far, as mjai dicts (`{"type": "dahai", "actor": 0, ...}`).
    #[getter]
    fn events<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        self.game
            .events()
            .iter()
            .map(|e| event_dict(py, e))
            .collect()
    }

    /// The events from index `start` on as seat `seat` sees them, as mjai dicts
    /// (what an mjai bot playing that seat is sent): the other seats' dealt
    /// tiles and draws are `"?"`, and `start_game` carries the seat as `id` and
    /// the rule options that differ from Tenhou's as `rules`.
    #[pyo3(signature = (seat, start=Int::from(0)), text_signature = "($self, seat, start=0)")]
    fn seat_events<'py>(
        &self,
        py: Python<'py>,
        seat: Int,
        start: Int,
    ) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let seat = self.player_seat(seat)?;
        let events = self.game.events();
        let start = start
            .get::<usize>()
            .filter(|&s| s <= events.len())
            .ok_or_else(|| {
                invalid(format!(
                    "start is an event index 0-{}, got {start}",
                    events.len()
                ))
            })?;
        events[start..]
            .iter()
            .map(|e| {
                let v = crate::logs::mjai_bot::seat_view(e, seat, self.game.rules());
                Ok(super::json::to_py(py, &v)?.cast_into::<PyDict>()?)
            })
            .collect()
    }

    /// A game that agrees with what seat `seat` saw of the current hand, at the
    /// point where `events` stop; `None` when that point is no decision of the
    /// game's (the hand is over, or a draw the events do not show yet is next).
    /// `events` are the seat's view (mjai dicts, `"?"` for hidden tiles, as
    /// `seat_events` gives them) from the hand's `start_kyoku` on. The other
    /// seats' concealed tiles and the wall are made up: the game's
    /// `observation(seat)` and `legal_actions(seat)` are the real ones, nothing
    /// else about the other seats is. What an mjai bot keeps its state with.
    /// Raises `InvalidInputError` for events that are not mjai data or that the
    /// engine cannot follow.
    #[staticmethod]
    #[pyo3(signature = (seat, events, rules=None))]
    fn from_seat_events(
        seat: Int,
        events: &Bound<'_, PyAny>,
        rules: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Option<PyGame>> {
        let rules = rules_arg(rules)?;
        let seat = seat_arg(seat)?;
        let v = super::json::from_py(events, "events")?;
        let serde_json::Value::Array(hand) = v else {
            return Err(invalid("events are a list of mjai dicts"));
        };
        let game = crate::logs::mjai_bot::seat_position(&hand, seat, &rules)?;
        Ok(game.map(|g| PyGame::copy_of(&g)))
    }

    /// The action an mjai bot playing `seat` means by its answer `answer` (a
    /// dict, or its JSON text): `dahai`, `chi`, `pon`, `daiminkan`, `ankan`,
    /// `kakan`, `hora` (tsumo or ron), `ryukyoku` (nine terminals), `nukidora`
    /// or `none` (a pass). A `reach` gives `None`: the bot names its discard
    /// next, once it is shown its own `reach` event; read that answer with
    /// `riichi=True` for the `Riichi` action. Raises `InvalidInputError` for an
    /// answer that is not an mjai action, `IllegalActionError` for one that is
    /// not legal now (the message lists the legal actions).
    #[pyo3(signature = (seat, answer, riichi=false))]
    fn action_from_mjai(
        &self,
        py: Python<'_>,
        seat: Int,
        answer: &Bound<'_, PyAny>,
        riichi: bool,
    ) -> PyResult<Option<Py<PyAny>>> {
        use crate::logs::mjai_bot::{answer_from_mjai, Answer};
        let seat = self.player_seat(seat)?;
        let v = match answer.cast::<pyo3::types::PyString>() {
            Ok(text) => serde_json::from_str(text.to_str()?).map_err(|e| {
                let shown: String = text.to_string_lossy().chars().take(80).collect();
                invalid(format!("the answer {shown:?} is not JSON: {e}"))
            })?,
            Err(_) => super::json::from_py(answer, "the answer")?,
        };
        match answer_from_mjai(&self.game, seat, &v, riichi)? {
            Answer::Reach => Ok(None),
            Answer::Act(a) => Ok(Some(action_object(py, a)?)),
        }
    }

    /// The mjai answer of `seat` taking `action` now, as a dict: `dahai`,
    /// `reach` (for a `Riichi`: its discard is answered as a `dahai` once the
    /// seat's own `reach` event comes), `chi`, `pon`, `daiminkan`, `ankan`,
    /// `kakan` with their tiles, `hora` with its target and tile, `ryukyoku`,
    /// `nukidora`, or `{"type": "none"}` for a `Pass`. Raises
    /// `InvalidInputError` when the action does not fit the game's state.
    fn action_to_mjai<'py>(
        &self,
        py: Python<'py>,
        seat: Int,
        action: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let seat = self.player_seat(seat)?;
        let a = action_arg(action, "action_to_mjai")?;
        let v = crate::logs::mjai_bot::answer_to_mjai(&self.game, seat, a)?;
        Ok(super::json::to_py(py, &v)?.cast_into::<PyDict>()?)
    }

    /// The game so far as a `GameRecord` (to write as mjai, tenhou.net/6 or
    /// mjlog, or to replay).
    fn record(&self) -> super::logs::PyGameRecord {
        super::logs::record_of(&self.game)
    }

    /// Whether the game has ended.
    #[getter]
    fn is_over(&self) -> bool {
        *self.game.phase() == Phase::GameOver
    }

    /// Whether the game just ended by agari-yame or tenpai-yame under rules that
    /// let the last dealer choose (`yame_choice`), so that `play_on` may go on.
    #[getter]
    fn may_play_on(&self) -> bool {
        self.game.may_play_on()
    }

    /// The last dealer plays on instead of stopping: under `yame_choice`, a game
    /// that just ended by agari-yame or tenpai-yame goes back to the points and
    /// sticks it had, and the dealer's repeat starts. Raises `IllegalActionError`
    /// (the game unchanged) when `may_play_on` is false.
    fn play_on(&mut self) -> PyResult<()> {
        self.game.play_on()?;
        self.steps.push(None);
        self.advance()
    }

    /// The seat dealing this hand.
    #[getter]
    fn dealer(&self) -> usize {
        self.game.dealer()
    }

    /// The seat that dealt the first hand.
    #[getter]
    fn first_dealer(&self) -> usize {
        self.game.first_dealer()
    }

    /// Points by seat (during the game: current points).
    #[getter]
    fn scores(&self) -> Vec<i64> {
        self.game.scores().to_vec()
    }

    /// At the end: `{"points": [...], "ranks": [...], "scores": [...]}` by seat
    /// (scores in thousands, uma and oka included); `None` before.
    #[getter]
    fn result<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(r) = self.game.result() else {
            return Ok(None);
        };
        let d = PyDict::new(py);
        d.set_item("points", r.points.to_vec())?;
        d.set_item("ranks", r.ranks.map(u32::from).to_vec())?;
        let scores: Vec<f64> = r.scores.iter().map(|&s| s as f64 / 10.0).collect();
        d.set_item("scores", scores)?;
        Ok(Some(d))
    }

    /// Check the invariants (136 tiles accounted for; points plus sticks
    /// conserved); raises `RuntimeError` naming the first one broken (for tests).
    fn check_invariants(&self) -> PyResult<()> {
        self.game
            .check_invariants()
            .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.0))
    }

    fn __repr__(&self) -> String {
        let g = &self.game;
        format!(
            "Game({}{} {} honba, scores={:?}, phase={:?})",
            ["E", "S", "W", "N"][g.round_wind() as usize],
            g.round() % 4 + 1,
            g.honba(),
            g.scores(),
            self.phase()
        )
    }
}

/// The most games whose records `simulate(records=True)` keeps as dicts.
const MOST_KEPT_RECORDS: u64 = 10_000;

/// Games per part of a `simulate` call (signals are checked between parts).
const SIMULATE_PART: u64 = 256;

/// Play `n_games` whole games inside Rust, every seat played by a built-in
/// agent, GIL released, on all cores (or `threads`). Returns statistics: games,
/// hands and decisions; the counts `tsumo_wins` and `ron_wins` (per seat),
/// `exhaustive_draws`, `abortive_draws`, `total_points` and `total_ranks` (per seat, sums
/// over the games), which add up over runs; what follows from them: `win_rate` (per
/// seat, per hand), `tsumo_rate`, `ron_rate`, `exhaustive_draw_rate`,
/// `abortive_draw_rate`, `average_points` and `average_rank` (per seat),
/// `hands_per_game`; `yaku_counts` (wins with each yaku id; yakuman ids end in
/// " (yakuman)"), seconds, `games_per_second`, and with `records=True` the mjai
/// events of every game as dicts ("records"). Game `i` is seeded from `seed` and
/// `i` (`game_seed(seed, i)`): the same call gives the same statistics. Games are
/// played in parts of a few hundred; after each, `progress(done, n_games)` is
/// called, and Ctrl-C stops the call between two parts.
///
/// Memory: `records=True` holds every game's events as Python dicts, about
/// 1.3 MB a game with random agents (fewer events with the others), so it is
/// refused above 10,000 games. To keep the records of more games, pass
/// `on_record`: it is called with each game's `GameRecord`, in game order, as
/// each part of the run finishes (about 0.4 MB a game while it is held; write
/// it out with `logs.write_mjai` and drop it to hold nothing).
#[pyfunction]
#[pyo3(
    signature = (n_games, agent=Text::from("shanten"), seed=Int::from(0), rules=None, threads=None, records=false, on_record=None, progress=None),
    text_signature = "(n_games, agent='shanten', seed=0, rules=None, threads=None, records=False, on_record=None, progress=None)"
)]
#[allow(clippy::too_many_arguments)]
fn simulate<'py>(
    py: Python<'py>,
    n_games: Int,
    agent: Text,
    seed: Int,
    rules: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
    records: bool,
    on_record: Option<&Bound<'py, PyAny>>,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let rules = rules_arg(rules)?;
    // Up to 2^63-1 games: more could never be played anyway.
    let n_games = n_games
        .get::<i64>()
        .and_then(|n| u64::try_from(n).ok())
        .ok_or_else(|| invalid(format!("n_games is a count of games, got {n_games}")))?;
    let seed = seed_arg(&seed)?;
    let agent = &*agent;
    let kind = AgentKind::from_name(agent).ok_or_else(|| {
        invalid(format!(
            "agent {agent:?} is not one of \"random\", \"tsumogiri\", \"shanten\""
        ))
    })?;
    let threads = threads_arg(threads)?;
    let on_record = on_record.filter(|f| !f.is_none());
    if on_record.is_some_and(|f| !f.is_callable()) {
        return Err(PyTypeError::new_err(
            "on_record must be a callable taking a GameRecord",
        ));
    }
    if records && n_games > MOST_KEPT_RECORDS {
        return Err(invalid(format!(
            "records=True keeps every game's events as dicts (about 1.5 MB a game): at most \
             {MOST_KEPT_RECORDS} games, got {n_games}; pass on_record to receive each \
             game's record as it is played instead"
        )));
    }
    let progress = progress.filter(|f| !f.is_none());
    if progress.is_some_and(|f| !f.is_callable()) {
        return Err(PyTypeError::new_err(
            "progress must be a callable taking (games done, games in all)",
        ));
    }
    let keep = records || on_record.is_some();
    let start = std::time::Instant::now();
    // In parts, each with the GIL released, so that Ctrl-C (or any signal
    // handler's exception) stops a long run between them.
    let part = SIMULATE_PART.max(threads.unwrap_or_else(rayon::current_num_threads) as u64 * 16);
    let (mut s, mut games) = (sim::Stats::default(), Vec::new());
    let mut done = 0;
    while done < n_games {
        let range = done..n_games.min(done.saturating_add(part));
        done = range.end;
        let (st, kept) =
            py.detach(|| sim::simulate_games(&rules, range, kind, seed, threads, keep))?;
        s = s.merge(&st);
        for record in kept {
            if records {
                let events: Vec<Bound<'py, PyDict>> = record
                    .events
                    .iter()
                    .map(|e| event_dict(py, e))
                    .collect::<PyResult<_>>()?;
                games.push(events);
            }
            if let Some(f) = on_record {
                f.call1((super::logs::PyGameRecord(record),))?;
            }
        }
        if let Some(f) = progress {
            f.call1((done, n_games))?;
        }
        py.check_signals()?;
    }
    let secs = start.elapsed().as_secs_f64();
    let d = PyDict::new(py);
    if records {
        d.set_item("records", games)?;
    }
    d.set_item("games", s.games)?;
    d.set_item("hands", s.hands)?;
    d.set_item("decisions", s.decisions)?;
    // The counts, which add up over runs, then what follows from them.
    d.set_item("tsumo_wins", s.tsumo.to_vec())?;
    d.set_item("ron_wins", s.ron.to_vec())?;
    d.set_item("exhaustive_draws", s.exhaustive)?;
    d.set_item("abortive_draws", s.abortive)?;
    d.set_item("total_points", s.points.to_vec())?;
    d.set_item("total_ranks", s.ranks.to_vec())?;
    d.set_item("win_rate", s.win_rates().to_vec())?;
    d.set_item("tsumo_rate", s.tsumo_rate())?;
    d.set_item("ron_rate", s.ron_rate())?;
    d.set_item("exhaustive_draw_rate", s.exhaustive_draw_rate())?;
    d.set_item("abortive_draw_rate", s.abortive_draw_rate())?;
    d.set_item("average_points", s.average_points().to_vec())?;
    d.set_item("average_rank", s.average_ranks().to_vec())?;
    d.set_item("hands_per_game", s.hands_per_game())?;
    let yaku = PyDict::new(py);
    for (y, &n) in crate::score::Yaku::all().zip(&s.yaku) {
        if n > 0 {
            let key = if y.is_yakuman() {
                format!("{} (yakuman)", y.id())
            } else {
                y.id().to_string()
            };
            yaku.set_item(key, n)?;
        }
    }
    d.set_item("yaku_counts", yaku)?;
    d.set_item("seconds", secs)?;
    d.set_item("games_per_second", s.games as f64 / secs.max(1e-9))?;
    Ok(d)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyAction>()?;
    m.add_class::<PyDiscard>()?;
    m.add_class::<PyRiichi>()?;
    m.add_class::<PyChi>()?;
    m.add_class::<PyPon>()?;
    m.add_class::<PyDaiminkan>()?;
    m.add_class::<PyAnkan>()?;
    m.add_class::<PyKakan>()?;
    m.add_class::<PyTsumo>()?;
    m.add_class::<PyRon>()?;
    m.add_class::<PyKyuushu>()?;
    m.add_class::<PyKita>()?;
    m.add_class::<PyPass>()?;
    m.add_class::<PyGame>()?;
    m.add_class::<PyObservation>()?;
    m.add_function(wrap_pyfunction!(_observation, m)?)?;
    m.add_function(wrap_pyfunction!(_replay_step, m)?)?;
    m.add_function(wrap_pyfunction!(simulate, m)?)?;
    Ok(())
}
