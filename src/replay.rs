//! Replaying a whole game move by move, as in the notes' worked example
//! (7,8,9) → (1,8,9) → (1,8,4) → (1,5,4) → … → (0,0,0).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use crate::error::PlayError;
use crate::game::Game;
use crate::moves::{Move, Outcome};
use crate::nat::Nat;
use crate::nim::{NimState, NimSummary};
use crate::rules::{Play, Rules};

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
        let (state, outcome) = match self.game.rules() {
            Rules::Nim => {
                let state = NimSummary::of(&after).state();
                (Some(state), Some(state.outcome(self.game.play())))
            }
            _ => (None, self.game.analyze(&after).ok().map(|a| a.outcome)),
        };
        Ok(Some(Turn {
            turn: self.turn,
            player: who,
            mv,
            after,
            state,
            outcome,
        }))
    }

    /// The number of moves played so far.
    pub fn turns(&self) -> u64 {
        self.turn
    }

    /// The winner, once no move is left (`None` while the game goes on): under normal play the
    /// player who moved last, under misère play the player to move.
    pub fn winner(&self) -> Option<Player> {
        if self.game.has_move(&self.piles) {
            return None;
        }
        Some(match self.game.play() {
            Play::Normal => self.to_move.other(),
            Play::Misere => self.to_move,
        })
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
