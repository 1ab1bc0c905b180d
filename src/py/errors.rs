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
    "A tile or hand string is not valid notation, or not valid text at all (a\n\
    lone surrogate, which has no UTF-8 form).\n\
    \n\
    The message quotes the input (its first 60 characters, then `…`) and names the\n\
    position of the problem, counted in characters, e.g.\n\
    `\"123x\": unknown suit 'x' at position 3`."
);
create_exception!(
    riichi,
    InvalidTileError,
    MahjongError,
    "A tile id, kind or name is out of range (136-id, kind 0-33, mjai name)."
);
create_exception!(
    riichi,
    InvalidMeldError,
    MahjongError,
    "A meld's tiles, called tile or source seat are impossible.\n\
    \n\
    For example a chi of honors, a chi called from across, a kakan without its added\n\
    tile, or a called tile that is not part of the meld."
);
create_exception!(
    riichi,
    InvalidHandError,
    MahjongError,
    "A hand breaks a counting rule: other than 13 or 14 tiles with each meld\n\
    counting 3 (so 3n+1 or 3n+2 concealed tiles), or more than 4 copies of a kind\n\
    across concealed tiles and melds. The module-level calls raise it too for\n\
    impossible counts (more than 14 tiles, a count of 3n, a count outside 0-4)."
);
create_exception!(
    riichi,
    InvalidInputError,
    MahjongError,
    "An argument is outside what the operation accepts: the wrong hand size for a\n\
    query, visible tiles exceeding 4 copies, a winning tile not in the hand, counts\n\
    out of range in a batch row, ..."
);

create_exception!(
    riichi,
    RuleError,
    MahjongError,
    "An unknown rule option, a value outside its choices, or an impossible\n\
    combination. The message names the option and lists the valid choices."
);
create_exception!(
    riichi,
    ScoringError,
    MahjongError,
    "Base class of the errors `score` raises for a hand that cannot be scored."
);
create_exception!(
    riichi,
    NotAgariError,
    ScoringError,
    "The hand (with its winning tile) is not complete."
);
create_exception!(
    riichi,
    NoYakuError,
    ScoringError,
    "The hand is complete but has no yaku, or fewer han than the rules' minimum."
);
create_exception!(
    riichi,
    InvalidContextError,
    ScoringError,
    "The situation contradicts itself or the rules: ippatsu without riichi,\n\
    haitei with ron, chankan with tsumo, a red five the rules do not have, …"
);

create_exception!(
    riichi,
    IllegalActionError,
    MahjongError,
    "An action the rules do not allow at this point of the game. The message names\n\
    the seat, the action and why; the game is unchanged."
);

create_exception!(
    riichi,
    LogParseError,
    MahjongError,
    "A game log is malformed or truncated; the message says where (file, line,\n\
    byte or log position) and what was expected."
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
