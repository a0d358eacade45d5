//! Positions from the command line or from standard input, one per line.

use std::io::{ErrorKind, Read};

use anyhow::{Context, Result};
use nimsolve::{Nat, PositionError, parse_position_into, parse_position_within};

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

/// The block size of reads; a longer line grows the buffer to hold it.
const BLOCK: usize = 1 << 20;

/// Reads positions from a byte stream, one per line, in large blocks, parsing each line where it
/// lies in the block (no copy and no allocation per line). Blank lines and `#` comments are
/// skipped; a UTF-8 byte order mark at the start and CR before LF are accepted. Memory stays at
/// one block unless a single line is longer.
pub struct PositionReader<R> {
    input: R,
    buf: Vec<u8>,
    start: usize,
    end: usize,
    eof: bool,
    piles: Vec<Nat>,
    number: u64,
}

impl<R: Read> PositionReader<R> {
    /// A reader over `input`.
    pub fn new(input: R) -> PositionReader<R> {
        PositionReader {
            input,
            buf: vec![0; BLOCK],
            start: 0,
            end: 0,
            eof: false,
            piles: Vec::with_capacity(64),
            number: 0,
        }
    }

    /// The byte range of the next line (without its LF), or `None` at the end of the input.
    fn next_range(&mut self) -> Result<Option<(usize, usize)>> {
        loop {
            if let Some(k) = memchr::memchr(b'\n', &self.buf[self.start..self.end]) {
                let line = (self.start, self.start + k);
                self.start += k + 1;
                return Ok(Some(line));
            }
            if self.eof {
                if self.start < self.end {
                    let line = (self.start, self.end);
                    self.start = self.end;
                    return Ok(Some(line));
                }
                return Ok(None);
            }
            // Keep the partial line, then read more after it.
            if self.start > 0 {
                self.buf.copy_within(self.start..self.end, 0);
                self.end -= self.start;
                self.start = 0;
            }
            if self.end == self.buf.len() {
                self.buf.resize(self.buf.len() * 2, 0);
            }
            match self.input.read(&mut self.buf[self.end..]) {
                Ok(0) => self.eof = true,
                Ok(n) => self.end += n,
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) => return Err(e).context("reading standard input"),
            }
        }
    }

    /// The next position with its 1-based line number, or `None` at the end of the input.
    ///
    /// # Errors
    /// Reading standard input failed.
    pub fn next_line(&mut self) -> Result<Option<(u64, Line<'_>)>> {
        loop {
            let Some((from, to)) = self.next_range()? else {
                return Ok(None);
            };
            self.number += 1;
            let (mut from, mut to) = (from, to);
            if self.number == 1 && self.buf[from..to].starts_with(b"\xEF\xBB\xBF") {
                from += 3;
            }
            if to > from && self.buf[to - 1] == b'\r' {
                to -= 1;
            }
            let text = &self.buf[from..to];
            let first = text.iter().find(|c| !matches!(c, b' ' | b'\t'));
            if matches!(first, None | Some(b'#')) {
                continue;
            }
            self.piles.clear();
            // The parser may look past the line's end into the rest of the block.
            let line = match parse_position_within(&self.buf[from..], to - from, &mut self.piles) {
                Ok(()) => Line::Position(&self.piles),
                Err(e) => Line::Bad(e),
            };
            return Ok(Some((self.number, line)));
        }
    }
}
