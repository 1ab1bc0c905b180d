//! The built-in agents for Python's agent classes: the core's policies, fed a
//! seat's `Observation` and legal actions.

use super::args::{bounded_items, type_name, Int, Text};
use super::errors::invalid;
use super::game::{seed_arg, PyAction, PyObservation};
use crate::algo::TileSet;
use crate::game::agents::{agent_seed, Agent, AgentKind};
use crate::game::sim::game_seed;
use crate::game::Action;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

/// The most legal actions one decision offers (fourteen discards, as many riichi
/// discards and tsumogiri variants, kans, a win, an abort): anything longer is
/// not a list of legal actions.
const MOST_LEGAL_ACTIONS: usize = 64;

/// A built-in agent ("random", "tsumogiri" or "shanten") with its own seeded
/// random numbers: `act(observation, legal_actions)` returns one of the legal
/// actions, the same one `simulate` would take.
#[pyclass(name = "BuiltinAgent", module = "riichi")]
pub struct PyBuiltinAgent(Agent);

#[pymethods]
impl PyBuiltinAgent {
    #[new]
    #[pyo3(signature = (kind, seed=None))]
    #[allow(clippy::needless_pass_by_value)]
    fn new(kind: Text, seed: Option<Int>) -> PyResult<Self> {
        let name = &*kind;
        let kind = AgentKind::from_name(name).ok_or_else(|| {
            invalid(format!(
                "agent {name:?} is not one of \"random\", \"tsumogiri\", \"shanten\""
            ))
        })?;
        let seed = if let Some(s) = seed {
            seed_arg(&s)?
        } else {
            use std::hash::{BuildHasher, RandomState};
            RandomState::new().hash_one(0u64)
        };
        Ok(PyBuiltinAgent(Agent::new(kind, seed)))
    }

    /// "random", "tsumogiri" or "shanten".
    #[getter]
    fn kind(&self) -> &'static str {
        self.0.kind().name()
    }

    /// One of `legal_actions` (the object itself), chosen from what
    /// `observation`'s seat may know.
    fn act<'py>(
        &mut self,
        observation: &Bound<'py, PyAny>,
        legal_actions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let obs = observation.cast::<PyObservation>().map_err(|_| {
            PyTypeError::new_err(format!(
                "observation must be an Observation, got {}",
                type_name(observation)
            ))
        })?;
        let mut objects = Vec::new();
        let legal: Vec<Action> =
            bounded_items(legal_actions, "legal_actions", MOST_LEGAL_ACTIONS, |a| {
                let action = a.cast::<PyAction>().map(|x| x.get().0).map_err(|_| {
                    PyTypeError::new_err(format!("not an action: {}", type_name(&a)))
                })?;
                objects.push(a);
                Ok(action)
            })?;
        if legal.is_empty() {
            return Err(invalid(
                "legal_actions is empty: there is nothing to choose",
            ));
        }
        let o = &obs.get().0;
        let melds = &o.melds[o.seat];
        let set = TileSet::for_players(o.players);
        let i = self.0.choose(&o.hand, melds, &legal, set);
        Ok(objects.swap_remove(i))
    }

    fn __repr__(&self) -> String {
        format!("BuiltinAgent({:?})", self.0.kind().name())
    }
}

/// The seed of game `i` of `simulate(seed=seed)`.
#[pyfunction(name = "game_seed")]
#[allow(clippy::needless_pass_by_value)]
fn py_game_seed(seed: Int, i: Int) -> PyResult<u64> {
    let i = i
        .get::<u64>()
        .ok_or_else(|| invalid(format!("a game index is from 0 to 2^64-1, got {i}")))?;
    Ok(game_seed(seed_arg(&seed)?, i))
}

/// The seed `simulate` gives the agent of `seat` (0-3) in a game seeded `seed`.
#[pyfunction(name = "agent_seed")]
#[allow(clippy::needless_pass_by_value)]
fn py_agent_seed(seed: Int, seat: Int) -> PyResult<u64> {
    let seat = seat
        .get::<usize>()
        .filter(|&s| s < 4)
        .ok_or_else(|| invalid(format!("a seat is 0-3, got {seat}")))?;
    Ok(agent_seed(seed_arg(&seed)?, seat))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyBuiltinAgent>()?;
    m.add_function(wrap_pyfunction!(py_game_seed, m)?)?;
    m.add_function(wrap_pyfunction!(py_agent_seed, m)?)?;
    Ok(())
}
