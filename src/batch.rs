//! Running one job on every position: the PILES arguments, or the lines of standard input.
//!
//! A batch is read in blocks of whole lines; two blocks at a time are answered on two threads
//! and written in input order, so output stays aligned with input. A bad line is reported on
//! stderr (and, with JSON, as `{"line": N, "error": "…"}` in its place) and the others are still
//! answered.

use std::io::{self, IsTerminal, Write};

use anyhow::{Result, bail};
use nimsolve::{Nat, Outcome};

use crate::input::{Block, BlockLines, Blocks, Line, position_from_args};
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
    // Two blocks at a time: the first answered on this thread and written as it goes, the
    // second on another thread into a buffer of bounded size, written after the first (where
    // it stopped at the bound, it is finished here). Buffers are reused from pair to pair.
    let (mut a, mut b) = (Block::default(), Block::default());
    let (mut pending_a, mut pending_b) = (Pending::default(), Pending::default());
    let mut first_line = 1;
    while blocks.next_into(&mut a)? {
        // A second block only when more input is at hand: a pipe that brought less than a full
        // read may pause, and the lines it brought are answered first.
        let has_b = blocks.more_at_hand() && blocks.next_into(&mut b)?;
        // `a` ends with a line feed whenever `b` exists, so `b` starts after a's line feeds.
        let b_first = first_line + a.line_feeds();
        let mut lines_b = BlockLines::new(b.bytes(), b_first);
        let (ra, rb) = std::thread::scope(|scope| {
            let hb = has_b.then(|| {
                scope.spawn(|| answer_lines(&mut lines_b, json, job, &mut pending_b).map(|_| ()))
            });
            let mut lines_a = BlockLines::new(a.bytes(), first_line);
            let ra = (|| {
                while answer_lines(&mut lines_a, json, job, &mut pending_a)? {
                    pending_a.write_to(out)?;
                }
                pending_a.write_to(out)
            })();
            (ra, hb.map(|h| h.join()))
        });
        ra?;
        if let Some(rb) = rb {
            rb.map_err(|_| anyhow::anyhow!("internal error: a worker thread stopped"))??;
            pending_b.write_to(out)?;
            while answer_lines(&mut lines_b, json, job, &mut pending_b)? {
                pending_b.write_to(out)?;
            }
            pending_b.write_to(out)?;
        }
        for pending in [&mut pending_a, &mut pending_b] {
            summary.any_bad |= std::mem::take(&mut pending.any_bad);
            summary.all_win &= std::mem::replace(&mut pending.all_win, true);
        }
        // Whatever was read is answered before the next read, which may wait on a pipe.
        out.flush()?;
        first_line = b_first + if has_b { b.line_feeds() } else { 0 };
    }
    Ok(summary)
}

/// Answers waiting to be written: output bytes, and error messages with the output offset they
/// belong at.
struct Pending {
    out: Vec<u8>,
    errors: Vec<(usize, String)>,
    scratch: Vec<u8>,
    any_bad: bool,
    all_win: bool,
}

impl Default for Pending {
    fn default() -> Pending {
        Pending {
            out: Vec::new(),
            errors: Vec::new(),
            scratch: Vec::with_capacity(256),
            any_bad: false,
            all_win: true,
        }
    }
}

/// How many output bytes a block may hold before it is written (or, on the second thread,
/// stops), so memory stays bounded even when answers are much longer than their lines.
const PENDING_LIMIT: usize = 4 << 20;

impl Pending {
    /// Writes the output and, at their places, the error messages (stdout is flushed before
    /// each message, so a terminal shows them in order).
    fn write_to(&mut self, out: &mut impl Write) -> Result<()> {
        let mut from = 0;
        for (at, message) in self.errors.drain(..) {
            out.write_all(&self.out[from..at])?;
            out.flush()?;
            // Not eprintln!, which panics when standard error cannot be written.
            let _ = writeln!(io::stderr().lock(), "nimsolve: error: {message}");
            from = at;
        }
        out.write_all(&self.out[from..])?;
        self.out.clear();
        Ok(())
    }
}

/// Answers the lines of a block into `pending` until the block ends (returns false) or the
/// pending output reaches [`PENDING_LIMIT`] (returns true: call again after writing it).
fn answer_lines(
    lines: &mut BlockLines<'_>,
    json: bool,
    job: &Job<'_>,
    pending: &mut Pending,
) -> Result<bool> {
    while let Some((number, line)) = lines.next_line() {
        let failure = match line {
            Line::Bad(e) => e.to_string(),
            Line::Position(position) => {
                match job(&mut pending.scratch, &mut pending.out, position)? {
                    PositionResult::Done(outcome) => {
                        pending.all_win &= outcome.to_move_wins();
                        if pending.out.len() >= PENDING_LIMIT {
                            return Ok(true);
                        }
                        continue;
                    }
                    PositionResult::Failed(e) => format!("{e:#}"),
                }
            }
        };
        pending.any_bad = true;
        pending
            .errors
            .push((pending.out.len(), format!("line {number}: {failure}")));
        if json {
            render::error_json_line(&mut pending.out, number, &failure)?;
        }
    }
    Ok(false)
}
