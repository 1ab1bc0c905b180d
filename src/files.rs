//! The one rule for every file the package reads or writes (game logs, rules
//! files): what may go wrong with a file as a file is an `InvalidInput` error
//! that names the file and what it is for, whatever the file holds.
//!
//! - A path that does not exist, names a directory, cannot be opened or read
//!   (permissions, a NUL character), or cannot be written.
//! - A file larger than [`MAX_FILE_BYTES`]: refused by its size before it is
//!   read, or, for a pipe or a device (which say nothing of their size), once one
//!   byte past the limit has been read.
//! - A file that is not UTF-8 text.
//!
//! What the text then says is the format's own business (a `LogParse` or a
//! `Rule` error).

use crate::error::{MahjongError, Result};
use std::io::Read;

/// The largest file read: far above any one game's log or any rules file.
pub const MAX_FILE_BYTES: usize = 32 << 20;

fn failed(doing: &str, what: &str, path: &str, why: &dyn std::fmt::Display) -> MahjongError {
    // The system's words, without the error number Rust appends to them.
    let why = why.to_string();
    let why = why.rfind(" (os error ").map_or(&why[..], |i| &why[..i]);
    MahjongError::InvalidInput(format!("cannot {doing} the {what} file {path:?}: {why}"))
}

/// Checks that `path` is a readable file of at most [`MAX_FILE_BYTES`] by what
/// it says of itself (a pipe or a device says 0), without reading it; `what`
/// names the file's use ("log", "rules") in the error.
pub fn check_readable(path: &str, what: &str) -> Result<()> {
    let meta = std::fs::metadata(path).map_err(|e| failed("read", what, path, &e))?;
    if meta.is_dir() {
        return Err(failed("read", what, path, &"it is a directory"));
    }
    check_size(
        path,
        what,
        usize::try_from(meta.len()).unwrap_or(usize::MAX),
    )
}

fn check_size(path: &str, what: &str, bytes: usize) -> Result<()> {
    if bytes > MAX_FILE_BYTES {
        return Err(failed(
            "read",
            what,
            path,
            &format_args!(
                "{bytes} bytes is more than the {} MB a file may hold",
                MAX_FILE_BYTES >> 20
            ),
        ));
    }
    Ok(())
}

/// The text of the file at `path` under the rule above.
pub fn read_text(path: &str, what: &str) -> Result<String> {
    check_readable(path, what)?;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_FILE_BYTES as u64 + 1).read_to_end(&mut bytes))
        .map_err(|e| failed("read", what, path, &e))?;
    check_size(path, what, bytes.len())?;
    String::from_utf8(bytes).map_err(|e| {
        failed(
            "read",
            what,
            path,
            &format_args!("it is not UTF-8 text ({e})"),
        )
    })
}

/// Writes `text` to the file at `path` (replacing it), under the rule above.
pub fn write_text(path: &str, what: &str, text: &str) -> Result<()> {
    if std::fs::metadata(path).is_ok_and(|m| m.is_dir()) {
        return Err(failed("write", what, path, &"it is a directory"));
    }
    std::fs::write(path, text).map_err(|e| failed("write", what, path, &e))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(r: Result<impl std::fmt::Debug>) -> String {
        match r {
            Err(MahjongError::InvalidInput(m)) => m,
            other => panic!("expected an InvalidInput error, got {other:?}"),
        }
    }

    #[test]
    fn every_file_problem_is_one_error_naming_the_file() {
        let dir = std::env::temp_dir().join(format!("riichi-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let d = dir.to_str().unwrap();
        let missing = format!("{d}/missing.json");
        assert!(message(read_text(&missing, "rules"))
            .starts_with(&format!("cannot read the rules file {missing:?}: ")));
        assert!(message(read_text(d, "log")).ends_with("it is a directory"));
        assert!(message(read_text("a\0b", "log")).contains("cannot read the log file"));
        let latin = format!("{d}/latin.txt");
        std::fs::write(&latin, b"caf\xe9").unwrap();
        assert!(message(read_text(&latin, "log")).contains("not UTF-8 text"));
        let big = format!("{d}/big.txt");
        std::fs::File::create(&big)
            .unwrap()
            .set_len(MAX_FILE_BYTES as u64 + 1)
            .unwrap();
        assert!(message(read_text(&big, "log")).contains("more than the 32 MB"));
        assert!(message(write_text(d, "rules", "x")).starts_with("cannot write the rules file"));
        let ok = format!("{d}/ok.toml");
        write_text(&ok, "rules", "x = 1\n").unwrap();
        assert_eq!(read_text(&ok, "rules").unwrap(), "x = 1\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
