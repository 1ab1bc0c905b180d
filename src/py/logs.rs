//! Game logs from Python: `GameRecord`, the readers and writers of the three
//! formats, and replay (`crate::logs`).

use super::args::{in_parts, part_size, progress_arg, threads_arg, Text};
use super::errors::invalid;
use super::game::event_dict;
use super::rules::PyRules;
use crate::logs::record::GameRecord;
use crate::logs::replay::{Mismatch, ReplayReport};
use crate::logs::{self as core, Format, Source};
use crate::parallel::in_pool;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};

/// One game as a log records it: the rules, the players and the events in the
/// mjai vocabulary. Every format reads into it and writes from it.
#[pyclass(name = "GameRecord", module = "riichi", frozen, eq)]
#[derive(PartialEq)]
pub struct PyGameRecord(pub GameRecord);

fn seat_name(r: &GameRecord, s: usize) -> String {
    let n = &r.players[s].name;
    if n.is_empty() {
        format!("seat {s}")
    } else {
        n.clone()
    }
}

#[pymethods]
impl PyGameRecord {
    /// Pickled as its mjai text, read back by `read_mjai`.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyBytes>,))> {
        let py = slf.py();
        let read = py.import("riichi._core")?.getattr("read_mjai")?;
        let text = crate::logs::mjai::write_mjai(&slf.get().0);
        Ok((read, (PyBytes::new(py, text.as_bytes()),)))
    }

    /// The rules the game was played under.
    #[getter]
    fn rules(&self) -> PyRules {
        PyRules(self.0.rules.clone())
    }

    /// The players' names (empty when the log has none).
    #[getter]
    fn names(&self) -> Vec<String> {
        self.0.players.iter().map(|p| p.name.clone()).collect()
    }

    /// Each player as the log describes them: `name`, and Tenhou's `dan`
    /// (0 = 新人 … 20 = 天鳳), `rate` and `sex` when known.
    #[getter]
    fn players<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        self.0
            .players
            .iter()
            .map(|p| {
                let d = PyDict::new(py);
                d.set_item("name", &p.name)?;
                d.set_item("dan", p.dan)?;
                d.set_item("rate", p.rate)?;
                d.set_item("sex", p.sex.as_deref())?;
                Ok(d)
            })
            .collect()
    }

    /// The seat that dealt the first hand.
    #[getter]
    fn first_dealer(&self) -> usize {
        self.0.first_dealer
    }

    /// Tenhou's log id, when known.
    #[getter]
    fn log_id(&self) -> Option<String> {
        self.0.log_id.clone()
    }

    /// Tenhou's lobby type bits (`<GO type>`), when known.
    #[getter]
    fn tenhou_type(&self) -> Option<u32> {
        self.0.tenhou_type
    }

    /// Tenhou's lobby number, when known.
    #[getter]
    fn lobby(&self) -> Option<u32> {
        self.0.lobby
    }

    /// Tenhou's `SHUFFLE` seed, when known.
    #[getter]
    fn shuffle_seed(&self) -> Option<String> {
        self.0.shuffle_seed.clone()
    }

    /// Final points, when the log has the game's end.
    #[getter]
    fn final_points(&self) -> Option<Vec<i64>> {
        self.0.final_points().map(|p| p.to_vec())
    }

    /// Final scores with uma and oka (`+45.3`), when the log states them.
    #[getter]
    fn final_scores(&self) -> Option<Vec<f64>> {
        self.0
            .final_scores
            .map(|s| s.iter().map(|&x| x as f64 / 10.0).collect())
    }

    /// Every event, as mjai dicts.
    #[getter]
    fn events<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        self.0.events.iter().map(|e| event_dict(py, e)).collect()
    }

    /// Each hand's events (`start_kyoku` to `end_kyoku`), as mjai dicts.
    #[getter]
    fn hands<'py>(&self, py: Python<'py>) -> PyResult<Vec<Vec<Bound<'py, PyDict>>>> {
        self.0
            .hands()
            .iter()
            .map(|h| h.iter().map(|e| event_dict(py, e)).collect())
            .collect()
    }

    /// How many hands the record holds.
    #[getter]
    fn n_hands(&self) -> usize {
        self.0.counts().0
    }

    /// How many wins (`hora` events) the record holds.
    #[getter]
    fn n_wins(&self) -> usize {
        self.0.counts().1
    }

    /// How many draws (`ryukyoku` events) the record holds.
    #[getter]
    fn n_draws(&self) -> usize {
        self.0.counts().2
    }

    /// The record as mjai JSON lines.
    fn to_mjai(&self) -> String {
        crate::logs::mjai::write_mjai(&self.0)
    }

    /// The record as tenhou.net/6 JSON.
    fn to_tenhou6(&self) -> PyResult<String> {
        Ok(core::write(&self.0, Format::Tenhou6)?)
    }

    /// The record as Tenhou mjlog XML.
    fn to_mjlog(&self) -> PyResult<String> {
        Ok(core::write(&self.0, Format::Mjlog)?)
    }

    fn __len__(&self) -> usize {
        self.0.events.len()
    }

    fn __repr__(&self) -> String {
        let (hands, wins, draws) = self.0.counts();
        let id = self
            .0
            .log_id
            .as_ref()
            .map_or(String::new(), |i| format!("{i}, "));
        let names: Vec<String> = (0..4).map(|s| seat_name(&self.0, s)).collect();
        let end = match self.0.final_points() {
            Some(p) => format!(", final {p:?}"),
            None => String::new(),
        };
        format!(
            "GameRecord({id}{hands} hands, {wins} wins, {draws} draws, players {}{end})",
            names.join(" / ")
        )
    }
}

/// One disagreement between a record and the engine. Compared, hashed and
/// pickled by value.
#[pyclass(name = "Mismatch", module = "riichi", frozen, get_all, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyMismatch {
    /// Hand index in the record (0 the first).
    hand: usize,
    /// `E1-0`: East 1, 0 honba.
    label: String,
    /// Event index within the hand (0 its `start_kyoku`).
    step: usize,
    /// `illegal_action`, `event`, `win`, `draw`, `wall`, `next_hand`,
    /// `game_end` or `record`.
    kind: &'static str,
    /// What the record says.
    expected: String,
    /// What the engine did or computed instead.
    ours: String,
}

impl From<&Mismatch> for PyMismatch {
    fn from(m: &Mismatch) -> Self {
        PyMismatch {
            hand: m.hand,
            label: m.label.clone(),
            step: m.step,
            kind: m.kind,
            expected: m.expected.clone(),
            ours: m.ours.clone(),
        }
    }
}

/// Every kind of mismatch a replay reports.
const MISMATCH_KINDS: [&str; 8] = [
    "illegal_action",
    "event",
    "win",
    "draw",
    "wall",
    "next_hand",
    "game_end",
    "record",
];

/// A mismatch's pickled form: hand, label, step, kind, expected, ours.
type MismatchState = (usize, String, usize, String, String, String);

fn mismatch_state(m: &Mismatch) -> MismatchState {
    PyMismatch::from(m).into_state()
}

impl PyMismatch {
    /// Its pickled form.
    fn into_state(self) -> MismatchState {
        (
            self.hand,
            self.label,
            self.step,
            self.kind.to_owned(),
            self.expected,
            self.ours,
        )
    }
}

fn mismatch_of((hand, label, step, kind, expected, ours): MismatchState) -> PyResult<Mismatch> {
    let kind = MISMATCH_KINDS
        .into_iter()
        .find(|k| *k == kind)
        .ok_or_else(|| {
            invalid(format!(
                "a pickled Mismatch's kind {kind:?} is no mismatch kind"
            ))
        })?;
    Ok(Mismatch {
        hand,
        label,
        step,
        kind,
        expected,
        ours,
    })
}

/// A `Mismatch` from its pickled state (what `Mismatch.__reduce__` gives).
#[pyfunction]
fn _mismatch(state: &Bound<'_, PyAny>) -> PyResult<PyMismatch> {
    let m = mismatch_of(super::analysis::pickled(state, "Mismatch")?)?;
    Ok(PyMismatch::from(&m))
}

/// A report's pickled form: source, hands, actions, events, wins, draws, walls
/// reproduced, mismatches.
type ReportState = (
    Option<String>,
    (usize, usize, usize, usize, usize, usize),
    Vec<MismatchState>,
);

/// A `ReplayReport` from its pickled state (what `ReplayReport.__reduce__`
/// gives).
#[pyfunction]
fn _replay_report(state: &Bound<'_, PyAny>) -> PyResult<PyReplayReport> {
    let (source, (hands, actions, events, wins, draws, walls_reproduced), mismatches): ReportState =
        super::analysis::pickled(state, "ReplayReport")?;
    let mismatches = mismatches
        .into_iter()
        .map(mismatch_of)
        .collect::<PyResult<_>>()?;
    Ok(PyReplayReport {
        report: ReplayReport {
            mismatches,
            hands,
            actions,
            events,
            wins,
            draws,
            walls_reproduced,
        },
        source,
    })
}

#[pymethods]
impl PyMismatch {
    /// Pickled by value.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (MismatchState,))> {
        let f = py.import("riichi._core")?.getattr("_mismatch")?;
        Ok((f, (self.clone().into_state(),)))
    }
    fn __str__(&self) -> String {
        format!(
            "hand {} ({}) step {}: {}: expected {}, ours {}",
            self.hand, self.label, self.step, self.kind, self.expected, self.ours
        )
    }

    fn __repr__(&self) -> String {
        format!("Mismatch({})", self.__str__())
    }
}

/// What a replay checked: counts, and every mismatch. Compared, hashed and
/// pickled by value.
#[pyclass(name = "ReplayReport", module = "riichi", frozen, eq)]
#[derive(PartialEq)]
pub struct PyReplayReport {
    report: ReplayReport,
    source: Option<String>,
}

#[pymethods]
impl PyReplayReport {
    /// Pickled by value: its source, counts and mismatches.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (ReportState,))> {
        let f = py.import("riichi._core")?.getattr("_replay_report")?;
        let r = &self.report;
        let state = (
            self.source.clone(),
            (
                r.hands,
                r.actions,
                r.events,
                r.wins,
                r.draws,
                r.walls_reproduced,
            ),
            r.mismatches.iter().map(mismatch_state).collect(),
        );
        Ok((f, (state,)))
    }

    /// The hash of its counts, source and mismatches.
    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        let r = &self.report;
        (
            &self.source,
            r.hands,
            r.actions,
            r.events,
            r.wins,
            r.draws,
            r.walls_reproduced,
        )
            .hash(&mut h);
        r.mismatches
            .iter()
            .map(mismatch_state)
            .for_each(|m| m.hash(&mut h));
        h.finish()
    }
    /// No mismatch.
    #[getter]
    fn ok(&self) -> bool {
        self.report.ok()
    }

    /// Every disagreement found, in order.
    #[getter]
    fn mismatches(&self) -> Vec<PyMismatch> {
        self.report
            .mismatches
            .iter()
            .map(PyMismatch::from)
            .collect()
    }

    /// Hands replayed.
    #[getter]
    fn hands(&self) -> usize {
        self.report.hands
    }

    /// Player actions applied (passes not counted).
    #[getter]
    fn actions(&self) -> usize {
        self.report.actions
    }

    /// Events compared.
    #[getter]
    fn events(&self) -> usize {
        self.report.events
    }

    /// Wins checked equal (han, fu, yaku, points, deltas).
    #[getter]
    fn wins(&self) -> usize {
        self.report.wins
    }

    /// Draws checked equal (tenpai, payments).
    #[getter]
    fn draws(&self) -> usize {
        self.report.draws
    }

    /// Hands played from the wall of the log's `SHUFFLE` seed.
    #[getter]
    fn walls_reproduced(&self) -> usize {
        self.report.walls_reproduced
    }

    /// The file replayed, when it came from one.
    #[getter]
    fn source(&self) -> Option<String> {
        self.source.clone()
    }

    fn __bool__(&self) -> bool {
        self.report.ok()
    }

    fn __repr__(&self) -> String {
        let r = &self.report;
        let src = self
            .source
            .as_ref()
            .map_or(String::new(), |s| format!("{s}: "));
        format!(
            "ReplayReport({src}{}, {} hands, {} actions, {} wins, {} draws, {} mismatches)",
            if r.ok() { "ok" } else { "MISMATCH" },
            r.hands,
            r.actions,
            r.wins,
            r.draws,
            r.mismatches.len()
        )
    }
}

/// A log argument: bytes (UTF-8), a path (`str` naming a file, or
/// `os.PathLike`), or the log itself as `str`. A file is read later, by
/// [`Source::text`], with the GIL released.
pub(super) fn source(src: &Bound<'_, PyAny>) -> PyResult<Source> {
    if let Ok(b) = src.cast::<PyBytes>() {
        core::check_size(b.as_bytes().len())?;
        return Ok(Source::Text(core::text_of(b.as_bytes().to_vec())?));
    }
    if let Ok(s) = src.cast::<PyString>() {
        let s = super::args::plain_text(s)?;
        let t = s.trim_start();
        let looks_like_log = t.starts_with('<')
            || t.starts_with('{')
            || t.starts_with('[')
            || t.starts_with("http")
            || t.starts_with("tenhou.net")
            || s.contains('\n');
        return Ok(if looks_like_log {
            Source::Text(s.into_owned())
        } else {
            Source::File(s.into_owned())
        });
    }
    if src.hasattr("__fspath__")? {
        return Ok(Source::File(super::args::path_arg(src, "log")?));
    }
    Err(pyo3::exceptions::PyTypeError::new_err(format!(
        "a log is a path, bytes or the log's text, not {}",
        src.get_type().name()?
    )))
}

fn read_as(src: &Bound<'_, PyAny>, format: Option<Format>) -> PyResult<PyGameRecord> {
    let log = source(src)?;
    let record = src.py().detach(|| log.read(format))?;
    Ok(PyGameRecord(record))
}

/// Read a Tenhou mjlog (XML) from a path, bytes or its text.
#[pyfunction]
fn read_mjlog(src: &Bound<'_, PyAny>) -> PyResult<PyGameRecord> {
    read_as(src, Some(Format::Mjlog))
}

/// Read a tenhou.net/6 JSON log (or its `tenhou.net/6/#json=` URL): a path,
/// bytes or the text.
#[pyfunction]
fn read_tenhou6(src: &Bound<'_, PyAny>) -> PyResult<PyGameRecord> {
    read_as(src, Some(Format::Tenhou6))
}

/// Read mjai JSON lines: a path, bytes or the text.
#[pyfunction]
fn read_mjai(src: &Bound<'_, PyAny>) -> PyResult<PyGameRecord> {
    read_as(src, Some(Format::Mjai))
}

/// Read a log in any of the three formats (detected from its first characters:
/// see `log_format`; other text raises `LogParseError`).
#[pyfunction]
fn read_log(src: &Bound<'_, PyAny>) -> PyResult<PyGameRecord> {
    read_as(src, None)
}

/// The format of a log (a path, bytes or its text) as `read_log` detects it, by
/// its first characters: `"mjlog"` (`<`), `"mjai"` (a first line that is a JSON
/// object with `"type"`) or `"tenhou6"` (a tenhou.net/6 URL, or another JSON
/// object). Raises `LogParseError` (naming the file) for any other text: it is
/// not read as a log of some format.
#[pyfunction]
fn log_format(py: Python<'_>, src: &Bound<'_, PyAny>) -> PyResult<&'static str> {
    let log = source(src)?;
    let format = py.detach(|| {
        log.check()?;
        let text = log.text()?;
        Format::detect(&text).map_err(|e| core::in_file(log.name(), e))
    })?;
    Ok(format.name())
}

/// The record as Tenhou mjlog XML. Raises `RuleError` naming the first rule
/// option the format cannot carry (it holds only a Tenhou lobby's rules), so
/// that what is written is never read back under other rules.
#[pyfunction]
fn write_mjlog(record: &PyGameRecord) -> PyResult<String> {
    record.to_mjlog()
}

/// The record as tenhou.net/6 JSON. Raises `RuleError` naming the first rule
/// option the format cannot carry (a Tenhou lobby's rules with any red fives).
#[pyfunction]
fn write_tenhou6(record: &PyGameRecord) -> PyResult<String> {
    record.to_tenhou6()
}

/// The record as mjai JSON lines.
#[pyfunction]
fn write_mjai(record: &PyGameRecord) -> String {
    record.to_mjai()
}

/// Replay a record through the engine; with `check` every event, win, draw and
/// the final result are compared with the record's (else only the actions'
/// legality).
///
/// `on_step(hand, game)` is called with the hand's index and a copy of the engine
/// (a `Game`) after each hand's deal and after every action of the record that
/// moved the engine on (a hand stops at its first mismatch); with it the GIL stays
/// held. The first error it raises stops the calls and is raised. Each game
/// pickles as the record and its step, replayed again on loading.
#[pyfunction]
#[pyo3(signature = (record, check = true, on_step = None))]
fn replay(
    py: Python<'_>,
    record: &PyGameRecord,
    check: bool,
    on_step: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyReplayReport> {
    let report = match on_step.filter(|f| !f.is_none()) {
        None => py.detach(|| crate::logs::replay::replay(&record.0, check)),
        Some(f) => {
            // The first error the callback raises stops the calls and is raised.
            let mut failed: Option<PyErr> = None;
            // Each step's game is pickled as the record and the step's index.
            let shared = std::sync::Arc::new(record.0.clone());
            let mut step = 0;
            let report = crate::logs::replay::replay_observed(&record.0, check, &mut |h, g| {
                if failed.is_none() {
                    let game = super::game::PyGame::snapshot(g, &shared, check, step);
                    if let Err(e) = f.call1((h, game)) {
                        failed = Some(e);
                    }
                }
                step += 1;
            });
            if let Some(e) = failed {
                return Err(e);
            }
            report
        }
    };
    Ok(PyReplayReport {
        report,
        source: None,
    })
}

/// Logs of `replay_files` per part (a part runs with the GIL released; progress
/// is told and Ctrl-C checked between parts): at least this many ...
const PART_LOGS: usize = 64;
/// ... or this many for each thread.
const PART_LOGS_PER_THREAD: usize = 16;

/// Read and replay many log files (any format) in parallel with the GIL
/// released: one report per file, in order. A file that cannot be read raises
/// (`LogParseError` naming the file), unless `errors="report"`, which gives a
/// report with one `record` mismatch instead. Logs are replayed in parts of a
/// few dozen; after each, `progress(logs done, logs in all)` is called, and
/// Ctrl-C stops the call between two parts.
#[pyfunction]
#[pyo3(
    signature = (paths, check = true, threads = None, errors = Text::from("raise"), progress = None),
    text_signature = "(paths, check=True, threads=None, errors='raise', progress=None)"
)]
fn replay_files(
    py: Python<'_>,
    paths: &Bound<'_, PyAny>,
    check: bool,
    threads: Option<&Bound<'_, PyAny>>,
    errors: Text,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<PyReplayReport>> {
    let errors = errors.0;
    let raise = match errors.as_str() {
        "raise" => true,
        "report" => false,
        e => {
            return Err(invalid(format!(
                "errors is \"raise\" or \"report\", not {e:?}"
            )))
        }
    };
    if paths.is_instance_of::<PyString>() || paths.is_instance_of::<PyBytes>() {
        return Err(pyo3::exceptions::PyTypeError::new_err(
            "replay_files takes a sequence of logs (paths, bytes or texts), not one: \
             pass [path]",
        ));
    }
    let threads = threads_arg(threads)?;
    let progress = progress_arg(progress, "logs")?;
    // Each log, or why the argument is not one (raised at once unless
    // errors="report"); files are read with the replays, the GIL released.
    let mut loaded: Vec<(String, Result<(), String>)> = Vec::new();
    let mut logs: Vec<Source> = Vec::new();
    // How many of the logs before each argument (and after the last) were read.
    let mut readable_before: Vec<usize> = vec![0];
    for (i, p) in paths.try_iter()?.enumerate() {
        // As many logs as the caller gives, but Ctrl-C still stops the reading.
        if i % 256 == 255 {
            py.check_signals()?;
        }
        let p = p?;
        match source(&p).and_then(|log| log.check().map(|()| log).map_err(PyErr::from)) {
            Ok(log) => {
                loaded.push((log.name().to_string(), Ok(())));
                logs.push(log);
            }
            Err(e) if raise => return Err(e),
            Err(e) => {
                let name = p.str().map_or_else(|_| "<log>".into(), |s| s.to_string());
                loaded.push((name, Err(e.value(py).to_string())));
            }
        }
        readable_before.push(logs.len());
    }
    // In parts of the arguments, in order; with errors="raise" the first log
    // that fails stops the call after its part.
    let part = part_size(threads, PART_LOGS, PART_LOGS_PER_THREAD);
    let mut results = Vec::with_capacity(logs.len());
    let each = |r: std::ops::Range<usize>| {
        let these = &logs[readable_before[r.start]..readable_before[r.end]];
        let done = in_pool(threads, |parallel| {
            Ok(core::replay_many(these, check, parallel))
        })?;
        if raise {
            if let Some(Err(e)) = done.iter().find(|d| d.is_err()) {
                return Err(e.clone());
            }
        }
        Ok(done)
    };
    in_parts(
        py,
        loaded.len(),
        part,
        threads,
        progress,
        each,
        |mut got| {
            results.append(&mut got);
            Ok(())
        },
    )?;
    let mut results = results.into_iter();
    let unreadable = |why: String| ReplayReport {
        mismatches: vec![Mismatch {
            hand: 0,
            label: String::new(),
            step: 0,
            kind: "record",
            expected: "a readable log".into(),
            ours: why,
        }],
        ..ReplayReport::default()
    };
    let mut out = Vec::with_capacity(loaded.len());
    for (name, text) in loaded {
        let report = match text {
            Err(why) => unreadable(why),
            Ok(()) => match results.next() {
                Some(Ok(rep)) => rep,
                Some(Err(e)) if raise => return Err(e.into()),
                Some(Err(e)) => unreadable(e.to_string()),
                None => unreadable("not replayed".into()),
            },
        };
        out.push(PyReplayReport {
            report,
            source: Some(name),
        });
    }
    Ok(out)
}

/// The record of a game's events so far (`Game.record()`).
pub fn record_of(game: &crate::game::Game) -> PyGameRecord {
    PyGameRecord(GameRecord::from_game(game))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGameRecord>()?;
    m.add_class::<PyReplayReport>()?;
    m.add_class::<PyMismatch>()?;
    m.add_function(wrap_pyfunction!(_mismatch, m)?)?;
    m.add_function(wrap_pyfunction!(_replay_report, m)?)?;
    m.add_function(wrap_pyfunction!(read_mjlog, m)?)?;
    m.add_function(wrap_pyfunction!(read_tenhou6, m)?)?;
    m.add_function(wrap_pyfunction!(read_mjai, m)?)?;
    m.add_function(wrap_pyfunction!(read_log, m)?)?;
    m.add_function(wrap_pyfunction!(log_format, m)?)?;
    m.add_function(wrap_pyfunction!(write_mjlog, m)?)?;
    m.add_function(wrap_pyfunction!(write_tenhou6, m)?)?;
    m.add_function(wrap_pyfunction!(write_mjai, m)?)?;
    m.add_function(wrap_pyfunction!(replay, m)?)?;
    m.add_function(wrap_pyfunction!(replay_files, m)?)?;
    Ok(())
}
