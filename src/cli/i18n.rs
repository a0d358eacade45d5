//! The words of the human output in each language (`--lang`). English is the default; Chinese
//! uses the notes' own terms: 利己态 (S, nim-sum ≠ 0), 利他态 (T, nim-sum = 0), 孤单堆 (a pile
//! of one), 充裕堆 (a pile larger than one), 必胜, 必败, nim和 (异或). JSON is never translated.
//!
//! The English words of the library (`Display` of moves, `Rules::name`, `Theorem::describe`, …)
//! are used as they are; this module adds the other languages without the library knowing.

use std::fmt;

use clap::ValueEnum;
use nimsolve::{Game, Move, MoveError, NimState, Outcome, Play, Player, Rules, Theorem};

use crate::cli::command::CommandError;

/// The language of the human output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Chinese (中文), with the notes' terms: 利己态/利他态, 孤单堆/充裕堆, 必胜/必败, nim和.
    Zh,
}

/// A move in words: `take 2 from pile 1 (3 → 1)`, `从第 1 堆取 2 个（3 → 1）`. With `.2`, a
/// move from both piles of a Wythoff component names them (`take 1 from piles 1 and 2`), as it
/// must in a sum of several components.
pub struct MoveText<'a>(pub Lang, pub &'a Move, pub bool);

impl fmt::Display for MoveText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let named = self.2;
        match (self.0, self.1) {
            (Lang::En, Move::Both { pile, take }) if named => {
                write!(f, "take {take} from piles {} and {}", pile + 1, pile + 2)
            }
            (Lang::En, mv) => write!(f, "{mv}"),
            (Lang::Zh, Move::Pile { pile, from, to }) => write!(
                f,
                "从第 {} 堆取 {} 个（{from} → {to}）",
                pile + 1,
                from.saturating_sub(to)
            ),
            (
                Lang::Zh,
                Move::Split {
                    pile,
                    from,
                    take,
                    leaves,
                },
            ) if take.is_zero() => write!(
                f,
                "把第 {} 堆分开（{from} → {}）",
                pile + 1,
                nimsolve::moves::join_heaps(leaves)
            ),
            (
                Lang::Zh,
                Move::Split {
                    pile,
                    from,
                    take,
                    leaves,
                },
            ) => write!(
                f,
                "从第 {} 堆取 {take} 个（{from} → {}）",
                pile + 1,
                nimsolve::moves::join_heaps(leaves)
            ),
            (Lang::Zh, Move::Both { pile: 0, take }) if !named => {
                write!(f, "从两堆各取 {take} 个")
            }
            (Lang::Zh, Move::Both { pile, take }) => {
                write!(f, "从第 {} 堆和第 {} 堆各取 {take} 个", pile + 1, pile + 2)
            }
        }
    }
}

/// The game and play convention: `Nim, normal play`, `Nim，正常规则`.
pub fn game_name(lang: Lang, game: &Game, piles: usize) -> String {
    let rules = rules_name(lang, game.rules(), piles);
    match lang {
        Lang::En => format!("{rules}, {}", play_label(lang, game.play())),
        Lang::Zh => format!("{rules}，{}", play_label(lang, game.play())),
    }
}

/// A family's name alone (no play convention), from its message key ([`nimsolve::games::Name`]):
/// `Nim`, `Bash game (take 1 to 3)` for one pile of take 1..3, `Nim with at most 3 per take`
/// for several.
pub fn rules_name(lang: Lang, rules: &Rules, piles: usize) -> String {
    let name = rules.name();
    let arg = name.arg.as_deref().unwrap_or("");
    let one = piles == 1;
    match (lang, name.key) {
        (Lang::En, "nim") | (Lang::Zh, "nim") => "Nim".to_string(),
        (Lang::En, "max-take") if one => format!("Bash game (take 1 to {arg})"),
        (Lang::En, "max-take") => format!("Nim with at most {arg} per take"),
        (Lang::En, "subtract") => format!("subtraction game with subtraction set {arg}"),
        (Lang::En, "subtract-powers-of-two") => {
            "subtraction game with subtraction set {1, 2, 4, 8, …} (powers of two)".to_string()
        }
        (Lang::En, "subtract-fibonacci") => {
            "subtraction game with subtraction set {1, 2, 3, 5, 8, …} (Fibonacci numbers)"
                .to_string()
        }
        (Lang::En, "wythoff") => "Wythoff's game".to_string(),
        (Lang::Zh, "max-take") if one => format!("巴什博弈（每次取 1 到 {arg} 个）"),
        (Lang::Zh, "max-take") => format!("每次最多取 {arg} 个的 Nim"),
        (Lang::Zh, "subtract") => format!("减法博弈（可取数集合 {arg}）"),
        (Lang::Zh, "subtract-powers-of-two") => {
            "减法博弈（可取数集合 {1, 2, 4, 8, …}，2 的幂）".to_string()
        }
        (Lang::Zh, "subtract-fibonacci") => {
            "减法博弈（可取数集合 {1, 2, 3, 5, 8, …}，斐波那契数）".to_string()
        }
        (Lang::Zh, "wythoff") => "威佐夫博弈".to_string(),
        (Lang::En, "octal") => format!("octal game {arg}"),
        (Lang::Zh, "octal") => format!("八进制博弈 {arg}"),
        (Lang::En, "kayles") => "Kayles".to_string(),
        (Lang::Zh, "kayles") => "Kayles 保龄球游戏".to_string(),
        (Lang::En, "dawsons-kayles") => "Dawson's Kayles".to_string(),
        (Lang::Zh, "dawsons-kayles") => "Dawson's Kayles（八进制 0.07）".to_string(),
        (Lang::En, "dawsons-chess") => "Dawson's chess".to_string(),
        (Lang::Zh, "dawsons-chess") => "Dawson 象棋（八进制 0.137）".to_string(),
        (Lang::En, "officers") => "Officers".to_string(),
        (Lang::Zh, "officers") => "Officers（八进制 0.6）".to_string(),
        (Lang::En, "grundys-game") => "Grundy's game".to_string(),
        (Lang::Zh, "grundys-game") => "Grundy 博弈（把一堆分成不等的两堆）".to_string(),
        (Lang::En, "laskers-nim") => "Lasker's Nim".to_string(),
        (Lang::Zh, "laskers-nim") => "Lasker 的 Nim（可取或可分堆）".to_string(),
        // A family without words yet is named by its spec.
        (_, _) => rules.spec(),
    }
}

/// A sum's name from its components' names: `Nim + Wythoff's game, normal play`,
/// `Nim + 威佐夫博弈，正常规则`.
pub fn sum_name(lang: Lang, names: &[String], play: Play) -> String {
    match lang {
        Lang::En => format!("{}, {}", names.join(" + "), play_label(lang, play)),
        Lang::Zh => format!("{}，{}", names.join(" + "), play_label(lang, play)),
    }
}

/// What is wrong with a line typed at the trainer's prompt, in `lang`. The reason a rule gives
/// for an illegal amount comes from the library, in English.
pub fn command_error(lang: Lang, e: &CommandError) -> String {
    match (lang, e) {
        (Lang::En, e) => e.to_string(),
        (Lang::Zh, CommandError::Unknown { text, wythoff }) => {
            let both = if *wythoff {
                "，威佐夫分量也可输入 both TAKE（从两堆各取 TAKE 个）"
            } else {
                ""
            };
            format!(
                "{text:?} 既不是着法也不是命令：着法请输入 PILE TAKE（2 3 表示从第 2 堆取 3 个）{both}；命令有 hint、undo、show、help、quit"
            )
        }
        (Lang::Zh, CommandError::WhichBoth) => {
            "有几个分量都可以从两堆同取：请输入 both PILE TAKE，PILE 为该分量的第一堆".to_string()
        }
        (Lang::Zh, CommandError::NoSuchPile { pile, piles }) => {
            format!("没有第 {pile} 堆：各堆编号为 1 到 {piles}")
        }
        (Lang::Zh, CommandError::TakesNothing) => "一步至少要取一个".to_string(),
        (Lang::Zh, CommandError::MoreThanThePile { pile, holds, .. }) if holds.is_zero() => {
            format!("第 {pile} 堆已经空了")
        }
        (Lang::Zh, CommandError::MoreThanThePile { pile, holds, take }) => {
            format!("第 {pile} 堆只有 {holds} 个，不能取 {take} 个")
        }
        (Lang::Zh, CommandError::Illegal(MoveError::NoSuchPile { pile, piles })) => {
            format!("没有第 {pile} 堆（共 {piles} 堆）")
        }
        (Lang::Zh, CommandError::Illegal(MoveError::Illegal { why })) => {
            format!("不合规的走法：{why}")
        }
    }
}

/// The heads of the Sprague–Grundy table of a sum (`--explain`).
pub fn sum_table_heads(lang: Lang) -> [&'static str; 5] {
    match lang {
        Lang::En => ["component", "game", "piles", "Grundy value", "xor so far"],
        Lang::Zh => ["分量", "游戏", "堆", "Grundy 值", "累计异或"],
    }
}

/// Why a closed form of a heap sequence holds, from its message key
/// ([`nimsolve::SequenceProof::ClosedForm`]).
pub fn closed_form_reason(lang: Lang, key: &str) -> &'static str {
    match (lang, key) {
        (Lang::En, "powers-of-two-mod-3") => "every power of two is 1 or 2 mod 3",
        (Lang::Zh, "powers-of-two-mod-3") => "因为每个 2 的幂除以 3 都余 1 或 2",
        (Lang::En, "laskers-nim-closed-form") => {
            "Lasker 1931, proven by induction on the heap (Winning Ways, ch. 4)"
        }
        (Lang::Zh, "laskers-nim-closed-form") => {
            "Lasker 1931，对堆的大小归纳可证（Winning Ways 第 4 章）"
        }
        _ => "",
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
            "Sprague–Grundy 定理（1935/1939）：各堆（和游戏则为各分量）Grundy 值的异或不为 0 时先手必胜"
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
            MoveText(Lang::En, &mv, false).to_string(),
            "take 6 from pile 1 (7 → 1)"
        );
        assert_eq!(
            MoveText(Lang::Zh, &mv, false).to_string(),
            "从第 1 堆取 6 个（7 → 1）"
        );
        let both = Move::Both {
            pile: 0,
            take: Nat::from(4u64),
        };
        assert_eq!(
            MoveText(Lang::Zh, &both, false).to_string(),
            "从两堆各取 4 个"
        );
        // In a sum, the piles are named.
        assert_eq!(
            MoveText(Lang::En, &both, true).to_string(),
            "take 4 from piles 1 and 2"
        );
        assert_eq!(
            MoveText(Lang::Zh, &both, true).to_string(),
            "从第 1 堆和第 2 堆各取 4 个"
        );
    }

    #[test]
    fn game_names() {
        let game = Game::new(Rules::nim(), Play::Misere, Limits::default());
        assert_eq!(game_name(Lang::En, &game, 3), "Nim, misère play");
        assert_eq!(game_name(Lang::Zh, &game, 3), "Nim，反常规则（misère）");
        let bash = Game::new(
            Rules::max_take(Nat::from(3u64)).unwrap(),
            Play::Normal,
            Limits::default(),
        );
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
