//! Each family's own facts as the library gives them, typed: the theorem that decided
//! (`Theorem::Family`), what its closed form read off the position (`Analysis::fact`), why its
//! rule chose the move (`Reason::Family`), and its steps of `--explain` (`Step::Family`). The
//! numbers are worked out here by hand from the theory (nim-sums, n = (K + 1)·r + s, the Wythoff
//! pairs (0, 0), (1, 2), (3, 5), (4, 7), kiki's parities), not read from the library.

use crate::common::library::at;
use nimsolve::explain::Step;
use nimsolve::games::kiki::KikiValue;
use nimsolve::games::nim::theory::{Bouton, NimWhy};
use nimsolve::games::take::{Division, TakeStep};
use nimsolve::games::wythoff::theory::{WythoffPlace, WythoffTheorem};
use nimsolve::games::wythoff::{WythoffStep, WythoffValue, WythoffWhy};
use nimsolve::{
    Fact, FamilyStep, FamilyTheorem, FamilyWhy, Game, Limits, Nat, NimState, Optimal, Outcome,
    Play, Reason, Replay, Rules, Theorem, parse_sum,
};

fn nats(v: &[u64]) -> Vec<Nat> {
    v.iter().copied().map(Nat::from).collect()
}

fn game(rules: Rules, play: Play) -> Game {
    Game::new(rules, play, Limits::default())
}

/// Every family step of the explanation of `text` (a sum in the position grammar) under
/// normal play.
fn family_steps(text: &str) -> Vec<FamilyStep> {
    let g = game(Rules::nim(), Play::Normal);
    let position = parse_sum(text, &Rules::nim()).unwrap();
    g.explain(&position)
        .unwrap()
        .components
        .into_iter()
        .flat_map(|c| c.steps)
        .filter_map(|s| match s {
            Step::Family(f) => Some(f),
            Step::Mex(_) | Step::Period(_) | Step::Value { .. } => None,
        })
        .collect()
}

#[test]
fn nim_fact_of_3_5_7_is_nim_sum_1_state_s2_and_high_bit_0() {
    let g = game(Rules::nim(), Play::Normal);
    let advice = g.advise(&at(&g, &[3, 5, 7])).unwrap();
    let a = &advice.analysis;
    assert_eq!(
        a.decided_by,
        Theorem::Family(FamilyTheorem::Nim(Bouton::Normal))
    );
    let Some(Fact::Nim(nim)) = &a.fact else {
        panic!("no Nim fact: {:?}", a.fact);
    };
    // 3 ⊕ 5 ⊕ 7 = 011 ⊕ 101 ⊕ 111 = 001; three piles larger than one.
    assert_eq!(nim.summary.nim_sum, Nat::from(1u64));
    assert_eq!((nim.summary.big_piles, nim.summary.ones), (3, 0));
    assert_eq!(nim.state, NimState::S2);
    assert_eq!(nim.high_bit(), Some(0));
    assert_eq!(
        advice.reason,
        Reason::Family(FamilyWhy::Nim(NimWhy::HighBit {
            bit: 0,
            misere: false
        }))
    );
}

#[test]
fn nim_fact_of_4_1_has_high_bit_2_and_of_1_2_3_is_t2() {
    let g = game(Rules::nim(), Play::Normal);
    // 4 ⊕ 1 = 101: bit 2 is the highest.
    let advice = g.advise(&at(&g, &[4, 1])).unwrap();
    assert_eq!(
        advice.reason,
        Reason::Family(FamilyWhy::Nim(NimWhy::HighBit {
            bit: 2,
            misere: false
        }))
    );
    let Some(Fact::Nim(nim)) = &advice.analysis.fact else {
        panic!("no Nim fact");
    };
    assert_eq!((nim.high_bit(), nim.state), (Some(2), NimState::S1));
    // 1 ⊕ 2 ⊕ 3 = 0 with two piles larger than one: T2, a P-position, no high bit.
    let a = g.analyze(&at(&g, &[1, 2, 3])).unwrap();
    let Some(Fact::Nim(nim)) = &a.fact else {
        panic!("no Nim fact");
    };
    assert_eq!(
        (nim.state, nim.high_bit(), a.outcome),
        (NimState::T2, None, Outcome::P)
    );
}

#[test]
fn misere_nim_facts_are_boutons_misere_theorem_and_the_s1_and_t0_moves() {
    let g = game(Rules::nim(), Play::Misere);
    // 1 1 4: one pile larger than one (S1): it goes to 1, leaving three 1-piles.
    let advice = g.advise(&at(&g, &[1, 1, 4])).unwrap();
    assert_eq!(
        advice.analysis.decided_by,
        Theorem::Family(FamilyTheorem::Nim(Bouton::Misere))
    );
    assert_eq!(
        advice.reason,
        Reason::Family(FamilyWhy::Nim(NimWhy::MisereBigPile))
    );
    // 1 1: two 1-piles (T0), an N-position under misère play: take one.
    let advice = g.advise(&at(&g, &[1, 1])).unwrap();
    let Some(Fact::Nim(nim)) = &advice.analysis.fact else {
        panic!("no Nim fact");
    };
    assert_eq!(
        (nim.state, advice.analysis.outcome),
        (NimState::T0, Outcome::N)
    );
    assert_eq!(
        advice.reason,
        Reason::Family(FamilyWhy::Nim(NimWhy::MisereOnes))
    );
}

#[test]
fn a_replayed_nim_turn_carries_the_state_after_it() {
    let g = game(Rules::nim(), Play::Normal);
    let start = g.position(nats(&[3, 5, 7])).unwrap();
    let mut replay = Replay::new(&g, start, Box::new(Optimal), Box::new(Optimal));
    let turn = replay.next_turn().unwrap().unwrap();
    // The optimal move leaves nim-sum 0 with piles larger than one: T2.
    let Some(Fact::Nim(nim)) = &turn.fact else {
        panic!("no Nim fact: {:?}", turn.fact);
    };
    assert_eq!((nim.state, turn.outcome), (NimState::T2, Some(Outcome::P)));
}

#[test]
fn the_bash_division_of_10_under_max_take_3_is_4_times_2_plus_2() {
    let steps = family_steps("max-take:3 10");
    let division = Division {
        pile: 0,
        heap: Nat::from(10u64),
        max_take: Nat::from(3u64),
        modulus: Nat::from(4u64),
        quotient: Nat::from(2u64),
        remainder: Nat::from(2u64),
    };
    let Some(FamilyStep::Take(TakeStep::Bash { division: got, to })) = steps.first() else {
        panic!("no Bash step: {steps:?}");
    };
    assert_eq!(got, &division);
    assert_eq!(to.as_ref().map(|mv| mv.take()), Some(Nat::from(2u64)));
}

#[test]
fn take_residues_of_two_heaps_are_n_mod_k_plus_1() {
    let steps = family_steps("max-take:2 7 5");
    let residues: Vec<(usize, Nat)> = steps
        .iter()
        .filter_map(|s| match s {
            FamilyStep::Take(TakeStep::Residue(d)) => Some((d.pile, d.remainder.clone())),
            _ => None,
        })
        .collect();
    // 7 = 3·2 + 1, 5 = 3·1 + 2.
    assert_eq!(residues, vec![(0, Nat::from(1u64)), (1, Nat::from(2u64))]);
}

#[test]
fn wythoff_fact_of_3_5_is_the_pair_k_2_by_wythoffs_theorem() {
    let g = game(Rules::wythoff(), Play::Normal);
    let a = g.analyze(&at(&g, &[3, 5])).unwrap();
    assert_eq!(
        a.decided_by,
        Theorem::Family(FamilyTheorem::Wythoff(WythoffTheorem::Normal))
    );
    let place = WythoffPlace {
        k: Nat::from(2u64),
        pair: (Nat::from(3u64), Nat::from(5u64)),
        is_pair: true,
    };
    assert_eq!(a.fact, Some(Fact::Wythoff(place)));
    assert_eq!(a.outcome, Outcome::P);
}

#[test]
fn wythoff_advice_is_its_first_winning_move_with_no_family_reason() {
    // (4, 6): taking 1 from both leaves (3, 5).
    let g = game(Rules::wythoff(), Play::Normal);
    let advice = g.advise(&at(&g, &[4, 6])).unwrap();
    assert_eq!(advice.reason, Reason::Wins);
    let Some(Fact::Wythoff(place)) = &advice.analysis.fact else {
        panic!("no Wythoff fact");
    };
    assert_eq!((place.k.clone(), place.is_pair), (Nat::from(2u64), false));
}

#[test]
fn misere_wythoff_is_its_own_theorem_and_reads_no_pair_below_3() {
    let g = game(Rules::wythoff(), Play::Misere);
    let a = g.analyze(&at(&g, &[0, 1])).unwrap();
    assert_eq!(
        a.decided_by,
        Theorem::Family(FamilyTheorem::Wythoff(WythoffTheorem::Misere))
    );
    assert_eq!((a.fact, a.outcome), (None, Outcome::P));
    let a = g.analyze(&at(&g, &[4, 7])).unwrap();
    assert!(matches!(a.fact, Some(Fact::Wythoff(ref p)) if p.is_pair));
}

#[test]
fn wythoff_steps_name_the_pair_reached_and_a_components_value() {
    // From (4, 6) the winning move takes 1 from both, to (3, 5) = (a_2, b_2).
    let reaches: Vec<(Nat, (Nat, Nat))> = family_steps("wythoff 4 6")
        .into_iter()
        .filter_map(|s| match s {
            FamilyStep::Wythoff(WythoffStep::Reach(r)) => Some((r.k, r.pair)),
            _ => None,
        })
        .collect();
    assert_eq!(
        reaches,
        vec![(Nat::from(2u64), (Nat::from(3u64), Nat::from(5u64)))]
    );
    // In a sum, (3, 5) is the pair k = 2: value 0.
    let values: Vec<WythoffValue> = family_steps("1 + wythoff 3 5")
        .into_iter()
        .filter_map(|s| match s {
            FamilyStep::Wythoff(WythoffStep::Value(v)) => Some(v),
            _ => None,
        })
        .collect();
    assert_eq!(
        values,
        vec![WythoffValue {
            pile: 1,
            piles: (Nat::from(3u64), Nat::from(5u64)),
            value: Nat::ZERO,
            why: WythoffWhy::Pair { k: Nat::from(2u64) },
        }]
    );
}

#[test]
fn a_wythoff_value_off_the_pairs_is_the_mex_of_its_options() {
    // g(1, 1) = mex{g(0, 1), g(1, 0), g(0, 0)} = mex{1, 1, 0} = 2, over 3 moves.
    let values: Vec<WythoffValue> = family_steps("1 + wythoff 1 1")
        .into_iter()
        .filter_map(|s| match s {
            FamilyStep::Wythoff(WythoffStep::Value(v)) => Some(v),
            _ => None,
        })
        .collect();
    let [v] = values.as_slice() else {
        panic!("not one value step: {values:?}");
    };
    assert_eq!(v.value, Nat::from(2u64));
    assert_eq!(
        v.why,
        WythoffWhy::Mex {
            options: 3,
            values: vec![Nat::ZERO, Nat::ONE],
        }
    );
}

#[test]
fn kiki_value_of_2_3_is_1_by_the_parities() {
    // 2 is even, 3 is odd and the larger: 1.
    let steps = family_steps("1 + kiki 2 3");
    assert!(
        steps.contains(&FamilyStep::Kiki(KikiValue {
            pile: 1,
            piles: (Nat::from(2u64), Nat::from(3u64)),
            value: Nat::ONE,
        })),
        "{steps:?}"
    );
}

#[test]
fn a_replayed_turn_of_a_sum_of_nim_heaps_reads_boutons_fact_and_of_kayles_none() {
    let g = game(Rules::nim(), Play::Normal);
    // Two Nim components are one Nim position: from 1 2 + 4 the winning move 4 → 3 leaves
    // 1 ⊕ 2 ⊕ 3 = 0 with two piles larger than one, T2.
    let start = parse_sum("1 2 + nim 4", &Rules::nim()).unwrap();
    let mut replay = Replay::new(&g, start, Box::new(Optimal), Box::new(Optimal));
    let turn = replay.next_turn().unwrap().unwrap();
    assert!(
        matches!(&turn.fact, Some(Fact::Nim(nim)) if nim.state == NimState::T2),
        "{:?}",
        turn.fact
    );
    let kayles = Rules::parse("kayles").unwrap();
    let g = game(kayles.clone(), Play::Normal);
    let start = g.position(nats(&[4])).unwrap();
    let mut replay = Replay::new(&g, start, Box::new(Optimal), Box::new(Optimal));
    let turn = replay.next_turn().unwrap().unwrap();
    assert_eq!((turn.fact, turn.outcome), (None, Some(Outcome::P)));
}

/// Under misère play in S2 Bouton's rule plays normal play's move, and says it is misère's.
#[test]
fn misere_s2_plays_the_high_bit_move_as_misere_play() {
    let g = game(Rules::nim(), Play::Misere);
    let advice = g.advise(&at(&g, &[3, 5, 7])).unwrap();
    assert_eq!(
        advice.reason,
        Reason::Family(FamilyWhy::Nim(NimWhy::HighBit {
            bit: 0,
            misere: true
        }))
    );
    let normal = game(Rules::nim(), Play::Normal);
    assert_eq!(
        advice.suggestion,
        normal.advise(&at(&normal, &[3, 5, 7])).unwrap().suggestion
    );
}
