//! The words of the human output in each language (`--lang`). English is the default; Chinese
//! uses the notes' own terms: 利己态 (S, nim-sum ≠ 0), 利他态 (T, nim-sum = 0), 孤单堆 (a pile
//! of one), 充裕堆 (a pile larger than one), 必胜, 必败, nim和 (异或). JSON is never translated.
//!
//! The English words of the library (`Display` of moves, `Rules::name`, `Theorem::describe`, …)
//! are used as they are; this module adds the other languages without the library knowing.

use std::fmt;

use clap::ValueEnum;
use nimsolve::{Game, Move, NimState, Outcome, Play, Player, Rules, SubtractionSet, Theorem};

/// The language of the human output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Chinese (中文), with the notes' terms: 利己态/利他态, 孤单堆/充裕堆, 必胜/必败, nim和.
    Zh,
}

/// A move in words: `take 2 from pile 1 (3 → 1)`, `从第 1 堆取 2 个（3 → 1）`.
pub struct MoveText<'a>(pub Lang, pub &'a Move);

impl fmt::Display for MoveText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.0, self.1) {
            (Lang::En, mv) => write!(f, "{mv}"),
            (Lang::Zh, Move::Pile { pile, from, to }) => write!(
                f,
                "从第 {} 堆取 {} 个（{from} → {to}）",
                pile + 1,
                from.saturating_sub(to)
            ),
            (Lang::Zh, Move::Both { take }) => write!(f, "从两堆各取 {take} 个"),
        }
    }
}

/// The game and play convention: `Nim, normal play`, `Nim，正常规则`.
pub fn game_name(lang: Lang, game: &Game, piles: usize) -> String {
    match lang {
        Lang::En => format!("{}, {}", game.rules().name(piles), game.play().label()),
        Lang::Zh => format!(
            "{}，{}",
            rules_name_zh(game.rules(), piles),
            play_label(lang, game.play())
        ),
    }
}

/// The rules' name alone (no play convention), as [`Rules::name`].
pub fn rules_name(lang: Lang, rules: &Rules, piles: usize) -> String {
    match lang {
        Lang::En => rules.name(piles),
        Lang::Zh => rules_name_zh(rules, piles),
    }
}

fn rules_name_zh(rules: &Rules, piles: usize) -> String {
    match rules {
        Rules::Nim => "Nim".to_string(),
        Rules::MaxTake(k) if piles == 1 => format!("巴什博弈（每次取 1 到 {k} 个）"),
        Rules::MaxTake(k) => format!("每次最多取 {k} 个的 Nim"),
        Rules::Subtract(set) => format!("减法博弈（可取数集合 {}）", SetText(Lang::Zh, set)),
        Rules::Wythoff => "威佐夫博弈".to_string(),
    }
}

/// A subtraction set: `{2, 5}`, `{1, 2, 4, 8, …}（2 的幂）`.
struct SetText<'a>(Lang, &'a SubtractionSet);

impl fmt::Display for SetText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.0, self.1) {
            (Lang::Zh, SubtractionSet::PowersOfTwo) => f.write_str("{1, 2, 4, 8, …}，2 的幂"),
            (Lang::Zh, SubtractionSet::Fibonacci) => f.write_str("{1, 2, 3, 5, 8, …}，斐波那契数"),
            (_, set) => write!(f, "{set}"),
        }
    }
}

/// `normal play` / `正常规则`.
pub fn play_label(lang: Lang, play: Play) -> &'static str {
    match (lang, play) {
        (Lang::En, play) => play.label(),
        (Lang::Zh, Play::Normal) => "正常规则",
        (Lang::Zh, Play::Misere) => "反常规则（misère）",
    }
}

/// `N-position` / `N 局面`.
pub fn class_word(lang: Lang, outcome: Outcome) -> &'static str {
    match (lang, outcome) {
        (Lang::En, Outcome::N) => "N-position",
        (Lang::En, Outcome::P) => "P-position",
        (Lang::Zh, Outcome::N) => "N 局面",
        (Lang::Zh, Outcome::P) => "P 局面",
    }
}

/// What the outcome means for the player to move.
pub fn outcome_phrase(lang: Lang, outcome: Outcome) -> &'static str {
    match (lang, outcome) {
        (Lang::En, Outcome::N) => "the player to move wins",
        (Lang::En, Outcome::P) => "the player to move loses against perfect play",
        (Lang::Zh, Outcome::N) => "先手必胜",
        (Lang::Zh, Outcome::P) => "先手必败（双方都走最优时）",
    }
}

/// The notes' name of a state's family: 利己态 for S (nim-sum ≠ 0), 利他态 for T.
pub fn state_family_zh(state: NimState) -> &'static str {
    match state {
        NimState::S0 | NimState::S1 | NimState::S2 => "利己态",
        NimState::T0 | NimState::T2 => "利他态",
    }
}

/// What a state label means, in one phrase.
pub fn state_meaning(lang: Lang, state: NimState) -> &'static str {
    match (lang, state) {
        (Lang::En, state) => state.meaning(),
        (Lang::Zh, NimState::S0) => "nim和 ≠ 0，没有充裕堆",
        (Lang::Zh, NimState::S1) => "nim和 ≠ 0，恰有一个充裕堆",
        (Lang::Zh, NimState::S2) => "nim和 ≠ 0，有两个或更多充裕堆",
        (Lang::Zh, NimState::T0) => "nim和 = 0，没有充裕堆",
        (Lang::Zh, NimState::T2) => "nim和 = 0，有两个或更多充裕堆",
    }
}

/// The theorem or method that decided a position, with its rule.
pub fn theorem(lang: Lang, t: Theorem) -> &'static str {
    match (lang, t) {
        (Lang::En, t) => t.describe(),
        (Lang::Zh, Theorem::Bouton) => "Bouton 定理（1901）：nim和不为 0 时先手必胜",
        (Lang::Zh, Theorem::BoutonMisere) => {
            "Bouton 定理的反常规则版本（1901）：状态为 S1、S2 或 T0 时先手必胜"
        }
        (Lang::Zh, Theorem::SpragueGrundy) => {
            "Sprague–Grundy 定理（1935/1939）：各堆 Grundy 值的异或不为 0 时先手必胜"
        }
        (Lang::Zh, Theorem::Wythoff) => {
            "Wythoff 定理（1907）：两堆恰为威佐夫对 (⌊kφ⌋, ⌊kφ⌋+k) 时先手必败"
        }
        (Lang::Zh, Theorem::ExhaustiveSearch) => "穷举博弈树搜索（这种游戏的反常规则没有现成公式）",
    }
}

/// `first`/`second` as a column of a replay; `先手`/`后手`.
pub fn player(lang: Lang, p: Player) -> &'static str {
    match (lang, p) {
        (Lang::En, p) => p.as_str(),
        (Lang::Zh, Player::First) => "先手",
        (Lang::Zh, Player::Second) => "后手",
    }
}

/// The name of a kind of player (`optimal`, `random`, …) as the CLI spells it, in `lang`.
pub fn player_kind(lang: Lang, kind: &str) -> &str {
    match (lang, kind) {
        (Lang::Zh, "optimal" | "perfect") => "最优",
        (Lang::Zh, "random") => "随机",
        (Lang::Zh, "human") => "玩家",
        (Lang::Zh, "easy") => "简单",
        (Lang::Zh, "medium") => "中等",
        _ => kind,
    }
}

/// How many terminal columns `text` takes: two for CJK ideographs and full-width forms, one
/// for everything else this program prints (Unicode's East Asian Width, by `unicode-width`).
pub fn display_width(text: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(text)
}

/// `text` padded with spaces on the right to `width` terminal columns.
pub struct PadRight<'a>(pub &'a str, pub usize);

impl fmt::Display for PadRight<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)?;
        for _ in display_width(self.0)..self.1 {
            f.write_str(" ")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimsolve::{Limits, Nat};

    #[test]
    fn moves_in_both_languages() {
        let mv = Move::Pile {
            pile: 0,
            from: Nat::from(7u64),
            to: Nat::from(1u64),
        };
        assert_eq!(
            MoveText(Lang::En, &mv).to_string(),
            "take 6 from pile 1 (7 → 1)"
        );
        assert_eq!(
            MoveText(Lang::Zh, &mv).to_string(),
            "从第 1 堆取 6 个（7 → 1）"
        );
        let both = Move::Both {
            take: Nat::from(4u64),
        };
        assert_eq!(MoveText(Lang::Zh, &both).to_string(), "从两堆各取 4 个");
    }

    #[test]
    fn game_names() {
        let game = Game::new(Rules::Nim, Play::Misere, Limits::default()).unwrap();
        assert_eq!(game_name(Lang::En, &game, 3), "Nim, misère play");
        assert_eq!(game_name(Lang::Zh, &game, 3), "Nim，反常规则（misère）");
        let bash = Game::new(
            Rules::MaxTake(Nat::from(3u64)),
            Play::Normal,
            Limits::default(),
        )
        .unwrap();
        assert_eq!(
            game_name(Lang::Zh, &bash, 1),
            "巴什博弈（每次取 1 到 3 个），正常规则"
        );
    }

    #[test]
    fn state_families_follow_the_notes() {
        assert_eq!(state_family_zh(NimState::S2), "利己态");
        assert_eq!(state_family_zh(NimState::T0), "利他态");
        assert!(state_meaning(Lang::Zh, NimState::S1).contains("充裕堆"));
    }

    #[test]
    fn widths_count_cjk_as_two_columns() {
        assert_eq!(display_width("pile 1"), 6);
        assert_eq!(display_width("第 1 堆"), 7);
        assert_eq!(display_width("nim和"), 5);
        assert_eq!(display_width("（"), 2);
        assert_eq!(display_width("⊕ → —"), 5);
        assert_eq!(PadRight("nim和", 7).to_string(), "nim和  ");
    }
}
