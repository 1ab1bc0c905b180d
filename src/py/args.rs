//! Argument conversions shared by the bindings. Python integers are unbounded
//! and Python strings may hold lone surrogates; Rust's `u32` and `&str` cannot,
//! and `PyO3` would answer with `OverflowError` or `UnicodeEncodeError`. These types
//! take any `int` and any `str`, so each call can say in a `riichi` error what was
//! out of range or unreadable.

use super::errors::invalid;
use crate::error::MahjongError;
use numpy::{PyReadonlyArrayDyn, PyUntypedArrayMethods};
use pyo3::exceptions::{PyOverflowError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList, PyString, PyTuple};
use std::borrow::Cow;
use std::fmt;

/// Any Python integer: its value when it fits in `i128` as `i64` or `u64`
/// (seeds), else its decimal text for messages.
pub struct Int(Result<i128, String>);

impl Int {
    /// The value as `T`, or `None` when it is out of `T`'s range.
    pub fn get<T: TryFrom<i128>>(&self) -> Option<T> {
        self.0.as_ref().ok().and_then(|&v| T::try_from(v).ok())
    }

    /// The value when it is within `lo..=hi`, else an `InvalidInputError`
    /// "`what` must be an integer from `lo` to `hi`, got …".
    pub fn within<T>(&self, what: &str, lo: T, hi: T) -> PyResult<T>
    where
        T: TryFrom<i128> + PartialOrd + fmt::Display + Copy,
    {
        self.get::<T>()
            .filter(|v| (lo..=hi).contains(v))
            .ok_or_else(|| {
                invalid(format!(
                    "{what} must be an integer from {lo} to {hi}, got {self}"
                ))
            })
    }
}

impl From<i64> for Int {
    fn from(v: i64) -> Self {
        Self(Ok(i128::from(v)))
    }
}

impl fmt::Display for Int {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Ok(v) => write!(f, "{v}"),
            Err(text) => f.write_str(&crate::error::shortened(text)),
        }
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for Int {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        match obj.extract::<i64>() {
            Ok(v) => Ok(Self(Ok(i128::from(v)))),
            Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => {
                Ok(Self(obj.extract::<u64>().map(i128::from).map_err(|_| {
                    obj.str().map_or_else(|_| "?".into(), |s| s.to_string())
                })))
            }
            Err(_) => Err(PyTypeError::new_err(format!(
                "expected an integer, got {}",
                obj.get_type().name()?
            ))),
        }
    }
}

/// The name of `obj`'s type, for messages ("?" if Python cannot say).
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or_else(|_| "?".into(), |n| n.to_string())
}

/// A Python int as `i64`: `None` when it does not fit, `TypeError` when `obj` is
/// not an integer.
pub fn int_arg(obj: &Bound<'_, PyAny>) -> PyResult<Option<i64>> {
    Ok(obj.extract::<Int>()?.get())
}

/// Whether `obj` is an `int` and not a `bool`.
pub fn is_strict_int(obj: &Bound<'_, PyAny>) -> bool {
    obj.is_instance_of::<PyInt>() && !obj.is_instance_of::<pyo3::types::PyBool>()
}

/// What `obj` is, for messages about array arguments: "a 1-d array of dtype
/// uint8 and shape (34,)", "a numpy int64 scalar", or its type's name.
pub fn describe(obj: &Bound<'_, PyAny>) -> String {
    let attr = |name: &str| obj.getattr(name).ok().map(|v| v.to_string());
    let type_name = type_name(obj);
    match (attr("dtype"), attr("ndim"), attr("shape")) {
        (Some(dtype), Some(ndim), Some(shape)) if type_name == "ndarray" => {
            format!("a {ndim}-d array of dtype {dtype} and shape {shape}")
        }
        (Some(dtype), ..) => format!("a numpy {dtype} scalar ({type_name})"),
        _ => type_name,
    }
}

/// Whether `obj` is a numpy array of integers or booleans (counts, ids).
pub fn is_int_array(obj: &Bound<'_, PyAny>) -> bool {
    obj.hasattr("ndim").unwrap_or(false)
        && obj
            .getattr("dtype")
            .and_then(|d| d.getattr("kind"))
            .is_ok_and(|k| k.to_string().chars().all(|c| "iub".contains(c)))
}

/// The values of an integer numpy array of `ndim` dimensions, in row order, as
/// `T`, and its shape: any integer dtype and layout. `None` when `obj` is no
/// such array; a value `T` cannot hold is refused, naming its place
/// (`name[row]` or `name[row, column]`) and `T`'s range.
pub fn int_array<T>(
    obj: &Bound<'_, PyAny>,
    name: &str,
    ndim: usize,
) -> PyResult<Option<(Vec<T>, Vec<usize>)>>
where
    T: TryFrom<i128> + Copy + Bounds,
{
    fn read<S, T>(a: &PyReadonlyArrayDyn<'_, S>, name: &str) -> PyResult<Vec<T>>
    where
        S: numpy::Element + Copy + Into<i128>,
        T: TryFrom<i128> + Copy + Bounds,
    {
        let shape = a.shape();
        let width = shape.get(1).copied().unwrap_or(1).max(1);
        let mut out = Vec::with_capacity(a.len());
        for (i, &v) in a.as_array().iter().enumerate() {
            let v: i128 = v.into();
            out.push(T::try_from(v).map_err(|_| {
                let at = if shape.len() == 1 {
                    format!("{i}")
                } else {
                    format!("{}, {}", i / width, i % width)
                };
                invalid(format!(
                    "{name}[{at}] is {v}, outside {} to {} ({})",
                    T::LOW,
                    T::HIGH,
                    T::DTYPE
                ))
            })?);
        }
        Ok(out)
    }
    macro_rules! each_dtype {
        ($o:expr; $($s:ty),*) => {
            $(
                if let Ok(a) = $o.extract::<PyReadonlyArrayDyn<'_, $s>>() {
                    if a.ndim() != ndim {
                        return Ok(None);
                    }
                    return Ok(Some((read::<$s, T>(&a, name)?, a.shape().to_vec())));
                }
            )*
        };
    }
    each_dtype!(obj; u8, i8, u16, i16, u32, i32, u64, i64);
    // An integer array in the other byte order: read as a native copy.
    let kind = obj.getattr("dtype").and_then(|d| d.getattr("kind"));
    let native = obj.getattr("dtype").and_then(|d| d.getattr("isnative"));
    if kind.is_ok_and(|k| k.to_string() == "i" || k.to_string() == "u")
        && native.is_ok_and(|n| !n.is_truthy().unwrap_or(true))
    {
        let dtype = obj.getattr("dtype")?.call_method1("newbyteorder", ("=",))?;
        let copy = obj.call_method1("astype", (dtype,))?;
        each_dtype!(copy; u8, i8, u16, i16, u32, i32, u64, i64);
    }
    Ok(None)
}

/// The range of an integer column's type, for messages.
pub trait Bounds {
    const LOW: i128;
    const HIGH: i128;
    const DTYPE: &'static str;
}

impl Bounds for u8 {
    const LOW: i128 = 0;
    const HIGH: i128 = u8::MAX as i128;
    const DTYPE: &'static str = "uint8";
}

impl Bounds for u32 {
    const LOW: i128 = 0;
    const HIGH: i128 = u32::MAX as i128;
    const DTYPE: &'static str = "uint32";
}

impl Bounds for i128 {
    const LOW: i128 = i128::MIN;
    const HIGH: i128 = i128::MAX;
    const DTYPE: &'static str = "int128";
}

/// Most threads a batch call may ask for.
const MAX_THREADS: usize = 256;

/// The `threads` argument of batch calls: `None` (all cores) or 1 to 256.
pub fn threads_arg(threads: Option<&Bound<'_, PyAny>>) -> PyResult<Option<usize>> {
    match threads {
        Some(t) if !t.is_none() => Ok(Some(
            int_arg(t)?
                .and_then(|v| usize::try_from(v).ok())
                .filter(|&v| (1..=MAX_THREADS).contains(&v))
                .ok_or_else(|| {
                    invalid(format!(
                        "threads must be an integer from 1 to {MAX_THREADS}, got {t}"
                    ))
                })?,
        )),
        _ => Ok(None),
    }
}

/// The `progress` argument of long calls: `None` (or Python's `None`) for none,
/// else a callable, which is called as `progress(done, total)` (`TypeError`
/// otherwise, saying what it takes: "(`units` done, `units` in all)").
pub fn progress_arg<'a, 'py>(
    progress: Option<&'a Bound<'py, PyAny>>,
    units: &str,
) -> PyResult<Option<&'a Bound<'py, PyAny>>> {
    let progress = progress.filter(|f| !f.is_none());
    if progress.is_some_and(|f| !f.is_callable()) {
        return Err(PyTypeError::new_err(format!(
            "progress must be a callable taking ({units} done, {units} in all)"
        )));
    }
    Ok(progress)
}

/// How many items a long call takes in one part: `least`, or `per_thread` for
/// each of its threads when that is more.
pub fn part_size(threads: Option<usize>, least: usize, per_thread: usize) -> usize {
    least.max(threads.unwrap_or_else(rayon::current_num_threads) * per_thread)
}

/// `n` items taken in parts of `part` (at least 1): `f(range)` for each part
/// in order, the GIL released, in one pool of `threads` (where `f`'s
/// `in_pool(threads, ..)` runs without starting another); each part's output is
/// handed to `take`, then `progress(done, n)` is called and signals are checked,
/// so that Ctrl-C (or any signal handler's exception) stops the call between two
/// parts. The first error, of `f`, `take` or `progress`, is raised.
pub fn in_parts<P: Send>(
    py: Python<'_>,
    n: usize,
    part: usize,
    threads: Option<usize>,
    progress: Option<&Bound<'_, PyAny>>,
    mut f: impl FnMut(std::ops::Range<usize>) -> crate::error::Result<P> + Send,
    mut take: impl FnMut(P) -> PyResult<()>,
) -> PyResult<()> {
    // A pool of `threads` is started once for every part.
    let pool = crate::parallel::Pool::new(threads)?;
    let mut done = 0;
    while done < n {
        let range = done..n.min(done.saturating_add(part.max(1)));
        done = range.end;
        take(py.detach(|| pool.install(|| f(range)))?)?;
        if let Some(p) = progress {
            p.call1((done, n))?;
        }
        py.check_signals()?;
    }
    Ok(())
}

/// Where the first character of `s` with no UTF-8 form (a lone surrogate) is,
/// in characters, and the start of `s` with each such character shown as '?'.
fn unencodable(s: &Bound<'_, PyString>) -> (usize, String) {
    let mut shown = String::new();
    let mut at = None;
    if let Ok(chars) = s.try_iter() {
        for (i, c) in chars.flatten().enumerate() {
            let c = c.cast::<PyString>().ok().and_then(|c| c.to_cow().ok());
            if c.is_none() && at.is_none() {
                at = Some(i);
            }
            if i <= 60 {
                shown.push_str(c.as_deref().unwrap_or("?"));
            }
        }
    }
    (at.unwrap_or(0), shown)
}

/// The text of a Python `str` holding notation. One that has no UTF-8 form (a
/// lone surrogate) is not valid notation either: a `TileParseError` at that
/// character, not a `UnicodeEncodeError`.
pub fn text<'a>(s: &'a Bound<'_, PyString>) -> PyResult<Cow<'a, str>> {
    s.to_cow().map_err(|_| {
        let (at, shown) = unencodable(s);
        // `at` counts characters; `parse` takes a byte offset into what it quotes.
        let byte = shown.char_indices().nth(at).map_or(shown.len(), |(b, _)| b);
        let mut e = MahjongError::parse(&shown, byte, "not valid text (a lone surrogate)");
        if let MahjongError::TileParse { position, .. } = &mut e {
            *position = at;
        }
        e.into()
    })
}

/// The text of any other Python `str` (a name, a choice, JSON): one with a lone
/// surrogate is an `InvalidInputError` saying where.
pub fn plain_text<'a>(s: &'a Bound<'_, PyString>) -> PyResult<Cow<'a, str>> {
    plain_text_or(s, invalid)
}

/// [`plain_text`] with the error that fits the caller (a `RuleError` for rule
/// names, an `InvalidContextError` for winds).
pub fn plain_text_or<'a>(
    s: &'a Bound<'_, PyString>,
    error: impl FnOnce(String) -> PyErr,
) -> PyResult<Cow<'a, str>> {
    s.to_cow().map_err(|_| {
        let (at, shown) = unencodable(s);
        error(format!(
            "{:?} is not valid text: a lone surrogate at character {at}",
            crate::error::shortened(&shown)
        ))
    })
}

/// A `str` argument, as `String`, through [`plain_text`].
pub struct Text(pub String);

impl std::ops::Deref for Text {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl From<&str> for Text {
    fn from(s: &str) -> Self {
        Self(s.to_owned())
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for Text {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let s = obj.cast::<PyString>().map_err(|_| {
            PyTypeError::new_err(format!("expected a str, got {}", type_name(&obj)))
        })?;
        Ok(Self(plain_text(&s)?.into_owned()))
    }
}

/// A path argument (`what`: "log", "rules"): a `str` or an `os.PathLike` giving
/// one. A path with no UTF-8 form (a lone surrogate) is an `InvalidInputError`
/// naming it; anything else is a `TypeError`. What is wrong with the file itself
/// is for [`crate::files`] to say.
pub fn path_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
    let named = if obj.is_instance_of::<PyString>() {
        obj.clone()
    } else if obj.hasattr("__fspath__")? {
        obj.call_method0("__fspath__")?
    } else {
        return Err(PyTypeError::new_err(format!(
            "a {what} file's path is a str or an os.PathLike, got {}",
            type_name(obj)
        )));
    };
    let s = named.cast::<PyString>().map_err(|_| {
        PyTypeError::new_err(format!(
            "a {what} file's path must be text, got {}",
            type_name(&named)
        ))
    })?;
    Ok(plain_text(s)?.into_owned())
}

/// The most items each sequence argument may hold: what the domain allows.
/// Tiles of any kind in one list (a whole set).
pub const ALL_TILES: usize = crate::game::wall::WALL_TILES;
/// Concealed tiles of a hand.
pub const HAND_TILES: usize = 14;
/// Melds of a hand.
pub const HAND_MELDS: usize = 4;
/// Dora (or ura) indicators of a win.
pub const INDICATORS: usize = crate::score::context::MOST_INDICATORS;
/// Winners of one discard (a triple ron is the most).
pub const RON_WINNERS: usize = 3;
/// Seats of a table.
pub const SEATS: usize = 4;
/// Walls given to a game (one per hand, played first).
pub const GAME_WALLS: usize = 1024;

/// The items of a sequence argument, `f` of each in order, refusing more than
/// `most` of them: the most the domain allows (tiles of a hand, walls of a game,
/// winners of a hand). No size is taken from the object before it is checked: an
/// exact `list` or `tuple` is measured (its length cannot lie) and read by index;
/// anything else is iterated and refused at the first item past `most`, so a
/// `range(2**40)`, a lying `__len__` or an endless iterator costs at most
/// `most + 1` items. `what` names the argument in the `InvalidInputError`
/// ("melds holds more than 4 items"); a value that cannot be iterated is a
/// `TypeError` naming it too.
pub fn bounded_items<'py, T>(
    obj: &Bound<'py, PyAny>,
    what: &str,
    most: usize,
    f: impl FnMut(Bound<'py, PyAny>) -> PyResult<T>,
) -> PyResult<Vec<T>> {
    items_up_to(obj, what, "an iterable", most, f)?
        .ok_or_else(|| invalid(format!("{what} may hold at most {most} items")))
}

/// The items of `obj` as [`bounded_items`] reads them, `None` when there are
/// more than `most` (for callers that word that refusal themselves); a value
/// that cannot be iterated is a `TypeError` saying what `what` must be
/// (`expected`).
pub fn items_up_to<'py, T>(
    obj: &Bound<'py, PyAny>,
    what: &str,
    expected: &str,
    most: usize,
    mut f: impl FnMut(Bound<'py, PyAny>) -> PyResult<T>,
) -> PyResult<Option<Vec<T>>> {
    // A wrong type among the items says which item it was.
    let mut f = |i: usize, item: Bound<'py, PyAny>| {
        f(item).map_err(|e| {
            if e.is_instance_of::<PyTypeError>(obj.py()) {
                PyTypeError::new_err(format!("{what}[{i}]: {}", e.value(obj.py())))
            } else {
                e
            }
        })
    };
    if let Ok(l) = obj.cast_exact::<PyList>() {
        if l.len() > most {
            return Ok(None);
        }
        let mut out = Vec::with_capacity(l.len());
        // A list may grow while its items convert: count again.
        for item in l.iter() {
            if out.len() == most {
                return Ok(None);
            }
            out.push(f(out.len(), item)?);
        }
        return Ok(Some(out));
    }
    if let Ok(t) = obj.cast_exact::<PyTuple>() {
        if t.len() > most {
            return Ok(None);
        }
        return t
            .iter()
            .enumerate()
            .map(|(i, item)| f(i, item))
            .collect::<PyResult<_>>()
            .map(Some);
    }
    let items = obj.try_iter().map_err(|_| {
        PyTypeError::new_err(format!("{what} must be {expected}, got {}", type_name(obj)))
    })?;
    let mut out = Vec::new();
    for item in items {
        if out.len() == most {
            return Ok(None);
        }
        out.push(f(out.len(), item?)?);
    }
    Ok(Some(out))
}
