//! JSON values (the core's log formats) as Python objects.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use pyo3::IntoPyObjectExt;
use serde_json::Value;

/// `v` as the Python object `json.loads` would give.
pub fn to_py<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => b.into_bound_py_any(py)?,
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                i.into_bound_py_any(py)?
            } else if let Some(u) = n.as_u64() {
                u.into_bound_py_any(py)?
            } else {
                n.as_f64().unwrap_or(f64::NAN).into_bound_py_any(py)?
            }
        }
        Value::String(s) => s.into_bound_py_any(py)?,
        Value::Array(a) => {
            let l = PyList::empty(py);
            for x in a {
                l.append(to_py(py, x)?)?;
            }
            l.into_any()
        }
        Value::Object(o) => {
            let d = PyDict::new(py);
            for (k, x) in o {
                d.set_item(k, to_py(py, x)?)?;
            }
            d.into_any()
        }
    })
}

/// How deep a JSON value from Python may nest.
const MAX_DEPTH: usize = 32;

/// A Python object as a JSON value: a dict with string keys, a list or tuple,
/// a string, an int, a float, a bool or `None`; anything else (or nesting
/// deeper than 32) is an `InvalidInputError` naming `what`.
pub fn from_py(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Value> {
    from_py_at(obj, what, 0)
}

fn from_py_at(obj: &Bound<'_, PyAny>, what: &str, depth: usize) -> PyResult<Value> {
    use pyo3::types::{PyBool, PyFloat, PyInt, PyString, PyTuple};
    let bad = |why: String| super::errors::invalid(format!("{what} is not JSON data: {why}"));
    if depth > MAX_DEPTH {
        return Err(bad(format!("it nests deeper than {MAX_DEPTH}")));
    }
    if obj.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if let Ok(i) = obj.cast::<PyInt>() {
        return match i.extract::<i64>() {
            Ok(x) => Ok(Value::from(x)),
            Err(_) => Err(bad(format!("the integer {i} is too large"))),
        };
    }
    if let Ok(f) = obj.cast::<PyFloat>() {
        return serde_json::Number::from_f64(f.value())
            .map(Value::Number)
            .ok_or_else(|| bad(format!("{} is not a JSON number", f.value())));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Value::String(s.to_str()?.to_owned()));
    }
    if let Ok(d) = obj.cast::<PyDict>() {
        let mut m = serde_json::Map::new();
        for (k, v) in d.iter() {
            let key = k.cast::<PyString>().map_err(|_| {
                bad(format!(
                    "a key is {}, not a string",
                    super::args::type_name(&k)
                ))
            })?;
            m.insert(key.to_str()?.to_owned(), from_py_at(&v, what, depth + 1)?);
        }
        return Ok(Value::Object(m));
    }
    if obj.cast::<PyList>().is_ok() || obj.cast::<PyTuple>().is_ok() {
        let mut out = Vec::new();
        for x in obj.try_iter()? {
            out.push(from_py_at(&x?, what, depth + 1)?);
        }
        return Ok(Value::Array(out));
    }
    Err(bad(format!("it holds a {}", super::args::type_name(obj))))
}
