//! `nimsolve judge PROBLEM`: the input format of an online judge's problem on standard input,
//! the output its judge expects, byte for byte, on standard output — a trusted reference for
//! stress-testing a solution (`./gen | nimsolve judge hdu1850 > want; ./gen | ./mine > got;
//! diff want got`).
//!
//! Every answer comes from the library's game model ([`nimsolve::Game`] under the problem's
//! [`nimsolve::Rules`]); this module only reads each problem's input format and writes its
//! output words. One file per group of problems: [`nim`] (Nim and misère Nim), [`take`] (the
//! Bash game), [`subtract`] (subtraction games), [`wythoff`] (Wythoff's game), [`boards`]
//! (the games of their own: kiki's game, the calendar game, the multiplication game, digital
//! deletions), [`coins`] (coin-turning games: Turning Corners, Mock Turtles), [`moving`]
//! (Fibonacci Nim, k-times dynamic subtraction and Euclid's game), [`heaps`] (heaps given as
//! numbers: Nim, Lasker's Nim, a row game that is misère Nim) and [`pieces`] (pieces on rows
//! whose gaps are Nim piles) and [`graphs`] (tokens on a digraph, Green Hackenbush).

use std::io::Write;

use anyhow::{Result, bail};
use nimsolve::{Analysis, Game, Limits, Nat, Play, Rules, SolveError};

pub mod boards;
pub mod coins;
pub mod graphs;
pub mod heaps;
pub mod moving;
pub mod nim;
pub mod pieces;
pub mod subtract;
pub mod take;
pub mod wythoff;

/// One judge problem.
pub struct Problem {
    /// How the problem is named on the command line: `hdu1846`.
    pub id: &'static str,
    /// Other names of the same problem (`hdu1527` for `poj1067`).
    pub aliases: &'static [&'static str],
    /// The problem's title as its judge writes it.
    pub title: &'static str,
    /// The game it is, in a few words.
    pub game: &'static str,
    /// Reads the input format from `input` and writes the expected output to `out`.
    pub solve: fn(&mut Reader<'_>, &mut dyn Write) -> Result<()>,
}

/// Every problem, in the order `--list` prints them.
pub static PROBLEMS: &[&Problem] = &[
    &take::HDU1846,
    &subtract::HDU1847,
    &subtract::HDU1848,
    &nim::HDU1849,
    &nim::HDU1850,
    &take::HDU2149,
    &take::HDU2188,
    &boards::HDU2147,
    &boards::HDU1079,
    &boards::HDU1517,
    &boards::HDU1404,
    &subtract::HDU1536,
    &nim::HDU1907,
    &nim::HDU2176,
    &wythoff::HDU2177,
    &wythoff::POJ1067,
    &coins::HDU3404,
    &coins::HDU3537,
    &moving::HDU2516,
    &moving::HDU2486,
    &moving::HDU1525,
    &heaps::POJ2234,
    &heaps::HDU3032,
    &heaps::HDU2509,
    &pieces::HDU1730,
    &pieces::POJ1704,
    &graphs::HDU1524,
    &graphs::HDU3094,
    &graphs::POJ3710,
];

/// The problem named `name` (its id or an alias, in any case).
pub fn find(name: &str) -> Option<&'static Problem> {
    let name = name.trim();
    PROBLEMS.iter().copied().find(|p| {
        p.id.eq_ignore_ascii_case(name) || p.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
    })
}

/// Writes the list of problems: id, title and game, one a line.
///
/// # Errors
/// Write errors.
pub fn list(out: &mut dyn Write) -> Result<()> {
    let width = PROBLEMS.iter().map(|p| p.id.len()).max().unwrap_or(0);
    for p in PROBLEMS {
        let aliases = if p.aliases.is_empty() {
            String::new()
        } else {
            format!(" (also {})", p.aliases.join(", "))
        };
        writeln!(out, "{:width$}  {}{aliases} — {}", p.id, p.title, p.game)?;
    }
    Ok(())
}

/// Answers `input` as problem `name` expects, writing to `out`.
///
/// # Errors
/// An unknown problem, bad input (naming its line and token), write errors.
pub fn run(name: &str, input: &[u8], out: &mut dyn Write) -> Result<()> {
    let Some(problem) = find(name) else {
        let known: Vec<&str> = PROBLEMS.iter().map(|p| p.id).collect();
        bail!(
            "no judge problem {:?}; the problems are {} (nimsolve judge --list names them)",
            cut(name),
            known.join(", ")
        );
    };
    let mut reader = Reader::new(input);
    (problem.solve)(&mut reader, out)
}

/// The analysis of `piles`, a position of one component under `game`'s rules.
///
/// # Errors
/// As [`Game::position`] and [`Game::analyze`].
pub fn solve(game: &Game, piles: Vec<Nat>) -> Result<Analysis, SolveError> {
    game.position(piles).and_then(|p| game.analyze(&p))
}

/// A game under `rules`, normal or misère play, with the default limits and no search for
/// remoteness (a judge asks who wins and how, not how long it lasts).
pub fn game(rules: Rules, play: Play) -> Game {
    let limits = Limits {
        remoteness: 0,
        ..Limits::default()
    };
    Game::new(rules, play, limits)
}

/// The library's answer to the position that ends on `line`, or an error naming that line, why
/// the position cannot be answered, and the statement's `bounds`. A judge has no option to raise
/// a limit, so none is suggested: a position beyond a limit is far beyond the statement's bounds.
///
/// # Errors
/// `result`'s error, worded so.
pub fn solved<T>(result: Result<T, SolveError>, line: usize, bounds: &str) -> Result<T> {
    result.map_err(|e| {
        anyhow::anyhow!(
            "line {line}: the position cannot be answered: {e} (the statement's bounds: {bounds})"
        )
    })
}

/// The tokens of a judge's input: runs of bytes between ASCII whitespace, each with its line.
pub struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
    line: usize,
    /// The line of the last token read (where an input that ends too early is said to end).
    last: usize,
}

/// One token and the line it is on (1-based).
#[derive(Debug, Clone, Copy)]
pub struct Token<'a> {
    /// The token's bytes.
    pub text: &'a [u8],
    /// Its line, counted from 1.
    pub line: usize,
}

impl Token<'_> {
    /// The token as it is quoted in a message (at most 40 characters).
    pub fn shown(&self) -> String {
        cut(&String::from_utf8_lossy(self.text))
    }

    /// An error about this token: `line 3: "x5" is not n, a whole number`.
    pub fn error(&self, why: impl std::fmt::Display) -> anyhow::Error {
        anyhow::anyhow!("line {}: {:?} {why}", self.line, self.shown())
    }
}

impl<'a> Reader<'a> {
    /// The tokens of `bytes` (a UTF-8 byte order mark at the start is skipped).
    pub fn new(bytes: &'a [u8]) -> Reader<'a> {
        let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        Reader {
            bytes,
            pos: 0,
            line: 1,
            last: 1,
        }
    }

    /// The line of the last token read (1 before the first): where the position just read ends.
    pub fn last_line(&self) -> usize {
        self.last
    }

    fn skip_blanks(&mut self) {
        while let Some(&b) = self.bytes.get(self.pos) {
            if !b.is_ascii_whitespace() {
                break;
            }
            if b == b'\n' {
                self.line += 1;
            }
            self.pos += 1;
        }
    }

    /// The next token, `None` at the end of the input.
    pub fn token(&mut self) -> Option<Token<'a>> {
        self.skip_blanks();
        let start = self.pos;
        while self
            .bytes
            .get(self.pos)
            .is_some_and(|b| !b.is_ascii_whitespace())
        {
            self.pos += 1;
        }
        if self.pos == start {
            return None;
        }
        self.last = self.line;
        Some(Token {
            text: &self.bytes[start..self.pos],
            line: self.line,
        })
    }

    /// The next token, which must be there: `what` names it in the error.
    ///
    /// # Errors
    /// The end of the input.
    pub fn expect(&mut self, what: &str) -> Result<Token<'a>> {
        match self.token() {
            Some(t) => Ok(t),
            None => bail!(
                "line {}: the input ends where {what} was expected",
                self.last
            ),
        }
    }

    /// A whole number of any size, `what`.
    ///
    /// # Errors
    /// The end of the input, or a token that is not a whole number.
    pub fn nat(&mut self, what: &str) -> Result<Nat> {
        let t = self.expect(what)?;
        number(t, what)
    }

    /// A whole number, or `None` at the end of the input (for inputs read to their end).
    ///
    /// # Errors
    /// A token that is not a whole number.
    pub fn nat_or_end(&mut self, what: &str) -> Result<Option<Nat>> {
        match self.token() {
            Some(t) => number(t, what).map(Some),
            None => Ok(None),
        }
    }

    /// A count of things that follow (test cases, piles): a whole number that fits a machine
    /// word.
    ///
    /// # Errors
    /// As [`Reader::nat`], and counts beyond 2^64 − 1.
    pub fn count(&mut self, what: &str) -> Result<u64> {
        let t = self.expect(what)?;
        count(t, what)
    }

    /// A count, or `None` at the end of the input.
    ///
    /// # Errors
    /// As [`Reader::count`].
    pub fn count_or_end(&mut self, what: &str) -> Result<Option<u64>> {
        match self.token() {
            Some(t) => count(t, what).map(Some),
            None => Ok(None),
        }
    }

    /// `n` whole numbers, `what` each.
    ///
    /// # Errors
    /// As [`Reader::nat`].
    pub fn nats(&mut self, n: u64, what: &str) -> Result<Vec<Nat>> {
        let mut v = Vec::new();
        for _ in 0..n {
            v.push(self.nat(what)?);
        }
        Ok(v)
    }
}

/// The token as a whole number.
///
/// # Errors
/// A token that is not one.
pub fn number(t: Token<'_>, what: &str) -> Result<Nat> {
    Nat::parse_decimal(t.text).map_err(|_| {
        t.error(format_args!(
            "is not {what} (a whole number, ASCII digits only)"
        ))
    })
}

/// The token as a count that fits a machine word.
///
/// # Errors
/// A token that is not a whole number or beyond 2^64 − 1.
pub fn count(t: Token<'_>, what: &str) -> Result<u64> {
    number(t, what)?
        .to_u64()
        .ok_or_else(|| t.error(format_args!("is too large for {what}")))
}

/// Writes `line` and a line end.
///
/// # Errors
/// Write errors.
pub fn say(out: &mut dyn Write, line: &str) -> Result<()> {
    out.write_all(line.as_bytes())?;
    out.write_all(b"\n")?;
    Ok(())
}

/// `text` for a message: at most 40 characters, then "…".
fn cut(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}
