//! `riichi.Rules`: the rule configuration, read and written by option name.

use super::args::{is_strict_int, items_up_to, path_arg, plain_text_or};
use super::errors::RuleError;
use crate::rules::{OptKind, OptSpec, OptValue, Rules, OPTIONS, PRESETS};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyString, PyTuple};
use std::borrow::Cow;

/// A complete rule configuration: immutable, hashable, picklable.
///
/// `Rules()` is the Tenhou ruleset; `Rules(kiriage=True)` or
/// `rules.replace(kiriage=True)` change options; `Rules.preset("mahjong_soul")`
/// gives a named preset. Every option is an attribute (`rules.open_tanyao`), listed
/// with its default and choices by `Rules.options()`. Unknown options, values of
/// the wrong type or outside their choices raise `RuleError`.
#[pyclass(name = "Rules", module = "riichi", frozen, eq, hash, from_py_object)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyRules(pub Rules);

/// One option of `Rules`: its name, default (the Tenhou value), the kind of
/// value it takes and a one-line description.
#[pyclass(name = "RuleOption", module = "riichi", frozen)]
pub struct PyRuleOption(&'static OptSpec);

#[pymethods]
impl PyRuleOption {
    /// The option's name, a keyword of `Rules` and an attribute of it.
    #[getter]
    fn name(&self) -> &'static str {
        self.0.name
    }
    /// Its value in `Rules()` (the Tenhou ruleset).
    #[getter]
    fn default<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        value_to_py(py, &Rules::default().get(self.0.name).expect("option"))
    }
    /// What it takes: `"bool"`, `"int"`, `"choice"` (one of `choices`),
    /// `"red_fives"` (three counts), `"uma"` or `"optional_int"` (an integer or `None`).
    #[getter]
    fn kind(&self) -> &'static str {
        self.0.kind.name()
    }
    /// The valid strings of a `"choice"` option.
    #[getter]
    fn choices(&self) -> Option<Vec<&'static str>> {
        match self.0.kind {
            OptKind::Choice(c) => Some(c.to_vec()),
            _ => None,
        }
    }
    /// The inclusive bounds of an integer option.
    #[getter]
    fn range(&self) -> Option<(i64, i64)> {
        match self.0.kind {
            OptKind::Int(lo, hi) | OptKind::OptInt(lo, hi) => Some((lo, hi)),
            OptKind::IntOf(v) => Some((v.iter().copied().min()?, v.iter().copied().max()?)),
            _ => None,
        }
    }
    /// What the option means, in one line.
    #[getter]
    fn doc(&self) -> &'static str {
        self.0.doc
    }
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "RuleOption({:?}, default={}, kind={:?})",
            self.0.name,
            self.default(py)?.repr()?,
            self.0.kind.name()
        ))
    }
}

pub fn value_to_py<'py>(py: Python<'py>, v: &OptValue) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        OptValue::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        OptValue::Int(i) | OptValue::OptInt(Some(i)) => i.into_pyobject(py)?.into_any(),
        OptValue::OptInt(None) => py.None().into_bound(py),
        OptValue::Choice(c) => PyString::new(py, c).into_any(),
        OptValue::RedFives(r) => PyTuple::new(py, r.iter().copied())?.into_any(),
        OptValue::Uma(u) => PyTuple::new(py, u.iter().copied())?.into_any(),
    })
}

/// A Python value for option `name`, checked against its kind.
fn value_from_py(name: &str, obj: &Bound<'_, PyAny>) -> PyResult<OptValue> {
    let Some(spec) = Rules::spec(name) else {
        // `get` names the unknown option with suggestions.
        return Err(RuleError::new_err(
            Rules::default().get(name).expect_err("unknown").to_string(),
        ));
    };
    let wrong = || {
        let shown = obj.repr().map_or_else(|_| "?".into(), |r| r.to_string());
        RuleError::new_err(format!(
            "rule option {name} = {} is not valid: {name} takes {}",
            crate::error::shortened(&shown),
            spec.kind.describe()
        ))
    };
    let int = |o: &Bound<'_, PyAny>| -> PyResult<i64> {
        if !is_strict_int(o) {
            return Err(wrong());
        }
        o.extract::<i64>().map_err(|_| wrong())
    };
    Ok(match spec.kind {
        OptKind::Bool => {
            let b = obj.cast::<PyBool>().map_err(|_| wrong())?;
            OptValue::Bool(b.is_true())
        }
        OptKind::Int(..) | OptKind::IntOf(_) => OptValue::Int(int(obj)?),
        OptKind::OptInt(..) => {
            let none_text = obj
                .cast::<PyString>()
                .is_ok_and(|t| t.to_cow().is_ok_and(|t| t.eq_ignore_ascii_case("none")));
            if obj.is_none() || none_text {
                OptValue::OptInt(None)
            } else {
                OptValue::OptInt(Some(int(obj)?))
            }
        }
        OptKind::Choice(choices) => {
            let s = obj.cast::<PyString>().map_err(|_| wrong())?;
            let s = plain_text_or(s, |m| {
                RuleError::new_err(format!(
                    "rule option {name}: {m}; {name} takes {}",
                    spec.kind.describe()
                ))
            })?;
            let c = choices.iter().find(|c| **c == s).ok_or_else(wrong)?;
            OptValue::Choice(c)
        }
        OptKind::RedFives | OptKind::Uma => {
            if obj.is_instance_of::<PyString>() {
                return Err(wrong());
            }
            // Three red-five counts or four uma values; one more is read to refuse.
            let values: Vec<i64> = items_up_to(obj, name, "a sequence", 5, |v| int(&v))
                .map_err(|_| wrong())?
                .ok_or_else(wrong)?;
            if spec.kind == OptKind::RedFives {
                let r: [u8; 3] = values
                    .iter()
                    .map(|&v| u8::try_from(v).map_err(|_| wrong()))
                    .collect::<PyResult<Vec<u8>>>()?
                    .try_into()
                    .map_err(|_| wrong())?;
                OptValue::RedFives(r)
            } else {
                let u: [i32; 4] = values
                    .iter()
                    .map(|&v| i32::try_from(v).map_err(|_| wrong()))
                    .collect::<PyResult<Vec<i32>>>()?
                    .try_into()
                    .map_err(|_| wrong())?;
                OptValue::Uma(u)
            }
        }
    })
}

fn apply(base: &Rules, changes: Option<&Bound<'_, PyDict>>) -> PyResult<Rules> {
    let mut pairs = Vec::new();
    if let Some(d) = changes {
        for (k, v) in d.iter() {
            let k = k
                .cast::<PyString>()
                .map_err(|_| PyTypeError::new_err("rule option names are strings"))?;
            let name = rule_text(k)?.into_owned();
            let value = value_from_py(&name, &v)?;
            pairs.push((name, value));
        }
    }
    let pairs: Vec<(&str, OptValue)> = pairs.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
    base.with(&pairs).map_err(PyErr::from)
}

/// The text of a rule name or value: one that is no text is a `RuleError`.
fn rule_text<'a>(s: &'a Bound<'_, PyString>) -> PyResult<Cow<'a, str>> {
    plain_text_or(s, RuleError::new_err)
}

/// The suffix of a `pathlib.Path` (".json", ".toml").
/// The two formats of a rules file, told by its suffix.
enum FileFormat {
    Json,
    Toml,
}
use FileFormat::{Json, Toml};

fn file_format(path: &str) -> PyResult<FileFormat> {
    let suffix = std::path::Path::new(path)
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    match suffix.as_str() {
        "json" => Ok(Json),
        "toml" => Ok(Toml),
        _ => Err(RuleError::new_err(format!(
            "rules files are .json or .toml, not {:?}",
            if suffix.is_empty() {
                String::new()
            } else {
                format!(".{suffix}")
            }
        ))),
    }
}

/// The rules argument of a function: `None` is the Tenhou default.
pub fn rules_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Rules> {
    match obj {
        None => Ok(Rules::default()),
        Some(o) if o.is_none() => Ok(Rules::default()),
        Some(o) => o.cast::<PyRules>().map(|r| r.get().0.clone()).map_err(|_| {
            PyTypeError::new_err(format!(
                "rules must be a riichi.Rules, got {}",
                super::args::type_name(o)
            ))
        }),
    }
}

/// The tile set of a `rules=` argument of the analysis (`None`: four players),
/// read without copying the rules.
pub fn tileset_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<crate::algo::TileSet> {
    match obj {
        Some(o) if !o.is_none() => match o.cast::<PyRules>() {
            Ok(r) => Ok(crate::algo::TileSet::of(&r.get().0)),
            Err(_) => rules_arg(Some(o)).map(|r| crate::algo::TileSet::of(&r)),
        },
        _ => Ok(crate::algo::TileSet::Full),
    }
}

#[pymethods]
impl PyRules {
    #[new]
    #[pyo3(signature = (**options))]
    fn new(options: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        Ok(PyRules(apply(&Rules::default(), options)?))
    }

    /// A named preset: `"tenhou"`, `"mahjong_soul"`, `"wrc2025"`, `"ema2025"`,
    /// `"mleague"`, and for three players `"tenhou_sanma"`, `"mahjong_soul_sanma"`
    /// (see `Rules.preset_doc(name)` for its sources).
    #[staticmethod]
    fn preset(name: &Bound<'_, PyAny>) -> PyResult<Self> {
        let name = name
            .cast::<PyString>()
            .map_err(|_| PyTypeError::new_err("a preset name is a string"))?;
        let name = rule_text(name)?;
        Rules::preset(&name).map(PyRules).map_err(PyErr::from)
    }

    /// The names of the presets.
    #[staticmethod]
    fn presets() -> Vec<&'static str> {
        PRESETS.iter().map(|p| p.name).collect()
    }

    /// Where a preset's values come from, and which are unverified.
    #[staticmethod]
    fn preset_doc(name: &Bound<'_, PyString>) -> PyResult<&'static str> {
        let name = rule_text(name)?;
        PRESETS
            .iter()
            .find(|p| p.name == &*name)
            .map(|p| p.doc)
            .ok_or_else(|| {
                RuleError::new_err(Rules::preset(&name).expect_err("unknown").to_string())
            })
    }

    /// Every option, in a stable order.
    #[staticmethod]
    fn options() -> Vec<PyRuleOption> {
        OPTIONS.iter().map(PyRuleOption).collect()
    }

    /// A copy with some options changed.
    #[pyo3(signature = (**changes))]
    fn replace(&self, changes: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        Ok(PyRules(apply(&self.0, changes)?))
    }

    /// Every option and its value (`red_fives` as a 3-tuple).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for o in OPTIONS {
            d.set_item(
                o.name,
                value_to_py(py, &self.0.get(o.name).expect("option"))?,
            )?;
        }
        Ok(d)
    }

    /// Rules from a dict of options (missing ones keep the Tenhou default;
    /// `red_fives` may be a list).
    #[staticmethod]
    fn from_dict(d: &Bound<'_, PyAny>) -> PyResult<Self> {
        let d = d
            .cast::<PyDict>()
            .map_err(|_| PyTypeError::new_err("Rules.from_dict takes a dict of options"))?;
        Ok(PyRules(apply(&Rules::default(), Some(d))?))
    }

    /// The options whose value differs from `other` (default `Rules()`).
    #[pyo3(signature = (other=None))]
    fn diff<'py>(
        &self,
        py: Python<'py>,
        other: Option<PyRef<'py, PyRules>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let base = other.map_or_else(Rules::default, |o| o.0.clone());
        let d = PyDict::new(py);
        for o in OPTIONS {
            let v = self.0.get(o.name).expect("option");
            if v != base.get(o.name).expect("option") {
                d.set_item(o.name, value_to_py(py, &v)?)?;
            }
        }
        Ok(d)
    }

    /// Every option as one JSON object (what `from_json` reads back).
    fn to_json(&self) -> String {
        self.0.to_json_string()
    }

    /// Rules from a JSON object of options, as `to_json` writes it (missing
    /// options keep the Tenhou default). Raises `RuleError`.
    #[staticmethod]
    fn from_json(s: &Bound<'_, PyString>) -> PyResult<Self> {
        Rules::from_json_str(&rule_text(s)?)
            .map(PyRules)
            .map_err(PyErr::from)
    }

    /// Flat `key = value` TOML (an unset optional integer is written `"none"`,
    /// which every option of kind `optional_int` also accepts).
    fn to_toml(&self) -> String {
        let mut out = String::from("# riichi rules\n");
        for o in OPTIONS {
            let line = match self.0.get(o.name).expect("option") {
                OptValue::Bool(b) => format!("{} = {b}", o.name),
                OptValue::Int(i) | OptValue::OptInt(Some(i)) => format!("{} = {i}", o.name),
                // TOML has no null: an unset optional integer is written "none".
                OptValue::OptInt(None) => format!("{} = \"none\"", o.name),
                OptValue::Choice(c) => format!("{} = \"{c}\"", o.name),
                OptValue::RedFives([m, p, s]) => format!("{} = [{m}, {p}, {s}]", o.name),
                OptValue::Uma([a, b, c, d]) => format!("{} = [{a}, {b}, {c}, {d}]", o.name),
            };
            out.push_str(&line);
            out.push('\n');
        }
        out
    }

    /// Rules from flat `key = value` TOML, as `to_toml` writes it (missing
    /// options keep the Tenhou default). Raises `RuleError`.
    #[staticmethod]
    fn from_toml(py: Python<'_>, s: &Bound<'_, PyString>) -> PyResult<Self> {
        let toml = py
            .import("tomllib")
            .or_else(|_| py.import("tomli"))
            .map_err(|_| {
                RuleError::new_err("reading TOML needs Python 3.11+ or the tomli package")
            })?;
        let d = toml
            .call_method1("loads", (s,))
            .map_err(|e| RuleError::new_err(format!("rules TOML does not parse: {e}")))?;
        Self::from_dict(&d)
    }

    /// Write to a `.json` or `.toml` file (chosen by the extension). A file
    /// that cannot be written raises `InvalidInputError` naming it, as every
    /// file the package reads or writes does.
    fn save(&self, path: &Bound<'_, PyAny>) -> PyResult<()> {
        let path = path_arg(path, "rules")?;
        let text = match file_format(&path)? {
            Json => self.to_json(),
            Toml => self.to_toml(),
        };
        Ok(crate::files::write_text(&path, "rules", &text)?)
    }

    /// Read a `.json` or `.toml` file (chosen by the extension). A missing
    /// file, a directory, a bad path, a file that is not UTF-8 or is over 32 MB
    /// raises `InvalidInputError` naming it, as for logs; what the text says is
    /// checked as `from_json`/`from_toml` check it (`RuleError`).
    #[staticmethod]
    fn load(py: Python<'_>, path: &Bound<'_, PyAny>) -> PyResult<Self> {
        let path = path_arg(path, "rules")?;
        let text = crate::files::read_text(&path, "rules")?;
        let format = file_format(&path)?;
        let text = PyString::new(py, &text);
        match format {
            Json => Self::from_json(&text),
            Toml => Self::from_toml(py, &text),
        }
    }

    fn __getattr__<'py>(
        &self,
        py: Python<'py>,
        name: &Bound<'py, PyString>,
    ) -> PyResult<Bound<'py, PyAny>> {
        // A name with no UTF-8 form is no option either.
        let name = rule_text(name)
            .map_err(|e| pyo3::exceptions::PyAttributeError::new_err(e.to_string()))?;
        match self.0.get(&name) {
            Ok(v) => value_to_py(py, &v),
            Err(e) => Err(pyo3::exceptions::PyAttributeError::new_err(e.to_string())),
        }
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyDict>,))> {
        let from = slf.get_type().getattr("from_dict")?;
        Ok((from, (slf.get().to_dict(slf.py())?,)))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let d = self.diff(py, None)?;
        let mut parts = Vec::new();
        for (k, v) in d.iter() {
            parts.push(format!("{}={}", k, v.repr()?));
        }
        Ok(format!("Rules({})", parts.join(", ")))
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRules>()?;
    m.add_class::<PyRuleOption>()?;
    Ok(())
}
