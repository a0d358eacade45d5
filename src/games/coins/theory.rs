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
pub(crate) fn nth_odious(n: &Nat) -> Result<Nat, CoinError> {
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
pub(crate) fn heads_set(heads: &[Nat]) -> Vec<Nat> {
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

// ---------------------------------------------------------------------------------------------
// Moves to a given value, for a row or a board in a sum: the coins turned must change the
// value by δ = (the value now) ⊕ (the value wanted). A move found in a few steps is listed
// first ([`cheap_move`], [`cheap_corner`]), so that a listing of the first winning move alone
// never searches.
// ---------------------------------------------------------------------------------------------

/// The bit `top` of the nim-sum δ as the highest, `None` for δ = 0.
fn top_bit(delta: &Nat) -> Option<u64> {
    delta.bits().checked_sub(1)
}

/// A move of the row `set` (sorted, each head once) changing its value by `delta` ≠ 0, found
/// without a search when one exists so: from the first head whose value holds δ's highest bit,
/// the other coins turned are worth t = value ⊕ δ < value. Turning Turtles turns coin t (none
/// for t = 0); Twins coin t + 1; Mock Turtles none (t = 0), the coin of the odious t, or, for
/// an evil t, the coins of its highest bit 2^h and of t ⊕ 2^h (both odious, both below t, so
/// left of the head). The ruler game: the shortest run from a head worth δ (at most one run a
/// head). `None` when no head holds that bit (the ruler game: when no run is worth δ).
///
/// # Errors
/// [`CoinError::NoCoinZero`] when coin 0 is listed.
pub(crate) fn cheap_move(
    rule: CoinRule,
    set: &[Nat],
    delta: &Nat,
) -> Result<Option<CoinMove>, CoinError> {
    let Some(top) = top_bit(delta) else {
        return Ok(None);
    };
    if rule == CoinRule::Ruler {
        let mut best: Option<(Nat, Nat)> = None;
        for r in set {
            if let Some(before) = ruler_run(r, delta)
                && best
                    .as_ref()
                    .is_none_or(|(b, h)| h.saturating_sub(b) > r.saturating_sub(&before))
            {
                best = Some((before, r.clone()));
            }
        }
        return Ok(best.map(|(before, r)| run_move(set, before.add(&Nat::ONE), r)));
    }
    for r in set {
        let v = head_value(rule, r)?;
        if !v.bit(top) {
            continue;
        }
        let t = v.xor(delta);
        let mut turned = match rule {
            CoinRule::TurningTurtles if t.is_zero() => vec![],
            CoinRule::TurningTurtles => vec![t],
            CoinRule::Twins => vec![t.add(&Nat::ONE)],
            CoinRule::MockTurtles if t.is_zero() => vec![],
            CoinRule::MockTurtles => match odious_index(&t) {
                Some(c) => vec![c],
                None => {
                    let high = Nat::from_biguint(BigUint::from(1u8) << (t.bits() - 1));
                    let rest = t.xor(&high);
                    vec![
                        odious_index(&rest).unwrap_or_default(),
                        odious_index(&high).unwrap_or_default(),
                    ]
                }
            },
            CoinRule::Ruler => unreachable!("the ruler game is answered above"),
        };
        turned.push(r.clone());
        let heads_after = turn(set, &turned);
        return Ok(Some(CoinMove {
            turned: Turned::Coins(turned),
            heads_after,
        }));
    }
    Ok(None)
}

/// The coin before the run of the ruler game ending at head `r` worth δ: s − 1 with
/// gray(r) ⊕ gray(s − 1) = δ, when s − 1 < r.
fn ruler_run(r: &Nat, delta: &Nat) -> Option<Nat> {
    let before = gray_inverse(&gray(r).xor(delta));
    (&before < r).then_some(before)
}

/// The move of the ruler game turning the run `from..=to`.
fn run_move(set: &[Nat], from: Nat, to: Nat) -> CoinMove {
    let mut coins = Vec::new();
    let mut c = from.clone();
    while c <= to {
        coins.push(c.clone());
        c = c.add(&Nat::ONE);
    }
    let heads_after = turn(set, &coins);
    CoinMove {
        turned: Turned::Run { from, to },
        heads_after,
    }
}

/// How many steps [`cheap_move`]'s move takes to write: the coins it turns (a ruler's run may
/// be long); `None` when there is none.
pub(crate) fn cheap_cost(rule: CoinRule, set: &[Nat], delta: &Nat) -> Option<u64> {
    if rule != CoinRule::Ruler {
        return (top_bit(delta).is_some()
            && set
                .iter()
                .any(|r| head_value(rule, r).is_ok_and(|v| v.bit(top_bit(delta).unwrap_or(0)))))
        .then_some(3);
    }
    set.iter()
        .filter_map(|r| Some(r.saturating_sub(&ruler_run(r, delta)?)))
        .min()
        .map(|n| n.to_u64().unwrap_or(u64::MAX))
}

/// The steps listing every move of the row `set` takes (at most), each move counted with the
/// heads it leaves: one move a head of its heads (about `set.len()`) for Turning Turtles and
/// Twins; Mock Turtles tries every coin left of each head, each try a possible move; a ruler's
/// run from a head r leaves at most `set.len()` + r heads.
pub(crate) fn listing_work(rule: CoinRule, set: &[Nat]) -> u64 {
    let len = set.len() as u64;
    let coins = set.iter().fold(0u64, |w, r| {
        w.saturating_add(r.to_u64().unwrap_or(u64::MAX))
    });
    let each = len.saturating_add(1);
    match rule {
        CoinRule::TurningTurtles | CoinRule::Twins => len.saturating_mul(each),
        CoinRule::MockTurtles => coins.saturating_mul(each),
        CoinRule::Ruler => coins.saturating_add(len.saturating_mul(each)),
    }
}

/// Every move of the row `set` (sorted, each head once) changing its value by `delta` ≠ 0:
/// [`cheap_move`]'s first, then the others in the order of their head, then of the coins
/// turned, each once. Calls `f` until it returns `false`. The work is at most
/// [`listing_work`] steps beyond the first move.
///
/// # Errors
/// [`CoinError::NoCoinZero`] when coin 0 is listed.
pub(crate) fn moves_by_delta(
    rule: CoinRule,
    set: &[Nat],
    delta: &Nat,
    f: &mut dyn FnMut(CoinMove) -> bool,
) -> Result<(), CoinError> {
    if delta.is_zero() {
        return Ok(());
    }
    let first = cheap_move(rule, set, delta)?;
    let first_after = first.as_ref().map(|m| m.heads_after.clone());
    if let Some(m) = first
        && !f(m)
    {
        return Ok(());
    }
    let emit = |turned: Vec<Nat>, f: &mut dyn FnMut(CoinMove) -> bool| -> bool {
        let heads_after = turn(set, &turned);
        if Some(&heads_after) == first_after.as_ref() {
            return true;
        }
        f(CoinMove {
            turned: Turned::Coins(turned),
            heads_after,
        })
    };
    for r in set {
        let v = head_value(rule, r)?;
        let t = v.xor(delta);
        match rule {
            CoinRule::TurningTurtles => {
                let go = if t.is_zero() {
                    emit(vec![r.clone()], f)
                } else if &t < r {
                    emit(vec![t, r.clone()], f)
                } else {
                    true
                };
                if !go {
                    return Ok(());
                }
            }
            CoinRule::Twins => {
                let c = t.add(&Nat::ONE);
                if &c < r && !emit(vec![c, r.clone()], f) {
                    return Ok(());
                }
            }
            CoinRule::MockTurtles => {
                if t.is_zero() && !emit(vec![r.clone()], f) {
                    return Ok(());
                }
                if let Some(c) = odious_index(&t)
                    && &c < r
                    && !emit(vec![c, r.clone()], f)
                {
                    return Ok(());
                }
                let mut c2 = Nat::from(2u64);
                while &c2 < r {
                    let o2 = nth_odious(&c2)?;
                    if let Some(c1) = odious_index(&t.xor(&o2))
                        && c1 < c2
                        && !emit(vec![c1, c2.clone(), r.clone()], f)
                    {
                        return Ok(());
                    }
                    c2 = c2.add(&Nat::ONE);
                }
            }
            CoinRule::Ruler => {
                if let Some(before) = ruler_run(r, delta) {
                    let m = run_move(set, before.add(&Nat::ONE), r.clone());
                    if Some(&m.heads_after) != first_after.as_ref() && !f(m) {
                        return Ok(());
                    }
                }
            }
        }
    }
    Ok(())
}

/// Turns the coins `d` (the coins a move changes: the symmetric difference of the heads before
/// and after) if the rule allows it from the heads `set`: the coins turned, `None` if no move
/// of `rule` turns exactly them.
pub(crate) fn read_turn(rule: CoinRule, set: &[Nat], d: &[Nat]) -> Option<Turned> {
    let (r, others) = d.split_last()?;
    if r.is_zero() || set.binary_search(r).is_err() || others.first().is_some_and(Nat::is_zero) {
        return None;
    }
    let ok = match rule {
        CoinRule::TurningTurtles => others.len() <= 1,
        CoinRule::Twins => others.len() == 1,
        CoinRule::MockTurtles => others.len() <= 2,
        CoinRule::Ruler => d.windows(2).all(|w| w[1] == w[0].add(&Nat::ONE)),
    };
    if !ok {
        return None;
    }
    Some(if rule == CoinRule::Ruler && d.len() > 2 {
        Turned::Run {
            from: d[0].clone(),
            to: r.clone(),
        }
    } else {
        Turned::Coins(d.to_vec())
    })
}

/// The sorted symmetric difference of two sorted lists.
pub fn changed<T: Ord + Clone>(a: &[T], b: &[T]) -> Vec<T> {
    let mut out: Vec<T> = a
        .iter()
        .filter(|x| b.binary_search(x).is_err())
        .chain(b.iter().filter(|x| a.binary_search(x).is_err()))
        .cloned()
        .collect();
    out.sort();
    out
}

/// The head of a board (x, y) worth x ⊗ y that holds δ's highest bit, along the shortest side
/// first: every change of the value below x ⊗ y is a move of that head alone, so a move
/// changing the value by δ is found within min(x, y) nim-divisions. `None` when no head holds it.
fn cheap_head(set: &[(Nat, Nat)], delta: &Nat) -> Option<(Nat, Nat)> {
    let top = top_bit(delta)?;
    set.iter()
        .filter(|(x, y)| nimber::mul(x, y).bit(top))
        .min_by_key(|(x, y)| x.min(y).clone())
        .cloned()
}

/// The nim-divisions [`corner_moves_by_delta`]'s first move takes at most: min(x, y) of
/// `cheap_head`; `None` when no head holds δ's highest bit.
pub(crate) fn cheap_corner_cost(set: &[(Nat, Nat)], delta: &Nat) -> Option<u64> {
    cheap_head(set, delta).map(|(x, y)| x.min(y).to_u64().unwrap_or(u64::MAX))
}

/// The steps listing every move of the board `set` takes (at most): min(x, y) nim-divisions a
/// head, each a possible move counted with the heads it leaves (about `set.len()` + 4).
pub(crate) fn corners_listing_work(set: &[(Nat, Nat)]) -> u64 {
    let sides = set.iter().fold(set.len() as u64, |w, (x, y)| {
        w.saturating_add(x.min(y).to_u64().unwrap_or(u64::MAX))
    });
    sides.saturating_mul(set.len() as u64 + 4)
}

/// Every move of the board `set` (sorted, each head once) changing its value by `delta` ≠ 0:
/// first the one of `cheap_head` along its shorter side, then the others by head (sorted)
/// and corner, each once: the rectangle from (a′, b′) to the head (x, y) changes the value by
/// (x ⊕ a′) ⊗ (y ⊕ b′). Calls `f` until it returns `false`.
pub(crate) fn corner_moves_by_delta(
    set: &[(Nat, Nat)],
    delta: &Nat,
    f: &mut dyn FnMut(CornerMove) -> bool,
) {
    if delta.is_zero() {
        return;
    }
    let mut first = None;
    if let Some((x, y)) = cheap_head(set, delta) {
        let _ = corner_candidates(&x, &y, delta, u64::MAX, |a, b| {
            first = Some(corner_move(set, (a, b), (x.clone(), y.clone())));
            true
        });
    }
    let first_after = first.as_ref().map(|m| m.heads_after.clone());
    if let Some(m) = first
        && !f(m)
    {
        return;
    }
    for (x, y) in set {
        let mut found = Vec::new();
        let _ = corner_candidates(x, y, delta, u64::MAX, |a, b| {
            found.push((a, b));
            false
        });
        found.sort();
        for from in found {
            let m = corner_move(set, from, (x.clone(), y.clone()));
            if Some(&m.heads_after) != first_after.as_ref() && !f(m) {
                return;
            }
        }
    }
}

/// The rectangle a move of Turning Corners turns, read off the corners it changes `d` (sorted)
/// from the heads `set`: (a′, b′) and the head (x, y), `None` if they are no such rectangle.
pub(crate) fn read_rectangle(
    set: &[(Nat, Nat)],
    d: &[(Nat, Nat)],
) -> Option<((Nat, Nat), (Nat, Nat))> {
    let [p, q, r, s] = d else {
        return None;
    };
    // Sorted: (a′, b′), (a′, y), (x, b′), (x, y).
    let ok = p.0 == q.0 && r.0 == s.0 && p.1 == r.1 && q.1 == s.1 && p.0 < s.0 && p.1 < s.1;
    (ok && set.binary_search(s).is_ok()).then(|| (p.clone(), s.clone()))
}

/// The board `heads` sorted, each head once.
pub(crate) fn board_set(heads: &[(Nat, Nat)]) -> Vec<(Nat, Nat)> {
    let mut v = heads.to_vec();
    v.sort();
    v.dedup();
    v
}

/// The value of a row or board explained: each head and its value, and their nim-sum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CoinValues {
    /// The component's first number in the whole position (0-based).
    pub pile: usize,
    /// The rule of the row; `None` for Turning Corners.
    pub rule: Option<CoinRule>,
    /// Each head (its coin, or its two coordinates) and its value.
    pub heads: Vec<(Vec<Nat>, Nat)>,
    /// Their nim-sum: the Grundy value.
    pub value: Nat,
}

/// What a move of a coin-turning game turns, for words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TurnWords {
    /// These coins of a row, in increasing order.
    Coins(Vec<Nat>),
    /// The run of coins `from..=to`.
    Run(Nat, Nat),
    /// The four corners of the rectangle from (a′, b′) to the head (x, y).
    Rectangle((Nat, Nat), (Nat, Nat)),
}

/// A move of a coin-turning game as data for words: what it turns and the heads left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CoinTurn {
    /// The component's first number in the whole position (0-based).
    pub pile: usize,
    /// What the move turns.
    pub turned: TurnWords,
    /// The heads left (a coin, or the two coordinates of a head of a board).
    pub heads_left: Vec<Vec<Nat>>,
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
