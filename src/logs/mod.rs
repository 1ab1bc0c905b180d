//! Real game logs: one in-memory [`record::GameRecord`] that Tenhou's mjlog XML,
//! tenhou.net/6 JSON and mjai JSON lines read into and write from, and the replay
//! of a record through the engine.
//!
//! [`tenhou_shuffle`] rebuilds Tenhou's walls from the `SHUFFLE` seed of an mjlog.

pub mod dataset;
pub mod decisions;
pub mod mjai;
pub mod mjai_bot;
pub mod mjlog;
pub mod record;
pub mod replay;
pub mod tenhou6;
pub mod tenhou_shuffle;

use crate::error::{MahjongError, Result};
use record::GameRecord;
use replay::ReplayReport;

/// The formats a record reads from and writes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Mjlog,
    Tenhou6,
    Mjai,
}

impl Format {
    pub const fn name(self) -> &'static str {
        match self {
            Format::Mjlog => "mjlog",
            Format::Tenhou6 => "tenhou6",
            Format::Mjai => "mjai",
        }
    }

    pub fn from_name(name: &str) -> Option<Format> {
        [Format::Mjlog, Format::Tenhou6, Format::Mjai]
            .into_iter()
            .find(|f| f.name() == name)
    }

    /// The format of a log's text, by its first characters: `<` an mjlog, a
    /// first line that is a JSON object with `"type"` mjai lines, one holding a
    /// tenhou.net/6 URL or another JSON object tenhou.net/6 JSON. Any other text
    /// (empty, plain words, a JSON array) is refused: it is no log of these
    /// formats, and saying so beats reading it as one.
    pub fn detect(text: &str) -> Result<Format> {
        let t = text.trim_start_matches('\u{feff}').trim_start();
        let first = t.lines().next().unwrap_or("");
        if t.starts_with('<') {
            Ok(Format::Mjlog)
        } else if serde_json::from_str::<serde_json::Value>(first)
            .ok()
            .is_some_and(|v| v.get("type").is_some())
        {
            Ok(Format::Mjai)
        } else if first.contains("tenhou.net/6") {
            Ok(Format::Tenhou6)
        } else if t.starts_with('{') {
            // A JSON object: its reader says what is missing.
            Ok(Format::Tenhou6)
        } else {
            let begins = if t.is_empty() {
                "it is empty".to_string()
            } else {
                let head: String = first.chars().take(40).collect();
                let more = if head.len() < first.len() { "…" } else { "" };
                format!("it begins {:?}", format!("{head}{more}"))
            };
            Err(MahjongError::LogParse(format!(
                "not a game log ({begins}): {WHAT_A_LOG_IS}"
            )))
        }
    }
}

/// What the readers take, for messages about text that is none of it.
pub const WHAT_A_LOG_IS: &str = "a log is Tenhou mjlog XML (starting with <), tenhou.net/6 \
    JSON (an object with \"log\", or its tenhou.net/6 URL) or mjai JSON lines (objects \
    with \"type\", starting with {)";

/// The largest log read, from a file or from memory: one game is tens of
/// kilobytes, so anything this large is not one game's log. The same limit as
/// every file the package reads ([`crate::files::MAX_FILE_BYTES`]).
pub const MAX_LOG_BYTES: usize = crate::files::MAX_FILE_BYTES;

/// Refuses a log of more than [`MAX_LOG_BYTES`] before reading it.
pub fn check_size(bytes: usize) -> Result<()> {
    if bytes > MAX_LOG_BYTES {
        return Err(MahjongError::LogParse(format!(
            "a log of {bytes} bytes is larger than one game's can be (the limit is {} MB); \
             split it into one log per game",
            MAX_LOG_BYTES >> 20
        )));
    }
    Ok(())
}

/// Reads a log in `format` (detected from the text when `None`); a text of more
/// than [`MAX_LOG_BYTES`] is refused.
pub fn read(text: &str, format: Option<Format>) -> Result<GameRecord> {
    check_size(text.len())?;
    let format = match format {
        Some(f) => f,
        None => Format::detect(text)?,
    };
    let mut record = match format {
        Format::Mjlog => mjlog::read_mjlog(text),
        Format::Tenhou6 => tenhou6::read_tenhou6(text),
        Format::Mjai => mjai::read_mjai(text),
    }?;
    record.apply_tenhou_era();
    Ok(record)
}

/// Writes a record in `format`.
pub fn write(record: &GameRecord, format: Format) -> Result<String> {
    match format {
        Format::Mjlog => mjlog::write_mjlog(record),
        Format::Tenhou6 => tenhou6::write_tenhou6(record),
        Format::Mjai => Ok(mjai::write_mjai(record)),
    }
}

/// A log to read: its text, or the path of the file that holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    Text(String),
    File(String),
}

impl Source {
    /// The file's path, or `<text>`.
    pub fn name(&self) -> &str {
        match self {
            Source::Text(_) => "<text>",
            Source::File(path) => path,
        }
    }

    /// The log's text: a file is read here (see [`read_file`]).
    pub fn text(&self) -> Result<std::borrow::Cow<'_, str>> {
        match self {
            Source::Text(t) => Ok(t.into()),
            Source::File(path) => read_file(path).map(Into::into),
        }
    }

    /// The record the log holds, its format detected (or `format`); errors name
    /// the file, and an mjlog, which does not name itself, takes Tenhou's log id
    /// from the file name.
    pub fn read(&self, format: Option<Format>) -> Result<GameRecord> {
        let mut r = self
            .text()
            .and_then(|t| read(&t, format))
            .map_err(|e| in_file(self.name(), e))?;
        if let (None, Source::File(path)) = (&r.log_id, self) {
            r.log_id = tenhou_log_id(path);
            r.apply_tenhou_era();
        }
        Ok(r)
    }

    /// A file's text is read later, with the replays: that it exists and is not
    /// too large is checked now, so that a wrong path fails at once.
    pub fn check(&self) -> Result<()> {
        match self {
            Source::Text(t) => check_size(t.len()),
            Source::File(path) => crate::files::check_readable(path, "log"),
        }
    }
}

/// The text of a log file, read under the package's one rule for files
/// ([`crate::files`]).
pub fn read_file(path: &str) -> Result<String> {
    crate::files::read_text(path, "log")
}

/// A log's bytes as text: at most [`MAX_LOG_BYTES`] of UTF-8.
pub fn text_of(bytes: Vec<u8>) -> Result<String> {
    check_size(bytes.len())?;
    String::from_utf8(bytes)
        .map_err(|e| MahjongError::LogParse(format!("the log is not UTF-8: {e}")))
}

/// Reads (files included) and replays many logs, in parallel when `parallel`;
/// each result is the report or why the log could not be read.
pub fn replay_many(logs: &[Source], check: bool, parallel: bool) -> Vec<Result<ReplayReport>> {
    use rayon::prelude::*;
    let one = |s: &Source| s.read(None).map(|r| replay::replay(&r, check));
    if parallel {
        logs.par_iter().map(one).collect()
    } else {
        logs.iter().map(one).collect()
    }
}

/// The Tenhou log id in a file name (`2019021004gm-00a9-0000-e2f6516d.mjlog`):
/// ten digits, `gm-`, then three hyphen-separated hexadecimal fields.
pub fn tenhou_log_id(file_name: &str) -> Option<String> {
    let stem = file_name.rsplit(['/', '\\']).next()?.split('.').next()?;
    let (date, rest) = stem.split_at_checked(10)?;
    let parts: Vec<&str> = rest.strip_prefix("gm-")?.split('-').collect();
    let ok = date.bytes().all(|b| b.is_ascii_digit())
        && parts.len() == 3
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_hexdigit()));
    ok.then(|| stem.to_string())
}

/// A `LogParse` error for a file: its path in front of the message.
pub fn in_file(path: &str, e: MahjongError) -> MahjongError {
    match e {
        MahjongError::LogParse(m) => MahjongError::LogParse(format!("{path}: {m}")),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_format_is_told_by_the_first_characters_and_other_text_is_refused() {
        let cases = [
            ("<mjloggm ver=\"2.3\">", Format::Mjlog),
            ("\u{feff}  <mjloggm>", Format::Mjlog),
            (
                "{\"type\":\"start_game\"}\n{\"type\":\"end_game\"}",
                Format::Mjai,
            ),
            (
                "\n\n{\"type\":\"start_game\",\"names\":[\"tenhou.net/6\"]}",
                Format::Mjai,
            ),
            ("{\"title\":[\"\"],\"log\":[]}", Format::Tenhou6),
            ("https://tenhou.net/6/#json={}", Format::Tenhou6),
            ("{\"log\":\n[]}", Format::Tenhou6),
        ];
        for (text, format) in cases {
            assert_eq!(Format::detect(text).expect(text), format, "{text}");
        }
        for (text, begins) in [
            (
                "East 1: riichi on the third turn\nmore",
                "it begins \"East 1: riichi on the third turn\"",
            ),
            ("", "it is empty"),
            (" \n\t", "it is empty"),
            ("[1, 2, 3]", "it begins \"[1, 2, 3]\""),
            (
                "http://example.com/log",
                "it begins \"http://example.com/log\"",
            ),
        ] {
            let e = Format::detect(text).unwrap_err();
            assert!(matches!(e, MahjongError::LogParse(_)), "{e:?}");
            assert_eq!(
                e.to_string(),
                format!("not a game log ({begins}): {WHAT_A_LOG_IS}"),
                "{text:?}"
            );
            assert_eq!(read(text, None).unwrap_err().to_string(), e.to_string());
        }
        let long = "x".repeat(100);
        let e = Format::detect(&long).unwrap_err().to_string();
        assert!(
            e.contains(&format!("it begins \"{}…\"", "x".repeat(40))),
            "{e}"
        );
    }
}
