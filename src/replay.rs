//! Replaying a whole game move by move, as in the notes' worked example
//! (7,8,9) → (1,8,9) → (1,8,4) → (1,5,4) → … → (0,0,0), and playing one against a person
//! ([`Trainer`]): reading their moves, staged hints, taking moves back, engines of three
//! strengths ([`Engine`]). Everything here is pure; the `nimsolve` command does the I/O.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use thiserror::Error;

use crate::error::{MoveError, PlayError, SolveError};
use crate::game::Game;
use crate::moves::{Move, Outcome};
use crate::nat::Nat;
use crate::nim::{NimState, NimSummary};
use crate::rules::Play;

/// Who moves: the first player moves at turn 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// The player who moves first.
    First,
    /// The other player.
    Second,
}

impl Player {
    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// `"first"` or `"second"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Player::First => "first",
            Player::Second => "second",
        }
    }
}

/// How a player picks moves. `choose` is called only when a legal move exists.
pub trait Strategy {
    /// The move to play in `piles`.
    ///
    /// # Errors
    /// Whatever the strategy's analysis cannot do (a limit, for example).
    fn choose(&mut self, game: &Game, piles: &[Nat]) -> Result<Move, PlayError>;
}

/// Perfect play: [`Game::advise`]'s move (a winning move when there is one, else the fallback).
#[derive(Debug, Clone, Copy, Default)]
pub struct Optimal;

impl Strategy for Optimal {
    fn choose(&mut self, game: &Game, piles: &[Nat]) -> Result<Move, PlayError> {
        game.advise(piles)?.suggestion.ok_or(PlayError::NoMove)
    }
}

/// Uniformly random legal moves ([`Game::random_move`]) from a seeded generator
/// (ChaCha8), so a seed always gives the same game.
#[derive(Debug, Clone)]
pub struct RandomMoves {
    rng: ChaCha8Rng,
}

impl RandomMoves {
    /// A random player seeded with `seed`.
    pub fn new(seed: u64) -> RandomMoves {
        RandomMoves {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Strategy for RandomMoves {
    fn choose(&mut self, game: &Game, piles: &[Nat]) -> Result<Move, PlayError> {
        game.random_move(piles, &mut self.rng)
            .ok_or(PlayError::NoMove)
    }
}

/// One move of a replayed game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turn {
    /// 1 for the first move.
    pub turn: u64,
    /// Who moved.
    pub player: Player,
    /// The move.
    pub mv: Move,
    /// The position after the move.
    pub after: Vec<Nat>,
    /// For Nim: the notes' state of the position after the move.
    pub state: Option<NimState>,
    /// The outcome of the position after the move, for the player to move next (only computed
    /// when the game has a closed form or the search is within its limit).
    pub outcome: Option<Outcome>,
}

/// A game being replayed; call [`Replay::next_turn`] until it returns `None`, then
/// [`Replay::winner`].
pub struct Replay<'g> {
    game: &'g Game,
    piles: Vec<Nat>,
    players: [Box<dyn Strategy + 'g>; 2],
    turn: u64,
    to_move: Player,
}

impl<'g> Replay<'g> {
    /// Starts a game at `start` with the first player to move.
    pub fn new(
        game: &'g Game,
        start: Vec<Nat>,
        first: Box<dyn Strategy + 'g>,
        second: Box<dyn Strategy + 'g>,
    ) -> Replay<'g> {
        Replay {
            game,
            piles: start,
            players: [first, second],
            turn: 0,
            to_move: Player::First,
        }
    }

    /// The current position.
    pub fn piles(&self) -> &[Nat] {
        &self.piles
    }

    /// Plays the next move, or returns `None` when no move is left.
    ///
    /// # Errors
    /// [`PlayError::Illegal`] if a strategy chose a move the rules forbid, or what the
    /// strategy's analysis failed with.
    pub fn next_turn(&mut self) -> Result<Option<Turn>, PlayError> {
        if !self.game.has_move(&self.piles) {
            return Ok(None);
        }
        let who = self.to_move;
        let idx = match who {
            Player::First => 0,
            Player::Second => 1,
        };
        let mv = self.players[idx].choose(self.game, &self.piles)?;
        let after = self.game.apply_move(&self.piles, &mv)?;
        self.turn += 1;
        self.piles = after.clone();
        self.to_move = who.other();
        Ok(Some(annotated_turn(self.game, self.turn, who, mv, after)))
    }

    /// The number of moves played so far.
    pub fn turns(&self) -> u64 {
        self.turn
    }

    /// The winner, once no move is left (`None` while the game goes on): under normal play the
    /// player who moved last, under misère play the player to move.
    pub fn winner(&self) -> Option<Player> {
        winner(self.game, &self.piles, self.to_move)
    }
}

/// The winner of a game at `piles` with `to_move` to move, once no move is left.
fn winner(game: &Game, piles: &[Nat], to_move: Player) -> Option<Player> {
    if game.has_move(piles) {
        return None;
    }
    Some(match game.play() {
        Play::Normal => to_move.other(),
        Play::Misere => to_move,
    })
}

/// A turn with the state and outcome of the position after it.
fn annotated_turn(game: &Game, turn: u64, player: Player, mv: Move, after: Vec<Nat>) -> Turn {
    let (state, outcome) = if game.rules().is_nim() {
        let state = NimSummary::of(&after).state();
        (Some(state), Some(state.outcome(game.play())))
    } else {
        (None, game.analyze(&after).ok().map(|a| a.outcome))
    };
    Turn {
        turn,
        player,
        mv,
        after,
        state,
        outcome,
    }
}

// ---------------------------------------------------------------------------------------------
// Playing against a person.
// ---------------------------------------------------------------------------------------------

/// How strongly an [`Engine`] plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Level {
    /// Half of its moves (50%) are uniformly random legal moves; the others are perfect.
    Easy,
    /// One move in five (20%) is a uniformly random legal move; the others are perfect.
    Medium,
    /// Always perfect ([`Optimal`]).
    #[default]
    Perfect,
}

impl Level {
    /// The share of moves played at random instead of perfectly, in percent: 50, 20 or 0.
    pub fn mistake_percent(self) -> u32 {
        match self {
            Level::Easy => 50,
            Level::Medium => 20,
            Level::Perfect => 0,
        }
    }

    /// `"easy"`, `"medium"` or `"perfect"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Perfect => "perfect",
        }
    }
}

/// An engine of a given [`Level`]: before each move it draws from a seeded generator (ChaCha8)
/// whether to play a uniformly random legal move ([`Game::random_move`], with the level's
/// mistake rate) or the perfect move ([`Optimal`]). The same seed always gives the same moves.
#[derive(Debug, Clone)]
pub struct Engine {
    level: Level,
    rng: ChaCha8Rng,
}

impl Engine {
    /// An engine of `level` seeded with `seed`.
    pub fn new(level: Level, seed: u64) -> Engine {
        Engine {
            level,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// Its level.
    pub fn level(&self) -> Level {
        self.level
    }
}

impl Strategy for Engine {
    fn choose(&mut self, game: &Game, piles: &[Nat]) -> Result<Move, PlayError> {
        let rate = self.level.mistake_percent();
        if rate > 0
            && self.rng.random_range(0..100) < rate
            && let Some(mv) = game.random_move(piles, &mut self.rng)
        {
            return Ok(mv);
        }
        Optimal.choose(game, piles)
    }
}

/// Who makes a player's moves in a [`Trainer`] game.
pub enum Seat<'g> {
    /// A person, whose moves are given to [`Trainer::play`].
    Human,
    /// A strategy (an [`Engine`], [`Optimal`], [`RandomMoves`]), asked by
    /// [`Trainer::engine_move`].
    Engine(Box<dyn Strategy + 'g>),
}

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

/// Why a line typed at the trainer's prompt is not a legal move or a command.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CommandError {
    /// Neither a command nor two numbers.
    #[error("{text:?} is neither a move nor a command: type {}, or hint, undo, show, help or quit", move_syntax(*.wythoff))]
    Unknown {
        /// The line, trimmed.
        text: String,
        /// Whether the game is Wythoff's (which also has `both T`).
        wythoff: bool,
    },
    /// A pile number that is not a pile of the position.
    #[error("there is no pile {pile}: the piles are numbered 1 to {piles}")]
    NoSuchPile {
        /// The pile number as typed.
        pile: String,
        /// How many piles there are.
        piles: usize,
    },
    /// An amount of 0.
    #[error("a move takes at least one object")]
    TakesNothing,
    /// More than the pile holds.
    #[error("{}", more_than_the_pile(*.pile, .holds, .take))]
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
    #[error(transparent)]
    Illegal(#[from] MoveError),
}

fn more_than_the_pile(pile: usize, holds: &Nat, take: &Nat) -> String {
    if holds.is_zero() {
        format!("pile {pile} is empty")
    } else {
        format!("pile {pile} holds {holds}, so you cannot take {take} from it")
    }
}

/// How a move is typed.
fn move_syntax(wythoff: bool) -> &'static str {
    if wythoff {
        "a move as PILE TAKE (2 3 takes 3 from pile 2) or both TAKE (both 3 takes 3 from each pile)"
    } else {
        "a move as PILE TAKE (2 3 takes 3 from pile 2)"
    }
}

/// Reads a line typed at the trainer's prompt in `piles` under `game`: a command (`hint`,
/// `undo`, `show`, `help`, `quit`; also `h`, `u`, `s`, `?`, `q`, `exit`), or a move `PILE TAKE`
/// (1-based pile; blanks or a comma between) or, in Wythoff's game, `both TAKE`. The move is
/// checked against the position and the rules. `Ok(None)` for a blank line.
///
/// # Errors
/// [`CommandError`], with what is wrong in words.
///
/// ```
/// use nimsolve::{Game, Move, Nat, Play, replay::{parse_command, Command}};
/// let game = Game::nim(Play::Normal);
/// let piles = [3u64, 4, 5].map(Nat::from);
/// let mv = Move::pile(&piles, 2, Nat::from(3u64));
/// assert_eq!(parse_command(&game, &piles, "3 2").unwrap(), Some(Command::Move(mv)));
/// assert_eq!(parse_command(&game, &piles, " HINT ").unwrap(), Some(Command::Hint));
/// assert!(parse_command(&game, &piles, "4 1").is_err()); // there is no pile 4
/// assert!(parse_command(&game, &piles, "1 9").is_err()); // pile 1 holds 3
/// ```
pub fn parse_command(
    game: &Game,
    piles: &[Nat],
    line: &str,
) -> Result<Option<Command>, CommandError> {
    let text = line.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    let command = match text.to_ascii_lowercase().as_str() {
        "" => return Ok(None),
        "hint" | "h" => Command::Hint,
        "undo" | "u" => Command::Undo,
        "show" | "s" => Command::Show,
        "help" | "?" => Command::Help,
        "quit" | "q" | "exit" => Command::Quit,
        _ => return parse_move(game, piles, text).map(|mv| Some(Command::Move(mv))),
    };
    Ok(Some(command))
}

/// `PILE TAKE` or `both TAKE`, checked against `piles` and the rules.
fn parse_move(game: &Game, piles: &[Nat], text: &str) -> Result<Move, CommandError> {
    let wythoff = game.rules().takes_from_both();
    let unknown = || CommandError::Unknown {
        text: text.to_string(),
        wythoff,
    };
    let tokens: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .collect();
    let [which, take] = tokens[..] else {
        return Err(unknown());
    };
    let take = Nat::parse_decimal(take.as_bytes()).map_err(|_| unknown())?;
    if take.is_zero() {
        return Err(CommandError::TakesNothing);
    }
    let mv = if which.eq_ignore_ascii_case("both") {
        Move::Both { pile: 0, take }
    } else {
        let pile = Nat::parse_decimal(which.as_bytes()).map_err(|_| unknown())?;
        let index = pile
            .to_u64()
            .and_then(|p| usize::try_from(p).ok())
            .filter(|&p| (1..=piles.len()).contains(&p))
            .ok_or_else(|| CommandError::NoSuchPile {
                pile: pile.to_string(),
                piles: piles.len(),
            })?
            - 1;
        let holds = &piles[index];
        let Some(to) = holds.checked_sub(&take) else {
            return Err(CommandError::MoreThanThePile {
                pile: index + 1,
                holds: holds.clone(),
                take,
            });
        };
        Move::pile(piles, index, to)
    };
    game.apply_move(piles, &mv)?;
    Ok(mv)
}

/// One stage of a hint; asking again gives the next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Hint {
    /// First: whether the player to move wins against perfect play.
    Outcome {
        /// The player to move wins (an N-position).
        wins: bool,
    },
    /// Then: the pile to take from (`None`: from both piles, in Wythoff's game).
    Pile {
        /// The player to move wins.
        wins: bool,
        /// 0-based pile.
        pile: Option<usize>,
    },
    /// Last: the move. A winning move; in a lost position the move that delays the loss
    /// longest (`delaying`), or the fallback move beyond the search limit.
    Move {
        /// The player to move wins.
        wins: bool,
        /// The move.
        mv: Move,
        /// Chosen by remoteness, to hold out longest.
        delaying: bool,
    },
}

impl Hint {
    /// Which stage this is: 1, 2 or 3.
    pub fn stage(&self) -> u8 {
        match self {
            Hint::Outcome { .. } => 1,
            Hint::Pile { .. } => 2,
            Hint::Move { .. } => 3,
        }
    }
}

/// A game between people and engines, one move at a time: the trainer behind
/// `nimsolve play --first human`. It keeps the moves played, so they can be taken back, and how
/// far the hints for the current position went.
///
/// ```
/// use nimsolve::{Game, Nat, Play, replay::{Command, Engine, Hint, Level, Seat, Trainer}};
/// let game = Game::nim(Play::Normal);
/// let start = [1u64, 2].map(Nat::from).to_vec();
/// let engine = Engine::new(Level::Perfect, 0);
/// let mut trainer = Trainer::new(&game, start, Seat::Human, Seat::Engine(Box::new(engine)));
/// assert_eq!(trainer.hint().unwrap(), Hint::Outcome { wins: true });
/// let Some(Command::Move(mv)) = trainer.parse("2 1").unwrap() else { panic!() };
/// trainer.play(&mv).unwrap(); // 1 1: the engine loses
/// let reply = trainer.engine_move().unwrap().unwrap();
/// assert_eq!(reply.after.iter().filter(|p| p.is_zero()).count(), 1);
/// assert_eq!(trainer.undo().len(), 2); // the engine's reply and the move
/// assert_eq!(trainer.piles(), &[Nat::from(1u64), Nat::from(2u64)]);
/// ```
pub struct Trainer<'g> {
    game: &'g Game,
    start: Vec<Nat>,
    piles: Vec<Nat>,
    seats: [Seat<'g>; 2],
    history: Vec<Turn>,
    hints: u8,
}

impl<'g> Trainer<'g> {
    /// A game at `start`, the first player to move.
    pub fn new(game: &'g Game, start: Vec<Nat>, first: Seat<'g>, second: Seat<'g>) -> Trainer<'g> {
        Trainer {
            game,
            piles: start.clone(),
            start,
            seats: [first, second],
            history: Vec::new(),
            hints: 0,
        }
    }

    /// The game being played.
    pub fn game(&self) -> &'g Game {
        self.game
    }

    /// The current position.
    pub fn piles(&self) -> &[Nat] {
        &self.piles
    }

    /// The moves played so far (taken-back moves are gone).
    pub fn history(&self) -> &[Turn] {
        &self.history
    }

    /// Who moves next.
    pub fn to_move(&self) -> Player {
        if self.history.len().is_multiple_of(2) {
            Player::First
        } else {
            Player::Second
        }
    }

    /// Whether `player` is a person.
    pub fn is_human(&self, player: Player) -> bool {
        matches!(self.seat(player), Seat::Human)
    }

    fn seat(&self, player: Player) -> &Seat<'g> {
        match player {
            Player::First => &self.seats[0],
            Player::Second => &self.seats[1],
        }
    }

    /// Whether no move is left.
    pub fn is_over(&self) -> bool {
        !self.game.has_move(&self.piles)
    }

    /// The winner once no move is left, as [`Replay::winner`].
    pub fn winner(&self) -> Option<Player> {
        winner(self.game, &self.piles, self.to_move())
    }

    /// Reads a line typed at the prompt in the current position ([`parse_command`]).
    ///
    /// # Errors
    /// [`CommandError`].
    pub fn parse(&self, line: &str) -> Result<Option<Command>, CommandError> {
        parse_command(self.game, &self.piles, line)
    }

    /// Plays `mv` for the player to move.
    ///
    /// # Errors
    /// [`PlayError::Illegal`] if the rules forbid it.
    pub fn play(&mut self, mv: &Move) -> Result<Turn, PlayError> {
        let after = self.game.apply_move(&self.piles, mv)?;
        let turn = annotated_turn(
            self.game,
            self.history.len() as u64 + 1,
            self.to_move(),
            mv.clone(),
            after.clone(),
        );
        self.piles = after;
        self.history.push(turn.clone());
        self.hints = 0;
        Ok(turn)
    }

    /// Lets the engine to move play, if an engine is to move and a move is left; `None`
    /// otherwise (a person's turn, or the game is over).
    ///
    /// # Errors
    /// What the engine's analysis failed with, or a move the rules forbid.
    pub fn engine_move(&mut self) -> Result<Option<Turn>, PlayError> {
        if self.is_over() {
            return Ok(None);
        }
        let idx = match self.to_move() {
            Player::First => 0,
            Player::Second => 1,
        };
        let mv = match &mut self.seats[idx] {
            Seat::Human => return Ok(None),
            Seat::Engine(strategy) => strategy.choose(self.game, &self.piles)?,
        };
        self.play(&mv).map(Some)
    }

    /// The next stage of the hint for the player to move: first whether they win, then the
    /// pile, then the move (repeated when asked again). The stages start again after a move.
    ///
    /// # Errors
    /// What the analysis fails with (a limit).
    pub fn hint(&mut self) -> Result<Hint, SolveError> {
        let advice = self.game.advise(&self.piles)?;
        let wins = advice.is_winning();
        let delaying = advice.is_delaying();
        let hint = match (self.hints, advice.suggestion) {
            (0, _) | (_, None) => Hint::Outcome { wins },
            (1, Some(mv)) => Hint::Pile {
                wins,
                pile: match mv {
                    Move::Pile { pile, .. } => Some(pile),
                    Move::Both { .. } => None,
                },
            },
            (_, Some(mv)) => Hint::Move { wins, mv, delaying },
        };
        self.hints = hint.stage();
        Ok(hint)
    }

    /// Takes back the last move a person made and every engine move after it, so that person
    /// is to move again. Returns the moves taken back, last first; empty when no person has
    /// moved.
    pub fn undo(&mut self) -> Vec<Turn> {
        let Some(k) = self.history.iter().rposition(|t| self.is_human(t.player)) else {
            return Vec::new();
        };
        let mut undone = self.history.split_off(k);
        undone.reverse();
        self.piles = self
            .history
            .last()
            .map_or_else(|| self.start.clone(), |t| t.after.clone());
        self.hints = 0;
        undone
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays the moves given, as a scripted opponent.
    struct Scripted(Vec<(usize, u64)>);

    impl Strategy for Scripted {
        fn choose(&mut self, _: &Game, piles: &[Nat]) -> Result<Move, PlayError> {
            let (pile, to) = self.0.remove(0);
            Ok(Move::pile(piles, pile - 1, Nat::from(to)))
        }
    }

    #[test]
    fn the_notes_game_from_7_8_9() {
        // 甲 plays perfectly; 乙's moves are the notes' own: (1,8,9)->(1,8,4), (1,5,4)->(1,4,4),
        // (0,4,4)->(0,4,2), (0,2,2)->(0,2,1), (0,1,1)->(0,1,0).
        let game = Game::nim(Play::Normal);
        let second = Scripted(vec![(3, 4), (2, 4), (3, 2), (3, 1), (3, 0)]);
        let start = [7u64, 8, 9].map(Nat::from).to_vec();
        let mut replay = Replay::new(&game, start, Box::new(Optimal), Box::new(second));
        let mut seen = Vec::new();
        while let Some(turn) = replay.next_turn().unwrap() {
            seen.push(
                turn.after
                    .iter()
                    .map(|p| p.to_u64().unwrap())
                    .collect::<Vec<_>>(),
            );
        }
        let expected: Vec<Vec<u64>> = vec![
            vec![1, 8, 9],
            vec![1, 8, 4],
            vec![1, 5, 4],
            vec![1, 4, 4],
            vec![0, 4, 4],
            vec![0, 4, 2],
            vec![0, 2, 2],
            vec![0, 2, 1],
            vec![0, 1, 1],
            vec![0, 1, 0],
            vec![0, 0, 0],
        ];
        assert_eq!(seen, expected);
        assert_eq!(replay.winner(), Some(Player::First)); // 甲勝
    }

    #[test]
    fn optimal_replays_end_as_predicted() {
        for play in [Play::Normal, Play::Misere] {
            let game = Game::nim(play);
            let start = [3u64, 5, 7].map(Nat::from).to_vec();
            let predicted = game.analyze(&start).unwrap().outcome;
            let mut replay = Replay::new(&game, start, Box::new(Optimal), Box::new(Optimal));
            while replay.next_turn().unwrap().is_some() {}
            let first_wins = replay.winner() == Some(Player::First);
            assert_eq!(first_wins, predicted == Outcome::N, "{play:?}");
        }
    }
}
