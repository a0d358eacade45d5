//! The trainer's command grammar: what a person types at the prompt of
//! `nimsolve play --first human` — a move `PILE TAKE` (Wythoff's game: also `both TAKE`) or a
//! command — read and checked against the position and the rules.

use nimsolve::{Game, IllegalMove, Move, MoveError, Nat, Position, TypedMoves};
use thiserror::Error;

/// A line typed at the trainer's prompt, once read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// A legal move (checked against the position and the rules).
    Move(Move),
    /// The next stage of a hint.
    Hint,
    /// Take back the last move of a person (and the engine's replies since).
    Undo,
    /// Show the position.
    Show,
    /// List the commands.
    Help,
    /// Stop the game.
    Quit,
}

/// Why a line typed at the trainer's prompt is not a legal move or a command. Its words are
/// each language's ([`crate::cli::i18n::Words::command_error`]); `Display` gives the English
/// (implemented there, so that this file imports no words).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CommandError {
    /// Neither a command nor a move.
    Unknown {
        /// The line, trimmed.
        text: String,
        /// How moves are typed in the position.
        kinds: MoveKinds,
    },
    /// `both TAKE` in a position of several components that take from both piles.
    WhichBoth,
    /// `to C: …` where C is not a component of the position.
    NoSuchComponent {
        /// The component number as typed (1-based).
        component: usize,
        /// How many components there are.
        components: usize,
    },
    /// A pile number in a position without heaps.
    NoHeaps {
        /// The pile number as typed.
        pile: String,
        /// How moves are typed in the position.
        kinds: MoveKinds,
    },
    /// A pile number that is not a pile of the position.
    NoSuchPile {
        /// The pile number as typed.
        pile: String,
        /// How many piles there are.
        piles: usize,
    },
    /// `both PILE TAKE` where PILE is not the first pile of a component that takes from both
    /// piles (piles are numbered across the whole position).
    NotFirstOfPair {
        /// The pile as typed, 1-based.
        pile: usize,
        /// The 1-based component that holds it.
        component: usize,
        /// Whether that component takes from both piles (then `pile` is its second pile).
        takes_from_both: bool,
        /// Each component that takes from both piles: its 1-based number and first pile, the
        /// PILE of `both PILE TAKE`.
        pairs: Vec<(usize, usize)>,
        /// The amount typed.
        take: Nat,
        /// Why the rules forbid the move as typed.
        reason: MoveError,
    },
    /// An amount of 0.
    TakesNothing,
    /// More than the pile holds.
    MoreThanThePile {
        /// 1-based pile number.
        pile: usize,
        /// What the pile holds.
        holds: Nat,
        /// The amount asked for.
        take: Nat,
    },
    /// A move the rules forbid (an amount outside the subtraction set or above K, both piles
    /// outside Wythoff's game, …).
    Illegal(#[from] MoveError),
}

/// Reads a line typed at the trainer's prompt in `position` under `game`: a command (`hint`,
/// `undo`, `show`, `help`, `quit`; also `h`, `u`, `s`, `?`, `q`, `exit`, and in Chinese 提示,
/// 悔棋, 显示, 帮助, 退出), or a move `PILE TAKE`
/// (1-based pile, counted across the whole position; blanks or a comma between) or, for a
/// Wythoff component, `both TAKE` (`both PILE TAKE` when several components take from both
/// piles, PILE the component's first). The move is checked against the position and the rules.
/// `Ok(None)` for a blank line.
///
/// # Errors
/// [`CommandError`], with what is wrong in words.
pub fn parse_command(
    game: &Game,
    position: &Position,
    line: &str,
) -> Result<Option<Command>, CommandError> {
    let text = line.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    let command = match text.to_ascii_lowercase().as_str() {
        "" => return Ok(None),
        "hint" | "h" | "提示" => Command::Hint,
        "undo" | "u" | "悔棋" => Command::Undo,
        "show" | "s" | "显示" => Command::Show,
        "help" | "?" | "？" | "帮助" => Command::Help,
        "quit" | "q" | "exit" | "退出" => Command::Quit,
        _ => return parse_move(game, position, text).map(|mv| Some(Command::Move(mv))),
    };
    Ok(Some(command))
}

/// `to NUMBERS` or, in a sum, `to COMPONENT: NUMBERS`: the component's position after the move,
/// for a component played as one whole state, read as a position writes it.
fn parse_to(
    game: &Game,
    position: &Position,
    rest: &str,
    text: &str,
) -> Result<Move, CommandError> {
    // After `to`, only a whole state's move is meant.
    let unknown = || CommandError::Unknown {
        text: text.to_string(),
        kinds: MoveKinds {
            takes_from_both: false,
            splits: false,
            whole: true,
            ..MoveKinds::of(position)
        },
    };
    // `C:` names a component when a space follows it, or in a sum when component C writes
    // no token with a colon of its own (Turning Corners' `3:5`).
    let prefix = rest.split_once([':', '：']).and_then(|(c, numbers)| {
        let index = c.trim().parse::<usize>().ok()?.checked_sub(1)?;
        let spaced = numbers.starts_with(char::is_whitespace);
        let own_colon = position
            .components()
            .nth(index)
            .is_some_and(|c| c.rules.reads_tokens());
        (spaced || (!position.is_single() && !own_colon)).then_some((index, numbers))
    });
    let (index, numbers) = match prefix {
        Some(found) => found,
        None if position.is_single() => (0, rest),
        None => return Err(unknown()),
    };
    let c = position
        .components()
        .nth(index)
        .ok_or_else(|| CommandError::NoSuchComponent {
            component: index + 1,
            components: position.parts().len(),
        })?;
    let mut spec = c.rules.spec();
    spec.push(' ');
    spec.push_str(numbers);
    let read = nimsolve::parse_sum(&spec, c.rules).map_err(|_| unknown())?;
    let after = read.piles().to_vec();
    let mv = Move::To {
        pile: c.offset,
        before: c.piles.to_vec(),
        after,
    };
    game.apply_move(position, &mv)?;
    Ok(mv)
}

/// A move typed in a game's own words (`cut 1-2`): the first component's that makes it a
/// move, else why the first that reads the words refuses them; `None` when no component
/// reads them.
pub fn typed_move(position: &Position, text: &str) -> Option<Result<Move, IllegalMove>> {
    let mut refused = None;
    for c in position.components() {
        match c.rules.typed_move(c.piles, c.offset, text) {
            Some(Ok(mv)) => return Some(Ok(mv)),
            Some(Err(why)) => {
                refused.get_or_insert(why);
            }
            None => {}
        }
    }
    refused.map(Err)
}

/// How the components of `position` that read moves in their own words read them, each way
/// once.
fn typed_moves(position: &Position) -> Vec<TypedMoves> {
    let mut typed = Vec::new();
    for t in position.components().filter_map(|c| c.rules.typed_moves()) {
        if !typed.contains(&t) {
            typed.push(t);
        }
    }
    typed
}

/// How the moves of a position are typed at the trainer's prompt: which of the ways apply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveKinds {
    /// The position has heaps (whose moves are `PILE TAKE`).
    pub heaps: bool,
    /// It has a component that takes from both piles (Wythoff's game, whose moves are also
    /// `both T`).
    pub takes_from_both: bool,
    /// It has a take-and-break component (whose moves are also `PILE TAKE = A + B`).
    pub splits: bool,
    /// It has a component played as one whole state (whose moves are `to NUMBERS`, `to C:
    /// NUMBERS` in a sum).
    pub whole: bool,
    /// How its components that read moves in their own words read them (`cut A-B`).
    pub typed: Vec<TypedMoves>,
}

/// One way of typing a move ([`MoveKinds`]), for a row of the trainer's help.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveKind {
    /// `PILE TAKE`.
    Heaps,
    /// `both TAKE`.
    Both,
    /// `PILE TAKE = A + B`.
    Splits,
    /// `to NUMBERS`.
    Whole,
    /// A component's own words.
    Typed(TypedMoves),
}

impl MoveKinds {
    /// Every way (a help that lists them all).
    #[cfg(test)]
    pub fn all() -> MoveKinds {
        MoveKinds {
            heaps: true,
            takes_from_both: true,
            splits: true,
            whole: true,
            typed: vec![TypedMoves::CutEdge],
        }
    }

    /// Whether moves of this position are typed `kind`.
    pub fn has(&self, kind: MoveKind) -> bool {
        match kind {
            MoveKind::Heaps => self.heaps,
            MoveKind::Both => self.takes_from_both,
            MoveKind::Splits => self.splits,
            MoveKind::Whole => self.whole,
            MoveKind::Typed(t) => self.typed.contains(&t),
        }
    }

    /// The ways the moves of `position` are typed.
    pub fn of(position: &Position) -> MoveKinds {
        MoveKinds {
            heaps: !position.heaps().is_empty(),
            takes_from_both: position.components().any(|c| c.rules.takes_from_both()),
            splits: position.components().any(|c| c.rules.splits_heaps()),
            whole: position.components().any(|c| c.rules.is_whole()),
            typed: typed_moves(position),
        }
    }
}

/// Whether `c` separates the numbers of a typed move: white space (the full-width space of a
/// Chinese keyboard too), a comma, or the full-width comma and enumeration comma `，` `、`.
fn separates(c: char) -> bool {
    c.is_whitespace() || matches!(c, ',' | '，' | '、')
}

/// `PILE TAKE`, `both TAKE`, `both PILE TAKE` or `PILE TAKE = A + B`, checked against the
/// position and the rules.
fn parse_move(game: &Game, position: &Position, text: &str) -> Result<Move, CommandError> {
    // `to` alone: the position with nothing left (a row of coins all tails).
    let bare = matches!(text, "to" | "TO").then_some("");
    if let Some(rest) = bare
        .or_else(|| text.strip_prefix("to "))
        .or_else(|| text.strip_prefix("TO "))
        .or_else(|| text.strip_prefix("走到"))
    {
        return parse_to(game, position, rest, text);
    }
    // A move in a game's own words (`cut 1-2`).
    if let Some(typed) = typed_move(position, text) {
        let mv = typed.map_err(MoveError::from)?;
        game.apply_move(position, &mv)?;
        return Ok(mv);
    }
    let piles = position.piles();
    // Piles are typed as people count a sum's: its heaps, across the components that are not
    // played whole (`Position::heaps`).
    let heaps = position.heaps();
    let heap_number = |pile: usize| heaps.iter().position(|&p| p == pile).map_or(pile, |i| i) + 1;
    let both: Vec<usize> = position
        .components()
        .filter(|c| c.rules.takes_from_both())
        .map(|c| c.offset)
        .collect();
    // `both PILE TAKE` names the first pile of a component that takes from both.
    let not_first_of_pair = |first: usize, take: &Nat, reason: MoveError| {
        let holder = position
            .components()
            .find(|c| (c.offset..c.offset + c.piles.len()).contains(&first))?;
        Some(CommandError::NotFirstOfPair {
            pile: heap_number(first),
            component: holder.index + 1,
            takes_from_both: holder.rules.takes_from_both(),
            pairs: position
                .components()
                .filter(|c| c.rules.takes_from_both())
                .map(|c| (c.index + 1, heap_number(c.offset)))
                .collect(),
            take: take.clone(),
            reason,
        })
    };
    let unknown = || CommandError::Unknown {
        text: text.to_string(),
        kinds: MoveKinds::of(position),
    };
    // `PILE TAKE = A + B`: what is left, as heaps.
    let (text, leaves) = match text.split_once(['=', '＝']) {
        Some((head, rest)) => {
            let heaps: Vec<&str> = rest
                .split(|c: char| separates(c) || c == '+' || c == '＋')
                .filter(|t| !t.is_empty())
                .collect();
            (head, Some(heaps))
        }
        None => (text, None),
    };
    let tokens: Vec<&str> = text.split(separates).filter(|t| !t.is_empty()).collect();
    let number = |t: &str| Nat::parse_decimal(t.as_bytes()).map_err(|_| unknown());
    let pile_index = |pile: &Nat| {
        pile.to_u64()
            .and_then(|p| usize::try_from(p).ok())
            .and_then(|p| heaps.get(p.checked_sub(1)?).copied())
            .ok_or_else(|| match heaps.len() {
                0 => CommandError::NoHeaps {
                    pile: pile.to_string(),
                    kinds: MoveKinds::of(position),
                },
                piles => CommandError::NoSuchPile {
                    pile: pile.to_string(),
                    piles,
                },
            })
    };
    let (which, pile, take) = match tokens[..] {
        [which, take] => (which, None, take),
        [which, pile, take] if which.eq_ignore_ascii_case("both") => (which, Some(pile), take),
        _ => return Err(unknown()),
    };
    let take = number(take)?;
    if let Some(heaps) = leaves {
        if pile.is_some() {
            return Err(unknown());
        }
        let index = pile_index(&number(which)?)?;
        let mut leaves = heaps
            .iter()
            .map(|h| number(h))
            .collect::<Result<Vec<_>, _>>()?;
        leaves.sort();
        let from = piles[index].clone();
        let mv = match leaves.len() {
            0 | 1 => {
                let to = leaves.pop().unwrap_or_default();
                if from.checked_sub(&take) != Some(to.clone()) {
                    return Err(unknown());
                }
                Move::pile(piles, index, to)
            }
            _ => Move::Split {
                pile: index,
                from,
                take,
                leaves,
            },
        };
        game.apply_move(position, &mv)?;
        return Ok(mv);
    }
    if take.is_zero() {
        return Err(CommandError::TakesNothing);
    }
    let mv = if which.eq_ignore_ascii_case("both") {
        let first = match (pile, &both[..]) {
            (Some(pile), _) => {
                let first = pile_index(&number(pile)?)?;
                let mv = Move::Both {
                    pile: first,
                    take: take.clone(),
                };
                if !both.is_empty()
                    && !both.contains(&first)
                    && let Err(reason) = game.apply_move(position, &mv)
                    && let Some(e) = not_first_of_pair(first, &take, reason)
                {
                    return Err(e);
                }
                first
            }
            (None, [only]) => *only,
            (None, []) => 0,
            (None, _) => return Err(CommandError::WhichBoth),
        };
        Move::Both { pile: first, take }
    } else {
        let index = pile_index(&number(which)?)?;
        let holds = &piles[index];
        let Some(to) = holds.checked_sub(&take) else {
            return Err(CommandError::MoreThanThePile {
                pile: heap_number(index),
                holds: holds.clone(),
                take,
            });
        };
        Move::pile(piles, index, to)
    };
    game.apply_move(position, &mv)?;
    Ok(mv)
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimsolve::{Limits, Play, Rules, SubtractionSet, parse_sum};

    fn nats(v: &[u64]) -> Vec<Nat> {
        v.iter().map(|&x| Nat::from(x)).collect()
    }

    #[test]
    fn commands_and_moves() {
        let nim = Game::nim(Play::Normal);
        let position = nim.position(nats(&[3, 0, 5])).unwrap();
        let piles = position.piles().to_vec();
        let parse = |text: &str| parse_command(&nim, &position, text);
        for (text, want) in [
            ("hint", Command::Hint),
            ("H", Command::Hint),
            ("undo", Command::Undo),
            ("show", Command::Show),
            ("help", Command::Help),
            ("?", Command::Help),
            (" quit ", Command::Quit),
            ("exit", Command::Quit),
            ("提示", Command::Hint),
            ("悔棋", Command::Undo),
            (" 显示 ", Command::Show),
            ("帮助", Command::Help),
            ("？", Command::Help),
            ("退出\r", Command::Quit),
        ] {
            assert_eq!(parse(text), Ok(Some(want)), "{text:?}");
        }
        assert_eq!(parse(""), Ok(None));
        assert_eq!(parse(" \t\r"), Ok(None));
        let take_2_from_3 = Move::pile(&piles, 2, Nat::from(3u64));
        for text in ["3 2", "3,2", " 3\t 2 ", "03 002", "\u{feff}3 2\r"] {
            assert_eq!(
                parse(text),
                Ok(Some(Command::Move(take_2_from_3.clone()))),
                "{text:?}"
            );
        }
        assert_eq!(
            parse("2 1"),
            Err(CommandError::MoreThanThePile {
                pile: 2,
                holds: Nat::ZERO,
                take: Nat::ONE
            })
        );
        assert_eq!(
            parse("2 1").unwrap_err().to_string(),
            "illegal move: pile 2 is empty"
        );
        assert!(matches!(
            parse("99999999999999999999999 1"),
            Err(CommandError::NoSuchPile { .. })
        ));
        assert_eq!(parse("1 0"), Err(CommandError::TakesNothing));
        assert!(matches!(parse("1"), Err(CommandError::Unknown { .. })));
        assert!(matches!(parse("1 2 3"), Err(CommandError::Unknown { .. })));
        assert!(matches!(
            parse("one two"),
            Err(CommandError::Unknown { .. })
        ));
        assert!(matches!(parse("1 +2"), Err(CommandError::Unknown { .. })));
        assert!(matches!(parse("1 ２"), Err(CommandError::Unknown { .. })));
        assert!(matches!(parse("both 1"), Err(CommandError::Illegal(_))));
    }

    #[test]
    fn moves_follow_the_rules() {
        // At most K, a subtraction set, both piles in Wythoff's game.
        let bash = Game::new(
            Rules::max_take(Nat::from(3u64)).unwrap(),
            Play::Normal,
            Limits::default(),
        );
        let piles = nats(&[3, 0, 5]);
        let position = bash.position(piles.clone()).unwrap();
        assert!(matches!(
            parse_command(&bash, &position, "3 4"),
            Err(CommandError::Illegal(_))
        ));
        let set = Rules::subtract(SubtractionSet::parse("2,5").unwrap());
        let sub = Game::new(set, Play::Normal, Limits::default());
        let position = sub.position(piles).unwrap();
        assert!(parse_command(&sub, &position, "3 5").unwrap().is_some());
        assert!(parse_command(&sub, &position, "3 3").is_err());
        let wythoff = Game::new(Rules::wythoff(), Play::Normal, Limits::default());
        let two = wythoff.position(nats(&[4, 6])).unwrap();
        assert_eq!(
            parse_command(&wythoff, &two, "BOTH 4"),
            Ok(Some(Command::Move(Move::Both {
                pile: 0,
                take: Nat::from(4u64)
            })))
        );
        assert!(parse_command(&wythoff, &two, "both 5").is_err());
        let unknown = parse_command(&wythoff, &two, "x").unwrap_err().to_string();
        assert!(unknown.contains("both TAKE"), "{unknown}");
    }

    #[test]
    fn splits_are_typed_with_what_they_leave() {
        let game = Game::nim(Play::Normal);
        let sum = parse_sum("kayles 10 + grundys-game 7", &Rules::nim()).unwrap();
        let parse = |text: &str| parse_command(&game, &sum, text);
        let split = |pile, from: u64, take: u64, leaves: &[u64]| {
            Ok(Some(Command::Move(Move::Split {
                pile,
                from: Nat::from(from),
                take: Nat::from(take),
                leaves: nats(leaves),
            })))
        };
        // Kayles: take 2 from 10 leaving 3 and 5, in either order.
        assert_eq!(parse("1 2 = 3 + 5"), split(0, 10, 2, &[3, 5]));
        assert_eq!(parse("1 2 = 5 3"), split(0, 10, 2, &[3, 5]));
        // As a Chinese keyboard types them: full-width comma, equals and plus.
        assert_eq!(parse("1，2 ＝ 3 ＋ 5"), split(0, 10, 2, &[3, 5]));
        assert_eq!(parse("1、2=3，5"), split(0, 10, 2, &[3, 5]));
        assert_eq!(
            parse("1 1 = 9"),
            Ok(Some(Command::Move(Move::pile(
                sum.piles(),
                0,
                Nat::from(9u64)
            ))))
        );
        // Grundy's game breaks without taking, into unequal heaps.
        assert_eq!(parse("2 0 = 3 + 4"), split(1, 7, 0, &[3, 4]));
        assert!(matches!(parse("2 0 = 1 + 6 "), Ok(Some(_))));
        assert!(matches!(
            parse("2 1 = 3 + 3"),
            Err(CommandError::Illegal(_))
        ));
        // Heaps that do not add up, a take Kayles does not have, a break in three.
        assert!(matches!(
            parse("1 2 = 3 + 4"),
            Err(CommandError::Illegal(_))
        ));
        assert!(matches!(
            parse("1 3 = 3 + 4"),
            Err(CommandError::Illegal(_))
        ));
        assert!(matches!(
            parse("1 1 = 3 + 3 + 3"),
            Err(CommandError::Illegal(_))
        ));
        assert!(matches!(
            parse("1 2 = 7"),
            Err(CommandError::Unknown { .. })
        ));
        let unknown = parse("x").unwrap_err().to_string();
        assert!(unknown.contains("PILE TAKE = A + B"), "{unknown}");
    }

    #[test]
    fn moves_in_a_sum_name_piles_across_it() {
        let game = Game::nim(Play::Normal);
        let sum = parse_sum("3 + wythoff 1 2 + max-take:2 5", &Rules::nim()).unwrap();
        let parse = |text: &str| parse_command(&game, &sum, text);
        // `both TAKE` is the Wythoff component's (its first pile is pile 2).
        assert_eq!(
            parse("both 1"),
            Ok(Some(Command::Move(Move::Both {
                pile: 1,
                take: Nat::ONE
            })))
        );
        // Pile 4 is the take-1..2 component's: 3 is too many.
        assert!(matches!(parse("4 3"), Err(CommandError::Illegal(_))));
        assert!(parse("4 2").unwrap().is_some());
        // Both piles of two components at once is no move: pile 3 is the Wythoff
        // component's second, and `both 2 1` the move meant.
        assert!(matches!(
            parse("both 3 1"),
            Err(CommandError::NotFirstOfPair {
                pile: 3,
                component: 2,
                takes_from_both: true,
                ref pairs,
                ..
            }) if pairs == &[(2, 2)]
        ));
        assert!(matches!(
            parse("both 1 1"),
            Err(CommandError::NotFirstOfPair {
                component: 1,
                takes_from_both: false,
                ..
            })
        ));
        let two = parse_sum("wythoff 1 2 + wythoff 3 3", &Rules::nim()).unwrap();
        assert_eq!(
            parse_command(&game, &two, "both 1"),
            Err(CommandError::WhichBoth)
        );
        assert_eq!(
            parse_command(&game, &two, "both 3 2"),
            Ok(Some(Command::Move(Move::Both {
                pile: 2,
                take: Nat::from(2u64)
            })))
        );
    }
}
