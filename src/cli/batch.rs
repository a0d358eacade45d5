//! Running one job on every position: the PILES arguments, or the lines of standard input.
//!
//! A batch is read in blocks of whole lines. The main thread reads them, keeps a helper thread
//! supplied with blocks to answer, answers the others itself, and writes all answers in input
//! order, so output stays aligned with input. Each line tries the job's hot path first (piles
//! in machine words, [`WordJob`]), then the job. A bad line is reported on stderr (and, with
//! JSON, as `{"line": N, "error": "…"}` in its place) and the others are still answered.

use std::collections::VecDeque;
use std::io::{self, IsTerminal, Read, Write};
use std::sync::mpsc;

use anyhow::{Result, bail};
use nimsolve::{Analysis, Game, Outcome, WordTake};

use crate::cli::errors::{CliError, ErrorContext, error_message, error_message_in};
use crate::cli::i18n::Words;
use crate::cli::input::{Block, BlockLines, Blocks, Line, Piles, sum_from_args};

/// What became of one position: answered (with its outcome), or an error that belongs to that
/// position alone (a limit, a wrong number of piles), reported without stopping a batch.
pub enum PositionResult {
    /// Answered; the outcome for the player to move.
    Done(Outcome),
    /// Not answered, and why.
    Failed(anyhow::Error),
}

/// Writes a bad line's number and English message in its place in the output.
pub type ShowBadLine = fn(&mut Vec<u8>, u64, &str) -> io::Result<()>;

/// How a bad line is shown: in the output itself, besides its message on standard error (JSON:
/// `{"line":N,"error":"…"}` in its place, in English as all JSON), and in which words on
/// standard error.
#[derive(Clone, Copy)]
pub struct BadLine {
    /// How the output shows it; `None` for formats that leave it out.
    pub show: Option<ShowBadLine>,
    /// The words of its message on standard error.
    pub words: &'static dyn Words,
}

/// The job run on each position: `(scratch, out, piles)`, appending its output to `out`.
pub type Job<'a> =
    dyn Fn(&mut Scratch, &mut Vec<u8>, Piles<'_>) -> Result<PositionResult> + Sync + 'a;

/// A job's hot path, tried first on each line of piles alone in canonical text:
/// `(scratch, out, piles, text, line)`, the piles in machine words, their text and the line
/// number; appends its output to `out` and returns the outcome, or `None` (having written
/// nothing) to leave the line to the job.
pub type WordJob<'a> =
    dyn Fn(&mut Scratch, &mut Vec<u8>, &[u64], &[u8], u64) -> Result<Option<Outcome>> + Sync + 'a;

/// The jobs of a batch: the one run on every position, and its hot path, if any.
#[derive(Clone, Copy)]
pub struct Jobs<'j, 'a> {
    /// Answers any position.
    pub job: &'j Job<'a>,
    /// Answers the lines it can first ([`WordJob`]).
    pub words: Option<&'j WordJob<'a>>,
}

/// What a job may keep from one position to the next, to reuse its memory (one per thread).
#[derive(Default)]
pub struct Scratch {
    /// The last analysis, whose buffers the next one reuses.
    pub analysis: Option<Analysis>,
    /// The winning moves of the last [`WordJob`].
    pub takes: Vec<WordTake>,
}

/// What a whole run found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Summary {
    /// Some line was bad or could not be answered.
    pub any_bad: bool,
    /// The player to move wins in every answered position.
    pub all_win: bool,
}

/// Runs `jobs` on the position of the PILES arguments, or on every line of standard input
/// (the hot path, [`Jobs::words`], only on lines of standard input).
///
/// # Errors
/// A bad PILES argument or a position that cannot be answered (arguments); no piles and a
/// terminal on standard input; reading or writing failed.
pub fn for_each_position(
    piles: &[String],
    game: &Game,
    out: &mut impl Write,
    bad_line: BadLine,
    jobs: Jobs<'_, '_>,
) -> Result<Summary> {
    if !piles.is_empty() {
        let position = sum_from_args(game, piles)?;
        let mut buf = Vec::new();
        return match (jobs.job)(&mut Scratch::default(), &mut buf, Piles::of(&position))? {
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
        bail!(CliError::TerminalNoPiles);
    }
    let mut summary = Summary {
        any_bad: false,
        all_win: true,
    };
    let blocks = Blocks::new(stdin.lock());
    std::thread::scope(|scope| {
        let (to_helper, helper_jobs) = mpsc::sync_channel::<Box<HelperJob>>(HELPER_DEPTH);
        let (helper_answers, answers) = mpsc::sync_channel::<HelperAnswer>(2);
        let (written, to_refill) = mpsc::sync_channel::<Vec<u8>>(2);
        let helper = scope.spawn(move || {
            let channels = HelperChannels {
                blocks: helper_jobs,
                answers: helper_answers,
                to_refill,
            };
            run_helper(&channels, game, bad_line, jobs);
        });
        let mut batch = Batch {
            out,
            summary: &mut summary,
            jobs: to_helper,
            answers,
            written,
            slots: VecDeque::new(),
            held: 0,
            spare: Vec::new(),
            spare_pending: Vec::new(),
        };
        let result = batch.run(blocks, game, bad_line, jobs);
        drop(batch);
        let joined = helper.join();
        result?;
        joined.map_err(|_| helper_stopped())
    })?;
    Ok(summary)
}

/// A block for the helper thread to answer: the block, the number of its first line, and the
/// buffers to answer into.
struct HelperJob {
    block: Block,
    first_line: u64,
    pending: Pending,
    scratch: Scratch,
}

/// What the helper thread sends back, in order: parts of a block's answers when they grow past
/// [`PENDING_LIMIT`], then the rest with the block and its buffers (to be reused), or the error
/// that stopped it.
enum HelperAnswer {
    Part(Pending),
    Done(Box<HelperJob>),
    Failed(anyhow::Error),
}

/// The helper thread's ends of its channels.
struct HelperChannels {
    /// The blocks to answer.
    blocks: mpsc::Receiver<Box<HelperJob>>,
    /// Their answers, in order.
    answers: mpsc::SyncSender<HelperAnswer>,
    /// The buffers of parts written, emptied, to answer into again (so a long block's answers
    /// neither grow a new buffer nor touch new memory for each part).
    to_refill: mpsc::Receiver<Vec<u8>>,
}

/// The helper thread: answers the blocks it is sent until the sender is gone.
fn run_helper(
    HelperChannels {
        blocks,
        answers,
        to_refill,
    }: &HelperChannels,
    game: &Game,
    bad_line: BadLine,
    jobs: Jobs<'_, '_>,
) {
    while let Ok(mut work) = blocks.recv() {
        let mut lines = BlockLines::new(work.block.bytes(), work.first_line, game);
        loop {
            match answer_lines(
                &mut lines,
                bad_line,
                jobs,
                &mut work.scratch,
                &mut work.pending,
            ) {
                Ok(true) => {
                    let part = std::mem::take(&mut work.pending);
                    if let Ok(empty) = to_refill.try_recv() {
                        work.pending.out = empty;
                    }
                    if answers.send(HelperAnswer::Part(part)).is_err() {
                        return;
                    }
                }
                Ok(false) => break,
                Err(e) => {
                    let _ = answers.send(HelperAnswer::Failed(e));
                    return;
                }
            }
        }
        if answers.send(HelperAnswer::Done(work)).is_err() {
            return;
        }
    }
}

/// The main thread's side of a batch: it reads the blocks, keeps the helper thread supplied
/// with [`HELPER_DEPTH`] of them, answers the others itself, and writes all answers in input
/// order. Which thread answers a block is decided as it is read, so the main thread, which
/// also reads and writes, answers fewer blocks than the helper when that is what keeps both
/// busy.
struct Batch<'o, 's, W> {
    out: &'o mut W,
    summary: &'s mut Summary,
    jobs: mpsc::SyncSender<Box<HelperJob>>,
    answers: mpsc::Receiver<HelperAnswer>,
    /// Sends the helper the buffers of its parts once written.
    written: mpsc::SyncSender<Vec<u8>>,
    /// The blocks read and not yet written, in input order.
    slots: VecDeque<Slot>,
    /// How many of them the helper holds.
    held: usize,
    /// Blocks and buffers back from the helper, to be reused.
    spare: Vec<HelperJob>,
    /// Answer buffers written, to be reused.
    spare_pending: Vec<Pending>,
}

/// A block read and not yet written: answered here, or held by the helper thread.
enum Slot {
    Own(Pending),
    Helper,
}

/// How many blocks the helper thread holds at most: one it answers and one waiting, so it never
/// waits for the main thread while input is at hand.
const HELPER_DEPTH: usize = 2;

/// How many blocks (or parts of a block, [`PENDING_LIMIT`] bytes each) may wait to be written
/// before the main thread waits for the helper's, so memory stays bounded when the helper
/// meets a slow block.
const SLOTS_LIMIT: usize = 8;

impl<W: Write> Batch<'_, '_, W> {
    /// Reads and answers every block. A block goes to the helper when it holds fewer than
    /// [`HELPER_DEPTH`] and more input is at hand; otherwise it is answered here (lines from a
    /// pipe that pauses are answered here and at once, and written before the next read, which
    /// may wait). Answers are written as soon as all before them are.
    fn run<R: Read>(
        &mut self,
        mut blocks: Blocks<R>,
        game: &Game,
        bad_line: BadLine,
        jobs: Jobs<'_, '_>,
    ) -> Result<()> {
        let mut scratch = Scratch::default();
        let mut first_line = 1;
        loop {
            let mut work = self.spare.pop().unwrap_or_else(|| HelperJob {
                block: Block::default(),
                first_line: 0,
                pending: Pending::default(),
                scratch: Scratch::default(),
            });
            if !blocks.next_into(&mut work.block)? {
                break;
            }
            work.first_line = first_line;
            first_line += work.block.line_feeds();
            let at_hand = blocks.more_at_hand();
            if at_hand && self.held < HELPER_DEPTH {
                self.jobs
                    .send(Box::new(work))
                    .map_err(|_| helper_stopped())?;
                self.held += 1;
                self.slots.push_back(Slot::Helper);
            } else {
                let mut pending = self.spare_pending.pop().unwrap_or_default();
                let mut lines = BlockLines::new(work.block.bytes(), work.first_line, game);
                while answer_lines(&mut lines, bad_line, jobs, &mut scratch, &mut pending)? {
                    // Answers longer than a part wait in parts of their own, and the rest of
                    // the block is answered into a new buffer (the helper goes on meanwhile).
                    let next = self.spare_pending.pop().unwrap_or_default();
                    self.slots
                        .push_back(Slot::Own(std::mem::replace(&mut pending, next)));
                    self.drain(SLOTS_LIMIT)?;
                }
                self.spare.push(work);
                self.slots.push_back(Slot::Own(pending));
            }
            if at_hand {
                self.drain(SLOTS_LIMIT)?;
            } else {
                // The next read may wait on a pipe: whatever was read is answered first.
                self.drain(0)?;
                self.out.flush()?;
            }
        }
        self.drain(0)?;
        self.out.flush()?;
        Ok(())
    }

    /// Writes the answers of the blocks at the front of the queue, as far as they are ready,
    /// waiting for the helper's while more than `keep` blocks are left (`0`: until all are
    /// written).
    fn drain(&mut self, keep: usize) -> Result<()> {
        loop {
            let wait = self.slots.len() > keep;
            let answer = match self.slots.front_mut() {
                None => return Ok(()),
                Some(Slot::Own(pending)) => {
                    let mut pending = std::mem::take(pending);
                    self.slots.pop_front();
                    self.write(&mut pending)?;
                    self.spare_pending.push(pending);
                    continue;
                }
                Some(Slot::Helper) if wait => self.answers.recv().map_err(|_| helper_stopped())?,
                Some(Slot::Helper) => match self.answers.try_recv() {
                    Ok(answer) => answer,
                    Err(mpsc::TryRecvError::Empty) => return Ok(()),
                    Err(mpsc::TryRecvError::Disconnected) => return Err(helper_stopped()),
                },
            };
            match answer {
                HelperAnswer::Part(mut part) => {
                    self.write(&mut part)?;
                    // Full or gone, the helper makes a buffer of its own.
                    let _ = self.written.try_send(part.out);
                }
                HelperAnswer::Done(mut work) => {
                    self.write(&mut work.pending)?;
                    self.slots.pop_front();
                    self.held -= 1;
                    self.spare.push(*work);
                }
                HelperAnswer::Failed(e) => return Err(e),
            }
        }
    }

    /// Writes answers, and adds what they found to the summary.
    fn write(&mut self, pending: &mut Pending) -> Result<()> {
        self.summary.any_bad |= std::mem::take(&mut pending.any_bad);
        self.summary.all_win &= std::mem::replace(&mut pending.all_win, true);
        pending.write_to(self.out)
    }
}

fn helper_stopped() -> anyhow::Error {
    CliError::WorkerStopped.into()
}

/// Answers waiting to be written: output bytes, and error messages with the output offset they
/// belong at.
struct Pending {
    out: Vec<u8>,
    errors: Vec<(usize, String)>,
    any_bad: bool,
    all_win: bool,
}

impl Default for Pending {
    fn default() -> Pending {
        Pending {
            out: Vec::new(),
            errors: Vec::new(),
            any_bad: false,
            all_win: true,
        }
    }
}

/// How many output bytes a block's answers may hold before they are set apart as a part of
/// their own (from the helper thread, handed over), so memory stays bounded even when answers
/// are much longer than their lines.
const PENDING_LIMIT: usize = 2 << 20;

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
    bad_line: BadLine,
    jobs: Jobs<'_, '_>,
    scratch: &mut Scratch,
    pending: &mut Pending,
) -> Result<bool> {
    loop {
        // The hot path first; a line it leaves is read again below.
        if let Some(words) = jobs.words
            && let Some((number, piles, text)) = lines.peek_words()
            && let Some(outcome) = words(scratch, &mut pending.out, piles, text, number)?
        {
            lines.take_words();
            pending.all_win &= outcome.to_move_wins();
            if pending.out.len() >= PENDING_LIMIT {
                return Ok(true);
            }
            continue;
        }
        let Some((number, line)) = lines.next_line() else {
            break;
        };
        let failure = match line {
            Line::Bad(e) => e,
            Line::Position(position) => match (jobs.job)(scratch, &mut pending.out, position)? {
                PositionResult::Done(outcome) => {
                    pending.all_win &= outcome.to_move_wins();
                    if pending.out.len() >= PENDING_LIMIT {
                        return Ok(true);
                    }
                    continue;
                }
                PositionResult::Failed(e) => e,
            },
        };
        pending.any_bad = true;
        if let Some(show) = bad_line.show {
            show(&mut pending.out, number, &error_message(&failure))?;
        }
        // On a terminal, the message follows the output before it (with JSON, its own line).
        let words = bad_line.words;
        let message = format!(
            "{}{}{}",
            words.error_context(&ErrorContext::Line(number)),
            words.error_separator(),
            error_message_in(&failure, words)
        );
        pending.errors.push((pending.out.len(), message));
    }
    Ok(false)
}
