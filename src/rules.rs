//! How a game is played beyond its move rules: the play convention ([`Play`]) and the resource
//! limits of computations that grow with the position ([`Limits`]). The move rules are the
//! families of [`crate::games`].

use serde::Serialize;

/// The play convention.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Play {
    /// Normal play: the player who takes the last object wins (a player unable to move loses).
    Normal,
    /// Misère play: the player who takes the last object loses (a player unable to move wins).
    Misere,
}

impl Play {
    /// `"normal"` or `"misere"`, as in the JSON output.
    pub fn as_str(self) -> &'static str {
        match self {
            Play::Normal => "normal",
            Play::Misere => "misere",
        }
    }

    /// How people write it: `"normal play"` or `"misère play"`.
    pub fn label(self) -> &'static str {
        match self {
            Play::Normal => "normal play",
            Play::Misere => "misère play",
        }
    }
}

/// Limits on computations whose cost grows with the position. Each is checked before any
/// memory is allocated, and an error names the limit and the flag that raises it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Most entries of a Grundy table (subtraction games, Wythoff tables): `--table-limit`.
    pub table: u64,
    /// Most steps of an exhaustive game-tree search (misère play of games without a closed
    /// form, remoteness), counted as positions × (8 + moves from each), and of listing every
    /// winning move of a subtraction game: `--search-limit`.
    pub search: u64,
    /// Most steps of the search for remoteness, a refinement that never decides an outcome
    /// (the search limit still caps it): the command line lowers it to 0 for stdin batches
    /// unless `--remoteness` asks for it.
    pub remoteness: u64,
}

impl Default for Limits {
    /// 10,000,000 table entries (40 MB) and 10,000,000 search steps, for remoteness too.
    fn default() -> Limits {
        Limits {
            table: 10_000_000,
            search: 10_000_000,
            remoteness: 10_000_000,
        }
    }
}
