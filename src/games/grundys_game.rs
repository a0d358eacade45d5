//! Grundy's game (P. M. Grundy 1939; Winning Ways, ch. 4): a move breaks one heap into two
//! unequal non-empty heaps; a heap of 1 or 2 has no move. Its Grundy sequence (OEIS A002188:
//! 0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0 …) is computed by mex from the rule; no period is
//! known (none appears in the first 2^35 values), so heaps are answered within the table limit
//! only and never guessed beyond it.

use std::sync::OnceLock;

use crate::games::names::FamilyName;
use crate::games::take_and_break::theory::{BreakRule, LEAVE_TWO};
use crate::games::take_and_break::{HeapValues, TakeAndBreak};
use crate::name::Name;
use crate::ruleset::{Family, Rules, no_argument};

/// The spec `grundys-game`.
pub(crate) static FAMILY: Family = Family {
    keyword: "grundys-game",
    syntax: "grundys-game",
    about: "Grundy's game: break a heap into two unequal heaps",
    parse: |arg| {
        no_argument("grundys-game", arg)?;
        Ok(rules())
    },
};

/// The rules of Grundy's game.
pub fn rules() -> Rules {
    Rules::new(TakeAndBreak::new(
        "grundys-game".into(),
        Name {
            key: FamilyName::GrundysGame,
            arg: None,
        },
        serde_json::json!({"kind": "grundys_game"}),
        BreakRule::new(vec![LEAVE_TWO], 0, true),
        HeapValues::Table(OnceLock::new()),
    ))
}
