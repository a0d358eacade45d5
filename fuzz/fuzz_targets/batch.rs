//! The whole batch path in-process: arbitrary bytes as standard input, read by the command's
//! own block reader and line parser (src/cli/input.rs, fed in odd-sized pieces), each line analysed
//! under a rule
//! and play convention chosen by the first bytes, the way src/cli/app.rs calls the library for
//! `analyze`, `analyze --json`, `analyze --explain` and `move`.
//!
//! Checks: nothing panics; the verdict, the analysis and the advice agree; every winning move is
//! legal and leads to a P-position; the suggestion is legal (and winning in an N-position);
//! small positions get the outcome and the winning moves of a plain game-tree search.

#![no_main]

use std::collections::{BTreeSet, HashMap};
use std::io::{self, Read};

use libfuzzer_sys::fuzz_target;
use nimsolve::{Game, Limits, Move, Nat, Outcome, Play, Position, Rules, SubtractionSet};

#[path = "../../src/cli/input.rs"]
#[allow(dead_code)]
mod input;

use input::{Block, BlockLines, Blocks, Line};

/// Hands out the input in pieces of `step` bytes, now and then interrupted.
struct Pieces<'a> {
    data: &'a [u8],
    step: usize,
    calls: usize,
}

impl Read for Pieces<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.calls += 1;
        if self.calls % 7 == 3 {
            return Err(io::Error::from(io::ErrorKind::Interrupted));
        }
        let n = self.step.min(self.data.len()).min(buf.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// The move rule as this target understands it, from scratch.
#[derive(Debug, Clone)]
enum Model {
    Nim,
    MaxTake(Nat),
    Subtract(SubtractionSet),
    Wythoff,
}

/// The rules as the command line would build them from its flags (src/cli/app.rs `RuleArgs::game`),
/// with this target's own model of them.
fn rules_from(selector: u8, param: u8, text: &str) -> Option<(Rules, Model)> {
    let subtract = |set: SubtractionSet| (Rules::subtract(set.clone()), Model::Subtract(set));
    Some(match selector % 8 {
        0 => (Rules::nim(), Model::Nim),
        1 => {
            let k = Nat::parse_decimal(param.to_string().as_bytes()).ok()?;
            // --max-take 0 is refused before any input is read
            (Rules::max_take(k.clone()).ok()?, Model::MaxTake(k))
        }
        2 => {
            // A set of amounts 1..=8 from the bits of `param`.
            let amounts: Vec<String> = (0..8)
                .filter(|b| param & (1 << b) != 0)
                .map(|b| (b + 1).to_string())
                .collect();
            subtract(SubtractionSet::parse(&amounts.join(",")).ok()?)
        }
        3 => subtract(SubtractionSet::powers_of_two()),
        4 => subtract(SubtractionSet::fibonacci()),
        5 => (Rules::wythoff(), Model::Wythoff),
        6 => {
            let k = Nat::parse_decimal(b"100000000000000000000000000000").ok()?;
            (Rules::max_take(k.clone()).ok()?, Model::MaxTake(k))
        }
        _ => subtract(SubtractionSet::parse(text).ok()?),
    })
}

/// The amounts one move may take from a pile of `p` (plain enumeration, small piles only).
fn takes(rules: &Model, p: u64) -> Vec<u64> {
    (1..=p)
        .filter(|&t| match rules {
            Model::Nim | Model::Wythoff => true,
            Model::MaxTake(k) => Nat::from(t) <= *k,
            Model::Subtract(set) => set.contains(&Nat::from(t)),
        })
        .collect()
}

/// Every move from `piles`, as (move, position after).
fn options(rules: &Model, piles: &[u64]) -> Vec<(Move, Vec<u64>)> {
    let nats: Vec<Nat> = piles.iter().map(|&p| Nat::from(p)).collect();
    let mut out = Vec::new();
    for (i, &p) in piles.iter().enumerate() {
        for t in takes(rules, p) {
            let mut after = piles.to_vec();
            after[i] -= t;
            out.push((Move::pile(&nats, i, Nat::from(p - t)), after));
        }
    }
    if matches!(rules, Model::Wythoff) && piles.len() == 2 {
        for t in 1..=piles[0].min(piles[1]) {
            out.push((
                Move::Both {
                    pile: 0,
                    take: Nat::from(t),
                },
                vec![piles[0] - t, piles[1] - t],
            ));
        }
    }
    out
}

/// Whether the player to move wins, by plain game-tree search.
fn naive_wins(
    rules: &Model,
    play: Play,
    piles: &[u64],
    memo: &mut HashMap<Vec<u64>, bool>,
) -> bool {
    if let Some(&w) = memo.get(piles) {
        return w;
    }
    let opts = options(rules, piles);
    let w = if opts.is_empty() {
        play == Play::Misere
    } else {
        opts.iter()
            .any(|(_, after)| !naive_wins(rules, play, after, memo))
    };
    memo.insert(piles.to_vec(), w);
    w
}

/// Checks a position; `model` is the game's own rules when the position is piles alone under
/// them (a sum is not searched here).
fn check_position(game: &Game, model: Option<&Model>, position: &Position, command: u8) {
    // What the commands call: verdict (plain analyze), analyze (--json), advise (--explain, move).
    let verdict = game.verdict(position);
    let analysis = game.analyze(position);
    let advice = game.advise(position);
    let analysis = match (analysis, verdict, advice) {
        (Err(a), Err(v), Err(m)) => {
            assert_eq!(a, v);
            assert_eq!(a, m);
            let _ = a.to_string();
            return;
        }
        (Ok(a), Ok(v), Ok(m)) => {
            assert_eq!(a.outcome, v.outcome);
            assert_eq!(a.winning_moves.len(), v.winning_moves);
            assert_eq!(a.outcome, m.analysis.outcome);
            assert_eq!(a.winning_moves, m.analysis.winning_moves);
            assert_eq!(
                v.suggestion, m.suggestion,
                "verdict and advice suggest alike"
            );
            if let Some(mv) = &m.suggestion {
                game.apply_move(position, mv)
                    .expect("the suggestion is legal");
                if !a.winning_moves.is_empty() {
                    assert!(
                        a.winning_moves.contains(mv),
                        "an N-position's suggestion wins"
                    );
                }
            } else {
                assert!(
                    !game.has_move(position),
                    "a move is suggested whenever one is left"
                );
            }
            a
        }
        (a, v, m) => panic!("analyze {a:?}, verdict {v:?} and advise {m:?} disagree"),
    };
    if !analysis.winning_moves.is_empty() {
        assert_eq!(analysis.outcome, Outcome::N);
    }
    let unique: BTreeSet<String> = analysis.winning_moves.iter().map(Move::to_string).collect();
    assert_eq!(
        unique.len(),
        analysis.winning_moves.len(),
        "no move listed twice"
    );
    // Every winning move is legal and leaves a P-position (checked on the first few).
    let many = if command.is_multiple_of(2) { 4 } else { 32 };
    for mv in analysis.winning_moves.iter().take(many) {
        let after = game
            .apply_move(position, mv)
            .expect("a winning move is legal");
        if let Ok(b) = game.analyze(&after) {
            assert_eq!(b.outcome, Outcome::P, "{mv} does not leave a P-position");
        }
    }
    // Small positions: the outcome and every winning move by plain search.
    let Some(model) = model else { return };
    let small: Option<Vec<u64>> = position.piles().iter().map(Nat::to_u64).collect();
    let Some(small) = small else { return };
    let size = small
        .iter()
        .try_fold(1u64, |acc, &p| acc.checked_mul(p.checked_add(1)?));
    if small.len() > 6 || size.is_none_or(|s| s > 2000) {
        return;
    }
    let mut memo = HashMap::new();
    let rules = model;
    let wins = naive_wins(rules, game.play(), &small, &mut memo);
    assert_eq!(analysis.outcome == Outcome::N, wins, "outcome of {small:?}");
    let want: BTreeSet<String> = options(rules, &small)
        .into_iter()
        .filter(|(_, after)| !naive_wins(rules, game.play(), after, &mut memo))
        .map(|(mv, _)| mv.to_string())
        .collect();
    assert_eq!(unique, want, "winning moves of {small:?}");
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 3 {
        return;
    }
    let (flags, rest) = data.split_at(3);
    // The set text of `--subtract SET` (selector 7): the first line of the rest.
    let text_end = memchr::memchr(b'\n', rest).unwrap_or(rest.len());
    let text = String::from_utf8_lossy(&rest[..text_end]);
    let Some((rules, model)) = rules_from(flags[0], flags[1], &text) else {
        return;
    };
    let play = if flags[0] & 0x08 != 0 {
        Play::Misere
    } else {
        Play::Normal
    };
    let command = (flags[0] >> 4) & 3;
    // Small limits keep each input fast; limit errors are then common, as they should be.
    let (table, search) = match flags[0] >> 6 {
        0 => (64, 64),
        1 => (1024, 1024),
        2 => (1 << 14, 4096),
        _ => (1 << 16, 1 << 14),
    };
    let limits = Limits {
        table,
        search,
        remoteness: search,
    };
    let game = Game::new(rules, play, limits);
    // Short reads as from a pipe.
    let step = 1 + 32 * usize::from(flags[2]);
    let mut blocks = Blocks::new(Pieces {
        data: rest,
        step,
        calls: 0,
    });
    let mut block = Block::default();
    let mut first_line = 1;
    let mut last = 0;
    while blocks.next_into(&mut block).expect("reading from memory") {
        let mut lines = BlockLines::new(block.bytes(), first_line, &game);
        while let Some((number, line)) = lines.next_line() {
            assert!(number > last, "line numbers increase");
            last = number;
            match line {
                Line::Bad(e) => {
                    let _ = e.to_string();
                }
                Line::Position(piles) => {
                    if let Some(text) = piles.canonical_text {
                        let shown: Vec<String> =
                            piles.values().iter().map(Nat::to_string).collect();
                        assert_eq!(text, shown.join(" ").as_bytes(), "canonical text");
                    }
                    let alone = piles.sum.is_none().then_some(&model);
                    check_position(&game, alone, piles.position, command);
                }
            }
        }
        first_line += block.line_feeds();
    }
    // Every line is numbered: the last number is the count of lines.
    let lines = rest.split(|&c| c == b'\n').count() - usize::from(rest.ends_with(b"\n"));
    assert!(last <= lines as u64);

    // The command reads in blocks of whole lines (256 KiB each), each parsed on its own from
    // the block's first line number: cut anywhere after a line feed, the lines come out
    // numbered and parsed the same.
    let whole = parsed_lines(BlockLines::new(rest, 1, &game));
    let mut pieces = Vec::new();
    let mut from = 0;
    let mut first_line = 1;
    for (i, _) in rest.iter().enumerate().filter(|(_, c)| **c == b'\n') {
        if (i + usize::from(flags[1])) % 3 == 0 {
            let block = &rest[from..=i];
            pieces.extend(parsed_lines(BlockLines::new(block, first_line, &game)));
            first_line += memchr::memchr_iter(b'\n', block).count() as u64;
            from = i + 1;
        }
    }
    pieces.extend(parsed_lines(BlockLines::new(
        &rest[from..],
        first_line,
        &game,
    )));
    assert_eq!(whole, pieces, "reading in blocks changed the lines");
});

/// Every line of a block: its number, and its piles or error.
fn parsed_lines(mut lines: BlockLines<'_>) -> Vec<(u64, Result<Vec<Nat>, String>)> {
    let mut out = Vec::new();
    while let Some((number, line)) = lines.next_line() {
        out.push((
            number,
            match line {
                Line::Position(piles) => Ok(piles.values().to_vec()),
                Line::Bad(e) => Err(e.to_string()),
            },
        ));
    }
    out
}
