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

/// The size of a read, and so of a full block of lines.
const BLOCK: usize = 1 << 20;

/// Reads a byte stream in blocks of whole lines (a line longer than a block makes its block
/// longer), so memory stays constant in the length of the input.
pub struct Blocks<R> {
    input: R,
    carry: Vec<u8>,
    /// Where reads land (zeroed once, then reused).
    read_buf: Vec<u8>,
    /// Whether the last read filled `read_buf` (more input is likely at hand).
    full: bool,
    eof: bool,
}

impl<R: Read> Blocks<R> {
    /// Blocks of `input`.
    pub fn new(input: R) -> Blocks<R> {
        Blocks {
            input,
            carry: Vec::new(),
            read_buf: vec![0; BLOCK],
            full: false,
            eof: false,
        }
    }

    /// Whether the last read filled its buffer: the input is a file or a busy pipe, and more of
    /// it is likely at hand without waiting.
    pub fn more_at_hand(&self) -> bool {
        self.full
    }

    /// Fills `block` (its old contents dropped, its memory reused) with the next whole lines,
    /// ending with a line feed unless they are the last: what one read brought in (a read asks
    /// for a full block, so a file gives full blocks and a pipe what it has). Returns false at
    /// the end of the input.
    ///
    /// # Errors
    /// Reading failed.
    pub fn next_into(&mut self, block: &mut Vec<u8>) -> Result<bool> {
        block.clear();
        std::mem::swap(block, &mut self.carry);
        loop {
            if self.eof {
                return Ok(!block.is_empty());
            }
            // A block is cut after its last whole line once it is full, or as soon as a read
            // brought whole lines in: a pipe that pauses gets its answers without waiting.
            if !block.is_empty()
                && let Some(cut) = memchr::memrchr(b'\n', block)
            {
                self.carry.extend_from_slice(&block[cut + 1..]);
                block.truncate(cut + 1);
                return Ok(true);
            }
            let n = loop {
                match self.input.read(&mut self.read_buf) {
                    Ok(n) => break n,
                    Err(e) if e.kind() == ErrorKind::Interrupted => {}
                    Err(e) => return Err(e).context("reading standard input"),
                }
            };
            block.extend_from_slice(&self.read_buf[..n]);
            self.full = n == self.read_buf.len();
            self.eof = n == 0;
        }
    }
}

/// One line of a batch, as [`BlockLines`] hands it out.
pub enum Line<'a> {
    /// A position, parsed.
    Position(&'a [Nat]),
    /// A line that is not a position.
    Bad(PositionError),
}

/// The positions of a block of lines, parsed where they lie (no copy and no allocation per
/// line). Blank lines and `#` comments are skipped; a UTF-8 byte order mark on line 1 and CR
/// before LF are accepted.
pub struct BlockLines<'b> {
    block: &'b [u8],
    at: usize,
    number: u64,
    piles: Vec<Nat>,
}

impl<'b> BlockLines<'b> {
    /// The lines of `block`, whose first line is line `first_line` of the whole input.
    pub fn new(block: &'b [u8], first_line: u64) -> BlockLines<'b> {
        BlockLines {
            block,
            at: 0,
            number: first_line - 1,
            piles: Vec::with_capacity(64),
        }
    }

    /// The next position with its 1-based line number, or `None` after the last line.
    pub fn next_line(&mut self) -> Option<(u64, Line<'_>)> {
        loop {
            if self.at >= self.block.len() {
                return None;
            }
            let rest = &self.block[self.at..];
            let len = memchr::memchr(b'\n', rest).unwrap_or(rest.len());
            let (mut from, mut to) = (self.at, self.at + len);
            self.at = to + 1;
            self.number += 1;
            if self.number == 1 && self.block[from..to].starts_with(b"\xEF\xBB\xBF") {
                from += 3;
            }
            if to > from && self.block[to - 1] == b'\r' {
                to -= 1;
            }
            let text = &self.block[from..to];
            let first = text.iter().find(|c| !matches!(c, b' ' | b'\t'));
            if matches!(first, None | Some(b'#')) {
                continue;
            }
            self.piles.clear();
            // The parser may look past the line's end into the rest of the block.
            let line = match parse_position_within(&self.block[from..], to - from, &mut self.piles)
            {
                Ok(()) => Line::Position(&self.piles),
                Err(e) => Line::Bad(e),
            };
            return Some((self.number, line));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<(u64, Result<Vec<u64>, String>)> {
        let mut blocks = Blocks::new(input);
        let mut block = Vec::new();
        let mut out = Vec::new();
        let mut first = 1;
        while blocks.next_into(&mut block).unwrap() {
            let mut reader = BlockLines::new(&block, first);
            while let Some((n, line)) = reader.next_line() {
                out.push((
                    n,
                    match line {
                        Line::Position(p) => Ok(p.iter().map(|x| x.to_u64().unwrap()).collect()),
                        Line::Bad(e) => Err(e.to_string()),
                    },
                ));
            }
            first += memchr::memchr_iter(b'\n', &block).count() as u64;
        }
        out
    }

    #[test]
    fn numbers_lines_skipping_blanks_and_comments() {
        let got = lines(b"\xEF\xBB\xBF3 5\r\n\n# note\n  \t\n1 x\n7");
        assert_eq!(got.len(), 3);
        assert_eq!(got[0], (1, Ok(vec![3, 5])));
        assert_eq!(got[1].0, 5);
        assert!(got[1].1.is_err());
        assert_eq!(got[2], (6, Ok(vec![7])));
    }

    #[test]
    fn blocks_hold_whole_lines_across_block_boundaries() {
        // Lines of varied length, more than two blocks in all; every line must come back whole.
        let mut input = Vec::new();
        for i in 0..300_000u64 {
            input.extend_from_slice(format!("{} {}\n", i, i * 7919 % 100_003).as_bytes());
        }
        let got = lines(&input);
        assert_eq!(got.len(), 300_000);
        for (k, (n, line)) in got.iter().enumerate() {
            let i = k as u64;
            assert_eq!((*n, line.clone()), (i + 1, Ok(vec![i, i * 7919 % 100_003])));
        }
    }

    #[test]
    fn a_line_longer_than_a_block_stays_whole() {
        let long = vec!["12345"; 400_000].join(" ");
        let input = format!("1\n{long}\n2");
        let got = lines(input.as_bytes());
        assert_eq!(got.len(), 3);
        assert_eq!(got[1].1.as_ref().map(Vec::len), Ok(400_000));
        assert_eq!(got[2], (3, Ok(vec![2])));
    }
}
