//! `riichi.score` and its results; points tables; settlement helpers.

// PyO3 extracts arguments by value.
#![allow(clippy::needless_pass_by_value)]

use super::analysis::{py_decomposition, PyDecomposition};
use super::args::{
    bounded_items, is_strict_int, plain_text_or, Int, INDICATORS, RON_WINNERS, SEATS,
};
use super::errors::{invalid, InvalidContextError};
use super::hand::hand_arg;
use super::rules::rules_arg;
use super::tile::{tile_arg, tiles_up_to};
use crate::rules::Rules;
use crate::score::points::{self as pts, Limit, Payments, Settlement};
use crate::score::report::ExactPayments;
use crate::score::situation::{with_situation_flags, FLAGS};
use crate::score::{self as core, ScoreResult, WinContext, Yaku};
use crate::tile::Tile;
use num_bigint::BigUint;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyString, PyTuple};

/// One yaku (or yakuman) of a result.
#[pyclass(name = "Yaku", module = "riichi", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyYaku {
    yaku: Yaku,
    /// Han of a regular yaku, multiplier of a yakuman.
    value: u8,
}

#[pymethods]
impl PyYaku {
    /// Snake-case id, e.g. `"menzen_tsumo"`, `"seat_wind_east"`, `"haku"`,
    /// `"suuankou_tanki"`.
    #[getter]
    fn id(&self) -> &'static str {
        self.yaku.id()
    }
    /// Romanised name, e.g. `"Menzen Tsumo"`.
    #[getter]
    fn name(&self) -> &'static str {
        self.yaku.name()
    }
    /// Japanese name, e.g. `"門前清自摸和"`.
    #[getter]
    fn name_ja(&self) -> &'static str {
        self.yaku.name_ja()
    }
    /// Han of a regular yaku; 13 × the multiplier for a yakuman.
    #[getter]
    fn han(&self) -> u32 {
        if self.yaku.is_yakuman() {
            13 * u32::from(self.value)
        } else {
            u32::from(self.value)
        }
    }
    /// The yakuman multiplier (1 single, 2 double); 0 for a regular yaku.
    #[getter]
    fn yakuman(&self) -> u8 {
        if self.yaku.is_yakuman() {
            self.value
        } else {
            0
        }
    }
    /// Tenhou's yaku number (0-54), `None` for local yaku.
    #[getter]
    fn tenhou_id(&self) -> Option<u8> {
        self.yaku.tenhou_id()
    }
    fn __repr__(&self) -> String {
        if self.yaku.is_yakuman() {
            format!("Yaku({:?}, yakuman={})", self.yaku.id(), self.value)
        } else {
            format!("Yaku({:?}, han={})", self.yaku.id(), self.value)
        }
    }
}

/// One line of a fu breakdown.
#[pyclass(name = "FuItem", module = "riichi", frozen, get_all)]
#[derive(Clone)]
pub struct PyFuItem {
    /// What the fu are for: `"base"`, `"menzen_ron"`, `"tsumo"`, `"meld"`,
    /// `"pair"`, `"wait"`, `"chiitoitsu"`, `"open_pinfu"` or `"round_up"`.
    reason: &'static str,
    /// The fu of this line.
    fu: u8,
    /// Human-readable detail, e.g. `"closed yaochuu triplet 999m"`.
    detail: String,
}

#[pymethods]
impl PyFuItem {
    fn __repr__(&self) -> String {
        format!("FuItem({:?}, {}, {:?})", self.reason, self.fu, self.detail)
    }
}

/// Who pays what for a win, honba included. For a ron only `ron` is set (paid
/// by the discarder); for a tsumo `tsumo_dealer` (paid by the dealer, unset when
/// the winner is the dealer) and `tsumo_non_dealer` (paid by each non-dealer).
#[pyclass(name = "Payments", module = "riichi", frozen)]
#[derive(Clone)]
pub struct PyPayments {
    p: Payments,
    /// The same amounts, exact (they differ in aotenjou only).
    exact: ExactPayments,
}

#[pymethods]
impl PyPayments {
    /// Paid by the discarder, for a ron; `None` for a tsumo.
    #[getter]
    fn ron(&self) -> Option<BigUint> {
        self.exact.ron.clone()
    }
    /// Paid by the dealer, for a non-dealer's tsumo; `None` otherwise.
    #[getter]
    fn tsumo_dealer(&self) -> Option<BigUint> {
        self.exact.tsumo_dealer.clone()
    }
    /// Paid by each non-dealer, for a tsumo; `None` for a ron.
    #[getter]
    fn tsumo_non_dealer(&self) -> Option<BigUint> {
        self.exact.tsumo_non_dealer.clone()
    }
    /// The honba part of the payments (total over all payers).
    #[getter]
    fn honba(&self) -> u64 {
        self.p.honba
    }
    /// Riichi sticks collected by the winner, in points.
    #[getter]
    fn sticks(&self) -> u64 {
        self.p.sticks
    }
    /// What the winner gains: the hand, honba and sticks.
    #[getter]
    fn total(&self) -> BigUint {
        self.exact.total.clone()
    }
    fn __repr__(&self) -> String {
        let show = |x: Option<BigUint>| x.map_or_else(|| "None".into(), |v| v.to_string());
        format!(
            "Payments(ron={}, tsumo_dealer={}, tsumo_non_dealer={}, honba={}, sticks={}, total={})",
            show(self.ron()),
            show(self.tsumo_dealer()),
            show(self.tsumo_non_dealer()),
            self.p.honba,
            self.p.sticks,
            self.total()
        )
    }
}

/// The scored win. Immutable.
#[pyclass(name = "ScoreResult", module = "riichi", frozen)]
pub struct PyScoreResult {
    pub r: ScoreResult,
    pub rules: Rules,
    /// The hand and the winning tile scored (what the pictures draw); `None` for
    /// nagashi mangan, which is no hand.
    pub hand: Option<crate::hand::Hand>,
    pub win: Option<Tile>,
    /// What was scored (the result follows from it): pickling and equality.
    pub scored: Scored,
}

/// The call a `ScoreResult` came from.
#[derive(Clone, PartialEq)]
pub enum Scored {
    /// `score(hand, win, context=...)`.
    Win(WinContext),
    /// `score_nagashi_mangan(seat_wind, honba=..., riichi_sticks=...)`.
    Nagashi { seat: u8, honba: u32, sticks: u32 },
}

fn yaku_list(items: &[(Yaku, u8)]) -> Vec<PyYaku> {
    items
        .iter()
        .map(|&(yaku, value)| PyYaku { yaku, value })
        .collect()
}

#[pymethods]
impl PyScoreResult {
    /// Results are equal when they score the same hand, winning tile and
    /// situation under the same rules (the result follows from them).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyScoreResult>().is_ok_and(|o| {
            let o = o.get();
            o.scored == self.scored
                && o.rules == self.rules
                && o.hand == self.hand
                && o.win == self.win
        })
    }

    /// Pickled as the call that scored it (`functools.partial`), scored again
    /// on loading.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let core_mod = py.import("riichi._core")?;
        let kw = PyDict::new(py);
        kw.set_item("rules", super::rules::PyRules(self.rules.clone()))?;
        let (f, args) = match (&self.scored, &self.hand, self.win) {
            (Scored::Win(ctx), Some(hand), Some(win)) => {
                kw.set_item("context", PyWinContext(ctx.clone()))?;
                let args = PyTuple::new(
                    py,
                    [
                        super::hand::PyHand(hand.clone())
                            .into_pyobject(py)?
                            .into_any(),
                        super::tile::PyTile(win).into_pyobject(py)?.into_any(),
                    ],
                )?;
                (core_mod.getattr("score")?, args)
            }
            (
                &Scored::Nagashi {
                    seat,
                    honba,
                    sticks,
                },
                _,
                _,
            ) => {
                kw.set_item("honba", honba)?;
                kw.set_item("riichi_sticks", sticks)?;
                (
                    core_mod.getattr("score_nagashi_mangan")?,
                    PyTuple::new(py, [seat])?,
                )
            }
            _ => return Err(invalid("this ScoreResult has no hand to pickle")),
        };
        let mut all = vec![f];
        all.extend(args.iter());
        let partial = py
            .import("functools")?
            .getattr("partial")?
            .call(PyTuple::new(py, all)?, Some(&kw))?;
        Ok((partial, PyTuple::empty(py)))
    }

    /// Han of yaku and dora (13 × multiplier for yakuman hands).
    #[getter]
    fn han(&self) -> u32 {
        self.r.han
    }
    /// Fu of the reading (those of a yakuman hand as Tenhou records them, though
    /// they do not count: 0 for kokushi musou, which has no sets; 0 for nagashi
    /// mangan).
    #[getter]
    fn fu(&self) -> u32 {
        self.r.fu
    }
    /// The fu breakdown, a `FuItem` per line, the rounding last.
    #[getter]
    fn fu_details(&self) -> Vec<PyFuItem> {
        self.r
            .fu_items
            .as_slice()
            .iter()
            .map(|i| PyFuItem {
                reason: i.reason.name(),
                fu: i.fu,
                detail: i.detail(self.r.decomposition.as_view()),
            })
            .collect()
    }
    /// Regular yaku in a stable order (empty for a yakuman hand).
    #[getter]
    fn yaku(&self) -> Vec<PyYaku> {
        yaku_list(self.r.yaku.as_slice())
    }
    /// Yakuman with their multipliers.
    #[getter]
    fn yakuman(&self) -> Vec<PyYaku> {
        yaku_list(self.r.yakuman.as_slice())
    }
    /// Total yakuman multiple (after `max_yakuman`); 0 when none.
    #[getter]
    fn yakuman_multiplier(&self) -> u32 {
        self.r.yakuman_multiplier
    }
    /// Han from dora (the indicators' next tiles).
    #[getter]
    fn dora(&self) -> u32 {
        self.r.dora
    }
    /// Han from red fives.
    #[getter]
    fn aka(&self) -> u32 {
        self.r.aka
    }
    /// Han from ura dora.
    #[getter]
    fn ura(&self) -> u32 {
        self.r.ura
    }
    /// Han from kita (three-player nukidora): one per North set aside. North
    /// dora indicators count those Norths again, in `dora` and `ura`.
    #[getter]
    fn kita(&self) -> u32 {
        self.r.kita
    }
    /// The limit reached: `"none"`, `"mangan"`, `"haneman"`, `"baiman"`,
    /// `"sanbaiman"`, `"yakuman"`, `"kazoe_yakuman"` or `"multiple_yakuman"`.
    #[getter]
    fn limit(&self) -> &'static str {
        self.r.limit.name()
    }
    /// Basic points: `fu × 2^(han+2)`, or the limit's (2000 for a mangan),
    /// before the dealer and tsumo multiples.
    #[getter]
    fn base_points(&self) -> BigUint {
        self.r
            .aotenjou
            .as_ref()
            .map_or_else(|| BigUint::from(self.r.base_points), |b| b.base.clone())
    }
    /// The hand's value before honba and sticks (what the winner gains).
    #[getter]
    fn points(&self) -> BigUint {
        self.r.exact_points()
    }
    /// Who pays what, honba and sticks included.
    #[getter]
    fn payments(&self) -> PyPayments {
        PyPayments {
            p: self.r.payments,
            exact: self.r.exact_payments(),
        }
    }
    /// The reading that scored highest (`None` for nagashi mangan, which has
    /// none).
    #[getter]
    fn decomposition(&self) -> Option<PyDecomposition> {
        if self.r.is_nagashi_mangan() {
            return None;
        }
        let d = self.r.decomposition.as_view();
        let w = (d.form != crate::algo::decompose::Form::ShiisanPuutaa).then_some(self.r.wait);
        Some(py_decomposition(&d.to_owned(), w, None))
    }
    /// The wait shape of the reading that scored, e.g. `"ryanmen"` (`None` for
    /// nagashi mangan).
    #[getter]
    fn wait(&self) -> Option<&'static str> {
        (!self.r.is_nagashi_mangan()).then(|| self.r.wait.name())
    }
    /// Whether the winner is the dealer (seat wind East).
    #[getter]
    fn is_dealer(&self) -> bool {
        self.r.is_dealer()
    }
    /// The winner's seat wind.
    #[getter]
    fn seat_wind(&self) -> &'static str {
        core::context::WINDS[self.r.seat_wind as usize & 3]
    }
    /// Won by tsumo (else ron).
    #[getter]
    fn tsumo(&self) -> bool {
        self.r.tsumo
    }
    /// The hand scored, the winning tile included (`None` for nagashi mangan).
    #[getter]
    fn hand(&self) -> Option<super::hand::PyHand> {
        self.hand.clone().map(super::hand::PyHand)
    }
    /// The winning tile (`None` for nagashi mangan).
    #[getter]
    fn win_tile(&self) -> Option<super::tile::PyTile> {
        self.win.map(super::tile::PyTile)
    }

    /// Score changes of the seats by seat wind (E, S, W, N): the winner is this
    /// result's seat wind; `discarder` is required for a ron; `liable` is the
    /// player responsible for a pao yakuman (settled per the rules' pao scope).
    /// With three players N is always 0.
    #[pyo3(signature = (discarder=None, liable=None))]
    fn deltas(
        &self,
        discarder: Option<&Bound<'_, PyAny>>,
        liable: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<(i64, i64, i64, i64)> {
        if self.r.aotenjou.is_some() {
            return Err(invalid(
                "deltas of an aotenjou result may not fit 64 bits: use payments instead",
            ));
        }
        let discarder = opt_wind(discarder)?;
        let liable = opt_wind(liable)?;
        let d = pts::deltas(&self.r.settlement(), discarder, liable, &self.rules)?;
        Ok((d[0], d[1], d[2], d[3]))
    }

    fn __repr__(&self) -> String {
        let yaku: Vec<String> = self
            .r
            .yakuman
            .as_slice()
            .iter()
            .chain(self.r.yaku.as_slice())
            .map(|(y, _)| y.id().to_string())
            .collect();
        format!(
            "ScoreResult(han={}, fu={}, points={}, limit={:?}, yaku=[{}])",
            self.r.han,
            self.r.fu,
            self.points(),
            self.r.limit.name(),
            yaku.join(", ")
        )
    }

    /// The score report: reading, yaku, fu, han and fu, limit, points, payments.
    fn __str__(&self) -> String {
        self.r.to_string()
    }
}

/// A wind from "E"/"S"/"W"/"N" (any case) or 0-3.
pub fn wind(obj: &Bound<'_, PyAny>) -> PyResult<u8> {
    if let Ok(s) = obj.cast::<PyString>() {
        // Like any wrong wind, one that is not even text is a context error.
        let s = plain_text_or(s, |m| InvalidContextError::new_err(format!("wind {m}")))?;
        let names = ["EAST", "SOUTH", "WEST", "NORTH"];
        let found = match s.as_bytes() {
            [c] => names
                .iter()
                .position(|n| n.as_bytes()[0] == c.to_ascii_uppercase()),
            _ => names.iter().position(|n| s.eq_ignore_ascii_case(n)),
        };
        return found.map(|w| w as u8).ok_or_else(|| {
            InvalidContextError::new_err(format!(
                "wind {:?} is not one of \"E\", \"S\", \"W\", \"N\"",
                crate::error::shortened(&s)
            ))
        });
    }
    if obj.is_instance_of::<PyInt>() {
        if let Ok(v) = obj.extract::<u8>() {
            if v < 4 {
                return Ok(v);
            }
        }
        return Err(InvalidContextError::new_err(format!(
            "wind {obj} is not 0-3 (E, S, W, N)"
        )));
    }
    Err(PyTypeError::new_err(format!(
        "a wind is \"E\", \"S\", \"W\", \"N\" or 0-3, got {}",
        obj.get_type().name()?
    )))
}

fn opt_wind(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u8>> {
    match obj {
        Some(o) if !o.is_none() => Ok(Some(wind(o)?)),
        _ => Ok(None),
    }
}

fn count(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<u32> {
    if !is_strict_int(obj) {
        return Err(PyTypeError::new_err(format!("{what} is an integer")));
    }
    obj.extract::<u32>().map_err(|_| {
        InvalidContextError::new_err(format!("{what} must be from 0 to 2^32-1, got {obj}"))
    })
}

/// The situation of a win, the keyword arguments of `score` as one object.
#[pyclass(name = "WinContext", module = "riichi", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyWinContext(pub WinContext);

/// The situation's winds, indicators and counters (its flags are already set in
/// `ctx`).
#[allow(clippy::too_many_arguments)]
fn fill_context(
    mut ctx: WinContext,
    seat_wind: Option<&Bound<'_, PyAny>>,
    round_wind: Option<&Bound<'_, PyAny>>,
    dora_indicators: Option<&Bound<'_, PyAny>>,
    ura_indicators: Option<&Bound<'_, PyAny>>,
    honba: Option<&Bound<'_, PyAny>>,
    riichi_sticks: Option<&Bound<'_, PyAny>>,
    dealer_streak: Option<&Bound<'_, PyAny>>,
    kita: Option<&Bound<'_, PyAny>>,
) -> PyResult<WinContext> {
    let tiles = |o: Option<&Bound<'_, PyAny>>, what: &str| match o {
        Some(o) if !o.is_none() => indicators_arg(o, what),
        _ => Ok(Vec::new()),
    };
    ctx.seat_wind = opt_wind(seat_wind)?.unwrap_or(0);
    ctx.round_wind = opt_wind(round_wind)?.unwrap_or(0);
    ctx.dora_indicators = tiles(dora_indicators, "dora_indicators")?;
    ctx.ura_indicators = tiles(ura_indicators, "ura_indicators")?;
    ctx.honba = honba.map_or(Ok(0), |h| count(h, "honba"))?;
    ctx.riichi_sticks = riichi_sticks.map_or(Ok(0), |h| count(h, "riichi_sticks"))?;
    ctx.dealer_streak = dealer_streak.map_or(Ok(0), |h| count(h, "dealer_streak"))?;
    ctx.kita = kita.map_or(Ok(0), |h| count(h, "kita"))?;
    Ok(ctx.with_implied())
}

/// The keywords, getters and repr of the situation flags, and `score()`, from
/// the one table of flags (`score::situation`).
macro_rules! py_situation {
    ($($name:ident => $doc:literal;)+) => {
        #[pymethods]
        impl PyWinContext {
            #[new]
            #[pyo3(signature = (*, $($name=false,)+ seat_wind=None, round_wind=None,
                dora_indicators=None, ura_indicators=None, honba=None, riichi_sticks=None,
                dealer_streak=None, kita=None))]
            #[allow(clippy::too_many_arguments, clippy::fn_params_excessive_bools)]
            fn new(
                $($name: bool,)+
                seat_wind: Option<&Bound<'_, PyAny>>,
                round_wind: Option<&Bound<'_, PyAny>>,
                dora_indicators: Option<&Bound<'_, PyAny>>,
                ura_indicators: Option<&Bound<'_, PyAny>>,
                honba: Option<&Bound<'_, PyAny>>,
                riichi_sticks: Option<&Bound<'_, PyAny>>,
                dealer_streak: Option<&Bound<'_, PyAny>>,
                kita: Option<&Bound<'_, PyAny>>,
            ) -> PyResult<Self> {
                let flags = WinContext { $($name,)+ ..WinContext::default() };
                fill_context(
                    flags,
                    seat_wind,
                    round_wind,
                    dora_indicators,
                    ura_indicators,
                    honba,
                    riichi_sticks,
                    dealer_streak,
                    kita,
                )
                .map(PyWinContext)
            }

            /// The situation flags, in the bit order of `SCORE_FLAGS`.
            #[classattr]
            #[allow(non_snake_case)]
            fn FLAGS(py: Python<'_>) -> PyResult<Py<PyTuple>> {
                Ok(PyTuple::new(py, FLAGS.iter().map(|f| f.name))?.unbind())
            }

            $(
                #[doc = $doc]
                #[getter]
                fn $name(&self) -> bool {
                    self.0.$name
                }
            )+

            /// The winner's seat wind, `"E"` (the dealer) to `"N"`.
            #[getter]
            fn seat_wind(&self) -> &'static str {
                core::context::WINDS[self.0.seat_wind as usize & 3]
            }
            /// The round wind, `"E"` to `"N"`.
            #[getter]
            fn round_wind(&self) -> &'static str {
                core::context::WINDS[self.0.round_wind as usize & 3]
            }
            /// The dora indicators.
            #[getter]
            fn dora_indicators(&self) -> Vec<Py<super::tile::PyTile>> {
                super::tile::to_py(&self.0.dora_indicators)
            }
            /// The ura dora indicators.
            #[getter]
            fn ura_indicators(&self) -> Vec<Py<super::tile::PyTile>> {
                super::tile::to_py(&self.0.ura_indicators)
            }
            /// Honba counters on the table.
            #[getter]
            fn honba(&self) -> u32 {
                self.0.honba
            }
            /// Riichi sticks on the table, taken by the winner.
            #[getter]
            fn riichi_sticks(&self) -> u32 {
                self.0.riichi_sticks
            }
            /// The dealer's wins in a row (or dealerships, by the paarenchan rule) this
            /// win makes, itself included; 0 when not counted.
            #[getter]
            fn dealer_streak(&self) -> u32 {
                self.0.dealer_streak
            }
            /// Norths the winner has set aside as nukidora (kita, three-player
            /// rules): one han of dora each.
            #[getter]
            fn kita(&self) -> u32 {
                self.0.kita
            }

            fn __repr__(&self) -> String {
                context_repr(&self.0)
            }

            /// Pickled as the class with its keywords (`functools.partial`).
            fn __reduce__<'py>(
                &self,
                py: Python<'py>,
            ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
                let kw = PyDict::new(py);
                $(kw.set_item(stringify!($name), self.0.$name)?;)+
                kw.set_item("seat_wind", self.0.seat_wind)?;
                kw.set_item("round_wind", self.0.round_wind)?;
                kw.set_item("dora_indicators", super::tile::to_py(&self.0.dora_indicators))?;
                kw.set_item("ura_indicators", super::tile::to_py(&self.0.ura_indicators))?;
                kw.set_item("honba", self.0.honba)?;
                kw.set_item("riichi_sticks", self.0.riichi_sticks)?;
                kw.set_item("dealer_streak", self.0.dealer_streak)?;
                kw.set_item("kita", self.0.kita)?;
                let partial = py
                    .import("functools")?
                    .getattr("partial")?
                    .call((py.get_type::<PyWinContext>(),), Some(&kw))?;
                Ok((partial, PyTuple::empty(py)))
            }
        }

        /// Score a winning hand. `hand` includes the winning tile; `win_tile` names it
        /// (a red five as `0m`). `double_riichi=True` implies riichi; `open_riichi` too.
        /// `robbed_ankan` marks a kokushi robbing a closed kan (with `chankan`).
        /// `open_riichi_deal_in` marks a ron on an open riichi from a player not in riichi.
        /// `dealer_streak` counts the dealer's wins in a row (or dealerships, as the
        /// `paarenchan` rule counts them) this win makes, itself included: from 8 on
        /// (`paarenchan` marks one too) the win is a paarenchan. `kita` counts the
        /// Norths the winner has set aside (three-player rules with `kita`), each
        /// 1 han of dora; with `rinshan`, a win on a kita's replacement tile is
        /// rinshan kaihou (rule `kita_rinshan`). The situation is
        /// given either as keywords or as one `context=WinContext(...)` (both at once is a
        /// `TypeError`). Winds are `"E"`, `"S"`, `"W"`, `"N"` (or 0-3; `None` is `"E"`); the
        /// seat wind `"E"` is the dealer.
        ///
        /// Raises `NotAgariError`, `NoYakuError`, `InvalidContextError`.
        #[pyfunction]
        #[pyo3(signature = (hand, win_tile, *, context=None, $($name=false,)+ seat_wind=None,
            round_wind=None, dora_indicators=None, ura_indicators=None, honba=None,
            riichi_sticks=None, dealer_streak=None, kita=None, rules=None))]
        #[allow(clippy::too_many_arguments, clippy::fn_params_excessive_bools)]
        fn score(
            hand: &Bound<'_, PyAny>,
            win_tile: &Bound<'_, PyAny>,
            context: Option<PyRef<'_, PyWinContext>>,
            $($name: bool,)+
            seat_wind: Option<&Bound<'_, PyAny>>,
            round_wind: Option<&Bound<'_, PyAny>>,
            dora_indicators: Option<&Bound<'_, PyAny>>,
            ura_indicators: Option<&Bound<'_, PyAny>>,
            honba: Option<&Bound<'_, PyAny>>,
            riichi_sticks: Option<&Bound<'_, PyAny>>,
            dealer_streak: Option<&Bound<'_, PyAny>>,
            kita: Option<&Bound<'_, PyAny>>,
            rules: Option<&Bound<'_, PyAny>>,
        ) -> PyResult<PyScoreResult> {
            let hand = hand_arg(hand)?;
            let win = tile_arg(win_tile)?;
            let rules = rules_arg(rules)?;
            let flags = WinContext { $($name,)+ ..WinContext::default() };
            let given = [
                seat_wind,
                round_wind,
                dora_indicators,
                ura_indicators,
                honba,
                riichi_sticks,
                dealer_streak,
                kita,
            ];
            let built;
            let ctx = if let Some(c) = &context {
                if flags.flag_bits() != 0 || given.iter().any(|g| g.is_some_and(|g| !g.is_none())) {
                    return Err(PyTypeError::new_err(
                        "score() takes the situation either as context= or as keywords, not both",
                    ));
                }
                &c.0
            } else {
                built = fill_context(
                    flags,
                    seat_wind,
                    round_wind,
                    dora_indicators,
                    ura_indicators,
                    honba,
                    riichi_sticks,
                    dealer_streak,
                    kita,
                )?;
                &built
            };
            let r = core::score(&hand, win, ctx, &rules)?;
            Ok(PyScoreResult {
                r,
                rules,
                hand: Some((*hand).clone()),
                win: Some(win),
                scored: Scored::Win(ctx.clone()),
            })
        }
    };
}
with_situation_flags!(py_situation);

/// `WinContext(...)` with the flags set and the values that differ from the
/// defaults (the winds always).
fn context_repr(c: &WinContext) -> String {
    let mut parts: Vec<String> = FLAGS
        .iter()
        .filter(|f| c.flag(f.name) == Some(true))
        .map(|f| format!("{}=True", f.name))
        .collect();
    let w = core::context::WINDS;
    parts.push(format!("seat_wind={:?}", w[c.seat_wind as usize & 3]));
    parts.push(format!("round_wind={:?}", w[c.round_wind as usize & 3]));
    for (name, tiles) in [
        ("dora_indicators", &c.dora_indicators),
        ("ura_indicators", &c.ura_indicators),
    ] {
        if !tiles.is_empty() {
            parts.push(format!(
                "{name}={:?}",
                crate::notation::mpsz::format_tiles(tiles)
            ));
        }
    }
    if c.honba > 0 {
        parts.push(format!("honba={}", c.honba));
    }
    if c.riichi_sticks > 0 {
        parts.push(format!("riichi_sticks={}", c.riichi_sticks));
    }
    if c.dealer_streak > 0 {
        parts.push(format!("dealer_streak={}", c.dealer_streak));
    }
    if c.kita > 0 {
        parts.push(format!("kita={}", c.kita));
    }
    format!("WinContext({})", parts.join(", "))
}

/// One cell of the payment table (exact in aotenjou).
#[pyclass(name = "PointsEntry", module = "riichi", frozen)]
pub struct PyPointsEntry {
    base: BigUint,
    limit: Limit,
    ron: Option<BigUint>,
    tsumo_dealer: Option<BigUint>,
    tsumo_non_dealer: Option<BigUint>,
    total: BigUint,
}

#[pymethods]
impl PyPointsEntry {
    /// Basic points: `fu × 2^(han+2)`, or the limit's, before the dealer
    /// and tsumo multiples.
    #[getter]
    fn base_points(&self) -> BigUint {
        self.base.clone()
    }
    /// The limit reached: `"none"`, `"mangan"`, `"haneman"`, `"baiman"`,
    /// `"sanbaiman"`, `"yakuman"`, `"kazoe_yakuman"` or `"multiple_yakuman"`.
    #[getter]
    fn limit(&self) -> &'static str {
        self.limit.name()
    }
    /// Paid by the discarder (honba included).
    #[getter]
    fn ron(&self) -> Option<BigUint> {
        self.ron.clone()
    }
    /// Paid by the dealer for a non-dealer's tsumo (honba included);
    /// `None` otherwise.
    #[getter]
    fn tsumo_dealer(&self) -> Option<BigUint> {
        self.tsumo_dealer.clone()
    }
    /// Paid by each non-dealer for a tsumo (honba included); `None` for
    /// a ron.
    #[getter]
    fn tsumo_non_dealer(&self) -> Option<BigUint> {
        self.tsumo_non_dealer.clone()
    }
    /// What the winner gains (honba included).
    #[getter]
    fn total(&self) -> BigUint {
        self.total.clone()
    }
    fn __repr__(&self) -> String {
        let show = |x: &Option<BigUint>| {
            x.as_ref()
                .map_or_else(|| "None".into(), ToString::to_string)
        };
        format!(
            "PointsEntry(base_points={}, limit={:?}, ron={}, tsumo_dealer={}, tsumo_non_dealer={}, total={})",
            self.base,
            self.limit.name(),
            show(&self.ron),
            show(&self.tsumo_dealer),
            show(&self.tsumo_non_dealer),
            self.total
        )
    }
}

fn entry(
    han: u32,
    fu: u32,
    yakuman: u32,
    dealer: bool,
    tsumo: bool,
    honba: u32,
    rules: &Rules,
) -> PyPointsEntry {
    if rules.aotenjou {
        let big = pts::aotenjou_points(han + 13 * yakuman, fu, dealer, tsumo);
        let h = Payments::new(0, dealer, tsumo, honba, 0, rules);
        let add = |x: Option<BigUint>, y: Option<u64>| x.map(|x| x + BigUint::from(y.unwrap_or(0)));
        return PyPointsEntry {
            limit: Limit::None,
            ron: add(big.ron, h.ron),
            tsumo_dealer: add(big.tsumo_dealer, h.tsumo_dealer),
            tsumo_non_dealer: add(big.tsumo_non_dealer, h.tsumo_non_dealer),
            total: big.points + BigUint::from(h.honba),
            base: big.base,
        };
    }
    let pts::BasePoints { base, limit } = if yakuman > 0 {
        let mult = rules
            .max_yakuman
            .map_or(yakuman, |m| yakuman.min(u32::from(m)));
        pts::yakuman_base(mult)
    } else {
        pts::base_points(han, fu, rules)
    };
    let p = Payments::new(base, dealer, tsumo, honba, 0, rules);
    PyPointsEntry {
        base: BigUint::from(base),
        limit,
        ron: p.ron.map(BigUint::from),
        tsumo_dealer: p.tsumo_dealer.map(BigUint::from),
        tsumo_non_dealer: p.tsumo_non_dealer.map(BigUint::from),
        total: BigUint::from(p.total),
    }
}

/// The payment for a hand of `han` and `fu` of regular yaku and dora (13 han
/// and more follow the rules' `kazoe` option), or with `yakuman=n` of an n-fold
/// yakuman (capped by `max_yakuman`). Under `aotenjou` the amounts are exact:
/// `fu × 2^(han+2)` with 13 han per yakuman added to `han`.
///
/// Raises `InvalidInputError` for no han, or a fu other than 25 or 20-110 in tens
/// where it matters.
#[pyfunction]
#[pyo3(
    signature = (han, fu, *, dealer, tsumo, honba=Int::from(0), yakuman=Int::from(0), rules=None),
    text_signature = "(han, fu, *, dealer, tsumo, honba=0, yakuman=0, rules=None)"
)]
#[allow(clippy::too_many_arguments)]
fn points(
    han: Int,
    fu: Int,
    dealer: bool,
    tsumo: bool,
    honba: Int,
    yakuman: Int,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyPointsEntry> {
    let rules = rules_arg(rules)?;
    let han = han.within("han", 0, 1000)?;
    let yakuman = yakuman.within("yakuman", 0, 100)?;
    let honba = honba.within("honba", 0, u32::MAX)?;
    if han == 0 && yakuman == 0 {
        return Err(invalid("a winning hand has at least 1 han (or a yakuman)"));
    }
    let fu_value = fu.within("fu", 0, u32::MAX)?;
    // Fu count below 5 han, and always under aotenjou; a limit hand takes any.
    let fu_counts = rules.aotenjou || (yakuman == 0 && han < 5);
    let fu_ok = fu_value == 25 || ((20..=110).contains(&fu_value) && fu_value % 10 == 0);
    if fu_counts && !fu_ok {
        return Err(invalid(format!(
            "fu is 25 or a multiple of 10 from 20 to 110, got {fu}"
        )));
    }
    let fu = fu_value;
    Ok(entry(han, fu, yakuman, dealer, tsumo, honba, &rules))
}

/// The classic tables: `{"dealer": {(han, fu): "ron (tsumo all)"}, "non_dealer":
/// {(han, fu): "ron (non-dealer/dealer)"}}` for 1-4 han and 20-110 fu (cells that
/// cannot occur are left out).
#[pyfunction]
#[pyo3(signature = (rules=None))]
fn score_table<'py>(
    py: Python<'py>,
    rules: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let rules = rules_arg(rules)?;
    let out = PyDict::new(py);
    let dealer = PyDict::new(py);
    let non = PyDict::new(py);
    for han in 1..=4u32 {
        for fu in [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110] {
            // 20 fu is pinfu tsumo (2+ han), 25 chiitoitsu (2+ han).
            if (fu == 20 || fu == 25) && han == 1 {
                continue;
            }
            let d_ron = entry(han, fu, 0, true, false, 0, &rules);
            let d_tsumo = entry(han, fu, 0, true, true, 0, &rules);
            let n_ron = entry(han, fu, 0, false, false, 0, &rules);
            let n_tsumo = entry(han, fu, 0, false, true, 0, &rules);
            let show =
                |x: &Option<BigUint>| x.as_ref().map_or_else(String::new, ToString::to_string);
            // Chiitoitsu by tsumo has at least 3 han.
            let tsumo = |x: &Option<BigUint>| {
                if fu == 25 && han == 2 {
                    "-".to_string()
                } else {
                    show(x)
                }
            };
            // A 20 fu hand is a pinfu tsumo: it has no ron.
            let ron = |e: &PyPointsEntry| {
                if fu == 20 {
                    "-".to_string()
                } else {
                    show(&e.ron)
                }
            };
            dealer.set_item(
                (han, fu),
                format!("{} ({} all)", ron(&d_ron), tsumo(&d_tsumo.tsumo_non_dealer)),
            )?;
            non.set_item(
                (han, fu),
                format!(
                    "{} ({}/{})",
                    ron(&n_ron),
                    tsumo(&n_tsumo.tsumo_non_dealer),
                    tsumo(&n_tsumo.tsumo_dealer)
                ),
            )?;
        }
    }
    out.set_item("dealer", dealer)?;
    out.set_item("non_dealer", non)?;
    Ok(out)
}

/// Dora or ura indicators (argument `what`): at most five, refused as the
/// situation's own check refuses them.
fn indicators_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<Tile>> {
    // A string is parsed whole: its count is checked here too.
    tiles_up_to(obj, what, INDICATORS)?
        .filter(|tiles| tiles.len() <= INDICATORS)
        .ok_or_else(|| InvalidContextError::new_err(core::context::TOO_MANY_INDICATORS))
}

/// Several rons on one discard: which winners are paid under the rules'
/// `multi_ron` option (head bump keeps only the nearest in turn order; `"double"`
/// turns three into an abortive draw: no one wins), with honba and sticks to the
/// nearest winner (or honba to each under `multi_ron_honba="each"`). Returns the
/// score changes by seat wind and the winners paid.
#[pyfunction]
#[pyo3(signature = (results, discarder, rules=None, liable=None))]
fn settle_multi_ron(
    results: &Bound<'_, PyAny>,
    discarder: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    liable: Option<&Bound<'_, PyAny>>,
) -> PyResult<(Deltas, Vec<&'static str>)> {
    let results = bounded_items(results, "results", RON_WINNERS, |r| {
        r.extract::<PyRef<'_, PyScoreResult>>().map_err(PyErr::from)
    })?;
    let rules = rules_arg(rules)?;
    let discarder = wind(discarder)?;
    let liable = match liable.filter(|l| !l.is_none()) {
        Some(l) => bounded_items(
            l,
            "liable",
            RON_WINNERS,
            |w| Ok((!w.is_none()).then_some(w)),
        )?,
        None => vec![None; results.len()],
    };
    if liable.len() != results.len() {
        return Err(invalid(
            "liable needs one entry (a wind or None) per result",
        ));
    }
    let mut wins: Vec<(Settlement, Option<u8>)> = Vec::new();
    for (r, l) in results.iter().zip(&liable) {
        if r.r.aotenjou.is_some() {
            return Err(invalid("aotenjou results are settled from their payments"));
        }
        wins.push((r.r.settlement(), opt_wind(l.as_ref())?));
    }
    let (d, winners) = pts::settle_multi_ron(&wins, discarder, &rules)?;
    let names = winners
        .into_iter()
        .map(|w| core::context::WINDS[w as usize])
        .collect();
    Ok(((d[0], d[1], d[2], d[3]), names))
}

/// Score changes by seat wind (E, S, W, N).
type Deltas = (i64, i64, i64, i64);

/// Nagashi mangan scored as a hand: a mangan tsumo.
///
/// The result has the yaku `nagashi_mangan` (5 han, no fu, no reading: its
/// `decomposition` and `wait` are `None`) and the payments of a mangan tsumo by
/// `seat_wind`, with `honba` and `riichi_sticks` where rules pay them to it as to
/// a win. Settled as a draw (Tenhou), it takes neither: with 0 and 0, its
/// `deltas()` are those of `nagashi_mangan_payments([seat_wind])`. Raises
/// `InvalidInputError` when the rules have no nagashi mangan.
#[pyfunction]
#[pyo3(
    signature = (seat_wind, *, honba=Int::from(0), riichi_sticks=Int::from(0), rules=None),
    text_signature = "(seat_wind, *, honba=0, riichi_sticks=0, rules=None)"
)]
fn score_nagashi_mangan(
    seat_wind: &Bound<'_, PyAny>,
    honba: Int,
    riichi_sticks: Int,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyScoreResult> {
    let seat = wind(seat_wind)?;
    let honba = honba.within("honba", 0, u32::MAX)?;
    let riichi_sticks = riichi_sticks.within("riichi_sticks", 0, u32::MAX)?;
    let rules = rules_arg(rules)?;
    let r = core::score_nagashi_mangan(seat, honba, riichi_sticks, &rules)?;
    Ok(PyScoreResult {
        r,
        rules,
        hand: None,
        win: None,
        scored: Scored::Nagashi {
            seat,
            honba,
            sticks: riichi_sticks,
        },
    })
}

/// Score changes by seat wind when `winners` qualify for nagashi mangan at an
/// exhaustive draw: each is paid as a mangan tsumo (no honba, no sticks).
#[pyfunction]
#[pyo3(
    signature = (winners, honba=Int::from(0), rules=None),
    text_signature = "(winners, honba=0, rules=None)"
)]
fn nagashi_mangan_payments(
    winners: &Bound<'_, PyAny>,
    honba: Int,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<(i64, i64, i64, i64)> {
    // Nagashi mangan is paid without honba: the count is only checked.
    honba.within("honba", 0, u32::MAX)?;
    let rules = rules_arg(rules)?;
    let w = bounded_items(winners, "winners", SEATS, |w| wind(&w))?;
    let d = pts::nagashi_mangan(&w, &rules)?;
    Ok((d[0], d[1], d[2], d[3]))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyYaku>()?;
    m.add_class::<PyFuItem>()?;
    m.add_class::<PyPayments>()?;
    m.add_class::<PyScoreResult>()?;
    m.add_class::<PyWinContext>()?;
    m.add_class::<PyPointsEntry>()?;
    m.add_function(wrap_pyfunction!(score, m)?)?;
    m.add_function(wrap_pyfunction!(points, m)?)?;
    m.add_function(wrap_pyfunction!(score_table, m)?)?;
    m.add_function(wrap_pyfunction!(settle_multi_ron, m)?)?;
    m.add_function(wrap_pyfunction!(nagashi_mangan_payments, m)?)?;
    m.add_function(wrap_pyfunction!(score_nagashi_mangan, m)?)?;
    let status = PyDict::new(m.py());
    for (name, code) in crate::score::batch::STATUS {
        status.set_item(name, code)?;
    }
    m.add("SCORE_STATUS", status)?;
    Ok(())
}
