//! `riichi.Meld` and `riichi.Hand`.

use super::analysis::{
    py_decomposition, PyDecomposition, PyDiscardOption, PyShantenByForm, PyUkeire, PyWaits,
};
use super::args::{items_up_to, text, HAND_MELDS, HAND_TILES};
use super::rules::tileset_arg;
use super::tile::{counts_arg, tile_arg, tiles_arg, tiles_up_to, to_py, PyTile};
use crate::algo::{agari, decompose, shanten, waits};
use crate::error::MahjongError;
use crate::hand::Hand;
use crate::meld::{Meld, MeldKind, Relative};
use crate::notation::mpsz;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyType};
use std::fmt::Write;

/// A declared meld: chi, pon, daiminkan, kakan or ankan. Immutable, hashable,
/// picklable; validated on construction (raises `InvalidMeldError`).
///
/// `Meld("chi", "345m", called="3m", called_from="left")`, or in bracket notation
/// `Meld.parse("[3'45m]")`.
#[pyclass(name = "Meld", module = "riichi", frozen, eq, hash, from_py_object)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyMeld(pub Meld);

#[pymethods]
impl PyMeld {
    #[new]
    #[pyo3(signature = (kind, tiles, called=None, called_from=None, added=None))]
    fn new(
        kind: &Bound<'_, PyString>,
        tiles: &Bound<'_, PyAny>,
        called: Option<&Bound<'_, PyAny>>,
        called_from: Option<&Bound<'_, PyString>>,
        added: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let kind = text(kind)?;
        let kind = kind.as_ref();
        let called_from = called_from.map(text).transpose()?;
        let called_from = called_from.as_deref();
        let kind = MeldKind::from_name(kind).ok_or_else(|| {
            MahjongError::InvalidMeld(format!(
                "unknown meld kind {kind:?} (chi, pon, daiminkan, kakan, ankan)"
            ))
        })?;
        let from = called_from
            .map(|f| {
                Relative::from_name(f).ok_or_else(|| {
                    MahjongError::InvalidMeld(format!("unknown seat {f:?} (left, across, right)"))
                })
            })
            .transpose()?;
        let called = called.map(tile_arg).transpose()?;
        let added = added.map(tile_arg).transpose()?;
        Ok(PyMeld(Meld::new(
            kind,
            &tiles_arg(tiles, "tiles", 4)?,
            called,
            from,
            added,
        )?))
    }

    /// Parse bracket notation: `[3'45m]` (chi), `[55'5z]` (pon), `[5555's]`
    /// (daiminkan), `[5'55+5z]` (kakan), `(1111s)` (ankan).
    ///
    /// Raises `TileParseError` for bad notation and `InvalidMeldError` for an
    /// impossible meld.
    #[staticmethod]
    fn parse(s: &Bound<'_, PyString>) -> PyResult<Self> {
        Ok(PyMeld(mpsz::parse_meld(&text(s)?)?))
    }

    /// `"chi"`, `"pon"`, `"daiminkan"`, `"kakan"` or `"ankan"`.
    #[getter]
    fn kind(&self) -> &'static str {
        self.0.kind().name()
    }
    /// All tiles of the meld, sorted (3, or 4 for a kan).
    #[getter]
    fn tiles(&self) -> Vec<Py<PyTile>> {
        to_py(self.0.tiles())
    }
    /// The claimed tile, when known (`None` for an ankan).
    #[getter]
    fn called(&self) -> Option<PyTile> {
        self.0.called().map(PyTile)
    }
    /// The seat the claimed tile came from, relative to the caller.
    #[getter]
    fn called_from(&self) -> Option<&'static str> {
        self.0.from().map(Relative::name)
    }
    /// The tile a kakan added to its pon (`None` for other kinds).
    #[getter]
    fn added(&self) -> Option<PyTile> {
        self.0.added().map(PyTile)
    }
    /// Whether the meld opens the hand (every kind but ankan).
    #[getter]
    fn is_open(&self) -> bool {
        self.0.is_open()
    }
    /// Daiminkan, kakan or ankan.
    #[getter]
    fn is_kan(&self) -> bool {
        self.0.kind().is_kan()
    }
    fn __str__(&self) -> String {
        self.0.to_string()
    }
    fn __repr__(&self) -> String {
        format!("Meld.parse(\"{}\")", self.0)
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let parse = slf.get_type().getattr("parse")?;
        Ok((parse, (slf.get().0.to_string(),)))
    }
}

/// A hand: concealed tiles and melds. Immutable, hashable, picklable.
///
/// `Hand("123m456p11z [555z] (1111s)")` (melds may also be typed as words:
/// `Hand("123m456p11z pon 555z ankan 1111s")`), or `Hand(tiles, melds=[...])`;
/// `str(hand)` prints the one-string notation back, melds in brackets. Validated
/// on construction: 13 or 14 tiles with each meld counting 3 (a kan too), so 3n+1
/// or 3n+2 concealed tiles, checked
/// first; then at most 4 copies of a kind across concealed tiles and melds (red
/// fives counted as fives). Raises `InvalidHandError`, or `TileParseError` for bad
/// notation.
#[pyclass(name = "Hand", module = "riichi", frozen, eq, hash, from_py_object)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyHand(pub Hand);

/// A hand argument: a `Hand` object lent as it is, or a hand string parsed.
pub enum HandArg<'py> {
    Lent(Bound<'py, PyHand>),
    Parsed(Hand),
}

impl std::ops::Deref for HandArg<'_> {
    type Target = Hand;
    fn deref(&self) -> &Hand {
        match self {
            HandArg::Lent(h) => &h.get().0,
            HandArg::Parsed(h) => h,
        }
    }
}

/// A hand from a `Hand` (not copied) or a hand string.
pub fn hand_arg<'py>(obj: &Bound<'py, PyAny>) -> PyResult<HandArg<'py>> {
    // A string first: telling one is a flag test, a `Hand` a type-tree walk.
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(HandArg::Parsed(mpsz::parse_hand(&text(s)?)?));
    }
    if let Ok(h) = obj.cast::<PyHand>() {
        return Ok(HandArg::Lent(h.clone()));
    }
    Err(PyTypeError::new_err(format!(
        "expected a Hand or a hand string, got {}",
        obj.get_type().name()?
    )))
}

#[pymethods]
impl PyHand {
    #[new]
    #[pyo3(signature = (tiles, melds=None))]
    fn new(tiles: &Bound<'_, PyAny>, melds: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        match (tiles.cast::<PyString>(), melds.filter(|m| !m.is_none())) {
            (Ok(s), None) => Ok(PyHand(mpsz::parse_hand(&text(s)?)?)),
            (_, melds) => {
                // Past the most a hand holds, a hand error as the core words it.
                let too_many = |what: &str, most: usize| {
                    PyErr::from(MahjongError::InvalidHand(format!(
                        "a hand has at most {most} {what}, got more"
                    )))
                };
                let melds = match melds {
                    Some(m) => items_up_to(m, "melds", "an iterable of melds", HAND_MELDS, |m| {
                        Ok(m.extract::<PyMeld>()?.0)
                    })?
                    .ok_or_else(|| too_many("melds", HAND_MELDS))?,
                    None => Vec::new(),
                };
                let concealed = tiles_up_to(tiles, "tiles", HAND_TILES)?
                    .ok_or_else(|| too_many("concealed tiles", HAND_TILES))?;
                Ok(PyHand(Hand::new(&concealed, melds)?))
            }
        }
    }

    /// Concealed tiles, sorted (red fives before the plain ones).
    #[getter]
    fn concealed(&self) -> Vec<Py<PyTile>> {
        to_py(&self.0.concealed_tiles())
    }
    /// Declared melds, in order.
    #[getter]
    fn melds(&self) -> Vec<PyMeld> {
        self.0.melds().iter().cloned().map(PyMeld).collect()
    }
    /// Concealed counts by kind (34 integers).
    #[getter]
    fn counts(&self) -> Vec<u32> {
        self.0.counts().iter().map(|&c| u32::from(c)).collect()
    }
    /// No open meld (an ankan keeps the hand closed).
    #[getter]
    fn is_closed(&self) -> bool {
        self.0.is_closed()
    }
    /// Shanten, the minimum over the forms; -1 for a complete hand.
    #[getter]
    fn shanten(&self) -> i8 {
        self.by_form().min()
    }
    /// Shanten of the standard, chiitoitsu and kokushi forms.
    #[getter]
    fn shanten_by_form(&self) -> PyShantenByForm {
        PyShantenByForm(self.by_form())
    }
    /// Whether the hand (3n+2 concealed tiles) is a complete hand of any form.
    #[getter]
    fn is_complete(&self) -> bool {
        agari::is_complete(self.0.counts(), self.0.melds().len())
    }
    /// The hand in Unicode tiles, melds in `[...]` (open) or `(...)` (ankan).
    #[getter]
    fn unicode(&self) -> String {
        let mut s: String = self
            .0
            .concealed_tiles()
            .iter()
            .map(|t| t.unicode())
            .collect();
        for m in self.0.melds() {
            let tiles: String = m.tiles().iter().map(|t| t.unicode()).collect();
            let (open, close) = if m.is_open() { ('[', ']') } else { ('(', ')') };
            let _ = write!(s, " {open}{tiles}{close}");
        }
        s
    }

    /// Every way the complete hand splits into sets and a pair, seven pairs, or
    /// kokushi; empty when the hand is not complete.
    ///
    /// With `win_tile` (which the concealed tiles must hold), one entry per
    /// reading: each decomposition once per place the winning tile can have
    /// completed, with its wait shape. Raises `InvalidInputError` for a hand
    /// without 3n+2 concealed tiles or a winning tile not in the hand.
    #[pyo3(signature = (win_tile=None))]
    fn decompositions(
        &self,
        win_tile: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<PyDecomposition>> {
        if self.0.concealed_len() % 3 != 2 {
            return Err(MahjongError::InvalidInput(format!(
                "decompositions need a complete-size hand (3n+2 concealed tiles); {} has {}",
                self.0,
                self.0.concealed_len()
            ))
            .into());
        }
        let Some(win) = win_tile.map(tile_arg).transpose()? else {
            return Ok(decompose::decompositions(&self.0)
                .iter()
                .map(|d| py_decomposition(d, None, None))
                .collect());
        };
        if self.0.counts()[win.kind() as usize] == 0 {
            return Err(MahjongError::InvalidInput(format!(
                "the winning tile {win} is not among the concealed tiles of {}",
                self.0
            ))
            .into());
        }
        Ok(decompose::all_readings(&self.0, win.kind())
            .iter()
            .map(|r| py_decomposition(&r.decomposition, Some(r.wait), r.win_block))
            .collect())
    }

    /// The tiles that complete a 13-tile hand (melds counting 3: 3n+1 concealed
    /// tiles), with their wait shapes; waits on a kind whose four copies the hand
    /// already holds are listed apart, in `Waits.impossible`. Raises
    /// `InvalidInputError` for another hand size.
    ///
    /// With `rules` of three players (`players=3`), the tiles are the 108 of
    /// sanma: 2m-8m are never waits, and a hand holding one raises
    /// `InvalidHandError`.
    #[pyo3(signature = (*, rules=None))]
    fn waits(&self, rules: Option<&Bound<'_, PyAny>>) -> PyResult<PyWaits> {
        Ok(PyWaits::from(waits::waits_in(
            &self.0,
            tileset_arg(rules)?,
        )?))
    }

    /// The tile kinds that lower the shanten of a 13-tile hand (3n+1 concealed
    /// tiles) and how many copies of each are still unseen.
    ///
    /// `visible` holds the tiles seen outside the hand (discards, other players'
    /// melds, dora indicators) as an mpsz string, an iterable of tiles, or 34
    /// counts. Raises `InvalidInputError` for another hand size, or when the hand
    /// and `visible` hold more than 4 copies of a kind. With `rules` of three
    /// players, 2m-8m are never counted and may not be in the hand or `visible`
    /// (`InvalidHandError`).
    #[pyo3(signature = (visible=None, *, rules=None))]
    fn ukeire(
        &self,
        visible: Option<&Bound<'_, PyAny>>,
        rules: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyUkeire> {
        Ok(PyUkeire(waits::ukeire_in(
            &self.0,
            &counts_arg(visible, "visible")?,
            tileset_arg(rules)?,
        )?))
    }

    /// For a 14-tile hand (melds counting 3: 3n+2 concealed tiles): every distinct
    /// discard (a red five apart from plain fives) with the resulting shanten and
    /// ukeire, best first (lowest shanten, then most live tiles, then most kinds,
    /// then tile order). `visible` and `rules` as for `ukeire`.
    #[pyo3(signature = (visible=None, *, rules=None))]
    fn discard_options(
        &self,
        visible: Option<&Bound<'_, PyAny>>,
        rules: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<PyDiscardOption>> {
        let visible = counts_arg(visible, "visible")?;
        Ok(
            waits::discard_options_in(&self.0, &visible, tileset_arg(rules)?)?
                .into_iter()
                .map(PyDiscardOption)
                .collect(),
        )
    }

    /// This hand with one more concealed tile (raises `InvalidHandError` when
    /// the result is not a valid hand).
    fn with_tile(&self, tile: &Bound<'_, PyAny>) -> PyResult<PyHand> {
        Ok(PyHand(self.0.with_tile(tile_arg(tile)?)?))
    }

    /// This hand without one concealed copy of `tile` (a red five must be named
    /// as red). Raises `InvalidInputError` when the hand does not hold it.
    fn without_tile(&self, tile: &Bound<'_, PyAny>) -> PyResult<PyHand> {
        Ok(PyHand(self.0.without_tile(tile_arg(tile)?)?))
    }

    fn __len__(&self) -> usize {
        self.0.concealed_len()
            + self
                .0
                .melds()
                .iter()
                .map(|m| m.tiles().len())
                .sum::<usize>()
    }
    fn __str__(&self) -> String {
        self.0.to_string()
    }
    fn __repr__(&self) -> String {
        format!("Hand(\"{}\")", self.0)
    }
    fn __reduce__<'py>(&self, py: Python<'py>) -> (Bound<'py, PyType>, (String,)) {
        (py.get_type::<PyHand>(), (self.0.to_string(),))
    }
}

impl PyHand {
    pub fn by_form(&self) -> shanten::ShantenByForm {
        let mc = self.0.meld_counts();
        shanten::by_form(self.0.counts(), Some(&mc), self.0.melds().len())
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyMeld>()?;
    m.add_class::<PyHand>()?;
    Ok(())
}
