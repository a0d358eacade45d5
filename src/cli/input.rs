//! Positions from the command line or from standard input, one per line.

use std::io::{ErrorKind, Read};

use anyhow::Result;
use nimsolve::engine::sum::is_sum_text;
use nimsolve::{
    Game, Nat, Position, PositionError, SumParser, parse_position_into, parse_position_within,
    parse_simple_line, parse_simple_words,
};

use crate::cli::errors::{CliError, ErrorContext, Within, in_context};

/// Parses the PILES arguments into one position of piles alone. Each argument may itself hold
/// several piles (`3,5,7` or `"3 5 7"`).
///
/// # Errors
/// The first bad argument, named by its number and token.
pub fn position_from_args(args: &[String]) -> Result<Vec<Nat>> {
    let mut piles = Vec::with_capacity(args.len());
    for (i, arg) in args.iter().enumerate() {
        if arg.trim().is_empty() {
            anyhow::bail!(CliError::EmptyArgument { argument: i + 1 });
        }
        parse_position_into(arg.as_bytes(), &mut piles).within(|| ErrorContext::Argument(i + 1))?;
    }
    Ok(piles)
}

/// The PILES arguments read in the grammar of sums (`3 5 7 + wythoff 3 5`), told apart as
/// [`Input::of`] does.
///
/// # Errors
/// The first bad argument, named by its number and token; a position that does not fit its
/// rules (Wythoff's game needs two piles).
pub fn sum_from_args(game: &Game, args: &[String]) -> Result<Input> {
    let mut resolve = |spec: &str| game.resolve(spec);
    let mut parser = SumParser::new(game.rules().clone(), &mut resolve);
    for (i, arg) in args.iter().enumerate() {
        if arg.trim().is_empty() {
            anyhow::bail!(CliError::EmptyArgument { argument: i + 1 });
        }
    }
    for (i, arg) in braces_joined(args) {
        if let Err(e) = parser.feed(arg.as_bytes()) {
            // A file named where a position goes: say how files are read.
            if std::path::Path::new(&arg).is_file() {
                anyhow::bail!(CliError::FileArgument {
                    argument: i + 1,
                    path: arg,
                });
            }
            return Err(e).within(|| ErrorContext::Argument(i + 1));
        }
    }
    // A comma or + still waiting at the end is in the last argument.
    let position = parser.finish().map_err(|e| match e {
        PositionError::EmptyPile { .. } | PositionError::EmptyComponent { .. } => {
            in_context(e, ErrorContext::Argument(args.len()))
        }
        e => e.into(),
    })?;
    Ok(Input::of(game, position))
}

/// The arguments with their numbers (0-based), an argument whose `{` is not closed joined by
/// spaces with those after it up to the one that closes it: a rule the shell split at its
/// spaces (`rule:{take t if t <= 2} 9`, unquoted, as `random` prints it) is read whole, under
/// the number of the argument it starts in.
fn braces_joined(args: &[String]) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::with_capacity(args.len());
    let mut open = 0usize;
    for (i, arg) in args.iter().enumerate() {
        match out.last_mut() {
            Some((_, text)) if open > 0 => {
                text.push(' ');
                text.push_str(arg);
            }
            _ => out.push((i, arg.clone())),
        }
        for c in arg.chars() {
            match c {
                '{' => open += 1,
                '}' => open = open.saturating_sub(1),
                _ => {}
            }
        }
    }
    out
}

/// A position as the command reads it.
pub enum Input {
    /// Piles alone: one component under the game's default rules (the fast path of a batch).
    Piles(Position),
    /// A sum, or one component with rules of its own.
    Sum(Position),
}

impl Input {
    /// `position` as piles alone when it is one component of the default rules.
    pub fn of(game: &Game, position: Position) -> Input {
        let default = position.is_single() && position.parts()[0].rules == *game.rules();
        if default {
            Input::Piles(position)
        } else {
            Input::Sum(position)
        }
    }
}

/// The size of a read, and so of a full block of lines: small enough that a block and its
/// answers stay in a core's cache.
const BLOCK: usize = 1 << 18;

/// Whole lines of the input, read in place: reads land directly in the block's buffer, which
/// is zeroed once and then reused, so no byte of the input is copied on its way to the parser.
#[derive(Default)]
pub struct Block {
    buf: Vec<u8>,
    len: usize,
}

impl Block {
    /// The lines: each ends with a line feed, except perhaps the last line of the input.
    pub fn bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }

    /// How many line feeds the block holds.
    pub fn line_feeds(&self) -> u64 {
        memchr::memchr_iter(b'\n', self.bytes()).count() as u64
    }
}

/// Reads a byte stream in blocks of whole lines (a line longer than a block makes its block
/// longer), so memory stays constant in the length of the input.
pub struct Blocks<R> {
    input: R,
    /// The start of a line that the last block cut off, carried to the next block.
    carry: Vec<u8>,
    /// Whether the last read filled its space (more input is likely at hand).
    full: bool,
    eof: bool,
}

impl<R: Read> Blocks<R> {
    /// Blocks of `input`.
    pub fn new(input: R) -> Blocks<R> {
        Blocks {
            input,
            carry: Vec::new(),
            full: false,
            eof: false,
        }
    }

    /// Whether the last read filled its space: the input is a file or a busy pipe, and more of
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
    pub fn next_into(&mut self, block: &mut Block) -> Result<bool> {
        let carried = self.carry.len();
        if block.buf.len() < carried + BLOCK {
            block.buf.resize(carried + BLOCK, 0);
        }
        block.buf[..carried].copy_from_slice(&self.carry);
        block.len = carried;
        self.carry.clear();
        loop {
            if self.eof {
                return Ok(block.len > 0);
            }
            if block.buf.len() < block.len + BLOCK {
                // A line longer than a block so far: the block grows.
                block.buf.resize(block.len + BLOCK, 0);
            }
            let space = &mut block.buf[block.len..block.len + BLOCK];
            let n = loop {
                match self.input.read(space) {
                    Ok(n) => break n,
                    Err(e) if e.kind() == ErrorKind::Interrupted => {}
                    Err(e) => return Err(e).within(|| ErrorContext::ReadingStdin),
                }
            };
            let start = block.len;
            block.len += n;
            self.full = n == BLOCK;
            self.eof = n == 0;
            // A block is cut after its last whole line as soon as a read brought whole lines
            // in: a pipe that pauses gets its answers without waiting. Only the new bytes are
            // searched, so a very long line is read in linear time.
            if let Some(cut) = memchr::memrchr(b'\n', &block.buf[start..block.len]) {
                let cut = start + cut + 1;
                self.carry.extend_from_slice(&block.buf[cut..block.len]);
                block.len = cut;
                return Ok(true);
            }
        }
    }
}

/// A position to answer and, when known, the canonical text of its piles.
#[derive(Clone, Copy)]
pub struct Piles<'a> {
    /// The position.
    pub position: &'a Position,
    /// The piles in decimal as [`Nat`]'s `Display` writes them, separated by single spaces,
    /// when the line was written exactly so (as most batch lines are): output may copy it
    /// rather than format every pile again.
    pub canonical_text: Option<&'a [u8]>,
    /// The position again when it names rules of its own or has several components (`None`:
    /// piles alone, under the game's default rules).
    pub sum: Option<&'a Position>,
    /// Its line number in a batch (`None` for the arguments).
    pub line: Option<u64>,
}

impl<'a> Piles<'a> {
    /// Piles alone, under the game's default rules, whose text is not at hand.
    pub fn new(position: &'a Position) -> Piles<'a> {
        Piles {
            position,
            canonical_text: None,
            sum: None,
            line: None,
        }
    }

    /// The position of an input.
    pub fn of(input: &'a Input) -> Piles<'a> {
        match input {
            Input::Piles(position) => Piles::new(position),
            Input::Sum(sum) => Piles {
                sum: Some(sum),
                ..Piles::new(sum)
            },
        }
    }

    /// The piles, numbered across the whole position.
    pub fn values(&self) -> &'a [Nat] {
        self.position.piles()
    }
}

/// One line of a batch, as [`BlockLines`] hands it out.
pub enum Line<'a> {
    /// A position, parsed.
    Position(Piles<'a>),
    /// A line that is not a position, or piles that do not fit the game (Wythoff's: two).
    Bad(anyhow::Error),
}

/// The positions of a block of lines, parsed where they lie (no copy and no allocation per
/// line). Blank lines and `#` comments are skipped; a UTF-8 byte order mark on line 1 and CR
/// before LF are accepted.
pub struct BlockLines<'b> {
    block: &'b [u8],
    at: usize,
    number: u64,
    /// The piles read from a line, before they are swapped into `plain`.
    piles: Vec<Nat>,
    /// The last line of piles alone, as a position (refilled line after line).
    plain: Position,
    /// The game whose default rules piles alone are played under, and which reads sums.
    game: &'b Game,
    sum: Option<Input>,
    /// The piles of the next line in machine words ([`BlockLines::peek_words`]) and its length.
    words: Vec<u64>,
    words_len: usize,
}

impl<'b> BlockLines<'b> {
    /// The lines of `block`, whose first line is line `first_line` of the whole input, read
    /// under `game`'s rules.
    pub fn new(block: &'b [u8], first_line: u64, game: &'b Game) -> BlockLines<'b> {
        BlockLines {
            block,
            at: 0,
            number: first_line - 1,
            piles: Vec::with_capacity(64),
            plain: Position::default(),
            game,
            sum: None,
            words: Vec::with_capacity(64),
            words_len: 0,
        }
    }

    /// The next line when it is piles alone in canonical text (as [`parse_simple_words`] reads
    /// them), without moving past it: its piles in machine words and its text without the line
    /// feed, with its 1-based number. [`BlockLines::take_words`] then moves past it; otherwise
    /// [`BlockLines::next_line`] reads it as any line.
    pub fn peek_words(&mut self) -> Option<(u64, &[u64], &[u8])> {
        let rest = self.block.get(self.at..)?;
        if self.game.rules().reads_tokens() {
            return None;
        }
        self.words.clear();
        self.words_len = parse_simple_words(rest, &mut self.words)?;
        Some((self.number + 1, &self.words, &rest[..self.words_len - 1]))
    }

    /// Moves past the line [`BlockLines::peek_words`] read.
    pub fn take_words(&mut self) {
        self.at += std::mem::take(&mut self.words_len);
        self.number += 1;
    }

    /// The next position with its 1-based line number, or `None` after the last line.
    pub fn next_line(&mut self) -> Option<(u64, Line<'_>)> {
        loop {
            if self.at >= self.block.len() {
                return None;
            }
            let rest = &self.block[self.at..];
            self.piles.clear();
            // Most lines take the fast path; the others are found and judged below.
            let game = self.game;
            let own_tokens = game.rules().reads_tokens();
            if let Some(len) = parse_simple_line(rest, &mut self.piles).filter(|_| !own_tokens) {
                self.at += len;
                self.number += 1;
                let line = match game.position_into(&mut self.piles, &mut self.plain) {
                    Ok(()) => Line::Position(Piles {
                        canonical_text: Some(&rest[..len - 1]),
                        line: Some(self.number),
                        ..Piles::new(&self.plain)
                    }),
                    Err(e) => Line::Bad(e.into()),
                };
                return Some((self.number, line));
            }
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
            let number = self.number;
            if own_tokens || is_sum_text(text) {
                let line = match game.parse_line(&self.block[from..], to - from) {
                    Ok(position) => Line::Position(Piles {
                        line: Some(number),
                        ..Piles::of(self.sum.insert(Input::of(game, position)))
                    }),
                    Err(e) => Line::Bad(e.into()),
                };
                return Some((number, line));
            }
            // The parser may look past the line's end into the rest of the block.
            let parsed = parse_position_within(&self.block[from..], to - from, &mut self.piles);
            let line = match parsed.map_err(anyhow::Error::new).and_then(|()| {
                game.position_into(&mut self.piles, &mut self.plain)
                    .map_err(anyhow::Error::new)
            }) {
                Ok(()) => Line::Position(Piles {
                    line: Some(number),
                    ..Piles::new(&self.plain)
                }),
                Err(e) => Line::Bad(e),
            };
            return Some((number, line));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<(u64, Result<Vec<u64>, String>)> {
        let mut blocks = Blocks::new(input);
        let mut block = Block::default();
        let mut out = Vec::new();
        let mut first = 1;
        while blocks.next_into(&mut block).unwrap() {
            let game = Game::nim(nimsolve::Play::Normal);
            let mut reader = BlockLines::new(block.bytes(), first, &game);
            while let Some((n, line)) = reader.next_line() {
                out.push((
                    n,
                    match line {
                        Line::Position(p) => {
                            if let Some(text) = p.canonical_text {
                                let shown: Vec<String> =
                                    p.values().iter().map(Nat::to_string).collect();
                                assert_eq!(text, shown.join(" ").as_bytes());
                            }
                            Ok(p.values().iter().map(|x| x.to_u64().unwrap()).collect())
                        }
                        Line::Bad(e) => Err(e.to_string()),
                    },
                ));
            }
            first += block.line_feeds();
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

    /// Hands out its bytes a few at a time, as a slow pipe does.
    struct Trickle<'a>(&'a [u8]);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = self.0.len().min(buf.len()).min(3);
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn short_reads_give_blocks_of_the_whole_lines_at_hand() {
        let mut blocks = Blocks::new(Trickle(b"12 3\n45\n\n6 7 8\n9"));
        let mut block = Block::default();
        let mut got = Vec::new();
        while blocks.next_into(&mut block).unwrap() {
            got.push(String::from_utf8(block.bytes().to_vec()).unwrap());
            assert!(!blocks.more_at_hand());
        }
        // Cut after the last line feed of each read; the rest waits for the next block.
        assert_eq!(got, ["12 3\n", "45\n\n", "6 7 8\n", "9"]);
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
