//! The calendar game (HDU 1079 "Calendar Game", ACM ICPC Asia Taejon 2001): a date; a move goes
//! to the next day, or to the same day of the next month if that date exists; whoever reaches
//! November 4, 2001 wins, and no move may pass it. Leap years are the Gregorian calendar's
//! (divisible by 4, except centuries not divisible by 400).
//!
//! **As a heap.** A date is the number of days p before 2001-11-04: the day itself is 0, the
//! game's first date 1900-01-01 is 37,197, and the calendar runs back proleptically past it
//! (any p is a date). The next day takes 1; the same day of the next month takes the length of
//! the date's month (28 to 31), when that day exists in the next month and is not past the
//! target. Reaching 0 leaves the opponent without a move: normal play.
//!
//! **Table and period.** The Grundy values (0, 1 or 2) are computed from the rules for
//! p < 146,097 + 62, and they repeat with period 146,097, the days of 400 Gregorian years
//! (proven when the table is built: the values agree at distance 146,097 over a window of 62
//! days; beyond, a date and the date 400 years later have the same month, day and month
//! lengths, so the same moves, by induction). The P-positions are the dates whose month + day
//! is odd, except September 30 and November 30 (the known answer of the problem; the tests
//! check it over every date of the game).

use std::ops::ControlFlow;
use std::sync::OnceLock;

use crate::error::{MoveRule, SolveError};
use crate::games::facts::ClosedFormWhy;
use crate::games::listed;
use crate::games::names::FamilyName;
use crate::heap::{HeapGame, Heaps};
use crate::moves::Move;
use crate::name::Name;
use crate::nat::Nat;
use crate::rules::Limits;
use crate::ruleset::{Family, SequenceProof, no_argument};

/// The spec `calendar`.
pub(crate) static FAMILY: Family = Family {
    keyword: "calendar",
    syntax: "calendar",
    about: "the calendar game on heaps of days before 2001-11-04: the next day, or the same day of the next month",
    parse: |arg| {
        no_argument("calendar", arg)?;
        Ok(Heaps::rules(Calendar))
    },
};

/// The calendar game's rules, on heaps of days before the target date.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Calendar;

/// The days of 400 Gregorian years: the period of the calendar and of the Grundy values.
pub(crate) const PERIOD: u64 = 146_097;

/// The target date.
pub(crate) const TARGET: (i64, u32, u32) = (2001, 11, 4);

const RULE: MoveRule = MoveRule {
    key: FamilyName::Calendar,
};

/// Whether `year` is a Gregorian leap year.
pub(crate) fn is_leap(year: i64) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

/// The days of month `month` (1..=12) of `year`.
pub(crate) fn month_len(year: i64, month: u32) -> u32 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days from 1970-01-01 to a date (H. Hinnant's `days_from_civil`).
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(m);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * PERIOD as i64 + doe - 719_468
}

/// The date of a day count from 1970-01-01 (`civil_from_days`).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(PERIOD as i64);
    let doe = z - era * PERIOD as i64;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// The heap of a date: its days before 2001-11-04, `None` for a date that does not exist or
/// lies after it.
pub fn days_before_target(year: i64, month: u32, day: u32) -> Option<u64> {
    if !(1..=12).contains(&month) || day == 0 || day > month_len(year, month) {
        return None;
    }
    let (ty, tm, td) = TARGET;
    let p = days_from_civil(ty, tm, td) - days_from_civil(year, month, day);
    u64::try_from(p).ok()
}

/// The date `p` days before the target, for `p` within a machine word's safe range.
fn date_of(p: u64) -> (i64, u32, u32) {
    let (ty, tm, td) = TARGET;
    civil_from_days(days_from_civil(ty, tm, td) - p as i64)
}

/// A date of the (proleptic Gregorian) calendar, written `2001-11-04` (`{}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Date {
    /// The year (negative before year 0, as ISO 8601 counts them).
    pub year: i64,
    /// The month, 1 to 12.
    pub month: u32,
    /// The day of the month, from 1.
    pub day: u32,
}

impl std::fmt::Display for Date {
    /// `2001-11-04`; a year before 0 as `-0001-03-01`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.year < 0 {
            write!(f, "-{:04}-{:02}-{:02}", -self.year, self.month, self.day)
        } else {
            write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
        }
    }
}

/// Which of the calendar game's two moves a move is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DateStep {
    /// To the next day.
    NextDay,
    /// To the same day of the next month.
    NextMonth,
}

/// A move of the calendar game: the date of pile `pile` (0-based, in the whole position)
/// moves to `to`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DateMove {
    /// 0-based pile.
    pub pile: usize,
    /// The date moved to.
    pub to: Date,
    /// The next day or the next month.
    pub step: DateStep,
    /// Whether the component has other piles (then the move names its pile).
    pub several: bool,
}

/// The heaps whose date is worked out (days before the target; beyond, the year would not fit
/// the date arithmetic, and a move is worded as a take).
const DATED: u64 = 1 << 40;

/// The date of heap `p` (days before 2001-11-04), `None` beyond 2^40 days (where a year would
/// not fit the date arithmetic).
pub fn date_of_heap(p: &Nat) -> Option<Date> {
    let p = p.to_u64().filter(|&p| p < DATED)?;
    let (year, month, day) = date_of(p);
    Some(Date { year, month, day })
}

/// The words of `mv` in a calendar component of `piles` (a take to a date within the dates
/// worked out, [`date_of_heap`]); `None` for another move.
pub fn move_words(piles: &[Nat], mv: &Move) -> Option<DateMove> {
    let Move::Pile { pile, from, to } = mv else {
        return None;
    };
    let step = if from.saturating_sub(to) == Nat::ONE {
        DateStep::NextDay
    } else {
        DateStep::NextMonth
    };
    Some(DateMove {
        pile: *pile,
        to: date_of_heap(to)?,
        step,
        several: piles.len() > 1,
    })
}

/// A heap with the same date in the calendar's cycle: `p` itself when small, else a heap at
/// least one period away from the target with the same month and day.
fn in_cycle(p: &Nat) -> u64 {
    match p.to_u64() {
        Some(v) if v < 4 * PERIOD => v,
        _ => PERIOD + p.rem_u64(PERIOD),
    }
}

/// How far the move to the same day of the next month goes from `p`, if it exists (not checked
/// against the target).
fn month_jump(p: u64) -> Option<u64> {
    let (y, m, d) = date_of(p);
    let (ny, nm) = if m == 12 { (y + 1, 1) } else { (y, m + 1) };
    (d <= month_len(ny, nm)).then(|| u64::from(month_len(y, m)))
}

/// The heaps a heap of `p` goes to, amounts ascending: the next day, then the next month.
pub fn options(p: &Nat) -> Vec<Nat> {
    let mut out = Vec::new();
    if p.is_zero() {
        return out;
    }
    out.push(p.saturating_sub(&Nat::ONE));
    if let Some(jump) = month_jump(in_cycle(p))
        && let Some(to) = p.checked_sub(&Nat::from(jump))
    {
        out.push(to);
    }
    out
}

/// The Grundy values of p < PERIOD + 62, computed from the rules, with the period checked.
fn table() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let len = (PERIOD + 62) as usize;
        let mut g = vec![0u8; len];
        for p in 1..len {
            let mut values = vec![g[p - 1]];
            if let Some(jump) = month_jump(p as u64).filter(|&j| j as usize <= p) {
                values.push(g[p - jump as usize]);
            }
            g[p] = listed::mex(values);
        }
        let period = PERIOD as usize;
        assert!(
            (period..len).all(|p| g[p] == g[p - period]),
            "the calendar game's Grundy values repeat every 400 years"
        );
        g
    })
}

/// The Grundy value of a heap of `p` days.
pub fn grundy(p: &Nat) -> u8 {
    let t = table();
    match p.to_u64() {
        Some(v) if (v as usize) < t.len() => t[v as usize],
        _ => t[p.rem_u64(PERIOD) as usize],
    }
}

/// The options of a heap of p days: the next day, then the same day of the next month;
/// values from the table, by the period beyond it.
impl HeapGame for Calendar {
    fn spec(&self) -> String {
        "calendar".into()
    }

    fn name(&self) -> Name {
        Name {
            key: FamilyName::Calendar,
            arg: None,
        }
    }

    fn json(&self) -> serde_json::Value {
        serde_json::json!({"kind": "calendar"})
    }

    fn options(&self, n: u64, f: &mut dyn FnMut(u64, &[u64])) {
        listed::each_option(&options, n, f);
    }

    /// The two moves.
    fn option_work(&self, _n: u64) -> u64 {
        2
    }

    fn take_count(&self, p: &Nat) -> Option<Nat> {
        Some(listed::take_count(&options, p))
    }

    fn nth_take(&self, p: &Nat, k: &Nat) -> Option<Nat> {
        listed::nth_take(&options, p, k)
    }

    fn grundy(&self, p: &Nat) -> Option<Nat> {
        Some(Nat::from(u64::from(grundy(p))))
    }

    fn options_with_value(
        &self,
        p: &Nat,
        _g: &Nat,
        target: &Nat,
        _limits: &Limits,
        f: &mut dyn FnMut(&Nat, &[Nat]) -> ControlFlow<()>,
    ) -> Option<Result<ControlFlow<()>, SolveError>> {
        let value = |q: &Nat| Nat::from(u64::from(grundy(q)));
        Some(Ok(listed::options_with_value(
            &options, &value, p, target, f,
        )))
    }

    fn sequence_proof(&self, _limits: &Limits) -> SequenceProof {
        SequenceProof::ClosedForm {
            formula: "g(p) = g(p mod 146097)".into(),
            period: Some(PERIOD),
            reason: Some(ClosedFormWhy::GregorianCycle),
        }
    }

    // The listed game's shared methods. One step a heap: its winning moves are among its two
    // options, valued from the table. No longest game is known (a game lasts at most p moves). The
    // heap of 0 is the target date.
    listed::listed_heap_methods!(options, RULE);

    fn most_moves(&self, _n: u64) -> Option<u64> {
        Some(2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_days() {
        assert_eq!(days_before_target(2001, 11, 4), Some(0));
        assert_eq!(days_before_target(2001, 11, 3), Some(1));
        assert_eq!(days_before_target(1900, 1, 1), Some(37_197));
        assert_eq!(days_before_target(2001, 11, 5), None);
        assert_eq!(days_before_target(1900, 2, 29), None);
        assert_eq!(days_before_target(2000, 2, 29), Some(614));
        assert_eq!(date_of(37_197), (1900, 1, 1));
        // 2001-01-31 has no February 31: only the next day.
        let p = days_before_target(2001, 1, 31).unwrap();
        assert_eq!(options(&Nat::from(p)), vec![Nat::from(p - 1)]);
    }

    /// The known answer over every date of the game: the player to move wins iff month + day
    /// is even, or the date is September 30 or November 30.
    #[test]
    fn known_answer_on_every_date() {
        for p in 0..=37_197u64 {
            let (_, m, d) = date_of(p);
            let wins = (m + d) % 2 == 0 || (m, d) == (9, 30) || (m, d) == (11, 30);
            assert_eq!(grundy(&Nat::from(p)) != 0, wins, "{:?}", date_of(p));
        }
        // The statement's samples: 2001-11-03 wins, 2001-11-02 and 2001-10-03 lose.
        assert_eq!(grundy(&Nat::from(1u64)), 1);
        assert_eq!(grundy(&Nat::from(2u64)), 0);
        assert_eq!(
            grundy(&Nat::from(days_before_target(2001, 10, 3).unwrap())),
            0
        );
    }
}
