//! Typed errors of the core. Each message names the bad input and where it went wrong;
//! the Python layer maps every variant to one exception class (see `py/errors.rs`).

use std::fmt;

/// Every error the core reports for user input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MahjongError {
    /// A tile or hand string that is not valid notation.
    TileParse {
        input: String,
        position: usize,
        reason: String,
    },
    /// A tile id or tile value out of range (136-id, kind, mjai name).
    InvalidTile(String),
    /// A meld whose tiles, called tile or source seat are impossible.
    InvalidMeld(String),
    /// A hand that breaks a counting rule (copies, size, melds).
    InvalidHand(String),
    /// An argument outside what an operation accepts (wrong hand size for a query,
    /// counts out of range in a batch row, ...).
    InvalidInput(String),
    /// An unknown rule option, a bad value or an impossible combination of options.
    Rule(String),
    /// A hand given as a win that is not complete.
    NotAgari(String),
    /// A complete hand with no yaku, or fewer han than the rules require.
    NoYaku(String),
    /// A win situation that contradicts itself, the hand or the rules.
    InvalidContext(String),
    /// A game log that is malformed or truncated: where, and what was expected.
    LogParse(String),
    /// An action the rules do not allow at this point of a game: which action,
    /// by whom, and why (the game is unchanged).
    IllegalAction(String),
}

impl MahjongError {
    /// A parse error at byte `position` of `input`; the message counts characters
    /// and quotes at most 60 of them.
    pub fn parse(input: &str, position: usize, reason: impl Into<String>) -> Self {
        let position = input
            .get(..position)
            .map_or(position, |p| p.chars().count());
        MahjongError::TileParse {
            input: shortened(input),
            position,
            reason: reason.into(),
        }
    }
}

/// At most the first 60 characters of `input`, with `…` when it is longer: what
/// messages quote of a user's input.
pub fn shortened(input: &str) -> String {
    let mut shown: String = input.chars().take(60).collect();
    if shown.len() < input.len() {
        shown.push('…');
    }
    shown
}

/// `input` shortened and quoted, for messages.
pub fn quoted(input: &str) -> String {
    format!("{:?}", shortened(input))
}

impl fmt::Display for MahjongError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MahjongError::TileParse {
                input,
                position,
                reason,
            } => write!(f, "{input:?}: {reason} at position {position}"),
            MahjongError::InvalidTile(m)
            | MahjongError::InvalidMeld(m)
            | MahjongError::InvalidHand(m)
            | MahjongError::InvalidInput(m)
            | MahjongError::Rule(m)
            | MahjongError::NotAgari(m)
            | MahjongError::NoYaku(m)
            | MahjongError::InvalidContext(m)
            | MahjongError::LogParse(m)
            | MahjongError::IllegalAction(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for MahjongError {}

pub type Result<T> = std::result::Result<T, MahjongError>;
