//! The Python exception hierarchy, rooted at `riichi.MahjongError(ValueError)`, and
//! the one mapping from core errors to it.

use crate::error::MahjongError as CoreError;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    riichi,
    MahjongError,
    PyValueError,
    "Base class of every error riichi raises for bad input."
);
create_exception!(
    riichi,
    TileParseError,
    MahjongError,
    "A tile or hand string is not valid notation."
);
create_exception!(
    riichi,
    InvalidTileError,
    MahjongError,
    "A tile id, kind or name is out of range."
);
create_exception!(
    riichi,
    InvalidMeldError,
    MahjongError,
    "A meld's tiles, called tile or source seat are impossible."
);
create_exception!(
    riichi,
    InvalidHandError,
    MahjongError,
    "A hand breaks a counting rule (copies, size, melds)."
);
create_exception!(
    riichi,
    InvalidInputError,
    MahjongError,
    "An argument is outside what the operation accepts."
);

create_exception!(
    riichi,
    RuleError,
    MahjongError,
    "An unknown rule option, a bad value or an impossible combination."
);
create_exception!(
    riichi,
    ScoringError,
    MahjongError,
    "A hand that cannot be scored."
);
create_exception!(
    riichi,
    NotAgariError,
    ScoringError,
    "The hand with its winning tile is not complete."
);
create_exception!(
    riichi,
    NoYakuError,
    ScoringError,
    "The hand is complete but has no yaku, or fewer han than the rules require."
);
create_exception!(
    riichi,
    InvalidContextError,
    ScoringError,
    "The situation of a win contradicts itself, the hand or the rules."
);

create_exception!(
    riichi,
    IllegalActionError,
    MahjongError,
    "An action the rules do not allow at this point of the game (the game is unchanged)."
);

create_exception!(
    riichi,
    LogParseError,
    MahjongError,
    "A game log is malformed or truncated (the message says where and what was expected)."
);

impl From<CoreError> for PyErr {
    fn from(e: CoreError) -> PyErr {
        let msg = e.to_string();
        match e {
            CoreError::TileParse { .. } => TileParseError::new_err(msg),
            CoreError::InvalidTile(_) => InvalidTileError::new_err(msg),
            CoreError::InvalidMeld(_) => InvalidMeldError::new_err(msg),
            CoreError::InvalidHand(_) => InvalidHandError::new_err(msg),
            CoreError::InvalidInput(_) => InvalidInputError::new_err(msg),
            CoreError::Rule(_) => RuleError::new_err(msg),
            CoreError::NotAgari(_) => NotAgariError::new_err(msg),
            CoreError::NoYaku(_) => NoYakuError::new_err(msg),
            CoreError::InvalidContext(_) => InvalidContextError::new_err(msg),
            CoreError::LogParse(_) => LogParseError::new_err(msg),
            CoreError::IllegalAction(_) => IllegalActionError::new_err(msg),
        }
    }
}

/// An `InvalidInputError` with a message.
pub fn invalid(msg: impl Into<String>) -> PyErr {
    InvalidInputError::new_err(msg.into())
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("MahjongError", py.get_type::<MahjongError>())?;
    m.add("TileParseError", py.get_type::<TileParseError>())?;
    m.add("InvalidTileError", py.get_type::<InvalidTileError>())?;
    m.add("InvalidMeldError", py.get_type::<InvalidMeldError>())?;
    m.add("InvalidHandError", py.get_type::<InvalidHandError>())?;
    m.add("InvalidInputError", py.get_type::<InvalidInputError>())?;
    m.add("RuleError", py.get_type::<RuleError>())?;
    m.add("ScoringError", py.get_type::<ScoringError>())?;
    m.add("NotAgariError", py.get_type::<NotAgariError>())?;
    m.add("NoYakuError", py.get_type::<NoYakuError>())?;
    m.add("InvalidContextError", py.get_type::<InvalidContextError>())?;
    m.add("IllegalActionError", py.get_type::<IllegalActionError>())?;
    m.add("LogParseError", py.get_type::<LogParseError>())?;
    Ok(())
}
