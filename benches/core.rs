//! Criterion micro-benchmarks of the core: parsing and writing a line, Bouton on a million piles, Grundy
//! tables of subtraction games, Wythoff on 1,000-digit piles, the mex loop of take-and-break
//! games, misère quotients proven and used. Whole-process comparisons with
//! the C and Python anchors are in `scripts/bench`.

use std::hint::black_box;
use std::io::Write;

use criterion::{Criterion, criterion_group, criterion_main};
use nimsolve::engine::misere::MisereTheory;
use nimsolve::games::nim::theory as nim;
use nimsolve::{
    Game, Limits, Nat, Play, Rules, SubtractionSet, parse_position, parse_position_into,
};

/// A deterministic pseudo-random sequence (xorshift), so the benchmarks need no RNG crate.
fn numbers(count: usize, max: u64) -> Vec<u64> {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    (0..count)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % (max + 1)
        })
        .collect()
}

fn parsing(c: &mut Criterion) {
    let line: String = numbers(16, 1_000_000_000)
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    let mut piles = Vec::with_capacity(16);
    c.bench_function("parse a line of 16 piles up to 10^9", |b| {
        b.iter(|| {
            piles.clear();
            parse_position_into(black_box(line.as_bytes()), &mut piles).unwrap();
            piles.len()
        })
    });
    let big = format!("{} 7", "9".repeat(1000));
    c.bench_function("parse a 1,000-digit pile", |b| {
        b.iter(|| parse_position(black_box(&big)).unwrap())
    });
}

fn writing(c: &mut Criterion) {
    let piles: Vec<Nat> = numbers(16, 1_000_000_000)
        .into_iter()
        .map(Nat::from)
        .collect();
    let mut out = Vec::with_capacity(256);
    c.bench_function("write 16 piles up to 10^9 in decimal", |b| {
        b.iter(|| {
            out.clear();
            for p in black_box(&piles) {
                p.write_decimal(&mut out);
                out.push(b' ');
            }
            out.len()
        })
    });
    c.bench_function("the same through Display (write!)", |b| {
        b.iter(|| {
            out.clear();
            for p in black_box(&piles) {
                write!(out, "{p} ").unwrap();
            }
            out.len()
        })
    });
}

fn bouton(c: &mut Criterion) {
    let piles: Vec<Nat> = numbers(1_000_000, 1_000_000_000)
        .into_iter()
        .map(Nat::from)
        .collect();
    c.bench_function("nim-sum of 10^6 piles", |b| {
        b.iter(|| nim::nim_sum(black_box(&piles)))
    });
    c.bench_function("every winning move of 10^6 piles", |b| {
        b.iter(|| nim::winning_moves(black_box(&piles), Play::Normal).len())
    });
    let game = Game::nim(Play::Misere);
    let position = game.position(piles).unwrap();
    c.bench_function("misère verdict of 10^6 piles", |b| {
        b.iter(|| game.verdict(black_box(&position)).unwrap())
    });
}

fn grundy_tables(c: &mut Criterion) {
    let mut group = c.benchmark_group("grundy");
    group.sample_size(10);
    // A set with largest amount 1000: the table runs until the period is proven.
    let amounts: Vec<u64> = numbers(40, 999)
        .into_iter()
        .map(|a| a + 1)
        .chain([1000])
        .collect();
    let set = SubtractionSet::parse(
        &amounts
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(","),
    )
    .unwrap();
    group.bench_function(
        "set up a 41-amount set with max 1000 (eager period search)",
        |b| {
            b.iter(|| {
                Game::new(
                    Rules::subtract(black_box(set.clone())),
                    Play::Normal,
                    Limits::default(),
                )
            })
        },
    );
    let game = Game::new(Rules::subtract(set), Play::Normal, Limits::default());
    group.bench_function("g(0..10^7) of that set, one pile at a time", |b| {
        b.iter(|| {
            let mut x = 0u64;
            for n in 0..10_000_000u64 {
                x ^= game
                    .pile_grundy(&Nat::from(n))
                    .unwrap()
                    .unwrap()
                    .to_u64()
                    .unwrap();
            }
            x
        })
    });
    let fib = Game::new(
        Rules::subtract(SubtractionSet::fibonacci()),
        Play::Normal,
        Limits::default(),
    );
    group.bench_function("fibonacci g(10^6) from a fresh table", |b| {
        b.iter(|| {
            let fresh = Game::new(
                Rules::subtract(SubtractionSet::fibonacci()),
                Play::Normal,
                Limits::default(),
            );
            fresh.pile_grundy(&Nat::from(1_000_000u64)).unwrap()
        })
    });
    drop(fib);
    group.finish();
}

fn huge_piles(c: &mut Criterion) {
    let digits = |d: char| Nat::parse_decimal(d.to_string().repeat(1000).as_bytes()).unwrap();
    let (a, b) = (digits('7'), digits('9'));
    let wythoff = Game::new(Rules::wythoff(), Play::Normal, Limits::default());
    let position = wythoff.position(vec![a.clone(), b.clone()]).unwrap();
    c.bench_function("Wythoff on two 1,000-digit piles", |bench| {
        bench.iter(|| wythoff.analyze(black_box(&position)).unwrap())
    });
    let periodic = Game::new(
        Rules::subtract(SubtractionSet::parse("2,5,7").unwrap()),
        Play::Normal,
        Limits::default(),
    );
    let position = periodic.position(vec![a, b]).unwrap();
    c.bench_function("subtraction {2,5,7} on two 1,000-digit piles", |bench| {
        bench.iter(|| periodic.analyze(black_box(&position)).unwrap())
    });
}

/// The mex loop of take-and-break games with the rare/common split: fresh tables, so every
/// iteration computes them.
fn take_and_break(c: &mut Criterion) {
    let mut group = c.benchmark_group("take-and-break");
    group.sample_size(10);
    for (spec, n) in [
        ("octal:0.161", 100_000u64),
        ("officers", 100_000),
        ("grundys-game", 20_000),
    ] {
        group.bench_function(format!("{spec}: g({n}) from a fresh table"), |b| {
            b.iter(|| {
                let rules = Rules::parse(spec).unwrap();
                let game = Game::new(rules, Play::Normal, Limits::default());
                game.pile_grundy(&Nat::from(black_box(n))).unwrap()
            })
        });
    }
    group.bench_function(
        "kayles: prove the period (71, 12) from a fresh table",
        |b| {
            b.iter(|| {
                Rules::parse("kayles")
                    .unwrap()
                    .sequence_proof(&Limits::default())
            })
        },
    );
    let kayles = Game::new(
        Rules::parse("kayles").unwrap(),
        Play::Normal,
        Limits::default(),
    );
    let googol = parse_position(&format!("1{}", "0".repeat(100))).unwrap();
    let googol = kayles.position(googol).unwrap();
    group.bench_function("kayles: the move for a row of 10^100 pins", |b| {
        b.iter(|| kayles.advise(black_box(&googol)).unwrap().suggestion)
    });
    group.finish();
}

fn misere(c: &mut Criterion) {
    let mut group = c.benchmark_group("misere");
    group.sample_size(10);
    for spec in [
        "subtract:1,3,4",
        "subtract:2,5,7",
        "octal:0.137",
        "dawsons-kayles",
    ] {
        group.bench_function(
            format!("{spec}: the quotient of heaps to 30, or why none"),
            |b| {
                b.iter(|| {
                    let rules = Rules::parse(spec).unwrap();
                    MisereTheory::of_family(&rules, black_box(30), &Limits::default())
                })
            },
        );
    }
    for heaps in ["40 40 40 40 40", "999999 1000000 999998 1000001 999997"] {
        let piles = parse_position(heaps).unwrap();
        group.bench_function(
            format!("subtract:1,3,4 misère, {heaps}, fresh game"),
            |b| {
                b.iter(|| {
                    let rules = Rules::parse("subtract:1,3,4").unwrap();
                    let game = Game::new(rules, Play::Misere, Limits::default());
                    let position = game.position(piles.clone()).unwrap();
                    game.analyze(black_box(&position)).unwrap().outcome
                })
            },
        );
    }
    group.finish();
}

criterion_group!(
    benches,
    misere,
    parsing,
    writing,
    bouton,
    grundy_tables,
    huge_piles,
    take_and_break
);
criterion_main!(benches);
