//! Chinese (`--lang zh`), in the notes' terms: 利己态/利他态, 孤单堆/充裕堆, 必胜/必败, nim和.

use std::fmt;

use nimsolve::LoopyRule;
use nimsolve::engine::misere::Method;
use nimsolve::engine::replay::{Hint, HintNext};
use nimsolve::explain::{PeriodStep, SearchNeed};
use nimsolve::games::coins::theory::{CoinRule, CoinValues, TurnWords};
use nimsolve::games::dynamic::DynamicValue;
use nimsolve::games::euclid::EuclidValue;
use nimsolve::games::graph::theory::{Gamma, GraphTokens, Outcome as GraphOutcome};
use nimsolve::games::hackenbush::{HackenbushLine, NamedStep};
use nimsolve::games::kiki::KikiValue;
use nimsolve::games::moore::{MooreCount, MooreValue};
use nimsolve::games::nim::theory::{Bouton, NimWhy};
use nimsolve::games::slide::SlideValue;
use nimsolve::games::staircase::theory::StaircaseValue;
use nimsolve::games::take::{Division, TakeStep};
use nimsolve::games::wythoff::theory::{WythoffPlace, WythoffTheorem};
use nimsolve::games::wythoff::{WythoffStep, WythoffValue, WythoffWhy};
use nimsolve::grundy::{PeriodProof, Periodicity};
use nimsolve::{
    ClassLabel, Fact, FamilyStep, FamilyTheorem, FamilyWhy, Move, MoveError, MoveVerdict,
    MoveWords, Nat, NimState, Outcome, Play, Player, Reason, Rules, Theorem,
};

use super::{
    MoveText, QuotientPart, VerdictWords, Words, pair_change, put_heaps, put_number, window,
};
use super::{ShowPart, other_piles, set_text};
use nimsolve::FamilyName;
use nimsolve::engine::review::CountWhy;
use nimsolve::error::MoveRule;
use nimsolve::error::{
    BadToken, EdgeWhy, LearnError, NoQuotientWhy, NotAPositionWhy, NumberError, OctalError,
    RuleError, Searched, StateWhy, TableBound,
};
use nimsolve::error::{RuleExpect, RuleSyntax};
use nimsolve::games::calendar::DateStep;
use nimsolve::games::digits::DigitMove;
use nimsolve::games::kiki::CoinStep;
use nimsolve::name::Name;
use nimsolve::{BothPiles, IllegalMove, PlayError, PositionError, SolveError, StepError};
use nimsolve::{ClosedFormWhy, TypedMoves};

use crate::cli::command::{CommandError, MoveKind, MoveKinds};
use crate::cli::errors::{CliError, ErrorContext, Wanted};
use crate::cli::nimber::{ExprError, ExprWhy, NimberOp};
use nimsolve::error::NimberError;

/// The Chinese words.
pub struct Chinese;

const VERDICT: VerdictWords = VerdictWords {
    sep: "；",
    grundy_value: "Grundy 值 ",
    nim_sum: "nim和 ",
    no_move: "无子可取",
    one_winning_move: "1 种必胜走法：",
    winning_moves_eg: " 种必胜走法，例如：",
    winning_moves: " 种必胜走法",
    too_many_moves: "必胜走法太多，无法一一列出，其中之一：",
    remoteness: ("最优对局还剩 ", " 步"),
};

/// The head of the trainer's help, its moves (a row each, with the way it applies to) and its
/// commands.
const MOVES_HEAD: &str = "着法（在提示符后输入）：";
const MOVE_ROWS: [(MoveKind, &str); 5] = [
    (
        MoveKind::Heaps,
        "  堆号 取数            从第 堆号 堆取 取数 个：3 2 表示从第 3 堆取 2 个",
    ),
    (
        MoveKind::Both,
        "  both 取数            两堆同取的游戏（威佐夫博弈；kiki 游戏的斜走，即 both 1）：从两堆各取 取数 个（和游戏中有几个这样的分量时用 both 堆号 取数，堆号为该分量的第一堆）",
    ),
    (
        MoveKind::Splits,
        "  堆号 取数 = 甲 + 乙  取子分堆游戏：从该堆取走 取数 个，把剩下的分成甲、乙两堆",
    ),
    (
        MoveKind::Whole,
        "  to 数…               整体状态的游戏（阶梯、一排硬币、图、欧几里得游戏的两个数）：走到那个局面，按该游戏的写法写出（和游戏中用 to 分量号: 数… 在该分量里走）",
    ),
    (
        MoveKind::Typed(TypedMoves::CutEdge),
        "  cut A-B              绿色 Hackenbush：剪掉立着的边 A-B（也可写 剪 A-B）",
    ),
];
const COMMANDS: &str = "命令：提示（hint）告诉你谁必胜，再问告诉你取哪一堆，再问给出着法；悔棋（undo）收回你的上一步；显示（show）显示局面；帮助（help）显示本说明；退出（quit）结束。你每走一步，教练都会点评（--no-coach 关闭点评）。";

/// The notes' name of a state's family: 利己态 for S (nim-sum ≠ 0), 利他态 for T.
fn state_family(state: NimState) -> &'static str {
    match state {
        NimState::S0 | NimState::S1 | NimState::S2 => "利己态",
        NimState::T0 | NimState::T2 => "利他态",
    }
}

/// How moves are typed in a position whose moves are of `kinds`: `着法请输入 堆号 取数（…），…`.
fn move_syntax(kinds: &MoveKinds) -> String {
    let MoveKinds {
        takes_from_both,
        splits,
        whole,
        heaps,
        typed,
    } = kinds;
    let mut ways = Vec::new();
    if *heaps {
        ways.push("着法请输入 堆号 取数（2 3 表示从第 2 堆取 3 个）");
    }
    for t in typed {
        ways.push(match t {
            TypedMoves::CutEdge => "剪边请输入 cut A-B 或 剪 A-B（剪掉立着的边 A-B）",
        });
    }
    let mut both = ways.join("，");
    if *whole {
        both.push_str("，整体状态的游戏可输入 to 数…（走到的局面；和游戏中用 to 分量号: 数…）");
    }
    if *takes_from_both {
        both.push_str("，威佐夫分量也可输入 both 取数（both 3 表示从两堆各取 3 个）");
    }
    if *splits {
        both.push_str("，分堆可输入 堆号 取数 = 甲 + 乙（2 1 = 3 + 4 表示从第 2 堆取 1 个，剩下分成 3 和 4 两堆）");
    }
    both.trim_start_matches('，').to_string()
}

impl Words for Chinese {
    fn put_move(&self, out: &mut Vec<u8>, mv: &MoveWords, named: bool) {
        let at = |out: &mut Vec<u8>, pile: usize, several: bool| {
            if named || several {
                out.extend_from_slice("第 ".as_bytes());
                put_number(out, pile + 1);
                out.extend_from_slice(" 堆：".as_bytes());
            }
        };
        match mv {
            MoveWords::Whole {
                pile,
                before,
                after,
            } => match super::takes_of(*pile, before, after) {
                // 只取不加：`从第 2 堆取 2 个、从第 3 堆取 3 个（→ 3 3 3）`。
                Some(takes) => {
                    for (k, (p, take, _, _)) in takes.iter().enumerate() {
                        if k > 0 {
                            out.extend_from_slice("、".as_bytes());
                        }
                        out.extend_from_slice("从第 ".as_bytes());
                        put_number(out, p + 1);
                        out.extend_from_slice(" 堆取 ".as_bytes());
                        take.write_decimal(out);
                        out.extend_from_slice(" 个".as_bytes());
                    }
                    out.extend_from_slice("（".as_bytes());
                    for (k, (_, _, b, _)) in takes.iter().enumerate() {
                        if k > 0 {
                            out.push(b' ');
                        }
                        b.write_decimal(out);
                    }
                    out.extend_from_slice(" →".as_bytes());
                    for (_, _, _, a) in &takes {
                        out.push(b' ');
                        a.write_decimal(out);
                    }
                    out.extend_from_slice("）".as_bytes());
                }
                None => {
                    out.extend_from_slice("走到".as_bytes());
                    super::put_numbers(out, after);
                }
            },
            MoveWords::Take { pile, from, to } => {
                out.extend_from_slice("从第 ".as_bytes());
                put_number(out, pile + 1);
                out.extend_from_slice(" 堆取 ".as_bytes());
                from.saturating_sub(to).write_decimal(out);
                out.extend_from_slice(" 个（".as_bytes());
                from.write_decimal(out);
                out.extend_from_slice(" → ".as_bytes());
                to.write_decimal(out);
                out.extend_from_slice("）".as_bytes());
            }
            MoveWords::Both { pile, take, pair } => {
                if named || *pile > 0 {
                    out.extend_from_slice("从第 ".as_bytes());
                    put_number(out, pile + 1);
                    out.extend_from_slice(" 堆和第 ".as_bytes());
                    put_number(out, pile + 2);
                    out.extend_from_slice(" 堆各取 ".as_bytes());
                } else {
                    out.extend_from_slice("从两堆各取 ".as_bytes());
                }
                take.write_decimal(out);
                out.extend_from_slice(" 个".as_bytes());
                if let Some(([b0, b1], [a0, a1])) = pair {
                    self.put_pair_change(out, [b0, b1], [a0, a1]);
                }
            }
            MoveWords::Split {
                pile,
                from,
                take,
                leaves,
            } => {
                if take.is_zero() {
                    out.extend_from_slice("把第 ".as_bytes());
                    put_number(out, pile + 1);
                    out.extend_from_slice(" 堆分开（".as_bytes());
                } else {
                    out.extend_from_slice("从第 ".as_bytes());
                    put_number(out, pile + 1);
                    out.extend_from_slice(" 堆取 ".as_bytes());
                    take.write_decimal(out);
                    out.extend_from_slice(" 个（".as_bytes());
                }
                from.write_decimal(out);
                out.extend_from_slice(" → ".as_bytes());
                put_heaps(out, leaves);
                out.extend_from_slice("）".as_bytes());
            }
            MoveWords::Date(d) => {
                at(out, d.pile, d.several);
                out.extend_from_slice(format!("移到 {}", d.to).as_bytes());
                out.extend_from_slice(
                    match d.step {
                        DateStep::NextDay => "（次日）",
                        DateStep::NextMonth => "（下个月的同一天）",
                    }
                    .as_bytes(),
                );
            }
            MoveWords::Multiply(m) => {
                at(out, m.pile, m.several);
                out.extend_from_slice("乘以 ".as_bytes());
                put_number(out, usize::from(m.least));
                if m.most > m.least {
                    out.extend_from_slice(" 到 ".as_bytes());
                    put_number(out, usize::from(m.most));
                    out.extend_from_slice(" 中的任一个数".as_bytes());
                }
                out.extend_from_slice("（还需的倍数 ".as_bytes());
                m.from.write_decimal(out);
                out.extend_from_slice(" → ".as_bytes());
                m.to.write_decimal(out);
                out.extend_from_slice("）".as_bytes());
            }
            MoveWords::Digit(d) => {
                let (before, after) = match &d.change {
                    DigitMove::Lower {
                        pile,
                        at: place,
                        from,
                        to,
                        before,
                        after,
                    } => {
                        at(out, *pile, d.several);
                        out.extend_from_slice(
                            format!("把第 {place} 位数字从 {from} 改为 {to}").as_bytes(),
                        );
                        (before, after)
                    }
                    DigitMove::Erase {
                        pile,
                        at: place,
                        before,
                        after,
                    } => {
                        at(out, *pile, d.several);
                        out.extend_from_slice(
                            format!("删去第 {place} 位的 0 及其后的所有数字").as_bytes(),
                        );
                        (before, after)
                    }
                };
                let shown = |s: &str| {
                    if s.is_empty() {
                        "空串".to_string()
                    } else {
                        s.to_string()
                    }
                };
                out.extend_from_slice(
                    format!("（{} → {}）", shown(before), shown(after)).as_bytes(),
                );
            }
            MoveWords::Coin(c) => {
                if named {
                    out.extend_from_slice(
                        format!("第 {} 堆和第 {} 堆：", c.pile + 1, c.pile + 2).as_bytes(),
                    );
                }
                out.extend_from_slice(
                    match c.step {
                        CoinStep::Down => "向下移到",
                        CoinStep::Left => "向左移到",
                        CoinStep::Diagonal => "向左下斜移到",
                    }
                    .as_bytes(),
                );
                out.extend_from_slice(format!(" ({}, {})", c.to[0], c.to[1]).as_bytes());
            }
            MoveWords::CoinTurn(m) => {
                let listed = |c: &[String]| match c {
                    [one] => one.clone(),
                    [init @ .., last] => format!("{} 和 {last}", init.join("、")),
                    [] => String::new(),
                };
                let text = match &m.turned {
                    TurnWords::Coins(c) => {
                        let c: Vec<String> = c.iter().map(Nat::to_string).collect();
                        format!("翻第 {} 枚硬币", listed(&c))
                    }
                    TurnWords::Run(from, to) => format!("翻第 {from} 到第 {to} 枚硬币"),
                    TurnWords::Rectangle((a, b), (x, y)) => {
                        let c = [
                            format!("{a}:{b}"),
                            format!("{a}:{y}"),
                            format!("{x}:{b}"),
                            format!("{x}:{y}"),
                        ];
                        format!("翻角上的硬币 {}", listed(&c))
                    }
                };
                out.extend_from_slice(text.as_bytes());
                if m.heads_left.is_empty() {
                    out.extend_from_slice("（不再有正面）".as_bytes());
                } else {
                    out.extend_from_slice(
                        format!("（剩下的正面：{}）", super::heads_text(&m.heads_left)).as_bytes(),
                    );
                }
            }
            MoveWords::Staircase(m) => {
                let text = if m.step == 1 {
                    format!("从第 1 级台阶取走 {} 枚硬币", m.coins)
                } else {
                    format!(
                        "把 {} 枚硬币从第 {} 级移到第 {} 级",
                        m.coins,
                        m.step,
                        m.step - 1
                    )
                };
                out.extend_from_slice(text.as_bytes());
                out.extend_from_slice("（剩下".as_bytes());
                super::put_numbers(out, &m.after);
                out.extend_from_slice("）".as_bytes());
            }
            MoveWords::Slide(m) => {
                out.extend_from_slice(
                    format!("把第 {} 格的棋子移到第 {} 格", m.from, m.to).as_bytes(),
                );
            }
            MoveWords::Euclid(m) => {
                let text = format!("从 {} 中减去 {} × {}（→", m.larger, m.times, m.smaller);
                out.extend_from_slice(text.as_bytes());
                super::put_numbers(out, &m.after);
                out.extend_from_slice("）".as_bytes());
            }
            MoveWords::In { component, words } => {
                out.extend_from_slice("第 ".as_bytes());
                put_number(out, component + 1);
                out.extend_from_slice(" 个分量：".as_bytes());
                self.put_move(out, words, false);
            }
            MoveWords::Token { from, to, .. } => {
                out.extend_from_slice(format!("把一枚棋子从 {from} 移到 {to}").as_bytes());
            }
            MoveWords::Dynamic(m) => {
                out.extend_from_slice(
                    format!("取 {} 个（下一步最多可取 {} 个）", m.take, m.next).as_bytes(),
                );
            }
            MoveWords::Hackenbush(m) => {
                let (a, b) = &m.cut;
                let mut text = format!("剪断边 {a}-{b}");
                match m.fell_count {
                    0 => {}
                    k if k <= m.fell.len() => text.push_str(&format!(
                        "（边 {} 随之掉落）",
                        super::edge_list(&m.fell, "、")
                    )),
                    k => text.push_str(&format!(
                        "（{k} 条边随之掉落：{}、…）",
                        super::edge_list(&m.fell, "、")
                    )),
                }
                out.extend_from_slice(text.as_bytes());
            }
        }
    }

    fn rules_name(&self, rules: &Rules, _piles: usize) -> String {
        family_name(&rules.name())
    }

    fn sum_name(&self, names: &[String], play: Play) -> String {
        format!("{}，{}", names.join(" + "), self.play_label(play))
    }

    fn play_label(&self, play: Play) -> &'static str {
        match play {
            Play::Normal => "正常规则",
            Play::Misere => "反常规则（misère）",
        }
    }

    fn player(&self, p: Player) -> &'static str {
        match p {
            Player::First => "先手",
            Player::Second => "后手",
        }
    }

    fn player_kind<'a>(&self, kind: &'a str) -> &'a str {
        match kind {
            "optimal" | "perfect" => "最优",
            "random" => "随机",
            "human" => "玩家",
            "easy" => "简单",
            "medium" => "中等",
            _ => kind,
        }
    }

    fn empty_piles(&self) -> &'static str {
        "（空）"
    }

    fn class_word(&self, outcome: Outcome) -> &'static str {
        match outcome {
            Outcome::N => "N 局面",
            Outcome::P => "P 局面",
        }
    }

    fn outcome_phrase(&self, outcome: Outcome) -> &'static str {
        match outcome {
            Outcome::N => "先手必胜",
            Outcome::P => "先手必败（双方都走最优时）",
        }
    }

    fn class(&self, word: &str, label: Option<ClassLabel>) -> String {
        match label {
            None => word.to_string(),
            Some(ClassLabel::Nim(state)) => format!("{word}（{state}，{}）", state_family(state)),
        }
    }

    fn verdict_head(&self, class: &str, name: &str, outcome: Outcome, exhaustive: bool) -> String {
        let search = if exhaustive {
            "，由穷举搜索得出"
        } else {
            ""
        };
        format!(
            "{name}下的 {class}：{}{search}",
            self.outcome_phrase(outcome)
        )
    }

    fn verdict(&self) -> &'static VerdictWords {
        &VERDICT
    }

    fn put_fact_value(&self, out: &mut Vec<u8>, fact: &Fact) -> bool {
        let pieces = self.verdict();
        match fact {
            Fact::Nim(n) => {
                out.extend_from_slice(pieces.sep.as_bytes());
                out.extend_from_slice(pieces.nim_sum.as_bytes());
                n.summary.nim_sum.write_decimal(out);
                true
            }
            Fact::Wythoff(place) => {
                out.extend_from_slice(pieces.sep.as_bytes());
                out.extend_from_slice(self.wythoff_place(place).as_bytes());
                true
            }
            Fact::Moore(_) => false,
        }
    }

    fn fact_lines(&self, fact: &Fact) -> Vec<String> {
        match fact {
            Fact::Nim(n) => vec![self.state_line(n.state, n.summary.big_piles, n.summary.ones)],
            Fact::Wythoff(place) => {
                let (a, b) = &place.pair;
                vec![
                    self.wythoff_pair(&place.k, a, b),
                    self.wythoff_is_pair(place.is_pair).to_string(),
                ]
            }
            Fact::Moore(count) => vec![self.moore_count(count)],
        }
    }

    fn family_move_reason(
        &self,
        why: FamilyWhy,
        fact: Option<&Fact>,
        mv: &Move,
        shown: &str,
        high_bit: &dyn Fn(String) -> String,
    ) -> String {
        match (why, mv) {
            (FamilyWhy::Nim(NimWhy::HighBit { bit, misere }), Move::Pile { pile, from, to }) => {
                let x = fact.and_then(Fact::deciding_value).unwrap_or(&Nat::ZERO);
                let mut said =
                    self.high_bit_move(pile + 1, &high_bit(self.bit(bit)), from, x, to, shown);
                if misere {
                    // Bouton's misère rule in S2: play as in normal play.
                    said.push_str("反常规则下充裕堆有两个或更多时，走法与正常规则相同：走后 nim和为 0 且仍有两个或更多充裕堆（T2），在两种规则下都是后手必胜。");
                }
                said
            }
            (FamilyWhy::Nim(_), _) => self.move_reason(Reason::Family(why), shown),
        }
    }

    fn family_step(
        &self,
        step: &FamilyStep,
        piles: &[Nat],
        painted: &dyn Fn(&Move) -> String,
    ) -> String {
        match step {
            FamilyStep::Nim(s) => {
                let others = other_piles(piles, s.pile);
                let shown = s.to.as_ref().map(painted);
                self.largest_pile(s.pile + 1, &s.size, &others, &s.others, shown.as_deref())
            }
            FamilyStep::Take(TakeStep::Bash { division, to }) => {
                self.bash_division(division, to.as_ref().map(painted).as_deref())
            }
            FamilyStep::Take(TakeStep::Residue(d)) => self.residue(d),
            FamilyStep::Wythoff(WythoffStep::Reach(r)) => {
                self.wythoff_reach(&painted(&r.mv), &r.k, &r.pair.0, &r.pair.1)
            }
            FamilyStep::Wythoff(WythoffStep::Value(v)) => {
                let values = match &v.why {
                    WythoffWhy::Mex { values, .. } => set_text(values),
                    WythoffWhy::Pair { .. } => String::new(),
                };
                self.wythoff_value(v.pile + 1, v, &values)
            }
            FamilyStep::Kiki(v) => self.kiki_value(v.pile + 1, v),
            FamilyStep::Staircase(v) => self.staircase_value(v),
            FamilyStep::Slide(v) => self.slide_value(v),
            FamilyStep::Coins(v) => self.coin_values(v),
            FamilyStep::Euclid(v) => self.euclid_value(v),
            FamilyStep::Dynamic(v) => self.dynamic_value(v),
            FamilyStep::Moore(v) => self.moore_value(v),
            FamilyStep::Hackenbush(v) => self.hackenbush_step(v),
            FamilyStep::Graph(v) => self.graph_tokens(v),
        }
    }

    fn wythoff_place(&self, place: &WythoffPlace) -> String {
        let ((a, b), k) = (&place.pair, &place.k);
        if place.is_pair {
            format!("威佐夫对 k = {k}（{a}, {b}）")
        } else {
            format!("两堆之差 {k}，对应的威佐夫对是（{a}, {b}）")
        }
    }

    fn state_meaning(&self, state: NimState) -> &'static str {
        match state {
            NimState::S0 => "nim和 ≠ 0，没有充裕堆",
            NimState::S1 => "nim和 ≠ 0，恰有一个充裕堆",
            NimState::S2 => "nim和 ≠ 0，有两个或更多充裕堆",
            NimState::T0 => "nim和 = 0，没有充裕堆",
            NimState::T2 => "nim和 = 0，有两个或更多充裕堆",
        }
    }

    fn theorem(&self, t: Theorem) -> &'static str {
        match t {
            Theorem::Family(FamilyTheorem::Nim(Bouton::Normal)) => {
                "Bouton 定理（1901）：nim和不为 0 时先手必胜"
            }
            Theorem::Family(FamilyTheorem::Nim(Bouton::Misere)) => {
                "Bouton 定理的反常规则版本（1901）：状态为 S1、S2 或 T0 时先手必胜"
            }
            Theorem::SpragueGrundy => {
                "Sprague–Grundy 定理（1935/1939）：各堆（和游戏则为各分量）Grundy 值的异或不为 0 时先手必胜"
            }
            Theorem::Family(FamilyTheorem::Hackenbush) => {
                "绿色 Hackenbush 的冒号原理与融合原理（《Winning Ways》第 7 章）：圈融合为一个顶点上的自环，自环值为 1，分支值为 1 + 其上的值，顶点的值是其分支与自环的异或；地面的值为 0 时先手必败"
            }
            Theorem::Family(FamilyTheorem::Euclid) => {
                "Cole–Davie 定理（1969）：欧几里得游戏中，较大数超过较小数的 φ 倍或两数相等时先手必胜；商为 1 时唯一的走法走到对手的必败局面才必胜"
            }
            Theorem::Family(FamilyTheorem::Dynamic) => {
                "k 倍动态减法（斐波那契博弈为 Whinihan 1963）：本步可取的上限小于石子数 k-稀疏表示的最小项时先手必败"
            }
            Theorem::Family(FamilyTheorem::Moore) => {
                "Moore 定理（1910）：Nim_K 中每个二进制位上 1 的个数都是 K + 1 的倍数时先手必败"
            }
            Theorem::Family(FamilyTheorem::Slide) => {
                "移棋子化为阶梯博弈：从右往左两两配对，各对之间空格数的 nim和为 0 时先手必败"
            }
            Theorem::Family(FamilyTheorem::CoinTurning) => {
                "翻硬币定理（Lenstra；《Winning Ways》第 14 章）：一排硬币的 Grundy 值是各枚正面硬币之值的 nim和，nim和为 0 时先手必败"
            }
            Theorem::Family(FamilyTheorem::Tartan) => {
                "Tartan 定理（《Winning Ways》第 14 章）：翻角游戏棋盘的 Grundy 值是各枚正面硬币 x ⊗ y（nim积）的 nim和，nim和为 0 时先手必败"
            }
            Theorem::Family(FamilyTheorem::Staircase) => {
                "阶梯博弈（阶梯 Nim）：局面的 Grundy 值是奇数级台阶上硬币数的 nim和（Sprague–Grundy），nim和为 0 时先手必败"
            }
            Theorem::Family(FamilyTheorem::Wythoff(WythoffTheorem::Normal)) => {
                "威佐夫定理（Wythoff 1907）：两堆恰为威佐夫对 (⌊kφ⌋, ⌊kφ⌋+k) 时先手必败"
            }
            Theorem::ExhaustiveSearch => "穷举博弈树搜索（这种游戏的反常规则没有现成公式）",
            Theorem::MisereKnownTame => {
                "Grundy 值上的反常 Nim 规则（对 Nim 堆与每次至多取 K 的堆在任意大小都已证明）：各堆 Grundy 值都不超过 1 且 1 的个数为奇数，或有值不小于 2 且各值的 nim和为 0 时，先手必败"
            }
            Theorem::MisereTame => {
                "Conway 的驯服（tame）理论：反常商检验证明这些堆是驯服的，于是由 Grundy 值上的反常 Nim 规则判定：各值都不超过 1 且 1 的个数为奇数，或有值不小于 2 且 nim和为 0 时，先手必败"
            }
            Theorem::MisereQuotient => {
                "反常商（Plambeck–Siegel 2008），经商检验证明：各堆所属类的乘积落在 P 部分时先手必败"
            }
            Theorem::Family(FamilyTheorem::Wythoff(WythoffTheorem::Misere)) => {
                "反常威佐夫博弈：两堆为 (0, 1)、(2, 2) 或 k ≥ 2 的威佐夫对 (⌊kφ⌋, ⌊kφ⌋+k) 时先手必败"
            }
        }
    }

    fn closed_form_reason(&self, why: ClosedFormWhy) -> &'static str {
        match why {
            ClosedFormWhy::PowersOfTwoMod3 => "因为每个 2 的幂除以 3 都余 1 或 2",
            ClosedFormWhy::TakesAnyLeavesOne => {
                "每个更小的堆都是选项，而分堆得不到 n：a ⊕ b ≤ a + b < n"
            }
            ClosedFormWhy::LaskersNim => "Lasker 1931，对堆的大小归纳可证（Winning Ways 第 4 章）",
            ClosedFormWhy::StaircaseOddSteps => {
                "硬币都在第 1 级；阶梯的 SG 值是奇数级上硬币数的 nim 和"
            }
            ClosedFormWhy::SlideGaps => {
                "即墙与棋子之间的空格数；一行棋子的 SG 值是从右起每对棋子间空格数的 nim 和"
            }
            ClosedFormWhy::CoinTurning => {
                "即第 n 枚硬币正面朝上的 SG 值；一行硬币的 SG 值是各正面硬币 SG 值的 nim 和（翻硬币定理，Winning Ways 第 14 章）"
            }
            ClosedFormWhy::MooreOnePile => "只有一堆时每步可从中取任意正数个，与 Nim 相同",
            ClosedFormWhy::GregorianCycle => {
                "公历每 400 年（146097 天）循环一次，一个周期内的值按规则逐个算出"
            }
        }
    }

    fn misere_values(&self, values: &[Nat]) -> String {
        let big = values.iter().filter(|v| *v > &Nat::ONE).count();
        let ones = values.iter().filter(|v| *v == &Nat::ONE).count();
        let mut x = Nat::ZERO;
        for v in values {
            x.xor_assign(v);
        }
        let listed: Vec<String> = values.iter().map(Nat::to_string).collect();
        let listed = listed.join(" ");
        if big == 0 {
            format!("各堆的 Grundy 值：{listed}（没有不小于 2 的值；值为 1 的有 {ones} 个）")
        } else {
            format!("各堆的 Grundy 值：{listed}（不小于 2 的有 {big} 个；nim和为 {x}）")
        }
    }

    fn misere_classes(&self, heaps: &[String], product: &str, in_p: bool) -> String {
        let place = if in_p { "在" } else { "不在" };
        format!(
            "各堆在反常商中的类：{}；其乘积 {product} {place} P 部分中。",
            heaps.join("，")
        )
    }

    fn grundy_progress(&self, pile: &Nat, limit: u64) -> String {
        format!(
            "正在计算 g({})：求值至表长上限（{limit}），寻找周期……",
            pile.brief()
        )
    }

    fn quotient_progress(&self, heap: u64, elements: usize) -> String {
        format!("正在求反常商：已加入第 {heap} 堆，共 {elements} 个元素")
    }

    fn quotient_refused(
        &self,
        name: &str,
        heaps: Option<(u64, bool)>,
        why: &NoQuotientWhy,
    ) -> String {
        let why = self.no_quotient_why(why);
        match heaps {
            None => format!("无法求{name}的反常商：{why}"),
            Some((n, true)) => format!("未能对不超过 {n} 的堆证明{name}的反常商：{why}"),
            Some((n, false)) => format!(
                "未能对不超过 {n} 的堆（默认值；可用 --heaps N 另行指定）证明{name}的反常商：{why}"
            ),
        }
    }

    fn quotient_head(&self, name: &str, method: Method) -> String {
        let kind = match method {
            Method::KnownTame | Method::Tame => {
                "驯服（tame：其各堆的任意和由 Grundy 值上的反常 Nim 规则判定）"
            }
            Method::Quotient => "野性（wild：其商不是反常 Nim 的商）",
        };
        format!("{}的反常商：{kind}", spaced(name, false))
    }

    fn quotient_proof(
        &self,
        checked: u64,
        types: usize,
        period: Option<(u64, u64)>,
        by_rule: bool,
    ) -> String {
        match period {
            None if by_rule => format!(
                "反常 Nim 规则（Bouton 1901）对这个游戏的每个堆都成立；全部堆的反常商是无限的，这里给出的是不超过 {checked} 的堆的商，经商检验证明（{types} 种局面类型）。"
            ),
            Some((pre, p)) => format!(
                "经商检验对每个堆都已证明（检验了不超过 {checked} 的堆上 {types} 种局面类型）：堆映射的预周期为 {pre}，周期为 {p}。"
            ),
            None => format!(
                "经商检验对不超过 {checked} 的堆已证明（{types} 种局面类型）；堆映射的周期未证明。"
            ),
        }
    }

    fn quotient_order(&self, order: usize, p: usize) -> String {
        format!("|Q| = {order}，|P| = {p}")
    }

    fn quotient_line(&self, part: QuotientPart, items: &[String]) -> String {
        // Equations are separated by a comma, the classes of the P-portion by an enumeration
        // comma.
        let by = match part {
            QuotientPart::PPortion => "、",
            _ => "，",
        };
        format!("{}：{}", self.quotient_label(part), items.join(by))
    }

    fn quotient_label(&self, part: QuotientPart) -> &'static str {
        match part {
            QuotientPart::Generators => "生成元",
            QuotientPart::Relations => "关系",
            QuotientPart::PPortion => "P 部分",
            QuotientPart::Heaps => "各堆",
            QuotientPart::Heap => "堆",
        }
    }

    fn position_head(&self, position: &str, name: &str) -> String {
        format!("局面 {position} — {name}")
    }

    fn state_line(&self, state: NimState, big: usize, ones: usize) -> String {
        format!(
            "状态 {state}（{}）：{}（充裕堆 {big} 个，孤单堆 {ones} 个）；按 P/Q/R/S/F 的命名为 {}。",
            state_family(state),
            self.state_meaning(state),
            state.pqrsf()
        )
    }

    fn wythoff_pair(&self, k: &Nat, a: &Nat, b: &Nat) -> String {
        format!(
            "两堆之差 k = {k}；第 k 个威佐夫对是 (⌊kφ⌋, ⌊kφ⌋ + k) = ({a}, {b})，用整数算作 ⌊(k + ⌊√(5k²)⌋)/2⌋。"
        )
    }

    fn wythoff_is_pair(&self, is_pair: bool) -> &'static str {
        if is_pair {
            "这个局面就是这个威佐夫对。"
        } else {
            "这个局面不是这个威佐夫对。"
        }
    }

    fn periodicity(&self, p: &Periodicity) -> String {
        let (pre, period, window_len) = (p.preperiod, p.period, p.window);
        let (a, b, c, d) = window(p);
        match p.proof {
            PeriodProof::Window => format!(
                "单堆 Grundy 序列的预周期为 {pre}，周期为 {period}：g({a}), …, g({b}) = g({c}), …, g({d})，长为 {window_len}（最大可取数）的窗口重复出现，所以对每个 n ≥ {pre}，g(n + {period}) = g(n)。"
            ),
            PeriodProof::GuySmith { last_take } => format!(
                "单堆 Grundy 序列的预周期为 {pre}，周期为 {period}：对 {pre} ≤ n ≤ {b}（= 2·{pre} + {period} + {last_take} − 1，{last_take} 是一次最多取走的数）都有 g(n + {period}) = g(n)，由 Guy–Smith 定理（1956），对每个 n ≥ {pre} 都成立。"
            ),
        }
    }

    fn by_theorem(&self, t: Theorem) -> String {
        let theorem = self.theorem(t);
        // A space between Chinese and a following Latin name, none before Chinese.
        let gap = if theorem.starts_with(|c: char| c.is_ascii()) {
            " "
        } else {
            ""
        };
        format!("依据{gap}{theorem}：")
    }

    fn verdict_sentence(&self, word: &str, outcome: Outcome) -> String {
        format!("{word} — {}。", self.outcome_phrase(outcome))
    }

    fn every_winning_move_head(&self, n: usize) -> String {
        format!("全部必胜走法（{n} 种）：")
    }

    fn first_winning_move_head(&self) -> &'static str {
        "必胜走法太多，搜索上限内无法一一列出；找到的第一种："
    }

    fn compound_verdict(
        &self,
        compound: nimsolve::Compound,
        outcome: nimsolve::Outcome,
        position: &str,
        decisive: u64,
    ) -> String {
        let who = if outcome.to_move_wins() {
            "N 局面：先手必胜"
        } else {
            "P 局面：先手必败"
        };
        let parity = if decisive % 2 == 1 {
            "奇数"
        } else {
            "偶数"
        };
        let why = match compound {
            nimsolve::Compound::Conjunctive => format!("最小遥度 {decisive}，为{parity}"),
            nimsolve::Compound::Continued => format!("最大悬念数 {decisive}，为{parity}"),
            _ if decisive == 0 => "每个分量都是 P 局面".to_string(),
            _ => format!("{decisive} 个分量是 N 局面"),
        };
        // The compounds' theorems are of normal play (misère play is refused).
        format!(
            "{position} 的{}，{}：{who}（{why}）",
            crate::cli::i18n::zh::compound_name_zh(compound.as_str()),
            self.play_label(Play::Normal)
        )
    }

    fn compound_theorem(
        &self,
        compound: nimsolve::Compound,
        numbers: &[u64],
        decisive: u64,
    ) -> String {
        let list = numbers
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join("，");
        let parity = if decisive % 2 == 1 {
            "奇数"
        } else {
            "偶数"
        };
        match compound {
            nimsolve::Compound::Conjunctive => format!(
                "Smith 定理（《Winning Ways》第 9 章）：合取复合的遥度是各分量遥度的最小值，min（{list}）= {decisive}；为奇数时先手必胜，这里是{parity}。"
            ),
            nimsolve::Compound::Continued => format!(
                "悬念数（《Winning Ways》第 9 章；Every-SG）：持续合取复合中，各分量悬念数的最大值为奇数时先手必胜：max（{list}）= {decisive}，为{parity}。"
            ),
            _ => format!(
                "选择复合的规则：当且仅当每个分量单独都是 P 局面时先手必败；各分量的结果（N 记 1，P 记 0）为 {list}。"
            ),
        }
    }

    fn compound_component(
        &self,
        compound: nimsolve::Compound,
        index: usize,
        component: &str,
        number: u64,
        after: Option<&str>,
    ) -> String {
        let what = match compound {
            nimsolve::Compound::Conjunctive => format!("遥度 {number}"),
            nimsolve::Compound::Continued => format!("悬念数 {number}"),
            _ if number == 1 => "单独是 N 局面".to_string(),
            _ => "单独是 P 局面".to_string(),
        };
        let to = after.map_or(String::new(), |after| format!("；走到 {after}"));
        format!("第 {} 个分量（{component}）：{what}{to}", index + 1)
    }

    fn compound_move(&self, after: Option<&str>, moved: usize) -> String {
        match after {
            Some(after) => format!("必胜着法：在 {moved} 个分量中走，走到 {after}"),
            None => "没有必胜着法".to_string(),
        }
    }

    fn remoteness_sentence(&self, r: u64) -> String {
        if r == 0 {
            return "遥度 0：已无子可取，对局已经结束。".to_string();
        }
        format!("遥度 {r}：双方都走最优（胜方求快，败方求拖）时，还要走 {r} 步才结束。")
    }

    fn sum_table_heads(&self) -> [&'static str; 5] {
        ["分量", "游戏", "堆", "Grundy 值", "累计异或"]
    }

    fn component_move(&self, component: usize, name: &str, g: &Nat, x: &Nat, to: &Nat) -> String {
        format!(
            "这一步走在第 {component} 个分量（{name}）上：它的 Grundy 值从 {g} 变为 {g} ⊕ {x} = {to}，各分量的异或变为 0。"
        )
    }

    fn xor_label(&self, nim: bool) -> &'static str {
        if nim { "nim和" } else { "异或" }
    }

    fn row_label(&self, nim: bool, pile: usize) -> String {
        if nim {
            format!("第 {pile} 堆")
        } else {
            format!("g(第 {pile} 堆)")
        }
    }

    fn pile_holds(&self, pile: usize, holds: &Nat) -> String {
        format!("（第 {pile} 堆有 {holds} 个）")
    }

    fn bit(&self, bit: u64) -> String {
        format!("第 {bit} 位")
    }

    fn highest_set_bit(&self, bit: u64) -> String {
        format!("最高位：第 {bit} 位")
    }

    fn high_bit_move(
        &self,
        pile: usize,
        bit: &str,
        from: &Nat,
        x: &Nat,
        to: &Nat,
        shown: &str,
    ) -> String {
        format!(
            "第 {pile} 堆是{bit}为 1 的编号最小的堆：{from} ⊕ {x} = {to} < {from}，所以{shown}。"
        )
    }

    fn move_reason(&self, reason: Reason, shown: &str) -> String {
        match reason {
            Reason::Family(FamilyWhy::Nim(NimWhy::MisereBigPile)) => format!(
                "反常规则，只有一个充裕堆：把它取到 0 或 1，使孤单堆的个数为奇数：{shown}。"
            ),
            Reason::Family(FamilyWhy::Nim(NimWhy::MisereOnes)) => {
                format!("反常规则，只剩偶数个孤单堆：取走一个，留下奇数个：{shown}。")
            }
            Reason::Delays => format!("没有必胜走法；拖延最久的走法是{shown}。"),
            Reason::Fallback => {
                format!("没有必胜走法；局面超出搜索上限，按后备规则（从最大的堆取最少）走{shown}。")
            }
            Reason::FallbackOption => {
                format!(
                    "没有必胜走法；局面超出搜索上限，按后备规则（游戏按自己的规则选出的一步合法走法，每次相同）走{shown}。"
                )
            }
            Reason::Family(FamilyWhy::Nim(NimWhy::HighBit { .. }))
            | Reason::Wins
            | Reason::NoMove => format!("走法：{shown}。"),
        }
    }

    fn no_move_left(&self, name: &str, play: Play) -> String {
        let verdict = match play {
            Play::Normal => "轮到走的一方已经输了",
            Play::Misere => "轮到走的一方已经赢了（对手取走了最后一个）",
        };
        format!("{name}：已无子可取，{verdict}")
    }

    fn advice_verdict(&self, winning: bool, class: &str, name: &str) -> String {
        if winning {
            format!("：必胜走法（{class}，{name}）")
        } else {
            format!("：没有必胜走法，双方都走最优时此局面必败（{class}，{name}）")
        }
    }

    fn advice_reason(&self, reason: Reason, remoteness: Option<u64>) -> String {
        match (reason, remoteness) {
            (Reason::Delays, Some(r)) => format!("；此走法拖延最久（最优对局还剩 {r} 步）"),
            (Reason::Fallback, _) => {
                "；超出搜索上限，按后备规则选出（从最大的堆取最少）".to_string()
            }
            (Reason::FallbackOption, _) => {
                "；超出搜索上限，按后备规则选出（游戏按自己的规则选出的一步合法走法，每次相同）"
                    .to_string()
            }
            (Reason::Delays, None) | (Reason::Family(_) | Reason::Wins | Reason::NoMove, _) => {
                String::new()
            }
        }
    }

    fn every_winning_move_list(&self) -> (&'static str, &'static str) {
        ("；全部必胜走法：", "；")
    }

    fn play_header(&self, name: &str, start: &str, first: &str, second: &str) -> String {
        format!("{name}，从 {start} 开始（先手：{first}，后手：{second}）")
    }

    fn turn_state(&self, label: Option<ClassLabel>, word: &str) -> String {
        match label {
            Some(ClassLabel::Nim(state)) => format!("[{state}，{word}]"),
            None => format!("[{word}]"),
        }
    }

    fn winner(&self, winner: Player, turns: u64, play: Play) -> String {
        let who = self.player(winner);
        let other = self.player(winner.other());
        let rule = match play {
            Play::Normal => "正常规则",
            Play::Misere => "反常规则",
        };
        let why = match (play, turns) {
            (Play::Normal, 0) => format!("{other}无路可走"),
            (Play::Normal, _) => format!("{who}走了最后一步"),
            (Play::Misere, 0) => format!("{who}无路可走，反常规则下无路可走者胜"),
            (Play::Misere, _) => format!("{other}走了最后一步"),
        };
        format!("{who}获胜，共 {turns} 步（{why}，{rule}）")
    }

    fn grundy_sequence_head(&self, name: &str, whole: Option<&str>, upto: usize) -> String {
        match whole {
            Some(spec) => format!("局面 `{spec} n` 的 Grundy 值 g(n)，{name}，n = 0..{upto}："),
            None => format!("单堆 Grundy 值 g(n)，{name}，n = 0..{upto}："),
        }
    }

    fn closed_form(
        &self,
        formula: &str,
        reason: Option<ClosedFormWhy>,
        period: Option<u64>,
    ) -> String {
        let mut text = match reason {
            Some(why) => format!("闭式：{formula}，{}", self.closed_form_reason(why)),
            None => format!("闭式：{formula}"),
        };
        if let Some(p) = period {
            text.push_str(&format!("（预周期 0，周期 {p}）"));
        }
        text
    }

    fn no_period(&self) -> &'static str {
        "不寻找周期（这里没有能证明此游戏周期的定理）；每个值都由 mex 逐个算出。"
    }

    fn no_period_in(&self, values: u64) -> String {
        format!(
            "已检查的 {values} 个值 g(0) 到 g({}) 不能证明周期；每个值都由 mex 逐个算出。",
            values.saturating_sub(1)
        )
    }

    fn pair_table_head(&self, name: &str) -> String {
        format!("{name}的 Grundy 值 g(a, b)（a 为行，b 为列；0 标出 P 局面）：")
    }

    fn pair_table_known(&self, dots: bool) -> &'static str {
        if dots {
            "每个值都是该局面各后继局面的值的 mex（Sprague–Grundy 定理）；· 表示不是该游戏的局面。"
        } else {
            "每个值都是该局面各后继局面的值的 mex（Sprague–Grundy 定理）。"
        }
    }

    fn trainer_commands(&self, kinds: &MoveKinds) -> String {
        super::trainer_help(MOVES_HEAD, &MOVE_ROWS, COMMANDS, kinds)
    }

    fn end_of_input(&self, at: &str, n: usize) -> String {
        format!("输入结束：对局在 {at} 处中止，共走了 {n} 步。")
    }

    fn interrupted(&self, at: &str, n: usize) -> String {
        format!("对局被中断（Ctrl-C）：在 {at} 处中止，共走了 {n} 步。")
    }

    fn line_too_long(&self, max: usize) -> String {
        format!("这一行超过 {max} 字节；请按“堆号 取数”输入着法。")
    }

    fn command_error(&self, e: &CommandError) -> String {
        match e {
            CommandError::Unknown { text, kinds } => {
                let both = move_syntax(kinds);
                format!(
                    "{text:?} 既不是着法也不是命令：{both}；命令有 提示、悔棋、显示、帮助、退出（或 hint、undo、show、help、quit）"
                )
            }
            CommandError::WhichBoth => {
                "有几个分量都可以从两堆同取：请输入 both 堆号 取数，堆号为该分量的第一堆"
                    .to_string()
            }
            CommandError::NoHeaps { pile, kinds } => {
                format!(
                    "不合规的走法：没有第 {pile} 堆：这里没有按堆走的分量；{}",
                    move_syntax(kinds)
                )
            }
            CommandError::NoSuchPile { pile, piles } => {
                format!("不合规的走法：没有第 {pile} 堆：各堆编号为 1 到 {piles}")
            }
            CommandError::NoSuchComponent {
                component,
                components,
            } => {
                format!("不合规的走法：没有第 {component} 个分量：各分量编号为 1 到 {components}")
            }
            CommandError::NotFirstOfPair {
                pile,
                component,
                takes_from_both,
                pairs,
                take,
                reason,
            } => {
                let typed = |(_, first): &(usize, usize)| format!("both {first} {take}");
                if *takes_from_both {
                    format!(
                        "{}：第 {pile} 堆是第 {component} 个分量（第 {} 和第 {pile} 堆）的第二堆，而 both 堆号 取数 的堆号是该分量的第一堆：请输入 both {} {take}",
                        self.move_error(reason),
                        pile - 1,
                        pile - 1
                    )
                } else {
                    let choices: Vec<String> = pairs
                        .iter()
                        .map(|(c, first)| {
                            format!("第 {c} 个分量（第 {first} 和第 {} 堆）", first + 1)
                        })
                        .collect();
                    let typed: Vec<String> = pairs.iter().map(typed).collect();
                    format!(
                        "{}：第 {pile} 堆属于第 {component} 个分量，它每次只从一堆取；从两堆同取要在{}里走：请输入 {}",
                        self.move_error(reason),
                        choices.join("或"),
                        typed.join(" 或 ")
                    )
                }
            }
            CommandError::TakesNothing => "不合规的走法：一步至少要取一个".to_string(),
            CommandError::MoreThanThePile { pile, holds, .. } if holds.is_zero() => {
                format!("不合规的走法：第 {pile} 堆已经空了")
            }
            CommandError::MoreThanThePile { pile, holds, take } => {
                format!("不合规的走法：第 {pile} 堆只有 {holds} 个，不能取 {take} 个")
            }
            CommandError::Illegal(e) => self.move_error(e),
        }
    }

    fn no_hint(&self, e: &SolveError) -> String {
        format!("无法提示：{}", self.solve_error(e))
    }

    fn stopped(&self, at: &str, n: usize) -> String {
        format!("对局在 {at} 处结束，共走了 {n} 步。")
    }

    fn game_over(&self, you_win: bool) -> &'static str {
        if you_win {
            "你赢了。"
        } else {
            "电脑赢了。"
        }
    }

    fn you(&self) -> &'static str {
        "你"
    }

    fn engine(&self) -> &'static str {
        "电脑"
    }

    fn to_move(&self, you: bool, player: Player) -> String {
        if you {
            "轮到你走".to_string()
        } else {
            format!("轮到{}走", self.player(player))
        }
    }

    fn hint(&self, hint: &Hint, named: bool, typed: &str, worded: Option<&MoveWords>) -> String {
        match hint {
            Hint::Outcome { wins, next } => {
                let (of, next) = match next {
                    HintNext::Pile => (3, "取哪一堆"),
                    HintNext::Component => (3, "在哪个分量里走"),
                    HintNext::Move => (2, "具体着法"),
                };
                if *wins {
                    format!(
                        "提示 1/{of}：你必胜（N 局面）：有一步能让对手陷入必败。再问可知{next}。"
                    )
                } else {
                    format!(
                        "提示 1/{of}：你必败（P 局面）：对手不失误就没有必胜的走法；尽量拖延，等对手失误。再问可知{next}。"
                    )
                }
            }
            Hint::Component { wins, component } => {
                if *wins {
                    format!(
                        "提示 2/3：在第 {} 个分量里走。再问可知具体着法。",
                        component + 1
                    )
                } else {
                    format!(
                        "提示 2/3：没有必胜的走法；为了拖延，在第 {} 个分量里走。再问可知具体着法。",
                        component + 1
                    )
                }
            }
            Hint::Pile { wins, pile, both } => {
                let place = match (both, named) {
                    (false, _) => format!("从第 {} 堆取", pile + 1),
                    (true, false) => "从两堆各取同样多".to_string(),
                    (true, true) => {
                        format!("从第 {} 堆和第 {} 堆各取同样多", pile + 1, pile + 2)
                    }
                };
                if *wins {
                    format!("提示 2/3：{place}。再问可知具体着法。")
                } else {
                    format!("提示 2/3：没有必胜的走法；为了拖延，{place}。再问可知具体着法。")
                }
            }
            Hint::Move {
                wins,
                delaying,
                of,
                mv,
            } => {
                let how = if *wins {
                    "必胜的着法是"
                } else if *delaying {
                    "没有必胜的走法；拖延最久的着法是"
                } else if matches!(mv, nimsolve::Move::To { .. }) {
                    "没有必胜的走法；局面太大，无法搜索拖延最久的着法，按后备规则（游戏按自己的规则选出的一步合法走法）走"
                } else {
                    "没有必胜的走法；局面太大，无法搜索拖延最久的着法，按后备规则（从最大的堆取最少）走"
                };
                format!(
                    "提示 {of}/{of}：{how}{}：输入 {typed}",
                    worded
                        .map(|w| MoveText(self, w, named).to_string())
                        .unwrap_or_default()
                )
            }
        }
    }

    fn nothing_to_undo(&self) -> &'static str {
        "无可悔棋：你还没有走过。"
    }

    fn undone_turn(&self, turn: u64, who: &str, mv: &str) -> String {
        format!("第 {turn} 步（{who}：{mv}）")
    }

    fn took_back(&self, turns: &[String], now: &str) -> String {
        format!("已悔棋：{}；局面回到 {now}。", turns.join("、"))
    }

    fn show(
        &self,
        position: &str,
        name: &str,
        n: usize,
        parts: &[ShowPart<'_>],
        to_move: &str,
    ) -> String {
        let listed: Vec<String> = parts
            .iter()
            .enumerate()
            .filter_map(|(k, part)| {
                let piles: Vec<String> = part
                    .piles
                    .iter()
                    .enumerate()
                    .map(|(i, p)| format!("第 {} 堆：{p}", part.offset + i + 1))
                    .collect();
                match (&part.name, &part.state) {
                    (Some(game), Some(state)) => {
                        Some(format!("第 {} 个分量（{game}）：{state}", k + 1))
                    }
                    (Some(game), None) => Some(format!(
                        "第 {} 个分量（{game}）含{}",
                        k + 1,
                        piles.join("，")
                    )),
                    // 单独一个整体状态的分量就是局面本身。
                    (None, Some(_)) => None,
                    (None, None) => Some(piles.join("，")),
                }
            })
            .collect();
        if listed.is_empty() {
            return format!("局面 {position}（{name}）走了 {n} 步；{to_move}。");
        }
        format!(
            "局面 {position}（{name}）走了 {n} 步后：{}；{to_move}。",
            listed.join("；")
        )
    }

    fn largest_pile(
        &self,
        pile: usize,
        size: &Nat,
        others: &[Nat],
        x: &Nat,
        shown: Option<&str>,
    ) -> String {
        let head = format!(
            "另一种方法（把最大的堆 c 变成其余各堆的 nim和）：最大的堆是第 {pile} 堆，c = {size}；"
        );
        let xor = xor_of(others, x);
        match shown {
            Some(shown) => format!("{head}{xor} < {size}，所以把它变成 {x}：{shown}。"),
            None if x == size => {
                format!("{head}{xor} = c，nim和已经是 0，任何走法都不能保持。")
            }
            None => format!(
                "{head}但 {xor} > {size}，一堆不能变多，所以必须在别的堆上走（用二进制的方法找出哪一堆）。"
            ),
        }
    }

    fn bash_division(&self, d: &Division, shown: Option<&str>) -> String {
        let (n, k, m, r, s) = (&d.heap, &d.max_take, &d.modulus, &d.quotient, &d.remainder);
        let rule = format!(
            "巴什博弈的规律：每次取 1 到 K = {k} 个，写 n = (K + 1)·r + s：{n} = {m}·{r} + {s}。"
        );
        match shown {
            Some(shown) => format!(
                "{rule}取走 s = {s} 个，留下 {m} 的倍数；以后对方每取 t 个，你就取 {m} − t 个，最后一个必是你取：{shown}。"
            ),
            None => format!(
                "{rule}s = 0：这堆的个数是 {m} 的倍数，无论先手取 t 个，对方都取 {m} − t 个，保持 {m} 的倍数，并取走最后一个。"
            ),
        }
    }

    fn residue(&self, d: &Division) -> String {
        let (n, m, r, s) = (&d.heap, &d.modulus, &d.quotient, &d.remainder);
        format!(
            "第 {} 堆有 {n} = {m}·{r} + {s} 个，所以 g({n}) = {n} mod {m} = {s}。",
            d.pile + 1
        )
    }

    fn mex_listed(&self, pile: Option<usize>, formula: &str) -> String {
        match pile {
            Some(pile) => format!("第 {pile} 堆：{formula}。"),
            None => format!("  而 {formula}。"),
        }
    }

    fn mex_values(
        &self,
        pile: Option<usize>,
        heap: &Nat,
        count: u64,
        values: &str,
        value: &Nat,
    ) -> String {
        let head = match pile {
            Some(pile) => format!("第 {pile} 堆有 {heap} 个："),
            None => format!("  而堆 {heap}："),
        };
        format!(
            "{head}它的 {count} 个后继局面的 Grundy 值为 {values}，所以 g({heap}) = mex {values} = {value}。"
        )
    }

    fn period_step(&self, step: &PeriodStep) -> String {
        let (n, m, v) = (&step.heap, &step.reduced, &step.value);
        let (pre, period) = (step.periodicity.preperiod, step.periodicity.period);
        format!(
            "第 {} 堆有 {n} 个，已过预周期：由周期，g({n}) = g({pre} + ({n} − {pre}) mod {period}) = g({m}) = {v}。",
            step.pile + 1
        )
    }

    fn heap_value(&self, pile: usize, heap: &Nat, value: &Nat) -> String {
        format!("第 {pile} 堆：g({heap}) = {value}（后继局面太多，不一一列出）。")
    }

    fn wythoff_value(&self, pile: usize, step: &WythoffValue, values: &str) -> String {
        let (a, b) = (&step.piles.0, &step.piles.1);
        let (value, next) = (&step.value, pile + 1);
        match &step.why {
            WythoffWhy::Pair { k } => format!(
                "第 {pile}、{next} 堆：({a}, {b}) 是第 {k} 个威佐夫对（k = {k}），是 P 局面，所以 g({a}, {b}) = 0（Wythoff 1907）。"
            ),
            WythoffWhy::Mex { options, .. } => format!(
                "第 {pile}、{next} 堆：g({a}, {b}) = mex{values} = {value}，取遍它的 {options} 种走法（从一堆取，或从两堆取同样多）。"
            ),
        }
    }

    fn kiki_value(&self, pile: usize, step: &KikiValue) -> String {
        let (a, b) = (&step.piles.0, &step.piles.1);
        let (value, next) = (&step.value, pile + 1);
        let parity = |n: &Nat| if n.bit(0) { "奇" } else { "偶" };
        format!(
            "第 {pile}、{next} 堆：按奇偶性 g({a}, {b}) = {value}（{a} 是{}数，{b} 是{}数）：两堆都是偶数为 0，都是奇数为 2，奇数堆较大为 1，较小为 3。",
            parity(a),
            parity(b)
        )
    }

    fn slide_value(&self, step: &SlideValue) -> String {
        let pairs: Vec<String> = step
            .pairs
            .iter()
            .map(|(l, r, g)| match l {
                Some(l) => format!("({l}, {r}) 之间空 {g} 格"),
                None => format!("(左端, {r}) 之间空 {g} 格"),
            })
            .collect();
        let gaps: Vec<String> = step.pairs.iter().map(|(_, _, g)| g.to_string()).collect();
        format!(
            "从右往左两两配对：{}；空格数的 nim和 {} = {} 就是 Grundy 值。",
            pairs.join("，"),
            gaps.join(" ⊕ "),
            step.value
        )
    }

    fn coin_values(&self, step: &CoinValues) -> String {
        let heads: Vec<String> = step
            .heads
            .iter()
            .map(|(h, _)| super::head_text(h))
            .collect();
        let values: Vec<String> = step.heads.iter().map(|(_, v)| v.to_string()).collect();
        let (rule, whole) = match step.rule {
            Some(CoinRule::TurningTurtles) => ("第 n 枚硬币的正面值 n", "这排硬币"),
            Some(CoinRule::Twins) => ("第 n 枚硬币的正面值 n − 1", "这排硬币"),
            Some(CoinRule::MockTurtles) => (
                "第 n 枚硬币的正面值第 n 个二进制中有奇数个 1 的数（odious 数）",
                "这排硬币",
            ),
            Some(CoinRule::Ruler) => ("第 n 枚硬币的正面值整除 n 的最大 2 的幂", "这排硬币"),
            None => ("x:y 处的正面值 nim积 x ⊗ y", "这个棋盘"),
        };
        if heads.is_empty() {
            return format!("没有正面朝上的硬币：{whole}的值为 0。");
        }
        format!(
            "正面硬币 {} 的值分别是 {}（{rule}）：其 nim和 {} = {} 就是{whole}的 Grundy 值。",
            heads.join("、"),
            values.join("、"),
            values.join(" ⊕ "),
            step.value
        )
    }

    fn hackenbush_step(&self, line: &HackenbushLine) -> String {
        match &line.step {
            NamedStep::Fell { edges } => format!(
                "边 {} 与地面不相连：开局前就已掉落。",
                super::edge_list(edges, "、")
            ),
            NamedStep::Fused { vertices, edges } => {
                let vs: Vec<String> = vertices.iter().take(12).map(u64::to_string).collect();
                format!(
                    "融合原理：圈上的顶点 {}{} 融合为顶点 {}；边 {} 成为那里的自环。",
                    vs.join("、"),
                    if vertices.len() > 12 { "、…" } else { "" },
                    vertices.first().copied().unwrap_or(0),
                    super::edge_list(edges, "、")
                )
            }
            NamedStep::Branch {
                vertex,
                loops,
                branches,
                value,
            } => {
                let mut terms: Vec<String> = Vec::new();
                if *loops > 0 {
                    terms.push(format!("{loops} 个自环（值 {}）", loops % 2));
                }
                for ((a, b), v) in branches.iter().take(12) {
                    terms.push(format!("经边 {a}-{b} 的分支（值 {v}）"));
                }
                if branches.len() > 12 {
                    terms.push(format!("另外 {} 个分支", branches.len() - 12));
                }
                let place = if *vertex == 0 {
                    "地面".to_string()
                } else {
                    format!("顶点 {vertex}")
                };
                if terms.is_empty() {
                    format!("冒号原理：{place}上什么也没有，值为 0。")
                } else {
                    format!(
                        "冒号原理，在{place}：{}异或得 {value}{}。",
                        terms.join("、"),
                        if *vertex == 0 {
                            "，即整个图的 Grundy 值"
                        } else {
                            ""
                        }
                    )
                }
            }
        }
    }

    fn graph_tokens(&self, step: &GraphTokens) -> String {
        let tokens: Vec<String> = step
            .tokens
            .iter()
            .map(|t| {
                let r = t
                    .remoteness
                    .map_or_else(String::new, |r| format!("，步数 {r}"));
                format!(
                    "{}：γ = {}（{}{r}）",
                    t.vertex,
                    self.gamma(&t.gamma),
                    self.loopy_outcome(t.outcome)
                )
            })
            .collect();
        format!(
            "棋子在 {}；这些棋子之和的 γ = {}（Smith 规则：有限值按异或相加；一个 ∞(K) 加上其余的异或和 b 是 ∞(K ⊕ b)；两个 ∞ 之和是 ∞(∅)）。",
            tokens.join("；"),
            self.gamma(&step.value)
        )
    }

    fn gamma(&self, g: &Gamma) -> String {
        match g {
            Gamma::Finite(v) => v.to_string(),
            Gamma::Infinite(k) => {
                let k: Vec<String> = k.iter().map(u64::to_string).collect();
                format!("∞({{{}}})", k.join(", "))
            }
        }
    }

    fn loopy_outcome(&self, o: GraphOutcome) -> &'static str {
        match o {
            GraphOutcome::Win => "N 局面：先手胜",
            GraphOutcome::Loss => "P 局面：先手负",
            GraphOutcome::Draw => "和局：最优走法下游戏永不结束",
        }
    }

    fn loopy_head(&self, o: GraphOutcome, class: &str, name: &str) -> String {
        match o {
            GraphOutcome::Win => self.verdict_head(class, name, Outcome::N, false),
            GraphOutcome::Loss => self.verdict_head(class, name, Outcome::P, false),
            GraphOutcome::Draw => {
                format!("{name}下的{class}：双方都无法强制取胜，最优走法下游戏永不结束")
            }
        }
    }

    fn loopy_class(&self, o: GraphOutcome) -> &'static str {
        match o {
            GraphOutcome::Win => "N 局面",
            GraphOutcome::Loss => "P 局面",
            GraphOutcome::Draw => "和局",
        }
    }

    fn loopy_advice(&self, o: GraphOutcome, class: &str, name: &str) -> String {
        match o {
            GraphOutcome::Win => self.advice_verdict(true, class, name),
            GraphOutcome::Loss => self.advice_verdict(false, class, name),
            GraphOutcome::Draw => format!("：没有必胜走法；这一步保持和局（{class}，{name}）"),
        }
    }

    fn loopy_rule(&self, rule: &LoopyRule, values: &[String]) -> String {
        let values = values.join(" + ");
        match rule {
            LoopyRule::AllFinite { nim_sum } => format!(
                "每个 γ 都有限（{values}）：局面的值是它们的异或和 {nim_sum}（广义 Sprague–Grundy，Smith 1966）"
            ),
            LoopyRule::OneInfinite {
                component,
                others,
                reaches,
            } => {
                if *reaches {
                    format!(
                        "恰有一个 γ 无限（{values}）：第 {} 个分量是 ∞(K)，其余的异或和 b = {others} 在 K 中：把它走到值为 {others} 的局面（Smith 1966）",
                        component + 1
                    )
                } else {
                    format!(
                        "恰有一个 γ 无限（{values}）：第 {} 个分量是 ∞(K)，其余的异或和 b = {others} 不在 K 中，没有走法到达 P 局面，无限的分量让游戏继续：和局（Smith 1966）",
                        component + 1
                    )
                }
            }
            LoopyRule::SeveralInfinite { components } => {
                let c: Vec<String> = components.iter().map(|c| (c + 1).to_string()).collect();
                format!(
                    "两个或更多 γ 无限（{values}；第 {} 个分量）：和是 ∞(∅)，和局（Smith 1966）",
                    c.join("、")
                )
            }
        }
    }

    fn graph_table_head(&self, spec: &str, vertices: usize, edges: usize, acyclic: bool) -> String {
        let kind = if acyclic {
            "无环：每个值都是 Grundy 值"
        } else {
            "有环：γ 是广义 Sprague–Grundy 值，∞(K) 列出各后继的有限值"
        };
        format!("{spec}：{vertices} 个顶点，{edges} 条边；{kind}")
    }

    fn euclid_value(&self, step: &EuclidValue) -> String {
        let [a, b] = &step.pair;
        let qs: Vec<String> = step.quotients.iter().map(Nat::to_string).collect();
        format!(
            "对 ({a}, {b}) 做辗转相除，商依次为 {}；从最后一个商往前折叠，商 q 遇到值 v 时，若 0 < v 且 q ≤ v 得 q − 1，否则得 q：Grundy 值为 {}。",
            qs.join("、"),
            step.value
        )
    }

    fn dynamic_value(&self, step: &DynamicValue) -> String {
        let (n, most, k) = (&step.stones, &step.most, step.k);
        match &step.terms {
            Some(terms) if !terms.is_empty() => {
                let sum: Vec<String> = terms.iter().map(Nat::to_string).collect();
                let least = &terms[terms.len() - 1];
                let verdict = if most >= least {
                    "不超过本步可取的上限，先手必胜"
                } else {
                    "超过本步可取的上限，先手必败"
                };
                format!(
                    "{n} = {}（每项都大于后一项的 {k} 倍）；最小的一项 {least} {verdict}（本步最多取 {most} 个）。",
                    sum.join(" + ")
                )
            }
            Some(_) => "没有石子了：先手必败。".to_string(),
            None => format!("{n} 以下的必败数太多，这里不构造。"),
        }
    }

    fn moore_value(&self, step: &MooreValue) -> String {
        let m = step.k.saturating_add(1);
        let counts: Vec<String> = step.columns.iter().map(usize::to_string).collect();
        let rests: Vec<String> = step
            .columns
            .iter()
            .map(|&c| (c as u64 % m).to_string())
            .collect();
        let verdict = if step.columns.iter().all(|&c| (c as u64).is_multiple_of(m)) {
            "全为 0：P 局面"
        } else {
            "不全为 0：N 局面"
        };
        format!(
            "各二进制位上 1 的个数（从高位起）：{}；模 {m}：{} —— {verdict}（Moore 定理）。",
            counts.join("、"),
            rests.join("、")
        )
    }

    fn moore_count(&self, count: &MooreCount) -> String {
        match count {
            MooreCount::Exactly(n) => format!("共有 {n} 种必胜走法；这里只列出第一种。"),
            MooreCount::AtLeast(n) => {
                format!("至少有 {n} 种必胜走法（计数到工作量上限为止）；这里只列出第一种。")
            }
        }
    }

    fn staircase_value(&self, step: &StaircaseValue) -> String {
        let terms: Vec<String> = step.odd_steps.iter().map(|(_, c)| c.to_string()).collect();
        let steps: Vec<String> = step.odd_steps.iter().map(|(s, _)| s.to_string()).collect();
        format!(
            "奇数级台阶 {} 上分别有 {} 枚硬币：其 nim和 {} = {} 就是这个阶梯的 Grundy 值（偶数级上的硬币只能拖延）。",
            steps.join("、"),
            terms.join("、"),
            terms.join(" ⊕ "),
            step.value
        )
    }

    fn wythoff_reach(&self, shown: &str, k: &Nat, a: &Nat, b: &Nat) -> String {
        format!(
            "{shown}后留下 ({a}, {b}) = (a_{k}, b_{k})，即第 {k} 个威佐夫对（k = {k}）：P 局面。"
        )
    }

    fn component_steps_head(&self, component: usize, name: &str) -> String {
        format!("第 {component} 个分量，{name}：")
    }

    fn remoteness_missing(&self, need: &SearchNeed) -> String {
        let limit = need.limit;
        if limit == 0 {
            return "没有遥度：没有要求计算。".into();
        }
        match need.needed {
            Some(n) => format!(
                "没有遥度：它需要的穷举搜索可能要最多 {n} 步，超过搜索上限 {limit}（可用 --search-limit 调高）。"
            ),
            None => "没有遥度：它需要的穷举搜索可能超过 2^64 步，无法计算。".into(),
        }
    }

    fn svg_pair_title(&self, name: &str, n: u64) -> String {
        format!("{name}的必败态图，0 ≤ a, b ≤ {n}（涂色的格子是 P 局面）")
    }

    fn svg_sequence_title(&self, name: &str, whole: Option<&str>, upto: u64) -> String {
        match whole {
            Some(spec) => format!("局面 `{spec} n` 的 Grundy 值 g(n)，{name}，n = 0..{upto}"),
            None => format!("单堆 Grundy 值 g(n)，{name}，n = 0..{upto}"),
        }
    }

    fn step_class_word(&self, outcome: Outcome) -> &'static str {
        match outcome {
            Outcome::N => "非奇异局势",
            Outcome::P => "奇异局势",
        }
    }

    fn review_header(&self, name: &str, start: &str) -> String {
        format!("复盘：{name}，从 {start} 开始")
    }

    fn review_verdict(&self, verdict: &MoveVerdict, winning: &str) -> String {
        match verdict {
            MoveVerdict::Wins => "胜着".to_string(),
            MoveVerdict::Blunder { .. } => format!("失着：应{winning}"),
            MoveVerdict::Lost => "必败".to_string(),
        }
    }

    fn put_pair_change(&self, out: &mut Vec<u8>, before: [&Nat; 2], after: [&Nat; 2]) {
        pair_change(out, "（", before, after, "）");
    }

    fn review_one_position(&self, at: &str, over: bool) -> String {
        let left = if over { "，已无路可走" } else { "" };
        format!("只有一个局面 {at}{left}：没有着法可复盘（对局按局面逐行书写，第一行是开局）。")
    }

    fn review_illegal_steps(&self, n: u64) -> String {
        format!("有 {n} 步不是合法的走法，未计入步数。")
    }

    fn review_after_end(&self, end_line: u64, at: &str) -> String {
        format!("对局已经结束：{at}（第 {end_line} 行）已无路可走")
    }

    fn review_after_end_row(&self, line: u64, why: &str) -> String {
        format!("第 {line} 行：{why}")
    }

    fn review_lines_after_end(&self, n: u64) -> String {
        format!("对局结束之后还有 {n} 行，未予复盘。")
    }

    fn review_no_winner(&self, at: &str, n: usize, at_start: bool) -> String {
        if at_start {
            format!("开局 {at} 已无路可走：一步也没有走，不判胜负。")
        } else if n == 0 {
            format!("不判胜负：没有一步是合法的走法，而 {at} 已无路可走。")
        } else {
            format!(
                "不判胜负：{at} 已无路可走，但走到这里的那一步不是合法的走法（此前共走了 {n} 步）。"
            )
        }
    }

    fn review_empty_between_arrows(&self, column: usize) -> String {
        format!("第 {column} 列之前的两个箭头之间没有局面：箭头（→ 或 ->）写在两个局面之间")
    }

    fn no_single_move(&self, before: &str, after: &str, why: &dyn fmt::Display) -> String {
        format!("从 {before} 到 {after} 不是一步合法的走法：{why}")
    }

    fn coach(&self, verdict: &MoveVerdict, after: &str, winning: &str, typed: &str) -> String {
        match verdict {
            MoveVerdict::Wins => format!(
                "教练：好棋。{after} 是奇异局势（P 局面）：双方都走最优时，轮到走的一方必败。"
            ),
            MoveVerdict::Blunder { .. } => format!(
                "教练：失着。{after} 是非奇异局势（N 局面），必胜的局面丢掉了；应该{winning}（输入 {typed}）。"
            ),
            MoveVerdict::Lost => "教练：原局面已是奇异局势（P 局面）：对手不失误就没有必胜的走法；尽量拖延，等对手失误。".to_string(),
        }
    }

    fn coach_cannot_judge(&self, e: &SolveError) -> String {
        format!("教练：无法评判这一步：{}", self.solve_error(e))
    }

    fn drawn_seed(&self, seed: u64) -> String {
        format!("随机种子 {seed}（本局随机抽取；用 --seed {seed} 可重现本局）")
    }

    fn illegal_move(&self, reason: &IllegalMove) -> String {
        match reason {
            IllegalMove::TakesNothing => "一步至少要取一个".to_string(),
            IllegalMove::PileHolds { pile, holds, from } => {
                format!("第 {pile} 堆有 {holds} 个，不是 {from} 个")
            }
            IllegalMove::MoreThanPile { pile, holds, take } => {
                format!("第 {pile} 堆只有 {holds} 个，不能取 {take} 个")
            }
            IllegalMove::BothNeedTwoPiles => "从两堆同取需要两堆".to_string(),
            IllegalMove::SplitTooFew => "分堆要留下两堆或更多，每堆都不能为空".to_string(),
            IllegalMove::SplitDoesNotAddUp {
                take,
                from,
                left,
                leaves,
            } => {
                let mut heaps = Vec::new();
                put_heaps(&mut heaps, leaves);
                format!(
                    "从 {from} 个中取走 {take} 个剩下 {left} 个，不是 {}",
                    String::from_utf8_lossy(&heaps)
                )
            }
            IllegalMove::AcrossComponents => "一步只能改变同一个分量里的堆".to_string(),
            IllegalMove::MoreThanMax { max, take } => {
                format!("每次最多取 {max} 个，不能取 {take} 个")
            }
            IllegalMove::NotInSubtractionSet { take, set, family } => {
                let set = match family {
                    Some("powers-of-two") => "{1, 2, 4, 8, …}（2 的幂）".to_string(),
                    Some(_) => "{1, 2, 3, 5, 8, …}（斐波那契数）".to_string(),
                    None => format!("{set} "),
                };
                format!("{take} 不在可取数集合 {set}中")
            }
            IllegalMove::NotExactly { amount, take } => {
                format!("每次只能取 {amount} 个，不能取 {take} 个")
            }
            IllegalMove::NotAnAmount {
                game: _,
                name,
                amounts,
                take,
            } => {
                let amounts = match amounts.as_deref() {
                    None => "任意个数".to_string(),
                    Some([]) => "0".to_string(),
                    Some([one]) => one.to_string(),
                    Some([rest @ .., last]) => {
                        let rest: Vec<String> = rest.iter().map(u64::to_string).collect();
                        format!("{} 或 {last}", rest.join("、"))
                    }
                };
                format!(
                    "{}每次只能取 {amounts} 个，不能取 {take} 个",
                    spaced(&family_name(name), false)
                )
            }
            IllegalMove::MayNotLeave {
                game: _,
                name,
                take,
                heaps,
            } => {
                let what = match heaps {
                    0 => "取走整堆".to_string(),
                    1 => "只留下一堆".to_string(),
                    n => format!("把一堆分成 {n} 堆"),
                };
                format!(
                    "在{}中，取 {take} 个的走法不能{what}",
                    spaced(&family_name(name), true)
                )
            }
            IllegalMove::UnequalHeaps { game: _, name } => {
                let name = family_name(name);
                format!(
                    "{}分出的堆必须大小不等，不能分成相等的堆",
                    spaced(bare(&name), false)
                )
            }
            IllegalMove::NoMoveFromBothPiles => {
                "从两堆同取是威佐夫博弈与 HDU 2147 棋盘游戏才有的走法".to_string()
            }
            IllegalMove::BothPilesOfOneComponent => {
                "从两堆同取只能取同一个威佐夫分量的两堆".to_string()
            }
            IllegalMove::DiagonalOfOneComponent => {
                "斜走只能从同一个 kiki 分量的两堆各取 1 个".to_string()
            }
            IllegalMove::NoSplit => "分堆是取子分堆游戏才有的走法".to_string(),
            IllegalMove::NotAnOption { from, to, rule } => {
                format!("{from} → {to} 不是一步走法：{}", move_rule(rule))
            }
            IllegalMove::OnePileOnly { rule } => {
                format!("一步只改变一堆：{}", move_rule(rule))
            }
            IllegalMove::NotHeaps => {
                "这个游戏的一步是走到一个新的局面：请输入 to 和走完后的局面".to_string()
            }
            IllegalMove::NotWhole => {
                "这个游戏的一步是从某一堆取走若干个：请写出堆号和取走的数目".to_string()
            }
            IllegalMove::StateHolds => "这个分量的局面与这一步所依据的局面不同".to_string(),
            IllegalMove::Unchanged => "一步必须改变局面".to_string(),
            IllegalMove::NotAMoveOf {
                before,
                after,
                rule,
            } => format!("{before} → {after} 不是一步走法：{}", move_rule(rule)),
            IllegalMove::NotByRule { game } => {
                format!("{}的任何一条规则都不允许这一步", spec_name(game))
            }
            IllegalMove::EdgeNotStanding { a, b } => {
                format!("没有立着的边 {a}-{b}：只能剪仍与地面相连的边")
            }
        }
    }

    fn step_error(&self, e: &StepError) -> String {
        match e {
            StepError::Illegal {
                words,
                reason: MoveError::Illegal(reason),
                ..
            } => format!(
                "{}可以走到那里，但这一步不合规：{}",
                MoveText(self, words, false),
                self.illegal_move(reason)
            ),
            StepError::Illegal { words, reason, .. } => format!(
                "{}可以走到那里，但{}",
                MoveText(self, words, false),
                self.move_error(reason)
            ),
            StepError::Components { before, after } => format!(
                "局面有 {after} 个部分，之前有 {before} 个：一步棋只在一个部分里走，其余部分不变"
            ),
            StepError::Rules {
                component,
                before,
                after,
            } => format!(
                "第 {component} 个部分的规则由{}变成了{}：一步棋不改变规则",
                spaced(&spec_name(before), true),
                spaced(&spec_name(after), true).trim_end()
            ),
            StepError::Unchanged => "局面没有变化：一步棋至少要取走一个".to_string(),
            StepError::TwoComponents { first, second } => {
                format!("第 {first} 和第 {second} 个部分都变了：一步棋只改变一个部分")
            }
            StepError::Grew { pile, from, to } => {
                format!("第 {pile} 堆由 {from} 变成了 {to}：一步棋从不增加物品")
            }
            StepError::Piles { piles, both } => {
                let rule = match both {
                    BothPiles::Never => "一步棋只改变一堆".to_string(),
                    BothPiles::SameAmount => "一步棋只改变一堆，或从两堆取同样多".to_string(),
                    BothPiles::Exactly(n) => format!("一步棋从一堆取 {n} 个，或从两堆各取 {n} 个"),
                };
                format!("第 {} 堆都变了：{rule}", join(piles, "、"))
            }
            StepError::UnequalAmounts { piles, takes, both } => {
                let rule = match both {
                    BothPiles::Never => "一步棋只改变一堆".to_string(),
                    BothPiles::SameAmount => "从两堆同取时，两堆要取同样多".to_string(),
                    BothPiles::Exactly(n) => format!("从两堆同取时，每堆各取 {n} 个"),
                };
                format!(
                    "第 {} 堆和第 {} 堆取的数量不同（{} 和 {}）：{rule}",
                    piles[0], piles[1], takes[0], takes[1]
                )
            }
            StepError::Count {
                component,
                before,
                after,
                why,
            } => {
                let place = component.map_or_else(String::new, |c| format!("第 {c} 个部分："));
                let why = match why {
                    CountWhy::Fixed => "这个游戏的一步在原位改变堆，不改变堆数".to_string(),
                    CountWhy::Added { came } => {
                        format!("多出了 {} 的堆，但一步棋从不增加物品", join(came, "、"))
                    }
                    CountWhy::Several { gone } => format!(
                        "{} 这几堆不见了或变了，而一步棋只改变一堆（取空的堆可以不写，也可以写作 0）",
                        join(gone, "、")
                    ),
                    CountWhy::MoreObjects { from, into } => format!(
                        "{from} 的堆变成了 {}，物品反而更多，而一步棋从不增加物品",
                        join(into, " + ")
                    ),
                    CountWhy::NoBreak { from, into } => format!(
                        "{from} 的堆变成了 {}，但这个游戏的一步从不把一堆分成几堆",
                        join(into, " + ")
                    ),
                };
                format!("{place}之前 {before} 堆，之后 {after} 堆：{why}")
            }
        }
    }

    fn review_terminal_hint(&self) -> &'static str {
        "nimsolve review：每行输入对局的一个局面，先写开局（7 8 9，然后 1 8 9，……）；按 Ctrl-D 结束"
    }

    fn no_quotient_why(&self, why: &NoQuotientWhy) -> String {
        match why {
            NoQuotientWhy::NotEveryHeap(w) => {
                format!("并非每个堆都是它的局面（{}）", not_a_position(w))
            }
            NoQuotientWhy::NotHeaps => "它不是只能走到更小的堆的堆游戏".to_string(),
            NoQuotientWhy::Wild => {
                "它的堆是野性的（wild，不是驯服的），也没有找到野性堆的商".to_string()
            }
            NoQuotientWhy::Limit {
                heaps,
                elements,
                types,
            } => format!(
                "在限制之内没有证明出商（堆不超过 {heaps}，{elements} 个元素，{types} 种类型，工作量为表上限的 20 倍）"
            ),
            NoQuotientWhy::LearnerWork(e) => format!(
                "学习器停在 {}（它的工作量是表上限的 20 倍：请调高表上限）",
                self.learn_error(e)
            ),
            NoQuotientWhy::LearnerNotFound(e) => format!(
                "学习器停在 {}；这不是限制造成的，调高哪个限制都没有用",
                self.learn_error(e)
            ),
            NoQuotientWhy::LearnerCaps {
                stopped,
                elements,
                types,
                heaps,
            } => format!(
                "学习器停在 {}（内置上限，没有选项可以调高：{elements} 个元素，{types} 种类型，堆不超过 {heaps}；超过上限的候选可能是错误的猜测，所以商本身可能更小，而且这个学习器并不能找到所有的商）",
                self.learn_error(stopped)
            ),
        }
    }

    fn learn_error(&self, e: &LearnError) -> String {
        match e {
            LearnError::TooManyElements { heap, limit } => {
                format!("堆 {heap}：反常商的一个候选超过了 {limit} 个元素")
            }
            LearnError::TooManyTypes { heap, limit } => {
                format!("堆 {heap}：证明反常商需要超过 {limit} 种类型")
            }
            LearnError::TooMuchWork { heap, limit } => {
                format!("堆 {heap}：反常商需要超过 {limit} 步的计算")
            }
            LearnError::OptionTooLarge { heap, left } => {
                format!("堆 {heap}：有一个选项留下 {left} 的堆，并不更小")
            }
            LearnError::NotFound { heap } => format!(
                "堆 {heap}：没有候选反常商通过检验（堆 {heap} 区分了更小的堆组成的局面，而它们的商把这些局面视为相同）"
            ),
        }
    }

    fn solve_error(&self, e: &SolveError) -> String {
        let message = match e {
            SolveError::LoopyMisere { game } => format!(
                "{game} 的反常规则（misère）不在求解范围内：它的图有环，游戏可能永不结束（正常规则由广义 Sprague–Grundy 函数判定）"
            ),
            SolveError::ComponentPiles { game, needs, piles } => format!(
                "{}要在恰好 {needs} 堆上玩，这里有 {piles} 堆",
                spaced(&spec_name(game), false)
            ),
            SolveError::BreakWork {
                pile,
                three,
                entries,
                limit,
            } => format!(
                "堆 {} 超出了这个{}的游戏的 Grundy 表：按表上限 {limit} 每项 100 步计算，只能算到小于 {entries} 的堆",
                number(pile),
                if *three {
                    "把堆分成三堆"
                } else {
                    "取走任意数量后可把堆分成两堆"
                }
            ),
            SolveError::RuleWork {
                pile,
                entries,
                per_entry,
                steps,
            } => format!(
                "堆 {} 超出了这条堆规则的 Grundy 表：按表上限每项 {per_entry} 次条件判断、共 {steps} 次计算，只能算到小于 {entries} 的堆",
                number(pile)
            ),
            SolveError::TableLimit {
                pile,
                needed,
                limit,
            } => format!(
                "堆 {} 需要 {} 项的 Grundy 表，超过上限 {limit}",
                number(pile),
                number(needed)
            ),
            SolveError::PairTableLimit {
                spec,
                piles,
                component,
                needed,
                limit,
                ..
            } => {
                let which = component.map_or(String::new(), |c| format!("（第 {} 个分量）", c + 1));
                format!(
                    "{}的局面（{}, {}）{which}需要 {} 项的 Grundy 表，超过上限 {limit}",
                    spec_name(spec),
                    number(&piles[0]),
                    number(&piles[1]),
                    number(needed)
                )
            }
            SolveError::NoPeriodWithin {
                pile,
                entries,
                bound,
                ..
            } => {
                let bound = match bound {
                    TableBound::TableLimit => "表上限".to_string(),
                    TableBound::OutOfMemory => {
                        "内存在达到表上限之前就用完了；这么长的表放不下".to_string()
                    }
                    TableBound::MexSteps {
                        per_entry,
                        steps,
                        amounts,
                    } => format!(
                        "最多 {per_entry} × 表上限 = {steps} 步 mex 计算，有 {amounts} 个数量的集合每项要 {amounts} 步"
                    ),
                };
                format!(
                    "堆 {} 超出了 Grundy 表的 {entries} 项（{bound}），而这些值证明不了周期",
                    number(pile)
                )
            }
            SolveError::SearchLimit {
                what,
                needed,
                limit,
            } => {
                let what = match what {
                    Searched::UntamedMisere => {
                        "这个游戏的反常规则（其堆未被证明是驯服的（tame），也没有找到其反常商）"
                    }
                    Searched::ComponentValue => "这个分量的 Grundy 值",
                    Searched::MisereWhole => "这个局面的反常规则",
                    Searched::WinningMoves => "列出这个分量的一个必胜着法",
                };
                format!(
                    "{what}在这里没有闭式解，穷举搜索需要 {} 步（上界），超过上限 {limit}",
                    number(needed)
                )
            }
            SolveError::SearchMemory { positions } => {
                format!("穷举搜索在 {positions} 个局面之后内存耗尽")
            }
            SolveError::CompoundSearch {
                compound,
                component,
                limit,
            } => {
                let what = if *compound == "continued" {
                    "悬念数"
                } else {
                    "遥度"
                };
                format!(
                    "{}需要第 {component} 个分量的{what}，其穷举搜索超过搜索上限 {limit} 步",
                    compound_name_zh(compound)
                )
            }
            SolveError::CompoundMisere { compound } => format!(
                "这里不解反常规则下的{}：它的定理（Smith 的遥度、悬念数、选择和的规则）只对正常规则成立",
                compound_name_zh(compound)
            ),
            SolveError::NoQuotient {
                game, heaps, why, ..
            } => format!(
                "未能对不超过 {heaps} 的堆证明{}的反常商：{}",
                spaced(&spec_name(game), true),
                self.no_quotient_why(why)
            ),
            SolveError::NotAPosition { game, pile, why } => format!(
                "堆 {} 不是{}的局面：{}",
                number(pile),
                spaced(&spec_name(game), true),
                not_a_position(why)
            ),
        };
        // A number too long to print is `约 10^17` (see `number`): no blank before 约.
        message.replace(" 约 ", "约 ")
    }

    fn limit_fix(&self, flag: &str, raise: bool) -> String {
        if raise {
            format!("（可用 {flag} 调高）")
        } else {
            format!("（请调低 {flag}）")
        }
    }

    fn position_error(&self, e: &PositionError) -> String {
        match e {
            PositionError::BadPile {
                token,
                column,
                why: why @ BadToken::Number(NumberError::NotAnEdge { .. }),
            } => format!(
                "第 {column} 列的边 {token:?} 不是一条边：{}",
                self.bad_token(why)
            ),
            PositionError::BadPile { token, column, why } => format!(
                "第 {column} 列的堆 {token:?} 不是非负整数：{}",
                self.bad_token(why)
            ),
            PositionError::NoSuchVertex { token, column } => {
                format!("第 {column} 列的 {token:?} 不是图的顶点")
            }
            PositionError::EmptyPile { column } => {
                format!("第 {column} 列是空堆：逗号必须写在两堆之间")
            }
            PositionError::BadRules { spec, column, why } => {
                format!("第 {column} 列的游戏 {spec:?}：{}", self.rule_error(why))
            }
            PositionError::MisplacedRules { spec, column } => format!(
                "第 {column} 列的游戏 {spec:?} 写在了堆的后面：游戏名要写在它的分量的开头（分量之间用 + 分开）"
            ),
            PositionError::EmptyComponent { column } => {
                format!("第 {column} 列是空分量：一个分量含有一个游戏或一堆，+ 写在两个分量之间")
            }
            PositionError::NotAState {
                component,
                game,
                why,
            } => {
                let name = spec_name(game);
                let at = component.map_or(String::new(), |c| format!("第 {c} 个分量："));
                format!(
                    "{at}这不是{}的局面：{}",
                    spaced(&name, true),
                    state_why(why)
                )
            }
            PositionError::ComponentPiles {
                component,
                game,
                piles,
                needs,
            } => {
                let name = spec_name(game);
                format!(
                    "第 {component} 个分量（{name}）：{}要在恰好 {needs} 堆上玩，这里有 {piles} 堆",
                    spaced(&name, false)
                )
            }
            PositionError::Piles { game, piles, needs } => format!(
                "{}要在恰好 {needs} 堆上玩，这里有 {piles} 堆",
                spaced(&spec_name(game), false)
            ),
        }
    }

    fn rule_error(&self, e: &RuleError) -> String {
        match e {
            RuleError::UnknownGame {
                name,
                known,
                suggestions,
            } => {
                let meant = match suggestions.as_slice() {
                    [] => String::new(),
                    [one] => format!("（是不是 {one}？）"),
                    [rest @ .., last] => format!("（是不是 {} 或 {last}？）", rest.join("、")),
                };
                format!("未知的游戏 {name:?}{meant}：可用的游戏有 {known}")
            }
            RuleError::NoGameName => {
                "冒号前没有写游戏名：游戏写作它的名字，带参数的再加冒号和参数，例如 max-take:3"
                    .to_string()
            }
            RuleError::StrayColon { game } => {
                format!("{game} 不带参数：请写作 {game}，不要冒号")
            }
            RuleError::MissingArgument { syntax } => {
                format!("这个游戏需要参数：请写作 {syntax}")
            }
            RuleError::UnexpectedArgument { game, arg } => {
                format!("{game} 不带参数，但冒号后写了 {arg:?}")
            }
            RuleError::BadOctal { code, why } => {
                let why = match why {
                    OctalError::Empty => "代码为空；请写作 d0.d1d2…，例如 0.77".to_string(),
                    OctalError::NoPoint => "代码要有小数点：d0.d1d2…，例如 0.77 或 .07".to_string(),
                    OctalError::NotHex(c) => format!("{c:?} 不是数字 0–9 或 A–F"),
                    OctalError::LongFirst => "小数点前的 d0 只有一位：0、4、8 或 C".to_string(),
                    OctalError::FirstRemovesNothing => {
                        "d0 必须是 0、4、8 或 C：不取走物品的走法必须把堆分开".to_string()
                    }
                    OctalError::TooLong(n) => format!("小数点后最多 {n} 位"),
                    OctalError::AllZeros => "全是 0 的代码不允许任何走法".to_string(),
                    OctalError::BadRepeat => {
                        "无限重复的数字写在最后的方括号里：0.[7]、0.1[37]".to_string()
                    }
                };
                format!("octal:{code} — {why}")
            }
            RuleError::BadRule { spec, column, why } => {
                format!("{spec} — 第 {column} 列：{}", rule_syntax(why))
            }
            RuleError::BadMaxTake { text } => {
                format!("max-take:{text} — K 必须是整数 K ≥ 1（只用 ASCII 数字）")
            }
            RuleError::BadMultiplier { game, text } => {
                format!("{game}:{text} — K 必须是整数 K ≥ 1（只用 ASCII 数字）")
            }
            RuleError::ZeroMaxTake => "max-take 的 K 至少为 1（一步取 1 到 K 个）".to_string(),
            RuleError::EmptySet => {
                "可取数集合为空：请给出数量如 2,5,7、范围如 1..5，或 powers-of-two、fibonacci"
                    .to_string()
            }
            RuleError::ZeroInSet => "可取数集合含有 0，但一步至少要取一个".to_string(),
            RuleError::EmptySetField { set, field } => {
                format!("可取数集合 {set:?}：第 {field} 项为空（逗号必须写在两个数量之间）")
            }
            RuleError::BadSetToken { token } => {
                format!("可取数集合：{token:?} 不是正整数、范围 A..B、powers-of-two 或 fibonacci")
            }
            RuleError::EmptyRange { token } => {
                format!("可取数集合：范围 {token:?} 是空的（小的一端写在前面，例如 1..5）")
            }
            RuleError::AmountTooLarge { amount, limit } => format!(
                "可取数集合：数量 {} 超过上限 {limit}（Grundy 表要为最大数量的每个单位存一项）",
                number(amount)
            ),
            RuleError::SetTooLarge { count, limit } => {
                format!("可取数集合：{} 个数量，超过上限 {limit}", number(count))
            }
            RuleError::GraphFileUnreadable {
                file,
                missing,
                detail,
            } => {
                if *missing {
                    format!("graph:{file} — 没有这个文件")
                } else {
                    format!("graph:{file} — 无法读取文件：{detail}")
                }
            }
            RuleError::BadGraphFile { file, error } => {
                format!(
                    "graph:{file} — 第 {} 行第 {} 列：{:?} {}",
                    error.line,
                    error.column,
                    error.token,
                    graph_parse_why(&error.why)
                )
            }
        }
    }

    fn number_error(&self, e: &NumberError) -> String {
        match e {
            NumberError::Empty => "数是空的".to_string(),
            NumberError::NotADigit { index } => {
                format!("第 {} 个字符不是数字 0-9", index + 1)
            }
            NumberError::NotAnEdge { why } => {
                let why = match why {
                    EdgeWhy::OneEnd => "单独一个顶点不是边".to_string(),
                    EdgeWhy::MissingEnd => "缺少一个端点".to_string(),
                    EdgeWhy::MoreEnds => "一条边恰有两个端点（路径写作 1-2,2-3）".to_string(),
                    EdgeWhy::NotADigit { index } => {
                        format!("第 {} 个字符不是数字 0-9", index + 1)
                    }
                    EdgeWhy::TooLarge => "顶点编号须小于 2^64".to_string(),
                };
                format!("边写作 A-B，即用 '-' 连接的两个顶点：{why}")
            }
            NumberError::NoSuchVertex => "不是图的顶点".to_string(),
        }
    }

    fn move_error(&self, e: &MoveError) -> String {
        match e {
            MoveError::NoSuchPile { pile, piles } => {
                format!("不合规的走法：没有第 {pile} 堆（共 {piles} 堆）")
            }
            MoveError::Illegal(reason) => format!("不合规的走法：{}", self.illegal_move(reason)),
        }
    }

    fn play_error(&self, e: &PlayError) -> String {
        match e {
            PlayError::Solve(e) => self.solve_error(e),
            PlayError::Illegal(e) => self.move_error(e),
            PlayError::NoMove => "棋手找不到可走的一步".to_string(),
        }
    }

    fn nimber_value(&self, canonical: &str, value: &Nat) -> String {
        format!("{canonical} = {value}")
    }

    fn nimber_op(&self, op: &NimberOp) -> Vec<String> {
        match op {
            NimberOp::Sum { a, b, value } => {
                vec![format!("尼姆和 {a} ⊕ {b} = {value}（即 nim和：按位异或）")]
            }
            NimberOp::Product { a, b, value, steps } => {
                let mut lines = vec![format!("尼姆积 {a} ⊗ {b} = {value}")];
                if steps.steps.is_empty() {
                    lines[0].push_str("（有一个因数是 0 或 1：就是普通乘积）");
                }
                for s in &steps.steps {
                    let (a1, a0) = &s.a_parts;
                    let (b1, b0) = &s.b_parts;
                    let [p11, p10, p01, p00] = &s.products;
                    let (x, y, f, m) = (&s.a, &s.b, &s.fermat, s.half_bits);
                    lines.push(format!(
                        "  {x} ⊗ {y}：取费马 2-幂 F = 2^{m} = {f}，{x}、{y} < F² = 2^{}；{x} = {a1}·{f} + {a0}，{y} = {b1}·{f} + {b0}",
                        2 * m
                    ));
                    lines.push(format!(
                        "    高半部分 {a1}⊗{b1} ⊕ {a1}⊗{b0} ⊕ {a0}⊗{b1} = {p11} ⊕ {p10} ⊕ {p01} = {}",
                        s.high
                    ));
                    lines.push(format!(
                        "    低半部分 {a0}⊗{b0} ⊕ ({a1}⊗{b1})⊗{h} = {p00} ⊕ {p11}⊗{h} = {p00} ⊕ {c} = {l}",
                        h = s.half,
                        c = s.carry,
                        l = s.low
                    ));
                    lines.push(format!(
                        "    {x} ⊗ {y} = {}·{f} ⊕ {} = {}",
                        s.high, s.low, s.value
                    ));
                }
                if steps.truncated {
                    lines.push(format!(
                        "  （只列出前 {} 步，其后更小的乘积的步骤从略）",
                        steps.steps.len()
                    ));
                }
                lines
            }
            NimberOp::Quotient {
                a,
                b,
                inverse,
                value,
            } => vec![format!(
                "尼姆商 {a} ⊘ {b} = {a} ⊗ {b}⁻¹ = {a} ⊗ {inverse} = {value}（{b} ⊗ {inverse} = 1：逆元由 Lenstra 的范数递推求得）"
            )],
            NimberOp::Power { a, e, value } => vec![format!(
                "尼姆幂 {a}^{e} = {value}（{e} 个 {a} 的尼姆积，用反复平方求得）"
            )],
        }
    }

    fn expr_error(&self, e: &ExprError) -> String {
        let c = e.column;
        // The token, then the same before a word (a space after the quotes).
        let (t, ts) = match &e.token {
            Some(t) => {
                let t = format!("的 {:?}", super::cut_token(t));
                let ts = format!("{t} ");
                (t, ts)
            }
            None => ("（表达式结尾）".to_string(), "（表达式结尾）".to_string()),
        };
        match &e.why {
            ExprWhy::Empty => {
                format!("第 {c} 列：表达式是空的：请写出用 + * / ^ 连接的数，例如 8*8")
            }
            ExprWhy::NotAToken => format!(
                "第 {c} 列{ts}不是表达式的一部分：只能用十进制数、+（尼姆和）、*（尼姆积）、/（尼姆商）、^（幂）和括号"
            ),
            ExprWhy::Minus => {
                format!("第 {c} 列{ts}不是尼姆数的运算：尼姆数没有负数，a − b = a ⊕ b，请写 +")
            }
            ExprWhy::ExpectedOperand => format!("第 {c} 列{t}：这里应当是一个数或 \"(\""),
            ExprWhy::ExpectedOperator => {
                format!("第 {c} 列{t}：这里应当是运算符（+ * / ^）或表达式的结尾")
            }
            ExprWhy::Unclosed => format!("第 {c} 列{ts}没有配对的 \")\""),
            ExprWhy::Unopened => format!("第 {c} 列{ts}没有配对的 \"(\""),
            ExprWhy::ExponentNotANumber => format!(
                "第 {c} 列{t}：\"^\" 后面的指数必须是写出来的整数（普通整数，不是尼姆数表达式）"
            ),
            ExprWhy::ChainedPower => format!("第 {c} 列{ts}又对幂取幂：请写成 (a^b)^c"),
            ExprWhy::TooDeep { most } => {
                format!("第 {c} 列{ts}使同时未闭合的括号超过 {most} 层")
            }
            ExprWhy::Nimber(why) => format!("第 {c} 列{t}：{}", self.nimber_error(why)),
        }
    }

    fn nimber_error(&self, e: &NimberError) -> String {
        match e {
            NimberError::DivisionByZero => "除以 0：0 没有尼姆逆元".to_string(),
            NimberError::PowerTooLarge { bits, limbs, most } => format!(
                "幂太大，无法计算：对 {limbs} 个 64 位字的尼姆数做 {bits} 次平方，超过了 {most} 次字乘法的上限"
            ),
        }
    }

    fn cli_error(&self, e: &CliError) -> String {
        match e {
            CliError::MaxTakeNotANumber { text } => {
                format!("--max-take {text:?} 不是整数 K ≥ 1（只用 ASCII 数字）")
            }
            CliError::MaxTakeZero => "--max-take 至少为 1（一步取 1 到 K 个）".to_string(),
            CliError::EmptyArgument { argument } => {
                format!("第 {argument} 个参数为空：空局面请写作 0")
            }
            CliError::FileArgument { argument, path } => format!(
                "第 {argument} 个参数 {path:?} 是文件而不是局面：局面从标准输入读取，每行一个（请用 `< {path}`）"
            ),
            CliError::TerminalNoPiles => "没有给出堆，而标准输入是终端\n\
                 用法：nimsolve analyze 3 5 7，或者从管道输入局面，每行一个：nimsolve analyze < positions.txt\n\
                 （见 nimsolve --help）"
                .to_string(),
            CliError::WorkerStopped => "内部错误：一个工作线程停止了".to_string(),
            CliError::ExplainTooLarge {
                cells,
                rows,
                width,
                limit,
            } => format!(
                "--explain 要打印一张 {cells} 个二进制位的表（{rows} 行，每行 {width} 位），超过上限 {limit}（可用 --table-limit 调高，或去掉 --explain）"
            ),
            CliError::HumanNeedsTrainer => "人类棋手要在训练器里下棋".to_string(),
            CliError::PlayTooLong {
                max_turns,
                printed,
                per_move,
                limit,
                most,
            } => format!(
                "从这么大的堆开始、最多 {max_turns} 步的对局可能要打印约 {printed} 个数字（每步 {per_move} 个），超过上限 {limit}；请把 --max-turns 调低到 {most} 或更少"
            ),
            CliError::NoCoachWithoutHuman => {
                "--no-coach 只用于有人类棋手的对局（--first human 或 --second human）"
                    .to_string()
            }
            CliError::JsonWithHuman => {
                "有人类棋手时不能用 --json（对局是一行一行进行的）".to_string()
            }
            CliError::NotEnded { turns, seed } => {
                let seed = seed.map_or(String::new(), |s| format!("；随机种子是 {s}"));
                format!("走了 {turns} 步，对局还没有结束（可用 --max-turns 调高上限）{seed}")
            }
            CliError::EndedWithMoveLeft => "对局结束了，却还有可走的一步".to_string(),
            CliError::CountRange { count, most } => {
                format!("--count {count}：请给出 1 到 {most} 个局面")
            }
            CliError::MaxTooLong { digits, most } => {
                format!("--max 有 {digits} 位，超过 {most} 位")
            }
            CliError::MaxNotAPile { text, why } => {
                format!("--max {text:?} 不是堆的大小：{}", self.number_error(why))
            }
            CliError::MaxZero => "--max 至少为 1（每堆有 1 到 N 个）".to_string(),
            CliError::FixedPiles { rules, piles } => format!(
                "{}在 {piles} 堆上玩：请用 --piles {piles}，或者不写 --piles",
                spaced(&self.rules_name(rules, *piles), false)
            ),
            CliError::NoPositionFound {
                wanted,
                from,
                to,
                max,
            } => format!(
                "在这些规则下找不到 {from} 到 {to} 堆、每堆 1 到 {max} 个的{}局面；请换个 --piles 或 --max",
                wanted_word(*wanted)
            ),
            CliError::NoQuotient { rules, heaps, why } => {
                self.quotient_refused(&self.rules_name(rules, 2), *heaps, why)
            }
            CliError::Loopy { asked } => format!(
                "局面在有环的图上，可能永远走下去：analyze 和 move 能判定它（胜、负或和），{asked} 不能"
            ),
            CliError::GrundyMisere => {
                "Grundy 值属于正常规则；grundy 不能和 --misere 一起用".to_string()
            }
            CliError::SvgNeedsUpto => "--svg 画出到 --upto N 为止的值：请给出 --upto".to_string(),
            CliError::GraphUpto => {
                "图的表列出它的顶点，而不是 g(0) 到 g(N)：不要用 --upto，可以在后面写出要看的顶点名"
                    .to_string()
            }
            CliError::GrundyPairs { rules } => format!(
                "{}的 Grundy 值属于成对的两堆：请两个两个地给出堆（grundy 堆 堆 …），或用 --upto N 打印它们的表",
                spaced(&self.rules_name(rules, 2), false)
            ),
            CliError::PairTableTooLarge {
                side,
                entries,
                limit,
            } => format!(
                "{side}×{side} 的表有 {entries} 项，超过上限 {limit}（可用 --table-limit 调高）"
            ),
            CliError::SvgGrid { side } => format!(
                "--svg 最多画 {side}×{side} 格；请把 --upto 调低到 {} 或更小",
                side - 1
            ),
            CliError::SvgBars { bars } => format!(
                "--svg 最多画 {bars} 个值；请把 --upto 调低到 {} 或更小",
                bars - 1
            ),
            CliError::UptoTooLarge { upto, limit } => format!(
                "--upto {upto} 要求 {} 个值，超过上限 {limit}（可用 --table-limit 调高）",
                u128::from(*upto) + 1
            ),
            CliError::UptoMemory { values } => {
                format!("内存不够存放 {values} 个值（请调低 --upto）")
            }
            CliError::GrundyGameArgument { game, pile } => format!(
                "第 1 个参数：{game:?} 是游戏，而 grundy 只接受单个的堆：请用 --game 给出游戏，例如 `nimsolve grundy --game {game} {pile}`"
            ),
            CliError::GrundySum => "grundy 只接受同一个游戏的单个堆，不接受和".to_string(),
            CliError::EmptyBetweenArrows { column } => self.review_empty_between_arrows(*column),
            CliError::IsADirectory { path } => {
                format!("{} 是目录，不是局面文件", path.display())
            }
            CliError::NothingToReview => "没有可复盘的局面：输入为空，或者只有空行和 # 注释（每行写对局的一个局面，先写开局）".to_string(),
            CliError::ReviewTakesNoPiles { given } => self.review_takes_no_piles(given),
        }
    }

    fn error_context(&self, c: &ErrorContext) -> String {
        match c {
            ErrorContext::Argument(n) => format!("第 {n} 个参数"),
            ErrorContext::Line(n) => format!("第 {n} 行"),
            ErrorContext::GameFlag(spec) => format!("--game {spec:?}"),
            ErrorContext::ReadingStdin => "读取标准输入".to_string(),
            ErrorContext::Opening(path) => format!("打开 {}", path.display()),
            ErrorContext::Reading(path) => format!("读取 {}", path.display()),
            ErrorContext::Choosing(wanted) => format!("选取{}局面", wanted_word(*wanted)),
            ErrorContext::JudgingMove(n) => format!("评判第 {n} 步"),
            ErrorContext::Sequence(n) => {
                format!("grundy 列出 g(0) 到 g({n})（每个都是一个数；也可以直接给出局面）")
            }
        }
    }

    fn error_separator(&self) -> &'static str {
        "："
    }

    fn write_failed(&self, e: &std::io::Error) -> String {
        format!("写入标准输出失败：{}", self.io_error(e))
    }

    fn usage_error(&self, e: &clap::Error, tip: Option<&str>) -> Option<String> {
        use clap::error::{ContextKind as K, ContextValue as V, ErrorKind};
        let text = |kind| match e.get(kind)? {
            V::String(s) => Some(format!("'{s}'")),
            V::Strings(all) => Some(
                all.iter()
                    .map(|s| format!("'{s}'"))
                    .collect::<Vec<_>>()
                    .join("、"),
            ),
            V::StyledStr(s) => Some(format!("'{s}'")),
            V::StyledStrs(all) => Some(
                all.iter()
                    .map(|s| format!("'{s}'"))
                    .collect::<Vec<_>>()
                    .join("、"),
            ),
            V::Number(n) => Some(n.to_string()),
            _ => None,
        };
        let arg = || text(K::InvalidArg);
        let head = match e.kind() {
            ErrorKind::UnknownArgument => format!("未知的参数 {}", arg()?),
            ErrorKind::InvalidSubcommand => format!("未知的子命令 {}", text(K::InvalidSubcommand)?),
            ErrorKind::InvalidValue if text(K::InvalidValue).as_deref() == Some("''") => {
                format!("{} 需要一个值，但没有给出", arg()?)
            }
            ErrorKind::InvalidValue | ErrorKind::ValueValidation => {
                format!("{} 的值 {} 无效", arg()?, text(K::InvalidValue)?)
            }
            ErrorKind::MissingRequiredArgument => format!("缺少必需的参数 {}", arg()?),
            ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                "缺少子命令".to_string()
            }
            ErrorKind::TooManyValues | ErrorKind::TooFewValues | ErrorKind::WrongNumberOfValues => {
                format!("{} 的值的个数不对", arg()?)
            }
            ErrorKind::ArgumentConflict => match (arg()?, text(K::PriorArg)) {
                (arg, Some(prior)) if arg != prior => format!("{arg} 不能和 {prior} 一起用"),
                (arg, _) => format!("{arg} 只能给一次"),
            },
            _ => return None,
        };
        let mut lines = vec![format!("error: {head}")];
        if let Some(valid) = text(K::ValidValue) {
            lines.push(format!("  [可选的值：{valid}]"));
        }
        if let Some(valid) = text(K::ValidSubcommand) {
            lines.push(format!("  [子命令：{valid}]"));
        }
        let mut tips = Vec::new();
        if let Some(similar) = text(K::SuggestedArg) {
            tips.push(format!("类似的参数有 {similar}"));
        }
        if let Some(similar) = text(K::SuggestedSubcommand) {
            tips.push(format!("类似的子命令有 {similar}"));
        }
        if let Some(V::String(token)) = e.get(K::InvalidArg)
            && e.kind() == ErrorKind::UnknownArgument
            && token.starts_with('-')
        {
            tips.push(format!("要把 '{token}' 当作值传入，请写 '-- {token}'"));
        }
        tips.extend(tip.map(str::to_string));
        if !tips.is_empty() {
            lines.push(String::new());
            lines.extend(tips.iter().map(|t| format!("  提示：{t}")));
        }
        if let Some(V::StyledStr(usage)) = e.get(K::Usage) {
            let usage = usage.to_string();
            lines.push(String::new());
            lines.push(format!(
                "用法：{}",
                usage.trim().strip_prefix("Usage:").unwrap_or(&usage).trim()
            ));
        }
        lines.push(String::new());
        lines.push("更多信息请用 '--help'。".to_string());
        Some(lines.join("\n"))
    }

    fn position_tip(&self, command: &str) -> String {
        format!("局面用 `nimsolve {command}` 分析")
    }

    fn io_error(&self, e: &std::io::Error) -> String {
        use std::io::ErrorKind;
        let why = match e.kind() {
            ErrorKind::NotFound => "没有这个文件或目录",
            ErrorKind::PermissionDenied => "没有权限",
            ErrorKind::IsADirectory => "这是一个目录",
            ErrorKind::StorageFull => "设备上没有空间了",
            ErrorKind::BrokenPipe => "管道已关闭",
            ErrorKind::InvalidData => "数据无效",
            ErrorKind::UnexpectedEof => "输入意外结束",
            // The system's own words, after what kind of failure it is.
            _ => return format!("输入输出错误（{e}）"),
        };
        match e.raw_os_error() {
            Some(code) => format!("{why}（系统错误 {code}）"),
            None => why.to_string(),
        }
    }

    fn review_takes_no_piles(&self, given: &str) -> String {
        format!(
            "review 从文件或标准输入读入对局，每行一个局面，不从命令行读入堆（{given}）；例如：printf '7 8 9\\n1 8 9\\n' | nimsolve review"
        )
    }
}

/// The items of `list` joined by `by`: `2、3`, `3 + 5`.
fn join<T: std::fmt::Display>(list: &[T], by: &str) -> String {
    list.iter().map(T::to_string).collect::<Vec<_>>().join(by)
}

impl Chinese {
    /// Why a token is not a pile size.
    fn bad_token(&self, why: &BadToken) -> String {
        match why {
            BadToken::Negative => "堆的大小不能是负数".to_string(),
            BadToken::Plus => "`+` 连接和的各个分量，而这里是同一个游戏的堆".to_string(),
            BadToken::Sign => "数前面不要写正号".to_string(),
            BadToken::NotUtf8 => "不是有效的 UTF-8".to_string(),
            BadToken::NotAscii => "只接受 ASCII 数字 0-9".to_string(),
            BadToken::NotWhole => "堆的大小必须是整数".to_string(),
            BadToken::Hexadecimal => "不接受十六进制；请用十进制书写".to_string(),
            BadToken::Exponent => "不接受科学计数法；请写出全部数字".to_string(),
            BadToken::NotADigit { found, column } => {
                let at = column.map_or(String::new(), |c| format!("（第 {c} 列）"));
                format!("{found:?} 不是数字 0-9{at}")
            }
            BadToken::Number(e) => self.number_error(e),
        }
    }
}

/// Why a pile is no position of its game.
fn state_why(why: &StateWhy) -> String {
    match why {
        StateWhy::SameCell { cell } => format!("两枚棋子在同一格 {cell}"),
        StateWhy::CellZero => "格子从 1 开始编号，没有棋子能在第 0 格".to_string(),
        StateWhy::Zero => "它的两个数至多一个是 0（出现 0 游戏就结束了）".to_string(),
        StateWhy::CoinZero => "没有第 0 枚硬币：硬币从 1 开始编号".to_string(),
        StateWhy::UnpairedCorner => "棋盘上的正面硬币写作 X:Y，所以它的数必须成对出现".to_string(),
        StateWhy::UnpairedEdge => "图的边写作 A-B，所以它的数必须成对出现".to_string(),
        StateWhy::OneHeap => {
            "局面是一堆，写作 N 或 N:M（堆的大小和下一步最多能取的数）".to_string()
        }
        StateWhy::VertexTooLarge => "图的顶点编号须小于 2^64".to_string(),
    }
}

fn not_a_position(why: &NotAPositionWhy) -> String {
    match why {
        NotAPositionWhy::FirstDigit { digit } => {
            format!("数字串写作 {digit} 后接各位数字，所以以 {digit} 开头")
        }
    }
}

/// A number as the library writes it in a message, `约 10^40` for one too long to print
/// whole (`about 10^40`).
/// 堆规则 `rule:{…}` 的语法错误。
fn rule_syntax(why: &RuleSyntax) -> String {
    let found = |f: &Option<String>| match f {
        Some(t) => format!("{t:?}"),
        None => "规则的结尾".to_string(),
    };
    match why {
        RuleSyntax::Empty => "规则为空；例如写作 rule:{take t if t <= 3}".to_string(),
        RuleSyntax::Unclosed => "这里开始的大括号没有闭合".to_string(),
        RuleSyntax::AfterBrace(text) => format!("右大括号后面多了 {text:?}"),
        RuleSyntax::BadChar(c) => format!("{c:?} 不是规则里能用的字符"),
        RuleSyntax::NoForm(f) => format!(
            "每条规则以 `take t`、`split a b` 或 `take t split a b` 开头，而不是 {}",
            found(f)
        ),
        RuleSyntax::FormVariable { expected, found: f } => {
            format!("这里的变量名应为 {expected}，而不是 {}", found(f))
        }
        RuleSyntax::Expected { expected, found: f } => {
            let what = match expected {
                RuleExpect::Operand => "数、变量或 `(`",
                RuleExpect::Close => "`)`",
                RuleExpect::Separator => "`;` 或规则的结尾",
                RuleExpect::Predicate => {
                    "性质（prime、square、power of two、fibonacci、even、odd）"
                }
                RuleExpect::PowerOfTwo => "`power of two`",
            };
            format!("这里应为{what}，却是 {}", found(f))
        }
        RuleSyntax::UnknownVariable { name, vars } => {
            format!("{name:?} 不是这条规则的变量：它的变量是 {vars}")
        }
        RuleSyntax::UnknownPredicate(word) => format!(
            "{word:?} 不是性质：`is` 后面可以写 prime、square、power of two、fibonacci、even、odd"
        ),
        RuleSyntax::NumberTooLarge(n) => format!("数 {n} 大于 2^64 − 1"),
        RuleSyntax::TooDeep { most } => {
            format!("括号、not 或负号嵌套超过 {most} 层")
        }
        RuleSyntax::TooLong { most } => format!("一条规则至多 {most} 个记号"),
        RuleSyntax::NotATruth => "条件应是比较、性质或它们的 and/or/not，而不是一个数".to_string(),
        RuleSyntax::NotANumber => "算术和比较的对象是数，而不是条件".to_string(),
        RuleSyntax::Chained => "比较不能连写；请用 `and` 连接".to_string(),
    }
}

fn number(n: &str) -> String {
    match n.strip_prefix("about ") {
        Some(power) => format!("约 {power}"),
        None => n.to_string(),
    }
}

/// The kind of position `random` draws, before `局面`.
fn wanted_word(wanted: Wanted) -> &'static str {
    match wanted {
        Wanted::Losing => "必败",
        Wanted::Winning => "必胜",
        Wanted::Random => "随机",
    }
}

/// A family's name from its name ([`Rules::name`]), every name worded.
fn family_name(name: &Name) -> String {
    let arg = name.arg.as_deref().unwrap_or("");
    match name.key {
        FamilyName::Nim => "Nim".to_string(),
        // 堆数多少都是同一个名字：几堆就是几个巴什博弈的和。
        FamilyName::MaxTake => format!("巴什博弈（每次取 1 到 {arg} 个）"),
        FamilyName::Subtract => format!("减法博弈（可取数集合 {arg}）"),
        FamilyName::SubtractPowersOfTwo => {
            "减法博弈（可取数集合 {1, 2, 4, 8, …}，2 的幂）".to_string()
        }
        FamilyName::Octal => format!("八进制博弈 {arg}"),
        FamilyName::Kayles => "Kayles 保龄球游戏".to_string(),
        FamilyName::DawsonsKayles => "Dawson 的 Kayles（八进制 0.07）".to_string(),
        FamilyName::DawsonsChess => "Dawson 象棋（八进制 0.137）".to_string(),
        FamilyName::Officers => "军官游戏（八进制 0.6）".to_string(),
        FamilyName::GrundysGame => "Grundy 博弈（把一堆分成不等的两堆）".to_string(),
        FamilyName::LaskersNim => "Lasker 的 Nim（可取可分堆）".to_string(),
        FamilyName::Rule => format!("堆规则 {{{arg}}}"),
        FamilyName::Kiki => "kiki 的棋盘游戏".to_string(),
        FamilyName::Staircase => "阶梯博弈（阶梯 Nim）".to_string(),
        FamilyName::Slide => "移棋子游戏".to_string(),
        FamilyName::TurningTurtles => "翻硬币游戏 Turning Turtles".to_string(),
        FamilyName::Twins => "翻硬币游戏 Twins".to_string(),
        FamilyName::MockTurtles => "翻硬币游戏 Mock Turtles".to_string(),
        FamilyName::Ruler => "翻硬币游戏 Ruler（尺子游戏）".to_string(),
        FamilyName::TurningCorners => "翻角游戏（Turning Corners）".to_string(),
        FamilyName::Euclid => "欧几里得游戏".to_string(),
        FamilyName::Hackenbush => "绿色 Hackenbush（砍树游戏）".to_string(),
        FamilyName::Dynamic => format!("{arg} 倍动态减法"),
        FamilyName::FibonacciNim => "斐波那契博弈".to_string(),
        FamilyName::Moore => format!("Moore 的 Nim_{arg}"),
        FamilyName::Graph => format!("文件 {arg} 中有向图上的棋子游戏"),
        FamilyName::Multiply => "乘法游戏".to_string(),
        FamilyName::Calendar => "日历游戏".to_string(),
        FamilyName::Digits => "数字删除游戏".to_string(),
        FamilyName::SubtractFibonacci => {
            "减法博弈（可取数集合 {1, 2, 3, 5, 8, …}，斐波那契数）".to_string()
        }
        FamilyName::Wythoff => "威佐夫博弈".to_string(),
    }
}

/// The name of the game a spec (`wythoff`, `kayles`) names, the spec itself if it names none.
fn spec_name(spec: &str) -> String {
    Rules::parse(spec).map_or_else(|_| spec.to_string(), |rules| Chinese.rules_name(&rules, 0))
}

/// A family's name without the rule in brackets after it: `Grundy 博弈` for `Grundy 博弈
/// （把一堆分成不等的两堆）`, where a sentence says the rule itself.
fn bare(name: &str) -> &str {
    match name
        .strip_suffix('）')
        .and_then(|n| n.rfind('（').map(|i| &n[..i]))
    {
        Some(bare) if !bare.is_empty() => bare,
        _ => name,
    }
}

/// `name` with a blank after it if it ends in an ASCII letter, digit or sign (`八进制博弈 0.4 `),
/// and with `lead` one before it if it starts with one (` Kayles 保龄球游戏`), to stand among
/// Chinese.
fn spaced(name: &str, lead: bool) -> String {
    let ascii = |c: Option<char>| c.is_some_and(|c| c.is_ascii_graphic());
    let mut out = String::new();
    if lead && ascii(name.chars().next()) {
        out.push(' ');
    }
    out.push_str(name);
    if ascii(name.chars().next_back()) {
        out.push(' ');
    }
    out
}

/// The move rule of a game whose moves are checked against its options, by the family's
/// name; the families that give no such rule are worded by the rule every game shares.
fn move_rule(rule: &MoveRule) -> &'static str {
    match rule.key {
        FamilyName::Multiply => "一堆 m 只能变成 ⌈m/k⌉，k 为 2 到 9",
        FamilyName::Calendar => "日期只能走到下一天，或下个月的同一天",
        FamilyName::Digits => "一步把一位数字改小，或擦去一个 0 及其后的所有数字",
        FamilyName::Staircase => {
            "一步把某一级台阶上的若干枚硬币移到下一级（第 1 级的硬币移出阶梯）"
        }
        FamilyName::Slide => "一步把一枚棋子向左移，不能越过或落在别的棋子上，也不能移出第 1 格",
        FamilyName::TurningTurtles => "一步把一枚正面翻成反面，并可再翻它左边至多一枚硬币",
        FamilyName::Twins => "一步把一枚正面翻成反面，并恰好再翻它左边的一枚硬币",
        FamilyName::MockTurtles => "一步把一枚正面翻成反面，并可再翻它左边至多两枚硬币",
        FamilyName::Ruler => "一步翻一段连续的硬币，最右边的一枚须是正面",
        FamilyName::TurningCorners => {
            "一步翻一个矩形的四个角，离 0:0 最远的角须是正面，把它翻成反面"
        }
        FamilyName::Euclid => "一步从较大的数中减去较小数的正整数倍，结果不小于 0",
        FamilyName::Hackenbush => "一步剪断一条与地面相连的边，与地面不再相连的边随之掉落",
        FamilyName::Dynamic | FamilyName::FibonacciNim => {
            "一步取 1 到本步上限 M 个石子（N:M）；下一步的上限是这一步所取数的 K 倍"
        }
        FamilyName::Moore => "一步从 1 到 K 堆中各取至少一个，其余各堆不动",
        FamilyName::Graph => "一步把一枚棋子沿图的一条边移动",
        FamilyName::Nim
        | FamilyName::MaxTake
        | FamilyName::Subtract
        | FamilyName::SubtractPowersOfTwo
        | FamilyName::SubtractFibonacci
        | FamilyName::Wythoff
        | FamilyName::Octal
        | FamilyName::Kayles
        | FamilyName::DawsonsKayles
        | FamilyName::DawsonsChess
        | FamilyName::Officers
        | FamilyName::GrundysGame
        | FamilyName::LaskersNim
        | FamilyName::Rule
        | FamilyName::Kiki => "一步只能走到本游戏的一个局面",
    }
}

/// 其余各堆的 nim和 x，以其值结尾：`2 ⊕ 5 = 7`、`另一堆有 5 个`、`没有别的堆，x = 0`、
/// 以及堆多时 `其余 9 堆的 nim和为 7`。
fn xor_of(others: &[Nat], x: &Nat) -> String {
    match others.len() {
        0 => format!("没有别的堆，x = {x}"),
        1 => format!("另一堆有 {x} 个"),
        2..=6 => {
            let terms: Vec<String> = others.iter().map(Nat::to_string).collect();
            format!("{} = {x}", terms.join(" ⊕ "))
        }
        n => format!("其余 {n} 堆的 nim和为 {x}"),
    }
}

/// A compound's name in Chinese, from its command-line name.
pub(crate) fn compound_name_zh(compound: &str) -> &'static str {
    match compound {
        "conjunctive" => "合取复合",
        "continued" => "持续合取复合",
        "selective" => "选择复合",
        _ => "析取复合（和）",
    }
}

/// Why a line of a graph file is refused, in Chinese.
fn graph_parse_why(why: &nimsolve::games::graph::theory::ParseWhy) -> String {
    use nimsolve::games::graph::theory::ParseWhy;
    match why {
        ParseWhy::NoColon => "不在冒号之后；一行写作 `名字: 后继 后继 …`".to_string(),
        ParseWhy::NoName => "前面没有顶点名；一行写作 `名字: 后继 后继 …`".to_string(),
        ParseWhy::TwoNames => {
            "是冒号前的第二个名字；一行只定义一个顶点：`名字: 后继 …`".to_string()
        }
        ParseWhy::SecondColon => "是第二个冒号；一行只定义一个顶点：`名字: 后继 …`".to_string(),
        ParseWhy::BadCharacter(c) => {
            format!("含有 {c:?}；名字由字母、数字、`_`、`-`、`.` 和 `'` 组成")
        }
        ParseWhy::Duplicate { first_line } => {
            format!("已在第 {first_line} 行定义；请把它的后继都写在一行上")
        }
        ParseWhy::NotUtf8 => "不是有效的 UTF-8".to_string(),
        ParseWhy::TooManyVertices { most } => {
            format!("超出上限：一个图最多 {most} 个顶点和 {most} 条边")
        }
    }
}
