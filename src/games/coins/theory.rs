//! The theory of coin-turning games: a row of coins numbered from 1, each heads or tails; a
//! move turns over a set of coins the rule allows, the rightmost of them from heads to tails.
//!
//! **The coin-turning theorem** (Lenstra; Berlekamp, Conway and Guy, *Winning Ways*, ch. 14):
//! when the rule allows a set of coins to be turned independently of the other coins' faces,
//! the position is the sum of its heads, each a game of its own (turning a tail to heads adds a
//! copy, and two copies cancel); so its Grundy value is the nim-sum of its heads' values, a head
//! listed twice being one head. The value of a head at coin n:
//!
//! | rule | a move turns | value of a head at n |
//! | --- | --- | --- |
//! | Turning Turtles | a head, and at most one coin left of it | n |
//! | Twins | a head and exactly one coin left of it | n − 1 |
//! | Mock Turtles | a head and at most two coins left of it | the n-th odious number |
//! | Ruler | a run of consecutive coins ending at a head | the largest power of 2 dividing n |
//!
//! (The odious numbers, those with an odd number of 1 bits: 1, 2, 4, 7, 8, 11, …; the n-th is
//! 2(n − 1) when n − 1 is odious, 2(n − 1) + 1 when it is evil. The ruler values of the run
//! s..=r add up to gray(r) ⊕ gray(s − 1), gray(n) = n ⊕ ⌊n/2⌋ the reflected Gray code, since
//! gray(n) ⊕ gray(n − 1) is the lowest bit of n.)
//!
//! A move is winning when it leaves value 0: the values of the coins it turns must nim-add to
//! the position's value g. Each rule's winning moves are found from that equation, each listed
//! as data ([`CoinMove`]: the coins turned, the heads after).
//!
//! **Turning Corners** (*Winning Ways*, ch. 14; HDU 3404): heads on a board with coordinates
//! from 0; a move chooses a′ < x and b′ < y for a head at (x, y) and turns the four corners
//! (a′, b′), (a′, y), (x, b′), (x, y) of the rectangle. By the **Tartan theorem** (the product
//! of two coin-turning games: Conway's nim-multiplication) a head at (x, y) has value x ⊗ y.
//! A move from the head (x, y) leaves g ⊕ (x ⊕ a′) ⊗ (y ⊕ b′), so it wins exactly when
//! (x ⊕ a′) ⊗ (y ⊕ b′) = g: for each a′ < x one b′ = y ⊕ g ⊘ (x ⊕ a′) is the candidate.

use crate::error::CoinError;
use crate::nat::Nat;
use crate::nimber;
use num_bigint::BigUint;

/// A rule of a coin-turning game on a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CoinRule {
    /// Turn a head to tails and at most one coin left of it (either face): Nim in disguise.
    TurningTurtles,
    /// Turn a head to tails and exactly one coin left of it.
    Twins,
    /// Turn a head to tails and at most two coins left of it.
    MockTurtles,
    /// Turn a run of consecutive coins whose rightmost is a head.
    Ruler,
}

impl CoinRule {
    /// Every rule, in the order of the table above.
    pub const ALL: [CoinRule; 4] = [
        CoinRule::TurningTurtles,
        CoinRule::Twins,
        CoinRule::MockTurtles,
        CoinRule::Ruler,
    ];
}

/// Whether `x` has an odd number of 1 bits (is odious).
fn odious(x: &Nat) -> bool {
    match x.to_u64() {
        Some(v) => v.count_ones() % 2 == 1,
        None => x.to_biguint().count_ones() % 2 == 1,
    }
}

/// The n-th odious number, n ≥ 1: 2(n − 1) + (1 if n − 1 is evil).
pub fn nth_odious(n: &Nat) -> Result<Nat, CoinError> {
    let m = n.checked_sub(&Nat::ONE).ok_or(CoinError::NoCoinZero)?;
    let twice = m.add(&m);
    Ok(if odious(&m) {
        twice
    } else {
        twice.add(&Nat::ONE)
    })
}

/// Which odious number `v` is (1-based), or `None` when `v` is not odious.
fn odious_index(v: &Nat) -> Option<Nat> {
    odious(v).then(|| v.div_u64(2).add(&Nat::ONE))
}

/// The reflected Gray code n ⊕ ⌊n/2⌋.
fn gray(n: &Nat) -> Nat {
    n.xor(&n.div_u64(2))
}

/// The inverse of the Gray code: the m with gray(m) = g (the prefix xor of g's bits).
fn gray_inverse(g: &Nat) -> Nat {
    let big = g.to_biguint();
    let mut m = big.clone();
    let mut shift = 1u64;
    while shift < big.bits() {
        m ^= &m >> shift;
        shift *= 2;
    }
    Nat::from_biguint(m)
}

/// The value of a head at coin `n` (numbered from 1) under `rule`: n, n − 1, the n-th odious
/// number, or the largest power of 2 dividing n.
///
/// # Errors
/// [`CoinError::NoCoinZero`] for n = 0.
pub fn head_value(rule: CoinRule, n: &Nat) -> Result<Nat, CoinError> {
    if n.is_zero() {
        return Err(CoinError::NoCoinZero);
    }
    Ok(match rule {
        CoinRule::TurningTurtles => n.clone(),
        CoinRule::Twins => n.saturating_sub(&Nat::ONE),
        CoinRule::MockTurtles => nth_odious(n)?,
        CoinRule::Ruler => {
            let zeros = match n.to_u64() {
                Some(v) => u64::from(v.trailing_zeros()),
                None => n.to_biguint().trailing_zeros().unwrap_or(0),
            };
            Nat::from_biguint(BigUint::from(1u8) << zeros)
        }
    })
}

/// The heads of a row, sorted, a head listed twice being one head.
pub fn heads_set(heads: &[Nat]) -> Vec<Nat> {
    let mut v = heads.to_vec();
    v.sort();
    v.dedup();
    v
}

/// The Grundy value of a row with these heads under `rule`: the nim-sum of their values (a
/// head listed twice is one head).
///
/// # Errors
/// [`CoinError::NoCoinZero`] when coin 0 is listed.
pub fn grundy(rule: CoinRule, heads: &[Nat]) -> Result<Nat, CoinError> {
    let mut g = Nat::ZERO;
    for h in heads_set(heads) {
        g.xor_assign(&head_value(rule, &h)?);
    }
    Ok(g)
}

/// The coins one move turns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Turned {
    /// These coins, in increasing order (the last is the head turned to tails).
    Coins(Vec<Nat>),
    /// The run of coins `from..=to` (a move of the ruler game).
    Run {
        /// The leftmost coin turned.
        from: Nat,
        /// The rightmost coin turned, a head.
        to: Nat,
    },
}

/// A move of a coin-turning game, as data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CoinMove {
    /// The coins turned.
    pub turned: Turned,
    /// The heads after the move, sorted.
    pub heads_after: Vec<Nat>,
}

/// Turns the coins `turned` of the row with heads `heads` (sorted): the heads after, sorted.
fn turn(heads: &[Nat], turned: &[Nat]) -> Vec<Nat> {
    let mut after: Vec<Nat> = Vec::with_capacity(heads.len() + turned.len());
    let (mut i, mut j) = (0, 0);
    while i < heads.len() || j < turned.len() {
        match (heads.get(i), turned.get(j)) {
            (Some(h), Some(t)) if h == t => {
                i += 1;
                j += 1;
            }
            (Some(h), Some(t)) if h < t => {
                after.push(h.clone());
                i += 1;
            }
            (Some(_), Some(t)) | (None, Some(t)) => {
                after.push(t.clone());
                j += 1;
            }
            (Some(h), None) => {
                after.push(h.clone());
                i += 1;
            }
            (None, None) => break,
        }
    }
    after
}

/// Every winning move of the row with these heads under `rule` (none when its value is 0), in
/// the order of their rightmost coin, then of the coins turned. A listing holds and examines at
/// most `limit` coins: a move of Mock Turtles turning three coins is found by trying every coin
/// left of its head, and a run of the ruler game lists every coin it turns.
///
/// # Errors
/// [`CoinError::NoCoinZero`] when coin 0 is listed; [`CoinError::TooLarge`] past `limit`.
pub fn winning_moves(
    rule: CoinRule,
    heads: &[Nat],
    limit: u64,
) -> Result<Vec<CoinMove>, CoinError> {
    let heads = heads_set(heads);
    let g = grundy(rule, &heads)?;
    let mut moves = Vec::new();
    if g.is_zero() {
        return Ok(moves);
    }
    let mut spent: u64 = 0;
    let mut spend = |coins: &Nat| -> Result<(), CoinError> {
        let n = coins.to_u64().unwrap_or(u64::MAX);
        spent = spent.saturating_add(n);
        if spent > limit {
            return Err(CoinError::TooLarge { limit });
        }
        Ok(())
    };
    let push = |turned: Vec<Nat>, moves: &mut Vec<CoinMove>| {
        let heads_after = turn(&heads, &turned);
        moves.push(CoinMove {
            turned: Turned::Coins(turned),
            heads_after,
        });
    };
    for r in &heads {
        let v = head_value(rule, r)?;
        // The other coins turned must be worth t = v ⊕ g together.
        let t = v.xor(&g);
        match rule {
            CoinRule::TurningTurtles => {
                if t.is_zero() {
                    push(vec![r.clone()], &mut moves);
                } else if &t < r {
                    push(vec![t, r.clone()], &mut moves);
                }
            }
            CoinRule::Twins => {
                // The other coin c has value c − 1 = t.
                let c = t.add(&Nat::ONE);
                if &c < r {
                    push(vec![c, r.clone()], &mut moves);
                }
            }
            CoinRule::MockTurtles => {
                if t.is_zero() {
                    push(vec![r.clone()], &mut moves);
                }
                if let Some(c) = odious_index(&t)
                    && &c < r
                {
                    push(vec![c, r.clone()], &mut moves);
                }
                // Two coins c1 < c2 < r with odious(c1) ⊕ odious(c2) = t.
                spend(r)?;
                let mut c2 = Nat::from(2u64);
                while &c2 < r {
                    let o2 = nth_odious(&c2)?;
                    if let Some(c1) = odious_index(&t.xor(&o2))
                        && c1 < c2
                    {
                        push(vec![c1, c2.clone(), r.clone()], &mut moves);
                    }
                    c2 = c2.add(&Nat::ONE);
                }
            }
            CoinRule::Ruler => {
                // The run s..=r is worth gray(r) ⊕ gray(s − 1).
                let before = gray_inverse(&gray(r).xor(&g));
                if &before < r {
                    let from = before.add(&Nat::ONE);
                    let length = r.checked_sub(&before).unwrap_or_default();
                    spend(&length)?;
                    let mut coins = Vec::new();
                    let mut c = from.clone();
                    while &c <= r {
                        coins.push(c.clone());
                        c = c.add(&Nat::ONE);
                    }
                    let heads_after = turn(&heads, &coins);
                    moves.push(CoinMove {
                        turned: Turned::Run {
                            from,
                            to: r.clone(),
                        },
                        heads_after,
                    });
                }
            }
        }
    }
    Ok(moves)
}

/// The Grundy value of a Turning Corners board with heads at these (x, y), coordinates from 0:
/// the nim-sum of x ⊗ y (Tartan theorem), a head listed twice being one head.
pub fn corners_grundy(heads: &[(Nat, Nat)]) -> Nat {
    let mut set = heads.to_vec();
    set.sort();
    set.dedup();
    let mut g = Nat::ZERO;
    for (x, y) in &set {
        g.xor_assign(&nimber::mul(x, y));
    }
    g
}

/// A move of Turning Corners: the rectangle's corners (a′, b′) and (x, y), (x, y) a head and
/// a′ < x, b′ < y, and the heads after.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CornerMove {
    /// The corner (a′, b′).
    pub from: (Nat, Nat),
    /// The head (x, y) turned to tails.
    pub to: (Nat, Nat),
    /// The heads after, sorted.
    pub heads_after: Vec<(Nat, Nat)>,
}

/// The move of Turning Corners turning the rectangle with corners `from` and `to`.
fn corner_move(set: &[(Nat, Nat)], from: (Nat, Nat), to: (Nat, Nat)) -> CornerMove {
    let corners = [
        from.clone(),
        (from.0.clone(), to.1.clone()),
        (to.0.clone(), from.1.clone()),
        to.clone(),
    ];
    let mut after: Vec<(Nat, Nat)> = set.to_vec();
    for c in corners {
        match after.iter().position(|h| *h == c) {
            Some(i) => {
                after.remove(i);
            }
            None => after.push(c),
        }
    }
    after.sort();
    CornerMove {
        from,
        to,
        heads_after: after,
    }
}

/// For the head (x, y) of a board of value g ≠ 0: each a′ < x (or, when y < x, each b′ < y:
/// the shorter side) whose rectangle wins, at most `limit` of them tried.
fn corner_candidates(
    x: &Nat,
    y: &Nat,
    g: &Nat,
    limit: u64,
    mut found: impl FnMut(Nat, Nat) -> bool,
) -> Result<(), CoinError> {
    let by_rows = x <= y;
    let (side, other) = if by_rows { (x, y) } else { (y, x) };
    let mut tried = 0u64;
    let mut a = Nat::ZERO;
    while &a < side {
        if tried == limit {
            return Err(CoinError::SearchLimit { limit });
        }
        tried += 1;
        // (side ⊕ a) ⊗ (other ⊕ b) = g.
        let d = side.xor(&a);
        if let Ok(q) = nimber::div(g, &d) {
            let b = other.xor(&q);
            if &b < other {
                let stop = if by_rows {
                    found(a.clone(), b)
                } else {
                    found(b, a.clone())
                };
                if stop {
                    return Ok(());
                }
            }
        }
        a = a.add(&Nat::ONE);
    }
    Ok(())
}

/// A winning move of a Turning Corners board (`None` when its value is 0): from a head whose
/// value x ⊗ y holds the highest bit of the board's value g (one exists, and every value below
/// x ⊗ y is an option of that head alone, so a winning move from it exists), the first a′ < x
/// (or b′ < y, along the shorter side) with (x ⊕ a′) ⊗ (y ⊕ b′) = g and b′ < y. The search is
/// bounded by min(x, y) nim-divisions, and by `limit`.
///
/// # Errors
/// [`CoinError::SearchLimit`] when min(x, y) exceeds `limit` and no move was found first.
pub fn corners_winning_move(
    heads: &[(Nat, Nat)],
    limit: u64,
) -> Result<Option<CornerMove>, CoinError> {
    let mut set = heads.to_vec();
    set.sort();
    set.dedup();
    let g = corners_grundy(&set);
    if g.is_zero() {
        return Ok(None);
    }
    let top = g.bits() - 1;
    let Some((x, y)) = set
        .iter()
        .filter(|(x, y)| nimber::mul(x, y).bit(top))
        .min_by_key(|(x, y)| x.min(y).clone())
        .cloned()
    else {
        return Ok(None);
    };
    let mut hit = None;
    corner_candidates(&x, &y, &g, limit, |a, b| {
        hit = Some((a, b));
        true
    })?;
    Ok(hit.map(|from| corner_move(&set, from, (x, y))))
}

/// Every winning move of a Turning Corners board, in the order of the heads (sorted) and then
/// of the shorter side's coordinate; at most `limit` rows or columns are searched in all.
///
/// # Errors
/// [`CoinError::SearchLimit`] past `limit`.
pub fn corners_winning_moves(
    heads: &[(Nat, Nat)],
    limit: u64,
) -> Result<Vec<CornerMove>, CoinError> {
    let mut set = heads.to_vec();
    set.sort();
    set.dedup();
    let g = corners_grundy(&set);
    let mut moves = Vec::new();
    if g.is_zero() {
        return Ok(moves);
    }
    let mut left = limit;
    for (x, y) in &set {
        let side = x.min(y).to_u64().unwrap_or(u64::MAX);
        if side > left {
            return Err(CoinError::SearchLimit { limit });
        }
        left -= side;
        let mut found = Vec::new();
        corner_candidates(x, y, &g, u64::MAX, |a, b| {
            found.push((a, b));
            false
        })?;
        found.sort();
        for from in found {
            moves.push(corner_move(&set, from, (x.clone(), y.clone())));
        }
    }
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(v: u64) -> Nat {
        Nat::from(v)
    }

    #[test]
    fn head_values_of_each_rule() {
        let odious: Vec<u64> = (1..=6)
            .map(|i| {
                head_value(CoinRule::MockTurtles, &n(i))
                    .unwrap()
                    .to_u64()
                    .unwrap()
            })
            .collect();
        assert_eq!(odious, [1, 2, 4, 7, 8, 11]);
        let ruler: Vec<u64> = (1..=8)
            .map(|i| {
                head_value(CoinRule::Ruler, &n(i))
                    .unwrap()
                    .to_u64()
                    .unwrap()
            })
            .collect();
        assert_eq!(ruler, [1, 2, 1, 4, 1, 2, 1, 8]);
        assert_eq!(head_value(CoinRule::Twins, &n(1)).unwrap(), Nat::ZERO);
        assert_eq!(
            head_value(CoinRule::TurningTurtles, &n(0)),
            Err(CoinError::NoCoinZero)
        );
    }

    #[test]
    fn gray_codes_invert() {
        for m in 0..300u64 {
            assert_eq!(gray_inverse(&gray(&n(m))), n(m));
        }
    }

    #[test]
    fn turning_turtles_is_nim() {
        // Heads at 1, 4, 7, 9: 1 ⊕ 4 ⊕ 7 ⊕ 9 = 11 ≠ 0; the move from 9 turns 9 ⊕ 11 = 2 too.
        let moves =
            winning_moves(CoinRule::TurningTurtles, &[n(1), n(4), n(7), n(9)], 100).unwrap();
        assert!(
            moves
                .iter()
                .any(|m| m.turned == Turned::Coins(vec![n(2), n(9)]))
        );
        for m in &moves {
            assert!(
                grundy(CoinRule::TurningTurtles, &m.heads_after)
                    .unwrap()
                    .is_zero()
            );
        }
    }
}
