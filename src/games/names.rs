//! The names of the families, as data the families give and each language words
//! ([`FamilyName`]): the key of a family's [`crate::name::Name`] and of its
//! [`crate::error::MoveRule`]. A printer matches every variant, so a new family's name is
//! checked by the compiler in every language.

/// The name of a family of rules (one variant per name a family gives itself; a family with
/// several, like the subtraction games, gives each its own), worded by each language of the
/// binary. [`FamilyName::as_str`] is its fixed ASCII key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FamilyName {
    /// Nim.
    Nim,
    /// Take 1 to K from a heap (the Bash game).
    MaxTake,
    /// A subtraction game with a finite subtraction set.
    Subtract,
    /// The subtraction game whose set is the powers of two.
    SubtractPowersOfTwo,
    /// The subtraction game whose set is the Fibonacci numbers.
    SubtractFibonacci,
    /// Wythoff's game.
    Wythoff,
    /// An octal game named by its code.
    Octal,
    /// Kayles (octal 0.77).
    Kayles,
    /// Dawson's Kayles (octal 0.07).
    DawsonsKayles,
    /// Dawson's chess (octal 0.137).
    DawsonsChess,
    /// Officers (octal 0.6).
    Officers,
    /// Grundy's game: split a heap into two unequal heaps.
    GrundysGame,
    /// Lasker's Nim: take from a heap or split it in two.
    LaskersNim,
    /// A heap rule written in the rule language (`rule:{…}`).
    Rule,
    /// kiki's game.
    Kiki,
    /// Staircase Nim.
    Staircase,
    /// Sliding pieces.
    Slide,
    /// The coin-turning game Turning Turtles.
    TurningTurtles,
    /// The coin-turning game Twins.
    Twins,
    /// The coin-turning game Mock Turtles.
    MockTurtles,
    /// The ruler game.
    Ruler,
    /// Turning Corners.
    TurningCorners,
    /// Euclid's game.
    Euclid,
    /// Green Hackenbush.
    Hackenbush,
    /// k-times dynamic subtraction.
    Dynamic,
    /// Fibonacci Nim (2-times dynamic subtraction).
    FibonacciNim,
    /// Moore's Nim_K.
    Moore,
    /// Tokens on a directed graph read from a file.
    Graph,
    /// The multiplication game.
    Multiply,
    /// The calendar game.
    Calendar,
    /// Digital deletions.
    Digits,
}

impl FamilyName {
    /// The name's fixed ASCII key, the same in every language: `nim`, `max-take`,
    /// `subtract-powers-of-two`, `grundys-game`, `turning-corners`, …
    pub fn as_str(self) -> &'static str {
        match self {
            FamilyName::Nim => "nim",
            FamilyName::MaxTake => "max-take",
            FamilyName::Subtract => "subtract",
            FamilyName::SubtractPowersOfTwo => "subtract-powers-of-two",
            FamilyName::SubtractFibonacci => "subtract-fibonacci",
            FamilyName::Wythoff => "wythoff",
            FamilyName::Octal => "octal",
            FamilyName::Kayles => "kayles",
            FamilyName::DawsonsKayles => "dawsons-kayles",
            FamilyName::DawsonsChess => "dawsons-chess",
            FamilyName::Officers => "officers",
            FamilyName::GrundysGame => "grundys-game",
            FamilyName::LaskersNim => "laskers-nim",
            FamilyName::Rule => "rule",
            FamilyName::Kiki => "kiki",
            FamilyName::Staircase => "staircase",
            FamilyName::Slide => "slide",
            FamilyName::TurningTurtles => "turning-turtles",
            FamilyName::Twins => "twins",
            FamilyName::MockTurtles => "mock-turtles",
            FamilyName::Ruler => "ruler",
            FamilyName::TurningCorners => "turning-corners",
            FamilyName::Euclid => "euclid",
            FamilyName::Hackenbush => "hackenbush",
            FamilyName::Dynamic => "dynamic",
            FamilyName::FibonacciNim => "fibonacci-nim",
            FamilyName::Moore => "moore",
            FamilyName::Graph => "graph",
            FamilyName::Multiply => "multiply",
            FamilyName::Calendar => "calendar",
            FamilyName::Digits => "digits",
        }
    }
}

impl std::fmt::Display for FamilyName {
    /// The name's key ([`FamilyName::as_str`]).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
