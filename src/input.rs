//! Positions from the command line or from standard input, one per line.

use std::io::BufRead;

use anyhow::{Context, Result};
use nimsolve::{Nat, PositionError, parse_position_into};

/// Parses the PILES arguments into one position. Each argument may itself hold several piles
/// (`3,5,7` or `"3 5 7"`).
///
/// # Errors
/// The first bad argument, named by its number and token.
pub fn position_from_args(args: &[String]) -> Result<Vec<Nat>> {
    let mut piles = Vec::with_capacity(args.len());
    for (i, arg) in args.iter().enumerate() {
        if arg.trim().is_empty() {
            anyhow::bail!("argument {} is empty: write the empty position as 0", i + 1);
        }
        parse_position_into(arg.as_bytes(), &mut piles)
            .with_context(|| format!("argument {}", i + 1))?;
    }
    Ok(piles)
}

/// One line of a batch, as the reader hands it out.
pub enum Line<'a> {
    /// A position, parsed.
    Position(&'a [Nat]),
    /// A line that is not a position.
    Bad(PositionError),
}

/// Reads positions from a byte stream, one per line, reusing its buffers (no allocation per
/// line). Blank lines and `#` comments are skipped; a UTF-8 byte order mark at the start and
/// CR before LF are accepted.
pub struct PositionReader<R> {
    input: R,
    line: Vec<u8>,
    piles: Vec<Nat>,
    number: u64,
}

impl<R: BufRead> PositionReader<R> {
    /// A reader over `input`.
    pub fn new(input: R) -> PositionReader<R> {
        PositionReader {
            input,
            line: Vec::with_capacity(256),
            piles: Vec::with_capacity(64),
            number: 0,
        }
    }

    /// The next position with its 1-based line number, or `None` at the end of the input.
    ///
    /// # Errors
    /// Reading standard input failed.
    pub fn next_line(&mut self) -> Result<Option<(u64, Line<'_>)>> {
        loop {
            self.line.clear();
            let n = self
                .input
                .read_until(b'\n', &mut self.line)
                .context("reading standard input")?;
            if n == 0 {
                return Ok(None);
            }
            self.number += 1;
            let mut text: &[u8] = &self.line;
            if self.number == 1 {
                text = text.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(text);
            }
            text = text.strip_suffix(b"\n").unwrap_or(text);
            text = text.strip_suffix(b"\r").unwrap_or(text);
            let trimmed = text.trim_ascii_start();
            if trimmed.iter().all(|c| *c == b' ' || *c == b'\t') || trimmed.first() == Some(&b'#') {
                continue;
            }
            self.piles.clear();
            let line = match parse_position_into(text, &mut self.piles) {
                Ok(()) => Line::Position(&self.piles),
                Err(e) => Line::Bad(e),
            };
            return Ok(Some((self.number, line)));
        }
    }
}
