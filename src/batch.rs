//! Running one job on every position: the PILES arguments, or the lines of standard input.
//!
//! A batch is read in blocks of whole lines; two blocks at a time are answered on two threads
//! and written in input order, so output stays aligned with input. A bad line is reported on
//! stderr (and, with JSON, as `{"line": N, "error": "…"}` in its place) and the others are still
//! answered.

use std::io::{self, IsTerminal, Write};

use anyhow::{Result, bail};
use nimsolve::{Nat, Outcome};

use crate::input::{BlockLines, Blocks, Line, position_from_args};
use crate::render;

/// What became of one position: answered (with its outcome), or an error that belongs to that
/// position alone (a limit, a wrong number of piles), reported without stopping a batch.
pub enum PositionResult {
    /// Answered; the outcome for the player to move.
    Done(Outcome),
    /// Not answered, and why.
    Failed(anyhow::Error),
}

/// The job run on each position: `(scratch, out, piles)`, appending its output to `out`;
/// `scratch` is a buffer the job may reuse between positions.
pub type Job<'a> = dyn Fn(&mut Vec<u8>, &mut Vec<u8>, &[Nat]) -> Result<PositionResult> + Sync + 'a;

/// What a whole run found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Summary {
    /// Some line was bad or could not be answered.
    pub any_bad: bool,
    /// The player to move wins in every answered position.
    pub all_win: bool,
}

/// Runs `job` on the position of the PILES arguments, or on every line of standard input.
///
/// # Errors
/// A bad PILES argument or a position that cannot be answered (arguments); no piles and a
/// terminal on standard input; reading or writing failed.
pub fn for_each_position(
    piles: &[String],
    out: &mut impl Write,
    json: bool,
    job: &Job<'_>,
) -> Result<Summary> {
    if !piles.is_empty() {
        let position = position_from_args(piles)?;
        let mut buf = Vec::new();
        return match job(&mut Vec::new(), &mut buf, &position)? {
            PositionResult::Done(outcome) => {
                out.write_all(&buf)?;
                Ok(Summary {
                    any_bad: false,
                    all_win: outcome.to_move_wins(),
                })
            }
            PositionResult::Failed(e) => Err(e),
        };
    }
    let stdin = io::stdin();
    if stdin.is_terminal() {
        bail!(
            "no piles given and standard input is a terminal\n\
             usage: nimsolve analyze 3 5 7, or pipe positions in, one per line: nimsolve analyze < positions.txt\n\
             (see nimsolve --help)"
        );
    }
    let mut blocks = Blocks::new(stdin.lock());
    let mut summary = Summary {
        any_bad: false,
        all_win: true,
    };
    // Two blocks at a time, answered on two threads; buffers are reused from pair to pair.
    let (mut a, mut b) = (Vec::new(), Vec::new());
    let (mut out_a, mut out_b) = (Vec::new(), Vec::new());
    let mut first_line = 1;
    while blocks.next_into(&mut a)? {
        let has_b = blocks.next_into(&mut b)?;
        // `a` ends with a line feed whenever `b` exists, so `b` starts after a's line feeds.
        let b_first = first_line + memchr::memchr_iter(b'\n', &a).count() as u64;
        let (ra, rb) = std::thread::scope(|scope| {
            let hb =
                has_b.then(|| scope.spawn(|| answer_block(&b, b_first, json, job, &mut out_b)));
            let ra = answer_block(&a, first_line, json, job, &mut out_a);
            (ra, hb.map(|h| h.join()))
        });
        let rb = rb
            .transpose()
            .map_err(|_| anyhow::anyhow!("internal error: a worker thread stopped"))?;
        for (result, out_block) in [(Some(ra), &out_a), (rb, &out_b)] {
            let Some(result) = result else { continue };
            let result = result?;
            out.write_all(out_block)?;
            let mut stderr = io::stderr().lock();
            for message in &result.errors {
                // Not eprintln!, which panics when standard error cannot be written.
                let _ = writeln!(stderr, "nimsolve: error: {message}");
            }
            summary.any_bad |= !result.errors.is_empty();
            summary.all_win &= result.all_win;
        }
        first_line = b_first
            + if has_b {
                memchr::memchr_iter(b'\n', &b).count() as u64
            } else {
                0
            };
    }
    Ok(summary)
}

/// The errors and outcomes of one block (its output went to the caller's buffer).
struct BlockResult {
    errors: Vec<String>,
    all_win: bool,
}

/// Answers every line of `block`, whose first line is line `first_line` of the input, into
/// `out` (cleared first).
fn answer_block(
    block: &[u8],
    first_line: u64,
    json: bool,
    job: &Job<'_>,
    out: &mut Vec<u8>,
) -> Result<BlockResult> {
    out.clear();
    let mut lines = BlockLines::new(block, first_line);
    let mut result = BlockResult {
        errors: Vec::new(),
        all_win: true,
    };
    let mut scratch = Vec::with_capacity(256);
    while let Some((number, line)) = lines.next_line() {
        let failure = match line {
            Line::Bad(e) => e.to_string(),
            Line::Position(position) => match job(&mut scratch, out, position)? {
                PositionResult::Done(outcome) => {
                    result.all_win &= outcome.to_move_wins();
                    continue;
                }
                PositionResult::Failed(e) => format!("{e:#}"),
            },
        };
        if json {
            render::error_json_line(out, number, &failure)?;
        }
        result.errors.push(format!("line {number}: {failure}"));
    }
    Ok(result)
}
