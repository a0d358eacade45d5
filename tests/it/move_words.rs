//! Moves worded by their game: the typed words each family gives its moves
//! (`games::words::move_words`), a short phrase of each kind in English and Chinese, and every JSON
//! move's `component` and `after` (the component after the move, in the position grammar),
//! checked by pasting `after` back into `analyze`.

use nimsolve::games::calendar::{Date, DateMove, DateStep};
use nimsolve::games::digits::{DigitMove, DigitWords};
use nimsolve::games::kiki::{CoinMove, CoinStep};
use nimsolve::games::multiply::FactorMove;
use nimsolve::games::words::move_words;
use nimsolve::{Move, MoveWords, Nat, Position, Rules, parse_sum};
use proptest::prelude::*;
use serde_json::Value;

use crate::common::cli::{after_digits, json_lines, ok, ok_stdin};

fn n(v: u64) -> Nat {
    Nat::from(v)
}

/// The words `spec`'s family gives the move of pile `pile` (0-based) from `from` to `to`, in
/// a component of `piles`.
fn words(spec: &str, piles: &[u64], pile: usize, to: u64) -> MoveWords {
    let piles: Vec<Nat> = piles.iter().map(|&p| n(p)).collect();
    let mv = Move::pile(&piles, pile, n(to));
    move_words(&Rules::parse(spec).unwrap(), &piles, 0, &mv)
}

#[test]
fn each_family_words_its_moves_as_typed_values() {
    // Nim: a take from a heap, as before.
    assert_eq!(
        words("nim", &[3, 5], 1, 2),
        MoveWords::Take {
            pile: 1,
            from: n(5),
            to: n(2)
        }
    );
    // The calendar: 5000 days before 2001-11-04 is 1988-02-26; the next day, and 29 days on
    // (February 1988 has 29) the same day of the next month.
    assert_eq!(
        words("calendar", &[5000], 0, 4999),
        MoveWords::Date(DateMove {
            pile: 0,
            to: Date {
                year: 1988,
                month: 2,
                day: 27
            },
            step: DateStep::NextDay,
            several: false,
        })
    );
    let MoveWords::Date(month) = words("calendar", &[5000, 7], 0, 4971) else {
        panic!("a date");
    };
    assert_eq!(
        (month.to.to_string(), month.step),
        ("1988-03-26".into(), DateStep::NextMonth)
    );
    assert!(month.several, "a component of two dates names the pile");
    // The multiplication game: 100 → ⌈100/9⌉ = 12 is the factor 9 alone; 2 → 1 is any factor.
    assert_eq!(
        words("multiply", &[100], 0, 12),
        MoveWords::Multiply(FactorMove {
            pile: 0,
            least: 9,
            most: 9,
            from: n(100),
            to: n(12),
            several: false,
        })
    );
    let MoveWords::Multiply(any) = words("multiply", &[2], 0, 1) else {
        panic!("a factor");
    };
    assert_eq!((any.least, any.most), (2, 9));
    // Digital deletions: heap 1203 is the string 203; lowering its 3 to 0, erasing its 0.
    assert_eq!(
        words("digits", &[1203], 0, 1200),
        MoveWords::Digit(DigitWords {
            change: DigitMove::Lower {
                pile: 0,
                at: 3,
                from: 3,
                to: 0,
                before: "203".into(),
                after: "200".into()
            },
            several: false,
        })
    );
    let MoveWords::Digit(erase) = words("digits", &[1203], 0, 12) else {
        panic!("a digit move");
    };
    assert_eq!(
        erase.change,
        DigitMove::Erase {
            pile: 0,
            at: 2,
            before: "203".into(),
            after: "2".into()
        }
    );
    // Kiki's coin: down (pile 1), left (pile 2), diagonally (both).
    let coin = |mv: Move| move_words(&Rules::parse("kiki").unwrap(), &[n(4), n(5)], 0, &mv);
    assert_eq!(
        coin(Move::pile(&[n(4), n(5)], 0, n(3))),
        MoveWords::Coin(CoinMove {
            pile: 0,
            step: CoinStep::Down,
            to: [n(3), n(5)]
        })
    );
    let MoveWords::Coin(left) = coin(Move::pile(&[n(4), n(5)], 1, n(4))) else {
        panic!("a coin move");
    };
    assert_eq!(left.step, CoinStep::Left);
    let MoveWords::Coin(diagonal) = coin(Move::Both {
        pile: 0,
        take: n(1),
    }) else {
        panic!("a coin move");
    };
    assert_eq!(
        (diagonal.step, diagonal.to.clone()),
        (CoinStep::Diagonal, [n(3), n(4)])
    );
    // Wythoff: both piles with the pair; a split with its heaps.
    assert_eq!(
        move_words(
            &Rules::wythoff(),
            &[n(4), n(6)],
            0,
            &Move::Both {
                pile: 0,
                take: n(2)
            }
        ),
        MoveWords::Both {
            pile: 0,
            take: n(2),
            pair: Some(([n(4), n(6)], [n(2), n(4)]))
        }
    );
    let split = Move::Split {
        pile: 0,
        from: n(10),
        take: n(1),
        leaves: vec![n(3), n(6)],
    };
    assert!(matches!(
        move_words(&Rules::parse("kayles").unwrap(), &[n(10)], 0, &split),
        MoveWords::Split { leaves, .. } if leaves == [n(3), n(6)]
    ));
}

#[test]
fn a_sum_words_a_move_by_its_component_and_pile() {
    let p = parse_sum("3 + calendar 5000", &Rules::nim()).unwrap();
    let mv = Move::pile(p.piles(), 1, n(4999));
    let MoveWords::Date(d) = p.move_words(&mv) else {
        panic!("the calendar's own words");
    };
    assert_eq!(d.pile, 1);
    // The position after the move gives the same words.
    assert_eq!(
        p.after(&mv).unwrap().move_words_after(&mv),
        p.move_words(&mv)
    );
}

/// The first winning move's words of `analyze` under `lang`: the text after the phrase that
/// introduces it.
fn first_move(lang: &str, position: &[&str]) -> String {
    let mut args = vec!["analyze", "--lang", lang];
    args.extend_from_slice(position);
    ok(&args)
}

#[test]
fn each_kind_of_move_in_english_and_chinese() {
    let cases: &[(&[&str], &str, &str)] = &[
        (
            &["calendar", "5000"],
            "move to 1988-02-27 (the next day)",
            "移到 1988-02-27（次日）",
        ),
        (
            &["multiply", "100"],
            "multiply by 6 (factor still needed 100 → 17)",
            "乘以 6（还需的倍数 100 → 17）",
        ),
        (
            &["digits", "1203"],
            "change digit 3 from 3 to 1 (203 → 201)",
            "把第 3 位数字从 3 改为 1（203 → 201）",
        ),
        (
            &["digits", "10"],
            "delete the 0 at digit 1 and every digit after it (0 → empty)",
            "删去第 1 位的 0 及其后的所有数字（0 → 空串）",
        ),
        (
            &["kiki", "4", "5"],
            "move left to (4, 4)",
            "向左移到 (4, 4)",
        ),
        (
            &["kiki", "3", "3"],
            "move diagonally to (2, 2)",
            "向左下斜移到 (2, 2)",
        ),
        (
            &["wythoff", "4", "6"],
            "take 1 from both piles (4 6 → 3 5)",
            "从两堆各取 1 个（4 6 → 3 5）",
        ),
        (
            &["kayles", "10"],
            "take 1 from pile 1 (10 → 1 + 8)",
            "从第 1 堆取 1 个（10 → 1 + 8）",
        ),
        (
            &["3", "5", "7"],
            "take 1 from pile 1 (3 → 2)",
            "从第 1 堆取 1 个（3 → 2）",
        ),
        (
            &["calendar", "5000", "+", "0"],
            "pile 1: move to 1988-02-27 (the next day)",
            "第 1 堆：移到 1988-02-27（次日）",
        ),
    ];
    for (position, en, zh) in cases {
        let english = first_move("en", position);
        assert!(english.contains(en), "{position:?}: {english}");
        let chinese = first_move("zh", position);
        assert!(chinese.contains(zh), "{position:?}: {chinese}");
    }
}

#[test]
fn every_json_move_names_its_component_and_the_component_after_it() {
    // One component: `component` 1 and `after` with the spec unless Nim.
    let v = &json_lines(&ok(&["analyze", "--json", "kayles", "10"]))[0];
    let after: Vec<&str> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            assert_eq!(m["component"], 1, "{m}");
            m["after"].as_str().unwrap()
        })
        .collect();
    assert_eq!(
        after,
        ["kayles 1 8", "kayles 2 7", "kayles 3 6", "kayles 4 4"]
    );
    let v = &json_lines(&ok(&["move", "--json", "3", "5", "7"]))[0];
    assert_eq!(v["move"]["after"], "2 5 7");
    assert_eq!(
        v["after"],
        serde_json::json!([2, 5, 7]),
        "the position's own after stays"
    );
    // In a sum: the component's number and the component alone.
    let v = &json_lines(&ok(&["analyze", "--json", "1", "+", "wythoff", "4", "6"]))[0];
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(moves.iter().any(|m| m["component"] == 2), "{v}");
    for m in moves.iter().filter(|m| m["component"] == 2) {
        // A two-pile game's move gives the pair after it.
        assert_eq!(m["after"].as_array().map(Vec::len), Some(2), "{m}");
    }
    let v = &json_lines(&ok(&["analyze", "--json", "3", "+", "wythoff", "1", "2"]))[0];
    assert_eq!(v["winning_moves"][0]["component"], 1);
    assert_eq!(v["winning_moves"][0]["after"], "0");
    // A batch (the fast writer) writes the same fields.
    let batch = json_lines(&ok_stdin(&["analyze", "--json"], "3 5 7\nmax-take:3 10\n"));
    assert_eq!(batch[0]["winning_moves"][2]["after"], "3 5 6");
    assert_eq!(batch[1]["winning_moves"][0]["after"], "max-take:3 8");
    // Wythoff's game alone reports its Grundy value where it is known.
    let v = &json_lines(&ok(&["analyze", "--json", "wythoff", "0", "0"]))[0];
    assert_eq!(v["grundy"], 0);
    let v = &json_lines(&ok(&["analyze", "--json", "wythoff", "4", "6"]))[0];
    assert_eq!(v["grundy"], 9);
}

// ------------------------------------------------------------------ after, pasted back

/// A component in the position grammar, from a family index and raw numbers.
fn component(family: usize, raw: &[u64]) -> String {
    let heaps = |k: usize, m: u64| -> String {
        raw.iter()
            .take(k)
            .map(|r| (r % m).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    match family {
        0 => heaps(3, 16),
        1 => format!("max-take:3 {}", heaps(2, 20)),
        2 => format!("subtract:2,5 {}", heaps(2, 20)),
        3 => format!("kayles {}", heaps(2, 14)),
        4 => format!("grundys-game {}", heaps(1, 16)),
        5 => format!("laskers-nim {}", heaps(2, 16)),
        6 => format!("wythoff {}", heaps(2, 14)),
        7 => format!("kiki {}", heaps(2, 14)),
        8 => format!("calendar {}", heaps(1, 3000)),
        9 => format!("multiply {}", raw[0] % 3000 + 1),
        _ => {
            // A string of up to three digits: the heap 1 followed by them.
            let len = (raw[0] % 4) as usize;
            let digits: String = raw[1..=len].iter().map(|r| (r % 10).to_string()).collect();
            format!("digits 1{digits}")
        }
    }
}

/// The piles of a component as written (the spec left out).
fn piles_of(text: &str) -> Vec<u64> {
    text.split(' ')
        .filter(|t| t.bytes().all(|b| b.is_ascii_digit()))
        .map(|t| t.parse().unwrap())
        .collect()
}

/// The component's piles after the JSON move `m`, from its fields alone (`pile` across the
/// whole position, `offset` where the component starts).
fn applied(piles: &[u64], offset: usize, m: &Value) -> Vec<u64> {
    let mut after = piles.to_vec();
    let take = m["take"].as_u64().unwrap();
    if m["pile"] == "both" {
        return after.iter().map(|p| p - take).collect();
    }
    let at = m["pile"].as_u64().unwrap() as usize - 1 - offset;
    match m.get("leaves") {
        Some(leaves) => {
            let leaves: Vec<u64> = leaves
                .as_array()
                .unwrap()
                .iter()
                .map(|l| l.as_u64().unwrap())
                .collect();
            after.splice(at..=at, leaves);
        }
        None => after[at] = m["to"].as_u64().unwrap(),
    }
    after
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// For random positions of every family, alone and in sums of two: every winning move's
    /// `after` is what the move's own fields leave, and the position with that component
    /// replaced by `after` (pasted back as text) is a P-position under normal play.
    #[test]
    fn every_winning_moves_after_pasted_back_is_a_p_position(
        positions in proptest::collection::vec(
            (0usize..11, proptest::collection::vec(0u64..10_000, 4), proptest::option::of((0usize..11, proptest::collection::vec(0u64..10_000, 4)))),
            1..12,
        )
    ) {
        let lines: Vec<Vec<String>> = positions
            .iter()
            .map(|(f, raw, second)| {
                let mut parts = vec![component(*f, raw)];
                if let Some((g, raw2)) = second {
                    parts.push(component(*g, raw2));
                }
                parts
            })
            .collect();
        let input: String = lines.iter().map(|p| p.join(" + ") + "\n").collect();
        let answers = json_lines(&ok_stdin(&["analyze", "--json"], &input));
        prop_assert_eq!(answers.len(), lines.len());
        let mut pasted = String::new();
        for (parts, answer) in lines.iter().zip(&answers) {
            for m in answer["winning_moves"].as_array().unwrap() {
                let c = m["component"].as_u64().unwrap() as usize - 1;
                prop_assert!(c < parts.len(), "{}", m);
                let offset: usize = parts[..c].iter().map(|p| piles_of(p).len()).sum();
                let left: Vec<u64> = after_digits(m).iter().map(|d| d.parse().unwrap()).collect();
                prop_assert_eq!(
                    left,
                    applied(&piles_of(&parts[c]), offset, m),
                    "{} in {:?}", m, parts
                );
                // The spec is kept (Nim's is left out); a two-pile game gives its pair.
                let spec = parts[c].split(' ').next().unwrap();
                let after = match m["after"].as_str() {
                    Some(text) => text.to_string(),
                    None => format!("{spec} {}", after_digits(m).join(" ")),
                };
                if spec.bytes().any(|b| b.is_ascii_alphabetic()) {
                    prop_assert!(after.starts_with(spec), "{} in {:?}", m, parts);
                }
                let mut replaced = parts.clone();
                replaced[c] = after.to_string();
                pasted.push_str(&replaced.join(" + "));
                pasted.push('\n');
            }
        }
        for v in json_lines(&ok_stdin(&["analyze", "--json"], &pasted)) {
            prop_assert_eq!(&v["outcome"], "P", "{}", v);
        }
    }
}

#[test]
fn after_reads_back_as_the_component_through_the_library() {
    // The library's writer and reader agree: `after` parsed is the component after the move.
    let p: Position = parse_sum("3 5 + kayles 7 + digits 10123", &Rules::nim()).unwrap();
    let mv = Move::Split {
        pile: 2,
        from: n(7),
        take: n(1),
        leaves: vec![n(2), n(4)],
    };
    let (c, after) = p.component_after(&mv).unwrap();
    assert_eq!((c, after.as_str()), (1, "kayles 2 4"));
    let back = parse_sum(&after, &Rules::nim()).unwrap();
    let whole = p.after(&mv).unwrap();
    let changed = whole.components().nth(1).unwrap();
    assert_eq!(back.piles(), changed.piles);
    assert_eq!(back.components().next().unwrap().rules, changed.rules);
}

#[test]
fn a_component_played_whole_counts_no_pile_and_is_named_by_its_number() {
    let p = parse_sum("hackenbush 0-1,1-2 + 5 + staircase 2 1 + 3", &Rules::nim()).unwrap();
    // The heaps are the Nim heaps 5 and 3: the graph's and the staircase's numbers are no piles.
    let heaps = p.heaps();
    assert_eq!(heaps.len(), 2);
    assert_eq!(p.piles()[heaps[0]], n(5));
    assert_eq!(p.piles()[heaps[1]], n(3));
    let take = Move::pile(p.piles(), heaps[1], n(1));
    assert!(matches!(
        p.move_words(&take),
        MoveWords::Take { pile: 1, ref from, ref to } if *from == n(3) && *to == n(1)
    ));
    // A staircase move is named by its component (0-based 2), in the staircase's own words.
    let c = p.components().nth(2).unwrap();
    let mv = Move::To {
        pile: c.offset,
        before: c.piles.to_vec(),
        after: vec![n(1), n(1)],
    };
    let MoveWords::In { component, words } = p.move_words(&mv) else {
        panic!("a whole component's move in a sum is named by its component");
    };
    assert_eq!(component, 2);
    assert!(matches!(*words, MoveWords::Staircase(_)));
    // The trainer reads piles the same way: `2 3` empties the heap 3, the second heap.
    let out = ok_stdin(
        &[
            "play",
            "--no-coach",
            "--first",
            "human",
            "hackenbush",
            "0-1",
            "+",
            "2",
            "+",
            "3",
        ],
        "2 3\nquit\n",
    );
    assert!(out.contains("→ hackenbush 0-1 + 2 + 0"), "{out}");
}

#[test]
fn a_sums_piles_are_counted_among_its_heaps_in_review_show_and_the_position_after() {
    let sum = |text: &str| parse_sum(text, &Rules::nim()).unwrap();
    let game = nimsolve::Game::nim(nimsolve::Play::Normal);
    // `review`: the heap 5 after the graph is pile 2 (the graph counts none).
    let e = game
        .move_between(
            &sum("hackenbush 0-1 + 3 + 5"),
            &sum("hackenbush 0-1 + 3 + 9"),
        )
        .unwrap_err();
    assert!(
        matches!(e, nimsolve::engine::review::StepError::Grew { pile: 2, .. }),
        "{e:?}"
    );
    // The move that would lead there is worded with the same numbers.
    let e = game
        .move_between(
            &sum("staircase 1 2 + max-take:2 4 + 6"),
            &sum("staircase 1 2 + max-take:2 1 + 6"),
        )
        .unwrap_err();
    let nimsolve::engine::review::StepError::Illegal { words, .. } = e else {
        panic!("an illegal take: {e:?}");
    };
    assert!(
        matches!(*words, MoveWords::Take { pile: 0, .. }),
        "{words:?}"
    );
    // `move`: a cut that drops edges leaves the other components in place.
    let line = ok(&["move", "hackenbush", "0-1,1-2", "+", "4", "+", "6"]);
    assert!(line.contains("→ hackenbush 0-1 + 4 + 6:"), "{line}");
    // The trainer's `show` numbers the heaps 1 to 4.
    let out = ok_stdin(
        &[
            "play",
            "--no-coach",
            "--first",
            "human",
            "hackenbush",
            "0-1,1-2",
            "+",
            "5",
            "+",
            "wythoff",
            "1",
            "3",
            "+",
            "2",
        ],
        "show\nquit\n",
    );
    assert!(
        out.contains("pile 1: 5") && out.contains("pile 4: 2"),
        "{out}"
    );
}
