//! Replaying a whole game move by move, as in the notes' worked example
//! (7,8,9) → (1,8,9) → (1,8,4) → (1,5,4) → … → (0,0,0), and playing one against a person
//! ([`Trainer`]): reading their moves, staged hints, taking moves back, engines of three
//! strengths ([`Engine`]). Everything here is pure; the `nimsolve` command does the I/O.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use crate::engine::game::Game;
use crate::engine::sum::Position;
use crate::error::{PlayError, SolveError};
use crate::games::facts::Fact;
use crate::moves::{Move, Outcome};
use crate::nat::Nat;
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
    /// The move to play in `position`.
    ///
    /// # Errors
    /// Whatever the strategy's analysis cannot do (a limit, for example).
    fn choose(&mut self, game: &Game, position: &Position) -> Result<Move, PlayError>;
}

/// Perfect play: [`Game::advise`]'s move (a winning move when there is one, else the fallback).
#[derive(Debug, Clone, Copy, Default)]
pub struct Optimal;

impl Strategy for Optimal {
    fn choose(&mut self, game: &Game, position: &Position) -> Result<Move, PlayError> {
        game.advise(position)?.suggestion.ok_or(PlayError::NoMove)
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
    fn choose(&mut self, game: &Game, position: &Position) -> Result<Move, PlayError> {
        game.random_move(position, &mut self.rng)
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
    pub after: Position,
    /// What the family's closed form reads off the position after the move, when the game has
    /// one that is read for every turn (Nim: the nim-sum and the notes' state).
    pub fact: Option<Fact>,
    /// The outcome of the position after the move, for the player to move next (only computed
    /// when the game has a closed form or the search is within its limit).
    pub outcome: Option<Outcome>,
}

/// A game being replayed; call [`Replay::next_turn`] until it returns `None`, then
/// [`Replay::winner`].
pub struct Replay<'g> {
    game: &'g Game,
    position: Position,
    players: [Box<dyn Strategy + 'g>; 2],
    turn: u64,
    to_move: Player,
}

impl<'g> Replay<'g> {
    /// Starts a game at `start` with the first player to move.
    pub fn new(
        game: &'g Game,
        start: Position,
        first: Box<dyn Strategy + 'g>,
        second: Box<dyn Strategy + 'g>,
    ) -> Replay<'g> {
        Replay {
            game,
            position: start,
            players: [first, second],
            turn: 0,
            to_move: Player::First,
        }
    }

    /// The current position's piles.
    pub fn piles(&self) -> &[Nat] {
        self.position.piles()
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Plays the next move, or returns `None` when no move is left.
    ///
    /// # Errors
    /// [`PlayError::Illegal`] if a strategy chose a move the rules forbid, or what the
    /// strategy's analysis failed with.
    pub fn next_turn(&mut self) -> Result<Option<Turn>, PlayError> {
        if !self.game.has_move(&self.position) {
            return Ok(None);
        }
        let who = self.to_move;
        let idx = match who {
            Player::First => 0,
            Player::Second => 1,
        };
        let mv = self.players[idx].choose(self.game, &self.position)?;
        self.position = self.game.apply_move(&self.position, &mv)?;
        self.turn += 1;
        self.to_move = who.other();
        Ok(Some(annotated_turn(
            self.game,
            self.turn,
            who,
            mv,
            &self.position,
        )))
    }

    /// The number of moves played so far.
    pub fn turns(&self) -> u64 {
        self.turn
    }

    /// The winner, once no move is left (`None` while the game goes on): under normal play the
    /// player who moved last, under misère play the player to move.
    pub fn winner(&self) -> Option<Player> {
        winner(self.game, &self.position, self.to_move)
    }
}

/// The winner of a game at `position` with `to_move` to move, once no move is left.
pub(crate) fn winner(game: &Game, position: &Position, to_move: Player) -> Option<Player> {
    if game.has_move(position) {
        return None;
    }
    Some(match game.play() {
        Play::Normal => to_move.other(),
        Play::Misere => to_move,
    })
}

/// A turn with the state and outcome of the position after it.
pub(crate) fn annotated_turn(
    game: &Game,
    turn: u64,
    player: Player,
    mv: Move,
    after: &Position,
) -> Turn {
    // A family whose closed form reads a whole sum of its components at once (Nim) gives the
    // fact and the outcome without an analysis; a position of no component reads as the game's.
    let rules = after.components().next().map_or(game.rules(), |c| c.rules);
    let read = after
        .components()
        .all(|c| c.rules == rules)
        .then(|| rules.closed_sum(after.piles(), game.play()))
        .flatten();
    let (fact, outcome) = match read {
        Some(closed) => (Some(closed.fact), Some(closed.outcome)),
        None => (None, game.analyze(after).ok().map(|a| a.outcome)),
    };
    Turn {
        turn,
        player,
        mv,
        after: after.clone(),
        fact,
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
    fn choose(&mut self, game: &Game, position: &Position) -> Result<Move, PlayError> {
        let rate = self.level.mistake_percent();
        if rate > 0
            && self.rng.random_range(0..100) < rate
            && let Some(mv) = game.random_move(position, &mut self.rng)
        {
            return Ok(mv);
        }
        Optimal.choose(game, position)
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

/// One stage of a hint; asking again gives the next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Hint {
    /// First: whether the player to move wins against perfect play.
    Outcome {
        /// The player to move wins (an N-position).
        wins: bool,
        /// What the next hint names.
        next: HintNext,
    },
    /// Then: the pile to take from, or, with `both`, the two piles of a Wythoff component
    /// to take the same amount from.
    Pile {
        /// The player to move wins.
        wins: bool,
        /// 0-based pile, counted among the position's heaps ([`Position::heaps`]); with `both`,
        /// the first of the two piles (`pile` and `pile + 1`).
        pile: usize,
        /// Take the same amount from both piles of a Wythoff component.
        both: bool,
    },
    /// Then, for a move in a component played as one whole state ([`Move::To`]) in a sum of
    /// several: the component to play in.
    Component {
        /// The player to move wins.
        wins: bool,
        /// 0-based component number.
        component: usize,
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
        /// How many stages the hints have: 3, or 2 for a lone component played as one whole
        /// state (no pile to name between the outcome and the move).
        of: u8,
    },
}

/// What the hint after [`Hint::Outcome`] names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HintNext {
    /// The pile to take from ([`Hint::Pile`]).
    Pile,
    /// The component to play in ([`Hint::Component`]).
    Component,
    /// The move itself ([`Hint::Move`]).
    Move,
}

impl Hint {
    /// Which stage this is: 1, 2 or 3 (the move is stage 2 of 2 for a lone component played
    /// as one whole state).
    pub fn stage(&self) -> u8 {
        match self {
            Hint::Outcome { .. } => 1,
            Hint::Pile { .. } | Hint::Component { .. } => 2,
            Hint::Move { of, .. } => *of,
        }
    }
}

/// A game between people and engines, one move at a time: the trainer behind
/// `nimsolve play --first human`. It keeps the moves played, so they can be taken back, and how
/// far the hints for the current position went.
///
/// ```
/// use nimsolve::{Game, Move, Nat, Play, engine::replay::{Engine, Hint, HintNext, Level, Seat, Trainer}};
/// let game = Game::nim(Play::Normal);
/// let start = game.position([1u64, 2].map(Nat::from).to_vec()).unwrap();
/// let engine = Engine::new(Level::Perfect, 0);
/// let mut trainer = Trainer::new(&game, start, Seat::Human, Seat::Engine(Box::new(engine)));
/// assert_eq!(trainer.hint().unwrap(), Hint::Outcome { wins: true, next: HintNext::Pile });
/// let mv = Move::pile(trainer.piles(), 1, Nat::ONE);
/// trainer.play(&mv).unwrap(); // 1 1: the engine loses
/// let reply = trainer.engine_move().unwrap().unwrap();
/// assert_eq!(reply.after.piles().iter().filter(|p| p.is_zero()).count(), 1);
/// assert_eq!(trainer.undo().len(), 2); // the engine's reply and the move
/// assert_eq!(trainer.piles(), &[Nat::from(1u64), Nat::from(2u64)]);
/// ```
pub struct Trainer<'g> {
    game: &'g Game,
    start: Position,
    position: Position,
    seats: [Seat<'g>; 2],
    history: Vec<Turn>,
    hints: u8,
}

impl<'g> Trainer<'g> {
    /// A game at `start`, the first player to move.
    pub fn new(game: &'g Game, start: Position, first: Seat<'g>, second: Seat<'g>) -> Trainer<'g> {
        Trainer {
            game,
            position: start.clone(),
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

    /// The current position's piles.
    pub fn piles(&self) -> &[Nat] {
        self.position.piles()
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
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
        !self.game.has_move(&self.position)
    }

    /// The winner once no move is left, as [`Replay::winner`].
    pub fn winner(&self) -> Option<Player> {
        winner(self.game, &self.position, self.to_move())
    }

    /// Plays `mv` for the player to move.
    ///
    /// # Errors
    /// [`PlayError::Illegal`] if the rules forbid it.
    pub fn play(&mut self, mv: &Move) -> Result<Turn, PlayError> {
        let after = self.game.apply_move(&self.position, mv)?;
        let turn = annotated_turn(
            self.game,
            self.history.len() as u64 + 1,
            self.to_move(),
            mv.clone(),
            &after,
        );
        self.position = after;
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
            Seat::Engine(strategy) => strategy.choose(self.game, &self.position)?,
        };
        self.play(&mv).map(Some)
    }

    /// The next stage of the hint for the player to move: first whether they win, then the
    /// pile, then the move (repeated when asked again). The stages start again after a move.
    ///
    /// # Errors
    /// What the analysis fails with (a limit).
    pub fn hint(&mut self) -> Result<Hint, SolveError> {
        let advice = self.game.advise(&self.position)?;
        let wins = advice.is_winning();
        let delaying = advice.is_delaying();
        // A move to a whole state names its component in a sum, and nothing in a lone one.
        let next = match &advice.suggestion {
            Some(Move::To { .. }) if self.position.components().count() == 1 => HintNext::Move,
            Some(Move::To { .. }) => HintNext::Component,
            _ => HintNext::Pile,
        };
        let of = if next == HintNext::Move { 2 } else { 3 };
        let hint = match (self.hints, advice.suggestion) {
            (0, _) | (_, None) => Hint::Outcome { wins, next },
            (1, Some(Move::To { pile, .. })) if next == HintNext::Component => Hint::Component {
                wins,
                component: self
                    .position
                    .components()
                    .find(|c| c.offset == pile)
                    .map_or(0, |c| c.index),
            },
            (1, Some(mv)) if next == HintNext::Pile => Hint::Pile {
                wins,
                pile: {
                    let pile = mv.piles().start;
                    let heaps = self.position.heaps();
                    heaps.iter().position(|&p| p == pile).unwrap_or(pile)
                },
                both: matches!(mv, Move::Both { .. }),
            },
            (_, Some(mv)) => Hint::Move {
                wins,
                mv,
                delaying,
                of,
            },
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
        self.position = self
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
        fn choose(&mut self, _: &Game, position: &Position) -> Result<Move, PlayError> {
            let (pile, to) = self.0.remove(0);
            Ok(Move::pile(position.piles(), pile - 1, Nat::from(to)))
        }
    }

    #[test]
    fn the_notes_game_from_7_8_9() {
        // 甲 plays perfectly; 乙's moves are the notes' own: (1,8,9)->(1,8,4), (1,5,4)->(1,4,4),
        // (0,4,4)->(0,4,2), (0,2,2)->(0,2,1), (0,1,1)->(0,1,0).
        let game = Game::nim(Play::Normal);
        let second = Scripted(vec![(3, 4), (2, 4), (3, 2), (3, 1), (3, 0)]);
        let start = game.position([7u64, 8, 9].map(Nat::from).to_vec()).unwrap();
        let mut replay = Replay::new(&game, start, Box::new(Optimal), Box::new(second));
        let mut seen = Vec::new();
        while let Some(turn) = replay.next_turn().unwrap() {
            seen.push(
                turn.after
                    .piles()
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
            let start = game.position([3u64, 5, 7].map(Nat::from).to_vec()).unwrap();
            let predicted = game.analyze(&start).unwrap().outcome;
            let mut replay = Replay::new(&game, start, Box::new(Optimal), Box::new(Optimal));
            while replay.next_turn().unwrap().is_some() {}
            let first_wins = replay.winner() == Some(Player::First);
            assert_eq!(first_wins, predicted == Outcome::N, "{play:?}");
        }
    }
}
